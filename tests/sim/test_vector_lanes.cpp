// The vector models run 8 lanes at a time where the CPU has AVX2 and F16C (chosen at run time) and
// on baseline x86-64 lanes otherwise; these kernels feed them values that stress every lane rule
// (NaN, signed zeros, infinities, 2^23 and 2^31 boundaries, ties, subnormals, saturation) in counts
// that leave a scalar tail, and compare bit for bit with references written from libm and the IEEE
// formats. Every kernel runs on both lanes (the launch statistics say which ran), and the two runs
// must write the same bytes. Built and run against both builds.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "check.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

using namespace AscendC;

static const bool g_noRaceCheck = (ascend_sim::SetRaceCheck(false), true);

namespace {

uint32_t Bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
float FromBits(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// Values that stress rounding and saturation, then random bit patterns and random moderate values.
std::vector<float> StressValues(size_t n) {
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> v = {0.0f, -0.0f, 0.5f, -0.5f, 1.5f, -1.5f, 2.5f, -2.5f, 0.49999997f, -0.49999997f,
                            8388607.5f, -8388607.5f, 8388608.0f, -8388608.0f, 16777215.0f, 2147483520.0f,
                            2147483648.0f, -2147483648.0f, -2147483904.0f, 4294967296.0f, inf, -inf,
                            FromBits(0x7FC00000u), FromBits(0xFFC00001u), FromBits(0x7F800001u), FromBits(0xFFA00000u),
                            FromBits(0x00000001u), FromBits(0x80000001u), FromBits(0x007FFFFFu), 1e-40f,
                            65504.0f, -65504.0f, 65519.0f, 65520.0f, -65536.0f, 1e10f, 5.960464477539063e-8f,
                            2.980232238769531e-8f, 6.103515625e-5f, 6.0975552e-5f, -3.0e-5f, 1.0009765625f};
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> moderate(-3000.0f, 3000.0f);
    while (v.size() < n) {
        v.push_back(FromBits(rng()));
        v.push_back(moderate(rng));
        v.push_back(std::ldexp(float(int32_t(rng() % 64) - 32), -1));   // exact halves
    }
    v.resize(n);
    return v;
}

bool CpuHasWideLanes() {
#if defined(__x86_64__) && defined(__GNUC__)
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c");
#else
    return false;
#endif
}

// Runs `kernel` on one core with the wide lanes on, then off: the launch statistics must name the
// lanes each run used (the wide ones only where the CPU has them), `check` must pass after each
// run, and the bytes of `outputs` (GM buffers, overwritten before each run) must be the same.
template <typename Kernel, typename Check>
void OnBothLanes(Kernel kernel, std::vector<std::pair<void*, size_t>> outputs, Check check) {
    std::vector<std::vector<uint8_t>> wideBytes;
    for (bool wide : {true, false}) {
        ascend_sim::SetWideLanes(wide);
        for (auto& o : outputs) std::memset(o.first, 0xA5, o.second);
        CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
        const std::string lanes = ascend_sim::LastLaunchStats().lanes;
        const bool wideRan = lanes == "avx2+f16c";
        CHECK_MSG(wideRan == (wide && CpuHasWideLanes()) && (wideRan || lanes.rfind("baseline (", 0) == 0), lanes);
        check();
        for (size_t k = 0; k < outputs.size(); ++k) {
            const uint8_t* p = static_cast<const uint8_t*>(outputs[k].first);
            if (wide) wideBytes.emplace_back(p, p + outputs[k].second);
            else CHECK_MSG(std::memcmp(wideBytes[k].data(), p, outputs[k].second) == 0, "output " + std::to_string(k) + " differs between the lanes");
        }
    }
    ascend_sim::SetWideLanes(true);
}

int32_t Saturate(double r) {
    if (r != r) return 0;
    if (r >= 2147483647.0) return std::numeric_limits<int32_t>::max();
    if (r <= -2147483648.0) return std::numeric_limits<int32_t>::min();
    return int32_t(r);
}

// IEEE binary16 from float, round to nearest even, written from the format's definition; finite
// values beyond the largest half saturate to it (the A2 Cast rule), NaN keeps its top payload bits
// with the quiet bit set.
uint16_t HalfReference(float f) {
    const uint32_t x = Bits(f), sign = (x >> 16) & 0x8000u;
    const float a = std::fabs(f);
    if (a != a) return uint16_t(sign | 0x7E00u | ((x >> 13) & 0x3FFu));
    if (a == std::numeric_limits<float>::infinity()) return uint16_t(sign | 0x7C00u);
    if (a > 65504.0f) return uint16_t(sign | 0x7BFFu);
    int e;
    std::frexp(a, &e);                            // a = m * 2^e, m in [0.5, 1)
    const int quantum = e - 11 < -24 ? -24 : e - 11;   // spacing of halves near a
    const double q = std::nearbyint(std::ldexp(double(a), -quantum));   // nearest even multiple
    const double value = std::ldexp(q, quantum);
    if (value == 0.0) return uint16_t(sign);
    int ev;
    std::frexp(value, &ev);
    if (ev - 1 < -14) return uint16_t(sign | uint32_t(std::ldexp(value, 24)));   // subnormal
    const uint32_t mant = uint32_t(std::ldexp(value, 11 - ev)) & 0x3FFu;
    return uint16_t(sign | (uint32_t(ev - 1 + 15) << 10) | mant);
}
uint32_t HalfToFloatReference(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16, e = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
    if (e == 31) return sign | 0x7F800000u | (m << 13);   // Inf / NaN, payload kept
    const float mag = e == 0 ? std::ldexp(float(m), -24) : std::ldexp(float(m | 0x400u), int(e) - 25);
    return sign | Bits(mag);
}

}  // namespace

TEST_CASE("Cast float -> int32 and float -> integral float, every rounding mode, lanes and tail") {
    constexpr int n = 1003;   // not a multiple of 8: the scalar tail runs too
    const std::vector<float> src = StressValues(n);
    const RoundMode modes[5] = {RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                                RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC};
    float* gs = static_cast<float*>(GmAlloc(n * 4));
    std::memcpy(gs, src.data(), n * 4);
    int32_t* gi = static_cast<int32_t*>(GmAlloc(5 * 1008 * 4));
    float* gf = static_cast<float*>(GmAlloc(5 * 1008 * 4));
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> qin;
        TQue<TPosition::VECOUT, 1> qi, qf;
        pipe.InitBuffer(qin, 1, 1008 * 4);
        pipe.InitBuffer(qi, 1, 5 * 1008 * 4);
        pipe.InitBuffer(qf, 1, 5 * 1008 * 4);
        GlobalTensor<float> S, F; GlobalTensor<int32_t> I;
        S.SetGlobalBuffer(gs, n); I.SetGlobalBuffer(gi, 5 * 1008); F.SetGlobalBuffer(gf, 5 * 1008);
        LocalTensor<float> s = qin.AllocTensor<float>();
        DataCopyPad(s, S, DataCopyExtParams(1, n * 4, 0, 0, 0), DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        qin.EnQue(s);
        s = qin.DeQue<float>();
        LocalTensor<int32_t> ri = qi.AllocTensor<int32_t>();
        LocalTensor<float> rf = qf.AllocTensor<float>();
        for (int m = 0; m < 5; ++m) {
            Cast(ri[m * 1008], s, modes[m], n);
            Cast(rf[m * 1008], s, modes[m], n);
        }
        qi.EnQue(ri);
        qf.EnQue(rf);
        ri = qi.DeQue<int32_t>();
        rf = qf.DeQue<float>();
        DataCopy(I, ri, 5 * 1008);
        DataCopy(F, rf, 5 * 1008);
        qin.FreeTensor(s); qi.FreeTensor(ri); qf.FreeTensor(rf);
    };
    OnBothLanes(kernel, {{gi, 5 * 1008 * 4}, {gf, 5 * 1008 * 4}}, [&] {
        int bad = 0;
        for (int i = 0; i < n; ++i) {
            const double x = src[i];
            const double r[5] = {std::nearbyint(x), std::floor(x), std::ceil(x), std::round(x), std::trunc(x)};
            for (int m = 0; m < 5; ++m) {
                const int32_t wantI = Saturate(r[m]);
                // integral float: NaN keeps its bits, zero results keep the input's sign
                const uint32_t wantF = x != x ? Bits(src[i]) : Bits(std::copysign(float(r[m]), src[i]));
                const int32_t gotI = gi[m * 1008 + i];
                const uint32_t gotF = Bits(gf[m * 1008 + i]);
                if (gotI != wantI || gotF != wantF) {
                    if (++bad <= 8)
                        std::printf("  mode %d x=%a (0x%08x): int %d want %d, float 0x%08x want 0x%08x\n", m, src[i],
                                    Bits(src[i]), gotI, wantI, gotF, wantF);
                }
            }
        }
        CHECK(bad == 0);
    });
    GmFree(gs); GmFree(gi); GmFree(gf);
}

TEST_CASE("Cast float <-> half, lanes with NaN, saturation and subnormals") {
    constexpr int n = 1003;
    const std::vector<float> src = StressValues(n);
    std::vector<uint16_t> halves(n);
    std::mt19937 rng(11);
    for (int i = 0; i < n; ++i) halves[i] = uint16_t(rng());
    const uint16_t special[] = {0x7C00, 0xFC00, 0x7C01, 0xFE00, 0x7DFF, 0x0001, 0x8001, 0x03FF, 0x0400, 0x8000};
    for (size_t k = 0; k < sizeof(special) / 2; ++k) halves[5 + 9 * k] = special[k];   // spread over lane groups
    float* gs = static_cast<float*>(GmAlloc(n * 4));
    std::memcpy(gs, src.data(), n * 4);
    uint16_t* gh = static_cast<uint16_t*>(GmAlloc(n * 2));
    std::memcpy(gh, halves.data(), n * 2);
    uint16_t* gOutH = static_cast<uint16_t*>(GmAlloc(2 * 1008 * 2));
    float* gOutF = static_cast<float*>(GmAlloc(1008 * 4));
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> qf, qh;
        TQue<TPosition::VECOUT, 1> oh, of;
        pipe.InitBuffer(qf, 1, 1008 * 4);
        pipe.InitBuffer(qh, 1, 1008 * 2);
        pipe.InitBuffer(oh, 1, 2 * 1008 * 2);
        pipe.InitBuffer(of, 1, 1008 * 4);
        GlobalTensor<float> S, OF; GlobalTensor<half> H, OH;
        S.SetGlobalBuffer(gs, n); H.SetGlobalBuffer(reinterpret_cast<half*>(gh), n);
        OH.SetGlobalBuffer(reinterpret_cast<half*>(gOutH), 2 * 1008); OF.SetGlobalBuffer(gOutF, 1008);
        LocalTensor<float> s = qf.AllocTensor<float>();
        LocalTensor<half> h = qh.AllocTensor<half>();
        DataCopyPad(s, S, DataCopyExtParams(1, n * 4, 0, 0, 0), DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        DataCopyPad(h, H, DataCopyExtParams(1, n * 2, 0, 0, 0), DataCopyPadExtParams<half>{false, 0, 0, half(0.0f)});
        qf.EnQue(s); qh.EnQue(h);
        s = qf.DeQue<float>(); h = qh.DeQue<half>();
        LocalTensor<half> rh = oh.AllocTensor<half>();
        LocalTensor<float> rf = of.AllocTensor<float>();
        Cast(rh, s, RoundMode::CAST_NONE, n);
        Cast(rh[1008], s, RoundMode::CAST_RINT, n);
        Cast(rf, h, RoundMode::CAST_NONE, n);
        oh.EnQue(rh); of.EnQue(rf);
        rh = oh.DeQue<half>(); rf = of.DeQue<float>();
        DataCopy(OH, rh, 2 * 1008);
        DataCopy(OF, rf, 1008);
        qf.FreeTensor(s); qh.FreeTensor(h); oh.FreeTensor(rh); of.FreeTensor(rf);
    };
    OnBothLanes(kernel, {{gOutH, 2 * 1008 * 2}, {gOutF, 1008 * 4}}, [&] {
        int bad = 0;
        for (int i = 0; i < n; ++i) {
            const uint16_t want = HalfReference(src[i]);
            for (int k = 0; k < 2; ++k)
                if (gOutH[k * 1008 + i] != want && ++bad <= 8)
                    std::printf("  float->half %d x=%a: 0x%04x want 0x%04x\n", k, src[i], gOutH[k * 1008 + i], want);
            const uint32_t wantF = HalfToFloatReference(halves[i]);
            if (Bits(gOutF[i]) != wantF && ++bad <= 8)
                std::printf("  half->float 0x%04x: 0x%08x want 0x%08x\n", halves[i], Bits(gOutF[i]), wantF);
        }
        CHECK(bad == 0);
    });
    GmFree(gs); GmFree(gh); GmFree(gOutH); GmFree(gOutF);
}

TEST_CASE("Compare / CompareScalar every mode with NaN lanes; Select both forms; GatherMask halves") {
    constexpr int n = 1024;   // Compare: whole 256-byte repeats
    constexpr int sel = 1003; // Select: a scalar tail after the lanes
    std::vector<float> a = StressValues(n), b(n);
    std::mt19937 rng(3);
    for (int i = 0; i < n; ++i) b[i] = (i % 5 == 0) ? a[i] : (i % 7 == 0 ? FromBits(0x7FC00000u) : a[(i * 37) % n]);
    float* ga = static_cast<float*>(GmAlloc(2 * n * 4));
    std::memcpy(ga, a.data(), n * 4);
    std::memcpy(ga + n, b.data(), n * 4);
    uint8_t* gm = static_cast<uint8_t*>(GmAlloc(12 * n / 8));
    float* go = static_cast<float*>(GmAlloc(3 * n * 4));
    const CMPMODE modes[6] = {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ, CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};
    const float scalar = a[40];
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> qin;
        TQue<TPosition::VECOUT, 1> qm, qo;
        pipe.InitBuffer(qin, 1, 2 * n * 4);
        pipe.InitBuffer(qm, 1, 12 * n / 8);
        pipe.InitBuffer(qo, 1, 3 * n * 4);
        GlobalTensor<float> A, O; GlobalTensor<uint8_t> M;
        A.SetGlobalBuffer(ga, 2 * n); M.SetGlobalBuffer(gm, 12 * n / 8); O.SetGlobalBuffer(go, 3 * n);
        LocalTensor<float> x = qin.AllocTensor<float>();
        DataCopy(x, A, 2 * n);
        qin.EnQue(x);
        x = qin.DeQue<float>();
        LocalTensor<uint8_t> m = qm.AllocTensor<uint8_t>();
        LocalTensor<float> o = qo.AllocTensor<float>();
        for (int k = 0; k < 6; ++k) {
            Compare(m[k * n / 8], x, x[n], modes[k], n);
            CompareScalar(m[(6 + k) * n / 8], x, scalar, modes[k], n);
        }
        Select(o, m, x, x[n], SELMODE::VSEL_TENSOR_TENSOR_MODE, sel);
        Select(o[n], m, x, -7.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, sel);
        uint64_t kept = 0;
        const GatherMaskParams params{1, static_cast<uint16_t>(2 * n * 4 / 256), 8, 0};
        GatherMask(o[2 * n], x, 1, false, 0, params, kept);   // even elements of both inputs
        qm.EnQue(m); qo.EnQue(o);
        m = qm.DeQue<uint8_t>(); o = qo.DeQue<float>();
        DataCopy(M, m, 12 * n / 8);
        DataCopy(O, o, 3 * n);
        qin.FreeTensor(x); qm.FreeTensor(m); qo.FreeTensor(o);
    };
    OnBothLanes(kernel, {{gm, 12 * n / 8}, {go, 3 * n * 4}}, [&] {
        auto cmp = [](int k, float p, float q) {
            switch (k) {
                case 0: return p < q;
                case 1: return p > q;
                case 2: return p == q;
                case 3: return p <= q;
                case 4: return p >= q;
                default: return p != q;
            }
        };
        auto bit = [&](int plane, int i) { return ((gm[plane * n / 8 + i / 8] >> (i % 8)) & 1) != 0; };
        int bad = 0;
        for (int k = 0; k < 6; ++k)
            for (int i = 0; i < n; ++i) {
                bad += bit(k, i) != cmp(k, a[i], b[i]);
                bad += bit(6 + k, i) != cmp(k, a[i], scalar);
            }
        CHECK(bad == 0);
        int badSel = 0;
        for (int i = 0; i < sel; ++i) {
            const bool pick = bit(0, i);   // the LT mask
            badSel += Bits(go[i]) != Bits(pick ? a[i] : b[i]);
            badSel += Bits(go[n + i]) != Bits(pick ? a[i] : -7.0f);
        }
        CHECK(badSel == 0);
        int badGather = 0;
        for (int i = 0; i < n; ++i) {
            const float want = 2 * i < n ? a[2 * i] : b[2 * i - n];
            badGather += Bits(go[2 * n + i]) != Bits(want);
        }
        CHECK(badGather == 0);
    });
    GmFree(ga); GmFree(gm); GmFree(go);
}

TEST_CASE("Arithmetic, MulAddDst, Duplicate, Gather, reductions and bfloat16 casts on both lanes") {
    // The compiler-vectorised loops: float and half (computed in float, rounded once) against
    // element-by-element C++ with the same rules, and identical bytes on both lanes.
    constexpr int n = 1003;
    const std::vector<float> a = StressValues(n);
    std::vector<float> b(n);
    std::mt19937 rng(5);
    // b holds no NaN: which NaN an operation on two NaNs returns follows the operand order the
    // compiler picked, which no rule fixes
    for (int i = 0; i < n; ++i) b[i] = std::isnan(a[(i * 131 + 7) % n]) ? 1.0f : a[(i * 131 + 7) % n] * 0.75f;
    std::vector<uint32_t> offsets(n);
    for (int i = 0; i < n; ++i) offsets[i] = uint32_t(rng() % n) * 4;
    float* gin = static_cast<float*>(GmAlloc(3 * 1008 * 4));
    std::memcpy(gin, a.data(), n * 4);
    std::memcpy(gin + 1008, b.data(), n * 4);
    std::memcpy(gin + 2 * 1008, offsets.data(), n * 4);
    constexpr int kOps = 12;   // Add Sub Mul Div Max Min Muls Adds Maxs Mins Abs MulAddDst
    float* gf = static_cast<float*>(GmAlloc((kOps + 3) * 1008 * 4));
    uint16_t* gh = static_cast<uint16_t*>(GmAlloc((kOps + 2) * 1008 * 2));
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> qin;
        TQue<TPosition::VECOUT, 1> qf, qh;
        TBuf<TPosition::VECCALC> tmp;
        pipe.InitBuffer(qin, 1, 3 * 1008 * 4);
        pipe.InitBuffer(qf, 1, (kOps + 3) * 1008 * 4);
        pipe.InitBuffer(qh, 1, (kOps + 2) * 1008 * 2);
        pipe.InitBuffer(tmp, 2 * 1008 * 2 + 1008 * 4);
        GlobalTensor<float> In, F; GlobalTensor<half> H;
        In.SetGlobalBuffer(gin, 3 * 1008); F.SetGlobalBuffer(gf, (kOps + 3) * 1008);
        H.SetGlobalBuffer(reinterpret_cast<half*>(gh), (kOps + 2) * 1008);
        LocalTensor<float> in = qin.AllocTensor<float>();
        DataCopy(in, In, 3 * 1008);
        qin.EnQue(in);
        in = qin.DeQue<float>();
        LocalTensor<float> x = in, y = in[1008];
        LocalTensor<float> f = qf.AllocTensor<float>();
        LocalTensor<half> h = qh.AllocTensor<half>();
        LocalTensor<half> hx = tmp.Get<half>(), hy = hx[1008];
        LocalTensor<float> work = hx[2 * 1008].ReinterpretCast<float>();
        Cast(hx, x, RoundMode::CAST_RINT, n);
        Cast(hy, y, RoundMode::CAST_RINT, n);
        auto all = [&](auto out, auto p, auto q) {
            using T = typename decltype(p)::PrimType;
            const T s = T(1.25f);
            Add(out, p, q, n); Sub(out[1008], p, q, n); Mul(out[2 * 1008], p, q, n); Div(out[3 * 1008], p, q, n);
            Max(out[4 * 1008], p, q, n); Min(out[5 * 1008], p, q, n); Muls(out[6 * 1008], p, s, n);
            Adds(out[7 * 1008], p, s, n); Maxs(out[8 * 1008], p, s, n); Mins(out[9 * 1008], p, s, n);
            Abs(out[10 * 1008], p, n);
            Duplicate(out[11 * 1008], s, n);
            MulAddDst(out[11 * 1008], p, q, n);
        };
        all(f, x, y);
        all(h, hx, hy);
        Gather(f[kOps * 1008], x, in[2 * 1008].ReinterpretCast<uint32_t>(), 0, n);
        ReduceMax(f[(kOps + 1) * 1008], x, work, n);
        ReduceMin(f[(kOps + 1) * 1008 + 8], y, work, n);
        LocalTensor<bfloat16_t> bf = h[kOps * 1008].ReinterpretCast<bfloat16_t>();
        Cast(bf, x, RoundMode::CAST_RINT, n);
        Cast(f[(kOps + 2) * 1008], bf, RoundMode::CAST_NONE, n);
        qf.EnQue(f); qh.EnQue(h);
        f = qf.DeQue<float>(); h = qh.DeQue<half>();
        DataCopy(F, f, (kOps + 3) * 1008);
        DataCopy(H, h, (kOps + 2) * 1008);
        qin.FreeTensor(in); qf.FreeTensor(f); qh.FreeTensor(h);
    };
    auto op = [](int k, float p, float q) {
        const float s = 1.25f;
        switch (k) {
            case 0: return p + q;
            case 1: return p - q;
            case 2: return p * q;
            case 3: return p / q;
            case 4: return p > q ? p : q;
            case 5: return p < q ? p : q;
            case 6: return p * s;
            case 7: return p + s;
            case 8: return p > s ? p : s;
            case 9: return p < s ? p : s;
            case 10: return std::fabs(p);
            default: { const float product = p * q; return product + s; }
        }
    };
    auto halfOf = [](float v) { return FromBits(HalfToFloatReference(HalfReference(v))); };
    // arithmetic on half rounds as IEEE does (no saturation: that is Cast's rule): >= 65520 is Inf
    auto halfResult = [](float v) {
        return std::fabs(v) >= 65520.0f && std::fabs(v) != std::numeric_limits<float>::infinity()
                   ? uint16_t((Bits(v) >> 16 & 0x8000u) | 0x7C00u) : HalfReference(v);
    };
    OnBothLanes(kernel, {{gf, (kOps + 3) * 1008 * 4}, {gh, (kOps + 2) * 1008 * 2}}, [&] {
        int bad = 0;
        for (int k = 0; k < kOps; ++k)
            for (int i = 0; i < n; ++i) {
                const float hp = halfOf(a[i]), hq = halfOf(b[i]);
                const bool wrong = Bits(gf[k * 1008 + i]) != Bits(op(k, a[i], b[i])) || gh[k * 1008 + i] != halfResult(op(k, hp, hq));
                if (wrong && ++bad <= 8)
                    std::printf("  op %d a=%a b=%a: float 0x%08x want 0x%08x, half 0x%04x want 0x%04x\n", k, a[i], b[i],
                                Bits(gf[k * 1008 + i]), Bits(op(k, a[i], b[i])), gh[k * 1008 + i], halfResult(op(k, hp, hq)));
            }
        // the extreme of the elements after the last NaN (the NaN itself when it is the last)
        int afterNaN = 0;
        for (int i = 0; i < n; ++i)
            if (std::isnan(a[i])) afterNaN = i + 1 < n ? i + 1 : i;
        float hi = a[afterNaN], lo = b[0];
        for (int i = 0; i < n; ++i) {
            if (Bits(gf[kOps * 1008 + i]) != Bits(a[offsets[i] / 4]) && ++bad <= 8) std::printf("  gather %d\n", i);
            if (i >= afterNaN) hi = a[i] > hi ? a[i] : hi;
            lo = b[i] < lo ? b[i] : lo;
            // bfloat16: nearest even, NaN kept quiet, finite values beyond the largest bfloat16 saturate
            const uint32_t x = Bits(a[i]), ax = x & 0x7FFFFFFFu;
            const uint16_t want = ax > 0x7F800000u ? uint16_t((x >> 16) | 0x40u)
                                  : ax > 0x7F7F0000u && ax < 0x7F800000u ? uint16_t(((x >> 16) & 0x8000u) | 0x7F7Fu)
                                  : uint16_t((uint64_t(x) + 0x7FFFu + ((x >> 16) & 1u)) >> 16);
            if ((gh[kOps * 1008 + i] != want || Bits(gf[(kOps + 2) * 1008 + i]) != uint32_t(want) << 16) && ++bad <= 8)
                std::printf("  bfloat16 x=%a: 0x%04x want 0x%04x\n", a[i], gh[kOps * 1008 + i], want);
        }
        if (Bits(gf[(kOps + 1) * 1008]) != Bits(hi) || Bits(gf[(kOps + 1) * 1008 + 8]) != Bits(lo)) {
            ++bad;
            std::printf("  reduce: max %a want %a, min %a want %a\n", gf[(kOps + 1) * 1008], hi, gf[(kOps + 1) * 1008 + 8], lo);
        }
        CHECK(bad == 0);
    });
    GmFree(gin); GmFree(gf); GmFree(gh);
}

TEST_CASE("level-0 Mul on both lanes: block strides 0 and 2, a part block, in place, half") {
    // each case against the documented addressing, element by element (element e of repeat r at
    // (r * repStride + e / 8 * blkStride) * 8 + e % 8 floats), written here from the page's rule
    struct Case {
        uint64_t mask;
        uint8_t repeats;
        BinaryRepeatParams p;
        bool inPlace;
    };
    const Case cases[] = {
        {32, 6, BinaryRepeatParams(1, 1, 0, 4, 4, 1), false},    // a weight block per repeat (src1 block stride 0)
        {64, 3, BinaryRepeatParams(1, 0, 1, 8, 0, 8), false},    // one source block for every block (src0 block stride 0)
        {13, 2, BinaryRepeatParams(2, 1, 1, 8, 8, 8), false},    // a part block, dst blocks apart
        {64, 4, BinaryRepeatParams(1, 1, 1, 8, 8, 8), true},     // in place on src0
    };
    constexpr int kCases = 4, kSpan = 512;   // floats a case's operands span at most
    const std::vector<float> a = StressValues(kSpan), b = StressValues(kSpan + 7);
    float* gin = static_cast<float*>(GmAlloc(2 * kSpan * 4));
    std::memcpy(gin, a.data(), kSpan * 4);
    std::memcpy(gin + kSpan, b.data() + 7, kSpan * 4);
    float* gout = static_cast<float*>(GmAlloc((kCases + 1) * kSpan * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, (2 + kCases + 2) * kSpan * 4);
        LocalTensor<float> x = buf.Get<float>(), y = x[kSpan], out = x[2 * kSpan];
        GlobalTensor<float> In, Out;
        In.SetGlobalBuffer(gin, 2 * kSpan);
        Out.SetGlobalBuffer(gout, (kCases + 1) * kSpan);
        DataCopy(x, In, 2 * kSpan);
        PipeBarrier<PIPE_ALL>();
        for (int k = 0; k < kCases; ++k) {
            LocalTensor<float> dst = out[k * kSpan];
            if (cases[k].inPlace) {
                Adds(dst, x, 0.0f, kSpan);   // a copy of src0 to multiply in place
                PipeBarrier<PIPE_V>();
                Mul(dst, dst, y, cases[k].mask, cases[k].repeats, cases[k].p);
            } else {
                Duplicate(dst, 0.0f, kSpan);
                PipeBarrier<PIPE_V>();
                Mul(dst, x, y, cases[k].mask, cases[k].repeats, cases[k].p);
            }
        }
        // half: computed in float, rounded once (case 0's layout)
        LocalTensor<half> hx = out[(kCases + 1) * kSpan].ReinterpretCast<half>(), hy = hx[kSpan];
        LocalTensor<half> hout = out[kCases * kSpan].ReinterpretCast<half>();
        Cast(hx, x, RoundMode::CAST_RINT, kSpan);
        Cast(hy, y, RoundMode::CAST_RINT, kSpan);
        Duplicate(hout, half(0.0f), kSpan);
        PipeBarrier<PIPE_V>();
        Mul(hout, hx, hy, 64, 3, BinaryRepeatParams(1, 1, 0, 4, 4, 1));
        PipeBarrier<PIPE_ALL>();
        DataCopy(Out, out, (kCases + 1) * kSpan);
    };
    OnBothLanes(kernel, {{gout, (kCases + 1) * kSpan * 4}}, [&] {
        int bad = 0;
        for (int k = 0; k < kCases; ++k) {
            const Case& c = cases[k];
            std::vector<float> want(kSpan, 0.0f);
            if (c.inPlace)
                for (int i = 0; i < kSpan; ++i) want[i] = a[i] + 0.0f;   // the kernel's copy (Adds 0: -0 becomes +0)
            for (uint32_t r = 0; r < c.repeats; ++r)
                for (uint64_t e = 0; e < c.mask; ++e) {
                    const uint64_t blk = e / 8, lane = e % 8;
                    const float x = a[(r * c.p.src0RepStride + blk * c.p.src0BlkStride) * 8 + lane] + (c.inPlace ? 0.0f : -0.0f);
                    const float y = b[7 + (r * c.p.src1RepStride + blk * c.p.src1BlkStride) * 8 + lane];
                    want[(r * c.p.dstRepStride + blk * c.p.dstBlkStride) * 8 + lane] = x * y;
                }
            for (int i = 0; i < kSpan; ++i)
                if (Bits(gout[k * kSpan + i]) != Bits(want[i]) && ++bad <= 8)
                    std::printf("  case %d element %d: %a want %a\n", k, i, gout[k * kSpan + i], want[i]);
        }
        const uint16_t* h = reinterpret_cast<const uint16_t*>(gout + kCases * kSpan);
        for (uint32_t r = 0; r < 3; ++r)
            for (uint64_t e = 0; e < 64; ++e) {
                const uint64_t blk = e / 16, lane = e % 16;   // 16 halves a block
                const float x = FromBits(HalfToFloatReference(HalfReference(a[(r * 4 + blk) * 16 + lane])));
                const float y = FromBits(HalfToFloatReference(HalfReference(b[7 + r * 16 + lane])));
                const float prod = x * y;
                const uint16_t want = std::fabs(prod) >= 65520.0f && std::fabs(prod) != std::numeric_limits<float>::infinity()
                                          ? uint16_t((Bits(prod) >> 16 & 0x8000u) | 0x7C00u) : HalfReference(prod);
                if (h[(r * 4 + blk) * 16 + lane] != want && ++bad <= 8)
                    std::printf("  half r %u e %llu: 0x%04x want 0x%04x\n", r, (unsigned long long)e, h[(r * 4 + blk) * 16 + lane], want);
            }
        CHECK(bad == 0);
    });
    GmFree(gin); GmFree(gout);
}

TEST_CASE("level-0 Add on both lanes: in place on src0, repeats a row apart, a part repeat") {
    // the input gradient's form: dst = src0 (an accumulator, each repeat a row of 40 blocks on),
    // src1 a row of products 2 blocks on; repeat r's element e at (r * repStride + e / 8) * 8 + e % 8
    constexpr int kSpan = 4 * 40 * 8, kRepeats = 4, kMask = 16, kDstRep = 40, kSrcRep = 2;
    const std::vector<float> a = StressValues(kSpan), b = StressValues(kSpan + 5);
    float* gin = static_cast<float*>(GmAlloc(2 * kSpan * 4));
    std::memcpy(gin, a.data(), kSpan * 4);
    std::memcpy(gin + kSpan, b.data() + 5, kSpan * 4);
    float* gout = static_cast<float*>(GmAlloc(kSpan * 4));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 2 * kSpan * 4);
        LocalTensor<float> acc = buf.Get<float>(), products = acc[kSpan];
        GlobalTensor<float> In, Out;
        In.SetGlobalBuffer(gin, 2 * kSpan);
        Out.SetGlobalBuffer(gout, kSpan);
        DataCopy(acc, In, 2 * kSpan);
        PipeBarrier<PIPE_ALL>();
        Add(acc[8], acc[8], products, kMask, kRepeats, BinaryRepeatParams(1, 1, 1, kDstRep, kDstRep, kSrcRep));
        PipeBarrier<PIPE_V>();
        Add(acc[kSpan - 64], acc[kSpan - 64], products, 5, 1, BinaryRepeatParams());   // a part block
        PipeBarrier<PIPE_ALL>();
        DataCopy(Out, acc, kSpan);
    };
    OnBothLanes(kernel, {{gout, kSpan * 4}}, [&] {
        std::vector<float> want(a);
        for (int r = 0; r < kRepeats; ++r)
            for (int e = 0; e < kMask; ++e) {
                const int d = 8 + (r * kDstRep + e / 8) * 8 + e % 8;
                want[d] = a[d] + b[5 + (r * kSrcRep + e / 8) * 8 + e % 8];
            }
        for (int e = 0; e < 5; ++e) want[kSpan - 64 + e] = a[kSpan - 64 + e] + b[5 + e];
        int bad = 0;
        for (int i = 0; i < kSpan; ++i)
            if (Bits(gout[i]) != Bits(want[i]) && ++bad <= 8) std::printf("  element %d: %a want %a\n", i, gout[i], want[i]);
        CHECK(bad == 0);
    });
    GmFree(gin); GmFree(gout);
}

TEST_CASE("DataCopyPad blocks of 1 to 300 bytes: inline short copies land as the layout rule says") {
    // GM->UB block b of L bytes lands at b * roundup32(L) in UB, the rounding tail a dummy byte (0xFF);
    // UB->GM writes the L bytes back at b * (L + srcStride) in GM.
    constexpr int kBlocks = 5, kMax = 300, kPitch = 320;   // past the inline sizes (256)
    std::vector<uint8_t> src(kBlocks * (kMax + 3));
    for (size_t i = 0; i < src.size(); ++i) src[i] = uint8_t(i * 7 + 1);
    uint8_t* gs = static_cast<uint8_t*>(GmAlloc(src.size()));
    std::memcpy(gs, src.data(), src.size());
    uint8_t* gUb = static_cast<uint8_t*>(GmAlloc(kMax * kBlocks * kPitch));
    uint8_t* gBack = static_cast<uint8_t*>(GmAlloc(kMax * kBlocks * (kMax + 3)));
    std::memset(gBack, 0, kMax * kBlocks * (kMax + 3));
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, kBlocks * kPitch);
        GlobalTensor<uint8_t> S, U, B;
        S.SetGlobalBuffer(gs, src.size()); U.SetGlobalBuffer(gUb, kMax * kBlocks * kPitch);
        B.SetGlobalBuffer(gBack, kMax * kBlocks * (kMax + 3));
        for (int len = 1; len <= kMax; ++len) {
            LocalTensor<uint8_t> t = q.AllocTensor<uint8_t>();
            Duplicate(t.ReinterpretCast<uint16_t>(), uint16_t(0x5A5A), kBlocks * kPitch / 2);
            PipeBarrier<PIPE_ALL>();
            DataCopyPad(t, S, DataCopyExtParams(kBlocks, len, 3, 0, 0), DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
            q.EnQue(t);
            t = q.DeQue<uint8_t>();
            DataCopy(U[(len - 1) * kBlocks * kPitch], t, kBlocks * kPitch);
            DataCopyPad(B[(len - 1) * kBlocks * (kMax + 3)], t, DataCopyExtParams(kBlocks, len, 0, 3, 0));
            PipeBarrier<PIPE_ALL>();
            q.FreeTensor(t);
        }
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int len = 1; len <= kMax; ++len) {
        const int pitch = (len + 31) / 32 * 32;
        const uint8_t* ub = gUb + (len - 1) * kBlocks * kPitch;
        const uint8_t* back = gBack + (len - 1) * kBlocks * (kMax + 3);
        for (int b = 0; b < kBlocks; ++b) {
            for (int k = 0; k < pitch; ++k) {
                const uint8_t want = k < len ? src[b * (len + 3) + k] : uint8_t(0xFF);
                bad += ub[b * pitch + k] != want;
            }
            for (int k = 0; k < len; ++k) bad += back[b * (len + 3) + k] != src[b * (len + 3) + k];
            for (int k = len; k < len + 3 && b + 1 < kBlocks; ++k) bad += back[b * (len + 3) + k] != 0;   // the GM gap untouched
        }
    }
    CHECK(bad == 0);
    GmFree(gs); GmFree(gUb); GmFree(gBack);
}

TEST_MAIN()
