// expect-error: Mins: the scalar's type must be the tensor's element type
// Mins(dst, src, const T& scalarValue, calCount) deduces T from the tensors and the scalar alike
// (AscendC API reference, "Mins"): an int literal for a float tensor does not compile.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline void Apply(const AscendC::LocalTensor<float>& t) { AscendC::Mins(t, t, 1, 64); }
#else
__aicore__ inline void Apply(const AscendC::LocalTensor<float>& t) { AscendC::Mins(t, t, 1.0f, 64); }
#endif
