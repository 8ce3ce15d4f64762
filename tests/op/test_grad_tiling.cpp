// GridSampleGrad's tiling (the pure ComputeGradTiling) and its OpDef: literal keys per variant,
// a UB partition that fits, units covering the work on every platform, refusals with a reason;
// the OpDef's registry entry (tiling function, attributes in order).
#include <algorithm>
#include <string>
#include <vector>

#include "check.h"
#include "ascend_sim/opbuild.h"
#include "gert_helpers.h"
#include "op_host/grid_sample_grad_compute_tiling.h"

namespace {

using gridsample::ComputeGradTiling;
using gridsample::GradProblem;
using gridsample::GradTiling;
using gridsample::PlatformInfo;

GradProblem Problem(int32_t dims, int32_t kind, int32_t mode, int64_t c, int64_t h, int64_t w, int64_t points) {
    GradProblem p;
    p.dims = dims;
    p.dataKind = kind;
    p.mode = mode;
    p.n = 2;
    p.c = c;
    p.inD = dims == 3 ? 5 : 1;
    p.inH = h;
    p.inW = w;
    p.points = points;
    return p;
}

}  // namespace

TEST_CASE("tiling keys are the literals of grid_sample_grad_tiling_data.h") {
    const uint64_t keys[2][3][3] = {
        {{GRID_SAMPLE_GRAD_KEY_2D_FP32_BILINEAR, GRID_SAMPLE_GRAD_KEY_2D_FP32_NEAREST, GRID_SAMPLE_GRAD_KEY_2D_FP32_BICUBIC},
         {GRID_SAMPLE_GRAD_KEY_2D_FP16_BILINEAR, GRID_SAMPLE_GRAD_KEY_2D_FP16_NEAREST, GRID_SAMPLE_GRAD_KEY_2D_FP16_BICUBIC},
         {GRID_SAMPLE_GRAD_KEY_2D_BF16_BILINEAR, GRID_SAMPLE_GRAD_KEY_2D_BF16_NEAREST, GRID_SAMPLE_GRAD_KEY_2D_BF16_BICUBIC}},
        {{GRID_SAMPLE_GRAD_KEY_3D_FP32_BILINEAR, GRID_SAMPLE_GRAD_KEY_3D_FP32_NEAREST, GRID_SAMPLE_GRAD_KEY_3D_FP32_BICUBIC},
         {GRID_SAMPLE_GRAD_KEY_3D_FP16_BILINEAR, GRID_SAMPLE_GRAD_KEY_3D_FP16_NEAREST, GRID_SAMPLE_GRAD_KEY_3D_FP16_BICUBIC},
         {GRID_SAMPLE_GRAD_KEY_3D_BF16_BILINEAR, GRID_SAMPLE_GRAD_KEY_3D_BF16_NEAREST, GRID_SAMPLE_GRAD_KEY_3D_BF16_BICUBIC}}};
    for (int dims = 2; dims <= 3; ++dims)
        for (int kind = 0; kind < 3; ++kind)
            for (int mode = 0; mode < 3; ++mode) {
                GradTiling t;
                std::string why;
                CHECK_MSG(ComputeGradTiling(Problem(dims, kind, mode, 8, 32, 32, 1000), PlatformInfo{}, &t, &why), why);
                CHECK(t.tilingKey == keys[dims - 2][kind][mode]);
            }
}

TEST_CASE("the UB partition fits and the units cover the work on every core count and UB size") {
    for (uint32_t cores : {1u, 2u, 7u, 8u, 40u, 48u})
        for (uint64_t ub : {uint64_t{188160}, uint64_t{140000}})
            for (int kind = 0; kind < 3; ++kind)
                for (int mode = 0; mode < 3; ++mode)
                    for (int64_t w : {int64_t{1}, int64_t{7}, int64_t{300}, int64_t{2000}}) {
                        PlatformInfo platform{cores, ub};
                        GradTiling t;
                        std::string why;
                        const GradProblem p = Problem(mode == 2 ? 3 : 2, kind, mode, 37, 50, w, 777);
                        CHECK_MSG(ComputeGradTiling(p, platform, &t, &why), why);
                        const auto& d = t.data;
                        // every block's buffers fit: those of its role
                        CHECK(gridsample::GradUbBytes(d, true, false) <= static_cast<int64_t>(ub));
                        CHECK(gridsample::GradUbBytes(d, false, true) <= static_cast<int64_t>(ub));
                        // blocks: one core, a block per role; up to kGradMinBlocks / 2 cores, a multiple
                        // of them of at least kGradMinBlocks; else one a core; the roles side by side
                        const int64_t few = cores <= gridsample::kGradMinBlocks / 2;
                        const int64_t blocks = cores == 1 ? 2 : few ? cores * ((gridsample::kGradMinBlocks + cores - 1) / cores) : cores;
                        CHECK(t.blockDim >= 1 && t.blockDim <= blocks);
                        CHECK(t.blockDim == blocks || d.inputCores == d.inputUnits || d.gridCores == d.gridUnits);
                        CHECK(d.inputCores >= 1 && d.inputCores <= d.inputUnits && d.gridCores >= 1 && d.gridCores <= d.gridUnits);
                        CHECK(t.blockDim == d.gridCoreFirst + d.gridCores && d.gridCoreFirst == d.inputCores);
                        CHECK(d.channelChunk >= 1 && d.channelChunk <= 64 && d.channelChunks * d.channelChunk >= p.c);
                        CHECK(d.tileRows >= 1 && d.tilesPerPlane * d.tileRows >= p.inD * p.inH);
                        CHECK(int64_t{d.accBytes} >= d.channelChunk * d.tileRows * w * 4);
                        CHECK(d.inputUnits == p.n * d.channelChunks * d.tilesPerPlane);
                        CHECK(d.gridUnits == p.n * d.gridChunks && d.gridChunks * d.gridChunk >= p.points);
                        CHECK(d.windowBytes >= gridsample::GradMinWindowBytes(mode == 2 ? 16 : (mode == 0 ? 2 : 1)));
                    }
}

TEST_CASE("outputMask selects the units; refusals say why") {
    GradTiling t;
    std::string why;
    GradProblem p = Problem(3, 0, 2, 4, 8, 8, 100);
    p.gridGrad = false;
    CHECK(ComputeGradTiling(p, PlatformInfo{}, &t, &why) && t.data.gridUnits == 0 && t.data.inputUnits > 0);
    p.gridGrad = true;
    p.inputGrad = false;
    CHECK(ComputeGradTiling(p, PlatformInfo{}, &t, &why) && t.data.inputUnits == 0 && t.data.gridUnits > 0);
    p.gridGrad = false;
    CHECK(!ComputeGradTiling(p, PlatformInfo{}, &t, &why));
    CHECK_MSG(why.find("no work units") != std::string::npos, why);
    // an input row wider than the UB accumulator
    CHECK(!ComputeGradTiling(Problem(2, 0, 0, 1, 4, 100000, 10), PlatformInfo{}, &t, &why));
    CHECK_MSG(why.find("too small for the input gradient: one channel of an input row of 100000 elements takes at least") !=
                  std::string::npos, why);
    // the pixel-major accumulator takes a 32-byte block per pixel even for one channel: a row of
    // 2000 (80 kB with its store staging) does not fit 60000 bytes of UB
    CHECK(!ComputeGradTiling(Problem(2, 0, 0, 1, 4, 2000, 10), PlatformInfo{1, 60000}, &t, &why));
    CHECK_MSG(why.find("UB of 60000 bytes is too small for the input gradient") != std::string::npos, why);
    // a UB that holds the input role's row but not the grid role's tricubic taps names the grid
    // gradient, and the bytes it takes are more than the UB has
    GradProblem tricubic = Problem(3, 0, 2, 1, 4, 4, 100);
    CHECK(ComputeGradTiling(tricubic, PlatformInfo{1, 30000}, &t, &why) == false);
    CHECK_MSG(why.find("UB of 30000 bytes is too small for the grid gradient: one channel of 16 points takes at least") !=
                  std::string::npos, why);
    CHECK_MSG(std::stoll(why.substr(why.rfind("at least ") + 9)) > 30000, why);
    tricubic.gridGrad = false;
    CHECK_MSG(ComputeGradTiling(tricubic, PlatformInfo{1, 30000}, &t, &why), why);
    CHECK(!ComputeGradTiling(Problem(2, 0, 0, 1, 4, 4, 10), PlatformInfo{0, 188160}, &t, &why));
    CHECK_MSG(why.find("0 vector cores") != std::string::npos, why);
}

TEST_CASE("the GridSampleGrad OpDef is registered with its tiling function and attributes") {
    const ops::OpInfo def = ops::CfgGenerator::Describe("GridSampleGrad");
    CHECK(def.tiling != nullptr && def.tiling == gert_test::OpImplOf("GridSampleGrad").tiling);
    CHECK(def.inferShape != nullptr && def.inferShape == gert_test::OpImplOf("GridSampleGrad").inferShape);
    CHECK(ops::CfgGenerator::Check(ops::OpDef("x")).find("no AICore") != std::string::npos);
    std::vector<std::string> names;
    for (const ops::OpAttrInfo& a : def.attrs) names.push_back(a.name);
    CHECK((names == std::vector<std::string>{"interpolation_mode", "padding_mode", "align_corners", "x_grad_required",
                                             "grid_grad_required"}));
}

TEST_MAIN()
