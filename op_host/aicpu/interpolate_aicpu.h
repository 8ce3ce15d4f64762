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

#include "op_host/aicpu/aicpu_view.h"

namespace interp::aicpu {

// The views and element types of GridSample's AI CPU kernel (Interpolate takes all but INT16 and INT64).
using gridsample::aicpu::ElemType;
using gridsample::aicpu::kMaxRank;
using gridsample::aicpu::View;

// One pass: axis `axis` of length inLen becomes outLen. Source position p of the padded axis
// (length inLen + padBegin + padEnd) is input index p - padBegin; padding reads zeros.
struct Pass {
    int32_t axis = 0;
    int32_t resized = 0;      // 0: a padding-only pass (out index o reads o - padBegin)
    int64_t inLen = 0, outLen = 0, padBegin = 0, paddedLen = 0;
    double scale = 0.0;       // out / in for the coordinate mapping (> 0)
};

// What the kernel runs: the views, the attributes and the passes in order.
// adjoint: the backward, x -> y being gradY -> gradX: each pass (given in forward terms, listed in
// the order to run, i.e. the forward's reversed) applies its axis's transposed taps, inLen <- outLen.
struct KernelArgs {
    View x, y;
    // antialias: linear's antialias in effect (asked for, and some resized axis is downscaled)
    int32_t mode = 0, coordMode = 0, nearestMode = 0, antialias = 0;
    int32_t adjoint = 0;
    double cubeCoeff = -0.75;
    int32_t passCount = 0;
    Pass passes[kMaxRank];
    uint64_t intermediateElems = 0;   // float64 elements of each of the (up to two) workspace buffers
};
// The op type of the AI CPU operator that runs it (op_kernel_aicpu/interpolate_aicpu_kernel.cpp).
constexpr const char* kKernelName = "InterpolateAicpu";

// Source taps of one axis: output o reads index[start[o] .. start[o+1]) with weight[...] (input
// indices, padding dropped).
struct AxisTaps {
    std::vector<int64_t> start, index;
    std::vector<double> weight;
};
AxisTaps ComputeAxisTaps(const KernelArgs& args, const Pass& pass);
// The adjoint of an axis's taps (the transposed matrix): input index i of the inLen receives output
// o's value with the float64 sum of o's weights at i, for every o that reads i, in ascending o; the
// fixed order in which every gradient element is summed, on both paths.
AxisTaps TransposeAxisTaps(const AxisTaps& taps, int64_t inLen);
// The taps a pass applies: ComputeAxisTaps, or its transpose in an adjoint kernel.
AxisTaps PassTaps(const KernelArgs& args, const Pass& pass);
// An upper bound of the taps ComputeAxisTaps makes for a pass (outLen times the filter's width, in
// double so that no size overflows it): the planner rejects a pass above kMaxAxisTaps before any
// table is made.
double AxisTapsBound(const KernelArgs& args, const Pass& pass);
// 2^26 taps: a table of 1 GiB (index and weight per tap), e.g. an axis of 16 M pixels downscaled
// with antialias.
constexpr double kMaxAxisTaps = 67108864.0;

// Runs the passes of `args` from args.x into args.y; ws holds two float64 buffers of
// args.intermediateElems each (null when there is one pass). 0 on success.
int Run(const KernelArgs& args, double* ws);

}  // namespace interp::aicpu
