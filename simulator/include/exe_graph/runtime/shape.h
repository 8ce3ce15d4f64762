// gert::Shape (documented exe_graph/runtime/shape.h): a fixed-capacity list of dims.
// "gert Shape GetDimNum GetDim SetDimNum SetDim AppendDim GetShapeSize" (CANN basic data API reference).
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace gert {

class Shape {
public:
    static constexpr size_t kMaxDimNum = 25;
    Shape() = default;
    Shape(std::initializer_list<int64_t> dims) {
        for (int64_t d : dims) AppendDim(d);
    }
    size_t GetDimNum() const { return dimNum_; }
    int64_t GetDim(size_t index) const { return index < dimNum_ ? dims_[index] : 0; }
    void SetDimNum(size_t n) { dimNum_ = n <= kMaxDimNum ? n : kMaxDimNum; }
    void SetDim(size_t index, int64_t v) { if (index < dimNum_) dims_[index] = v; }
    Shape& AppendDim(int64_t v) {
        if (dimNum_ < kMaxDimNum) dims_[dimNum_++] = v;
        return *this;
    }
    // Element count; -1 when a dim is unknown (negative).
    int64_t GetShapeSize() const {
        int64_t n = 1;
        for (size_t i = 0; i < dimNum_; ++i) {
            if (dims_[i] < 0) return -1;
            n *= dims_[i];
        }
        return n;
    }
    bool IsScalar() const { return dimNum_ == 0; }
    bool operator==(const Shape& o) const {
        if (dimNum_ != o.dimNum_) return false;
        for (size_t i = 0; i < dimNum_; ++i)
            if (dims_[i] != o.dims_[i]) return false;
        return true;
    }
    bool operator!=(const Shape& o) const { return !(*this == o); }

private:
    size_t dimNum_ = 0;
    int64_t dims_[kMaxDimNum] = {};
};

}  // namespace gert
