// Planted violations: each kernel breaks one documented rule and the checked build must stop the
// launch with "<API>: core <i>: <rule>". The fast build compiles the checks out, so those kernels
// are not run there. Launcher errors (bad blockDim, a SyncAll that can never complete) are
// reported by both builds.
#include <atomic>
#include <string>

#include "check.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

namespace {

// Runs `body` on blockDim cores and returns the launch diagnostic ("" on success).
template <typename F>
std::string Violation(F body, uint32_t blockDim = 1) {
    ascend_sim::KernelLaunch l;
    l.name = "planted";
    l.blockDim = blockDim;
    l.body = body;
    bool ok = ascend_sim::RunKernel(l);
    std::string err = ascend_sim::LastLaunchError();
    return ok ? std::string() : (err.empty() ? std::string("<failed without diagnostic>") : err);
}
#define EXPECT_VIOLATION(err, ...) CHECK_MSG(ContainsAll(err, {__VA_ARGS__}), "diagnostic was: " + (err))

struct Gm {
    float* p;
    size_t n;
    explicit Gm(size_t count) : p(static_cast<float*>(GmAlloc(count * 4))), n(count) {}
    ~Gm() { GmFree(p); }
};

}  // namespace

TEST_CASE("launcher rejects blockDim 0 and > 65535 (both builds)") {
    std::string e0 = Violation([] {}, 0);
    EXPECT_VIOLATION(e0, "RunKernel", "blockDim 0", "[1, 65535]");
    std::string e1 = Violation([] {}, 65536);
    EXPECT_VIOLATION(e1, "RunKernel", "blockDim 65536");
    CHECK(Violation([] {}, 65535).empty());
}

TEST_CASE("SyncAll that can never complete is detected (both builds)") {
    // Core 5 returns early; the other 47 cores wait at the barrier forever on hardware.
    std::string e = Violation([] {
        if (GetBlockIdx() == 5) return;
        SyncAll();
    }, 48);
    EXPECT_VIOLATION(e, "SyncAll", "never complete");
    // A core arriving after another already finished.
    std::string e2 = Violation([] {
        if (GetBlockIdx() == 0) return;
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 64);
        for (int i = 0; i < 1000; ++i) Duplicate(b.Get<float>(), 1.0f, 16);
        SyncAll();
    }, 3);
    EXPECT_VIOLATION(e2, "SyncAll", "never complete");
    // The launcher stays usable after a failed launch.
    CHECK(Violation([] { SyncAll(); SyncAll(); }, 48).empty());
}

#if ASCENDC_SIM_CHECKED

TEST_CASE("InitBuffer beyond the usable UB and more than 64 buffers") {
    std::string e = Violation([] {
        TPipe pipe;
        TBuf<> a, b;
        pipe.InitBuffer(a, 100000);
        pipe.InitBuffer(b, 100000);
    });
    EXPECT_VIOLATION(e, "TPipe::InitBuffer", "core 0", "exceed the usable UB of 188160 bytes");
    std::string e2 = Violation([] {
        TPipe pipe;
        static TBuf<> bufs[65];
        for (auto& b : bufs) pipe.InitBuffer(b, 32);
    });
    EXPECT_VIOLATION(e2, "TPipe::InitBuffer", "exceed the limit of 64 buffers");
    // A smaller UB platform shrinks the limit.
    ascend_sim::Platform saved = ascend_sim::GetPlatform(), small = saved;
    small.ubSize = 65536;
    ascend_sim::SetPlatform(small);
    std::string e3 = Violation([] { TPipe pipe; TBuf<> a; pipe.InitBuffer(a, 60000); });
    EXPECT_VIOLATION(e3, "usable UB of 57088 bytes");
    ascend_sim::SetPlatform(saved);
}

TEST_CASE("LocalTensor bounds, alignment and partial overlap") {
    auto withBuf = [](auto f) {
        return Violation([f] {
            TPipe pipe;
            TBuf<> b;
            pipe.InitBuffer(b, 1024);
            f(b.Get<float>(256));
        });
    };
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { t.GetValue(256); }), "LocalTensor::GetValue", "index 256", "256 elements");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { t[200].SetValue(56, 1.0f); }), "LocalTensor::SetValue", "index 56", "56 elements");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Add(t[128], t, t, 129); }), "Add", "core 0", "129 elements needed", "holds 128");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Muls(t[1], t[8], 2.0f, 8); }), "Muls", "not 32-byte aligned");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Adds(t[8], t, 1.0f, 64); }), "Adds", "overlap partially");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { t.SetSize(300); }), "LocalTensor::SetSize", "300 elements");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Cast(t.ReinterpretCast<bfloat16_t>(), t[128], RoundMode::CAST_ODD, 64); }),
                     "Cast: core 0: RoundMode::CAST_ODD is not supported for float -> bfloat16_t");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Cast(t.ReinterpretCast<int32_t>(), t[128], RoundMode::CAST_NONE, 64); }),
                     "Cast", "CAST_NONE is not supported for float -> int32_t");
}

TEST_CASE("DataCopy length rule, GM bounds and live allocations") {
    Gm g(1024);
    float* p = g.p;
    std::string e = Violation([p] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 4096);
        GlobalTensor<float> G;
        G.SetGlobalBuffer(p, 1024);
        DataCopy(b.Get<float>(), G, GetBlockIdx() == 3 ? 10 : 8);
    }, 4);
    EXPECT_VIOLATION(e, "DataCopy: core 3: count*sizeof(T) = 40 bytes is not a multiple of 32");
    std::string e2 = Violation([p] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 4096);
        GlobalTensor<float> G;
        G.SetGlobalBuffer(p, 256);
        DataCopy(b.Get<float>(), G[200], 64);
    });
    EXPECT_VIOLATION(e2, "DataCopy", "outside the 56 elements", "given to SetGlobalBuffer");
    static float notDevice[64];
    std::string e3 = Violation([] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> G;
        G.SetGlobalBuffer(notDevice);
        DataCopy(G, b.Get<float>(), 64);
    });
    EXPECT_VIOLATION(e3, "DataCopy", "outside every live device allocation");
    std::string e4 = Violation([p] {
        GlobalTensor<float> G;
        G.SetGlobalBuffer(p);
        G.GetValue(1024);   // one past the allocation
    });
    EXPECT_VIOLATION(e4, "GlobalTensor::GetValue", "outside every live device allocation");
}

TEST_CASE("DataCopyPad parameter ranges") {
    Gm g(65536);
    float* p = g.p;
    auto pad = [p](DataCopyExtParams prm, DataCopyPadExtParams<float> pp) {
        return Violation([p, prm, pp] {
            TPipe pipe;
            TBuf<TPosition::VECIN> b;   // GM->UB DataCopyPad lands in VECIN or VECOUT
            pipe.InitBuffer(b, 8192);
            GlobalTensor<float> G;
            G.SetGlobalBuffer(p, 65536);
            DataCopyPad(b.Get<float>(), G, prm, pp);
        });
    };
    EXPECT_VIOLATION(pad({2, 10, 0, 0, 0}, {}), "DataCopyPad", "blockLen 10 bytes is not a multiple of sizeof(T) = 4");
    EXPECT_VIOLATION(pad({4096, 4, 0, 0, 0}, {}), "DataCopyPad", "blockCount 4096 exceeds 4095");
    EXPECT_VIOLATION(pad({1, 2097152, 0, 0, 0}, {}), "DataCopyPad", "blockLen 2097152 bytes exceeds 2097151");
    EXPECT_VIOLATION(pad({1, 16, 0, 0, 0}, {true, 9, 0, 0.0f}), "DataCopyPad", "leftPadding 9", "exceed 32 bytes");
    EXPECT_VIOLATION(pad({65, 100, 0, 0, 0}, {}), "DataCopyPad", "dst: the access spans 8320 bytes", "holds 8192 bytes");
    std::string ok = pad({3, 12, 4, 0, 0}, {true, 1, 2, 5.0f});
    CHECK_MSG(ok.empty(), ok);
}

TEST_CASE("Compare 256-byte rule, Gather offsets, GatherMask pattern") {
    auto k = [](auto f) {
        return Violation([f] {
            TPipe pipe;
            TBuf<> b;
            pipe.InitBuffer(b, 4096);
            f(b.Get<float>());
        });
    };
    EXPECT_VIOLATION(k([](LocalTensor<float> t) { Compare(t[512].ReinterpretCast<uint8_t>(), t, t[128], CMPMODE::LT, 32); }),
                     "Compare", "count*sizeof(T) = 128 bytes is not a multiple of 256");
    EXPECT_VIOLATION(k([](LocalTensor<float> t) { CompareScalar(t[512].ReinterpretCast<uint8_t>(), t, 1.0f, CMPMODE::EQ, 48); }),
                     "CompareScalar", "192 bytes");
    EXPECT_VIOLATION(k([](LocalTensor<float> t) {
                         LocalTensor<uint32_t> off = t[256].ReinterpretCast<uint32_t>();
                         Duplicate(off, 0u, 8);
                         off.SetValue(3, 1024);   // byte 1024 of a 256-element source = element 256
                         LocalTensor<float> src = t;
                         src.SetSize(256);
                         Gather(t[512], src, off, 0, 8);
                     }),
                     "Gather", "element 3 reads byte offset 1024, outside the source tensor's 1024 bytes");
    EXPECT_VIOLATION(k([](LocalTensor<float> t) {
                         LocalTensor<uint32_t> off = t[256].ReinterpretCast<uint32_t>();
                         Duplicate(off, 6u, 8);
                         LocalTensor<float> src = t;
                         src.SetSize(64);
                         Gather(t[512], src, off, 0, 8);
                     }),
                     "Gather", "6 bytes is not a multiple of sizeof(T) = 4");
    EXPECT_VIOLATION(k([](LocalTensor<float> t) {
                         uint64_t cnt = 0;
                         GatherMask(t[512], t, uint8_t(8), false, 0, {1, 1, 0, 0}, cnt);
                     }),
                     "GatherMask", "src1Pattern 8 is outside [1, 7]");
}

TEST_CASE("queue misuse: empty DeQue, too many AllocTensor, EnQue beyond depth, tensors held at the end") {
    auto q = [](auto f) {
        return Violation([f] {
            TPipe pipe;
            TQue<TPosition::VECIN, 1> que;
            pipe.InitBuffer(que, 2, 256);
            f(que);
        });
    };
    EXPECT_VIOLATION(q([](auto& que) { que.template DeQue<float>(); }), "TQue::DeQue", "core 0", "queue is empty");
    EXPECT_VIOLATION(q([](auto& que) {
                         LocalTensor<float> a = que.template AllocTensor<float>();
                         LocalTensor<float> b = que.template AllocTensor<float>();
                         LocalTensor<float> c = que.template AllocTensor<float>();
                     }),
                     "TQue::AllocTensor", "all 2 buffers");
    EXPECT_VIOLATION(q([](auto& que) {
                         que.EnQue(que.template AllocTensor<float>());
                         que.EnQue(que.template AllocTensor<float>());
                     }),
                     "TQue::EnQue", "queue depth is 1");
    EXPECT_VIOLATION(q([](auto& que) { que.template AllocTensor<float>(); }), "TQue", "core 0", "still allocated at kernel end");
    EXPECT_VIOLATION(q([](auto& que) {
                         LocalTensor<float> a = que.template AllocTensor<float>();
                         que.FreeTensor(a);
                         que.FreeTensor(a);
                     }),
                     "TQue::FreeTensor", "double FreeTensor");
}

TEST_CASE("WaitFlag without SetFlag, SyncAll beyond the physical cores") {
    std::string e = Violation([] {
        TPipe pipe;
        TEventID id = pipe.FetchEventID(HardEvent::V_S);
        SetFlag<HardEvent::S_V>(id);
        WaitFlag<HardEvent::S_V>(id);
        WaitFlag<HardEvent::V_S>(id);
    }, 2);
    EXPECT_VIOLATION(e, "WaitFlag", "WaitFlag<HardEvent::V_S>(0) has no matching SetFlag");
    std::string e2 = Violation([] { SyncAll(); }, 50);
    EXPECT_VIOLATION(e2, "SyncAll", "blockDim 50 exceeds the platform's 48 vector cores");
}

TEST_CASE("after one core fails the others stop at their next API call") {
    static std::atomic<uint64_t> calls{0};
    calls = 0;
    std::string e = Violation([] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        if (GetBlockIdx() == 0) t.GetValue(64);   // out of bounds
        for (int i = 0; i < 200000; ++i) { Duplicate(t, 0.0f, 8); ++calls; }
    }, 8);
    EXPECT_VIOLATION(e, "LocalTensor::GetValue: core 0: index 64");
    CHECK_MSG(calls.load() < 7u * 200000u, "other cores ran " + std::to_string(calls.load()) + " calls");
}

#endif  // ASCENDC_SIM_CHECKED

TEST_MAIN()
