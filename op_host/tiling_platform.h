// The platform every tiling function of the package reads, in one place: the TilingContext's platform
// description, or the current device's (PlatformAscendCManager) when the context carries none (the
// op-API layer leaves it to the runtime); the UB less the 8 KiB reservation that APIs such as
// Select's scalar modes need; and the system workspace (GetLibApiWorkSpaceSize) that each tiling adds
// in front of its own. A missing platform, zero cores or zero UB is refused with a reason.
#pragma once
#include <cstdint>
#include <string>

#include "exe_graph/runtime/tiling_context.h"

namespace gridsample {

struct TilingPlatform {
    uint32_t coreNum = 0;                  // vector cores
    uint64_t ubBytes = 0;                  // UB for TPipe buffers, after ReserveLocalMemory(8 KiB)
    uint64_t systemWorkspaceBytes = 0;     // GetLibApiWorkSpaceSize()
};

// The platform of `context` (nullptr: the current device's). False, with `why`, when there is none or
// it reports no vector cores or no UB.
bool ReadTilingPlatform(const gert::TilingContext* context, TilingPlatform* out, std::string* why);

}  // namespace gridsample
