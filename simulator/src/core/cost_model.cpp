// NPU cost model and UB race detector (checked build; the fast build compiles the hooks to no-ops).
// Design: docs/design.md, "The simulator's cost model and race detector"; every constant lives in ascend_sim/cost_constants.h with its source and label.
//
// Rules, per core:
//  - One timeline per pipe S, MTE2, V, MTE3 (clk = cycle at which the pipe is free). The scalar
//    unit issues every API call in program order and pays kScalarIssue for it; an instruction on
//    pipe P starts at max(clk[P], S issue time) (dependencies are folded into clk[P] by the waits
//    below) and occupies P for its cost. Scalar UB / GM accesses execute on S itself.
//  - SetFlag<X_Y>: records max(clk[X], issue time), i.e. when X has finished everything issued so
//    far; WaitFlag<X_Y>: clk[Y] = max(clk[Y], that time) (Y = S stalls the issue of everything
//    after it). Queues are the same flags per buffer (docs/ascendc-api.md, "queues" row of the
//    performance.md table): EnQue records the producer's time, DeQue makes the consumer wait;
//    FreeTensor records the consumer's time, the buffer's next AllocTensor makes the producer
//    wait. PipeBarrier<PIPE_ALL> and SyncAll join all pipes (SyncAll: across cores, at the
//    slowest core's time); PipeBarrier on one pipe is a no-op (pipes are in order here).
//  - Costs: DMA = per-instruction overhead + bytes / bandwidth (+ the once-per-kernel start-up on
//    the core's first MTE2 / MTE3 instruction); vector = fixed issue + repeats or elements over a
//    throughput per class; scalar GM = data-cache hit or miss (LRU of 64-byte lines).
//  - Race detector: per 32-byte UB block the last writer and last reader (pipe, end time). A read
//    by P of a block written by Q != P whose write ends after P's start is a RAW race; a write by P
//    of a block read by Q != P whose read ends after P's start is a WAR race.
// The detector's loops run for every UB operand of every instruction: optimise this file fully
// even in the checked build (-O2).
#pragma GCC optimize("O3")
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cmath>
#include <cstring>

#include "ascend_sim/core_context.h"

namespace ascend_sim {

namespace {
std::atomic<bool> g_raceCheck{[] {
    const char* env = std::getenv("ASCEND_SIM_RACE_CHECK");
    return !(env && env[0] == '0');
}()};
}  // namespace

bool SetRaceCheck(bool on) { return g_raceCheck.exchange(on); }

#if ASCENDC_SIM_CHECKED
namespace {

const char* const kPipeName[kModelPipes] = {"S", "MTE2", "V", "MTE3"};

uint64_t CeilCycles(double x) { return x <= 0 ? 0 : uint64_t(std::ceil(x - 1e-9)); }
uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

uint64_t VectorCost(InstrKind kind, uint64_t repeats, uint64_t elems) {
    using namespace cost;
    switch (kind) {
        case InstrKind::VectorBinary: return kVecIssue + CeilCycles(repeats / kBinaryRepeatsPerCycle);
        case InstrKind::VectorHeavy: return kVecIssueHeavy + CeilCycles(elems / kHeavyElemsPerCycle);
        case InstrKind::VectorGather: return kVecIssue + CeilCycles(elems / kGatherElemsPerCycle);
        case InstrKind::VectorGatherMask: return kVecIssue + CeilCycles(repeats / kGatherMaskRepeatsPerCycle);
        case InstrKind::VectorReduce: return kVecIssue + CeilCycles(repeats / kReduceRepeatsPerCycle);
        default: return kVecIssue + CeilCycles(repeats / kUnaryRepeatsPerCycle);
    }
}

// DMA bytes as the engine moves them: every UB run rounded up to 32 bytes.
uint64_t DmaBytes(uint64_t amount, const UbAccess* ub, size_t nub) {
    uint64_t bytes = 0;
    for (size_t i = 0; i < nub; ++i)
        if (ub[i].p && ub[i].len) bytes += uint64_t(ub[i].count) * AlignUp(ub[i].len, cost::kDmaBlockRound);
    return bytes ? bytes : amount;
}

uint64_t InstrCost(CostState& m, InstrKind kind, uint64_t amount, const UbAccess* ub, size_t nub, uint64_t aux) {
    using namespace cost;
    switch (kind) {
        case InstrKind::CopyGmToUb: {
            const uint64_t startup = m.mte2Started ? 0 : kMte2KernelStartup;
            m.mte2Started = true;
            return startup + kLoadOverhead + CeilCycles(double(DmaBytes(amount, ub, nub)) / m.gmToUb);
        }
        case InstrKind::CopyUbToGm: {
            const uint64_t startup = m.mte3Started ? 0 : kMte3KernelStartup;
            m.mte3Started = true;
            return startup + kStoreOverhead + CeilCycles(double(DmaBytes(amount, ub, nub)) / m.ubToGm);
        }
        case InstrKind::CopyUbToUb:
            return kVecIssue + CeilCycles(double((amount + kRepeatBytes - 1) / kRepeatBytes) / kUbCopyRepeatsPerCycle);
        default: return VectorCost(kind, amount, aux);
    }
}

// Scalar GM access through the per-core data cache: fully associative LRU of 64-byte lines.
uint64_t DcacheAccess(CostState& m, uint64_t addr) {
    const uint64_t tag = addr / cost::kDcacheLineBytes + 1;   // 0 = empty line
    ++m.dcacheTick;
    uint32_t victim = 0;
    for (uint32_t i = 0; i < cost::kDcacheLines; ++i) {
        if (m.dcacheTag[i] == tag) { m.dcacheUse[i] = m.dcacheTick; return cost::kDcacheHit; }
        if (m.dcacheUse[i] < m.dcacheUse[victim]) victim = i;
    }
    m.dcacheTag[victim] = tag;
    m.dcacheUse[victim] = m.dcacheTick;
    return cost::kDcacheMiss;
}

[[noreturn]] void Race(const char* api, bool read, int other, int self, uint64_t block) {
    const char* o = kPipeName[other];
    Fail(api ? api : "instruction",
         read ? "race: reads UB written by %s without synchronization (missing SetFlag/WaitFlag %s_%s), UB bytes [%llu, %llu)"
              : "race: writes UB read by %s without synchronization (missing SetFlag/WaitFlag %s_%s), UB bytes [%llu, %llu)",
         o, o, kPipeName[self], (unsigned long long)(block * 32), (unsigned long long)(block * 32 + 32));
}

// Checks and records blocks [lo, hi) for an instruction on `pipe` over [start, end) (stamp =
// (end << 3) | (pipe + 1)). Branch-free loops; a race is located by a second pass.
inline __attribute__((always_inline)) void Blocks(CoreContext& c, bool write, uint64_t lo, uint64_t hi, int pipe, uint64_t start, uint64_t stamp, const char* api) {
    CostState& m = c.cost;
    // a scalar write newer than the pipe's fence is not yet visible to it (RAW S -> this pipe)
    const uint64_t fence = pipe == int(Pipe::S) ? ~uint64_t(0) >> 3 : m.scalarFence[pipe];
    constexpr uint64_t kScalar = uint64_t(Pipe::S) + 1;
    hi = std::min<uint64_t>(hi, m.ubWriter.size());
    if (lo >= hi) return;
    const uint64_t self = uint64_t(pipe + 1), end = stamp >> 3;
    uint64_t* __restrict w = m.ubWriter.data();
    uint64_t* __restrict r = m.ubReader.data();
    uint64_t bad = 0;
    if (write) {   // WAR: a read by another pipe still running at our start
        for (uint64_t k = lo; k < hi; ++k) {
            bad |= uint64_t((r[k] >> 3) > start) & uint64_t((r[k] & 7) != self);
            w[k] = stamp;
        }
    } else {       // RAW: a write by another pipe still running at our start; keep the later reader
        for (uint64_t k = lo; k < hi; ++k) {
            bad |= uint64_t((w[k] >> 3) > start) & uint64_t((w[k] & 7) != self);
            bad |= uint64_t((w[k] & 7) == kScalar) & uint64_t((w[k] >> 3) > fence);
            const bool keep = ((r[k] >> 3) > end) & ((r[k] & 7) != self);
            r[k] = keep ? r[k] : stamp;
        }
    }
    m.ubHigh = std::max(m.ubHigh, hi);
    if (__builtin_expect(bad != 0, 0))
        for (uint64_t k = lo; k < hi; ++k) {
            const uint64_t o = write ? r[k] : w[k];
            if ((o >> 3) > start && (o & 7) != self && (o & 7) != 0) Race(api, !write, int(o & 7) - 1, pipe, k);
            if (!write && (o & 7) == kScalar && (o >> 3) > fence) Race(api, true, int(Pipe::S), pipe, k);
        }
}

// Checks and records one operand of an instruction that runs on `pipe` over [start, end).
inline __attribute__((always_inline)) void Access(CoreContext& c, const UbAccess& a, int pipe, uint64_t start, uint64_t end, const char* api) {
    const uint8_t* p = static_cast<const uint8_t*>(a.p);
    if (!c.cost.raceCheck || !p || a.len == 0 || p < c.ub || p >= c.ub + c.ubBytes) return;
    const uint64_t stamp = (end << 3) | uint64_t(pipe + 1), base = uint64_t(p - c.ub);
    if (a.index) {
        for (uint32_t i = 0; i < a.count; ++i) {
            const uint64_t at = base + a.index[i];
            Blocks(c, a.write, at / 32, (at + a.len + 31) / 32, pipe, start, stamp, api);
        }
    } else if (a.count <= 1 || a.pitch <= (a.len + 31) / 32 * 32) {   // the runs cover one contiguous range
        const uint64_t last = base + uint64_t(a.count > 1 ? a.count - 1 : 0) * a.pitch + a.len;
        Blocks(c, a.write, base / 32, (last + 31) / 32, pipe, start, stamp, api);
    } else {
        for (uint32_t r = 0; r < a.count; ++r)
            Blocks(c, a.write, (base + r * a.pitch) / 32, (base + r * a.pitch + a.len + 31) / 32, pipe, start, stamp, api);
    }
}

void Accesses(CoreContext& c, const UbAccess* ub, size_t nub, int pipe, uint64_t start, uint64_t end, const char* api) {
    for (size_t i = 0; i < nub; ++i) if (!ub[i].write) Access(c, ub[i], pipe, start, end, api);   // reads first:
    for (size_t i = 0; i < nub; ++i) if (ub[i].write) Access(c, ub[i], pipe, start, end, api);    // in-place ops
}

void JoinAll(CostState& m) {
    const uint64_t t = *std::max_element(m.clk, m.clk + kModelPipes);
    std::fill(m.clk, m.clk + kModelPipes, t);
    std::fill(m.scalarFence, m.scalarFence + kModelPipes, t);
}

}  // namespace

uint64_t CostStep(CoreContext& c, Pipe pipe, InstrKind kind, uint64_t amount, const char* api, const UbAccess* ub,
                  size_t nub, uint64_t aux) {
    CostState& m = c.cost;
    uint64_t& s = m.clk[int(Pipe::S)];
    switch (kind) {   // scalar accesses execute on S
        case InstrKind::ScalarGmRead:
        case InstrKind::ScalarGmWrite: {
            const uint64_t cost = DcacheAccess(m, aux);
            m.busy[int(Pipe::S)] += cost;
            c.counters.AddBusy(uint32_t(Pipe::S), api, 1, cost);
            return s += cost;
        }
        case InstrKind::ScalarUbRead:
        case InstrKind::ScalarUbWrite: {
            const uint64_t start = s;
            m.busy[int(Pipe::S)] += cost::kScalarUbAccess;
            c.counters.AddBusy(uint32_t(Pipe::S), api, 1, cost::kScalarUbAccess);
            s += cost::kScalarUbAccess;
            Accesses(c, ub, nub, int(Pipe::S), start, s, api);
            return s;
        }
        default: break;
    }
    s += cost::kScalarIssue;   // everything else is issued by the scalar unit
    m.busy[int(Pipe::S)] += cost::kScalarIssue;
    c.counters.AddBusy(uint32_t(Pipe::S), "issue", 1, cost::kScalarIssue);
    const int p = int(pipe);
    const bool modelled = p < kModelPipes;
    // a flag's (event, ID) for SetFlag / WaitFlag: amount = event * kEventIdsPerType + ID
    const uint64_t event = (amount / kEventIdsPerType) % kMaxHardEvents, id = amount % kEventIdsPerType;
    switch (kind) {
        case InstrKind::SetFlag:
        case InstrKind::EnQue:
        case InstrKind::FreeTensor: {
            const uint64_t t = modelled ? std::max(m.clk[p], s) : s;
            if (kind == InstrKind::SetFlag) {
                m.flagTime[event][id] = t;
                m.flagSrc[event][id] = uint8_t(p);
            }
            return t;
        }
        case InstrKind::WaitFlag:
            if (modelled) {
                const uint64_t t = m.flagTime[event][id];
                m.clk[p] = std::max(m.clk[p], t);
                if (m.flagSrc[event][id] == uint8_t(Pipe::S)) m.scalarFence[p] = std::max(m.scalarFence[p], t);
            }
            return s;
        case InstrKind::DeQue:
        case InstrKind::AllocTensor:
            if (modelled) m.clk[p] = std::max(m.clk[p], aux);
            return s;
        case InstrKind::Barrier:
        case InstrKind::SyncAll:
            if (pipe == Pipe::All) JoinAll(m);
            return s;
        default: break;
    }
    if (!modelled) return s;
    const uint64_t cost = InstrCost(m, kind, amount, ub, nub, aux);
    const uint64_t start = std::max(m.clk[p], s), end = start + cost;
    m.clk[p] = end;
    m.busy[p] += cost;
    c.counters.AddBusy(uint32_t(p), api, 1, cost);
    Accesses(c, ub, nub, p, start, end, api);
    return end;
}

void CostBeginCore(CoreContext& c) {
    CostState& m = c.cost;
    std::fill(m.clk, m.clk + kModelPipes, 0);
    std::fill(m.busy, m.busy + kModelPipes, 0);
    std::memset(m.flagTime, 0, sizeof(m.flagTime));
    std::memset(m.flagSrc, 0, sizeof(m.flagSrc));
    std::fill(m.scalarFence, m.scalarFence + kModelPipes, 0);
    std::memset(m.dcacheTag, 0, sizeof(m.dcacheTag));
    std::memset(m.dcacheUse, 0, sizeof(m.dcacheUse));
    m.dcacheTick = 0;
    m.mte2Started = m.mte3Started = false;
    m.raceCheck = g_raceCheck.load();
    // Simplification: every launched core (up to the platform's) is active for the whole kernel.
    const double active = std::max<uint32_t>(1, std::min(c.blockDim, std::max<uint32_t>(1, c.platformAivCores)));
    m.gmToUb = cost::kGmToUbBase + cost::kGmToUbShared / active;
    m.ubToGm = cost::kUbToGmBase + cost::kUbToGmShared / active;
    const uint64_t used = std::min<uint64_t>(m.ubHigh, m.ubWriter.size());
    std::fill(m.ubWriter.begin(), m.ubWriter.begin() + used, 0);
    std::fill(m.ubReader.begin(), m.ubReader.begin() + used, 0);
    m.ubHigh = 0;
    if (m.ubWriter.size() < (c.ubBytes + 31) / 32) {
        m.ubWriter.resize((c.ubBytes + 31) / 32, 0);
        m.ubReader.resize((c.ubBytes + 31) / 32, 0);
    }
}

uint64_t CostCoreTime(const CoreContext& c) { return *std::max_element(c.cost.clk, c.cost.clk + kModelPipes); }

void CostResumeAt(CoreContext& c, uint64_t t) {
    std::fill(c.cost.clk, c.cost.clk + kModelPipes, t + cost::kSyncAllCycles);
}

void CostEndCore(CoreContext& c) {
    CoreCounters& k = c.counters;
    k.modelledCycles = CostCoreTime(c);
    k.busyS = c.cost.busy[int(Pipe::S)];
    k.busyMte2 = c.cost.busy[int(Pipe::MTE2)];
    k.busyV = c.cost.busy[int(Pipe::V)];
    k.busyMte3 = c.cost.busy[int(Pipe::MTE3)];
}

#else   // fast build: no cost model

uint64_t CostStep(CoreContext&, Pipe, InstrKind, uint64_t, const char*, const UbAccess*, size_t, uint64_t) { return 0; }
void CostBeginCore(CoreContext&) {}
void CostEndCore(CoreContext&) {}
uint64_t CostCoreTime(const CoreContext&) { return 0; }
void CostResumeAt(CoreContext&, uint64_t) {}

#endif

}  // namespace ascend_sim
