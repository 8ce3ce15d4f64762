// gert::ExpandDimsType (metadef exe_graph/runtime/expand_dims_type.h): how a shape of lower rank is
// expanded to its format's rank; part of every StorageFormat. The model keeps the documented
// constructors (none; a "0101"-style string; a packed mask) and the expand-index queries.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "exe_graph/runtime/shape.h"

namespace gert {

class ExpandDimsType {
public:
    using AxisIndex = uint64_t;
    static constexpr size_t kMaxExpandSize = 56;
    ExpandDimsType() = default;
    // '1' at position i: axis i is an inserted one.
    explicit ExpandDimsType(const char* const expand_dims_type) {
        if (expand_dims_type == nullptr || std::strlen(expand_dims_type) > kMaxExpandSize) return;
        size_ = std::strlen(expand_dims_type);
        for (AxisIndex i = 0; i < size_; ++i)
            if (expand_dims_type[i] == '1') SetExpandIndex(i);
    }
    // Full size in the top byte, the mask of inserted axes in the low byte.
    explicit ExpandDimsType(const int64_t reshape_type_mask) {
        const uint64_t bits = static_cast<uint64_t>(reshape_type_mask);
        if (bits == 0 || (bits >> kMaxExpandSize) > kMaxExpandSize) return;
        size_ = bits >> kMaxExpandSize;
        mask_ = bits & 0xffULL;
    }
    bool operator==(const ExpandDimsType& other) const { return size_ == other.size_ && mask_ == other.mask_; }
    AxisIndex GetFullSize() const { return size_; }
    void SetExpandIndex(const AxisIndex index) { mask_ |= (1ULL << index); }
    bool IsExpandIndex(const AxisIndex index) const { return ((1ULL << index) & mask_) != 0; }

private:
    uint64_t size_ = 0;
    uint64_t mask_ = 0;
};

}  // namespace gert
