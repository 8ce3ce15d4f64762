// ops::OpDefFactory (ge register/op_def_factory.h): OP_ADD registers an op's OpDef creator by type.
// Registering is public; creating an op's OpDef back from its type (OpDefCreate) and listing the
// registered types are private to the op build tools, as in the real header: the op-API layer calls
// an op's tiling function by its own symbol, and the runtime finds tiling and infer functions in the
// gert::OpImplRegisterV2 registry that OP_ADD's OP_TILING_LIB / OP_PROTO_LIB expansions fill.
#pragma once
#include <functional>
#include <vector>

#include "ascend_sim/sim.h"
#include "graph/ascend_string.h"
#include "register/op_def.h"

namespace ops {
using OpDefCreator = std::function<OpDef(const char*)>;
using OpDefFuncPtr = OpDef (*)(const char*);

class ASCEND_SIM_API OpDefFactory {
public:
    static int OpDefRegister(const char* name, OpDefCreator creator);
    static int OpDefRegisterV2(const char* name, OpDefFuncPtr ptr);

private:
    friend class CfgGenerator;
    static OpDef OpDefCreate(const char* name);
    static std::vector<ge::AscendString>& GetAllOp(void);
};
}  // namespace ops
