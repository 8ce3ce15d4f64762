// expect-error: Cast: this \(src, dst\) pair is not in the A2 conversion table
// Cast converts only the (src, dst) pairs of the A2 table (AscendC API reference, "Cast",
// atlasascendc_api_07_0073); bfloat16_t -> int32_t is not one of them.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Convert(const AscendC::LocalTensor<int32_t>& dst, const AscendC::LocalTensor<bfloat16_t>& src,
                               const AscendC::LocalTensor<float>& tmp) {
    (void)tmp;
    AscendC::Cast(dst, src, AscendC::RoundMode::CAST_FLOOR, 64);
}
#else
__aicore__ inline void Convert(const AscendC::LocalTensor<int32_t>& dst, const AscendC::LocalTensor<bfloat16_t>& src,
                               const AscendC::LocalTensor<float>& tmp) {
    AscendC::Cast(tmp, src, AscendC::RoundMode::CAST_NONE, 64);
    AscendC::Cast(dst, tmp, AscendC::RoundMode::CAST_FLOOR, 64);
}
#endif
