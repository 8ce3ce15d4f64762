// ViewCopy operator prototype (OpDef): x -> y of the same shape, 2- and 4-byte elements in ND, the
// strides attributes, infer functions, tiling and the SoCs it is built for.
#include "op_host/op_def_common.h"
#include "op_host/view_copy_op_impl.h"
#include "register/op_def_registry.h"

namespace ops {

class ViewCopy : public OpDef {
public:
    explicit ViewCopy(const char* name) : OpDef(name) {
        const std::vector<ge::DataType> types = {ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT16, ge::DT_FLOAT, ge::DT_INT32};
        const std::vector<ge::Format> formats(types.size(), ge::FORMAT_ND);
        this->Input("x").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Output("y").ParamType(REQUIRED).DataType(types).Format(formats).UnknownShapeFormat(formats);
        this->Attr("x_strides").AttrType(OPTIONAL).ListInt({});
        this->Attr("y_strides").AttrType(OPTIONAL).ListInt({});
        this->SetInferShape(viewcopy::ViewCopyInferShape);
        this->SetInferDataType(viewcopy::ViewCopyInferDataType);
        this->AICore().SetTiling(viewcopy::ViewCopyTilingFunc);
        AddPackageConfigs(this->AICore());
    }
};

OP_ADD(ViewCopy);

}  // namespace ops
