// The Data and Const prototypes of CANN's built-in op library (op_proto/array_ops.h). Data: a graph
// input; RunGraph feeds the graph's i-th input tensor to the i-th Data operator of Graph::SetInputs.
// Const: a constant tensor (attribute value), which infer functions read with GetInputConstData.
#ifndef OP_PROTO_ARRAY_OPS_H
#define OP_PROTO_ARRAY_OPS_H

#include "graph/operator_reg.h"

namespace ge {

REG_OP(Data)
    .INPUT(x, TensorType::ALL())
    .OUTPUT(y, TensorType::ALL())
    .ATTR(index, Int, 0)
    .OP_END_FACTORY_REG(Data)

REG_OP(Const)
    .OUTPUT(y, TensorType({DT_FLOAT, DT_FLOAT16, DT_INT8, DT_INT16, DT_UINT16, DT_UINT8, DT_INT32, DT_INT64,
                           DT_UINT32, DT_UINT64, DT_BOOL, DT_DOUBLE}))
    .ATTR(value, Tensor, Tensor())
    .OP_END_FACTORY_REG(Const)

}  // namespace ge

#endif  // OP_PROTO_ARRAY_OPS_H
