// expect-error: Duplicate: the scalar's type must be the tensor's element type
// Duplicate(dst, const T& scalarValue, calCount) deduces T from the tensor and the scalar alike
// (AscendC API reference, "Duplicate"): a double for a float tensor does not compile.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Fill(const AscendC::LocalTensor<float>& t) { AscendC::Duplicate(t, 0.0, 64); }
#else
__aicore__ inline void Fill(const AscendC::LocalTensor<float>& t) { AscendC::Duplicate(t, 0.0f, 64); }
#endif
