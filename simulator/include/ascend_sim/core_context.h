// Per-core state of the kernel-side model: the running core's identity, its UB arena, counters,
// flag bookkeeping, and the check/diagnostic machinery. Every AscendC API call finds its core
// through one thread_local pointer (cores run as fibers that never leave their worker thread).
#pragma once
#include <atomic>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "ascend_sim/cost_constants.h"
#include "ascend_sim/sim.h"

namespace ascend_sim {

constexpr uint32_t kMaxHardEvents = 64;   // >= number of AscendC::HardEvent values
constexpr uint32_t kEventIdsPerType = 8;  // event IDs per event type on A2

// Hardware pipes an instruction is issued to; the cost model keeps one timeline per pipe S..MTE3.
// All: every pipe (PipeBarrier<PIPE_ALL>, SyncAll); Other: a pipe a vector core does not have
// (M, MTE1, FIX: flags on it are not modelled).
enum class Pipe : uint8_t { S, MTE2, V, MTE3, All, Other };
constexpr int kModelPipes = 4;   // S, MTE2, V, MTE3

// What an instruction or synchronisation event is; `amount` in RecordInstr depends on it.
enum class InstrKind : uint8_t {
    CopyGmToUb,     // amount = bytes moved (MTE2)
    CopyUbToGm,     // amount = bytes moved (MTE3)
    CopyUbToUb,     // amount = bytes moved
    // Vector instructions, amount = 256-byte repeats, aux = elements; the kind picks the cost rule.
    Vector,         // unary, tensor-scalar, Duplicate, Cast, Compare, Select
    VectorBinary,   // tensor-tensor
    VectorHeavy,    // exp/div/sqrt
    VectorGather, VectorGatherMask, VectorReduce,
    ScalarGmRead, ScalarGmWrite, ScalarUbRead, ScalarUbWrite,   // amount = 1; aux = GM address (Gm*)
    // Synchronisation. SetFlag: pipe = the event's source pipe; WaitFlag: the waiting pipe.
    SetFlag, WaitFlag,   // amount = event type * 8 + event id
    // Queues, amount = queue position (TPosition value). EnQue/FreeTensor: pipe = the pipe whose
    // completion they record (producer / consumer); the return value is that time. DeQue /
    // AllocTensor: pipe = the pipe that must wait (consumer / producer) until aux.
    EnQue, DeQue, AllocTensor, FreeTensor,
    Barrier,             // amount = pipe_t value; pipe = All for PIPE_ALL, Other otherwise
    SyncAll,             // amount = 0
};

// A UB operand of an instruction for the race detector: `count` runs of `len` bytes, `pitch`
// bytes apart, starting at p (with `index`: run i starts at p + index[i] bytes instead, as Gather
// reads); write = the instruction writes it.
struct UbAccess {
    const void* p;
    uint64_t len;
    bool write;
    uint32_t count = 1;
    uint64_t pitch = 0;
    const uint32_t* index = nullptr;
};
inline UbAccess UbRead(const void* p, uint64_t len, uint32_t count = 1, uint64_t pitch = 0) { return {p, len, false, count, pitch}; }
inline UbAccess UbWrite(const void* p, uint64_t len, uint32_t count = 1, uint64_t pitch = 0) { return {p, len, true, count, pitch}; }
// The UB operand list of a RecordInstr call, e.g. ASC_UB(UbRead(src, n), UbWrite(dst, n)): built only
// in the checked build, so the fast build's code (and its inlining) is as without the cost model.
#if ASCENDC_SIM_CHECKED
#define ASC_UB(...) {__VA_ARGS__}
#else
#define ASC_UB(...) {}
#endif

// Per-core state of the cost model and race detector (cost_model.cpp; checked build only).
struct CostState {
    uint64_t clk[kModelPipes] = {};    // cycle at which each pipe is free (from the kernel start)
    uint64_t busy[kModelPipes] = {};   // cycles each pipe spent executing
    uint64_t flagTime[kMaxHardEvents][kEventIdsPerType] = {};   // latest SetFlag time
    uint8_t flagSrc[kMaxHardEvents][kEventIdsPerType] = {};     // the pipe of the latest SetFlag
    // Per pipe, the scalar unit's time up to which its UB writes are visible to that pipe: a
    // WaitFlag on an S_* event or a PIPE_ALL barrier (a scalar store completes out of the vector
    // and DMA pipes' order: their reads of it need the flag)
    uint64_t scalarFence[kModelPipes] = {};
    bool mte2Started = false, mte3Started = false;
    bool raceCheck = true;             // SetRaceCheck at the launch's start
    double gmToUb = 1, ubToGm = 1;     // DMA bytes/cycle of this launch
    uint64_t dcacheTag[cost::kDcacheLines] = {}, dcacheUse[cost::kDcacheLines] = {}, dcacheTick = 0;
    // UB shadow, one entry per 32-byte block: last writer / last reader as (end << 3) | (pipe + 1).
    std::vector<uint64_t> ubWriter, ubReader;
    uint64_t ubHigh = 0;               // blocks at or above ubHigh are all zero
};

// A GM->UB copy (DataCopy, DataCopyPad): blockCount blocks of blockLen bytes, srcPitch apart in
// GM; destination block b at dst + b * dstPitch holds [left bytes of `pattern`][the data][right
// bytes of `pattern`][the dummy byte 0xFF up to ubBlock bytes] (DataCopyPad's layout; a plain copy
// has no fill: ubBlock = blockLen).
struct GmToUbCopy {
    uint8_t* dst;
    const uint8_t* src;
    uint64_t srcPitch, dstPitch;
    uint32_t blockCount, blockLen;
    uint64_t pattern;   // the padding value's bytes, repeated
    uint32_t left, right, ubBlock;
};
// Short blocks (a pixel, a tap row) by two fixed-size moves that may overlap, without loops (which
// the compiler turns into library calls): a memcpy call costs more than such a copy. The moves go
// through register-sized locals: byte arrays were kept on the stack, two extra stores per move in
// loops that wait on their stores (scattered output rows) or loads (channel-last pixels).
typedef uint64_t CopyLanes16 __attribute__((vector_size(16)));
template <typename V>
__attribute__((always_inline)) inline void CopyHeadTail(uint8_t* __restrict dst, const uint8_t* __restrict src, uint64_t len) {
    V head, tail;
    std::memcpy(&head, src, sizeof(V));
    std::memcpy(&tail, src + len - sizeof(V), sizeof(V));
    std::memcpy(dst, &head, sizeof(V));
    std::memcpy(dst + len - sizeof(V), &tail, sizeof(V));
}
__attribute__((always_inline)) inline void CopyBytes(uint8_t* __restrict dst, const uint8_t* __restrict src, uint64_t len) {
    if (len > 256) {
        std::memcpy(dst, src, len);
    } else if (len > 64) {   // a window row of a block of columns: 16-byte moves, the last one overlapping
        CopyLanes16 v;
        for (uint64_t k = 0; k + 16 < len; k += 16) {
            std::memcpy(&v, src + k, 16);
            std::memcpy(dst + k, &v, 16);
        }
        std::memcpy(&v, src + len - 16, 16);
        std::memcpy(dst + len - 16, &v, 16);
    } else if (len >= 32) {
        CopyLanes16 h0, h1, t0, t1;
        std::memcpy(&h0, src, 16);
        std::memcpy(&h1, src + 16, 16);
        std::memcpy(&t0, src + len - 32, 16);
        std::memcpy(&t1, src + len - 16, 16);
        std::memcpy(dst, &h0, 16);
        std::memcpy(dst + 16, &h1, 16);
        std::memcpy(dst + len - 32, &t0, 16);
        std::memcpy(dst + len - 16, &t1, 16);
    } else if (len >= 16) {
        CopyHeadTail<CopyLanes16>(dst, src, len);
    } else if (len >= 8) {
        CopyHeadTail<uint64_t>(dst, src, len);
    } else if (len >= 4) {
        CopyHeadTail<uint32_t>(dst, src, len);
    } else {
        for (uint64_t k = 0; k < len; ++k) dst[k] = src[k];
    }
}
// DataCopyPad's fills of a destination block other than a bare dummy tail in 32 bytes.
__attribute__((noinline)) inline void FillPadding(const GmToUbCopy& c, uint8_t* block) {
    const uint32_t filled = c.left + c.blockLen + c.right;
    std::memset(block + filled, 0xFF, c.ubBlock - filled);
    for (uint32_t k = 0; k < c.left; ++k) block[k] = uint8_t(c.pattern >> (8 * (k & 7)));
    for (uint32_t k = 0; k < c.right; ++k) block[c.left + c.blockLen + k] = uint8_t(c.pattern >> (8 * (k & 7)));
}
__attribute__((always_inline)) inline void RunCopyBlock(const GmToUbCopy& c, uint32_t b) {
    uint8_t* block = c.dst + b * c.dstPitch;
    if (c.ubBlock != c.blockLen) {   // DataCopyPad's fills around the data
        if (c.left + c.right == 0) {   // only the dummy tail (under 32 bytes): the last block's bytes set, the data over them
            const CopyLanes16 dummy = {~uint64_t(0), ~uint64_t(0)};
            std::memcpy(block + c.ubBlock - 32, &dummy, 16);
            std::memcpy(block + c.ubBlock - 16, &dummy, 16);
        } else {
            FillPadding(c, block);
        }
    }
    CopyBytes(block + c.left, c.src + b * c.srcPitch, c.blockLen);
}
inline void RunCopy(const GmToUbCopy& copy) {
    const GmToUbCopy c = copy;   // a local: the UB stores cannot alias it
    for (uint32_t b = 0; b < c.blockCount; ++b) RunCopyBlock(c, b);
}

// Fast build: GM->UB copies are queued and run at the core's next instruction that could observe
// them (any but another GM->UB copy, a scalar GM read, or a scalar UB access outside their
// destinations), their GM lines prefetched a few blocks ahead. A run of small DMAs (the per-point
// path: one per tap row) then waits on its cache misses together instead of one after another.
// MTE2 runs asynchronously on the hardware too: only a kernel that reads a DMA's destination
// before a flag or queue orders it after the DMA could tell, and that is a race the checked build
// (which copies at once) reports.
constexpr uint32_t kMaxDeferredCopies = 256;
struct DeferredCopies {
    uint32_t count = 0;
    const uint8_t* lo = nullptr;   // the UB bytes the queued copies write: [lo, hi)
    const uint8_t* hi = nullptr;
    GmToUbCopy q[kMaxDeferredCopies];
};

struct CoreContext {
    uint32_t blockIdx = 0;
    uint32_t blockDim = 1;
    uint64_t tilingKey = 0;
    uint8_t* ub = nullptr;           // usable UB arena (32-byte aligned)
    uint64_t ubBytes = 0;
    uint32_t platformAivCores = 0;   // vector cores of the platform the launch runs on
    uint32_t systemWorkspaceBytes = 0;   // the platform's system workspace, in front of the user's
    uint8_t* workspace = nullptr;    // the launch's workspace argument (storage address), or null
    bool wideLanes = false;          // the vector models take their wide (AVX2 / F16C) paths
    CoreCounters counters;
    const std::atomic<bool>* launchFailed = nullptr;
    void* launch = nullptr;          // launcher-private
    void* slot = nullptr;            // launcher-private (fiber, stack)
    void* pipe = nullptr;            // the core's current AscendC::TPipe
    uint8_t flagCount[kMaxHardEvents][kEventIdsPerType] = {};   // SetFlag minus WaitFlag
    std::string deferredError;       // violation found where throwing is impossible (destructors)
    CostState cost;                  // checked build: pipe timelines and UB race shadow
    DeferredCopies deferred;         // fast build: GM->UB copies not run yet
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

// ---- cost model (cost_model.cpp; the fast build compiles it to no-ops) --------------------
// Schedules one instruction on the core's pipe timelines and checks its UB operands for races
// (see RecordInstr); returns the time that EnQue / FreeTensor / SetFlag record.
ASCEND_SIM_API uint64_t CostStep(CoreContext& c, Pipe pipe, InstrKind kind, uint64_t amount, const char* api,
                                 const UbAccess* ub, size_t nub, uint64_t aux);
// Launcher hooks: reset at core start, publish modelledCycles / busy* into the counters at core
// end, and the core's time at a SyncAll (all pipes joined) / after it (the slowest core's time).
ASCEND_SIM_API void CostBeginCore(CoreContext& c);
ASCEND_SIM_API void CostEndCore(CoreContext& c);
ASCEND_SIM_API uint64_t CostCoreTime(const CoreContext& c);
ASCEND_SIM_API void CostResumeAt(CoreContext& c, uint64_t t);

// Runs the core's queued GM->UB copies (fast build; a no-op when there are none).
ASCEND_SIM_API void FlushDeferredCopies(CoreContext& c);
// Queues a GM->UB copy (running the queue first when it is full).
__attribute__((always_inline)) inline void DeferCopy(CoreContext& c, const GmToUbCopy& copy) {
    DeferredCopies& d = c.deferred;
    if (d.count == kMaxDeferredCopies) FlushDeferredCopies(c);
    d.q[d.count++] = copy;
    const uint8_t* end = copy.dst + (copy.blockCount - 1) * copy.dstPitch + copy.ubBlock;
    if (d.count == 1 || copy.dst < d.lo) d.lo = copy.dst;
    if (d.count == 1 || end > d.hi) d.hi = end;
}
// True for the instructions that may observe a queued GM->UB copy (see DeferredCopies).
constexpr bool ObservesDeferredCopies(InstrKind kind) {
    return kind != InstrKind::CopyGmToUb && kind != InstrKind::ScalarGmRead && kind != InstrKind::ScalarUbRead &&
           kind != InstrKind::ScalarUbWrite;
}

// The single place every instruction and synchronisation event passes through: counters (both
// builds) and, in the checked build, the per-pipe cost model and the UB race detector
// (cost_model.cpp). `api` names the call in race reports; `ub` lists the UB operands; `aux`
// depends on the kind (elements for vector kinds, the awaited time for DeQue / AllocTensor, the
// GM address for scalar GM access). In the checked build it is also where a core notices that
// another core's violation stopped the launch.
__attribute__((always_inline)) inline void CountInstr(CoreCounters& k, InstrKind kind, uint64_t amount) {
    switch (kind) {
        case InstrKind::CopyGmToUb: ++k.mte2Instr; k.mte2Bytes += amount; break;
        case InstrKind::CopyUbToGm: ++k.mte3Instr; k.mte3Bytes += amount; break;
        case InstrKind::CopyUbToUb: ++k.ubCopyInstr; k.ubCopyBytes += amount; break;
        case InstrKind::Vector: case InstrKind::VectorBinary: case InstrKind::VectorHeavy:
        case InstrKind::VectorGather: case InstrKind::VectorGatherMask: case InstrKind::VectorReduce:
            ++k.vecInstr; k.vecRepeats += amount; break;
        case InstrKind::ScalarGmRead: ++k.scalarGmReads; break;
        case InstrKind::ScalarGmWrite: ++k.scalarGmWrites; break;
        case InstrKind::ScalarUbRead: ++k.scalarUbReads; break;
        case InstrKind::ScalarUbWrite: ++k.scalarUbWrites; break;
        default: break;   // synchronisation events: no counter
    }
}
// RecordInstr on core c, when the caller knows it (a tensor remembers its core: no thread_local
// lookup).
__attribute__((always_inline)) inline uint64_t RecordInstrOn(CoreContext& c, Pipe pipe, InstrKind kind, uint64_t amount,
                                                             const char* api = nullptr, std::initializer_list<UbAccess> ub = {},
                                                             uint64_t aux = 0) {
#if ASCENDC_SIM_CHECKED
    if (__builtin_expect(c.launchFailed->load(std::memory_order_relaxed), 0)) AbortCore();
    CountInstr(c.counters, kind, amount);
    return CostStep(c, pipe, kind, amount, api, ub.begin(), ub.size(), aux);
#else
    // Fast build: counters, and the queued GM->UB copies run before anything that may observe them.
    if (c.deferred.count && ObservesDeferredCopies(kind)) FlushDeferredCopies(c);
    if (kind < InstrKind::SetFlag) CountInstr(c.counters, kind, amount);
    (void)pipe; (void)api; (void)ub; (void)aux;
    return 0;
#endif
}
__attribute__((always_inline)) inline uint64_t RecordInstr(Pipe pipe, InstrKind kind, uint64_t amount, const char* api = nullptr,
                                                           std::initializer_list<UbAccess> ub = {}, uint64_t aux = 0) {
    return RecordInstrOn(CurrentCore(), pipe, kind, amount, api, ub, aux);
}

// A scalar UB access (LocalTensor::GetValue / SetValue) of [p, p + bytes): RecordInstr, and in the
// fast build the queued GM->UB copies run first when it touches their destinations.
__attribute__((always_inline)) inline void RecordScalarUb(CoreContext& c, InstrKind kind, const char* api, const void* p,
                                                         uint64_t bytes) {
#if ASCENDC_SIM_CHECKED
    RecordInstrOn(c, Pipe::S, kind, 1, api, {UbAccess{p, bytes, kind == InstrKind::ScalarUbWrite}});
#else
    const uint8_t* b = static_cast<const uint8_t*>(p);
    if (c.deferred.count && b < c.deferred.hi && b + bytes > c.deferred.lo) FlushDeferredCopies(c);
    CountInstr(c.counters, kind, 1);
    (void)api;
#endif
}

}  // namespace ascend_sim
