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

namespace ascend_sim {

// ---- platform --------------------------------------------------------------------------
struct Platform {
    std::string socVersion = "Ascend910B2";
    uint32_t aivCoreNum = 48;        // vector cores
    uint32_t aicCoreNum = 24;        // cube cores
    uint64_t ubSize = 196608;        // physical UB bytes per vector core (192 KiB)
    uint64_t ubReserved = 8192 + 256;  // kept by the system; kernels get ubSize - ubReserved
    double clockGHz = 1.8;
};
ASCEND_SIM_API const Platform& GetPlatform();
// Replaces the platform for launches that start afterwards (tests sweep core counts / UB sizes).
ASCEND_SIM_API void SetPlatform(const Platform& p);
// Known SoC names: Ascend910B1..B4, Ascend910_93 (A3). Returns false for an unknown name.
ASCEND_SIM_API bool SetPlatformBySoc(const std::string& soc);
inline uint64_t UsableUbBytes(const Platform& p) { return p.ubSize - p.ubReserved; }

// ---- device (GM) memory registry -------------------------------------------------------
// Every GM allocation (AscendC::GmAlloc, aclrtMalloc) is registered so that the checked build
// can verify each kernel GM access against a live allocation.
ASCEND_SIM_API void* DeviceAlloc(size_t bytes, const char* who);      // 64-byte aligned, registered
ASCEND_SIM_API bool DeviceFree(void* p);                               // false: not a live allocation
// Size of the live allocation that starts exactly at p, or 0.
ASCEND_SIM_API size_t DeviceAllocationSize(const void* p);
// True when [p, p+bytes) lies inside one live allocation.
ASCEND_SIM_API bool DeviceRangeValid(const void* p, size_t bytes);
// Lends host memory to the device model without a copy (the CPU fallback's zero-copy path for
// numpy / torch buffers): [p, p+bytes) counts as a live allocation until unregistered.
ASCEND_SIM_API bool DeviceRegisterExternal(void* p, size_t bytes);
ASCEND_SIM_API bool DeviceUnregisterExternal(void* p);

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
    void Add(const CoreCounters& o);
};
struct LaunchStats {
    std::string kernel;
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    bool checked = ASCENDC_SIM_CHECKED != 0;
    std::vector<CoreCounters> cores;   // one per block index
    CoreCounters total;                // sum (peakUbBytes, modelledCycles: max over cores)
    // Modelled NPU time of the kernel (checked build; 0 in the fast build): the slowest core's
    // modelledCycles, and that over the platform clock. See ascend_sim/cost_constants.h.
    uint64_t modelledCycles = 0;
    double modelledMicroseconds = 0;
    double clockGHz = 0;
};
// Stats of the last launch that finished in this process (any thread).
ASCEND_SIM_API LaunchStats LastLaunchStats();

// ---- UB race detector (checked build) ----------------------------------------------------
// On by default: a UB access by one pipe that no flag or queue orders after a conflicting access
// by another pipe stops the launch ("<API>: core <i>: race: ..."). Off: races are not checked
// (the cost model still runs). The environment variable ASCEND_SIM_RACE_CHECK=0 sets the default
// to off. Applies to launches that start afterwards; returns the previous setting.
ASCEND_SIM_API bool SetRaceCheck(bool on);

// ---- launcher --------------------------------------------------------------------------
struct KernelLaunch {
    std::string name;
    uint32_t blockDim = 1;
    uint64_t tilingKey = 0;
    std::function<void()> body;   // runs once per logical core, with that core's context current
};
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

// Generic work item on a stream (used by the AI CPU path: host code that must run in stream order).
ASCEND_SIM_API int EnqueueHostTask(void* stream, std::function<int()> task, std::string what);

}  // namespace ascend_sim
