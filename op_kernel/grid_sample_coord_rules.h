// GridSample's coordinate rules for one grid value on one axis, with their gradient twins, as one
// scalar template: T = float on the AI Core (the backward kernel's scalar unit) and T = double in the
// AI CPU kernels (forward and backward). They follow torch (aten/src/ATen/native/GridSampler.h):
// unnormalize, pad the coordinate (bilinear, nearest) or each tap (bicubic), Keys cubic weights
// (A = -0.75), and the derivatives torch's backward uses (clip: 0 on and beyond a border;
// reflection: +-1). The forward AI Core kernel runs the same rules on whole vectors
// (grid_sample_coords.h; tests/op/test_coord_rules.cpp holds the two forms to each other).
// AI Core-safe: it includes only the vocabulary; the includer provides int32_t, int64_t and
// __aicore__ (kernel_operator.h on the AI Core).
#ifndef GRID_SAMPLE_COORD_RULES_H
#define GRID_SAMPLE_COORD_RULES_H

#include "grid_sample_vocabulary.h"

namespace gridsample {

// Beyond this magnitude (in pixels) float32 no longer holds every integer; reflection maps such coordinates,
// like NaN and +-Inf, to pixel 0. The same limit in float64, so both precisions agree on which
// coordinates are sanitized.
template <typename T> __aicore__ constexpr T MaxExactCoord() { return static_cast<T>(16777216.0f); }
template <typename T> __aicore__ constexpr T CubicA() { return static_cast<T>(-0.75f); }

// Arguments are finite and below 2^62 in magnitude.
template <typename T>
__aicore__ inline T CoordFloor(T x) {
    const T f = static_cast<T>(static_cast<int64_t>(x));
    return f > x ? f - static_cast<T>(1) : f;
}
// Round half to even, as nearbyint.
template <typename T>
__aicore__ inline T CoordRint(T x) {
    const T r = CoordFloor(x);
    const T d = x - r;
    if (d > static_cast<T>(0.5f)) return r + static_cast<T>(1);
    if (d < static_cast<T>(0.5f)) return r;
    return (static_cast<int64_t>(r) & 1) != 0 ? r + static_cast<T>(1) : r;
}
template <typename T> __aicore__ inline T CoordClamp(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }
template <typename T> __aicore__ inline bool CoordIsNan(T v) { return v != v; }
template <typename T> __aicore__ inline T CoordAbs(T v) { return v < static_cast<T>(0) ? -v : v; }

// torch's unnormalize, operation for operation: align_corners (g + 1) / 2 (S - 1), else
// ((g + 1) S - 1) / 2; and its derivative d coordinate / d g.
template <typename T>
__aicore__ inline T Unnormalize(T g, int64_t size, bool ac) {
    const T one = static_cast<T>(1), two = static_cast<T>(2);
    return ac ? (g + one) / two * static_cast<T>(size - 1) : ((g + one) * static_cast<T>(size) - one) / two;
}
template <typename T>
__aicore__ inline T UnnormalizeGrad(int64_t size, bool ac) {
    return ac ? static_cast<T>(size - 1) / static_cast<T>(2) : static_cast<T>(size) / static_cast<T>(2);
}

// Reflects c into [0, S-1] about the edge pixel centres (align_corners) or the pixel edges -0.5 and
// S-0.5, as many times as needed, then clips (torch's reflect_coordinates + clip_coordinates); *grad
// gets the derivative: +-1 by the side and the parity of the flips, 0 where the reflected value lies
// on or beyond a border. |c| < MaxExactCoord.
template <typename T>
__aicore__ inline T ReflectWithGrad(T c, int64_t size, bool ac, T* grad) {
    const T zero = static_cast<T>(0), one = static_cast<T>(1), two = static_cast<T>(2);
    const T last = static_cast<T>(size - 1);
    const T twiceLow = ac ? zero : -one;
    const T twiceHigh = ac ? two * last : two * static_cast<T>(size) - one;
    if (twiceLow == twiceHigh) {   // a single pixel with align_corners: everything maps to it
        *grad = zero;
        return zero;
    }
    const T low = twiceLow / two, span = (twiceHigh - twiceLow) / two;
    // whole periods off first, exactly, so that c - low keeps its half above 2^23 in float32
    const T period = two * span;
    c = c - static_cast<T>(static_cast<int64_t>(c / period)) * period;
    T x = c - low, sign = one;
    if (x < zero) {
        x = -x;
        sign = -one;
    }
    const T flips = CoordFloor(x / span);
    const T extra = x - flips * span;
    const bool even = (static_cast<int64_t>(flips) & 1) == 0;
    const T r = even ? extra + low : -extra + (span + low);
    *grad = (r <= zero || r >= last) ? zero : (even ? sign : -sign);
    return CoordClamp(r, zero, last);
}

// The coordinate bilinear and nearest read (padding applied to the coordinate, taps taken around the
// result) and d padded / d coordinate. NaN: zeros -> out of bounds; border / reflection -> pixel 0.
// +-Inf: zeros -> out of bounds, border -> the edge, reflection -> pixel 0. Sanitized values have
// derivative 0 (border, reflection); zeros keeps 1, as its taps are all outside anyway.
template <typename T>
__aicore__ inline T PadCoordinateWithGrad(T c, int64_t size, int32_t padding, bool ac, T* grad) {
    const T zero = static_cast<T>(0), last = static_cast<T>(size - 1), far = static_cast<T>(8);
    if (padding == kZeros) {
        *grad = static_cast<T>(1);
        return CoordIsNan(c) ? -far : CoordClamp(c, -far, last + far);   // beyond: every tap is outside
    }
    if (padding == kBorder) {
        *grad = (c > zero && c < last) ? static_cast<T>(1) : zero;   // false for NaN
        return CoordIsNan(c) ? zero : CoordClamp(c, zero, last);
    }
    if (CoordAbs(c) < MaxExactCoord<T>()) return ReflectWithGrad(c, size, ac, grad);
    const T p = ReflectWithGrad(zero, size, ac, grad);
    *grad = zero;
    return p;
}

// The coordinate bicubic reads (its 4 taps are padded one by one afterwards): NaN -> out of bounds
// (zeros) or pixel 0; far values clamped where that cannot change the result (zeros, border) or
// sent to pixel 0 beyond MaxExactCoord (reflection).
template <typename T>
__aicore__ inline T SanitizeBicubic(T c, int64_t size, int32_t padding) {
    if (padding == kReflection) return CoordAbs(c) < MaxExactCoord<T>() ? c : static_cast<T>(0);
    if (CoordIsNan(c)) c = padding == kZeros ? static_cast<T>(-8) : static_cast<T>(0);
    return CoordClamp(c, static_cast<T>(-8), static_cast<T>(size) + static_cast<T>(7));
}

// Pads an integral tap: border clamps, reflection reflects; the pixel index, or -1 outside the image.
template <typename T>
__aicore__ inline int64_t PadTap(T tap, int64_t size, int32_t padding, bool ac) {
    const T last = static_cast<T>(size - 1);
    if (padding == kBorder) {
        tap = CoordClamp(tap, static_cast<T>(0), last);
    } else if (padding == kReflection) {
        T unused;
        tap = ReflectWithGrad(tap, size, ac, &unused);
    }
    return (tap >= static_cast<T>(0) && tap <= last) ? static_cast<int64_t>(tap) : -1;
}

// Keys cubic convolution (torch's get_cubic_upsample_coefficients): the near piece |x| <= 1, the far
// piece 1 < |x| < 2, and their derivatives.
template <typename T>
__aicore__ inline T CubicNear(T x) {
    const T a = CubicA<T>();
    return ((a + static_cast<T>(2)) * x - (a + static_cast<T>(3))) * x * x + static_cast<T>(1);
}
template <typename T>
__aicore__ inline T CubicFar(T x) {
    const T a = CubicA<T>();
    return ((a * x - static_cast<T>(5) * a) * x + static_cast<T>(8) * a) * x - static_cast<T>(4) * a;
}
template <typename T>
__aicore__ inline T CubicNearGrad(T x) {
    const T a = CubicA<T>();
    return (static_cast<T>(3) * (a + static_cast<T>(2)) * x - static_cast<T>(2) * (a + static_cast<T>(3))) * x;
}
template <typename T>
__aicore__ inline T CubicFarGrad(T x) {
    const T a = CubicA<T>();
    return (static_cast<T>(3) * a * x - static_cast<T>(10) * a) * x + static_cast<T>(8) * a;
}

// The taps of one axis for one grid value: up to 4 (index, weight, d weight / d coordinate), index
// -1 outside the image; coordGrad = d coordinate / d grid value (0 for nearest and for a sanitized
// coordinate).
template <typename T, typename Index>
struct AxisTaps {
    using Value = T;
    int32_t count;
    Index index[4];
    T weight[4];
    T dweight[4];
    T coordGrad;
};

template <typename T, typename Index>
__aicore__ inline void ComputeAxisTaps(typename AxisTaps<T, Index>::Value g, int64_t size, int32_t mode, int32_t padding, bool ac,
                                       AxisTaps<T, Index>* a) {
    const T one = static_cast<T>(1), zero = static_cast<T>(0);
    const T c = Unnormalize(g, size, ac);
    if (mode == kBicubic) {
        const T p = SanitizeBicubic(c, size, padding);
        const T x0 = CoordFloor(p);
        const T t = p - x0;
        a->count = 4;
        a->weight[0] = CubicFar(t + one);
        a->weight[1] = CubicNear(t);
        a->weight[2] = CubicNear(one - t);
        a->weight[3] = CubicFar(static_cast<T>(2) - t);
        a->dweight[0] = CubicFarGrad(t + one);
        a->dweight[1] = CubicNearGrad(t);
        a->dweight[2] = -CubicNearGrad(one - t);
        a->dweight[3] = -CubicFarGrad(static_cast<T>(2) - t);
        for (int32_t j = 0; j < 4; ++j)
            a->index[j] = static_cast<Index>(PadTap(x0 - one + static_cast<T>(j), size, padding, ac));
        a->coordGrad = p == c ? UnnormalizeGrad<T>(size, ac) : zero;
        return;
    }
    T padGrad;
    const T p = PadCoordinateWithGrad(c, size, padding, ac, &padGrad);
    const T last = static_cast<T>(size - 1);
    if (mode == kNearest) {
        const T r = CoordRint(p);
        a->count = 1;
        a->weight[0] = one;
        a->dweight[0] = zero;
        a->index[0] = (r >= zero && r <= last) ? static_cast<Index>(r) : static_cast<Index>(-1);
        a->coordGrad = zero;
        return;
    }
    const T x0 = CoordFloor(p);
    a->count = 2;
    a->weight[0] = x0 + one - p;
    a->weight[1] = p - x0;
    a->dweight[0] = -one;
    a->dweight[1] = one;
    for (int32_t j = 0; j < 2; ++j) {
        const T tap = x0 + static_cast<T>(j);
        a->index[j] = (tap >= zero && tap <= last) ? static_cast<Index>(tap) : static_cast<Index>(-1);
    }
    a->coordGrad = UnnormalizeGrad<T>(size, ac) * padGrad;
}

}  // namespace gridsample

#endif  // GRID_SAMPLE_COORD_RULES_H
