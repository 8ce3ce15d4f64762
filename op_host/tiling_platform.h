// The platform every tiling function of the package reads, in one place: the TilingContext's platform
// description, or the current device's (PlatformAscendCManager) when the context carries none (the
// op-API layer leaves it to the runtime); the UB less the 8 KiB reservation that APIs such as
// Select's scalar modes need; and the system workspace (GetLibApiWorkSpaceSize) that each tiling adds
// in front of its own. A missing platform, zero cores or zero UB is refused with a reason.
#pragma once
#include <cstdint>
#include <string>

#include "exe_graph/runtime/tiling_context.h"
#include "op_kernel/grid_sample_vocabulary.h"

namespace gridsample {

struct TilingPlatform {
    uint32_t coreNum = 0;                  // vector cores
    uint64_t ubBytes = 0;                  // UB for TPipe buffers, after ReserveLocalMemory(8 KiB)
    uint64_t systemWorkspaceBytes = 0;     // GetLibApiWorkSpaceSize()
};

// The platform of `context` (nullptr: the current device's). False, with `why`, when there is none or
// it reports no vector cores or no UB.
bool ReadTilingPlatform(const gert::TilingContext* context, TilingPlatform* out, std::string* why);

// Writes a tiling's result to the context: the registered tiling struct, block dim, tiling key and one
// workspace size, the system workspace followed by the tiling's own. GRAPH_FAILED when the context has
// no room for them.
template <typename TilingData>
ge::graphStatus WriteTiling(gert::TilingContext* context, const TilingData& data, uint32_t blockDim, uint64_t tilingKey,
                            const TilingPlatform& platform, uint64_t ownWorkspaceBytes) {
    TilingData* out = context->GetTilingData<TilingData>();
    size_t* workspaces = context->GetWorkspaceSizes(1);
    if (out == nullptr || workspaces == nullptr) return ge::GRAPH_FAILED;
    *out = data;
    context->GetRawTilingData()->SetDataSize(sizeof(TilingData));
    context->SetBlockDim(blockDim);
    if (context->SetTilingKey(tilingKey) != ge::GRAPH_SUCCESS) return ge::GRAPH_FAILED;
    workspaces[0] = static_cast<size_t>(platform.systemWorkspaceBytes + ownWorkspaceBytes);
    return ge::GRAPH_SUCCESS;
}

// GridSample's data kind (op_kernel/grid_sample_vocabulary.h) of a tensor's dtype; false for a dtype
// the AI Core kernels do not take.
inline bool GridSampleDataKindOf(ge::DataType t, int32_t* kind) {
    switch (t) {
        case ge::DT_FLOAT: *kind = kFloat32; return true;
        case ge::DT_FLOAT16: *kind = kFloat16; return true;
        case ge::DT_BF16: *kind = kBFloat16; return true;
        default: return false;
    }
}

// The end of GridSample's tiling functions: the pure tiling, compute(platform, &tiling, &why), on the
// context's platform, and its result written to the context (the tiling's own workspace is where the
// op-API layer stages the tiling data).
template <typename Tiling, typename Compute>
ge::graphStatus ComputeAndWriteTiling(gert::TilingContext* context, Compute compute) {
    TilingPlatform platform;
    std::string why;
    Tiling tiling;
    if (!ReadTilingPlatform(context, &platform, &why) || !compute(platform, &tiling, &why)) return ge::GRAPH_FAILED;
    return WriteTiling(context, tiling.data, tiling.blockDim, tiling.tilingKey, platform, tiling.workspaceBytes);
}

}  // namespace gridsample
