// The AI CPU kernels' coordinate rules in float64 (the scalar twins of op_kernel/grid_sample_coords.h):
// unnormalize, reflect, pad a coordinate or a tap, the Keys cubic weights.
#pragma once
#include <cmath>
#include <cstdint>

#include "op_kernel/grid_sample_vocabulary.h"

namespace gridsample::aicpu {

constexpr double kMaxExactCoord = 16777216.0;   // same limit as the kernels (2^24)
constexpr double kCubicA = -0.75;

// ---- coordinate helpers (the scalar twins of op_kernel/grid_sample_coords.h) -------------
inline double Unnormalize(double g, int64_t size, bool ac) {
    return ac ? (g + 1.0) / 2.0 * static_cast<double>(size - 1) : ((g + 1.0) * static_cast<double>(size) - 1.0) / 2.0;
}

inline double Reflect(double c, int64_t size, bool ac) {
    const double twiceLow = ac ? 0.0 : -1.0;
    const double twiceHigh = ac ? 2.0 * static_cast<double>(size - 1) : 2.0 * static_cast<double>(size) - 1.0;
    if (twiceLow == twiceHigh) return 0.0;
    const double low = twiceLow / 2.0, span = (twiceHigh - twiceLow) / 2.0;
    c = std::fabs(c - low);
    const double extra = std::fmod(c, span);
    const double flips = std::floor(c / span);
    const double r = std::fmod(flips, 2.0) == 0.0 ? extra + low : span - extra + low;
    return std::fmin(std::fmax(r, 0.0), static_cast<double>(size - 1));
}

// Coordinate as bilinear / nearest read it (padding applied to the coordinate).
inline double PadCoordinate(double c, int64_t size, int padding, bool ac) {
    const double last = static_cast<double>(size - 1);
    if (padding == kZeros) return std::isnan(c) ? -8.0 : std::fmin(std::fmax(c, -8.0), last + 8.0);
    if (padding == kBorder) return std::isnan(c) ? 0.0 : std::fmin(std::fmax(c, 0.0), last);
    if (!(std::fabs(c) < kMaxExactCoord)) c = 0.0;
    return Reflect(c, size, ac);
}

// Coordinate as bicubic reads it (taps padded one by one afterwards).
inline double SanitizeBicubic(double c, int64_t size, int padding) {
    if (padding == kReflection) return std::fabs(c) < kMaxExactCoord ? c : 0.0;
    if (std::isnan(c)) c = padding == kZeros ? -8.0 : 0.0;
    return std::fmin(std::fmax(c, -8.0), static_cast<double>(size) + 7.0);
}

// Padded integral tap; returns false when it falls outside the image (zeros padding).
inline bool PadTap(double tap, int64_t size, int padding, bool ac, int64_t* index) {
    if (padding == kBorder) tap = std::fmin(std::fmax(tap, 0.0), static_cast<double>(size - 1));
    else if (padding == kReflection) tap = Reflect(tap, size, ac);
    if (tap < 0.0 || tap > static_cast<double>(size - 1)) return false;
    *index = static_cast<int64_t>(tap);
    return true;
}

inline double CubicNear(double x) { return ((kCubicA + 2.0) * x - (kCubicA + 3.0)) * x * x + 1.0; }
inline double CubicFar(double x) { return ((kCubicA * x - 5.0 * kCubicA) * x + 8.0 * kCubicA) * x - 4.0 * kCubicA; }

}  // namespace gridsample::aicpu
