// The forward kernel's coordinate math: the rules of grid_sample_coord_rules.h (unnormalize,
// padding, floor / round, cubic weights, tap validity) on whole UB vectors of `n` float slots with
// the count-based AscendC vector API. Unnormalize and the padding of a coordinate give the scalar
// rule's bits (reflection first moves c by whole periods, exactly); the cubic weights of the far
// right tap take 2 - t as (1 - t) + 1, an argument an ulp away at most (tests/op/test_coord_rules.cpp).
#ifndef GRID_SAMPLE_COORDS_H
#define GRID_SAMPLE_COORDS_H

#include "kernel_operator.h"
#include "grid_sample_coord_rules.h"
#include "grid_sample_tiling_data.h"

namespace gridsample {

using AscendC::HardEvent;
using AscendC::LocalTensor;

constexpr float kMaxExactCoord = MaxExactCoord<float>();
constexpr float kBig = 3.0e38f;
constexpr float kCubicA = CubicA<float>();

// The pipe EVENT names waits for what the other pipe issued before (one pipe pair, where
// PipeBarrier<PIPE_ALL> would wait for every pipe).
template <HardEvent EVENT>
__aicore__ inline void WaitPipe() {
    auto id = GetTPipePtr()->FetchEventID(EVENT);   // declared at global scope, outside AscendC
    AscendC::SetFlag<EVENT>(id);
    AscendC::WaitFlag<EVENT>(id);
}

// Temporaries a helper may clobber: three float vectors and one mask.
struct Scratch {
    LocalTensor<float> t0, t1, t2;
    LocalTensor<uint8_t> mask;
};

// torch's unnormalize, operation for operation so that float32 results (and .5 ties) agree:
// align_corners: (g + 1) / 2 * (S - 1); otherwise ((g + 1) * S - 1) / 2.
__aicore__ inline void Unnormalize(const LocalTensor<float>& c, float size, bool alignCorners, int32_t n) {
    AscendC::Adds(c, c, 1.0f, n);
    if (alignCorners) {
        AscendC::Muls(c, c, 0.5f, n);
        AscendC::Muls(c, c, size - 1.0f, n);
    } else {
        AscendC::Muls(c, c, size, n);
        AscendC::Adds(c, c, -1.0f, n);
        AscendC::Muls(c, c, 0.5f, n);
    }
}

// The same unnormalize on the coordinates of every axis at once: `all` holds `axes` vectors of
// n slots back to back (x, y[, z]) and sizes[a] is axis a's size. The steps that do not depend on
// the size run once over all axes; each element sees the same operations in the same order as in
// Unnormalize, so the results are identical, with fewer vector instructions.
__aicore__ inline void UnnormalizeAxes(const LocalTensor<float>& all, const float* sizes, int32_t axes,
                                       bool alignCorners, int32_t n) {
    AscendC::Adds(all, all, 1.0f, axes * n);
    if (alignCorners) {
        AscendC::Muls(all, all, 0.5f, axes * n);
        for (int32_t a = 0; a < axes; ++a) AscendC::Muls(all[a * n], all[a * n], sizes[a] - 1.0f, n);
    } else {
        for (int32_t a = 0; a < axes; ++a) AscendC::Muls(all[a * n], all[a * n], sizes[a], n);
        AscendC::Adds(all, all, -1.0f, axes * n);
        AscendC::Muls(all, all, 0.5f, axes * n);
    }
}

// c = (c is NaN) ? value : c
__aicore__ inline void ReplaceNaN(const LocalTensor<float>& c, float value, const Scratch& s, int32_t n) {
    AscendC::Compare(s.mask, c, c, AscendC::CMPMODE::EQ, n);
    AscendC::Select(c, s.mask, c, value, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
}

// c = (|c| < limit) ? c : value   (NaN and +-Inf fail the test too)
__aicore__ inline void ReplaceHuge(const LocalTensor<float>& c, float limit, float value, const Scratch& s,
                                   int32_t n) {
    AscendC::Abs(s.t0, c, n);
    AscendC::CompareScalar(s.mask, s.t0, limit, AscendC::CMPMODE::LT, n);
    AscendC::Select(c, s.mask, c, value, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
}

__aicore__ inline void Clamp(const LocalTensor<float>& dst, const LocalTensor<float>& src, float lo, float hi,
                             int32_t n) {
    AscendC::Maxs(dst, src, lo, n);
    AscendC::Mins(dst, dst, hi, n);
}

// dst = floor(src) (or round-half-even with CAST_RINT), through int32 as the A2 has no float floor.
__aicore__ inline void RoundTo(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                               AscendC::RoundMode mode, int32_t n) {
    LocalTensor<int32_t> asInt = dst.template ReinterpretCast<int32_t>();
    AscendC::Cast(asInt, src, mode, n);
    AscendC::Cast(dst, asInt, AscendC::RoundMode::CAST_NONE, n);
}

// The period of reflection padding: 2(S-1) about the edge pixel centres, 2S about the pixel edges.
__aicore__ inline float ReflectionPeriod(float size, bool alignCorners) {
    return alignCorners ? 2.0f * (size - 1.0f) : 2.0f * size;
}

// c -= period * trunc(c / period): moves c next to 0 without changing what it reflects to.
// Exact for finite |c| < kMaxExactCoord (the result is a multiple of ulp(c) no larger than
// |c|), so that the half-pixel shift of Reflect and the bicubic taps c - 1 .. c + 2 stay exact
// above 2^23, where float32 holds no .5. period must be > 0.
__aicore__ inline void WrapPeriod(const LocalTensor<float>& c, float period, const Scratch& s, int32_t n) {
    AscendC::Duplicate(s.t1, period, n);
    AscendC::Div(s.t0, c, s.t1, n);
    RoundTo(s.t0, s.t0, AscendC::RoundMode::CAST_TRUNC, n);
    AscendC::Muls(s.t0, s.t0, period, n);   // an even integer below 2^25: exact
    AscendC::Sub(c, c, s.t0, n);
}

// Reflects c into [0, S-1]: about the edge pixel centres (align_corners) or the pixel edges
// -0.5 and S-0.5, as many times as needed, then clamps (torch's reflect + clip).
// c must be finite and below kMaxExactCoord in magnitude. With `grad`, also the derivative
// ReflectWithGrad gives: +-1 by the side of the low edge and the parity of the flips, 0 where the
// reflected value lies on or beyond a border.
__aicore__ inline void Reflect(const LocalTensor<float>& c, float size, bool alignCorners, const Scratch& s,
                               int32_t n, const LocalTensor<float>* grad = nullptr) {
    const float twiceLow = alignCorners ? 0.0f : -1.0f;
    const float twiceHigh = alignCorners ? 2.0f * (size - 1.0f) : 2.0f * size - 1.0f;
    if (twiceLow == twiceHigh) {   // a single pixel with align_corners: everything maps to it
        AscendC::Duplicate(c, 0.0f, n);
        if (grad != nullptr) AscendC::Duplicate(*grad, 0.0f, n);
        return;
    }
    const float low = twiceLow / 2.0f;
    const float span = (twiceHigh - twiceLow) / 2.0f;
    WrapPeriod(c, ReflectionPeriod(size, alignCorners), s, n);
    AscendC::Adds(c, c, -low, n);
    if (grad != nullptr) {   // the side: -1 below the low edge
        AscendC::CompareScalar(s.mask, c, 0.0f, AscendC::CMPMODE::GE, n);
        AscendC::Duplicate(*grad, 1.0f, n);
        AscendC::Select(*grad, s.mask, *grad, -1.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
    }
    AscendC::Abs(c, c, n);
    AscendC::Duplicate(s.t1, span, n);
    AscendC::Div(s.t0, c, s.t1, n);                         // in / span
    RoundTo(s.t0, s.t0, AscendC::RoundMode::CAST_FLOOR, n); // flips
    AscendC::Muls(s.t1, s.t0, span, n);
    AscendC::Sub(s.t1, c, s.t1, n);                         // extra = in - flips * span (exact)
    AscendC::Muls(s.t2, s.t0, 0.5f, n);                     // parity of flips
    RoundTo(s.t2, s.t2, AscendC::RoundMode::CAST_FLOOR, n);
    AscendC::Muls(s.t2, s.t2, 2.0f, n);
    AscendC::Sub(s.t2, s.t0, s.t2, n);
    AscendC::CompareScalar(s.mask, s.t2, 0.0f, AscendC::CMPMODE::EQ, n);
    AscendC::Adds(s.t0, s.t1, low, n);                      // even: extra + low
    AscendC::Muls(s.t1, s.t1, -1.0f, n);
    AscendC::Adds(s.t1, s.t1, span + low, n);               // odd: span - extra + low
    if (grad != nullptr) {                                  // odd flips turn the side round
        AscendC::Muls(s.t2, *grad, -1.0f, n);
        AscendC::Select(*grad, s.mask, *grad, s.t2, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
    }
    AscendC::Select(c, s.mask, s.t0, s.t1, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
    if (grad != nullptr) {                                  // 0 on and beyond a border
        AscendC::CompareScalar(s.mask, c, 0.0f, AscendC::CMPMODE::GT, n);
        AscendC::Select(*grad, s.mask, *grad, 0.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        AscendC::CompareScalar(s.mask, c, size - 1.0f, AscendC::CMPMODE::LT, n);
        AscendC::Select(*grad, s.mask, *grad, 0.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
    }
    Clamp(c, c, 0.0f, size - 1.0f, n);
}

// The range zeros and border padding clamp a coordinate into once NaN is replaced (ClampAxes):
// border's edges for bilinear and nearest; otherwise far enough out that every tap stays out of
// bounds (zeros) or clamps to the edge (bicubic's border pads each tap).
__aicore__ inline void PadClampRange(int32_t padding, bool bicubic, float size, float* lo, float* hi) {
    const bool edges = padding == kBorder && !bicubic;
    *lo = edges ? 0.0f : -8.0f;
    *hi = edges ? size - 1.0f : size + 7.0f;
}
// What zeros and border padding read a NaN coordinate as: out of bounds (zeros), pixel 0 (border).
__aicore__ inline float NaNCoordinate(int32_t padding) { return padding == kZeros ? -8.0f : 0.0f; }

// Pads a continuous coordinate the way bilinear and nearest read it (padding applied to the
// coordinate, taps taken around the result). NaN: zeros -> out of bounds (contributes 0);
// border / reflection -> pixel 0. +-Inf: zeros -> out of bounds, border -> the edge,
// reflection -> pixel 0.
__aicore__ inline void PadCoordinate(const LocalTensor<float>& c, float size, int32_t padding, bool alignCorners,
                                     const Scratch& s, int32_t n) {
    if (padding != kReflection) {
        float lo = 0.0f, hi = 0.0f;
        PadClampRange(padding, false, size, &lo, &hi);
        ReplaceNaN(c, NaNCoordinate(padding), s, n);
        Clamp(c, c, lo, hi, n);
    } else {
        ReplaceHuge(c, kMaxExactCoord, 0.0f, s, n);
        Reflect(c, size, alignCorners, s, n);
    }
}

// PadCoordinate (bilinear, nearest) and SanitizeBicubicCoordinate on every axis at once (`all`:
// `axes` vectors of n slots back to back; `wideMask` holds at least axes * n bits), the same
// operations per element as the per-axis helpers. Zeros and border in two steps, so that a tile's
// box can be reduced between them: NaN replaced (zeros: out of bounds; border: pixel 0), then
// every axis clamped into its PadClampRange. Reflection in one: huge values and NaN to 0, then
// reflected (bicubic: moved by whole periods; its taps are reflected one by one).
__aicore__ inline void ReplaceNaNAxes(const LocalTensor<float>& all, int32_t padding, const LocalTensor<uint8_t>& wideMask,
                                      int32_t count) {
    AscendC::Compare(wideMask, all, all, AscendC::CMPMODE::EQ, count);
    AscendC::Select(all, wideMask, all, NaNCoordinate(padding), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
}
__aicore__ inline void ClampAxes(const LocalTensor<float>& all, const float* sizes, int32_t axes, int32_t padding,
                                 bool bicubic, int32_t n) {
    float lo = 0.0f, hi = 0.0f;
    PadClampRange(padding, bicubic, sizes[0], &lo, &hi);
    AscendC::Maxs(all, all, lo, axes * n);   // the same for every axis
    for (int32_t a = 0; a < axes; ++a) {
        PadClampRange(padding, bicubic, sizes[a], &lo, &hi);
        AscendC::Mins(all[a * n], all[a * n], hi, n);
    }
}
__aicore__ inline void ReflectAxes(const LocalTensor<float>& all, const float* sizes, int32_t axes, bool alignCorners,
                                   bool bicubic, const Scratch& s, const LocalTensor<uint8_t>& wideMask, int32_t n) {
    Scratch wide = s;
    wide.mask = wideMask;
    ReplaceHuge(all, kMaxExactCoord, 0.0f, wide, axes * n);   // s.t0 .. s.t2 are adjacent: 3n floats
    for (int32_t a = 0; a < axes; ++a) {
        if (!bicubic) {
            Reflect(all[a * n], sizes[a], alignCorners, s, n);
        } else {
            const float period = ReflectionPeriod(sizes[a], alignCorners);
            if (period > 0.0f) WrapPeriod(all[a * n], period, s, n);
        }
    }
}

// Bicubic reads 4 taps around the unpadded coordinate and pads each tap on its own; the
// coordinate only needs making safe: NaN -> out of bounds (zeros) or pixel 0; far values are
// clamped where that cannot change the result (zeros, border) or moved by whole reflection
// periods (reflection), which keeps the taps integral and exact.
__aicore__ inline void SanitizeBicubicCoordinate(const LocalTensor<float>& c, float size, int32_t padding,
                                                 bool alignCorners, const Scratch& s, int32_t n) {
    if (padding == kReflection) {
        ReplaceHuge(c, kMaxExactCoord, 0.0f, s, n);
        const float period = ReflectionPeriod(size, alignCorners);
        if (period > 0.0f) WrapPeriod(c, period, s, n);   // period 0: Reflect maps every tap to 0
        return;
    }
    float lo = 0.0f, hi = 0.0f;
    PadClampRange(padding, true, size, &lo, &hi);
    ReplaceNaN(c, NaNCoordinate(padding), s, n);
    Clamp(c, c, lo, hi, n);
}

// Reflect of integral taps, exact and cheaper: k mod P (P the reflection period) folded about
// the period's middle, min(m, P - 1 - m) about the pixel edges and min(m, P - m) about the pixel
// centres. Equal to Reflect for integers of magnitude below 2^24 (every step is exact; floor(k / P)
// is exact since a non-integral k / P is more than half an ulp from an integer there): the taps of
// a coordinate SanitizeBicubicCoordinate wrapped. `k`: `axes` runs of `perAxis` taps, run a of
// an axis of sizes[a] pixels, all reflected per instruction; `periods` and `quotients`: as many
// floats each of temporaries.
__aicore__ inline void ReflectTaps(const LocalTensor<float>& k, const float* sizes, int32_t axes, int32_t perAxis,
                                   bool alignCorners, const LocalTensor<float>& periods, const LocalTensor<float>& quotients) {
    const int32_t count = axes * perAxis;
    for (int32_t a = 0; a < axes; ++a) {
        const float period = ReflectionPeriod(sizes[a], alignCorners);
        AscendC::Duplicate(periods[a * perAxis], period > 0.0f ? period : 1.0f, perAxis);
    }
    const LocalTensor<float>& q = quotients;
    AscendC::Div(q, k, periods, count);
    RoundTo(q, q, AscendC::RoundMode::CAST_FLOOR, count);
    AscendC::Mul(q, q, periods, count);
    AscendC::Sub(k, k, q, count);          // m = k mod P, in [0, P)
    AscendC::Sub(q, periods, k, count);    // P - m
    if (!alignCorners) AscendC::Adds(q, q, -1.0f, count);
    AscendC::Min(k, k, q, count);
    for (int32_t a = 0; a < axes; ++a)     // a single pixel with align_corners: everything maps to it
        if (ReflectionPeriod(sizes[a], alignCorners) <= 0.0f) AscendC::Duplicate(k[a * perAxis], 0.0f, perAxis);
}

// Keys cubic convolution weights for the 4 taps at fraction t (torch's
// get_cubic_upsample_coefficients): w0 = k2(t + 1), w1 = k1(t), w2 = k1(1 - t), w3 = k2(2 - t).
__aicore__ inline void CubicNear(const LocalTensor<float>& w, const LocalTensor<float>& x, int32_t n) {
    // ((A + 2) x - (A + 3)) x x + 1
    AscendC::Muls(w, x, kCubicA + 2.0f, n);
    AscendC::Adds(w, w, -(kCubicA + 3.0f), n);
    AscendC::Mul(w, w, x, n);
    AscendC::Mul(w, w, x, n);
    AscendC::Adds(w, w, 1.0f, n);
}
__aicore__ inline void CubicFar(const LocalTensor<float>& w, const LocalTensor<float>& x, int32_t n) {
    // ((A x - 5A) x + 8A) x - 4A
    AscendC::Muls(w, x, kCubicA, n);
    AscendC::Adds(w, w, -5.0f * kCubicA, n);
    AscendC::Mul(w, w, x, n);
    AscendC::Adds(w, w, 8.0f * kCubicA, n);
    AscendC::Mul(w, w, x, n);
    AscendC::Adds(w, w, -4.0f * kCubicA, n);
}
// Their derivatives (torch's backward): near (3(A + 2) x - 2(A + 3)) x, far (3A x - 10A) x + 8A.
__aicore__ inline void CubicNearGrad(const LocalTensor<float>& w, const LocalTensor<float>& x, int32_t n) {
    AscendC::Muls(w, x, 3.0f * (kCubicA + 2.0f), n);
    AscendC::Adds(w, w, -(2.0f * (kCubicA + 3.0f)), n);
    AscendC::Mul(w, w, x, n);
}
__aicore__ inline void CubicFarGrad(const LocalTensor<float>& w, const LocalTensor<float>& x, int32_t n) {
    AscendC::Muls(w, x, 3.0f * kCubicA, n);
    AscendC::Adds(w, w, -10.0f * kCubicA, n);
    AscendC::Mul(w, w, x, n);
    AscendC::Adds(w, w, 8.0f * kCubicA, n);
}
__aicore__ inline void CubicWeights(const LocalTensor<float> w[4], const LocalTensor<float>& t, const Scratch& s,
                                    int32_t n) {
    AscendC::Adds(s.t0, t, 1.0f, n);
    CubicFar(w[0], s.t0, n);
    CubicNear(w[1], t, n);
    AscendC::Muls(s.t0, t, -1.0f, n);
    AscendC::Adds(s.t0, s.t0, 1.0f, n);
    CubicNear(w[2], s.t0, n);
    AscendC::Adds(s.t0, s.t0, 1.0f, n);
    CubicFar(w[3], s.t0, n);
}

// mask = (0 <= tap <= S-1); tapClamped = tap clamped into the image.
__aicore__ inline void TapValidity(const LocalTensor<uint8_t>& mask, const LocalTensor<float>& tapClamped,
                                   const LocalTensor<float>& tap, float size, int32_t n) {
    Clamp(tapClamped, tap, 0.0f, size - 1.0f, n);
    AscendC::Compare(mask, tapClamped, tap, AscendC::CMPMODE::EQ, n);
}

}  // namespace gridsample

#endif  // GRID_SAMPLE_COORDS_H
