// Interpolate's tiling (op_host/interpolate_tiling_func.cpp) called directly with shapes and
// platforms, its gert adapter and infer-shape through the OpDef registry: pass order by estimated cycles,
// pass kinds, work split, UB partition within the platform's UB, workspace layout, tiling keys; and
// InterpolateGrad's infer-shape and tiling adapter (the transposed tap counts).
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/context_builder/op_infer_shape_context_builder.h"
#include "base/context_builder/op_tiling_context_builder.h"
#include "check.h"
#include "exe_graph/runtime/continuous_vector.h"
#include "gert_helpers.h"
#include "op_host/aicpu/interpolate_aicpu.h"
#include "op_host/interpolate_op_impl.h"
#include "op_host/tiling_platform.h"
#include "platform/platform_infos_def.h"

using namespace interp;

namespace {

InterpolateProblem Problem(std::vector<int64_t> x, std::vector<int64_t> y, std::vector<int64_t> axes, int32_t taps,
                           int32_t kind = 0) {
    InterpolateProblem p;
    p.dataKind = kind;
    p.xShape = x;
    p.yShape = y;
    p.axes = axes;
    p.taps.assign(x.size(), 0);
    for (int64_t a : axes) p.taps[a] = taps;
    return p;
}

// Every UB buffer the kernel inits fits the platform's UB; the work split covers every unit once.
void CheckInvariants(const InterpolateTilingResult& r, const InterpolatePlatform& platform) {
    const InterpolateTilingData& d = r.data;
    CHECK(r.blockDim >= 1 && r.blockDim <= platform.coreNum);
    uint64_t end = sizeof(InterpolateTilingData);
    for (int32_t i = 0; i < d.passCount; ++i) {
        const InterpolatePassTiling& t = d.passes[i];
        // a fused last-axis pass (fuse 1: the rows pass after it, 2: before it)
        const bool fused = t.fuse != 0;
        const bool fusedRows = (i > 0 && d.passes[i - 1].fuse == 1) || (i + 1 < d.passCount && d.passes[i + 1].fuse == 2);
        const int32_t rowsAt = t.fuse == 2 ? i - 1 : i + 1;
        // each pass's UB partition (the kernel resets the pipe between passes; a fused pass holds the
        // rows pass's table too)
        const uint64_t ub = 2ull * t.inBufBytes + 2ull * t.outBufBytes +
                            static_cast<uint64_t>(t.workVectors) * t.workBufBytes + t.tableBufBytes +
                            (fused ? static_cast<uint64_t>(d.passes[rowsAt].tableBufBytes) : 0);
        // one work vector, one more to widen a non-float32 source, one more to narrow a non-float32 output;
        // a fused pass: its ring and one
        const int32_t widen = i == 0 && d.dataKind != 0 ? 1 : 0, narrow = i + 1 == d.passCount && d.dataKind != 0 ? 1 : 0;
        // (a fused pass: its ring, rows first the combined row, float16 / bfloat16 the widened band
        // input (last axis first) and the float32 output row, and its work area: group taps' Gathers
        // over a row of its planes)
        const int64_t row = fused ? static_cast<int64_t>(t.planes) * t.chunk : 0;   // a fused row's outputs
        const int32_t halves = d.dataKind == 0 ? 0 : t.fuse == 2 ? 1 : 2;
        CHECK(t.workVectors == (fused ? t.ring + t.fuse - 1 + halves + (t.group * row * 4 + t.workBufBytes - 1) / t.workBufBytes
                                      : 1 + widen + narrow));
        if (fused) CHECK((t.group == 1 || t.group == t.taps) && t.group * row <= 16320);
        if (fused) {
            // the last axis and the rows pass of the axis before it over its rows, x to y
            CHECK(d.passCount == 2 && rowsAt >= 0 && rowsAt < d.passCount && t.kind == kPassLastAxis);
            const InterpolatePassTiling& rows = d.passes[rowsAt];
            CHECK(rows.kind == kPassRows && rows.axis + 1 == t.axis && rows.window == 0);
            CHECK(rows.inner == (t.fuse == 1 ? t.outLen : t.inLen));
            CHECK(t.ring == rows.taps && t.ring <= kInterpolateMaxRing);
            // bands of whole repeats, each band's table one slot, every output in a band
            CHECK(t.chunk % 64 == 0 && t.chunk <= 16320 && t.bands >= 1);
            CHECK(static_cast<int64_t>(t.bands) * t.chunk >= t.outLen && static_cast<int64_t>(t.bands - 1) * t.chunk < t.outLen);
            CHECK(t.tableBytes == t.bands * t.tableBufBytes && t.tableBufBytes >= kFusedHeaderBytes + 2 * t.taps * row * 4);
            // planes: consecutive o of the rows pass, each a block of the band's input padded to 32 bytes
            CHECK(t.planes >= 1 && t.planes <= 64 && rows.outer % t.planes == 0);
            // several planes: the DMA strides between them (a plane of the rows pass's input and
            // output) fit their 32 bits
            const uint64_t inPlane = 4ull * rows.inLen * (t.fuse == 1 ? t.inLen : rows.inner);
            const uint64_t outPlane = 4ull * rows.outLen * (t.fuse == 1 ? rows.inner : t.outLen);
            CHECK(t.planes == 1 || (inPlane <= UINT32_MAX && outPlane <= UINT32_MAX));
            // the band input as x's elements, each work vector (a ring row) holds it as float32
            const int64_t elem = d.dataKind == 0 ? 4 : 2;
            CHECK(t.workBufBytes >= row * 4 && t.outBufBytes == row * elem && t.inBufBytes <= t.planes * (t.inLen * elem + 31));
            if (t.fuse == 2 || elem != 4) CHECK(t.workBufBytes >= t.inBufBytes / elem * 4);
            CHECK(rows.units == t.bands * (rows.outer / t.planes) * ((rows.outLen + rows.run - 1) / rows.run));
        }
        CHECK_MSG(ub <= platform.ubBytes, std::to_string(ub) + " > " + std::to_string(platform.ubBytes));
        CHECK(t.inBufBytes % 32 == 0 && t.outBufBytes % 32 == 0 && t.workBufBytes % 32 == 0 && t.tableBufBytes % 32 == 0);
        CHECK(t.unitsPerCore * r.blockDim >= t.units);
        CHECK(t.tableBytes <= t.tableBufBytes || (fused && t.tableBytes == t.bands * t.tableBufBytes));
        CHECK(static_cast<uint64_t>(t.tableOffset) >= end);   // tables do not overlap
        end = t.tableOffset + t.tableBytes;
        CHECK((t.srcOffset < 0) == (i == 0));
        CHECK((t.dstOffset < 0) == (i + 1 == d.passCount));
        if (fusedRows) {
        } else if (t.kind == kPassRows) CHECK(t.chunk * 4 <= t.inBufBytes && t.chunk * 4 <= t.workBufBytes);
        else if (!fused) CHECK(static_cast<int64_t>(t.group) * t.rowPitch <= t.inBufBytes &&
                   static_cast<int64_t>(t.group) * t.chunk * 4 <= t.workBufBytes && t.chunk <= 16320 &&
                   t.rowPitch >= t.inLen * (i == 0 ? (d.dataKind == 0 ? 4 : 2) : 4));
        // grouped rows: whole rows of 16n elements, so no DMA block is padded in the UB
        if (t.kind == kPassRows && t.group > 1) CHECK(t.inner % 16 == 0 && t.chunk == t.group * t.inner);
        // channels fold into last-axis rows only: whole positions per row
        CHECK(t.channels >= 1 && (t.kind == kPassLastAxis || t.channels == 1));
        CHECK(t.inLen % t.channels == 0 && t.outLen % t.channels == 0);
        CHECK(t.group >= 1 && t.group <= 4095);
        // a window: single rows, a DMA of at most 4095 rows of the chunk padded to 32 bytes in one input slot
        CHECK(t.window >= 0 && t.window <= 4095 && t.run >= 1 && t.run <= t.outLen);
        if (t.window > 0) {
            const int64_t src = i == 0 && d.dataKind != 0 ? 2 : 4;
            CHECK(t.kind == kPassRows && t.group == 1 && t.window > t.taps);
            CHECK(static_cast<int64_t>(t.window) * ((t.chunk * src + 31) / 32 * 32) <= t.inBufBytes);
            CHECK(t.units == t.outer * ((t.outLen + t.run - 1) / t.run) * t.chunksPerRow);
        } else if (!fusedRows) {
            CHECK(t.run == 1);
        }
    }
    CHECK(r.workspaceBytes >= end);
    // the hard SyncAll between passes needs a non-zero tiling workspace (SyncAll page,
    // atlasascendc_api_07_0204); it always holds the tiling data
    CHECK(r.workspaceBytes >= sizeof(InterpolateTilingData));
}

}  // namespace

TEST_CASE("tiling keys are 3000 + 10 * dtype") {
    InterpolatePlatform platform;
    for (int32_t kind : {0, 1, 2}) {
        InterpolateTilingResult r;
        std::string why;
        CHECK(ComputeInterpolateTiling(Problem({1, 3, 8, 8}, {1, 3, 4, 16}, {2, 3}, 2, kind), platform, &r, &why));
        CHECK(r.tilingKey == 3000u + 10u * kind);
    }
}

TEST_CASE("pass order: the order of the fewest estimated cycles, shrinking axes first") {
    InterpolatePlatform platform;
    InterpolateTilingResult r;
    std::string why;
    // H shrinks 16x, W grows 4x: H first
    const InterpolateProblem down = Problem({1, 1, 256, 16}, {1, 1, 16, 64}, {3, 2}, 2, 1);
    CHECK(ComputeInterpolateTiling(down, platform, &r, &why));
    CHECK(r.data.passCount == 2 && r.data.passes[0].axis == 2 && r.data.passes[1].axis == 3);
    CHECK(r.data.passes[0].kind == kPassRows && r.data.passes[1].kind == kPassLastAxis);
    CHECK(r.modelledCycles == PassOrderCycles(down, platform, {2, 3}));
    CHECK(PassOrderCycles(down, platform, {2, 3}) < PassOrderCycles(down, platform, {3, 2}));
    CheckInvariants(r, platform);
    // W shrinks: W first
    const InterpolateProblem wide = Problem({1, 1, 16, 256}, {1, 1, 64, 16}, {2, 3}, 2, 1);
    CHECK(ComputeInterpolateTiling(wide, platform, &r, &why));
    CHECK(r.data.passes[0].axis == 3 && r.data.passes[1].axis == 2);
    CheckInvariants(r, platform);
}

TEST_CASE("float32: the last axis fused with the rows pass before it, band inputs from the tap bounds") {
    InterpolatePlatform platform;
    InterpolateTilingResult r;
    std::string why;
    // NHWC, 3 channels, cubic x2: W (folded with its channels) then H, one unit per core
    InterpolateProblem p = Problem({1, 512, 512, 3}, {1, 1024, 1024, 3}, {1, 2}, 4);
    CHECK(ComputeInterpolateTiling(p, platform, &r, &why));
    CheckInvariants(r, platform);
    CHECK(r.data.passCount == 2 && r.data.passes[0].axis == 2 && r.data.passes[0].fuse == 1);
    CHECK(r.data.passes[0].channels == 3 && r.data.passes[1].units == static_cast<int64_t>(r.blockDim));
    // without tap bounds a band reads whole rows
    const InterpolatePassTiling& unknown = r.data.passes[0];
    if (unknown.bands > 1) CHECK(unknown.inBufBytes == 512 * 3 * 4);
    // each output w reads positions floor((w + 0.5) / 2 - 0.5) - 1 .. + 2, clamped
    p.tapLo.assign(4, {});
    p.tapHi.assign(4, {});
    for (int64_t w = 0; w < 1024; ++w) {
        const int64_t c = static_cast<int64_t>(std::floor((w + 0.5) / 2 - 0.5));
        p.tapLo[2].push_back(std::max<int64_t>(0, c - 1));
        p.tapHi[2].push_back(std::min<int64_t>(511, c + 2));
    }
    CHECK(ComputeInterpolateTiling(p, platform, &r, &why));
    CheckInvariants(r, platform);
    const InterpolatePassTiling& known = r.data.passes[0];
    CHECK(known.fuse == 1 && known.bands > 1);
    // a band of chunk outputs (chunk / 3 positions) reads about half as many positions, and 4 taps
    CHECK(known.inBufBytes <= ((known.chunk / 3 / 2 + 5) * 3 * 4 + 31) / 32 * 32);
    // NHWC down by 2, 8 taps (antialiased bicubic): H first, each input row loaded once into a ring
    InterpolateProblem down = Problem({1, 1024, 1024, 3}, {1, 512, 512, 3}, {1, 2}, 8);
    down.tapLo.assign(4, {});
    down.tapHi.assign(4, {});
    for (int64_t w = 0; w < 512; ++w) {
        down.tapLo[2].push_back(std::max<int64_t>(0, 2 * w - 3));
        down.tapHi[2].push_back(std::min<int64_t>(1023, 2 * w + 4));
    }
    CHECK(ComputeInterpolateTiling(down, platform, &r, &why));
    CheckInvariants(r, platform);
    CHECK(r.data.passes[0].axis == 1 && r.data.passes[0].kind == kPassRows && r.data.passes[1].fuse == 2);
    CHECK(r.data.passes[1].ring == 8 && r.data.passes[0].units == static_cast<int64_t>(r.blockDim));
    // NHWC with 64 channels (a rows pass would group them): the W pass folds its channels for the
    // fused pass, in bands (a whole folded row's table does not fit the UB)
    CHECK(ComputeInterpolateTiling(Problem({8, 64, 64, 64}, {8, 128, 128, 64}, {1, 2}, 2), platform, &r, &why));
    CheckInvariants(r, platform);
    const InterpolatePassTiling& wide = r.data.passes[r.data.passes[0].fuse == 1 ? 0 : 1];
    CHECK(wide.fuse != 0 && wide.axis == 2 && wide.channels == 64 && wide.bands > 1);
    // float16 too; three passes are not fused
    CHECK(ComputeInterpolateTiling(Problem({1, 512, 512, 3}, {1, 1024, 1024, 3}, {1, 2}, 4, 1), platform, &r, &why));
    CheckInvariants(r, platform);
    CHECK(r.data.passes[0].fuse == 1);
    CHECK(ComputeInterpolateTiling(Problem({2, 40, 50, 3}, {3, 80, 100, 3}, {0, 1, 2}, 2), platform, &r, &why));
    for (int32_t i = 0; i < r.data.passCount; ++i) CHECK(r.data.passes[i].fuse == 0);
}

TEST_CASE("float32 fused: short rows of many planes, several planes a unit") {
    InterpolatePlatform platform;
    InterpolateTilingResult r;
    std::string why;
    // NCHW 64x64 -> 128x128 of 512 planes: rows of 64 and 128 floats, a vector instruction each
    // unless a unit takes several planes
    for (int32_t taps : {1, 2, 4}) {
        CHECK(ComputeInterpolateTiling(Problem({8, 64, 64, 64}, {8, 64, 128, 128}, {2, 3}, taps), platform, &r, &why));
        CheckInvariants(r, platform);
        const InterpolatePassTiling& last = r.data.passes[r.data.passes[0].fuse == 1 ? 0 : 1];
        CHECK(last.fuse != 0 && last.planes > 1 && last.bands == 1);
    }
}

TEST_CASE("work split and UB partition on every platform size; the pass order on any core count") {
    std::string why;
    for (uint64_t ub : {64ull * 1024, 120ull * 1024, 184ull * 1024}) {
        for (const auto& p : {Problem({8, 64, 64, 64}, {8, 64, 128, 128}, {2, 3}, 2),
                              Problem({1, 3, 1024, 1024}, {1, 3, 512, 512}, {2, 3}, 4),
                              Problem({1, 1024, 1024, 3}, {1, 512, 512, 3}, {1, 2}, 8),
                              Problem({2, 3, 4, 5, 6}, {3, 2, 7, 1, 9}, {0, 1, 2, 3, 4}, 4, 1),
                              Problem({5, 100000}, {5, 3}, {1}, 1, 2)}) {
            std::vector<int32_t> order48;
            for (uint32_t cores : {48u, 1u, 8u, 40u}) {
                InterpolatePlatform platform{cores, ub};
                InterpolateTilingResult r;
                const bool ok = ComputeInterpolateTiling(p, platform, &r, &why);
                // a 100000-element last-axis row fits no UB here
                CHECK_MSG(ok == (p.xShape.back() != 100000), why);
                if (!ok) continue;
                CheckInvariants(r, platform);
                // the order sets the rounding: the same on every core count
                std::vector<int32_t> order;
                for (int32_t i = 0; i < r.data.passCount; ++i) order.push_back(r.data.passes[i].axis);
                if (cores == 48) order48 = order;
                CHECK(order == order48);
            }
        }
    }
}

TEST_CASE("small rows are grouped: one DMA per tap for many o, whole last-axis rows per unit") {
    InterpolatePlatform platform{48, 184 * 1024};
    InterpolateTilingResult r;
    std::string why;
    // 8x64x64x64 -> 128 along H, then along W: the H pass has 64-element rows, the W pass 64-element
    // input rows (one axis each: two axes run fused)
    CHECK(ComputeInterpolateTiling(Problem({8, 64, 64, 64}, {8, 64, 128, 64}, {2}, 2), platform, &r, &why));
    CheckInvariants(r, platform);
    const InterpolatePassTiling& h = r.data.passes[0];
    CHECK(r.data.passCount == 1 && h.axis == 2 && h.kind == kPassRows && h.group > 1 && h.outer == 512 &&
          h.inner == 64 && h.units == (512 + h.group - 1) / h.group * 128);
    CHECK(ComputeInterpolateTiling(Problem({8, 64, 64, 64}, {8, 64, 64, 128}, {3}, 2), platform, &r, &why));
    CheckInvariants(r, platform);
    const InterpolatePassTiling& w = r.data.passes[0];
    CHECK(r.data.passCount == 1 && w.axis == 3 && w.kind == kPassLastAxis && w.group > 1 && w.outer == 512 * 64 &&
          w.units == (w.outer + w.group - 1) / w.group);
}

TEST_CASE("few channels after the innermost resized axis: its pass runs over (W, C) rows as a last axis") {
    InterpolatePlatform platform{48, 184 * 1024};
    InterpolateTilingResult r;
    std::string why;
    // NHWC 1x1024x1024x3 -> 512x512, cubic: W is a last-axis pass over rows of 1024 x 3 that reads its
    // input once, H a rows pass of rows of W x 3 elements; the order of the fewer estimated cycles
    const InterpolateProblem nhwc = Problem({1, 1024, 1024, 3}, {1, 512, 512, 3}, {1, 2}, 4);
    CHECK(ComputeInterpolateTiling(nhwc, platform, &r, &why));
    const double wFirstCycles = PassOrderCycles(nhwc, platform, {2, 1}), hFirstCycles = PassOrderCycles(nhwc, platform, {1, 2});
    const bool wFirst = r.data.passes[0].axis == 2;
    CHECK(r.modelledCycles == std::min(wFirstCycles, hFirstCycles) && wFirst == (wFirstCycles < hFirstCycles));
    const InterpolatePassTiling& w = r.data.passes[wFirst ? 0 : 1];
    const InterpolatePassTiling& h = r.data.passes[wFirst ? 1 : 0];
    CHECK(h.axis == 1 && h.kind == kPassRows && h.inner == (wFirst ? 1536 : 3072) && h.channels == 1);
    CHECK(w.axis == 2 && w.kind == kPassLastAxis && w.channels == 3 && w.outer == (wFirst ? 1024 : 512) &&
          w.inLen == 3072 && w.outLen == 1536 && w.inner == 1);
    CheckInvariants(r, platform);
    // 5-D channel-last, the innermost of three resized axes folded; the other two stay rows passes
    CHECK(ComputeInterpolateTiling(Problem({2, 11, 7, 5, 3}, {2, 6, 14, 9, 3}, {1, 2, 3}, 2), platform, &r, &why));
    for (int32_t i = 0; i < r.data.passCount; ++i) {
        const InterpolatePassTiling& t = r.data.passes[i];
        CHECK((t.axis == 3) == (t.kind == kPassLastAxis) && t.channels == (t.axis == 3 ? 3 : 1));
    }
    CheckInvariants(r, platform);
    // 16n channels: the rows pass groups them (no fold); a row too long for one Gather: no fold
    CHECK(ComputeInterpolateTiling(Problem({1, 64, 64, 16}, {1, 32, 32, 16}, {1, 2}, 2), platform, &r, &why));
    CHECK(r.data.passes[1].kind == kPassRows && r.data.passes[1].channels == 1 && r.data.passes[1].group > 1);
    CHECK(ComputeInterpolateTiling(Problem({1, 8, 4000, 5}, {1, 8, 4000 - 1, 5}, {2}, 2), platform, &r, &why));
    CHECK(r.data.passes[0].kind == kPassRows && r.data.passes[0].channels == 1);
    CheckInvariants(r, platform);
    // the last axis resized too: nothing to fold
    CHECK(ComputeInterpolateTiling(Problem({1, 8, 10, 3}, {1, 8, 20, 5}, {2, 3}, 2), platform, &r, &why));
    for (int32_t i = 0; i < r.data.passCount; ++i) CHECK(r.data.passes[i].channels == 1);
}

TEST_CASE("a rows pass of long rows reads the input rows of several output rows by one DMA (a window)") {
    InterpolatePlatform platform{48, 184 * 1024};
    InterpolateTilingResult r;
    std::string why;
    // NHWC upscale of H 1x512x512x3 -> 1024x512, 4 taps: a rows pass of rows of thousands of
    // elements reads each input row for several output rows; a DMA per tap would read the image 8
    // times (resizing W too, the two passes run fused)
    for (int32_t kind : {0, 1, 2}) {
        CHECK(ComputeInterpolateTiling(Problem({1, 512, 512, 3}, {1, 1024, 512, 3}, {1}, 4, kind), platform, &r, &why));
        bool windowed = false;
        for (int32_t i = 0; i < r.data.passCount; ++i) {
            const InterpolatePassTiling& t = r.data.passes[i];
            if (t.axis == 1) windowed = t.kind == kPassRows && t.window > t.taps && t.run > 1;
        }
        CHECK(windowed);
        CheckInvariants(r, platform);
    }
    // nearest downscale by 4: output rows share no input row; one DMA per row read
    CHECK(ComputeInterpolateTiling(Problem({1, 64, 4096}, {1, 16, 4096}, {1}, 1), platform, &r, &why));
    CHECK(r.data.passes[0].window == 0 && r.data.passes[0].run == 1);
    CheckInvariants(r, platform);
}

TEST_CASE("rejections: too many taps for the UB, empty axes") {
    InterpolatePlatform platform{48, 184 * 1024};
    InterpolateTilingResult r;
    std::string why;
    CHECK(!ComputeInterpolateTiling(Problem({1, 1, 4096, 8}, {1, 1, 4096, 8}, {2}, 64), platform, &r, &why));
    CHECK(why.find("axis table") != std::string::npos);
    CHECK(!ComputeInterpolateTiling(Problem({4, 4}, {4, 4}, {}, 1), platform, &r, &why));
}

TEST_CASE("gert tiling function, as registered by OP_ADD's OP_TILING_LIB expansion: taps from the attributes") {
    auto tilingFunc = gert_test::OpImplOf("Interpolate").tiling;
    CHECK(tilingFunc != nullptr);
    if (tilingFunc == nullptr) return;
    gert::Tensor x = gert_test::TensorOf({1, 2, 10, 12}, ge::DT_FLOAT16);
    gert::Tensor y = gert_test::TensorOf({1, 2, 5, 24}, ge::DT_FLOAT16);
    // every attribute of the OpDef, in its order: cubic over axes 2 and 3
    auto describe = [&](gert::OpTilingContextBuilder& b) {
        b.OpType("Interpolate").OpName("Interpolate").IONum(1, 1).InputTensors({&x}).OutputTensors({&y});
        b.AppendAttr(ge::AscendString("cubic")).AppendAttr(ge::AscendString("half_pixel"))
            .AppendAttr(ge::AscendString("round_prefer_floor")).AppendAttr(false).AppendAttr(-0.75f)
            .AppendAttr(std::vector<int64_t>{2, 3}).AppendAttr(std::vector<int64_t>{5, 24})
            .AppendAttr(std::vector<int64_t>{}).AppendAttr(std::vector<int64_t>{});
    };
    gert::OpTilingContextBuilder b;
    describe(b);
    fe::PlatFormInfos platform = gert_test::PlatformInfosOf(gert_test::PlatformOfSoc("Ascend910B2"));
    auto buffer = gert::TilingData::CreateCap(4096);
    auto* raw = reinterpret_cast<gert::TilingData*>(buffer.get());
    auto workspaceBuffer = gert::ContinuousVector::Create<size_t>(1);
    auto* workspaces = reinterpret_cast<gert::ContinuousVector*>(workspaceBuffer.get());
    b.PlatformInfo(&platform).TilingData(raw).Workspace(workspaces);
    auto holder = b.Build();
    gert::TilingContext* ctx = holder.GetContext();
    CHECK(tilingFunc(ctx) == ge::GRAPH_SUCCESS);
    CHECK(ctx->GetTilingKey() == INTERPOLATE_KEY_FP16);
    InterpolateTilingData d;
    std::memcpy(&d, raw->GetData(), sizeof(d));
    CHECK(d.passCount == 2);
    for (int32_t i = 0; i < 2; ++i) CHECK(d.passes[i].taps == 4);   // cubic: 4 taps per output
    // the system workspace (16 MiB on A2) in front of the tiling's own, which holds the tiling data
    CHECK(ctx->GetWorkspaceNum() == 1);
    const size_t total = static_cast<const size_t*>(workspaces->GetData())[0];
    CHECK(total >= (16u << 20) + sizeof(InterpolateTilingData));
    // without a platform description in the context, the tiling reads the current device's
    gert::OpTilingContextBuilder b2;
    describe(b2);
    auto buffer2 = gert::TilingData::CreateCap(4096);
    auto ws2 = gert::ContinuousVector::Create<size_t>(1);
    b2.TilingData(reinterpret_cast<gert::TilingData*>(buffer2.get())).Workspace(reinterpret_cast<gert::ContinuousVector*>(ws2.get()));
    auto holder2 = b2.Build();
    CHECK(tilingFunc(holder2.GetContext()) == ge::GRAPH_SUCCESS);
    // a workspace-size vector not made by ContinuousVector::Create has no room: the tiling fails
    gert::OpTilingContextBuilder b3;
    describe(b3);
    auto buffer3 = gert::TilingData::CreateCap(4096);
    gert::ContinuousVector notCreated;
    b3.TilingData(reinterpret_cast<gert::TilingData*>(buffer3.get())).Workspace(&notCreated);
    auto holder3 = b3.Build();
    CHECK(tilingFunc(holder3.GetContext()) == ge::GRAPH_FAILED);
}

TEST_CASE("infer shape: sizes on axes, pads on the others, unknown rank") {
    auto infer = gert_test::OpImplOf("Interpolate").inferShape;
    CHECK(infer != nullptr);
    auto run = [&](const std::vector<int64_t>& xs, const std::vector<int64_t>& axes, const std::vector<int64_t>& sizes,
                   const std::vector<int64_t>& pb, std::vector<int64_t>* out) {
        gert::Tensor xt = gert_test::TensorOf(xs, ge::DT_FLOAT);
        gert::OpInferShapeContextBuilder b;
        b.OpType("Interpolate").OpName("i").IONum(1, 1).InputTensors({&xt});
        b.AppendAttr(ge::AscendString("linear")).AppendAttr(ge::AscendString("half_pixel"))
            .AppendAttr(ge::AscendString("round_prefer_floor")).AppendAttr(false).AppendAttr(-0.75f)
            .AppendAttr(axes).AppendAttr(sizes).AppendAttr(pb).AppendAttr(std::vector<int64_t>{});
        auto holder = b.Build();
        gert::InferShapeContext* ctx = holder.GetContext();
        const ge::graphStatus st = infer(ctx);
        out->clear();
        const gert::Shape* y = ctx->GetOutputShape(0);
        for (size_t i = 0; y && i < y->GetDimNum(); ++i) out->push_back(y->GetDim(i));
        return st;
    };
    std::vector<int64_t> y;
    CHECK(run({1, 3, 8, 8}, {3, 2}, {20, 4}, {}, &y) == ge::GRAPH_SUCCESS && y == (std::vector<int64_t>{1, 3, 4, 20}));
    CHECK(run({1, 3, 8, 8}, {2}, {4}, {0, 1, 0, 2}, &y) == ge::GRAPH_SUCCESS && y == (std::vector<int64_t>{1, 4, 4, 10}));
    CHECK(run({-2}, {2}, {4}, {}, &y) == ge::GRAPH_SUCCESS && y == (std::vector<int64_t>{-2}));
    CHECK(run({1, 3, 8, 8}, {2, 2}, {4, 4}, {}, &y) != ge::GRAPH_SUCCESS);   // repeated axis
    CHECK(run({1, 3, 8, 8}, {2}, {4, 5}, {}, &y) != ge::GRAPH_SUCCESS);      // sizes not one per axis
}

template <typename Builder>
void AppendLinearAttrs(Builder& b, const std::vector<int64_t>& axes, const std::vector<int64_t>& sizes,
                       const std::vector<int64_t>& inputSize) {
    b.AppendAttr(ge::AscendString("linear")).AppendAttr(ge::AscendString("align_corners"))
        .AppendAttr(ge::AscendString("round_prefer_floor")).AppendAttr(false).AppendAttr(-0.75f)
        .AppendAttr(axes).AppendAttr(sizes).AppendAttr(std::vector<int64_t>()).AppendAttr(std::vector<int64_t>())
        .AppendAttr(inputSize);
}

TEST_CASE("InterpolateGrad: infer shape is input_size; the tiling counts the transposed taps") {
    gert::Tensor yGrad = gert_test::TensorOf({1, 2, 3, 17}, ge::DT_FLOAT);
    gert::OpInferShapeContextBuilder ib;
    ib.OpType("InterpolateGrad").OpName("g").IONum(1, 1).InputTensors({&yGrad});
    AppendLinearAttrs(ib, {3}, {17}, {1, 2, 3, 5});
    auto inferHolder = ib.Build();
    const auto inferShape = gert_test::OpImplOf("InterpolateGrad").inferShape;   // OP_PROTO_LIB's registration
    CHECK(inferShape != nullptr);
    if (inferShape == nullptr) return;
    CHECK(inferShape(inferHolder.GetContext()) == ge::GRAPH_SUCCESS);
    const gert::Shape* xGrad = inferHolder.GetContext()->GetOutputShape(0);
    CHECK(xGrad != nullptr && xGrad->GetDimNum() == 4 && xGrad->GetDim(3) == 5 && xGrad->GetDim(1) == 2);
    // align_corners 5 -> 17: the forward has 2 taps per output; the middle inputs are read by 7
    // outputs (every output within one input step), so the adjoint pass has 7 taps of 17 -> 5
    gert::Tensor xGradT = gert_test::TensorOf({1, 2, 3, 5}, ge::DT_FLOAT);
    gert::OpTilingContextBuilder tb;
    tb.OpType("InterpolateGrad").OpName("g").IONum(1, 1).InputTensors({&yGrad}).OutputTensors({&xGradT});
    AppendLinearAttrs(tb, {3}, {17}, {1, 2, 3, 5});
    fe::PlatFormInfos platform = gert_test::PlatformInfosOf(gert_test::PlatformOfSoc("Ascend910B2"));
    auto buffer = gert::TilingData::CreateCap(4096);
    auto* raw = reinterpret_cast<gert::TilingData*>(buffer.get());
    auto workspaceBuffer = gert::ContinuousVector::Create<size_t>(1);
    tb.PlatformInfo(&platform).TilingData(raw).Workspace(reinterpret_cast<gert::ContinuousVector*>(workspaceBuffer.get()));
    auto holder = tb.Build();
    CHECK(interp::InterpolateGradTilingFunc(holder.GetContext()) == ge::GRAPH_SUCCESS);
    InterpolateTilingData d;
    std::memcpy(&d, raw->GetData(), sizeof(d));
    CHECK(d.passCount == 1);
    CHECK_MSG(d.passes[0].taps == 7, "taps " + std::to_string(d.passes[0].taps));
    CHECK(d.passes[0].inLen == 17 && d.passes[0].outLen == 5 && d.passes[0].axis == 3);
}

TEST_MAIN()
