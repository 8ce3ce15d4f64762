// Per-core state of the kernel-side model: the running core's identity, its UB arena, counters,
// flag bookkeeping, and the check/diagnostic machinery. Every AscendC API call finds its core
// through one thread_local pointer (cores run as fibers that never leave their worker thread).
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

#include "ascend_sim/sim.h"

namespace ascend_sim {

// Hardware pipes an instruction is issued to (the future cost model schedules per pipe).
enum class Pipe : uint8_t { S, MTE2, V, MTE3, All };

// What an instruction or synchronisation event is; `amount` in RecordInstr depends on it.
enum class InstrKind : uint8_t {
    CopyGmToUb,     // amount = bytes moved (MTE2)
    CopyUbToGm,     // amount = bytes moved (MTE3)
    CopyUbToUb,     // amount = bytes moved
    Vector,         // amount = 256-byte repeats
    ScalarGmRead, ScalarGmWrite, ScalarUbRead, ScalarUbWrite,   // amount = 1
    SetFlag, WaitFlag,   // amount = event type * 8 + event id
    EnQue, DeQue,        // amount = queue position (TPosition value)
    Barrier,             // amount = pipe_t value
    SyncAll,             // amount = 0
};

constexpr uint32_t kMaxHardEvents = 64;   // >= number of AscendC::HardEvent values
constexpr uint32_t kEventIdsPerType = 8;  // event IDs per event type on A2

struct CoreContext {
    uint32_t blockIdx = 0;
    uint32_t blockDim = 1;
    uint64_t tilingKey = 0;
    uint8_t* ub = nullptr;           // usable UB arena (32-byte aligned)
    uint64_t ubBytes = 0;
    uint32_t platformAivCores = 0;   // vector cores of the platform the launch runs on
    CoreCounters counters;
    const std::atomic<bool>* launchFailed = nullptr;
    void* launch = nullptr;          // launcher-private
    void* slot = nullptr;            // launcher-private (fiber, stack)
    void* pipe = nullptr;            // the core's current AscendC::TPipe
    uint8_t flagCount[kMaxHardEvents][kEventIdsPerType] = {};   // SetFlag minus WaitFlag
    std::string deferredError;       // violation found where throwing is impossible (destructors)
};

// The core running on this thread (null outside a kernel).
ASCEND_SIM_API extern thread_local CoreContext* t_currentCore;
inline CoreContext& CurrentCore() { return *t_currentCore; }

// ---- checks ----------------------------------------------------------------------------
// Stops the launch: records "<api>: core <i>: <message>" as the launch's diagnostic (first one
// wins) and unwinds the core. Used only by the checked build's checks and by SyncAll deadlock.
[[noreturn]] ASCEND_SIM_API void Fail(const char* api, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
// For violations found in destructors: reported when the core's kernel body returns.
ASCEND_SIM_API void FailDeferred(const char* api, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
// Unwinds this core because another core failed (no diagnostic of its own).
[[noreturn]] ASCEND_SIM_API void AbortCore();
// Hardware all-core barrier among the launch's cores (fiber switch while waiting).
ASCEND_SIM_API void SyncAllCores();

#if ASCENDC_SIM_CHECKED
#define ASC_CHECK(cond, api, ...)                                        \
    do {                                                                 \
        if (__builtin_expect(!(cond), 0)) ::ascend_sim::Fail(api, __VA_ARGS__); \
    } while (0)
#else
#define ASC_CHECK(cond, api, ...) do {} while (0)
#endif

// The single place every instruction and synchronisation event passes through: counters today,
// the per-pipe cost model later. In the checked build it is also where a core notices that
// another core's violation stopped the launch.
inline void RecordInstr(Pipe pipe, InstrKind kind, uint64_t amount) {
    CoreContext& c = CurrentCore();
#if ASCENDC_SIM_CHECKED
    if (__builtin_expect(c.launchFailed->load(std::memory_order_relaxed), 0)) AbortCore();
#endif
    (void)pipe;
    CoreCounters& k = c.counters;
    switch (kind) {
        case InstrKind::CopyGmToUb: ++k.mte2Instr; k.mte2Bytes += amount; break;
        case InstrKind::CopyUbToGm: ++k.mte3Instr; k.mte3Bytes += amount; break;
        case InstrKind::CopyUbToUb: ++k.ubCopyInstr; k.ubCopyBytes += amount; break;
        case InstrKind::Vector: ++k.vecInstr; k.vecRepeats += amount; break;
        case InstrKind::ScalarGmRead: ++k.scalarGmReads; break;
        case InstrKind::ScalarGmWrite: ++k.scalarGmWrites; break;
        case InstrKind::ScalarUbRead: ++k.scalarUbReads; break;
        case InstrKind::ScalarUbWrite: ++k.scalarUbWrites; break;
        default: break;   // synchronisation events: no counter yet (cost model hook)
    }
}

}  // namespace ascend_sim
