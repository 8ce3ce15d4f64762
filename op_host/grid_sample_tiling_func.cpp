// GridSample's gert tiling function (registered with AICore().SetTiling in grid_sample_def.cpp):
// a thin adapter that reads shapes, dtype, attributes and the platform from the TilingContext,
// calls the pure ComputeTiling (grid_sample_compute_tiling.cpp) and writes the registered tiling struct,
// block dim, tiling key and workspace size back.
// View strides: a gert shape has none, so the op-API layer passes them as the optional ListInt
// attributes x_strides / grid_strides / y_strides (element strides of each tensor's dims in the
// order given); empty (graph mode) means contiguous. channel_last: x is (N, H, W, C) or (N, D, H, W, C).
#include <string>
#include <vector>

#include "op_host/attr_names.h"
#include "op_host/grid_sample_op_impl.h"
#include "op_host/grid_sample_compute_tiling.h"
#include "op_host/tiling_platform.h"

namespace gridsample {
namespace {

std::vector<int64_t> DimsOf(const gert::Shape& s) {
    std::vector<int64_t> v(s.GetDimNum());
    for (size_t i = 0; i < v.size(); ++i) v[i] = s.GetDim(i);
    return v;
}

// The strides attribute, or the contiguous strides of `shape` when it is empty.
bool StridesOf(const gert::RuntimeAttrs* attrs, size_t index, const std::vector<int64_t>& shape,
               std::vector<int64_t>* strides) {
    const gert::TypedContinuousVector<int64_t>* given = attrs->GetListInt(index);
    if (given != nullptr && given->GetSize() != 0) {
        if (given->GetSize() != shape.size()) return false;
        strides->assign(given->GetData(), given->GetData() + given->GetSize());
        return true;
    }
    strides->assign(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
        (*strides)[i] = (*strides)[i + 1] * (shape[i + 1] > 0 ? shape[i + 1] : 1);
    return true;
}

}  // namespace

ge::graphStatus GridSampleTilingFunc(gert::TilingContext* context) {
    const gert::StorageShape* xShape = context->GetInputShape(0);
    const gert::StorageShape* gridShape = context->GetInputShape(1);
    const gert::StorageShape* yShape = context->GetOutputShape(0);
    const gert::CompileTimeTensorDesc* xDesc = context->GetInputDesc(0);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (xShape == nullptr || gridShape == nullptr || yShape == nullptr || xDesc == nullptr || attrs == nullptr)
        return ge::GRAPH_FAILED;
    const std::vector<int64_t> x = DimsOf(xShape->GetStorageShape()), grid = DimsOf(gridShape->GetStorageShape()),
                               y = DimsOf(yShape->GetStorageShape());
    const size_t rank = x.size();
    if ((rank != 4 && rank != 5) || grid.size() != rank || y.size() != rank ||
        grid[rank - 1] != static_cast<int64_t>(rank) - 2)
        return ge::GRAPH_FAILED;

    Problem p;
    if (!GridSampleDataKindOf(xDesc->GetDataType(), &p.dataKind)) return ge::GRAPH_FAILED;
    p.mode = opattr::IndexOfName(attrs->GetStr(kAttrInterpolationMode), opattr::kGridSampleModes);
    p.padding = opattr::IndexOfName(attrs->GetStr(kAttrPaddingMode), opattr::kGridSamplePaddings);
    const bool* alignCorners = attrs->GetBool(kAttrAlignCorners);
    const bool* channelLast = attrs->GetBool(kAttrChannelLast);
    if (p.mode < 0 || p.padding < 0 || alignCorners == nullptr || channelLast == nullptr) return ge::GRAPH_FAILED;
    p.alignCorners = *alignCorners ? 1 : 0;
    std::vector<int64_t> xs, gs, ys;
    if (!StridesOf(attrs, kAttrXStrides, x, &xs) || !StridesOf(attrs, kAttrGridStrides, grid, &gs) ||
        !StridesOf(attrs, kAttrYStrides, y, &ys))
        return ge::GRAPH_FAILED;

    p.dims = static_cast<int32_t>(rank) - 2;
    p.n = x[0];
    const size_t h = rank - 2;   // index of H in an NC(D)HW tensor, of W in the grid
    if (*channelLast) {
        // (N, H, W, C) or (N, D, H, W, C) with channels contiguous: the kernel reads it in place
        if (xs[rank - 1] != 1) return ge::GRAPH_FAILED;
        p.channelLast = 1;
        p.c = x[rank - 1];
        p.inD = p.dims == 3 ? x[1] : 1;
        p.inStrideD = p.dims == 3 ? xs[1] : 0;
        p.inH = x[rank - 3]; p.inW = x[rank - 2];
        p.inStrideN = xs[0]; p.inStrideH = xs[rank - 3]; p.inStrideW = xs[rank - 2]; p.inStrideC = xs[rank - 1];
    } else {
        if (xs[rank - 1] != 1) return ge::GRAPH_FAILED;
        p.c = x[1];
        p.inD = p.dims == 3 ? x[2] : 1;
        p.inStrideD = p.dims == 3 ? xs[2] : 0;
        p.inH = x[h]; p.inW = x[h + 1];
        p.inStrideN = xs[0]; p.inStrideC = xs[1]; p.inStrideH = xs[h]; p.inStrideW = xs[h + 1];
    }
    // 3-D: the output's D and H are flattened into rows; the input keeps its depth
    p.outH = grid[h - 1] * (p.dims == 3 ? grid[1] : 1);
    p.outW = grid[h];
    p.outPlaneRows = p.dims == 3 ? grid[h - 1] : 0;
    p.gridStrideN = gs[0]; p.gridStrideH = gs[h - 1];
    p.outStrideN = ys[0]; p.outStrideC = ys[1]; p.outStrideH = ys[h];

    return ComputeAndWriteTiling<Tiling>(context, [&p](const TilingPlatform& t, Tiling* out, std::string* why) {
        return ComputeTiling(p, PlatformInfo{t.coreNum, t.ubBytes}, out, why);
    });
}

}  // namespace gridsample
