// GE Operator modelled for op_graph/: named inputs and outputs with tensor descriptions, typed
// attributes, and shape/type inference through the functions registered for the op type.
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ascend_sim/sim.h"
#include "graph/types.h"

namespace ge {

class Operator;
using InferFunc = std::function<graphStatus(Operator&)>;

// One registry per library, exported, so that protos registered in the package's library are
// found by every program that links it.
ASCEND_SIM_API void RegisterInferFunc(const std::string& opType, InferFunc func);
ASCEND_SIM_API const InferFunc* FindInferFunc(const std::string& opType);
// The reason the last failed inference on this thread gave (ReportInferError).
ASCEND_SIM_API std::string LastInferError();
ASCEND_SIM_API void ReportInferError(const std::string& message);

// Attribute value types named by the IR macros' Type argument.
using OpAttr_String = AscendString;
using OpAttr_Bool = bool;
using OpAttr_Int = int64_t;
using OpAttr_Float = float;

class Operator {
public:
    Operator(const char* name, const char* type) : name_(name), type_(type) {}
    virtual ~Operator() = default;

    graphStatus GetName(AscendString& name) const { name = name_.c_str(); return GRAPH_SUCCESS; }
    graphStatus GetOpType(AscendString& type) const { type = type_.c_str(); return GRAPH_SUCCESS; }

    TensorDesc GetInputDescByName(const char* name) const { return Find(inputs_, name) ? Find(inputs_, name)->desc : TensorDesc(); }
    TensorDesc GetOutputDescByName(const char* name) const { return Find(outputs_, name) ? Find(outputs_, name)->desc : TensorDesc(); }
    graphStatus UpdateInputDesc(const char* name, const TensorDesc& d) { return Update(inputs_, name, d); }
    graphStatus UpdateOutputDesc(const char* name, const TensorDesc& d) { return Update(outputs_, name, d); }
    // Whether `type` is among the data types the IR declares for an input or output.
    bool InputAllows(const char* name, DataType type) const { return Find(inputs_, name) && Find(inputs_, name)->types.Allows(type); }
    bool OutputAllows(const char* name, DataType type) const { return Find(outputs_, name) && Find(outputs_, name)->types.Allows(type); }

    template <typename T>
    graphStatus GetAttr(const char* name, T& value) const {
        for (const auto& a : attrs_)
            if (a.first == name && std::holds_alternative<T>(a.second)) {
                value = std::get<T>(a.second);
                return GRAPH_SUCCESS;
            }
        return GRAPH_FAILED;
    }
    template <typename T>
    Operator& SetAttr(const char* name, const T& value) {
        for (auto& a : attrs_)
            if (a.first == name) { a.second = value; return *this; }
        attrs_.emplace_back(name, value);
        return *this;
    }
    Operator& SetAttr(const char* name, const char* value) { return SetAttr(name, AscendString(value)); }
    Operator& SetAttr(const char* name, int value) { return SetAttr(name, int64_t(value)); }

    // Runs the inference function registered for this op type.
    graphStatus InferShapeAndType() {
        const InferFunc* f = FindInferFunc(type_);
        if (f == nullptr) {
            ReportInferError("no infer function registered for op type " + type_);
            return GRAPH_FAILED;
        }
        return (*f)(*this);
    }

protected:
    void InputRegister(const char* name, const TensorType& types) { inputs_.push_back({name, types, TensorDesc()}); }
    void OutputRegister(const char* name, const TensorType& types) { outputs_.push_back({name, types, TensorDesc()}); }
    // An edge of the graph: this input takes the description of `src`'s output `srcName`.
    void SetInputFrom(const char* name, const Operator& src, const char* srcName) {
        Update(inputs_, name, src.GetOutputDescByName(srcName));
    }

private:
    struct Port {
        std::string name;
        TensorType types;
        TensorDesc desc;
    };
    static const Port* Find(const std::vector<Port>& ports, const char* name) {
        for (const auto& p : ports)
            if (p.name == name) return &p;
        return nullptr;
    }
    static graphStatus Update(std::vector<Port>& ports, const char* name, const TensorDesc& d) {
        for (auto& p : ports)
            if (p.name == name) { p.desc = d; return GRAPH_SUCCESS; }
        return GRAPH_FAILED;
    }

    std::string name_, type_;
    std::vector<Port> inputs_, outputs_;
    std::vector<std::pair<std::string, std::variant<bool, int64_t, float, AscendString>>> attrs_;
};

// The empty link of the IR macro chain: each macro closes the previous registration step with
// `Done();` (the source supplies the dot: `.INPUT(...)`) and opens the next.
struct IrChain {
    void Done() const {}
};

}  // namespace ge
