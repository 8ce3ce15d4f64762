// Unit tests of the pure GridSample tiling function (op_host/grid_sample_compute_tiling.cpp): no launch.
// The shared library hides its internals; the tiling comes from the host layer's static library
// (CMakeLists.txt, ags_add_host_pure).
//
// Every property is checked against what the kernel (op_kernel/grid_sample_kernel.h) does with the
// TilingData: the tile enumeration (TileAt), the per-core split (Process), the UB carve-up
// (Init, from its UbCarve) and the per-point path's group size (SamplePerPoint).
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "check.h"
#include "op_host/grid_sample_compute_tiling.h"

using gridsample::ComputeTiling;
using gridsample::PlatformInfo;
using gridsample::Problem;
using gridsample::Tiling;
using gridsample::UbBytesUsed;

namespace {

constexpr uint64_t kA2UsableUb = 188160;   // 192 KiB - 8 KiB - 256 reserved (ascend_sim::Platform)
constexpr uint64_t kSmallUb = 65536;
constexpr uint64_t kTinyUb = 48 * 1024;

int64_t Elem(int32_t kind) { return kind == gridsample::kFloat32 ? 4 : 2; }
int64_t Taps(int32_t mode) { return mode == gridsample::kBicubic ? 4 : (mode == gridsample::kBilinear ? 2 : 1); }
int64_t CeilDivI(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Float vectors the kernel carves (UbCarve): gx, gy, taps per axis, weights per axis (not for
// nearest), t0, t1, t2, gathered, rowAcc (bicubic), acc and gatheredIo (half types), and one offset
// per tap beyond the four that reuse the first four (gx, gy, then gz or t0, t1).
int64_t KernelPointVectors(int32_t mode, int32_t dataKind) {
    const int64_t t = Taps(mode);
    const int64_t ownOffsets = t * t > 4 ? t * t - 4 : 0;
    return 2 + 2 * t + (mode == gridsample::kNearest ? 0 : 2 * t) + 3 + 1 + (mode == gridsample::kBicubic ? 1 : 0) +
           (dataKind == gridsample::kFloat32 ? 0 : 2) + ownOffsets;
}
// Masks the kernel carves: per tap per axis, scratch, real slots.
int64_t KernelMasks(int32_t mode) { return 2 * Taps(mode) + 2; }

std::string Describe(const Problem& p, const PlatformInfo& pl) {
    return "n=" + std::to_string(p.n) + " c=" + std::to_string(p.c) + " in=" + std::to_string(p.inH) + "x" +
           std::to_string(p.inW) + " out=" + std::to_string(p.outH) + "x" + std::to_string(p.outW) +
           " inStrideH=" + std::to_string(p.inStrideH) + " gridStrideH=" + std::to_string(p.gridStrideH) +
           " outStrideH=" + std::to_string(p.outStrideH) + " kind=" + std::to_string(p.dataKind) +
           " mode=" + std::to_string(p.mode) + " cores=" + std::to_string(pl.coreNum) +
           " ub=" + std::to_string(pl.ubBytes);
}

// Strides of a problem whose input rows, grid rows and output rows are padded by the given counts.
Problem Padded(int64_t n, int64_t c, int64_t inH, int64_t inW, int64_t outH, int64_t outW, int64_t inPad,
               int64_t gridPad, int64_t outPad) {
    Problem p = Problem::Contiguous(n, c, inH, inW, outH, outW);
    p.inStrideH = inW + inPad;
    p.inStrideC = inH * p.inStrideH;
    p.inStrideN = c * p.inStrideC;
    p.gridStrideH = 2 * outW + gridPad;
    p.gridStrideN = outH * p.gridStrideH;
    p.outStrideH = outW + outPad;
    p.outStrideC = outH * p.outStrideH;
    p.outStrideN = c * p.outStrideC;
    return p;
}

struct Stats {
    int64_t tilings = 0, bitmapChecked = 0;
    int failuresReported = 0;
};

// Checks every invariant of one tiling. Returns false (and prints the problem once per failing
// check site via CHECK_MSG) when something is off.
void Verify(const Problem& p, const PlatformInfo& pl, Stats* stats) {
    Tiling tl;
    std::string why;
    const std::string where = Describe(p, pl);
    const bool ok = ComputeTiling(p, pl, &tl, &why);
    ++stats->tilings;
    CHECK_MSG(ok, where + ": " + why);
    if (!ok) return;
    const auto& t = tl.data;
    const int64_t elem = Elem(p.dataKind);
    int before = agstest::Failures();

    // Problem copied through.
    CHECK_MSG(t.n == p.n && t.c == p.c && t.inH == p.inH && t.inW == p.inW && t.outH == p.outH && t.outW == p.outW, where);
    CHECK_MSG(t.inStrideN == p.inStrideN && t.inStrideC == p.inStrideC && t.inStrideH == p.inStrideH, where);
    CHECK_MSG(t.gridStrideN == p.gridStrideN && t.gridStrideH == p.gridStrideH, where);
    CHECK_MSG(t.outStrideN == p.outStrideN && t.outStrideC == p.outStrideC && t.outStrideH == p.outStrideH, where);
    CHECK_MSG(t.mode == p.mode && t.padding == p.padding && t.alignCorners == p.alignCorners && t.dataKind == p.dataKind,
              where);

    // UB budget.
    CHECK_MSG(UbBytesUsed(t) <= pl.ubBytes, where + ": UbBytesUsed " + std::to_string(UbBytesUsed(t)));
    const uint64_t carved = 2ull * t.gridBufBytes + uint64_t(t.pointBufBytes) * t.pointBufCount +
                            uint64_t(t.maskBufBytes) * t.maskBufCount + 2ull * t.outBufBytes + 2ull * t.windowBufBytes;
    CHECK_MSG(carved == UbBytesUsed(t), where);

    // Cores.
    CHECK_MSG(tl.blockDim >= 1 && tl.blockDim <= pl.coreNum, where + ": blockDim " + std::to_string(tl.blockDim));
    CHECK_MSG(t.unitPhase == gridsample::kFrontLoaded || t.unitPhase == gridsample::kWeightedSplit ||
                  (t.unitPhase >= 0 && t.unitPhase < int64_t(tl.blockDim)), where);
    // Channel groups: every channel in exactly one group, no empty group.
    CHECK_MSG(t.groupChannels >= 1 && t.channelGroups >= 1, where);
    CHECK_MSG(t.channelGroups * t.groupChannels >= p.c && (t.channelGroups - 1) * t.groupChannels < p.c, where);
    CHECK_MSG(t.totalUnits == t.totalTiles * t.channelGroups, where);
    CHECK_MSG(tl.workspaceBytes >= sizeof(gridsample::GridSampleTilingData), where);

    // Per-core ranges (as Process computes them) partition [0, totalUnits), every launched core
    // takes a unit, and an equal split's sizes differ by <= 1, no core taking more than
    // ceil(total / blockDim) (a weighted split's sizes follow its units' costs).
    {
        int64_t expectFirst = 0, minCount = INT64_MAX, maxCount = 0;
        for (int64_t core = 0; core < int64_t(tl.blockDim); ++core) {
            const int64_t first = gridsample::UnitBoundary(t, core, tl.blockDim);
            const int64_t count = gridsample::UnitBoundary(t, core + 1, tl.blockDim) - first;
            if (first != expectFirst) { CHECK_MSG(first == expectFirst, where + ": core " + std::to_string(core)); break; }
            expectFirst += count;
            minCount = std::min(minCount, count);
            maxCount = std::max(maxCount, count);
        }
        CHECK_MSG(expectFirst == t.totalUnits, where);
        if (t.unitPhase != gridsample::kWeightedSplit) {
            CHECK_MSG(maxCount - minCount <= 1, where);
            CHECK_MSG(maxCount <= CeilDivI(t.totalUnits, tl.blockDim), where);
        }
        CHECK_MSG(minCount >= 1, where + ": a launched core has no work unit");
    }

    // Tile geometry.
    CHECK_MSG(t.tileRows >= 1 && t.tileRows <= p.outH, where + ": tileRows " + std::to_string(t.tileRows));
    CHECK_MSG(t.tileCols >= 1 && t.tileCols <= p.outW, where + ": tileCols " + std::to_string(t.tileCols));
    CHECK_MSG(t.tilesPerRow == CeilDivI(p.outW, t.tileCols), where);
    CHECK_MSG(t.planeRows > 0 || t.tilesPerCol == CeilDivI(p.outH, t.tileRows), where);
    CHECK_MSG(t.tilesPerPlane == t.tilesPerRow * t.tilesPerCol, where);
    CHECK_MSG(t.totalTiles == p.n * t.tilesPerPlane, where);
    // Bands of rows take the slots of bands as equal as their count allows (and as many rows as
    // those slots hold): no tile of a column is left mostly empty.
    if (t.tileDepth == 1) {
        const int64_t even = CeilDivI(p.outH, t.tilesPerCol), rowSlots = t.flatTiles ? t.tileCols : t.slotPitch;
        CHECK_MSG(t.tileRows >= even && t.slotCount == CeilDivI(even * rowSlots, 64) * 64,
                  where + ": tileRows " + std::to_string(t.tileRows) + " in " + std::to_string(t.tilesPerCol) + " bands");
    }
    // The grid load of a non-flat tile is one DMA with tile.rows as a 16-bit block count.
    CHECK_MSG(t.tileRows <= 65535, where);

    // Slots.
    CHECK_MSG(t.slotCount > 0 && t.slotCount % 64 == 0, where + ": slotCount " + std::to_string(t.slotCount));
    // The window path gathers a run of 4 taps of every slot with one Gather: at most 255 repeats of 64.
    CHECK_MSG(4 * int64_t(t.slotCount) <= 255 * 64, where + ": slotCount " + std::to_string(t.slotCount));
    if (t.flatTiles) {
        // A flat tile is one contiguous run in grid and out: whole, packed rows only.
        CHECK_MSG(t.tileCols == p.outW && p.gridStrideH == 2 * p.outW && p.outStrideH == p.outW,
                  where + ": flat tiles on a non-contiguous layout");
        CHECK_MSG(t.tileRows * t.tileCols <= t.slotCount, where);
    } else {
        CHECK_MSG(t.slotPitch >= t.tileCols, where + ": slotPitch " + std::to_string(t.slotPitch));
        CHECK_MSG(t.tileRows * t.slotPitch <= t.slotCount, where);
        CHECK_MSG((t.slotPitch * elem) % 32 == 0, where + ": slotPitch " + std::to_string(t.slotPitch));
    }

    // Buffers: multiples of 32 bytes and big enough for what the kernel puts in them.
    for (int32_t b : {t.gridBufBytes, t.pointBufBytes, t.maskBufBytes, t.outBufBytes, t.windowBufBytes})
        CHECK_MSG(b > 0 && b % 32 == 0, where + ": buffer of " + std::to_string(b) + " bytes");
    CHECK_MSG(int64_t(t.gridBufBytes) >= int64_t(t.slotCount) * 2 * elem, where);
    CHECK_MSG(int64_t(t.pointBufBytes) >= int64_t(t.slotCount) * 4, where);
    CHECK_MSG(int64_t(t.maskBufBytes) * 8 >= t.slotCount, where);
    CHECK_MSG(t.pointBufCount >= KernelPointVectors(p.mode, p.dataKind), where + ": pointBufCount " + std::to_string(t.pointBufCount));
    CHECK_MSG(t.maskBufCount >= KernelMasks(p.mode), where + ": maskBufCount " + std::to_string(t.maskBufCount));
    CHECK_MSG(t.chunkChannels >= 1 && t.chunkChannels <= p.c, where + ": chunkChannels " + std::to_string(t.chunkChannels));
    // A channel-last window pixel holds a chunk's channels in whole 32-byte blocks, unless the chunk
    // takes every channel of densely packed pixels (whole rows loaded as they are).
    const bool denseRows = t.channelGroups == 1 && p.inStrideW == p.c && p.c <= t.chunkChannels;
    CHECK_MSG(!p.channelLast || denseRows || t.chunkChannels * elem <= 32 || (t.chunkChannels * elem) % 32 == 0,
              where + ": chunkChannels " + std::to_string(t.chunkChannels));
    CHECK_MSG(int64_t(t.outBufBytes) >= int64_t(t.chunkChannels) * t.slotCount * elem, where);
    // The per-point path (SamplePerPoint) must be able to handle at least one 16-point group:
    // per tap row of a point, NCHW takes a 32-byte block per channel, channel-last a block of
    // the chunk's channels per pixel of the row's run.
    {
        const int64_t taps = Taps(p.mode);
        const int64_t rowsPerPoint = taps * (p.dims == 3 ? taps : 1);
        const int64_t maxChannels = p.channelLast
                                        ? ((t.windowBufBytes / 2) / (16 * taps * rowsPerPoint)) / 32 * 32 / elem
                                        : (t.windowBufBytes / 2) / (rowsPerPoint * 32 * 16);
        const int64_t perChunk = std::min<int64_t>(std::min<int64_t>(t.chunkChannels, p.c),
                                                   std::max<int64_t>(1, maxChannels));
        const int64_t pixel = CeilDivI(perChunk * elem, 32) * 32;
        const int64_t rowBytes = p.channelLast ? taps * pixel : perChunk * 32;
        const int64_t zeroBytes = p.channelLast ? pixel : perChunk * 32;
        const int64_t group = (t.windowBufBytes - zeroBytes) / (rowBytes * rowsPerPoint) / 16 * 16;
        CHECK_MSG(group >= 16, where + ": per-point group " + std::to_string(group));
    }

    // Coverage: every output point exactly once. Small problems: a bitmap over TileAt's tiles.
    // Large ones: the tiles' point counts add up and every tile lies inside the plane (with the
    // geometry checks above this is an exact cover as well).
    const int64_t points = p.n * p.outH * p.outW;
    if (points <= (1 << 20)) {
        std::vector<uint8_t> hit(static_cast<size_t>(points), 0);
        bool inside = true, once = true, fits = true;
        for (int64_t i = 0; i < t.totalTiles; ++i) {
            const gridsample::TileGeometry g = gridsample::TileGeometryOf(t, i);
            const int64_t n = g.n, row0 = g.row0, col0 = g.col0, rows = g.rows, cols = g.cols;
            if (rows < 1 || cols < 1 || g.depths < 1 || n >= p.n) { inside = false; continue; }
            // its own slots within the buffers' (edge tiles: fewer), rows at a pitch of whole 32-byte blocks
            if (g.slots > t.slotCount || g.slots % 64 != 0) fits = false;
            if (t.flatTiles ? g.depths * rows * cols > g.slots
                            : (rows - 1) * g.pitch + cols > g.slots || g.pitch < cols || g.pitch * elem % 32 != 0 ||
                                  (g.cols == t.tileCols && g.pitch != t.slotPitch))
                fits = false;
            for (int64_t k = 0; k < g.depths; ++k)
                for (int64_t y = row0 + k * t.planeRows; y < row0 + k * t.planeRows + rows; ++y) {
                    if (y >= p.outH) { inside = false; break; }
                    for (int64_t x = col0; x < col0 + cols; ++x) {
                        uint8_t& h = hit[static_cast<size_t>((n * p.outH + y) * p.outW + x)];
                        if (h) once = false;
                        h = 1;
                    }
                }
        }
        CHECK_MSG(inside, where + ": a tile lies outside the output");
        CHECK_MSG(once, where + ": a point is covered twice");
        CHECK_MSG(fits, where + ": a tile does not fit its slots");
        CHECK_MSG(std::all_of(hit.begin(), hit.end(), [](uint8_t h) { return h == 1; }), where + ": a point is not covered");
        ++stats->bitmapChecked;
    } else {
        int64_t sum = 0;
        bool inside = true;
        for (int64_t i = 0; i < t.totalTiles; ++i) {
            const gridsample::TileGeometry g = gridsample::TileGeometryOf(t, i);
            if (g.rows < 1 || g.cols < 1 || g.depths < 1 || g.row0 + (g.depths - 1) * t.planeRows + g.rows > p.outH) inside = false;
            sum += g.depths * g.rows * g.cols;
        }
        CHECK_MSG(inside, where + ": a tile lies outside the output");
        CHECK_MSG(sum == points, where + ": tiles cover " + std::to_string(sum) + " of " + std::to_string(points) + " points");
    }
    if (agstest::Failures() != before) ++stats->failuresReported;
}

struct Shape { int64_t n, c, inH, inW, outH, outW; };

const std::vector<Shape>& Shapes() {
    static const std::vector<Shape> s = {
        {1, 1, 1, 1, 1, 1},        {1, 1, 4096, 4096, 1, 1},   {1, 3, 1, 4096, 1, 5000},  {2, 1, 4096, 1, 5000, 1},
        {1, 1, 37, 53, 7, 2047},   {3, 4, 16, 16, 3, 2048},    {2, 2, 64, 64, 2, 2049},   {1, 16, 100, 100, 5, 4100},
        {4, 64, 100, 100, 100, 100}, {16, 3, 224, 224, 64, 64}, {1, 512, 8, 8, 33, 65},   {5, 7, 5, 9, 17, 31},
        {16, 1, 1, 1, 1, 1},       {16, 512, 4096, 1, 1, 4096}, {2, 32, 32, 32, 128, 4096}, {1, 1, 2, 2, 4099, 3},
        {8, 8, 4096, 4096, 1000, 5000}, {1, 2, 300, 400, 1, 2100}, {3, 1, 7, 7, 15, 17},  {1, 1, 1, 1, 5000, 5000},
    };
    return s;
}

}  // namespace

TEST_CASE("tiling sweep: shapes x layouts x modes x dtypes x cores x UB sizes") {
    Stats stats;
    const int32_t modes[] = {gridsample::kBilinear, gridsample::kNearest, gridsample::kBicubic};
    const int32_t kinds[] = {gridsample::kFloat32, gridsample::kFloat16, gridsample::kBFloat16};
    const uint32_t cores[] = {1, 8, 40, 48};
    const uint64_t ubs[] = {kA2UsableUb, kSmallUb};
    // (input row pad, grid row pad, out row pad): contiguous, padded grid, padded out, padded input, all
    const int64_t pads[][3] = {{0, 0, 0}, {0, 6, 0}, {0, 0, 5}, {3, 0, 0}, {16, 2, 1}};
    for (const Shape& s : Shapes())
        for (const auto& pad : pads)
            for (int32_t mode : modes)
                for (int32_t kind : kinds)
                    for (uint32_t coreNum : cores)
                        for (uint64_t ub : ubs) {
                            Problem p = Padded(s.n, s.c, s.inH, s.inW, s.outH, s.outW, pad[0], pad[1], pad[2]);
                            p.mode = mode;
                            p.dataKind = kind;
                            p.padding = (mode + kind) % 3;
                            p.alignCorners = (coreNum / 8) % 2;
                            PlatformInfo pl;
                            pl.coreNum = coreNum;
                            pl.ubBytes = ub;
                            Verify(p, pl, &stats);
                            if (stats.failuresReported > 20) {   // keep the log readable
                                CHECK_MSG(false, "stopping the sweep after 20 failing tilings");
                                return;
                            }
                        }
    CHECK(stats.tilings == int64_t(Shapes().size()) * 5 * 3 * 3 * 4 * 2);
    CHECK(stats.bitmapChecked > stats.tilings / 2);   // most cases are small enough for the bitmap
    std::printf("  %lld tilings checked (%lld with a point bitmap)\n", static_cast<long long>(stats.tilings),
                static_cast<long long>(stats.bitmapChecked));
}

TEST_CASE("tiling: every N 1..16 and C in a range on a small plane, 48 and 40 cores") {
    Stats stats;
    for (int64_t n = 1; n <= 16; ++n)
        for (int64_t c : {1, 2, 3, 5, 8, 17, 64, 100, 255, 512})
            for (uint32_t coreNum : {40u, 48u}) {
                Problem p = Problem::Contiguous(n, c, 9, 11, 13, 19);
                p.mode = static_cast<int32_t>((n + c) % 3);
                p.dataKind = static_cast<int32_t>(c % 3);
                PlatformInfo pl;
                pl.coreNum = coreNum;
                Verify(p, pl, &stats);
            }
    CHECK(stats.failuresReported == 0);
}

TEST_CASE("tiling: a tiny UB (48 KiB) still tiles every mode and dtype") {
    Stats stats;
    for (int32_t mode = 0; mode < 3; ++mode)
        for (int32_t kind = 0; kind < 3; ++kind)
            for (const Shape& s : {Shape{2, 5, 20, 30, 40, 50}, Shape{1, 3, 8, 8, 2, 3000}, Shape{1, 64, 64, 64, 1, 1}}) {
                Problem p = Problem::Contiguous(s.n, s.c, s.inH, s.inW, s.outH, s.outW);
                p.mode = mode;
                p.dataKind = kind;
                PlatformInfo pl;
                pl.coreNum = 8;
                pl.ubBytes = kTinyUb;
                Verify(p, pl, &stats);
            }
    CHECK(stats.failuresReported == 0);
}

TEST_CASE("tiling: contiguous problems use flat tiles; a padded grid or out row stride does not") {
    PlatformInfo pl;
    Tiling t;
    std::string why;
    Problem p = Problem::Contiguous(2, 3, 10, 10, 20, 30);
    CHECK(ComputeTiling(p, pl, &t, &why));
    CHECK(t.data.flatTiles == 1);
    p.gridStrideH = 2 * 30 + 2;
    p.gridStrideN = 20 * p.gridStrideH;
    CHECK(ComputeTiling(p, pl, &t, &why));
    CHECK(t.data.flatTiles == 0);
    p = Problem::Contiguous(2, 3, 10, 10, 20, 30);
    p.outStrideH = 31;
    p.outStrideC = 20 * 31;
    p.outStrideN = 3 * p.outStrideC;
    CHECK(ComputeTiling(p, pl, &t, &why));
    CHECK(t.data.flatTiles == 0);
    // Rows wider than the slots are cut into column tiles.
    p = Problem::Contiguous(1, 1, 10, 10, 4, 5000);
    CHECK(ComputeTiling(p, pl, &t, &why));
    CHECK(t.data.flatTiles == 0 && t.data.tileCols < 5000 && t.data.tilesPerRow > 1);
}

TEST_CASE("tiling: tiling keys are distinct per (dtype, mode) and ignore padding/alignCorners") {
    std::set<uint64_t> keys;
    PlatformInfo pl;
    for (int32_t kind = 0; kind < 3; ++kind)
        for (int32_t mode = 0; mode < 3; ++mode) {
            uint64_t key = 0;
            for (int32_t padding = 0; padding < 3; ++padding)
                for (int32_t ac = 0; ac < 2; ++ac) {
                    Problem p = Problem::Contiguous(1, 2, 5, 6, 7, 8);
                    p.dataKind = kind;
                    p.mode = mode;
                    p.padding = padding;
                    p.alignCorners = ac;
                    Tiling t;
                    std::string why;
                    CHECK(ComputeTiling(p, pl, &t, &why));
                    CHECK(t.tilingKey == gridsample::MakeTilingKey(kind, mode));
                    if (padding == 0 && ac == 0) key = t.tilingKey;
                    CHECK(t.tilingKey == key);
                }
            keys.insert(key);
        }
    CHECK(keys.size() == 9);
}

TEST_CASE("tiling: an impossible UB is rejected with a reason") {
    // (below ~5 KiB: nearest's 64 slots and its smallest windows take 4.7 KiB)
    for (uint64_t ub : {uint64_t(0), uint64_t(1024), uint64_t(2 * 1024), uint64_t(4 * 1024)})
        for (int32_t mode = 0; mode < 3; ++mode) {
            Problem p = Problem::Contiguous(1, 1, 4, 4, 4, 4);
            p.mode = mode;
            PlatformInfo pl;
            pl.ubBytes = ub;
            Tiling t;
            std::string why;
            const bool ok = ComputeTiling(p, pl, &t, &why);
            CHECK_MSG(!ok, "ub " + std::to_string(ub) + " mode " + std::to_string(mode) + " accepted");
            CHECK_MSG(!why.empty() && ContainsAll(why, {"UB", "too small"}), "reason: '" + why + "'");
            CHECK_MSG(why.find(std::to_string(ub)) != std::string::npos, "reason does not name the UB size: " + why);
        }
    // Zero cores is not a platform.
    Problem p = Problem::Contiguous(1, 1, 4, 4, 4, 4);
    PlatformInfo pl;
    pl.coreNum = 0;
    Tiling t;
    std::string why;
    CHECK(!ComputeTiling(p, pl, &t, &why));
    CHECK(!why.empty());
}

TEST_CASE("tiling: many tiles are balanced across all cores") {
    for (uint32_t coreNum : {8u, 40u, 48u})
        for (int32_t mode = 0; mode < 3; ++mode) {
            Problem p = Problem::Contiguous(16, 4, 64, 64, 512, 512);
            p.mode = mode;
            PlatformInfo pl;
            pl.coreNum = coreNum;
            Tiling t;
            std::string why;
            CHECK(ComputeTiling(p, pl, &t, &why));
            CHECK(t.data.totalUnits >= int64_t(coreNum));
            CHECK(t.blockDim == coreNum);   // enough work units: every core works
            int64_t minPerCore = INT64_MAX, maxPerCore = 0;
            for (int64_t core = 0; core < int64_t(t.blockDim); ++core) {
                const int64_t count = gridsample::UnitBoundary(t.data, core + 1, t.blockDim) -
                                      gridsample::UnitBoundary(t.data, core, t.blockDim);
                minPerCore = std::min(minPerCore, count);
                maxPerCore = std::max(maxPerCore, count);
            }
            CHECK(maxPerCore <= CeilDivI(t.data.totalUnits, t.blockDim));
            CHECK(maxPerCore - minPerCore <= 1);
        }
}

TEST_CASE("tiling: problems beyond int32 element counts (no launch)") {
    // N*C*Ho*Wo and N*Ho*Wo above 2^31; strides above 2^31 elements in N.
    Stats stats;
    for (int32_t mode = 0; mode < 3; ++mode)
        for (int32_t kind = 0; kind < 3; ++kind) {
            Problem p = Problem::Contiguous(4096, 256, 64, 64, 1024, 1024);   // out: 2^40 elements, 2^32 points
            p.mode = mode;
            p.dataKind = kind;
            PlatformInfo pl;
            Tiling t;
            std::string why;
            CHECK(ComputeTiling(p, pl, &t, &why));
            const auto& d = t.data;
            CHECK(d.outStrideN == int64_t(256) * 1024 * 1024);
            CHECK(d.totalTiles == p.n * d.tilesPerPlane);
            CHECK(d.totalTiles > INT32_MAX / 4096);
            CHECK(gridsample::UnitBoundary(d, t.blockDim, t.blockDim) == d.totalUnits);   // no int64 overflow
            CHECK(t.blockDim == pl.coreNum);
            // Tile arithmetic on the last tile stays inside the output (int64 all the way).
            const int64_t last = d.totalTiles - 1;
            const int64_t n = last / d.tilesPerPlane, r = last % d.tilesPerPlane;
            const int64_t row0 = (r / d.tilesPerRow) * d.tileRows, col0 = (r % d.tilesPerRow) * d.tileCols;
            CHECK(n == p.n - 1);
            CHECK(row0 + std::min<int64_t>(d.tileRows, p.outH - row0) == p.outH);
            CHECK(col0 + std::min<int64_t>(d.tileCols, p.outW - col0) == p.outW);
            CHECK(UbBytesUsed(d) <= pl.ubBytes);
        }
    // A large plane (N*Ho*Wo > 2^31 in one image batch of 3) goes through the full verification
    // without the bitmap.
    Problem p = Problem::Contiguous(3, 2, 16, 16, 30000, 30000);
    PlatformInfo pl;
    Verify(p, pl, &stats);
    CHECK(stats.failuresReported == 0);
}

TEST_MAIN()

TEST_CASE("tiling: channel-last input fits the UB and leaves the per-point path room for 16-point groups") {
    for (int64_t c : {1, 3, 8, 64, 300})
        for (int32_t kind = 0; kind < 3; ++kind)
            for (int32_t mode = 0; mode < 3; ++mode)
                for (uint32_t cores : {1u, 48u}) {
                    Problem p = Problem::Contiguous(2, c, 37, 53, 41, 2100);
                    // NHWC memory seen as an NCHW view: C stride 1, pixels C apart, rows W * C apart
                    p.inStrideC = 1;
                    p.inStrideW = c;
                    p.inStrideH = 53 * c;
                    p.inStrideN = 37 * 53 * c;
                    p.channelLast = 1;
                    p.dataKind = kind;
                    p.mode = mode;
                    PlatformInfo pl;
                    pl.coreNum = cores;
                    Tiling t;
                    std::string why;
                    CHECK_MSG(ComputeTiling(p, pl, &t, &why), why);
                    const auto& d = t.data;
                    CHECK(d.channelLast == 1 && d.inStrideW == c && d.inStrideC == 1);
                    CHECK(UbBytesUsed(d) <= pl.ubBytes);
                    // SamplePerPoint (channel-last): one channel at least, 16 points of kTaps x kTaps pixel blocks
                    const int64_t taps = Taps(mode);
                    CHECK((d.windowBufBytes / 2) / (16 * taps * taps) >= 32);
                }
}

TEST_CASE("tiling: 3-D problems (output D and H flattened into rows) fit the UB") {
    for (int32_t kind = 0; kind < 3; ++kind)
        for (int32_t mode : {0, 1, 2})   // trilinear, nearest, tricubic
            for (uint32_t cores : {1u, 8u, 48u})
                for (int64_t c : {1, 16, 64}) {
                    // input (2, C, 9, 10, 11), grid (2, 6, 7, 8, 3): rows = 6 * 7
                    Problem p = Problem::Contiguous(2, c, 10, 11, 6 * 7, 8);
                    p.dims = 3;
                    p.inD = 9;
                    p.inStrideD = 10 * 11;
                    p.inStrideC = 9 * 10 * 11;
                    p.inStrideN = c * p.inStrideC;
                    p.gridStrideH = 8 * 3;
                    p.gridStrideN = 6 * 7 * 8 * 3;
                    p.dataKind = kind;
                    p.mode = mode;
                    PlatformInfo pl;
                    pl.coreNum = cores;
                    Tiling t;
                    std::string why;
                    CHECK_MSG(ComputeTiling(p, pl, &t, &why), why);
                    const auto& d = t.data;
                    CHECK(d.dims == 3 && d.inD == 9 && d.inStrideD == 110);
                    CHECK(t.tilingKey == gridsample::MakeTilingKey(kind, mode, 3));
                    CHECK(UbBytesUsed(d) <= pl.ubBytes);
                    CHECK(d.gridBufBytes >= d.slotCount * 3 * (kind == 0 ? 4 : 2));
                    CHECK(gridsample::UnitBoundary(d, t.blockDim, t.blockDim) == d.totalUnits);
                    // the per-point path: 16 points of kTaps x kTaps tap rows, one 32-byte block each
                    const int64_t taps = Taps(mode);
                    CHECK((d.windowBufBytes / 2) / (taps * taps * 32 * 16) >= 1);
                }
}

TEST_CASE("tiling: 3-D flat tiles are blocks of depth slices x rows whose blocks are whole 32-byte DMA blocks, or bands of one slice") {
    struct Case { int64_t n, c, d, h, w, outD, outH, outW; };
    // (e) and (u) of scripts/bench.py, a slice whose rows no block takes (7 x 8 floats: 28 bytes
    // a row, 7 prime), odd depths, a single slice, slices larger than a tile whose rows no block
    // takes (53 rows of 35, 66 of 19)
    const Case cases[] = {{1, 16, 32, 32, 32, 32, 32, 32}, {2, 8, 24, 40, 36, 24, 40, 36}, {1, 3, 9, 10, 16, 7, 12, 16},
                          {2, 5, 6, 8, 8, 5, 8, 8},      {1, 2, 5, 6, 7, 9, 7, 7},       {1, 4, 8, 16, 32, 1, 16, 32},
                          {1, 16, 39, 46, 30, 37, 53, 35}, {2, 3, 9, 70, 21, 7, 66, 19}};
    for (const Case& e : cases)
        for (int32_t kind = 0; kind < 3; ++kind)
            for (int32_t mode : {0, 1, 2})
                for (uint32_t cores : {1u, 48u}) {
                    Problem p = Problem::Contiguous3D(e.n, e.c, e.d, e.h, e.w, e.outD, e.outH, e.outW);
                    p.dataKind = kind;
                    p.mode = mode;
                    PlatformInfo pl;
                    pl.coreNum = cores;
                    Tiling tl;
                    std::string why;
                    CHECK_MSG(ComputeTiling(p, pl, &tl, &why), why);
                    const auto& t = tl.data;
                    const int64_t elem = Elem(kind);
                    CHECK(UbBytesUsed(t) <= pl.ubBytes);
                    if (t.tileDepth > 1) {
                        CHECK(t.flatTiles == 1 && t.planeRows == e.outH && e.outH % t.tileRows == 0);
                        CHECK((t.tileRows * e.outW * elem) % 32 == 0);
                        CHECK(t.tileDepth * t.tileRows * e.outW <= t.slotCount && t.tileDepth <= e.outD);
                    } else if (t.planeRows > 0) {
                        CHECK(t.flatTiles == 1 && t.planeRows == e.outH && t.tileRows < e.outH);
                    }
                    // slices larger than a tile, with no block: 53 rows of 35 take 4 bands of 14 rows,
                    // 66 rows of 19 3 bands of 22
                    if (e.outH == 53 && mode == 0 && kind == 0 && cores == 48) CHECK(t.tileDepth == 1 && t.planeRows == 53 && t.tileRows == 14);
                    if (e.outH == 66 && mode == 0 && kind == 0 && cores == 48) CHECK(t.tileDepth == 1 && t.planeRows == 66 && t.tileRows == 22);
                    // every output point in exactly one tile, every tile's points in its slots
                    std::vector<uint8_t> hit(static_cast<size_t>(p.n * p.outH * p.outW), 0);
                    bool once = true, inside = true;
                    for (int64_t i = 0; i < t.totalTiles; ++i) {
                        const gridsample::TileGeometry g = gridsample::TileGeometryOf(t, i);
                        if (g.depths * g.rows * g.cols > t.slotCount || g.n >= p.n) inside = false;
                        // a tile by slice takes rows of its slices only
                        if (t.planeRows > 0 && g.row0 % t.planeRows + g.rows > t.planeRows) inside = false;
                        for (int64_t k = 0; k < g.depths && inside; ++k)
                            for (int64_t y = g.row0 + k * t.planeRows; y < g.row0 + k * t.planeRows + g.rows; ++y)
                                for (int64_t x = g.col0; x < g.col0 + g.cols; ++x) {
                                    if (y >= p.outH) { inside = false; continue; }
                                    uint8_t& h = hit[static_cast<size_t>((g.n * p.outH + y) * p.outW + x)];
                                    if (h) once = false;
                                    h = 1;
                                }
                    }
                    CHECK(inside && once);
                    CHECK(std::all_of(hit.begin(), hit.end(), [](uint8_t h) { return h == 1; }));
                }
    // (e) on the A2: 4 slices x 4 rows of 32 points (a window of ~9 slabs of ~9 rows for a flow of
    // +-2 voxels, against ~6 slabs of ~21 rows for 16 rows of one slice)
    const Problem p = Problem::Contiguous3D(1, 16, 32, 32, 32, 32, 32, 32);
    Tiling tl;
    std::string why;
    CHECK_MSG(ComputeTiling(p, PlatformInfo{}, &tl, &why), why);
    CHECK(tl.data.tileDepth == 4 && tl.data.tileRows == 4 && tl.data.tileCols == 32 && tl.data.slotCount == 512);
}

TEST_CASE("tiling: nearest takes tiles twice bilinear's, in channel groups of 2, on the A2") {
    // (b)'s shape: 1024-slot bilinear tiles of 16 rows, 2048-slot nearest tiles of 32 rows (their
    // windows carry half the halo rows per point), both with enough units for every core
    Problem p = Problem::Contiguous(8, 64, 64, 64, 64, 64);
    Tiling bilinear, nearest;
    std::string why;
    CHECK_MSG(ComputeTiling(p, PlatformInfo{}, &bilinear, &why), why);
    p.mode = gridsample::kNearest;
    CHECK_MSG(ComputeTiling(p, PlatformInfo{}, &nearest, &why), why);
    CHECK(bilinear.data.slotCount == 1024 && bilinear.data.tileRows == 16 && bilinear.data.groupChannels == 4);
    CHECK(nearest.data.slotCount == 2048 && nearest.data.tileRows == 32 && nearest.data.groupChannels == 2);
    CHECK(nearest.data.totalUnits >= 6 * 48 && bilinear.data.totalUnits >= 6 * 48);
    CHECK(UbBytesUsed(nearest.data) <= kA2UsableUb);
}

TEST_CASE("tiling: 24 channels split in 6 groups of 4 before tiles shrink, on the A2") {
    // 2x24x160x224: 70 tiles of 1024 slots; 4 groups (the largest power of two) would leave 280
    // units, under 6 per core, and halve the tiles; 6 groups give 420
    const Problem p = Problem::Contiguous(2, 24, 160, 224, 160, 224);
    Tiling t;
    std::string why;
    CHECK_MSG(ComputeTiling(p, PlatformInfo{}, &t, &why), why);
    CHECK(t.data.slotCount == 1024 && t.data.totalTiles == 70);
    CHECK(t.data.channelGroups == 6 && t.data.groupChannels == 4 && t.data.totalUnits == 420);
}

namespace {
// Tiles each core's unit range visits, by divisions (the tiling walks the ranges incrementally).
std::vector<int64_t> TilesVisited(const gridsample::GridSampleTilingData& t, int64_t cores) {
    std::vector<int64_t> tiles;
    for (int64_t core = 0; core < cores; ++core) {
        const int64_t first = gridsample::UnitBoundary(t, core, cores), end = gridsample::UnitBoundary(t, core + 1, cores);
        tiles.push_back(end > first ? (end - 1) / t.channelGroups - first / t.channelGroups + 1 : 0);
    }
    return tiles;
}
// The tiling of p on a platform of `cores` vector cores (the A2's UB).
Tiling TilingOn(const Problem& p, uint32_t cores) {
    PlatformInfo pl;
    pl.coreNum = cores;
    Tiling t;
    std::string why;
    CHECK_MSG(ComputeTiling(p, pl, &t, &why), why);
    return t;
}
// The costliest core as the tiling weighs it: its channels plus 4 per tile visited.
int64_t CostliestCore(const gridsample::GridSampleTilingData& t, int64_t cores) {
    const std::vector<int64_t> tiles = TilesVisited(t, cores);
    int64_t worst = 0;
    for (int64_t core = 0; core < cores; ++core) {
        const int64_t units = gridsample::UnitBoundary(t, core + 1, cores) - gridsample::UnitBoundary(t, core, cores);
        worst = std::max(worst, units * t.groupChannels + 4 * tiles[core]);
    }
    return worst;
}
}  // namespace

TEST_CASE("tiling: with 48 cores on 16 tiles no core's units straddle two tiles") {
    // (d)'s shape: 16 nearest tiles of 32 groups, 512 units, 10 or 11 per core; front-loading the
    // longer ranges put every third core across a tile boundary (a second grid load and coordinate pass)
    Problem p = Problem::Contiguous(8, 64, 64, 64, 64, 64);
    p.mode = gridsample::kNearest;
    const Tiling t = TilingOn(p, 48);
    CHECK(t.blockDim == 48 && t.data.totalTiles == 16 && t.data.totalUnits == 512);
    CHECK(t.data.unitPhase != gridsample::kFrontLoaded);
    for (int64_t tiles : TilesVisited(t.data, t.blockDim)) CHECK(tiles == 1);
    gridsample::GridSampleTilingData front = t.data;
    front.unitPhase = gridsample::kFrontLoaded;
    const std::vector<int64_t> frontTiles = TilesVisited(front, t.blockDim);
    CHECK(*std::max_element(frontTiles.begin(), frontTiles.end()) == 2);
}

TEST_CASE("tiling: the chosen split's costliest core is never costlier than front-loading's") {
    int changed = 0, weighted = 0;
    for (int64_t n : {1, 2, 3, 8})
        for (int64_t c : {3, 16, 24, 64, 96})
            for (int64_t side : {20, 64, 100})
                for (uint32_t cores : {8u, 40u, 48u})
                    for (int32_t mode = 0; mode < 3; ++mode) {
                        Problem p = Problem::Contiguous(n, c, side, side, side, side + 4);
                        p.mode = mode;
                        const Tiling t = TilingOn(p, cores);
                        // a weighted split (edge tiles) is weighed by their slots: the test below
                        if (t.data.unitPhase == gridsample::kWeightedSplit) {
                            ++weighted;
                            continue;
                        }
                        gridsample::GridSampleTilingData front = t.data;
                        front.unitPhase = gridsample::kFrontLoaded;
                        const int64_t chosen = CostliestCore(t.data, t.blockDim), frontCost = CostliestCore(front, t.blockDim);
                        CHECK(chosen <= frontCost);
                        // a phase replaces front-loading only when strictly cheaper
                        if (t.data.unitPhase != gridsample::kFrontLoaded) CHECK(chosen < frontCost);
                        changed += t.data.unitPhase != gridsample::kFrontLoaded;
                    }
    CHECK(changed > 0);   // the sweep reaches problems where a phase wins
    CHECK(weighted > 0 && changed + weighted < 4 * 5 * 3 * 3 * 3);
}

TEST_CASE("tiling: edge tiles take fewer slots, and the work split weighs them") {
    // an 80-column float16 output in 32-column blocks: the last block's 16 columns take a pitch of
    // 16 and half the slots; its units cost less, so the split gives their cores more of them
    Problem p = Problem::Contiguous(4, 32, 96, 80, 96, 80);
    p.dataKind = gridsample::kFloat16;
    const Tiling t = TilingOn(p, 48);
    CHECK(t.data.tileCols == 32 && t.data.tilesPerRow == 3);
    const gridsample::TileGeometry full = gridsample::TileGeometryOf(t.data, 0), edge = gridsample::TileGeometryOf(t.data, 2);
    CHECK(full.cols == 32 && full.pitch == 32 && full.slots == t.data.slotCount);
    CHECK(edge.cols == 16 && edge.pitch == 16 && edge.slots == t.data.slotCount / 2);
    CHECK(t.data.unitPhase == gridsample::kWeightedSplit);
    int64_t fewestUnits = INT64_MAX, most = 0;
    for (int64_t core = 0; core < int64_t(t.blockDim); ++core) {
        const int64_t units = gridsample::UnitBoundary(t.data, core + 1, t.blockDim) - gridsample::UnitBoundary(t.data, core, t.blockDim);
        fewestUnits = std::min(fewestUnits, units);
        most = std::max(most, units);
    }
    CHECK(most > fewestUnits + 1);   // not the equal split
    // channel-last float32: 512-slot tiles of 16 x 32, the same edge column block
    Problem cl = Problem::Contiguous(4, 32, 96, 80, 96, 80);
    cl.channelLast = 1;
    cl.inStrideC = 1;
    cl.inStrideW = cl.c;
    cl.inStrideH = cl.c * cl.inW;
    cl.inStrideN = cl.inStrideH * cl.inH;
    const Tiling tcl = TilingOn(cl, 48);
    CHECK(tcl.data.tileCols == 32 && gridsample::TileGeometryOf(tcl.data, tcl.data.tilesPerRow - 1).pitch == 16);
    CHECK(tcl.data.unitPhase == gridsample::kWeightedSplit);
    // 3-D depth blocks of 2 slices x 8 rows over 9 slices of 40 rows: the last block's single
    // slice takes 320 slots of 576
    const Tiling t3 = TilingOn(Problem::Contiguous3D(4, 2, 9, 40, 33, 9, 40, 33), 48);
    CHECK(t3.data.tileDepth == 2 && t3.data.tileRows == 8 && t3.data.slotCount == 576);
    int64_t fewest = t3.data.slotCount;
    for (int64_t i = 0; i < t3.data.totalTiles; ++i) fewest = std::min(fewest, gridsample::TileGeometryOf(t3.data, i).slots);
    CHECK(fewest == 320);
    CHECK(t3.data.unitPhase == gridsample::kWeightedSplit);
    // a problem without edge tiles keeps the equal split, and so does nearest, whose window loads
    // and stores bind its channels (an edge tile's window keeps its halo rows and columns)
    Problem whole = Problem::Contiguous(8, 64, 64, 64, 64, 64);
    CHECK(TilingOn(whole, 48).data.unitPhase != gridsample::kWeightedSplit);
    Problem nearest = p;
    nearest.mode = gridsample::kNearest;
    const Tiling tn = TilingOn(nearest, 48);
    CHECK(gridsample::TileGeometryOf(tn.data, tn.data.tilesPerRow - 1).slots < tn.data.slotCount);
    CHECK(tn.data.unitPhase != gridsample::kWeightedSplit);
}

TEST_CASE("tiling: NCHW groups of 2 channels only when groups of 4 leave too few units") {
    // (e)'s 3-D shape: 16 channels, 4 groups of 4 leave under 6 units per core on 48 cores, so its
    // depth-block tiles would shrink; 8 groups of 2 keep them. 64 channels of (b) reach 6 per core
    // in groups of 4.
    const Problem e = Problem::Contiguous3D(1, 16, 32, 32, 32, 32, 32, 32);
    const Problem b = Problem::Contiguous(8, 64, 64, 64, 64, 64);
    const Tiling te = TilingOn(e, 48), tb = TilingOn(b, 48);
    CHECK(te.data.groupChannels == 2 && te.data.totalTiles * 4 < 6 * 48);
    CHECK(tb.data.groupChannels == 4);
    // channel-last groups stay whole 32-byte pixels
    Problem cl = b;
    cl.channelLast = 1;
    cl.inStrideC = 1;
    cl.inStrideW = cl.c;
    cl.inStrideH = cl.c * cl.inW;
    cl.inStrideN = cl.inStrideH * cl.inH;
    CHECK(TilingOn(cl, 48).data.groupChannels >= 8);
}

TEST_CASE("tiling: channel-last chunks are whole pixel blocks, but for densely packed pixels taken whole") {
    // 9 float32 channels on 48 cores, a zoom-out by 2 (its tiles are halved to 256 slots: 16
    // channels fit an output chunk): one group of densely packed pixels keeps its 9-channel chunk
    // (whole rows loaded as they are); 9 channels 16 apart (a padded pixel) take chunks of 8, a
    // block each
    for (int64_t pixelStride : {9, 16}) {
        Problem p = Problem::Contiguous(2, 9, 256, 256, 128, 128);
        p.channelLast = 1;
        p.inStrideC = 1;
        p.inStrideW = pixelStride;
        p.inStrideH = pixelStride * p.inW;
        p.inStrideN = p.inStrideH * p.inH;
        const Tiling t = TilingOn(p, 48);
        CHECK(t.data.channelGroups == 1 && t.data.slotCount == 256);
        CHECK(t.data.chunkChannels == (pixelStride == 9 ? 9 : 8));
    }
}

TEST_CASE("tiling: 3-D bands of one slice where they add no unit to the busiest core, or 1/8 where runs cross slices often") {
    // float16, 2 volumes of 9 slices of 32 rows of 42 points on 48 cores: 12-row tiles across slices
    // are 48, one per core; 3 bands of 11 rows per slice would be 54, two for some cores
    Problem p = Problem::Contiguous3D(2, 1, 13, 48, 63, 9, 32, 42);
    p.dataKind = gridsample::kFloat16;
    const Tiling t = TilingOn(p, 48);
    CHECK(t.data.tileDepth == 1 && t.data.planeRows == 0 && t.data.totalTiles == 48);
    // on 40 cores 48 tiles take two for some cores already: the bands' 54 do not add to that
    const Tiling bands = TilingOn(p, 40);
    CHECK(bands.data.tileDepth == 1 && bands.data.planeRows == 32 && bands.data.totalTiles == 54);
    // tricubic's 3-row tiles in slices of 43 rows rarely cross one: their bands (75 tiles, 10
    // units on the busiest core against 9) are not taken
    Problem cubic = Problem::Contiguous3D(1, 12, 5, 38, 44, 5, 43, 36);
    cubic.mode = gridsample::kBicubic;
    const Tiling flat = TilingOn(cubic, 48);
    CHECK(flat.data.tileRows == 3 && flat.data.planeRows == 0 && flat.data.totalTiles == 72);
}

TEST_CASE("tiling: an 80-column output takes 2 blocks of 40 columns where they give every core enough units") {
    // 32 + 32 + 16 columns take 96 slots a row, 2 x 40 take 80 (every slot is vector work)
    const Problem flow = Problem::Contiguous(4, 32, 96, 80, 96, 80);
    const Tiling t = TilingOn(flow, 48);
    CHECK(t.data.tileCols == 40 && t.data.slotPitch == 40 && t.data.tilesPerRow == 2);
    // float16 rows of 40 take 48 slots (32-byte UB rows): no fewer than 32 + 32 + 16
    Problem half = flow;
    half.dataKind = gridsample::kFloat16;
    CHECK(TilingOn(half, 48).data.tileCols == 32);
    // 1000 columns: 25 x 40 save 24 slots of 1024, under 1/8; blocks stay square
    CHECK(TilingOn(Problem::Contiguous(1, 3, 720, 1000, 720, 1000), 48).data.tileCols == 32);
    // 4 channels of 73 x 68 points leave too few units for any tiles: 2 blocks of 34 columns would
    // halve only to 13 rows (7 x 34 points is under kMinTilePoints), 12 tiles; blocks of 32 to 8, 30
    const Tiling few = TilingOn(Problem::Contiguous(1, 4, 197, 118, 73, 68), 48);
    CHECK(few.data.tileCols == 32 && few.data.totalTiles == 30);
}

TEST_CASE("tiling: tiles are halved for more units only where that makes the busiest core faster") {
    // one channel of 182 x 136 points in 4 images: 120 tiles of 1024 slots, 2-3 per core, rather
    // than 460 of 256 (10 per core, each paying a coordinate pass of nearly as many instructions)
    const Tiling few = TilingOn(Problem::Contiguous(4, 1, 144, 108, 182, 136), 48);
    CHECK(few.data.slotCount == 1024 && few.data.totalTiles == 120);
    // the same output from an input twice as large (a zoom-out, whose windows grow faster than its
    // tiles) is halved up to the unit count
    const Tiling zoom = TilingOn(Problem::Contiguous(4, 1, 364, 272, 182, 136), 48);
    CHECK(zoom.data.slotCount == 256 && zoom.data.totalUnits >= 6 * 48);
}

TEST_CASE("tiling: an empty problem (N, C, output H or W of 0) is refused with a reason, not divided by") {
    for (int k = 0; k < 4; ++k) {
        Problem p = Problem::Contiguous(k == 0 ? 0 : 2, k == 1 ? 0 : 4, 8, 8, k == 2 ? 0 : 6, k == 3 ? 0 : 6);
        Tiling t;
        std::string why;
        CHECK(!ComputeTiling(p, PlatformInfo{}, &t, &why));
        CHECK_MSG(why.find("empty") != std::string::npos, "reason: '" + why + "'");
    }
}
