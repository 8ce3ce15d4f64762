// The AI CPU kernels' coordinate rules: op_kernel/grid_sample_coord_rules.h, the template the AI Core
// kernels use, in float64. The kernels' device-function marker means nothing on the AI CPU.
#pragma once
#include <cstdint>

#ifndef __aicore__
#define __aicore__
#endif
#include "op_kernel/grid_sample_coord_rules.h"

namespace gridsample::aicpu {

using AxisTaps = gridsample::AxisTaps<double, int64_t>;

// The taps of one axis for one grid value g (an input axis of `size` pixels).
inline AxisTaps ComputeAxis(double g, int64_t size, int mode, int padding, bool ac) {
    AxisTaps taps;
    ComputeAxisTaps(g, size, mode, padding, ac, &taps);
    return taps;
}

}  // namespace gridsample::aicpu
