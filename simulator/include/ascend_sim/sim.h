// Public interface of the CPU model of CANN + NPU ("the simulator") that is not part of
// any CANN header: the launcher, the device-memory registry, the platform description,
// launch diagnostics and per-launch counters. Kernel-side headers (kernel_operator.h),
// the runtime (acl/acl.h) and tests use it; op_host uses only launch.h / platform headers.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#if defined(_WIN32)
#define ASCEND_SIM_API
#else
#define ASCEND_SIM_API __attribute__((visibility("default")))
#endif

// 1 in the checked build (every documented constraint asserted), 0 in the fast build.
#ifndef ASCENDC_SIM_CHECKED
#define ASCENDC_SIM_CHECKED 1
#endif

namespace fe { class PlatFormInfos; }
namespace platform_ascendc { class PlatformAscendC; }

namespace ascend_sim {

// ---- platform --------------------------------------------------------------------------
struct Platform {
    std::string socVersion = "Ascend910B2";
    uint32_t aivCoreNum = 48;        // vector cores
    uint32_t aicCoreNum = 24;        // cube cores
    uint64_t ubSize = 196608;        // physical UB bytes per vector core (192 KiB)
    uint64_t ubReserved = 8192 + 256;  // kept by the system; kernels get ubSize - ubReserved
    double clockGHz = 1.8;
    uint32_t systemWorkspaceBytes = 16u << 20;   // in front of every launch's user workspace
};
// Sets the vector core count and the cube cores that go with it (an A2/A3 AI Core pairs two
// vector cores with one cube core).
inline void SetVectorCores(Platform* p, uint32_t cores) {
    p->aivCoreNum = cores;
    p->aicCoreNum = (cores + 1) / 2;
}
ASCEND_SIM_API const Platform& GetPlatform();
// Replaces the platform for launches that start afterwards (tests sweep core counts / UB sizes).
ASCEND_SIM_API void SetPlatform(const Platform& p);
// Known SoC names: Ascend910B1..B4, Ascend910_93 (A3), and "default" (DefaultPlatform). Returns
// false for an unknown name.
ASCEND_SIM_API bool SetPlatformBySoc(const std::string& soc);
// The platform a process starts with. Checked build (the NPU model): the Ascend910B2, 48 vector
// cores. Fast build (the CPU fallback): the Ascend910B2 with as many vector cores as the launcher
// has threads (LauncherThreads), at most its 48, so that the tilings cut the work for the cores
// that run at once: a tiling for 48 cores splits tiles among cores for balance, each repeating the
// tile's coordinate work, which on a few threads buys no balance. Results do not depend on the
// core count.
ASCEND_SIM_API Platform DefaultPlatform();
inline uint64_t UsableUbBytes(const Platform& p) { return p.ubSize - p.ubReserved; }
// The platform description a TilingContext carries, for `p` (what the runtime hands a tiling).
ASCEND_SIM_API void FillPlatformInfos(const Platform& p, fe::PlatFormInfos* infos);
// PlatformAscendCManager::GetInstance(): the current device's platform; refreshed by SetPlatform.
ASCEND_SIM_API platform_ascendc::PlatformAscendC* CurrentPlatformAscendC();

// ---- device (GM) memory ----------------------------------------------------------------
// aclrtMalloc / aclrtHostRegister hand out device addresses in a reserved PROT_NONE range: host
// code that dereferences one gets SIGSEGV. The runtime and the launchers translate them into the
// storage behind them (DeviceTranslate). AscendC::GmAlloc returns plain host memory (as CANN's CPU
// debug mode does), registered so that the checked build can verify kernel GM accesses.
ASCEND_SIM_API void* DeviceAlloc(size_t bytes, const char* who);      // host-visible (GmAlloc), 64-byte aligned
ASCEND_SIM_API void* DeviceAllocOpaque(size_t bytes);                  // a device address (aclrtMalloc)
// Maps [host, host+bytes) at a fresh device address (aclrtHostRegister); DeviceFree unmaps it.
ASCEND_SIM_API void* DeviceMapHost(void* host, size_t bytes);
ASCEND_SIM_API bool DeviceFree(void* p);                               // false: not a live allocation
// Size of the live allocation that starts exactly at p (a device address), or 0.
ASCEND_SIM_API size_t DeviceAllocationSize(const void* p);
// True when [p, p+bytes) lies inside one live allocation, given by its device address.
ASCEND_SIM_API bool DeviceAddressValid(const void* p, size_t bytes);
// True when [p, p+bytes) lies inside one live allocation, given by its device address or by the
// storage address a kernel sees after translation (the checked build's GM access checks).
ASCEND_SIM_API bool DeviceRangeValid(const void* p, size_t bytes);
// The storage behind a device address (interior pointers too). Addresses outside the device range
// (GmAlloc memory) are returned unchanged, and so are device addresses of no live allocation (a
// kernel that uses one faults, or the checked build reports it).
ASCEND_SIM_API void* DeviceTranslate(const void* p);
// True when p lies in the reserved device address range.
ASCEND_SIM_API bool IsDeviceAddressRange(const void* p);
// Launches hold the blocks they use from enqueue until they have run: DevicePin returns the block
// containing p (0 when p is in no live block), DeviceUnpin releases it. DeviceFree of a pinned
// block marks it freed (no API accepts it any more) and releases it with the last pin.
ASCEND_SIM_API uintptr_t DevicePin(const void* p);
ASCEND_SIM_API void DeviceUnpin(uintptr_t block);
// True while a freed block is still held by a launch (its release is pending).
ASCEND_SIM_API bool DeviceBlockHeld(uintptr_t block);
// What the registry holds: every block (aclrtMalloc, aclrtHostRegister mappings, GmAlloc), their
// bytes, and those freed while a launch still holds them. Tests compare it before and after a call
// to prove that nothing leaked.
struct DeviceMemoryUse {
    uint64_t blocks = 0, bytes = 0, pendingFrees = 0;
};
ASCEND_SIM_API DeviceMemoryUse DeviceMemoryInUse();

// ---- counters --------------------------------------------------------------------------
struct ASCEND_SIM_API CoreCounters {
    uint64_t mte2Instr = 0, mte2Bytes = 0;      // GM -> UB DMA instructions and bytes moved
    uint64_t mte3Instr = 0, mte3Bytes = 0;      // UB -> GM
    uint64_t ubCopyInstr = 0, ubCopyBytes = 0;  // UB -> UB DataCopy
    uint64_t vecInstr = 0, vecRepeats = 0;      // vector API calls and 256-byte repeats
    uint64_t scalarGmReads = 0, scalarGmWrites = 0;
    uint64_t scalarUbReads = 0, scalarUbWrites = 0;
    uint64_t peakUbBytes = 0;                   // InitBuffer high-water mark
    // NPU cost model (checked build; 0 in the fast build), in cycles of the platform clock.
    // modelledCycles: the core's end time (max over its pipes); busy*: cycles each pipe executed.
    uint64_t modelledCycles = 0;
    uint64_t busyS = 0, busyMte2 = 0, busyV = 0, busyMte3 = 0;
    // The busy cycles by pipe and API (checked build): where each pipe's time went. `api` is the
    // name the instruction was recorded with ("Gather", "DataCopyPad", "LocalTensor::GetValue";
    // "issue" for the scalar unit's cost of issuing the other pipes' instructions).
    struct ApiBusy {
        const char* api = nullptr;
        uint32_t pipe = 0;   // 0 S, 1 MTE2, 2 V, 3 MTE3
        uint64_t instr = 0, cycles = 0;
    };
    static constexpr int kMaxApiBusy = 64;
    ApiBusy busyByApi[kMaxApiBusy];
    int apiBusyCount = 0;   // entries in use
    // per pipe, the APIs beyond a full table (reported as "<pipe> other")
    uint64_t otherInstr[4] = {}, otherCycles[4] = {};
    void AddBusy(uint32_t pipe, const char* api, uint64_t instr, uint64_t cycles);
    void Add(const CoreCounters& o);
};
struct LaunchStats {
    std::string kernel;
    uint64_t serial = 0;   // launches in this process so far, this one included (0: none)
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    bool checked = ASCENDC_SIM_CHECKED != 0;
    std::vector<CoreCounters> cores;   // one per block index
    CoreCounters total;                // sum (peakUbBytes, modelledCycles: max over blocks)
    // Modelled NPU time of the kernel (checked build; 0 in the fast build): the slowest block's
    // modelledCycles when each has a vector core, else the span of the blocks dispatched in order
    // to the core that frees first; and that over the platform clock. See ascend_sim/cost_constants.h.
    uint64_t modelledCycles = 0;
    double modelledMicroseconds = 0;
    double clockGHz = 0;
    // The vector lanes the launch's cores ran on (see SetWideLanes): "avx2+f16c", or "baseline"
    // followed by the reason.
    std::string lanes;
};
// Stats of the last launch that finished in this process (any thread).
ASCEND_SIM_API LaunchStats LastLaunchStats();
// Stats of the last launch of the kernel named `kernel` (empty stats when there was none).
ASCEND_SIM_API LaunchStats LastLaunchStatsOf(const std::string& kernel);

// ---- UB race detector (checked build) ----------------------------------------------------
// On by default: a UB access by one pipe that no flag or queue orders after a conflicting access
// by another pipe stops the launch ("<API>: core <i>: race: ..."). Off: races are not checked
// (the cost model still runs). The environment variable ASCEND_SIM_RACE_CHECK=0 sets the default
// to off. Applies to launches that start afterwards; returns the previous setting.
ASCEND_SIM_API bool SetRaceCheck(bool on);

// ---- wide vector lanes -------------------------------------------------------------------
// The package is compiled for the baseline of its architecture (x86-64: SSE2), so that one build
// runs on any CPU of it. On x86-64 the vector instructions' models also carry wide paths (AVX2 and
// F16C, 8 float lanes), chosen at run time when the CPU has both; both paths give bit-identical
// results. Launches use the wide paths when the CPU has them and they are on: on by default,
// off when the environment variable ASCEND_SIM_LANES=baseline is set. SetWideLanes applies to launches
// that start afterwards and returns the previous setting; turning it on where the CPU lacks AVX2 or
// F16C keeps the baseline paths.
ASCEND_SIM_API bool SetWideLanes(bool on);
// What launches starting now run on: "avx2+f16c", or "baseline (<reason>)".
ASCEND_SIM_API std::string LanesInUse();

// ---- launcher --------------------------------------------------------------------------
struct KernelLaunch {
    std::string name;
    uint32_t blockDim = 1;
    uint64_t tilingKey = 0;
    std::function<void()> body;   // runs once per logical core, with that core's context current
    // Launch with device-address arguments: RunKernel translates gmArgs into storage once and calls
    // entry(translated) on every core instead of body.
    std::vector<void*> gmArgs;
    std::function<void(uint8_t* const* gm)> entry;
    // Which of gmArgs is the kernel's workspace (-1: none): the system workspace the platform keeps
    // at its start is what GetUserWorkspace skips and a hard SyncAll needs.
    int workspaceArg = -1;
};
// The threads launches run their cores on: the environment variable ASCEND_SIM_THREADS, else the
// CPUs the process may run on (its affinity mask: a container's or taskset's share of the machine);
// 1 to 256.
ASCEND_SIM_API unsigned LauncherThreads();
// Runs block_dim logical cores on a thread pool sized to the machine; each core has its own UB
// and counters; SyncAll works across them (cores run as fibers so a barrier never deadlocks the
// pool). Returns true on success; on a violation (checked build) or a SyncAll that can never
// complete, returns false and LastLaunchError() holds "<api>: core <i>: <rule broken>".
ASCEND_SIM_API bool RunKernel(const KernelLaunch& launch);
ASCEND_SIM_API std::string LastLaunchError();   // thread-local: the calling thread's last RunKernel

// Asynchronous launch on an aclrtStream (void*; nullptr = default stream): the runtime queues it
// after the stream's earlier work. A failure is reported by aclrtSynchronizeStream
// (ACL_ERROR_RT_AICORE_EXCEPTION) with the diagnostic in aclGetRecentErrMsg().
ASCEND_SIM_API int EnqueueKernel(void* stream, KernelLaunch launch);

// Generic work item on a stream: host code that must run in stream order and touches no device
// memory (e.g. releasing a host buffer that an earlier aclrtMemcpyAsync reads).
ASCEND_SIM_API int EnqueueHostTask(void* stream, std::function<int()> task, std::string what);

// AI CPU operators: ascend_sim/aicpu_launch.h.

}  // namespace ascend_sim
