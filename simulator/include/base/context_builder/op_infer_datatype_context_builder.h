// gert::OpInferDataTypeContextBuilder: builds an InferDataTypeContext from input tensors (data
// types); output data types start DT_UNDEFINED for the infer function to set.
#pragma once
#include <algorithm>

#include "base/context_builder/op_context_builder_base.h"
#include "exe_graph/runtime/infer_datatype_context.h"

namespace gert {

class OpInferDataTypeContextBuilder : public OpContextBuilderBase<OpInferDataTypeContextBuilder> {
public:
    ContextHolder<InferDataTypeContext> Build() { return ContextHolder<InferDataTypeContext>(Finish()); }
};

}  // namespace gert
