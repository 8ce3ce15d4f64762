// The device scalar types `half` (IEEE binary16) and `bfloat16_t` (bfloat16): 16-bit storage,
// conversion from float with round-to-nearest-even (NaN stays NaN, Inf stays Inf, overflow goes
// to Inf), exact conversion to float. Arithmetic happens in float through the implicit
// conversions; assigning the result back rounds it.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace ascend_sim {

inline uint32_t FloatBits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float BitsFloat(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// Branch-free (every candidate computed, then selected by integer masks) so that loops over many
// elements vectorize; identical results in every build.
inline uint32_t SelectBits(bool c, uint32_t a, uint32_t b) {
    const uint32_t m = 0u - uint32_t(c);
    return (a & m) | (b & ~m);
}
__attribute__((always_inline)) inline uint16_t FloatToHalfBits(float f) {
    const uint32_t x = FloatBits(f);
    const uint32_t sign = (x >> 16) & 0x8000u, ax = x & 0x7FFFFFFFu;
    const uint32_t normal = (ax + 0xC8000FFFu + ((ax >> 13) & 1u)) >> 13;        // rebias, round to even
    const uint32_t subnormal = FloatBits(BitsFloat(ax) + 0.5f) - 0x3F000000u;    // the FPU rounds (RNE)
    const uint32_t special = SelectBits(ax > 0x7F800000u, 0x7E00u | ((ax >> 13) & 0x3FFu), 0x7C00u);   // NaN / Inf
    const uint32_t finite = SelectBits(ax >= 0x477FF000u, 0x7C00u,                   // >= 65520 rounds to Inf
                                       SelectBits(ax < 0x38800000u, subnormal, normal));
    return uint16_t(sign | SelectBits(ax >= 0x7F800000u, special, finite));
}
__attribute__((always_inline)) inline float HalfBitsToFloat(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16, e = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
    const uint32_t normal = ((e + 112u) << 23) | (m << 13);
    const uint32_t special = 0x7F800000u | (m << 13);
    const uint32_t subnormal = FloatBits(float(int32_t(m)) * 5.9604644775390625e-8f);   // m * 2^-24, exact
    return BitsFloat(sign | SelectBits(e == 31u, special, SelectBits(e == 0u, subnormal, normal)));
}

inline uint16_t FloatToBf16Bits(float f) {
    uint32_t x = FloatBits(f);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) return uint16_t((x >> 16) | 0x40u);   // quiet NaN
    return uint16_t((x + 0x7FFFu + ((x >> 16) & 1u)) >> 16);                    // nearest even
}
inline float Bf16BitsToFloat(uint16_t b) { return BitsFloat(uint32_t(b) << 16); }

}  // namespace ascend_sim

struct half {
    uint16_t bits;
    half() = default;
    half(float f) : bits(ascend_sim::FloatToHalfBits(f)) {}
    template <typename U, typename = std::enable_if_t<std::is_arithmetic<U>::value && !std::is_same<U, float>::value>>
    half(U v) : half(static_cast<float>(v)) {}
    operator float() const { return ascend_sim::HalfBitsToFloat(bits); }
    static half FromBits(uint16_t b) { half h; h.bits = b; return h; }
};

struct bfloat16_t {
    uint16_t bits;
    bfloat16_t() = default;
    bfloat16_t(float f) : bits(ascend_sim::FloatToBf16Bits(f)) {}
    template <typename U, typename = std::enable_if_t<std::is_arithmetic<U>::value && !std::is_same<U, float>::value>>
    bfloat16_t(U v) : bfloat16_t(static_cast<float>(v)) {}
    operator float() const { return ascend_sim::Bf16BitsToFloat(bits); }
    static bfloat16_t FromBits(uint16_t b) { bfloat16_t h; h.bits = b; return h; }
};

static_assert(sizeof(half) == 2 && std::is_trivially_copyable<half>::value, "half is 16-bit storage");
static_assert(sizeof(bfloat16_t) == 2 && std::is_trivially_copyable<bfloat16_t>::value, "bf16 is 16-bit storage");
