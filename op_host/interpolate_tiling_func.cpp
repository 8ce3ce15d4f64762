// Interpolate's tiling: the pure ComputeInterpolateTiling (pass order, pass kinds, work split, UB
// partition, workspace layout) and the gert TilingContext adapters registered by the OpDefs of
// Interpolate and InterpolateGrad (its adjoint, the same kernel run with transposed tables). An
// adapter reads shapes, dtype, attributes and the platform, computes each resized axis's tap count
// from the same axis tables the op-API layer writes (aicpu::PassTaps), and writes the registered
// tiling struct, block dim, tiling key and workspace size.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "op_host/attr_names.h"
#include "op_host/aicpu/interpolate_aicpu.h"
#include "op_host/interpolate_op_impl.h"
#include "op_host/interpolate_plan.h"
#include "op_host/tiling_platform.h"
#include "op_kernel/dma_limits.h"

namespace interp {
namespace {

constexpr uint64_t kAlign = 64;
uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// Bounds that keep every product of the tiling (elements x taps x bytes) far inside 64 bits.
constexpr uint64_t kMaxKernelElements = 1ull << 48;
// A Gather's repeat count is 8 bits of 64 offsets: at most 16320 outputs.
constexpr uint64_t kMaxVectorCount = 16320;
constexpr int64_t kMaxKernelTaps = 1 << 16;
// The core count the pass order is chosen for (Atlas A2's vector cores, docs/performance.md).
constexpr uint32_t kOrderCores = 48;

constexpr uint64_t MakeTilingKey(int32_t dataKind) { return 3000 + 10 * static_cast<uint64_t>(dataKind); }
static_assert(MakeTilingKey(0) == INTERPOLATE_KEY_FP32, "float32 key");
static_assert(MakeTilingKey(1) == INTERPOLATE_KEY_FP16, "float16 key");
static_assert(MakeTilingKey(2) == INTERPOLATE_KEY_BF16, "bfloat16 key");

int64_t Product(const std::vector<int64_t>& v, size_t from, size_t to) {
    int64_t p = 1;
    for (size_t i = from; i < to; ++i) p *= v[i];
    return p;
}

// Shapes before each pass of an order: the shape after pass i is the one before with axis i resized.
struct PassShape {
    int64_t outer, inLen, outLen, inner;
};
std::vector<PassShape> PassShapes(const InterpolateProblem& p, const std::vector<int64_t>& order) {
    std::vector<int64_t> cur = p.xShape;
    std::vector<PassShape> shapes;
    for (int64_t a : order) {
        PassShape s{Product(cur, 0, a), cur[a], p.yShape[a], Product(cur, a + 1, cur.size())};
        shapes.push_back(s);
        cur[a] = p.yShape[a];
    }
    return shapes;
}

// The innermost resized axis with `inner` elements of axes it does not resize after it (channel-
// last input: W, then C) runs as a last-axis pass over rows of length * inner elements when the rows
// pass could not group its rows (inner not a multiple of 16): its units would be single rows of a
// few bytes, a DMA and two vector calls per tap each; or, `always`, whatever inner is (a last-axis
// pass can be fused with the rows pass beside it, Fuse). (If its tables do not fit the UB, it stays
// a rows pass, but for `always`: see PlanOrder.)
bool FoldsChannels(const InterpolateProblem& p, const std::vector<int64_t>& order, size_t i, const PassShape& s,
                   bool always) {
    return order[i] == *std::max_element(order.begin(), order.end()) &&
           static_cast<size_t>(order[i]) + 1 < p.xShape.size() && (always || s.inner % 16 != 0);
}

// A core's cycles for a rows pass of single rows (group 1) cut in chunks of `chunk` elements, `run`
// output rows per unit reading a window of input rows by one DMA (run 1, window false: a DMA per
// tap), estimated with the cost model's published figures (docs/performance.md: ~10 B/cycle each way
// per core with every core active, +27 cycles per load and +12 per store, ~20 cycles per vector call,
// 64 float32 lanes a repeat, ~0.75 repeat/cycle for two-operand ops); a unit costs the slowest of its
// loads, its vector work and its stores (the queues overlap them), the busiest core ceil(units / cores),
// plus the first unit's loads and the last one's stores, which nothing overlaps.
double RowsPassCycles(const InterpolatePassTiling& t, uint64_t srcBytes, uint64_t dstBytes, uint32_t cores,
                      uint64_t chunk, uint64_t run, bool window) {
    const double ratio = static_cast<double>(t.inLen) / static_cast<double>(t.outLen);
    const uint64_t chunksPerRow = (static_cast<uint64_t>(t.inner) + chunk - 1) / chunk;
    const uint64_t units = static_cast<uint64_t>(t.outer) * ((static_cast<uint64_t>(t.outLen) + run - 1) / run) * chunksPerRow;
    const double repeats = static_cast<double>(chunk) / 64;
    const double cast = srcBytes == 4 ? 0 : 20 + repeats;
    const double vector = static_cast<double>(run) * (t.taps * (cast + 40 + repeats + repeats / 0.75) + 20 + repeats);
    const double store = static_cast<double>(run) * (12 + static_cast<double>(AlignUp(chunk * dstBytes, 32)) / 10);
    const double rowBytes = static_cast<double>(AlignUp(chunk * srcBytes, 32));
    const double rows = window ? std::min<double>(static_cast<double>(t.inLen), t.taps + 1 + std::ceil((run - 1) * ratio))
                               : static_cast<double>(t.taps);
    const double load = (window ? 27 : 27 * t.taps) + rows * rowBytes / 10;
    return static_cast<double>((units + cores - 1) / cores) * std::max({load, vector, store}) + load + store;
}

// Windows: a rows pass of single rows (group 1) whose output rows share input rows reads, per unit,
// the input rows of `run` consecutive output rows by one DMA, into an input slot grown into the UB the
// partition leaves over; its chunk may shrink so that more rows fit. Taken where RowsPassCycles says it
// is faster than a DMA per tap, with the chunk and run it finds fastest.
void AddWindows(const InterpolateProblem& p, const InterpolatePlatform& platform, InterpolateTilingData* d) {
    const uint32_t cores = std::max<uint32_t>(platform.coreNum, 1);
    const uint64_t elem = p.dataKind == 0 ? 4 : 2;
    for (int32_t i = 0; i < d->passCount; ++i) {
        InterpolatePassTiling& t = d->passes[i];
        const uint64_t used = static_cast<uint64_t>(t.tableBufBytes) + 2 * static_cast<uint64_t>(t.inBufBytes) +
                              5 * static_cast<uint64_t>(t.workBufBytes);
        const uint64_t slot = static_cast<uint64_t>(t.inBufBytes) + (platform.ubBytes - used) / 2 / 32 * 32;
        t.run = 1;
        const uint64_t srcBytes = i == 0 ? elem : 4, dstBytes = i + 1 == d->passCount ? elem : 4;
        if (t.kind != kPassRows || t.group != 1 || static_cast<uint64_t>(t.inner) * srcBytes > kMaxDmaGapBytes) continue;
        const double ratio = static_cast<double>(t.inLen) / static_cast<double>(t.outLen);
        if (ratio > t.taps) continue;   // consecutive output rows read rows with gaps between: nothing to share
        double best = RowsPassCycles(t, srcBytes, dstBytes, cores, static_cast<uint64_t>(t.chunk), 1, false);
        for (uint64_t chunk = static_cast<uint64_t>(t.chunk);; chunk = AlignUp(chunk / 2, 16)) {
            const uint64_t pitch = AlignUp(chunk * srcBytes, 32);
            const uint64_t window = std::min<uint64_t>({kMaxDmaBlockCount, slot / pitch, static_cast<uint64_t>(t.inLen)});
            // output rows whose input rows fit the window, and fewer for a better balance of the cores
            uint64_t most = window > static_cast<uint64_t>(t.taps)
                                ? std::min<uint64_t>(static_cast<uint64_t>(t.outLen),
                                                     1 + static_cast<uint64_t>(static_cast<double>(window - t.taps - 1) / ratio))
                                : 0;
            for (uint64_t run = most; run >= 1; run = run * 3 / 4) {
                const double cycles = RowsPassCycles(t, srcBytes, dstBytes, cores, chunk, run, true);
                if (cycles < best) {
                    best = cycles;
                    t.chunk = static_cast<int32_t>(chunk);
                    t.chunksPerRow = static_cast<int32_t>((static_cast<uint64_t>(t.inner) + chunk - 1) / chunk);
                    t.run = static_cast<int32_t>(run);
                    t.window = static_cast<int32_t>(window);
                    t.units = t.outer * ((t.outLen + t.run - 1) / t.run) * t.chunksPerRow;
                }
                if (run < 4) break;
            }
            if (chunk <= 64) break;
        }
        if (t.window > 0)
            t.inBufBytes = static_cast<int32_t>(std::max<uint64_t>(static_cast<uint64_t>(t.inBufBytes),
                                                                   static_cast<uint64_t>(t.window) * AlignUp(t.chunk * srcBytes, 32)));
    }
}

// The passes of one order: kinds, units, UB partition (the vectors shrink until everything fits, first
// with the fold, FoldsChannels) and windows. A last-axis pass's table holds the offsets of one row
// (rowTables: a Gather per row, the smallest table) or of its whole group (a Gather per group, up to
// 16320 outputs); foldAlways: FoldsChannels whatever the elements after the axis, and the folded
// pass kept even where it does not fit the UB (Fuse plans its UB in bands: such a plan runs fused or
// not at all, BestPlan). False when a table or a row does not fit the UB.
bool PlanOrder(const InterpolateProblem& p, const InterpolatePlatform& platform, const std::vector<int64_t>& order,
               bool rowTables, bool foldAlways, InterpolateTilingData* data) {
    const size_t rank = p.xShape.size();
    const std::vector<PassShape> shapes = PassShapes(p, order);
    size_t foldable = order.size();
    for (size_t i = 0; i < order.size(); ++i)
        if (FoldsChannels(p, order, i, shapes[i], foldAlways)) foldable = i;
    InterpolateTilingData& d = *data;
    d = InterpolateTilingData{};
    d.passCount = static_cast<int32_t>(order.size());
    d.dataKind = p.dataKind;
    // UB, each pass its own: its table, two input slots, two output slots and three float32 work
    // vectors, of which the kernel allocates workVectors (the rest stays free: larger vectors and
    // windows in it model slower). A pass combines vectors of up to V elements (whole rows of
    // several o, a chunk of a row, or several whole last-axis rows); V shrinks until they fit,
    // first with the fold (FoldsChannels).
    const uint64_t elem = p.dataKind == 0 ? 4 : 2;
    bool fitted = false;
    for (int attempt = foldable < order.size() ? 0 : 1; attempt < 2 && !fitted; ++attempt) {
        const bool fold = attempt == 0;
        fitted = true;
        for (size_t i = 0; i < order.size() && fitted; ++i) {
            bool passFits = false;
            for (uint64_t V = 8192; V >= 8 && !passFits; V /= 2) {
                uint64_t tableBuf = 0, inBuf = 32, workBuf = 32;
                bool ok = true;
                InterpolatePassTiling& t = d.passes[i];
                PassShape s = shapes[i];
                const uint64_t srcBytes = i == 0 ? elem : 4, dstBytes = i + 1 == order.size() ? elem : 4;
                t.workVectors = 1 + (srcBytes == 4 ? 0 : 1) + (dstBytes == 4 ? 0 : 1);
                const bool folded = fold && i == foldable;
                t.channels = folded ? static_cast<int32_t>(s.inner) : 1;
                if (folded) s = PassShape{s.outer, s.inLen * s.inner, s.outLen * s.inner, 1};
                t.outer = s.outer;
                t.inLen = s.inLen;
                t.outLen = s.outLen;
                t.inner = s.inner;
                t.axis = static_cast<int32_t>(order[i]);
                t.taps = p.taps[order[i]];
                t.unitWeights = !p.unitWeights.empty() && p.unitWeights[order[i]] ? 1 : 0;
                t.kind = static_cast<size_t>(order[i]) + 1 == rank || folded ? kPassLastAxis : kPassRows;
                if (t.kind == kPassLastAxis) {
                    const uint64_t outPad = AlignUp(static_cast<uint64_t>(s.outLen), 16);
                    const uint64_t pitch = AlignUp(static_cast<uint64_t>(s.inLen) * srcBytes, 32);
                    // rows per unit, but not so many that fewer than 4 units per core remain (the queues
                    // overlap one unit's DMA with another's vector work)
                    const uint64_t cores = 4 * static_cast<uint64_t>(std::max<uint32_t>(platform.coreNum, 1));
                    const uint64_t spread = (static_cast<uint64_t>(s.outer) + cores - 1) / cores;
                    uint64_t group = std::max<uint64_t>(1, std::min<uint64_t>({spread, V / outPad, kMaxDmaBlockCount}));
                    if (!rowTables) group = std::max<uint64_t>(1, std::min<uint64_t>(group, kMaxVectorCount / outPad));
                    if (outPad > kMaxVectorCount) ok = false;
                    t.chunk = static_cast<int32_t>(outPad);
                    t.chunksPerRow = 1;
                    t.group = static_cast<int32_t>(group);
                    t.tableRows = rowTables ? 1 : t.group;
                    t.rowPitch = static_cast<int32_t>(pitch);
                    const uint64_t tableBytes = 2 * static_cast<uint64_t>(t.taps) * t.tableRows * outPad * 4;
                    if (tableBytes > platform.ubBytes) ok = false;   // (and beyond int32)
                    t.tableBytes = static_cast<int32_t>(std::min<uint64_t>(tableBytes, INT32_MAX));
                    t.units = (s.outer + static_cast<int64_t>(group) - 1) / static_cast<int64_t>(group);
                    inBuf = std::max<uint64_t>(inBuf, group * pitch);
                    workBuf = std::max<uint64_t>(workBuf, group * outPad * 4);
                } else {
                    t.tableRows = 1;
                    const uint64_t inner = static_cast<uint64_t>(s.inner);
                    const bool grouped = inner % 16 == 0 && inner <= V &&
                                         (static_cast<uint64_t>(s.inLen) - 1) * inner * 4 <= kMaxDmaGapBytes &&
                                         (static_cast<uint64_t>(s.outLen) - 1) * inner * 4 <= kMaxDmaGapBytes;
                    if (grouped) {
                        // o per unit, but not so many that fewer than 4 units per core remain
                        const uint64_t cores = 4 * static_cast<uint64_t>(std::max<uint32_t>(platform.coreNum, 1));
                        const uint64_t spread = std::max<uint64_t>(1, static_cast<uint64_t>(s.outer * s.outLen) / cores);
                        const uint64_t group = std::max<uint64_t>(
                            1, std::min<uint64_t>({static_cast<uint64_t>(s.outer), spread, V / inner, kMaxDmaBlockCount}));
                        t.group = static_cast<int32_t>(group);
                        t.chunk = static_cast<int32_t>(group * inner);
                        t.chunksPerRow = 1;
                        t.units = (s.outer + static_cast<int64_t>(group) - 1) / static_cast<int64_t>(group) * s.outLen;
                    } else {
                        t.group = 1;
                        t.chunk = static_cast<int32_t>(inner <= V ? inner : V);
                        t.chunksPerRow = static_cast<int32_t>((inner + t.chunk - 1) / t.chunk);
                        t.units = s.outer * s.outLen * t.chunksPerRow;
                    }
                    t.rowPitch = 0;
                    const uint64_t tableBytes = 2 * AlignUp(static_cast<uint64_t>(s.outLen) * t.taps * 4, 32);
                    if (tableBytes > platform.ubBytes) ok = false;
                    t.tableBytes = static_cast<int32_t>(std::min<uint64_t>(tableBytes, INT32_MAX));
                    inBuf = std::max<uint64_t>(inBuf, AlignUp(static_cast<uint64_t>(t.chunk) * 4, 32));
                    workBuf = std::max<uint64_t>(workBuf, AlignUp(static_cast<uint64_t>(t.chunk) * 4, 32));
                }
                tableBuf = AlignUp(static_cast<uint64_t>(t.tableBytes), 32);
                inBuf = AlignUp(inBuf, 32);
                workBuf = AlignUp(workBuf, 32);
                // a pass folded only for the fused pass need not fit alone: Fuse plans its UB in bands
                const bool fusedOnly = foldAlways && folded;
                if (fusedOnly || (ok && tableBuf + 2 * inBuf + 5 * workBuf <= platform.ubBytes)) {
                    passFits = true;
                    t.inBufBytes = static_cast<int32_t>(inBuf);
                    t.workBufBytes = static_cast<int32_t>(workBuf);
                    t.outBufBytes = static_cast<int32_t>(workBuf);
                    t.tableBufBytes = static_cast<int32_t>(tableBuf);
                }
            }
            fitted = passFits;
        }
    }
    if (!fitted) return false;
    AddWindows(p, platform, &d);
    return true;
}

// A core's cycles for a planned launch, estimated with the same published figures as RowsPassCycles:
// per pass, its table's load, then ceil(units / cores) units, each the slowest of its loads, vector
// work and stores, and the first unit's load and the last one's store, which nothing overlaps. A
// last-axis unit: one DMA of its rows; per tableRows rows and tap a Gather (8 elements a cycle) and a
// Mul / MulAddDst; the stores.
double PlanCycles(const InterpolateTilingData& d, const InterpolatePlatform& platform) {
    const uint32_t cores = std::max<uint32_t>(platform.coreNum, 1);
    const uint64_t elem = d.dataKind == 0 ? 4 : 2;
    double cycles = 0;
    for (int32_t i = 0; i < d.passCount; ++i) {
        const InterpolatePassTiling& t = d.passes[i];
        const uint64_t srcBytes = i == 0 ? elem : 4, dstBytes = i + 1 == d.passCount ? elem : 4;
        cycles += 27 + static_cast<double>(t.tableBytes) / 10;
        if (t.kind == kPassRows) {
            if (t.group == 1) {
                cycles += RowsPassCycles(t, srcBytes, dstBytes, cores, static_cast<uint64_t>(t.chunk),
                                         static_cast<uint64_t>(t.run), t.window > 0);
                continue;
            }
            // grouped rows: per output row, a DMA of the group's rows per tap
            const double repeats = static_cast<double>(t.chunk) / 64;
            const double cast = srcBytes == 4 ? 0 : 20 + repeats;
            const double vector = t.taps * (cast + 40 + repeats + repeats / 0.75) + 20 + repeats;
            const double load = t.taps * (27 + static_cast<double>(t.chunk * srcBytes) / 10);
            const double store = 12 + static_cast<double>(t.chunk * dstBytes) / 10;
            cycles += static_cast<double>((static_cast<uint64_t>(t.units) + cores - 1) / cores) * std::max({load, vector, store}) +
                      load + store;
            continue;
        }
        const double rowRepeats = static_cast<double>(t.chunk) / 64;
        const double cast = srcBytes == 4 ? 0 : 20 + t.group * rowRepeats;
        const double calls = std::ceil(static_cast<double>(t.group) / t.tableRows);   // Gathers and Muls per tap
        const double vector = t.taps * (cast + calls * 40 + t.group * (static_cast<double>(t.chunk) / 8 + rowRepeats / 0.75)) +
                              20 + t.group * rowRepeats;
        const double load = 27 + static_cast<double>(t.group) * t.rowPitch / 10;
        const double store = 12 + static_cast<double>(t.group) * AlignUp(static_cast<uint64_t>(t.outLen) * dstBytes, 32) / 10;
        cycles += static_cast<double>((static_cast<uint64_t>(t.units) + cores - 1) / cores) * std::max({load, vector, store}) +
                  load + store;
    }
    return cycles;
}

// A core's cycles for a fused plan (the last axis and the rows pass of the axis before it at once,
// kernel FusedPass), with the figures of RowsPassCycles: per unit, the input rows its output rows
// read, each one DMA of its band's input and, last axis first, per last-axis tap a Gather and a Mul /
// MulAddDst (rows first: a copy into the ring); per output row a Muls and an Add per rows tap (rows
// first: over the band's input, then the last axis's Gathers) and a store; a unit costs the slowest
// of the three.
double FusedCycles(const InterpolateTilingData& d, const InterpolatePlatform& platform) {
    const uint32_t cores = std::max<uint32_t>(platform.coreNum, 1);
    const bool rowsFirst = d.passes[1].fuse == 2;
    const InterpolatePassTiling& last = d.passes[rowsFirst ? 1 : 0];
    const InterpolatePassTiling& rows = d.passes[rowsFirst ? 0 : 1];
    const double n = static_cast<double>(last.planes) * last.chunk, repeats = n / 64;
    // float16 / bfloat16: the band input is widened to float32 (Cast) and each output row narrowed
    const double elem = d.dataKind == 0 ? 4 : 2;
    const double inRepeats = static_cast<double>(last.inBufBytes) * (4 / elem) / 256;
    const double widen = elem == 4 ? 0 : 20 + inRepeats, narrow = elem == 4 ? 0 : 20 + repeats;
    const double ratio = static_cast<double>(rows.inLen) / static_cast<double>(rows.outLen);
    const double inputRows = std::min<double>(static_cast<double>(rows.inLen), rows.taps + std::ceil((rows.run - 1) * ratio));
    const double resize = std::ceil(static_cast<double>(last.taps) / last.group) * 20 +
                          last.taps * (20 + n / 8 + repeats / 0.75);
    const double combine = rowsFirst ? 20 + inRepeats + (rows.taps - 1) * (40 + inRepeats + inRepeats / 0.75)
                                     : 20 + repeats + (rows.taps - 1) * (40 + repeats + repeats / 0.75);
    const double perRow = rowsFirst ? 20 + inRepeats : widen + resize;   // rows first: a copy (or the Cast) into the ring
    const double perOut = (rowsFirst ? combine + resize : combine) + narrow;
    const double vector = inputRows * perRow + rows.run * perOut;
    const double loadRow = 27 + static_cast<double>(last.inBufBytes) / 10;
    const double load = inputRows * loadRow;
    const double store = rows.run * (12 + n * elem / 10);
    const double units = static_cast<double>((static_cast<uint64_t>(rows.units) + cores - 1) / cores);
    return 54 + static_cast<double>(last.tableBufBytes) / 10 + units * std::max({vector, load, store}) + loadRow +
           12 + n * elem / 10;
}

// The most elements of a source row of last-axis pass `last` that a band of `chunk` of its outputs
// reads (output o: position o / channels, channel o % channels), from the problem's tap bounds.
uint64_t BandInput(const InterpolateProblem& p, const InterpolatePassTiling& last, uint64_t chunk) {
    const size_t axis = static_cast<size_t>(last.axis);
    const int64_t channels = last.channels;
    if (axis >= p.tapLo.size() || p.tapLo[axis].size() * static_cast<uint64_t>(channels) != static_cast<uint64_t>(last.outLen) ||
        p.tapHi[axis].size() != p.tapLo[axis].size())
        return static_cast<uint64_t>(last.inLen);
    const std::vector<int64_t>& lo = p.tapLo[axis];
    const std::vector<int64_t>& hi = p.tapHi[axis];
    int64_t most = 0;
    for (int64_t first = 0; first < last.outLen; first += static_cast<int64_t>(chunk)) {
        const int64_t end = std::min<int64_t>(last.outLen, first + static_cast<int64_t>(chunk));
        // per position of the band, its first and last channel in the band (a position's outputs
        // read from lo * channels + channel to hi * channels + channel)
        const int64_t q0 = first / channels, q1 = (end - 1) / channels;
        int64_t a = INT64_MAX, z = -1;
        for (int64_t q = q0; q <= q1; ++q) {
            a = std::min(a, lo[q] * channels + (q == q0 ? first % channels : 0));
            z = std::max(z, hi[q] * channels + (q == q1 ? (end - 1) % channels : channels - 1));
        }
        most = std::max(most, z - a + 1);
    }
    return static_cast<uint64_t>(std::min<int64_t>(most, last.inLen));
}

// The fused variant of a plan of two passes (any dtype: the UB work is float32), the last axis and the rows pass of the axis
// before it over rows of the last axis's input or output, in either order (kernel FusedPass): the
// last axis's outputs in bands, and the planes (consecutive o, a divisor of outer) a unit takes at
// once, whose buffers fit the UB and whose FusedCycles are fewest (short rows of many planes: a
// vector instruction over several planes' rows instead of one each), as many output rows per unit
// as give each core one unit. False when the plan is not of that form or nothing fits.
bool Fuse(const InterpolateProblem& p, const InterpolatePlatform& platform, InterpolateTilingData* d) {
    if (d->passCount != 2) return false;
    const uint64_t elem = p.dataKind == 0 ? 4 : 2;   // x and y; the UB work is float32
    const bool rowsFirst = d->passes[0].kind == kPassRows;
    const int32_t li = rowsFirst ? 1 : 0, ri = rowsFirst ? 0 : 1;
    const InterpolatePassTiling& last = d->passes[li];
    const InterpolatePassTiling& rows = d->passes[ri];
    if (last.kind != kPassLastAxis || rows.kind != kPassRows || rows.axis + 1 != last.axis ||
        rows.inner != (rowsFirst ? last.inLen : last.outLen) ||
        (rowsFirst ? rows.outer * rows.outLen : rows.outer * rows.inLen) != last.outer || rows.taps > kInterpolateMaxRing)
        return false;
    const uint32_t cores = std::max<uint32_t>(platform.coreNum, 1);
    InterpolateTilingData best;
    double bestCycles = HUGE_VAL;
    const uint64_t outer = static_cast<uint64_t>(rows.outer);
    // several planes a unit: a DMA's blocks a plane apart (strides of 32 bits)
    const uint64_t planeBytes = 4 * std::max(static_cast<uint64_t>(rows.inLen) * (rowsFirst ? rows.inner : last.inLen),
                                             static_cast<uint64_t>(rows.outLen) * (rowsFirst ? last.outLen : rows.inner));
    const uint64_t maxPlanes = planeBytes <= UINT32_MAX ? 64 : 1;
    // the candidate plan, every field Fuse sets written for each candidate
    InterpolateTilingData c = *d;
    InterpolatePassTiling& l = c.passes[li];
    InterpolatePassTiling& r = c.passes[ri];
    for (uint64_t bands = 1; bands <= 64; ++bands) {
        const uint64_t chunk = AlignUp((static_cast<uint64_t>(last.outLen) + bands - 1) / bands, 64);
        if (chunk > kMaxVectorCount || (bands > 1 && (bands - 1) * chunk >= static_cast<uint64_t>(last.outLen))) continue;
        // the most input elements a band reads (whole rows when the taps are not known), per plane
        const uint64_t inElems = BandInput(p, last, chunk);
        for (uint64_t planes = 1; planes <= maxPlanes; ++planes) {   // the divisors of outer
            if (chunk * planes > kMaxVectorCount || outer % planes != 0) continue;
            // each plane's band input padded to 32 bytes (a DMA block each); as float32 (float16 /
            // bfloat16: widened)
            const uint64_t inBuf = planes * FusedPlanePitch(static_cast<int64_t>(inElems), static_cast<int64_t>(elem)) * elem;
            const uint64_t inFloat = inBuf / elem * 4;
            const uint64_t table = AlignUp(kFusedHeaderBytes + 2 * static_cast<uint64_t>(last.taps) * planes * chunk * 4, 32);
            const uint64_t vec = planes * chunk * 4;
            const uint64_t ring = static_cast<uint64_t>(rows.taps);
            // ring slots (rows first: of band inputs, and the combined row), float16 / bfloat16 the
            // widened band input (last axis first) and the float32 output row, then the work area: the
            // Gathers of all taps at once when they fit it (and one Gather's count), else one tap's
            const uint64_t extra = elem == 4 ? 0 : rowsFirst ? 1 : 2;
            const uint64_t slot = rowsFirst || elem != 4 ? std::max(inFloat, vec) : vec;
            const uint64_t before = ring + (rowsFirst ? 1 : 0) + extra;   // slots before the work area
            const uint64_t fixed = table + static_cast<uint64_t>(rows.tableBufBytes) + 2 * inBuf + 2 * (vec / 4 * elem) +
                                   before * slot;
            const uint64_t taps = static_cast<uint64_t>(last.taps);
            uint64_t group = taps * vec / 4 <= kMaxVectorCount && fixed + AlignUp(taps * vec, slot) <= platform.ubBytes ? taps : 1;
            const uint64_t slots = before + (group * vec + slot - 1) / slot;
            if (fixed + (slots - before) * slot > platform.ubBytes) continue;
            const uint64_t used = (static_cast<uint64_t>(last.outLen) + chunk - 1) / chunk;
            const uint64_t outLen = static_cast<uint64_t>(rows.outLen);
            const uint64_t outRows = outer / planes * outLen;
            // output rows per unit: as many as give each core one unit, or fewer, an output row's planes
            // in up to 16 runs (more units spread more evenly over the cores)
            const uint64_t one = std::max<uint64_t>(1, std::min<uint64_t>(outLen, (outRows * used + cores - 1) / cores));
            const auto consider = [&](uint64_t run) {
                l.fuse = rowsFirst ? 2 : 1;
                l.bands = static_cast<int32_t>(used);
                l.ring = static_cast<int32_t>(ring);
                l.chunk = static_cast<int32_t>(chunk);
                l.tableBufBytes = static_cast<int32_t>(table);
                l.tableBytes = static_cast<int32_t>(table * used);
                l.inBufBytes = static_cast<int32_t>(inBuf);
                l.outBufBytes = static_cast<int32_t>(vec / 4 * elem);
                l.workBufBytes = static_cast<int32_t>(slot);
                l.workVectors = static_cast<int32_t>(slots);
                l.group = static_cast<int32_t>(group);
                l.tableRows = 1;
                l.planes = static_cast<int32_t>(planes);
                r.run = static_cast<int32_t>(run);
                r.window = 0;
                r.chunk = static_cast<int32_t>(chunk);
                r.chunksPerRow = 1;
                r.group = 1;
                r.units = static_cast<int64_t>(used) * (r.outer / static_cast<int64_t>(planes)) * ((r.outLen + r.run - 1) / r.run);
                const double cycles = FusedCycles(c, platform);
                if (cycles < bestCycles) {
                    bestCycles = cycles;
                    best = c;
                }
            };
            consider(one);
            for (uint64_t k = 2; k <= 16; ++k)
                if ((outLen + k - 1) / k < one) consider((outLen + k - 1) / k);
        }
    }
    if (bestCycles == HUGE_VAL) return false;
    *d = best;
    return true;
}

constexpr double kFusedMargin = 0.9;

// Which plans BestPlan weighs: all, the fused ones only, or the unfused ones only.
enum class Fusion { kAny, kFused, kUnfused };

bool IsFused(const InterpolateTilingData& d) { return d.passCount == 2 && (d.passes[0].fuse != 0 || d.passes[1].fuse != 0); }

// The faster plan of one order (row or group last-axis tables; fused, also with channels folded
// into the last-axis pass where they would not be, FoldsChannels) among those `fusion` admits, in
// *out, and its cycles; infinite when none fits.
double BestPlan(const InterpolateProblem& p, const InterpolatePlatform& platform, const std::vector<int64_t>& order,
                InterpolateTilingData* out, Fusion fusion = Fusion::kAny) {
    InterpolateTilingData candidate;
    double best = HUGE_VAL;
    const std::vector<PassShape> shapes = PassShapes(p, order);
    bool foldChanges = false;   // whether folding always makes other passes than the default
    for (size_t i = 0; i < order.size(); ++i)
        foldChanges = foldChanges || (FoldsChannels(p, order, i, shapes[i], true) && !FoldsChannels(p, order, i, shapes[i], false));
    for (bool foldAlways : {false, true}) {
        for (bool rowTables : {false, true}) {
            if (foldAlways && !foldChanges) continue;
            if (!PlanOrder(p, platform, order, rowTables, foldAlways, &candidate)) continue;
            const double cycles = PlanCycles(candidate, platform);
            // the extra fold only for the fused pass: unfused, the rows pass groups those rows
            if (!foldAlways && fusion != Fusion::kFused && cycles < best) {
                best = cycles;
                *out = candidate;
            }
            // a fused plan counts its estimate over kFusedMargin: it is taken where it beats the others by
            // more than their estimates' error, here and across pass orders (the estimates of window passes
            // run up to 10% high: a down-scale by 2 with 8 taps, 83.9k cycles estimated for 76.3k modelled,
            // where the fused plan's 77.9k estimated are 78.9k modelled)
            if (fusion != Fusion::kUnfused && Fuse(p, platform, &candidate)) {
                const double fused = FusedCycles(candidate, platform) / kFusedMargin;
                if (fused < best) {
                    best = fused;
                    *out = candidate;
                }
            }
        }
    }
    return best;
}

}  // namespace

std::vector<int64_t> PadIndices(const std::vector<int64_t>& start, const std::vector<int64_t>& index) {
    std::vector<int64_t> pad(start.empty() ? 0 : start.size() - 1);
    int64_t carried = index.empty() ? 0 : index[0];
    for (size_t x = 0; x < pad.size(); ++x) {
        if (start[x + 1] > start[x]) carried = index[start[x + 1] - 1];
        pad[x] = carried;
    }
    return pad;
}

void TapBounds(const std::vector<int64_t>& start, const std::vector<int64_t>& index, std::vector<int64_t>* lo,
               std::vector<int64_t>* hi) {
    const std::vector<int64_t> pad = PadIndices(start, index);
    lo->assign(pad.begin(), pad.end());
    hi->assign(pad.begin(), pad.end());
    for (size_t x = 0; x < pad.size(); ++x)
        for (int64_t t = start[x]; t < start[x + 1]; ++t) {
            (*lo)[x] = std::min((*lo)[x], index[t]);
            (*hi)[x] = std::max((*hi)[x], index[t]);
        }
}

double PassOrderCycles(const InterpolateProblem& p, const InterpolatePlatform& platform,
                       const std::vector<int64_t>& order) {
    InterpolateTilingData unused;
    return BestPlan(p, platform, order, &unused);
}

bool ComputeInterpolateTiling(const InterpolateProblem& p, const InterpolatePlatform& platform,
                              InterpolateTilingResult* out, std::string* why) {
    const size_t rank = p.xShape.size();
    if (rank == 0 || p.yShape.size() != rank || p.taps.size() != rank) {
        *why = "shapes and taps must have the rank of x";
        return false;
    }
    if (p.axes.empty() || p.axes.size() > static_cast<size_t>(kInterpolateMaxPasses)) {
        *why = "the kernel takes 1 to 8 resized axes";
        return false;
    }
    if (p.dataKind < 0 || p.dataKind > 2) {
        *why = "dtype must be float32, float16 or bfloat16";
        return false;
    }
    for (int64_t a : p.axes)
        if (a < 0 || static_cast<size_t>(a) >= rank || p.taps[a] < 1 || p.xShape[a] < 1 || p.yShape[a] < 1) {
            *why = "every resized axis needs an input and an output element and at least one tap";
            return false;
        }
    // Every pass order's intermediates have at most prod(max(in, out)) elements: bounded, no size
    // product below (rows, bytes moved, offsets) overflows
    uint64_t span = 1;
    for (size_t d = 0; d < rank; ++d)
        if (p.xShape[d] < 0 || p.yShape[d] < 0 || p.taps[d] > kMaxKernelTaps ||
            __builtin_mul_overflow(span, static_cast<uint64_t>(std::max(p.xShape[d], p.yShape[d])), &span) ||
            span > kMaxKernelElements) {
            *why = "the intermediates of some pass order, or an axis's taps, are beyond the kernel's 2^48 elements "
                   "(2^16 taps)";
            return false;
        }
    // the order whose plan is fastest by PassOrderCycles (every order for up to 6 axes, else the given
    // order sorted by shrinking ratio), estimated on kOrderCores cores whatever the platform's count:
    // the order sets the rounding, which must not depend on the core count
    std::vector<int64_t> order = p.axes;
    std::sort(order.begin(), order.end());
    const InterpolatePlatform reference{kOrderCores, platform.ubBytes};
    std::vector<int64_t> best;
    double bestCycles = HUGE_VAL;
    InterpolateTilingData onReference, candidate;   // the best order's plan on kOrderCores cores
    auto consider = [&](const std::vector<int64_t>& o) {
        const double cycles = BestPlan(p, reference, o, &candidate);
        if (cycles < bestCycles) {
            best = o;
            bestCycles = cycles;
            onReference = candidate;
        }
    };
    if (order.size() <= 6) {
        do consider(order);
        while (std::next_permutation(order.begin(), order.end()));
    } else {
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
            return p.yShape[a] * p.xShape[b] < p.yShape[b] * p.xShape[a];
        });
        consider(order);
    }
    // the plan of that order on the platform, with the faster of the two last-axis tables; fused or
    // not as on kOrderCores cores, so that a platform of a few cores (the CPU fallback's) runs the
    // NPU's plan, whose fused pass moves no intermediate through GM
    InterpolateTilingData& d = out->data;
    double planCycles = bestCycles;
    if (best.empty()) {
        planCycles = HUGE_VAL;
    } else if (platform.coreNum == kOrderCores) {
        d = onReference;
    } else {
        planCycles = BestPlan(p, platform, best, &d, IsFused(onReference) ? Fusion::kFused : Fusion::kUnfused);
        if (planCycles == HUGE_VAL) planCycles = BestPlan(p, platform, best, &d);
    }
    if (planCycles == HUGE_VAL) {
        *why = "an axis table or a last-axis row does not fit the UB";
        return false;
    }
    const std::vector<PassShape> shapes = PassShapes(p, best);
    // work split: one block dim for all passes (SyncAll between them), each pass's units spread evenly
    uint64_t maxUnits = 1;
    for (size_t i = 0; i < best.size(); ++i) maxUnits = std::max<uint64_t>(maxUnits, static_cast<uint64_t>(d.passes[i].units));
    const uint32_t blockDim = static_cast<uint32_t>(std::min<uint64_t>(std::max<uint32_t>(platform.coreNum, 1), maxUnits));
    // workspace: tiling data, tables, then two float32 intermediate buffers
    uint64_t offset = AlignUp(sizeof(InterpolateTilingData), kAlign);
    for (size_t i = 0; i < best.size(); ++i) {
        InterpolatePassTiling& t = d.passes[i];
        t.unitsPerCore = (t.units + blockDim - 1) / blockDim;
        t.tableOffset = static_cast<int64_t>(offset);
        offset = AlignUp(offset + static_cast<uint64_t>(t.tableBytes), kAlign);
    }
    uint64_t intermediate = 0;
    for (size_t i = 0; i + 1 < best.size(); ++i)
        intermediate = std::max<uint64_t>(intermediate, static_cast<uint64_t>(shapes[i].outer * shapes[i].outLen * shapes[i].inner));
    const uint64_t bufBytes = AlignUp(intermediate * 4, kAlign);
    for (size_t i = 0; i < best.size(); ++i) {
        InterpolatePassTiling& t = d.passes[i];
        t.srcOffset = i == 0 ? -1 : static_cast<int64_t>(offset + ((i - 1) % 2) * bufBytes);
        t.dstOffset = i + 1 == best.size() ? -1 : static_cast<int64_t>(offset + (i % 2) * bufBytes);
    }
    // a fused plan (two passes, one launch of one pass) moves nothing through the workspace
    const bool fused = IsFused(d);
    const uint64_t buffers = best.size() >= 3 ? 2 : best.size() == 2 && !fused ? 1 : 0;
    out->workspaceBytes = offset + buffers * bufBytes;
    out->blockDim = blockDim;
    out->tilingKey = MakeTilingKey(p.dataKind);
    out->modelledCycles = planCycles;
    return true;
}

namespace {

std::vector<int64_t> DimsOf(const gert::Shape& s) {
    std::vector<int64_t> v(s.GetDimNum());
    for (size_t i = 0; i < v.size(); ++i) v[i] = s.GetDim(i);
    return v;
}

// The kernel's problem from a TilingContext of Interpolate (adjoint false: x -> y, each axis's taps)
// or of InterpolateGrad (true: y_grad -> x_grad, each axis's transposed taps; the same attributes,
// which describe the forward x -> y).
ge::graphStatus TileResize(gert::TilingContext* context, bool adjoint) {
    const gert::StorageShape* inShape = context->GetInputShape(0);
    const gert::StorageShape* outShape = context->GetOutputShape(0);
    const gert::CompileTimeTensorDesc* inDesc = context->GetInputDesc(0);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (inShape == nullptr || outShape == nullptr || inDesc == nullptr || attrs == nullptr) return ge::GRAPH_FAILED;
    // the forward's shapes
    const std::vector<int64_t> fwdX = DimsOf((adjoint ? outShape : inShape)->GetStorageShape());
    const std::vector<int64_t> fwdY = DimsOf((adjoint ? inShape : outShape)->GetStorageShape());
    InterpolateProblem p;
    p.xShape = adjoint ? fwdY : fwdX;
    p.yShape = adjoint ? fwdX : fwdY;
    const size_t rank = p.xShape.size();
    if (rank == 0 || rank > static_cast<size_t>(kInterpolateMaxPasses) || p.yShape.size() != rank) return ge::GRAPH_FAILED;
    switch (inDesc->GetDataType()) {
        case ge::DT_FLOAT: p.dataKind = 0; break;
        case ge::DT_FLOAT16: p.dataKind = 1; break;
        case ge::DT_BF16: p.dataKind = 2; break;
        default: return ge::GRAPH_FAILED;
    }
    aicpu::KernelArgs args;
    args.adjoint = adjoint ? 1 : 0;
    args.mode = opattr::IndexOfName(attrs->GetStr(kAttrMode), opattr::kInterpolateModes);
    args.coordMode = opattr::IndexOfName(attrs->GetStr(kAttrCoordinateTransformationMode), opattr::kInterpolateCoordModes);
    args.nearestMode = opattr::IndexOfName(attrs->GetStr(kAttrNearestMode), opattr::kInterpolateNearestModes);
    const bool* antialias = attrs->GetBool(kAttrAntialias);
    const float* cubeCoeff = attrs->GetFloat(kAttrCubeCoeff);
    if (args.mode < 0 || args.coordMode < 0 || args.nearestMode < 0 || antialias == nullptr || cubeCoeff == nullptr)
        return ge::GRAPH_FAILED;
    for (size_t index : {kAttrPadsBegin, kAttrPadsEnd}) {
        const gert::TypedContinuousVector<int64_t>* pads = attrs->GetListInt(index);
        if (pads != nullptr)
            for (size_t i = 0; i < pads->GetSize(); ++i)
                if (pads->GetData()[i] != 0) return ge::GRAPH_FAILED;   // padding runs on the AI CPU
    }
    const gert::TypedContinuousVector<int64_t>* axes = attrs->GetListInt(kAttrAxes);
    std::vector<int64_t> named;
    if (axes != nullptr && axes->GetSize() > 0) named.assign(axes->GetData(), axes->GetData() + axes->GetSize());
    else
        for (size_t d = 0; d < rank; ++d) named.push_back(static_cast<int64_t>(d));
    // Interpolate-11: an axis whose length does not change is not resampled; linear's antialias is in
    // effect once some axis is downscaled, and then stretches the filter of every axis
    bool shrinks = false;
    for (int64_t a : named) {
        if (a < 0 || static_cast<size_t>(a) >= rank || fwdX[a] < 1) return ge::GRAPH_FAILED;
        if (fwdY[a] != fwdX[a]) p.axes.push_back(a);
        if (fwdY[a] < fwdX[a]) shrinks = true;
    }
    args.antialias = *antialias && shrinks ? 1 : 0;
    args.cubeCoeff = *cubeCoeff;
    p.taps.assign(rank, 0);
    for (int64_t a : p.axes) {
        aicpu::Pass pass;
        pass.axis = static_cast<int32_t>(a);
        pass.resized = 1;
        pass.inLen = pass.paddedLen = fwdX[a];
        pass.outLen = fwdY[a];
        pass.scale = static_cast<double>(pass.outLen) / static_cast<double>(pass.inLen);
        const aicpu::AxisTaps taps = aicpu::PassTaps(args, pass);
        int64_t most = 1;
        for (size_t o = 0; o + 1 < taps.start.size(); ++o) most = std::max(most, taps.start[o + 1] - taps.start[o]);
        if (most > INT32_MAX) return ge::GRAPH_FAILED;
        p.taps[a] = static_cast<int32_t>(most);
        bool unit = most == 1 && taps.index.size() + 1 == taps.start.size();
        for (size_t o = 0; unit && o + 1 < taps.start.size(); ++o)
            unit = taps.start[o + 1] - taps.start[o] == 1 && taps.weight[static_cast<size_t>(taps.start[o])] == 1.0;
        p.unitWeights.resize(rank, 0);
        p.unitWeights[a] = unit ? 1 : 0;
        p.tapLo.resize(rank);
        p.tapHi.resize(rank);
        TapBounds(taps.start, taps.index, &p.tapLo[a], &p.tapHi[a]);
    }
    for (size_t d = 0; d < rank; ++d)
        if (p.taps[d] == 0 && p.xShape[d] != p.yShape[d]) return ge::GRAPH_FAILED;

    gridsample::TilingPlatform target;
    std::string why;
    if (!gridsample::ReadTilingPlatform(context, &target, &why)) return ge::GRAPH_FAILED;
    InterpolatePlatform platform;
    platform.coreNum = target.coreNum;
    platform.ubBytes = target.ubBytes;

    InterpolateTilingResult tiling;
    if (!ComputeInterpolateTiling(p, platform, &tiling, &why)) return ge::GRAPH_FAILED;
    // the tiling's own workspace (tiling data, axis tables, intermediates) follows the system workspace,
    // which the SyncAll between passes needs; the kernel finds it with GetUserWorkspace
    return gridsample::WriteTiling(context, tiling.data, tiling.blockDim, tiling.tilingKey, target, tiling.workspaceBytes);
}

}  // namespace

ge::graphStatus InterpolateTilingFunc(gert::TilingContext* context) { return TileResize(context, false); }
ge::graphStatus InterpolateGradTilingFunc(gert::TilingContext* context) { return TileResize(context, true); }

}  // namespace interp
