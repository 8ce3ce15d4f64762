// expect-error: has no member named
// ge::Operator (graph/operator.h) has no call that checks a dtype against the IR's TensorType:
// GE checks dtypes itself; an infer function that needs the check writes it out.
#include "graph/operator_reg.h"

namespace ge {
inline bool XIsFloat(const Operator& op) {
    const TensorDesc x = op.GetInputDescByName("x");
#ifdef AGS_PLANT
    return op.InputAllows("x", x.GetDataType());
#else
    return x.GetDataType() == DT_FLOAT;
#endif
}
}  // namespace ge
