// What every OpDef of the package declares alike: the AI Core configuration and the SoCs it is built
// for. Flags as the documentation describes them ("OpAICoreConfig", atlasascendc_api_07_0991..0994):
// static-shape compilation in graph mode, dynamic shapes and dynamic rank (the tiling reads the shapes
// at run time), fixed ND formats, no check-support hook, float16 computed in float32 (no precision
// reduction).
#pragma once
#include "register/op_def.h"

namespace ops {

inline void AddPackageConfigs(OpAICoreDef& aicore) {
    OpAICoreConfig config;
    config.DynamicCompileStaticFlag(true)
        .DynamicFormatFlag(false)
        .DynamicRankSupportFlag(true)
        .DynamicShapeSupportFlag(true)
        .NeedCheckSupportFlag(false)
        .PrecisionReduceFlag(false);
    for (const char* soc : {"ascend910b", "ascend910_93"}) aicore.AddConfig(soc, config);
}

}  // namespace ops
