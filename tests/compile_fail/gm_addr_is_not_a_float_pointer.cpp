// expect-error: cannot convert|invalid conversion
// GM_ADDR is __gm__ uint8_t* (AscendC API reference, kernel entry): a kernel casts it explicitly
// to the element type it reads.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Use(GM_ADDR x) { __gm__ float* p = x; (void)p; }
#else
__aicore__ inline void Use(GM_ADDR x) { __gm__ float* p = reinterpret_cast<__gm__ float*>(x); (void)p; }
#endif
