// The AI CPU path of GridSample's backward: float64 (which the AI Core has no vector unit for),
// other ranks than 2 and 3, and whatever the AI Core kernels do not take. torch's backward formulas
// (aten/src/ATen/native/GridSampler.cpp) generalised to r spatial dims, computed in float64 and
// rounded once into the gradient's dtype. Deterministic: every input-gradient element is summed by
// one thread over the grid points in their order, every grid-gradient element over the channels in
// their order, so the result does not depend on the number of threads.
#pragma once
#include <cstddef>
#include <cstdint>

#include "op_host/aicpu/grid_sample_aicpu.h"

namespace gridsample::aicpu {

// gradOutput (N, C, O_1..O_r), input (N, C, S_1..S_r), grid (N, O_1..O_r, r); inputGrad like input,
// gridGrad like grid, each null when not asked for (it is then never touched). Modes and paddings
// as Run. False when an element outside a view would be read or written (checked build only).
bool RunBackward(const View& gradOutput, const View& input, const View& grid, const View* inputGrad,
                 const View* gridGrad, int mode, int padding, bool alignCorners);

// The op type of the AI CPU operator that runs it (op_kernel_aicpu/grid_sample_grad_aicpu_kernel.cpp).
constexpr const char* kBackwardKernelName = "GridSampleGradAicpu";

}  // namespace gridsample::aicpu
