// ge::Operator (graph/operator.h), the subset a prototype and its infer function use, with CANN's
// signatures: named input/output descriptions, typed attributes, graph edges (SetInput), and
// InferShapeAndType / VerifyAllAttr, which run the functions registered for the op type
// (graph/operator_factory.h).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ascend_sim/sim.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"
#include "graph/tensor.h"
#include "graph/types.h"

namespace ge {

struct GraphEngineAccess;

class ASCEND_SIM_API Operator {
public:
    using OpInt = int64_t;
    using OpFloat = float32_t;
    using OpString = std::string;
    using OpAscendString = AscendString;
    using OpBool = bool;
    using OpListInt = std::vector<int64_t>;
    using OpTensor = Tensor;

    Operator() = default;
    explicit Operator(const char_t* type) : type_(type) {}
    Operator(const char_t* name, const char_t* type) : name_(name), type_(type) {}
    Operator(const AscendString& name, const AscendString& type) : name_(name.GetString()), type_(type.GetString()) {}
    virtual ~Operator() = default;

    bool IsEmpty() const { return type_.empty(); }
    graphStatus GetName(AscendString& name) const { name = name_.c_str(); return GRAPH_SUCCESS; }
    graphStatus GetOpType(AscendString& type) const { type = type_.c_str(); return GRAPH_SUCCESS; }

    // A graph edge: input dst_name takes the description of src_oprt's output `name` (its first
    // output when no name is given).
    Operator& SetInput(const char_t* dst_name, const Operator& src_oprt);
    Operator& SetInput(const char_t* dst_name, const Operator& src_oprt, const char_t* name);
    Operator& SetInput(const char_t* dst_name, const Operator& src_oprt, uint32_t index);
    Operator& SetInput(uint32_t dst_index, const Operator& src_oprt, uint32_t src_index);

    TensorDesc GetInputDescByName(const char_t* name) const;
    TensorDesc GetInputDesc(uint32_t index) const;
    graphStatus UpdateInputDesc(const char_t* name, const TensorDesc& tensor_desc);
    TensorDesc GetOutputDescByName(const char_t* name) const;
    TensorDesc GetOutputDesc(uint32_t index) const;
    graphStatus UpdateOutputDesc(const char_t* name, const TensorDesc& tensor_desc);
    size_t GetInputsSize() const { return inputs_.size(); }
    size_t GetOutputsSize() const { return outputs_.size(); }

    // Runs the infer function registered for this op type (COMMON_INFER_FUNC_REG / INFER_FUNC_REG).
    graphStatus InferShapeAndType();
    // Runs the verifier registered for this op type (VERIFY_FUNC_REG); success when there is none.
    graphStatus VerifyAllAttr(bool disable_common_verifier = false);

    Operator& SetAttr(const char_t* name, int64_t attr_value) { return Set(name, attr_value); }
    Operator& SetAttr(const char_t* name, int32_t attr_value) { return Set(name, int64_t(attr_value)); }
    Operator& SetAttr(const char_t* name, uint32_t attr_value) { return Set(name, int64_t(attr_value)); }
    Operator& SetAttr(const char_t* name, float32_t attr_value) { return Set(name, attr_value); }
    Operator& SetAttr(const char_t* name, bool attr_value) { return Set(name, attr_value); }
    Operator& SetAttr(const char_t* name, const char_t* attr_value) { return Set(name, std::string(attr_value)); }
    Operator& SetAttr(const char_t* name, const AscendString& attr_value) {
        return Set(name, std::string(attr_value.GetString()));
    }
    Operator& SetAttr(const std::string& name, const std::string& attr_value) { return Set(name.c_str(), attr_value); }
    Operator& SetAttr(const char_t* name, const std::vector<int64_t>& attr_value) { return Set(name, attr_value); }
    Operator& SetAttr(const char_t* name, const Tensor& attr_value) { return Set(name, attr_value); }

    graphStatus GetAttr(const char_t* name, int64_t& attr_value) const { return Get(name, attr_value); }
    graphStatus GetAttr(const char_t* name, int32_t& attr_value) const { return GetNarrow(name, attr_value); }
    graphStatus GetAttr(const char_t* name, uint32_t& attr_value) const { return GetNarrow(name, attr_value); }
    graphStatus GetAttr(const char_t* name, float32_t& attr_value) const { return Get(name, attr_value); }
    graphStatus GetAttr(const char_t* name, bool& attr_value) const { return Get(name, attr_value); }
    graphStatus GetAttr(const char_t* name, AscendString& attr_value) const {
        std::string s;
        if (Get(name, s) != GRAPH_SUCCESS) return GRAPH_FAILED;
        attr_value = AscendString(s.c_str());
        return GRAPH_SUCCESS;
    }
    graphStatus GetAttr(const std::string& name, std::string& attr_value) const { return Get(name.c_str(), attr_value); }
    graphStatus GetAttr(const char_t* name, std::vector<int64_t>& attr_value) const { return Get(name, attr_value); }
    graphStatus GetAttr(const char_t* name, Tensor& attr_value) const { return Get(name, attr_value); }

    // The value of the Const operator that input dst_name is connected to; GRAPH_FAILED when the
    // input is not connected to a Const (e.g. a graph input, known only when the graph runs).
    //   GetInputConstData: https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/basicdataapi/atlasopapi_07_00352.html
    graphStatus GetInputConstData(const char_t* dst_name, Tensor& data) const;
    graphStatus GetInputConstData(const std::string& dst_name, Tensor& data) const {
        return GetInputConstData(dst_name.c_str(), data);
    }

protected:
    // Called by the REG_OP macro family; the type text is the IR's TensorType expression.
    void InputRegister(const char_t* name, const char_t* datatype_symbol);
    void OptionalInputRegister(const char_t* name, const char_t* datatype_symbol);
    void OutputRegister(const char_t* name, const char_t* datatype_symbol);
    void RequiredAttrWithTypeRegister(const char_t* name, const char_t* attr_type) {
        requiredAttrs_.emplace_back(name, attr_type);
    }

private:
    friend struct GraphEngineAccess;   // the simulator's graph engine (ge/ge_api.h) walks the edges
    using AttrValue = std::variant<int64_t, float32_t, bool, std::string, std::vector<int64_t>, Tensor>;
    struct Port {
        std::string name;
        std::string types;
        TensorDesc desc;
        // the graph edge into an input: the producer as it was when SetInput connected it, and its output
        std::shared_ptr<const Operator> src;
        std::string srcOutput;
        bool optional = false;   // OPTIONAL_INPUT: may stay unconnected
    };
    template <typename T>
    Operator& Set(const char_t* name, T value) {
        for (auto& a : attrs_)
            if (a.first == name) { a.second = std::move(value); return *this; }
        attrs_.emplace_back(name, std::move(value));
        return *this;
    }
    template <typename T>
    graphStatus Get(const char_t* name, T& value) const {
        for (const auto& a : attrs_)
            if (a.first == name && std::holds_alternative<T>(a.second)) {
                value = std::get<T>(a.second);
                return GRAPH_SUCCESS;
            }
        return GRAPH_FAILED;
    }
    template <typename T>
    graphStatus GetNarrow(const char_t* name, T& value) const {
        int64_t v = 0;
        if (Get(name, v) != GRAPH_SUCCESS) return GRAPH_FAILED;
        value = static_cast<T>(v);
        return GRAPH_SUCCESS;
    }

    std::string name_, type_;
    std::vector<Port> inputs_, outputs_;
    std::vector<std::pair<std::string, AttrValue>> attrs_;
    std::vector<std::pair<std::string, std::string>> requiredAttrs_;
};

}  // namespace ge
