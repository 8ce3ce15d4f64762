#include "op_host/grid_sample_compute_tiling.h"
#include "op_host/tiling_estimates.h"
#include "op_kernel/dma_limits.h"

#include <algorithm>
#include <vector>

namespace gridsample {
namespace {

// The kernel's literal keys are the ones this tiling computes.
#define GRID_SAMPLE_CHECK_KEY(dims, kind, mode, key) \
    static_assert(MakeTilingKey(kind, mode, dims) == (key), "tiling key table out of step with MakeTilingKey")
GRID_SAMPLE_CHECK_KEY(2, kFloat32, kBilinear, GRID_SAMPLE_KEY_2D_FP32_BILINEAR);
GRID_SAMPLE_CHECK_KEY(2, kFloat32, kNearest, GRID_SAMPLE_KEY_2D_FP32_NEAREST);
GRID_SAMPLE_CHECK_KEY(2, kFloat32, kBicubic, GRID_SAMPLE_KEY_2D_FP32_BICUBIC);
GRID_SAMPLE_CHECK_KEY(2, kFloat16, kBilinear, GRID_SAMPLE_KEY_2D_FP16_BILINEAR);
GRID_SAMPLE_CHECK_KEY(2, kFloat16, kNearest, GRID_SAMPLE_KEY_2D_FP16_NEAREST);
GRID_SAMPLE_CHECK_KEY(2, kFloat16, kBicubic, GRID_SAMPLE_KEY_2D_FP16_BICUBIC);
GRID_SAMPLE_CHECK_KEY(2, kBFloat16, kBilinear, GRID_SAMPLE_KEY_2D_BF16_BILINEAR);
GRID_SAMPLE_CHECK_KEY(2, kBFloat16, kNearest, GRID_SAMPLE_KEY_2D_BF16_NEAREST);
GRID_SAMPLE_CHECK_KEY(2, kBFloat16, kBicubic, GRID_SAMPLE_KEY_2D_BF16_BICUBIC);
GRID_SAMPLE_CHECK_KEY(3, kFloat32, kBilinear, GRID_SAMPLE_KEY_3D_FP32_BILINEAR);
GRID_SAMPLE_CHECK_KEY(3, kFloat32, kNearest, GRID_SAMPLE_KEY_3D_FP32_NEAREST);
GRID_SAMPLE_CHECK_KEY(3, kFloat32, kBicubic, GRID_SAMPLE_KEY_3D_FP32_BICUBIC);
GRID_SAMPLE_CHECK_KEY(3, kFloat16, kBilinear, GRID_SAMPLE_KEY_3D_FP16_BILINEAR);
GRID_SAMPLE_CHECK_KEY(3, kFloat16, kNearest, GRID_SAMPLE_KEY_3D_FP16_NEAREST);
GRID_SAMPLE_CHECK_KEY(3, kFloat16, kBicubic, GRID_SAMPLE_KEY_3D_FP16_BICUBIC);
GRID_SAMPLE_CHECK_KEY(3, kBFloat16, kBilinear, GRID_SAMPLE_KEY_3D_BF16_BILINEAR);
GRID_SAMPLE_CHECK_KEY(3, kBFloat16, kNearest, GRID_SAMPLE_KEY_3D_BF16_NEAREST);
GRID_SAMPLE_CHECK_KEY(3, kBFloat16, kBicubic, GRID_SAMPLE_KEY_3D_BF16_BICUBIC);
#undef GRID_SAMPLE_CHECK_KEY

constexpr int64_t kBlock = 32;          // UB alignment
constexpr int64_t kMinUnitsPerCore = 6; // enough work units per core to balance data-dependent cost
constexpr int64_t kMinTilePoints = 256; // below this a tile's window is mostly halo rows
constexpr int64_t kMinGroupChannels = 4;
constexpr int64_t kOutChunkBytes = 16 * 1024;

int64_t RoundUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
int64_t CeilDiv(int64_t v, int64_t a) { return (v + a - 1) / a; }

// Per-slot float vectors and masks the kernel carves: the shared inventory table
// (op_kernel/grid_sample_tiling_data.h).
int64_t PointVectors(int32_t mode, int32_t dataKind, int32_t dims) {
    return UbVectorCount(UbInventoryOf(mode, dataKind, dims));
}
int64_t MaskCount(int32_t mode, int32_t dataKind, int32_t dims) { return UbInventoryOf(mode, dataKind, dims).masks; }

// A 3-D flat tile as a block of `depth` output slices x `rows` rows (whole rows of outW points) of
// at most `budget` points: a smooth warp's window then spans ~depth + halo slabs of ~rows + halo
// rows, instead of a slab set per tile of one slice. Rows divide the slice (every tile has them
// all) and a slice's rows are a multiple of 32 bytes in grid and output (a DMA block each, landing
// back to back in UB). Picks the block with the fewest window rows per point for a halo of 3
// (the second tap and a flow of a voxel or so); returns its depth (0: no block of 2 or more slices).
int64_t DepthBlock(const Problem& p, int64_t elem, int64_t slices, int64_t budget, int64_t* depth, int64_t* rows) {
    constexpr int64_t kHalo = 3;
    double best = 0;
    *depth = 0;
    for (int64_t r = 1; r <= p.outPlaneRows && r * p.outW <= budget; ++r) {
        if (p.outPlaneRows % r != 0 || (r * p.outW * elem) % kBlock != 0) continue;
        const int64_t d = std::min<int64_t>(slices, budget / (r * p.outW));
        // a DMA block count and the gaps between the blocks (16 and 32 bits)
        const int64_t gridGap = (p.outPlaneRows - r) * p.gridStrideH * elem, outGap = (p.outPlaneRows - r) * p.outStrideH * elem;
        if (d < 2 || d > kMaxDmaBlockCount || gridGap > kMaxDmaGapBytes || outGap > kMaxDmaGapBytes) continue;
        const double rowsPerPoint = double((d + kHalo) * (r + kHalo)) / double(d * r);
        if (*depth == 0 || rowsPerPoint < best) {
            best = rowsPerPoint;
            *depth = d;
            *rows = r;
        }
    }
    return *depth;
}

int64_t EstDmaCycles(int64_t bytes) { return bytes / kEstDmaBytesPerCycle + kEstDmaStartupCycles; }

// Estimated cycles of a tile of `slots` slots (tiling_estimates.h: a vector instruction over a
// tile's slots is a repeat per 64 floats plus its issue; Gather picks ~8 taps a cycle; a DMA moves
// ~10 bytes a cycle after its start-up): per channel, the longest of its vector work (gathers and
// combine instructions), its window (~1.5x its points for a smooth warp) and its store; per visit
// of a core, the coordinate pass (the mode's coordinate instructions). `vector`, `window`,
// `store`: the channel's three parts.
struct TileCycles {
    int64_t channel, visit, vector, window, store;
};
TileCycles EstTileCycles(const Problem& p, int64_t slots) {
    struct Work { int64_t coordinates, combine; };
    // bilinear, nearest, bicubic in 2-D and 3-D, from the kernel's instruction counts (3-D
    // trilinear: a (e) tile's trace, ~3.2k cycles of coordinates and offsets at 512 slots and ~800
    // per channel)
    constexpr Work kWork[2][3] = {{{50, 5}, {35, 1}, {100, 22}}, {{115, 10}, {60, 1}, {300, 84}}};
    const Work w = kWork[p.dims == 3][p.mode];
    const int64_t elem = DataKindBytes(p.dataKind);
    const int64_t instruction = slots / kEstRepeatFloats + kEstVectorIssueCycles;
    const int64_t window = EstDmaCycles(slots * elem * 3 / 2), store = EstDmaCycles(slots * elem);
    const int64_t vector = w.combine * instruction + TapCountOf(p.mode, p.dims) * slots / kEstGatherElemsPerCycle;
    return {std::max({vector, window, store}), w.coordinates * instruction, vector, window, store};
}

// The busiest core's time in cycles on a 2-D problem, as the tiling estimates it to size tiles
// (EstTileCycles). The core's first tile loads its grid, computes its taps' coordinates and loads
// its first window before any channel; each further tile visited adds a coordinate pass (its grid
// is prefetched); the last store ends it.
int64_t BusiestCoreCycles(const Problem& p, int64_t slots, int64_t units, int64_t groups, int64_t groupChannels,
                          int64_t cores) {
    const int64_t elem = DataKindBytes(p.dataKind);
    const TileCycles tile = EstTileCycles(p, slots);
    const int64_t perCore = CeilDiv(units, cores);
    const int64_t visits = CeilDiv(perCore, groups);
    const int64_t grid = EstDmaCycles(slots * 2 * elem);
    return grid + tile.window + perCore * groupChannels * tile.channel + visits * tile.visit + tile.store;
}

// Cost-weighted split (kWeightedSplit): each core's range ends where its share of the units'
// estimated cycles is reached, at the nearer unit boundary, so that cores on edge tiles (fewer
// slots) take more of them. A unit weighs its channels at its tile's EstTileCycles plus its share
// of the tile's visit. Taken where the estimate of the costliest core, the visits of the tiles it
// touches counted, is at least 1/16 below the equal split's, and only where every tile's channels
// are bound by vector work: a DMA-bound tile's window (nearest) keeps its halo and per-row costs
// however few its slots. Up to kMaxWeightedCores cores and kMaxWeightedUnits units (beyond, the
// ranges hold many units and an edge tile's saving is a small part of any of them; the host
// tiling runs on every call).
bool WeightedSplit(const Problem& p, GridSampleTilingData* t, int64_t cores) {
    constexpr int64_t kMaxWeightedUnits = 4096;
    if (cores > kMaxWeightedCores || cores < 2 || t->totalUnits > kMaxWeightedUnits) return false;
    // 2-D tiles differ only in the last column block and the last band (3-D ones also in the last
    // depth block and each slice's last band): a few slot counts
    const int64_t lastColumn = t->tilesPerRow - 1, lastBand = t->tilesPerPlane - t->tilesPerRow;
    if (p.dims == 2 && TileGeometryOf(*t, lastColumn).slots == t->slotCount &&
        TileGeometryOf(*t, lastBand).slots == t->slotCount)
        return false;
    constexpr int64_t kMaxSlotCounts = 8;
    std::vector<TileCycles> tiles(static_cast<size_t>(t->totalTiles));
    int64_t known[kMaxSlotCounts] = {}, count = 0;
    TileCycles knownCycles[kMaxSlotCounts] = {};
    for (int64_t i = 0; i < t->totalTiles; ++i) {
        const int64_t slots = TileGeometryOf(*t, i).slots;
        int64_t k = 0;
        while (k < count && known[k] != slots) ++k;
        if (k == count) {
            if (count == kMaxSlotCounts) return false;
            knownCycles[k] = EstTileCycles(p, slots);
            if (knownCycles[k].channel != knownCycles[k].vector) return false;
            known[count++] = slots;
        }
        tiles[static_cast<size_t>(i)] = knownCycles[k];
    }
    if (count == 1) return false;   // no edge tile
    const int64_t groups = t->channelGroups;
    auto unitCycles = [&](int64_t u) {
        return std::min(t->groupChannels, t->c - u % groups * t->groupChannels) * tiles[static_cast<size_t>(u / groups)].channel;
    };
    auto costliest = [&](auto first) {
        int64_t worst = 0;
        for (int64_t core = 0; core < cores; ++core) {
            int64_t cost = 0;
            const int64_t begin = first(core), end = first(core + 1);
            for (int64_t u = begin; u < end; ++u)
                cost += unitCycles(u) + (u == begin || u % groups == 0 ? tiles[static_cast<size_t>(u / groups)].visit : 0);
            worst = std::max(worst, cost);
        }
        return worst;
    };
    auto weight = [&](int64_t u) { return unitCycles(u) + tiles[static_cast<size_t>(u / groups)].visit / groups; };
    int64_t total = 0;
    for (int64_t u = 0; u < t->totalUnits; ++u) total += weight(u);
    int64_t start[kMaxWeightedCores + 1] = {};
    int64_t u = 0, before = 0;   // before: the weight of units [0, u)
    for (int64_t core = 1; core < cores; ++core) {
        const int64_t target = total * core / cores;
        // the units whose middle lies before the target
        for (int64_t w; u < t->totalUnits && 2 * before + (w = weight(u)) <= 2 * target; ++u) before += w;
        start[core] = u;
        if (start[core] == start[core - 1]) return false;   // every launched core takes a unit
    }
    start[cores] = t->totalUnits;
    if (start[cores] == start[cores - 1]) return false;
    const int64_t weighted = costliest([&](int64_t core) { return start[core]; });
    const int64_t equal = costliest([&](int64_t core) { return UnitBoundary(*t, core, cores); });
    if (16 * weighted > 15 * equal) return false;
    for (int64_t core = 0; core <= cores; ++core) t->unitStart[core] = start[core];
    t->unitPhase = kWeightedSplit;
    return true;
}

// Columns of a block tile across an output `width` columns wide: `cols`, unless fewer, equal
// blocks of up to 1.5 x cols hold the width in at least 1/8 fewer slots (UB rows of whole 32-byte
// blocks: `align` elements). Equal blocks give every unit the same cost (an edge tile's fewer
// slots, TileGeometry::slots, make its units cheaper, which only a weighted split can use): an
// 80-column float32 output takes 2 blocks of 40 (80 slots a row), not 32 + 32 + 16 (80 with the
// last block's own pitch, on unequal units); a 1000-column one keeps 32 (1024 slots against 1000:
// its blocks stay square, which keeps a rotation's windows smallest).
int64_t BlockColumns(int64_t width, int64_t cols, int64_t align) {
    const int64_t slots = CeilDiv(width, cols) * cols;
    int64_t best = cols, bestSlots = slots;
    for (int64_t blocks = CeilDiv(width, cols) - 1; blocks >= 1 && CeilDiv(width, blocks) * 2 <= cols * 3; --blocks) {
        const int64_t c = CeilDiv(width, blocks);
        if (blocks * RoundUp(c, align) < bestSlots) {
            best = c;
            bestSlots = blocks * RoundUp(c, align);
        }
    }
    return bestSlots * 8 <= slots * 7 ? best : cols;
}

// The phase of the balanced split (UnitBoundary) whose costliest core is cheapest: front-loaded
// unless a phase is strictly cheaper (on a tie the modelled affine warps favour front-loading: their
// tiles' costs differ). A core's time is about its channels plus a fixed cost per tile it visits
// (the grid tile's load, the coordinate pass, the first window's latency): a visit is weighted as
// kTileVisitChannels channels (in modelled sweeps any weight from 2 to 16 picks phases of the same
// time on the benchmark's cases). Phase 0 puts a range boundary on every tile boundary when the
// cores are a multiple of the tiles.
int64_t CheapestUnitPhase(const GridSampleTilingData& t, int64_t cores) {
    constexpr int64_t kTileVisitChannels = 4;
    constexpr int64_t kMaxPhases = 64;   // candidates spread over [0, cores) on many-core platforms
    const int64_t units = t.totalUnits, groups = t.channelGroups;
    const int64_t q = units / cores, r = units % cores;
    // every balanced split is the same one, or visits as many tiles as it takes units
    if (r == 0 || groups == 1) return kFrontLoaded;
    // UnitBoundary's ranges walked by their lengths (q or q + 1), without a division per core
    // while a range stays within two tiles: the host tiling runs on every call
    auto costliestCore = [&](int64_t phase) {
        int64_t worst = 0, rem = phase, pos = 0;   // rem: (core * units + phase) % cores; pos: first % groups
        for (int64_t core = 0; core < cores; ++core) {
            int64_t len = q;
            if (phase == kFrontLoaded) {
                len += core < r ? 1 : 0;
            } else if ((rem += r) >= cores) {
                rem -= cores;
                ++len;
            }
            const int64_t span = pos + len;   // from the first tile's start to the range's end
            int64_t tiles = 1;
            if (span <= groups) {
                pos = span == groups ? 0 : span;
            } else if (span <= 2 * groups) {
                tiles = 2;
                pos = span == 2 * groups ? 0 : span - groups;
            } else {
                tiles = (span + groups - 1) / groups;
                pos = span % groups;
            }
            worst = std::max(worst, len * t.groupChannels + tiles * kTileVisitChannels);
        }
        return worst;
    };
    int64_t best = kFrontLoaded, bestCost = costliestCore(kFrontLoaded);
    const int64_t candidates = std::min(cores, kMaxPhases);
    for (int64_t i = 0; i < candidates; ++i) {
        const int64_t phase = i * cores / candidates;
        const int64_t cost = costliestCore(phase);
        if (cost < bestCost) {
            best = phase;
            bestCost = cost;
        }
    }
    return best;
}

}  // namespace

int64_t DataKindBytes(int32_t dataKind) { return dataKind == kFloat32 ? 4 : 2; }

Problem Problem::Contiguous(int64_t n, int64_t c, int64_t inH, int64_t inW, int64_t outH, int64_t outW) {
    Problem p;
    p.n = n; p.c = c; p.inH = inH; p.inW = inW; p.outH = outH; p.outW = outW;
    p.inStrideH = inW; p.inStrideC = inH * inW; p.inStrideN = c * inH * inW;
    p.gridStrideH = outW * 2; p.gridStrideN = outH * outW * 2;
    p.outStrideH = outW; p.outStrideC = outH * outW; p.outStrideN = c * outH * outW;
    return p;
}

Problem Problem::Contiguous3D(int64_t n, int64_t c, int64_t inD, int64_t inH, int64_t inW, int64_t outD,
                              int64_t outH, int64_t outW) {
    Problem p = Contiguous(n, c, inH, inW, outD * outH, outW);
    p.dims = 3;
    p.inD = inD;
    p.inStrideD = inH * inW;
    p.inStrideC = inD * inH * inW;
    p.inStrideN = c * p.inStrideC;
    p.gridStrideH = outW * 3;
    p.gridStrideN = outD * outH * outW * 3;
    p.outPlaneRows = outH;
    return p;
}

uint64_t UbBytesUsed(const GridSampleTilingData& t) {
    return 2ull * t.gridBufBytes + uint64_t(t.pointBufBytes) * t.pointBufCount +
           uint64_t(t.maskBufBytes) * t.maskBufCount + 2ull * t.outBufBytes + 2ull * t.windowBufBytes;
}

std::string KernelAxisLimit(int32_t mode, int32_t padding, int64_t longestAxis) {
    if (longestAxis > kMaxKernelAxis)
        return "an input axis of " + std::to_string(longestAxis) + " pixels (the AI Core kernel's float32 " +
               "coordinates hold the pixels of axes of up to " + std::to_string(kMaxKernelAxis) + " exactly)";
    if (mode == kBicubic && padding == kReflection && longestAxis > kMaxBicubicReflectionAxis)
        return "an input axis of " + std::to_string(longestAxis) + " pixels with bicubic reflection padding (the AI " +
               "Core kernel reflects taps exactly on axes of up to " + std::to_string(kMaxBicubicReflectionAxis) + " pixels)";
    return "";
}

bool ComputeTiling(const Problem& p, const PlatformInfo& platform, Tiling* out, std::string* why) {
    if (platform.coreNum == 0) { *why = "platform reports 0 vector cores"; return false; }
    if (p.n == 0 || p.c == 0 || p.outH == 0 || p.outW == 0) { *why = "empty problem has no tiles"; return false; }
    *why = KernelAxisLimit(p.mode, p.padding, std::max({p.inW, p.inH, p.dims == 3 ? p.inD : int64_t(1)}));
    if (!why->empty()) return false;
    const int64_t elem = DataKindBytes(p.dataKind);
    const int64_t ub = static_cast<int64_t>(platform.ubBytes);
    const int64_t vectors = PointVectors(p.mode, p.dataKind, p.dims);
    const int64_t masks = MaskCount(p.mode, p.dataKind, p.dims);
    // the per-point path's smallest window (its 16-point groups for one channel)
    const int64_t minWindowBytes = PerPointMinWindowBytes(p.mode, p.dims, p.channelLast);
    const int64_t components = p.dims;   // grid values per point

    // Per-slot cost: the float vectors, the masks, and the double-buffered grid tile.
    auto fixedBytes = [&](int64_t slots) {
        return vectors * slots * 4 + masks * MaskBytes(slots) + 2 * RoundUp(slots * components * elem, kBlock);
    };
    // Largest slot count whose fixed buffers take at most ~40% of the UB; the rest is for the
    // output chunk and the input window, which set how many channels move per DMA.
    int64_t slots = kMaxSlotCount;
    // Channel-last windows hold 32-byte pixel blocks, so they get a larger share of the UB.
    // Bicubic has 3x bilinear's per-slot vectors, and its per-channel work is 14 vector
    // instructions in 2-D whose fixed issue cost dominates at small slot counts: it gets half the UB,
    // which doubles its tiles (512 slots instead of 256 on the A2's UB). 2-D nearest's
    // per-channel work is one Gather, so its time is the window DMAs: 55% of the UB gives it
    // 2048-slot tiles, whose windows carry half the halo rows per point of 1024-slot ones (3-D
    // depth blocks gain less than their larger windows cost on small flows).
    const bool nearest2d = p.mode == kNearest && p.dims == 2;
    const int64_t pointShare = p.channelLast        ? ub / 4
                               : p.mode == kBicubic ? ub / 2
                               : nearest2d          ? ub * 11 / 20
                                                    : ub * 2 / 5;
    auto outChunkMin = [&](int64_t n) { return 2 * RoundUp(n * elem, kBlock); };
    // ... and whose buffers leave room for one output channel and the smallest windows
    while (slots > kSlotAlign &&
           (fixedBytes(slots) > pointShare || fixedBytes(slots) + outChunkMin(slots) + 2 * minWindowBytes > ub))
        slots /= 2;
    if (fixedBytes(slots) + outChunkMin(slots) + 2 * minWindowBytes > ub) {
        *why = "UB of " + std::to_string(ub) + " bytes is too small for GridSample (needs at least " +
               std::to_string(fixedBytes(slots) + outChunkMin(slots) + 2 * minWindowBytes) + ")";
        return false;
    }

    GridSampleTilingData& t = out->data;
    t = GridSampleTilingData{};
    t.n = p.n; t.c = p.c; t.inH = p.inH; t.inW = p.inW; t.outH = p.outH; t.outW = p.outW;
    t.inStrideN = p.inStrideN; t.inStrideC = p.inStrideC; t.inStrideH = p.inStrideH; t.inStrideW = p.inStrideW;
    t.channelLast = p.channelLast;
    t.dims = p.dims; t.inD = p.inD; t.inStrideD = p.inStrideD;
    t.gridStrideN = p.gridStrideN; t.gridStrideH = p.gridStrideH;
    t.outStrideN = p.outStrideN; t.outStrideC = p.outStrideC; t.outStrideH = p.outStrideH;
    t.mode = p.mode; t.padding = p.padding; t.alignCorners = p.alignCorners; t.dataKind = p.dataKind;

    // Tile shape: compact 2-D blocks of output points, so that the input window of any smooth
    // warp (rotation, scale, flow) stays small; narrow outputs use whole rows, which are one
    // contiguous run ("flat") when grid and output rows are packed.
    const bool rowsPacked = p.gridStrideH == components * p.outW && p.outStrideH == p.outW;
    // Enough work units to keep every core busy (the channel groups below); channel-last pixels
    // are 32-byte blocks of a group's channels: no group smaller than a block.
    const int64_t targetUnits = kMinUnitsPerCore * int64_t(platform.coreNum);
    const int64_t minGroupChannels = p.channelLast ? std::max<int64_t>(kMinGroupChannels, kBlock / elem) : kMinGroupChannels;
    const int64_t smallestGroup = p.channelLast ? minGroupChannels : minGroupChannels / 2;
    // Square-ish blocks keep a rotated tile's window smallest (32 columns: 128-byte fp32 rows).
    // Bicubic's time is its vector work over a tile's slots: it takes blocks half as wide (and
    // twice as tall) when they cover the output with fewer tiles (an 80-wide output: 5 equal
    // blocks of 16 columns instead of 3 of 32, the last a half-cost edge tile).
    constexpr int64_t kBlockCols = 32;
    auto blocksToCover = [&](int64_t cols) {
        return CeilDiv(p.outW, cols) * CeilDiv(p.outH, std::max<int64_t>(1, slots / cols));
    };
    const int64_t blockCols =
        p.mode == kBicubic && blocksToCover(kBlockCols / 2) < blocksToCover(kBlockCols) ? kBlockCols / 2 : kBlockCols;
    constexpr int64_t kWholeRowCols = 64;   // rows this narrow are tiled whole
    int64_t tileCols, pitch;
    if (p.outW <= std::max(blockCols, kWholeRowCols) && p.outW <= slots) {
        tileCols = p.outW;
        pitch = rowsPacked ? p.outW : RoundUp(p.outW, 16);
    } else {
        tileCols = blockCols;
        pitch = tileCols;
        // equal blocks holding the width in fewer slots, where their tiles alone give every core
        // enough units (tiles too few are halved down to kMinTilePoints points, in steps that
        // blocks of other widths land on less well: 34 columns stop at 13 rows, 32 at 8)
        const int64_t cols = BlockColumns(p.outW, blockCols, kBlock / elem), colsPitch = BlockRowSlots(cols, p.dataKind);
        const int64_t rows = std::min<int64_t>(p.outH, slots / colsPitch);
        if (cols != blockCols &&
            p.n * CeilDiv(p.outH, rows) * CeilDiv(p.outW, cols) * std::max<int64_t>(1, p.c / smallestGroup) >= targetUnits) {
            tileCols = cols;
            pitch = colsPitch;
        }
    }
    int64_t tileRows = std::max<int64_t>(1, std::min<int64_t>(p.outH, slots / pitch));
    // 3-D flat tiles: a block of depth slices x rows (see DepthBlock) when one fits the slots
    const bool depthBlocks = p.dims == 3 && rowsPacked && tileCols == p.outW && p.outPlaneRows > 0 &&
                             p.outH % p.outPlaneRows == 0 && p.outH / p.outPlaneRows > 1;
    const int64_t slices = depthBlocks ? p.outH / p.outPlaneRows : 1;
    int64_t tileDepth = 1;
    if (depthBlocks) {
        // A block's window is a few slabs of a few rows, smaller than a tile's share of the UB:
        // its point buffers may take a little more of it (45%, in steps of kSlotAlign; more would
        // shrink the per-point path's groups, which scattered grids take).
        int64_t blockSlots = slots;
        for (int64_t s = blockSlots + kSlotAlign; s <= kMaxSlotCount && fixedBytes(s) <= ub * 9 / 20 &&
                                                  fixedBytes(s) + outChunkMin(s) + 2 * minWindowBytes <= ub;
             s += kSlotAlign)
            blockSlots = s;
        int64_t depth = 0, rows = 0;
        if (DepthBlock(p, elem, slices, blockSlots, &depth, &rows) > 1) {
            tileDepth = depth;
            tileRows = rows;
        }
    }
    auto countTiles = [&](int64_t rows) {
        if (tileDepth > 1) return p.n * CeilDiv(slices, tileDepth) * (p.outPlaneRows / rows);
        return p.n * CeilDiv(p.outH, rows) * CeilDiv(p.outW, tileCols);
    };
    // Enough work units to keep every core busy: first split the channels into groups (large
    // tiles keep the halo and the per-instruction cost low, and a core's consecutive units share
    // their tile's coordinates), then make tiles smaller. NCHW groups hold 4 channels, or 2 when 4
    // leave too few units: a tile's coordinate pass is then shared by fewer channels, but a tile
    // half as large would double it for every channel and add halo rows (the work split keeps
    // each core on few tiles).
    int64_t groups = 1;
    for (int64_t smallest : {minGroupChannels, smallestGroup}) {
        const int64_t maxGroups = std::max<int64_t>(1, p.c / smallest);
        while (countTiles(tileRows) * groups < targetUnits && groups * 2 <= maxGroups) groups *= 2;
        // channel counts that are not a power of two times the smallest group (24 = 6 x 4): all their
        // groups before smaller ones, and before smaller tiles
        if (countTiles(tileRows) * groups < targetUnits) groups = std::max(groups, maxGroups);
    }
    // Depth blocks are halved only below half the usual unit count: their tiles' coordinate work
    // (~140 vector instructions of the slot count) is shared by the channels a core takes of the
    // tile, and their windows shrink with the block, so a few units per core more of imbalance
    // costs less than twice the tiles.
    for (int64_t budget = tileDepth * tileRows * tileCols / 2;
         tileDepth > 1 && budget >= kMinTilePoints && countTiles(tileRows) * groups < targetUnits / 2; budget /= 2) {
        int64_t depth = 1, rows = 0;
        if (DepthBlock(p, elem, slices, budget, &depth, &rows) == 0) break;
        tileDepth = depth;
        tileRows = rows;
    }
    // 2-D tiles are halved for more units only while an estimate of the busiest core's time says
    // it pays (BusiestCoreCycles): a tile's coordinate pass costs two thirds as much at 256 slots as
    // at 1024 (its instructions are issue-bound), so a problem of few channels does better on 2-3
    // large tiles per core than on 10 small ones. Zoom-outs, whose windows grow faster than their
    // tiles and may then not fit (the per-point path), and 3-D, where a tile across two slices has
    // a window of their full height, are halved up to the unit count.
    const bool halveToUnits = p.dims == 3 || 4 * p.inH > 5 * p.outH || 4 * p.inW > 5 * p.outW;
    auto busiest = [&](int64_t rows) {
        return BusiestCoreCycles(p, RoundUp(rows * pitch, kSlotAlign), countTiles(rows) * groups, groups,
                                 CeilDiv(p.c, groups), platform.coreNum);
    };
    while (tileDepth == 1 && tileRows > 1 && CeilDiv(tileRows, 2) * tileCols >= kMinTilePoints &&
           countTiles(tileRows) * groups < targetUnits && (halveToUnits || busiest(CeilDiv(tileRows, 2)) < busiest(tileRows)))
        tileRows = CeilDiv(tileRows, 2);
    // Otherwise a 3-D tile that holds less than a slice becomes a band of one slice's rows (a band
    // across two slices needs a window of their full height) where that adds no unit to the
    // busiest core, or at most 1/8 of them where runs across slices are common (tiles of an eighth
    // of a slice or more: one in eight crosses). 54 tiles instead of 48 on 48 cores give some two.
    const int64_t cores = platform.coreNum;
    const int64_t flatUnits = p.n * CeilDiv(p.outH, tileRows) * groups;
    const int64_t bandUnits = p.n * slices * CeilDiv(p.outPlaneRows, tileRows) * groups;
    const bool runsCross = 8 * (tileRows - 1) >= p.outPlaneRows;
    const bool sliceBands = depthBlocks && tileDepth == 1 && tileRows < p.outPlaneRows &&
                            (CeilDiv(bandUnits, cores) <= CeilDiv(flatUnits, cores) ||
                             (runsCross && 8 * CeilDiv(bandUnits, cores) <= 9 * CeilDiv(flatUnits, cores)));
    // Bands of one height, the fewest rows that keep their count (36 rows in two tiles of 18, not 32
    // and 4; the last band may still be short), since tiles of equal cost balance across the cores
    // (a short band's tile costs less, which only a weighted split uses). Then, across the plane,
    // as many rows again as the same slot count holds (73 rows: 16-row bands, not 15 in 512
    // slots), so that a tile's slots are all real wherever they can be (pad slots cost a real-slot
    // mask per tile); not within a slice, whose last band that would shorten.
    if (tileDepth == 1) {
        const int64_t bandRows = sliceBands ? p.outPlaneRows : p.outH;
        const int64_t even = CeilDiv(bandRows, CeilDiv(bandRows, tileRows));
        int64_t rows = even;
        while (!sliceBands && rows < tileRows && RoundUp((rows + 1) * pitch, kSlotAlign) == RoundUp(even * pitch, kSlotAlign))
            ++rows;
        tileRows = rows;
    }
    t.flatTiles = (rowsPacked && tileCols == p.outW) ? 1 : 0;
    t.tileRows = tileRows;
    t.tileCols = tileCols;
    t.tileDepth = tileDepth;
    t.planeRows = tileDepth > 1 || sliceBands ? p.outPlaneRows : 0;
    const int64_t tilePoints = tileDepth * tileRows * tileCols;
    t.slotPitch = static_cast<int32_t>(t.flatTiles ? tilePoints : pitch);
    t.slotCount = static_cast<int32_t>(RoundUp(t.flatTiles ? tilePoints : tileRows * pitch, kSlotAlign));
    t.tilesPerRow = CeilDiv(p.outW, tileCols);
    t.tilesPerCol = t.planeRows > 0 ? CeilDiv(slices, tileDepth) * CeilDiv(p.outPlaneRows, tileRows) : CeilDiv(p.outH, tileRows);
    t.tilesPerPlane = t.tilesPerRow * t.tilesPerCol;
    t.totalTiles = p.n * t.tilesPerPlane;

    const int64_t s = t.slotCount;
    t.gridBufBytes = static_cast<int32_t>(RoundUp(s * components * elem, kBlock));
    t.pointBufBytes = static_cast<int32_t>(s * 4);
    t.pointBufCount = static_cast<int32_t>(vectors);
    t.maskBufBytes = static_cast<int32_t>(MaskBytes(s));
    t.maskBufCount = static_cast<int32_t>(masks);
    const int64_t fixed = 2 * t.gridBufBytes + int64_t(t.pointBufBytes) * vectors + int64_t(t.maskBufBytes) * masks;
    const int64_t perChannelOut = s * elem;
    int64_t chunk = std::max<int64_t>(1, std::min<int64_t>(p.c, kOutChunkBytes / perChannelOut));
    // A channel-last window pixel holds a chunk's channels padded to a 32-byte block: whole blocks,
    // unless the chunk takes every channel of densely packed pixels (whole rows loaded as they are,
    // ChannelLastLayout's dense rows)
    const bool denseRows = groups == 1 && p.inStrideW == p.c && p.c <= chunk;
    if (p.channelLast && !denseRows && chunk > kBlock / elem) chunk = chunk / (kBlock / elem) * (kBlock / elem);
    t.chunkChannels = static_cast<int32_t>(chunk);
    t.outBufBytes = static_cast<int32_t>(RoundUp(t.chunkChannels * perChannelOut, kBlock));
    int64_t window = (ub - fixed - 2 * int64_t(t.outBufBytes)) / 2 / kBlock * kBlock;
    if (window < minWindowBytes) {
        t.chunkChannels = 1;
        t.outBufBytes = static_cast<int32_t>(RoundUp(perChannelOut, kBlock));
        window = (ub - fixed - 2 * int64_t(t.outBufBytes)) / 2 / kBlock * kBlock;
    }
    t.windowBufBytes = static_cast<int32_t>(window);

    t.groupChannels = CeilDiv(p.c, groups);
    t.channelGroups = CeilDiv(p.c, t.groupChannels);
    t.totalUnits = t.totalTiles * t.channelGroups;
    out->blockDim = static_cast<uint32_t>(std::min<int64_t>(platform.coreNum, t.totalUnits));
    t.unitPhase = CheapestUnitPhase(t, out->blockDim);
    WeightedSplit(p, &t, out->blockDim);
    out->tilingKey = MakeTilingKey(p.dataKind, p.mode, p.dims);
    out->workspaceBytes = RoundUp(sizeof(GridSampleTilingData), kBlock);
    return true;
}

}  // namespace gridsample
