// expect-error: GET_TILING_DATA_WITH_STRUCT: TilingStruct is not a registered tiling struct
// A standard C++ tiling struct is registered in the kernel with REGISTER_TILING_DEFAULT before
// GET_TILING_DATA_WITH_STRUCT reads it ("REGISTER_TILING_DEFAULT", atlasascendc_api_07_00003;
// "GET_TILING_DATA_WITH_STRUCT", atlasascendc_api_07_0215).
#include "kernel_operator.h"

struct TilingStruct {
    uint32_t tiles;
};

extern "C" __global__ __aicore__ void tiled_kernel(GM_ADDR x, GM_ADDR tiling) {
#ifndef AGS_PLANT
    REGISTER_TILING_DEFAULT(TilingStruct);
#endif
    GET_TILING_DATA_WITH_STRUCT(TilingStruct, t, tiling);
    (void)t;
    (void)x;
}
