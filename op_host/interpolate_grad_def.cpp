// InterpolateGrad (Interpolate's backward) operator prototype (OpDef) with its infer functions:
// input y_grad (shaped like Interpolate's y), output x_grad (shaped like its x, the attribute
// input_size); the attributes are Interpolate's, in the same order (so one attribute table serves
// both tiling functions), then input_size. The tiling function (interpolate_tiling_func.cpp) plans
// the adjoint passes for the same AI Core kernel.
#include "op_host/interpolate_op_impl.h"
#include "register/op_def_registry.h"

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

namespace ops {

class InterpolateGrad : public OpDef {
public:
    explicit InterpolateGrad(const char* name) : OpDef(name) {
        const std::vector<ge::DataType> types = {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16};
        const std::vector<ge::Format> formats = {ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND};
        this->Input("y_grad").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Output("x_grad").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        interp::DeclareInterpolateAttrs(*this);
        this->Attr("input_size").AttrType(REQUIRED).ListInt();
        this->SetInferShape(interp::InterpolateGradInferShape);
        this->SetInferDataType(interp::InterpolateGradInferDataType);
        this->AICore().SetTiling(interp::InterpolateGradTilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(InterpolateGrad);

}  // namespace ops
