// GridSample infer-shape and infer-datatype on gert contexts (registered by the OpDef,
// grid_sample_def.cpp): x (N, C, H, W) or (N, C, D, H, W) (channel_last: C last), grid of the
// same rank with last dim 2 (3), equal N; y = (N, C, grid spatial dims), y's dtype that of x.
// Unknown dims (-1) pass through; an unknown-rank input ({-2}) gives an unknown-rank output.
#include "op_host/grid_sample_op_impl.h"

namespace gridsample {

ge::graphStatus GridSampleInferShape(gert::InferShapeContext* context) {
    const gert::Shape* x = context->GetInputShape(0);
    const gert::Shape* grid = context->GetInputShape(1);
    gert::Shape* y = context->GetOutputShape(0);
    if (x == nullptr || grid == nullptr || y == nullptr) return ge::GRAPH_FAILED;
    auto unknownRank = [](const gert::Shape* s) { return s->GetDimNum() == 1 && s->GetDim(0) == -2; };
    if (unknownRank(x) || unknownRank(grid)) {
        *y = gert::Shape({-2});
        return ge::GRAPH_SUCCESS;
    }
    const size_t rank = x->GetDimNum();
    if ((rank != 4 && rank != 5) || grid->GetDimNum() != rank) return ge::GRAPH_FAILED;
    const int64_t coords = grid->GetDim(rank - 1);
    if (coords != -1 && coords != static_cast<int64_t>(rank) - 2) return ge::GRAPH_FAILED;
    const int64_t nx = x->GetDim(0), ng = grid->GetDim(0);
    if (nx >= 0 && ng >= 0 && nx != ng) return ge::GRAPH_FAILED;
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const bool* channelLast = attrs ? attrs->GetBool(kAttrChannelLast) : nullptr;
    const int64_t c = (channelLast && *channelLast) ? x->GetDim(rank - 1) : x->GetDim(1);
    gert::Shape out;
    out.AppendDim(nx >= 0 ? nx : ng);
    out.AppendDim(c);
    for (size_t d = 1; d + 1 < rank; ++d) out.AppendDim(grid->GetDim(d));
    *y = out;
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus GridSampleInferDataType(gert::InferDataTypeContext* context) {
    return context->SetOutputDataType(0, context->GetInputDataType(0));
}

}  // namespace gridsample
