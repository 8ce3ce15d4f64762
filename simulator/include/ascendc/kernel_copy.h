// DataCopy / DataCopyPad (MTE2: GM->UB, MTE3: UB->GM, and UB->UB) of the AscendC API (CPU model).
#pragma once
#include "ascendc/kernel_tensor.h"

namespace AscendC {
namespace detail {

// UB operand rules shared by every instruction: 32-byte aligned start, `count` elements from the
// tensor's offset within its size.
template <typename T>
inline void CheckUb(const char* api, const char* name, const LocalTensor<T>& t, uint64_t count) {
#if ASCENDC_SIM_CHECKED
    ASC_CHECK(t.addr_ != nullptr, api, "%s is an uninitialised LocalTensor", name);
    ASC_CHECK(reinterpret_cast<uintptr_t>(t.addr_) % 32 == 0, api,
              "%s UB address (offset %llu) is not 32-byte aligned", name, (unsigned long long)UbOffset(t.addr_));
    ASC_CHECK(count <= t.size_, api, "%s: %llu elements needed but the tensor holds %u from its offset",
              name, (unsigned long long)count, t.size_);
#else
    (void)api; (void)name; (void)t; (void)count;
#endif
}
// UB operand measured in bytes (strided forms).
template <typename T>
inline void CheckUbBytes(const char* api, const char* name, const LocalTensor<T>& t, uint64_t bytes) {
#if ASCENDC_SIM_CHECKED
    ASC_CHECK(t.addr_ != nullptr, api, "%s is an uninitialised LocalTensor", name);
    ASC_CHECK(reinterpret_cast<uintptr_t>(t.addr_) % 32 == 0, api,
              "%s UB address (offset %llu) is not 32-byte aligned", name, (unsigned long long)UbOffset(t.addr_));
    ASC_CHECK(bytes <= uint64_t(t.size_) * sizeof(T), api,
              "%s: the access spans %llu bytes but the tensor holds %llu bytes from its offset", name,
              (unsigned long long)bytes, (unsigned long long)(uint64_t(t.size_) * sizeof(T)));
#else
    (void)api; (void)name; (void)t; (void)bytes;
#endif
}
inline uint64_t AlignUp32(uint64_t v) { return (v + 31) & ~uint64_t(31); }

// count form: count*sizeof(T) must be a multiple of 32; hardware floors the length, so does the model.
template <typename T>
inline uint64_t CopyBytes(const char* api, uint32_t count) {
    uint64_t bytes = uint64_t(count) * sizeof(T);
    ASC_CHECK(bytes % 32 == 0, api, "count*sizeof(T) = %llu bytes is not a multiple of 32", (unsigned long long)bytes);
    return bytes & ~uint64_t(31);
}

// Strided copy of blockCount blocks of blockLen bytes with independent source/destination pitches.
inline void CopyBlocks(uint8_t* dst, const uint8_t* src, uint32_t blockCount, uint64_t blockLen,
                       uint64_t srcPitch, uint64_t dstPitch) {
    for (uint32_t b = 0; b < blockCount; ++b) ascend_sim::CopyBytes(dst + b * dstPitch, src + b * srcPitch, blockLen);
}
// A GM->UB copy to core c's UB: at once in the checked build, queued in the fast one
// (core_context.h, DeferredCopies).
inline void CopyIn(ascend_sim::CoreContext& c, const ascend_sim::GmToUbCopy& copy) {
#if ASCENDC_SIM_CHECKED
    (void)c;
    ascend_sim::RunCopy(copy);
#else
    ascend_sim::DeferCopy(c, copy);
#endif
}
inline ascend_sim::GmToUbCopy PlainCopyIn(void* dst, const void* src, uint32_t blockCount, uint64_t blockLen,
                                          uint64_t srcPitch, uint64_t dstPitch) {
    return {static_cast<uint8_t*>(dst), static_cast<const uint8_t*>(src), srcPitch, dstPitch, blockCount,
            uint32_t(blockLen), 0, 0, 0, uint32_t(blockLen)};
}
}  // namespace detail

// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/ascendcopapi/ (DataCopy):
// UB addresses 32-byte aligned; count*sizeof(T) a multiple of 32 bytes.
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t count) {
    uint64_t bytes = detail::CopyBytes<T>("DataCopy", count);
    detail::CheckUb("DataCopy", "dst", dst, count);
    src.CheckRange("DataCopy", 0, bytes);
    ascend_sim::CoreContext& core = dst.Core();
    ascend_sim::RecordInstrOn(core, ascend_sim::Pipe::MTE2, ascend_sim::InstrKind::CopyGmToUb, bytes, "DataCopy",
                              ASC_UB(ascend_sim::UbWrite(dst.addr_, bytes)));
    if (bytes) detail::CopyIn(core, detail::PlainCopyIn(dst.addr_, src.addr_, 1, bytes, 0, 0));
}
template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    uint64_t bytes = detail::CopyBytes<T>("DataCopy", count);
    detail::CheckUb("DataCopy", "src", src, count);
    dst.CheckRange("DataCopy", 0, bytes);
    ascend_sim::RecordInstr(ascend_sim::Pipe::MTE3, ascend_sim::InstrKind::CopyUbToGm, bytes, "DataCopy",
                            ASC_UB(ascend_sim::UbRead(src.addr_, bytes)));
    std::memcpy(dst.addr_, src.addr_, bytes);
}
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count) {
    uint64_t bytes = detail::CopyBytes<T>("DataCopy", count);
    detail::CheckUb("DataCopy", "dst", dst, count);
    detail::CheckUb("DataCopy", "src", src, count);
    ascend_sim::RecordInstr(ascend_sim::Pipe::V, ascend_sim::InstrKind::CopyUbToUb, bytes, "DataCopy",
                            ASC_UB(ascend_sim::UbRead(src.addr_, bytes), ascend_sim::UbWrite(dst.addr_, bytes)));
    std::memmove(dst.addr_, src.addr_, bytes);
}

// Strided form: blockCount blocks of blockLen 32-byte units; srcStride/dstStride are the gaps
// between consecutive blocks, in 32-byte units, on both the GM and the UB side.
namespace detail {
// The UB side of a copy for the race detector (a GM side is no UB operand).
template <typename T>
inline ascend_sim::UbAccess UbSide(const LocalTensor<T>& t, uint64_t len, uint32_t count, uint64_t pitch, bool write) {
    return {t.addr_, len, write, count, pitch};
}
template <typename T>
inline ascend_sim::UbAccess UbSide(const GlobalTensor<T>&, uint64_t, uint32_t, uint64_t, bool write) {
    return {nullptr, 0, write};
}
template <typename D, typename S>
inline void StridedDataCopy(const D& dst, const S& src, const DataCopyParams& p, ascend_sim::Pipe pipe,
                            ascend_sim::InstrKind kind) {
    const uint64_t len = uint64_t(p.blockLen) * 32;
    const uint64_t srcPitch = len + uint64_t(p.srcStride) * 32, dstPitch = len + uint64_t(p.dstStride) * 32;
    const uint64_t srcSpan = p.blockCount ? (p.blockCount - 1) * srcPitch + len : 0;
    const uint64_t dstSpan = p.blockCount ? (p.blockCount - 1) * dstPitch + len : 0;
    if constexpr (std::is_same<D, LocalTensor<typename D::PrimType>>::value) CheckUbBytes("DataCopy", "dst", dst, dstSpan);
    else dst.CheckRange("DataCopy", 0, dstSpan);
    if constexpr (std::is_same<S, LocalTensor<typename S::PrimType>>::value) CheckUbBytes("DataCopy", "src", src, srcSpan);
    else src.CheckRange("DataCopy", 0, srcSpan);
    ascend_sim::RecordInstr(pipe, kind, uint64_t(p.blockCount) * len, "DataCopy",
                            ASC_UB(UbSide(src, len, p.blockCount, srcPitch, false), UbSide(dst, len, p.blockCount, dstPitch, true)));
    if constexpr (std::is_same<S, GlobalTensor<typename S::PrimType>>::value) {   // GM->UB
        if (p.blockCount && len) CopyIn(dst.Core(), PlainCopyIn(dst.addr_, src.addr_, p.blockCount, len, srcPitch, dstPitch));
    } else {
        CopyBlocks(reinterpret_cast<uint8_t*>(dst.addr_), reinterpret_cast<const uint8_t*>(src.addr_), p.blockCount, len,
                   srcPitch, dstPitch);
    }
}
}  // namespace detail
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p) {
    detail::StridedDataCopy(dst, src, p, ascend_sim::Pipe::MTE2, ascend_sim::InstrKind::CopyGmToUb);
}
template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    detail::StridedDataCopy(dst, src, p, ascend_sim::Pipe::MTE3, ascend_sim::InstrKind::CopyUbToGm);
}
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    detail::StridedDataCopy(dst, src, p, ascend_sim::Pipe::V, ascend_sim::InstrKind::CopyUbToUb);
}

// https://www.hiascend.com/doc_center/source/zh/canncommercial/800/apiref/ascendcopapi/atlasascendc_api_07_0265.html
// (DataCopyPad) and atlasascendc_api_07_0266 (SetPadValue): the paths on A2 are GM->VECIN/VECOUT
// and VECIN/VECOUT->GM only (a VECCALC tensor is rejected; VECCALC is an Ascend 950 path).
// GM->UB: block b is read from GM at b*(blockLen + srcStride) bytes and lands in UB as
// [leftPadding elements][blockLen bytes][rightPadding elements], rounded up to 32 bytes, followed
// by dstStride 32-byte blocks. With isPad the padding elements get paddingValue; without it they,
// and always the rounding tail up to 32 bytes, get a dummy value (the hardware does not leave them
// untouched): both builds write the dummy byte 0xFF there, so a kernel that reads them reads NaN / -1.
// Padding is at most 32 bytes per side.
namespace detail {
inline void CheckPadPosition(const char* api, const char* operand, const char* path, TPosition pos) {
    ASC_CHECK(pos == TPosition::VECIN || pos == TPosition::VECOUT, api,
              "%s: the UB tensor's position is %s; on A2 %s takes VECIN or VECOUT only", operand,
              pos == TPosition::VECCALC ? "VECCALC" : "not VECIN/VECOUT", path);
}
template <typename T>
inline void PadCopyIn(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t blockCount, uint64_t blockLen,
                      uint64_t srcStride, uint64_t dstStride, bool isPad, uint32_t left, uint32_t right, T value,
                      uint64_t maxBlockLen) {
    const char* api = "DataCopyPad";
    CheckPadPosition(api, "dst", "GM->UB", dst.pos_);
    ASC_CHECK(blockCount <= 4095, api, "blockCount %u exceeds 4095", blockCount);
    ASC_CHECK(blockLen <= maxBlockLen, api, "blockLen %llu bytes exceeds %llu", (unsigned long long)blockLen,
              (unsigned long long)maxBlockLen);
    ASC_CHECK(blockLen % sizeof(T) == 0, api, "blockLen %llu bytes is not a multiple of sizeof(T) = %zu",
              (unsigned long long)blockLen, sizeof(T));
    ASC_CHECK(left * sizeof(T) <= 32 && right * sizeof(T) <= 32, api,
              "leftPadding %u / rightPadding %u elements exceed 32 bytes (%zu elements of %zu bytes)", left, right,
              32 / sizeof(T), sizeof(T));
    if (blockCount == 0 || blockLen == 0) return;
    const uint64_t ubBlock = AlignUp32((left + right) * sizeof(T) + blockLen);
    const uint64_t ubPitch = ubBlock + dstStride * 32, gmPitch = blockLen + srcStride;
    CheckUbBytes(api, "dst", dst, (blockCount - 1) * ubPitch + ubBlock);
    src.CheckRange(api, 0, (blockCount - 1) * gmPitch + blockLen);
    ascend_sim::CoreContext& core = dst.Core();
    ascend_sim::RecordInstrOn(core, ascend_sim::Pipe::MTE2, ascend_sim::InstrKind::CopyGmToUb, blockCount * blockLen, api,
                              ASC_UB(ascend_sim::UbWrite(dst.addr_, ubBlock, blockCount, ubPitch)));
    // the padding elements: the value (isPad) or the dummy byte, as 8 repeated bytes
    uint64_t pattern = ~uint64_t(0);
    if (isPad) {
        uint8_t v[sizeof(T)];
        std::memcpy(v, &value, sizeof(T));
        for (uint32_t k = 0; k < 8; ++k) reinterpret_cast<uint8_t*>(&pattern)[k] = v[k % sizeof(T)];
    }
    ascend_sim::GmToUbCopy copy = PlainCopyIn(dst.addr_, src.addr_, blockCount, blockLen, gmPitch, ubPitch);
    copy.pattern = pattern;
    copy.left = uint32_t(left * sizeof(T));
    copy.right = uint32_t(right * sizeof(T));
    copy.ubBlock = uint32_t(ubBlock);
    CopyIn(core, copy);
}
// UB->GM: block b is read from UB at b*(roundup32(blockLen) + srcStride*32) and written to GM at
// b*(blockLen + dstStride) bytes; the UB rounding tail is dropped.
template <typename T>
inline void PadCopyOut(const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint32_t blockCount, uint64_t blockLen,
                       uint64_t srcStride, uint64_t dstStride, uint64_t maxBlockLen) {
    const char* api = "DataCopyPad";
    CheckPadPosition(api, "src", "UB->GM", src.pos_);
    ASC_CHECK(blockCount <= 4095, api, "blockCount %u exceeds 4095", blockCount);
    ASC_CHECK(blockLen <= maxBlockLen, api, "blockLen %llu bytes exceeds %llu", (unsigned long long)blockLen,
              (unsigned long long)maxBlockLen);
    ASC_CHECK(blockLen % sizeof(T) == 0, api, "blockLen %llu bytes is not a multiple of sizeof(T) = %zu",
              (unsigned long long)blockLen, sizeof(T));
    if (blockCount == 0 || blockLen == 0) return;
    const uint64_t ubPitch = AlignUp32(blockLen) + srcStride * 32, gmPitch = blockLen + dstStride;
    CheckUbBytes(api, "src", src, (blockCount - 1) * ubPitch + blockLen);
    dst.CheckRange(api, 0, (blockCount - 1) * gmPitch + blockLen);
    ascend_sim::RecordInstr(ascend_sim::Pipe::MTE3, ascend_sim::InstrKind::CopyUbToGm, blockCount * blockLen, api,
                            ASC_UB(ascend_sim::UbRead(src.addr_, blockLen, blockCount, ubPitch)));
    CopyBlocks(reinterpret_cast<uint8_t*>(dst.addr_), reinterpret_cast<const uint8_t*>(src.addr_), blockCount, blockLen,
               ubPitch, gmPitch);
}
}  // namespace detail

template <typename T>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                        const DataCopyPadExtParams<T>& pad) {
    detail::PadCopyIn(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad, pad.leftPadding,
                      pad.rightPadding, pad.paddingValue, 2097151);
}
template <typename T>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p) {
    detail::PadCopyOut(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, 2097151);
}
// DataCopyParams form: blockLen in bytes up to 65535.
template <typename T>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                        const DataCopyPadParams& pad) {
    detail::PadCopyIn(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad, pad.leftPadding,
                      pad.rightPadding, static_cast<T>(pad.paddingValue), 65535);
}
template <typename T>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p) {
    detail::PadCopyOut(dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, 65535);
}

}  // namespace AscendC
