// The GE client API (ge/ge_api.h) for graph mode: GEInitialize / GEFinalize, ge::Session with
// AddGraph and RunGraph, GEGetErrorMsg. The documented flow ("Running a graph synchronously"):
// GEInitialize, a Session, AddGraph, RunGraph, GEFinalize.
//   https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/82RC1/graph/graphdevg/atlasag_25_0032.html
//   API list (GEInitialize ... GEGetErrorMsg): https://www.hiascend.com/doc_center/source/zh/canncommercial/70RC1/inferapplicationdev/graphdevg/atlasgeapi_07_0067.html
// On the simulator a graph runs on device 0 of the simulated NPU: each node's registered infer
// function, then its kernel through the op package's launch path (ascend_sim/graph_kernel.h).
// Failures return a GE status, and GEGetErrorMsg says which node failed and why.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ascend_sim/sim.h"
#include "ge/ge_api_error_codes.h"
#include "ge/ge_api_types.h"
#include "graph/graph.h"
#include "graph/tensor.h"

namespace ge {

ASCEND_SIM_API Status GEInitialize(const std::map<std::string, std::string>& options);
ASCEND_SIM_API Status GEInitialize(const std::map<AscendString, AscendString>& options);
ASCEND_SIM_API Status GEFinalize();
// The reason of the calling thread's last failed GE call ("" when there is none).
ASCEND_SIM_API std::string GEGetErrorMsg();

class ASCEND_SIM_API Session {
public:
    explicit Session(const std::map<std::string, std::string>& options);
    explicit Session(const std::map<AscendString, AscendString>& options);
    ~Session();

    // Checks and keeps a copy of the graph: every node's op type must be registered.
    Status AddGraph(uint32_t graphId, const Graph& graph);
    Status AddGraph(uint32_t graphId, const Graph& graph, const std::map<std::string, std::string>& options);
    Status AddGraph(uint32_t graphId, const Graph& graph, const std::map<AscendString, AscendString>& options);
    Status RemoveGraph(uint32_t graphId);
    // One input tensor per graph input (SetInputs order); one output per graph output.
    Status RunGraph(uint32_t graphId, const std::vector<Tensor>& inputs, std::vector<Tensor>& outputs);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ge
