// expect-error: no matching function for call
// The real gert::StorageFormat constructor takes the ExpandDimsType too.
#include "exe_graph/runtime/storage_format.h"

gert::StorageFormat Planted() {
#ifdef AGS_PLANT
    return gert::StorageFormat(ge::FORMAT_ND, ge::FORMAT_ND);
#else
    return gert::StorageFormat(ge::FORMAT_ND, ge::FORMAT_ND, gert::ExpandDimsType());
#endif
}
