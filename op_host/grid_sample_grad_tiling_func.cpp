// GridSampleGrad's gert tiling function (registered with AICore().SetTiling in
// grid_sample_grad_def.cpp): a thin adapter around the pure ComputeGradTiling.
#include <string>

#include "op_host/attr_names.h"
#include "op_host/grid_sample_grad_op_impl.h"
#include "op_host/grid_sample_grad_compute_tiling.h"
#include "op_host/tiling_platform.h"

namespace gridsample {

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
    if (!GridSampleDataKindOf(xDesc->GetDataType(), &p.dataKind)) return ge::GRAPH_FAILED;
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

    return ComputeAndWriteTiling<GradTiling>(context, [&p](const TilingPlatform& t, GradTiling* out, std::string* why) {
        return ComputeGradTiling(p, PlatformInfo{t.coreNum, t.ubBytes}, out, why);
    });
}

}  // namespace gridsample
