// expect-error: GET_TILING_DATA: no tiling struct registered
// GET_TILING_DATA reads the struct REGISTER_TILING_DEFAULT registered ("REGISTER_TILING_DEFAULT",
// atlasascendc_api_07_00003); without a registration there is no struct to read.
#include "kernel_operator.h"

namespace optiling {
struct GridTiling {
    uint32_t tiles;
};
}  // namespace optiling

extern "C" __global__ __aicore__ void tiled_kernel(GM_ADDR x, GM_ADDR tiling) {
#ifdef AGS_PLANT
    GET_TILING_DATA(t, tiling);
#else
    REGISTER_TILING_DEFAULT(optiling::GridTiling);
    GET_TILING_DATA(t, tiling);
#endif
    (void)t.tiles;
    (void)x;
}
