// The built-in op prototypes the graph engine provides (CANN ships them in its op-proto library):
// Data (the graph input) and Const, registered by including its prototype (op_proto/array_ops.h) here.
#include "op_proto/array_ops.h"
