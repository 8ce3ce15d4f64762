// How the op-API layer plans an AI Core kernel: it builds a gert::TilingContext from the tensors and
// the attributes (in the order the op's OpDef declares them, each given: the project's attribute
// table holds the defaults) and calls the op's tiling function by its own symbol, the same function
// the OpDef registers with AICore().SetTiling. The context carries no platform description, so the
// tiling reads the current device's (op_host/tiling_platform.h).
#pragma once
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

namespace gridsample {

using TilingFunction = ge::graphStatus (*)(gert::TilingContext*);

struct TilingTensor {
    std::vector<int64_t> shape;
    ge::DataType dtype = ge::DT_FLOAT;
};

using TilingAttr = std::variant<bool, int64_t, float, std::string, std::vector<int64_t>>;

struct TilingRun {
    std::vector<uint8_t> data;      // the tiling struct
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    uint64_t workspaceBytes = 0;    // the tiling's workspace: the system workspace and its own
};

// Runs `tiling` for op type `opType`. False, with `why`, when it rejects the problem or returns less
// than it must (tiling data of `dataSize` bytes, a block dim and one workspace size).
bool RunTiling(TilingFunction tiling, const char* opType, const std::vector<TilingTensor>& inputs,
               const std::vector<TilingTensor>& outputs, const std::vector<TilingAttr>& attrs, size_t dataSize,
               TilingRun* out, std::string* why);

}  // namespace gridsample
