// gert::OpInferShapeContextBuilder: builds an InferShapeContext from input tensors (shapes) and
// attributes; outputs start empty (rank 0) for the infer function to fill.
#pragma once
#include <algorithm>

#include "base/context_builder/op_context_builder_base.h"
#include "exe_graph/runtime/infer_shape_context.h"

namespace gert {

class OpInferShapeContextBuilder : public OpContextBuilderBase<OpInferShapeContextBuilder> {
public:
    ContextHolder<InferShapeContext> Build() { return ContextHolder<InferShapeContext>(Finish()); }
};

}  // namespace gert
