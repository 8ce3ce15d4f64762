// The tensor view both AI CPU kernels (GridSample's and Interpolate's) take: element type, rank,
// shape and strides in elements, data at the view's first element.
#pragma once
#include <cstdint>

namespace gridsample::aicpu {

enum class ElemType { kFloat32, kFloat16, kBFloat16, kFloat64, kInt8, kUInt8, kInt16, kInt32, kInt64 };

constexpr int kMaxRank = 8;

struct View {
    void* data = nullptr;
    ElemType type = ElemType::kFloat32;
    int rank = 0;
    int64_t shape[kMaxRank] = {};
    int64_t strides[kMaxRank] = {};   // elements
};

}  // namespace gridsample::aicpu
