// expect-error: expected unqualified-id|use COMMON_INFER_FUNC_REG
// An infer function is registered with COMMON_INFER_FUNC_REG: the typed INFER_FUNC_REG of the GE
// headers checked here (torch-npu 2.13 include tree) does not compile.
//   COMMON_INFER_FUNC_REG: https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/basicdataapi/atlasopapi_07_00517.html
#include "graph/operator_reg.h"

namespace ge {
REG_OP(PlantedInferOp)
    .INPUT(x, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT}))
    .OP_END_FACTORY_REG(PlantedInferOp)

IMPLEMT_COMMON_INFERFUNC(PlantedInferOpInfer) {
    return op.UpdateOutputDesc("y", op.GetInputDescByName("x"));
}
#ifdef AGS_PLANT
INFER_FUNC_REG(PlantedInferOp, PlantedInferOpInfer);
#else
COMMON_INFER_FUNC_REG(PlantedInferOp, PlantedInferOpInfer);
#endif
}  // namespace ge
