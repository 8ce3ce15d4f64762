// InterpolateGrad (Interpolate's backward) operator prototype (OpDef): input y_grad (shaped like
// Interpolate's y), output x_grad (shaped like its x, the attribute input_size); the attributes are Interpolate's, in the same order (so one attribute table serves
// both tiling functions), then input_size. The tiling function (interpolate_tiling_func.cpp) plans
// the adjoint passes for the same AI Core kernel.
#include "op_host/interpolate_attrs.h"
#include "op_host/interpolate_op_impl.h"
#include "op_host/op_def_common.h"
#include "register/op_def_registry.h"

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
        AddPackageConfigs(this->AICore());
    }
};

OP_ADD(InterpolateGrad);

}  // namespace ops
