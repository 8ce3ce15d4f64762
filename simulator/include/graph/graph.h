// ge::Graph (graph/graph.h): a graph built from IR operators. SetInputs names the Data operators
// fed by RunGraph's inputs (in order); SetOutputs the operators whose first outputs RunGraph
// returns. Nodes are reached from the outputs through the operators' input edges (SetInput).
//   https://www.hiascend.com/document/detail/en/CANNCommunityEdition/900/API/ascendgraphapi/atlasgeapi_07_0748.html
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "ascend_sim/sim.h"
#include "graph/ascend_string.h"
#include "graph/operator.h"
#include "graph/types.h"

namespace ge {

class ASCEND_SIM_API Graph {
public:
    explicit Graph(const std::string& name) : name_(name) {}
    explicit Graph(const char_t* name) : name_(name ? name : "") {}
    Graph() = default;
    ~Graph() = default;

    Graph& SetInputs(const std::vector<Operator>& inputs) { inputs_ = inputs; return *this; }
    Graph& SetOutputs(const std::vector<Operator>& outputs) { outputs_ = outputs; return *this; }

    bool IsValid() const { return !outputs_.empty(); }
    graphStatus GetName(AscendString& name) const { name = AscendString(name_.c_str()); return GRAPH_SUCCESS; }

    // The simulator's graph engine reads the graph through these.
    const std::vector<Operator>& AgsInputs() const { return inputs_; }
    const std::vector<Operator>& AgsOutputs() const { return outputs_; }

private:
    std::string name_;
    std::vector<Operator> inputs_, outputs_;
};

}  // namespace ge
