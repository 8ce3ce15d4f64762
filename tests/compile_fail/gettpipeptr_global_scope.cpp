// expect-error: GetTPipePtr.* is not a member of .*AscendC|no member named .*GetTPipePtr.* in namespace
// GetTPipePtr() is declared at global scope, outside namespace AscendC (AscendC API reference,
// "GetTPipePtr", atlasascendc_api_07_0120): AscendC::GetTPipePtr() does not compile.
#include "kernel_operator.h"

#ifdef AGS_PLANT
__aicore__ inline AscendC::TPipe* Pipe() { return AscendC::GetTPipePtr(); }
#else
__aicore__ inline AscendC::TPipe* Pipe() { return GetTPipePtr(); }
#endif
