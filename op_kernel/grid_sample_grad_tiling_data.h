// TilingData of GridSampleGrad (GridSample's backward): everything the kernel needs from the host,
// decided by the tiling function in op_host/grid_sample_grad_def.cpp. Plain fixed-width fields so
// host and device agree on the layout.
#ifndef GRID_SAMPLE_GRAD_TILING_DATA_H
#define GRID_SAMPLE_GRAD_TILING_DATA_H

#ifndef __aicore__
#define __aicore__
#endif

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
// Work: input-gradient units (batch, channel chunk, tile of tileRows rows of the D*H rows), each
// owned by one core, then grid-gradient units (batch, chunk of pointChunk points). The units are
// numbered input units first and split into contiguous ranges of unitsPerCore.
struct GridSampleGradTilingData {
    int64_t n, c, inD, inH, inW, points;
    int32_t dims, mode, padding, alignCorners;
    int32_t computeInputGrad, computeGridGrad;
    int64_t channelChunk, channelChunks;   // channels per chunk (input-gradient tiles and grid-gradient taps)
    int64_t tileRows, tilesPerPlane;       // rows of the D*H rows per input-gradient tile
    int64_t pointChunk, pointChunks;       // points per grid / gradOutput chunk, chunks per batch
    int64_t inputUnits, gridUnits, unitsPerCore;
    // UB partition (bytes); the kernel calls InitBuffer with exactly these
    int32_t gridBufBytes;    // a grid chunk as loaded (dtype)
    int32_t gridFloatBytes;  // the same as float
    int32_t goBufBytes;      // channelChunk gradOutput rows of pointChunk (dtype, 32-byte slabs)
    int32_t goFloatBytes;    // the same as float
    int32_t accBytes;        // tileRows x W pixels of channelChunk floats, pixel-major (a 32-byte-aligned block per pixel)
    int32_t accOutBytes;     // one row of the tile channel-major in the dtype, for the store (half types only)
    int32_t tapBufBytes;     // channelChunk 32-byte blocks of one tap row (dtype)
    int32_t tapFloatBytes;   // the same as float
    int32_t pointBufBytes;   // pointChunk x 3 floats (grid-gradient sums, then results)
    int32_t pointOutBytes;   // pointChunk x 3 of the dtype
    int32_t goTBytes;        // gradOutput point-major: (pointChunk + 1) blocks of channelChunk floats (the last: a product)
    int32_t goIndexBytes;    // Gather byte offsets turning a gradOutput chunk point-major (uint32 per element)
    int32_t rowStageBytes;   // one row of the tile channel-major as floats (channelChunk slabs of W, 32-byte aligned)
    int32_t rowIndexBytes;   // Gather byte offsets of one row's pixels in the accumulator (uint32 per pixel)
};

}  // namespace gridsample

#endif  // GRID_SAMPLE_GRAD_TILING_DATA_H
