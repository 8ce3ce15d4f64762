// GridSample AI Core kernel, one template per (dtype, interpolation mode, 2 or 3 spatial dims,
// input layout), for NCHW / NCDHW input and for channel-last input (NHWC / NDHWC memory), read
// in place.
//
// Work unit: a channel group of a tile of output points (whole rows up to 64 columns, else blocks
// 32 columns wide, or 16 for bicubic); a core's consecutive units share their tile. Per tile: one DMA brings the
// grid tile (prefetched one tile ahead) and the vector unit computes every tap's coordinates,
// weights, validity and UB offset once. Then per chunk of channels one or a few DMAs bring the
// window of input the tile's taps touch, Gather picks the taps out of UB, the weighted sum is
// formed in float32, and one DMA (or one per channel) writes the chunk of outputs. Queues are
// double-buffered so DMA and vector work overlap; 2-D channel-last input also loads the next tile's
// first window (on a coarse box of its taps) while the last chunk of a tile is combined, so tile
// changes overlap as well. Taps outside the image read a zero area kept in
// front of the window, so no masking is needed per channel. When a tile's window does not fit the
// UB (scattered grids), each point's tap rows are fetched by small DMAs instead.
//
// The parts follow the seams of PyTorch's grid sampler:
// - GridSampleTaps: tap computation (split the grid, unnormalize and pad per axis, corner
//   weights, the valid box, the taps' offsets in a window);
// - the layout policy, a template parameter (PlanarLayout / ChannelLastLayout): the window plan
//   (a value), the window load and the per-point fetch of one tap row;
// - GridSampleCombine: the weighted sum of a chunk of channels and its store.
// GridSampleKernel drives them tile by tile.
#ifndef GRID_SAMPLE_KERNEL_H
#define GRID_SAMPLE_KERNEL_H

#include "kernel_operator.h"
#include "dma_limits.h"
#include "grid_sample_tiling_data.h"
#include "grid_sample_coords.h"

namespace gridsample {

using AscendC::DataCopyExtParams;
using AscendC::DataCopyPadExtParams;
using AscendC::GlobalTensor;
using AscendC::LocalTensor;
using AscendC::TPosition;

constexpr int32_t kBlockBytes = kUbBlockBytes;
// (dma_limits.h: a window loaded row by row has at most kMaxDmaBlockCount rows, a pixel-block
// window at most as many columns.)
// Where ValidBox's reductions land in its result vector (floats): ReduceMin at the axis' base,
// ReduceMax one 32-byte block later (a vector destination starts on a block), the axes two
// blocks apart (x, y, z).
constexpr int32_t kRangeLo = 0;
constexpr int32_t kRangeHi = kBlockBytes / 4;
constexpr int32_t kRangeAxisStride = 2 * kBlockBytes / 4;
// Window parts (SampleInParts): at most 8 (a 2048-slot nearest tile in 256-slot bands), each
// starting on a multiple of 256 slots, so that its validity masks start on a 32-byte block.
constexpr int32_t kMaxWindowParts = 8;
constexpr int32_t kWindowPartSlots = 256;
// A DMA's start-up takes about as long as moving this many bytes with every core streaming (27
// cycles at ~10 bytes per cycle, performance.md's fitted figures): the most a window load adds to
// save one.
constexpr int64_t kDmaStartupBytes = 256;

__aicore__ inline int64_t RoundUpTo(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
__aicore__ inline int64_t MinI(int64_t a, int64_t b) { return a < b ? a : b; }
__aicore__ inline int64_t MaxI(int64_t a, int64_t b) { return a > b ? a : b; }

using Tile = TileGeometry;
// Input depth/rows/columns a tile's valid taps touch; empty when lo > hi.
struct Box {
    int64_t loY, hiY, loX, hiX, loZ, hiZ;
};
// What tap computation hands on to the layout: the box (empty boxes normalized to rows = 0),
// its extent, and whether the tile has pad slots.
struct TileTaps {
    Box box;
    int64_t rows, cols;
    bool padSlots;
};

__aicore__ inline bool SlotIsReal(const GridSampleTilingData& t, const Tile& tile, int64_t s) {
    if (t.flatTiles) return s < tile.depths * tile.rows * tile.cols;
    return s / tile.pitch < tile.rows && s % tile.pitch < tile.cols;
}
__aicore__ inline bool HasPadSlots(const GridSampleTilingData& t, const Tile& tile) {
    if (t.flatTiles) return tile.depths * tile.rows * tile.cols != tile.slots;
    return tile.cols != tile.pitch || tile.rows * tile.pitch != tile.slots;
}
__aicore__ inline bool MaskBit(const LocalTensor<uint8_t>& mask, int64_t s) {
    return ((mask.GetValue(s / 8) >> (s % 8)) & 1u) != 0;
}

// The point and mask buffers carved by the inventory table (grid_sample_tiling_data.h) for tiles
// of `slots` slots. The split indices, last in the table, keep the tiling's slot count: built once,
// they serve every tile.
struct UbCarve {
    LocalTensor<float> vectors;
    LocalTensor<uint8_t> masks;
    UbInventory inventory;
    int32_t slots, maskBytes, tilingSlots;
    __aicore__ inline LocalTensor<float> Vector(int32_t kind, int32_t index) const {
        return vectors[(UbFirstVector(inventory, kind) + index) * (kind == kVecSplitIndex ? tilingSlots : slots)];
    }
    __aicore__ inline LocalTensor<uint8_t> Mask(int32_t index) const { return masks[index * maskBytes]; }
};

template <typename T, int32_t MODE, int32_t DIMS>
struct KernelShape {
    static_assert(DIMS == 2 || DIMS == 3, "2 or 3 spatial dims");
    static constexpr int32_t kTaps = TapsPerAxisOf(MODE);
    static constexpr int32_t kTapsZ = DIMS == 3 ? kTaps : 1;      // z taps (one dummy in 2-D)
    static constexpr int32_t kRowsPerPoint = kTaps * kTapsZ;      // tap rows (z, y) of one point
    static constexpr int32_t kTapCount = kRowsPerPoint * kTaps;
    static constexpr bool kTrilinear = DIMS == 3 && MODE == kBilinear;
    static constexpr int32_t kComponents = DIMS;                  // grid values per point
    static constexpr int32_t kElem = sizeof(T);
    static constexpr bool kFloatIo = sizeof(T) == 4;
    static constexpr int32_t kDataKind = kFloatIo ? kFloat32 : kFloat16;   // both half kinds carve alike
    static constexpr bool kPairedRows = PairedRowsOf(MODE, DIMS);
    static_assert(kTapCount == TapCountOf(MODE, DIMS), "tap count");
    // The offset vector of tap (z k, y i, x j): tap order, but for paired rows x-major in each pair.
    __aicore__ static constexpr int32_t TapIndex(int32_t k, int32_t i, int32_t j) {
        return kPairedRows ? i / 2 * 2 * kTaps + j * 2 + i % 2 : (k * kTaps + i) * kTaps + j;
    }
    static_assert(UbInventoryOf(MODE, kDataKind, DIMS).vectors[kVecTap] == DIMS * kTaps &&
                      UbInventoryOf(MODE, kDataKind, DIMS).vectors[kVecOffset] + kReusedOffsetVectors >= kTapCount &&
                      UbInventoryOf(MODE, kDataKind, DIMS).masks == DIMS * kTaps + 2,
                  "the kernel's buffers are the inventory's");
};

// ---- tap computation --------------------------------------------------------------------------
template <typename T, int32_t MODE, int32_t DIMS>
class GridSampleTaps : public KernelShape<T, MODE, DIMS> {
    using S = KernelShape<T, MODE, DIMS>;
    using S::kComponents;
    using S::kFloatIo;
    using S::kTapCount;
    using S::kTaps;
    using S::kPairedRows;
    using S::kTapsZ;
    using S::kTrilinear;

public:
    __aicore__ inline void Init(const GridSampleTilingData& tiling, const UbCarve& ub) {
        t_ = &tiling;
        Carve(ub);
        if constexpr (DIMS == 3) {
            // byte offsets of component k of point i in a buffer of (x, y, z) float triples: the
            // scalar unit writes one block of x offsets, the vector unit doubles the run up to the
            // slot count and adds the y and z components (a scalar write per slot would hold up
            // every pipe for thousands of cycles at the kernel's start)
            constexpr int32_t kSeed = kBlockBytes / 4;
            constexpr int32_t kTripleBytes = 3 * 4;
            const LocalTensor<int32_t> x = splitIndex_[0].template ReinterpretCast<int32_t>();
            for (int32_t i = 0; i < kSeed; ++i) x.SetValue(i, i * kTripleBytes);
            WaitPipe<HardEvent::S_V>();
            for (int32_t len = kSeed; len < slots_; len *= 2)
                AscendC::Adds(x[len], x, len * kTripleBytes, len < slots_ - len ? len : slots_ - len);
            for (int32_t k = 1; k < 3; ++k)
                AscendC::Adds(splitIndex_[k].template ReinterpretCast<int32_t>(), x, k * 4, slots_);
        }
    }

    // The vectors and masks of tiles of ub.slots slots (TileGeometry::slots).
    __aicore__ inline void Carve(const UbCarve& ub) {
        slots_ = ub.slots;
        maskBytes_ = ub.maskBytes;
        markedRows_ = markedCols_ = markedDepths_ = -1;   // the real-slot mask moved
        gx = ub.Vector(kVecGrid, 0);
        gy = ub.Vector(kVecGrid, 1);
        if (DIMS == 3) gz = ub.Vector(kVecGrid, 2);
        // tap t of axis a: axis-major, except trilinear's tap-major (x, y, z of one tap adjacent,
        // like the grid vectors, so ComputeAxes takes the three axes per instruction)
        // (paired rows: each wx[t] followed by its copy, then wy)
        for (int32_t t = 0; t < kTaps; ++t) {
            const int32_t stride = kTrilinear ? DIMS : 1, axisStride = kTrilinear ? 1 : kTaps;
            tx[t] = ub.Vector(kVecTap, t * stride);
            ty[t] = ub.Vector(kVecTap, t * stride + axisStride);
            if (DIMS == 3) tz[t] = ub.Vector(kVecTap, t * stride + 2 * axisStride);
            if (MODE != kNearest) {
                wx[t] = ub.Vector(kVecWeight, kPairedRows ? 2 * t : t * stride);
                wy[t] = ub.Vector(kVecWeight, kPairedRows ? 2 * kTaps + t : t * stride + axisStride);
                if (DIMS == 3) wz[t] = ub.Vector(kVecWeight, t * stride + 2 * axisStride);
            }
        }
        scratch.t0 = ub.Vector(kVecScratch, 0);
        scratch.t1 = ub.Vector(kVecScratch, 1);
        scratch.t2 = ub.Vector(kVecScratch, 2);
        if constexpr (kTrilinear) {
            // the plane corners weighted by wz[0] in place; by wz[1] in the temporaries t1 and t2
            // (beyond the reused offset vectors; dead after the offsets), the row accumulator the
            // window path does not use, and wz[1] itself
            const LocalTensor<float> eight[8] = {wx[0], wx[1], wy[0], wy[1], scratch.t1, scratch.t2, ub.Vector(kVecRowAcc, 0), wz[1]};
            for (int32_t k = 0; k < 8; ++k) corner[k] = eight[k];
        }
        boxResult_ = ub.Vector(kVecGathered, 0);   // free until the gathers
        if (DIMS == 3)
            for (int32_t k = 0; k < 3; ++k) splitIndex_[k] = ub.Vector(kVecSplitIndex, k).template ReinterpretCast<uint32_t>();
        // the last offsets reuse the vectors after kVecOffset (grid, then scratch), dead by the
        // time offsets are built: all of them adjacent; BuildOffsets sums in t2, beyond them
        constexpr int32_t kOwn = UbInventoryOf(MODE, S::kDataKind, DIMS).vectors[kVecOffset];
        for (int32_t k = 0; k < kTapCount; ++k)
            off[k] = (k < kOwn ? ub.Vector(kVecOffset, k) : ub.Vector(kVecGrid, k - kOwn)).template ReinterpretCast<uint32_t>();
        // masks in the order of the taps: axis-major, but trilinear's tap-major
        for (int32_t t = 0; t < kTaps; ++t) {
            const int32_t stride = kTrilinear ? DIMS : 1, axisStride = kTrilinear ? 1 : kTaps;
            maskX[t] = ub.Mask(t * stride);
            maskY[t] = ub.Mask(t * stride + axisStride);
            if (DIMS == 3) maskZ[t] = ub.Mask(t * stride + 2 * axisStride);
        }
        int32_t m = DIMS * kTaps;
        scratch.mask = ub.Mask(m++);
        realSlots = ub.Mask(m++);
    }

    // Coordinates, weights, validity and the valid box of a tile from its grid tile as loaded;
    // without `boxNeeded` (its window is loading into a coarse box already) no box: its reductions
    // and the scalar unit's wait for them are skipped.
    __aicore__ inline TileTaps Prepare(const LocalTensor<T>& rawGrid, const Tile& tile, bool boxNeeded) {
        SplitGrid(rawGrid);
        TileTaps result;
        result.padSlots = HasPadSlots(*t_, tile);
        if (result.padSlots) MarkRealSlots(tile);
        // unnormalize and pad every axis at once (gx, gy, gz are adjacent), then taps per axis
        const float sizes[3] = {static_cast<float>(t_->inW), static_cast<float>(t_->inH), static_cast<float>(t_->inD)};
        const bool ac = t_->alignCorners != 0;
        UnnormalizeAxes(gx, sizes, DIMS, ac, slots_);
        // zeros and border clamp after the box's reductions (CoordinateBox clamps their results)
        const bool clampAfter = t_->padding != kReflection;
        if (clampAfter)
            ReplaceNaNAxes(gx, t_->padding, maskX[0], DIMS * slots_);
        else
            ReflectAxes(gx, sizes, DIMS, ac, MODE == kBicubic, scratch, maskX[0], slots_);
        // the box from the coordinates' extremes where it can be: the scalar unit reads it (and
        // starts the window's DMA) while the vector unit goes on with the taps
        // (but the depth of a 3-D tile with zeros padding: there, output slices that map wholly
        // outside the input, as a zoom-out's first and last do, would add a slab to the window)
        const bool boxFromCoordinates = boxNeeded && BoxFromCoordinates(), validDepths = DIMS == 3 && t_->padding == kZeros;
        event_t boxReady = static_cast<event_t>(0);
        if (boxFromCoordinates) {
            ReduceCoordinates(tile, result.padSlots, validDepths ? 2 : DIMS);
            boxReady = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
            if (!validDepths) AscendC::SetFlag<HardEvent::V_S>(boxReady);
        }
        if (clampAfter) ClampAxes(gx, sizes, DIMS, t_->padding, MODE == kBicubic, slots_);
        if constexpr (kTrilinear) {
            ComputeAxes(sizes);
        } else if constexpr (MODE == kBicubic) {
            ComputeCubicAxes(sizes);
        } else if constexpr (MODE == kNearest) {
            ComputeNearestAxes(sizes);
        } else {
            ComputeAxis(gx, sizes[0], tx, wx, maskX);
            ComputeAxis(gy, sizes[1], ty, wy, maskY);
        }
        if (boxFromCoordinates) {
            if (validDepths) {
                AxisRange(tz, maskZ, result.padSlots, boxResult_[2 * kRangeAxisStride], 0, slots_);
                AscendC::SetFlag<HardEvent::V_S>(boxReady);
            }
            if constexpr (MODE == kBilinear) MakeCornerWeights();
            AscendC::WaitFlag<HardEvent::V_S>(boxReady);
            bool loose[2] = {false, false};
            Box box = CoordinateBox(validDepths, tile, loose);
            if (loose[0] || loose[1]) {   // those axes' valid taps, as ValidBox takes them
                if (loose[0]) AxisRange(tx, maskX, result.padSlots, boxResult_[0], 0, slots_);
                if (loose[1]) AxisRange(ty, maskY, result.padSlots, boxResult_[kRangeAxisStride], 0, slots_);
                WaitPipe<HardEvent::V_S>();
                if (loose[0]) TapRange(0, t_->inW, &box.loX, &box.hiX);
                if (loose[1]) TapRange(1, t_->inH, &box.loY, &box.hiY);
            }
            SetBox(&result, box);
            return result;
        }
        SetBox(&result, boxNeeded ? ValidBox(result.padSlots, 0, slots_) : Box{0, -1, 0, -1, 0, 0});   // none
        // after the box, which the scalar unit waits for before it starts the window's DMA
        if constexpr (MODE == kBilinear) MakeCornerWeights();
        return result;
    }

    // Where a tile's box is the range of taps around its coordinates' extremes, clamped into the
    // input: wherever a tap is a monotone function of its coordinate (floor, round, floor + j)
    // and padded only by clamping or not at all. Not bicubic reflection, which reflects each tap
    // on its own. The box holds every valid tap; with zeros padding it also spans the points with
    // no valid tap on an axis (outside the input, or NaN), which only matters where such points
    // lie apart from the valid ones: not where a continuous warp samples a rectangle of output
    // points densely (coarse ones take their valid taps' range, CoordinateBox's loose axes). 3-D
    // tiles with zeros padding are such rectangles when tiled by slice (planeRows > 0: rows of
    // one slice, or the same rows of consecutive slices); other 3-D tiles run from a slice's last
    // rows into the next slice's first.
    __aicore__ inline bool BoxFromCoordinates() const {
        if (MODE == kBicubic && t_->padding == kReflection) return false;
        return DIMS == 2 || t_->padding != kZeros || t_->planeRows > 0;
    }

    // The extremes of the first `axes` axes' coordinates (NaN replaced, not yet clamped;
    // reflected with reflection padding) over the tile's real points, into boxResult_ as
    // ValidBox lays them out: a flat tile's real slots come first; other tiles' pad slots are
    // masked.
    __aicore__ inline void ReduceCoordinates(const Tile& tile, bool padSlots, int32_t axes) {
        const bool masked = padSlots && !t_->flatTiles;
        const int32_t count = t_->flatTiles ? static_cast<int32_t>(tile.depths * tile.rows * tile.cols) : slots_;
        const LocalTensor<float> coordinates[3] = {gx, gy, gz};
        for (int32_t a = 0; a < axes; ++a) {
            const LocalTensor<float> dst = boxResult_[a * kRangeAxisStride];
            if (masked) {
                KeptExtremes(dst, realSlots, coordinates[a], coordinates[a], scratch.t0, scratch.t1, scratch.t2, slots_, count);
            } else {
                Extremes(dst, coordinates[a], coordinates[a], scratch.t2, count);
            }
        }
    }

    // The box of ReduceCoordinates' extremes (read once the vector unit has written them): an
    // axis' taps run from tap(lo) - below to tap(hi) + above, tap = round half to even (nearest)
    // or floor, as the tap computations round; the same scalar rounding of the same float values.
    // Zeros padding drops the taps outside the input; the others clamp them to its edge. With
    // validDepths, the depth range is AxisRange's, of the valid z taps, as ValidBox reads it.
    // loose[a] where axis a's range may hold much more than its valid taps (x and y; the depth
    // is never loose), with zeros padding: a point at the clamp's far end (NaN, or 8 pixels or
    // more outside the input: an outlier of a dense warp would stretch the box to the edge), or
    // taps outside the input where the points lie more than 2 input pixels apart on average
    // (their taps span over twice the tile's own extent on the axis; a coarse zoom-out, whose
    // points outside may lie steps from the valid ones, or on both sides of the input with none
    // in it).
    __aicore__ inline Box CoordinateBox(bool validDepths, const Tile& tile, bool* loose) const {
        const int64_t extents[3] = {tile.cols, tile.rows, tile.depths};
        const int64_t below = MODE == kBicubic ? 1 : 0, above = kTaps - 1 - below;
        const int64_t sizes[3] = {t_->inW, t_->inH, t_->inD};
        int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        for (int32_t a = 0; a < (validDepths ? 2 : DIMS); ++a) {
            float least = boxResult_.GetValue(a * kRangeAxisStride + kRangeLo);
            float most = boxResult_.GetValue(a * kRangeAxisStride + kRangeHi);
            bool far = false;
            if (t_->padding != kReflection) {   // reduced before ClampAxes: clamped as it clamps
                float clampLo = 0.0f, clampHi = 0.0f;
                PadClampRange(t_->padding, MODE == kBicubic, static_cast<float>(sizes[a]), &clampLo, &clampHi);
                least = CoordClamp(least, clampLo, clampHi);
                most = CoordClamp(most, clampLo, clampHi);
                far = least <= clampLo || most >= clampHi;
            }
            const float first = MODE == kNearest ? CoordRint(least) : CoordFloor(least);
            const float last = MODE == kNearest ? CoordRint(most) : CoordFloor(most);
            lo[a] = static_cast<int64_t>(first) - below;
            hi[a] = static_cast<int64_t>(last) + above;
            if (t_->padding != kZeros) {   // taps clamped into the input: an axis' box is never empty
                lo[a] = MinI(lo[a], sizes[a] - 1);
                hi[a] = MaxI(hi[a], 0);
            }
            const bool outside = t_->padding == kZeros && (lo[a] < 0 || hi[a] > sizes[a] - 1);
            if (a < 2 && outside && (far || hi[a] - lo[a] + 1 > 2 * extents[a] + kTaps)) loose[a] = true;
            lo[a] = MaxI(0, lo[a]);
            hi[a] = MinI(sizes[a] - 1, hi[a]);
        }
        Box box;
        box.loX = lo[0];
        box.hiX = hi[0];
        box.loY = lo[1];
        box.hiY = hi[1];
        box.loZ = lo[2];
        box.hiZ = hi[2];
        if (validDepths) TapRange(2, t_->inD, &box.loZ, &box.hiZ);
        return box;
    }

    // The valid box of the slots [s0, s0 + n) alone (s0 a multiple of kWindowPartSlots, n of 64).
    __aicore__ inline TileTaps PartTaps(bool padSlots, int32_t s0, int32_t n) {
        TileTaps part;
        part.padSlots = padSlots;
        SetBox(&part, ValidBox(padSlots, s0, n));
        return part;
    }

    // A box holding every valid tap of a tile, from its grid tile as loaded, while the tile before
    // is still combined (it reads the offsets, weights and tap vectors; this takes t2 and the
    // gathered vector, which the window path's combine leaves alone in 2-D float32): the extremes
    // of its grid values other than NaN (zeros padding makes NaN taps invalid; NaN is replaced
    // before the reductions, whose NaN behaviour is not documented), unnormalized by the scalar
    // unit with a margin for rounding, widened by the taps around a coordinate and clamped into the
    // image (the taps' validity only shrinks the range). 2-D float32 and zeros padding; false
    // otherwise, and when every value is NaN.
    __aicore__ inline bool CoarseBox(const LocalTensor<T>& raw, const Tile& tile, TileTaps* result) {
        if constexpr (DIMS != 2 || !kFloatIo) {
            return false;
        } else {
            // the vectors are the tile before's, carved for its slot count
            const int32_t n = static_cast<int32_t>(tile.slots);
            if (t_->padding != kZeros || n > slots_) return false;
            // a flat tile's real slots come first; other tiles' pad slots are masked
            const bool padSlots = HasPadSlots(*t_, tile), masked = padSlots && !t_->flatTiles;
            const int32_t count = t_->flatTiles ? static_cast<int32_t>(tile.rows * tile.cols) : n;
            if (masked) MarkRealSlots(tile);   // the tile before reads no mask any more
            const LocalTensor<float>& values = scratch.t2;
            // the reductions' work area (a few elements per repeat of 64) stays below the extremes
            const LocalTensor<float> work = boxResult_, extremes = boxResult_[n / 2];
            uint64_t kept = 0;
            const AscendC::GatherMaskParams params{1, static_cast<uint16_t>(2 * n * 4 / 256), 8, 0};
            constexpr int32_t kY = kRangeAxisStride;
            const LocalTensor<uint8_t>& keep = scratch.mask;   // the values neither NaN nor in pad slots
            for (int32_t a = 0; a < 2; ++a) {
                AscendC::GatherMask(values, raw, static_cast<uint8_t>(a + 1), false, 0, params, kept);   // x, y
                AscendC::Compare(keep, values, values, AscendC::CMPMODE::EQ, n);
                if (masked)
                    AscendC::And(keep.template ReinterpretCast<uint16_t>(), keep.template ReinterpretCast<uint16_t>(),
                                 realSlots.template ReinterpretCast<uint16_t>(), n / 16);
                KeptExtremes(extremes[a * kY], keep, values, values, values, values, work, n, count);
            }
            WaitPipe<HardEvent::V_S>();
            float g[4];
            for (int32_t k = 0; k < 4; ++k) g[k] = extremes.GetValue(k / 2 * kY + (k % 2 == 0 ? kRangeLo : kRangeHi));
            if (!(g[0] <= g[1] && g[2] <= g[3])) return false;   // no value but NaN
            // taps from floor(c) - 1 (bicubic) to floor(c) + 1 (bilinear, nearest) or + 2 (bicubic)
            const int64_t below = MODE == kBicubic ? 1 : 0, above = MODE == kBicubic ? 2 : 1;
            Box box;
            box.loZ = box.hiZ = 0;
            box.loX = TapInImage(g[0], t_->inW, -1, -below);
            box.hiX = TapInImage(g[1], t_->inW, 1, above);
            box.loY = TapInImage(g[2], t_->inH, -1, -below);
            box.hiY = TapInImage(g[3], t_->inH, 1, above);
            result->padSlots = padSlots;
            SetBox(result, box);
            return true;
        }
    }

    // Offsets (bytes) of the taps of the slots [s0, s0 + n) inside the window: zeroBytes + row *
    // rowBytes + column * pixelBytes (+ slab * slabBytes in 3-D; the channel's own position is
    // added as the gather base); invalid taps and pad slots point at the zero area in front
    // (offset 0). Part of a tile in 2-D only (SampleInParts): 3-D takes the whole tile, as
    // MakeTrilinearWeights does.
    __aicore__ inline void WindowOffsets(const Box& box, int64_t pixelBytes, int64_t rowBytes, int64_t zeroBytes,
                                         bool padSlots, int64_t slabBytes, int32_t s0, int32_t n) {
        // an axis' taps are adjacent vectors (but for trilinear's tap-major ones): on a whole tile,
        // each step takes them all at once
        const bool whole = !kTrilinear && n == slots_;
        const int32_t runs = whole ? 1 : kTaps, count = whole ? kTaps * n : n;
        for (int32_t r = 0; r < runs; ++r) {
            if constexpr (DIMS == 3) {
                AscendC::Adds(tz[r][s0], tz[r][s0], static_cast<float>(-box.loZ), count);
                AscendC::Muls(tz[r][s0], tz[r][s0], static_cast<float>(slabBytes), count);
            }
            AscendC::Adds(tx[r][s0], tx[r][s0], static_cast<float>(-box.loX), count);
            AscendC::Muls(tx[r][s0], tx[r][s0], static_cast<float>(pixelBytes), count);
            AscendC::Adds(ty[r][s0], ty[r][s0], static_cast<float>(-box.loY), count);
            AscendC::Muls(ty[r][s0], ty[r][s0], static_cast<float>(rowBytes), count);
            AscendC::Adds(ty[r][s0], ty[r][s0], static_cast<float>(zeroBytes), count);
        }
        BuildOffsets(padSlots, s0, n);
        if constexpr (kTrilinear) MakeTrilinearWeights();
    }

    // Per-axis taps (clamped into the image; after WindowOffsets: byte offsets), weights (bilinear:
    // the corner weights nw, ne, sw, se in wx[0], wx[1], wy[0], wy[1]), validity masks, and the
    // gather offset of every tap (off[TapIndex(k, i, j)] for z tap k, y tap i, x tap j).
    LocalTensor<float> gx, gy, gz;
    LocalTensor<float> tx[kTaps], ty[kTaps], tz[kTaps];
    LocalTensor<float> wx[kTaps], wy[kTaps], wz[kTaps];
    LocalTensor<uint32_t> off[kTapCount];
    // 3-D bilinear after WindowOffsets: the eight corner weights, in the order of the offsets
    LocalTensor<float> corner[8];
    LocalTensor<uint8_t> maskX[kTaps], maskY[kTaps], maskZ[kTaps], realSlots;
    Scratch scratch;

    // 3-D bilinear: the plane's corner weights times each z weight, torch's eight trilinear
    // weights ((wx * wy) * wz), so each channel costs a Mul and 7 MulAddDst in torch's order on
    // either path (the window path makes them with its offsets, the per-point path before its
    // first group); wz[1] is overwritten last. Once per tile.
    __aicore__ inline void MakeTrilinearWeights() {
        const int32_t n = slots_;
        for (int32_t k = 4; k < 8; ++k) AscendC::Mul(corner[k], corner[k - 4], wz[1], n);
        for (int32_t k = 0; k < 4; ++k) AscendC::Mul(corner[k], corner[k], wz[0], n);
    }

private:
    // De-interleaves the (x, y[, z]) values of the grid tile into gx / gy / gz as float.
    __aicore__ inline void SplitGrid(const LocalTensor<T>& raw) {
        LocalTensor<float> values;
        if constexpr (kFloatIo) {
            values = raw;
        } else {
            values = scratch.t0;   // t0, t1, t2 are adjacent: kComponents * slots floats
            AscendC::Cast(values, raw, AscendC::RoundMode::CAST_NONE, kComponents * slots_);
        }
        if constexpr (DIMS == 2) {
            uint64_t kept = 0;
            const AscendC::GatherMaskParams params{1, static_cast<uint16_t>(2 * slots_ * 4 / 256), 8, 0};
            AscendC::GatherMask(gx, values, 1, false, 0, params, kept);   // pattern 1: even elements (x)
            AscendC::GatherMask(gy, values, 2, false, 0, params, kept);   // pattern 2: odd elements (y)
        } else {
            // no built-in pattern takes every third element: Gather with precomputed offsets
            AscendC::Gather(gx, values, splitIndex_[0], 0, slots_);
            AscendC::Gather(gy, values, splitIndex_[1], 0, slots_);
            AscendC::Gather(gz, values, splitIndex_[2], 0, slots_);
        }
    }

    // Bilinear, 2-D: an axis' two taps from its unnormalized, padded coordinates, their weights,
    // and the taps clamped into the image (from the temporaries t1, t2) with their validity.
    __aicore__ inline void ComputeAxis(const LocalTensor<float>& c, float size, LocalTensor<float>* taps,
                                       LocalTensor<float>* weights, LocalTensor<uint8_t>* masks) {
        const int32_t n = slots_;
        const LocalTensor<float>& x0 = scratch.t1;
        const LocalTensor<float>& x1 = scratch.t2;
        RoundTo(x0, c, AscendC::RoundMode::CAST_FLOOR, n);
        AscendC::Adds(x1, x0, 1.0f, n);
        AscendC::Sub(weights[1], c, x0, n);   // c - x0
        AscendC::Sub(weights[0], x1, c, n);   // x1 - c
        Clamp(taps[0], x0, 0.0f, size - 1.0f, 2 * n);   // x0 and x1 are adjacent, as are the taps
        LocalTensor<uint8_t>* tapMasks[2] = {&masks[0], &masks[1]};
        CompareTaps(tapMasks, taps[0], x0, 2);
    }

    // Nearest: the tap of every axis at once (the grid vectors, the scratch temporaries and the
    // taps of the axes are adjacent), clamped into the input, and its validity.
    __aicore__ inline void ComputeNearestAxes(const float* sizes) {
        const int32_t n = slots_, all = DIMS * n;
        const LocalTensor<float>& rounded = scratch.t0;   // t0 .. t2
        RoundTo(rounded, gx, AscendC::RoundMode::CAST_RINT, all);   // round half to even
        AscendC::Maxs(tx[0], rounded, 0.0f, all);
        LocalTensor<float>* taps[3] = {&tx[0], &ty[0], &tz[0]};
        for (int32_t a = 0; a < DIMS; ++a) AscendC::Mins(*taps[a], *taps[a], sizes[a] - 1.0f, n);
        LocalTensor<uint8_t>* masks[3] = {&maskX[0], &maskY[0], &maskZ[0]};
        CompareTaps(masks, tx[0], rounded, DIMS);
    }

    // The validity masks of `runs` adjacent tap vectors: clamped (into the input) equal to
    // unclamped. One Compare where the masks are adjacent runs of bits too, else one a tap.
    __aicore__ inline void CompareTaps(LocalTensor<uint8_t>* const* masks, const LocalTensor<float>& clamped,
                                       const LocalTensor<float>& unclamped, int32_t runs) {
        const int32_t n = slots_;
        if (MasksAdjacent()) {
            AscendC::Compare(*masks[0], clamped, unclamped, AscendC::CMPMODE::EQ, runs * n);
            return;
        }
        for (int32_t r = 0; r < runs; ++r)
            AscendC::Compare(*masks[r], clamped[r * n], unclamped[r * n], AscendC::CMPMODE::EQ, n);
    }

    // Bicubic: the taps, masks and weights of every axis from its sanitized coordinates, each step
    // over all axes or all of an axis' taps at once (the grid vectors are adjacent, so are an
    // axis' taps and masks) with temporaries in the offset vectors, free until WindowOffsets:
    // floors, fractions and the weights of tap j of every axis (moved into place by strided
    // copies). Taps are then padded (border clamps, reflection reflects: all in the image) or, with
    // zeros, clamped with their validity. The same values as one axis and tap at a time.
    __aicore__ inline void ComputeCubicAxes(const float* sizes) {
        const int32_t n = slots_, all = DIMS * n;
        const LocalTensor<float> floors = off[0].template ReinterpretCast<float>();
        const LocalTensor<float> fractions = floors[all], weights = floors[2 * all];
        static_assert(UbInventoryOf(MODE, S::kDataKind, DIMS).vectors[kVecOffset] >= 6 * DIMS,
                      "floors, fractions and four weights of every axis fit the offset vectors");
        RoundTo(floors, gx, AscendC::RoundMode::CAST_FLOOR, all);
        AscendC::Sub(fractions, gx, floors, all);
        const LocalTensor<float> w[kTaps] = {weights, weights[all], weights[2 * all], weights[3 * all]};
        CubicWeights(w, fractions, scratch, all);   // its temporary t0 spans the adjacent t0 .. t2
        LocalTensor<float>* axisTaps[3] = {tx, ty, tz};
        LocalTensor<float>* axisWeights[3] = {wx, wy, wz};
        for (int32_t a = 0; a < DIMS; ++a) {
            for (int32_t j = 0; j < kTaps; ++j)
                AscendC::Adds(axisTaps[a][j], floors[a * n], static_cast<float>(j - 1), n);
            PlaceWeights(axisWeights[a], weights[a * n]);
        }
        const LocalTensor<float> work = weights;   // the weights are in place: 4 * all floats free
        LocalTensor<uint8_t>* axisMasks[3] = {maskX, maskY, maskZ};
        const int32_t axisSlots = kTaps * n;
        if (t_->padding == kReflection) {
            // every axis' taps (adjacent) at once; the offsets', grid's and scratch vectors, adjacent
            // and dead by now, hold the periods and quotients
            static_assert(UbInventoryOf(MODE, S::kDataKind, DIMS).vectors[kVecOffset] + DIMS + kScratchVectors >=
                              2 * DIMS * kTaps,
                          "the periods and quotients of every tap fit the offset, grid and scratch vectors");
            ReflectTaps(tx[0], sizes, DIMS, axisSlots, t_->alignCorners != 0, floors, floors[DIMS * axisSlots]);
        }
        for (int32_t a = 0; a < DIMS && t_->padding != kReflection; ++a) {
            const LocalTensor<float>& taps = axisTaps[a][0];
            if (t_->padding == kBorder) {
                Clamp(taps, taps, 0.0f, sizes[a] - 1.0f, axisSlots);
            } else if (MasksAdjacent()) {
                TapValidity(axisMasks[a][0], work, taps, sizes[a], axisSlots);
                AscendC::Adds(taps, work, 0.0f, axisSlots);   // the clamped taps
            } else {
                for (int32_t j = 0; j < kTaps; ++j) {
                    TapValidity(axisMasks[a][j], work, axisTaps[a][j], sizes[a], n);
                    AscendC::Adds(axisTaps[a][j], work, 0.0f, n);
                }
            }
        }
        if (TapsAllValid())   // every axis' masks, adjacent
            AscendC::Duplicate(maskX[0].template ReinterpretCast<uint16_t>(), static_cast<uint16_t>(0xFFFF),
                               DIMS * kTaps * maskBytes_ / 2);
    }

    // The kTaps weights of an axis from `src` (tap j at src[j * DIMS * slots]) into `dst`, evenly
    // spaced vectors: one strided UB copy (paired rows' x weights: two, each weight then its copy).
    __aicore__ inline void PlaceWeights(const LocalTensor<float>* dst, const LocalTensor<float>& src) {
        const uint16_t blocks = static_cast<uint16_t>(slots_ * 4 / kUbBlockBytes);
        const bool copies = kPairedRows && dst == wx;
        const AscendC::DataCopyParams params(kTaps, blocks, static_cast<uint16_t>((DIMS - 1) * blocks),
                                             static_cast<uint16_t>(copies ? blocks : 0));
        AscendC::DataCopy(dst[0], src, params);
        if (copies) AscendC::DataCopy(dst[0][slots_], src, params);
    }

    // Trilinear: ComputeAxis of the three axes at once (taps, weights and the grid vectors are
    // tap-major, the temporaries t0, t1, t2 adjacent): the same values in 20 instructions, 8 of them
    // of three times the repeats, instead of 33.
    __aicore__ inline void ComputeAxes(const float* sizes) {
        const int32_t n = slots_;
        const int32_t all = 3 * n;
        const LocalTensor<float>& x0 = scratch.t0;   // t0, t1, t2: the unclamped first taps
        RoundTo(x0, gx, AscendC::RoundMode::CAST_FLOOR, all);
        AscendC::Sub(wx[1], gx, x0, all);             // c - x0
        AscendC::Adds(tx[1], x0, 1.0f, all);          // x1, unclamped
        AscendC::Sub(wx[0], tx[1], gx, all);          // x1 - c; the grid vectors are dead from here
        AscendC::Maxs(tx[0], x0, 0.0f, all);
        AscendC::Maxs(gx, tx[1], 0.0f, all);
        LocalTensor<float>* taps0[3] = {&tx[0], &ty[0], &tz[0]};
        const LocalTensor<float> clamped1[3] = {gx, gy, gz};
        for (int32_t a = 0; a < 3; ++a) {
            AscendC::Mins(*taps0[a], *taps0[a], sizes[a] - 1.0f, n);
            AscendC::Mins(clamped1[a], clamped1[a], sizes[a] - 1.0f, n);
        }
        LocalTensor<uint8_t>* masks0[3] = {&maskX[0], &maskY[0], &maskZ[0]};
        LocalTensor<uint8_t>* masks1[3] = {&maskX[1], &maskY[1], &maskZ[1]};
        CompareTaps(masks0, tx[0], x0, 3);
        CompareTaps(masks1, gx, tx[1], 3);
        AscendC::Adds(tx[1], gx, 0.0f, all);          // the clamped second taps into place
    }

    // Bilinear: the four corner weights once per tile, so each channel costs 4 gathers, a Mul and
    // 3 MulAddDst, summed in torch's order nw, ne, sw, se. They replace the axis weights.
    __aicore__ inline void MakeCornerWeights() {
        const int32_t n = slots_;
        AscendC::Mul(scratch.t0, wy[1], wx[0], n);   // sw
        AscendC::Mul(wy[1], wy[1], wx[1], n);        // se
        AscendC::Mul(wx[0], wx[0], wy[0], n);        // nw
        AscendC::Mul(wx[1], wx[1], wy[0], n);        // ne
        AscendC::Adds(wy[0], scratch.t0, 0.0f, n);   // sw
    }

    // Marks which slots of the tile hold real points (rare: only tiles whose point count is not
    // a whole number of slot rows), written by the scalar unit.
    __aicore__ inline void MarkRealSlots(const Tile& tile) {
        if (tile.rows == markedRows_ && tile.cols == markedCols_ && tile.depths == markedDepths_) return;
        markedRows_ = tile.rows;
        markedCols_ = tile.cols;
        markedDepths_ = tile.depths;
        WaitPipe<HardEvent::V_S>();   // the previous tile's vector work may still read the mask
        for (int32_t b = 0; b < tile.slots / 8; ++b) {
            uint8_t bits = 0;
            for (int32_t k = 0; k < 8; ++k)
                if (SlotIsReal(*t_, tile, b * 8 + k)) bits |= static_cast<uint8_t>(1u << k);
            realSlots.SetValue(b, bits);
        }
        WaitPipe<HardEvent::S_V>();
    }

    // Bicubic's taps under border or reflection padding all lie in the image (clamped or reflected
    // into it): their masks are set at once, and neither the range nor the offsets consult them.
    __aicore__ inline bool TapsAllValid() const { return MODE == kBicubic && t_->padding != kZeros; }
    // Each mask holds exactly a tile's bits, so that consecutive masks (an axis' taps; nearest's
    // axes) are one run of bits, which one instruction over their adjacent vectors writes or reads.
    __aicore__ inline bool MasksAdjacent() const { return maskBytes_ * 8 == slots_; }

    // Range of one axis' valid taps over the tile's real slots: lo at dst[kRangeLo], hi at dst[kRangeHi].
    __aicore__ inline void AxisRange(LocalTensor<float>* taps, LocalTensor<uint8_t>* masks, bool padSlots,
                                     const LocalTensor<float>& dst, int32_t s0, int32_t n) {
        const int32_t b0 = s0 / 8;   // the masks' first byte
        const LocalTensor<uint8_t> real = realSlots[b0];
        const LocalTensor<float>& lo = scratch.t0;
        const LocalTensor<float>& hi = scratch.t1;
        const LocalTensor<float>& tmp = scratch.t2;
        using AscendC::SELMODE;
        if (TapsAllValid()) {
            // border keeps the taps' order: the first is the smallest, the last the largest
            LocalTensor<float> least = taps[0][s0], most = taps[kTaps - 1][s0];
            if (t_->padding == kReflection) {
                AscendC::Min(lo, taps[0][s0], taps[1][s0], n);
                AscendC::Max(hi, taps[0][s0], taps[1][s0], n);
                for (int32_t j = 2; j < kTaps; ++j) {
                    AscendC::Min(lo, lo, taps[j][s0], n);
                    AscendC::Max(hi, hi, taps[j][s0], n);
                }
                least = lo;
                most = hi;
            }
            if (padSlots) {
                KeptExtremes(dst, real, least, most, lo, hi, tmp, n, n);
            } else {
                Extremes(dst, least, most, tmp, n);
            }
            return;
        }
        // Bilinear taps, and bicubic's unless reflected, are consecutive before clamping (border
        // clamps bicubic's, keeping their order): where any tap of the axis is valid, the clamped
        // first tap is the smallest valid one and the clamped last the largest.
        if (kTaps > 1 && (MODE == kBilinear || t_->padding != kReflection)) {
            LocalTensor<uint16_t> any = scratch.mask.template ReinterpretCast<uint16_t>();
            AscendC::Or(any, masks[0][b0].template ReinterpretCast<uint16_t>(), masks[1][b0].template ReinterpretCast<uint16_t>(),
                        n / 16);
            for (int32_t j = 2; j < kTaps; ++j)
                AscendC::Or(any, any, masks[j][b0].template ReinterpretCast<uint16_t>(), n / 16);
            if (padSlots) AscendC::And(any, any, real.template ReinterpretCast<uint16_t>(), n / 16);
            KeptExtremes(dst, scratch.mask, taps[0][s0], taps[kTaps - 1][s0], lo, hi, tmp, n, n);
            return;
        }
        AscendC::Select(lo, masks[0][b0], taps[0][s0], kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        AscendC::Select(hi, masks[0][b0], taps[0][s0], -kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        for (int32_t j = 1; j < kTaps; ++j) {
            AscendC::Select(tmp, masks[j][b0], taps[j][s0], kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            AscendC::Min(lo, lo, tmp, n);
            AscendC::Select(tmp, masks[j][b0], taps[j][s0], -kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            AscendC::Max(hi, hi, tmp, n);
        }
        if (padSlots) {
            KeptExtremes(dst, real, lo, hi, lo, hi, tmp, n, n);
        } else {
            Extremes(dst, lo, hi, tmp, n);
        }
    }

    // The least of `least` and the greatest of `most` over `count` slots, into dst[kRangeLo] and
    // dst[kRangeHi]; `work` is the reductions' work area.
    __aicore__ inline void Extremes(const LocalTensor<float>& dst, const LocalTensor<float>& least,
                                    const LocalTensor<float>& most, const LocalTensor<float>& work, int32_t count) {
        AscendC::ReduceMin(dst[kRangeLo], least, work, count);
        AscendC::ReduceMax(dst[kRangeHi], most, work, count);
    }
    // The same over the slots whose bit of `keep` is set (kBig and -kBig where none): the others
    // selected to kBig into lo, then to -kBig into hi, each reduced in turn, so that lo and hi may
    // be one buffer, and `least` or `most` themselves. The Selects cover `n` slots (the tile's: a
    // multiple of 64), the reductions the first `count` (a flat tile's real points).
    __aicore__ inline void KeptExtremes(const LocalTensor<float>& dst, const LocalTensor<uint8_t>& keep,
                                        const LocalTensor<float>& least, const LocalTensor<float>& most,
                                        const LocalTensor<float>& lo, const LocalTensor<float>& hi,
                                        const LocalTensor<float>& work, int32_t n, int32_t count) {
        using AscendC::SELMODE;
        AscendC::Select(lo, keep, least, kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        AscendC::ReduceMin(dst[kRangeLo], lo, work, count);
        AscendC::Select(hi, keep, most, -kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        AscendC::ReduceMax(dst[kRangeHi], hi, work, count);
    }

    __aicore__ inline Box ValidBox(bool padSlots, int32_t s0, int32_t n) {
        const LocalTensor<float>& result = boxResult_;
        constexpr int32_t kX = 0, kY = kRangeAxisStride, kZ = 2 * kRangeAxisStride;
        AxisRange(tx, maskX, padSlots, result[kX], s0, n);
        AxisRange(ty, maskY, padSlots, result[kY], s0, n);
        if constexpr (DIMS == 3) AxisRange(tz, maskZ, padSlots, result[kZ], s0, n);
        WaitPipe<HardEvent::V_S>();
        Box box;
        box.loZ = 0;
        box.hiZ = 0;
        if constexpr (DIMS == 3) TapRange(2, t_->inD, &box.loZ, &box.hiZ);
        TapRange(0, t_->inW, &box.loX, &box.hiX);
        TapRange(1, t_->inH, &box.loY, &box.hiY);
        return box;
    }
    // Axis `a`'s range of valid taps as AxisRange left it in boxResult_ (lo > hi when none).
    __aicore__ inline void TapRange(int32_t a, int64_t size, int64_t* lo, int64_t* hi) const {
        *lo = MaxI(0, static_cast<int64_t>(MinF(boxResult_.GetValue(a * kRangeAxisStride + kRangeLo), size)));
        *hi = static_cast<int64_t>(MaxF(boxResult_.GetValue(a * kRangeAxisStride + kRangeHi), -1.0f));
    }
    // A tile's (or part's) box, its rows and columns; an empty box as no rows.
    __aicore__ static inline void SetBox(TileTaps* taps, const Box& box) {
        taps->box = box;
        taps->rows = box.hiY - box.loY + 1;
        taps->cols = box.hiX - box.loX + 1;
        if (taps->rows <= 0 || taps->cols <= 0 || box.hiZ < box.loZ) {
            taps->rows = 0;
            taps->cols = 1;
            taps->box.hiY = taps->box.loY - 1;
            taps->box.loZ = taps->box.hiZ = 0;
        }
    }
    // floor(the unnormalized grid value g, moved towards `side` by a margin above the rounding of
    // either unit) + offset, clamped into [0, size - 1] (g may be infinite; |g| > 2 is outside).
    __aicore__ inline int64_t TapInImage(float g, int64_t size, int32_t side, int64_t offset) const {
        const float c = Unnormalize(CoordClamp(g, -2.0f, 2.0f), size, t_->alignCorners != 0);
        const float moved = c + static_cast<float>(side) * (1e-5f * static_cast<float>(size) + 1e-3f);
        return MaxI(0, MinI(size - 1, static_cast<int64_t>(CoordFloor(moved)) + offset));
    }
    __aicore__ static inline float MinF(float a, int64_t b) { return a < float(b) ? a : float(b); }
    __aicore__ static inline float MaxF(float a, float b) { return a > b ? a : b; }

    // off[TapIndex(k, i, j)] = tz[k] + ty[i] + tx[j] where the taps are valid (and the
    // slot is real), else 0. An invalid tap's coordinate is replaced by one so negative that any sum
    // holding it stays below 0 (valid offsets are window bytes, far below 2^30), and every sum is
    // clipped at 0: one Select per axis tap instead of a mask per tap.
    // 2-D nearest (one tap): its mask is cheaper (an And over bits, a Select).
    __aicore__ inline void BuildOffsets(bool padSlots, int32_t s0, int32_t n) {
        const int32_t b0 = s0 / 8;   // the masks' first byte
        const LocalTensor<uint16_t> real = realSlots[b0].template ReinterpretCast<uint16_t>();
        constexpr float kOutside = -1073741824.0f;   // -2^30
        using AscendC::SELMODE;
        if constexpr (DIMS == 2 && MODE == kNearest) {
            const LocalTensor<float>& sum = scratch.t2;   // not one of the reused offset vectors
            LocalTensor<uint16_t> all = scratch.mask.template ReinterpretCast<uint16_t>();
            for (int32_t i = 0; i < kTaps; ++i) {
                for (int32_t j = 0; j < kTaps; ++j) {
                    AscendC::Add(sum, ty[i][s0], tx[j][s0], n);
                    AscendC::And(all, maskY[i][b0].template ReinterpretCast<uint16_t>(),
                                 maskX[j][b0].template ReinterpretCast<uint16_t>(), n / 16);
                    if (padSlots) AscendC::And(all, all, real, n / 16);
                    AscendC::Select(sum, scratch.mask, sum, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
                    AscendC::Cast(off[S::TapIndex(0, i, j)][s0].template ReinterpretCast<int32_t>(), sum,
                                  AscendC::RoundMode::CAST_RINT, n);
                }
            }
            return;
        }
        if (padSlots)
            for (int32_t i = 0; i < kTaps; ++i) {   // every sum holds a y tap
                const LocalTensor<uint16_t> y = maskY[i][b0].template ReinterpretCast<uint16_t>();
                AscendC::And(y, y, real, n / 16);
            }
        // an axis' taps and masks at once where both are adjacent runs (a part's slots are not);
        // trilinear's tap-major taps and masks: a tap's three axes at once
        const bool atOnce = n == slots_ && MasksAdjacent();
        if (kTrilinear && atOnce) {
            for (int32_t t = 0; t < kTaps; ++t)
                AscendC::Select(tx[t], maskX[t], tx[t], kOutside, SELMODE::VSEL_TENSOR_SCALAR_MODE, DIMS * n);
        }
        const bool axisAtOnce = !kTrilinear && atOnce;
        const int32_t runs = kTrilinear && atOnce ? 0 : axisAtOnce ? 1 : kTaps, count = axisAtOnce ? kTaps * n : n;
        // taps all valid: only pad slots' y taps are marked (every sum holds one)
        if (!TapsAllValid())
            for (int32_t j = 0; j < runs; ++j)
                AscendC::Select(tx[j][s0], maskX[j][b0], tx[j][s0], kOutside, SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
        if (!TapsAllValid() || padSlots)
            for (int32_t i = 0; i < runs; ++i)
                AscendC::Select(ty[i][s0], maskY[i][b0], ty[i][s0], kOutside, SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
        if constexpr (DIMS == 3)
            for (int32_t k = 0; k < runs; ++k)
                AscendC::Select(tz[k][s0], maskZ[k][b0], tz[k][s0], kOutside, SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
        static_assert(DIMS == 2 || DIMS + 1 >= kReusedOffsetVectors, "3-D: t1 lies beyond the reused offset vectors");
        // the sums as floats in the offset vectors themselves, then clipped and converted in place
        // over all of them at once (they are adjacent); a part of the tile, vector by vector
        for (int32_t k = 0; k < kTapsZ; ++k) {
            for (int32_t i = 0; i < kTaps; ++i) {
                const LocalTensor<float> row = DIMS == 3 ? scratch.t1[s0] : ty[i][s0];
                if constexpr (DIMS == 3) AscendC::Add(row, ty[i][s0], tz[k][s0], n);
                for (int32_t j = 0; j < kTaps; ++j)
                    AscendC::Add(off[S::TapIndex(k, i, j)][s0].template ReinterpretCast<float>(), row, tx[j][s0], n);
            }
        }
        // taps all valid and no pad slot: no sum is below the zero area, none needs clipping
        const bool clip = !TapsAllValid() || padSlots;
        if (n != slots_) {
            for (int32_t k = 0; k < kTapCount; ++k) ClipToOffsets(off[k][s0], n, clip);
            return;
        }
        ClipToOffsets(off[0], kTapCount * n, clip);   // the offset vectors are adjacent
    }
    // Float sums at `offsets` clipped at 0 (the zero area) and converted in place to int32.
    __aicore__ inline void ClipToOffsets(const LocalTensor<uint32_t>& offsets, int32_t count, bool clip) {
        const LocalTensor<float> sums = offsets.template ReinterpretCast<float>();
        if (clip) AscendC::Maxs(sums, sums, 0.0f, count);
        AscendC::Cast(offsets.template ReinterpretCast<int32_t>(), sums, AscendC::RoundMode::CAST_RINT, count);
    }

    const GridSampleTilingData* t_ = nullptr;
    int32_t slots_ = 0, maskBytes_ = 0;
    int64_t markedRows_ = -1, markedCols_ = -1, markedDepths_ = -1;
    LocalTensor<float> boxResult_;
    LocalTensor<uint32_t> splitIndex_[3];
};

// Where a point's fetched taps land in UB on the per-point path.
struct PointLayout {
    int64_t rowBytes, pixelBytes, channelStride, zeroBytes;
};

// ---- layout policies --------------------------------------------------------------------------
// NCHW / NCDHW: a plane per channel led by a zero block, holding the box's depth slabs of
// rows x pitch.
template <typename T, int32_t MODE, int32_t DIMS>
struct PlanarLayout : KernelShape<T, MODE, DIMS> {
    using S = KernelShape<T, MODE, DIMS>;
    using Taps = GridSampleTaps<T, MODE, DIMS>;

    struct Plan {
        Box box;
        int64_t pitch;          // elements per window row
        int64_t slabBytes;      // one depth slab of a plane (3-D; the whole plane in 2-D)
        int64_t planeBytes;     // one channel: zero block + slabs
        bool contiguous;        // a channel's window is one run of the input
        bool slabRuns;          // 3-D: each slab of a channel's window is one run of the input
        int64_t chunk;          // channels per window load
        int64_t channelStride;  // bytes between channels in UB
        bool useWindow;
        bool floatWindow = false;   // half types: the plane is cast to float behind itself (CastWindow)
    };

    // Whole rows when they move at most 8/7 of the bytes of the box's rows (each lands padded to
    // 32 bytes) and that window fits (and, in 3-D, whole slabs when the rows that adds cost less
    // than a DMA start-up): then the window is one contiguous run per channel, else one run per
    // slab. (A 40-column tile's window on an 80-column input is ~46 columns: its rows alone.)
    __aicore__ static inline Plan PlanWindow(const GridSampleTilingData& t, const TileTaps& tt) {
        const int64_t boxRowBytes = RoundUpTo(tt.cols * S::kElem, kBlockBytes);
        if (tt.rows > 0 && 7 * t.inW * S::kElem <= 8 * boxRowBytes && t.inStrideH == t.inW) {
            Box wide = tt.box;
            wide.loX = 0;
            wide.hiX = t.inW - 1;
            const Plan plan = PlanBox(t, wide, tt.rows, t.inW);
            if (plan.useWindow) return plan;
        }
        return PlanBox(t, tt.box, tt.rows, tt.cols);
    }

    // The offsets of the slots [s0, s0 + n) into the plan's window (a float window: into its cast,
    // every byte count scaled by 4 / sizeof(T)).
    __aicore__ static inline void WindowOffsets(Taps& taps, const Plan& plan, const TileTaps& tt, int32_t s0, int32_t n) {
        const int64_t scale = plan.floatWindow ? 4 / S::kElem : 1;
        taps.WindowOffsets(plan.box, scale * S::kElem, scale * plan.pitch * S::kElem, scale * kBlockBytes, tt.padSlots,
                           scale * plan.slabBytes, s0, n);
    }

    __aicore__ static inline Plan PlanBox(const GridSampleTilingData& t, Box box, int64_t rows, int64_t cols) {
        const bool wholeRows = cols == t.inW && t.inStrideH == t.inW;
        if (DIMS == 3 && wholeRows && rows > 0 && t.inStrideD == t.inH * t.inW &&
            (t.inH - rows) * t.inW * S::kElem * (box.hiZ - box.loZ + 1) <= kDmaStartupBytes) {
            box.loY = 0;
            box.hiY = t.inH - 1;
            rows = t.inH;
        }
        Plan plan;
        const int64_t slabs = rows > 0 ? box.hiZ - box.loZ + 1 : 1;
        const int64_t planeGap = (t.inStrideC - slabs * rows * t.inW) * S::kElem;
        const bool slabsAdjacent = rows == t.inH && t.inStrideD == t.inH * t.inW;
        plan.contiguous = wholeRows && (DIMS == 2 || slabs == 1 || slabsAdjacent) && planeGap >= 0 &&
                          planeGap <= kMaxDmaGapBytes;
        // whole rows of several slabs that are not adjacent: each slab's rows are one run, a block
        // of one DMA per channel
        const int64_t slabGap = (t.inStrideD - rows * t.inW) * S::kElem;
        plan.slabRuns = !plan.contiguous && wholeRows && rows > 0 && slabs <= kMaxDmaBlockCount && slabGap >= 0 &&
                        slabGap <= kMaxDmaGapBytes;
        // runs keep the input's rows back to back; row-by-row DMAs land each row padded to 32 bytes
        plan.pitch = plan.contiguous || plan.slabRuns ? t.inW : RoundUpTo(cols * S::kElem, kBlockBytes) / S::kElem;
        // a multiple of 32 bytes unless the window is one run (a slab run lands padded to 32 bytes)
        plan.slabBytes = plan.slabRuns ? RoundUpTo(rows * t.inW * S::kElem, kBlockBytes) : rows * plan.pitch * S::kElem;
        plan.planeBytes = kBlockBytes + RoundUpTo(slabs * plan.slabBytes, kBlockBytes);
        plan.box = box;
        // one channel per load (a load costs in proportion to its channels): the vector unit starts
        // on each channel as soon as it lands, while the next one's load overlaps it
        plan.chunk = t.windowBufBytes >= plan.planeBytes ? 1 : 0;
        plan.channelStride = plan.planeBytes;
        plan.useWindow = plan.chunk >= 1 && rows <= kMaxDmaBlockCount;
        // Half types gather their taps as float from a cast of the plane when the buffer holds both
        // (3 x the plane): the cast then converts the window's pixels once, instead of every tap of
        // every slot (~4x the pixels of a smooth warp's window in bilinear, ~13x in bicubic).
        plan.floatWindow = kCastWindows && 3 * plan.planeBytes <= t.windowBufBytes;
        return plan;
    }

    // The window of `channels` channels: planes of planeBytes, each led by a zero block.
    __aicore__ static inline void LoadWindow(const GridSampleTilingData& t, const GlobalTensor<T>& x,
                                             const LocalTensor<T>& win, const Tile& tile, const Plan& plan,
                                             int64_t c0, int64_t channels) {
        const Box& box = plan.box;
        const int64_t planeElems = plan.planeBytes / S::kElem;
        // the first plane's zero block is zeroed once per buffer (kZeroBlockOnce)
        for (int64_t c = 1; c < channels; ++c)
            AscendC::Duplicate(win[c * planeElems], static_cast<T>(0.0f), kBlockBytes / S::kElem);
        const int64_t rows = box.hiY - box.loY + 1;
        const int64_t slabs = box.hiZ - box.loZ + 1;
        if (rows <= 0) return;
        const int64_t cols = box.hiX - box.loX + 1;
        const int64_t src = tile.n * t.inStrideN + c0 * t.inStrideC + box.loZ * t.inStrideD + box.loY * t.inStrideH + box.loX;
        const int64_t runElems = slabs * rows * t.inW;   // the window as one run, when it is contiguous
        const int64_t planeGap = (t.inStrideC - runElems) * S::kElem;
        if (plan.contiguous) {
            // every channel's window is one contiguous run: one DMA for the chunk
            AscendC::DataCopyPad(win[kBlockBytes / S::kElem], x[src],
                                 DataCopyExtParams(static_cast<uint16_t>(channels), static_cast<uint32_t>(runElems * S::kElem),
                                                   static_cast<uint32_t>(planeGap), 1, 0),
                                 DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            return;
        }
        if (plan.slabRuns) {
            for (int64_t c = 0; c < channels; ++c) {
                AscendC::DataCopyPad(win[c * planeElems + kBlockBytes / S::kElem], x[src + c * t.inStrideC],
                                     DataCopyExtParams(static_cast<uint16_t>(slabs), static_cast<uint32_t>(rows * t.inW * S::kElem),
                                                       static_cast<uint32_t>((t.inStrideD - rows * t.inW) * S::kElem), 0, 0),
                                     DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            }
            return;
        }
        for (int64_t c = 0; c < channels; ++c) {
            for (int64_t z = 0; z < slabs; ++z) {
                AscendC::DataCopyPad(
                    win[c * planeElems + (kBlockBytes + z * plan.slabBytes) / S::kElem], x[src + c * t.inStrideC + z * t.inStrideD],
                    DataCopyExtParams(static_cast<uint16_t>(rows), static_cast<uint32_t>(cols * S::kElem),
                                      static_cast<uint32_t>((t.inStrideH - cols) * S::kElem),
                                      static_cast<uint32_t>((plan.pitch * S::kElem - RoundUpTo(cols * S::kElem, kBlockBytes)) /
                                                            kBlockBytes),
                                      0),
                    DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            }
        }
    }

    // The float cast of a loaded plane (plan.floatWindow; a load is one plane), in the buffer right
    // behind it.
    __aicore__ static inline LocalTensor<float> CastWindow(const Plan& plan, const LocalTensor<T>& win) {
        const int64_t planeElems = plan.planeBytes / S::kElem;
        LocalTensor<float> cast = win[planeElems].template ReinterpretCast<float>();
        AscendC::Cast(cast, win, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(planeElems));
        return cast;
    }

    // Per-point path: per tap row, one 32-byte block per channel holding the row's run of pixels.
    __aicore__ static inline PointLayout PointLayoutFor(int64_t channels) {
        return PointLayout{channels * kBlockBytes, S::kElem, kBlockBytes, channels * kBlockBytes};
    }
    // Every use of a window buffer keeps its first block zero (windows load after it, the
    // per-point path zeroes its own zero area, which starts there), so it is zeroed once.
    static constexpr bool kZeroBlockOnce = true;
    // Half-type planes may be cast to float once per load (Plan::floatWindow, CastWindow); nearest
    // gathers straight into its output, in T.
    static constexpr bool kCastWindows = !S::kFloatIo && MODE != kNearest;
    // A 2-D tile whose window does not fit may sample its slots in parts, each with its own window.
    static constexpr bool kWindowParts = DIMS == 2;
    static constexpr bool kLookAhead = false;
    // Channels whose 16-point groups fit half a window buffer.
    __aicore__ static inline int64_t MaxPointChannels(const GridSampleTilingData& t) {
        return (t.windowBufBytes / 2) / (S::kRowsPerPoint * kBlockBytes * kPointGroup);
    }
    // One tap row of a point: `run` pixels from `src` for `channels` channels.
    __aicore__ static inline void FetchTapRow(const GridSampleTilingData& t, const GlobalTensor<T>& x,
                                              const LocalTensor<T>& dst, int64_t src, int64_t channels, int64_t run) {
        AscendC::DataCopyPad(dst, x[src],
                             DataCopyExtParams(static_cast<uint16_t>(channels), static_cast<uint32_t>(run * S::kElem),
                                               static_cast<uint32_t>((t.inStrideC - run) * S::kElem), 0, 0),
                             DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
    }
};

// Channel-last (NHWC / NDHWC memory): a window of pixels led by a zero pixel, holding the box's
// depth slabs (one in 2-D) of rows of pixels. When a unit takes every channel of densely packed
// pixels, rows are loaded whole (pixels of C elements, one DMA per slab); otherwise each pixel
// holds as many channels as fit, padded to a 32-byte block (one DMA per slab row).
template <typename T, int32_t MODE, int32_t DIMS>
struct ChannelLastLayout : KernelShape<T, MODE, DIMS> {
    using S = KernelShape<T, MODE, DIMS>;
    using Taps = GridSampleTaps<T, MODE, DIMS>;
    static constexpr bool kZeroBlockOnce = false;   // its zero pixel's size depends on the chunk
    static constexpr bool kWindowParts = false;
    static constexpr bool kCastWindows = false;   // its taps gather in T
    // The next tile's first window loads while this tile's last chunk is combined (LookAhead).
    static constexpr bool kLookAhead = DIMS == 2;

    struct Plan {
        Box box;
        int64_t pixelBytes, rowBytes;
        int64_t slabBytes;      // rows x rowBytes (3-D)
        bool denseRows;         // pixels of every channel, unpadded
        int64_t chunk;          // channels per window load
        int64_t channelStride;  // bytes between channels in UB
        bool useWindow;
    };

    // The offsets of the slots [s0, s0 + n) into the plan's window (after a zero pixel).
    __aicore__ static inline void WindowOffsets(Taps& taps, const Plan& plan, const TileTaps& tt, int32_t s0, int32_t n) {
        taps.WindowOffsets(plan.box, plan.pixelBytes, plan.rowBytes, RoundUpTo(plan.pixelBytes, kBlockBytes), tt.padSlots,
                           plan.slabBytes, s0, n);
    }

    __aicore__ static inline Plan PlanWindow(const GridSampleTilingData& t, const TileTaps& tt) {
        const int64_t rows = tt.rows, cols = tt.cols;
        const int64_t slabs = rows > 0 ? tt.box.hiZ - tt.box.loZ + 1 : 1;
        Plan plan;
        plan.box = tt.box;
        plan.channelStride = S::kElem;
        plan.denseRows = t.channelGroups == 1 && t.inStrideW == t.c && t.c <= t.chunkChannels;
        if (plan.denseRows) {
            plan.pixelBytes = t.c * S::kElem;
            plan.rowBytes = RoundUpTo(cols * plan.pixelBytes, kBlockBytes);
            plan.slabBytes = rows * plan.rowBytes;
            const int64_t zero = RoundUpTo(plan.pixelBytes, kBlockBytes);
            plan.chunk = t.c;
            plan.useWindow = zero + slabs * plan.slabBytes <= t.windowBufBytes && rows <= kMaxDmaBlockCount;
            return plan;
        }
        const int64_t maxPixelBytes = t.windowBufBytes / (slabs * rows * cols + 1) / kBlockBytes * kBlockBytes;
        plan.chunk = MinI(MinI(t.chunkChannels, t.groupChannels), maxPixelBytes / S::kElem);
        plan.useWindow = plan.chunk >= 1 && cols <= kMaxDmaBlockCount;
        plan.pixelBytes = 0;
        plan.rowBytes = 0;
        plan.slabBytes = 0;
        if (!plan.useWindow) return plan;
        plan.pixelBytes = RoundUpTo(plan.chunk * S::kElem, kBlockBytes);
        plan.rowBytes = cols * plan.pixelBytes;
        plan.slabBytes = rows * plan.rowBytes;
        return plan;
    }

    __aicore__ static inline void LoadWindow(const GridSampleTilingData& t, const GlobalTensor<T>& x,
                                             const LocalTensor<T>& win, const Tile& tile, const Plan& plan,
                                             int64_t c0, int64_t channels) {
        const Box& box = plan.box;
        const int64_t zero = RoundUpTo(plan.pixelBytes, kBlockBytes);
        AscendC::Duplicate(win, static_cast<T>(0.0f), static_cast<int32_t>(zero / S::kElem));
        const int64_t cols = box.hiX - box.loX + 1;
        const int64_t rows = box.hiY - box.loY + 1;
        if (rows <= 0) return;
        if (plan.denseRows) {
            // whole pixels of every channel: each window row is one contiguous run
            for (int64_t z = box.loZ; z <= box.hiZ; ++z) {
                AscendC::DataCopyPad(win[(zero + (z - box.loZ) * plan.slabBytes) / S::kElem],
                                     x[tile.n * t.inStrideN + z * t.inStrideD + box.loY * t.inStrideH + box.loX * t.c],
                                     DataCopyExtParams(static_cast<uint16_t>(rows), static_cast<uint32_t>(cols * plan.pixelBytes),
                                                       static_cast<uint32_t>((t.inStrideH - cols * t.c) * S::kElem), 0, 0),
                                     DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            }
            return;
        }
        const uint32_t pixelGap =
            static_cast<uint32_t>((plan.pixelBytes - RoundUpTo(channels * S::kElem, kBlockBytes)) / kBlockBytes);
        for (int64_t z = box.loZ; z <= box.hiZ; ++z) {
            for (int64_t row = box.loY; row <= box.hiY; ++row) {
                AscendC::DataCopyPad(
                    win[(plan.pixelBytes + (z - box.loZ) * plan.slabBytes + (row - box.loY) * plan.rowBytes) / S::kElem],
                    x[tile.n * t.inStrideN + c0 + z * t.inStrideD + row * t.inStrideH + box.loX * t.inStrideW],
                    DataCopyExtParams(static_cast<uint16_t>(cols), static_cast<uint32_t>(channels * S::kElem),
                                      static_cast<uint32_t>((t.inStrideW - channels) * S::kElem), pixelGap, 0),
                    DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
            }
        }
    }

    // Per-point path: per tap row, the run's pixels, each a block holding the channels.
    __aicore__ static inline PointLayout PointLayoutFor(int64_t channels) {
        const int64_t pixel = RoundUpTo(channels * S::kElem, kBlockBytes);
        return PointLayout{S::kTaps * pixel, pixel, S::kElem, pixel};
    }
    __aicore__ static inline int64_t MaxPointChannels(const GridSampleTilingData& t) {
        return ((t.windowBufBytes / 2) / (kPointGroup * S::kTaps * S::kRowsPerPoint)) / kBlockBytes * kBlockBytes / S::kElem;
    }
    __aicore__ static inline void FetchTapRow(const GridSampleTilingData& t, const GlobalTensor<T>& x,
                                              const LocalTensor<T>& dst, int64_t src, int64_t channels, int64_t run) {
        AscendC::DataCopyPad(dst, x[src],
                             DataCopyExtParams(static_cast<uint16_t>(run), static_cast<uint32_t>(channels * S::kElem),
                                               static_cast<uint32_t>((t.inStrideW - channels) * S::kElem), 0, 0),
                             DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
    }
};

// ---- combine and store ------------------------------------------------------------------------
template <typename T, int32_t MODE, int32_t DIMS>
class GridSampleCombine : public KernelShape<T, MODE, DIMS> {
    using S = KernelShape<T, MODE, DIMS>;
    using S::kElem;
    using S::kFloatIo;
    using S::kTapCount;
    using S::kTaps;
    using S::kTapsZ;
    using Taps = GridSampleTaps<T, MODE, DIMS>;

public:
    __aicore__ inline void Init(const GridSampleTilingData& tiling, const UbCarve& ub) {
        t_ = &tiling;
        Carve(ub);
    }

    // The vectors of tiles of ub.slots slots.
    __aicore__ inline void Carve(const UbCarve& ub) {
        slots_ = ub.slots;
        gathered_ = ub.Vector(kVecGathered, 0);
        run_ = ub.Vector(kVecTap, 0);   // the tap vectors: kGatherRun of them (the inventory's rule)
        runIo_ = gathered_.template ReinterpretCast<T>();   // half types: kVecGathered and kVecHalfGather
        if (MODE == kBicubic) rowAcc_ = ub.Vector(kVecRowAcc, 0);
        if (DIMS == 3 && MODE == kBicubic) planeAcc_ = ub.Vector(kVecPlaneAcc, 0);
        if (!kFloatIo) {
            acc_ = ub.Vector(kVecHalfAcc, 0);
            gatheredIo_ = ub.Vector(kVecHalfGather, 0).template ReinterpretCast<T>();
        }
    }

    // out[s0 .. s0+count) of one channel = weighted sum of its taps read from `src` at `base`
    // (elements of T, or float: a half-type window's cast).
    // wholeTile (the window path: s0 = 0, count = every slot): each run of GatherRunOf(MODE) taps
    // is gathered by one instruction into the tap vectors, dead by then (2-D bicubic: a pair of
    // rows, CombinePairedRows); otherwise (the per-point path, whose scalar unit still reads the
    // taps) one tap at a time. The same sums in the same order either way.
    template <typename SRC>
    __aicore__ inline void Combine(const Taps& taps, const LocalTensor<T>& out, const LocalTensor<SRC>& src, uint32_t base,
                                   int32_t s0, int32_t count, bool wholeTile) {
        static_assert(sizeof(SRC) == sizeof(T) || (sizeof(SRC) == 4 && MODE != kNearest),
                      "taps gather from T, or from a float cast of the window (not nearest: it gathers straight to out)");
        if constexpr (MODE == kNearest) {
            AscendC::Gather(out, src, taps.off[0][s0], base, count);
            return;
        }
        LocalTensor<float> acc;
        if constexpr (kFloatIo) acc = out; else acc = acc_;
        if constexpr (MODE == kBilinear) {
            // 2-D: the four corner weights (MakeCornerWeights); 3-D: the eight trilinear weights
            // (MakeTrilinearWeights); straight into the accumulator, in torch's order
            const LocalTensor<float>* corners[4] = {&taps.wx[0], &taps.wx[1], &taps.wy[0], &taps.wy[1]};
            for (int32_t k = 0; k < kTapCount; ++k) {
                const LocalTensor<float> g = TapValues(taps, k / 4 * 4, k % 4, src, base, s0, count, wholeTile);
                const LocalTensor<float>& w = DIMS == 3 ? taps.corner[k] : *corners[k % 4];
                if (k == 0) {
                    AscendC::Mul(acc, g, w[s0], count);
                } else {
                    AscendC::MulAddDst(acc, g, w[s0], count);
                }
            }
        } else if (S::kPairedRows && wholeTile) {
            CombinePairedRows(taps, acc, src, base);
        } else {
            // bicubic, separable: rows of 4 taps weighted in x, rows weighted in y, and in 3-D
            // (tricubic) the planes weighted in z
            for (int32_t k = 0; k < kTapsZ; ++k) {
                const LocalTensor<float>& plane = DIMS == 3 ? planeAcc_ : acc;
                for (int32_t i = 0; i < kTaps; ++i) {
                    for (int32_t j = 0; j < kTaps; ++j) {
                        const LocalTensor<float> g =
                            S::kPairedRows ? GatherOne(taps, S::TapIndex(k, i, j), src, base, s0, count)
                                           : TapValues(taps, (k * kTaps + i) * kTaps, j, src, base, s0, count, wholeTile);
                        if (j == 0) {
                            AscendC::Mul(rowAcc_, g, taps.wx[0][s0], count);
                        } else {
                            AscendC::MulAddDst(rowAcc_, g, taps.wx[j][s0], count);
                        }
                    }
                    if (i == 0) {
                        AscendC::Mul(plane, rowAcc_, taps.wy[0][s0], count);
                    } else {
                        AscendC::MulAddDst(plane, rowAcc_, taps.wy[i][s0], count);
                    }
                }
                if constexpr (DIMS == 3) {
                    if (k == 0) {
                        AscendC::Mul(acc, plane, taps.wz[0][s0], count);
                    } else {
                        AscendC::MulAddDst(acc, plane, taps.wz[k][s0], count);
                    }
                }
            }
        }
        if constexpr (!kFloatIo) AscendC::Cast(out, acc, AscendC::RoundMode::CAST_RINT, count);
    }

    // Writes a chunk of `channels` output channels of a tile.
    __aicore__ inline void Store(const GlobalTensor<T>& y, const LocalTensor<T>& out, const Tile& tile, int64_t c0,
                                 int64_t channels) const {
        const GridSampleTilingData& t = *t_;
        const int64_t base = tile.n * t.outStrideN + c0 * t.outStrideC + tile.row0 * t.outStrideH + tile.col0;
        const int64_t points = tile.rows * tile.cols;
        const int64_t gap = (t.outStrideC - points) * kElem;
        if (t.tileDepth > 1) {
            // per channel, one block per depth slice (the tiling keeps each block a multiple of 32 bytes)
            for (int64_t c = 0; c < channels; ++c)
                AscendC::DataCopyPad(y[base + c * t.outStrideC], out[c * slots_],
                                     DataCopyExtParams(static_cast<uint16_t>(tile.depths), static_cast<uint32_t>(points * kElem), 0,
                                                       static_cast<uint32_t>((t.planeRows - tile.rows) * t.outStrideH * kElem), 0));
            return;
        }
        if (t.flatTiles && gap >= 0 && gap <= kMaxDmaGapBytes) {
            // one DMA: each channel's points are one contiguous run
            const uint32_t ubGap = static_cast<uint32_t>((slots_ * kElem - RoundUpTo(points * kElem, kBlockBytes)) / kBlockBytes);
            AscendC::DataCopyPad(y[base], out,
                                 DataCopyExtParams(static_cast<uint16_t>(channels), static_cast<uint32_t>(points * kElem),
                                                   ubGap, static_cast<uint32_t>(gap), 0));
            return;
        }
        for (int64_t c = 0; c < channels; ++c) {
            DataCopyExtParams params;
            if (t.flatTiles) {
                params = DataCopyExtParams(1, static_cast<uint32_t>(points * kElem), 0, 0, 0);
            } else {
                const int64_t rowBytes = tile.cols * kElem;
                params = DataCopyExtParams(
                    static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(rowBytes),
                    static_cast<uint32_t>((tile.pitch * kElem - RoundUpTo(rowBytes, kBlockBytes)) / kBlockBytes),
                    static_cast<uint32_t>((t.outStrideH - tile.cols) * kElem), 0);
            }
            AscendC::DataCopyPad(y[base + c * t.outStrideC], out[c * slots_], params);
        }
    }

private:
    // 2-D bicubic on the whole tile (PairedRowsOf): per pair of rows, its 8 taps gathered x-major
    // into the tap vectors (one Gather; half types, or beyond one Gather's count: two runs),
    // both rows' x sums at once, then each row weighted in y.
    template <typename SRC>
    __aicore__ inline void CombinePairedRows(const Taps& taps, const LocalTensor<float>& acc, const LocalTensor<SRC>& src,
                                             uint32_t base) {
        if constexpr (!S::kPairedRows) return;
        const int32_t n = slots_;
        constexpr int32_t kPairTaps = 2 * kTaps;
        for (int32_t pair = 0; pair < kTaps / 2; ++pair) {
            const int32_t first = pair * kPairTaps;
            bool gathered = false;
            if constexpr (sizeof(SRC) == 4) {
                gathered = kPairTaps * n <= kMaxGatherCount;
                if (gathered) AscendC::Gather(run_, src, taps.off[first], base, kPairTaps * n);
            }
            if (!gathered)
                for (int32_t half = 0; half < 2; ++half) GatherRun(run_[half * kTaps * n], src, taps.off[first + half * kTaps], base);
            for (int32_t j = 0; j < kTaps; ++j) {
                if (j == 0) {
                    AscendC::Mul(rowAcc_, run_, taps.wx[0], 2 * n);
                } else {
                    AscendC::MulAddDst(rowAcc_, run_[j * 2 * n], taps.wx[j], 2 * n);
                }
            }
            for (int32_t r = 0; r < 2; ++r) {
                const int32_t i = pair * 2 + r;
                if (i == 0) {
                    AscendC::Mul(acc, rowAcc_, taps.wy[0], n);
                } else {
                    AscendC::MulAddDst(acc, rowAcc_[r * n], taps.wy[i], n);
                }
            }
        }
    }

    // One tap's slots [s0, s0 + count) as float, gathered from its offset vector.
    template <typename SRC>
    __aicore__ inline LocalTensor<float> GatherOne(const Taps& taps, int32_t index, const LocalTensor<SRC>& src,
                                                   uint32_t base, int32_t s0, int32_t count) {
        GatherTap(gathered_, src, taps.off[index][s0], base, count);
        return gathered_;
    }

    // A run of kGatherRun taps of every slot, from the adjacent offset vectors at `offsets`, as
    // float into `dst` (half types: gathered as themselves, then cast).
    template <typename SRC>
    __aicore__ inline void GatherRun(const LocalTensor<float>& dst, const LocalTensor<SRC>& src,
                                     const LocalTensor<uint32_t>& offsets, uint32_t base) {
        const int32_t runCount = kGatherRun * slots_;
        if constexpr (sizeof(SRC) == 4) {   // float: T, or a half-type window's cast
            AscendC::Gather(dst, src, offsets, base, runCount);
        } else {
            AscendC::Gather(runIo_, src, offsets, base, runCount);
            AscendC::Cast(dst, runIo_, AscendC::RoundMode::CAST_NONE, runCount);
        }
    }

    // Tap r of the run of taps whose offsets start at off[first], as float: on the whole tile the
    // run is gathered (and cast) at its first tap, else tap r alone.
    template <typename SRC>
    __aicore__ inline LocalTensor<float> TapValues(const Taps& taps, int32_t first, int32_t r, const LocalTensor<SRC>& src,
                                                   uint32_t base, int32_t s0, int32_t count, bool wholeTile) {
        if (!wholeTile) return GatherOne(taps, first + r, src, base, s0, count);
        if (r == 0) GatherRun(run_, src, taps.off[first], base);
        return run_[r * slots_];
    }

    // One tap of `count` slots from `src` (bytes offsets + base) as float into `dst`.
    template <typename SRC>
    __aicore__ inline void GatherTap(const LocalTensor<float>& dst, const LocalTensor<SRC>& src,
                                     const LocalTensor<uint32_t>& offsets, uint32_t base, int32_t count) {
        if constexpr (sizeof(SRC) == 4) {
            AscendC::Gather(dst, src, offsets, base, count);
        } else {
            AscendC::Gather(gatheredIo_, src, offsets, base, count);
            AscendC::Cast(dst, gatheredIo_, AscendC::RoundMode::CAST_NONE, count);
        }
    }

    const GridSampleTilingData* t_ = nullptr;
    int32_t slots_ = 0;
    static constexpr int32_t kGatherRun = GatherRunOf(MODE);
    LocalTensor<float> gathered_, acc_, rowAcc_, planeAcc_, run_;
    LocalTensor<T> gatheredIo_, runIo_;
};

// ---- the kernel -------------------------------------------------------------------------------
template <typename T, int32_t MODE, int32_t DIMS, template <typename, int32_t, int32_t> class LAYOUT>
class GridSampleKernel : public KernelShape<T, MODE, DIMS> {
    using S = KernelShape<T, MODE, DIMS>;
    using S::kComponents;
    using S::kElem;
    using S::kRowsPerPoint;
    using S::kTaps;
    using S::kTapsZ;
    using Layout = LAYOUT<T, MODE, DIMS>;
    using Plan = typename Layout::Plan;

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
        if constexpr (Layout::kZeroBlockOnce) {
            LocalTensor<T> first = windowQue_.template AllocTensor<T>();
            LocalTensor<T> second = windowQue_.template AllocTensor<T>();
            AscendC::Duplicate(first, static_cast<T>(0.0f), kBlockBytes / kElem);
            AscendC::Duplicate(second, static_cast<T>(0.0f), kBlockBytes / kElem);
            windowQue_.FreeTensor(first);
            windowQue_.FreeTensor(second);
        }
        carve_.vectors = pointBuf_.Get<float>();
        carve_.masks = maskBuf_.Get<uint8_t>();
        carve_.inventory = UbInventoryOf(MODE, t_.dataKind, DIMS);
        carve_.slots = slots_;
        carve_.maskBytes = t_.maskBufBytes;
        carve_.tilingSlots = slots_;
        taps_.Init(t_, carve_);
        combine_.Init(t_, carve_);
    }

    __aicore__ inline void Process() {
        const int64_t core = AscendC::GetBlockIdx();
        const int64_t cores = AscendC::GetBlockNum();
        first_ = UnitBoundary(t_, core, cores);
        const int64_t count = UnitBoundary(t_, core + 1, cores) - first_;
        if (count <= 0) return;
        firstTile_ = first_ / t_.channelGroups;
        lastTile_ = (first_ + count - 1) / t_.channelGroups;
        last_ = first_ + count - 1;
        Ahead ahead;
        ahead.dequeued = false;
        ahead.loaded = false;
        LoadGrid(TileAt(firstTile_));
        // the first window too loads while the first tile's taps are prepared
        if (Layout::kLookAhead) LookAhead(firstTile_, &ahead);
        for (int64_t tile = firstTile_;; ++tile) {
            const TileWork work = BeginTile(tile, ahead);
            ahead.dequeued = false;
            ahead.loaded = false;
            if (work.plan.useWindow) {
                SampleFromWindow(work, Layout::kLookAhead && tile < lastTile_, &ahead);
            } else if (!SampleInParts(work)) {
                SamplePerPoint(work);
            }
            if (tile == lastTile_) break;
        }
    }

private:
    __aicore__ inline Tile TileAt(int64_t index) const { return TileGeometryOf(t_, index); }

    // The point and mask buffers carved for tiles of `slots` slots (an edge tile's fewer): the
    // vectors stay adjacent, so instructions over several of them cover exactly the tile's slots.
    __aicore__ inline void Recarve(int32_t slots) {
        slots_ = slots;
        carve_.slots = slots;
        carve_.maskBytes = static_cast<int32_t>(MaskBytes(slots));
        taps_.Carve(carve_);
        combine_.Carve(carve_);
    }

    // A tile as this core takes it: its taps, window plan and channel range.
    struct TileWork {
        int64_t index;
        Tile geometry;
        TileTaps taps;
        Plan plan;
        int64_t cBegin, cEnd;
        bool firstLoaded;   // the window's first chunk is loading
    };
    // The next tile as looked at ahead (LookAhead): its grid tile, once dequeued, and, once its
    // first window chunk is loading, the plan of that window.
    struct Ahead {
        LocalTensor<T> rawGrid;
        Plan plan;
        bool dequeued, loaded;
    };

    __aicore__ inline void ChannelRange(int64_t tile, int64_t* cBegin, int64_t* cEnd) const {
        const int64_t groups = t_.channelGroups;
        const int64_t groupBegin = tile == firstTile_ ? first_ % groups : 0;
        const int64_t groupEnd = tile == lastTile_ ? last_ % groups + 1 : groups;
        *cBegin = groupBegin * t_.groupChannels;
        *cEnd = MinI(t_.c, groupEnd * t_.groupChannels);
    }

    // Prefetches the grid of the tile after (unless looked ahead at), then prepares this tile's
    // taps (and, for a window, their offsets into it: into the window looked ahead at, when that
    // is loading).
    __aicore__ inline TileWork BeginTile(int64_t tile, const Ahead& ahead) {
        if (!ahead.dequeued && tile < lastTile_) LoadGrid(TileAt(tile + 1));   // overlaps this tile's work
        TileWork work;
        work.index = tile;
        work.geometry = TileAt(tile);
        if (work.geometry.slots != slots_) Recarve(static_cast<int32_t>(work.geometry.slots));
        LocalTensor<T> rawGrid = ahead.dequeued ? ahead.rawGrid : gridQue_.template DeQue<T>();
        work.taps = taps_.Prepare(rawGrid, work.geometry, !ahead.loaded);
        gridQue_.FreeTensor(rawGrid);
        work.plan = ahead.loaded ? ahead.plan : Layout::PlanWindow(t_, work.taps);
        ChannelRange(tile, &work.cBegin, &work.cEnd);
        work.firstLoaded = ahead.loaded;
        if (work.plan.useWindow) {
            // the first chunk loads while the taps' offsets are built
            if (!work.firstLoaded) LoadChunk(work, work.cBegin, MinI(work.plan.chunk, work.cEnd - work.cBegin));
            work.firstLoaded = true;
            Layout::WindowOffsets(taps_, work.plan, work.taps, 0, slots_);
        }
        return work;
    }

    // Dequeues the grid of `tile`, prefetches the next one's and, when a coarse box of its taps
    // (GridSampleTaps::CoarseBox) gives a window that fits, starts loading its first chunk into
    // that window.
    __aicore__ inline void LookAhead(int64_t tile, Ahead* ahead) {
        ahead->rawGrid = gridQue_.template DeQue<T>();
        ahead->dequeued = true;
        if (tile < lastTile_) LoadGrid(TileAt(tile + 1));
        TileWork next;
        next.geometry = TileAt(tile);
        if (!taps_.CoarseBox(ahead->rawGrid, next.geometry, &next.taps)) return;
        next.plan = Layout::PlanWindow(t_, next.taps);
        if (!next.plan.useWindow) return;
        ChannelRange(tile, &next.cBegin, &next.cEnd);
        LoadChunk(next, next.cBegin, MinI(next.plan.chunk, next.cEnd - next.cBegin));
        ahead->plan = next.plan;
        ahead->loaded = true;
    }

    __aicore__ inline void LoadGrid(const Tile& tile) {
        LocalTensor<T> buf = gridQue_.template AllocTensor<T>();
        const int64_t src = tile.n * t_.gridStrideN + tile.row0 * t_.gridStrideH + kComponents * tile.col0;
        DataCopyExtParams params;
        if (t_.flatTiles) {
            // depth blocks: one block per depth slice (a multiple of 32 bytes, so they land back to back)
            params = DataCopyExtParams(static_cast<uint16_t>(tile.depths), static_cast<uint32_t>(tile.rows * tile.cols * kComponents * kElem),
                                       static_cast<uint32_t>(tile.depths > 1 ? (t_.planeRows - tile.rows) * t_.gridStrideH * kElem : 0),
                                       0, 0);
        } else {
            const int64_t rowBytes = kComponents * tile.cols * kElem;
            params = DataCopyExtParams(static_cast<uint16_t>(tile.rows), static_cast<uint32_t>(rowBytes),
                                       static_cast<uint32_t>((t_.gridStrideH - kComponents * tile.cols) * kElem),
                                       static_cast<uint32_t>((kComponents * tile.pitch * kElem - RoundUpTo(rowBytes, kBlockBytes)) / kBlockBytes),
                                       0);
        }
        AscendC::DataCopyPad(buf, gridGm_[src], params, DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
        gridQue_.EnQue(buf);
    }

    __aicore__ inline void StoreChunk(const Tile& tile, int64_t c0, int64_t channels) {
        LocalTensor<T> out = outQue_.template DeQue<T>();
        combine_.Store(yGm_, out, tile, c0, channels);
        outQue_.FreeTensor(out);
    }

    // Channel c of a loaded window into out: from the plane's float cast when the plan has one.
    __aicore__ inline void CombineLoaded(const LocalTensor<T>& out, const LocalTensor<T>& win, const Plan& plan, int64_t c,
                                         int32_t s0, int32_t n, bool wholeTile) {
        if constexpr (Layout::kCastWindows) {
            if (plan.floatWindow) {   // planar: a load is one plane (c = 0)
                combine_.Combine(taps_, out, Layout::CastWindow(plan, win), 0, s0, n, wholeTile);
                return;
            }
        }
        combine_.Combine(taps_, out, win, static_cast<uint32_t>(c * plan.channelStride), s0, n, wholeTile);
    }

    __aicore__ inline void LoadChunk(const TileWork& work, int64_t c0, int64_t channels) {
        LocalTensor<T> load = windowQue_.template AllocTensor<T>();
        Layout::LoadWindow(t_, xGm_, load, work.geometry, work.plan, c0, channels);
        windowQue_.EnQue(load);
    }

    // Chunk by chunk (planar windows: a channel each; channel-last: plan.chunk channels), each
    // window load overlapping the previous chunk's vector work and store. With `lookAhead` the
    // next tile's first window load starts before this tile's last chunk is combined
    // (LookAhead), so that it overlaps that chunk instead of following the next tile's taps.
    __aicore__ inline void SampleFromWindow(const TileWork& work, bool lookAhead, Ahead* ahead) {
        const Plan& plan = work.plan;
        int64_t channels = 0;
        for (int64_t c0 = work.cBegin; c0 < work.cEnd; c0 += channels) {
            channels = MinI(plan.chunk, work.cEnd - c0);
            if (!(work.firstLoaded && c0 == work.cBegin)) LoadChunk(work, c0, channels);
            if (lookAhead && c0 + channels >= work.cEnd) LookAhead(work.index + 1, ahead);
            LocalTensor<T> win = windowQue_.template DeQue<T>();
            // the core's last chunk is stored in two halves: only the second half's store follows
            // the vector work (while the first is combined, the previous chunk's store frees the
            // other output buffer)
            const int64_t perStore = work.index == lastTile_ && c0 + channels >= work.cEnd ? (channels + 1) / 2 : channels;
            for (int64_t s0 = 0; s0 < channels; s0 += perStore) {
                const int64_t stored = MinI(perStore, channels - s0);
                LocalTensor<T> out = outQue_.template AllocTensor<T>();
                for (int64_t c = 0; c < stored; ++c) CombineLoaded(out[c * slots_], win, plan, s0 + c, 0, slots_, true);
                outQue_.EnQue(out);
                StoreChunk(work.geometry, c0 + s0, stored);
            }
            windowQue_.FreeTensor(win);
        }
    }

    // A tile whose window does not fit the buffer, in 2 to 8 parts of its slots (bands of its
    // rows), each with its own box and window, a channel at a time; false when a part's window
    // does not fit either, or when the parts' windows would move more than the per-point path's
    // DMAs (a tap row per point, a start-up each: far zoom-outs, nearest), which then runs. A
    // window many times the buffer (a scattered tile's) is not tried: its bands span as much.
    __aicore__ inline bool SampleInParts(const TileWork& work) {
        if constexpr (!Layout::kWindowParts) {
            return false;
        } else {
            static_assert(DIMS == 2, "parts are 2-D: the trilinear weights are formed over the whole tile");
            const Tile& tile = work.geometry;
            const Plan& wholePlan = work.plan;
            const int64_t cBegin = work.cBegin, cEnd = work.cEnd;
            if (wholePlan.planeBytes > 2 * kMaxWindowParts * static_cast<int64_t>(t_.windowBufBytes)) return false;
            // the per-point path's DMA bytes: a tap row per point, a start-up per chunk of channels
            const int64_t pointBytes =
                tile.rows * tile.cols * kRowsPerPoint * (kBlockBytes + kDmaStartupBytes / PointChunk(cBegin, cEnd));
            int32_t partSlots = slots_;
            for (int32_t split = 2; split <= kMaxWindowParts; split *= 2) {
                // parts of n slots, each starting on a multiple of kWindowPartSlots; the last takes
                // the rest (a multiple of 64, like every slot count)
                const int32_t n = static_cast<int32_t>(RoundUpTo((slots_ + split - 1) / split, kWindowPartSlots));
                if (n >= partSlots) return false;   // no finer split
                partSlots = n;
                const int32_t parts = (slots_ + n - 1) / n;
                TileTaps partTaps[kMaxWindowParts];
                Plan plans[kMaxWindowParts];
                bool fit = true;
                for (int32_t p = 0; p < parts && fit; ++p) {
                    partTaps[p] = taps_.PartTaps(work.taps.padSlots, p * n, PartSize(p, n));
                    plans[p] = Layout::PlanWindow(t_, partTaps[p]);
                    fit = plans[p].useWindow;
                }
                if (!fit) continue;
                int64_t windowBytes = 0;
                for (int32_t p = 0; p < parts; ++p) windowBytes += plans[p].planeBytes + kDmaStartupBytes;
                if (windowBytes > pointBytes) return false;
                for (int32_t p = 0; p < parts; ++p) Layout::WindowOffsets(taps_, plans[p], partTaps[p], p * n, PartSize(p, n));
                for (int64_t c = cBegin; c < cEnd; ++c) {
                    LocalTensor<T> out = outQue_.template AllocTensor<T>();
                    for (int32_t p = 0; p < parts; ++p) {
                        LocalTensor<T> load = windowQue_.template AllocTensor<T>();
                        Layout::LoadWindow(t_, xGm_, load, tile, plans[p], c, 1);
                        windowQue_.EnQue(load);
                        LocalTensor<T> win = windowQue_.template DeQue<T>();
                        CombineLoaded(out[p * n], win, plans[p], 0, p * n, PartSize(p, n), false);
                        windowQue_.FreeTensor(win);
                    }
                    outQue_.EnQue(out);
                    StoreChunk(tile, c, 1);
                }
                return true;
            }
            return false;
        }
    }

    // Slots of part p of a tile split in parts of n slots (the last takes the rest).
    __aicore__ inline int32_t PartSize(int32_t p, int32_t n) const { return static_cast<int32_t>(MinI(n, slots_ - p * n)); }

    // ---- per-point path -------------------------------------------------------------------------
    // Channels whose tap rows one per-point DMA fetches.
    __aicore__ inline int64_t PointChunk(int64_t cBegin, int64_t cEnd) const {
        return MinI(MinI(t_.chunkChannels, cEnd - cBegin), MaxI(1, Layout::MaxPointChannels(t_)));
    }

    __aicore__ inline void SamplePerPoint(const TileWork& work) {
        const Tile& tile = work.geometry;
        const int64_t cBegin = work.cBegin, cEnd = work.cEnd;
        const int64_t perChunk = PointChunk(cBegin, cEnd);
        const int64_t lastSlot = t_.flatTiles ? tile.depths * tile.rows * tile.cols : (tile.rows - 1) * tile.pitch + tile.cols;
        if constexpr (S::kTrilinear) taps_.MakeTrilinearWeights();
        for (int64_t c0 = cBegin; c0 < cEnd; c0 += perChunk) {
            const int64_t channels = MinI(perChunk, cEnd - c0);
            const PointLayout layout = Layout::PointLayoutFor(channels);
            const int64_t zeroBytes = layout.zeroBytes;
            const int64_t group =
                (t_.windowBufBytes - zeroBytes) / (layout.rowBytes * kRowsPerPoint) / kPointGroup * kPointGroup;
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
                    combine_.Combine(taps_, out[c * slots_ + s0], area, static_cast<uint32_t>(c * layout.channelStride),
                                     static_cast<int32_t>(s0), static_cast<int32_t>(count), false);
                windowQue_.FreeTensor(area);
            }
            outQue_.EnQue(out);
            StoreChunk(tile, c0, channels);
        }
    }

    // A point's taps of one row lie within kTaps adjacent pixels (padding moves taps at most as far
    // apart as they were), so each tap row is one DMA of that run for `channels` channels; invalid
    // taps read the zero area at the front. Each tap's validity bit and coordinate is read from UB
    // once per point (scalar UB reads are what this path's scalar unit spends its time on).
    __aicore__ inline void FetchPointTaps(const Tile& tile, const LocalTensor<T>& area, int64_t s, int64_t local,
                                          int64_t c0, int64_t channels, const PointLayout& layout) {
        const bool real = SlotIsReal(t_, tile, s);
        bool validX[kTaps], validY[kTaps], validZ[kTapsZ];
        int64_t tapX[kTaps], tapY[kTaps], tapZ[kTapsZ];
        int64_t xs = t_.inW;   // first pixel of the run: the smallest valid x tap
        bool anyX = false;
        for (int32_t j = 0; j < kTaps; ++j) {
            validX[j] = real && MaskBit(taps_.maskX[j], s);
            tapX[j] = validX[j] ? static_cast<int64_t>(taps_.tx[j].GetValue(s)) : 0;
            if (validX[j]) xs = MinI(xs, tapX[j]);
            anyX = anyX || validX[j];
        }
        for (int32_t i = 0; i < kTaps; ++i) {
            validY[i] = anyX && MaskBit(taps_.maskY[i], s);
            tapY[i] = validY[i] ? static_cast<int64_t>(taps_.ty[i].GetValue(s)) : 0;
        }
        for (int32_t k = 0; k < kTapsZ; ++k) {
            validZ[k] = DIMS == 2 || (anyX && MaskBit(taps_.maskZ[k], s));
            tapZ[k] = (DIMS == 3 && validZ[k]) ? static_cast<int64_t>(taps_.tz[k].GetValue(s)) : 0;
        }
        const int64_t run = MinI(kTaps, t_.inW);
        xs = MaxI(0, MinI(xs, t_.inW - run));
        for (int32_t row = 0; row < kRowsPerPoint; ++row) {   // tap rows: (z tap, y tap)
            const int32_t k = row / kTaps, i = row % kTaps;
            const bool rowValid = validY[i] && validZ[k];
            const int64_t block = layout.zeroBytes + (local * kRowsPerPoint + row) * layout.rowBytes;
            if (rowValid) {
                const int64_t src = tile.n * t_.inStrideN + c0 * t_.inStrideC + tapZ[k] * t_.inStrideD +
                                    tapY[i] * t_.inStrideH + xs * t_.inStrideW;
                Layout::FetchTapRow(t_, xGm_, area[block / kElem], src, channels, run);
            }
            for (int32_t j = 0; j < kTaps; ++j) {
                const bool valid = rowValid && validX[j];
                const int64_t column = valid ? tapX[j] - xs : 0;
                taps_.off[S::TapIndex(k, i, j)].SetValue(s, valid ? static_cast<uint32_t>(block + column * layout.pixelBytes) : 0u);
            }
        }
    }

    GridSampleTilingData t_;
    int32_t slots_ = 0;   // the slot count the buffers are carved for
    UbCarve carve_;
    AscendC::TPipe pipe_;
    AscendC::TQue<TPosition::VECIN, 2> gridQue_;
    AscendC::TQue<TPosition::VECIN, 2> windowQue_;
    AscendC::TQue<TPosition::VECOUT, 2> outQue_;
    AscendC::TBuf<TPosition::VECCALC> pointBuf_;
    AscendC::TBuf<TPosition::VECCALC> maskBuf_;
    GlobalTensor<T> xGm_, gridGm_, yGm_;
    int64_t first_ = 0, last_ = 0, firstTile_ = 0, lastTile_ = 0;   // this core's units and tiles
    GridSampleTaps<T, MODE, DIMS> taps_;
    GridSampleCombine<T, MODE, DIMS> combine_;
};

}  // namespace gridsample

#endif  // GRID_SAMPLE_KERNEL_H
