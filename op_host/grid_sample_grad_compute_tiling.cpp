#include "op_host/grid_sample_grad_compute_tiling.h"
#include "op_kernel/dma_limits.h"
#include "op_host/tiling_estimates.h"

#include <algorithm>
#include <cmath>

namespace gridsample {
namespace {

constexpr int64_t kScanChunk = 256;        // grid points per range test of an input-gradient unit
constexpr int64_t kPointChunk = 64;        // points per gradOutput chunk turned point-major
// Input-gradient channels per unit: a float32 pixel block of 64 channels is one 256-byte repeat,
// so a point's products and each tap row's Add carry the whole chunk for one instruction's fixed
// cost.
constexpr int64_t kMaxChannelChunk = 64;
constexpr int64_t kMaxGridChannels = 32;   // grid gradient: channels per gradOutput / window load
// Estimated cycles per unit of work, to split the cores between the two gradients in proportion
// (orders of magnitude of the simulator's cost model; the split does not change any result). Both
// roles' pipes mostly wait for each other (PIPE_ALL barriers between stages), so cycles add up.
// Input gradient, per point and channel chunk (InputPointCycles): ~22 scalar cycles an axis,
// a scalar write of each tap's weight, a Brcb and a level-0 Mul for every tap's product (an
// instruction's issue each and a repeat a tap) and an Add per tap row (per slice's rows where one
// level-0 Add takes them: GradStackedRows); its gradOutput block over
// ~10 B/cycle and through the Gather that turns it point-major (8 elements a cycle); points near a
// tile's edge are visited by two tiles.
// Grid gradient: per tap and channel a Gather element (1/8 cycle) and a multiply-add lane, plus
// per gridChunk points a multiply-add's issue and a Gather's per kGradGatherRun taps, plus the
// window load at ~10 B/cycle (a smooth warp's chunk reaches its own rows, in each of its depth
// slices in 3-D, and kFlowHalo more on each side), and the chunk's vector instructions over its
// slots: ~40 per axis for its taps, box and offsets, ~5 per tap (its offset, two multiply-adds,
// the validity where a tap may be outside) and one per axis and tap row.
constexpr double kInputAxisCycles = 22.0;
constexpr double kInputWeightWriteCycles = 4.0;
constexpr double kInputRowAddCycles = 22.0;
constexpr double kInputHaloFactor = 1.2;
constexpr double kGridTapChannelCycles = 0.15;
constexpr int64_t kGridAxisInstrs = 40;
// An input-gradient tile's range test of one scan chunk: the chunk's grid DMA (which runs while
// the chunk before is tested) or the vector unit's reductions and the scalar unit's test.
constexpr double kScanChunkCycles = 350.0;
constexpr int64_t kFlowHalo = 3;
constexpr int64_t kWindowMargin = 4;
constexpr int64_t kGridTapInstrs = 5;

int64_t Align(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
int64_t TapCount(const GradProblem& p) { return TapCountOf(p.mode, p.dims); }

// The input role's cycles per point and channel chunk but its gradOutput's (nearest adds gradOutput
// itself: no products).
double InputPointCycles(const GradProblem& p, int64_t block) {
    const double taps = static_cast<double>(TapCount(p));
    const double products = p.mode == kNearest ? 0.0 : 2.0 * double(kEstVectorIssueCycles) + taps * (1.0 + kInputWeightWriteCycles);
    const double rows = taps / static_cast<double>(TapsPerAxisOf(p.mode));
    const double adds = GradStackedRows(p.mode, p.inW, block) ? rows / static_cast<double>(TapsPerAxisOf(p.mode)) : rows;
    return kInputAxisCycles * p.dims + products + adds * kInputRowAddCycles;
}

// The grid role's vector instructions per chunk (ChunkAxes, WindowTapOffsets, WeighTapSums).
int64_t GridChunkInstrs(const GradProblem& p) {
    return kGridAxisInstrs * p.dims + TapCount(p) * kGridTapInstrs + TapCount(p) / TapsPerAxisOf(p.mode) * p.dims;
}

// The input role's buffers with the largest channel chunk (then the most rows) that fits `ub`
// bytes; false when not even one row of one channel fits.
// The input role's buffers for a chunk of cc channels but its accumulator, into *t; their bytes.
int64_t InputRoleFixedBytes(const GradProblem& p, int64_t cc, GridSampleGradTilingData* t) {
    const int64_t elem = p.dataKind == kFloat32 ? 4 : 2;
    const int64_t per = 32 / elem;
    const bool half = elem == 2;
    const int64_t block = Align(cc, 8);   // floats per pixel / per point
    const int64_t rowSlab = Align(p.inW, per);
    // gradOutput slabs: one per lane of the point-major block (Align(cc, 8)), as the Gather that
    // turns them point-major counts block * points elements and may not count more than its
    // source holds (Gather page, atlasascendc_api_07_0092: count)
    t->goBufBytes = static_cast<int32_t>(block * Align(kPointChunk, per) * elem);
    t->goFloatBytes = half ? static_cast<int32_t>(block * Align(kPointChunk, per) * 4) : 0;
    t->goTBytes = static_cast<int32_t>(GradPointMajorFloats(p.mode, p.dims, kPointChunk, block) * 4);
    t->goIndexBytes = static_cast<int32_t>(kPointChunk * block * 4);
    t->rowStageBytes = static_cast<int32_t>(cc * rowSlab * 4);
    t->rowIndexBytes = static_cast<int32_t>(Align(p.inW, 8) * 4);
    t->accOutBytes = half ? static_cast<int32_t>(Align(cc * rowSlab * elem, 32)) : 0;
    // and the scan's second grid chunk (the next one loads while one is tested)
    return int64_t{t->gridBufBytes} + t->goBufBytes + t->goFloatBytes + t->goTBytes + t->goIndexBytes + t->rowStageBytes +
           t->rowIndexBytes + t->accOutBytes;
}

// The input role's largest channel chunk (up to kMaxChannelChunk) whose buffers and an
// accumulator of at least one input row fit `ub` bytes.
bool SizeInputRole(const GradProblem& p, int64_t ub, GridSampleGradTilingData* t) {
    const int64_t rows = p.inD * p.inH;
    for (int64_t cc = std::min<int64_t>(std::max<int64_t>(p.c, 1), kMaxChannelChunk); cc >= 1; --cc) {
        const int64_t block = Align(cc, 8);
        const int64_t fixed = InputRoleFixedBytes(p, cc, t);
        const int64_t pixels = (ub - fixed) / (block * 4);
        const int64_t tileRows = std::min<int64_t>(std::max<int64_t>(rows, 1), pixels / std::max<int64_t>(p.inW, 1));
        if (ub <= fixed || tileRows < 1) continue;
        t->channelChunk = cc;
        t->tileRows = tileRows;
        t->accBytes = static_cast<int32_t>(tileRows * p.inW * block * 4);
        return true;
    }
    return false;
}

// The grid role's buffers with the most gradOutput channels whose window still holds the per-point
// path's smallest group; false when none fits `ub` bytes.
// The grid role's buffers for gc channels per load but its window, into *t; their bytes.
int64_t GridRoleFixedBytes(const GradProblem& p, int64_t gc, GridSampleGradTilingData* t) {
    const int64_t elem = p.dataKind == kFloat32 ? 4 : 2;
    const int64_t per = 32 / elem;
    const bool half = elem == 2;
    const int64_t taps = TapCount(p);
    const int64_t chunk = t->gridChunk;
    t->gridGoBytes = static_cast<int32_t>(gc * Align(chunk, per) * elem);
    t->gridGoFloatBytes = half ? static_cast<int32_t>(gc * Align(chunk, per) * 4) : 0;
    t->offsetBytes = static_cast<int32_t>(taps * GradSlots(chunk) * 4);
    t->tapSumBytes = static_cast<int32_t>(taps * GradSlots(chunk) * 4);
    t->axisBytes = static_cast<int32_t>(GradAxisBytes(p.mode, p.dims, GradSlots(chunk)));
    const int64_t run = GradGatherRun(p.mode, p.dims, chunk);
    t->gatheredBytes = static_cast<int32_t>(run * GradSlots(chunk) * 4);
    t->gatheredIoBytes = half ? static_cast<int32_t>(Align(run * GradSlots(chunk) * elem, 32)) : 0;
    t->resultBytes = static_cast<int32_t>(Align(chunk * p.dims * 4, 32));
    t->resultOutBytes = half ? static_cast<int32_t>(Align(chunk * p.dims * elem, 32)) : 0;
    return int64_t{t->gridGoBytes} + t->gridGoFloatBytes + t->offsetBytes + t->tapSumBytes + t->axisBytes +
           t->gatheredBytes + t->gatheredIoBytes + t->resultBytes + t->resultOutBytes;
}

// The grid role's most channels per load (up to kMaxGridChannels) whose buffers leave the smallest
// window in `ub` bytes, for chunks of t->gridChunk points.
bool SizeGridRole(const GradProblem& p, int64_t ub, GridSampleGradTilingData* t) {
    const int64_t rowsPerPoint = TapCount(p) / TapsPerAxisOf(p.mode);
    for (int64_t gc = std::min<int64_t>(std::max<int64_t>(p.c, 1), kMaxGridChannels); gc >= 1; --gc) {
        const int64_t window = (ub - GridRoleFixedBytes(p, gc, t)) / 32 * 32;
        if (window < GradMinWindowBytes(static_cast<int32_t>(rowsPerPoint))) continue;
        t->gridChannels = gc;
        t->windowBytes = static_cast<int32_t>(std::min<int64_t>(window, 0x7FFFFFE0));
        return true;
    }
    return false;
}

// Bytes of one channel's window for a chunk of `chunk` points of a smooth warp that spans the
// input, scaled alike on every axis (an output of `points` points per batch: a zoom-out's chunk
// reaches more input rows than its own): the input rows its points reach (in 3-D, in each depth
// slice they reach), the taps and kFlowHalo beyond.
int64_t WindowBytesEstimate(const GradProblem& p, int64_t chunk) {
    const int64_t elem = p.dataKind == kFloat32 ? 4 : 2;
    const int64_t reach = TapsPerAxisOf(p.mode) - 1 + 2 * kFlowHalo;
    const double points = static_cast<double>(std::max<int64_t>(p.points, 1));
    const double plane = static_cast<double>(p.inH * p.inW);
    // input pixels per output point, and per output row (the scale squared) in 3-D
    const double perPoint = static_cast<double>(p.inD) * plane / points;
    const double perRow = p.dims == 3 ? std::pow(perPoint, 2.0 / 3.0) : perPoint;
    const int64_t rows = std::min(p.inH, static_cast<int64_t>(std::ceil(static_cast<double>(chunk) * perRow / static_cast<double>(p.inW))) + reach);
    const int64_t slices = p.dims == 3 ? std::min(p.inD, static_cast<int64_t>(std::ceil(static_cast<double>(chunk) * perPoint / plane)) + reach) : 1;
    return slices * rows * p.inW * elem;
}

// Both roles' buffers: the grid chunk (and its float cast) and the tap ranges.
int64_t CommonBytes(const GridSampleGradTilingData& t) {
    return int64_t{t.gridBufBytes} + t.gridFloatBytes + t.rangeIndexBytes + t.rangeBytes;
}

int64_t InputRoleBytes(const GridSampleGradTilingData& t) {
    return int64_t{t.gridBufBytes} + t.goBufBytes + t.goFloatBytes + t.goTBytes + t.goIndexBytes + t.accBytes +
           t.rowStageBytes + t.rowIndexBytes + t.accOutBytes;
}

}  // namespace

int64_t GradUbBytes(const GridSampleGradTilingData& t, bool inputRole, bool gridRole) {
    const int64_t grid = int64_t{t.gridGoBytes} + t.gridGoFloatBytes + t.offsetBytes + t.tapSumBytes + t.axisBytes +
                         t.gatheredBytes + t.gatheredIoBytes + t.resultBytes + t.resultOutBytes + t.windowBytes;
    return CommonBytes(t) + (inputRole ? InputRoleBytes(t) : 0) + (gridRole ? grid : 0);
}

uint64_t MakeGradTilingKey(int32_t dims, int32_t dataKind, int32_t mode) {
    return 2000u + (dims == 3 ? 100u : 0u) + 10u * static_cast<uint32_t>(dataKind) + static_cast<uint32_t>(mode);
}

static_assert(GRID_SAMPLE_GRAD_KEY_2D_FP32_BILINEAR == 2000 && GRID_SAMPLE_GRAD_KEY_2D_FP16_NEAREST == 2011 &&
                  GRID_SAMPLE_GRAD_KEY_2D_BF16_BICUBIC == 2022 && GRID_SAMPLE_GRAD_KEY_3D_FP32_BICUBIC == 2102 &&
                  GRID_SAMPLE_GRAD_KEY_3D_FP16_BILINEAR == 2110 && GRID_SAMPLE_GRAD_KEY_3D_BF16_NEAREST == 2121,
              "the literal tiling keys follow 2000 + 100 * (3-D) + 10 * dtype + mode");

bool ComputeGradTiling(const GradProblem& p, const PlatformInfo& platform, GradTiling* out, std::string* why) {
    if (platform.coreNum == 0) { *why = "platform reports 0 vector cores"; return false; }
    if (p.dims != 2 && p.dims != 3) { *why = "the kernel takes 2-D and 3-D only"; return false; }
    const int64_t elem = p.dataKind == kFloat32 ? 4 : 2;
    const int64_t rows = p.inD * p.inH, plane = rows * p.inW;
    const int64_t taps = TapCount(p);
    // checked first, in a form that cannot overflow, so that no size product below does
    if (plane > kMaxDmaGapBytes / elem - kScanChunk || p.points > kMaxDmaGapBytes / elem) {
        *why = "a DMA gap would exceed 32 bits";
        return false;
    }
    GridSampleGradTilingData& t = out->data;
    t = GridSampleGradTilingData{};
    t.n = p.n; t.c = p.c; t.inD = p.inD; t.inH = p.inH; t.inW = p.inW; t.points = p.points;
    t.dims = p.dims; t.mode = p.mode; t.padding = p.padding; t.alignCorners = p.alignCorners;
    t.computeInputGrad = p.inputGrad ? 1 : 0;
    t.computeGridGrad = p.gridGrad ? 1 : 0;
    t.scanChunk = kScanChunk;
    t.pointChunk = kPointChunk;
    t.gridChunk = std::min<int64_t>(256, 4096 / taps);   // the tap offsets and sums take 2 x taps x gridChunk floats
    t.gridChunks = CeilDiv(p.points, t.gridChunk);
    const int64_t gridPoints = std::max(t.scanChunk, t.gridChunk);
    t.gridBufBytes = static_cast<int32_t>(Align(gridPoints * p.dims * elem, 32));
    t.gridFloatBytes = elem == 2 ? static_cast<int32_t>(gridPoints * p.dims * 4) : 0;
    // both roles' tap ranges (x, y and z of a chunk of up to scanChunk points: Gather offsets, then
    // a coordinate, the reductions' work area, and per axis a min, max and sum 32 bytes apart)
    t.rangeIndexBytes = static_cast<int32_t>(p.dims * kScanChunk * 4);
    t.rangeBytes = static_cast<int32_t>((2 * kScanChunk + 24 * p.dims) * 4);
    // blocks of work (at most; fewer where a role has fewer units): with 2 to kGradMinBlocks / 2
    // cores (the CPU fallback's threads) a multiple of them (SetBlockDim: "the number of physical
    // cores or a multiple of it") of at least kGradMinBlocks, so that each role's units spread over
    // several blocks, which the cores take as they free up; one core takes a block per role; more
    // cores a block each (a block repeats its fixed setup, and input tiles rescan the batch)
    const int64_t cores = platform.coreNum;
    const int64_t blocks = cores == 1 ? (p.inputGrad && p.gridGrad ? 2 : 1)
                           : cores <= kGradMinBlocks / 2 ? cores * CeilDiv(kGradMinBlocks, cores) : cores;
    const int64_t ub = static_cast<int64_t>(platform.ubBytes) - CommonBytes(t);
    // a refusal names the role that does not fit and the least UB it takes (one channel; the input
    // role's accumulator holds one input row of a 32-byte block per pixel)
    if (p.inputGrad && !SizeInputRole(p, ub, &t)) {
        GridSampleGradTilingData least = t;
        const int64_t need = CommonBytes(t) + InputRoleFixedBytes(p, 1, &least) + p.inW * 32;
        *why = "the UB of " + std::to_string(platform.ubBytes) + " bytes is too small for the input gradient: one channel of " +
               "an input row of " + std::to_string(p.inW) + " elements takes at least " + std::to_string(need) + " bytes";
        return false;
    }
    // a small UB takes fewer points per grid unit (no result depends on the chunk): until the
    // window holds kWindowMargin times a chunk's estimated plane (a rotated or zooming chunk's box
    // holds more rows than a flow's), or fewer points would not reach fewer rows (wide rows), or the
    // chunk is one vector of slots
    while (p.gridGrad && t.gridChunk > 16 &&
           (!SizeGridRole(p, ub, &t) ||
            (t.gridChunk > 64 && t.windowBytes < kWindowMargin * WindowBytesEstimate(p, t.gridChunk) &&
             WindowBytesEstimate(p, t.gridChunk / 2) < WindowBytesEstimate(p, t.gridChunk)))) {
        t.gridChunk /= 2;
        t.gridChunks = CeilDiv(p.points, t.gridChunk);
    }
    if (p.gridGrad && !SizeGridRole(p, ub, &t)) {
        GridSampleGradTilingData least = t;
        const int64_t rowsPerPoint = TapCount(p) / TapsPerAxisOf(p.mode);
        const int64_t need = CommonBytes(t) + GridRoleFixedBytes(p, 1, &least) + GradMinWindowBytes(static_cast<int32_t>(rowsPerPoint));
        *why = "the UB of " + std::to_string(platform.ubBytes) + " bytes is too small for the grid gradient: one channel of " +
               std::to_string(t.gridChunk) + " points takes at least " + std::to_string(need) + " bytes";
        return false;
    }
    if (p.inputGrad) {
        t.channelChunks = CeilDiv(p.c, t.channelChunk);
        t.tilesPerPlane = CeilDiv(rows, t.tileRows);
    }
    // the blocks split between the gradients in proportion to their estimated work
    const double points = static_cast<double>(p.n) * static_cast<double>(p.points);
    const double block = static_cast<double>(Align(t.channelChunk, 8));
    // (and the gradient itself: zeroed, gathered channel-major and stored, a zoom-out's most)
    const double inputGradBytes = static_cast<double>(p.n) * static_cast<double>(p.c) * static_cast<double>(plane) * 4.0;
    const double inputWork = p.inputGrad ? points * static_cast<double>(t.channelChunks) * kInputHaloFactor *
                                                   (InputPointCycles(p, Align(t.channelChunk, 8)) +
                                                    block * 4.0 / double(kEstDmaBytesPerCycle) + block / double(kEstGatherElemsPerCycle)) +
                                               inputGradBytes / double(kEstDmaBytesPerCycle)
                                         : 0.0;
    double gridWork = 0.0;
    if (p.gridGrad) {
        const double tapChannels = points * static_cast<double>(taps) * static_cast<double>(p.c);
        gridWork = p.mode == kNearest ? points
                               : tapChannels * kGridTapChannelCycles +
                                     static_cast<double>(p.n * t.gridChunks) *
                                         static_cast<double>(p.c * (taps + CeilDiv(taps, kGradGatherRun))) *
                                         double(kEstVectorIssueCycles) +
                                     static_cast<double>(p.n * t.gridChunks) * static_cast<double>(p.c) *
                                         static_cast<double>(WindowBytesEstimate(p, t.gridChunk)) / double(kEstDmaBytesPerCycle) +
                                     static_cast<double>(p.n * t.gridChunks) * static_cast<double>(GridChunkInstrs(p)) *
                                         static_cast<double>(kEstVectorIssueCycles + GradSlots(t.gridChunk) / kEstRepeatFloats);
    }
    int64_t inputCores = 0, gridCores = 0;
    if (p.inputGrad && p.gridGrad) {
        const double share = inputWork / (inputWork + gridWork);
        inputCores = std::min<int64_t>(blocks - 1, std::max<int64_t>(1, static_cast<int64_t>(share * static_cast<double>(blocks) + 0.5)));
        gridCores = blocks - inputCores;
    } else {
        inputCores = p.inputGrad ? blocks : 0;
        gridCores = p.gridGrad ? blocks : 0;
    }
    if (p.inputGrad) {
        // the tile height (at most what the UB holds) whose units spread best over the input cores:
        // the least estimated work on the busiest core, its tiles' rows (a halo of taps - 1 rows
        // counted) at an even share of the batch's taps (points that bunch on a few rows load their
        // tiles more), and per tile a range test of each of the batch's scan chunks (rows of a tile
        // only select elements: every element's sum runs over the same points in the same order)
        const int64_t maxRows = t.tileRows;
        const double rowWork = static_cast<double>(p.points) * InputPointCycles(p, Align(t.channelChunk, 8)) / static_cast<double>(rows);
        const double scanWork = static_cast<double>(CeilDiv(p.points, t.scanChunk)) * kScanChunkCycles;
        double bestCost = -1.0;
        for (int64_t r = maxRows; r >= 1; --r) {
            const int64_t units = p.n * t.channelChunks * CeilDiv(rows, r);
            const double cost = static_cast<double>(CeilDiv(units, std::max<int64_t>(inputCores, 1))) *
                                (static_cast<double>(r + TapsPerAxisOf(p.mode) - 1) * rowWork + scanWork);
            if (bestCost < 0.0 || cost < bestCost) {
                bestCost = cost;
                t.tileRows = r;
            }
        }
        t.tilesPerPlane = CeilDiv(rows, t.tileRows);
        t.inputUnits = p.n * t.channelChunks * t.tilesPerPlane;
        t.inputCores = std::min<int64_t>(inputCores, t.inputUnits);
        if (p.gridGrad) gridCores = blocks - t.inputCores;   // the input role's spare blocks
    }
    if (p.gridGrad) {
        t.gridUnits = p.n * t.gridChunks;
        t.gridCores = std::min<int64_t>(gridCores, t.gridUnits);
        t.gridCoreFirst = t.inputCores;
    }
    if (t.inputUnits + t.gridUnits == 0) { *why = "empty problem has no work units"; return false; }
    out->blockDim = static_cast<uint32_t>(std::max<int64_t>(t.inputCores, t.gridCoreFirst + t.gridCores));
    out->tilingKey = MakeGradTilingKey(p.dims, p.dataKind, p.mode);
    out->workspaceBytes = Align(sizeof(GridSampleGradTilingData), 64);
    return true;
}

}  // namespace gridsample
