#include "op_host/grid_sample_grad_tiling.h"

#include <algorithm>

namespace gridsample {
namespace {

constexpr int64_t kPointChunk = 256;     // grid points per chunk (a multiple of every dtype's block)
constexpr int64_t kMaxChannelChunk = 16;
constexpr int64_t kMaxGap = 0xFFFFFFFFll;   // DMA gaps are 32-bit byte counts

int64_t Align(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

}  // namespace

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
    const int64_t per = 32 / elem;   // elements per 32-byte block
    const int64_t rows = p.inD * p.inH, plane = rows * p.inW;
    // checked first, in a form that cannot overflow, so that no size product below does
    if (plane > kMaxGap / elem - kPointChunk || p.points > kMaxGap / elem) {
        *why = "a DMA gap would exceed 32 bits";
        return false;
    }
    GridSampleGradTilingData& t = out->data;
    t = GridSampleGradTilingData{};
    t.n = p.n; t.c = p.c; t.inD = p.inD; t.inH = p.inH; t.inW = p.inW; t.points = p.points;
    t.dims = p.dims; t.mode = p.mode; t.padding = p.padding; t.alignCorners = p.alignCorners;
    t.computeInputGrad = p.inputGrad ? 1 : 0;
    t.computeGridGrad = p.gridGrad ? 1 : 0;
    t.pointChunk = kPointChunk;
    t.pointChunks = CeilDiv(p.points, kPointChunk);
    const bool half = elem == 2;
    // The largest channel chunk (then the most rows) whose buffers fit the UB.
    for (int64_t cc = std::min<int64_t>(std::max<int64_t>(p.c, 1), kMaxChannelChunk); cc >= 1; --cc) {
        if (Align(p.inW, per) * 8 * 4 > static_cast<int64_t>(platform.ubBytes)) break;   // not even one row fits
        t.gridBufBytes = static_cast<int32_t>(Align(kPointChunk * 3 * elem, 32));
        t.gridFloatBytes = half ? static_cast<int32_t>(kPointChunk * 3 * 4) : 0;
        // gradOutput slabs: one per channel of the point-major block (Align(cc, 8)), as the Gather
        // that turns them point-major counts block * points elements and may not count more than
        // its source holds (Gather page, atlasascendc_api_07_0092: count)
        const int64_t goSlabs = Align(cc, 8);
        t.goBufBytes = static_cast<int32_t>(goSlabs * Align(kPointChunk, per) * elem);
        t.goFloatBytes = half ? static_cast<int32_t>(goSlabs * Align(kPointChunk, per) * 4) : 0;
        t.tapBufBytes = static_cast<int32_t>(cc * 32);
        t.tapFloatBytes = half ? static_cast<int32_t>(cc * per * 4) : 0;
        t.pointBufBytes = static_cast<int32_t>(kPointChunk * 3 * 4);
        t.pointOutBytes = half ? static_cast<int32_t>(Align(kPointChunk * 3 * elem, 32)) : 0;
        // input gradient: pixel-major float accumulator (a 32-byte-aligned block of the chunk's
        // channels per pixel) fed by point-major gradOutput, stored a row at a time channel-major
        const int64_t block = Align(cc, 8);   // floats per pixel / per point
        const int64_t rowSlab = Align(p.inW, per);
        t.goTBytes = static_cast<int32_t>((kPointChunk + 1) * block * 4);
        t.goIndexBytes = static_cast<int32_t>(kPointChunk * block * 4);
        t.rowStageBytes = static_cast<int32_t>(cc * rowSlab * 4);
        t.rowIndexBytes = static_cast<int32_t>(Align(p.inW, 8) * 4);
        t.accOutBytes = half ? static_cast<int32_t>(cc * rowSlab * elem) : 0;
        const int64_t fixed = int64_t{t.gridBufBytes} + t.gridFloatBytes + t.goBufBytes + t.goFloatBytes + t.tapBufBytes +
                              t.tapFloatBytes + 2 * int64_t{t.pointBufBytes} + t.pointOutBytes + t.goTBytes +
                              t.goIndexBytes + t.rowStageBytes + t.rowIndexBytes + t.accOutBytes;
        const int64_t left = static_cast<int64_t>(platform.ubBytes) - fixed;
        if (left <= 0) continue;
        const int64_t pixels = left / (block * 4);
        const int64_t tileRows = std::min<int64_t>(std::max<int64_t>(rows, 1), pixels / std::max<int64_t>(p.inW, 1));
        if (tileRows < 1) continue;
        t.channelChunk = cc;
        t.tileRows = tileRows;
        t.accBytes = static_cast<int32_t>(tileRows * p.inW * block * 4);
        break;
    }
    if (t.channelChunk == 0) {
        *why = "an input row of " + std::to_string(p.inW) + " elements does not fit the UB accumulator";
        return false;
    }
    t.channelChunks = CeilDiv(p.c, t.channelChunk);
    t.tilesPerPlane = CeilDiv(rows, t.tileRows);
    t.inputUnits = p.inputGrad ? p.n * t.channelChunks * t.tilesPerPlane : 0;
    t.gridUnits = p.gridGrad ? p.n * t.pointChunks : 0;
    const int64_t total = t.inputUnits + t.gridUnits;
    if (total == 0) { *why = "empty problem has no work units"; return false; }
    t.unitsPerCore = CeilDiv(total, static_cast<int64_t>(platform.coreNum));
    out->blockDim = static_cast<uint32_t>(CeilDiv(total, t.unitsPerCore));
    out->tilingKey = MakeGradTilingKey(p.dims, p.dataKind, p.mode);
    out->workspaceBytes = Align(sizeof(GridSampleGradTilingData), 64);
    return true;
}

}  // namespace gridsample
