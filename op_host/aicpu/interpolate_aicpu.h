// The AI CPU path of Interpolate: an AI CPU kernel (plain C++ run by the device's CPU cores) for
// every dtype, mode and rank, and whatever the AI Core kernel does not take. Separable: one pass per
// resized (or padded) axis, each axis's source indices and weights computed once in the kernel's
// prologue; intermediate results in float64 in the workspace. Integer outputs are rounded half away
// from zero and saturated (Pillow's rounding); pillow modes round and clip between their two passes
// too, as Pillow does for 8-bit images.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace interp::aicpu {

enum class ElemType : int32_t { kFloat32, kFloat16, kBFloat16, kFloat64, kInt8, kUInt8, kInt32 };

constexpr int kMaxRank = 8;

struct View {
    void* data = nullptr;
    ElemType type = ElemType::kFloat32;
    int32_t rank = 0;
    int64_t shape[kMaxRank] = {};
    int64_t strides[kMaxRank] = {};   // elements
};

// One pass: axis `axis` of length inLen becomes outLen. Source position p of the padded axis
// (length inLen + padBegin + padEnd) is input index p - padBegin; padding reads zeros.
struct Pass {
    int32_t axis = 0;
    int32_t resized = 0;      // 0: a padding-only pass (out index o reads o - padBegin)
    int64_t inLen = 0, outLen = 0, padBegin = 0, paddedLen = 0;
    double scale = 0.0;       // out / in for the coordinate mapping (> 0)
};

// The kernel's argument block: the views without their data pointers (the device addresses x, y
// and workspace arrive as the kernel's addresses), the attributes and the passes in order.
struct KernelArgs {
    View x, y;
    // antialias: linear's antialias in effect (asked for, and some resized axis is downscaled)
    int32_t mode = 0, coordMode = 0, nearestMode = 0, antialias = 0;
    double cubeCoeff = -0.75;
    int32_t passCount = 0;
    Pass passes[kMaxRank];
    uint64_t intermediateElems = 0;   // float64 elements of each of the (up to two) workspace buffers
};
constexpr const char* kKernelName = "InterpolateAicpu";

// Source taps of one axis: output o reads index[start[o] .. start[o+1]) with weight[...] (input
// indices, padding dropped).
struct AxisTaps {
    std::vector<int64_t> start, index;
    std::vector<double> weight;
};
AxisTaps ComputeAxisTaps(const KernelArgs& args, const Pass& pass);
// An upper bound of the taps ComputeAxisTaps makes for a pass (outLen times the filter's width, in
// double so that no size overflows it): the planner rejects a pass above kMaxAxisTaps before any
// table is made.
double AxisTapsBound(const KernelArgs& args, const Pass& pass);
// 2^26 taps: a table of 1 GiB (index and weight per tap), e.g. an axis of 16 M pixels downscaled
// with antialias.
constexpr double kMaxAxisTaps = 67108864.0;

// addrs = {x, y, workspace}; 0 on success.
int InterpolateAicpuKernel(void* const* addrs, uint32_t addrCount, const void* args, size_t argBytes);

}  // namespace interp::aicpu
