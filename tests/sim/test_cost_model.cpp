// NPU cost model and UB race detector (checked build) on kernels whose answers are known by
// construction from the constants in ascend_sim/cost_constants.h (docs/design.md, "The simulator's cost model").
// The fast build has no cost model: it must report zeros and never a race.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ascend_sim/cost_constants.h"
#include "check.h"
#include "op_launch.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;
namespace cost = ascend_sim::cost;

namespace {
constexpr bool kChecked = ASCENDC_SIM_CHECKED != 0;

double GmToUb(double active) { return cost::kGmToUbBase + cost::kGmToUbShared / active; }
double UbToGm(double active) { return cost::kUbToGmBase + cost::kUbToGmShared / active; }
uint64_t Load(uint64_t bytes, double active) { return cost::kLoadOverhead + uint64_t(std::ceil(bytes / GmToUb(active) - 1e-9)); }
uint64_t Store(uint64_t bytes, double active) { return cost::kStoreOverhead + uint64_t(std::ceil(bytes / UbToGm(active) - 1e-9)); }
bool Near(double got, double want, double tol) { return std::fabs(got - want) <= tol * want; }
}  // namespace

TEST_CASE("cost: 48-core GM->UB->GM copy of 64 KB DMAs approaches the modelled bandwidth floor") {
    constexpr uint32_t kCores = 48, kTile = 64 * 1024, kTiles = 32, n = kTile / 4;
    const size_t perCore = size_t(kTiles) * kTile;
    float* src = static_cast<float*>(GmAlloc(perCore * kCores));
    float* dst = static_cast<float*>(GmAlloc(perCore * kCores));
    for (size_t i = 0; i < perCore * kCores / 4; i += 997) src[i] = float(i);
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 2 * kTile);
        LocalTensor<float> ub = buf.Get<float>();
        GlobalTensor<float> in, out;
        in.SetGlobalBuffer(src + GetBlockIdx() * perCore / 4, perCore / 4);
        out.SetGlobalBuffer(dst + GetBlockIdx() * perCore / 4, perCore / 4);
        for (uint32_t i = 0; i < kTiles; ++i) {   // two buffers, ordered by MTE2_MTE3 / MTE3_MTE2 flags
            const int32_t b = int32_t(i % 2);
            if (i >= 2) WaitFlag<HardEvent::MTE3_MTE2>(b);
            DataCopy(ub[b * n], in[i * n], n);
            SetFlag<HardEvent::MTE2_MTE3>(b);
            WaitFlag<HardEvent::MTE2_MTE3>(b);
            DataCopy(out[i * n], ub[b * n], n);
            SetFlag<HardEvent::MTE3_MTE2>(b);
        }
        WaitFlag<HardEvent::MTE3_MTE2>(0);
        WaitFlag<HardEvent::MTE3_MTE2>(1);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, kCores), ascend_sim::LastLaunchError());
    bool same = true;
    for (size_t i = 0; i < perCore * kCores / 4; i += 997) same = same && dst[i] == src[i];
    CHECK(same);
    const ascend_sim::LaunchStats s = ascend_sim::LastLaunchStats();
    if (kChecked) {
        // Each core streams perCore bytes each way; MTE3 (UB->GM) is the slower direction.
        const double floor = std::max(perCore / GmToUb(kCores), perCore / UbToGm(kCores));
        std::printf("  copy: modelled %llu cycles (%.1f us), floor %.0f cycles: %.3f of the floor; %.0f GB/s each way\n",
                    (unsigned long long)s.modelledCycles, s.modelledMicroseconds, floor, s.modelledCycles / floor,
                    double(perCore) * kCores / (s.modelledMicroseconds * 1e3));
        CHECK(s.modelledCycles >= floor && s.modelledCycles <= 1.10 * floor);
        CHECK(Near(s.modelledMicroseconds, s.modelledCycles / (s.clockGHz * 1e3), 1e-12) && s.clockGHz == 1.8);
        uint64_t slowest = 0;
        for (const auto& k : s.cores) {
            slowest = std::max(slowest, k.modelledCycles);
            CHECK(k.busyMte2 == cost::kMte2KernelStartup + kTiles * Load(kTile, kCores));
            CHECK(k.busyMte3 == cost::kMte3KernelStartup + kTiles * Store(kTile, kCores));
            CHECK(k.busyV == 0 && k.busyS > 0);
        }
        CHECK(slowest == s.modelledCycles && s.total.modelledCycles == slowest);
        CHECK(s.total.busyMte3 == kCores * s.cores[0].busyMte3);
    } else {
        CHECK(s.modelledCycles == 0 && s.modelledMicroseconds == 0 && s.total.busyMte2 == 0 && s.cores[0].modelledCycles == 0);
    }
    GmFree(src);
    GmFree(dst);
}

// copy in (16 KB) -> K vector ops -> copy out through TQue VECIN / VECOUT of depth D (D buffers each).
template <int32_t D>
uint64_t PipelineCycles(float* src, float* dst, uint32_t iters, uint32_t k) {
    constexpr uint32_t n = 4096;
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, D> inQ;
        TQue<TPosition::VECOUT, D> outQ;
        pipe.InitBuffer(inQ, D, n * 4);
        pipe.InitBuffer(outQ, D, n * 4);
        GlobalTensor<float> in, out;
        in.SetGlobalBuffer(src, iters * n);
        out.SetGlobalBuffer(dst, iters * n);
        for (uint32_t i = 0; i < iters; ++i) {
            LocalTensor<float> a = inQ.template AllocTensor<float>();
            DataCopy(a, in[i * n], n);
            inQ.EnQue(a);
            LocalTensor<float> x = inQ.template DeQue<float>();
            LocalTensor<float> y = outQ.template AllocTensor<float>();
            Adds(y, x, 1.0f, n);
            for (uint32_t j = 1; j < k; ++j) Adds(y, y, 1.0f, n);
            outQ.EnQue(y);
            inQ.FreeTensor(x);
            LocalTensor<float> z = outQ.template DeQue<float>();
            DataCopy(out[i * n], z, n);
            outQ.FreeTensor(z);
        }
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    bool ok = true;
    for (uint32_t i = 0; i < iters * n; i += 331) ok = ok && dst[i] == src[i] + float(k);
    CHECK(ok);
    return ascend_sim::LastLaunchStats().modelledCycles;
}

TEST_CASE("cost: double buffering takes max(copy, compute) per tile, single buffering copy + compute") {
    constexpr uint32_t kIters = 64, n = 4096, kOps = 14;
    float* src = static_cast<float*>(GmAlloc(kIters * n * 4));
    float* dst = static_cast<float*>(GmAlloc(kIters * n * 4));
    for (uint32_t i = 0; i < kIters * n; ++i) src[i] = float(i % 1000);
    const uint64_t single = PipelineCycles<1>(src, dst, kIters, kOps);
    const uint64_t twice = PipelineCycles<2>(src, dst, kIters, kOps);
    if (kChecked) {
        // One core: active_cores = 1. Copy = the slower DMA direction; compute = kOps unary ops of 64 repeats.
        const double copy = double(std::max(Load(n * 4, 1), Store(n * 4, 1)));
        const double compute = kOps * (cost::kVecIssue + n * 4 / cost::kRepeatBytes / cost::kUnaryRepeatsPerCycle);
        std::printf("  pipeline per tile: depth 1 %.0f cycles (copy + compute = %.0f), depth 2 %.0f (max = %.0f)\n",
                    double(single) / kIters, copy + compute, double(twice) / kIters, std::max(copy, compute));
        CHECK(Near(double(single) / kIters, copy + compute, 0.10));
        CHECK(Near(double(twice) / kIters, std::max(copy, compute), 0.10));
    } else {
        CHECK(single == 0 && twice == 0);
    }
    GmFree(src);
    GmFree(dst);
}

TEST_CASE("cost: many 32-byte DMAs cost N x the per-instruction start-up; DataCopyPad rounds each block") {
    constexpr uint32_t kDmas = 4096;
    float* g = static_cast<float*>(GmAlloc(kDmas * 32));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 32 * 1024);
        LocalTensor<float> ub = buf.Get<float>();
        GlobalTensor<float> G;
        G.SetGlobalBuffer(g, kDmas * 8);
        for (uint32_t i = 0; i < kDmas; ++i) DataCopy(ub[(i % 1024) * 8], G[i * 8], 8);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    ascend_sim::LaunchStats s = ascend_sim::LastLaunchStats();
    if (kChecked) {
        const double overhead = double(kDmas) * cost::kLoadOverhead;
        std::printf("  %u x 32-byte DMA: %llu cycles, N x overhead = %.0f\n", kDmas, (unsigned long long)s.modelledCycles, overhead);
        CHECK(s.cores[0].busyMte2 == cost::kMte2KernelStartup + kDmas * Load(32, 1));
        CHECK(s.modelledCycles == cost::kScalarIssue + s.cores[0].busyMte2);   // MTE2 never waits after the first issue
        CHECK(Near(double(s.modelledCycles), overhead, 0.10));
    } else {
        CHECK(s.modelledCycles == 0);
    }
    // DataCopyPad of 8 blocks of 4 bytes moves 8 x 32 bytes; out: 8 x 4 bytes -> 8 x 32 bytes.
    auto pad = [&] {
        TPipe pipe;
        TBuf<TPosition::VECIN> buf;   // DataCopyPad's UB side is VECIN / VECOUT
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> ub = buf.Get<float>();
        GlobalTensor<float> G;
        G.SetGlobalBuffer(g, kDmas * 8);
        DataCopyPad(ub, G, DataCopyExtParams(8, 4, 28, 0, 0), DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
        DataCopyPad(G[1024], ub, DataCopyExtParams(8, 4, 0, 28, 0));
    };
    CHECK_MSG(ICPU_RUN_KF(pad, 1), ascend_sim::LastLaunchError());
    s = ascend_sim::LastLaunchStats();
    CHECK(s.cores[0].mte2Bytes == 32 && s.cores[0].mte3Bytes == 32);   // the counters keep the payload
    if (kChecked) {
        CHECK(s.cores[0].busyMte2 == cost::kMte2KernelStartup + Load(256, 1));
        CHECK(s.cores[0].busyMte3 == cost::kMte3KernelStartup + Store(256, 1));
        CHECK(s.modelledCycles == cost::kScalarIssue + s.cores[0].busyMte2 + s.cores[0].busyMte3);   // serialised by the flag
    }
    GmFree(g);
}

namespace {
// Kernel fragments for the race tests: GM->UB, vector, scalar and UB->GM accesses of one buffer.
enum class Sync { None, Flag, Queue };
bool RunRaceKernel(float* g, int variant, Sync sync) {
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> a, b;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        pipe.InitBuffer(q, 1, 1024);
        LocalTensor<float> x = a.Get<float>(), y = b.Get<float>();
        GlobalTensor<float> G;
        G.SetGlobalBuffer(g, 1024);
        if (variant == 0) {   // RAW MTE2 -> V
            if (sync == Sync::Queue) {
                LocalTensor<float> t = q.AllocTensor<float>();
                DataCopy(t, G, 256);
                q.EnQue(t);
                t = q.DeQue<float>();
                Adds(y, t, 1.0f, 256);
                q.FreeTensor(t);
                return;
            }
            DataCopy(x, G, 256);
            if (sync == Sync::Flag) { SetFlag<HardEvent::MTE2_V>(0); WaitFlag<HardEvent::MTE2_V>(0); }
            Adds(y, x, 1.0f, 256);
        } else if (variant == 1) {   // WAR V -> MTE2: reloading a buffer the vector unit still reads
            DataCopy(x, G, 256);
            SetFlag<HardEvent::MTE2_V>(0);
            WaitFlag<HardEvent::MTE2_V>(0);
            Adds(y, x, 1.0f, 256);
            if (sync == Sync::Flag) { SetFlag<HardEvent::V_MTE2>(0); WaitFlag<HardEvent::V_MTE2>(0); }
            DataCopy(x, G[256], 256);
        } else if (variant == 2) {   // RAW V -> S
            Duplicate(y, 2.0f, 256);
            if (sync == Sync::Flag) { SetFlag<HardEvent::V_S>(0); WaitFlag<HardEvent::V_S>(0); }
            G.SetValue(512, y.GetValue(3));
        } else if (variant == 3) {   // RAW V -> MTE3
            Duplicate(y, 3.0f, 256);
            if (sync == Sync::Flag) { SetFlag<HardEvent::V_MTE3>(0); WaitFlag<HardEvent::V_MTE3>(0); }
            DataCopy(G[768], y, 256);
        } else if (variant == 4) {   // RAW S -> V: the vector unit reads what the scalar unit wrote
            x.SetValue(5, 1.5f);
            if (sync == Sync::Flag) { SetFlag<HardEvent::S_V>(0); WaitFlag<HardEvent::S_V>(0); }
            Adds(y, x, 1.0f, 256);
        } else {   // WAR V -> S: the scalar unit rewrites what the vector unit reads
            Duplicate(x, 1.0f, 256);
            PipeBarrier<PIPE_ALL>();
            Adds(y, x, 1.0f, 256);
            if (sync == Sync::Flag) { SetFlag<HardEvent::V_S>(0); WaitFlag<HardEvent::V_S>(0); }
            x.SetValue(5, 1.5f);
        }
    };
    return ICPU_RUN_KF(kernel, 1);
}
}  // namespace

TEST_CASE("race detector: a missing flag is a race in the checked build; the synchronised kernel is not") {
    float* g = static_cast<float*>(GmAlloc(4096));
    struct Case { int variant; const char* message; };
    const Case cases[] = {
        {0, "Adds: core 0: race: reads UB written by MTE2 without synchronization (missing SetFlag/WaitFlag MTE2_V)"},
        {1, "DataCopy: core 0: race: writes UB read by V without synchronization (missing SetFlag/WaitFlag V_MTE2)"},
        {2, "LocalTensor::GetValue: core 0: race: reads UB written by V without synchronization (missing SetFlag/WaitFlag V_S)"},
        {3, "DataCopy: core 0: race: reads UB written by V without synchronization (missing SetFlag/WaitFlag V_MTE3)"},
        // a scalar UB store and the vector pipe's reads are not ordered by issue (the S_V event;
        // "Scalar读写数据", atlas_ascendc_10_00031: the synchronisation of scalar UB accesses)
        {4, "Adds: core 0: race: reads UB written by S without synchronization (missing SetFlag/WaitFlag S_V)"},
        {5, "LocalTensor::SetValue: core 0: race: writes UB read by V without synchronization (missing SetFlag/WaitFlag V_S)"},
    };
    for (const Case& c : cases) {
        const bool ok = RunRaceKernel(g, c.variant, Sync::None);
        if (kChecked) CHECK_MSG(!ok && ascend_sim::LastLaunchError().find(c.message) == 0, ascend_sim::LastLaunchError());
        else CHECK(ok);
        CHECK_MSG(RunRaceKernel(g, c.variant, Sync::Flag), ascend_sim::LastLaunchError());
    }
    CHECK_MSG(RunRaceKernel(g, 0, Sync::Queue), ascend_sim::LastLaunchError());
    // The detector can be switched off (the cost model keeps running).
    const bool before = ascend_sim::SetRaceCheck(false);
    CHECK(before);
    CHECK_MSG(RunRaceKernel(g, 0, Sync::None), ascend_sim::LastLaunchError());
    CHECK(ascend_sim::LastLaunchStats().modelledCycles > 0 || !kChecked);
    ascend_sim::SetRaceCheck(true);
    GmFree(g);
}

TEST_CASE("race detector: Gather checks the blocks its offsets read") {
    float* g = static_cast<float*>(GmAlloc(8192));
    auto run = [&](uint32_t loadAt) {   // loads 8 floats at float index loadAt, then gathers floats 0 and 2000
        auto kernel = [&] {
            TPipe pipe;
            TBuf<> a, b, c;
            pipe.InitBuffer(a, 8192);
            pipe.InitBuffer(b, 64);
            pipe.InitBuffer(c, 64);
            LocalTensor<float> src = a.Get<float>(), dst = c.Get<float>();
            LocalTensor<uint32_t> off = b.Get<uint32_t>();
            GlobalTensor<float> G;
            G.SetGlobalBuffer(g, 2048);
            Duplicate(off, 0u, 8);
            Duplicate(off[8], 8000u, 8);
            Duplicate(src, 0.0f, 2048);
            PipeBarrier<PIPE_ALL>();
            DataCopy(src[loadAt], G[loadAt], 8);
            Gather(dst, src, off, 0, 16);
        };
        return ICPU_RUN_KF(kernel, 1);
    };
    const bool hit = run(2000);
    const std::string error = ascend_sim::LastLaunchError();
    if (kChecked) CHECK_MSG(!hit && error.find("Gather: core 0: race: reads UB written by MTE2") == 0, error);
    else CHECK(hit);
    CHECK_MSG(run(1000), ascend_sim::LastLaunchError());   // a block between the offsets is not read: no race
    GmFree(g);
}

TEST_CASE("cost: scalar GM reads through a 64-byte-line data cache (LRU)") {
    constexpr uint32_t kLineFloats = cost::kDcacheLineBytes / 4;
    const uint32_t lines = cost::kDcacheLines + 1;
    float* g = static_cast<float*>(GmAlloc(size_t(lines + 1) * cost::kDcacheLineBytes));   // 64-byte aligned
    std::fill(g, g + (lines + 1) * kLineFloats, 0.0f);
    uint64_t busy[4] = {};
    auto run = [&](int step) {
        auto kernel = [&] {
            GlobalTensor<float> G;
            G.SetGlobalBuffer(g, (lines + 1) * kLineFloats);
            float sum = 0;
            for (uint32_t i = 0; i < kLineFloats; ++i) sum += G.GetValue(i);   // 1 miss + 15 hits
            if (step >= 1) sum += G.GetValue(kLineFloats) + G.GetValue(0);     // miss (next line) + hit
            if (step >= 2) {
                for (uint32_t l = 1; l <= lines; ++l) sum += G.GetValue(l * kLineFloats);   // evicts line 0
                sum += G.GetValue(1);                                                     // miss again
            }
            if (sum < -1) G.SetValue(0, sum);
        };
        CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
        busy[step] = ascend_sim::LastLaunchStats().cores[0].busyS;
    };
    for (int step = 0; step < 3; ++step) run(step);
    if (kChecked) {
        CHECK(busy[0] == cost::kDcacheMiss + (kLineFloats - 1) * cost::kDcacheHit);
        CHECK(busy[1] == busy[0] + cost::kDcacheMiss + cost::kDcacheHit);
        // lines 1..lines: line 1 is cached (hit), the other lines-1 miss; then line 0 misses.
        CHECK(busy[2] == busy[1] + cost::kDcacheHit + (lines - 1) * cost::kDcacheMiss + cost::kDcacheMiss);
    } else {
        CHECK(busy[0] == 0 && busy[2] == 0);
    }
    GmFree(g);
}

TEST_CASE("cost: SyncAll releases every core at the slowest core's time") {
    float* g = static_cast<float*>(GmAlloc(4096));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> a;
        pipe.InitBuffer(a, 4096);
        LocalTensor<float> x = a.Get<float>();
        if (GetBlockIdx() == 0)
            for (int i = 0; i < 100; ++i) Duplicate(x, 1.0f, 1024);   // 100 x (issue + 16 repeats)
        SyncAll();
        Duplicate(x, 2.0f, 64);
    };
    CHECK_MSG(RunWithSystemWorkspace("kernel", 4, kernel), ascend_sim::LastLaunchError());
    const ascend_sim::LaunchStats s = ascend_sim::LastLaunchStats();
    if (kChecked) {
        const uint64_t work = 100 * (cost::kVecIssue + 16);
        for (const auto& k : s.cores) CHECK(k.modelledCycles > work + cost::kSyncAllCycles);
        CHECK(s.cores[1].modelledCycles == s.cores[0].modelledCycles && s.cores[3].busyV == cost::kVecIssue + 1);
    }
    GmFree(g);
}

TEST_CASE("cost: blocks beyond the vector cores wait for the core that frees first") {
    // block 0 does 10 units of vector work, the others 1: on 4 cores, blocks 1-3 finish at 1 unit,
    // 4-6 start there and finish at 2, 7 at 3; block 0 alone sets the span (a round-robin of blocks
    // over cores would queue block 4 behind block 0: 11 units)
    const ascend_sim::Platform saved = ascend_sim::GetPlatform();
    ascend_sim::Platform four = saved;
    four.aivCoreNum = 4;
    ascend_sim::SetPlatform(four);
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> a;
        pipe.InitBuffer(a, 4096);
        LocalTensor<float> x = a.Get<float>();
        for (int i = 0; i < (GetBlockIdx() == 0 ? 100 : 10); ++i) Duplicate(x, 1.0f, 1024);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 8), ascend_sim::LastLaunchError());
    const ascend_sim::LaunchStats uneven = ascend_sim::LastLaunchStats();
    auto equal = [&] {
        TPipe pipe;
        TBuf<> a;
        pipe.InitBuffer(a, 4096);
        LocalTensor<float> x = a.Get<float>();
        for (int i = 0; i < 10; ++i) Duplicate(x, 1.0f, 1024);
    };
    CHECK_MSG(ICPU_RUN_KF(equal, 8), ascend_sim::LastLaunchError());
    const ascend_sim::LaunchStats twoWaves = ascend_sim::LastLaunchStats();
    CHECK_MSG(ICPU_RUN_KF(equal, 4), ascend_sim::LastLaunchError());
    const ascend_sim::LaunchStats oneWave = ascend_sim::LastLaunchStats();
    ascend_sim::SetPlatform(saved);
    if (kChecked) {
        const uint64_t unit = oneWave.modelledCycles;
        CHECK(unit > 0 && twoWaves.cores.size() == 8);
        CHECK(twoWaves.modelledCycles == 2 * unit);
        CHECK(uneven.modelledCycles == uneven.cores[0].modelledCycles && uneven.cores[0].modelledCycles > 9 * unit);
    } else {
        CHECK(twoWaves.modelledCycles == 0);
    }
}

TEST_MAIN()
