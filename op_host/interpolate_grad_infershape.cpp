// InterpolateGrad's infer functions (registered with SetInferShape / SetInferDataType in
// interpolate_grad_def.cpp).
#include "op_host/interpolate_op_impl.h"

namespace interp {

// x_grad is input_size (the forward input's shape), of y_grad's dtype.
ge::graphStatus InterpolateGradInferShape(gert::InferShapeContext* context) {
    const gert::Shape* yGrad = context->GetInputShape(0);
    gert::Shape* xGrad = context->GetOutputShape(0);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (yGrad == nullptr || xGrad == nullptr || attrs == nullptr) return ge::GRAPH_FAILED;
    const gert::TypedContinuousVector<int64_t>* size = attrs->GetListInt(kAttrInputSize);
    if (size == nullptr || size->GetSize() == 0) return ge::GRAPH_FAILED;
    if (!(yGrad->GetDimNum() == 1 && yGrad->GetDim(0) == -2) && yGrad->GetDimNum() != size->GetSize())
        return ge::GRAPH_FAILED;
    gert::Shape out;
    for (size_t d = 0; d < size->GetSize(); ++d) out.AppendDim(size->GetData()[d]);
    *xGrad = out;
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus InterpolateGradInferDataType(gert::InferDataTypeContext* context) {
    return context->SetOutputDataType(0, context->GetInputDataType(0));
}

}  // namespace interp

