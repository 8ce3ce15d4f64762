// The AI CPU path of GridSample: plain host C++ for what the AI Core kernels do not take
// (float64, integer types, 1 or >= 3 spatial dims). Same rules as the kernels, computed in
// float64; integer outputs are rounded to nearest (ties to even) and saturated.
#pragma once
#include <cstdint>
#include <string>

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

// input (N, C, S_1..S_r), grid (N, O_1..O_r, r), out (N, C, O_1..O_r); r = rank - 2 >= 1.
// mode 0 linear, 1 nearest, 2 cubic; padding 0 zeros, 1 border, 2 reflection.
void Run(const View& input, const View& grid, const View& out, int mode, int padding, bool alignCorners);

}  // namespace gridsample::aicpu
