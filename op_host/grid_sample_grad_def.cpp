// GridSampleGrad (GridSample's backward) operator prototype (OpDef): inputs, outputs, attributes (as
// GridSample's plus which gradients to compute), infer functions, tiling and the SoCs it is built for.
#include "op_host/attr_names.h"
#include "op_host/grid_sample_grad_op_impl.h"
#include "op_host/op_def_common.h"
#include "register/op_def_registry.h"

namespace ops {

class GridSampleGrad : public OpDef {
public:
    explicit GridSampleGrad(const char* name) : OpDef(name) {
        const std::vector<ge::DataType> types = {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16};
        const std::vector<ge::Format> formats = {ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND};
        this->Input("y_grad").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Input("x").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Input("grid").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Output("x_grad").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Output("grid_grad").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Attr("interpolation_mode").AttrType(OPTIONAL).String(opattr::kDefaultGridSampleMode);
        this->Attr("padding_mode").AttrType(OPTIONAL).String(opattr::kDefaultGridSamplePadding);
        this->Attr("align_corners").AttrType(OPTIONAL).Bool(false);
        this->Attr("x_grad_required").AttrType(OPTIONAL).Bool(true);
        this->Attr("grid_grad_required").AttrType(OPTIONAL).Bool(true);
        this->SetInferShape(gridsample::GridSampleGradInferShape);
        this->SetInferDataType(gridsample::GridSampleGradInferDataType);
        this->AICore().SetTiling(gridsample::GridSampleGradTilingFunc);
        AddPackageConfigs(this->AICore());
    }
};

OP_ADD(GridSampleGrad);

}  // namespace ops
