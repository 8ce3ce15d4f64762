// The AI CPU path of GridSample: an AI CPU kernel (plain C++ run by the device's CPU cores) for
// what the AI Core kernels do not take (float64, integer types, 1 or >= 4 spatial dims, views
// beyond a DMA's reach). Same rules as the kernels, computed in float64; integer outputs are
// rounded to nearest (ties to even) and saturated. The AI CPU operator GridSampleAicpu
// (op_kernel_aicpu/) runs it on the tensors in place; it is launched on a stream like any kernel.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "op_host/aicpu/aicpu_view.h"

namespace gridsample::aicpu {

// input (N, C, S_1..S_r), grid (N, O_1..O_r, r), out (N, C, O_1..O_r); r = rank - 2 >= 1.
// mode 0 linear, 1 nearest, 2 cubic; padding 0 zeros, 1 border, 2 reflection.
// False when an element outside a view would be read or written (checked build only; nothing
// more is done then).
bool Run(const View& input, const View& grid, const View& out, int mode, int padding, bool alignCorners);

// The op type of the AI CPU operator that runs it (op_kernel_aicpu/grid_sample_aicpu_kernel.cpp).
constexpr const char* kKernelName = "GridSampleAicpu";

}  // namespace gridsample::aicpu
