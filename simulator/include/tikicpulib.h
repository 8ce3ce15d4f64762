// CPU-debug launch interface ("CPU twin debugging"): GM buffers from AscendC::GmAlloc, kernels
// launched with ICPU_SET_TILING_KEY / ICPU_RUN_KF. ICPU_RUN_KF runs synchronously through
// ascend_sim::RunKernel; on failure it prints the diagnostic to stderr (ascend_sim::LastLaunchError()
// keeps it for tests).
#pragma once
#include <cstdio>
#include <string>

#include "ascend_sim/sim.h"

namespace AscendC {
enum class KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };
// Every model core is a vector core: the mode is accepted and ignored.
inline void SetKernelMode(KernelMode) {}
inline void* GmAlloc(size_t size) { return ascend_sim::DeviceAlloc(size, "GmAlloc"); }
inline void GmFree(void* ptr) { ascend_sim::DeviceFree(ptr); }
}  // namespace AscendC
// The documented CPU-debug examples write KernelMode::AIV_MODE unqualified.
using AscendC::KernelMode;

namespace ascend_sim {
// Tiling key set by ICPU_SET_TILING_KEY for the next ICPU_RUN_KF on this thread.
inline uint64_t& PendingTilingKey() { static thread_local uint64_t key = 0; return key; }
inline bool RunKernelFromCpuDebug(const char* name, uint32_t blockDim, std::function<void()> body) {
    KernelLaunch launch;
    launch.name = name;
    launch.blockDim = blockDim;
    launch.tilingKey = PendingTilingKey();
    launch.body = std::move(body);
    bool ok = RunKernel(launch);
    if (!ok) std::fprintf(stderr, "[ascend_sim] kernel %s failed: %s\n", name, LastLaunchError().c_str());
    return ok;
}
}  // namespace ascend_sim

#define ICPU_SET_TILING_KEY(key) (::ascend_sim::PendingTilingKey() = static_cast<uint64_t>(key))
#define ICPU_RUN_KF(func, blockDim, ...) \
    ::ascend_sim::RunKernelFromCpuDebug(#func, (blockDim), [&]() { func(__VA_ARGS__); })
