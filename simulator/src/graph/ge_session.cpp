// The GE client API on the simulator (ge/ge_api.h): GEInitialize / GEFinalize, Session::AddGraph /
// RunGraph, GEGetErrorMsg. RunGraph does for each node what GE does for a single-op custom node:
// the IR's dtype check, the registered verify and infer functions (graph/operator_factory.h), then
// the op package's kernel (ascend_sim/graph_kernel.h: tiling by the registered tiling function and
// the kernel launch), on device memory of device `ge.exec.deviceId` (0 by default). Data and Const
// nodes are sources: the fed tensor, or the Const's attribute value.
#include <cctype>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "acl/acl.h"
#include "ascend_sim/graph_kernel.h"
#include "ge/ge_api.h"
#include "graph/operator_factory.h"

namespace ge {

struct GraphEngineAccess {
    using Port = Operator::Port;
    static const std::vector<Port>& Inputs(const Operator& op) { return op.inputs_; }
    static const std::vector<Port>& Outputs(const Operator& op) { return op.outputs_; }
    static const std::string& Name(const Operator& op) { return op.name_; }
    static const std::string& Type(const Operator& op) { return op.type_; }
};

namespace {

using Access = GraphEngineAccess;

struct Engine {
    std::mutex mu;
    bool initialized = false;
    bool ownsAcl = false;   // GEInitialize ran aclInit, so GEFinalize runs aclFinalize
    int32_t deviceId = 0;
    std::map<std::string, ascend_sim::GraphKernel> kernels;
};
Engine& Eng() {
    static Engine e;
    return e;
}

thread_local std::string g_errorMsg;

Status Fail(Status status, const std::string& msg) {
    g_errorMsg = msg;
    return status;
}

std::string Dims(const Shape& s) {
    std::string out = "[";
    for (size_t i = 0; i < s.GetDimNum(); ++i) out += (i ? ", " : "") + std::to_string(s.GetDim(i));
    return out + "]";
}

size_t ElemBytes(DataType t) {
    switch (t) {
        case DT_FLOAT: case DT_INT32: case DT_UINT32: return 4;
        case DT_FLOAT16: case DT_BF16: case DT_INT16: case DT_UINT16: return 2;
        case DT_INT8: case DT_UINT8: case DT_BOOL: return 1;
        case DT_INT64: case DT_UINT64: case DT_DOUBLE: return 8;
        default: return 0;
    }
}

const char* DtypeName(DataType t) {
    switch (t) {
        case DT_FLOAT: return "DT_FLOAT";
        case DT_FLOAT16: return "DT_FLOAT16";
        case DT_BF16: return "DT_BF16";
        case DT_DOUBLE: return "DT_DOUBLE";
        case DT_INT8: return "DT_INT8";
        case DT_UINT8: return "DT_UINT8";
        case DT_INT16: return "DT_INT16";
        case DT_UINT16: return "DT_UINT16";
        case DT_INT32: return "DT_INT32";
        case DT_UINT32: return "DT_UINT32";
        case DT_INT64: return "DT_INT64";
        case DT_UINT64: return "DT_UINT64";
        case DT_BOOL: return "DT_BOOL";
        default: return "DT_UNDEFINED";
    }
}

// Whether the IR's TensorType text (as REG_OP recorded it) admits dtype t: TensorType::ALL() and
// friends admit every type; a TensorType({...}) list admits the names it lists.
bool IrAccepts(const std::string& types, DataType t) {
    if (types.find("TensorType(") == std::string::npos && types.find("TensorType({") == std::string::npos) return true;
    if (types.find("{") == std::string::npos) return true;   // TensorType::ALL(), NumberType(), ...
    const std::string name = DtypeName(t);
    for (size_t at = types.find(name); at != std::string::npos; at = types.find(name, at + 1)) {
        const size_t end = at + name.size();
        if (end == types.size() || !(std::isalnum(static_cast<unsigned char>(types[end])) || types[end] == '_')) return true;
    }
    return false;
}

std::string ListOf(const std::string& types) {
    const size_t a = types.find('{'), b = types.find('}');
    return a == std::string::npos || b == std::string::npos ? types : types.substr(a + 1, b - a - 1);
}

struct Node {
    Operator op;
    bool isData = false;
    size_t feed = 0;   // Data: index into RunGraph's inputs
    bool isConst = false;   // Const: its attribute value is the output
};

// The graph as AddGraph checked it: nodes in an order where producers come first.
struct Plan {
    std::vector<Node> nodes;
    std::vector<std::string> outputs;   // node names, each node's first output
    size_t inputCount = 0;
};

Status Collect(const Operator& op, const std::map<std::string, size_t>& dataIndex, std::set<std::string>& visiting,
               std::map<std::string, bool>& done, Plan& plan) {
    const std::string& name = Access::Name(op);
    if (done.count(name)) return SUCCESS;
    if (visiting.count(name))
        return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: the graph has a cycle through node '" + name + "'");
    visiting.insert(name);
    const std::string& type = Access::Type(op);
    Node node{op, type == "Data", 0, type == "Const"};
    if (node.isConst) {
        Tensor value;
        if (op.GetAttr("value", value) != GRAPH_SUCCESS)
            return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: Const node '" + name + "' has no value; expected attribute value");
    } else if (node.isData) {
        auto it = dataIndex.find(name);
        if (it == dataIndex.end())
            return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: Data node '" + name +
                                                        "' is not a graph input; expected it in Graph::SetInputs");
        node.feed = it->second;
    } else {
        if (!OperatorFactory::IsExistOp(type.c_str()))
            return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: node '" + name + "' has op type '" + type +
                                                        "', which has no registered IR prototype (REG_OP)");
        {
            std::lock_guard<std::mutex> lock(Eng().mu);
            if (!Eng().kernels.count(type))
                return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: node '" + name + "' has op type '" + type +
                                                            "', for which no op package provides a kernel");
        }
        for (const auto& in : Access::Inputs(op)) {
            if (!in.src && in.optional) continue;   // an optional input left out
            if (!in.src)
                return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: input '" + in.name + "' of node '" + name +
                                                            "' (" + type + ") is not connected; expected an edge from SetInput");
            if (Status s = Collect(*in.src, dataIndex, visiting, done, plan)) return s;
        }
    }
    visiting.erase(name);
    done[name] = true;
    plan.nodes.push_back(std::move(node));
    return SUCCESS;
}

struct DeviceBuffer {
    void* data = nullptr;
    TensorDesc desc;
    size_t bytes = 0;
};

}  // namespace

}  // namespace ge

namespace ascend_sim {
void RegisterGraphKernel(const std::string& opType, GraphKernel kernel) {
    std::lock_guard<std::mutex> lock(ge::Eng().mu);
    ge::Eng().kernels[opType] = std::move(kernel);
}
}  // namespace ascend_sim

namespace ge {

Status GEInitialize(const std::map<std::string, std::string>& options) {
    Engine& e = Eng();
    std::lock_guard<std::mutex> lock(e.mu);
    if (e.initialized) return SUCCESS;
    int32_t device = 0;
    auto it = options.find("ge.exec.deviceId");
    if (it != options.end()) {
        try {
            device = std::stoi(it->second);
        } catch (...) {
            return Fail(ACL_ERROR_GE_PARAM_INVALID, "GEInitialize: option ge.exec.deviceId is '" + it->second +
                                                        "'; expected a device number");
        }
    }
    // A program that already initialized the runtime keeps it; GE then only sets its device.
    aclError r = aclInit(nullptr);
    if (r != ACL_SUCCESS && r != ACL_ERROR_REPEAT_INITIALIZE)
        return Fail(FAILED, std::string("GEInitialize: aclInit failed: ") + aclGetRecentErrMsg());
    e.ownsAcl = r == ACL_SUCCESS;
    if (aclrtSetDevice(device) != ACL_SUCCESS) {
        std::string why = aclGetRecentErrMsg();
        if (e.ownsAcl) aclFinalize();
        return Fail(ACL_ERROR_GE_PARAM_INVALID, "GEInitialize: device " + std::to_string(device) + ": " + why);
    }
    e.deviceId = device;
    e.initialized = true;
    return SUCCESS;
}

Status GEInitialize(const std::map<AscendString, AscendString>& options) {
    std::map<std::string, std::string> o;
    for (const auto& kv : options) o[kv.first.GetString()] = kv.second.GetString();
    return GEInitialize(o);
}

Status GEFinalize() {
    Engine& e = Eng();
    std::lock_guard<std::mutex> lock(e.mu);
    if (!e.initialized) return SUCCESS;
    aclrtResetDevice(e.deviceId);
    if (e.ownsAcl) aclFinalize();
    e.initialized = false;
    e.ownsAcl = false;
    return SUCCESS;
}

std::string GEGetErrorMsg() { return g_errorMsg; }

struct Session::Impl {
    std::mutex mu;
    std::map<uint32_t, Plan> graphs;
};

Session::Session(const std::map<std::string, std::string>&) : impl_(new Impl) {}
Session::Session(const std::map<AscendString, AscendString>&) : impl_(new Impl) {}
Session::~Session() = default;

Status Session::AddGraph(uint32_t graphId, const Graph& graph) {
    {
        std::lock_guard<std::mutex> lock(Eng().mu);
        if (!Eng().initialized)
            return Fail(ACL_ERROR_GE_EXEC_NOT_INIT, "AddGraph: GE is not initialized; expected GEInitialize first");
    }
    if (graph.AgsOutputs().empty())
        return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: graph " + std::to_string(graphId) +
                                                    " has no outputs; expected Graph::SetOutputs");
    std::map<std::string, size_t> dataIndex;
    for (size_t i = 0; i < graph.AgsInputs().size(); ++i) {
        const Operator& in = graph.AgsInputs()[i];
        if (Access::Type(in) != "Data")
            return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: graph input " + std::to_string(i) + " ('" +
                                                        Access::Name(in) + "') has op type '" + Access::Type(in) +
                                                        "'; expected a Data operator");
        dataIndex[Access::Name(in)] = i;
    }
    Plan plan;
    plan.inputCount = graph.AgsInputs().size();
    std::set<std::string> visiting;
    std::map<std::string, bool> done;
    for (const Operator& out : graph.AgsOutputs()) {
        if (Status s = Collect(out, dataIndex, visiting, done, plan)) return s;
        plan.outputs.push_back(Access::Name(out));
    }
    std::lock_guard<std::mutex> lock(impl_->mu);
    if (impl_->graphs.count(graphId))
        return Fail(ACL_ERROR_GE_PARAM_INVALID, "AddGraph: graph id " + std::to_string(graphId) +
                                                    " is already added; expected a new id or RemoveGraph first");
    impl_->graphs[graphId] = std::move(plan);
    return SUCCESS;
}

Status Session::AddGraph(uint32_t graphId, const Graph& graph, const std::map<std::string, std::string>&) {
    return AddGraph(graphId, graph);
}
Status Session::AddGraph(uint32_t graphId, const Graph& graph, const std::map<AscendString, AscendString>&) {
    return AddGraph(graphId, graph);
}

Status Session::RemoveGraph(uint32_t graphId) {
    std::lock_guard<std::mutex> lock(impl_->mu);
    if (!impl_->graphs.erase(graphId))
        return Fail(ACL_ERROR_GE_PARAM_INVALID, "RemoveGraph: graph id " + std::to_string(graphId) + " was not added");
    return SUCCESS;
}

Status Session::RunGraph(uint32_t graphId, const std::vector<Tensor>& inputs, std::vector<Tensor>& outputs) {
    Plan plan;
    {
        std::lock_guard<std::mutex> lock(impl_->mu);
        auto it = impl_->graphs.find(graphId);
        if (it == impl_->graphs.end())
            return Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: graph id " + std::to_string(graphId) +
                                                        " was not added; expected AddGraph first");
        plan = it->second;
    }
    {
        std::lock_guard<std::mutex> lock(Eng().mu);
        if (!Eng().initialized)
            return Fail(ACL_ERROR_GE_EXEC_NOT_INIT, "RunGraph: GE is not initialized; expected GEInitialize first");
    }
    if (inputs.size() != plan.inputCount)
        return Fail(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + std::to_string(inputs.size()) + " input tensors for graph " +
                                                    std::to_string(graphId) + "; expected " + std::to_string(plan.inputCount));
    aclGetRecentErrMsg();   // a node's reason is what it records from here on
    std::map<std::string, DeviceBuffer> buffers;   // "node:output" -> device tensor
    std::vector<void*> allocated;
    aclrtStream stream = nullptr;
    auto release = [&]() {
        for (void* p : allocated) aclrtFree(p);
        if (stream) aclrtDestroyStream(stream);
    };
    auto failRun = [&](Status s, const std::string& msg) {
        release();
        return Fail(s, msg);
    };
    auto alloc = [&](DeviceBuffer& b) -> bool {
        const int64_t n = b.desc.GetShape().GetShapeSize();
        b.bytes = static_cast<size_t>(n > 0 ? n : 0) * ElemBytes(b.desc.GetDataType());
        if (b.bytes == 0) return true;
        if (aclrtMalloc(&b.data, b.bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        allocated.push_back(b.data);
        return true;
    };
    if (aclrtCreateStream(&stream) != ACL_SUCCESS)
        return failRun(FAILED, std::string("RunGraph: could not create a stream: ") + aclGetRecentErrMsg());

    for (Node& node : plan.nodes) {
        Operator& op = node.op;
        const std::string& name = Access::Name(op);
        const std::string& type = Access::Type(op);
        if (node.isData || node.isConst) {
            Tensor constValue;
            if (node.isConst) op.GetAttr("value", constValue);
            const Tensor& t = node.isConst ? constValue : inputs[node.feed];
            const std::string what = node.isConst ? "Const '" + name + "'" : "input " + std::to_string(node.feed) + " (Data '" + name + "')";
            DeviceBuffer b;
            b.desc = t.GetTensorDesc();
            const size_t esize = ElemBytes(b.desc.GetDataType());
            const int64_t n = b.desc.GetShape().GetShapeSize();
            if (esize == 0 || n < 0)
                return failRun(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + what + " has dtype " + DtypeName(b.desc.GetDataType()) +
                                                               " and shape " + Dims(b.desc.GetShape()) +
                                                               "; expected a known shape and dtype");
            if (t.GetSize() != static_cast<size_t>(n) * esize)
                return failRun(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: " + what + " holds " + std::to_string(t.GetSize()) +
                                                               " bytes; its shape " + Dims(b.desc.GetShape()) + " and dtype need " +
                                                               std::to_string(static_cast<size_t>(n) * esize));
            if (!alloc(b)) return failRun(ACL_ERROR_GE_MEMORY_ALLOCATION, std::string("RunGraph: ") + aclGetRecentErrMsg());
            if (b.bytes && aclrtMemcpy(b.data, b.bytes, t.GetData(), b.bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS)
                return failRun(FAILED, "RunGraph: copying " + what + ": " + aclGetRecentErrMsg());
            for (const auto& out : Access::Outputs(op)) buffers[name + ":" + out.name] = b;
            continue;
        }
        std::vector<ascend_sim::GraphDeviceTensor> ins, outs;
        for (const auto& in : Access::Inputs(op)) {
            if (!in.src && in.optional) continue;   // the kernel gets the connected inputs only
            const std::string key = Access::Name(*in.src) + ":" + in.srcOutput;
            auto it = buffers.find(key);
            if (it == buffers.end())
                return failRun(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: input '" + in.name + "' of node '" + name +
                                                               "' reads output '" + in.srcOutput + "' of node '" +
                                                               Access::Name(*in.src) + "', which does not exist");
            const DataType dt = it->second.desc.GetDataType();
            if (!IrAccepts(in.types, dt))
                return failRun(ACL_ERROR_GE_DATATYPE_INVALID, "RunGraph: node '" + name + "' (" + type + "): input '" + in.name +
                                                                  "' has dtype " + DtypeName(dt) + "; the IR accepts " + ListOf(in.types));
            op.UpdateInputDesc(in.name.c_str(), it->second.desc);
            ins.push_back({it->second.data, it->second.desc});
        }
        if (op.VerifyAllAttr() != GRAPH_SUCCESS)
            return failRun(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: node '" + name + "' (" + type +
                                                           "): attribute check failed: " + aclGetRecentErrMsg());
        if (op.InferShapeAndType() != GRAPH_SUCCESS)
            return failRun(ACL_ERROR_GE_SHAPE_INVALID, "RunGraph: node '" + name + "' (" + type +
                                                           "): infer-shape failed: " + aclGetRecentErrMsg());
        for (const auto& out : Access::Outputs(op)) {
            DeviceBuffer b;
            b.desc = op.GetOutputDescByName(out.name.c_str());
            if (b.desc.GetShape().GetShapeSize() < 0 || ElemBytes(b.desc.GetDataType()) == 0)
                return failRun(ACL_ERROR_GE_SHAPE_INVALID, "RunGraph: node '" + name + "' (" + type + "): output '" + out.name +
                                                               "' was inferred as " + Dims(b.desc.GetShape()) +
                                                               "; expected a known shape");
            if (!alloc(b)) return failRun(ACL_ERROR_GE_MEMORY_ALLOCATION, std::string("RunGraph: ") + aclGetRecentErrMsg());
            buffers[name + ":" + out.name] = b;
            outs.push_back({b.data, b.desc});
        }
        ascend_sim::GraphKernel kernel;
        {
            std::lock_guard<std::mutex> lock(Eng().mu);
            kernel = Eng().kernels[type];
        }
        std::string why;
        if (!kernel(op, ins, outs, stream, &why))
            return failRun(ACL_ERROR_GE_INTERNAL_ERROR, "RunGraph: node '" + name + "' (" + type + "): " + why);
    }
    if (aclrtSynchronizeStream(stream) != ACL_SUCCESS)
        return failRun(FAILED, std::string("RunGraph: ") + aclGetRecentErrMsg());
    std::vector<Tensor> results;
    for (const std::string& name : plan.outputs) {
        const Node* node = nullptr;
        for (const Node& n : plan.nodes)
            if (Access::Name(n.op) == name) node = &n;
        const auto& outPorts = Access::Outputs(node->op);
        if (outPorts.empty())
            return failRun(ACL_ERROR_GE_PARAM_INVALID, "RunGraph: output node '" + name + "' has no outputs");
        const DeviceBuffer& b = buffers[name + ":" + outPorts[0].name];
        std::vector<uint8_t> host(b.bytes);
        if (b.bytes && aclrtMemcpy(host.data(), b.bytes, b.data, b.bytes, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS)
            return failRun(FAILED, std::string("RunGraph: copying output of '") + name + "': " + aclGetRecentErrMsg());
        results.emplace_back(b.desc, std::move(host));
    }
    release();
    outputs = std::move(results);
    g_errorMsg.clear();
    return SUCCESS;
}

}  // namespace ge
