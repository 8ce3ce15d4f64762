// Interpolate operator prototype (OpDef) for the AI Core kernel: x -> y (float16, float32, bf16, ND),
// the attributes of Interpolate-11 that the kernel needs (the op-API layer resolves scales into
// sizes and sends padded problems to the AI CPU), infer functions, tiling and SoCs.
#include "op_host/interpolate_op_impl.h"
#include "register/op_def_registry.h"

namespace interp {

void DeclareInterpolateAttrs(ops::OpDef& def) {
    def.Attr("mode").AttrType(ops::OPTIONAL).String("nearest");
    def.Attr("coordinate_transformation_mode").AttrType(ops::OPTIONAL).String("half_pixel");
    def.Attr("nearest_mode").AttrType(ops::OPTIONAL).String("round_prefer_floor");
    def.Attr("antialias").AttrType(ops::OPTIONAL).Bool(false);
    def.Attr("cube_coeff").AttrType(ops::OPTIONAL).Float(-0.75f);
    def.Attr("axes").AttrType(ops::OPTIONAL).ListInt({});
    def.Attr("sizes").AttrType(ops::OPTIONAL).ListInt({});
    def.Attr("pads_begin").AttrType(ops::OPTIONAL).ListInt({});
    def.Attr("pads_end").AttrType(ops::OPTIONAL).ListInt({});
}

}  // namespace interp

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
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(Interpolate);

}  // namespace ops
