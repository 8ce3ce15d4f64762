// expect-error: TQue: pos must be VECIN, VECOUT, A1, A2, B1, B2, CO1 or CO2
// TQue's logical position is VECIN, VECOUT, A1, A2, B1, B2, CO1 or CO2 (AscendC API reference,
// "TQue", atlasascendc_api_07_0136); VECCALC is a TBuf position.
#include "kernel_operator.h"

#ifdef AGS_PLANT
AscendC::TQue<AscendC::TPosition::VECCALC, 1> planted;
#else
AscendC::TBuf<AscendC::TPosition::VECCALC> control;
#endif
