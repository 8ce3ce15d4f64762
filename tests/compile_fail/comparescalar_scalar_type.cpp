// expect-error: CompareScalar: the scalar's type must be the tensor's element type
// CompareScalar(dst, src0, const T src1Scalar, cmpMode, count) deduces T from src0 and the scalar
// alike (AscendC API reference, "Compare (scalar)"): an int literal for a float tensor does not compile.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Test(const AscendC::LocalTensor<uint8_t>& m, const AscendC::LocalTensor<float>& t) {
    AscendC::CompareScalar(m, t, 0, AscendC::CMPMODE::EQ, 64);
}
#else
__aicore__ inline void Test(const AscendC::LocalTensor<uint8_t>& m, const AscendC::LocalTensor<float>& t) {
    AscendC::CompareScalar(m, t, 0.0f, AscendC::CMPMODE::EQ, 64);
}
#endif
