// GE IR prototype of GridSample for graph mode (ascendc-api.md §5). channel_last=true means x is
// (N, H, W, C) / (N, D, H, W, C); scheduler_mode is accepted for compatibility (0 or 1) and does
// not change the result: this package's tiling chooses its own schedule for either layout.
#ifndef OP_GRAPH_GRID_SAMPLE_PROTO_H
#define OP_GRAPH_GRID_SAMPLE_PROTO_H

#include "graph/operator_reg.h"

namespace ge {

REG_OP(GridSample)
    .INPUT(x, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16}))
    .INPUT(grid, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16}))
    .OUTPUT(y, TensorType({DT_FLOAT16, DT_FLOAT, DT_BF16}))
    .ATTR(interpolation_mode, String, "bilinear")
    .ATTR(padding_mode, String, "zeros")
    .ATTR(align_corners, Bool, false)
    .ATTR(channel_last, Bool, false)
    .ATTR(scheduler_mode, Int, 1)
    .OP_END_FACTORY_REG(GridSample)

}  // namespace ge

#endif  // OP_GRAPH_GRID_SAMPLE_PROTO_H
