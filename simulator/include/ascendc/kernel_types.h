// Qualifiers, launch macros, enums and parameter structs of the AscendC kernel API (CPU model).
// Documented interface: https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/82RC1alpha002/API/ascendcopapi/
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ascend_sim/core_context.h"
#include "ascend_sim/half_types.h"

// ---- qualifiers (empty on CPU) ----------------------------------------------------------
#ifndef __global__
#define __global__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef GM_ADDR
#define GM_ADDR __gm__ uint8_t*
#endif

// Kernel type marker: no effect in the model (every core is an AIV core).
enum KernelMetaType { KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIV_1_0,
                      KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2 };
#define KERNEL_TASK_TYPE_DEFAULT(type) do {} while (0)

// Tiling data registered as a standard C++ struct. REGISTER_TILING_DEFAULT(S) in the kernel names
// the default struct; GET_TILING_DATA(var, tiling) declares `var` of that struct and byte-copies it
// from GM; GET_TILING_DATA_WITH_STRUCT(S, var, tiling) names the struct, which must be registered
// (the default, or one REGISTER_TILING_FOR_TILINGKEY registers, which needs a default first).
// Pages: "REGISTER_TILING_DEFAULT" (atlasascendc_api_07_00003), "GET_TILING_DATA_WITH_STRUCT"
// (atlasascendc_api_07_0215), "REGISTER_TILING_FOR_TILINGKEY" (atlasascendc_api_07_00004).
// A registration declares block-scope type aliases that shadow the namespace-scope fallbacks;
// the checks are compile-time. A struct REGISTER_TILING_FOR_TILINGKEY registers is not tracked by
// type (the kernel entry is extern "C", so block-scope overloads are unavailable): once one is
// registered, GET_TILING_DATA_WITH_STRUCT accepts any struct. (The BEGIN_TILING_DATA_DEF path,
// where the framework generates the kernel-side struct, is not modelled.)
namespace ascend_sim {
struct NoDefaultTiling {};
struct NoKeyedTiling {};
struct KeyedTiling {};
}  // namespace ascend_sim
using AscendCSimTilingDefault = ::ascend_sim::NoDefaultTiling;
using AscendCSimTilingKeyed = ::ascend_sim::NoKeyedTiling;
#define REGISTER_TILING_DEFAULT(TILING_STRUCT) using AscendCSimTilingDefault = TILING_STRUCT
#define REGISTER_TILING_FOR_TILINGKEY(EXPRESSION, TILING_STRUCT)                                         \
    static_assert(!std::is_same<AscendCSimTilingDefault, ::ascend_sim::NoDefaultTiling>::value,          \
                  "REGISTER_TILING_FOR_TILINGKEY: register the default struct with REGISTER_TILING_DEFAULT " \
                  "first");                                                                             \
    static_assert(sizeof(TILING_STRUCT) > 0, "REGISTER_TILING_FOR_TILINGKEY: incomplete struct");        \
    using AscendCSimTilingKeyed = ::ascend_sim::KeyedTiling
#define GET_TILING_DATA_WITH_STRUCT(Type, var, tiling)                                                   \
    static_assert(std::is_same<Type, AscendCSimTilingDefault>::value ||                                  \
                      std::is_same<AscendCSimTilingKeyed, ::ascend_sim::KeyedTiling>::value,              \
                  "GET_TILING_DATA_WITH_STRUCT: " #Type " is not a registered tiling struct; register it " \
                  "with REGISTER_TILING_DEFAULT (or REGISTER_TILING_FOR_TILINGKEY) in the kernel");       \
    Type var;                                                                                            \
    ::ascend_sim::CopyTilingFromGm(&var, sizeof(Type), (tiling))
#define GET_TILING_DATA(var, tiling)                                                                     \
    static_assert(!std::is_same<AscendCSimTilingDefault, ::ascend_sim::NoDefaultTiling>::value,          \
                  "GET_TILING_DATA: no tiling struct registered; call REGISTER_TILING_DEFAULT(Struct) "  \
                  "in the kernel first");                                                               \
    AscendCSimTilingDefault var;                                                                         \
    ::ascend_sim::CopyTilingFromGm(&var, sizeof(AscendCSimTilingDefault), (tiling))
// True when the current launch's tiling key is k. The op compiler finds the kernel's variants by
// reading the number inside each TILING_KEY_IS(...) in the source ("TILING_KEY_IS",
// atlasascendc_api_07_0217: key is a non-negative integer), so k must be a decimal integer literal
// once macros are expanded (a macro naming a literal is fine; an expression is a compile error).
namespace ascend_sim {
constexpr bool IsDecimalKeyLiteral(const char* s) {
    if (*s < '1' || *s > '9') return s[0] == '0' && (s[1] == '\0' || s[1] == 'u' || s[1] == 'U' || s[1] == 'l' || s[1] == 'L');
    while (*s >= '0' && *s <= '9') ++s;
    // optional integer suffix: u, l, ul, lu, ll, ull, llu (any case)
    int us = 0, ls = 0;
    for (; *s != '\0'; ++s) {
        if (*s == 'u' || *s == 'U') ++us;
        else if (*s == 'l' || *s == 'L') ++ls;
        else return false;
    }
    return us <= 1 && ls <= 2;
}
template <bool kIsLiteral>
struct TilingKeyLiteral {
    static_assert(kIsLiteral, "TILING_KEY_IS: the key must be a decimal integer literal (the op compiler reads "
                              "it from the source); use a literal or a macro that expands to one");
    static constexpr bool value = true;
};
}  // namespace ascend_sim
#define ASCENDC_SIM_TILING_KEY_IS(k) \
    (::ascend_sim::TilingKeyLiteral<::ascend_sim::IsDecimalKeyLiteral(#k)>::value && \
     ::ascend_sim::CurrentCore().tilingKey == static_cast<uint64_t>(k))
#define TILING_KEY_IS(k) ASCENDC_SIM_TILING_KEY_IS(k)

// Pipes named by PipeBarrier (device built-in enum).
enum pipe_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4,
              PIPE_MTE5, PIPE_V2, PIPE_FIX };
// Event IDs used with SetFlag/WaitFlag (device built-in enum).
enum event_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6,
               EVENT_ID7 };

namespace ascend_sim {
inline void CopyTilingFromGm(void* dst, size_t bytes, const void* tiling) {
    ASC_CHECK(DeviceRangeValid(tiling, bytes), "GET_TILING_DATA",
              "%zu bytes of tiling data at %p are outside every live device allocation", bytes, tiling);
    std::memcpy(dst, tiling, bytes);
}
}  // namespace ascend_sim

namespace AscendC {

using ::half;
using ::bfloat16_t;

// Logical memory positions; on a vector core VECIN/VECOUT/VECCALC all live in the UB.
enum class TPosition : uint8_t { GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC,
                                 LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM, C2PIPE2LOCAL, MAX };
using QuePosition = TPosition;

#define ASCENDC_HARD_EVENTS(X)                                                                   \
    X(MTE2_MTE1) X(MTE1_MTE2) X(MTE1_M) X(M_MTE1) X(MTE2_V) X(V_MTE2) X(MTE3_V) X(V_MTE3) X(M_V)  \
    X(V_M) X(V_V) X(MTE3_MTE1) X(MTE1_MTE3) X(MTE1_V) X(MTE2_M) X(M_MTE2) X(V_MTE1) X(M_FIX)      \
    X(FIX_M) X(MTE3_MTE2) X(MTE2_MTE3) X(S_V) X(V_S) X(S_MTE2) X(MTE2_S) X(S_MTE3) X(MTE3_S)      \
    X(MTE2_FIX) X(FIX_MTE2) X(FIX_S) X(M_S) X(FIX_MTE3) X(MTE1_FIX) X(FIX_MTE1) X(FIX_FIX)
#define ASCENDC_ENUM_ITEM(n) n,
enum class HardEvent : uint8_t { ASCENDC_HARD_EVENTS(ASCENDC_ENUM_ITEM) MAX };
#undef ASCENDC_ENUM_ITEM
static_assert(static_cast<uint32_t>(HardEvent::MAX) <= ascend_sim::kMaxHardEvents, "event table size");
inline const char* HardEventName(HardEvent e) {
#define ASCENDC_NAME_ITEM(n) #n,
    static const char* const names[] = {ASCENDC_HARD_EVENTS(ASCENDC_NAME_ITEM) "MAX"};
#undef ASCENDC_NAME_ITEM
    return names[static_cast<uint32_t>(e)];
}
using TEventID = int8_t;

// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/900/API/ascendcopapi/atlasascendc_api_07_0018.html
enum class RoundMode { CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD };
enum class CMPMODE { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class GatherMaskMode { VERSION_V1 = 0, VERSION_V2 };
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;
constexpr GatherMaskMode defaultGahterMaskMode = defaultGatherMaskMode;   // spelling used by older docs

// DataCopy strided form: blockLen, srcStride, dstStride in 32-byte blocks.
struct DataCopyParams {
    DataCopyParams() = default;
    DataCopyParams(uint16_t count, uint16_t len, uint16_t srcStrideIn, uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn) {}
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;
    uint16_t srcStride = 0;
    uint16_t dstStride = 0;
};
// DataCopyPad: blockLen in bytes; GM-side stride in bytes, UB-side stride in 32-byte blocks.
struct DataCopyExtParams {
    DataCopyExtParams() = default;
    DataCopyExtParams(uint16_t count, uint32_t len, uint32_t srcStrideIn, uint32_t dstStrideIn, uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;
    uint32_t srcStride = 0;
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
};
template <typename T>
struct DataCopyPadExtParams {
    DataCopyPadExtParams() = default;
    DataCopyPadExtParams(bool isPadIn, uint8_t left, uint8_t right, T value)
        : isPad(isPadIn), leftPadding(left), rightPadding(right), paddingValue(value) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = T(0);
};
// Older DataCopyPad parameter form (used with DataCopyParams).
struct DataCopyPadParams {
    DataCopyPadParams() = default;
    DataCopyPadParams(bool isPadIn, uint8_t left, uint8_t right, uint64_t value)
        : isPad(isPadIn), leftPadding(left), rightPadding(right), paddingValue(value) {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

// GatherMask strides: block stride and repeat strides in 32-byte blocks. Defaults as documented
// (GatherMask page, atlasascendc_api_07_0071): src0BlockStride 1, repeatTimes 0,
// src0RepeatStride 8, src1RepeatStride 8, i.e. consecutive repeats read consecutive 256 bytes.
struct GatherMaskParams {
    GatherMaskParams() = default;
    GatherMaskParams(uint8_t src0BlockStrideIn, uint16_t repeatTimesIn, uint16_t src0RepeatStrideIn,
                     uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn),
          src0RepeatStride(src0RepeatStrideIn), src1RepeatStride(src1RepeatStrideIn) {}
    uint8_t src0BlockStride = 1;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = 8;
    uint8_t src1RepeatStride = 8;
};

// Level-0 (repeat) forms of the binary ops (e.g. Mul, atlasascendc_api_07_0040; "general
// parameters": repeatTime, repeat and block strides in 32-byte blocks): per repeat, 8 blocks of
// 32 bytes; block b of repeat r of an operand lies at r * repStride + b * blkStride blocks. Defaults
// as documented: block strides 1, repeat strides 8 (consecutive 256-byte repeats).
struct BinaryRepeatParams {
    BinaryRepeatParams() = default;
    BinaryRepeatParams(uint8_t dstBlkStrideIn, uint8_t src0BlkStrideIn, uint8_t src1BlkStrideIn, uint8_t dstRepStrideIn,
                       uint8_t src0RepStrideIn, uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn), src0BlkStride(src0BlkStrideIn), src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn), src0RepStride(src0RepStrideIn), src1RepStride(src1RepStrideIn) {}
    uint32_t blockNumber = 8;   // reserved
    uint8_t dstBlkStride = 1;
    uint8_t src0BlkStride = 1;
    uint8_t src1BlkStride = 1;
    uint8_t dstRepStride = 8;
    uint8_t src0RepStride = 8;
    uint8_t src1RepStride = 8;
    bool repeatStrideMode = false;   // reserved
    bool strideSizeMode = false;     // reserved
};
// Brcb (atlasascendc_api_07_0089): per repeat, 8 elements of src0 each broadcast into a 32-byte
// block of dst; dstBlkStride between a repeat's blocks (0 counts as 1), dstRepStride between
// repeats, in blocks. The other fields are reserved.
struct BrcbRepeatParams {
    BrcbRepeatParams() = default;
    BrcbRepeatParams(uint16_t dstBlkStrideIn, uint16_t dstRepStrideIn) : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn) {}
    uint32_t blockNumber = 8;
    uint16_t dstRepStride = 8;
    uint16_t dstBlkStride = 1;
    uint8_t src0BlkStride = 1;
    uint8_t src1BlkStride = 1;
    uint8_t src0RepStride = 8;
    uint8_t src1RepStride = 8;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

inline int64_t GetBlockIdx() { return ascend_sim::CurrentCore().blockIdx; }
inline int64_t GetBlockNum() { return ascend_sim::CurrentCore().blockDim; }
// "GetUserWorkspace" (atlasascendc_api_07_0172; GetLibApiWorkSpaceSize atlasascendc_api_07_1036):
// the workspace a kernel is given starts with the platform's system workspace (16 MiB on A2/A3), which
// the tiling adds to its own size; the user's area follows it. The checked build asserts that the
// workspace holds the system area, i.e. that the tiling added it.
inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) {
    const ascend_sim::CoreContext& c = ascend_sim::CurrentCore();
    if (workspace == nullptr) return nullptr;
#if ASCENDC_SIM_CHECKED
    ASC_CHECK(ascend_sim::DeviceRangeValid(workspace, c.systemWorkspaceBytes), "GetUserWorkspace",
              "the workspace does not hold the %u-byte system workspace in front of the user's: the tiling must "
              "add GetLibApiWorkSpaceSize() to the workspace size it requests",
              c.systemWorkspaceBytes);
#endif
    return workspace + c.systemWorkspaceBytes;
}

}  // namespace AscendC
