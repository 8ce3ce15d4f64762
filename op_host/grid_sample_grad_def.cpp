// GridSampleGrad (GridSample's backward) operator prototype (OpDef) with its gert tiling function
// and infer functions: inputs y_grad (N, C, *out), x (N, C, *in), grid (N, *out, dims); outputs
// x_grad like x and grid_grad like grid; attributes as GridSample's plus which gradients to compute.
// The tiling function is a thin adapter around the pure ComputeGradTiling.
#include <string>
#include <vector>

#include "op_host/attr_names.h"
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "op_host/grid_sample_grad_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace gridsample {

// Attribute indices, in the order the OpDef declares them.
enum GridSampleGradAttr : size_t {
    kGradAttrInterpolationMode = 0,
    kGradAttrPaddingMode,
    kGradAttrAlignCorners,
    kGradAttrInputGrad,   // compute x_grad
    kGradAttrGridGrad,    // compute grid_grad
};

ge::graphStatus GridSampleGradTilingFunc(gert::TilingContext* context) {
    const gert::StorageShape* goShape = context->GetInputShape(0);
    const gert::StorageShape* xShape = context->GetInputShape(1);
    const gert::StorageShape* gridShape = context->GetInputShape(2);
    const gert::CompileTimeTensorDesc* xDesc = context->GetInputDesc(1);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (goShape == nullptr || xShape == nullptr || gridShape == nullptr || xDesc == nullptr || attrs == nullptr)
        return ge::GRAPH_FAILED;
    const gert::Shape& x = xShape->GetStorageShape();
    const gert::Shape& grid = gridShape->GetStorageShape();
    const size_t rank = x.GetDimNum();
    if ((rank != 4 && rank != 5) || grid.GetDimNum() != rank || goShape->GetStorageShape().GetDimNum() != rank ||
        grid.GetDim(rank - 1) != static_cast<int64_t>(rank) - 2)
        return ge::GRAPH_FAILED;
    GradProblem p;
    switch (xDesc->GetDataType()) {
        case ge::DT_FLOAT: p.dataKind = kFloat32; break;
        case ge::DT_FLOAT16: p.dataKind = kFloat16; break;
        case ge::DT_BF16: p.dataKind = kBFloat16; break;
        default: return ge::GRAPH_FAILED;
    }
    p.mode = opattr::IndexOfName(attrs->GetStr(kGradAttrInterpolationMode), opattr::kGridSampleModes);
    p.padding = opattr::IndexOfName(attrs->GetStr(kGradAttrPaddingMode), opattr::kGridSamplePaddings);
    const bool* alignCorners = attrs->GetBool(kGradAttrAlignCorners);
    const bool* inputGrad = attrs->GetBool(kGradAttrInputGrad);
    const bool* gridGrad = attrs->GetBool(kGradAttrGridGrad);
    if (p.mode < 0 || p.padding < 0 || alignCorners == nullptr || inputGrad == nullptr || gridGrad == nullptr)
        return ge::GRAPH_FAILED;
    p.alignCorners = *alignCorners ? 1 : 0;
    p.inputGrad = *inputGrad;
    p.gridGrad = *gridGrad;
    p.dims = static_cast<int32_t>(rank) - 2;
    p.n = x.GetDim(0);
    p.c = x.GetDim(1);
    p.inD = p.dims == 3 ? x.GetDim(2) : 1;
    p.inH = x.GetDim(rank - 2);
    p.inW = x.GetDim(rank - 1);
    p.points = 1;
    for (size_t d = 1; d + 1 < rank; ++d) p.points *= grid.GetDim(d);

    platform_ascendc::PlatformAscendC ascendc(context->GetPlatformInfo());
    ascendc.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_8K);
    PlatformInfo platform;
    platform.coreNum = ascendc.GetCoreNumAiv();
    ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, platform.ubBytes);
    GradTiling tiling;
    std::string why;
    if (!ComputeGradTiling(p, platform, &tiling, &why)) return ge::GRAPH_FAILED;
    GridSampleGradTilingData* data = context->GetTilingData<GridSampleGradTilingData>();
    size_t* workspaces = context->GetWorkspaceSizes(1);
    if (data == nullptr || workspaces == nullptr) return ge::GRAPH_FAILED;
    *data = tiling.data;
    context->GetRawTilingData()->SetDataSize(sizeof(GridSampleGradTilingData));
    context->SetBlockDim(tiling.blockDim);
    if (context->SetTilingKey(tiling.tilingKey) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
    workspaces[0] = static_cast<size_t>(tiling.workspaceBytes);
    return ge::GRAPH_SUCCESS;
}

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
        this->Attr("interpolation_mode").AttrType(OPTIONAL).String("bilinear");
        this->Attr("padding_mode").AttrType(OPTIONAL).String("zeros");
        this->Attr("align_corners").AttrType(OPTIONAL).Bool(false);
        this->Attr("x_grad_required").AttrType(OPTIONAL).Bool(true);
        this->Attr("grid_grad_required").AttrType(OPTIONAL).Bool(true);
        this->SetInferShape(gridsample::GridSampleGradInferShape);
        this->SetInferDataType(gridsample::GridSampleGradInferDataType);
        this->AICore().SetTiling(gridsample::GridSampleGradTilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};

OP_ADD(GridSampleGrad);

}  // namespace ops
