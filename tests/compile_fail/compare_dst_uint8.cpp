// expect-error: Compare / CompareScalar: dst \(the result bits\) must be a uint8_t tensor
// Compare and CompareScalar write one bit per element into a uint8_t tensor (AscendC API
// reference, "CompareScalar" atlasascendc_api_07_0078 and "Compare" atlasascendc_api_07_0066).
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Test(const AscendC::LocalTensor<uint16_t>& m, const AscendC::LocalTensor<float>& t) {
    AscendC::Compare(m, t, t, AscendC::CMPMODE::EQ, 64);
}
#else
__aicore__ inline void Test(const AscendC::LocalTensor<uint16_t>& m, const AscendC::LocalTensor<float>& t) {
    AscendC::Compare(m.ReinterpretCast<uint8_t>(), t, t, AscendC::CMPMODE::EQ, 64);
}
#endif
