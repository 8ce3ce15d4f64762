// GE IR prototypes of the package's AI CPU operators (op_kernel_aicpu/), which the op-API layer runs
// for what the AI Core kernels do not take. They carry their views' element strides as attributes
// (a view runs in place on the AI CPU), the modes as the aclnn codes, and InterpolateAicpu the passes
// the op-API layer planned, with its float64 values as IEEE-754 bits.
#ifndef OP_GRAPH_AICPU_OPS_PROTO_H
#define OP_GRAPH_AICPU_OPS_PROTO_H

#include "graph/operator_reg.h"

namespace ge {

REG_OP(GridSampleAicpu)
    .INPUT(x, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, DT_INT32, DT_INT64}))
    .INPUT(grid, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE}))
    .OUTPUT(y, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, DT_INT32, DT_INT64}))
    .ATTR(interpolation_mode, Int, 0)
    .ATTR(padding_mode, Int, 0)
    .ATTR(align_corners, Bool, false)
    .ATTR(x_strides, ListInt, {})
    .ATTR(grid_strides, ListInt, {})
    .ATTR(y_strides, ListInt, {})
    .OP_END_FACTORY_REG(GridSampleAicpu)

REG_OP(GridSampleGradAicpu)
    .INPUT(y_grad, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE}))
    .INPUT(x, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE}))
    .INPUT(grid, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE}))
    .OUTPUT(x_grad, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE}))
    .OUTPUT(grid_grad, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE}))
    .ATTR(interpolation_mode, Int, 0)
    .ATTR(padding_mode, Int, 0)
    .ATTR(align_corners, Bool, false)
    .ATTR(y_grad_strides, ListInt, {})
    .ATTR(x_strides, ListInt, {})
    .ATTR(grid_strides, ListInt, {})
    .ATTR(x_grad_strides, ListInt, {})
    .ATTR(grid_grad_strides, ListInt, {})
    .OP_END_FACTORY_REG(GridSampleGradAicpu)

REG_OP(InterpolateAicpu)
    .INPUT(x, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT32}))
    .OUTPUT(y, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT32}))
    .ATTR(mode, Int, 0)
    .ATTR(coordinate_transformation_mode, Int, 0)
    .ATTR(nearest_mode, Int, 0)
    .ATTR(antialias, Bool, false)
    .ATTR(adjoint, Bool, false)
    .ATTR(cube_coeff_bits, Int, 0)
    .ATTR(x_strides, ListInt, {})
    .ATTR(y_strides, ListInt, {})
    .ATTR(pass_axis, ListInt, {})
    .ATTR(pass_resized, ListInt, {})
    .ATTR(pass_in_len, ListInt, {})
    .ATTR(pass_out_len, ListInt, {})
    .ATTR(pass_pad_begin, ListInt, {})
    .ATTR(pass_padded_len, ListInt, {})
    .ATTR(pass_scale_bits, ListInt, {})
    .OP_END_FACTORY_REG(InterpolateAicpu)

}  // namespace ge

#endif  // OP_GRAPH_AICPU_OPS_PROTO_H
