// How the simulator's graph engine (ge/ge_api.h) runs a node: the op package registers, per op
// type, the function that launches the op's kernel on device tensors. On CANN, GE finds an op's
// kernel binary and tiling function in the installed op package; here each operator's graph node
// (op_host/<op>_graph.cpp) registers its entry point.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "ascend_sim/sim.h"
#include "graph/operator.h"
#include "graph/tensor.h"

namespace ascend_sim {

struct GraphDeviceTensor {
    void* data;            // device address
    ge::TensorDesc desc;
};

// Launches the node `op` (its attributes and inferred descriptions) on `stream` and waits for it.
// Returns false with the reason in *why.
using GraphKernel = std::function<bool(const ge::Operator& op, const std::vector<GraphDeviceTensor>& inputs,
                                       const std::vector<GraphDeviceTensor>& outputs, aclrtStream stream,
                                       std::string* why)>;

ASCEND_SIM_API void RegisterGraphKernel(const std::string& opType, GraphKernel kernel);

}  // namespace ascend_sim
