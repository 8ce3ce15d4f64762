// GridSample AI Core kernel, one template per (dtype, interpolation mode, 2 or 3 spatial dims), for
// NCHW / NCDHW input and for 2-D channel-last input (NHWC memory), read in place.
//
// Work unit: a channel group of a tile of output points (whole rows up to 64 columns, else blocks
// 32 columns wide); a core's consecutive units share their tile. Per tile: one DMA brings the
// grid tile (prefetched one tile ahead) and the vector unit computes every tap's coordinates,
// weights, validity and UB offset once. Then per chunk of channels one or a few DMAs bring the
// window of input the tile's taps touch, Gather picks the taps out of UB, the weighted sum is
// formed in float32, and one DMA (or one per channel) writes the chunk of outputs. Queues are
// double-buffered so DMA and vector work overlap. Taps outside the image read a zero area kept in
// front of the window, so no masking is needed per channel. When a tile's window does not fit the
// UB (scattered grids), each point's tap rows are fetched by small DMAs instead.
#ifndef GRID_SAMPLE_KERNEL_H
#define GRID_SAMPLE_KERNEL_H

#include "kernel_operator.h"
#include "grid_sample_tiling_data.h"
#include "grid_sample_coords.h"

namespace gridsample {

using AscendC::DataCopyExtParams;
using AscendC::DataCopyPadExtParams;
using AscendC::GlobalTensor;
using AscendC::HardEvent;
using AscendC::LocalTensor;
using AscendC::TPosition;

constexpr int32_t kBlockBytes = 32;

__aicore__ inline int64_t RoundUpTo(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
__aicore__ inline int64_t MinI(int64_t a, int64_t b) { return a < b ? a : b; }
__aicore__ inline int64_t MaxI(int64_t a, int64_t b) { return a > b ? a : b; }

template <HardEvent EVENT>
__aicore__ inline void WaitPipe() {
    auto id = GetTPipePtr()->FetchEventID(EVENT);   // declared at global scope, outside AscendC
    AscendC::SetFlag<EVENT>(id);
    AscendC::WaitFlag<EVENT>(id);
}

template <typename T, int32_t MODE, int32_t DIMS = 2>
class GridSampleKernel {
    static_assert(DIMS == 2 || DIMS == 3, "2 or 3 spatial dims");
    static constexpr int32_t kTaps = MODE == kBicubic ? 4 : (MODE == kBilinear ? 2 : 1);
    static constexpr int32_t kTapsZ = DIMS == 3 ? kTaps : 1;      // z taps (one dummy in 2-D)
    static constexpr int32_t kRowsPerPoint = kTaps * kTapsZ;      // tap rows (z, y) of one point
    static constexpr int32_t kTapCount = kRowsPerPoint * kTaps;
    static constexpr int32_t kComponents = DIMS;                  // grid values per point
    static constexpr int32_t kElem = sizeof(T);
    static constexpr bool kFloatIo = sizeof(T) == 4;

    struct Tile {
        int64_t n, row0, col0, rows, cols;
    };
    // Input depth/rows/columns a tile's valid taps touch; empty when lo > hi.
    struct Box {
        int64_t loY, hiY, loX, hiX, loZ, hiZ;
    };

public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR grid, GM_ADDR y, const GridSampleTilingData& tiling) {
        t_ = tiling;
        slots_ = t_.slotCount;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), (t_.n - 1) * t_.inStrideN + (t_.c - 1) * t_.inStrideC +
                                                                 (t_.inD - 1) * t_.inStrideD + (t_.inH - 1) * t_.inStrideH +
                                                                 (t_.inW - 1) * t_.inStrideW + 1);
        gridGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(grid),
                                (t_.n - 1) * t_.gridStrideN + (t_.outH - 1) * t_.gridStrideH + kComponents * t_.outW);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y),
                             (t_.n - 1) * t_.outStrideN + (t_.c - 1) * t_.outStrideC + (t_.outH - 1) * t_.outStrideH + t_.outW);
        pipe_.InitBuffer(gridQue_, 2, t_.gridBufBytes);
        pipe_.InitBuffer(pointBuf_, t_.pointBufBytes * t_.pointBufCount);
        pipe_.InitBuffer(maskBuf_, t_.maskBufBytes * t_.maskBufCount);
        pipe_.InitBuffer(outQue_, 2, t_.outBufBytes);
        pipe_.InitBuffer(windowQue_, 2, t_.windowBufBytes);
        CarveBuffers();
        if constexpr (DIMS == 3) {
            // byte offsets of component k of point i in a buffer of (x, y, z) float triples
            for (int32_t k = 0; k < 3; ++k)
                for (int32_t i = 0; i < slots_; ++i) splitIndex_[k].SetValue(i, static_cast<uint32_t>((3 * i + k) * 4));
            WaitPipe<HardEvent::S_V>();
        }
    }

    __aicore__ inline void Process() {
        const int64_t core = AscendC::GetBlockIdx();
        const int64_t count = t_.unitsPerCore + (core < t_.tailCores ? 1 : 0);
        const int64_t first = core * t_.unitsPerCore + MinI(core, t_.tailCores);
        if (count <= 0) return;
        const int64_t groups = t_.channelGroups;
        const int64_t firstTile = first / groups, lastTile = (first + count - 1) / groups;
        LoadGrid(TileAt(firstTile));
        for (int64_t tile = firstTile; tile <= lastTile; ++tile) {
            if (tile < lastTile) LoadGrid(TileAt(tile + 1));   // prefetch: overlaps this tile's work
            const Tile geometry = TileAt(tile);
            PrepareTile(geometry);
            const int64_t groupBegin = tile == firstTile ? first % groups : 0;
            const int64_t groupEnd = tile == lastTile ? (first + count - 1) % groups + 1 : groups;
            const int64_t cBegin = groupBegin * t_.groupChannels;
            const int64_t cEnd = MinI(t_.c, groupEnd * t_.groupChannels);
            if (useWindow_) {
                SampleFromWindow(geometry, cBegin, cEnd);
            } else {
                SamplePerPoint(geometry, cBegin, cEnd);
            }
        }
    }

private:
    // Carves the per-slot vectors in the order and number the tiling counted (PointVectors).
    // The next per-slot vector of the point buffer (a named function: device code has no lambdas).
    __aicore__ inline LocalTensor<float> TakeSlotVector(const LocalTensor<float>& all, int32_t& next) const {
        return all[(next++) * slots_];
    }

    __aicore__ inline void CarveBuffers() {
        LocalTensor<float> all = pointBuf_.Get<float>();
        int32_t next = 0;
        gx_ = TakeSlotVector(all, next);
        gy_ = TakeSlotVector(all, next);
        if (DIMS == 3) gz_ = TakeSlotVector(all, next);
        for (int32_t j = 0; j < kTaps; ++j) tx_[j] = TakeSlotVector(all, next);
        for (int32_t i = 0; i < kTaps; ++i) ty_[i] = TakeSlotVector(all, next);
        if (DIMS == 3)
            for (int32_t k = 0; k < kTaps; ++k) tz_[k] = TakeSlotVector(all, next);
        if (MODE != kNearest) {
            for (int32_t j = 0; j < kTaps; ++j) wx_[j] = TakeSlotVector(all, next);
            for (int32_t i = 0; i < kTaps; ++i) wy_[i] = TakeSlotVector(all, next);
            if (DIMS == 3)
                for (int32_t k = 0; k < kTaps; ++k) wz_[k] = TakeSlotVector(all, next);
        }
        scratch_.t0 = TakeSlotVector(all, next);   // t0, t1 (and t2) adjacent: together they hold a whole converted grid tile
        scratch_.t1 = TakeSlotVector(all, next);
        scratch_.t2 = TakeSlotVector(all, next);
        gathered_ = TakeSlotVector(all, next);
        if (MODE == kBicubic || (DIMS == 3 && MODE == kBilinear)) rowAcc_ = TakeSlotVector(all, next);
        if (DIMS == 3 && MODE == kBicubic) planeAcc_ = TakeSlotVector(all, next);
        if (!kFloatIo) {
            acc_ = TakeSlotVector(all, next);
            gatheredIo_ = TakeSlotVector(all, next).template ReinterpretCast<T>();
        }
        if (DIMS == 3)
            for (int32_t k = 0; k < 3; ++k) splitIndex_[k] = TakeSlotVector(all, next).template ReinterpretCast<uint32_t>();
        // Offsets are built last in a tile's preparation, when grid x/y and two temporaries are
        // dead: the first four offsets live there.
        const LocalTensor<float> reused[4] = {gx_, gy_, scratch_.t1, scratch_.t2};
        for (int32_t k = 0; k < kTapCount; ++k)
            off_[k] = (k < 4 ? reused[k] : TakeSlotVector(all, next)).template ReinterpretCast<uint32_t>();

        LocalTensor<uint8_t> masks = maskBuf_.Get<uint8_t>();
        int32_t m = 0;
        for (int32_t j = 0; j < kTaps; ++j) maskX_[j] = masks[(m++) * t_.maskBufBytes];
        for (int32_t i = 0; i < kTaps; ++i) maskY_[i] = masks[(m++) * t_.maskBufBytes];
        if (DIMS == 3)
            for (int32_t k = 0; k < kTaps; ++k) maskZ_[k] = masks[(m++) * t_.maskBufBytes];
        scratch_.mask = masks[(m++) * t_.maskBufBytes];
        realSlots_ = masks[(m++) * t_.maskBufBytes];
    }

    __aicore__ inline Tile TileAt(int64_t index) const {
        Tile tile;
        tile.n = index / t_.tilesPerPlane;
        const int64_t r = index % t_.tilesPerPlane;
        tile.row0 = (r / t_.tilesPerRow) * t_.tileRows;
        tile.col0 = (r % t_.tilesPerRow) * t_.tileCols;
        tile.rows = MinI(t_.tileRows, t_.outH - tile.row0);
        tile.cols = MinI(t_.tileCols, t_.outW - tile.col0);
        return tile;
    }

    __aicore__ inline bool SlotIsReal(const Tile& tile, int64_t s) const {
        if (t_.flatTiles) return s < tile.rows * tile.cols;
        return s / t_.slotPitch < tile.rows && s % t_.slotPitch < tile.cols;
    }
    __aicore__ inline bool HasPadSlots(const Tile& tile) const {
        if (t_.flatTiles) return tile.rows * tile.cols != slots_;
        return tile.cols != t_.slotPitch || tile.rows * t_.slotPitch != slots_;
    }

    // ---- grid -------------------------------------------------------------------------------
    __aicore__ inline void LoadGrid(const Tile& tile) {
        LocalTensor<T> buf = gridQue_.template AllocTensor<T>();
        const int64_t src = tile.n * t_.gridStrideN + tile.row0 * t_.gridStrideH + kComponents * tile.col0;
        DataCopyExtParams params;
        if (t_.flatTiles) {
            params = DataCopyExtParams(1, static_cast<uint32_t>(tile.rows * tile.cols * kComponents * kElem), 0, 0, 0);
        } else {
            const int64_t rowBytes = kComponents * tile.cols * kElem;
            params = DataCopyExtParams(static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(rowBytes),
                                       static_cast<uint32_t>((t_.gridStrideH - kComponents * tile.cols) * kElem),
                                       static_cast<uint32_t>((kComponents * t_.slotPitch * kElem - RoundUpTo(rowBytes, kBlockBytes)) / kBlockBytes),
                                       0);
        }
        AscendC::DataCopyPad(buf, gridGm_[src], params, DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
        gridQue_.EnQue(buf);
    }

    // De-interleaves the (x, y[, z]) values of the current grid tile into gx_ / gy_ / gz_ as float.
    __aicore__ inline void SplitGrid() {
        LocalTensor<T> raw = gridQue_.template DeQue<T>();
        LocalTensor<float> values;
        if constexpr (kFloatIo) {
            values = raw;
        } else {
            values = scratch_.t0;   // t0, t1, t2 are adjacent: kComponents * slots floats
            AscendC::Cast(values, raw, AscendC::RoundMode::CAST_NONE, kComponents * slots_);
        }
        if constexpr (DIMS == 2) {
            uint64_t kept = 0;
            const AscendC::GatherMaskParams params{1, static_cast<uint16_t>(2 * slots_ * 4 / 256), 8, 0};
            AscendC::GatherMask(gx_, values, 1, false, 0, params, kept);   // pattern 1: even elements (x)
            AscendC::GatherMask(gy_, values, 2, false, 0, params, kept);   // pattern 2: odd elements (y)
        } else {
            // no built-in pattern takes every third element: Gather with precomputed offsets
            AscendC::Gather(gx_, values, splitIndex_[0], 0, slots_);
            AscendC::Gather(gy_, values, splitIndex_[1], 0, slots_);
            AscendC::Gather(gz_, values, splitIndex_[2], 0, slots_);
        }
        gridQue_.FreeTensor(raw);
    }

    // ---- coordinates ------------------------------------------------------------------------
    // Turns normalized coordinates into per-axis taps (clamped into the image), their validity
    // masks and, except for nearest, their weights.
    __aicore__ inline void ComputeAxis(const LocalTensor<float>& c, float size, LocalTensor<float>* taps,
                                       LocalTensor<float>* weights, LocalTensor<uint8_t>* masks) {
        const int32_t n = slots_;
        const bool ac = t_.alignCorners != 0;
        Unnormalize(c, size, ac, n);
        if constexpr (MODE == kNearest) {
            PadCoordinate(c, size, t_.padding, ac, scratch_, n);
            RoundTo(taps[0], c, AscendC::RoundMode::CAST_RINT, n);   // round half to even
        } else if constexpr (MODE == kBilinear) {
            PadCoordinate(c, size, t_.padding, ac, scratch_, n);
            RoundTo(taps[0], c, AscendC::RoundMode::CAST_FLOOR, n);
            AscendC::Adds(taps[1], taps[0], 1.0f, n);
            AscendC::Sub(weights[1], c, taps[0], n);   // c - x0
            AscendC::Sub(weights[0], taps[1], c, n);   // x1 - c
        } else {
            SanitizeBicubicCoordinate(c, size, t_.padding, ac, scratch_, n);
            RoundTo(taps[1], c, AscendC::RoundMode::CAST_FLOOR, n);
            AscendC::Sub(scratch_.t2, c, taps[1], n);  // fraction
            CubicWeights(weights, scratch_.t2, scratch_, n);
            AscendC::Adds(taps[0], taps[1], -1.0f, n);
            AscendC::Adds(taps[2], taps[1], 1.0f, n);
            AscendC::Adds(taps[3], taps[1], 2.0f, n);
            for (int32_t j = 0; j < kTaps; ++j) PadTap(taps[j], size, t_.padding, ac, scratch_, n);
        }
        for (int32_t j = 0; j < kTaps; ++j) {
            TapValidity(masks[j], scratch_.t0, taps[j], size, n);
            Clamp(taps[j], taps[j], 0.0f, size - 1.0f, n);
        }
    }

    // Marks which slots of the tile hold real points (rare: only tiles whose point count is not
    // a whole number of slot rows), written by the scalar unit.
    __aicore__ inline void MarkRealSlots(const Tile& tile) {
        if (tile.rows == markedRows_ && tile.cols == markedCols_) return;
        markedRows_ = tile.rows;
        markedCols_ = tile.cols;
        WaitPipe<HardEvent::V_S>();   // the previous tile's vector work may still read the mask
        for (int32_t b = 0; b < slots_ / 8; ++b) {
            uint8_t bits = 0;
            for (int32_t k = 0; k < 8; ++k)
                if (SlotIsReal(tile, b * 8 + k)) bits |= static_cast<uint8_t>(1u << k);
            realSlots_.SetValue(b, bits);
        }
        WaitPipe<HardEvent::S_V>();
    }

    // Range of one axis' valid taps over the tile's real slots, as (lo, hi) written to dst[0..1].
    __aicore__ inline void AxisRange(LocalTensor<float>* taps, LocalTensor<uint8_t>* masks, bool padSlots,
                                     const LocalTensor<float>& dst) {
        const int32_t n = slots_;
        const LocalTensor<float>& lo = scratch_.t0;
        const LocalTensor<float>& hi = scratch_.t1;
        const LocalTensor<float>& tmp = scratch_.t2;
        using AscendC::SELMODE;
        AscendC::Select(lo, masks[0], taps[0], kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        AscendC::Select(hi, masks[0], taps[0], -kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        for (int32_t j = 1; j < kTaps; ++j) {
            AscendC::Select(tmp, masks[j], taps[j], kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            AscendC::Min(lo, lo, tmp, n);
            AscendC::Select(tmp, masks[j], taps[j], -kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            AscendC::Max(hi, hi, tmp, n);
        }
        if (padSlots) {
            AscendC::Select(lo, realSlots_, lo, kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            AscendC::Select(hi, realSlots_, hi, -kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        }
        AscendC::ReduceMin(dst, lo, tmp, n);
        AscendC::ReduceMax(dst[8], hi, tmp, n);
    }

    __aicore__ inline Box ValidBox(bool padSlots) {
        const LocalTensor<float>& result = gathered_;   // free until the gathers
        AxisRange(tx_, maskX_, padSlots, result);
        AxisRange(ty_, maskY_, padSlots, result[16]);
        if constexpr (DIMS == 3) AxisRange(tz_, maskZ_, padSlots, result[32]);
        WaitPipe<HardEvent::V_S>();
        Box box;
        box.loZ = 0;
        box.hiZ = 0;
        if constexpr (DIMS == 3) {
            box.loZ = static_cast<int64_t>(MaxI(0, static_cast<int64_t>(MinF(result.GetValue(32), t_.inD))));
            box.hiZ = static_cast<int64_t>(MaxF(result.GetValue(40), -1.0f));
        }
        box.loX = static_cast<int64_t>(MaxI(0, static_cast<int64_t>(MinF(result.GetValue(0), t_.inW))));
        box.hiX = static_cast<int64_t>(MaxF(result.GetValue(8), -1.0f));
        box.loY = static_cast<int64_t>(MaxI(0, static_cast<int64_t>(MinF(result.GetValue(16), t_.inH))));
        box.hiY = static_cast<int64_t>(MaxF(result.GetValue(24), -1.0f));
        return box;
    }
    __aicore__ static inline float MinF(float a, int64_t b) { return a < float(b) ? a : float(b); }
    __aicore__ static inline float MaxF(float a, float b) { return a > b ? a : b; }

    // Offsets (bytes) of every tap inside the window: zeroBytes + row * rowBytes + column *
    // pixelBytes (the channel's own position is added as the gather base); invalid taps and pad
    // slots point at the zero area in front (offset 0).
    __aicore__ inline void WindowOffsets(const Box& box, int64_t pixelBytes, int64_t rowBytes, int64_t zeroBytes,
                                         bool padSlots, int64_t slabBytes = 0) {
        const int32_t n = slots_;
        if constexpr (DIMS == 3) {
            for (int32_t k = 0; k < kTaps; ++k) {
                AscendC::Adds(tz_[k], tz_[k], static_cast<float>(-box.loZ), n);
                AscendC::Muls(tz_[k], tz_[k], static_cast<float>(slabBytes), n);
            }
        }
        for (int32_t j = 0; j < kTaps; ++j) {
            AscendC::Adds(tx_[j], tx_[j], static_cast<float>(-box.loX), n);
            AscendC::Muls(tx_[j], tx_[j], static_cast<float>(pixelBytes), n);
        }
        for (int32_t i = 0; i < kTaps; ++i) {
            AscendC::Adds(ty_[i], ty_[i], static_cast<float>(-box.loY), n);
            AscendC::Muls(ty_[i], ty_[i], static_cast<float>(rowBytes), n);
            AscendC::Adds(ty_[i], ty_[i], static_cast<float>(zeroBytes), n);
        }
        BuildOffsets(padSlots);
    }

    // off[(k * kTaps + i) * kTaps + j] = tz[k] + ty[i] + tx[j] where the taps are valid (and the
    // slot is real), else 0.
    __aicore__ inline void BuildOffsets(bool padSlots) {
        const int32_t n = slots_;
        LocalTensor<uint16_t> all = scratch_.mask.template ReinterpretCast<uint16_t>();
        for (int32_t k = 0; k < kTapsZ; ++k) {
            for (int32_t i = 0; i < kTaps; ++i) {
                for (int32_t j = 0; j < kTaps; ++j) {
                    AscendC::Add(scratch_.t0, ty_[i], tx_[j], n);
                    AscendC::And(all, maskY_[i].template ReinterpretCast<uint16_t>(),
                                 maskX_[j].template ReinterpretCast<uint16_t>(), n / 16);
                    if constexpr (DIMS == 3) {
                        AscendC::Add(scratch_.t0, scratch_.t0, tz_[k], n);
                        AscendC::And(all, all, maskZ_[k].template ReinterpretCast<uint16_t>(), n / 16);
                    }
                    if (padSlots)
                        AscendC::And(all, all, realSlots_.template ReinterpretCast<uint16_t>(), n / 16);
                    AscendC::Select(scratch_.t0, scratch_.mask, scratch_.t0, 0.0f,
                                    AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
                    AscendC::Cast(off_[(k * kTaps + i) * kTaps + j].template ReinterpretCast<int32_t>(), scratch_.t0,
                                  AscendC::RoundMode::CAST_RINT, n);
                }
            }
        }
    }

    // ---- sampling ---------------------------------------------------------------------------
    // One tap of `count` slots from `src` (bytes offsets + base) as float into `dst`.
    __aicore__ inline void GatherTap(const LocalTensor<float>& dst, const LocalTensor<T>& src,
                                     const LocalTensor<uint32_t>& offsets, uint32_t base, int32_t count) {
        if constexpr (kFloatIo) {
            AscendC::Gather(dst, src, offsets, base, count);
        } else {
            AscendC::Gather(gatheredIo_, src, offsets, base, count);
            AscendC::Cast(dst, gatheredIo_, AscendC::RoundMode::CAST_NONE, count);
        }
    }

    // Bilinear: the four corner weights once per tile, so each channel costs 4 gathers, a Mul and
    // 3 MulAddDst, summed in torch's order nw, ne, sw, se. They replace the axis weights:
    // corner k = i * 2 + j lives in cornerWeight_[k].
    __aicore__ inline void MakeCornerWeights() {
        const int32_t n = slots_;
        AscendC::Mul(scratch_.t0, wy_[1], wx_[0], n);   // sw
        AscendC::Mul(wy_[1], wy_[1], wx_[1], n);        // se
        AscendC::Mul(wx_[0], wx_[0], wy_[0], n);        // nw
        AscendC::Mul(wx_[1], wx_[1], wy_[0], n);        // ne
        AscendC::Adds(wy_[0], scratch_.t0, 0.0f, n);    // sw
    }

    // out[s0 .. s0+count) of one channel = weighted sum of its taps read from `src` at `base`.
    __aicore__ inline void Combine(const LocalTensor<T>& out, const LocalTensor<T>& src, uint32_t base, int32_t s0,
                                   int32_t count) {
        if constexpr (MODE == kNearest) {
            AscendC::Gather(out, src, off_[0][s0], base, count);
            return;
        }
        LocalTensor<float> acc;
        if constexpr (kFloatIo) acc = out; else acc = acc_;
        const LocalTensor<float>& g = gathered_;
        if constexpr (MODE == kBilinear) {
            // 2-D: one plane straight into the accumulator; 3-D: two planes weighted in z
            const LocalTensor<float>* corner[4] = {&wx_[0], &wx_[1], &wy_[0], &wy_[1]};
            for (int32_t z = 0; z < kTapsZ; ++z) {
                const LocalTensor<float>& plane = DIMS == 3 ? rowAcc_ : acc;
                GatherTap(g, src, off_[z * 4][s0], base, count);
                AscendC::Mul(plane, g, (*corner[0])[s0], count);
                for (int32_t k = 1; k < 4; ++k) {
                    GatherTap(g, src, off_[z * 4 + k][s0], base, count);
                    AscendC::MulAddDst(plane, g, (*corner[k])[s0], count);
                }
                if constexpr (DIMS == 3) {
                    if (z == 0) {
                        AscendC::Mul(acc, plane, wz_[0][s0], count);
                    } else {
                        AscendC::MulAddDst(acc, plane, wz_[1][s0], count);
                    }
                }
            }
        } else {
            // bicubic, separable: rows of 4 taps weighted in x, rows weighted in y, and in 3-D
            // (tricubic) the planes weighted in z
            for (int32_t k = 0; k < kTapsZ; ++k) {
                const LocalTensor<float>& plane = DIMS == 3 ? planeAcc_ : acc;
                for (int32_t i = 0; i < kTaps; ++i) {
                    for (int32_t j = 0; j < kTaps; ++j) {
                        GatherTap(g, src, off_[(k * kTaps + i) * kTaps + j][s0], base, count);
                        if (j == 0) {
                            AscendC::Mul(rowAcc_, g, wx_[0][s0], count);
                        } else {
                            AscendC::MulAddDst(rowAcc_, g, wx_[j][s0], count);
                        }
                    }
                    if (i == 0) {
                        AscendC::Mul(plane, rowAcc_, wy_[0][s0], count);
                    } else {
                        AscendC::MulAddDst(plane, rowAcc_, wy_[i][s0], count);
                    }
                }
                if constexpr (DIMS == 3) {
                    if (k == 0) {
                        AscendC::Mul(acc, plane, wz_[0][s0], count);
                    } else {
                        AscendC::MulAddDst(acc, plane, wz_[k][s0], count);
                    }
                }
            }
        }
        if constexpr (!kFloatIo) AscendC::Cast(out, acc, AscendC::RoundMode::CAST_RINT, count);
    }

    // ---- output -----------------------------------------------------------------------------
    __aicore__ inline void StoreChunk(const Tile& tile, int64_t c0, int64_t channels) {
        LocalTensor<T> out = outQue_.template DeQue<T>();
        const int64_t base = tile.n * t_.outStrideN + c0 * t_.outStrideC + tile.row0 * t_.outStrideH + tile.col0;
        const int64_t points = tile.rows * tile.cols;
        const int64_t gap = (t_.outStrideC - points) * kElem;
        if (t_.flatTiles && gap >= 0 && gap <= 0xFFFFFFFFll) {
            // one DMA: each channel's points are one contiguous run
            const uint32_t ubGap = static_cast<uint32_t>((slots_ * kElem - RoundUpTo(points * kElem, kBlockBytes)) / kBlockBytes);
            AscendC::DataCopyPad(yGm_[base], out,
                                 DataCopyExtParams(static_cast<uint16_t>(channels), static_cast<uint32_t>(points * kElem),
                                                   ubGap, static_cast<uint32_t>(gap), 0));
        } else {
            for (int64_t c = 0; c < channels; ++c) {
                DataCopyExtParams params;
                if (t_.flatTiles) {
                    params = DataCopyExtParams(1, static_cast<uint32_t>(points * kElem), 0, 0, 0);
                } else {
                    const int64_t rowBytes = tile.cols * kElem;
                    params = DataCopyExtParams(
                        static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(rowBytes),
                        static_cast<uint32_t>((t_.slotPitch * kElem - RoundUpTo(rowBytes, kBlockBytes)) / kBlockBytes),
                        static_cast<uint32_t>((t_.outStrideH - tile.cols) * kElem), 0);
                }
                AscendC::DataCopyPad(yGm_[base + c * t_.outStrideC], out[c * slots_], params);
            }
        }
        outQue_.FreeTensor(out);
    }

    // ---- window path ------------------------------------------------------------------------
    // Loads the window of `channels` channels into planes of planeBytes, each led by a zero block
    // and holding the box's depth slabs (one in 2-D) of rows x pitch.
    __aicore__ inline void LoadWindow(const Tile& tile, const Box& box, int64_t c0, int64_t channels, int64_t pitch,
                                      int64_t planeBytes) {
        LocalTensor<T> win = windowQue_.template AllocTensor<T>();
        const int64_t planeElems = planeBytes / kElem;
        for (int64_t c = 0; c < channels; ++c) AscendC::Duplicate(win[c * planeElems], static_cast<T>(0.0f), kBlockBytes / kElem);
        const int64_t rows = box.hiY - box.loY + 1;
        const int64_t slabs = box.hiZ - box.loZ + 1;
        if (rows > 0) {
            const int64_t cols = box.hiX - box.loX + 1;
            const int64_t src = tile.n * t_.inStrideN + c0 * t_.inStrideC + box.loZ * t_.inStrideD + box.loY * t_.inStrideH + box.loX;
            const int64_t runElems = slabs * rows * t_.inW;   // the window as one run, when it is contiguous
            const int64_t planeGap = (t_.inStrideC - runElems) * kElem;
            if (contiguousWindow_) {
                // every channel's window is one contiguous run: one DMA for the chunk
                AscendC::DataCopyPad(win[kBlockBytes / kElem], xGm_[src],
                                     DataCopyExtParams(static_cast<uint16_t>(channels), static_cast<uint32_t>(runElems * kElem),
                                                       static_cast<uint32_t>(planeGap), 1, 0),
                                     DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            } else {
                for (int64_t c = 0; c < channels; ++c) {
                    for (int64_t z = 0; z < slabs; ++z) {
                        AscendC::DataCopyPad(win[c * planeElems + (kBlockBytes + z * slabBytes_) / kElem],
                                             xGm_[src + c * t_.inStrideC + z * t_.inStrideD],
                                             DataCopyExtParams(static_cast<uint16_t>(rows), static_cast<uint32_t>(cols * kElem),
                                                               static_cast<uint32_t>((t_.inStrideH - cols) * kElem),
                                                               static_cast<uint32_t>((pitch * kElem - RoundUpTo(cols * kElem, kBlockBytes)) / kBlockBytes),
                                                               0),
                                             DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
                    }
                }
            }
        }
        windowQue_.EnQue(win);
    }

    // Channel-last input: one window of pixels holding `channels` channels each (pixelBytes_), led
    // by a zero pixel; one DMA per window row.
    __aicore__ inline void LoadWindowChannelLast(const Tile& tile, const Box& box, int64_t c0, int64_t channels) {
        LocalTensor<T> win = windowQue_.template AllocTensor<T>();
        const int64_t zero = RoundUpTo(pixelBytes_, kBlockBytes);
        AscendC::Duplicate(win, static_cast<T>(0.0f), static_cast<int32_t>(zero / kElem));
        const int64_t cols = box.hiX - box.loX + 1;
        if (denseRows_) {
            // whole pixels of every channel: each window row is one contiguous run
            const int64_t rows = box.hiY - box.loY + 1;
            if (rows > 0)
                AscendC::DataCopyPad(win[zero / kElem], xGm_[tile.n * t_.inStrideN + box.loY * t_.inStrideH + box.loX * t_.c],
                                     DataCopyExtParams(static_cast<uint16_t>(rows), static_cast<uint32_t>(cols * pixelBytes_),
                                                       static_cast<uint32_t>((t_.inStrideH - cols * t_.c) * kElem), 0, 0),
                                     DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            windowQue_.EnQue(win);
            return;
        }
        const uint32_t pixelGap =
            static_cast<uint32_t>((pixelBytes_ - RoundUpTo(channels * kElem, kBlockBytes)) / kBlockBytes);
        for (int64_t row = box.loY; row <= box.hiY; ++row) {
            AscendC::DataCopyPad(win[(pixelBytes_ + (row - box.loY) * rowBytes_) / kElem],
                                 xGm_[tile.n * t_.inStrideN + c0 + row * t_.inStrideH + box.loX * t_.inStrideW],
                                 DataCopyExtParams(static_cast<uint16_t>(cols), static_cast<uint32_t>(channels * kElem),
                                                   static_cast<uint32_t>((t_.inStrideW - channels) * kElem), pixelGap, 0),
                                 DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
        }
        windowQue_.EnQue(win);
    }

    __aicore__ inline void SampleFromWindow(const Tile& tile, int64_t cBegin, int64_t cEnd) {
        for (int64_t c0 = cBegin; c0 < cEnd; c0 += chunk_) {
            const int64_t channels = MinI(chunk_, cEnd - c0);
            if (t_.channelLast) {
                LoadWindowChannelLast(tile, box_, c0, channels);
            } else {
                LoadWindow(tile, box_, c0, channels, pitch_, planeBytes_);
            }
            LocalTensor<T> win = windowQue_.template DeQue<T>();
            LocalTensor<T> out = outQue_.template AllocTensor<T>();
            for (int64_t c = 0; c < channels; ++c)
                Combine(out[c * slots_], win, static_cast<uint32_t>(c * channelStride_), 0, slots_);
            windowQue_.FreeTensor(win);
            outQue_.EnQue(out);
            StoreChunk(tile, c0, channels);
        }
    }

    // ---- per-point path ---------------------------------------------------------------------
    // Where a point's fetched taps land in UB. NCHW: per tap row, one 32-byte block per channel
    // holding the row's run of pixels. Channel-last: per tap row, the run's pixels, each a block
    // holding the channels.
    struct PointLayout {
        int64_t rowBytes, pixelBytes, channelStride, zeroBytes;
    };
    __aicore__ inline PointLayout PointLayoutFor(int64_t channels) const {
        if (t_.channelLast) {
            const int64_t pixel = RoundUpTo(channels * kElem, kBlockBytes);
            return PointLayout{kTaps * pixel, pixel, kElem, pixel};
        }
        return PointLayout{channels * kBlockBytes, kElem, kBlockBytes, channels * kBlockBytes};
    }

    __aicore__ inline void SamplePerPoint(const Tile& tile, int64_t cBegin, int64_t cEnd) {
        // 16-point groups must fit half a window buffer
        const int64_t maxChannels = t_.channelLast
                                        ? ((t_.windowBufBytes / 2) / (16 * kTaps * kTaps)) / kBlockBytes * kBlockBytes / kElem
                                        : (t_.windowBufBytes / 2) / (kRowsPerPoint * kBlockBytes * 16);
        const int64_t perChunk = MinI(MinI(t_.chunkChannels, cEnd - cBegin), MaxI(1, maxChannels));
        const int64_t lastSlot = t_.flatTiles ? tile.rows * tile.cols : (tile.rows - 1) * t_.slotPitch + tile.cols;
        for (int64_t c0 = cBegin; c0 < cEnd; c0 += perChunk) {
            const int64_t channels = MinI(perChunk, cEnd - c0);
            const PointLayout layout = PointLayoutFor(channels);
            const int64_t zeroBytes = layout.zeroBytes;
            const int64_t group = (t_.windowBufBytes - zeroBytes) / (layout.rowBytes * kRowsPerPoint) / 16 * 16;
            LocalTensor<T> out = outQue_.template AllocTensor<T>();
            for (int64_t s0 = 0; s0 < lastSlot; s0 += group) {
                const int64_t count = MinI(group, slots_ - s0);
                LocalTensor<T> area = windowQue_.template AllocTensor<T>();
                AscendC::Duplicate(area, static_cast<T>(0.0f), static_cast<int32_t>(zeroBytes / kElem));
                WaitPipe<HardEvent::V_S>();   // offsets are rewritten by the scalar unit below
                for (int64_t s = s0; s < s0 + count; ++s) FetchPointTaps(tile, area, s, s - s0, c0, channels, layout);
                WaitPipe<HardEvent::S_V>();
                windowQue_.EnQue(area);
                area = windowQue_.template DeQue<T>();
                for (int64_t c = 0; c < channels; ++c)
                    Combine(out[c * slots_ + s0], area, static_cast<uint32_t>(c * layout.channelStride), static_cast<int32_t>(s0),
                            static_cast<int32_t>(count));
                windowQue_.FreeTensor(area);
            }
            outQue_.EnQue(out);
            StoreChunk(tile, c0, channels);
        }
    }

    // A point's taps of one row lie within kTaps adjacent pixels (padding moves taps at most as far
    // apart as they were), so each tap row is one DMA of that run for `channels` channels; invalid
    // taps read the zero area at the front.
    __aicore__ inline void FetchPointTaps(const Tile& tile, const LocalTensor<T>& area, int64_t s, int64_t local,
                                          int64_t c0, int64_t channels, const PointLayout& layout) {
        const bool real = SlotIsReal(tile, s);
        int64_t xs = t_.inW;   // first pixel of the run: the smallest valid x tap
        bool anyX = false;
        for (int32_t j = 0; j < kTaps; ++j) {
            if (real && MaskBit(maskX_[j], s)) {
                xs = MinI(xs, static_cast<int64_t>(tx_[j].GetValue(s)));
                anyX = true;
            }
        }
        const int64_t run = MinI(kTaps, t_.inW);
        xs = MaxI(0, MinI(xs, t_.inW - run));
        for (int32_t row = 0; row < kRowsPerPoint; ++row) {   // tap rows: (z tap, y tap)
            const int32_t k = row / kTaps, i = row % kTaps;
            const bool rowValid = anyX && MaskBit(maskY_[i], s) && (DIMS == 2 || MaskBit(maskZ_[k], s));
            const int64_t block = layout.zeroBytes + (local * kRowsPerPoint + row) * layout.rowBytes;
            if (rowValid) {
                const int64_t y = static_cast<int64_t>(ty_[i].GetValue(s));
                const int64_t z = DIMS == 3 ? static_cast<int64_t>(tz_[k].GetValue(s)) : 0;
                const int64_t src = tile.n * t_.inStrideN + c0 * t_.inStrideC + z * t_.inStrideD + y * t_.inStrideH +
                                    xs * t_.inStrideW;
                // NCHW: a block per channel holding the run; channel-last: a block per pixel holding the channels
                const DataCopyExtParams params =
                    t_.channelLast
                        ? DataCopyExtParams(static_cast<uint16_t>(run), static_cast<uint32_t>(channels * kElem),
                                            static_cast<uint32_t>((t_.inStrideW - channels) * kElem), 0, 0)
                        : DataCopyExtParams(static_cast<uint16_t>(channels), static_cast<uint32_t>(run * kElem),
                                            static_cast<uint32_t>((t_.inStrideC - run) * kElem), 0, 0);
                AscendC::DataCopyPad(area[block / kElem], xGm_[src], params,
                                     DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            }
            for (int32_t j = 0; j < kTaps; ++j) {
                const bool valid = rowValid && MaskBit(maskX_[j], s);
                const int64_t column = valid ? static_cast<int64_t>(tx_[j].GetValue(s)) - xs : 0;
                off_[row * kTaps + j].SetValue(s, valid ? static_cast<uint32_t>(block + column * layout.pixelBytes) : 0u);
            }
        }
    }

    __aicore__ static inline bool MaskBit(const LocalTensor<uint8_t>& mask, int64_t s) {
        return ((mask.GetValue(s / 8) >> (s % 8)) & 1u) != 0;
    }

    // ---- one tile ---------------------------------------------------------------------------
    // Coordinates, weights, validity and the window (or per-point) plan of a tile, shared by all
    // of its channels.
    __aicore__ inline void PrepareTile(const Tile& tile) {
        SplitGrid();
        const bool padSlots = HasPadSlots(tile);
        if (padSlots) MarkRealSlots(tile);
        ComputeAxis(gx_, static_cast<float>(t_.inW), tx_, wx_, maskX_);
        ComputeAxis(gy_, static_cast<float>(t_.inH), ty_, wy_, maskY_);
        if constexpr (DIMS == 3) ComputeAxis(gz_, static_cast<float>(t_.inD), tz_, wz_, maskZ_);
        if constexpr (MODE == kBilinear) MakeCornerWeights();
        Box box = ValidBox(padSlots);

        int64_t rows = box.hiY - box.loY + 1;
        int64_t cols = box.hiX - box.loX + 1;
        if (rows <= 0 || cols <= 0 || box.hiZ < box.loZ) {
            rows = 0;
            cols = 1;
            box.hiY = box.loY - 1;
            box.loZ = box.hiZ = 0;
        }
        if (t_.channelLast) {
            PlanChannelLastWindow(box, rows, cols, padSlots);
        } else {
            PlanPlanarWindow(box, rows, cols, padSlots);
        }
    }

    // NCHW / NCDHW: a plane per channel led by a zero block, holding the box's depth slabs of
    // rows x pitch. Whole rows when the taps span at least half the width (and, in 3-D, whole
    // slabs when they also span half the height): then the window is one contiguous run per channel.
    __aicore__ inline void PlanPlanarWindow(Box box, int64_t rows, int64_t cols, bool padSlots) {
        if (rows > 0 && 2 * cols >= t_.inW && t_.inStrideH == t_.inW) {
            box.loX = 0;
            box.hiX = t_.inW - 1;
            cols = t_.inW;
        }
        const bool wholeRows = cols == t_.inW && t_.inStrideH == t_.inW;
        if (DIMS == 3 && wholeRows && rows > 0 && 2 * rows >= t_.inH && t_.inStrideD == t_.inH * t_.inW) {
            box.loY = 0;
            box.hiY = t_.inH - 1;
            rows = t_.inH;
        }
        const int64_t slabs = rows > 0 ? box.hiZ - box.loZ + 1 : 1;
        const int64_t planeGap = (t_.inStrideC - slabs * rows * t_.inW) * kElem;
        const bool slabsAdjacent = rows == t_.inH && t_.inStrideD == t_.inH * t_.inW;
        contiguousWindow_ = wholeRows && (DIMS == 2 || slabs == 1 || slabsAdjacent) && planeGap >= 0 &&
                            planeGap <= 0xFFFFFFFFll;
        // one run keeps the input's rows back to back; row-by-row DMAs land each row padded to 32 bytes
        pitch_ = contiguousWindow_ ? t_.inW : RoundUpTo(cols * kElem, kBlockBytes) / kElem;
        slabBytes_ = rows * pitch_ * kElem;   // a multiple of 32 bytes unless the window is one run
        planeBytes_ = kBlockBytes + RoundUpTo(slabs * slabBytes_, kBlockBytes);
        box_ = box;
        chunk_ = MinI(t_.chunkChannels, t_.windowBufBytes / planeBytes_);
        channelStride_ = planeBytes_;
        useWindow_ = chunk_ >= 1 && rows <= 4095;
        if (useWindow_) WindowOffsets(box, kElem, pitch_ * kElem, kBlockBytes, padSlots, slabBytes_);
    }

    // Channel-last: a window of pixels led by a zero pixel. When a unit takes every channel of
    // densely packed pixels, rows are loaded whole (pixels of C elements, one DMA per window);
    // otherwise each pixel holds as many channels as fit, padded to a 32-byte block.
    __aicore__ inline void PlanChannelLastWindow(const Box& box, int64_t rows, int64_t cols, bool padSlots) {
        box_ = box;
        channelStride_ = kElem;
        denseRows_ = t_.channelGroups == 1 && t_.inStrideW == t_.c && t_.c <= t_.chunkChannels;
        if (denseRows_) {
            pixelBytes_ = t_.c * kElem;
            rowBytes_ = RoundUpTo(cols * pixelBytes_, kBlockBytes);
            const int64_t zero = RoundUpTo(pixelBytes_, kBlockBytes);
            chunk_ = t_.c;
            useWindow_ = zero + rows * rowBytes_ <= t_.windowBufBytes && rows <= 4095;
            if (useWindow_) WindowOffsets(box, pixelBytes_, rowBytes_, zero, padSlots);
            return;
        }
        const int64_t maxPixelBytes = t_.windowBufBytes / (rows * cols + 1) / kBlockBytes * kBlockBytes;
        chunk_ = MinI(MinI(t_.chunkChannels, t_.groupChannels), maxPixelBytes / kElem);
        useWindow_ = chunk_ >= 1 && cols <= 4095;
        if (!useWindow_) return;
        pixelBytes_ = RoundUpTo(chunk_ * kElem, kBlockBytes);
        rowBytes_ = cols * pixelBytes_;
        WindowOffsets(box, pixelBytes_, rowBytes_, pixelBytes_, padSlots);
    }

    GridSampleTilingData t_;
    int32_t slots_ = 0;
    int64_t markedRows_ = -1, markedCols_ = -1;
    // the current tile's plan
    Box box_{};
    int64_t pitch_ = 0, planeBytes_ = 0;          // NCHW planes
    int64_t slabBytes_ = 0;                       // one depth slab of a plane (3-D; the whole plane in 2-D)
    bool contiguousWindow_ = false;               // a channel's window is one run of the input
    int64_t pixelBytes_ = 0, rowBytes_ = 0;       // channel-last pixels
    bool denseRows_ = false;                      // channel-last pixels of every channel, unpadded
    int64_t chunk_ = 0, channelStride_ = 0;       // channels per window load; bytes between them in UB
    bool useWindow_ = false;
    AscendC::TPipe pipe_;
    AscendC::TQue<TPosition::VECIN, 2> gridQue_;
    AscendC::TQue<TPosition::VECIN, 2> windowQue_;
    AscendC::TQue<TPosition::VECOUT, 2> outQue_;
    AscendC::TBuf<TPosition::VECCALC> pointBuf_;
    AscendC::TBuf<TPosition::VECCALC> maskBuf_;
    GlobalTensor<T> xGm_, gridGm_, yGm_;

    LocalTensor<float> gx_, gy_, gz_;
    LocalTensor<float> tx_[kTaps], ty_[kTaps], tz_[kTaps];
    LocalTensor<float> wx_[kTaps], wy_[kTaps], wz_[kTaps];
    LocalTensor<uint32_t> splitIndex_[3];
    LocalTensor<uint32_t> off_[kTapCount];
    LocalTensor<float> gathered_, acc_, rowAcc_, planeAcc_;
    LocalTensor<T> gatheredIo_;
    LocalTensor<uint8_t> maskX_[kTaps], maskY_[kTaps], maskZ_[kTaps], realSlots_;
    Scratch scratch_;
};

}  // namespace gridsample

#endif  // GRID_SAMPLE_KERNEL_H
