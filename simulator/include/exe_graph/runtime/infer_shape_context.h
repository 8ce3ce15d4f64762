// gert::InferShapeContext (documented exe_graph/runtime/infer_shape_context.h): input shapes and
// attributes in, output shapes out. "InferShapeContext GetInputShape GetOutputShape GetAttrs"
// (CANN basic data API reference).
#pragma once
#include "exe_graph/runtime/op_context_data.h"
#include "graph/types.h"
#include "graph/ascend_string.h"
#include "graph/ge_error_codes.h"

namespace gert {
template <typename T>
class ContextHolder;

class InferShapeContext {
public:
    const char* GetNodeType() const { return d_->opType.c_str(); }
    const char* GetNodeName() const { return d_->opName.c_str(); }
    const Shape* GetInputShape(size_t index) const {
        return index < d_->inputs.size() ? &d_->inputs[index].GetOriginShape() : nullptr;
    }
    const Tensor* GetInputTensor(size_t index) const { return index < d_->inputs.size() ? &d_->inputs[index] : nullptr; }
    Shape* GetOutputShape(size_t index) {
        return index < d_->inferredShapes.size() ? &d_->inferredShapes[index] : nullptr;
    }
    const RuntimeAttrs* GetAttrs() const { return &d_->attrs; }

private:
    template <typename T>
    friend class ContextHolder;
    explicit InferShapeContext(OpContextData* d) : d_(d) {}
    OpContextData* d_;
};

}  // namespace gert
