// Interpolate device entry: one kernel, dispatched on the tiling key (a decimal literal per dtype,
// op_kernel/interpolate_tiling_data.h).
#include "kernel_operator.h"
#include "interpolate_kernel.h"
#include "interpolate_tiling_data.h"

template <typename T>
__aicore__ inline void RunInterpolate(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                      const interp::InterpolateTilingData& tiling) {
    interp::InterpolateKernel<T> op;
    op.Init(x, y, AscendC::GetUserWorkspace(workspace), tiling);
    op.Process();
}

extern "C" __global__ __aicore__ void interpolate(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(interp::InterpolateTilingData);
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(INTERPOLATE_KEY_FP32)) {
        RunInterpolate<float>(x, y, workspace, tilingData);
    } else if (TILING_KEY_IS(INTERPOLATE_KEY_FP16)) {
        RunInterpolate<half>(x, y, workspace, tilingData);
    } else if (TILING_KEY_IS(INTERPOLATE_KEY_BF16)) {
        RunInterpolate<bfloat16_t>(x, y, workspace, tilingData);
    }
}
