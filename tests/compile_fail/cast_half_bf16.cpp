// expect-error: Cast: no conversion between half and bfloat16_t on A2
// Cast on A2 has no half <-> bfloat16_t conversion (AscendC API reference, "Cast",
// atlasascendc_api_07_0073): convert through float.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Convert(const AscendC::LocalTensor<bfloat16_t>& dst, const AscendC::LocalTensor<half>& src,
                               const AscendC::LocalTensor<float>& tmp) {
    (void)tmp;
    AscendC::Cast(dst, src, AscendC::RoundMode::CAST_RINT, 64);
}
#else
__aicore__ inline void Convert(const AscendC::LocalTensor<bfloat16_t>& dst, const AscendC::LocalTensor<half>& src,
                               const AscendC::LocalTensor<float>& tmp) {
    AscendC::Cast(tmp, src, AscendC::RoundMode::CAST_NONE, 64);
    AscendC::Cast(dst, tmp, AscendC::RoundMode::CAST_RINT, 64);
}
#endif
