// expect-error: no matching function|too many arguments
// The accessor REG_OP generates for an Int, Bool or Float attribute returns the value:
// `int64_t get_attr_a() const` (graph/operator_reg.h); only a String attribute also has
// get_attr_a(AscendString&). An infer function reads attributes with Operator::GetAttr.
#include "graph/operator_reg.h"

namespace ge {
REG_OP(PlantedAttrOp)
    .INPUT(x, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT}))
    .ATTR(mode, Int, 1)
    .ATTR(name, String, "a")
    .OP_END_FACTORY_REG(PlantedAttrOp)
}  // namespace ge

inline int64_t ReadMode(const ge::op::PlantedAttrOp& op) {
#ifdef AGS_PLANT
    int64_t mode = 0;
    op.get_attr_mode(mode);
    return mode;
#else
    ge::AscendString name;
    op.get_attr_name(name);
    return op.get_attr_mode();
#endif
}
