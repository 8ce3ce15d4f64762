// TilingData of GridSampleGrad (GridSample's backward): everything the kernel needs from the host,
// decided by the tiling function in op_host/grid_sample_grad_def.cpp. Plain fixed-width fields so
// host and device agree on the layout.
#ifndef GRID_SAMPLE_GRAD_TILING_DATA_H
#define GRID_SAMPLE_GRAD_TILING_DATA_H

#ifndef __aicore__
#define __aicore__
#endif

#include "grid_sample_tiling_data.h"   // TapCountOf
#include "grid_sample_vocabulary.h"

namespace gridsample {

// The tiling keys: one variant per (spatial dims, dtype, interpolation mode). Decimal literals
// (the op compiler reads the number of each TILING_KEY_IS). Layout 2000 + 100 * (3-D) +
// 10 * dtype (0 float32, 1 float16, 2 bfloat16) + mode (0 linear, 1 nearest, 2 cubic); the host
// tiling asserts each against that formula.
#define GRID_SAMPLE_GRAD_KEY_2D_FP32_BILINEAR 2000
#define GRID_SAMPLE_GRAD_KEY_2D_FP32_NEAREST 2001
#define GRID_SAMPLE_GRAD_KEY_2D_FP32_BICUBIC 2002
#define GRID_SAMPLE_GRAD_KEY_2D_FP16_BILINEAR 2010
#define GRID_SAMPLE_GRAD_KEY_2D_FP16_NEAREST 2011
#define GRID_SAMPLE_GRAD_KEY_2D_FP16_BICUBIC 2012
#define GRID_SAMPLE_GRAD_KEY_2D_BF16_BILINEAR 2020
#define GRID_SAMPLE_GRAD_KEY_2D_BF16_NEAREST 2021
#define GRID_SAMPLE_GRAD_KEY_2D_BF16_BICUBIC 2022
#define GRID_SAMPLE_GRAD_KEY_3D_FP32_BILINEAR 2100
#define GRID_SAMPLE_GRAD_KEY_3D_FP32_NEAREST 2101
#define GRID_SAMPLE_GRAD_KEY_3D_FP32_BICUBIC 2102
#define GRID_SAMPLE_GRAD_KEY_3D_FP16_BILINEAR 2110
#define GRID_SAMPLE_GRAD_KEY_3D_FP16_NEAREST 2111
#define GRID_SAMPLE_GRAD_KEY_3D_FP16_BICUBIC 2112
#define GRID_SAMPLE_GRAD_KEY_3D_BF16_BILINEAR 2120
#define GRID_SAMPLE_GRAD_KEY_3D_BF16_NEAREST 2121
#define GRID_SAMPLE_GRAD_KEY_3D_BF16_BICUBIC 2122

// Contiguous tensors: gradOutput (N, C, P) with P = Do*Ho*Wo points, input and inputGrad
// (N, C, D, H, W) (D = 1 for 2-D), grid and gridGrad (N, P, dims).
// Work: input-gradient units (batch, channel chunk, tile of tileRows rows of the D*H rows) on blocks
// [0, inputCores), grid-gradient units (batch, chunk of gridChunk points) on blocks [gridCoreFirst,
// gridCoreFirst + gridCores) (gridCoreFirst = inputCores); each role's units are split into
// contiguous ranges over its blocks, and a block carves the UB for its one role. There may be more
// blocks than cores (a multiple of them): a core takes the next block when it frees up.
struct GridSampleGradTilingData {
    int64_t n, c, inD, inH, inW, points;
    int32_t dims, mode, padding, alignCorners;
    int32_t computeInputGrad, computeGridGrad;
    // input gradient
    int64_t channelChunk, channelChunks;   // channels per unit (a pixel's block in the accumulator)
    int64_t tileRows, tilesPerPlane;       // rows of the D*H rows per unit
    int64_t scanChunk;                     // grid points per range test (a whole chunk skipped when no tap reaches the tile)
    int64_t pointChunk;                    // points per gradOutput chunk turned point-major
    int64_t inputUnits, inputCores;
    // grid gradient
    int64_t gridChunk, gridChunks;         // points per unit, units per batch
    int64_t gridChannels;                  // channels per gradOutput (and window) load at most
    int64_t gridUnits, gridCores, gridCoreFirst;
    // UB partition (bytes); the kernel calls InitBuffer with exactly these
    int32_t gridBufBytes;      // a grid chunk as loaded (dtype), max(scanChunk, gridChunk) points; the input role has two
    int32_t gridFloatBytes;    // the same as float (half types)
    int32_t rangeIndexBytes;   // Gather byte offsets picking x, y (and z) out of a grid chunk
    int32_t rangeBytes;        // one coordinate of a chunk, the reductions' scratch and results
    int32_t axisBytes;         // grid role: the chunk's taps on the vector unit (GradAxisBytes; 0 for nearest)
    // input role
    int32_t goBufBytes;        // channelChunk gradOutput slabs of pointChunk (dtype, Align(channelChunk, 8) slabs)
    int32_t goFloatBytes;      // the same as float (half types)
    int32_t goTBytes;          // gradOutput point-major and the tap products (GradPointMajorFloats)
    int32_t goIndexBytes;      // Gather byte offsets turning a gradOutput chunk point-major (uint32 per element)
    int32_t accBytes;          // tileRows x W pixels of channelChunk floats, pixel-major (a 32-byte-aligned block per pixel)
    int32_t rowStageBytes;     // one row of the tile channel-major as floats (channelChunk slabs of W, 32-byte aligned)
    int32_t rowIndexBytes;     // Gather byte offsets of one row's pixels in the accumulator (uint32 per pixel)
    int32_t accOutBytes;       // one row of the tile channel-major in the dtype, for the store (half types)
    // grid role
    int32_t gridGoBytes;       // gridChannels gradOutput slabs of gridChunk (dtype)
    int32_t gridGoFloatBytes;  // the same as float (half types)
    int32_t offsetBytes;       // per tap, GradSlots(gridChunk) points' byte offsets into the window (uint32)
    int32_t tapSumBytes;       // per tap, sum over the channels of gradOutput x tap value (float, GradSlots)
    int32_t gatheredBytes;     // GradGatherRun taps of GradSlots(gridChunk) points, gathered (float)
    int32_t gatheredIoBytes;   // the same in the dtype (half types)
    int32_t resultBytes;       // gridChunk x dims grid-gradient values (float)
    int32_t resultOutBytes;    // the same in the dtype (half types)
    int32_t windowBytes;       // the input rows the chunk's taps reach, or per-point tap rows
};

// The grid gradient computes a chunk's taps on whole vectors of GradSlots(gridChunk) slots (a
// multiple of 64 floats, as Compare counts), the chunk's points first.
__aicore__ constexpr int64_t GradSlots(int64_t gridChunk) { return (gridChunk + 63) / 64 * 64; }
// The input role's point-major buffer (goTBytes), in floats: gradOutput of pointChunk points (a
// block of the chunk's channels each), a product block per tap, GradWeightRows rows of tap weights
// as the scalar unit writes them (a 32-byte-aligned row of GradWeightRow floats per point, reused
// in turn), then one point's weights broadcast to a block each.
__aicore__ constexpr int64_t GradWeightRow(int32_t mode, int32_t dims) { return (TapCountOf(mode, dims) + 7) / 8 * 8; }
__aicore__ constexpr int64_t GradWeightRows(int32_t mode, int32_t dims) {
    return 2048 / (GradWeightRow(mode, dims) * 4) < 64 ? 2048 / (GradWeightRow(mode, dims) * 4) : 64;
}
__aicore__ constexpr int64_t GradPointMajorFloats(int32_t mode, int32_t dims, int64_t pointChunk, int64_t block) {
    return (pointChunk + TapCountOf(mode, dims)) * block + (GradWeightRows(mode, dims) + 8) * GradWeightRow(mode, dims);
}
// The input role adds a point's adjacent tap rows of one slice by one level-0 Add (a repeat a
// row) when its repeat strides fit 8 bits of 32-byte blocks (an accumulator row of inW pixels of
// `block` floats; a tap row of products) and a row's whole run of taps fits a repeat's 64 floats
// (Add level 0: atlasascendc_api_07_0061); else it adds row by row.
__aicore__ constexpr bool GradStackedRowStrides(int32_t mode, int64_t inW, int64_t block) {
    return inW * block / 8 <= 255 && TapsPerAxisOf(mode) * block / 8 <= 255;
}
__aicore__ constexpr bool GradStackedRows(int32_t mode, int64_t inW, int64_t block) {
    return GradStackedRowStrides(mode, inW, block) && TapsPerAxisOf(mode) * block <= 64;
}
// Taps of a whole chunk gathered by one Gather per channel (their offsets are one run): a
// Gather's fixed cost is shared by this many taps.
constexpr int32_t kGradGatherRun = 4;
// The taps one Gather takes (kGradGatherRun, or the mode's fewer): only chunks that fill their
// slots (gridChunk a multiple of 64) gather runs; the gathered buffers hold a run.
__aicore__ constexpr int64_t GradGatherRun(int32_t mode, int32_t dims, int64_t gridChunk) {
    return GradSlots(gridChunk) != gridChunk ? 1
           : TapCountOf(mode, dims) < kGradGatherRun ? TapCountOf(mode, dims) : kGradGatherRun;
}
// Its vector work area (the axisBytes of the tiling), in the kernel's carve order: per axis its taps'
// weights, their derivatives, d coordinate / d grid value, and the taps (then the weighted sums);
// the chunk's coordinates, three temporaries and the Gather offsets that interleave the result
// (a vector of slots floats or uint32 each); then per axis tap a validity mask and two more masks
// (slots bits, 32-byte aligned). Nearest has no grid gradient and no work area.
__aicore__ constexpr int32_t GradAxisVectors(int32_t mode, int32_t dims) {
    return dims * (3 * TapsPerAxisOf(mode) + 1) + dims + 3 + dims;
}
__aicore__ constexpr int32_t GradAxisMasks(int32_t mode, int32_t dims) { return dims * TapsPerAxisOf(mode) + 2; }
__aicore__ constexpr int64_t GradMaskBytes(int64_t slots) { return (slots / 8 + 31) / 32 * 32; }
__aicore__ constexpr int64_t GradAxisBytes(int32_t mode, int32_t dims, int64_t slots) {
    return mode == kNearest ? 0 : GradAxisVectors(mode, dims) * slots * 4 + GradAxisMasks(mode, dims) * GradMaskBytes(slots);
}

// Per-point fallback of the grid gradient: tap rows are fetched for groups of this many points.
constexpr int32_t kGradPointGroup = 16;
// The fewest bytes of window the grid gradient needs: a zero block and one group of per-point tap
// rows (a 32-byte block each) for one channel.
__aicore__ constexpr int32_t GradMinWindowBytes(int32_t rowsPerPoint) { return 32 * (1 + kGradPointGroup * rowsPerPoint); }

}  // namespace gridsample

#endif  // GRID_SAMPLE_GRAD_TILING_DATA_H
