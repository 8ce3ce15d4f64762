// Parser-plugin registry (register/register.h) and the ONNX model run (ascend_sim/onnx_parser.h).
#include "ascend_sim/onnx_parser.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "acl/acl.h"
#include "ge/ge_api.h"
#include "graph/operator_factory.h"
#include "register/register.h"

namespace domi {
namespace {
struct PluginRegistry {
    std::mutex mu;
    std::vector<std::unique_ptr<OpRegistrationData>> registrations;
};
PluginRegistry& Plugins() {
    static PluginRegistry r;
    return r;
}
}  // namespace

OpReceiver::OpReceiver(OpRegistrationData& reg_data) {
    std::lock_guard<std::mutex> lock(Plugins().mu);
    Plugins().registrations.push_back(std::make_unique<OpRegistrationData>(reg_data));
}

const OpRegistrationData* FindOpRegistration(domi::FrameworkType framework, const std::string& originType) {
    std::lock_guard<std::mutex> lock(Plugins().mu);
    for (const auto& r : Plugins().registrations) {
        if (r->GetFrameworkType() != framework) continue;
        std::set<ge::AscendString> types;
        r->GetOriginOpTypeSet(types);
        if (types.count(ge::AscendString(originType.c_str()))) return r.get();
    }
    return nullptr;
}

}  // namespace domi

namespace ascend_sim {

uint32_t MapOnnxNode(const OnnxNode& node, ge::Operator* mapped, std::string* why) {
    const domi::OpRegistrationData* reg = domi::FindOpRegistration(domi::ONNX, node.originType);
    if (reg == nullptr || !reg->GetParseParamByOperatorFn()) {
        *why = "node '" + node.name + "': no ONNX parser plugin maps " + node.originType;
        return ACL_ERROR_GE_PARAM_INVALID;
    }
    ge::AscendString omType;
    reg->GetOmOptype(omType);
    ge::Operator src(node.name.c_str(), node.originType.c_str());
    src.SetAttr("attribute", ge::AscendString(node.json.c_str()));
    ge::Operator dest = ge::OperatorFactory::CreateOperator(node.name.c_str(), omType.GetString());
    if (dest.IsEmpty()) {
        *why = "node '" + node.name + "': the plugin maps it to " + omType.GetString() + ", which has no IR prototype";
        return ACL_ERROR_GE_PARAM_INVALID;
    }
    aclGetRecentErrMsg();
    if (reg->GetParseParamByOperatorFn()(src, dest) != domi::SUCCESS) {
        const std::string reason = aclGetRecentErrMsg();
        *why = "node '" + node.name + "' (" + node.originType + "): the parser plugin rejected it" +
               (reason.empty() ? std::string() : ": " + reason);
        return ACL_ERROR_GE_PARAM_INVALID;
    }
    if (node.inputs.size() != dest.GetInputsSize() || node.outputs.size() != dest.GetOutputsSize()) {
        *why = "node '" + node.name + "' has " + std::to_string(node.inputs.size()) + " inputs and " +
               std::to_string(node.outputs.size()) + " outputs; " + omType.GetString() + " has " +
               std::to_string(dest.GetInputsSize()) + " and " + std::to_string(dest.GetOutputsSize());
        return ACL_ERROR_GE_PARAM_INVALID;
    }
    *mapped = dest;
    return 0;
}

uint32_t RunOnnxGraph(const std::vector<OnnxNode>& nodes, const std::vector<OnnxValue>& feeds,
                      const std::vector<std::string>& outputNames, std::vector<OnnxValue>* outputs, std::string* why) {
    // value name -> the operator producing it (a Data per feed)
    std::map<std::string, ge::Operator> producers;
    std::vector<ge::Operator> dataOps;
    std::vector<const OnnxValue*> dataFeeds;
    for (const OnnxValue& f : feeds) {
        if (f.constant) {
            // an initializer: a Const operator, whose value infer functions can read (GetInputConstData)
            ge::Operator c = ge::OperatorFactory::CreateOperator(("const:" + f.name).c_str(), "Const");
            if (c.IsEmpty()) {
                *why = "the Const prototype is not registered";
                return ACL_ERROR_GE_INTERNAL_ERROR;
            }
            ge::TensorDesc desc(ge::Shape(f.dims), ge::FORMAT_ND, f.dtype);
            c.SetAttr("value", ge::Tensor(desc, f.data));
            c.UpdateOutputDesc("y", desc);
            producers[f.name] = c;
            continue;
        }
        ge::Operator data = ge::OperatorFactory::CreateOperator(("input:" + f.name).c_str(), "Data");
        if (data.IsEmpty()) {
            *why = "the Data prototype is not registered";
            return ACL_ERROR_GE_INTERNAL_ERROR;
        }
        data.SetAttr("index", static_cast<int64_t>(dataOps.size()));
        producers[f.name] = data;
        dataOps.push_back(data);
        dataFeeds.push_back(&f);
    }
    for (const OnnxNode& node : nodes) {
        ge::Operator dest;
        if (uint32_t s = MapOnnxNode(node, &dest, why)) return s;
        for (size_t i = 0; i < node.inputs.size(); ++i) {
            auto it = producers.find(node.inputs[i]);
            if (it == producers.end()) {
                *why = "node '" + node.name + "': input '" + node.inputs[i] + "' is neither a graph input, an initializer nor an earlier node's output";
                return ACL_ERROR_GE_PARAM_INVALID;
            }
            // the i-th ONNX input feeds the i-th IR input; each producer has one output
            dest.SetInput(static_cast<uint32_t>(i), it->second, 0u);
        }
        for (size_t o = 0; o < node.outputs.size(); ++o) producers[node.outputs[o]] = dest;
    }
    std::vector<ge::Operator> outs;
    for (const std::string& name : outputNames) {
        auto it = producers.find(name);
        if (it == producers.end()) {
            *why = "graph output '" + name + "' is produced by no node";
            return ACL_ERROR_GE_PARAM_INVALID;
        }
        outs.push_back(it->second);
    }
    ge::Graph graph("onnx");
    graph.SetInputs(dataOps).SetOutputs(outs);
    std::map<ge::AscendString, ge::AscendString> options;
    if (ge::Status s = ge::GEInitialize(options)) {
        *why = ge::GEGetErrorMsg();
        return s;
    }
    ge::Session session(options);
    std::vector<ge::Tensor> inputs, results;
    for (const OnnxValue* f : dataFeeds)
        inputs.emplace_back(ge::TensorDesc(ge::Shape(f->dims), ge::FORMAT_ND, f->dtype), f->data);
    ge::Status s = session.AddGraph(0, graph);
    if (s == ge::SUCCESS) s = session.RunGraph(0, inputs, results);
    if (s != ge::SUCCESS) {
        *why = ge::GEGetErrorMsg();
        return s;
    }
    outputs->clear();
    for (size_t i = 0; i < results.size(); ++i) {
        OnnxValue v;
        v.name = outputNames[i];
        v.dtype = results[i].GetDataType();
        v.dims = results[i].GetTensorDesc().GetShape().GetDims();
        v.data.assign(results[i].GetData(), results[i].GetData() + results[i].GetSize());
        outputs->push_back(std::move(v));
    }
    return 0;
}

}  // namespace ascend_sim
