// Operator prototype definition (ge register/op_def.h): OpDef with OpParamDef inputs/outputs and
// OpAttrDef attributes, SetInferShape / SetInferDataType, AICore() (OpAICoreDef: SetTiling,
// AddConfig with an OpAICoreConfig).
//   "算子原型定义" (atlas_ascendc_10_0062: OpDef, ParamType, DataType, Format, SetInferShape,
//   AICore().SetTiling, AddConfig, OP_ADD; the dtype and format lists of a param correspond one to one)
//   "OpAttrDef" (OPTIONAL attributes need a default): atlasascendc_api_07_0976
//   "OpAICoreConfig" (DynamicCompileStaticFlag atlasascendc_api_07_0991, DynamicRankSupportFlag _0993,
//   DynamicShapeSupportFlag _0994, default true)
// The surface is the real header's: builders are public; what they built is private and read only by
// the op build tools (friends). In the simulator the reader is ops::CfgGenerator
// (ascend_sim/opbuild.h), the model of the tool that turns OpDefs into the op info config.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ascend_sim/sim.h"
#include "graph/ascend_string.h"
#include "graph/operator_reg.h"
#include "graph/types.h"
#include "register/op_impl_registry.h"

namespace optiling {
#define FUNC_CHECK_SUPPORTED "check_supported"
#define FUNC_OP_SELECT_FORMAT "op_select_format"
#define FUNC_GET_OP_SUPPORT_INFO "get_op_support_info"
#define FUNC_GET_SPECIFIC_INFO "get_op_specific_info"

using OP_CHECK_FUNC = ge::graphStatus (*)(const ge::Operator& op, ge::AscendString& result);
using PARAM_GENERALIZE_FUNC = ge::graphStatus (*)(const ge::Operator& op, const ge::AscendString& generalize_config,
                                                  ge::AscendString& generalized_op_params);

// Registers an op's check functions (OP_ADD's OP_TILING_LIB expansion); null functions are ignored.
class ASCEND_SIM_API OpCheckFuncHelper {
public:
    OpCheckFuncHelper(const ge::AscendString& check_type, const ge::AscendString& op_type, OP_CHECK_FUNC func);
    OpCheckFuncHelper(const ge::AscendString& op_type, PARAM_GENERALIZE_FUNC func);
};
}  // namespace optiling

namespace ops {
class CfgGenerator;

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };

class OpParamDef {
public:
    explicit OpParamDef(const char* name) : name_(name) {}
    OpParamDef& ParamType(Option param_type) { type_ = param_type; return *this; }
    OpParamDef& DataType(std::vector<ge::DataType> types) { dtypes_ = std::move(types); return *this; }
    OpParamDef& Format(std::vector<ge::Format> formats) { formats_ = std::move(formats); return *this; }
    OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats) { unknownFormats_ = std::move(formats); return *this; }

private:
    friend class CfgGenerator;
    friend class OpDef;
    ge::AscendString name_;
    Option type_ = REQUIRED;
    std::vector<ge::DataType> dtypes_;
    std::vector<ge::Format> formats_, unknownFormats_;
};

class OpAttrDef {
public:
    explicit OpAttrDef(const char* name) : name_(name) {}
    OpAttrDef& AttrType(Option attr_type) { type_ = attr_type; return *this; }
    OpAttrDef& Bool(void) { return Kind(Type::kBool); }
    OpAttrDef& Bool(bool value) { b_ = value; return Default(Type::kBool); }
    OpAttrDef& Float(void) { return Kind(Type::kFloat); }
    OpAttrDef& Float(float value) { f_ = value; return Default(Type::kFloat); }
    OpAttrDef& Int(void) { return Kind(Type::kInt); }
    OpAttrDef& Int(int64_t value) { i_ = value; return Default(Type::kInt); }
    OpAttrDef& String(void) { return Kind(Type::kString); }
    OpAttrDef& String(const char* value) { s_ = value; return Default(Type::kString); }
    OpAttrDef& ListInt(void) { return Kind(Type::kListInt); }
    OpAttrDef& ListInt(std::vector<int64_t> value) { li_ = std::move(value); return Default(Type::kListInt); }
    OpAttrDef& ListFloat(void) { return Kind(Type::kListFloat); }
    OpAttrDef& ListFloat(std::vector<float> value) { lf_ = std::move(value); return Default(Type::kListFloat); }
    ge::AscendString& GetName(void) const { return name_; }
    bool IsRequired(void) { return type_ == REQUIRED; }

private:
    friend class CfgGenerator;
    friend class OpDef;
    enum class Type { kUnset, kBool, kInt, kFloat, kString, kListInt, kListFloat };
    OpAttrDef& Kind(Type t) { type2_ = t; return *this; }
    OpAttrDef& Default(Type t) { type2_ = t; hasDefault_ = true; return *this; }
    mutable ge::AscendString name_;
    Option type_ = REQUIRED;
    Type type2_ = Type::kUnset;
    bool hasDefault_ = false, b_ = false;
    int64_t i_ = 0;
    float f_ = 0;
    std::string s_;
    std::vector<int64_t> li_;
    std::vector<float> lf_;
};

class OpAICoreConfig {
public:
    OpAICoreConfig() = default;
    OpAICoreConfig& DynamicCompileStaticFlag(bool flag) { return Set("dynamicCompileStatic.flag", flag); }
    OpAICoreConfig& DynamicFormatFlag(bool flag) { return Set("dynamicFormat.flag", flag); }
    OpAICoreConfig& DynamicRankSupportFlag(bool flag) { return Set("dynamicRankSupport.flag", flag); }
    OpAICoreConfig& DynamicShapeSupportFlag(bool flag) { return Set("dynamicShapeSupport.flag", flag); }
    OpAICoreConfig& NeedCheckSupportFlag(bool flag) { return Set("needCheckSupport.flag", flag); }
    OpAICoreConfig& PrecisionReduceFlag(bool flag) { return Set("precision_reduce.flag", flag); }
    OpAICoreConfig& ExtendCfgInfo(const char* key, const char* value) {
        cfg_[key] = value;
        return *this;
    }

private:
    friend class CfgGenerator;
    friend class OpDef;
    OpAICoreConfig& Set(const char* key, bool flag) { return ExtendCfgInfo(key, flag ? "true" : "false"); }
    std::map<std::string, std::string> cfg_;
};

class OpAICoreDef {
public:
    OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func) { tiling_ = func; return *this; }
    OpAICoreDef& SetCheckSupport(optiling::OP_CHECK_FUNC func) { checkSupport_ = func; return *this; }
    OpAICoreDef& SetOpSelectFormat(optiling::OP_CHECK_FUNC func) { selectFormat_ = func; return *this; }
    OpAICoreDef& SetOpSupportInfo(optiling::OP_CHECK_FUNC func) { supportInfo_ = func; return *this; }
    OpAICoreDef& SetOpSpecInfo(optiling::OP_CHECK_FUNC func) { specInfo_ = func; return *this; }
    OpAICoreDef& SetParamGeneralize(optiling::PARAM_GENERALIZE_FUNC func) { generalize_ = func; return *this; }
    gert::OpImplRegisterV2::TilingKernelFunc& GetTiling(void) { return tiling_; }
    optiling::OP_CHECK_FUNC& GetCheckSupport(void) { return checkSupport_; }
    optiling::OP_CHECK_FUNC& GetOpSelectFormat(void) { return selectFormat_; }
    optiling::OP_CHECK_FUNC& GetOpSupportInfo(void) { return supportInfo_; }
    optiling::OP_CHECK_FUNC& GetOpSpecInfo(void) { return specInfo_; }
    optiling::PARAM_GENERALIZE_FUNC& GetParamGeneralize(void) { return generalize_; }
    OpAICoreDef& AddConfig(const char* soc) {
        OpAICoreConfig defaults;
        return AddConfig(soc, defaults);
    }
    // The real header takes the config by non-const reference: a temporary does not bind.
    OpAICoreDef& AddConfig(const char* soc, OpAICoreConfig& aicore_config) {
        configs_[soc] = aicore_config;
        return *this;
    }

private:
    friend class CfgGenerator;
    friend class OpDef;
    gert::OpImplRegisterV2::TilingKernelFunc tiling_ = nullptr;
    optiling::OP_CHECK_FUNC checkSupport_ = nullptr, selectFormat_ = nullptr, supportInfo_ = nullptr, specInfo_ = nullptr;
    optiling::PARAM_GENERALIZE_FUNC generalize_ = nullptr;
    std::map<std::string, OpAICoreConfig> configs_;
};

class OpDef {
public:
    explicit OpDef(const char* type) : type_(type) {}
    OpParamDef& Input(const char* name) { return Param(inputs_, name); }
    OpParamDef& Output(const char* name) { return Param(outputs_, name); }
    OpAttrDef& Attr(const char* name) {
        for (auto& a : attrs_)
            if (a.name_ == ge::AscendString(name)) return a;
        attrs_.emplace_back(name);
        return attrs_.back();
    }
    OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc func) { inferShape_ = func; return *this; }
    OpDef& SetInferShapeRange(gert::OpImplRegisterV2::InferShapeRangeKernelFunc func) {
        inferShapeRange_ = func;
        return *this;
    }
    OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc func) { inferDataType_ = func; return *this; }
    gert::OpImplRegisterV2::InferShapeKernelFunc& GetInferShape(void) { return inferShape_; }
    gert::OpImplRegisterV2::InferShapeRangeKernelFunc& GetInferShapeRange(void) { return inferShapeRange_; }
    gert::OpImplRegisterV2::InferDataTypeKernelFunc& GetInferDataType(void) { return inferDataType_; }
    OpAICoreDef& AICore(void) { return aicore_; }

private:
    friend class CfgGenerator;
    static OpParamDef& Param(std::vector<OpParamDef>& list, const char* name) {
        for (auto& p : list)
            if (p.name_ == ge::AscendString(name)) return p;
        list.emplace_back(name);
        return list.back();
    }
    ge::AscendString& GetOpType(void) { return type_; }
    std::vector<OpParamDef>& GetInputs(void) { return inputs_; }
    std::vector<OpParamDef>& GetOutputs(void) { return outputs_; }
    std::vector<OpAttrDef>& GetAttrs(void) { return attrs_; }

    ge::AscendString type_;
    std::vector<OpParamDef> inputs_, outputs_;
    std::vector<OpAttrDef> attrs_;
    gert::OpImplRegisterV2::InferShapeKernelFunc inferShape_ = nullptr;
    gert::OpImplRegisterV2::InferShapeRangeKernelFunc inferShapeRange_ = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc inferDataType_ = nullptr;
    OpAICoreDef aicore_;
};

}  // namespace ops
