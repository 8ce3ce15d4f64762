// Interpolate infer-shape and infer-datatype on gert contexts (registered by the OpDef,
// interpolate_def.cpp): y is x padded by pads_begin / pads_end, with y[axes[i]] = sizes[i]; axes
// empty means every axis. Unknown dims (-1) pass through; an unknown-rank x ({-2}) gives an
// unknown-rank y.
#include "op_host/interpolate_op_impl.h"

namespace interp {

ge::graphStatus InterpolateInferShape(gert::InferShapeContext* context) {
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (x == nullptr || y == nullptr || attrs == nullptr) return ge::GRAPH_FAILED;
    if (x->GetDimNum() == 1 && x->GetDim(0) == -2) {
        *y = gert::Shape({-2});
        return ge::GRAPH_SUCCESS;
    }
    const int64_t rank = static_cast<int64_t>(x->GetDimNum());
    auto list = [&](size_t index) {
        std::vector<int64_t> v;
        const gert::TypedContinuousVector<int64_t>* l = attrs->GetListInt(index);
        if (l != nullptr) v.assign(l->GetData(), l->GetData() + l->GetSize());
        return v;
    };
    std::vector<int64_t> axes = list(kAttrAxes), sizes = list(kAttrSizes), pb = list(kAttrPadsBegin),
                         pe = list(kAttrPadsEnd);
    if (axes.empty())
        for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
    if (sizes.size() != axes.size()) return ge::GRAPH_FAILED;
    auto zeros = [](const std::vector<int64_t>& v) {
        for (int64_t e : v)
            if (e != 0) return false;
        return true;
    };
    if ((!zeros(pb) && static_cast<int64_t>(pb.size()) != rank) || (!zeros(pe) && static_cast<int64_t>(pe.size()) != rank))
        return ge::GRAPH_FAILED;
    gert::Shape out;
    for (int64_t d = 0; d < rank; ++d) {
        const int64_t in = x->GetDim(d);
        const int64_t pads = (zeros(pb) ? 0 : pb[d]) + (zeros(pe) ? 0 : pe[d]);
        out.AppendDim(in < 0 ? -1 : in + pads);
    }
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (size_t i = 0; i < axes.size(); ++i) {
        if (axes[i] < 0 || axes[i] >= rank || seen[axes[i]] || sizes[i] < 0) return ge::GRAPH_FAILED;
        seen[axes[i]] = true;
        out.SetDim(static_cast<size_t>(axes[i]), sizes[i]);
    }
    *y = out;
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus InterpolateInferDataType(gert::InferDataTypeContext* context) {
    return context->SetOutputDataType(0, context->GetInputDataType(0));
}

}  // namespace interp
