// The Data prototype of CANN's built-in op library (op_proto/array_ops.h): a graph input. RunGraph
// feeds the graph's i-th input tensor to the i-th Data operator of Graph::SetInputs.
#ifndef OP_PROTO_ARRAY_OPS_H
#define OP_PROTO_ARRAY_OPS_H

#include "graph/operator_reg.h"

namespace ge {

REG_OP(Data)
    .INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .ATTR(index, Int, 0)
    .OP_END_FACTORY_REG(Data)

}  // namespace ge

#endif  // OP_PROTO_ARRAY_OPS_H
