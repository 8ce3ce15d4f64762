// expect-error: cannot bind non-const lvalue reference|no matching function for call
// OpAICoreDef::AddConfig(const char*, OpAICoreConfig&) takes its config by non-const reference in the
// real register/op_def.h: a temporary config does not bind.
#include "register/op_def.h"

void Planted(ops::OpAICoreDef& aicore) {
#ifdef AGS_PLANT
    aicore.AddConfig("ascend910b", ops::OpAICoreConfig());
#else
    ops::OpAICoreConfig config;
    config.DynamicShapeSupportFlag(true);
    aicore.AddConfig("ascend910b", config);
#endif
}
