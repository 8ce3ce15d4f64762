// The GridSampleGrad AI Core kernel through aclnnGridSampler{2D,3D}Backward: gradients equal the AI
// CPU float64 path (on the same rounded inputs) within stated tolerances for every mode, padding
// and align_corners, 2-D and 3-D, float32 / float16 / bfloat16; the kernel path ran (and the
// plan says why the AI CPU path runs when it does); bit-identical gradients across repeated runs
// and across 1, 8, 40 and 48 cores; outputMask combinations; the tiling's literal keys.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_grid_sampler2d_backward.h"
#include "aclnnop/aclnn_grid_sampler3d_backward.h"
#include "aclnnop/aclnn_grid_sampler_nd_backward.h"
#include "ascend_sim/half_types.h"
#include "ascend_sim/sim.h"
#include "op_host/aclnn_call.h"
#include "check.h"

namespace {

int64_t Count(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    return n;
}

size_t Bytes(aclDataType t) { return t == ACL_DOUBLE ? 8 : t == ACL_FLOAT ? 4 : 2; }

// The value as the dtype holds it.
double Round(double v, aclDataType t) {
    if (t == ACL_FLOAT) return static_cast<float>(v);
    if (t == ACL_FLOAT16) return static_cast<float>(half(static_cast<float>(v)));
    if (t == ACL_BF16) return static_cast<float>(bfloat16_t(static_cast<float>(v)));
    return v;
}

struct DeviceTensor {
    void* data = nullptr;
    aclTensor* tensor = nullptr;
    aclDataType dtype;
    int64_t n;
    DeviceTensor(const std::vector<int64_t>& shape, const std::vector<double>& host, aclDataType t)
        : dtype(t), n(Count(shape)) {
        const size_t bytes = static_cast<size_t>(n) * Bytes(t);
        aclrtMalloc(&data, bytes ? bytes : 8, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<uint8_t> raw(bytes);
        for (int64_t i = 0; i < n; ++i) {
            const double v = host[static_cast<size_t>(i)];
            if (t == ACL_DOUBLE) std::memcpy(&raw[i * 8], &v, 8);
            else if (t == ACL_FLOAT) { float f = static_cast<float>(v); std::memcpy(&raw[i * 4], &f, 4); }
            else if (t == ACL_FLOAT16) { half h(static_cast<float>(v)); std::memcpy(&raw[i * 2], &h, 2); }
            else { bfloat16_t h(static_cast<float>(v)); std::memcpy(&raw[i * 2], &h, 2); }
        }
        if (bytes) aclrtMemcpy(data, bytes, raw.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> strides(shape.size(), 1);
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
        tensor = aclCreateTensor(shape.data(), shape.size(), t, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                                 shape.size(), data);
    }
    std::vector<double> Read() const {
        const size_t bytes = static_cast<size_t>(n) * Bytes(dtype);
        std::vector<uint8_t> raw(bytes);
        if (bytes) aclrtMemcpy(raw.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<double> h(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) {
            if (dtype == ACL_DOUBLE) std::memcpy(&h[i], &raw[i * 8], 8);
            else if (dtype == ACL_FLOAT) { float f; std::memcpy(&f, &raw[i * 4], 4); h[i] = f; }
            else if (dtype == ACL_FLOAT16) { half v; std::memcpy(&v, &raw[i * 2], 2); h[i] = static_cast<float>(v); }
            else { bfloat16_t v; std::memcpy(&v, &raw[i * 2], 2); h[i] = static_cast<float>(v); }
        }
        return h;
    }
    std::vector<uint8_t> Raw() const {
        std::vector<uint8_t> raw(static_cast<size_t>(n) * Bytes(dtype));
        if (!raw.empty()) aclrtMemcpy(raw.data(), raw.size(), data, raw.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        return raw;
    }
    ~DeviceTensor() {
        aclDestroyTensor(tensor);
        aclrtFree(data);
    }
};

const bool g_init = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
}();

std::vector<double> Values(size_t n, uint32_t seed, double lo, double hi) {
    std::vector<double> v(n);
    uint32_t x = seed * 2654435761u + 12345u;
    for (auto& e : v) {
        x = x * 1664525u + 1013904223u;
        e = lo + (hi - lo) * static_cast<double>(x >> 8) / 16777216.0;
    }
    return v;
}

struct Problem {
    std::vector<int64_t> in, grid, out;
    std::vector<double> x, g, go;
};

Problem Make(const std::vector<int64_t>& in, const std::vector<int64_t>& grid, uint32_t seed, double spread, aclDataType t) {
    Problem p;
    p.in = in;
    p.grid = grid;
    p.out = {in[0], in[1]};
    for (size_t d = 1; d + 1 < grid.size(); ++d) p.out.push_back(grid[d]);
    p.x = Values(Count(in), seed, -1, 1);
    p.g = Values(Count(grid), seed + 1, -spread, spread);
    p.go = Values(Count(p.out), seed + 2, -1, 1);
    for (auto* v : {&p.x, &p.g, &p.go})
        for (double& e : *v) e = Round(e, t);
    return p;
}

struct Result {
    aclnnStatus status;
    std::string plan;
    std::vector<double> gi, gg;
    std::vector<uint8_t> giRaw, ggRaw;
};

Result Run(const Problem& p, aclDataType t, int mode, int padding, bool ac, std::vector<bool> mask = {true, true}) {
    DeviceTensor go(p.out, p.go, t), in(p.in, p.x, t), grid(p.grid, p.g, t);
    DeviceTensor gi(p.in, std::vector<double>(Count(p.in), 3.0), t), gg(p.grid, std::vector<double>(Count(p.grid), 3.0), t);
    bool m[2] = {mask[0], mask[1]};
    aclBoolArray* outputMask = aclCreateBoolArray(m, 2);
    auto gws = p.in.size() == 4 ? aclnnGridSampler2DBackwardGetWorkspaceSize : aclnnGridSampler3DBackwardGetWorkspaceSize;
    auto run = p.in.size() == 4 ? aclnnGridSampler2DBackward : aclnnGridSampler3DBackward;
    uint64_t wsSize = 0;
    aclOpExecutor* ex = nullptr;
    Result r;
    r.status = gws(go.tensor, in.tensor, grid.tensor, mode, padding, ac, outputMask, mask[0] ? gi.tensor : nullptr,
                   mask[1] ? gg.tensor : nullptr, &wsSize, &ex);
    r.plan = aclnnGridSamplerBackwardLastPlan();
    std::string message;
    if (r.status == ACLNN_SUCCESS) r.status = gridsample::LaunchAndWait(run, wsSize, ex, nullptr, &message);
    aclDestroyBoolArray(outputMask);
    r.gi = gi.Read();
    r.gg = gg.Read();
    r.giRaw = gi.Raw();
    r.ggRaw = gg.Raw();
    return r;
}

// max |a - b| / (1 + max |b|)
double Error(const std::vector<double>& a, const std::vector<double>& b) {
    double worst = 0.0, scale = 0.0;
    for (size_t i = 0; i < a.size(); ++i) {
        worst = std::max(worst, std::fabs(a[i] - b[i]));
        scale = std::max(scale, std::fabs(b[i]));
    }
    return worst / (1.0 + scale);
}

const char* Name(aclDataType t) { return t == ACL_FLOAT ? "float32" : t == ACL_FLOAT16 ? "float16" : "bfloat16"; }

// Tolerances against the float64 path on the same inputs: float32 arithmetic, and for the half
// types one final rounding of each gradient to the dtype (2^-11, 2^-8 relative) on top.
double Tolerance(aclDataType t) { return t == ACL_FLOAT ? 2e-5 : t == ACL_FLOAT16 ? 2e-3 : 1e-2; }

void CompareAll(const std::vector<int64_t>& in, const std::vector<int64_t>& grid, aclDataType t, uint32_t seed) {
    for (int mode = 0; mode < 3; ++mode)
        for (int padding = 0; padding < 3; ++padding)
            for (bool ac : {false, true}) {
                const Problem p = Make(in, grid, seed++, 1.3, t);
                const Result k = Run(p, t, mode, padding, ac);
                const Result ref = Run(p, ACL_DOUBLE, mode, padding, ac);
                const std::string what = std::string(Name(t)) + " rank " + std::to_string(in.size()) + " mode " +
                                         std::to_string(mode) + " padding " + std::to_string(padding) + " ac " +
                                         std::to_string(ac);
                CHECK_MSG(k.status == ACLNN_SUCCESS, what + ": " + aclGetRecentErrMsg());
                CHECK_MSG(k.plan.find("AI Core kernel grid_sample_grad") != std::string::npos, what + ": " + k.plan);
                CHECK_MSG(ref.plan.find("AI CPU kernel GridSampleGradAicpu, because of dtype DOUBLE") != std::string::npos,
                          ref.plan);
                const double ei = Error(k.gi, ref.gi), eg = Error(k.gg, ref.gg);
                CHECK_MSG(ei <= Tolerance(t), what + ": input gradient error " + std::to_string(ei));
                CHECK_MSG(eg <= Tolerance(t), what + ": grid gradient error " + std::to_string(eg));
                if (mode == 1)
                    for (double v : k.gg) CHECK_MSG(v == 0.0, what + ": nearest has no grid gradient");
            }
}

}  // namespace

TEST_CASE("2-D kernel equals the float64 path: every mode, padding, align_corners, dtype") {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) CompareAll({2, 3, 7, 9}, {2, 5, 6, 2}, t, 10);
}

TEST_CASE("3-D kernel equals the float64 path: trilinear, nearest, tricubic, every padding and dtype") {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) CompareAll({1, 2, 4, 5, 6}, {1, 3, 2, 4, 3}, t, 50);
}

TEST_CASE("bit-identical gradients across runs and across 1, 8, 40 and 48 cores, several input tiles") {
    const ascend_sim::Platform saved = ascend_sim::GetPlatform();
    struct Case {
        std::vector<int64_t> in, grid;
        int mode;
        aclDataType t;
    };
    // 24 channels of 96 x 80: more than one channel chunk and several row tiles per plane; the
    // grid scatters far outside and across the image
    const Case cases[] = {{{1, 24, 96, 80}, {1, 9, 31, 2}, 2, ACL_FLOAT},
                          {{2, 3, 5, 40, 48}, {2, 3, 5, 7, 3}, 0, ACL_FLOAT16},
                          {{1, 20, 60, 70}, {1, 17, 13, 2}, 0, ACL_BF16}};
    for (const Case& c : cases) {
        const Problem p = Make(c.in, c.grid, 7, 2.5, c.t);
        std::vector<uint8_t> gi, gg;
        for (uint32_t cores : {1u, 8u, 40u, 48u, 48u}) {
            ascend_sim::Platform plat = saved;
            plat.aivCoreNum = cores;
            ascend_sim::SetPlatform(plat);
            const Result r = Run(p, c.t, c.mode, 2, false);
            CHECK_MSG(r.status == ACLNN_SUCCESS && r.plan.find("AI Core") != std::string::npos, r.plan);
            if (gi.empty()) {
                gi = r.giRaw;
                gg = r.ggRaw;
                const ascend_sim::LaunchStats st = ascend_sim::LastLaunchStatsOf("grid_sample_grad");
                // one core takes a block per gradient
                CHECK(st.kernel == "grid_sample_grad" && st.blockDim == 2);
                // the kernel did the work: DMAs in and out, and (checked build) a modelled time
                CHECK(st.total.mte2Instr > 0 && st.total.mte3Instr > 0);
                CHECK(!st.checked || st.modelledCycles > 0);
                std::printf("  %s on 1 core: %llu cycles modelled, %llu MTE2 DMAs\n", Name(c.t),
                            static_cast<unsigned long long>(st.modelledCycles),
                            static_cast<unsigned long long>(st.total.mte2Instr));
            } else {
                CHECK_MSG(r.giRaw == gi && r.ggRaw == gg, "gradients differ on " + std::to_string(cores) + " cores");
            }
        }
        ascend_sim::SetPlatform(saved);
        const Result ref = Run(p, ACL_DOUBLE, c.mode, 2, false);
        std::vector<double> ki, kg;
        {
            const Result k = Run(p, c.t, c.mode, 2, false);
            ki = k.gi;
            kg = k.gg;
            const ascend_sim::LaunchStats st = ascend_sim::LastLaunchStatsOf("grid_sample_grad");
            CHECK(st.blockDim > 1);
        }
        CHECK_MSG(Error(ki, ref.gi) <= Tolerance(c.t), "scattered input gradient " + std::to_string(Error(ki, ref.gi)));
        CHECK_MSG(Error(kg, ref.gg) <= Tolerance(c.t), "scattered grid gradient " + std::to_string(Error(kg, ref.gg)));
    }
    ascend_sim::SetPlatform(saved);
}

TEST_CASE("outputMask on the kernel path: each gradient alone equals the pair; the other is not written") {
    const Problem p = Make({1, 4, 6, 7}, {1, 5, 4, 2}, 3, 1.2, ACL_FLOAT);
    const Result both = Run(p, ACL_FLOAT, 2, 1, true);
    const Result inputOnly = Run(p, ACL_FLOAT, 2, 1, true, {true, false});
    const Result gridOnly = Run(p, ACL_FLOAT, 2, 1, true, {false, true});
    CHECK(both.plan.find("AI Core") != std::string::npos && inputOnly.plan.find("AI Core") != std::string::npos);
    CHECK(inputOnly.giRaw == both.giRaw && gridOnly.ggRaw == both.ggRaw);
    CHECK(inputOnly.gg == std::vector<double>(inputOnly.gg.size(), 3.0));
    CHECK(gridOnly.gi == std::vector<double>(gridOnly.gi.size(), 3.0));
}

TEST_CASE("the plan names the AI CPU path and why: float64, non-contiguous views") {
    const Problem p = Make({1, 2, 4, 4}, {1, 3, 3, 2}, 4, 1.0, ACL_DOUBLE);
    const Result r = Run(p, ACL_DOUBLE, 0, 0, false);
    CHECK_MSG(r.plan == "aclnnGridSampler2DBackward: AI CPU kernel GridSampleGradAicpu, because of dtype DOUBLE (the AI "
                        "Core kernel takes FLOAT, FLOAT16 and BF16)",
              r.plan);
}

TEST_CASE("a strided view takes the AI CPU path, and the plan says so") {
    // gradOutput (1, 2, 3, 4) as a view of every other element of a (1, 2, 3, 8) buffer
    const Problem p = Make({1, 2, 5, 6}, {1, 3, 4, 2}, 8, 1.1, ACL_FLOAT);
    DeviceTensor in(p.in, p.x, ACL_FLOAT), grid(p.grid, p.g, ACL_FLOAT);
    std::vector<double> wide(48, 0.0);
    for (size_t i = 0; i < p.go.size(); ++i) wide[(i / 12) * 24 + (i % 12 / 4) * 8 + (i % 4) * 2] = p.go[i];
    DeviceTensor goBuffer({48}, wide, ACL_FLOAT);
    const int64_t shape[] = {1, 2, 3, 4}, strides[] = {48, 24, 8, 2}, storage[] = {48};
    aclTensor* go = aclCreateTensor(shape, 4, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, goBuffer.data);
    DeviceTensor gi(p.in, std::vector<double>(60, 0.0), ACL_FLOAT), gg(p.grid, std::vector<double>(24, 0.0), ACL_FLOAT);
    bool m[2] = {true, true};
    aclBoolArray* mask = aclCreateBoolArray(m, 2);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    CHECK(aclnnGridSampler2DBackwardGetWorkspaceSize(go, in.tensor, grid.tensor, 0, 2, false, mask, gi.tensor, gg.tensor,
                                                     &ws, &ex) == ACLNN_SUCCESS);
    const std::string plan = aclnnGridSamplerBackwardLastPlan();
    CHECK_MSG(plan.find("AI CPU kernel GridSampleGradAicpu, because of gradOutput is not a contiguous view") !=
                  std::string::npos, plan);
    CHECK(aclnnGridSampler2DBackward(nullptr, ws, ex, nullptr) == ACLNN_SUCCESS);
    CHECK(aclrtSynchronizeStream(nullptr) == ACL_SUCCESS);
    const Result ref = Run(p, ACL_DOUBLE, 0, 2, false);
    CHECK(Error(gi.Read(), ref.gi) <= Tolerance(ACL_FLOAT) && Error(gg.Read(), ref.gg) <= Tolerance(ACL_FLOAT));
    aclDestroyBoolArray(mask);
    aclDestroyTensor(go);
}

TEST_MAIN()
