// Vector instructions of the AscendC API (CPU model), count-based ("first n elements") forms.
// Each call: the checked build's operand checks, one RecordInstr, one tight loop over raw pointers.
// One repeat = 256 bytes; repeats per call = ceil(count * sizeof(T) / 256).
//
// Lanes: the package is compiled for baseline x86-64. The loops also exist compiled for AVX2 and
// F16C (8 float lanes; the `wide` namespace, under a target pragma), and a launch takes them when
// its CPU has both (ascend_sim::SetWideLanes; LaunchStats::lanes says which ran). Both forms give
// bit-identical results (tests/sim/test_vector_lanes.cpp runs every wide path against the baseline
// one): no FMA contraction (-ffp-contract=off), and the hand-written lanes follow the scalar rules.
// GCC only; other compilers build the baseline forms.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define ASCENDC_SIM_WIDE_LANES 1
#include <immintrin.h>
#else
#define ASCENDC_SIM_WIDE_LANES 0
#endif

#include "ascendc/kernel_copy.h"

namespace AscendC {
namespace detail {

#if ASCENDC_SIM_WIDE_LANES
#pragma GCC push_options
#pragma GCC target("avx2,f16c")
namespace wide {
// `loop` compiled for AVX2 / F16C: the always_inline lambda is inlined here and vectorised 8 float
// lanes wide (callees of the baseline target may be inlined into a wider one, never the reverse).
// Taken by value: a closure whose address escapes would be reloaded after every store of the loop.
template <typename Loop>
__attribute__((noinline)) void Run(Loop loop) { loop(); }
}  // namespace wide
#pragma GCC pop_options
#endif
// True when the running launch takes the wide paths.
__attribute__((always_inline)) inline bool WideLanes() {
#if ASCENDC_SIM_WIDE_LANES
    return ascend_sim::CurrentCore().wideLanes;
#else
    return false;
#endif
}
// Runs `loop` (an always_inline lambda) on the launch's lanes: the same source vectorised for
// AVX2 or for baseline x86-64.
template <typename Loop>
__attribute__((always_inline)) inline void OnLanes(Loop loop) {
#if ASCENDC_SIM_WIDE_LANES
    if (WideLanes()) {
        wide::Run(loop);
        return;
    }
#endif
    loop();
}
#define ASCENDC_SIM_LOOP [=]() __attribute__((always_inline))

template <typename T, typename... Allowed>
constexpr bool OneOf = (std::is_same<T, Allowed>::value || ...);

// 16-bit float types compute in float and round back; every other type computes in itself.
template <typename T> struct Calc { using type = T; static T In(T v) { return v; } static T Out(T v) { return v; } };
template <> struct Calc<half> {
    using type = float;
    static float In(half v) { return float(v); }
    static half Out(float f) { return half(f); }
};
template <> struct Calc<bfloat16_t> {
    using type = float;
    static float In(bfloat16_t v) { return float(v); }
    static bfloat16_t Out(float f) { return bfloat16_t(f); }
};

template <typename T>
constexpr const char* TypeName() {
    if constexpr (std::is_same<T, float>::value) return "float";
    else if constexpr (std::is_same<T, half>::value) return "half";
    else if constexpr (std::is_same<T, bfloat16_t>::value) return "bfloat16_t";
    else if constexpr (std::is_same<T, int32_t>::value) return "int32_t";
    else if constexpr (std::is_same<T, uint32_t>::value) return "uint32_t";
    else if constexpr (std::is_same<T, int16_t>::value) return "int16_t";
    else if constexpr (std::is_same<T, uint16_t>::value) return "uint16_t";
    else if constexpr (std::is_same<T, uint8_t>::value) return "uint8_t";
    else return "T";
}

// One vector instruction over `bytes` (repeats = ceil(bytes / 256)) and `elems` elements; `kind`
// picks the cost rule; `ub` lists its UB operands for the race detector.
__attribute__((always_inline)) inline void RecordVector(const char* api, uint64_t bytes, uint64_t elems, std::initializer_list<ascend_sim::UbAccess> ub,
                         ascend_sim::InstrKind kind = ascend_sim::InstrKind::Vector) {
    ascend_sim::RecordInstr(ascend_sim::Pipe::V, kind, (bytes + 255) / 256, api, ub, elems);
}
using ascend_sim::UbRead;
using ascend_sim::UbWrite;
inline void CheckCount(const char* api, int64_t count) {
    ASC_CHECK(count >= 0, api, "count %lld is negative", (long long)count);
}
// https://www.hiascend.com/document/detail/zh/canncommercial/latest/API/ascendcopapi/atlasascendc_api_07_0004.html
// (general constraints, address overlap): operands may coincide exactly (in place) when source and
// destination elements have the same width; any other overlap is rejected.
template <typename D, typename S>
inline void CheckOverlap(const char* api, const LocalTensor<D>& dst, uint64_t dstCount, const LocalTensor<S>& src,
                         uint64_t srcCount) {
#if ASCENDC_SIM_CHECKED
    const uint8_t* d = reinterpret_cast<const uint8_t*>(dst.addr_);
    const uint8_t* s = reinterpret_cast<const uint8_t*>(src.addr_);
    bool disjoint = d + dstCount * sizeof(D) <= s || s + srcCount * sizeof(S) <= d;
    ASC_CHECK(disjoint || (d == s && sizeof(D) == sizeof(S)), api,
              d == s ? "dst (UB offset %llu) and src (UB offset %llu) coincide but their element widths differ"
                     : "dst (UB offset %llu) and src (UB offset %llu) overlap partially",
              (unsigned long long)UbOffset(d), (unsigned long long)UbOffset(s));
#else
    (void)api; (void)dst; (void)dstCount; (void)src; (void)srcCount;
#endif
}

template <typename T, typename F>
inline void Binary(const char* api, ascend_sim::InstrKind kind, const LocalTensor<T>& dst, const LocalTensor<T>& a,
                   const LocalTensor<T>& b, int32_t count, F f) {
    CheckCount(api, count);
    CheckUb(api, "dst", dst, uint64_t(count));
    CheckUb(api, "src0", a, uint64_t(count));
    CheckUb(api, "src1", b, uint64_t(count));
    CheckOverlap(api, dst, count, a, count);
    CheckOverlap(api, dst, count, b, count);
    const uint64_t bytes = uint64_t(count) * sizeof(T);
    RecordVector(api, bytes, uint64_t(count), ASC_UB(UbRead(a.addr_, bytes), UbRead(b.addr_, bytes), UbWrite(dst.addr_, bytes)), kind);
    T* __restrict d = dst.addr_;
    const T* __restrict x = a.addr_;
    const T* __restrict y = b.addr_;
    OnLanes(ASCENDC_SIM_LOOP {
#pragma GCC unroll 4
        for (int32_t i = 0; i < count; ++i) d[i] = Calc<T>::Out(f(Calc<T>::In(x[i]), Calc<T>::In(y[i])));
    });
}
template <typename T, typename F>
inline void Unary(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& a, int32_t count, F f) {
    CheckCount(api, count);
    CheckUb(api, "dst", dst, uint64_t(count));
    CheckUb(api, "src", a, uint64_t(count));
    CheckOverlap(api, dst, count, a, count);
    const uint64_t bytes = uint64_t(count) * sizeof(T);
    RecordVector(api, bytes, uint64_t(count), ASC_UB(UbRead(a.addr_, bytes), UbWrite(dst.addr_, bytes)));
    T* __restrict d = dst.addr_;
    const T* __restrict x = a.addr_;
    OnLanes(ASCENDC_SIM_LOOP {
#pragma GCC unroll 4
        for (int32_t i = 0; i < count; ++i) d[i] = Calc<T>::Out(f(Calc<T>::In(x[i])));
    });
}

template <typename T> constexpr bool kArithType = OneOf<T, half, float, int16_t, int32_t>;
template <typename T> constexpr bool kFloatType = OneOf<T, half, float>;
}  // namespace detail

// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/ascendcopapi/ (Add/Sub/Mul/Div/Max/Min):
// A2 types half/float/int16_t/int32_t (Div: half/float). Max/Min return src1 when src0 is NaN.
#define ASCENDC_BINARY_OP(Name, Check, Kind, expr)                                                            \
    template <typename T>                                                                                     \
    inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,       \
                     const int32_t& count) {                                                                  \
        static_assert(Check, #Name ": data type not supported on A2");                                        \
        using C = typename detail::Calc<T>::type;                                                             \
        detail::Binary(#Name, ascend_sim::InstrKind::Kind, dst, src0, src1, count, [](C a, C b) { return expr; }); \
    }
ASCENDC_BINARY_OP(Add, detail::kArithType<T>, VectorBinary, C(a + b))
ASCENDC_BINARY_OP(Sub, detail::kArithType<T>, VectorBinary, C(a - b))
ASCENDC_BINARY_OP(Mul, detail::kArithType<T>, VectorBinary, C(a * b))
ASCENDC_BINARY_OP(Div, detail::kFloatType<T>, VectorHeavy, C(a / b))
ASCENDC_BINARY_OP(Max, detail::kArithType<T>, VectorBinary, a > b ? a : b)
ASCENDC_BINARY_OP(Min, detail::kArithType<T>, VectorBinary, a < b ? a : b)
// And/Or: A2 types int16_t/uint16_t (reinterpret wider integers as 16-bit lanes).
ASCENDC_BINARY_OP(And, (detail::OneOf<T, int16_t, uint16_t>), VectorBinary, C(a & b))
ASCENDC_BINARY_OP(Or, (detail::OneOf<T, int16_t, uint16_t>), VectorBinary, C(a | b))
#undef ASCENDC_BINARY_OP

// ---- level-0 (repeat) forms ----------------------------------------------------------------
// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/ascendcopapi/atlasascendc_api_07_0040.html
// (Mul, "tensor high-dimension" form, continuous mask) and the general parameters page: repeatTime
// repeats (uint8_t: 0..255), each over the first `mask` elements of 8 blocks of 32 bytes (mask in
// [1, 256 / sizeof(T)]); an operand's block b of repeat r at (r * repStride + b * blkStride) * 32
// bytes (BinaryRepeatParams). A repeat costs a whole repeat whatever its mask. Each operand's
// blocks stay inside its tensor; dst coincides with a source (same address and strides: in place)
// or stays clear of its span. Add's page gives the same form and parameters:
// https://hiascend.com/document/detail/zh/canncommercial/700/operatordev/Ascendcopdevg/atlasascendc_api_07_0061.html
// Modelled: Mul and Add (the kernels use no other op in this form).
namespace detail {
// Bytes from an operand's start to the end of its furthest element in a level-0 instruction: the
// last repeat's last block (with block stride 0 every block is the first: its elements up to mask).
template <typename T>
inline uint64_t RepeatSpanBytes(uint32_t repeats, uint64_t mask, uint32_t blkStride, uint32_t repStride) {
    if (repeats == 0 || mask == 0) return 0;
    constexpr uint64_t perBlock = 32 / sizeof(T);
    const uint64_t repeatBytes = blkStride == 0 ? (mask < perBlock ? mask : perBlock) * sizeof(T)
                                                : (mask - 1) / perBlock * blkStride * 32 + ((mask - 1) % perBlock + 1) * sizeof(T);
    return uint64_t(repeats - 1) * repStride * 32 + repeatBytes;
}
// Modelled conservatively: dst stays clear of a source's span, or is that source in place (same
// address and strides, blocks of its own: block stride at least 1, and each repeat clear of the
// next, so that no repeat reads what another wrote).
template <typename T>
inline void CheckRepeatOverlap(const char* api, const LocalTensor<T>& dst, uint64_t dstBytes, uint32_t dstBlk, uint32_t dstRep,
                               const LocalTensor<T>& src, uint64_t srcBytes, uint32_t srcBlk, uint32_t srcRep, uint32_t repeats,
                               uint64_t mask) {
#if ASCENDC_SIM_CHECKED
    const uint8_t* d = reinterpret_cast<const uint8_t*>(dst.addr_);
    const uint8_t* s = reinterpret_cast<const uint8_t*>(src.addr_);
    const bool disjoint = d + dstBytes <= s || s + srcBytes <= d;
    const bool inPlace = d == s && dstBlk == srcBlk && dstRep == srcRep && dstBlk >= 1 &&
                         (repeats <= 1 || uint64_t(dstRep) * 32 >= RepeatSpanBytes<T>(1, mask, dstBlk, dstRep));
    ASC_CHECK(disjoint || inPlace, api,
              "dst (UB offset %llu, %llu bytes) overlaps a source (UB offset %llu, %llu bytes) other than in place (same "
              "address and strides, block stride >= 1, repeats apart)",
              (unsigned long long)UbOffset(d), (unsigned long long)dstBytes, (unsigned long long)UbOffset(s),
              (unsigned long long)srcBytes);
#else
    (void)api; (void)dst; (void)dstBytes; (void)dstBlk; (void)dstRep; (void)src; (void)srcBytes; (void)srcBlk; (void)srcRep;
    (void)repeats; (void)mask;
#endif
}
}  // namespace detail
namespace detail {
// One level-0 binary instruction: f(a, b) per element, computed in Calc<T> and rounded once.
template <typename T, typename F>
inline void BinaryRepeat(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                         uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& p, F f) {
    using C = typename Calc<T>::type;
    constexpr uint64_t perRepeat = 256 / sizeof(T), perBlock = 32 / sizeof(T);
    ASC_CHECK(mask >= 1 && mask <= perRepeat, api, "mask %llu is outside [1, %llu] (continuous mode, %zu-byte elements)",
              (unsigned long long)mask, (unsigned long long)perRepeat, sizeof(T));
    const uint64_t dBytes = RepeatSpanBytes<T>(repeatTime, mask, p.dstBlkStride, p.dstRepStride);
    const uint64_t aBytes = RepeatSpanBytes<T>(repeatTime, mask, p.src0BlkStride, p.src0RepStride);
    const uint64_t bBytes = RepeatSpanBytes<T>(repeatTime, mask, p.src1BlkStride, p.src1RepStride);
    CheckUbBytes(api, "dst", dst, dBytes);
    CheckUbBytes(api, "src0", src0, aBytes);
    CheckUbBytes(api, "src1", src1, bBytes);
    CheckRepeatOverlap(api, dst, dBytes, p.dstBlkStride, p.dstRepStride, src0, aBytes, p.src0BlkStride, p.src0RepStride,
                       repeatTime, mask);
    CheckRepeatOverlap(api, dst, dBytes, p.dstBlkStride, p.dstRepStride, src1, bBytes, p.src1BlkStride, p.src1RepStride,
                       repeatTime, mask);
    // the race detector takes each operand's span
    RecordVector(api, uint64_t(repeatTime) * 256, uint64_t(repeatTime) * mask,
                 ASC_UB(UbRead(src0.addr_, aBytes), UbRead(src1.addr_, bBytes), UbWrite(dst.addr_, dBytes)),
                 ascend_sim::InstrKind::VectorBinary);
    if (mask < 1 || mask > perRepeat) return;
    // block by block: a block's elements are adjacent in every operand (a whole block's loop has a
    // constant count, which the compiler turns into vector operations); a repeat reads its operands
    // before it writes: where dst overlaps a source's span, the repeat's results are staged
    const uint8_t* d0 = reinterpret_cast<const uint8_t*>(dst.addr_);
    const uint8_t* a0 = reinterpret_cast<const uint8_t*>(src0.addr_);
    const uint8_t* b0 = reinterpret_cast<const uint8_t*>(src1.addr_);
    const bool staged = !(d0 + dBytes <= a0 || a0 + aBytes <= d0) || !(d0 + dBytes <= b0 || b0 + bBytes <= d0);
    const uint64_t whole = mask / perBlock, part = mask % perBlock, blocks = whole + (part != 0 ? 1 : 0);
    T* d = dst.addr_;
    const T* x = src0.addr_;
    const T* y = src1.addr_;
    const uint32_t repeats = repeatTime;
    const uint64_t dBlk = p.dstBlkStride * perBlock, dRep = p.dstRepStride * perBlock;
    const uint64_t xBlk = p.src0BlkStride * perBlock, xRep = p.src0RepStride * perBlock;
    const uint64_t yBlk = p.src1BlkStride * perBlock, yRep = p.src1RepStride * perBlock;
    OnLanes(ASCENDC_SIM_LOOP {
        T results[perRepeat];
        for (uint32_t r = 0; r < repeats; ++r) {
            for (uint64_t b = 0; b < blocks; ++b) {
                const uint64_t n = b < whole ? perBlock : part;
                const T* a = x + r * xRep + b * xBlk;
                const T* c = y + r * yRep + b * yBlk;
                T* out = staged ? results + b * perBlock : d + r * dRep + b * dBlk;
                if (n == perBlock) {
                    T block[perBlock];
                    for (uint64_t e = 0; e < perBlock; ++e) block[e] = Calc<T>::Out(C(f(Calc<T>::In(a[e]), Calc<T>::In(c[e]))));
                    std::memcpy(out, block, sizeof(block));
                } else {
                    for (uint64_t e = 0; e < n; ++e) out[e] = Calc<T>::Out(C(f(Calc<T>::In(a[e]), Calc<T>::In(c[e]))));
                }
            }
            if (staged)
                for (uint64_t b = 0; b < blocks; ++b)
                    std::memcpy(d + r * dRep + b * dBlk, results + b * perBlock, (b < whole ? perBlock : part) * sizeof(T));
        }
    });
}
}  // namespace detail
template <typename T, bool isSetMask = true>
inline void Mul(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask,
                const uint8_t repeatTime, const BinaryRepeatParams& p) {
    static_assert(detail::kArithType<T>, "Mul: data type not supported on A2");
    using C = typename detail::Calc<T>::type;
    detail::BinaryRepeat("Mul", dst, src0, src1, mask, repeatTime, p, [](C a, C b) { return C(a * b); });
}
template <typename T, bool isSetMask = true>
inline void Add(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint64_t mask,
                const uint8_t repeatTime, const BinaryRepeatParams& p) {
    static_assert(detail::kArithType<T>, "Add: data type not supported on A2");
    using C = typename detail::Calc<T>::type;
    detail::BinaryRepeat("Add", dst, src0, src1, mask, repeatTime, p, [](C a, C b) { return C(a + b); });
}

// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/ascendcopapi/atlasascendc_api_07_0089.html
// (Brcb): per repeat (repeatTime 0..255), 8 elements of src0 (which holds at least 8 * repeatTime),
// each broadcast into a 32-byte block of dst (BrcbRepeatParams: blocks dstBlkStride apart, 0
// counting as 1, repeats dstRepStride apart); A2 types int16_t/uint16_t/int32_t/uint32_t/half/
// bfloat16_t/float; dst and src0 32-byte aligned and not the same memory (modelled: disjoint).
template <typename T>
inline void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t repeatTime, const BrcbRepeatParams& p) {
    static_assert(detail::OneOf<T, int16_t, uint16_t, int32_t, uint32_t, half, bfloat16_t, float>,
                  "Brcb: data type not supported on A2");
    const char* api = "Brcb";
    constexpr uint64_t perBlock = 32 / sizeof(T);
    const uint64_t blk = p.dstBlkStride == 0 ? 1 : p.dstBlkStride;
    const uint64_t dBytes = repeatTime == 0 ? 0 : ((uint64_t(repeatTime) - 1) * p.dstRepStride + 7 * blk) * 32 + 32;
    const uint64_t sBytes = uint64_t(repeatTime) * 8 * sizeof(T);
    detail::CheckUbBytes(api, "dst", dst, dBytes);
    detail::CheckUb(api, "src0", src0, uint64_t(repeatTime) * 8);
#if ASCENDC_SIM_CHECKED
    const uint8_t* d = reinterpret_cast<const uint8_t*>(dst.addr_);
    const uint8_t* s = reinterpret_cast<const uint8_t*>(src0.addr_);
    ASC_CHECK(d + dBytes <= s || s + sBytes <= d, api, "dst (UB offset %llu, %llu bytes) overlaps src0 (UB offset %llu, %llu bytes)",
              (unsigned long long)detail::UbOffset(d), (unsigned long long)dBytes, (unsigned long long)detail::UbOffset(s),
              (unsigned long long)sBytes);
#endif
    detail::RecordVector(api, uint64_t(repeatTime) * 256, uint64_t(repeatTime) * 8,
                         ASC_UB(detail::UbRead(src0.addr_, sBytes), detail::UbWrite(dst.addr_, dBytes)));
    (void)sBytes;
    for (uint32_t r = 0; r < repeatTime; ++r)
        for (uint32_t b = 0; b < 8; ++b) {
            T* block = dst.addr_ + (r * p.dstRepStride + b * blk) * perBlock;
            for (uint64_t e = 0; e < perBlock; ++e) block[e] = src0.addr_[r * 8 + b];
        }
}

// https://www.hiascend.com/llms-content/document/detail/canncommercial/canncommercial_900_API_ascendcopapi_atlasascendc_api_07_0048_html.md
// MulAddDst: dst = src0 * src1 + dst, element-wise; A2 types half/float (dst and sources of one
// type here). Modelled as a rounded multiply then a rounded add: the page does not say that the
// hardware fuses them.
template <typename T>
inline void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                      const int32_t& count) {
    static_assert(detail::kFloatType<T>, "MulAddDst: data type not supported on A2");
    using C = typename detail::Calc<T>::type;
    const char* api = "MulAddDst";
    detail::CheckCount(api, count);
    detail::CheckUb(api, "dst", dst, uint64_t(count));
    detail::CheckUb(api, "src0", src0, uint64_t(count));
    detail::CheckUb(api, "src1", src1, uint64_t(count));
    detail::CheckOverlap(api, dst, count, src0, count);
    detail::CheckOverlap(api, dst, count, src1, count);
    const uint64_t bytes = uint64_t(count) * sizeof(T);
    detail::RecordVector(api, bytes, uint64_t(count),
                         ASC_UB(ascend_sim::UbRead(src0.addr_, bytes), ascend_sim::UbRead(src1.addr_, bytes), ascend_sim::UbRead(dst.addr_, bytes),
                                ascend_sim::UbWrite(dst.addr_, bytes)),
                         ascend_sim::InstrKind::VectorBinary);
    T* __restrict d = dst.addr_;
    const T* __restrict x = src0.addr_;
    const T* __restrict y = src1.addr_;
    detail::OnLanes(ASCENDC_SIM_LOOP {
#pragma GCC unroll 4
        for (int32_t i = 0; i < count; ++i) {
            const C product = C(detail::Calc<T>::In(x[i]) * detail::Calc<T>::In(y[i]));
            d[i] = detail::Calc<T>::Out(C(product + detail::Calc<T>::In(d[i])));
        }
    });
}

// Tensor-scalar forms: dst = op(src, scalar).
// https://www.hiascend.com/doc_center/source/zh/CANNCommunityEdition/80RC3alpha003/apiref/opdevgapi/atlasascendc_api_07_0057.html
// (Adds; Muls, Maxs, Mins alike): `template <typename T> Adds(const LocalTensor<T>&, const
// LocalTensor<T>&, const T& scalarValue, const int32_t& calCount)`, or U with
// enable_if<IsSameType<PrimT<T>, U>>: T is deduced from the tensors and the scalar alike, so a
// scalar of another type (an int literal for a float tensor, a double) does not compile.
namespace detail {
template <typename T, typename U>
constexpr bool kScalarMatches = std::is_same<T, U>::value;
template <typename U> struct IsLocalTensor : std::false_type {};
template <typename U> struct IsLocalTensor<LocalTensor<U>> : std::true_type {};
}  // namespace detail
#define ASCENDC_SCALAR_OP(Name, expr)                                                                          \
    template <typename T, typename U>                                                                         \
    inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& scalar,                   \
                     const int32_t& count) {                                                                  \
        static_assert(detail::kScalarMatches<T, U>, #Name ": the scalar's type must be the tensor's element type"); \
        static_assert(detail::kArithType<T>, #Name ": data type not supported on A2");                      \
        using C = typename detail::Calc<T>::type;                                                             \
        const C s = detail::Calc<T>::In(scalar);                                                              \
        detail::Unary(#Name, dst, src, count, [s](C a) { return expr; });                                    \
    }
ASCENDC_SCALAR_OP(Adds, C(a + s))
ASCENDC_SCALAR_OP(Muls, C(a * s))
ASCENDC_SCALAR_OP(Maxs, a > s ? a : s)
ASCENDC_SCALAR_OP(Mins, a < s ? a : s)
#undef ASCENDC_SCALAR_OP

template <typename T>
inline void Abs(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {
    static_assert(detail::kFloatType<T>, "Abs: data type not supported on A2");
    using C = typename detail::Calc<T>::type;
    detail::Unary("Abs", dst, src, count, [](C a) { return std::fabs(a); });
}

// Duplicate(const LocalTensor<T>&, const T& scalarValue, const int32_t& calCount): the scalar's
// type is the tensor's element type (as for Adds above).
template <typename T, typename U>
inline void Duplicate(const LocalTensor<T>& dst, const U& scalar, const int32_t& count) {
    static_assert(detail::kScalarMatches<T, U>, "Duplicate: the scalar's type must be the tensor's element type");
    static_assert(detail::OneOf<T, half, bfloat16_t, float, int16_t, uint16_t, int32_t, uint32_t>,
                  "Duplicate: data type not supported on A2");
    detail::CheckCount("Duplicate", count);
    detail::CheckUb("Duplicate", "dst", dst, uint64_t(count));
    detail::RecordVector("Duplicate", uint64_t(count) * sizeof(T), uint64_t(count), ASC_UB(detail::UbWrite(dst.addr_, uint64_t(count) * sizeof(T))));
    T* __restrict d = dst.addr_;
    const T v = scalar;
    detail::OnLanes(ASCENDC_SIM_LOOP {
        for (int32_t i = 0; i < count; ++i) d[i] = v;
    });
}

// ---- Cast -------------------------------------------------------------------------------
// https://www.hiascend.com/document/detail/zh/canncommercial/latest/API/ascendcopapi/atlasascendc_api_07_0073.html
// (Cast, A2 conversion table). The modelled A2 table, one row per (src, dst) pair, is kCastTable:
//   float -> float: RINT, FLOOR, CEIL, ROUND, TRUNC (round to an integral float; no CAST_NONE)
//   float -> half: NONE(=RINT), RINT, FLOOR, CEIL, ROUND, TRUNC, ODD
//   float -> bfloat16_t: RINT, FLOOR, CEIL, ROUND, TRUNC (no CAST_NONE, no ODD)
//   float -> int32_t, half -> int32_t: RINT, FLOOR, CEIL, ROUND, TRUNC
//   half -> float, bfloat16_t -> float: NONE (exact); int32_t -> float: NONE (= RINT)
// A pair not in the table (half <-> bfloat16_t among them) does not compile; a mode not in its
// row is a checked-build diagnostic (the mode is a run-time argument).
// Overflow saturates ("溢出默认按照饱和处理"): finite floats beyond the 16-bit range give its
// largest finite value, out-of-range integers give INT32_MIN/INT32_MAX, NaN -> 0 for int32.
namespace detail {
enum class CastType : uint8_t { Float, Half, Bf16, Int32, Other };
template <typename T>
constexpr CastType CastTypeOf() {
    if constexpr (std::is_same<T, float>::value) return CastType::Float;
    else if constexpr (std::is_same<T, half>::value) return CastType::Half;
    else if constexpr (std::is_same<T, bfloat16_t>::value) return CastType::Bf16;
    else if constexpr (std::is_same<T, int32_t>::value) return CastType::Int32;
    else return CastType::Other;
}
constexpr uint8_t ModeBit(RoundMode m) { return uint8_t(1u << static_cast<unsigned>(m)); }
constexpr uint8_t kNone = ModeBit(RoundMode::CAST_NONE);
constexpr uint8_t kRounding = ModeBit(RoundMode::CAST_RINT) | ModeBit(RoundMode::CAST_FLOOR) |
                              ModeBit(RoundMode::CAST_CEIL) | ModeBit(RoundMode::CAST_ROUND) |
                              ModeBit(RoundMode::CAST_TRUNC);
struct CastRule { CastType src, dst; uint8_t modes; };
constexpr CastRule kCastTable[] = {
    {CastType::Float, CastType::Float, kRounding},
    {CastType::Float, CastType::Half, uint8_t(kNone | kRounding | ModeBit(RoundMode::CAST_ODD))},
    {CastType::Float, CastType::Bf16, kRounding},
    {CastType::Float, CastType::Int32, kRounding},
    {CastType::Half, CastType::Int32, kRounding},
    {CastType::Half, CastType::Float, kNone},
    {CastType::Bf16, CastType::Float, kNone},
    {CastType::Int32, CastType::Float, kNone},
};
// The modes of the (S -> D) row; 0 when the pair is not in the table.
template <typename D, typename S>
constexpr uint8_t CastModes() {
    for (const CastRule& r : kCastTable)
        if (r.src == CastTypeOf<S>() && r.dst == CastTypeOf<D>() && r.src != CastType::Other) return r.modes;
    return 0;
}
template <typename D, typename S>
inline bool CastModeAllowed(RoundMode m) {
    return static_cast<unsigned>(m) < 8 && (CastModes<D, S>() & ModeBit(m)) != 0;
}
inline const char* RoundModeName(RoundMode m) {
    static const char* const names[] = {"CAST_NONE", "CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
    return static_cast<unsigned>(m) < 7 ? names[static_cast<unsigned>(m)] : "?";
}

// Round to an integral float; ROUND = half away from zero. Written without libm calls so the
// loops vectorize: below 2^23 the value is truncated through int32 and adjusted; larger values,
// Inf and NaN are already integral. copysign keeps the sign of zero results (floor(-0.0) = -0.0,
// ceil(-0.5) = -0.0).
template <RoundMode M>
inline float RoundToIntegral(float x) {
    if constexpr (M == RoundMode::CAST_NONE) {
        return x;
    } else {
        constexpr float kTwo23 = 8388608.0f;
        const bool integral = !(std::fabs(x) < kTwo23);
        const float s = ascend_sim::BitsFloat(ascend_sim::SelectBits(integral, 0u, ascend_sim::FloatBits(x)));
        const float t = float(int32_t(s));
        float r;
        if constexpr (M == RoundMode::CAST_FLOOR) r = t - float(t > s);
        else if constexpr (M == RoundMode::CAST_CEIL) r = t + float(t < s);
        else if constexpr (M == RoundMode::CAST_TRUNC) r = t;
        else if constexpr (M == RoundMode::CAST_ROUND) r = t + float(s - t >= 0.5f) - float(s - t <= -0.5f);
        else r = (std::fabs(s) + kTwo23) - kTwo23;   // RINT: the FPU rounds to nearest even
        return ascend_sim::BitsFloat(ascend_sim::SelectBits(integral, ascend_sim::FloatBits(x),
                                                            ascend_sim::FloatBits(std::copysign(r, x))));
    }
}
inline int32_t SaturateToInt32(float r) {
    const bool inRange = std::fabs(r) < 2147483648.0f;   // false for NaN, which gives 0
    const int32_t v = static_cast<int32_t>(ascend_sim::BitsFloat(ascend_sim::SelectBits(inRange, ascend_sim::FloatBits(r), 0u)));
    const bool high = r >= 2147483648.0f, low = r <= -2147483648.0f;
    return int32_t(ascend_sim::SelectBits(high, 0x7FFFFFFFu, ascend_sim::SelectBits(low, 0x80000000u, uint32_t(v))));
}

// 16-bit float formats share the sign-magnitude stepping used by the directed rounding modes.
template <typename H> struct Float16Format;
template <> struct Float16Format<half> {
    static constexpr float kMax = 65504.0f;
    __attribute__((always_inline)) static uint16_t FromFloat(float f) { return ascend_sim::FloatToHalfBits(f); }
    __attribute__((always_inline)) static float ToFloat(uint16_t b) { return ascend_sim::HalfBitsToFloat(b); }
};
template <> struct Float16Format<bfloat16_t> {
    static constexpr float kMax = 3.38953139e38f;
    __attribute__((always_inline)) static uint16_t FromFloat(float f) { return ascend_sim::FloatToBf16Bits(f); }
    __attribute__((always_inline)) static float ToFloat(uint16_t b) { return ascend_sim::Bf16BitsToFloat(b); }
};
inline uint16_t StepUp16(uint16_t b) { return (b & 0x8000u) ? (b == 0x8000u ? uint16_t(1) : uint16_t(b - 1)) : uint16_t(b + 1); }
inline uint16_t StepDown16(uint16_t b) { return (b & 0x8000u) ? uint16_t(b + 1) : (b == 0 ? uint16_t(0x8001u) : uint16_t(b - 1)); }
template <typename H>
__attribute__((always_inline)) inline float Saturate16(float x) {
    return std::fabs(x) > Float16Format<H>::kMax && std::fabs(x) != std::numeric_limits<float>::infinity()
               ? std::copysign(Float16Format<H>::kMax, x) : x;
}
// Inlined into the cast loops so that they vectorize (the conversions are branch-free).
template <typename H, RoundMode M>
__attribute__((always_inline)) inline H To16(float x) {
    using F = Float16Format<H>;
    const float c = Saturate16<H>(x);
    const uint16_t nearest = F::FromFloat(c);
    if constexpr (M == RoundMode::CAST_NONE || M == RoundMode::CAST_RINT) {
        return H::FromBits(nearest);
    } else {
        const float nf = F::ToFloat(nearest);
        if (c != c || nf == c) return H::FromBits(nearest);   // NaN or exact
        const uint16_t lo = nf < c ? nearest : StepDown16(nearest);
        const uint16_t hi = nf < c ? StepUp16(nearest) : nearest;
        uint16_t r = nearest;
        if constexpr (M == RoundMode::CAST_FLOOR) r = lo;
        else if constexpr (M == RoundMode::CAST_CEIL) r = hi;
        else if constexpr (M == RoundMode::CAST_TRUNC) r = c > 0 ? lo : hi;
        else if constexpr (M == RoundMode::CAST_ODD) r = (lo & 1u) ? lo : hi;
        else if constexpr (M == RoundMode::CAST_ROUND) {
            const double mid = (double(F::ToFloat(lo)) + double(F::ToFloat(hi))) / 2;
            if (double(c) == mid) r = c > 0 ? hi : lo;
        }
        return H::FromBits(r);
    }
}

template <typename D, typename S, RoundMode M>
inline D ConvertOne(S v) {
    if constexpr (std::is_same<D, int32_t>::value) return SaturateToInt32(RoundToIntegral<M>(static_cast<float>(v)));
    else if constexpr (std::is_same<D, float>::value && std::is_same<S, float>::value) return RoundToIntegral<M>(v);
    else if constexpr (std::is_same<D, float>::value) return static_cast<float>(v);
    else return To16<D, M>(v);
}
#if ASCENDC_SIM_WIDE_LANES
#pragma GCC push_options
#pragma GCC target("avx2,f16c")
namespace wide {
// float -> int32 / integral float, 8 lanes: vroundps rounds as RoundToIntegral does (RINT in the
// FPU's nearest-even mode, as the scalar form relies on too; floor/ceil/trunc keep the sign of zero
// results) and the lane fix-ups give SaturateToInt32's results (NaN -> 0, >= 2^31 -> INT32_MAX;
// cvttps already gives INT32_MIN below -2^31). Integral floats, Inf and NaN pass through unchanged,
// as in the scalar form (vroundps would quiet a signalling NaN).
template <RoundMode M>
constexpr int kRoundImm = M == RoundMode::CAST_FLOOR ? (_MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
                        : M == RoundMode::CAST_CEIL  ? (_MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
                        : M == RoundMode::CAST_TRUNC ? (_MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
                                                     : (_MM_FROUND_CUR_DIRECTION | _MM_FROUND_NO_EXC);
template <RoundMode M>
constexpr bool kVectorRound = M == RoundMode::CAST_RINT || M == RoundMode::CAST_FLOOR || M == RoundMode::CAST_CEIL ||
                              M == RoundMode::CAST_TRUNC;
template <RoundMode M>
__attribute__((always_inline)) inline __m256 RoundIntegral8(__m256 x) {
    const __m256 magnitude = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x);
    const __m256 small = _mm256_cmp_ps(magnitude, _mm256_set1_ps(8388608.0f), _CMP_LT_OQ);   // false for NaN
    return _mm256_blendv_ps(x, _mm256_round_ps(x, kRoundImm<M>), small);
}
// The hand-written 8-lane casts; returns how many leading elements it converted (a multiple of 8,
// 0 for the pairs it has no form for), the caller converts the rest.
template <typename D, typename S, RoundMode M>
__attribute__((noinline)) uint32_t Cast8(D* __restrict d, const S* __restrict s, uint32_t count) {
    uint32_t i = 0;
    if constexpr (std::is_same<S, float>::value && kVectorRound<M> &&
                  (std::is_same<D, int32_t>::value || std::is_same<D, float>::value)) {
        for (; i + 8 <= count; i += 8) {
            const __m256 x = _mm256_loadu_ps(s + i);
            const __m256 r = RoundIntegral8<M>(x);
            if constexpr (std::is_same<D, float>::value) {
                _mm256_storeu_ps(d + i, r);
            } else {
                __m256i v = _mm256_cvttps_epi32(r);
                const __m256 high = _mm256_cmp_ps(r, _mm256_set1_ps(2147483648.0f), _CMP_GE_OQ);
                const __m256 nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
                v = _mm256_blendv_epi8(v, _mm256_set1_epi32(0x7FFFFFFF), _mm256_castps_si256(high));
                v = _mm256_andnot_si256(_mm256_castps_si256(nan), v);
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + i), v);
            }
        }
    }
    // half <-> float with F16C. A group holding a NaN takes the scalar form (which keeps a
    // signalling NaN's bits); float -> half saturates finite overflow first, as To16 does.
    if constexpr (std::is_same<D, float>::value && std::is_same<S, half>::value) {
        for (; i + 8 <= count; i += 8) {
            const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
            const __m128i magnitude = _mm_and_si128(h, _mm_set1_epi16(0x7FFF));
            if (_mm_movemask_epi8(_mm_cmpgt_epi16(magnitude, _mm_set1_epi16(0x7C00))) != 0) {
                for (uint32_t k = i; k < i + 8; ++k) d[k] = ConvertOne<D, S, M>(s[k]);
                continue;
            }
            _mm256_storeu_ps(d + i, _mm256_cvtph_ps(h));
        }
    }
    if constexpr (std::is_same<D, half>::value && std::is_same<S, float>::value &&
                  (M == RoundMode::CAST_NONE || M == RoundMode::CAST_RINT)) {
        const __m256 signBit = _mm256_set1_ps(-0.0f), maxHalf = _mm256_set1_ps(65504.0f);
        const __m256 inf = _mm256_set1_ps(std::numeric_limits<float>::infinity());
        for (; i + 8 <= count; i += 8) {
            const __m256 x = _mm256_loadu_ps(s + i);
            if (_mm256_movemask_ps(_mm256_cmp_ps(x, x, _CMP_UNORD_Q)) != 0) {
                for (uint32_t k = i; k < i + 8; ++k) d[k] = ConvertOne<D, S, M>(s[k]);
                continue;
            }
            const __m256 magnitude = _mm256_andnot_ps(signBit, x);
            const __m256 over = _mm256_and_ps(_mm256_cmp_ps(magnitude, maxHalf, _CMP_GT_OQ),
                                              _mm256_cmp_ps(magnitude, inf, _CMP_NEQ_OQ));
            const __m256 c = _mm256_blendv_ps(x, _mm256_or_ps(maxHalf, _mm256_and_ps(signBit, x)), over);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(d + i), _mm256_cvtps_ph(c, _MM_FROUND_TO_NEAREST_INT));
        }
    }
    return i;
}
}  // namespace wide
#pragma GCC pop_options
#endif
template <typename D, typename S, RoundMode M>
inline void CastLoop(D* __restrict d, const S* __restrict s, uint32_t count) {
    uint32_t done = 0;
#if ASCENDC_SIM_WIDE_LANES
    if (WideLanes()) done = wide::Cast8<D, S, M>(d, s, count);
#endif
    OnLanes(ASCENDC_SIM_LOOP {
        for (uint32_t i = done; i < count; ++i) d[i] = ConvertOne<D, S, M>(s[i]);
    });
}
}  // namespace detail

template <typename D, typename S>
inline void Cast(const LocalTensor<D>& dst, const LocalTensor<S>& src, const RoundMode& roundMode, const uint32_t count) {
    static_assert(!(std::is_same<D, half>::value && std::is_same<S, bfloat16_t>::value) &&
                      !(std::is_same<D, bfloat16_t>::value && std::is_same<S, half>::value),
                  "Cast: no conversion between half and bfloat16_t on A2 (go through float)");
    static_assert(detail::CastModes<D, S>() != 0, "Cast: this (src, dst) pair is not in the A2 conversion table");
    ASC_CHECK((detail::CastModeAllowed<D, S>(roundMode)), "Cast", "RoundMode::%s is not supported for %s -> %s on A2",
              detail::RoundModeName(roundMode), detail::TypeName<S>(), detail::TypeName<D>());
    detail::CheckUb("Cast", "dst", dst, count);
    detail::CheckUb("Cast", "src", src, count);
    detail::CheckOverlap("Cast", dst, count, src, count);
    detail::RecordVector("Cast", uint64_t(count) * (sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S)), count,
                         ASC_UB(detail::UbRead(src.addr_, uint64_t(count) * sizeof(S)), detail::UbWrite(dst.addr_, uint64_t(count) * sizeof(D))));
    D* d = dst.addr_;
    const S* s = src.addr_;
    switch (roundMode) {
        case RoundMode::CAST_RINT: detail::CastLoop<D, S, RoundMode::CAST_RINT>(d, s, count); break;
        case RoundMode::CAST_FLOOR: detail::CastLoop<D, S, RoundMode::CAST_FLOOR>(d, s, count); break;
        case RoundMode::CAST_CEIL: detail::CastLoop<D, S, RoundMode::CAST_CEIL>(d, s, count); break;
        case RoundMode::CAST_ROUND: detail::CastLoop<D, S, RoundMode::CAST_ROUND>(d, s, count); break;
        case RoundMode::CAST_TRUNC: detail::CastLoop<D, S, RoundMode::CAST_TRUNC>(d, s, count); break;
        case RoundMode::CAST_ODD:
            if constexpr (std::is_same<D, half>::value) { detail::CastLoop<D, S, RoundMode::CAST_ODD>(d, s, count); break; }
            [[fallthrough]];
        default: detail::CastLoop<D, S, RoundMode::CAST_NONE>(d, s, count); break;
    }
}

// ---- Compare / Select -------------------------------------------------------------------
// https://www.hiascend.com/doc_center/source/zh/CANNCommunityEdition/910beta2/API/ascendcopapi/atlasascendc_api_07_0066.html
// dst bit i (little-endian within each byte) = src0[i] <op> src1[i]; count*sizeof(T) must be a
// multiple of 256 bytes. Types half/float.
namespace detail {
#if ASCENDC_SIM_WIDE_LANES
#pragma GCC push_options
#pragma GCC target("avx2,f16c")
namespace wide {
// float lanes: one vcmpps + vmovmskps per 8 elements gives the mask byte. The predicates are the
// C++ operators' (ordered, NE unordered), so NaN compares as in the scalar loop. src1 is `y`, or
// `scalar` in every lane when y is null.
template <int P>
__attribute__((always_inline)) inline void CompareBytes8(uint8_t* __restrict d, uint32_t bytes, const float* x,
                                                         const float* y, float scalar) {
    const __m256 s = _mm256_set1_ps(scalar);
    for (uint32_t k = 0; k < bytes; ++k)
        d[k] = uint8_t(_mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(x + 8 * k), y ? _mm256_loadu_ps(y + 8 * k) : s, P)));
}
__attribute__((noinline)) inline void CompareFloat8(uint8_t* __restrict d, uint32_t bytes, CMPMODE mode, const float* x,
                                                    const float* y, float scalar) {
    switch (mode) {
        case CMPMODE::LT: CompareBytes8<_CMP_LT_OQ>(d, bytes, x, y, scalar); break;
        case CMPMODE::GT: CompareBytes8<_CMP_GT_OQ>(d, bytes, x, y, scalar); break;
        case CMPMODE::EQ: CompareBytes8<_CMP_EQ_OQ>(d, bytes, x, y, scalar); break;
        case CMPMODE::LE: CompareBytes8<_CMP_LE_OQ>(d, bytes, x, y, scalar); break;
        case CMPMODE::GE: CompareBytes8<_CMP_GE_OQ>(d, bytes, x, y, scalar); break;
        default: CompareBytes8<_CMP_NEQ_UQ>(d, bytes, x, y, scalar); break;
    }
}
}  // namespace wide
#pragma GCC pop_options
#endif
template <typename C, typename X, typename Y>
inline void CompareBits(uint8_t* __restrict d, uint32_t count, CMPMODE mode, X x, Y y, uint32_t done = 0) {
    auto run = [&](auto pred) {
        uint32_t bytes = count / 8;
        for (uint32_t k = done / 8; k < bytes; ++k) {
            uint8_t m = 0;
            for (uint32_t j = 0; j < 8; ++j) m |= uint8_t(pred(x(8 * k + j), y(8 * k + j)) ? 1u : 0u) << j;
            d[k] = m;
        }
        if (count % 8) {
            uint8_t m = 0;
            for (uint32_t j = 0; j < count % 8; ++j) m |= uint8_t(pred(x(8 * bytes + j), y(8 * bytes + j)) ? 1u : 0u) << j;
            d[bytes] = m;
        }
    };
    switch (mode) {
        case CMPMODE::LT: run([](C a, C b) { return a < b; }); break;
        case CMPMODE::GT: run([](C a, C b) { return a > b; }); break;
        case CMPMODE::EQ: run([](C a, C b) { return a == b; }); break;
        case CMPMODE::LE: run([](C a, C b) { return a <= b; }); break;
        case CMPMODE::GE: run([](C a, C b) { return a >= b; }); break;
        default: run([](C a, C b) { return a != b; }); break;
    }
}
// The result tensor holds bits: U is uint8_t (CompareScalar page atlasascendc_api_07_0078,
// "U: 目的操作数数据类型, 支持 uint8_t"; Compare alike).
template <typename T, typename U>
inline void CheckCompare(const char* api, const LocalTensor<U>& dst, uint32_t count) {
    static_assert(std::is_same<U, uint8_t>::value, "Compare / CompareScalar: dst (the result bits) must be a uint8_t tensor");
    ASC_CHECK(uint64_t(count) * sizeof(T) % 256 == 0, api,
              "count*sizeof(T) = %llu bytes is not a multiple of 256", (unsigned long long)(uint64_t(count) * sizeof(T)));
    CheckUbBytes(api, "dst", dst, (uint64_t(count) + 7) / 8);
}
}  // namespace detail

template <typename T, typename U>
inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                    uint32_t count) {
    static_assert(detail::kFloatType<T>, "Compare: data type not supported on A2");
    detail::CheckCompare<T>("Compare", dst, count);
    detail::CheckUb("Compare", "src0", src0, count);
    detail::CheckUb("Compare", "src1", src1, count);
    detail::RecordVector("Compare", uint64_t(count) * sizeof(T), count,
                         ASC_UB(detail::UbRead(src0.addr_, uint64_t(count) * sizeof(T)), detail::UbRead(src1.addr_, uint64_t(count) * sizeof(T)),
                          detail::UbWrite(dst.addr_, (uint64_t(count) + 7) / 8)));
    using C = typename detail::Calc<T>::type;
    const T* x = src0.addr_;
    const T* y = src1.addr_;
    uint32_t done = 0;
#if ASCENDC_SIM_WIDE_LANES
    if constexpr (std::is_same<T, float>::value) {
        if (detail::WideLanes()) {
            done = count / 8 * 8;
            detail::wide::CompareFloat8(reinterpret_cast<uint8_t*>(dst.addr_), count / 8, cmpMode, x, y, 0.0f);
        }
    }
#endif
    detail::CompareBits<C>(reinterpret_cast<uint8_t*>(dst.addr_), count, cmpMode,
                           [x](uint32_t i) { return detail::Calc<T>::In(x[i]); },
                           [y](uint32_t i) { return detail::Calc<T>::In(y[i]); }, done);
}
// Tensor-scalar form (named CompareScalar in older docs, Compares in newer ones).
// The scalar is `const T src1Scalar`, T deduced from src0 and the scalar alike.
template <typename T, typename U, typename S>
inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const S src1Scalar,
                          CMPMODE cmpMode, uint32_t count) {
    static_assert(detail::kScalarMatches<T, S>, "CompareScalar: the scalar's type must be the tensor's element type");
    static_assert(detail::kFloatType<T>, "CompareScalar: data type not supported on A2");
    detail::CheckCompare<T>("CompareScalar", dst, count);
    detail::CheckUb("CompareScalar", "src0", src0, count);
    detail::RecordVector("CompareScalar", uint64_t(count) * sizeof(T), count,
                         ASC_UB(detail::UbRead(src0.addr_, uint64_t(count) * sizeof(T)), detail::UbWrite(dst.addr_, (uint64_t(count) + 7) / 8)));
    using C = typename detail::Calc<T>::type;
    const T* x = src0.addr_;
    const C s = detail::Calc<T>::In(src1Scalar);
    uint32_t done = 0;
#if ASCENDC_SIM_WIDE_LANES
    if constexpr (std::is_same<T, float>::value) {
        if (detail::WideLanes()) {
            done = count / 8 * 8;
            detail::wide::CompareFloat8(reinterpret_cast<uint8_t*>(dst.addr_), count / 8, cmpMode, x, nullptr, s);
        }
    }
#endif
    detail::CompareBits<C>(reinterpret_cast<uint8_t*>(dst.addr_), count, cmpMode,
                           [x](uint32_t i) { return detail::Calc<T>::In(x[i]); }, [s](uint32_t) { return s; }, done);
}
template <typename T, typename U, typename S>
inline void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const S src1Scalar,
                     CMPMODE cmpMode, uint32_t count) {
    static_assert(detail::kScalarMatches<T, S>, "Compares: the scalar's type must be the tensor's element type");
    CompareScalar(dst, src0, src1Scalar, cmpMode, count);
}

// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/82RC1alpha001/API/ascendcopapi/atlasascendc_api_07_0070.html
// Mask bit 1 picks src0, 0 picks src1. VSEL_CMPMASK_SPR: every 256-byte repeat reuses the first
// 256/sizeof(T) mask bits; VSEL_TENSOR_TENSOR_MODE / VSEL_TENSOR_SCALAR_MODE: bit i for element i.
namespace detail {
#if ASCENDC_SIM_WIDE_LANES
#pragma GCC push_options
#pragma GCC target("avx2,f16c")
namespace wide {
// 8 lanes per mask byte: the byte's bits spread to lane masks, then a pure blend (the same bits as
// the scalar loop, which does not vectorise because of the bit indexing). src1 is `y`, or `scalar`
// when y is null. Returns the elements done (whole groups of 8).
__attribute__((noinline)) inline uint32_t SelectFloat8(float* __restrict d, const float* __restrict x,
                                                       const uint8_t* __restrict m, const float* y, float scalar,
                                                       uint32_t count) {
    const __m256 s = _mm256_set1_ps(scalar);
    const __m256i laneBit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    uint32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i bits = _mm256_and_si256(_mm256_set1_epi32(m[i >> 3]), laneBit);
        const __m256 pick = _mm256_castsi256_ps(_mm256_cmpeq_epi32(bits, laneBit));
        const __m256 b = y ? _mm256_loadu_ps(y + i) : s;
        _mm256_storeu_ps(d + i, _mm256_blendv_ps(b, _mm256_loadu_ps(x + i), pick));
    }
    return i;
}
}  // namespace wide
#pragma GCC pop_options
#endif
template <typename T, typename U, typename Y>
inline void SelectImpl(const char* api, const LocalTensor<T>& dst, const LocalTensor<U>& selMask,
                       const LocalTensor<T>& src0, SELMODE mode, uint32_t count, Y y, const T* src1 = nullptr) {
    static_assert(kFloatType<T>, "Select: data type not supported on A2");
    const uint32_t perRepeat = 256 / sizeof(T);
    const uint32_t period = mode == SELMODE::VSEL_CMPMASK_SPR ? perRepeat : 0xFFFFFFFFu;
    const uint64_t maskBits = count < period ? count : period;
    CheckUb(api, "dst", dst, count);
    CheckUb(api, "src0", src0, count);
    CheckUbBytes(api, "selMask", selMask, (maskBits + 7) / 8);
    CheckOverlap(api, dst, count, src0, count);
    const uint64_t bytes = uint64_t(count) * sizeof(T);
    RecordVector(api, bytes, count, ASC_UB(UbRead(src0.addr_, bytes), UbRead(src1, src1 ? bytes : 0), UbRead(selMask.addr_, (maskBits + 7) / 8),
                                     UbWrite(dst.addr_, bytes)));
    T* __restrict d = dst.addr_;
    const T* __restrict x = src0.addr_;
    const uint8_t* __restrict m = reinterpret_cast<const uint8_t*>(selMask.addr_);
    if (period == 0xFFFFFFFFu) {
        uint32_t i = 0;
#if ASCENDC_SIM_WIDE_LANES
        if constexpr (sizeof(T) == 4) {
            if (WideLanes())
                i = wide::SelectFloat8(reinterpret_cast<float*>(d), reinterpret_cast<const float*>(x), m,
                                       reinterpret_cast<const float*>(src1), src1 ? 0.0f : float(y(0)), count);
        }
#endif
        for (; i < count; ++i) d[i] = ((m[i >> 3] >> (i & 7)) & 1u) ? x[i] : y(i);
    } else {
        for (uint32_t i = 0; i < count; ++i) {
            const uint32_t b = i % period;
            d[i] = ((m[b >> 3] >> (b & 7)) & 1u) ? x[i] : y(i);
        }
    }
}
}  // namespace detail
template <typename T, typename U>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
    ASC_CHECK(selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE, "Select",
              "VSEL_TENSOR_SCALAR_MODE needs a scalar src1; tensor src1 takes VSEL_CMPMASK_SPR or VSEL_TENSOR_TENSOR_MODE");
    detail::CheckUb("Select", "src1", src1, count);
    const T* y = src1.addr_;
    detail::SelectImpl("Select", dst, selMask, src0, selMode, count, [y](uint32_t i) { return y[i]; }, y);
}
// Scalar src1 (`T src1`): T deduced from the tensors and the scalar alike.
template <typename T, typename U, typename S, typename = std::enable_if_t<!detail::IsLocalTensor<S>::value>>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   S src1, SELMODE selMode, uint32_t count) {
    static_assert(detail::kScalarMatches<T, S>, "Select: the scalar's type must be the tensor's element type");
    ASC_CHECK(selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE, "Select", "a scalar src1 requires VSEL_TENSOR_SCALAR_MODE");
    detail::SelectImpl("Select", dst, selMask, src0, SELMODE::VSEL_TENSOR_SCALAR_MODE, count, [src1](uint32_t) { return src1; });
}

// ---- Gather / GatherMask ----------------------------------------------------------------
// https://www.hiascend.com/doc_center/source/zh/CANNCommunityEdition/910beta2/API/ascendcopapi/atlasascendc_api_07_0092.html
// dst[i] = element at byte (srcBaseOffset + srcOffset[i]) of src; byte offsets must be multiples
// of sizeof(T) and stay inside src. The source bytes read and the destination must not overlap
// (not even exactly: the gather reads while it writes). The count form issues ceil(count / 64)
// repeats of 64 offsets and the repeat count is an 8-bit field (docs/ascendc-api §6; the
// repeatTime parameter of the other forms is uint8_t): count <= 255 * 64 = 16320.
template <typename T>
inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                   const uint32_t srcBaseOffset, const uint32_t count) {
    static_assert(detail::OneOf<T, int16_t, uint16_t, int32_t, uint32_t, float, half, bfloat16_t>,
                  "Gather: data type not supported on A2");
    ASC_CHECK((uint64_t(count) + 63) / 64 <= 255, "Gather",
              "count %u needs %llu repeats of 64 offsets; the repeat count is 8 bits (count <= 16320)", count,
              (unsigned long long)((uint64_t(count) + 63) / 64));
    detail::CheckUb("Gather", "dst", dst, count);
    detail::CheckUb("Gather", "src", src, 0);
    detail::CheckUb("Gather", "srcOffset", srcOffset, count);
    const uint32_t* __restrict o = srcOffset.addr_;
#if ASCENDC_SIM_CHECKED
    uint64_t lo = ~uint64_t(0), hi = 0;   // bytes of src read (the race detector takes the span)
    const uint64_t srcBytes = uint64_t(src.size_) * sizeof(T);
    for (uint32_t i = 0; i < count; ++i) {
        const uint64_t off = uint64_t(srcBaseOffset) + o[i];
        lo = off < lo ? off : lo;
        hi = off + sizeof(T) > hi ? off + sizeof(T) : hi;
        ASC_CHECK(off % sizeof(T) == 0, "Gather", "offset of element %u = %llu bytes is not a multiple of sizeof(T) = %zu",
                  i, (unsigned long long)off, sizeof(T));
        ASC_CHECK(off + sizeof(T) <= srcBytes, "Gather",
                  "element %u reads byte offset %llu, outside the source tensor's %llu bytes", i,
                  (unsigned long long)off, (unsigned long long)srcBytes);
    }
    if (count > 0) {
        const uint8_t* d0 = reinterpret_cast<const uint8_t*>(dst.addr_);
        const uint8_t* r0 = reinterpret_cast<const uint8_t*>(src.addr_) + lo;
        const bool disjoint = d0 + uint64_t(count) * sizeof(T) <= r0 || r0 + (hi - lo) <= d0;
        ASC_CHECK(disjoint, "Gather",
                  "dst (UB offset %llu, %llu bytes) overlaps the source bytes read (UB offset %llu, %llu bytes)",
                  (unsigned long long)detail::UbOffset(d0), (unsigned long long)(uint64_t(count) * sizeof(T)),
                  (unsigned long long)detail::UbOffset(r0), (unsigned long long)(hi - lo));
    }
#endif
    const uint8_t* srcBase = reinterpret_cast<const uint8_t*>(src.addr_);
    // The source as the race detector sees it: the span of the bytes read, or each element when
    // that is fewer 32-byte blocks.
#if ASCENDC_SIM_CHECKED
    const ascend_sim::UbAccess srcRead = hi <= lo ? detail::UbRead(nullptr, 0)
        : (hi - lo) / 32 > count ? ascend_sim::UbAccess{srcBase + srcBaseOffset, sizeof(T), false, count, 0, o}
                                 : detail::UbRead(srcBase + lo, hi - lo);
#endif
    detail::RecordVector("Gather", uint64_t(count) * sizeof(T), count,
                         ASC_UB(detail::UbRead(o, uint64_t(count) * 4), srcRead, detail::UbWrite(dst.addr_, uint64_t(count) * sizeof(T))),
                         ascend_sim::InstrKind::VectorGather);
    T* __restrict d = dst.addr_;
    const uint8_t* bytes = srcBase + srcBaseOffset;
    // unrolled: the loop is two loads and a store per element, its counter and branch were a
    // third of the instructions
    detail::OnLanes(ASCENDC_SIM_LOOP {
#pragma GCC unroll 8
        for (uint32_t i = 0; i < count; ++i) std::memcpy(d + i, bytes + o[i], sizeof(T));
    });
}

// https://www.hiascend.com/doc_center/source/zh/CANNCommunityEdition/910beta2/API/ascendcopapi/atlasascendc_api_07_0071.html
// Selected elements are packed contiguously into dst; rsvdCnt = how many. Normal mode
// (reduceMode false): repeatTimes repeats of 256 bytes. Counter mode (true, A2 "configuration
// one"): repeatTimes repeats of `mask` elements. Element e of repeat r is read at
// r*src0RepeatStride*32 + (e / per-block)*src0BlockStride*32 + (e % per-block)*sizeof(T) bytes.
// Built-in patterns (bit e of a repeat): 1 even e, 2 odd e, 3..6 e%4 == 0..3, 7 every element.
// A tensor pattern supplies bit e of repeat r at src1Pattern + r*src1RepeatStride*32 bytes.
namespace detail {
#if ASCENDC_SIM_WIDE_LANES
#pragma GCC push_options
#pragma GCC target("avx2,f16c")
namespace wide {
// d[k] = x[2k] (the x or y halves of interleaved pairs), 8 per step by shuffles; returns the
// elements done. The last group is left to the caller, so no load reads past the source's last pair.
__attribute__((noinline)) inline uint64_t EveryOtherFloat8(float* __restrict d, const float* __restrict x, uint64_t n) {
    uint64_t k = 0;
    for (; k + 8 < n; k += 8) {
        const __m256 a = _mm256_loadu_ps(x + 2 * k), b = _mm256_loadu_ps(x + 2 * k + 8);
        const __m256 even = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
        _mm256_storeu_ps(d + k, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(even), _MM_SHUFFLE(3, 1, 2, 0))));
    }
    return k;
}
}  // namespace wide
#pragma GCC pop_options
#endif
template <typename T, typename Bit>
inline void GatherMaskImpl(const LocalTensor<T>& dst, const LocalTensor<T>& src0, bool reduceMode, uint32_t mask,
                           const GatherMaskParams& p, uint64_t& rsvdCnt, Bit bit, int builtinPattern,
                           ascend_sim::UbAccess pattern = {nullptr, 0, false}) {
    static_assert(OneOf<T, half, bfloat16_t, uint16_t, int16_t, float, uint32_t, int32_t>,
                  "GatherMask: data type not supported on A2");
    const char* api = "GatherMask";
    ASC_CHECK(!reduceMode || mask >= 1, api, "counter mode (reduceMode true) needs mask >= 1");
    const uint32_t perRepeat = reduceMode ? mask : 256 / uint32_t(sizeof(T));
    const uint32_t perBlock = 32 / uint32_t(sizeof(T));
    const uint64_t repStride = uint64_t(p.src0RepeatStride) * 32, blkStride = uint64_t(p.src0BlockStride) * 32;
    const uint32_t repeats = p.repeatTimes;
    auto srcByte = [&](uint32_t r, uint32_t e) { return r * repStride + (e / perBlock) * blkStride + (e % perBlock) * sizeof(T); };
    CheckUb(api, "dst", dst, 0);
    const uint64_t srcSpan = repeats > 0 && perRepeat > 0 ? srcByte(repeats - 1, perRepeat - 1) + sizeof(T) : 0;
    if (srcSpan) CheckUbBytes(api, "src0", src0, srcSpan);
    auto record = [&](uint64_t selected) {
        RecordVector(api, uint64_t(repeats) * perRepeat * sizeof(T), uint64_t(repeats) * perRepeat,
                     ASC_UB(UbRead(src0.addr_, srcSpan), pattern, UbWrite(dst.addr_, selected * sizeof(T))),
                     ascend_sim::InstrKind::VectorGatherMask);
    };
    T* __restrict d = dst.addr_;
    const uint8_t* s = reinterpret_cast<const uint8_t*>(src0.addr_);
    const bool contiguous = p.src0BlockStride == 1 && (repeats <= 1 || repStride == uint64_t(perRepeat) * sizeof(T));
    if (builtinPattern > 0 && contiguous && perRepeat % 4 == 0) {
        // Fast path: the pattern repeats every 2 or 4 elements over one contiguous run.
        const uint32_t step = builtinPattern <= 2 ? 2 : builtinPattern <= 6 ? 4 : 1;
        const uint32_t first = builtinPattern <= 2 ? builtinPattern - 1 : builtinPattern <= 6 ? builtinPattern - 3 : 0;
        const uint64_t n = uint64_t(repeats) * perRepeat / step;
        ASC_CHECK(n <= dst.size_, api, "%llu selected elements exceed dst's %u elements", (unsigned long long)n, dst.size_);
        const T* __restrict x = reinterpret_cast<const T*>(s) + first;
        record(n);
        uint64_t k = 0;
#if ASCENDC_SIM_WIDE_LANES
        if constexpr (sizeof(T) == 4) {
            if (step == 2 && WideLanes())
                k = wide::EveryOtherFloat8(reinterpret_cast<float*>(d), reinterpret_cast<const float*>(x), n);
        }
#endif
        for (; k < n; ++k) d[k] = x[k * step];
        rsvdCnt = n;
        return;
    }
    uint64_t out = 0;
    for (uint32_t r = 0; r < repeats; ++r)
        for (uint32_t e = 0; e < perRepeat; ++e)
            if (bit(r, e)) {
                ASC_CHECK(out < dst.size_, api, "more selected elements than dst's %u elements", dst.size_);
                std::memcpy(d + out++, s + srcByte(r, e), sizeof(T));
            }
    record(out);
    rsvdCnt = out;
}
}  // namespace detail

template <typename T, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const uint8_t src1Pattern,
                       const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                       uint64_t& rsvdCnt) {
    ASC_CHECK(src1Pattern >= 1 && src1Pattern <= 7, "GatherMask", "built-in src1Pattern %u is outside [1, 7]", src1Pattern);
    const int pat = src1Pattern;
    detail::GatherMaskImpl(dst, src0, reduceMode, mask, gatherMaskParams, rsvdCnt,
                           [pat](uint32_t, uint32_t e) {
                               return pat == 7 ? true : pat <= 2 ? (e & 1u) == uint32_t(pat - 1) : (e & 3u) == uint32_t(pat - 3);
                           },
                           pat);
}
template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode>
inline void GatherMask(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern,
                       const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams,
                       uint64_t& rsvdCnt) {
    static_assert(sizeof(U) == sizeof(T), "GatherMask: src1Pattern must be uint16_t for 16-bit and uint32_t for 32-bit data");
    const uint32_t perRepeat = reduceMode ? mask : 256 / uint32_t(sizeof(T));
    const uint64_t patStride = uint64_t(gatherMaskParams.src1RepeatStride) * 32;
    if (gatherMaskParams.repeatTimes > 0)
        detail::CheckUbBytes("GatherMask", "src1Pattern", src1Pattern,
                             (gatherMaskParams.repeatTimes - 1) * patStride + (perRepeat + 7) / 8);
    const uint8_t* pb = reinterpret_cast<const uint8_t*>(src1Pattern.addr_);
    detail::GatherMaskImpl(dst, src0, reduceMode, mask, gatherMaskParams, rsvdCnt,
                           [pb, patStride](uint32_t r, uint32_t e) { return (pb[r * patStride + (e >> 3)] >> (e & 7)) & 1u; },
                           0,
                           ascend_sim::UbRead(pb, gatherMaskParams.repeatTimes > 0
                                                      ? (gatherMaskParams.repeatTimes - 1) * patStride + (perRepeat + 7) / 8 : 0));
}

// ---- reductions -------------------------------------------------------------------------
// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/ascendcopapi/ (ReduceSum/ReduceMax/ReduceMin):
// dst[0] = the reduction of src[0..count); with calIndex, dst[1] holds the index of the first
// extreme element as an integer bit pattern. The pages do not say how ReduceMax / ReduceMin
// treat NaN: both builds return the extreme of the elements after the last NaN (NaN when the last
// element is NaN; its index with calIndex), as a running comparison that a NaN resets would. Any
// bound a kernel takes from a reduction of data that may hold NaN is then wrong, unless the kernel
// replaces NaN before reducing (a NaN that propagates or is skipped would each hide that).
// The work area (asc-devkit docs, ReduceMax.md and ReduceSum.md, "sharedTmpBuffer"):
// - ReduceMax / ReduceMin write their rounds' (value, index) pairs into sharedTmpBuffer, which must
//   hold at least ReduceExtremeWorkElems elements (the page's worked sizes: 176 halves for 65
//   repeats with the index, 1024 for count 65408 without, 288 floats for 130 repeats with): the
//   checked build writes the pairs there, so a kernel that keeps data in the work area loses it,
//   as on the hardware (the fast build, whose results a correct kernel cannot tell apart, skips
//   them); dst may lie in it (the result is written last).
// - ReduceSum takes a sharedTmpBuffer of any size and leaves it unchanged (the page's second way);
//   on the A2 the count form adds each repeat of 256 bytes as a binary tree (pairs of neighbours,
//   then pairs of those) and the repeats' sums in order, which both builds do.
namespace detail {
// ReduceMax page: the first round's pairs, one per whole repeat (the page's count / elements per
// repeat, at least 1: a partial last repeat's elements count in the result, not in a pair), rounded up to
// 32-byte blocks; with calIndex each further round's pairs after them, until a round yields a
// single pair.
template <typename T>
inline uint64_t FirstRoundRepeats(int32_t count) {
    constexpr int32_t perRepeat = 256 / sizeof(T);
    return count < perRepeat ? 1 : uint64_t(count / perRepeat);
}
template <typename T>
inline uint64_t ReduceExtremeWorkElems(int32_t count, bool calIndex) {
    constexpr uint64_t perBlock = 32 / sizeof(T), perRepeat = 256 / sizeof(T);
    uint64_t pairs = 2 * FirstRoundRepeats<T>(count);
    uint64_t need = (pairs + perBlock - 1) / perBlock * perBlock;
    while (calIndex && pairs > 2) {
        pairs = 2 * ((pairs + perRepeat - 1) / perRepeat);
        need += (pairs + perBlock - 1) / perBlock * perBlock;
    }
    return need;
}
template <typename T>
inline void CheckReduce(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                        const LocalTensor<T>& sharedTmpBuffer, int32_t count, bool calIndex, uint64_t workElems) {
    static_assert(kFloatType<T>, "Reduce: data type not supported on A2");
    CheckCount(api, count);
    ASC_CHECK(count >= 1, api, "count must be at least 1");
    CheckUb(api, "dst", dst, calIndex ? 2 : 1);
    CheckUb(api, "src", src, uint64_t(count));
    // sharedTmpBuffer starts 32-byte aligned and holds the pages' minimum
    CheckUb(api, "sharedTmpBuffer", sharedTmpBuffer, workElems);
    RecordVector(api, uint64_t(count) * sizeof(T), uint64_t(count),
                 ASC_UB(UbRead(src.addr_, uint64_t(count) * sizeof(T)), UbWrite(sharedTmpBuffer.addr_, workElems * sizeof(T)),
                        UbWrite(dst.addr_, (calIndex ? 2 : 1) * sizeof(T))),
                 ascend_sim::InstrKind::VectorReduce);
}
// The first element after the last NaN of s[0, count) (the last NaN itself when it ends s).
template <typename T>
inline int32_t AfterLastNaN(const T* s, int32_t count) {
    for (int32_t i = count - 1; i >= 0; --i) {
        const float v = float(Calc<T>::In(s[i]));
        if (v != v) return i + 1 < count ? i + 1 : i;
    }
    return 0;
}
// The extreme of s[0, count) by 16 independent running extremes (vectorizable), all seeded with
// s[0]; *sawNaN: whether a NaN came after s[0] (a comparison with NaN keeps the running extreme).
template <typename T, typename Better>
inline float LanesExtreme(const T* s, int32_t count, Better better, bool* sawNaN) {
    constexpr int32_t kLanes = 16;
    float best = float(Calc<T>::In(s[0]));
    float lane[kLanes];
    int32_t unordered[kLanes];
    for (int32_t k = 0; k < kLanes; ++k) {
        lane[k] = best;
        unordered[k] = 0;
    }
    float* __restrict lanes = lane;
    int32_t* __restrict nans = unordered;
    OnLanes(ASCENDC_SIM_LOOP {
        for (int32_t j = 1; j + kLanes <= count; j += kLanes)
            for (int32_t k = 0; k < kLanes; ++k) {
                const float v = float(Calc<T>::In(s[j + k]));
                lanes[k] = better(v, lanes[k]) ? v : lanes[k];
                nans[k] |= v != v;
            }
    });
    int32_t nan = 0;
    for (int32_t i = 1 + (count - 1) / kLanes * kLanes; i < count; ++i) {
        const float v = float(Calc<T>::In(s[i]));
        if (better(v, best)) best = v;
        nan |= v != v;
    }
    for (int32_t k = 0; k < kLanes; ++k) {
        if (better(lane[k], best)) best = lane[k];
        nan |= unordered[k];
    }
    *sawNaN = nan != 0;
    return best;
}
// The extreme of s[0, count) and, with calIndex, the index of its first occurrence (the same
// NaN rule either way).
template <typename T, typename Better>
inline float Extreme(const T* s, int32_t count, bool calIndex, Better better, uint32_t* index) {
    *index = 0;
    if (calIndex) {
        const int32_t start = AfterLastNaN(s, count);
        float best = float(Calc<T>::In(s[start]));
        *index = uint32_t(start);
        for (int32_t i = start + 1; i < count; ++i) {
            const float v = float(Calc<T>::In(s[i]));
            if (better(v, best)) { best = v; *index = uint32_t(i); }
        }
        return best;
    }
    bool sawNaN = false;
    float best = LanesExtreme(s, count, better, &sawNaN);
    const float first = float(Calc<T>::In(s[0]));
    if (sawNaN || first != first) {   // again after the last NaN, where none follows the seed
        const int32_t start = AfterLastNaN(s, count);
        best = LanesExtreme(s + start, count - start, better, &sawNaN);
    }
    return best;
}
// Writes (value, index) as T at p: the index as an integer bit pattern, as dst holds it.
template <typename T>
inline void StorePair(T* p, float value, uint32_t index) {
    using IndexT = std::conditional_t<sizeof(T) == 4, uint32_t, uint16_t>;
    p[0] = Calc<T>::Out(typename Calc<T>::type(value));
    const IndexT v = IndexT(index);
    std::memcpy(p + 1, &v, sizeof(T));
}
// The rounds' pairs in the work area: each whole repeat's extreme and its index in it, then
// (calIndex) each round's over the values of the round before, at the offsets the page gives.
// Computed before any is stored: the work area may be src itself (the page allows it).
template <typename T, typename Better>
inline void WriteReduceRounds(T* work, const T* s, int32_t count, bool calIndex, Better better) {
    constexpr int32_t perBlock = 32 / sizeof(T), perRepeat = 256 / sizeof(T);
    constexpr int32_t kMaxRepeats = 2048;   // beyond any UB: 256 KiB of floats is 1024 repeats
    float values[kMaxRepeats];
    uint32_t indexes[kMaxRepeats];
    int32_t repeats = static_cast<int32_t>(FirstRoundRepeats<T>(count));
    if (repeats > kMaxRepeats) return;   // src beyond the UB (the checked build stops first)
    for (int32_t r = 0; r < repeats; ++r)
        values[r] = Extreme(s + r * perRepeat, std::min(perRepeat, count - r * perRepeat), true, better, &indexes[r]);
    T* at = work;
    for (;;) {
        for (int32_t r = 0; r < repeats; ++r) StorePair(at + 2 * r, values[r], indexes[r]);
        if (!calIndex || repeats == 1) return;
        at += (2 * repeats + perBlock - 1) / perBlock * perBlock;
        // the next round reduces this round's values (every other element of its output)
        const int32_t next = (2 * repeats + perRepeat - 1) / perRepeat;
        for (int32_t r = 0; r < next; ++r) {
            const int32_t first = r * perRepeat / 2, n = std::min(perRepeat / 2, repeats - first);
            int32_t best = first;
            for (int32_t i = first + 1; i < first + n; ++i)
                if (better(values[i], values[best])) best = i;
            values[r] = values[best];
            indexes[r] = uint32_t(2 * (best - first));
        }
        repeats = next;
    }
}
template <typename T, typename Better>
inline void ReduceExtreme(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                          const LocalTensor<T>& sharedTmpBuffer, int32_t count, bool calIndex, Better better) {
    CheckReduce(api, dst, src, sharedTmpBuffer, count, calIndex, ReduceExtremeWorkElems<T>(count, calIndex));
    uint32_t idx = 0;
    const float best = Extreme(src.addr_, count, calIndex, better, &idx);
#if ASCENDC_SIM_CHECKED
    WriteReduceRounds(sharedTmpBuffer.addr_, src.addr_, count, calIndex, better);
#endif
    if (calIndex) {
        StorePair(dst.addr_, best, idx);
    } else {
        dst.addr_[0] = Calc<T>::Out(typename Calc<T>::type(best));
    }
}
// One addition of ReduceSum in T: half sums are rounded to half and saturate at +-65504 (the
// ReduceSum page's example: 60000 + 60000 is 65504), float sums are float sums.
template <typename T>
inline float ReduceSumAdd(float a, float b) {
    if constexpr (std::is_same<T, half>::value) {
        const float sum = float(half(a + b));
        return sum > 65504.0f ? 65504.0f : sum < -65504.0f ? -65504.0f : sum;
    } else {
        return a + b;
    }
}
// A2, count form: each repeat's elements summed as a binary tree (neighbours, then neighbouring
// sums; a partial repeat's missing elements as 0), the repeats' sums added in order.
template <typename T>
inline float RepeatTreeSum(const T* s, int32_t count) {
    constexpr int32_t perRepeat = 256 / sizeof(T);
    float level[perRepeat];
    float total = 0.0f;
    for (int32_t r0 = 0; r0 < count; r0 += perRepeat) {
        for (int32_t i = 0; i < perRepeat; ++i) level[i] = r0 + i < count ? float(Calc<T>::In(s[r0 + i])) : 0.0f;
        for (int32_t width = perRepeat / 2; width >= 1; width /= 2)
            for (int32_t i = 0; i < width; ++i) level[i] = ReduceSumAdd<T>(level[2 * i], level[2 * i + 1]);
        total = r0 == 0 ? level[0] : ReduceSumAdd<T>(total, level[0]);
    }
    return total;
}
}  // namespace detail
template <typename T>
inline void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t count) {
    detail::CheckReduce("ReduceSum", dst, src, sharedTmpBuffer, count, false, 0);
    dst.addr_[0] = detail::Calc<T>::Out(typename detail::Calc<T>::type(detail::RepeatTreeSum(src.addr_, count)));
}
template <typename T>
inline void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t count, bool calIndex = false) {
    detail::ReduceExtreme("ReduceMax", dst, src, sharedTmpBuffer, count, calIndex, [](float v, float b) { return v > b; });
}
template <typename T>
inline void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t count, bool calIndex = false) {
    detail::ReduceExtreme("ReduceMin", dst, src, sharedTmpBuffer, count, calIndex, [](float v, float b) { return v < b; });
}

}  // namespace AscendC
