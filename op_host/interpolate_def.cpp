// Interpolate operator prototype (OpDef) for the AI Core kernel: x -> y (float16, float32, bf16, ND),
// the attributes of Interpolate-11 that the kernel needs (the op-API layer resolves scales into
// sizes and sends padded problems to the AI CPU), infer functions, tiling and SoCs.
#include "op_host/interpolate_op_impl.h"
#include "op_host/interpolate_attrs.h"
#include "op_host/op_def_common.h"
#include "register/op_def_registry.h"

namespace ops {

class Interpolate : public OpDef {
public:
    explicit Interpolate(const char* name) : OpDef(name) {
        const std::vector<ge::DataType> types = {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16};
        const std::vector<ge::Format> formats = {ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND};
        this->Input("x").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Output("y").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        interp::DeclareInterpolateAttrs(*this);
        this->SetInferShape(interp::InterpolateInferShape);
        this->SetInferDataType(interp::InterpolateInferDataType);
        this->AICore().SetTiling(interp::InterpolateTilingFunc);
        AddPackageConfigs(this->AICore());
    }
};

OP_ADD(Interpolate);

}  // namespace ops
