// expect-error: function-definition is not allowed here|a function-definition is not allowed
// OP_ADD expands three ways (register/op_def_registry.h); compiled for liboptiling (OP_TILING_LIB) it
// defines a tiling-parse function, so it must stand at namespace scope. Compiled plain (the op-API
// library's expansion) the planted line would pass; this file is compiled with OP_TILING_LIB.
#define OP_TILING_LIB
#include "register/op_def_registry.h"

namespace ops {
class PlantedOp : public OpDef {
public:
    explicit PlantedOp(const char* name) : OpDef(name) { this->AICore().AddConfig("ascend910b"); }
};
#ifdef AGS_PLANT
inline int RegisterInAFunction() {
    OP_ADD(PlantedOp);
    return 0;
}
#else
OP_ADD(PlantedOp);
#endif
}  // namespace ops
