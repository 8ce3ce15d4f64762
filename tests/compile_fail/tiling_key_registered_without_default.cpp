// expect-error: REGISTER_TILING_FOR_TILINGKEY: register the default struct with REGISTER_TILING_DEFAULT first
// A struct for some tiling keys needs the default struct registered first
// ("REGISTER_TILING_FOR_TILINGKEY", atlasascendc_api_07_00004).
#include "kernel_operator.h"

struct DefaultTiling {
    uint32_t tiles;
};
struct WideTiling {
    uint64_t tiles, rows;
};

extern "C" __global__ __aicore__ void tiled_kernel(GM_ADDR x, GM_ADDR tiling) {
#ifndef AGS_PLANT
    REGISTER_TILING_DEFAULT(DefaultTiling);
#endif
    REGISTER_TILING_FOR_TILINGKEY("TILING_KEY_VAR >= 10", WideTiling);
    if (TILING_KEY_IS(10)) {
        GET_TILING_DATA_WITH_STRUCT(WideTiling, t, tiling);
        (void)t;
    }
    (void)x;
}
