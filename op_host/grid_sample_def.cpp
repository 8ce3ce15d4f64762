// GridSample operator prototype (OpDef): inputs, output, attributes, infer functions, tiling and
// the SoCs it is built for. The attributes and dtypes match the GE IR prototype
// (op_graph/grid_sample_proto.h); x_strides / grid_strides / y_strides are an extension for the
// op-API layer's strided views (empty, the default and what graph mode gives: contiguous).
#include "op_host/grid_sample_op_impl.h"
#include "op_host/attr_names.h"
#include "op_host/op_def_common.h"
#include "register/op_def_registry.h"

namespace ops {

class GridSample : public OpDef {
public:
    explicit GridSample(const char* name) : OpDef(name) {
        const std::vector<ge::DataType> types = {ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16};
        const std::vector<ge::Format> formats = {ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND};
        this->Input("x").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Input("grid").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Output("y").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Attr("interpolation_mode").AttrType(OPTIONAL).String(opattr::kDefaultGridSampleMode);
        this->Attr("padding_mode").AttrType(OPTIONAL).String(opattr::kDefaultGridSamplePadding);
        this->Attr("align_corners").AttrType(OPTIONAL).Bool(false);
        this->Attr("channel_last").AttrType(OPTIONAL).Bool(false);
        this->Attr("scheduler_mode").AttrType(OPTIONAL).Int(opattr::kDefaultSchedulerMode);
        this->Attr("x_strides").AttrType(OPTIONAL).ListInt({});
        this->Attr("grid_strides").AttrType(OPTIONAL).ListInt({});
        this->Attr("y_strides").AttrType(OPTIONAL).ListInt({});
        this->SetInferShape(gridsample::GridSampleInferShape);
        this->SetInferDataType(gridsample::GridSampleInferDataType);
        this->AICore().SetTiling(gridsample::GridSampleTilingFunc);
        AddPackageConfigs(this->AICore());
    }
};

OP_ADD(GridSample);

}  // namespace ops
