// TilingData of GridSample: everything the kernel needs from the host, decided by the tiling
// function in op_host/. Plain fixed-width fields so host and device agree on the layout.
#ifndef GRID_SAMPLE_TILING_H
#define GRID_SAMPLE_TILING_H

#ifndef __aicore__
#define __aicore__
#endif

namespace gridsample {

enum InterpMode : int32_t { kBilinear = 0, kNearest = 1, kBicubic = 2 };
enum PaddingMode : int32_t { kZeros = 0, kBorder = 1, kReflection = 2 };
enum DataKind : int32_t { kFloat32 = 0, kFloat16 = 1, kBFloat16 = 2 };

// The tiling key selects the kernel template: spatial dims, dtype and interpolation mode change
// the code; padding and align_corners are cheap run-time branches.
constexpr uint64_t kTilingKeyBase = 1000;
__aicore__ constexpr uint64_t MakeTilingKey(int32_t dataKind, int32_t mode, int32_t dims = 2) {
    return kTilingKeyBase + (dims == 3 ? 100 : 0) + static_cast<uint64_t>(dataKind) * 10 + static_cast<uint64_t>(mode);
}

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

#endif  // GRID_SAMPLE_TILING_H
