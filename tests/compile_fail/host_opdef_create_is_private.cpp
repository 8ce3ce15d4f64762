// expect-error: private
// ops::OpDefFactory::OpDefCreate is private to the op build tools in the real register/op_def_factory.h
// (ge v8.5.0): the op-API layer calls an op's tiling function by its own symbol instead.
#include "register/op_def_registry.h"

int Planted() {
#ifdef AGS_PLANT
    ops::OpDef def = ops::OpDefFactory::OpDefCreate("GridSample");
    return def.AICore().GetTiling() != nullptr;
#else
    return ops::OpDefFactory::OpDefRegister("Planted", [](const char* name) { return ops::OpDef(name); });
#endif
}
