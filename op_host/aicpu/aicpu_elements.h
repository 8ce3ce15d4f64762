// How the AI CPU kernels read and write one element of each type (as float64, half types rounded
// once to nearest even, integers rounded and saturated), and how far a view reaches.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "op_host/aicpu/aicpu_view.h"

namespace gridsample::aicpu {

inline double HalfToDouble(uint16_t h) {
    const uint32_t sign = (h >> 15) & 1u, exp = (h >> 10) & 0x1Fu, man = h & 0x3FFu;
    double v;
    if (exp == 0) v = std::ldexp(static_cast<double>(man), -24);
    else if (exp == 31) v = man ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else v = std::ldexp(static_cast<double>(man | 0x400u), static_cast<int>(exp) - 25);
    return sign ? -v : v;
}

// float -> half with round-to-nearest-even (the one rounding of a half result).
inline uint16_t FloatToHalf(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t absx = x & 0x7FFFFFFFu;
    if (absx > 0x7F800000u) return static_cast<uint16_t>(sign | 0x7E00u);   // NaN
    if (absx >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to Inf
    if (absx < 0x38800000u) {                                                 // subnormal half
        const float a = std::fabs(f) * 16777216.0f;                           // units of 2^-24
        return static_cast<uint16_t>(sign | static_cast<uint32_t>(std::nearbyint(a)));
    }
    const uint32_t mant = absx & 0x7FFFFFu;
    uint32_t h = ((absx >> 23) - 112) << 10 | (mant >> 13);
    const uint32_t rest = mant & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
}

inline uint16_t FloatToBf16(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
    x += 0x7FFFu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(x >> 16);
}

// How an integer result is rounded before it saturates: GridSample rounds to nearest, ties to even;
// Interpolate as Pillow does, half away from zero.
enum class IntRounding { kNearestEven, kHalfAwayFromZero };

template <typename I>
inline I SaturatingRound(double v, IntRounding rounding = IntRounding::kNearestEven) {
    if (std::isnan(v)) return 0;
    v = rounding == IntRounding::kNearestEven ? std::nearbyint(v) : std::round(v);
    if (v <= static_cast<double>(std::numeric_limits<I>::lowest())) return std::numeric_limits<I>::lowest();
    if (v >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    return static_cast<I>(v);
}

inline double Load(const View& v, int64_t offset) {
    const char* p = static_cast<const char*>(v.data);
    switch (v.type) {
        case ElemType::kFloat32: { float f; std::memcpy(&f, p + offset * 4, 4); return f; }
        case ElemType::kFloat64: { double d; std::memcpy(&d, p + offset * 8, 8); return d; }
        case ElemType::kFloat16: { uint16_t h; std::memcpy(&h, p + offset * 2, 2); return HalfToDouble(h); }
        case ElemType::kBFloat16: {
            uint16_t h; std::memcpy(&h, p + offset * 2, 2);
            uint32_t x = static_cast<uint32_t>(h) << 16; float f; std::memcpy(&f, &x, 4); return f;
        }
        case ElemType::kInt8: return reinterpret_cast<const int8_t*>(p)[offset];
        case ElemType::kUInt8: return reinterpret_cast<const uint8_t*>(p)[offset];
        case ElemType::kInt16: { int16_t i; std::memcpy(&i, p + offset * 2, 2); return i; }
        case ElemType::kInt32: { int32_t i; std::memcpy(&i, p + offset * 4, 4); return i; }
        case ElemType::kInt64: { int64_t i; std::memcpy(&i, p + offset * 8, 8); return static_cast<double>(i); }
    }
    return 0.0;
}

inline void Store(const View& v, int64_t offset, double value, IntRounding rounding = IntRounding::kNearestEven) {
    char* p = static_cast<char*>(v.data);
    switch (v.type) {
        case ElemType::kFloat32: { float f = static_cast<float>(value); std::memcpy(p + offset * 4, &f, 4); break; }
        case ElemType::kFloat64: std::memcpy(p + offset * 8, &value, 8); break;
        // half types: one rounding from float64 through float32 is exact enough for a 11/8-bit mantissa
        case ElemType::kFloat16: { uint16_t h = FloatToHalf(static_cast<float>(value)); std::memcpy(p + offset * 2, &h, 2); break; }
        case ElemType::kBFloat16: { uint16_t h = FloatToBf16(static_cast<float>(value)); std::memcpy(p + offset * 2, &h, 2); break; }
        case ElemType::kInt8: reinterpret_cast<int8_t*>(p)[offset] = SaturatingRound<int8_t>(value, rounding); break;
        case ElemType::kUInt8: reinterpret_cast<uint8_t*>(p)[offset] = SaturatingRound<uint8_t>(value, rounding); break;
        case ElemType::kInt16: { int16_t i = SaturatingRound<int16_t>(value, rounding); std::memcpy(p + offset * 2, &i, 2); break; }
        case ElemType::kInt32: { int32_t i = SaturatingRound<int32_t>(value, rounding); std::memcpy(p + offset * 4, &i, 4); break; }
        case ElemType::kInt64: { int64_t i = SaturatingRound<int64_t>(value, rounding); std::memcpy(p + offset * 8, &i, 8); break; }
    }
}

// Elements from a view's first element to its furthest one, plus one (0: empty).
inline int64_t SpanElements(const View& v) {
    int64_t last = 0;
    for (int i = 0; i < v.rank; ++i) {
        if (v.shape[i] == 0) return 0;
        last += (v.shape[i] - 1) * v.strides[i];
    }
    return last + 1;
}

// The checked build verifies every element the kernel reads or writes against its tensor's view
// (the simulator's AI CPU counterpart of the GM access checks); the fast build relies on the launch
// checks. False from RunRange: an access outside a view, nothing more is done.
#if defined(ASCENDC_SIM_CHECKED) && ASCENDC_SIM_CHECKED
constexpr bool kCheckAccesses = true;
#else
constexpr bool kCheckAccesses = false;
#endif
inline bool Inside(int64_t offset, int64_t span) { return !kCheckAccesses || (offset >= 0 && offset < span); }

}  // namespace gridsample::aicpu
