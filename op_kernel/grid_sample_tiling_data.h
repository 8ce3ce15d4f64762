// TilingData of GridSample: everything the kernel needs from the host, decided by the tiling
// function in op_host/. Plain fixed-width fields so host and device agree on the layout.
#ifndef GRID_SAMPLE_TILING_DATA_H
#define GRID_SAMPLE_TILING_DATA_H

#ifndef __aicore__
#define __aicore__
#endif

#include "grid_sample_vocabulary.h"

namespace gridsample {

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

// Cores a cost-weighted split (unitStart) serves.
constexpr int32_t kMaxWeightedCores = 64;

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
    // 3-D flat tiles by slice (planeRows > 0): a tile is a band of up to tileRows rows of each of
    // tileDepth consecutive output depth slices of planeRows rows, so that its input window's depth
    // slabs serve several slices (depth blocks: tileDepth > 1, planeRows % tileRows == 0) or its
    // rows lie in one slice (tileDepth == 1; a slice's last band may be shorter)
    int64_t tileDepth, planeRows;
    int64_t tilesPerPlane, totalTiles;
    // work units: each tile's channels split into channelGroups groups of groupChannels; unit u is
    // group u % channelGroups of tile u / channelGroups, so a core's consecutive units share tiles
    int64_t channelGroups, groupChannels, totalUnits;
    // core k of blockDim takes units [UnitBoundary(k), UnitBoundary(k + 1)): counts differ by at
    // most one, and the phase says which cores take the longer ranges (kFrontLoaded: the first
    // ones); or (kWeightedSplit) they are unitStart[k] to unitStart[k + 1]
    int64_t unitPhase;
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
    int32_t slotPitch;         // slots per row of a full-width tile in UB (flat tiles: slotCount)
    int32_t reserved2;
    int64_t unitStart[kMaxWeightedCores + 1];   // kWeightedSplit: each core's first unit
};


constexpr int32_t kUbBlockBytes = 32;
// Slot counts are multiples of this (Compare needs count * 4 bytes to be a multiple of 256).
constexpr int64_t kSlotAlign = 64;

// Bytes of a mask of one bit per slot, in whole 32-byte blocks.
__aicore__ inline int64_t MaskBytes(int64_t slots) { return (slots / 8 + kUbBlockBytes - 1) / kUbBlockBytes * kUbBlockBytes; }

// Slots of a UB row of `cols` points in whole 32-byte blocks of the data type (so of the grid's
// pairs and triples too).
__aicore__ inline int64_t BlockRowSlots(int64_t cols, int32_t dataKind) {
    const int64_t blockElems = kUbBlockBytes / (dataKind == kFloat32 ? 4 : 2);
    return (cols + blockElems - 1) / blockElems * blockElems;
}

// The first work unit of core `core` of `cores` (core == cores: totalUnits). Phase p in [0, cores)
// spreads the longer ranges evenly (floor((core * units + p) / cores)); kFrontLoaded gives them to
// the first totalUnits % cores cores; kWeightedSplit reads them from unitStart (cores: blockDim).
constexpr int64_t kFrontLoaded = -1, kWeightedSplit = -2;
__aicore__ inline int64_t UnitBoundary(const GridSampleTilingData& t, int64_t core, int64_t cores) {
    if (t.unitPhase == kWeightedSplit) return t.unitStart[core];
    if (t.unitPhase == kFrontLoaded) {
        const int64_t rest = t.totalUnits % cores;
        return core * (t.totalUnits / cores) + (core < rest ? core : rest);
    }
    return (core * t.totalUnits + t.unitPhase) / cores;
}

// A tile of output points: batch, first (flattened) row and column, rows per depth slice, depth
// slices (1 unless depth blocks), columns. A flat tile's slots hold its points in that order.
//
// Its slots in UB: `pitch` slots per row (flat tiles: its points in one run) and `slots` in all, the
// count its vector work covers. A tile narrower than the tiling's (the last column block) packs
// its rows at its own pitch, its columns in whole 32-byte blocks of the output and of the grid, and
// a tile's slots end after its last row: an edge tile does no vector work for the points it lacks.
struct TileGeometry {
    int64_t n, row0, col0, rows, depths, cols;
    int64_t pitch, slots;
};
__aicore__ inline TileGeometry TileGeometryOf(const GridSampleTilingData& t, int64_t index) {
    TileGeometry tile;
    tile.n = index / t.tilesPerPlane;
    const int64_t r = index % t.tilesPerPlane;
    const int64_t rowTile = r / t.tilesPerRow;
    tile.col0 = (r % t.tilesPerRow) * t.tileCols;
    tile.cols = t.tileCols < t.outW - tile.col0 ? t.tileCols : t.outW - tile.col0;
    if (t.planeRows > 0) {
        const int64_t bandsPerSlice = (t.planeRows + t.tileRows - 1) / t.tileRows;
        const int64_t d0 = rowTile / bandsPerSlice * t.tileDepth;
        const int64_t r0 = rowTile % bandsPerSlice * t.tileRows;
        const int64_t slices = t.outH / t.planeRows;
        tile.row0 = d0 * t.planeRows + r0;
        tile.rows = t.tileRows < t.planeRows - r0 ? t.tileRows : t.planeRows - r0;
        tile.depths = t.tileDepth < slices - d0 ? t.tileDepth : slices - d0;
    } else {
        tile.row0 = rowTile * t.tileRows;
        tile.rows = t.tileRows < t.outH - tile.row0 ? t.tileRows : t.outH - tile.row0;
        tile.depths = 1;
    }
    const int64_t points = tile.depths * tile.rows * tile.cols;
    if (t.flatTiles)
        tile.pitch = points;
    else
        tile.pitch = tile.cols == t.tileCols ? t.slotPitch : BlockRowSlots(tile.cols, t.dataKind);
    const int64_t used = t.flatTiles ? points : tile.rows * tile.pitch;
    tile.slots = (used + kSlotAlign - 1) / kSlotAlign * kSlotAlign;
    return tile;
}

// ---- UB buffer inventory ----------------------------------------------------------------------
// The per-slot float vectors and bit masks each kernel variant carves from its point and mask
// buffers, in carving order. The host tiling sizes the buffers from this table and the kernel
// carves them from it (GridSampleTaps / GridSampleCombine), so the two cannot drift apart.
enum UbVectorKind : int32_t {
    kVecOffset = 0,   // tap offsets but the last kReusedOffsetVectors
    kVecGrid,         // grid x, y (, z) as float
    kVecScratch,      // t0, t1, t2, adjacent: together they hold a whole converted grid tile
    kVecTap,          // per axis: the tap coordinates (later: their byte offsets in the window;
                      // then, on the window path, a run of gathered taps as float)
    kVecWeight,       // per axis: the tap weights (bilinear: the four corner weights)
    kVecGathered,     // one gathered tap as float (the per-point path)
    kVecHalfGather,   // float16 / bfloat16: taps gathered as themselves (with kVecGathered: a run)
    kVecRowAcc,       // bicubic rows; trilinear: the seventh corner weight (MakeTrilinearWeights)
    kVecPlaneAcc,     // tricubic planes
    kVecHalfAcc,      // float16 / bfloat16: the float accumulator
    kVecSplitIndex,   // 3-D: Gather indices that split (x, y, z) triples
    kUbVectorKinds
};
static_assert(kVecSplitIndex == kUbVectorKinds - 1,
              "the split indices are carved last: built once for the tiling's slots, they stay put when "
              "the kernel carves the vectors before them for an edge tile's fewer slots");
// Tap offsets are built last in a tile's preparation, when the grid vectors and the temporaries t0
// (3-D) and t1 (2-D) are dead: the last four live in the four vectors that follow kVecOffset (the
// grid's, then the scratch's), so that all of a tile's offsets are contiguous and any run of them
// the window path gathers takes one instruction.
constexpr int32_t kReusedOffsetVectors = 4;
constexpr int32_t kScratchVectors = 3;
static_assert(kVecOffset == 0 && kVecGrid == kVecOffset + 1 && kVecScratch == kVecGrid + 1,
              "the reused offset vectors follow kVecOffset");
// Bicubic reflection reflects integral taps, within a period of their axis (|tap| < 2 * size + 2),
// in float32 exactly while they stay below 2^24 (ReflectTaps): the AI Core kernel takes its axes up
// to this many pixels (longer ones go to the AI CPU path).
constexpr int64_t kMaxBicubicReflectionAxis = (int64_t(1) << 23) - 2;
// The vector unit holds coordinates, taps and an axis' extent in float32, whose integers are exact
// up to 2^24: the AI Core kernel takes axes of up to this many pixels (longer ones go to the AI
// CPU path), so that a clamp to size - 1 and the scalar unit's box agree with the taps.
constexpr int64_t kMaxKernelAxis = int64_t(1) << 24;
// Taps one Gather instruction picks on the window path: the 4 corners of a bilinear plane, the 4
// x taps of a cubic row (2-D bicubic: of two rows, see PairedRowsOf), nearest's single tap.
// Gathered as float into the tap vectors (dead by then); half types gather the run as themselves
// into kVecGathered and kVecHalfGather, adjacent.
__aicore__ constexpr int32_t GatherRunOf(int32_t mode) { return mode == kNearest ? 1 : 4; }
// 2-D bicubic combines its tap rows in pairs (rows 0 and 1, then 2 and 3): the 8 taps of a pair
// are gathered x-major (tap (i, j) at j * 2 + i % 2 of the pair), so each x weight multiplies both
// rows in one instruction of twice the slots, from its two adjacent copies in kVecWeight (wx[j]
// twice, then wy): 8 x multiply-adds per channel instead of 16, each row's sum in the same order.
__aicore__ constexpr bool PairedRowsOf(int32_t mode, int32_t dims) { return mode == kBicubic && dims == 2; }
static_assert(kVecHalfGather == kVecGathered + 1, "a half run spans kVecGathered and kVecHalfGather");
// Gather's count form issues ceil(count / 64) repeats of 64 offsets and the repeat count is 8 bits
// (simulator Gather; docs/ascendc-api): a run of a tile's slots stays within it.
constexpr int32_t kMaxGatherCount = 255 * 64;
// The host tiling's largest tile (point slots).
constexpr int32_t kMaxSlotCount = 2048;
// Per-point path: taps are fetched for groups of this many points.
constexpr int32_t kPointGroup = 16;

struct UbInventory {
    int32_t vectors[kUbVectorKinds];   // float vectors of one slot count each, per kind
    int32_t masks;                     // per axis tap, a scratch mask and the tile's real-slot mask
};

__aicore__ constexpr int32_t TapsPerAxisOf(int32_t mode) { return mode == kBicubic ? 4 : (mode == kBilinear ? 2 : 1); }
__aicore__ constexpr int32_t TapCountOf(int32_t mode, int32_t dims) {
    return dims == 3 ? TapsPerAxisOf(mode) * TapsPerAxisOf(mode) * TapsPerAxisOf(mode)
                     : TapsPerAxisOf(mode) * TapsPerAxisOf(mode);
}

// The table: one row per (spatial dims, interpolation mode), float32 I/O; half types add one
// kVecHalfAcc and one kVecHalfGather (UbInventoryOf).
//                        off grid scr tap wgt gth hGa row pln hAc spl                    masks
constexpr UbInventory kUbInventoryTable[2][3] = {
    {{{0, 2, 3, 4, 4, 1, 0, 0, 0, 0, 0}, 2 * 2 + 2},       // 2-D bilinear
     {{0, 2, 3, 2, 0, 1, 0, 0, 0, 0, 0}, 2 * 1 + 2},       // 2-D nearest
     {{12, 2, 3, 8, 12, 1, 0, 2, 0, 0, 0}, 2 * 4 + 2}},    // 2-D bicubic (paired rows)
    {{{4, 3, 3, 6, 6, 1, 0, 1, 0, 0, 3}, 3 * 2 + 2},       // 3-D trilinear
     {{0, 3, 3, 3, 0, 1, 0, 0, 0, 0, 3}, 3 * 1 + 2},       // 3-D nearest
     {{60, 3, 3, 12, 12, 1, 0, 1, 1, 0, 3}, 3 * 4 + 2}}};  // 3-D tricubic
static_assert(sizeof(kUbInventoryTable) / sizeof(kUbInventoryTable[0][0]) == 6,
              "one inventory row per (2-D / 3-D) x (bilinear, nearest, bicubic)");
static_assert(sizeof(kUbInventoryTable[0][0].vectors) / sizeof(int32_t) == kUbVectorKinds,
              "one count per UbVectorKind");

__aicore__ constexpr UbInventory UbInventoryOf(int32_t mode, int32_t dataKind, int32_t dims) {
    UbInventory inv = kUbInventoryTable[dims == 3 ? 1 : 0][mode];
    if (dataKind != kFloat32) {
        inv.vectors[kVecHalfAcc] = 1;
        inv.vectors[kVecHalfGather] = 1;
    }
    return inv;
}
// Index of the first vector of a kind in carving order.
__aicore__ constexpr int32_t UbFirstVector(const UbInventory& inv, int32_t kind) {
    int32_t first = 0;
    for (int32_t k = 0; k < kind; ++k) first += inv.vectors[k];
    return first;
}
__aicore__ constexpr int32_t UbVectorCount(const UbInventory& inv) { return UbFirstVector(inv, kUbVectorKinds); }

// Each row agrees with the kernel's shapes: taps and weights per axis, one offset per tap.
__aicore__ constexpr bool UbInventoryRowConsistent(int32_t mode, int32_t dims) {
    const UbInventory inv = kUbInventoryTable[dims == 3 ? 1 : 0][mode];
    const int32_t taps = TapCountOf(mode, dims);
    const bool paired = PairedRowsOf(mode, dims);
    return inv.vectors[kVecGrid] == dims && inv.vectors[kVecTap] == dims * TapsPerAxisOf(mode) &&
           inv.vectors[kVecWeight] == (mode == kNearest ? 0 : (dims + (paired ? 1 : 0)) * TapsPerAxisOf(mode)) &&
           // paired rows: both rows' x sums, and a pair's taps in the tap vectors
           (!paired || (inv.vectors[kVecRowAcc] == 2 && inv.vectors[kVecTap] >= 2 * TapsPerAxisOf(mode))) &&
           inv.vectors[kVecScratch] == kScratchVectors &&
           inv.vectors[kVecOffset] == (taps > kReusedOffsetVectors ? taps - kReusedOffsetVectors : 0) &&
           inv.vectors[kVecSplitIndex] == (dims == 3 ? 3 : 0) && inv.masks == dims * TapsPerAxisOf(mode) + 2 &&
           // the reused offsets end before t2, where BuildOffsets sums
           dims + kScratchVectors - 1 >= kReusedOffsetVectors &&
           // a run of gathered taps fits the tap vectors, and as halves (2 per float) kVecGathered
           // and kVecHalfGather; one Gather takes a run
           inv.vectors[kVecTap] >= GatherRunOf(mode) &&
           2 * (inv.vectors[kVecGathered] + UbInventoryOf(mode, kFloat16, dims).vectors[kVecHalfGather]) >=
               GatherRunOf(mode) &&
           taps % GatherRunOf(mode) == 0 &&
           GatherRunOf(mode) * kMaxSlotCount <= kMaxGatherCount;
}
static_assert(UbInventoryRowConsistent(kBilinear, 2) && UbInventoryRowConsistent(kNearest, 2) &&
                  UbInventoryRowConsistent(kBicubic, 2) && UbInventoryRowConsistent(kBilinear, 3) &&
                  UbInventoryRowConsistent(kNearest, 3) && UbInventoryRowConsistent(kBicubic, 3),
              "UB inventory rows out of step with the taps, weights and offsets of their mode");

// The smallest window buffer the per-point path works in: a zero block and one group of points'
// tap rows for one channel (NCHW: a block per tap row; channel-last: a block per pixel of the row).
__aicore__ constexpr int32_t PerPointMinWindowBytes(int32_t mode, int32_t dims, int32_t channelLast) {
    return kUbBlockBytes + kPointGroup * (dims == 3 ? TapsPerAxisOf(mode) : 1) * TapsPerAxisOf(mode) *
                               (channelLast ? TapsPerAxisOf(mode) : 1) * kUbBlockBytes;
}

}  // namespace gridsample

#endif  // GRID_SAMPLE_TILING_DATA_H
