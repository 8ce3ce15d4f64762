// GridSample device entry: one kernel, dispatched on the tiling key to the template for the
// data type and interpolation mode.
#include "kernel_operator.h"
#include "grid_sample_kernel.h"
#include "grid_sample_tiling.h"

using namespace gridsample;

template <typename T, int32_t MODE, int32_t DIMS>
__aicore__ inline void RunGridSample(GM_ADDR x, GM_ADDR grid, GM_ADDR y, const GridSampleTilingData& tiling) {
    GridSampleKernel<T, MODE, DIMS> op;
    op.Init(x, grid, y, tiling);
    op.Process();
}

// 2-D: bilinear, nearest, bicubic; 3-D: trilinear, nearest, tricubic.
template <typename T>
__aicore__ inline void DispatchMode(int32_t dataKind, GM_ADDR x, GM_ADDR grid, GM_ADDR y,
                                    const GridSampleTilingData& tiling) {
    if (TILING_KEY_IS(MakeTilingKey(dataKind, kBilinear, 2))) {
        RunGridSample<T, kBilinear, 2>(x, grid, y, tiling);
    } else if (TILING_KEY_IS(MakeTilingKey(dataKind, kNearest, 2))) {
        RunGridSample<T, kNearest, 2>(x, grid, y, tiling);
    } else if (TILING_KEY_IS(MakeTilingKey(dataKind, kBicubic, 2))) {
        RunGridSample<T, kBicubic, 2>(x, grid, y, tiling);
    } else if (TILING_KEY_IS(MakeTilingKey(dataKind, kBilinear, 3))) {
        RunGridSample<T, kBilinear, 3>(x, grid, y, tiling);
    } else if (TILING_KEY_IS(MakeTilingKey(dataKind, kNearest, 3))) {
        RunGridSample<T, kNearest, 3>(x, grid, y, tiling);
    } else if (TILING_KEY_IS(MakeTilingKey(dataKind, kBicubic, 3))) {
        RunGridSample<T, kBicubic, 3>(x, grid, y, tiling);
    }
}

extern "C" __global__ __aicore__ void grid_sample(GM_ADDR x, GM_ADDR grid, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA_WITH_STRUCT(GridSampleTilingData, tilingData, tiling);
    DispatchMode<float>(kFloat32, x, grid, y, tilingData);
    DispatchMode<half>(kFloat16, x, grid, y, tilingData);
    DispatchMode<bfloat16_t>(kBFloat16, x, grid, y, tilingData);
}
