// expect-error: private
// OpDef::GetAttrs (what an OpDef declared) is private in the real register/op_def.h: attribute
// defaults live in the project's own table (op_host/attr_names.h).
#include "register/op_def.h"

size_t Planted(ops::OpDef& def) {
    def.Attr("align_corners").AttrType(ops::OPTIONAL).Bool(false);
#ifdef AGS_PLANT
    return def.GetAttrs().size();
#else
    return def.GetInferShape() == nullptr ? 1 : 0;
#endif
}
