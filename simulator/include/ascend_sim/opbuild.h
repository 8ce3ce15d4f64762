// The model of CANN's op build tool (not a CANN header): it creates each registered OpDef back from
// its type (a friend of the OpDef classes, as the real tool's generators are), checks the rules the
// documentation states for a prototype, and describes it as the op info config would. Tests use it to
// check the definitions; the op-API layer never does.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "register/op_def_factory.h"

namespace ops {

struct OpParamInfo {
    std::string name;
    Option paramType = REQUIRED;
    std::vector<ge::DataType> dataTypes;
    std::vector<ge::Format> formats;
};

struct OpAttrInfo {
    std::string name;
    bool required = false;
    std::string type;           // "bool", "int", "float", "str", "listInt", "listFloat"; "" when not typed
    bool hasDefault = false;
    std::string defaultValue;   // as the op info config writes it: true/false, 1, -0.75, bilinear, [1,2]
};

struct OpInfo {
    std::string opType;         // "" when the type is not registered
    std::vector<OpParamInfo> inputs, outputs;
    std::vector<OpAttrInfo> attrs;
    gert::OpImplRegisterV2::InferShapeKernelFunc inferShape = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc inferDataType = nullptr;
    gert::OpImplRegisterV2::TilingKernelFunc tiling = nullptr;
    std::map<std::string, std::map<std::string, std::string>> socConfigs;   // soc -> config key -> value
};

class ASCEND_SIM_API CfgGenerator {
public:
    static std::vector<std::string> RegisteredOps();
    static OpInfo Describe(const char* opType);
    // The documented prototype rules a definition breaks; empty when it follows them.
    static std::string Check(OpDef def);
};

}  // namespace ops
