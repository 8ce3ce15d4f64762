// GridSampleGrad's infer functions (registered with SetInferShape / SetInferDataType in
// grid_sample_grad_def.cpp).
#include "op_host/grid_sample_grad_op_impl.h"

namespace gridsample {

// x_grad takes x's shape, grid_grad the grid's; both take x's dtype.
ge::graphStatus GridSampleGradInferShape(gert::InferShapeContext* context) {
    const gert::Shape* x = context->GetInputShape(1);
    const gert::Shape* grid = context->GetInputShape(2);
    gert::Shape* xGrad = context->GetOutputShape(0);
    gert::Shape* gridGrad = context->GetOutputShape(1);
    if (x == nullptr || grid == nullptr || xGrad == nullptr || gridGrad == nullptr) return ge::GRAPH_FAILED;
    *xGrad = *x;
    *gridGrad = *grid;
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus GridSampleGradInferDataType(gert::InferDataTypeContext* context) {
    const ge::DataType t = context->GetInputDataType(1);
    if (context->SetOutputDataType(0, t) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
    return context->SetOutputDataType(1, t);
}

}  // namespace gridsample
