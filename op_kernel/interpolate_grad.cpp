// InterpolateGrad device entry: the adjoint of Interpolate (its backward) is the same separable
// gather-and-sum kernel run with each axis's transposed table (for every input index, the outputs
// that read it and their weights, in ascending output order), written by the op-API layer; passes
// and keys as Interpolate's (op_kernel/interpolate_tiling_data.h).
#include "kernel_operator.h"
#include "interpolate_kernel.h"
#include "interpolate_tiling_data.h"

template <typename T>
__aicore__ inline void RunInterpolateGrad(GM_ADDR yGrad, GM_ADDR xGrad, GM_ADDR workspace,
                                          const interp::InterpolateTilingData& tiling) {
    interp::InterpolateKernel<T> op;
    op.Init(yGrad, xGrad, AscendC::GetUserWorkspace(workspace), tiling);
    op.Process();
}

extern "C" __global__ __aicore__ void interpolate_grad(GM_ADDR y_grad, GM_ADDR x_grad, GM_ADDR workspace,
                                                       GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(interp::InterpolateTilingData);
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(INTERPOLATE_KEY_FP32)) {
        RunInterpolateGrad<float>(y_grad, x_grad, workspace, tilingData);
    } else if (TILING_KEY_IS(INTERPOLATE_KEY_FP16)) {
        RunInterpolateGrad<half>(y_grad, x_grad, workspace, tilingData);
    } else if (TILING_KEY_IS(INTERPOLATE_KEY_BF16)) {
        RunInterpolateGrad<bfloat16_t>(y_grad, x_grad, workspace, tilingData);
    }
}
