// The ONNX model parser of the simulator's graph engine: each node is mapped onto a GE operator by
// the parser plugin registered for its origin type (register/register.h), the nodes are wired into
// a ge::Graph (graph inputs become Data operators, initializers Const operators) and run with
// Session::RunGraph. The model itself is read in Python (ascend_gridsample.onnx).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ascend_sim/sim.h"
#include "graph/operator.h"
#include "graph/types.h"

namespace ascend_sim {

struct OnnxNode {
    std::string name;
    std::string originType;   // "<domain>::<opset>::<op type>", e.g. "ai.onnx::16::GridSample"
    std::string json;         // the NodeProto in protobuf JSON
    std::vector<std::string> inputs, outputs;   // value names
};

struct OnnxValue {
    std::string name;
    ge::DataType dtype = ge::DT_FLOAT;
    std::vector<int64_t> dims;
    std::vector<uint8_t> data;
    bool constant = false;    // an initializer (a Const operator), not a graph input (a Data operator)
};

// Maps one node onto a GE operator through the parser plugin registered for its origin type,
// without running it (as the parser does before the graph is built): 0 with *mapped set, or
// ACL_ERROR_GE_PARAM_INVALID with the reason (naming the node) in *why.
ASCEND_SIM_API uint32_t MapOnnxNode(const OnnxNode& node, ge::Operator* mapped, std::string* why);

// Runs the nodes (in a topological order) on `feeds` (graph inputs and initializers); fills
// `outputs` with the values named in outputNames. Returns 0, or a GE status with the reason (naming
// the node) in *why.
ASCEND_SIM_API uint32_t RunOnnxGraph(const std::vector<OnnxNode>& nodes, const std::vector<OnnxValue>& feeds,
                                     const std::vector<std::string>& outputNames, std::vector<OnnxValue>* outputs,
                                     std::string* why);

}  // namespace ascend_sim
