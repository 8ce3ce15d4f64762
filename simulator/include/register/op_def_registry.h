// Operator prototype definition (documented register/op_def_registry.h): OpDef with OpParamDef
// inputs/outputs, OpAttrDef attributes, SetInferShape / SetInferDataType, AICore() (OpAICoreDef:
// SetTiling, AddConfig), and OP_ADD, which registers the class under its name as the op type.
// Pages: "算子原型定义" (atlas_ascendc_10_0062: OpDef, ParamType, DataType, Format, SetInferShape,
// SetInferDataType, AICore().SetTiling, AddConfig, OP_ADD; dtype and format lists of one param
// correspond one to one, so they must have the same length), "OpAttrDef" (atlasascendc_api_07_0976:
// AttrType OPTIONAL/REQUIRED; an OPTIONAL attribute must be given a default value).
// OpDefFactory::OpDefCreate(type) is how the framework (here: the op-API layer and tests) finds
// an op's infer-shape and tiling functions by op type.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"

namespace gert {
struct OpImplRegisterV2 {
    using InferShapeKernelFunc = ge::graphStatus (*)(InferShapeContext*);
    using InferDataTypeKernelFunc = ge::graphStatus (*)(InferDataTypeContext*);
    using TilingKernelFunc = ge::graphStatus (*)(TilingContext*);
};
}  // namespace gert

namespace ops {

enum Option { IGNORE = 0, OPTIONAL = 1, REQUIRED = 2, DYNAMIC = 3, VIRTUAL = 4 };

class OpParamDef {
public:
    explicit OpParamDef(const char* name) : name_(name) {}
    OpParamDef& ParamType(Option t) { type_ = t; return *this; }
    OpParamDef& DataType(std::vector<ge::DataType> types) { dtypes_ = std::move(types); return *this; }
    OpParamDef& Format(std::vector<ge::Format> formats) { formats_ = std::move(formats); return *this; }
    OpParamDef& UnknownShapeFormat(std::vector<ge::Format> formats) { unknownFormats_ = std::move(formats); return *this; }
    const std::string& Name() const { return name_; }
    Option GetParamType() const { return type_; }
    const std::vector<ge::DataType>& GetDataTypes() const { return dtypes_; }
    const std::vector<ge::Format>& GetFormats() const { return formats_; }

private:
    std::string name_;
    Option type_ = REQUIRED;
    std::vector<ge::DataType> dtypes_;
    std::vector<ge::Format> formats_, unknownFormats_;
};

class OpAttrDef {
public:
    enum class Kind { kUnset, kBool, kInt, kFloat, kString, kListInt };
    explicit OpAttrDef(const char* name) : name_(name) {}
    OpAttrDef& AttrType(Option t) { type_ = t; return *this; }
    OpAttrDef& Bool() { kind_ = Kind::kBool; return *this; }
    OpAttrDef& Bool(bool v) { kind_ = Kind::kBool; b_ = v; hasDefault_ = true; return *this; }
    OpAttrDef& Int() { kind_ = Kind::kInt; return *this; }
    OpAttrDef& Int(int64_t v) { kind_ = Kind::kInt; i_ = v; hasDefault_ = true; return *this; }
    OpAttrDef& Float() { kind_ = Kind::kFloat; return *this; }
    OpAttrDef& Float(float v) { kind_ = Kind::kFloat; f_ = v; hasDefault_ = true; return *this; }
    OpAttrDef& String() { kind_ = Kind::kString; return *this; }
    OpAttrDef& String(const char* v) { kind_ = Kind::kString; s_ = v; hasDefault_ = true; return *this; }
    OpAttrDef& ListInt() { kind_ = Kind::kListInt; return *this; }
    OpAttrDef& ListInt(std::vector<int64_t> v) { kind_ = Kind::kListInt; li_ = std::move(v); hasDefault_ = true; return *this; }
    ge::AscendString GetName() const { return ge::AscendString(name_.c_str()); }
    bool IsRequired() const { return type_ == REQUIRED; }
    // Read-back of the declaration (the framework's view): kind and default value.
    Kind GetKind() const { return kind_; }
    bool HasDefault() const { return hasDefault_; }
    bool DefaultBool() const { return b_; }
    int64_t DefaultInt() const { return i_; }
    float DefaultFloat() const { return f_; }
    const std::string& DefaultString() const { return s_; }
    const std::vector<int64_t>& DefaultListInt() const { return li_; }

private:
    std::string name_;
    Option type_ = REQUIRED;
    Kind kind_ = Kind::kUnset;
    bool hasDefault_ = false, b_ = false;
    int64_t i_ = 0;
    float f_ = 0;
    std::string s_;
    std::vector<int64_t> li_;
};

class OpAICoreConfig {
public:
    OpAICoreConfig() = default;
    OpAICoreConfig& DynamicCompileStaticFlag(bool v) { dynamicCompileStatic_ = v; return *this; }
    OpAICoreConfig& DynamicShapeSupportFlag(bool v) { dynamicShape_ = v; return *this; }

private:
    bool dynamicCompileStatic_ = true, dynamicShape_ = true;
};

class OpAICoreDef {
public:
    OpAICoreDef& SetTiling(gert::OpImplRegisterV2::TilingKernelFunc func) { tiling_ = func; return *this; }
    gert::OpImplRegisterV2::TilingKernelFunc& GetTiling() { return tiling_; }
    OpAICoreDef& AddConfig(const char* soc) { return AddConfig(soc, OpAICoreConfig()); }
    OpAICoreDef& AddConfig(const char* soc, const OpAICoreConfig& cfg) {
        configs_[soc] = cfg;
        return *this;
    }
    std::vector<std::string> GetSocVersions() const {
        std::vector<std::string> v;
        for (const auto& kv : configs_) v.push_back(kv.first);
        return v;
    }

private:
    gert::OpImplRegisterV2::TilingKernelFunc tiling_ = nullptr;
    std::map<std::string, OpAICoreConfig> configs_;
};

class OpDef {
public:
    explicit OpDef(const char* type) : type_(type) {}
    virtual ~OpDef() = default;
    OpParamDef& Input(const char* name) { return Param(inputs_, name); }
    OpParamDef& Output(const char* name) { return Param(outputs_, name); }
    OpAttrDef& Attr(const char* name) {
        for (auto& a : attrs_)
            if (a.GetName() == ge::AscendString(name)) return a;
        attrs_.emplace_back(name);
        return attrs_.back();
    }
    OpDef& SetInferShape(gert::OpImplRegisterV2::InferShapeKernelFunc f) { inferShape_ = f; return *this; }
    OpDef& SetInferDataType(gert::OpImplRegisterV2::InferDataTypeKernelFunc f) { inferDataType_ = f; return *this; }
    OpAICoreDef& AICore() { return aicore_; }

    ge::AscendString GetOpType() const { return ge::AscendString(type_.c_str()); }
    std::vector<OpParamDef>& GetInputs() { return inputs_; }
    std::vector<OpParamDef>& GetOutputs() { return outputs_; }
    std::vector<OpAttrDef>& GetAttrs() { return attrs_; }
    gert::OpImplRegisterV2::InferShapeKernelFunc& GetInferShape() { return inferShape_; }
    gert::OpImplRegisterV2::InferDataTypeKernelFunc& GetInferDataType() { return inferDataType_; }

    // The rules the documentation states for a prototype; empty when it follows them.
    std::string CheckDefinition() const {
        for (const auto* list : {&inputs_, &outputs_})
            for (const auto& p : *list)
                if (p.GetDataTypes().size() != p.GetFormats().size())
                    return "param " + p.Name() + ": " + std::to_string(p.GetDataTypes().size()) + " data types but " +
                           std::to_string(p.GetFormats().size()) + " formats; expected one format per data type";
        for (const auto& a : attrs_) {
            if (a.GetKind() == OpAttrDef::Kind::kUnset) return std::string("attr ") + a.GetName().GetString() + ": no type";
            if (!a.IsRequired() && !a.HasDefault())
                return std::string("attr ") + a.GetName().GetString() + ": OPTIONAL without a default value";
        }
        return "";
    }

private:
    static OpParamDef& Param(std::vector<OpParamDef>& list, const char* name) {
        for (auto& p : list)
            if (p.Name() == name) return p;
        list.emplace_back(name);
        return list.back();
    }
    std::string type_;
    std::vector<OpParamDef> inputs_, outputs_;
    std::vector<OpAttrDef> attrs_;
    gert::OpImplRegisterV2::InferShapeKernelFunc inferShape_ = nullptr;
    gert::OpImplRegisterV2::InferDataTypeKernelFunc inferDataType_ = nullptr;
    OpAICoreDef aicore_;
};

using OpDefCreator = std::function<OpDef(const char*)>;

class OpDefFactory {
public:
    static int OpDefRegister(const char* name, OpDefCreator creator) {
        Creators()[name] = std::move(creator);
        return 0;
    }
    // The op's definition, freshly built; an OpDef named "" when the type is not registered.
    static OpDef OpDefCreate(const char* name) {
        auto it = Creators().find(name);
        return it == Creators().end() ? OpDef("") : it->second(name);
    }
    static std::vector<ge::AscendString> GetAllOp() {
        std::vector<ge::AscendString> v;
        for (const auto& kv : Creators()) v.emplace_back(kv.first.c_str());
        return v;
    }

private:
    static std::map<std::string, OpDefCreator>& Creators() {
        static std::map<std::string, OpDefCreator> m;
        return m;
    }
};

}  // namespace ops

// Registers class `opType` (derived from ops::OpDef, constructed from its name) under its name.
#define OP_ADD(opType, ...)                                                                              \
    static int g_##opType##_op_def_added = ::ops::OpDefFactory::OpDefRegister(                          \
        #opType, [](const char* name) -> ::ops::OpDef { return opType(name); })
