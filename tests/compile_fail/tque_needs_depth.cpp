// expect-error: wrong number of template arguments|too few template arguments
// TQue<TPosition pos, int32_t depth, auto mask = 0> has no default depth (AscendC API reference,
// "TQue"): a queue declared without one does not compile with the real headers.
#include "kernel_operator.h"

#ifdef AGS_PLANT
AscendC::TQue<AscendC::TPosition::VECIN> planted;
#else
AscendC::TQue<AscendC::TPosition::VECIN, 2> control;
#endif
