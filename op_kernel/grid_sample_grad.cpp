// GridSampleGrad device entry (GridSample's backward): one kernel, dispatched on the tiling key (a
// decimal literal per variant, op_kernel/grid_sample_grad_tiling_data.h) to the template for the
// data type, interpolation mode and spatial dims.
#include "kernel_operator.h"
#include "grid_sample_grad_kernel.h"
#include "grid_sample_grad_tiling_data.h"

using namespace gridsample;

template <typename T, int32_t MODE, int32_t DIMS>
__aicore__ inline void RunGridSampleGrad(GM_ADDR gradOutput, GM_ADDR x, GM_ADDR grid, GM_ADDR inputGrad,
                                         GM_ADDR gridGrad, const GridSampleGradTilingData& tiling) {
    GridSampleGradKernel<T, MODE, DIMS> op;
    op.Init(gradOutput, x, grid, inputGrad, gridGrad, tiling);
    op.Process();
}

extern "C" __global__ __aicore__ void grid_sample_grad(GM_ADDR y_grad, GM_ADDR x, GM_ADDR grid, GM_ADDR x_grad,
                                                       GM_ADDR grid_grad, GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(gridsample::GridSampleGradTilingData);
    GET_TILING_DATA(tilingData, tiling);
    // 2-D: bilinear, nearest, bicubic; 3-D: trilinear, nearest, tricubic.
    if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_FP32_BILINEAR)) {
        RunGridSampleGrad<float, 0, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_FP32_NEAREST)) {
        RunGridSampleGrad<float, 1, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_FP32_BICUBIC)) {
        RunGridSampleGrad<float, 2, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_FP16_BILINEAR)) {
        RunGridSampleGrad<half, 0, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_FP16_NEAREST)) {
        RunGridSampleGrad<half, 1, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_FP16_BICUBIC)) {
        RunGridSampleGrad<half, 2, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_BF16_BILINEAR)) {
        RunGridSampleGrad<bfloat16_t, 0, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_BF16_NEAREST)) {
        RunGridSampleGrad<bfloat16_t, 1, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_2D_BF16_BICUBIC)) {
        RunGridSampleGrad<bfloat16_t, 2, 2>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_FP32_BILINEAR)) {
        RunGridSampleGrad<float, 0, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_FP32_NEAREST)) {
        RunGridSampleGrad<float, 1, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_FP32_BICUBIC)) {
        RunGridSampleGrad<float, 2, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_FP16_BILINEAR)) {
        RunGridSampleGrad<half, 0, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_FP16_NEAREST)) {
        RunGridSampleGrad<half, 1, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_FP16_BICUBIC)) {
        RunGridSampleGrad<half, 2, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_BF16_BILINEAR)) {
        RunGridSampleGrad<bfloat16_t, 0, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_BF16_NEAREST)) {
        RunGridSampleGrad<bfloat16_t, 1, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_GRAD_KEY_3D_BF16_BICUBIC)) {
        RunGridSampleGrad<bfloat16_t, 2, 3>(y_grad, x, grid, x_grad, grid_grad, tilingData);
    }
}
