// expect-error: TILING_KEY_IS: the key must be a decimal integer literal
// The op compiler builds one kernel variant per number it reads inside TILING_KEY_IS(...) in the
// source ("TILING_KEY_IS", atlasascendc_api_07_0217), so an expression as the key selects nothing.
#include "kernel_operator.h"

#define KEY_BASE 1000
#define KEY_FLOAT_NEAREST 1001

extern "C" __global__ __aicore__ void keyed_kernel(GM_ADDR x) {
#ifdef AGS_PLANT
    if (TILING_KEY_IS(KEY_BASE + 1)) {   // an expression: no literal to read
        (void)x;
    }
#else
    if (TILING_KEY_IS(KEY_FLOAT_NEAREST)) {   // a macro naming a literal is fine
        (void)x;
    } else if (TILING_KEY_IS(1002UL)) {
        (void)x;
    }
#endif
}
