// AI CPU kernel API (CANN include/aicpu/cpu_tensor_shape.h): a tensor's dims.
#pragma once
#include <cstdint>
#include <vector>

namespace aicpu {

class TensorShape {
public:
    explicit TensorShape(std::vector<int64_t> dims) : dims_(std::move(dims)) {}
    std::vector<int64_t> GetDimSizes() const { return dims_; }
    int64_t GetDimSize(int32_t index) const {
        return index >= 0 && static_cast<size_t>(index) < dims_.size() ? dims_[static_cast<size_t>(index)] : 0;
    }
    int32_t GetDims() const { return static_cast<int32_t>(dims_.size()); }
    int64_t NumElements() const {
        int64_t n = 1;
        for (int64_t d : dims_) {
            if (d < 0 || __builtin_mul_overflow(n, d, &n)) return -1;
        }
        return n;
    }

private:
    std::vector<int64_t> dims_;
};

}  // namespace aicpu
