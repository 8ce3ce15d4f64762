// Planted violations: each kernel breaks one documented rule and the checked build must stop the
// launch with "<API>: core <i>: <rule>". The fast build compiles the checks out, so those kernels
// are not run there. Launcher errors (bad blockDim, a SyncAll that can never complete) are
// reported by both builds.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "check.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

namespace {

// A workspace that holds the platform's system workspace, as every tiling of the package requests.
uint8_t* SystemWorkspace() {
    static uint8_t* ws = static_cast<uint8_t*>(GmAlloc(ascend_sim::GetPlatform().systemWorkspaceBytes + 1024));
    return ws;
}

// Runs `body` on blockDim cores with `workspace` as the launch's workspace argument and returns the
// launch diagnostic ("" on success).
template <typename F>
std::string Violation(F body, uint32_t blockDim = 1, void* workspace = SystemWorkspace()) {
    ascend_sim::KernelLaunch l;
    l.name = "planted";
    l.blockDim = blockDim;
    l.body = body;
    l.gmArgs = {workspace};
    l.workspaceArg = 0;
    bool ok = ascend_sim::RunKernel(l);
    std::string err = ascend_sim::LastLaunchError();
    return ok ? std::string() : (err.empty() ? std::string("<failed without diagnostic>") : err);
}
#define EXPECT_VIOLATION(err, ...) CHECK_MSG(ContainsAll(err, {__VA_ARGS__}), "diagnostic was: " + (err))

// Violation of `f` run on one UB buffer of `bytes` bytes, as float.
template <typename F>
std::string ViolationOnUb(uint32_t bytes, F f) {
    return Violation([bytes, f] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, bytes);
        f(b.Get<float>());
    });
}

struct Gm {
    float* p;
    size_t n;
    explicit Gm(size_t count) : p(static_cast<float*>(GmAlloc(count * 4))), n(count) {}
    ~Gm() { GmFree(p); }
};

}  // namespace

TEST_CASE("the system workspace: a tiling that forgets it fails GetUserWorkspace and a hard SyncAll (planted)") {
#if ASCENDC_SIM_CHECKED
    // GetLibApiWorkSpaceSize (16 MiB on A2) in front of the user's area: a workspace of the user's
    // size only, as a tiling that forgot to add the system workspace would request.
    Gm small(256);
    std::string e = Violation([&] { (void)GetUserWorkspace(reinterpret_cast<GM_ADDR>(small.p)); }, 1, small.p);
    EXPECT_VIOLATION(e, "GetUserWorkspace", "system workspace", "GetLibApiWorkSpaceSize");
    std::string e2 = Violation([] { SyncAll(); }, 2, small.p);
    EXPECT_VIOLATION(e2, "SyncAll", "workspace", "GetLibApiWorkSpaceSize");
    std::string e3 = Violation([] { SyncAll(); }, 2, nullptr);
    EXPECT_VIOLATION(e3, "SyncAll", "must not be 0");
#endif
    // with the system workspace the user's area starts right after it (both builds)
    uint8_t* ws = SystemWorkspace();
    std::atomic<intptr_t> offset{-1};
    CHECK(Violation([&] { offset = GetUserWorkspace(ws) - ws; SyncAll(); }, 2).empty());
    CHECK(offset == static_cast<intptr_t>(ascend_sim::GetPlatform().systemWorkspaceBytes));
}

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

// Behaviour (both builds) of rules the model enforces by construction. These kernels test single
// APIs without inter-pipe flags, so the UB race detector is off while they run.
namespace {
struct NoRaceCheck {
    bool previous = ascend_sim::SetRaceCheck(false);
    ~NoRaceCheck() { ascend_sim::SetRaceCheck(previous); }
};
}  // namespace

TEST_CASE("DataCopyPad GM->UB fills the unaligned tail and unset padding with a dummy value") {
    NoRaceCheck noRaceCheck;
    // DataCopyPad page (atlasascendc_api_07_0265) / SetPadValue (atlasascendc_api_07_0266): the
    // bytes of a block's 32-byte rounding (and isPad=false padding) are not left untouched.
    Gm g(64);
    for (int i = 0; i < 64; ++i) g.p[i] = float(i + 1);
    Gm out(32);
    float* src = g.p;
    float* dst = out.p;
    std::string e = Violation([src, dst] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> u = q.AllocTensor<float>();
        Duplicate(u, 7.0f, 64);
        GlobalTensor<float> S, O;
        S.SetGlobalBuffer(src, 64);
        O.SetGlobalBuffer(dst, 32);
        // block 0: [dummy pad][3 values][4 tail]; block 1 (after 1 gap block): [5 values][3 tail]
        DataCopyPad(u, S, DataCopyExtParams(1, 12, 0, 0, 0), DataCopyPadExtParams<float>(false, 1, 0, 0.0f));
        DataCopyPad(u[16], S[8], DataCopyExtParams(1, 20, 0, 0, 0), DataCopyPadExtParams<float>());
        q.EnQue(u);
        LocalTensor<float> v = q.DeQue<float>();
        DataCopy(O, v, 32);
        q.FreeTensor(v);
    });
    CHECK_MSG(e.empty(), e);
    auto bits = [](float f) { uint32_t b; std::memcpy(&b, &f, 4); return b; };
    CHECK(bits(dst[0]) == 0xFFFFFFFFu);
    CHECK(dst[1] == 1.0f && dst[2] == 2.0f && dst[3] == 3.0f);
    for (int i = 4; i < 8; ++i) CHECK(bits(dst[i]) == 0xFFFFFFFFu);
    for (int i = 8; i < 16; ++i) CHECK(dst[i] == 7.0f);   // not part of any block: untouched
    for (int i = 0; i < 5; ++i) CHECK(dst[16 + i] == float(9 + i));
    for (int i = 21; i < 24; ++i) CHECK(bits(dst[i]) == 0xFFFFFFFFu);
    for (int i = 24; i < 32; ++i) CHECK(dst[i] == 7.0f);
}

TEST_CASE("GatherMaskParams defaults and stride meaning") {
    NoRaceCheck noRaceCheck;
    // GatherMask page (atlasascendc_api_07_0071): src0BlockStride 1, repeatTimes 0,
    // src0RepeatStride 8, src1RepeatStride 8 (32-byte blocks).
    GatherMaskParams d;
    CHECK(d.src0BlockStride == 1 && d.repeatTimes == 0 && d.src0RepeatStride == 8 && d.src1RepeatStride == 8);
    Gm out(256);
    float* dst = out.p;
    std::string e = Violation([dst] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 4096);
        LocalTensor<float> t = b.Get<float>();
        for (int i = 0; i < 256; ++i) t.SetValue(i, float(i));
        GatherMaskParams p;   // defaults: consecutive repeats read consecutive 256 bytes
        p.repeatTimes = 2;
        uint64_t n0 = 0, n1 = 0;
        GatherMask(t[256], t, uint8_t(7), false, 0, p, n0);   // 128 consecutive elements
        GatherMask(t[384], t, uint8_t(1), false, 0, p, n1);   // the even ones of those
        ASC_CHECK(n0 == 128 && n1 == 64, "test", "rsvdCnt %llu / %llu", (unsigned long long)n0, (unsigned long long)n1);
        GlobalTensor<float> O;
        O.SetGlobalBuffer(dst, 256);
        DataCopy(O, t[256], 256);
    });
    CHECK_MSG(e.empty(), e);
    int bad = 0;
    for (int i = 0; i < 128; ++i) bad += dst[i] != float(i);
    for (int i = 0; i < 64; ++i) bad += dst[128 + i] != float(2 * i);
    CHECK(bad == 0);
}

TEST_CASE("GatherMask with src0RepeatStride 0 re-reads the first repeat") {
    NoRaceCheck noRaceCheck;
    Gm out(128);
    float* dst = out.p;
    std::string e = Violation([dst] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 2048);
        LocalTensor<float> t = b.Get<float>();
        for (int i = 0; i < 128; ++i) t.SetValue(i, float(i));
        uint64_t n = 0;
        GatherMask(t[128], t, uint8_t(7), false, 0, {1, 2, 0, 8}, n);
        GlobalTensor<float> O;
        O.SetGlobalBuffer(dst, 128);
        DataCopy(O, t[128], 128);
    });
    CHECK_MSG(e.empty(), e);
    int bad = 0;
    for (int i = 0; i < 128; ++i) bad += dst[i] != float(i % 64);
    CHECK(bad == 0);
}

// Device code has no lambdas without the device attribute (docs/ascendc-api §6): op_kernel/ uses
// named __aicore__ inline functions. A lambda introducer is a '[' that does not follow an
// identifier, ')' or ']' (or follows `return`), closed by ']' and then '(' or '{'.
namespace {
std::string StripComments(const std::string& src) {
    std::string out;
    for (size_t i = 0; i < src.size(); ++i) {
        if (src.compare(i, 2, "//") == 0) { while (i < src.size() && src[i] != '\n') ++i; out += '\n'; continue; }
        if (src.compare(i, 2, "/*") == 0) { size_t j = src.find("*/", i + 2); i = j == std::string::npos ? src.size() : j + 1; continue; }
        out += src[i];
    }
    return out;
}
bool IsIdent(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
// Line numbers (1-based) of lambda introducers in C++ source text.
std::vector<int> LambdaLines(const std::string& text) {
    const std::string s = StripComments(text);
    std::vector<int> lines;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '[' || (i + 1 < s.size() && s[i + 1] == '[') || (i > 0 && s[i - 1] == '[')) continue;
        size_t k = i;
        while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\n')) --k;
        bool introducer = k == 0 || !(IsIdent(s[k - 1]) || s[k - 1] == ')' || s[k - 1] == ']');
        if (!introducer && k >= 6 && s.compare(k - 6, 6, "return") == 0 && (k == 6 || !IsIdent(s[k - 7])))
            introducer = true;
        if (!introducer) continue;
        const size_t close = s.find(']', i);
        if (close == std::string::npos) break;
        size_t j = close + 1;
        while (j < s.size() && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n')) ++j;
        if (j < s.size() && (s[j] == '(' || s[j] == '{'))
            lines.push_back(1 + int(std::count(s.begin(), s.begin() + long(i), '\n')));
    }
    return lines;
}
}  // namespace

TEST_CASE("op_kernel has no lambdas (named __aicore__ inline functions instead)") {
    // The detector finds a planted lambda and passes named functions, arrays and attributes.
    CHECK(LambdaLines("auto take = [&]() { return 1; };").size() == 1);
    CHECK(LambdaLines("int f() {\n return [=] { return 2; }(); }").size() == 1);
    CHECK(LambdaLines("[[maybe_unused]] int a[4]; x = a[1]; y = (*p)[2]; z = m[0][1]; // [&](){}").empty());
    const std::string self = __FILE__;   // the source path CMake gives the compiler
    const size_t at = self.rfind("tests/sim/");
    CHECK_MSG(at != std::string::npos, "cannot locate the source tree from " + self);
    const std::string root = self.substr(0, at == std::string::npos ? 0 : at);
    std::error_code error;
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(root + "op_kernel", error)) {
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        ++files;
        for (int line : LambdaLines(text.str()))
            CHECK_MSG(false, entry.path().string() + ":" + std::to_string(line) + ": a lambda in device code");
    }
    CHECK_MSG(!error && files >= 3, root + "op_kernel: " + error.message());
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

// A kernel whose passes partition the UB differently (Interpolate) re-initialises its queues after
// TPipe::Reset, which releases every buffer (Reset page, atlasascendc_api_07_0113: InitBuffer, process,
// Reset, in a loop). Without the Reset the second partition comes on top of the first.
TEST_CASE("TPipe::Reset releases the UB for the next InitBuffer; without it the partitions add up") {
    auto twoPartitions = [](bool reset) {
        return [reset] {
            TPipe pipe;
            TQue<TPosition::VECIN, 2> que;
            TBuf<> work;
            for (uint32_t len : {60000u, 40000u}) {
                pipe.InitBuffer(que, 2, len);
                pipe.InitBuffer(work, 160000 - 2 * len);
                if (reset) pipe.Reset();
            }
        };
    };
    CHECK_MSG(Violation(twoPartitions(true)).empty(), Violation(twoPartitions(true)));
    EXPECT_VIOLATION(Violation(twoPartitions(false)), "TPipe::InitBuffer", "exceed the usable UB of 188160 bytes");
}

TEST_CASE("LocalTensor bounds, alignment and partial overlap") {
    auto withBuf = [](auto f) { return ViolationOnUb(1024, f); };   // 256 floats
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

TEST_CASE("Strided UB->UB DataCopy stays inside its tensors") {
    // DataCopy with DataCopyParams: blockCount blocks of blockLen 32-byte units, srcStride / dstStride
    // 32-byte gaps between them (the GridSample kernel places its bicubic weights this way)
    auto copy = [](DataCopyParams prm) {
        // src: the first 2048 bytes, dst: the last 2048
        return ViolationOnUb(4096, [prm](const LocalTensor<float>& t) { DataCopy(t[512], t, prm); });
    };
    // 4 blocks of 128 bytes with 128-byte gaps: 896 bytes each side
    std::string ok = copy(DataCopyParams(4, 4, 4, 4));
    CHECK_MSG(ok.empty(), ok);
    EXPECT_VIOLATION(copy(DataCopyParams(4, 16, 0, 16)), "DataCopy", "dst");   // dst spans 3584 bytes
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

TEST_CASE("Cast: the A2 table's modes per pair") {
    // Cast page (atlasascendc_api_07_0073): float -> bfloat16_t and float -> float take
    // RINT/FLOOR/CEIL/ROUND/TRUNC only; half/bfloat16_t -> float take CAST_NONE.
    auto withBuf = [](auto f) { return ViolationOnUb(1024, f); };   // 256 floats
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Cast(t.ReinterpretCast<bfloat16_t>(), t[128], RoundMode::CAST_NONE, 64); }),
                     "Cast: core 0: RoundMode::CAST_NONE is not supported for float -> bfloat16_t");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Cast(t, t[128], RoundMode::CAST_NONE, 64); }),
                     "Cast: core 0: RoundMode::CAST_NONE is not supported for float -> float");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Cast(t, t[128].ReinterpretCast<half>(), RoundMode::CAST_RINT, 64); }),
                     "Cast: core 0: RoundMode::CAST_RINT is not supported for half -> float");
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Cast(t, t[128].ReinterpretCast<bfloat16_t>(), RoundMode::CAST_FLOOR, 64); }),
                     "Cast: core 0: RoundMode::CAST_FLOOR is not supported for bfloat16_t -> float");
    // In place only between elements of one width (general constraints, atlasascendc_api_07_0004).
    EXPECT_VIOLATION(withBuf([](LocalTensor<float> t) { Cast(t.ReinterpretCast<half>(), t, RoundMode::CAST_RINT, 64); }),
                     "Cast: core 0: dst (UB offset 0) and src (UB offset 0) coincide but their element widths differ");
    std::string ok = withBuf([](LocalTensor<float> t) {
        Cast(t.ReinterpretCast<int32_t>(), t, RoundMode::CAST_FLOOR, 64);   // same width: in place is fine
        Cast(t.ReinterpretCast<bfloat16_t>(), t[128], RoundMode::CAST_TRUNC, 64);
        Cast(t, t[128], RoundMode::CAST_RINT, 64);
        Cast(t[128], t.ReinterpretCast<bfloat16_t>(), RoundMode::CAST_NONE, 64);
    });
    CHECK_MSG(ok.empty(), ok);
}

TEST_CASE("DataCopyPad: UB side must be VECIN or VECOUT on A2") {
    Gm g(1024);
    float* p = g.p;
    std::string in = Violation([p] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        GlobalTensor<float> G;
        G.SetGlobalBuffer(p, 1024);
        DataCopyPad(b.Get<float>(), G, DataCopyExtParams(1, 12, 0, 0, 0), DataCopyPadExtParams<float>());
    });
    EXPECT_VIOLATION(in, "DataCopyPad: core 0: dst: the UB tensor's position is VECCALC; on A2 GM->UB takes VECIN or VECOUT only");
    std::string out = Violation([p] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        GlobalTensor<float> G;
        G.SetGlobalBuffer(p, 1024);
        DataCopyPad(G, b.Get<float>(), DataCopyExtParams(1, 12, 0, 0, 0));
    });
    EXPECT_VIOLATION(out, "DataCopyPad: core 0: src: the UB tensor's position is VECCALC; on A2 UB->GM takes VECIN or VECOUT only");
    std::string ok = Violation([p] {
        TPipe pipe;
        TBuf<TPosition::VECOUT> b;
        pipe.InitBuffer(b, 1024);
        GlobalTensor<float> G;
        G.SetGlobalBuffer(p, 1024);
        DataCopyPad(b.Get<float>(), G, DataCopyExtParams(1, 12, 0, 0, 0), DataCopyPadExtParams<float>());
        SetFlag<HardEvent::MTE2_MTE3>(0);
        WaitFlag<HardEvent::MTE2_MTE3>(0);
        DataCopyPad(G[512], b.Get<float>(), DataCopyExtParams(1, 12, 0, 0, 0));
    });
    CHECK_MSG(ok.empty(), ok);
}

TEST_CASE("Gather: source and destination must not overlap; count limited by the 8-bit repeat count") {
    auto k = [](auto f) {
        return Violation([f] {
            TPipe pipe;
            TBuf<> b;
            pipe.InitBuffer(b, 131072);
            f(b.Get<float>());
        });
    };
    EXPECT_VIOLATION(k([](LocalTensor<float> t) {
                         LocalTensor<uint32_t> off = t[1024].ReinterpretCast<uint32_t>();
                         for (int i = 0; i < 64; ++i) off.SetValue(i, uint32_t(4 * (63 - i)));
                         Gather(t, t, off, 0, 64);   // in place: reads what it writes
                     }),
                     "Gather: core 0: dst (UB offset 0, 256 bytes) overlaps the source bytes read (UB offset 0, 256 bytes)");
    EXPECT_VIOLATION(k([](LocalTensor<float> t) {
                         LocalTensor<uint32_t> off = t[1024].ReinterpretCast<uint32_t>();
                         Duplicate(off, 512u, 64);   // every element reads byte 512 = element 128
                         Gather(t[96], t, off, 0, 64);   // dst [384, 640) bytes holds it
                     }),
                     "Gather", "overlaps the source bytes read (UB offset 512, 4 bytes)");
    EXPECT_VIOLATION(k([](LocalTensor<float> t) {
                         LocalTensor<uint32_t> off = t[16384].ReinterpretCast<uint32_t>();
                         Duplicate(off, 0u, 16384);
                         Gather(t[8192], t, off, 0, 16321);
                     }),
                     "Gather: core 0: count 16321 needs 256 repeats of 64 offsets; the repeat count is 8 bits (count <= 16320)");
    std::string ok = k([](LocalTensor<float> t) {
        LocalTensor<uint32_t> off = t[16384].ReinterpretCast<uint32_t>();
        Duplicate(off, 0u, 16320);
        Gather(t[8192], t, off, 0, 16320);
    });
    CHECK_MSG(ok.empty(), ok);
}

TEST_CASE("ReduceMax / ReduceMin: sharedTmpBuffer starts 32-byte aligned") {
    std::string e = Violation([] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 2048);
        LocalTensor<float> t = b.Get<float>();
        ReduceMax(t[256], t, t[130], 64);   // 520 bytes: not a multiple of 32
    });
    EXPECT_VIOLATION(e, "ReduceMax: core 0: sharedTmpBuffer UB address (offset 520) is not 32-byte aligned");
}

TEST_CASE("ReduceMax / ReduceMin: sharedTmpBuffer holds the page's minimum (planted)") {
    // 8320 floats are 130 repeats: with the index 264 + 16 + 8 = 288 elements (the ReduceMax page's
    // sixth worked size), without it 264; a work area one block short of either is refused
    auto run = [](bool calIndex, uint32_t workElems, bool min) {
        return Violation([=] {
            TPipe pipe;
            TBuf<> data, work;
            pipe.InitBuffer(data, (8320 + 64) * 4);
            pipe.InitBuffer(work, workElems * 4);
            LocalTensor<float> t = data.Get<float>();
            Duplicate(t, 1.0f, 8320);
            if (min) {
                ReduceMin(t[8320], t, work.Get<float>(), 8320, calIndex);
            } else {
                ReduceMax(t[8320], t, work.Get<float>(), 8320, calIndex);
            }
        });
    };
    EXPECT_VIOLATION(run(true, 280, false), "ReduceMax: core 0: sharedTmpBuffer: 288 elements needed but the tensor holds 280");
    // the page counts whole repeats: 8193 floats (128 of them and one element) need 256, not 264
    const std::string partial = Violation([] {
        TPipe pipe;
        TBuf<> data, work;
        pipe.InitBuffer(data, (8193 + 63) / 64 * 64 * 4 + 256);
        pipe.InitBuffer(work, 256 * 4);
        LocalTensor<float> t = data.Get<float>();
        Duplicate(t, 1.0f, 8256);
        ReduceMax(t[8256], t, work.Get<float>(), 8193);
    });
    CHECK_MSG(partial.empty(), partial);
    EXPECT_VIOLATION(run(false, 256, true), "ReduceMin: core 0: sharedTmpBuffer: 264 elements needed but the tensor holds 256");
    for (const std::string ok : {run(true, 288, false), run(false, 264, true)}) CHECK_MSG(ok.empty(), ok);
}

TEST_CASE("level-0 Add: mask range, operand spans, overlap (planted)") {
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Add(t[1024], t, t[512], 65, 1, BinaryRepeatParams()); }),
                     "Add: core 0: mask 65 is outside [1, 64]");
    // 4 repeats 250 blocks apart reach 3 * 250 * 32 + 64 bytes past dst, beyond the buffer's end
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Add(t, t, t[1984], 16, 4, BinaryRepeatParams(1, 1, 1, 250, 250, 2)); }),
                     "Add: core 0: dst: the access spans");
    // dst overlaps src1 but is not it; in place with repeats closer than a repeat's blocks
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Add(t[8], t[1024], t, 64, 2, BinaryRepeatParams()); }),
                     "Add: core 0: dst (UB offset 32, 512 bytes) overlaps a source");
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Add(t, t, t[1024], 16, 2, BinaryRepeatParams(1, 1, 1, 1, 1, 2)); }),
                     "Add: core 0: dst (UB offset 0, 96 bytes) overlaps a source (UB offset 0, 96 bytes) other than in place");
    std::string ok = ViolationOnUb(8192, [](LocalTensor<float> t) {
        Add(t, t, t[1024], 16, 4, BinaryRepeatParams(1, 1, 1, 40, 40, 2));   // in place, rows apart
    });
    CHECK_MSG(ok.empty(), ok);
}

TEST_CASE("level-0 Mul and Brcb: mask range, operand spans, overlap (planted)") {
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Mul(t[1024], t, t[512], 65, 1, BinaryRepeatParams()); }),
                     "Mul: core 0: mask 65 is outside [1, 64]");
    // 8 repeats 40 blocks apart reach 7 * 40 * 32 + 256 bytes past dst, beyond the buffer's end
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Mul(t[1024], t, t[512], 64, 8, BinaryRepeatParams(1, 1, 1, 40, 8, 8)); }),
                     "Mul: core 0: dst: the access spans");
    // dst overlaps src0 but is not it
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Mul(t[8], t, t[512], 64, 2, BinaryRepeatParams()); }),
                     "Mul: core 0: dst (UB offset 32, 512 bytes) overlaps a source");
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Brcb(t[8], t, 2, BrcbRepeatParams(1, 8)); }),
                     "Brcb: core 0: dst (UB offset 32, 512 bytes) overlaps src0");
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Brcb(t[1024], t, 130, BrcbRepeatParams(1, 8)); }),
                     "Brcb: core 0: dst: the access spans");
    // a broadcast source (block stride 0) of 12 elements reads its first block whole: 32 bytes,
    // not the 16 its last element ends at, so a 4-element tensor is too small
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) {
                         LocalTensor<float> w = t[2040];
                         w.SetSize(4);
                         Mul(t, t[1024], w, 12, 1, BinaryRepeatParams(1, 1, 0, 8, 8, 8));
                     }),
                     "Mul: core 0: src1: the access spans 32 bytes");
    // in place, but repeat 1 would read blocks repeat 0 wrote (repeat stride 4 < the 8 blocks a
    // repeat touches); in place with block stride 0 (a repeat's blocks alias each other)
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Mul(t, t, t[512], 64, 2, BinaryRepeatParams(1, 1, 1, 4, 4, 8)); }),
                     "Mul: core 0: dst (UB offset 0, 384 bytes) overlaps a source (UB offset 0, 384 bytes) other than in place");
    EXPECT_VIOLATION(ViolationOnUb(8192, [](LocalTensor<float> t) { Mul(t, t, t[512], 16, 1, BinaryRepeatParams(0, 0, 1, 8, 8, 8)); }),
                     "Mul: core 0: dst (UB offset 0, 32 bytes) overlaps a source");
    std::string ok = ViolationOnUb(8192, [](LocalTensor<float> t) {
        Mul(t, t, t[512], 64, 2, BinaryRepeatParams());   // in place
        Brcb(t[1024], t[512], 2, BrcbRepeatParams(1, 8));
    });
    CHECK_MSG(ok.empty(), ok);
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

TEST_CASE("SetFlag again before its WaitFlag, a SetFlag never waited for") {
    std::string twice = Violation([] {
        TPipe pipe;
        TEventID id = pipe.AllocEventID<HardEvent::MTE2_V>();
        SetFlag<HardEvent::MTE2_V>(id);
        SetFlag<HardEvent::MTE2_V>(id);
    }, 2);
    EXPECT_VIOLATION(twice, "SetFlag", "SetFlag<HardEvent::MTE2_V>(0) again before its WaitFlag");
    std::string unwaited = Violation([] {
        TPipe pipe;
        TEventID id = pipe.AllocEventID<HardEvent::V_MTE2>();
        SetFlag<HardEvent::V_MTE2>(id);
        WaitFlag<HardEvent::V_MTE2>(id);
        SetFlag<HardEvent::V_MTE2>(id);   // set again after its wait: legal, but never waited for
        pipe.ReleaseEventID<HardEvent::V_MTE2>(id);
    }, 2);
    EXPECT_VIOLATION(unwaited, "SetFlag", "SetFlag<HardEvent::V_MTE2>(0) was never waited for by the end of the kernel");
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
