// expect-error: has no member named
// The real ops::OpAttrDef has no GetKind / DefaultBool / DefaultInt / DefaultString read-back.
#include "register/op_def.h"

bool Planted(ops::OpAttrDef& attr) {
    attr.AttrType(ops::OPTIONAL).Bool(true);
#ifdef AGS_PLANT
    return attr.DefaultBool();
#else
    return attr.IsRequired();
#endif
}
