// TilingData of GridSample: everything the kernel needs from the host, decided by the tiling
// function in op_host/. Plain fixed-width fields so host and device agree on the layout.
#ifndef GRID_SAMPLE_TILING_DATA_H
#define GRID_SAMPLE_TILING_DATA_H

#ifndef __aicore__
#define __aicore__
#endif

namespace gridsample {

enum InterpMode : int32_t { kBilinear = 0, kNearest = 1, kBicubic = 2 };
enum PaddingMode : int32_t { kZeros = 0, kBorder = 1, kReflection = 2 };
enum DataKind : int32_t { kFloat32 = 0, kFloat16 = 1, kBFloat16 = 2 };

// The tiling keys: one kernel variant per (spatial dims, dtype, interpolation mode); padding and
// align_corners are cheap run-time branches. Decimal literals, because the op compiler reads the
// number given to each TILING_KEY_IS of the kernel source to know which variants to build.
// Layout 1000 + 100 * (3-D) + 10 * dtype + mode; the host tiling asserts each against the
// formula it uses (op_host/grid_sample_compute_tiling.cpp).
#define GRID_SAMPLE_KEY_2D_FP32_BILINEAR 1000
#define GRID_SAMPLE_KEY_2D_FP32_NEAREST 1001
#define GRID_SAMPLE_KEY_2D_FP32_BICUBIC 1002
#define GRID_SAMPLE_KEY_2D_FP16_BILINEAR 1010
#define GRID_SAMPLE_KEY_2D_FP16_NEAREST 1011
#define GRID_SAMPLE_KEY_2D_FP16_BICUBIC 1012
#define GRID_SAMPLE_KEY_2D_BF16_BILINEAR 1020
#define GRID_SAMPLE_KEY_2D_BF16_NEAREST 1021
#define GRID_SAMPLE_KEY_2D_BF16_BICUBIC 1022
#define GRID_SAMPLE_KEY_3D_FP32_BILINEAR 1100
#define GRID_SAMPLE_KEY_3D_FP32_NEAREST 1101
#define GRID_SAMPLE_KEY_3D_FP32_BICUBIC 1102
#define GRID_SAMPLE_KEY_3D_FP16_BILINEAR 1110
#define GRID_SAMPLE_KEY_3D_FP16_NEAREST 1111
#define GRID_SAMPLE_KEY_3D_FP16_BICUBIC 1112
#define GRID_SAMPLE_KEY_3D_BF16_BILINEAR 1120
#define GRID_SAMPLE_KEY_3D_BF16_NEAREST 1121
#define GRID_SAMPLE_KEY_3D_BF16_BICUBIC 1122

// The tiling struct, a standard C++ struct registered in the kernel with REGISTER_TILING_DEFAULT
// and written by the host tiling through TilingContext::GetTilingData<GridSampleTilingData>().
struct GridSampleTilingData {
    // shapes (elements). 3-D: the output's D and H are flattened into outH rows (grid and output
    // strides allow it by construction); the input keeps its depth inD.
    int64_t n, c, inH, inW, outH, outW;
    int64_t inD, inStrideD;
    int32_t dims, reserved1;
    // strides in elements; grid pair strides are (2, 1) by construction. NCHW input: W stride 1;
    // channel-last input (channelLast = 1): C stride 1 and pixels inStrideW apart
    int64_t inStrideN, inStrideC, inStrideH, inStrideW;
    int64_t gridStrideN, gridStrideH;            // grid W stride is 2
    int64_t outStrideN, outStrideC, outStrideH;  // out W stride is 1
    // attributes
    int32_t mode, padding, alignCorners, dataKind;
    int32_t channelLast, reserved0;
    // work decomposition: an output plane is cut into tiles of tileRows x tileCols points
    int64_t tileRows, tileCols;        // tileCols == outW when whole rows form one tile
    int64_t tilesPerRow, tilesPerCol;  // tiles across W and H of the output plane
    int64_t tilesPerPlane, totalTiles;
    // work units: each tile's channels split into channelGroups groups of groupChannels; unit u is
    // group u % channelGroups of tile u / channelGroups, so a core's consecutive units share tiles
    int64_t channelGroups, groupChannels, totalUnits;
    int64_t unitsPerCore, tailCores;   // the first tailCores cores take one more unit
    int32_t flatTiles;                 // 1: a tile's rows are contiguous in grid and out
    int32_t slotCount;                 // point slots per tile buffer (multiple of 64)
    // UB partition (bytes); the kernel calls InitBuffer with exactly these
    int32_t gridBufBytes;      // one grid tile as loaded (input dtype), per queue slot
    int32_t pointBufBytes;     // one float per slot
    int32_t pointBufCount;     // per-slot float vectors the mode needs (coordinates, weights, offsets)
    int32_t maskBufBytes;      // one bit per slot, rounded to 32 bytes
    int32_t maskBufCount;      // masks the mode needs
    int32_t outBufBytes;       // chunkChannels x slotCount x sizeof(out), per queue slot
    int32_t windowBufBytes;    // input window (or per-point gather area), per queue slot
    int32_t chunkChannels;     // channels per output chunk
    int32_t slotPitch;         // slots per tile row in UB (flat tiles: slotCount)
};

}  // namespace gridsample

#endif  // GRID_SAMPLE_TILING_DATA_H
