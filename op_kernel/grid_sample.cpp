// GridSample device entry: one kernel, dispatched on the tiling key (a decimal literal per
// variant, op_kernel/grid_sample_tiling_data.h) to the template for the data type and interpolation mode.
#include "kernel_operator.h"
#include "grid_sample_kernel.h"
#include "grid_sample_tiling_data.h"

using namespace gridsample;

template <typename T, int32_t MODE, int32_t DIMS, template <typename, int32_t, int32_t> class LAYOUT>
__aicore__ inline void RunGridSampleIn(GM_ADDR x, GM_ADDR grid, GM_ADDR y, const GridSampleTilingData& tiling) {
    GridSampleKernel<T, MODE, DIMS, LAYOUT> op;
    op.Init(x, grid, y, tiling);
    op.Process();
}

// The input layout is a run-time field of the tiling: channel-last input (NHWC / NDHWC) takes
// its own window layout.
template <typename T, int32_t MODE, int32_t DIMS>
__aicore__ inline void RunGridSample(GM_ADDR x, GM_ADDR grid, GM_ADDR y, const GridSampleTilingData& tiling) {
    if (tiling.channelLast) {
        RunGridSampleIn<T, MODE, DIMS, ChannelLastLayout>(x, grid, y, tiling);
    } else {
        RunGridSampleIn<T, MODE, DIMS, PlanarLayout>(x, grid, y, tiling);
    }
}

extern "C" __global__ __aicore__ void grid_sample(GM_ADDR x, GM_ADDR grid, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(gridsample::GridSampleTilingData);
    GET_TILING_DATA(tilingData, tiling);
    // 2-D: bilinear, nearest, bicubic; 3-D: trilinear, nearest, tricubic.
    if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_FP32_BILINEAR)) {
        RunGridSample<float, kBilinear, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_FP32_NEAREST)) {
        RunGridSample<float, kNearest, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_FP32_BICUBIC)) {
        RunGridSample<float, kBicubic, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_FP16_BILINEAR)) {
        RunGridSample<half, kBilinear, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_FP16_NEAREST)) {
        RunGridSample<half, kNearest, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_FP16_BICUBIC)) {
        RunGridSample<half, kBicubic, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_BF16_BILINEAR)) {
        RunGridSample<bfloat16_t, kBilinear, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_BF16_NEAREST)) {
        RunGridSample<bfloat16_t, kNearest, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_2D_BF16_BICUBIC)) {
        RunGridSample<bfloat16_t, kBicubic, 2>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_FP32_BILINEAR)) {
        RunGridSample<float, kBilinear, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_FP32_NEAREST)) {
        RunGridSample<float, kNearest, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_FP32_BICUBIC)) {
        RunGridSample<float, kBicubic, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_FP16_BILINEAR)) {
        RunGridSample<half, kBilinear, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_FP16_NEAREST)) {
        RunGridSample<half, kNearest, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_FP16_BICUBIC)) {
        RunGridSample<half, kBicubic, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_BF16_BILINEAR)) {
        RunGridSample<bfloat16_t, kBilinear, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_BF16_NEAREST)) {
        RunGridSample<bfloat16_t, kNearest, 3>(x, grid, y, tilingData);
    } else if (TILING_KEY_IS(GRID_SAMPLE_KEY_3D_BF16_BICUBIC)) {
        RunGridSample<bfloat16_t, kBicubic, 3>(x, grid, y, tilingData);
    }
}
