// Functional kernels written against the AscendC API, checked against plain C++ loops. Every
// expectation is exact, so the checked and the fast build must produce identical bits.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "check.h"
#include "op_launch.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

// These kernels test single APIs in isolation, without inter-pipe synchronisation (a race on the
// NPU); the UB race detector is exercised by test_cost_model.cpp.
static const bool g_noRaceCheck = (ascend_sim::SetRaceCheck(false), true);

namespace {

template <typename T>
T* GmCopy(const std::vector<T>& v) {
    T* p = static_cast<T*>(GmAlloc(v.size() * sizeof(T)));
    std::memcpy(p, v.data(), v.size() * sizeof(T));
    return p;
}
template <typename T>
std::vector<T> Read(const T* p, size_t n) { return std::vector<T>(p, p + n); }
bool SameBits(const void* a, const void* b, size_t n) { return std::memcmp(a, b, n) == 0; }
uint32_t Bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }

// ---- vector arithmetic: one kernel per element type, every binary and scalar op -------------
template <typename T>
struct ArithKernel {
    static constexpr int kN = 256;
    GM_ADDR a; GM_ADDR b; GM_ADDR out;   // out: 10 results of kN elements
    void operator()() const {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 12 * kN * sizeof(T));
        LocalTensor<T> x = buf.Get<T>(), y = x[kN], r = x[2 * kN];
        GlobalTensor<T> ga, gb, go;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(a), kN);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(b), kN);
        go.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(out), 10 * kN);
        DataCopy(x, ga, kN);
        DataCopy(y, gb, kN);
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
        Add(r, x, y, kN);
        Sub(r[kN], x, y, kN);
        Mul(r[2 * kN], x, y, kN);
        Max(r[3 * kN], x, y, kN);
        Min(r[4 * kN], x, y, kN);
        Adds(r[5 * kN], x, T(3), kN);
        Muls(r[6 * kN], x, T(-2), kN);
        Maxs(r[7 * kN], x, T(1), kN);
        Mins(r[8 * kN], x, T(1), kN);
        Duplicate(r[9 * kN], T(7), kN);
        PipeBarrier<PIPE_V>();
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(go, r, 10 * kN);
    }
};

template <typename T>
void RunArith(const char* what) {
    constexpr int n = ArithKernel<T>::kN;
    std::vector<T> a(n), b(n);
    for (int i = 0; i < n; ++i) {
        a[i] = T(float((i * 37) % 101) - 50.0f) ;
        b[i] = T(float((i * 13) % 29) - 14.0f);
    }
    T* ga = GmCopy(a);
    T* gb = GmCopy(b);
    T* go = static_cast<T*>(GmAlloc(10 * n * sizeof(T)));
    ArithKernel<T> k{reinterpret_cast<GM_ADDR>(ga), reinterpret_cast<GM_ADDR>(gb), reinterpret_cast<GM_ADDR>(go)};
    CHECK_MSG(ICPU_RUN_KF(k, 1), ascend_sim::LastLaunchError());
    using C = typename detail::Calc<T>::type;
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        C x = detail::Calc<T>::In(a[i]), y = detail::Calc<T>::In(b[i]);
        T want[10] = {T(C(x + y)), T(C(x - y)), T(C(x * y)), T(x > y ? x : y), T(x < y ? x : y), T(C(x + C(3))),
                      T(C(x * C(-2))), T(x > C(1) ? x : C(1)), T(x < C(1) ? x : C(1)), T(7)};
        for (int op = 0; op < 10; ++op) bad += !SameBits(&want[op], &go[op * n + i], sizeof(T));
    }
    CHECK_MSG(bad == 0, std::string(what) + ": " + std::to_string(bad) + " mismatches");
    GmFree(ga); GmFree(gb); GmFree(go);
}

}  // namespace

TEST_CASE("vector arithmetic float/half/int32/int16") {
    RunArith<float>("float");
    RunArith<half>("half");
    RunArith<int32_t>("int32");
    RunArith<int16_t>("int16");
}

TEST_CASE("Div, Abs, And, Or") {
    constexpr int n = 64;
    std::vector<float> a(n), b(n);
    std::vector<uint16_t> p(n), q(n);
    for (int i = 0; i < n; ++i) { a[i] = float(i) - 31.5f; b[i] = float(i % 7) + 0.25f; p[i] = uint16_t(i * 977); q[i] = uint16_t(0x0FF0 + i); }
    float* ga = GmCopy(a); float* gb = GmCopy(b);
    uint16_t* gp = GmCopy(p); uint16_t* gq = GmCopy(q);
    float* gf = static_cast<float*>(GmAlloc(2 * n * 4));
    uint16_t* gu = static_cast<uint16_t*>(GmAlloc(2 * n * 2));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 8192);
        LocalTensor<float> x = buf.Get<float>(), y = x[n], r = x[2 * n];
        LocalTensor<uint16_t> u = x[4 * n].ReinterpretCast<uint16_t>(), v = u[n], w = u[2 * n];
        GlobalTensor<float> A, B, F; GlobalTensor<uint16_t> P, Q, U;
        A.SetGlobalBuffer(ga, n); B.SetGlobalBuffer(gb, n); F.SetGlobalBuffer(gf, 2 * n);
        P.SetGlobalBuffer(gp, n); Q.SetGlobalBuffer(gq, n); U.SetGlobalBuffer(gu, 2 * n);
        DataCopy(x, A, n); DataCopy(y, B, n); DataCopy(u, P, n); DataCopy(v, Q, n);
        Div(r, x, y, n);
        Abs(r[n], x, n);
        And(w, u, v, n);
        Or(w[n], u, v, n);
        DataCopy(F, r, 2 * n);
        DataCopy(U, w, 2 * n);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        bad += Bits(gf[i]) != Bits(a[i] / b[i]);
        bad += Bits(gf[n + i]) != Bits(std::fabs(a[i]));
        bad += gu[i] != uint16_t(p[i] & q[i]);
        bad += gu[n + i] != uint16_t(p[i] | q[i]);
    }
    CHECK(bad == 0);
    GmFree(ga); GmFree(gb); GmFree(gp); GmFree(gq); GmFree(gf); GmFree(gu);
}

TEST_CASE("MulAddDst: dst = src0 * src1 + dst, a rounded multiply then a rounded add") {
    constexpr int n = 64;
    std::vector<float> a(n), b(n), c(n);
    for (int i = 0; i < n; ++i) { a[i] = 1.0f + float(i) / 3.0f; b[i] = 0.1f * float(i) - 2.0f; c[i] = float(i % 5) - 1.7f; }
    float* ga = GmCopy(a); float* gb = GmCopy(b); float* gc = GmCopy(c);
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> buf;
        pipe.InitBuffer(buf, 3 * n * 4);
        LocalTensor<float> x = buf.Get<float>(), y = x[n], acc = x[2 * n];
        GlobalTensor<float> A, B, C;
        A.SetGlobalBuffer(ga, n); B.SetGlobalBuffer(gb, n); C.SetGlobalBuffer(gc, n);
        DataCopy(x, A, n); DataCopy(y, B, n); DataCopy(acc, C, n);
        MulAddDst(acc, x, y, n);
        DataCopy(C, acc, n);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        volatile float product = a[i] * b[i];   // volatile: no contraction into an FMA here either
        bad += Bits(gc[i]) != Bits(product + c[i]);
    }
    CHECK(bad == 0);
    CHECK(ascend_sim::LastLaunchStats().total.vecInstr == 1);
    GmFree(ga); GmFree(gb); GmFree(gc);
}

TEST_CASE("half and bfloat16_t round to nearest even, keep NaN/Inf") {
    // half: 1 + 2^-11 is a tie between 1 and 1+2^-10 -> 1 (even); 1 + 3*2^-11 -> 1 + 2^-9.
    CHECK(half(1.0f + std::ldexp(1.0f, -11)).bits == 0x3C00);
    CHECK(half(1.0f + 3 * std::ldexp(1.0f, -11)).bits == 0x3C02);
    CHECK(half(65504.0f).bits == 0x7BFF);
    CHECK(half(65520.0f).bits == 0x7C00);                // tie above the max rounds to Inf
    CHECK(half(std::ldexp(1.0f, -25)).bits == 0x0000);   // tie to even with 0
    CHECK(half(std::ldexp(3.0f, -25)).bits == 0x0002);   // subnormal tie to even
    CHECK(half(-std::numeric_limits<float>::infinity()).bits == 0xFC00);
    CHECK(std::isnan(float(half(std::numeric_limits<float>::quiet_NaN()))));
    CHECK(float(half::FromBits(0x0001)) == std::ldexp(1.0f, -24));
    // bf16: 1 + 2^-8 ties to 1; 1 + 3*2^-8 -> 1 + 2^-6.
    CHECK(bfloat16_t(1.0f + std::ldexp(1.0f, -8)).bits == 0x3F80);
    CHECK(bfloat16_t(1.0f + 3 * std::ldexp(1.0f, -8)).bits == 0x3F82);
    CHECK(bfloat16_t(std::numeric_limits<float>::infinity()).bits == 0x7F80);
    CHECK(std::isnan(float(bfloat16_t(std::numeric_limits<float>::quiet_NaN()))));
    // arithmetic goes through float and rounds on assignment
    half h = half(1.0f) + half(std::ldexp(1.0f, -11));
    CHECK(h.bits == 0x3C00);
}

TEST_CASE("Cast round modes") {
    const std::vector<float> src = {2.5f, -2.5f, 3.5f, 0.5f, -0.7f, 1.2f, 1e10f, -1e10f,
                                    std::numeric_limits<float>::quiet_NaN(), 7.0f, -0.5f, 2.4999998f,
                                    1.0f + std::ldexp(1.0f, -11), 1.0f + 3 * std::ldexp(1.0f, -12), 70000.0f, -1.5f};
    const int n = int(src.size());   // 16 floats = 64 bytes
    float* gs = GmCopy(src);
    int32_t* gi = static_cast<int32_t*>(GmAlloc(5 * n * 4));
    half* gh = static_cast<half*>(GmAlloc(4 * n * 2));
    float* gb = static_cast<float*>(GmAlloc(3 * n * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> bi, bh, bf;
        pipe.InitBuffer(bi, 5 * n * 4);
        pipe.InitBuffer(bh, 4 * n * 2);
        pipe.InitBuffer(bf, 4 * n * 4);
        LocalTensor<float> s = bf.Get<float>(), back = s[n];
        LocalTensor<int32_t> ri = bi.Get<int32_t>();
        LocalTensor<half> rh = bh.Get<half>();
        GlobalTensor<float> S, B; GlobalTensor<int32_t> I; GlobalTensor<half> H;
        S.SetGlobalBuffer(gs, n); I.SetGlobalBuffer(gi, 5 * n); H.SetGlobalBuffer(gh, 4 * n); B.SetGlobalBuffer(gb, 3 * n);
        DataCopy(s, S, n);
        const RoundMode modes[5] = {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                                    RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC};
        for (int m = 0; m < 5; ++m) Cast(ri[m * n], s, modes[m], n);
        const RoundMode hm[4] = {RoundMode::CAST_NONE, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL, RoundMode::CAST_ODD};
        for (int m = 0; m < 4; ++m) Cast(rh[m * n], s, hm[m], n);
        Cast(back, ri[n], RoundMode::CAST_NONE, n);                 // floor through int32 and back
        Cast(back[n], rh, RoundMode::CAST_NONE, n);                  // half -> float exact
        Cast(back[2 * n], s, RoundMode::CAST_FLOOR, n);              // float -> float integral
        DataCopy(I, ri, 5 * n);
        DataCopy(H, rh, 4 * n);
        DataCopy(B, back, 3 * n);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    auto sat = [](double r) -> int32_t {
        if (r != r) return 0;
        if (r >= 2147483647.0) return std::numeric_limits<int32_t>::max();
        if (r <= -2147483648.0) return std::numeric_limits<int32_t>::min();
        return int32_t(r);
    };
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        double x = src[i];
        int32_t want[5] = {sat(std::nearbyint(x)), sat(std::floor(x)), sat(std::ceil(x)), sat(std::round(x)), sat(std::trunc(x))};
        for (int m = 0; m < 5; ++m) {
            if (gi[m * n + i] != want[m]) { ++bad; std::printf("  int mode %d x=%g got %d want %d\n", m, x, gi[m * n + i], want[m]); }
        }
    }
    CHECK(bad == 0);
    // half results: index 12 (1 + 2^-11): NONE ties to 1.0, FLOOR 1.0, CEIL 1+2^-10, ODD 1+2^-10
    CHECK(gh[12].bits == 0x3C00); CHECK(gh[n + 12].bits == 0x3C00); CHECK(gh[2 * n + 12].bits == 0x3C01);
    CHECK(gh[3 * n + 12].bits == 0x3C01);
    // index 13 (1 + 3*2^-12, between 0x3C00 and 0x3C01, nearer 0x3C01): ODD -> 0x3C01, FLOOR 0x3C00
    CHECK(gh[13].bits == 0x3C01); CHECK(gh[n + 13].bits == 0x3C00); CHECK(gh[3 * n + 13].bits == 0x3C01);
    // overflow saturates to the largest finite half; NaN stays NaN
    CHECK(gh[14].bits == 0x7BFF); CHECK(gh[2 * n + 14].bits == 0x7BFF); CHECK(gh[6].bits == 0x7BFF);
    CHECK(gh[7].bits == 0xFBFF);
    CHECK(std::isnan(float(gh[8])));
    CHECK(gb[0] == 2.0f && gb[1] == -3.0f && gb[4] == -1.0f);   // floor via int32
    CHECK(gb[n + 12] == 1.0f);
    CHECK(gb[2 * n + 0] == 2.0f && gb[2 * n + 4] == -1.0f && std::isnan(gb[2 * n + 8]));
    GmFree(gs); GmFree(gi); GmFree(gh); GmFree(gb);
}

TEST_CASE("Compare / CompareScalar / Select") {
    constexpr int n = 64;   // 256 bytes of float
    std::vector<float> a(n), b(n);
    for (int i = 0; i < n; ++i) { a[i] = float(i % 9); b[i] = float((i * 5) % 11); }
    a[5] = std::numeric_limits<float>::quiet_NaN();
    float* ga = GmCopy(a); float* gb = GmCopy(b);
    uint8_t* gm = static_cast<uint8_t*>(GmAlloc(64));
    float* go = static_cast<float*>(GmAlloc(3 * n * 4));
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> qin;
        TBuf<> bm, bo;
        pipe.InitBuffer(qin, 1, 2 * n * 4);
        pipe.InitBuffer(bm, 64);
        pipe.InitBuffer(bo, 3 * n * 4);
        GlobalTensor<float> A, B, O; GlobalTensor<uint8_t> M;
        A.SetGlobalBuffer(ga, n); B.SetGlobalBuffer(gb, n); O.SetGlobalBuffer(go, 3 * n); M.SetGlobalBuffer(gm, 64);
        LocalTensor<float> in = qin.AllocTensor<float>();
        DataCopy(in, A, n);
        DataCopy(in[n], B, n);
        qin.EnQue(in);
        LocalTensor<float> x = qin.DeQue<float>();
        LocalTensor<uint8_t> mask = bm.Get<uint8_t>();
        LocalTensor<float> o = bo.Get<float>();
        Compare(mask, x, x[n], CMPMODE::LT, n);
        Select(o, mask, x, x[n], SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
        Select(o[n], mask, x, -1.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        CompareScalar(mask[32], x, 4.0f, CMPMODE::GE, n);
        Select(o[2 * n], mask[32], x, x[n], SELMODE::VSEL_CMPMASK_SPR, n);
        DataCopy(M, mask, 64);
        DataCopy(O, o, 3 * n);
        qin.FreeTensor(x);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int i = 0; i < n; ++i) {
        bool lt = a[i] < b[i], ge = a[i] >= 4.0f;
        bad += ((gm[i / 8] >> (i % 8)) & 1) != lt;
        bad += ((gm[32 + i / 8] >> (i % 8)) & 1) != ge;
        bad += !SameBits(&go[i], lt ? &a[i] : &b[i], 4);
        float s = lt ? a[i] : -1.0f;
        bad += !SameBits(&go[n + i], &s, 4);
        bad += !SameBits(&go[2 * n + i], ge ? &a[i] : &b[i], 4);
    }
    CHECK(bad == 0);
    GmFree(ga); GmFree(gb); GmFree(gm); GmFree(go);
}

TEST_CASE("Gather with byte offsets and a byte base") {
    constexpr int n = 64, m = 40;
    std::vector<float> src(n);
    std::vector<uint32_t> off(m);
    for (int i = 0; i < n; ++i) src[i] = float(i) * 1.5f;
    for (int i = 0; i < m; ++i) off[i] = uint32_t(((i * 7) % 56) * 4);
    float* gs = GmCopy(src); uint32_t* goff = GmCopy(off);
    float* go = static_cast<float*>(GmAlloc(m * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> s = b.Get<float>(), d = s[n];
        LocalTensor<uint32_t> o = s[2 * n].ReinterpretCast<uint32_t>();
        GlobalTensor<float> S, D; GlobalTensor<uint32_t> O;
        S.SetGlobalBuffer(gs, n); D.SetGlobalBuffer(go, m); O.SetGlobalBuffer(goff, m);
        DataCopy(s, S, n);
        DataCopy(o, O, m);
        Gather(d, s, o, 32, m);   // base 32 bytes = element 8
        DataCopy(D, d, m);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int i = 0; i < m; ++i) bad += go[i] != src[8 + off[i] / 4];
    CHECK(bad == 0);
    GmFree(gs); GmFree(goff); GmFree(go);
}

TEST_CASE("GatherMask de-interleaves (x, y) pairs and counts selected elements") {
    constexpr int n = 128;   // 64 pairs, two repeats of 256 bytes
    std::vector<float> xy(n);
    for (int i = 0; i < n; ++i) xy[i] = float(i);
    float* gxy = GmCopy(xy);
    float* go = static_cast<float*>(GmAlloc(4 * 64 * 4));
    uint64_t cnt[4] = {};
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 4096);
        LocalTensor<float> s = b.Get<float>(), d = s[n];
        LocalTensor<uint32_t> pat = s[n + 256].ReinterpretCast<uint32_t>();
        GlobalTensor<float> S, D;
        S.SetGlobalBuffer(gxy, n); D.SetGlobalBuffer(go, 256);
        DataCopy(s, S, n);
        GatherMask(d, s, uint8_t(1), false, 0, {1, 2, 8, 0}, cnt[0]);        // x: even elements
        GatherMask(d[64], s, uint8_t(2), false, 0, {1, 2, 8, 0}, cnt[1]);    // y: odd elements
        GatherMask(d[128], s, uint8_t(3), false, 0, {2, 1, 0, 0}, cnt[2]);   // block stride 2: e%4==0
        Duplicate(pat, 0u, 8);
        for (int i = 0; i < 2; ++i) pat.SetValue(i, 0x80000001u);             // user pattern: bits 0, 31, 32, 63
        GatherMask(d[192], s, pat, true, 64, {1, 1, 0, 0}, cnt[3]);           // counter mode, 64 elements
        DataCopy(D, d, 256);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    CHECK(cnt[0] == 64 && cnt[1] == 64 && cnt[2] == 16 && cnt[3] == 4);
    int bad = 0;
    for (int i = 0; i < 64; ++i) bad += go[i] != float(2 * i) || go[64 + i] != float(2 * i + 1);
    // block stride 2 reads blocks 0,2,...,14 (8 floats each): element e at block e/8 -> source 16*(e/8) + e%8
    for (int k = 0; k < 16; ++k) { int e = 4 * k; bad += go[128 + k] != float(16 * (e / 8) + e % 8); }
    CHECK(bad == 0);
    CHECK(go[192] == 0.0f && go[193] == 31.0f && go[194] == 32.0f && go[195] == 63.0f);
    GmFree(gxy); GmFree(go);
}

TEST_CASE("ReduceSum / ReduceMax / ReduceMin") {
    constexpr int n = 100;
    std::vector<float> v(n);
    for (int i = 0; i < n; ++i) v[i] = float((i * 37) % 101) - 30.0f;
    float* gv = GmCopy(v);
    float* go = static_cast<float*>(GmAlloc(64 * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;   // DataCopyPad's GM->UB path takes VECIN / VECOUT
        pipe.InitBuffer(b, 2048);
        LocalTensor<float> s = b.Get<float>(), r = s[128], tmp = s[256];
        GlobalTensor<float> S, O;
        S.SetGlobalBuffer(gv, n); O.SetGlobalBuffer(go, 64);
        DataCopyPad(s, S, {1, n * 4, 0, 0, 0}, {false, 0, 0, 0.0f});
        ReduceSum(r, s, tmp, n);
        ReduceMax(r[8], s, tmp, n, true);
        ReduceMin(r[16], s, tmp, n, false);
        DataCopy(O, r, 64);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    float sum = 0, mx = v[0], mn = v[0];
    uint32_t imax = 0;
    for (int i = 0; i < n; ++i) { sum += v[i]; if (v[i] > mx) { mx = v[i]; imax = uint32_t(i); } mn = std::min(mn, v[i]); }
    uint32_t idx;
    std::memcpy(&idx, &go[9], 4);
    CHECK(go[0] == sum && go[8] == mx && idx == imax && go[16] == mn);
    GmFree(gv); GmFree(go);
}

TEST_CASE("Brcb broadcasts 8 elements a repeat into blocks; level-0 Mul scales each repeat by a broadcast block") {
    // the input gradient's products: point p's channels (a block of 16 floats) times its weight,
    // broadcast from w[p] by Brcb into block p, one Mul over the points (src1 block stride 0)
    constexpr int points = 20, block = 16;
    std::vector<float> go(points * block), w(24, 0.0f);
    for (int i = 0; i < points * block; ++i) go[i] = float(i % 29) * 0.37f - 3.0f;
    for (int p = 0; p < points; ++p) w[p] = 0.125f * float(p) - 1.0f;
    float* gg = GmCopy(go);
    float* gw = GmCopy(w);
    float* go1 = static_cast<float*>(GmAlloc(2 * points * block * 4));
    float* go2 = static_cast<float*>(GmAlloc(24 * 8 * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, (points * block + 24 + 24 * 8 + 2 * points * block) * 4);
        LocalTensor<float> x = b.Get<float>(), wv = x[points * block], wb = wv[24], prod = wb[24 * 8];
        GlobalTensor<float> G, W, O1, O2;
        G.SetGlobalBuffer(gg, points * block); W.SetGlobalBuffer(gw, 24);
        O1.SetGlobalBuffer(go1, 2 * points * block); O2.SetGlobalBuffer(go2, 24 * 8);
        DataCopyPad(x, G, {1, points * block * 4, 0, 0, 0}, {false, 0, 0, 0.0f});
        DataCopyPad(wv, W, {1, 24 * 4, 0, 0, 0}, {false, 0, 0, 0.0f});
        Duplicate(prod, 0.0f, 2 * points * block);
        Brcb(wb, wv, 3, BrcbRepeatParams(0, 8));   // 24 blocks, one weight each (block stride 0 counts as 1)
        // products two blocks (a point's tap pair) apart: dst repeat stride 4 blocks, the go rows 2
        Mul(prod, x, wb, block, points, BinaryRepeatParams(1, 1, 0, 4, 2, 1));
        DataCopy(O1, prod, 2 * points * block);
        DataCopy(O2, wb, 24 * 8);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int p = 0; p < 24; ++p)
        for (int e = 0; e < 8; ++e) bad += go2[p * 8 + e] != w[p];
    for (int p = 0; p < points; ++p)
        for (int c = 0; c < 2 * block; ++c) {
            const float want = c < block ? go[p * block + c] * w[p] : 0.0f;   // the second block untouched
            bad += go1[p * 2 * block + c] != want;
        }
    CHECK(bad == 0);
    GmFree(gg); GmFree(gw); GmFree(go1); GmFree(go2);
}

TEST_CASE("ReduceMax writes each repeat's extreme into sharedTmpBuffer; ReduceSum leaves it and adds repeats as trees") {
    // ReduceMax page: the first round leaves a (value, index) pair per repeat in the work area, so
    // data kept there is lost (the checked build writes them). ReduceSum page (A2, count form): a
    // repeat's elements are added as a binary tree, the repeats' sums in order, and
    // sharedTmpBuffer is left unchanged. In float,
    // 1e8 + 1 is 1e8: one repeat of {1e8, 1, -1e8, 1} is (1e8 + 1) + (-1e8 + 1) = 0 as a tree (1 in
    // element order); four repeats led by 1e8, 1, -1e8, 1 are ((1e8 + 1) - 1e8) + 1 = 1 in order (0
    // as a tree across the repeats).
    constexpr int n = 256;
    std::vector<float> v(2 * n, 0.0f);
    for (int i = 0; i < 130; ++i) v[i] = float((i * 37) % 101);
    v[n] = 1e8f; v[n + 1] = 1.0f; v[n + 2] = -1e8f; v[n + 3] = 1.0f;
    float* gv = GmCopy(v);
    float* go = static_cast<float*>(GmAlloc(64 * 4));
    float* gw = static_cast<float*>(GmAlloc(2 * 64 * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 4 * n * 4);
        LocalTensor<float> s = b.Get<float>(), r = s[2 * n], work = s[2 * n + 64], kept = s[2 * n + 128];
        LocalTensor<float> q = s[3 * n];
        GlobalTensor<float> S, O, W;
        S.SetGlobalBuffer(gv, 2 * n); O.SetGlobalBuffer(go, 64); W.SetGlobalBuffer(gw, 128);
        DataCopyPad(s, S, {1, 2 * n * 4, 0, 0, 0}, {false, 0, 0, 0.0f});
        Duplicate(work, 7.0f, 64);
        Duplicate(kept, 7.0f, 64);
        ReduceMax(r, s, work, 130);   // two whole repeats and 2 elements
        ReduceSum(r[8], s[n], kept, 64);
        Duplicate(q, 0.0f, 256);      // four repeats led by 1e8, 1, -1e8, 1
        Adds(q, q, 1e8f, 1);
        Adds(q[64], q[64], 1.0f, 1);
        Adds(q[128], q[128], -1e8f, 1);
        Adds(q[192], q[192], 1.0f, 1);
        ReduceSum(r[16], q, kept, 256);
        DataCopy(O, r, 64);
        DataCopy(W, work, 64);
        DataCopy(W[64], kept, 64);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
#if ASCENDC_SIM_CHECKED   // the fast build skips the work area's pairs (no correct kernel reads them)
    // a pair per whole repeat (the page's count / 64): the partial third repeat has none
    const float* repeatMax[2] = {&v[0], &v[64]};
    const int lengths[2] = {64, 64};
    for (int r = 0; r < 2; ++r) {
        const float m = *std::max_element(repeatMax[r], repeatMax[r] + lengths[r]);
        uint32_t index;
        std::memcpy(&index, &gw[2 * r + 1], 4);
        CHECK(gw[2 * r] == m && repeatMax[r][index] == m);
    }
#endif
    CHECK(go[0] == *std::max_element(v.begin(), v.begin() + 130));
    bool keptUnchanged = true;
    for (int i = 0; i < 64; ++i) keptUnchanged = keptUnchanged && gw[64 + i] == 7.0f;
    CHECK(keptUnchanged);
    CHECK(go[8] == 0.0f);    // a tree within the repeat
    CHECK(go[16] == 1.0f);   // the repeats in order
    GmFree(gv); GmFree(go); GmFree(gw);
}

TEST_CASE("ReduceSum in half adds in half and saturates at 65504 (the page's example)") {
    // {60000, 60000, -30000, 100}: (60000 + 60000) saturates to 65504, -30000 + 100 is -29900,
    // their sum 35604 (in float it would be 90100, inf in half)
    std::vector<half> v(128, half(0.0f));
    v[0] = half(60000.0f); v[1] = half(60000.0f); v[2] = half(-30000.0f); v[3] = half(100.0f);
    half* gv = GmCopy(v);
    half* go = static_cast<half*>(GmAlloc(16 * 2));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 512);
        LocalTensor<half> s = b.Get<half>(), r = s[128], tmp = s[144];
        GlobalTensor<half> S, O;
        S.SetGlobalBuffer(gv, 128); O.SetGlobalBuffer(go, 16);
        DataCopyPad(s, S, {1, 256, 0, 0, 0}, {false, 0, 0, half(0.0f)});
        ReduceSum(r, s, tmp, 4);
        DataCopy(O, r, 16);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    // the page's 35604 with each addition rounded to half (spacing 32 there): 35584; in element
    // order, or in float and then clamped, 35616
    const float want = float(half(65504.0f + float(half(-30000.0f + 100.0f))));
    CHECK(float(go[0]) == want);
    GmFree(gv); GmFree(go);
}

TEST_CASE("ReduceMax / ReduceMin over NaN: the extreme of the elements after the last NaN") {
    // the smallest and largest values come before the NaNs: a kernel bounding taps by these
    // reductions without replacing NaN first would miss them
    constexpr int n = 100;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> v(n);
    for (int i = 0; i < n; ++i) v[i] = float(i % 10);
    v[3] = -50.0f;
    v[5] = 70.0f;
    v[40] = nan;
    v[60] = nan;
    float* gv = GmCopy(v);
    float* go = static_cast<float*>(GmAlloc(64 * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 2048);
        LocalTensor<float> s = b.Get<float>(), r = s[128], tmp = s[256];
        GlobalTensor<float> S, O;
        S.SetGlobalBuffer(gv, n); O.SetGlobalBuffer(go, 64);
        DataCopyPad(s, S, {1, n * 4, 0, 0, 0}, {false, 0, 0, 0.0f});
        ReduceMax(r[0], s, tmp, n, true);
        ReduceMin(r[8], s, tmp, n, false);
        ReduceMin(r[16], s, tmp, 61, true);   // a NaN last: NaN, at its index
        DataCopy(O, r, 64);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    uint32_t imax, inan;
    std::memcpy(&imax, &go[1], 4);
    std::memcpy(&inan, &go[17], 4);
    CHECK(go[0] == 9.0f);
    CHECK(imax == 69);   // the first 9 after index 60
    CHECK(go[8] == 0.0f);
    CHECK(std::isnan(go[16]));
    CHECK(inan == 60);
    GmFree(gv); GmFree(go);
}

TEST_CASE("DataCopy strided form (32-byte blocks and gaps)") {
    constexpr int rows = 4, rowFloats = 24, keep = 16;   // copy 16 of every 24 floats
    std::vector<float> src(rows * rowFloats);
    for (size_t i = 0; i < src.size(); ++i) src[i] = float(i);
    float* gs = GmCopy(src);
    float* go = static_cast<float*>(GmAlloc(rows * 32 * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 2048);
        LocalTensor<float> u = b.Get<float>();
        Duplicate(u, -1.0f, 256);
        GlobalTensor<float> S, O;
        S.SetGlobalBuffer(gs, src.size()); O.SetGlobalBuffer(go, rows * 32);
        // GM rows of 3 blocks: take 2 blocks, skip 1; UB rows: 2 blocks then 2 blocks gap
        DataCopy(u, S, DataCopyParams(rows, 2, 1, 2));
        DataCopy(O, u, rows * 32);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int r = 0; r < rows; ++r)
        for (int j = 0; j < 32; ++j) bad += go[r * 32 + j] != (j < keep ? src[r * rowFloats + j] : -1.0f);
    CHECK(bad == 0);
    GmFree(gs); GmFree(go);
}

TEST_CASE("DataCopyPad both directions with padding and strides") {
    // GM: 5 rows of 11 halves, 3 halves of gap between rows (row pitch 28 bytes).
    constexpr int rows = 5, cols = 11, gap = 3;
    std::vector<half> src(rows * (cols + gap));
    for (size_t i = 0; i < src.size(); ++i) src[i] = half(float(i));
    half* gs = GmCopy(src);
    half* go = static_cast<half*>(GmAlloc(rows * (cols + 2 + 4) * 2));
    for (int i = 0; i < rows * (cols + 2 + 4); ++i) go[i] = half(-7.0f);
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 2048);
        LocalTensor<half> u = q.AllocTensor<half>();
        Duplicate(u, half(99.0f), 1024);
        GlobalTensor<half> S, O;
        S.SetGlobalBuffer(gs, src.size()); O.SetGlobalBuffer(go, rows * (cols + 2 + 4));
        // in: each row lands as [pad][11 values][pad] = 13 halves -> 32 bytes, plus 1 block of UB gap
        DataCopyPad(u, S, DataCopyExtParams(rows, cols * 2, gap * 2, 1, 0), DataCopyPadExtParams<half>(true, 1, 1, half(-1.0f)));
        q.EnQue(u);
        LocalTensor<half> v = q.DeQue<half>();
        // out: rows of 13 halves (pads included) from UB rows of 32 bytes + 1 gap block; GM gap 4 halves
        DataCopyPad(O, v, DataCopyExtParams(rows, (cols + 2) * 2, 1, 4 * 2, 0));
        q.FreeTensor(v);
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int r = 0; r < rows; ++r) {
        const half* row = go + r * (cols + 2 + 4);
        bad += float(row[0]) != -1.0f || float(row[cols + 1]) != -1.0f;
        for (int c = 0; c < cols; ++c) bad += float(row[1 + c]) != float(src[r * (cols + gap) + c]);
        if (r + 1 < rows) for (int g = 0; g < 4; ++g) bad += float(row[cols + 2 + g]) != -7.0f;
    }
    CHECK(bad == 0);
    GmFree(gs); GmFree(go);
}

TEST_CASE("double-buffered copy-compute-copy pipeline (TQue depth 2)") {
    constexpr int tile = 256, tiles = 12, n = tile * tiles, cores = 4;
    std::vector<float> x(n * cores);
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(i % 1000) * 0.25f - 17.0f;
    float* gx = GmCopy(x);
    float* gy = static_cast<float*>(GmAlloc(x.size() * 4));
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 2> qin;
        TQue<TPosition::VECOUT, 2> qout;
        pipe.InitBuffer(qin, 2, tile * 4);
        pipe.InitBuffer(qout, 2, tile * 4);
        GlobalTensor<float> X, Y;
        const int64_t base = GetBlockIdx() * n;
        X.SetGlobalBuffer(gx + base, n); Y.SetGlobalBuffer(gy + base, n);
        auto copyIn = [&](int t) { LocalTensor<float> a = qin.AllocTensor<float>(); DataCopy(a, X[t * tile], tile); qin.EnQue(a); };
        copyIn(0);
        for (int t = 0; t < tiles; ++t) {
            if (t + 1 < tiles) copyIn(t + 1);   // two tiles in flight
            LocalTensor<float> a = qin.DeQue<float>();
            LocalTensor<float> b = qout.AllocTensor<float>();
            Muls(b, a, 2.0f, tile);
            Adds(b, b, 1.0f, tile);
            qout.EnQue(b);
            qin.FreeTensor(a);
            LocalTensor<float> c = qout.DeQue<float>();
            DataCopy(Y[t * tile], c, tile);
            qout.FreeTensor(c);
        }
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, cores), ascend_sim::LastLaunchError());
    int bad = 0;
    for (size_t i = 0; i < x.size(); ++i) bad += Bits(gy[i]) != Bits(x[i] * 2.0f + 1.0f);
    CHECK(bad == 0);
    GmFree(gx); GmFree(gy);
}

TEST_CASE("48 cores: phase 1 writes, SyncAll, phase 2 reads the others' results") {
    constexpr int cores = 48, per = 8;   // 8 floats = one 32-byte block per core
    float* gbuf = static_cast<float*>(GmAlloc(cores * per * 4));
    float* gsum = static_cast<float*>(GmAlloc(cores * per * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, cores * per * 4 + 64);
        LocalTensor<float> u = b.Get<float>();
        GlobalTensor<float> B, S;
        B.SetGlobalBuffer(gbuf, cores * per); S.SetGlobalBuffer(gsum, cores * per);
        const int64_t me = GetBlockIdx();
        Duplicate(u, float(me + 1), per);
        DataCopy(B[me * per], u, per);
        SyncAll();
        DataCopy(u, B, cores * per);       // everyone's phase-1 result
        LocalTensor<float> acc = u[cores * per];
        Duplicate(acc, 0.0f, per);
        for (int c = 0; c < cores; ++c) Add(acc, acc, u[c * per], per);
        DataCopy(S[me * per], acc, per);
        SyncAll();
    };
    ascend_sim::Platform saved = ascend_sim::GetPlatform();
    CHECK(ascend_sim::SetPlatformBySoc("Ascend910B2"));
    CHECK_MSG(RunWithSystemWorkspace("kernel", cores, kernel), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int i = 0; i < cores * per; ++i) bad += gsum[i] != float(cores * (cores + 1) / 2);
    CHECK(bad == 0);
    ascend_sim::SetPlatform(saved);
    GmFree(gbuf); GmFree(gsum);
}

TEST_MAIN()
