// GridSampleGrad: the gradients of GridSample on the AI Core, 2-D and 3-D, every mode, float32 /
// float16 / bfloat16 with float32 arithmetic and accumulation. No GM atomics, and results that do
// not depend on the core count:
// - input gradient: every input-gradient element belongs to exactly one work unit (batch, channel
//   chunk, tile of input rows). The unit zeroes its tile in UB, scans the batch's grid points in
//   order and adds each tap that falls in the tile, then writes the tile once. An element's sum
//   therefore always runs over the points in the same order, whatever the tiling. The tile is
//   pixel-major (a 32-byte block of the chunk's channels per pixel), so a tap's product is the
//   point's gradOutput channels (gathered point-major) times its weight, added into the pixel's
//   block (a point's products at once by one level-0 Mul, TapProducts).
// - grid gradient: per point, no scatter. A chunk's taps, weights, weight derivatives and validity
//   are computed on whole vectors (the vector forms of the scalar rules, grid_sample_coords.h); the
//   taps are gathered from a window of input rows (or fetched per point), summed with gradOutput over
//   the channels in order, and weighed on the vector unit too.
// The coordinate rules follow torch's backward (aten/src/ATen/native/GridSampler.cpp): unnormalize
// factor times the padding's derivative (clip: 0 on and beyond a border; reflection: +-1), cubic
// weight derivatives for bicubic and tricubic, no grid gradient for nearest. Scalar work is
// ordered against the DMA and vector pipes by PipeBarrier<PIPE_ALL> between stages, and by S_V /
// V_S waits where the scalar unit writes what the vector unit reads (set-up, tap weights); loads
// that run while the vector unit works (the grid role's channel groups, the input role's grid
// chunks and gradOutput sub-chunks) by MTE2_V / V_MTE2 flags on IDs held for the unit or chunk.
#ifndef GRID_SAMPLE_GRAD_KERNEL_H
#define GRID_SAMPLE_GRAD_KERNEL_H

#include "kernel_operator.h"
#include "grid_sample_coord_rules.h"
#include "grid_sample_coords.h"
#include "dma_limits.h"
#include "grid_sample_grad_tiling_data.h"

namespace gridsample {

// The taps of one axis for one point (grid_sample_coord_rules.h, in float32 on the scalar unit).
using GradAxis = AxisTaps<float, int32_t>;

template <typename T, int32_t MODE, int32_t DIMS>
class GridSampleGradKernel {
public:
    __aicore__ inline GridSampleGradKernel() {}

    __aicore__ inline void Init(GM_ADDR gradOutput, GM_ADDR x, GM_ADDR grid, GM_ADDR inputGrad, GM_ADDR gridGrad,
                                const GridSampleGradTilingData& t) {
        t_ = t;
        plane_ = t.inD * t.inH * t.inW;
        const uint64_t inElems = static_cast<uint64_t>(t.n * t.c * plane_);
        const uint64_t gridElems = static_cast<uint64_t>(t.n * t.points * DIMS);
        goGm_.SetGlobalBuffer((__gm__ T*)gradOutput, static_cast<uint64_t>(t.n * t.c * t.points));
        xGm_.SetGlobalBuffer((__gm__ T*)x, inElems);
        gridGm_.SetGlobalBuffer((__gm__ T*)grid, gridElems);
        if (t.computeInputGrad) igGm_.SetGlobalBuffer((__gm__ T*)inputGrad, inElems);
        if (t.computeGridGrad) ggGm_.SetGlobalBuffer((__gm__ T*)gridGrad, gridElems);
        // cores [0, inputCores) take the input-gradient units, [gridCoreFirst, + gridCores) the grid-gradient ones
        const int64_t core = static_cast<int64_t>(AscendC::GetBlockIdx());
        UnitRange(t.inputUnits, t.inputCores, core, &inputBegin_, &inputEnd_);
        UnitRange(t.gridUnits, t.gridCores, core - t.gridCoreFirst, &gridBegin_, &gridEnd_);
        if (inputBegin_ >= inputEnd_ && gridBegin_ >= gridEnd_) return;
        pipe_.InitBuffer(gridBuf_, t.gridBufBytes);
        if constexpr (!kIsFloat) pipe_.InitBuffer(gridFloat_, t.gridFloatBytes);
        FetchFirstGrid();
        InitRanges();
        if (inputBegin_ < inputEnd_) InitInputRole();
        if (gridBegin_ < gridEnd_) InitGridRole();
    }

    __aicore__ inline void Process() {
        for (int64_t u = inputBegin_; u < inputEnd_; ++u) InputGradUnit(u);
        for (int64_t u = gridBegin_; u < gridEnd_; ++u) GridGradUnit(u);
    }

private:
    static constexpr bool kIsFloat = sizeof(T) == 4;
    static constexpr int32_t kTaps = TapsPerAxisOf(MODE);   // taps per axis
    static constexpr int32_t kTapsZ = DIMS == 3 ? kTaps : 1;
    static constexpr int32_t kTapCount = TapCountOf(MODE, DIMS);
    static constexpr int32_t kRowsPerPoint = kTaps * kTapsZ;               // tap rows (z, y) of one point
    static constexpr int64_t kWeightRow = GradWeightRow(MODE, DIMS);        // floats of a point's tap weights
    static constexpr int64_t kWeightRows = GradWeightRows(MODE, DIMS);      // rows of weights the scalar unit fills in turn
    // in-tile taps of a point from which one Brcb and one Mul form its products (two instructions'
    // issue) rather than a Muls each
    static constexpr int32_t kTogetherTaps = 3;
    static constexpr int64_t kElem = static_cast<int64_t>(sizeof(T));
    static constexpr int64_t kZeroBytes = 32;                               // the zero block in front of a window plane

    // Points [p0, p0 + np) of batch b's grid.
    struct GridChunk {
        int64_t b, p0, np;
    };
    // The depth slices [zlo, zhi] (0 in 2-D) and rows [ylo, yhi] a grid chunk's window holds (whole
    // rows of each slice); empty: yhi < ylo.
    struct TapBox {
        int64_t zlo = 0, zhi = 0, ylo = 0, yhi = -1;
    };
    // A window plane per channel: a zero block, then the box's slices. Whole slices (and 2-D rows)
    // are one run of the input, which one DMA brings for a group of channels; a slice's rows alone
    // are a run per slice (a block of one DMA per channel), each landing padded to 32 bytes.
    struct WindowPlan {
        bool fits, wholeSlices;
        int64_t slices, runBytes, slicePitch, planeBytes;   // runBytes: one DMA block
    };
    // The vectors of a chunk's taps (CarveAxes): per axis a and tap j, the weight w, its derivative
    // dw, the tap (a pixel index: valid taps as they are, border and reflection's bicubic taps
    // padded into the image), its validity, and d coordinate / d grid value cg; then the
    // weighting's sums over the taps' vectors.
    struct AxisVectors {
        AscendC::LocalTensor<float> w[DIMS][kTaps], dw[DIMS][kTaps], tap[DIMS][kTaps], cg[DIMS], coord[DIMS];
        AscendC::LocalTensor<float> sum[DIMS], masked, rowDx, rowW, sliceX, sliceY, sliceZ;
        AscendC::LocalTensor<uint32_t> interleave;
        AscendC::LocalTensor<uint8_t> valid[DIMS][kTaps], tapMask;
        Scratch scratch;
    };

    // Core k's contiguous range of `units` split over `cores` (empty when k is not one of them).
    __aicore__ static inline void UnitRange(int64_t units, int64_t cores, int64_t k, int64_t* begin, int64_t* end) {
        *begin = 0;
        *end = 0;
        if (k < 0 || k >= cores) return;
        const int64_t per = units / cores, tail = units % cores;
        *begin = k * per + (k < tail ? k : tail);
        *end = *begin + per + (k < tail ? 1 : 0);
    }

    __aicore__ inline int64_t AlignElems(int64_t n) const {
        const int64_t per = 32 / kElem;
        return (n + per - 1) / per * per;
    }
    // gradOutput slabs (elements per channel) of the input and the grid role
    __aicore__ inline int64_t PointSlab() const { return AlignElems(t_.pointChunk); }
    __aicore__ inline int64_t GridSlab() const { return AlignElems(t_.gridChunk); }

    // Gather offsets in `index` repeat in units of `unit` elements, each `step` bytes past the one
    // before: from its first `first` elements (written by the scalar unit; a multiple of 8, so that
    // every copy starts 32-byte aligned) the vector unit doubles them up to `count`.
    __aicore__ inline void ExtendIndex(const AscendC::LocalTensor<int32_t>& index, int64_t first, int64_t count, int64_t unit,
                                       int64_t step) {
        for (int64_t len = first; len < count; len *= 2) {
            const int64_t n = len < count - len ? len : count - len;
            AscendC::Adds(index[static_cast<uint32_t>(len)], index, static_cast<int32_t>(len / unit * step), static_cast<int32_t>(n));
        }
    }

    // Both roles bound a chunk's taps by its coordinates' extremes (CoordinateTapRanges): Gather
    // byte offsets of coordinate k (x, y, z) of point p of a grid chunk, written once (x for the
    // grid gradient alone).
    __aicore__ inline void InitRanges() {
        pipe_.InitBuffer(rangeIndex_, t_.rangeIndexBytes);
        pipe_.InitBuffer(rangeBuf_, t_.rangeBytes);
        // (the scalar unit writes each axis' first 8 points, the vector unit the others, 32-byte blocks)
        AscendC::LocalTensor<int32_t> rangeIndex = rangeIndex_.template Get<int32_t>();
        constexpr int64_t kFirst = 8;
        const int64_t first = gridBegin_ < gridEnd_ ? 0 : 1;
        for (int64_t k = first; k < DIMS; ++k)
            for (int64_t p = 0; p < kFirst; ++p)
                rangeIndex.SetValue(static_cast<uint32_t>(k * t_.scanChunk + p), static_cast<int32_t>((p * DIMS + k) * 4));
        WaitPipe<HardEvent::S_V>();
        for (int64_t k = first; k < DIMS; ++k) {
            const AscendC::LocalTensor<int32_t> axis = rangeIndex[static_cast<uint32_t>(k * t_.scanChunk)];
            ExtendIndex(axis, kFirst, t_.scanChunk, 1, DIMS * 4);
        }
    }

    __aicore__ inline void InitInputRole() {
        pipe_.InitBuffer(scanGrid_, t_.gridBufBytes);
        pipe_.InitBuffer(goBuf_, t_.goBufBytes);
        if constexpr (!kIsFloat) pipe_.InitBuffer(goFloat_, t_.goFloatBytes);
        pipe_.InitBuffer(goT_, t_.goTBytes);
        pipe_.InitBuffer(goIndex_, t_.goIndexBytes);
        pipe_.InitBuffer(accBuf_, t_.accBytes);
        pipe_.InitBuffer(rowStage_, t_.rowStageBytes);
        pipe_.InitBuffer(rowIndex_, t_.rowIndexBytes);
        if constexpr (!kIsFloat) pipe_.InitBuffer(accOut_, t_.accOutBytes);
        block_ = (t_.channelChunk + 7) / 8 * 8;
        rowSlab_ = AlignElems(t_.inW);
        // GradPointMajorFloats' carve; the level-0 Mul of a point's products (TapProducts): with one
        // block of channels, 8 taps a repeat (src0 block stride 0: the point's block for each tap;
        // src1 block stride 1: each tap's broadcast weight), with more a repeat per tap (src1 block
        // stride 0: the tap's weight for each of the point's blocks); mask <= 64 floats, <= 64 repeats
        product_ = goT_.template Get<float>()[static_cast<uint32_t>(t_.pointChunk * block_)];
        weights_ = product_[static_cast<uint32_t>(kTapCount * block_)];
        broadcast_ = weights_[static_cast<uint32_t>(kWeightRows * kWeightRow)];
        const bool oneBlock = block_ == 8;
        productParams_ = oneBlock ? AscendC::BinaryRepeatParams(1, 0, 1, 8, 0, 8)
                                  : AscendC::BinaryRepeatParams(1, 1, 0, static_cast<uint8_t>(block_ / 8), 0, 1);
        productMask_ = oneBlock ? static_cast<uint64_t>(8 * (kTapCount < 8 ? kTapCount : 8)) : static_cast<uint64_t>(block_);
        productRepeats_ = static_cast<uint8_t>(oneBlock ? (kTapCount + 7) / 8 : kTapCount);
        // AddTapRows' level-0 Add: repeat r adds tap row r's run, a row of the accumulator (inW
        // pixels of block_ floats) and a tap row of products (kTaps blocks of block_) further on
        stackedRows_ = GradStackedRowStrides(MODE, t_.inW, block_);
        const uint8_t accRowBlocks = static_cast<uint8_t>(stackedRows_ ? t_.inW * block_ / 8 : 0);
        stackedParams_ = AscendC::BinaryRepeatParams(1, 1, 1, accRowBlocks, accRowBlocks,
                                                     static_cast<uint8_t>(stackedRows_ ? kTaps * block_ / 8 : 0));
        // Gather offsets (bytes), written once: point p's block takes channel ch of the
        // channel-major gradOutput chunk (lanes beyond the chunk repeat channel 0 and are never
        // used); a row's pixel i sits at block i of the accumulator. The scalar unit writes the
        // first block, the vector unit the others, 4 bytes more a point (a scalar write per
        // element would hold up every pipe for thousands of cycles).
        AscendC::LocalTensor<int32_t> goIndex = goIndex_.template Get<int32_t>();
        for (int64_t ch = 0; ch < block_; ++ch)
            goIndex.SetValue(static_cast<uint32_t>(ch), static_cast<int32_t>((ch < t_.channelChunk ? ch : 0) * PointSlab() * 4));
        AscendC::LocalTensor<uint32_t> rowIndex = rowIndex_.template Get<uint32_t>();
        for (int64_t i = 0; i < t_.inW; ++i) rowIndex.SetValue(static_cast<uint32_t>(i), static_cast<uint32_t>(i * block_ * 4));
        WaitPipe<HardEvent::S_V>();
        ExtendIndex(goIndex, block_, t_.pointChunk * block_, block_, 4);
    }

    __aicore__ inline void InitGridRole() {
        pipe_.InitBuffer(gridGo_, t_.gridGoBytes);
        if constexpr (!kIsFloat) pipe_.InitBuffer(gridGoFloat_, t_.gridGoFloatBytes);
        pipe_.InitBuffer(window_, t_.windowBytes);
        pipe_.InitBuffer(offsets_, t_.offsetBytes);
        pipe_.InitBuffer(tapSums_, t_.tapSumBytes);
        pipe_.InitBuffer(gathered_, t_.gatheredBytes);
        if constexpr (!kIsFloat) pipe_.InitBuffer(gatheredIo_, t_.gatheredIoBytes);
        pipe_.InitBuffer(result_, t_.resultBytes);
        if constexpr (!kIsFloat) pipe_.InitBuffer(resultOut_, t_.resultOutBytes);
        slots_ = static_cast<int32_t>(GradSlots(t_.gridChunk));
        if constexpr (MODE != kNearest) CarveAxes();
    }

    // The grid role's vector work area in GradAxisBytes' order; written once: bilinear's weight
    // derivatives (-1, 1) and the Gather offsets that interleave the result (element p * DIMS + k
    // takes slot p of sum k; the scalar unit writes the first points, the vector unit the others).
    __aicore__ inline void CarveAxes() {
        pipe_.InitBuffer(axes_, t_.axisBytes);
        AscendC::LocalTensor<float> v = axes_.template Get<float>();
        const uint32_t n = static_cast<uint32_t>(slots_);
        uint32_t at = 0;
        for (int32_t a = 0; a < DIMS; ++a)
            for (int32_t j = 0; j < kTaps; ++j) av_.w[a][j] = v[(at++) * n];
        for (int32_t a = 0; a < DIMS; ++a)
            for (int32_t j = 0; j < kTaps; ++j) av_.dw[a][j] = v[(at++) * n];
        for (int32_t a = 0; a < DIMS; ++a) av_.cg[a] = v[(at++) * n];
        for (int32_t a = 0; a < DIMS; ++a)
            for (int32_t j = 0; j < kTaps; ++j) av_.tap[a][j] = v[(at++) * n];
        for (int32_t a = 0; a < DIMS; ++a) av_.coord[a] = v[(at++) * n];
        av_.scratch.t0 = v[(at++) * n];
        av_.scratch.t1 = v[(at++) * n];
        av_.scratch.t2 = v[(at++) * n];
        av_.interleave = v[at * n].template ReinterpretCast<uint32_t>();
        at += DIMS;
        static_assert(GradAxisVectors(MODE, DIMS) == DIMS * (3 * kTaps + 1) + DIMS + 3 + DIMS, "the carve follows GradAxisVectors");
        // the weighing's vectors take the taps' and the coordinates' (adjacent) once the offsets are built
        constexpr int32_t kWeighVectors = DIMS + 3 + (DIMS == 3 ? 3 : 0);
        static_assert(DIMS * kTaps + DIMS >= kWeighVectors, "the sums and the weighing's partial sums fit the taps' and coordinates' vectors");
        AscendC::LocalTensor<float> weigh[kWeighVectors];
        for (int32_t k = 0; k < kWeighVectors; ++k) weigh[k] = av_.tap[0][0][static_cast<uint32_t>(k) * n];
        for (int32_t k = 0; k < DIMS; ++k) av_.sum[k] = weigh[k];
        av_.masked = weigh[DIMS];
        av_.rowDx = weigh[DIMS + 1];
        av_.rowW = weigh[DIMS + 2];
        if constexpr (DIMS == 3) {
            av_.sliceX = weigh[DIMS + 3];
            av_.sliceY = weigh[DIMS + 4];
            av_.sliceZ = weigh[DIMS + 5];
        }
        AscendC::LocalTensor<uint8_t> masks = v[at * n].template ReinterpretCast<uint8_t>();
        const uint32_t maskBytes = static_cast<uint32_t>(GradMaskBytes(slots_));
        uint32_t m = 0;
        for (int32_t a = 0; a < DIMS; ++a)
            for (int32_t j = 0; j < kTaps; ++j) av_.valid[a][j] = masks[(m++) * maskBytes];
        av_.scratch.mask = masks[(m++) * maskBytes];
        av_.tapMask = masks[m * maskBytes];
        if constexpr (MODE == kBilinear) {
            for (int32_t a = 0; a < DIMS; ++a) {
                AscendC::Duplicate(av_.dw[a][0], -1.0f, slots_);
                AscendC::Duplicate(av_.dw[a][1], 1.0f, slots_);
            }
        }
        AscendC::LocalTensor<int32_t> index = av_.interleave.template ReinterpretCast<int32_t>();
        constexpr int32_t kFirst = 8;   // points the scalar unit writes: the vector unit's blocks stay 32-byte aligned
        for (int32_t e = 0; e < kFirst * DIMS; ++e)
            index.SetValue(static_cast<uint32_t>(e), static_cast<int32_t>((e % DIMS * slots_ + e / DIMS) * 4));
        WaitPipe<HardEvent::S_V>();
        ExtendIndex(index, kFirst * DIMS, DIMS * slots_, DIMS, 4);
    }

    // The DMA of points [p0, p0 + np) of batch b's grid into gridBuf_ (or `dst`).
    __aicore__ inline void FetchGrid(int64_t b, int64_t p0, int64_t np) { FetchGrid(gridBuf_.template Get<T>(), b, p0, np); }
    __aicore__ inline void FetchGrid(const AscendC::LocalTensor<T>& dst, int64_t b, int64_t p0, int64_t np) {
        AscendC::DataCopyExtParams copy(1, static_cast<uint32_t>(np * DIMS * kElem), 0, 0, 0);
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
        AscendC::DataCopyPad(dst, gridGm_[(b * t_.points + p0) * DIMS], copy, pad);
    }

    // The grid chunk the core loads first (its first unit's first), fetched before the roles'
    // constant vectors are written: the transfer, and the DMA start-up the core's first one pays,
    // overlap them. Nearest's grid role loads no grid.
    __aicore__ inline void FetchFirstGrid() {
        if (inputBegin_ < inputEnd_) {
            firstGrid_ = GridChunk{InputUnitBatch(inputBegin_), 0, (t_.points < t_.scanChunk ? t_.points : t_.scanChunk)};
        } else if constexpr (MODE != kNearest) {
            firstGrid_ = GridUnitChunk(gridBegin_);
        } else {
            return;
        }
        if (firstGrid_.np <= 0) return;   // an empty grid: nothing to load
        FetchGrid(firstGrid_.b, firstGrid_.p0, firstGrid_.np);
        firstGridFetched_ = true;
    }
    __aicore__ inline int64_t InputUnitBatch(int64_t u) const { return u / (t_.tilesPerPlane * t_.channelChunks); }
    // A grid-gradient unit's points: batch b, points [p0, p0 + np).
    __aicore__ inline GridChunk GridUnitChunk(int64_t u) const {
        const int64_t p0 = (u % t_.gridChunks) * t_.gridChunk;
        return GridChunk{u / t_.gridChunks, p0, (t_.points - p0) < t_.gridChunk ? (t_.points - p0) : t_.gridChunk};
    }

    // True when FetchFirstGrid's DMA brought points [p0, p0 + np) of batch b into gridBuf_; it is
    // taken once.
    __aicore__ inline bool TakeFirstGrid(int64_t b, int64_t p0, int64_t np) {
        const bool fetched = firstGridFetched_ && b == firstGrid_.b && p0 == firstGrid_.p0 && np == firstGrid_.np;
        firstGridFetched_ = false;
        return fetched;
    }
    // Loads points [p0, p0 + np) of batch b: the grid coordinates as floats.
    __aicore__ inline AscendC::LocalTensor<float> LoadGrid(int64_t b, int64_t p0, int64_t np) {
        if (!TakeFirstGrid(b, p0, np)) {
            AscendC::PipeBarrier<PIPE_ALL>();   // earlier scalar reads of the buffer are done
            FetchGrid(b, p0, np);
        }
        AscendC::PipeBarrier<PIPE_ALL>();
        const AscendC::LocalTensor<float> f = GridFloats(gridBuf_.template Get<T>(), np);
        if constexpr (!kIsFloat) AscendC::PipeBarrier<PIPE_ALL>();
        return f;
    }
    // A loaded grid chunk as floats: float32 itself, half types cast into gridFloat_.
    __aicore__ inline AscendC::LocalTensor<float> GridFloats(const AscendC::LocalTensor<T>& raw, int64_t np) {
        if constexpr (kIsFloat) {
            return raw;
        } else {
            AscendC::LocalTensor<float> f = gridFloat_.template Get<float>();
            AscendC::Cast(f, raw, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(np * DIMS));
            return f;
        }
    }

    // Loads gradOutput of channels [c0, c0 + cc) at points [p0, p0 + np) of batch b as floats into
    // `raw` (and `asFloat` for half types), one slab of `slab` elements per channel.
    __aicore__ inline AscendC::LocalTensor<float> LoadGradOutput(int64_t b, int64_t c0, int64_t cc, int64_t p0, int64_t np,
                                                                 AscendC::TBuf<AscendC::TPosition::VECIN>& rawBuf,
                                                                 AscendC::TBuf<AscendC::TPosition::VECCALC>& floatBuf,
                                                                 int64_t slab) {
        AscendC::PipeBarrier<PIPE_ALL>();   // earlier reads of the buffer are done
        FetchGradOutput(b, c0, cc, p0, np, rawBuf, slab);
        return GradOutputAsFloat(cc, rawBuf, floatBuf, slab);
    }
    // LoadGradOutput's DMA alone.
    __aicore__ inline void FetchGradOutput(int64_t b, int64_t c0, int64_t cc, int64_t p0, int64_t np,
                                           AscendC::TBuf<AscendC::TPosition::VECIN>& rawBuf, int64_t slab) {
        FetchGradOutput(b, c0, cc, p0, np, rawBuf.template Get<T>(), slab);
    }
    __aicore__ inline void FetchGradOutput(int64_t b, int64_t c0, int64_t cc, int64_t p0, int64_t np,
                                           const AscendC::LocalTensor<T>& raw, int64_t slab) {
        const uint32_t len = static_cast<uint32_t>(np * kElem);
        const uint32_t gap = static_cast<uint32_t>((t_.points - np) * kElem);
        const uint32_t slabBlocks = static_cast<uint32_t>(slab * kElem / 32);
        const uint32_t usedBlocks = (len + 31) / 32;
        AscendC::DataCopyExtParams copy(static_cast<uint16_t>(cc), len, gap, slabBlocks - usedBlocks, 0);
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
        AscendC::DataCopyPad(raw, goGm_[(b * t_.c + c0) * t_.points + p0], copy, pad);
    }
    // The rest of LoadGradOutput once its DMA is issued: the wait, and half types' cast.
    __aicore__ inline AscendC::LocalTensor<float> GradOutputAsFloat(int64_t cc, AscendC::TBuf<AscendC::TPosition::VECIN>& rawBuf,
                                                                    AscendC::TBuf<AscendC::TPosition::VECCALC>& floatBuf, int64_t slab) {
        AscendC::PipeBarrier<PIPE_ALL>();
        const AscendC::LocalTensor<float> f = GradOutputFloats(cc, rawBuf.template Get<T>(), floatBuf, slab);
        if constexpr (!kIsFloat) AscendC::PipeBarrier<PIPE_ALL>();
        return f;
    }
    // Loaded gradOutput as floats: float32 itself, half types cast into `floatBuf`.
    __aicore__ inline AscendC::LocalTensor<float> GradOutputFloats(int64_t cc, const AscendC::LocalTensor<T>& raw,
                                                                   AscendC::TBuf<AscendC::TPosition::VECCALC>& floatBuf, int64_t slab) {
        if constexpr (kIsFloat) {
            return raw;
        } else {
            AscendC::LocalTensor<float> f = floatBuf.template Get<float>();
            AscendC::Cast(f, raw, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(cc * slab));
            return f;
        }
    }

    // The axes of point p of a loaded chunk: axes[0] x (W), axes[1] y (H), axes[2] z (D).
    __aicore__ inline void PointAxes(const AscendC::LocalTensor<float>& coords, int64_t p, GradAxis* axes) {
        PointAxis(coords, p, 2, axes);
        PointAxis(coords, p, 1, axes);
        PointAxis(coords, p, 0, axes);
    }
    // Axis k of point p (0 x, 1 y, 2 z; a 2-D point's z is one tap of weight 1 at slice 0).
    __aicore__ inline void PointAxis(const AscendC::LocalTensor<float>& coords, int64_t p, int32_t k, GradAxis* axes) {
        if (k == 2 && DIMS == 2) {
            axes[2].count = 1;
            axes[2].index[0] = 0;
            axes[2].weight[0] = 1.0f;
            axes[2].dweight[0] = 0.0f;
            axes[2].coordGrad = 0.0f;
            return;
        }
        const int64_t size = k == 0 ? t_.inW : k == 1 ? t_.inH : t_.inD;
        ComputeAxisTaps(coords.GetValue(static_cast<uint32_t>(p * DIMS + k)), size, MODE, t_.padding, t_.alignCorners != 0,
                        &axes[k]);
    }

    // ---- tap ranges (both roles) ---------------------------------------------------------------
    // The taps one axis' coordinates in [gmin, gmax] can reach, clamped into [0, size): false when
    // there is no such shortcut (a NaN or an infinity among them, which makes their sum `gsum`
    // non-finite; coordinates beyond 2^24; reflection that may move a tap). The coordinate maps are
    // monotonic, so the extremes bound every point's taps (floor .. floor + 1 covers nearest and
    // linear, floor - 1 .. floor + 2 cubic; border clamps the coordinate, or bicubic's taps, into
    // the image, so the clamped extremes bound them; zeros padding drops taps outside; reflection
    // is the identity while no tap leaves the image: the reflected coordinate is then c exactly).
    // lo > hi: no tap inside. *inside: every tap lies in the image (none clamped away).
    __aicore__ inline bool AxisTapRange(float gmin, float gmax, float gsum, int64_t size, int64_t* lo, int64_t* hi,
                                        bool* inside) const {
        if (!(gsum - gsum == 0.0f)) return false;   // x - x is 0 for finite x only
        const bool ac = t_.alignCorners != 0;
        const float last = static_cast<float>(size - 1);
        float cmin = Unnormalize(gmin, size, ac);
        float cmax = Unnormalize(gmax, size, ac);
        if (!(cmin > -MaxExactCoord<float>() && cmax < MaxExactCoord<float>())) return false;
        if (t_.padding == kBorder) {   // beyond an edge, border's taps lie on it
            cmin = CoordClamp(cmin, 0.0f, last);
            cmax = CoordClamp(cmax, 0.0f, last);
        }
        if (t_.padding == kReflection) {
            const bool inside = MODE == kBicubic ? (cmin >= 1.0f && cmax < last - 1.0f) : (cmin >= 0.0f && cmax <= last);
            if (!inside) return false;
        }
        int64_t a = static_cast<int64_t>(CoordFloor(cmin)) - (MODE == kBicubic ? 1 : 0);
        int64_t z = static_cast<int64_t>(CoordFloor(cmax)) + (MODE == kBicubic ? 2 : 1);
        *inside = a >= 0 && z <= size - 1;
        a = a < 0 ? 0 : a;
        z = z > size - 1 ? size - 1 : z;
        *lo = a;
        *hi = z;
        return true;
    }

    // The taps of axes [first, DIMS) (x, y, z: columns, rows, depth slices) that a loaded chunk's
    // first n points can reach, [lo[k], hi[k]] for axis k: the min, max and sum of their
    // coordinates on the vector unit bound every tap (AxisTapRange). False when there is no such
    // shortcut; a NaN coordinate makes the min and max meaningless (how the reductions treat NaN is
    // not documented) but the sum NaN, and AxisTapRange then says so. *inside: every tap of these
    // axes lies in the image.
    __aicore__ inline bool CoordinateTapRanges(const AscendC::LocalTensor<float>& coords, int64_t n, int32_t first, int64_t* lo,
                                               int64_t* hi, bool* inside) {
        AscendC::LocalTensor<float> range = rangeBuf_.template Get<float>();
        AscendC::LocalTensor<float> values = range;
        AscendC::LocalTensor<float> scratch = range[static_cast<uint32_t>(t_.scanChunk)];
        AscendC::LocalTensor<float> res = range[static_cast<uint32_t>(2 * t_.scanChunk)];
        AscendC::LocalTensor<uint32_t> index = rangeIndex_.template Get<uint32_t>();
        for (int32_t k = first; k < DIMS; ++k) {   // min, max and sum 32 bytes apart
            AscendC::Gather(values, coords, index[static_cast<uint32_t>(k * t_.scanChunk)], 0u, static_cast<uint32_t>(n));
            AscendC::ReduceMin(res[static_cast<uint32_t>(k * 24)], values, scratch, static_cast<int32_t>(n));
            AscendC::ReduceMax(res[static_cast<uint32_t>(k * 24 + 8)], values, scratch, static_cast<int32_t>(n));
            AscendC::ReduceSum(res[static_cast<uint32_t>(k * 24 + 16)], values, scratch, static_cast<int32_t>(n));
        }
        WaitPipe<HardEvent::V_S>();   // (not PIPE_ALL: the input role's next grid chunk may be loading)
        const int64_t sizes[3] = {t_.inW, t_.inH, t_.inD};
        *inside = true;
        for (int32_t k = first; k < DIMS; ++k) {
            const uint32_t at = static_cast<uint32_t>(k * 24);
            bool axisInside = false;
            if (!AxisTapRange(res.GetValue(at), res.GetValue(at + 8), res.GetValue(at + 16), sizes[k], &lo[k], &hi[k], &axisInside))
                return false;
            *inside = *inside && axisInside;
        }
        return true;
    }

    // ---- input gradient ------------------------------------------------------------------------
    // False when no tap of a scan chunk's ns points can lie in rows [r0, r0 + nr) of the D*H rows.
    // (Rows only: testing columns too would add a Gather and three reductions a chunk to every tile.)
    __aicore__ inline bool ScanMayTouch(const AscendC::LocalTensor<float>& coords, int64_t ns, int64_t r0, int64_t nr) {
        int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        bool inside = false;
        if (!CoordinateTapRanges(coords, ns, 1, lo, hi, &inside)) return true;
        for (int32_t k = 1; k < DIMS; ++k)
            if (lo[k] > hi[k]) return false;   // every tap outside the image
        if constexpr (DIMS == 2) return hi[1] >= r0 && lo[1] < r0 + nr;
        return BoxTouchesRows(lo[2], hi[2], lo[1], hi[1], r0, nr);
    }

    // True when the taps of depth slices [zlo, zhi] x rows [ylo, yhi] meet rows [r0, r0 + nr) of the
    // D*H rows: the tile's rows are the end of its first slice, whole slices, then the start of its
    // last slice.
    __aicore__ inline bool BoxTouchesRows(int64_t zlo, int64_t zhi, int64_t ylo, int64_t yhi, int64_t r0, int64_t nr) const {
        const int64_t zFirst = r0 / t_.inH, zLast = (r0 + nr - 1) / t_.inH;
        const int64_t z0 = zlo > zFirst ? zlo : zFirst, z1 = zhi < zLast ? zhi : zLast;
        for (int64_t z = z0; z <= z1; ++z) {
            const int64_t from = z == zFirst ? r0 % t_.inH : 0;
            const int64_t to = z == zLast ? (r0 + nr - 1) % t_.inH : t_.inH - 1;
            if (ylo <= to && yhi >= from) return true;
        }
        return false;
    }

    // Tap (z, y, x) of a point's products (and weights): x fastest, so a run of x taps is adjacent.
    __aicore__ static inline uint32_t TapIndex(int32_t jz, int32_t jy, int32_t jx) {
        return static_cast<uint32_t>((jz * kTaps + jy) * kTaps + jx);
    }
    // A point's valid tap rows (z, y) in the tile's rows [r0, r0 + nr), in tap order, and its
    // valid x taps: its taps in the tile are count x xs.
    struct TileRows {
        int32_t count, xs;
        int32_t jz[kRowsPerPoint], jy[kRowsPerPoint];
        int64_t row[kRowsPerPoint];   // the input row (z * H + y)
    };
    // Point p's axes and in-tile tap rows; false (its x axis not computed) when no tap lies in the
    // tile. Axes from z to x, each only while the point may still reach the tile: a tile holds a
    // few slices' rows, and a point's taps span at most kTaps slices, so most points a range test
    // lets through for a neighbouring tile's sake stop at z (or y) on the scalar unit.
    __aicore__ inline bool PointRowsInTile(const AscendC::LocalTensor<float>& coords, int64_t p, int64_t r0, int64_t nr,
                                           GradAxis* axes, TileRows* rows) {
        PointAxis(coords, p, 2, axes);
        if constexpr (DIMS == 3) {
            const int64_t zFirst = r0 / t_.inH, zLast = (r0 + nr - 1) / t_.inH;
            bool near = false;
            for (int32_t jz = 0; jz < axes[2].count; ++jz)
                near = near || (axes[2].index[jz] >= zFirst && axes[2].index[jz] <= zLast);
            if (!near) return false;
        }
        PointAxis(coords, p, 1, axes);
        RowsInTile(axes, r0, nr, rows);
        if (rows->count == 0) return false;
        PointAxis(coords, p, 0, axes);
        for (int32_t jx = 0; jx < axes[0].count; ++jx) rows->xs += axes[0].index[jx] >= 0 ? 1 : 0;
        return rows->xs > 0;
    }
    // The point's valid tap rows in the tile (z and y computed); rows->xs left 0.
    __aicore__ inline void RowsInTile(const GradAxis* axes, int64_t r0, int64_t nr, TileRows* rows) const {
        rows->count = 0;
        rows->xs = 0;
        for (int32_t jz = 0; jz < axes[2].count; ++jz)
            for (int32_t jy = 0; jy < axes[1].count; ++jy) {
                const int64_t row = static_cast<int64_t>(axes[2].index[jz]) * t_.inH + axes[1].index[jy];
                if (axes[2].index[jz] < 0 || axes[1].index[jy] < 0 || row < r0 || row >= r0 + nr) continue;
                rows->jz[rows->count] = jz;
                rows->jy[rows->count] = jy;
                rows->row[rows->count] = row;
                ++rows->count;
            }
    }

    // The point's in-tile taps' products of its block of channels `point`, tap k's at k * block_ of
    // the result (nearest's one tap has weight 1: gradOutput itself). Few taps: a Muls each. More:
    // the scalar unit writes their weights into the next weight row (the rows reused in turn, each
    // read by the vector unit before it is written again), Brcb broadcasts them to a block each and
    // one level-0 Mul multiplies (the other taps' products are not read). The same products either way.
    __aicore__ inline AscendC::LocalTensor<float> TapProducts(const GradAxis* axes, const AscendC::LocalTensor<float>& point,
                                                              const TileRows& rows, int64_t* weighed) {
        if constexpr (MODE == kNearest) return point;
        const bool together = rows.count * rows.xs >= kTogetherTaps;
        const AscendC::LocalTensor<float> row = weights_[static_cast<uint32_t>(*weighed % kWeightRows * kWeightRow)];
        if (together && *weighed > 0 && *weighed % kWeightRows == 0) WaitPipe<HardEvent::V_S>();
        for (int32_t k = 0; k < rows.count; ++k) {
            const float wzy = axes[2].weight[rows.jz[k]] * axes[1].weight[rows.jy[k]];
            for (int32_t jx = 0; jx < axes[0].count; ++jx) {
                if (axes[0].index[jx] < 0) continue;
                const uint32_t tap = TapIndex(rows.jz[k], rows.jy[k], jx);
                if (together)
                    row.SetValue(tap, wzy * axes[0].weight[jx]);
                else
                    AscendC::Muls(product_[tap * static_cast<uint32_t>(block_)], point, wzy * axes[0].weight[jx], static_cast<int32_t>(block_));
            }
        }
        if (together) {
            ++*weighed;
            WaitPipe<HardEvent::S_V>();
            // (Brcb: atlasascendc_api_07_0089, 8 weights a repeat; Mul level 0: atlasascendc_api_07_0040)
            AscendC::Brcb(broadcast_, row, static_cast<uint8_t>(kWeightRow / 8), AscendC::BrcbRepeatParams(1, 8));
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul(product_, point, broadcast_, productMask_, productRepeats_, productParams_);
        }
        return product_;
    }

    // Adds a point's products of its tap rows k .. k + n - 1 (adjacent rows of one slice) into the
    // accumulator, per run of adjacent x taps: one level-0 Add of a repeat per row where the run's
    // blocks fit a repeat and the strides its parameters (GradStackedRows), else an Add per row.
    // The rows are distinct pixels, so either way each element gets the same one add.
    __aicore__ inline void AddTapRows(const GradAxis* axes, const TileRows& rows, int32_t k, int32_t n,
                                      const AscendC::LocalTensor<float>& products, const AscendC::LocalTensor<float>& acc,
                                      int64_t r0) {
        const int64_t w = t_.inW;
        int32_t jx = 0;
        while (jx < axes[0].count) {
            const int32_t first = axes[0].index[jx];
            if (first < 0) {
                ++jx;
                continue;
            }
            int32_t run = 1;
            while (jx + run < axes[0].count && axes[0].index[jx + run] == first + run) ++run;
            const uint32_t at = static_cast<uint32_t>(((rows.row[k] - r0) * w + first) * block_);
            const uint32_t tap = TapIndex(rows.jz[k], rows.jy[k], jx);
            const int64_t mask = run * block_;
            if (n > 1 && stackedRows_ && mask <= 64) {
                AscendC::PipeBarrier<PIPE_V>();
                AscendC::Add(acc[at], acc[at], products[tap * static_cast<uint32_t>(block_)], static_cast<uint64_t>(mask),
                             static_cast<uint8_t>(n), stackedParams_);
            } else {
                for (int32_t i = 0; i < n; ++i) {
                    const uint32_t rowAt = at + static_cast<uint32_t>(i * w * block_);
                    AscendC::PipeBarrier<PIPE_V>();
                    AscendC::Add(acc[rowAt], acc[rowAt], products[(tap + static_cast<uint32_t>(i * kTaps)) * static_cast<uint32_t>(block_)],
                                 static_cast<int32_t>(mask));
                }
            }
            jx += run;
        }
    }

    // The input role's gradOutput sub-chunk in goBuf_: whose (points from p0), whether its DMA is
    // issued and not yet waited for, whether a Gather's read of the buffer is not yet waited for.
    struct GradOutputLoad {
        AscendC::TEventID loaded = 0, read = 0;   // MTE2_V, V_MTE2
        int64_t p0 = -1;
        bool loading = false, readPending = false;
    };
    // The DMA of gradOutput of points [p0, p0 + np) into goBuf_, once a Gather has read it.
    __aicore__ inline void IssueGradOutput(GradOutputLoad* go, int64_t b, int64_t c0, int64_t cc, int64_t p0, int64_t np) {
        if (go->readPending) AscendC::WaitFlag<HardEvent::V_MTE2>(go->read);
        go->readPending = false;
        FetchGradOutput(b, c0, cc, p0, np, goBuf_, PointSlab());
        AscendC::SetFlag<HardEvent::MTE2_V>(go->loaded);
        go->p0 = p0;
        go->loading = true;
    }

    // Input-gradient unit: (batch, channel chunk, row tile).
    __aicore__ inline void InputGradUnit(int64_t u) {
        const int64_t tile = u % t_.tilesPerPlane;
        const int64_t chunk = (u / t_.tilesPerPlane) % t_.channelChunks;
        const int64_t b = InputUnitBatch(u);
        const int64_t c0 = chunk * t_.channelChunk;
        const int64_t cc = (t_.c - c0) < t_.channelChunk ? (t_.c - c0) : t_.channelChunk;
        const int64_t rows = t_.inD * t_.inH;
        const int64_t r0 = tile * t_.tileRows;
        const int64_t nr = (rows - r0) < t_.tileRows ? (rows - r0) : t_.tileRows;
        const int64_t w = t_.inW;
        AscendC::LocalTensor<float> acc = accBuf_.template Get<float>();
        AscendC::Duplicate(acc, 0.0f, static_cast<int32_t>(nr * w * block_));
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::LocalTensor<float> goT = goT_.template Get<float>();
        AscendC::LocalTensor<uint32_t> goIndex = goIndex_.template Get<uint32_t>();
        GradAxis axes[3] = {};
        TileRows tapRows = {};
        // the scan's grid chunks in gridBuf_ and scanGrid_ in turn: chunk k + 1 loads while chunk k
        // is tested and its points added (MTE2_V flags say a buffer is loaded). The next load into
        // a buffer needs no flag of its own: the scalar unit issues it after the range test's V_S
        // wait (CoordinateTapRanges), past the vector unit's reads, and after its own reads
        const AscendC::LocalTensor<T> grids[2] = {gridBuf_.template Get<T>(), scanGrid_.template Get<T>()};
        AscendC::TPipe* pipe = GetTPipePtr();
        const AscendC::TEventID loaded[2] = {pipe->AllocEventID<HardEvent::MTE2_V>(), pipe->AllocEventID<HardEvent::MTE2_V>()};
        GradOutputLoad go;
        go.loaded = pipe->AllocEventID<HardEvent::MTE2_V>();
        go.read = pipe->AllocEventID<HardEvent::V_MTE2>();
        if (t_.points > 0) {   // (an empty grid: no chunk, the tile stays zero)
            const int64_t firstNp = t_.points < t_.scanChunk ? t_.points : t_.scanChunk;
            if (!TakeFirstGrid(b, 0, firstNp)) FetchGrid(grids[0], b, 0, firstNp);
            AscendC::SetFlag<HardEvent::MTE2_V>(loaded[0]);
        }
        for (int64_t chunk = 0, s0 = 0; s0 < t_.points; ++chunk, s0 += t_.scanChunk) {
            const int64_t ns = (t_.points - s0) < t_.scanChunk ? (t_.points - s0) : t_.scanChunk;
            const int64_t next = s0 + t_.scanChunk;
            const int32_t cur = static_cast<int32_t>(chunk % 2), other = 1 - cur;
            if (next < t_.points) {
                FetchGrid(grids[other], b, next, (t_.points - next) < t_.scanChunk ? (t_.points - next) : t_.scanChunk);
                AscendC::SetFlag<HardEvent::MTE2_V>(loaded[other]);
            }
            AscendC::WaitFlag<HardEvent::MTE2_V>(loaded[cur]);
            if constexpr (!kIsFloat) AscendC::PipeBarrier<PIPE_V>();   // after the chunk before's reads of the cast
            AscendC::LocalTensor<float> coords = GridFloats(grids[cur], ns);
            if constexpr (!kIsFloat) AscendC::PipeBarrier<PIPE_V>();   // the range test reads the cast
            if (!ScanMayTouch(coords, ns, r0, nr)) continue;
            // gradOutput a sub-chunk at a time in goBuf_: the first's DMA now, each next one's as soon
            // as the one before is point-major (its Gather has read the buffer: a V_MTE2 flag), so
            // that it loads while the points before are added; a sub-chunk without a tap in the
            // tile leaves its load unread
            IssueGradOutput(&go, b, c0, cc, s0, (ns < t_.pointChunk ? ns : t_.pointChunk));
            for (int64_t from = 0; from < ns; from += t_.pointChunk) {
                const int64_t np = (ns - from) < t_.pointChunk ? (ns - from) : t_.pointChunk;
                if (go.loading && go.p0 != s0 + from) {
                    AscendC::WaitFlag<HardEvent::MTE2_V>(go.loaded);   // the sub-chunk before's, unread
                    go.loading = false;
                }
                if (!go.loading) IssueGradOutput(&go, b, c0, cc, s0 + from, np);
                bool fetched = false;
                int64_t weighed = 0;   // points whose weights the scalar unit has written
                // per point in the tile: its in-tile taps' products (TapProducts), then per run of
                // adjacent x taps one add into their pixels' adjacent blocks, of a tap row or of a
                // slice's adjacent tap rows at once (AddTapRows). Each
                // element sums weight * gradOutput over the points (and taps) in order, rounded after
                // the multiply and after the add (taps that coincide, clamped by border padding, are
                // added one by one). Lanes beyond the chunk's channels are never stored.
                for (int64_t p = 0; p < np; ++p) {
                    if (!PointRowsInTile(coords, from + p, r0, nr, axes, &tapRows)) continue;
                    if (!fetched) {
                        // point-major: one block of the chunk's channels per point
                        // (Gather: atlasascendc_api_07_0092, byte offsets; count within the
                        // source and the offsets, which the tiling sizes for block_ slabs)
                        AscendC::WaitFlag<HardEvent::MTE2_V>(go.loaded);
                        go.loading = false;
                        AscendC::PipeBarrier<PIPE_V>();   // after the sub-chunk before's reads of goT (and the cast)
                        const AscendC::LocalTensor<float> goFloats = GradOutputFloats(cc, goBuf_.template Get<T>(), goFloat_, PointSlab());
                        if constexpr (!kIsFloat) AscendC::PipeBarrier<PIPE_V>();
                        AscendC::Gather(goT, goFloats, goIndex, 0u, static_cast<uint32_t>(np * block_));
                        AscendC::SetFlag<HardEvent::V_MTE2>(go.read);
                        go.readPending = true;
                        AscendC::PipeBarrier<PIPE_V>();
                        const int64_t after = from + t_.pointChunk;
                        if (after < ns) IssueGradOutput(&go, b, c0, cc, s0 + after, (ns - after) < t_.pointChunk ? (ns - after) : t_.pointChunk);
                        fetched = true;
                    }
                    const AscendC::LocalTensor<float> products =
                        TapProducts(axes, goT[static_cast<uint32_t>(p * block_)], tapRows, &weighed);
                    for (int32_t k = 0; k < tapRows.count;) {
                        int32_t n = 1;   // rows k .. k + n - 1: adjacent y taps on adjacent rows of one slice
                        while (kRowsPerPoint > 1 && k + n < tapRows.count && tapRows.jz[k + n] == tapRows.jz[k] &&
                               tapRows.jy[k + n] == tapRows.jy[k] + n && tapRows.row[k + n] == tapRows.row[k] + n)
                            ++n;
                        AddTapRows(axes, tapRows, k, n, products, acc, r0);
                        k += n;
                    }
                    AscendC::PipeBarrier<PIPE_V>();
                }
                // the weight ring starts again at its first row: the vector unit has read every row
                if (fetched) WaitPipe<HardEvent::V_S>();
            }
            if (go.loading) {
                AscendC::WaitFlag<HardEvent::MTE2_V>(go.loaded);   // a load past the last tap in the tile, unread
                go.loading = false;
            }
        }
        if (go.readPending) AscendC::WaitFlag<HardEvent::V_MTE2>(go.read);
        AscendC::PipeBarrier<PIPE_ALL>();
        for (int32_t i = 0; i < 2; ++i) pipe->ReleaseEventID<HardEvent::MTE2_V>(loaded[i]);
        pipe->ReleaseEventID<HardEvent::MTE2_V>(go.loaded);
        pipe->ReleaseEventID<HardEvent::V_MTE2>(go.read);
        // the store, a row of the tile at a time: gathered channel-major (cc slabs of W), then one
        // DMA of cc blocks of W elements
        AscendC::LocalTensor<float> stage = rowStage_.template Get<float>();
        AscendC::LocalTensor<uint32_t> rowIndex = rowIndex_.template Get<uint32_t>();
        const uint32_t len = static_cast<uint32_t>(w * kElem);
        const uint32_t slabBlocks = static_cast<uint32_t>(rowSlab_ * kElem / 32);
        const uint32_t usedBlocks = (len + 31) / 32;
        const uint32_t gap = static_cast<uint32_t>((plane_ - w) * kElem);
        AscendC::DataCopyExtParams copy(static_cast<uint16_t>(cc), len, slabBlocks - usedBlocks, gap, 0);
        for (int64_t r = 0; r < nr; ++r) {
            AscendC::PipeBarrier<PIPE_ALL>();   // the previous row's store has read the stage
            for (int64_t ch = 0; ch < cc; ++ch) {
                const uint32_t base = static_cast<uint32_t>((r * w * block_ + ch) * 4);
                AscendC::Gather(stage[static_cast<uint32_t>(ch * rowSlab_)], acc, rowIndex, base, static_cast<uint32_t>(w));
            }
            AscendC::PipeBarrier<PIPE_ALL>();
            const int64_t dst = (b * t_.c + c0) * plane_ + (r0 + r) * w;
            if constexpr (kIsFloat) {
                AscendC::DataCopyPad(igGm_[dst], stage, copy);
            } else {
                AscendC::LocalTensor<T> out = accOut_.template Get<T>();
                AscendC::Cast(out, stage, AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(cc * rowSlab_));
                AscendC::PipeBarrier<PIPE_ALL>();
                AscendC::DataCopyPad(igGm_[dst], out, copy);
            }
        }
        AscendC::PipeBarrier<PIPE_ALL>();
    }

    // ---- grid gradient -------------------------------------------------------------------------
    // Grid-gradient unit: (batch, chunk of points). d out / d coordinate of axis k at point p is
    // sum over channels c and taps t of gradOutput[c, p] * value[c, tap t] * coefficient_k,t (the
    // weight derivative along k times the other axes' weights). The vector unit computes each
    // axis' taps for the whole chunk (ChunkAxes), sums gradOutput x tap value over the channels in
    // order per tap (a Gather of the tap from a window of input rows, or from per-point tap rows,
    // and one MulAddDst per channel), then weighs the tap sums (WeighTapSums). Neither order depends
    // on the tiling.
    __aicore__ inline void GridGradUnit(int64_t u) {
        const GridChunk chunk = GridUnitChunk(u);
        const int64_t b = chunk.b, p0 = chunk.p0, np = chunk.np;
        AscendC::LocalTensor<float> res = result_.template Get<float>();
        if constexpr (MODE == kNearest) {
            AscendC::Duplicate(res, 0.0f, static_cast<int32_t>(np * DIMS));   // piecewise constant: no gradient
        } else {
            AscendC::LocalTensor<float> coords = LoadGrid(b, p0, np);
            ChunkAxes(coords, np);
            // the window's rows from the coordinates' extremes where they give a box that fits, else
            // from the valid taps themselves (NaN or infinite coordinates, reflection that may move
            // a tap, or a box too large: a point far outside stretches it)
            TapBox box;
            bool inside = false;
            const bool ranged = RangeTapBox(coords, np, &box, &inside);
            // every tap valid: no tap needs its validity applied
            const bool allValid = TapsAllValid() || (ranged && inside);
            WindowPlan plan = PlanWindow(box);
            if (!ranged || (box.yhi >= box.ylo && !plan.fits)) {
                VectorTapBox(np, &box);
                plan = PlanWindow(box);
            }
            // the tap sums start at 0 (the window path zeroes them after using them as a work area);
            // no valid tap: every sum stays 0
            const bool anyTap = box.yhi >= box.ylo;
            if (!(anyTap && plan.fits)) AscendC::Duplicate(tapSums_.template Get<float>(), 0.0f, kTapCount * slots_);
            if (anyTap && plan.fits) {
                SumTapsFromWindow(b, p0, np, box, plan, allValid);
            } else if (anyTap) {
                SumTapsPerPoint(b, p0, np, coords);
            }
            AscendC::PipeBarrier<PIPE_ALL>();
            WeighTapSums(np, res, allValid);
        }
        // results in the grid's order (x, y, z)
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::DataCopyExtParams copy(1, static_cast<uint32_t>(np * DIMS * kElem), 0, 0, 0);
        const int64_t dst = (b * t_.points + p0) * DIMS;
        if constexpr (kIsFloat) {
            AscendC::DataCopyPad(ggGm_[dst], res, copy);
        } else {
            AscendC::LocalTensor<T> out = resultOut_.template Get<T>();
            AscendC::Cast(out, res, AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(np * DIMS));
            AscendC::PipeBarrier<PIPE_ALL>();
            AscendC::DataCopyPad(ggGm_[dst], out, copy);
        }
        AscendC::PipeBarrier<PIPE_ALL>();
    }

    // Bicubic's taps under border or reflection padding all lie in the image.
    __aicore__ inline bool TapsAllValid() const { return MODE == kBicubic && t_.padding != kZeros; }

    // The taps of a loaded chunk's points on whole vectors of slots_ slots (the vector forms of
    // PointAxes' rules, grid_sample_coords.h, operation for operation: the same bits). Slots past
    // the chunk's points take a coordinate far outside (no valid tap with zeros padding).
    __aicore__ inline void ChunkAxes(const AscendC::LocalTensor<float>& coords, int64_t np) {
        AscendC::LocalTensor<uint32_t> index = rangeIndex_.template Get<uint32_t>();
        if (np < slots_) AscendC::Duplicate(av_.coord[0], -1.0e30f, DIMS * slots_);
        for (int32_t a = 0; a < DIMS; ++a)   // x, y, z out of the interleaved grid values
            AscendC::Gather(av_.coord[a], coords, index[static_cast<uint32_t>(a * t_.scanChunk)], 0u, static_cast<uint32_t>(np));
        const int64_t sizes[3] = {t_.inW, t_.inH, t_.inD};
        for (int32_t a = 0; a < DIMS; ++a) VectorAxisTaps(a, sizes[a]);
    }

    // Axis a: ComputeAxisTaps on every slot.
    __aicore__ inline void VectorAxisTaps(int32_t a, int64_t size) {
        const int32_t n = slots_;
        const bool ac = t_.alignCorners != 0;
        const float fsize = static_cast<float>(size), last = static_cast<float>(size - 1);
        const float unnormalizeGrad = UnnormalizeGrad<float>(size, ac);
        const Scratch& s = av_.scratch;
        const AscendC::LocalTensor<float>& c = av_.coord[a];
        const AscendC::LocalTensor<float>& cg = av_.cg[a];
        AscendC::LocalTensor<float>* w = av_.w[a];
        AscendC::LocalTensor<float>* dw = av_.dw[a];
        AscendC::LocalTensor<float>* tap = av_.tap[a];
        using AscendC::SELMODE;
        Unnormalize(c, fsize, ac, n);
        if constexpr (MODE == kBicubic) {
            // the taps around the sanitized coordinate, padded one by one; cg where sanitizing left
            // the coordinate as it was
            AscendC::Adds(s.t2, c, 0.0f, n);
            if (t_.padding == kReflection) {
                ReplaceHuge(c, kMaxExactCoord, 0.0f, s, n);
            } else {
                SanitizeBicubicCoordinate(c, fsize, t_.padding, ac, s, n);
            }
            AscendC::Compare(s.mask, c, s.t2, AscendC::CMPMODE::EQ, n);
            AscendC::Duplicate(cg, unnormalizeGrad, n);
            AscendC::Select(cg, s.mask, cg, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            const float period = ReflectionPeriod(fsize, ac);
            if (t_.padding == kReflection && period > 0.0f) WrapPeriod(c, period, s, n);   // whole periods: the same taps
            RoundTo(tap[0], c, AscendC::RoundMode::CAST_FLOOR, n);
            AscendC::Sub(s.t2, c, tap[0], n);   // the fraction t
            for (int32_t j = kTaps - 1; j >= 0; --j) AscendC::Adds(tap[j], tap[0], static_cast<float>(j - 1), n);
            if (t_.padding == kZeros) {
                for (int32_t j = 0; j < kTaps; ++j) TapValidity(av_.valid[a][j], s.t0, tap[j], fsize, n);
            } else if (t_.padding == kBorder) {
                Clamp(tap[0], tap[0], 0.0f, last, kTaps * n);   // an axis' taps are adjacent
            } else {
                ReflectTaps(tap[0], &fsize, 1, kTaps * n, ac, w[0], dw[0]);   // the weights' vectors as temporaries
            }
            // weights k2(t + 1), k1(t), k1(1 - t), k2(2 - t) and their derivatives along the coordinate
            AscendC::Adds(s.t0, s.t2, 1.0f, n);
            CubicFar(w[0], s.t0, n);
            CubicFarGrad(dw[0], s.t0, n);
            CubicNear(w[1], s.t2, n);
            CubicNearGrad(dw[1], s.t2, n);
            AscendC::Muls(s.t1, s.t2, -1.0f, n);
            AscendC::Adds(s.t0, s.t1, 1.0f, n);
            CubicNear(w[2], s.t0, n);
            CubicNearGrad(dw[2], s.t0, n);
            AscendC::Muls(dw[2], dw[2], -1.0f, n);
            AscendC::Adds(s.t0, s.t1, 2.0f, n);
            CubicFar(w[3], s.t0, n);
            CubicFarGrad(dw[3], s.t0, n);
            AscendC::Muls(dw[3], dw[3], -1.0f, n);
        } else {
            // the padded coordinate and cg = the unnormalize factor x the padding's derivative
            if (t_.padding == kZeros) {
                AscendC::Duplicate(cg, unnormalizeGrad, n);
                PadCoordinate(c, fsize, t_.padding, ac, s, n);
            } else if (t_.padding == kBorder) {   // 1 strictly inside the edges (not NaN)
                AscendC::Duplicate(s.t1, unnormalizeGrad, n);
                AscendC::CompareScalar(s.mask, c, 0.0f, AscendC::CMPMODE::GT, n);
                AscendC::Select(s.t1, s.mask, s.t1, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
                AscendC::CompareScalar(s.mask, c, last, AscendC::CMPMODE::LT, n);
                AscendC::Select(cg, s.mask, s.t1, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
                PadCoordinate(c, fsize, t_.padding, ac, s, n);
            } else {   // huge and NaN coordinates go to 0, where the derivative is 0 too
                ReplaceHuge(c, kMaxExactCoord, 0.0f, s, n);
                Reflect(c, fsize, ac, s, n, &cg);
                AscendC::Muls(cg, cg, unnormalizeGrad, n);
            }
            RoundTo(tap[0], c, AscendC::RoundMode::CAST_FLOOR, n);
            AscendC::Adds(tap[1], tap[0], 1.0f, n);
            AscendC::Sub(w[1], c, tap[0], n);   // c - x0
            AscendC::Sub(w[0], tap[1], c, n);   // x1 - c
            for (int32_t j = 0; j < kTaps; ++j) TapValidity(av_.valid[a][j], s.t0, tap[j], fsize, n);
        }
    }

    // The Gather offsets of a window path's taps (bytes: kZeroBytes + (z - zlo) * slicePitch + (y -
    // ylo) * inW * kElem + x * kElem; invalid taps 0, the zero block), from the tap vectors, which
    // they consume; false when no tap of the chunk is valid. Exact in float (window offsets are far
    // below 2^24); an invalid tap's term is -kBig, so that any sum holding it is clipped to 0 (a
    // valid tap of another axis may lie rows outside the box, as far as the input reaches: the box
    // holds the taps of the points valid on every axis). allValid: every tap is valid.
    __aicore__ inline bool WindowTapOffsets(const TapBox& box, const WindowPlan& plan, bool allValid) {
        constexpr float kOutside = -kBig;
        const int32_t n = slots_;
        const Scratch& s = av_.scratch;
        AscendC::Muls(av_.tap[0][0], av_.tap[0][0], static_cast<float>(kElem), kTaps * n);
        AscendC::Adds(av_.tap[1][0], av_.tap[1][0], static_cast<float>(-box.ylo), kTaps * n);
        AscendC::Muls(av_.tap[1][0], av_.tap[1][0], static_cast<float>(t_.inW * kElem), kTaps * n);
        AscendC::Adds(av_.tap[1][0], av_.tap[1][0], static_cast<float>(kZeroBytes), kTaps * n);
        if constexpr (DIMS == 3) {
            AscendC::Adds(av_.tap[2][0], av_.tap[2][0], static_cast<float>(-box.zlo), kTaps * n);
            AscendC::Muls(av_.tap[2][0], av_.tap[2][0], static_cast<float>(plan.slicePitch), kTaps * n);
        }
        if (!allValid)
            for (int32_t a = 0; a < DIMS; ++a)
                for (int32_t j = 0; j < kTaps; ++j)
                    AscendC::Select(av_.tap[a][j], av_.valid[a][j], av_.tap[a][j], kOutside,
                                    AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        AscendC::LocalTensor<float> off = offsets_.template Get<float>();
        for (int32_t k = 0; k < kTapsZ; ++k) {
            for (int32_t i = 0; i < kTaps; ++i) {
                AscendC::LocalTensor<float> row = av_.tap[1][i];
                if constexpr (DIMS == 3) {
                    AscendC::Add(s.t0, av_.tap[1][i], av_.tap[2][k], n);
                    row = s.t0;
                }
                for (int32_t j = 0; j < kTaps; ++j)
                    AscendC::Add(off[static_cast<uint32_t>(((k * kTaps + i) * kTaps + j) * n)], row, av_.tap[0][j], n);
            }
        }
        // whether any tap is valid (surely so when all are): the largest offset, reduced with the
        // tap sums, as large as the offsets, for its work area; they are zeroed after it
        AscendC::LocalTensor<float> sums = tapSums_.template Get<float>();
        if (!allValid) AscendC::ReduceMax(s.t0, off, sums, kTapCount * n);
        AscendC::Duplicate(sums, 0.0f, kTapCount * n);
        AscendC::Maxs(off, off, 0.0f, kTapCount * n);
        AscendC::Cast(off.template ReinterpretCast<int32_t>(), off, AscendC::RoundMode::CAST_RINT, kTapCount * n);
        if (allValid) return true;
        AscendC::PipeBarrier<PIPE_ALL>();
        return s.t0.GetValue(0) >= 0.0f;
    }

    // res[p * DIMS + k] = cg_k x the sum over the valid taps of tap sum x dw (axis k) x w (the other
    // axes), factored axis by axis: per tap row (z, y) its sums against x's derivatives and weights,
    // rowDx and rowW; in 3-D per slice z the rows against y's weights and derivative (sliceX, sliceY,
    // sliceZ), then the slices against z's; in 2-D the rows straight into the sums. A multiply-add
    // per term. An invalid tap's sum is replaced by 0 (its gather read the zero block, which gives
    // NaN where gradOutput is not finite); allValid: every tap is valid.
    __aicore__ inline void WeighTapSums(int64_t np, const AscendC::LocalTensor<float>& res, bool allValid) {
        const int32_t n = slots_;
        AscendC::LocalTensor<float> sums = tapSums_.template Get<float>();
        const AscendC::LocalTensor<uint16_t> tapMask = av_.tapMask.template ReinterpretCast<uint16_t>();
        const AscendC::LocalTensor<uint16_t> rowMask = av_.scratch.mask.template ReinterpretCast<uint16_t>();
        if constexpr (DIMS == 2) AscendC::Duplicate(av_.sum[0], 0.0f, DIMS * n);
        const AscendC::LocalTensor<float>& rowDx = av_.rowDx;
        const AscendC::LocalTensor<float>& rowW = av_.rowW;
        for (int32_t k = 0; k < kTapsZ; ++k) {
            const AscendC::LocalTensor<float>& sliceX = DIMS == 3 ? av_.sliceX : av_.sum[0];
            const AscendC::LocalTensor<float>& sliceY = DIMS == 3 ? av_.sliceY : av_.sum[1];
            for (int32_t i = 0; i < kTaps; ++i) {
                const AscendC::LocalTensor<uint16_t> rowValid = DIMS == 3 ? rowMask : av_.valid[1][i].template ReinterpretCast<uint16_t>();
                if (DIMS == 3 && !allValid)
                    AscendC::And(rowMask, av_.valid[1][i].template ReinterpretCast<uint16_t>(),
                                 av_.valid[DIMS - 1][k].template ReinterpretCast<uint16_t>(), n / 16);
                for (int32_t j = 0; j < kTaps; ++j) {
                    AscendC::LocalTensor<float> tapSum = sums[static_cast<uint32_t>(((k * kTaps + i) * kTaps + j) * n)];
                    if (!allValid) {
                        AscendC::And(tapMask, rowValid, av_.valid[0][j].template ReinterpretCast<uint16_t>(), n / 16);
                        AscendC::Select(av_.masked, av_.tapMask, tapSum, 0.0f, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
                        tapSum = av_.masked;
                    }
                    if (j == 0) {
                        AscendC::Mul(rowDx, tapSum, av_.dw[0][0], n);
                        AscendC::Mul(rowW, tapSum, av_.w[0][0], n);
                    } else {
                        AscendC::MulAddDst(rowDx, tapSum, av_.dw[0][j], n);
                        AscendC::MulAddDst(rowW, tapSum, av_.w[0][j], n);
                    }
                }
                if (DIMS == 3 && i == 0) {
                    AscendC::Mul(sliceX, rowDx, av_.w[1][0], n);
                    AscendC::Mul(sliceY, rowW, av_.dw[1][0], n);
                    AscendC::Mul(av_.sliceZ, rowW, av_.w[1][0], n);
                } else {
                    AscendC::MulAddDst(sliceX, rowDx, av_.w[1][i], n);
                    AscendC::MulAddDst(sliceY, rowW, av_.dw[1][i], n);
                    if constexpr (DIMS == 3) AscendC::MulAddDst(av_.sliceZ, rowW, av_.w[1][i], n);
                }
            }
            if constexpr (DIMS == 3) {
                const AscendC::LocalTensor<float>* w = av_.w[DIMS - 1];
                if (k == 0) {
                    AscendC::Mul(av_.sum[0], sliceX, w[0], n);
                    AscendC::Mul(av_.sum[1], sliceY, w[0], n);
                    AscendC::Mul(av_.sum[DIMS - 1], av_.sliceZ, av_.dw[DIMS - 1][0], n);
                } else {
                    AscendC::MulAddDst(av_.sum[0], sliceX, w[k], n);
                    AscendC::MulAddDst(av_.sum[1], sliceY, w[k], n);
                    AscendC::MulAddDst(av_.sum[DIMS - 1], av_.sliceZ, av_.dw[DIMS - 1][k], n);
                }
            }
        }
        for (int32_t d = 0; d < DIMS; ++d) AscendC::Mul(av_.sum[d], av_.sum[d], av_.cg[d], n);
        AscendC::Gather(res, av_.sum[0], av_.interleave, 0u, static_cast<uint32_t>(np * DIMS));
    }

    // The box of a chunk's tap ranges from its coordinates' extremes (CoordinateTapRanges): empty
    // when an axis has no tap inside (every x tap outside a zeros-padded input reads zeros, however
    // many rows the y taps span). *inside: every tap of the chunk's points lies in the image.
    __aicore__ inline bool RangeTapBox(const AscendC::LocalTensor<float>& coords, int64_t np, TapBox* box, bool* inside) {
        int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        if (!CoordinateTapRanges(coords, np, 0, lo, hi, inside)) {
            *inside = false;
            return false;
        }
        *box = TapBox{};
        for (int32_t k = 0; k < DIMS; ++k)
            if (lo[k] > hi[k]) return true;   // no tap inside: empty
        box->ylo = lo[1];
        box->yhi = hi[1];
        if constexpr (DIMS == 3) {
            box->zlo = lo[2];
            box->zhi = hi[2];
        }
        return true;
    }
    // The box of the valid taps (rows and depth slices) of the chunk's points that have a valid tap
    // on every axis, from the tap vectors (ChunkAxes): per axis the least and the greatest valid
    // tap over the points, reduced on the vector unit. The coordinate vectors, dead by now, hold
    // the reductions' work area and results.
    __aicore__ inline void VectorTapBox(int64_t np, TapBox* box) {
        const int32_t n = slots_;
        const Scratch& s = av_.scratch;
        using AscendC::SELMODE;
        const AscendC::LocalTensor<uint16_t> every = av_.tapMask.template ReinterpretCast<uint16_t>();
        const AscendC::LocalTensor<uint16_t> mask16 = s.mask.template ReinterpretCast<uint16_t>();
        if (!TapsAllValid()) {   // the points with a valid tap on every axis
            for (int32_t a = 0; a < DIMS; ++a) {
                const AscendC::LocalTensor<uint16_t> any = a == 0 ? every : mask16;
                AscendC::Or(any, av_.valid[a][0].template ReinterpretCast<uint16_t>(),
                            av_.valid[a][1].template ReinterpretCast<uint16_t>(), n / 16);
                for (int32_t j = 2; j < kTaps; ++j)
                    AscendC::Or(any, any, av_.valid[a][j].template ReinterpretCast<uint16_t>(), n / 16);
                if (a > 0) AscendC::And(every, every, mask16, n / 16);
            }
        }
        const AscendC::LocalTensor<float> work = av_.coord[0];
        const AscendC::LocalTensor<float> result = av_.coord[1];   // per axis y, z: least, greatest (32 bytes apart)
        for (int32_t a = 1; a < DIMS; ++a) {
            for (int32_t j = 0; j < kTaps; ++j) {
                AscendC::LocalTensor<float> least = av_.tap[a][j], most = av_.tap[a][j];
                if (!TapsAllValid()) {
                    AscendC::And(mask16, av_.valid[a][j].template ReinterpretCast<uint16_t>(), every, n / 16);
                    AscendC::Select(s.t2, s.mask, av_.tap[a][j], kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
                    least = s.t2;
                }
                if (j == 0) {
                    AscendC::Adds(s.t0, least, 0.0f, n);
                } else {
                    AscendC::Min(s.t0, s.t0, least, n);
                }
                if (!TapsAllValid()) {
                    AscendC::Select(s.t2, s.mask, av_.tap[a][j], -kBig, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
                    most = s.t2;
                }
                if (j == 0) {
                    AscendC::Adds(s.t1, most, 0.0f, n);
                } else {
                    AscendC::Max(s.t1, s.t1, most, n);
                }
            }
            AscendC::ReduceMin(result[static_cast<uint32_t>((a - 1) * 16)], s.t0, work, static_cast<int32_t>(np));
            AscendC::ReduceMax(result[static_cast<uint32_t>((a - 1) * 16 + 8)], s.t1, work, static_cast<int32_t>(np));
        }
        AscendC::PipeBarrier<PIPE_ALL>();
        *box = TapBox{};
        float lo[3] = {0.0f, 0.0f, 0.0f}, hi[3] = {0.0f, 0.0f, 0.0f};
        for (int32_t a = 1; a < DIMS; ++a) {
            lo[a] = result.GetValue(static_cast<uint32_t>((a - 1) * 16));
            hi[a] = result.GetValue(static_cast<uint32_t>((a - 1) * 16 + 8));
            if (!(lo[a] <= hi[a])) return;   // no valid tap
        }
        box->ylo = static_cast<int64_t>(lo[1]);
        box->yhi = static_cast<int64_t>(hi[1]);
        box->zlo = static_cast<int64_t>(lo[2]);
        box->zhi = static_cast<int64_t>(hi[2]);
    }

    __aicore__ inline WindowPlan PlanWindow(const TapBox& box) const {
        WindowPlan plan;
        const int64_t rows = box.yhi - box.ylo + 1;
        plan.slices = box.zhi - box.zlo + 1;
        plan.wholeSlices = DIMS == 2 || rows == t_.inH;
        const int64_t sliceBytes = rows * t_.inW * kElem;
        plan.slicePitch = plan.wholeSlices ? sliceBytes : (sliceBytes + 31) / 32 * 32;
        plan.runBytes = plan.wholeSlices ? plan.slices * sliceBytes : sliceBytes;
        plan.planeBytes = kZeroBytes + (plan.slices * plan.slicePitch + 31) / 32 * 32;
        plan.fits = rows > 0 && plan.runBytes <= kMaxDmaBlockLenBytes && plan.planeBytes <= t_.windowBytes &&
                    (plan.wholeSlices || plan.slices <= kMaxDmaBlockCount);
        return plan;
    }

    // Adds gradOutput x tap value of channels [c0, c0 + cc) to the tap sums of `count` points
    // starting at slot s0; the taps are read from `src` at the offsets (bytes) plus c * channelBytes.
    // A whole chunk's taps are gathered GradGatherRun at a time (their offsets are one run, tap t
    // at t * slots_), a part's one by one (its runs would read the pad slots' offsets).
    __aicore__ inline void AccumulateTaps(const AscendC::LocalTensor<T>& src, const AscendC::LocalTensor<float>& go,
                                          int64_t cc, int64_t channelBytes, int64_t s0, int64_t count) {
        AscendC::LocalTensor<uint32_t> off = offsets_.template Get<uint32_t>();
        AscendC::LocalTensor<float> sums = tapSums_.template Get<float>();
        AscendC::LocalTensor<float> v = gathered_.template Get<float>();
        const bool whole = s0 == 0 && count == slots_;
        const int32_t run = whole ? static_cast<int32_t>(GradGatherRun(MODE, DIMS, t_.gridChunk)) : 1;
        for (int64_t c = 0; c < cc; ++c) {
            const uint32_t base = static_cast<uint32_t>(c * channelBytes);
            for (int32_t first = 0; first < kTapCount; first += run) {
                const int32_t taps = kTapCount - first < run ? kTapCount - first : run;
                const uint32_t at = static_cast<uint32_t>(first * slots_ + s0);
                const uint32_t gathered = static_cast<uint32_t>((taps - 1) * slots_ + count);
                if constexpr (kIsFloat) {
                    AscendC::Gather(v, src, off[at], base, gathered);
                } else {
                    AscendC::LocalTensor<T> raw = gatheredIo_.template Get<T>();
                    AscendC::Gather(raw, src, off[at], base, gathered);
                    AscendC::Cast(v, raw, AscendC::RoundMode::CAST_NONE, gathered);
                }
                for (int32_t t = 0; t < taps; ++t)
                    AscendC::MulAddDst(sums[static_cast<uint32_t>(at + t * slots_)], v[static_cast<uint32_t>(t * slots_)],
                                       go[static_cast<uint32_t>(c * GridSlab() + s0)], static_cast<int32_t>(count));
            }
        }
    }

    // Window path: the chunk's taps lie in the box, a window plane per channel (PlanWindow). The
    // first channel group's gradOutput and window load while the vector unit builds the offsets; a
    // chunk without a valid tap (a box from the coordinates' extremes may hold points each outside on
    // another axis) loads no other group, and its tap sums are never read. Where a half of the window
    // takes fewer channels than the chunk has (float32; half types only where the whole window does
    // too: their casts per group cost more than the overlap gains on small loads), the window and
    // gradOutput buffers are halved and used in turn: a group loads while the vector unit sums the
    // group before (MTE2_V flags say a half is loaded, V_MTE2 flags that the vector unit has read it;
    // PIPE_V barriers order the vector unit's writes of a half, or of the cast, after its reads).
    __aicore__ inline void SumTapsFromWindow(int64_t b, int64_t p0, int64_t np, const TapBox& box, const WindowPlan& plan,
                                             bool allValid) {
        const int64_t whole = t_.windowBytes / plan.planeBytes < t_.gridChannels ? t_.windowBytes / plan.planeBytes : t_.gridChannels;
        const int64_t halfBytes = t_.windowBytes / 2 / 32 * 32;
        const int64_t half = halfBytes / plan.planeBytes < t_.gridChannels / 2 ? halfBytes / plan.planeBytes : t_.gridChannels / 2;
        const bool twin = half >= 1 && t_.c > half && (kIsFloat || t_.c > whole);
        const int64_t group = twin ? half : whole;
        AscendC::LocalTensor<T> win[2] = {window_.template Get<T>(), window_.template Get<T>()[static_cast<uint32_t>(halfBytes / kElem)]};
        AscendC::LocalTensor<T> go[2] = {gridGo_.template Get<T>(), gridGo_.template Get<T>()[static_cast<uint32_t>(half * GridSlab())]};
        const int64_t groups = (t_.c + group - 1) / group;
        AscendC::TPipe* pipe = GetTPipePtr();
        AscendC::TEventID loaded[2] = {}, read[2] = {};
        if (twin) {
            for (int32_t i = 0; i < 2; ++i) {
                loaded[i] = pipe->AllocEventID<HardEvent::MTE2_V>();
                read[i] = pipe->AllocEventID<HardEvent::V_MTE2>();
            }
        }
        FetchGroup(b, 0, group, p0, np, box, plan, win[0], go[0]);
        if (twin) AscendC::SetFlag<HardEvent::MTE2_V>(loaded[0]);
        const bool anyTap = WindowTapOffsets(box, plan, allValid);
        for (int64_t g = 0; anyTap && g < groups; ++g) {
            const int64_t c0 = g * group, cc = (t_.c - c0) < group ? (t_.c - c0) : group;
            if (!twin && g > 0) {
                AscendC::PipeBarrier<PIPE_ALL>();   // the group before has read the buffers
                FetchGroup(b, g, group, p0, np, box, plan, win[0], go[0]);
            }
            if (twin && g + 1 < groups) {
                if (g >= 1) AscendC::WaitFlag<HardEvent::V_MTE2>(read[(g + 1) % 2]);   // group g - 1 is summed
                AscendC::PipeBarrier<PIPE_V>();   // FetchWindow's zero blocks after group g - 1's gathers
                FetchGroup(b, g + 1, group, p0, np, box, plan, win[(g + 1) % 2], go[(g + 1) % 2]);
                AscendC::SetFlag<HardEvent::MTE2_V>(loaded[(g + 1) % 2]);
            }
            AscendC::LocalTensor<float> goFloat;
            if (twin) {
                AscendC::WaitFlag<HardEvent::MTE2_V>(loaded[g % 2]);
                if constexpr (!kIsFloat) AscendC::PipeBarrier<PIPE_V>();   // after group g - 1's multiply-adds read the cast
                goFloat = GradOutputFloats(cc, go[g % 2], gridGoFloat_, GridSlab());
            } else {
                goFloat = GradOutputAsFloat(cc, gridGo_, gridGoFloat_, GridSlab());
            }
            AccumulateTaps(win[g % 2], goFloat, cc, plan.planeBytes, 0, np);
            if (twin && g + 2 < groups) AscendC::SetFlag<HardEvent::V_MTE2>(read[g % 2]);
            if (!twin) AscendC::PipeBarrier<PIPE_ALL>();
        }
        if (twin) {
            if (!anyTap) AscendC::WaitFlag<HardEvent::MTE2_V>(loaded[0]);   // the first group's flag, unread
            AscendC::PipeBarrier<PIPE_ALL>();
            for (int32_t i = 0; i < 2; ++i) {
                pipe->ReleaseEventID<HardEvent::MTE2_V>(loaded[i]);
                pipe->ReleaseEventID<HardEvent::V_MTE2>(read[i]);
            }
        }
    }

    // Channel group g (of `group` channels) of a chunk: its gradOutput and its window planes.
    __aicore__ inline void FetchGroup(int64_t b, int64_t g, int64_t group, int64_t p0, int64_t np, const TapBox& box,
                                      const WindowPlan& plan, const AscendC::LocalTensor<T>& win, const AscendC::LocalTensor<T>& go) {
        const int64_t c0 = g * group, cc = (t_.c - c0) < group ? (t_.c - c0) : group;
        FetchGradOutput(b, c0, cc, p0, np, go, GridSlab());
        FetchWindow(b, c0, cc, box, plan, win);
    }

    // The window planes of channels [c0, c0 + cc): each plane's zero block, then its DMA(s).
    __aicore__ inline void FetchWindow(int64_t b, int64_t c0, int64_t cc, const TapBox& box, const WindowPlan& plan,
                                       const AscendC::LocalTensor<T>& win) {
        const int64_t planeElems = plan.planeBytes / kElem;
        const int64_t sliceElems = t_.inH * t_.inW;
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
        for (int64_t c = 0; c < cc; ++c)
            AscendC::Duplicate(win[static_cast<uint32_t>(c * planeElems)], static_cast<T>(0), static_cast<int32_t>(kZeroBytes / kElem));
        const int64_t src = (b * t_.c + c0) * plane_ + box.zlo * sliceElems + box.ylo * t_.inW;
        if (plan.wholeSlices) {
            AscendC::DataCopyExtParams copy(static_cast<uint16_t>(cc), static_cast<uint32_t>(plan.runBytes),
                                            static_cast<uint32_t>(plane_ * kElem - plan.runBytes), 1, 0);
            AscendC::DataCopyPad(win[static_cast<uint32_t>(kZeroBytes / kElem)], xGm_[src], copy, pad);
        } else {
            AscendC::DataCopyExtParams copy(static_cast<uint16_t>(plan.slices), static_cast<uint32_t>(plan.runBytes),
                                            static_cast<uint32_t>(sliceElems * kElem - plan.runBytes), 0, 0);
            for (int64_t c = 0; c < cc; ++c)
                AscendC::DataCopyPad(win[static_cast<uint32_t>(c * planeElems + kZeroBytes / kElem)], xGm_[src + c * plane_],
                                     copy, pad);
        }
    }

    // Per-point path (the chunk's window does not fit the UB or one DMA): per group of points, one DMA per
    // point and tap row brings the row's run of taps for a group of channels (a 32-byte block per
    // channel), then the same sums.
    __aicore__ inline void SumTapsPerPoint(int64_t b, int64_t p0, int64_t np, const AscendC::LocalTensor<float>& coords) {
        const int64_t perChannel = 32 * (1 + kGradPointGroup * kRowsPerPoint);
        const int64_t group = t_.windowBytes / perChannel < t_.gridChannels ? t_.windowBytes / perChannel : t_.gridChannels;
        AscendC::LocalTensor<uint32_t> off = offsets_.template Get<uint32_t>();
        AscendC::LocalTensor<T> area = window_.template Get<T>();
        const int64_t run = kTaps < t_.inW ? kTaps : t_.inW;
        GradAxis axes[3] = {};
        for (int64_t c0 = 0; c0 < t_.c; c0 += group) {
            const int64_t cc = (t_.c - c0) < group ? (t_.c - c0) : group;
            const int64_t zeroBytes = cc * 32;
            AscendC::LocalTensor<float> go = LoadGradOutput(b, c0, cc, p0, np, gridGo_, gridGoFloat_, GridSlab());
            for (int64_t g0 = 0; g0 < np; g0 += kGradPointGroup) {
                const int64_t ng = (np - g0) < kGradPointGroup ? (np - g0) : kGradPointGroup;
                AscendC::PipeBarrier<PIPE_ALL>();   // the previous group's gathers are done
                AscendC::Duplicate(area, static_cast<T>(0), static_cast<int32_t>(zeroBytes / kElem));
                for (int64_t p = 0; p < ng; ++p) {
                    PointAxes(coords, g0 + p, axes);
                    // the run of a tap row starts at the smallest valid x tap (a row's taps lie within
                    // kTaps adjacent pixels: padding moves them at most as far apart as they were)
                    int64_t xs = t_.inW;
                    for (int32_t jx = 0; jx < axes[0].count; ++jx)
                        if (axes[0].index[jx] >= 0 && axes[0].index[jx] < xs) xs = axes[0].index[jx];
                    const bool anyX = xs < t_.inW;
                    xs = xs > t_.inW - run ? t_.inW - run : xs;
                    for (int32_t jz = 0; jz < kTapsZ; ++jz) {
                        for (int32_t jy = 0; jy < kTaps; ++jy) {
                            const int32_t row = jz * kTaps + jy;
                            const bool rowValid = jz < axes[2].count && jy < axes[1].count && axes[2].index[jz] >= 0 &&
                                                  axes[1].index[jy] >= 0 && anyX;
                            const int64_t block = zeroBytes + (p * kRowsPerPoint + row) * cc * 32;
                            if (rowValid) {
                                const int64_t src = (b * t_.c + c0) * plane_ +
                                                    (static_cast<int64_t>(axes[2].index[jz]) * t_.inH + axes[1].index[jy]) * t_.inW + xs;
                                AscendC::DataCopyExtParams copy(static_cast<uint16_t>(cc), static_cast<uint32_t>(run * kElem),
                                                                static_cast<uint32_t>((plane_ - run) * kElem), 0, 0);
                                AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
                                AscendC::DataCopyPad(area[static_cast<uint32_t>(block / kElem)], xGm_[src], copy, pad);
                            }
                            for (int32_t jx = 0; jx < kTaps; ++jx) {
                                const bool valid = rowValid && jx < axes[0].count && axes[0].index[jx] >= 0;
                                const int64_t at = valid ? block + (axes[0].index[jx] - xs) * kElem : 0;
                                off.SetValue(static_cast<uint32_t>((row * kTaps + jx) * slots_ + g0 + p),
                                             static_cast<uint32_t>(at));
                            }
                        }
                    }
                }
                AscendC::PipeBarrier<PIPE_ALL>();
                AccumulateTaps(area, go, cc, 32, g0, ng);
            }
        }
    }

    GridSampleGradTilingData t_;
    AscendC::LocalTensor<float> product_, weights_, broadcast_;   // input role: TapProducts' buffers
    AscendC::BinaryRepeatParams productParams_;
    uint64_t productMask_ = 0;
    uint8_t productRepeats_ = 0;
    AscendC::BinaryRepeatParams stackedParams_;   // input role: AddTapRows' level-0 Add
    bool stackedRows_ = false;
    int64_t plane_ = 0, block_ = 0, rowSlab_ = 0;
    int32_t slots_ = 0;   // grid role: GradSlots(gridChunk)
    AxisVectors av_;
    int64_t inputBegin_ = 0, inputEnd_ = 0, gridBegin_ = 0, gridEnd_ = 0;
    GridChunk firstGrid_ = {0, 0, 0};
    bool firstGridFetched_ = false;   // FetchFirstGrid's DMA is issued and TakeFirstGrid has not taken it
    AscendC::TPipe pipe_;
    AscendC::GlobalTensor<T> goGm_, xGm_, gridGm_, igGm_, ggGm_;
    AscendC::TBuf<AscendC::TPosition::VECIN> gridBuf_, scanGrid_, goBuf_, gridGo_, window_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> gridFloat_, goFloat_, gridGoFloat_, rangeIndex_, rangeBuf_, goT_, goIndex_,
        rowIndex_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> offsets_, tapSums_, gathered_, gatheredIo_, axes_;
    AscendC::TBuf<AscendC::TPosition::VECOUT> accBuf_, rowStage_, accOut_, result_, resultOut_;
};

}  // namespace gridsample

#endif  // GRID_SAMPLE_GRAD_KERNEL_H
