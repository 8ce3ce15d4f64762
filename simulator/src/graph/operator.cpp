// ge::Operator and the registries behind graph/operator_factory.h: operator creators, infer and
// verify functions by op type. One registry per library, so that the prototypes registered in the
// package's library are found by every program that links it.
#include <map>
#include <mutex>
#include <string>

#include "acl/acl_base.h"
#include "graph/operator_factory.h"

namespace ge {
namespace {
struct Registry {
    std::mutex mu;
    std::map<std::string, OpCreatorV2> creators;
    std::map<std::string, InferShapeFunc> infer;
    std::map<std::string, VerifyFunc> verify;
};
Registry& Reg() {
    static Registry r;
    return r;
}
template <typename F>
F Find(const std::map<std::string, F>& funcs, const std::string& type) {
    std::lock_guard<std::mutex> lock(Reg().mu);
    auto it = funcs.find(type);
    return it == funcs.end() ? F() : it->second;
}
template <typename Port>
Port* FindPort(std::vector<Port>& ports, const char_t* name) {
    for (auto& p : ports)
        if (p.name == name) return &p;
    return nullptr;
}
template <typename Port>
const Port* FindPort(const std::vector<Port>& ports, const char_t* name) {
    for (const auto& p : ports)
        if (p.name == name) return &p;
    return nullptr;
}
}  // namespace

Operator OperatorFactory::CreateOperator(const char_t* const operator_name, const char_t* const operator_type) {
    OpCreatorV2 create = Find(Reg().creators, operator_type ? operator_type : "");
    return create ? create(AscendString(operator_name)) : Operator();
}
bool OperatorFactory::IsExistOp(const char_t* const operator_type) {
    return static_cast<bool>(Find(Reg().creators, operator_type ? operator_type : ""));
}

OperatorCreatorRegister::OperatorCreatorRegister(const char_t* const operator_type, OpCreatorV2 const& op_creator) {
    std::lock_guard<std::mutex> lock(Reg().mu);
    Reg().creators[operator_type] = op_creator;
}
InferShapeFuncRegister::InferShapeFuncRegister(const char_t* const operator_type, const InferShapeFunc& infer_shape_func) {
    std::lock_guard<std::mutex> lock(Reg().mu);
    Reg().infer[operator_type] = infer_shape_func;
}
VerifyFuncRegister::VerifyFuncRegister(const char_t* const operator_type, const VerifyFunc& verify_func) {
    std::lock_guard<std::mutex> lock(Reg().mu);
    Reg().verify[operator_type] = verify_func;
}

graphStatus Operator::InferShapeAndType() {
    InferShapeFunc f = Find(Reg().infer, type_);
    if (!f) {
        ACL_APP_LOG(ACL_ERROR, "InferShapeAndType: no infer function is registered for op type %s", type_.c_str());
        return GRAPH_FAILED;
    }
    return f(*this);
}

graphStatus Operator::VerifyAllAttr(bool /*disable_common_verifier*/) {
    VerifyFunc f = Find(Reg().verify, type_);
    return f ? f(*this) : GRAPH_SUCCESS;
}

graphStatus Operator::GetInputConstData(const char_t* dst_name, Tensor& data) const {
    const Port* p = FindPort(inputs_, dst_name ? dst_name : "");
    if (p == nullptr || !p->src || p->src->type_ != "Const") return GRAPH_FAILED;
    return p->src->GetAttr("value", data);
}

void Operator::InputRegister(const char_t* name, const char_t* datatype_symbol) {
    inputs_.push_back({name, datatype_symbol, TensorDesc(), nullptr, ""});
}
void Operator::OptionalInputRegister(const char_t* name, const char_t* datatype_symbol) {
    inputs_.push_back({name, datatype_symbol, TensorDesc(), nullptr, "", true});
}
void Operator::OutputRegister(const char_t* name, const char_t* datatype_symbol) {
    outputs_.push_back({name, datatype_symbol, TensorDesc(), nullptr, ""});
}

TensorDesc Operator::GetInputDescByName(const char_t* name) const {
    const Port* p = FindPort(inputs_, name);
    return p ? p->desc : TensorDesc();
}
TensorDesc Operator::GetOutputDescByName(const char_t* name) const {
    const Port* p = FindPort(outputs_, name);
    return p ? p->desc : TensorDesc();
}
TensorDesc Operator::GetInputDesc(uint32_t index) const { return index < inputs_.size() ? inputs_[index].desc : TensorDesc(); }
TensorDesc Operator::GetOutputDesc(uint32_t index) const {
    return index < outputs_.size() ? outputs_[index].desc : TensorDesc();
}
graphStatus Operator::UpdateInputDesc(const char_t* name, const TensorDesc& tensor_desc) {
    Port* p = FindPort(inputs_, name);
    if (!p) return GRAPH_FAILED;
    p->desc = tensor_desc;
    return GRAPH_SUCCESS;
}
graphStatus Operator::UpdateOutputDesc(const char_t* name, const TensorDesc& tensor_desc) {
    Port* p = FindPort(outputs_, name);
    if (!p) return GRAPH_FAILED;
    p->desc = tensor_desc;
    return GRAPH_SUCCESS;
}

Operator& Operator::SetInput(const char_t* dst_name, const Operator& src_oprt) { return SetInput(dst_name, src_oprt, 0u); }
Operator& Operator::SetInput(const char_t* dst_name, const Operator& src_oprt, const char_t* name) {
    UpdateInputDesc(dst_name, src_oprt.GetOutputDescByName(name));
    if (Port* p = FindPort(inputs_, dst_name)) {
        p->src = std::make_shared<const Operator>(src_oprt);
        p->srcOutput = name;
    }
    return *this;
}
Operator& Operator::SetInput(const char_t* dst_name, const Operator& src_oprt, uint32_t index) {
    UpdateInputDesc(dst_name, src_oprt.GetOutputDesc(index));
    if (Port* p = FindPort(inputs_, dst_name)) {
        p->src = std::make_shared<const Operator>(src_oprt);
        p->srcOutput = index < src_oprt.outputs_.size() ? src_oprt.outputs_[index].name : std::to_string(index);
    }
    return *this;
}
Operator& Operator::SetInput(uint32_t dst_index, const Operator& src_oprt, uint32_t src_index) {
    if (dst_index < inputs_.size()) SetInput(inputs_[dst_index].name.c_str(), src_oprt, src_index);
    return *this;
}

}  // namespace ge
