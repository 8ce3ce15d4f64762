// The fast build runs some vector instructions 8 lanes at a time (AVX2 / F16C where the compiler
// targets them); these kernels feed them values that stress every lane rule (NaN, signed zeros,
// infinities, 2^23 and 2^31 boundaries, ties, subnormals, saturation) in counts that leave a
// scalar tail, and compare bit for bit with references written from libm and the IEEE formats.
// Built and run against both builds, so the lane paths and the scalar forms meet the same reference.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
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
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
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
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
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
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
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
    GmFree(ga); GmFree(gm); GmFree(go);
}

TEST_CASE("DataCopyPad blocks of 1 to 72 bytes: inline small copies land as the layout rule says") {
    // GM->UB block b of L bytes lands at b * roundup32(L) in UB, the rounding tail a dummy byte (0xFF);
    // UB->GM writes the L bytes back at b * (L + srcStride) in GM.
    constexpr int kBlocks = 5, kMax = 72;
    std::vector<uint8_t> src(kBlocks * (kMax + 3));
    for (size_t i = 0; i < src.size(); ++i) src[i] = uint8_t(i * 7 + 1);
    uint8_t* gs = static_cast<uint8_t*>(GmAlloc(src.size()));
    std::memcpy(gs, src.data(), src.size());
    uint8_t* gUb = static_cast<uint8_t*>(GmAlloc(kMax * kBlocks * 96));
    uint8_t* gBack = static_cast<uint8_t*>(GmAlloc(kMax * kBlocks * (kMax + 3)));
    std::memset(gBack, 0, kMax * kBlocks * (kMax + 3));
    auto kernel = [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, kBlocks * 96);
        GlobalTensor<uint8_t> S, U, B;
        S.SetGlobalBuffer(gs, src.size()); U.SetGlobalBuffer(gUb, kMax * kBlocks * 96);
        B.SetGlobalBuffer(gBack, kMax * kBlocks * (kMax + 3));
        for (int len = 1; len <= kMax; ++len) {
            LocalTensor<uint8_t> t = q.AllocTensor<uint8_t>();
            Duplicate(t.ReinterpretCast<uint16_t>(), uint16_t(0x5A5A), kBlocks * 48);
            PipeBarrier<PIPE_ALL>();
            DataCopyPad(t, S, DataCopyExtParams(kBlocks, len, 3, 0, 0), DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
            q.EnQue(t);
            t = q.DeQue<uint8_t>();
            DataCopy(U[(len - 1) * kBlocks * 96], t, kBlocks * 96);
            DataCopyPad(B[(len - 1) * kBlocks * (kMax + 3)], t, DataCopyExtParams(kBlocks, len, 0, 3, 0));
            PipeBarrier<PIPE_ALL>();
            q.FreeTensor(t);
        }
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 1), ascend_sim::LastLaunchError());
    int bad = 0;
    for (int len = 1; len <= kMax; ++len) {
        const int pitch = (len + 31) / 32 * 32;
        const uint8_t* ub = gUb + (len - 1) * kBlocks * 96;
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
