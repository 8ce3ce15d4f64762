// GE IR prototype of Interpolate (OpenVINO Interpolate-11, ../shared/docs/interpolate.md) for graph
// mode. image: any rank, output of image's dtype. scales_or_sizes: FLOAT scales
// (shape_calculation_mode "scales") or INT32/INT64 sizes ("sizes"), one per entry of axes; axes
// (optional, INT32/INT64): the resized axes, distinct, in [0, rank), any order; absent: every axis.
// The string attributes take Interpolate-11's names; pads_begin / pads_end: zero padding per axis of
// image (rank entries, or all zeros such as the default [0]).
//   REG_OP: https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/basicdataapi/atlasopapi_07_00519.html
#ifndef OP_GRAPH_INTERPOLATE_PROTO_H
#define OP_GRAPH_INTERPOLATE_PROTO_H

#include "graph/operator_reg.h"

namespace ge {

REG_OP(Interpolate)
    .INPUT(image, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT32}))
    .INPUT(scales_or_sizes, TensorType({DT_FLOAT, DT_INT32, DT_INT64}))
    .OPTIONAL_INPUT(axes, TensorType({DT_INT32, DT_INT64}))
    .OUTPUT(output, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16, DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT32}))
    .REQUIRED_ATTR(mode, String)
    .REQUIRED_ATTR(shape_calculation_mode, String)
    .ATTR(coordinate_transformation_mode, String, "half_pixel")
    .ATTR(nearest_mode, String, "round_prefer_floor")
    .ATTR(antialias, Bool, false)
    .ATTR(pads_begin, ListInt, {0})
    .ATTR(pads_end, ListInt, {0})
    .ATTR(cube_coeff, Float, -0.75)
    .OP_END_FACTORY_REG(Interpolate)

}  // namespace ge

#endif  // OP_GRAPH_INTERPOLATE_PROTO_H
