// expect-error: Select: the scalar's type must be the tensor's element type
// Select's tensor-scalar form (dst, selMask, src0, T src1, selMode, count) deduces T from the
// tensors and the scalar alike (AscendC API reference, "Select"): a double for a float tensor
// does not compile.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Pick(const AscendC::LocalTensor<float>& t, const AscendC::LocalTensor<uint8_t>& m) {
    AscendC::Select(t, m, t, 1.0, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
}
#else
__aicore__ inline void Pick(const AscendC::LocalTensor<float>& t, const AscendC::LocalTensor<uint8_t>& m) {
    AscendC::Select(t, m, t, 1.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);
}
#endif
