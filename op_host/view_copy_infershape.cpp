// ViewCopy's infer functions (registered with SetInferShape / SetInferDataType in view_copy_def.cpp).
#include "op_host/view_copy_op_impl.h"

namespace viewcopy {

// y takes x's shape and dtype.
ge::graphStatus ViewCopyInferShape(gert::InferShapeContext* context) {
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    if (x == nullptr || y == nullptr) return ge::GRAPH_FAILED;
    *y = *x;
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus ViewCopyInferDataType(gert::InferDataTypeContext* context) {
    return context->SetOutputDataType(0, context->GetInputDataType(0));
}

}  // namespace viewcopy
