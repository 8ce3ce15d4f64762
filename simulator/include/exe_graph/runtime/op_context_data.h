// What a gert context (TilingContext, InferShapeContext, InferDataTypeContext) reads and writes:
// the op's type and name, its inputs and outputs, attributes, platform and the tiling outputs.
// Simulator layout (the real contexts lay this out in a KernelContext's value chain); filled
// by the builders in base/context_builder/, read through the documented accessors only.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"

namespace fe { class PlatFormInfos; }

namespace gert {

struct OpContextData {
    std::string opType, opName;
    std::vector<Tensor> inputs, outputs;
    std::vector<CompileTimeTensorDesc> inputDescs, outputDescs;
    std::vector<Shape> inferredShapes;          // InferShapeContext outputs
    std::vector<ge::DataType> inferredTypes;    // InferDataTypeContext outputs
    RuntimeAttrs attrs;
    fe::PlatFormInfos* platform = nullptr;
    TilingData* tilingData = nullptr;
    ContinuousVector* workspace = nullptr;
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    bool tilingKeySet = false;
};

}  // namespace gert
