// Infer-shape of the AI CPU operators (op_graph/aicpu_ops_proto.h): GridSampleAicpu's y is
// (N, C, grid spatial dims) of x's dtype, GridSampleGradAicpu's gradients take x's and grid's
// descriptions, InterpolateAicpu's y is x with each pass's axis at its output length (the adjoint's:
// at its input length).
#include "op_graph/aicpu_ops_proto.h"

#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace ge {
namespace {

graphStatus Fail(const char* op, const std::string& why) {
    ACL_APP_LOG(ACL_ERROR, "%s: %s", op, why.c_str());
    return GRAPH_FAILED;
}

}  // namespace

IMPLEMT_COMMON_INFERFUNC(GridSampleAicpuInferShape) {
    const TensorDesc x = op.GetInputDescByName("x"), grid = op.GetInputDescByName("grid");
    const Shape xs = x.GetShape(), gs = grid.GetShape();
    const size_t rank = xs.GetDimNum();
    if (rank < 3 || gs.GetDimNum() != rank)
        return Fail("GridSampleAicpu", "x and grid need the same rank of at least 3; got " + std::to_string(rank) +
                                           " and " + std::to_string(gs.GetDimNum()));
    std::vector<int64_t> dims = {xs.GetDim(0), xs.GetDim(1)};
    for (size_t d = 1; d + 1 < rank; ++d) dims.push_back(gs.GetDim(d));
    TensorDesc y = op.GetOutputDescByName("y");
    y.SetDataType(x.GetDataType());
    y.SetShape(Shape(dims));
    return op.UpdateOutputDesc("y", y);
}
COMMON_INFER_FUNC_REG(GridSampleAicpu, GridSampleAicpuInferShape);

IMPLEMT_COMMON_INFERFUNC(GridSampleGradAicpuInferShape) {
    if (op.UpdateOutputDesc("x_grad", op.GetInputDescByName("x")) != GRAPH_SUCCESS) return GRAPH_FAILED;
    return op.UpdateOutputDesc("grid_grad", op.GetInputDescByName("grid"));
}
COMMON_INFER_FUNC_REG(GridSampleGradAicpu, GridSampleGradAicpuInferShape);

IMPLEMT_COMMON_INFERFUNC(InterpolateAicpuInferShape) {
    const TensorDesc x = op.GetInputDescByName("x");
    std::vector<int64_t> axes, outLens;
    bool adjoint = false;
    op.GetAttr("adjoint", adjoint);
    if (op.GetAttr("pass_axis", axes) != GRAPH_SUCCESS ||
        op.GetAttr(adjoint ? "pass_in_len" : "pass_out_len", outLens) != GRAPH_SUCCESS || axes.size() != outLens.size())
        return Fail("InterpolateAicpu", "pass_axis and pass_out_len (pass_in_len for the adjoint) must be given, one "
                                        "entry per pass");
    std::vector<int64_t> dims = x.GetShape().GetDims();
    for (size_t i = 0; i < axes.size(); ++i) {
        if (axes[i] < 0 || static_cast<size_t>(axes[i]) >= dims.size())
            return Fail("InterpolateAicpu", "pass axis " + std::to_string(axes[i]) + " is outside x's rank " +
                                                std::to_string(dims.size()));
        dims[static_cast<size_t>(axes[i])] = outLens[i];
    }
    TensorDesc y = op.GetOutputDescByName("y");
    y.SetDataType(x.GetDataType());
    y.SetShape(Shape(dims));
    return op.UpdateOutputDesc("y", y);
}
COMMON_INFER_FUNC_REG(InterpolateAicpu, InterpolateAicpuInferShape);

}  // namespace ge
