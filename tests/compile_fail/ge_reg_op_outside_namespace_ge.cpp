// expect-error: does not name a type|was not declared|expected class-name
// REG_OP is used inside namespace ge (graph/operator_reg.h: its expansion names Operator,
// TensorDesc, AscendString unqualified), as every documented prototype header does.
//   https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/basicdataapi/atlasopapi_07_00519.html
#include "graph/operator_reg.h"

#ifdef AGS_PLANT
REG_OP(PlantedOp)
    .INPUT(x, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT}))
    .OP_END_FACTORY_REG(PlantedOp)
#else
namespace ge {
REG_OP(PlantedOp)
    .INPUT(x, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT}))
    .OP_END_FACTORY_REG(PlantedOp)
}  // namespace ge
#endif
