// Context builders (documented in metadef, base/context_builder/: OpContextBuilderBase with
// OpType, OpName, IONum, AppendAttr; OpTilingContextBuilder with PlatformInfo, TilingData,
// Workspace, InputTensors, OutputTensors, Build -> ContextHolder<TilingContext>). The op-API layer
// and tiling tests build a TilingContext with them; the infer-shape and infer-datatype builders
// follow the same pattern. Attributes are appended in the order the OpDef declares them.
#pragma once
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "exe_graph/runtime/op_context_data.h"
#include "graph/types.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"

namespace gert {

// Owns a built context and what it points to (base/context_builder/context_holder.h).
template <typename T>
class ContextHolder {
public:
    ContextHolder() = default;
    explicit ContextHolder(std::unique_ptr<OpContextData> d) : data_(std::move(d)), ctx_(new T(data_.get())) {}
    T* GetContext() { return ctx_.get(); }

private:
    std::unique_ptr<OpContextData> data_;
    std::unique_ptr<T> ctx_;
};

template <typename T>
class OpContextBuilderBase {
public:
    T& OpType(const ge::AscendString& t) { d_->opType = t.GetString(); return Self(); }
    T& OpName(const ge::AscendString& n) { d_->opName = n.GetString(); return Self(); }
    T& IONum(size_t inputs, size_t outputs) {
        inputNum_ = inputs;
        outputNum_ = outputs;
        return Self();
    }
    T& AppendAttr(bool v) { RuntimeAttrs::Value a; a.kind = RuntimeAttrs::Kind::kBool; a.b = v; return Add(std::move(a)); }
    T& AppendAttr(int64_t v) { RuntimeAttrs::Value a; a.kind = RuntimeAttrs::Kind::kInt; a.i = v; return Add(std::move(a)); }
    T& AppendAttr(float v) { RuntimeAttrs::Value a; a.kind = RuntimeAttrs::Kind::kFloat; a.f = v; return Add(std::move(a)); }
    T& AppendAttr(const ge::AscendString& v) {
        RuntimeAttrs::Value a;
        a.kind = RuntimeAttrs::Kind::kStr;
        a.s = v.GetString();
        return Add(std::move(a));
    }
    T& AppendAttr(const std::vector<int64_t>& v) { return Add(RuntimeAttrs::ListValue(RuntimeAttrs::Kind::kListInt, v)); }
    T& AppendAttr(const std::vector<float>& v) { return Add(RuntimeAttrs::ListValue(RuntimeAttrs::Kind::kListFloat, v)); }
    // Shapes, data types and formats of the inputs and outputs, in IR order.
    T& InputTensors(const std::vector<Tensor*>& inputs) {
        d_->inputs.clear();
        d_->inputDescs.clear();
        for (Tensor* t : inputs) {
            d_->inputs.push_back(t ? *t : Tensor());
            d_->inputDescs.push_back(DescOf(t));
        }
        return Self();
    }
    T& OutputTensors(const std::vector<Tensor*>& outputs) {
        d_->outputs.clear();
        d_->outputDescs.clear();
        for (Tensor* t : outputs) {
            d_->outputs.push_back(t ? *t : Tensor());
            d_->outputDescs.push_back(DescOf(t));
        }
        return Self();
    }

    OpContextBuilderBase(const OpContextBuilderBase&) = delete;
    OpContextBuilderBase& operator=(const OpContextBuilderBase&) = delete;
    virtual ~OpContextBuilderBase() = default;

protected:
    OpContextBuilderBase() : d_(new OpContextData) {}
    static CompileTimeTensorDesc DescOf(const Tensor* t) {
        CompileTimeTensorDesc d;
        if (t == nullptr) return d;
        d.SetDataType(t->GetDataType());
        d.SetOriginFormat(t->GetOriginFormat());
        d.SetStorageFormat(t->GetStorageFormat());
        d.SetExpandDimsType(t->GetFormat().GetExpandDimsType());
        return d;
    }
    T& Self() { return static_cast<T&>(*this); }
    T& Add(RuntimeAttrs::Value a) { d_->attrs.Append(std::move(a)); return Self(); }
    // Pads the inputs and outputs to the IONum counts and hands the data to a holder.
    std::unique_ptr<OpContextData> Finish() {
        if (d_->inputs.size() < inputNum_) {
            d_->inputs.resize(inputNum_);
            d_->inputDescs.resize(inputNum_);
        }
        const size_t outs = std::max(outputNum_, d_->outputs.size());
        d_->outputs.resize(outs);
        d_->outputDescs.resize(outs);
        d_->inferredShapes.assign(outs, Shape());
        d_->inferredTypes.assign(outs, ge::DT_UNDEFINED);
        return std::move(d_);
    }
    std::unique_ptr<OpContextData> d_;
    size_t inputNum_ = 0, outputNum_ = 0;
};

}  // namespace gert
