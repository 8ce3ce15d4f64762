// Infer-shape and verification of GridSample: x rank 4 or 5, grid of the same rank with last dim 2
// (4-D) or 3 (5-D), equal N, y = (N, C, grid spatial dims) of x's dtype; C is x's last dim when
// channel_last. Unknown dims (-1) pass through; an unknown rank gives an unknown-rank y.
// Only the public GE API (graph/operator_reg.h, operator.h, tensor.h, types.h); the reason for a
// failure goes to the application log (ACL_APP_LOG, acl/acl_base.h), since GE's IR interface has
// no call that carries it.
#include "op_graph/grid_sample_proto.h"

#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "op_host/attr_names.h"

namespace ge {
namespace {

graphStatus Fail(const std::string& why) {
    ACL_APP_LOG(ACL_ERROR, "GridSample: %s", why.c_str());
    return GRAPH_FAILED;
}

std::string Dims(const Shape& s) {
    std::string out = "[";
    for (size_t i = 0; i < s.GetDimNum(); ++i) out += (i ? ", " : "") + std::to_string(s.GetDim(i));
    return out + "]";
}

// The IR's dtypes of x and grid. ge::Operator has no query of the IR's TensorType, so the infer
// function checks them itself.
bool IsIrDataType(DataType t) { return t == DT_FLOAT16 || t == DT_FLOAT || t == DT_BF16; }

// A value of one of the enum attributes' names (op_host/attr_names.h, the codes' one table).
template <size_t N>
bool OneOf(const AscendString& v, const char* const (&names)[N]) {
    return opattr::IndexOfName(v.GetString(), names) >= 0;
}

}  // namespace

IMPLEMT_COMMON_INFERFUNC(GridSampleInferShape) {
    AscendString interpolation, padding;
    int64_t scheduler = 0;
    bool channelLast = false;
    if (op.GetAttr("interpolation_mode", interpolation) != GRAPH_SUCCESS ||
        !OneOf(interpolation, opattr::kGridSampleModes))
        return Fail(std::string("interpolation_mode is '") + interpolation.GetString() +
                    "'; expected bilinear, nearest or bicubic");
    if (op.GetAttr("padding_mode", padding) != GRAPH_SUCCESS || !OneOf(padding, opattr::kGridSamplePaddings))
        return Fail(std::string("padding_mode is '") + padding.GetString() + "'; expected zeros, border or reflection");
    if (op.GetAttr("scheduler_mode", scheduler) != GRAPH_SUCCESS || (scheduler != 0 && scheduler != 1))
        return Fail("scheduler_mode is " + std::to_string(scheduler) + "; expected 0 or 1");
    op.GetAttr("channel_last", channelLast);

    const TensorDesc x = op.GetInputDescByName("x"), grid = op.GetInputDescByName("grid");
    if (!IsIrDataType(x.GetDataType()))
        return Fail("x dtype " + std::to_string(x.GetDataType()) + " is not FLOAT16, FLOAT or BF16");
    if (grid.GetDataType() != x.GetDataType())
        return Fail("grid dtype " + std::to_string(grid.GetDataType()) + " differs from x dtype " +
                    std::to_string(x.GetDataType()));
    TensorDesc y = op.GetOutputDescByName("y");
    y.SetDataType(x.GetDataType());
    y.SetFormat(x.GetShape().GetDimNum() == 5 ? FORMAT_NCDHW : FORMAT_NCHW);
    const Shape xs = x.GetShape(), gs = grid.GetShape();
    if (xs.GetDims() == UNKNOWN_RANK || gs.GetDims() == UNKNOWN_RANK) {
        y.SetShape(Shape(UNKNOWN_RANK));
        return op.UpdateOutputDesc("y", y);
    }
    const size_t rank = xs.GetDimNum();
    if (rank != 4 && rank != 5) return Fail("x has rank " + std::to_string(rank) + " (shape " + Dims(xs) + "); expected 4 or 5");
    if (gs.GetDimNum() != rank)
        return Fail("grid has rank " + std::to_string(gs.GetDimNum()) + " (shape " + Dims(gs) + "); expected " + std::to_string(rank));
    const int64_t spatial = static_cast<int64_t>(rank) - 2;
    if (gs.GetDim(rank - 1) != UNKNOWN_DIM && gs.GetDim(rank - 1) != spatial)
        return Fail("grid last dim is " + std::to_string(gs.GetDim(rank - 1)) + "; expected " + std::to_string(spatial));
    if (xs.GetDim(0) != UNKNOWN_DIM && gs.GetDim(0) != UNKNOWN_DIM && xs.GetDim(0) != gs.GetDim(0))
        return Fail("x batch " + std::to_string(xs.GetDim(0)) + " differs from grid batch " + std::to_string(gs.GetDim(0)));
    std::vector<int64_t> dims = {xs.GetDim(0) != UNKNOWN_DIM ? xs.GetDim(0) : gs.GetDim(0),
                                 channelLast ? xs.GetDim(rank - 1) : xs.GetDim(1)};
    for (size_t d = 1; d + 1 < rank; ++d) dims.push_back(gs.GetDim(d));
    y.SetShape(Shape(dims));
    return op.UpdateOutputDesc("y", y);
}

COMMON_INFER_FUNC_REG(GridSample, GridSampleInferShape);

}  // namespace ge
