// The registries behind register/op_def_factory.h (OpDef creators by type), register/op_impl_registry.h
// (host functions by op type) and optiling::OpCheckFuncHelper, and the op build tool's model
// (ascend_sim/opbuild.h).
#include <map>
#include <mutex>
#include <sstream>

#include "ascend_sim/op_impl_space.h"
#include "ascend_sim/opbuild.h"

namespace {

struct Registries {
    std::mutex mutex;
    std::map<std::string, ops::OpDefCreator> creators;
    std::vector<ge::AscendString> names;
    std::map<std::string, ascend_sim::OpImplFunctions> impls;
    std::map<std::pair<std::string, std::string>, const void*> checkFuncs;
};

Registries& Reg() {
    static Registries* r = new Registries;   // never destroyed: registrations run from static initialisers
    return *r;
}

}  // namespace

// ---- gert::OpImplRegisterV2 ----------------------------------------------------------------
namespace gert {

class OpImplRegisterV2Impl {
public:
    std::string opType;
    ascend_sim::OpImplFunctions functions;
    bool dependencySet = false;

    // Merges what this object set into the registry entry of its op type.
    void Register() const {
        Registries& r = Reg();
        std::lock_guard<std::mutex> lock(r.mutex);
        ascend_sim::OpImplFunctions& e = r.impls[opType];
        if (functions.inferShape) e.inferShape = functions.inferShape;
        if (functions.inferShapeRange) e.inferShapeRange = functions.inferShapeRange;
        if (functions.inferDataType) e.inferDataType = functions.inferDataType;
        if (functions.tiling) {
            e.tiling = functions.tiling;
            e.maxTilingDataSize = functions.maxTilingDataSize;
        }
        if (functions.tilingParse) {
            e.tilingParse = functions.tilingParse;
            e.compileInfoCreator = functions.compileInfoCreator;
            e.compileInfoDeleter = functions.compileInfoDeleter;
        }
        if (dependencySet) e.inputsDataDependency = functions.inputsDataDependency;
    }
};

OpImplRegisterV2::OpImplRegisterV2(const char* op_type) : impl_(new OpImplRegisterV2Impl) {
    impl_->opType = op_type ? op_type : "";
}

OpImplRegisterV2::OpImplRegisterV2(OpImplRegisterV2&& register_data) noexcept : impl_(std::move(register_data.impl_)) {
    if (impl_) impl_->Register();
}

OpImplRegisterV2::OpImplRegisterV2(const OpImplRegisterV2& register_data)
    : impl_(new OpImplRegisterV2Impl(*register_data.impl_)) {
    impl_->Register();
}

OpImplRegisterV2::~OpImplRegisterV2() = default;

OpImplRegisterV2& OpImplRegisterV2::InferShape(InferShapeKernelFunc f) { impl_->functions.inferShape = f; return *this; }
OpImplRegisterV2& OpImplRegisterV2::InferShapeRange(InferShapeRangeKernelFunc f) {
    impl_->functions.inferShapeRange = f;
    return *this;
}
OpImplRegisterV2& OpImplRegisterV2::InferDataType(InferDataTypeKernelFunc f) {
    impl_->functions.inferDataType = f;
    return *this;
}
OpImplRegisterV2& OpImplRegisterV2::Tiling(TilingKernelFunc f, size_t max_tiling_data_size) {
    impl_->functions.tiling = f;
    impl_->functions.maxTilingDataSize = max_tiling_data_size;
    return *this;
}
OpImplRegisterV2& OpImplRegisterV2::TilingParse(KernelFunc f, CompileInfoCreatorFunc creator,
                                                CompileInfoDeleterFunc deleter) {
    impl_->functions.tilingParse = f;
    impl_->functions.compileInfoCreator = creator;
    impl_->functions.compileInfoDeleter = deleter;
    return *this;
}
OpImplRegisterV2& OpImplRegisterV2::InputsDataDependency(std::initializer_list<int32_t> inputs) {
    impl_->functions.inputsDataDependency.assign(inputs.begin(), inputs.end());
    impl_->dependencySet = true;
    return *this;
}

}  // namespace gert

namespace ascend_sim {

const OpImplFunctions* FindOpImpl(const std::string& opType) {
    Registries& r = Reg();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.impls.find(opType);
    return it == r.impls.end() ? nullptr : &it->second;
}

const void* FindOpCheckFunc(const std::string& opType, const std::string& checkType) {
    Registries& r = Reg();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.checkFuncs.find({opType, checkType});
    return it == r.checkFuncs.end() ? nullptr : it->second;
}

}  // namespace ascend_sim

// ---- optiling::OpCheckFuncHelper ------------------------------------------------------------
namespace optiling {

OpCheckFuncHelper::OpCheckFuncHelper(const ge::AscendString& check_type, const ge::AscendString& op_type,
                                     OP_CHECK_FUNC func) {
    if (func == nullptr) return;
    Registries& r = Reg();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.checkFuncs[{op_type.GetString(), check_type.GetString()}] = reinterpret_cast<const void*>(func);
}

OpCheckFuncHelper::OpCheckFuncHelper(const ge::AscendString& op_type, PARAM_GENERALIZE_FUNC func) {
    if (func == nullptr) return;
    Registries& r = Reg();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.checkFuncs[{op_type.GetString(), "param_generalize"}] = reinterpret_cast<const void*>(func);
}

}  // namespace optiling

// ---- ops::OpDefFactory and the op build tool -------------------------------------------------
namespace ops {

int OpDefFactory::OpDefRegister(const char* name, OpDefCreator creator) {
    Registries& r = Reg();
    std::lock_guard<std::mutex> lock(r.mutex);
    if (r.creators.find(name) == r.creators.end()) r.names.emplace_back(name);
    r.creators[name] = std::move(creator);
    return 0;
}

int OpDefFactory::OpDefRegisterV2(const char* name, OpDefFuncPtr ptr) { return OpDefRegister(name, OpDefCreator(ptr)); }

OpDef OpDefFactory::OpDefCreate(const char* name) {
    OpDefCreator creator;
    {
        Registries& r = Reg();
        std::lock_guard<std::mutex> lock(r.mutex);
        auto it = r.creators.find(name);
        if (it == r.creators.end()) return OpDef("");
        creator = it->second;
    }
    return creator(name);
}

std::vector<ge::AscendString>& OpDefFactory::GetAllOp(void) { return Reg().names; }

namespace {

std::string FormatFloat(float f) {
    std::ostringstream s;
    s << f;
    return s.str();
}

template <typename T>
std::string FormatList(const std::vector<T>& v) {
    std::ostringstream s;
    s << "[";
    for (size_t i = 0; i < v.size(); ++i) s << (i ? "," : "") << v[i];
    s << "]";
    return s.str();
}

}  // namespace

std::vector<std::string> CfgGenerator::RegisteredOps() {
    std::vector<std::string> out;
    Registries& r = Reg();
    std::lock_guard<std::mutex> lock(r.mutex);
    for (const auto& n : r.names) out.emplace_back(n.GetString());
    return out;
}

OpInfo CfgGenerator::Describe(const char* opType) {
    OpDef def = OpDefFactory::OpDefCreate(opType);
    OpInfo info;
    info.opType = def.GetOpType().GetString();
    if (info.opType.empty()) return info;
    auto params = [](std::vector<OpParamDef>& list, std::vector<OpParamInfo>* out) {
        for (const OpParamDef& p : list) out->push_back({p.name_.GetString(), p.type_, p.dtypes_, p.formats_});
    };
    params(def.GetInputs(), &info.inputs);
    params(def.GetOutputs(), &info.outputs);
    for (const OpAttrDef& a : def.GetAttrs()) {
        OpAttrInfo attr;
        attr.name = a.name_.GetString();
        attr.required = a.type_ == REQUIRED;
        attr.hasDefault = a.hasDefault_;
        switch (a.type2_) {
            case OpAttrDef::Type::kBool: attr.type = "bool"; attr.defaultValue = a.b_ ? "true" : "false"; break;
            case OpAttrDef::Type::kInt: attr.type = "int"; attr.defaultValue = std::to_string(a.i_); break;
            case OpAttrDef::Type::kFloat: attr.type = "float"; attr.defaultValue = FormatFloat(a.f_); break;
            case OpAttrDef::Type::kString: attr.type = "str"; attr.defaultValue = a.s_; break;
            case OpAttrDef::Type::kListInt: attr.type = "listInt"; attr.defaultValue = FormatList(a.li_); break;
            case OpAttrDef::Type::kListFloat: attr.type = "listFloat"; attr.defaultValue = FormatList(a.lf_); break;
            case OpAttrDef::Type::kUnset: break;
        }
        if (!attr.hasDefault) attr.defaultValue.clear();
        info.attrs.push_back(attr);
    }
    info.inferShape = def.GetInferShape();
    info.inferDataType = def.GetInferDataType();
    info.tiling = def.AICore().GetTiling();
    for (const auto& [soc, cfg] : def.AICore().configs_) info.socConfigs[soc] = cfg.cfg_;
    return info;
}

std::string CfgGenerator::Check(OpDef def) {
    for (const auto* list : {&def.GetInputs(), &def.GetOutputs()})
        for (const OpParamDef& p : *list)
            if (p.dtypes_.size() != p.formats_.size())
                return std::string("param ") + p.name_.GetString() + ": " + std::to_string(p.dtypes_.size()) +
                       " data types but " + std::to_string(p.formats_.size()) + " formats; expected one format per data type";
    for (const OpAttrDef& a : def.GetAttrs()) {
        if (a.type2_ == OpAttrDef::Type::kUnset) return std::string("attr ") + a.name_.GetString() + ": no type";
        if (a.type_ != REQUIRED && !a.hasDefault_)
            return std::string("attr ") + a.name_.GetString() + ": OPTIONAL without a default value";
    }
    if (def.AICore().configs_.empty()) return std::string("op ") + def.GetOpType().GetString() + ": no AICore().AddConfig";
    return "";
}

}  // namespace ops
