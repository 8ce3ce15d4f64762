// The coordinate rules in their two forms: the scalar template (op_kernel/grid_sample_coord_rules.h,
// used by the backward kernel in float32 and the AI CPU kernels in float64) and the forward kernel's
// vector helpers (op_kernel/grid_sample_coords.h), run on the simulator. Unnormalize must agree bit
// for bit and the padding of a coordinate value for value; the cubic weights within 4e-6 (the far right tap's 2 - t
// is (1 - t) + 1 in the vector form: an argument an ulp away, whose rounding errors in the
// polynomial's cancelling terms, of magnitude up to 4, differ). The float64 reflection and its derivative must equal
// torch's formulas written out here (reflect_coordinates_set_grad with fmod, then
// clip_coordinates_set_grad, as aten/src/ATen/native/GridSampler.h has them).
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "check.h"
#include "kernel_operator.h"
#include "op_kernel/grid_sample_coord_rules.h"
#include "op_kernel/grid_sample_coords.h"
#include "tikicpulib.h"

using namespace AscendC;

namespace {

constexpr int kN = 512;   // coordinates per launch

// A mix of ordinary coordinates, the borders, reflection's edges, far values and non-finite ones.
std::vector<float> Coordinates(int64_t size) {
    std::vector<float> v;
    const float s = static_cast<float>(size);
    const float special[] = {0.0f, -0.0f, -0.5f, 0.5f, s - 1.0f, s - 0.5f, s, -1.0f, s + 7.5f, -8.5f, 1e7f, -1e7f,
                             16777215.0f, 16777216.0f, -3e38f, 3e38f, std::numeric_limits<float>::infinity(),
                             -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()};
    for (float f : special) v.push_back(f);
    uint32_t state = 12345u + static_cast<uint32_t>(size);
    while (static_cast<int>(v.size()) < kN) {
        state = state * 1664525u + 1013904223u;
        const float u = static_cast<float>(state >> 8) / 16777216.0f;   // [0, 1)
        v.push_back((u * 6.0f - 3.0f) * s);                                // within three image widths
    }
    return v;
}

bool SameBits(float a, float b) { return std::memcmp(&a, &b, 4) == 0; }

// Runs fn(c, scratch) on the coordinates in UB and returns the results.
template <typename Fn>
std::vector<float> RunVector(const std::vector<float>& in, Fn fn, int outputs = 1) {
    float* g = static_cast<float*>(GmAlloc(kN * sizeof(float)));
    float* out = static_cast<float*>(GmAlloc(outputs * kN * sizeof(float)));
    std::memcpy(g, in.data(), kN * sizeof(float));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, (4 + outputs) * kN * sizeof(float) + kN);
        LocalTensor<float> c = buf.Get<float>();
        gridsample::Scratch s{c[kN], c[2 * kN], c[3 * kN],
                              c[(4 + outputs) * kN].ReinterpretCast<uint8_t>()};
        LocalTensor<float> res = c[4 * kN];
        GlobalTensor<float> gin, gout;
        gin.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(g), kN);
        gout.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out), outputs * kN);
        DataCopy(c, gin, kN);
        SetFlag<HardEvent::MTE2_V>(0);
        WaitFlag<HardEvent::MTE2_V>(0);
        fn(c, s, res);
        PipeBarrier<PIPE_V>();
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(gout, res, outputs * kN);
    };
    std::vector<float> r;
    const bool ran = ICPU_RUN_KF(kernel, 1);
    CHECK_MSG(ran, ascend_sim::LastLaunchError());
    if (ran) r.assign(out, out + outputs * kN);
    GmFree(g);
    GmFree(out);
    return r;
}

}  // namespace

TEST_CASE("Unnormalize: the vector form gives the scalar rule's bits") {
    for (int64_t size : {1, 2, 7, 64, 1000}) {
        for (bool ac : {false, true}) {
            std::vector<float> g = Coordinates(size);
            for (float& v : g) v = v / static_cast<float>(size);   // grid values around [-3, 3]
            auto got = RunVector(g, [&](const LocalTensor<float>& c, const gridsample::Scratch&, const LocalTensor<float>& r) {
                gridsample::Unnormalize(c, static_cast<float>(size), ac, kN);
                DataCopy(r, c, kN);
            });
            int bad = 0;
            for (int i = 0; i < kN && !got.empty(); ++i)
                bad += !SameBits(got[i], gridsample::Unnormalize(g[i], size, ac)) && !std::isnan(g[i]);
            CHECK_MSG(!got.empty() && bad == 0, "size " + std::to_string(size) + " ac " + std::to_string(ac) + ": " +
                                                     std::to_string(bad) + " mismatches");
        }
    }
}

// Values, not bits: border's Maxs turns -0 into +0, which reads the same pixels with the same weights.
TEST_CASE("PadCoordinate: the vector form gives the scalar rule's values for every padding") {
    for (int64_t size : {1, 2, 5, 64, 1000}) {
        for (int32_t padding : {gridsample::kZeros, gridsample::kBorder, gridsample::kReflection}) {
            for (bool ac : {false, true}) {
                const std::vector<float> c = Coordinates(size);
                auto got = RunVector(c, [&](const LocalTensor<float>& v, const gridsample::Scratch& s,
                                            const LocalTensor<float>& r) {
                    gridsample::PadCoordinate(v, static_cast<float>(size), padding, ac, s, kN);
                    DataCopy(r, v, kN);
                });
                int bad = 0;
                std::string first;
                for (int i = 0; i < kN && !got.empty(); ++i) {
                    float grad;
                    const float want = gridsample::PadCoordinateWithGrad(c[i], size, padding, ac, &grad);
                    if (!(got[i] == want || (std::isnan(got[i]) && std::isnan(want)))) {
                        if (bad++ == 0) first = std::to_string(c[i]) + " -> " + std::to_string(got[i]) + ", rule " +
                                                std::to_string(want);
                    }
                }
                CHECK_MSG(!got.empty() && bad == 0, "size " + std::to_string(size) + " padding " +
                                                        std::to_string(padding) + " ac " + std::to_string(ac) + ": " +
                                                        std::to_string(bad) + " mismatches, first " + first);
            }
        }
    }
}

TEST_CASE("CubicWeights: the vector form within 4e-6 of the scalar rule") {
    std::vector<float> t(kN);
    for (int i = 0; i < kN; ++i) t[i] = static_cast<float>(i) / kN + (i % 3 == 0 ? 1e-7f * static_cast<float>(i % 11) : 0.0f);
    auto got = RunVector(
        t,
        [&](const LocalTensor<float>& v, const gridsample::Scratch& s, const LocalTensor<float>& r) {
            const LocalTensor<float> w[4] = {r, r[kN], r[2 * kN], r[3 * kN]};
            gridsample::CubicWeights(w, v, s, kN);
        },
        4);
    int bad = 0;
    for (int i = 0; i < kN && !got.empty(); ++i) {
        const float one = 1.0f, two = 2.0f;
        const float want[4] = {gridsample::CubicFar(t[i] + one), gridsample::CubicNear(t[i]),
                               gridsample::CubicNear(one - t[i]), gridsample::CubicFar(two - t[i])};
        for (int k = 0; k < 4; ++k) {
            if (std::fabs(got[k * kN + i] - want[k]) <= 4e-6f) continue;
            if (bad++ == 0) std::printf("  t %.9g weight %d: %.9g, rule %.9g\n", t[i], k, got[k * kN + i], want[k]);
        }
    }
    CHECK_MSG(!got.empty() && bad == 0, std::to_string(bad) + " weights more than 4e-6 from the rule");
}

// torch's reflect_coordinates_set_grad then clip_coordinates_set_grad in float64, written with fmod
// as torch does: the reflected, clipped coordinate and its derivative.
double TorchReflect(double in, int64_t size, bool ac, double* grad) {
    const double twiceLow = ac ? 0.0 : -1.0, twiceHigh = ac ? 2.0 * (size - 1) : 2.0 * size - 1.0;
    if (twiceLow == twiceHigh) {
        *grad = 0.0;
        return 0.0;
    }
    const double min = twiceLow / 2.0, span = (twiceHigh - twiceLow) / 2.0;
    in = in - min;
    double mult = 1.0;
    if (in < 0.0) {
        mult = -1.0;
        in = -in;
    }
    const double extra = std::fmod(in, span);
    const int64_t flips = static_cast<int64_t>(std::floor(in / span));
    double r;
    if (flips % 2 == 0) {
        *grad = mult;
        r = extra + min;
    } else {
        *grad = -mult;
        r = span - extra + min;
    }
    const double max = static_cast<double>(size - 1);
    if (r <= 0.0) {
        *grad = 0.0;
        return 0.0;
    }
    if (r >= max) {
        *grad = 0.0;
        return max;
    }
    return r;
}

TEST_CASE("float64 rules: reflection and its derivative as torch computes them, taps and weights of every mode") {
    int bad = 0;
    std::string first;
    for (int64_t size : {1, 2, 5, 64, 1000}) {
        for (bool ac : {false, true}) {
            const std::vector<float> floats = Coordinates(size);
            std::vector<double> cs(floats.begin(), floats.end());
            const double span = ac ? static_cast<double>(size - 1) : static_cast<double>(size);
            for (int k = -7; k <= 7; ++k)   // next to the reflection points, below float32's resolution
                for (double d : {-0x1p-30, 0.0, 0x1p-30}) cs.push_back(k * span + (ac ? 0.0 : -0.5) + d);
            for (double c : cs) {
                if (!(std::fabs(c) < 16777216.0)) continue;
                double grad, wantGrad;
                const double got = gridsample::ReflectWithGrad(c, size, ac, &grad);
                const double want = TorchReflect(c, size, ac, &wantGrad);
                if (got != want || grad != wantGrad) {
                    if (bad++ == 0)
                        first = "size " + std::to_string(size) + " ac " + std::to_string(ac) + " c " + std::to_string(c) +
                                ": " + std::to_string(got) + " (" + std::to_string(grad) + "), torch " +
                                std::to_string(want) + " (" + std::to_string(wantGrad) + ")";
                }
            }
        }
    }
    CHECK_MSG(bad == 0, std::to_string(bad) + " reflections differ from torch's, first " + first);
    // Bilinear taps and weights: two neighbours around the padded coordinate, weights summing to 1.
    gridsample::AxisTaps<double, int64_t> a;
    gridsample::ComputeAxisTaps(0.2, 10, gridsample::kBilinear, gridsample::kZeros, false, &a);
    const double c = ((0.2 + 1.0) * 10.0 - 1.0) / 2.0;   // 5.5
    CHECK(a.count == 2 && a.index[0] == 5 && a.index[1] == 6);
    CHECK(std::fabs(a.weight[0] - (6.0 - c)) < 1e-15 && std::fabs(a.weight[1] - (c - 5.0)) < 1e-15);
    CHECK(a.coordGrad == 5.0);
    // Nearest rounds half to even: 5.5 -> 6; 4.5 -> 4.
    gridsample::ComputeAxisTaps(0.2, 10, gridsample::kNearest, gridsample::kZeros, false, &a);
    CHECK(a.count == 1 && a.index[0] == 6 && a.coordGrad == 0.0);
    gridsample::ComputeAxisTaps(0.0, 10, gridsample::kNearest, gridsample::kZeros, false, &a);
    CHECK(a.count == 1 && a.index[0] == 4);
    // Bicubic: 4 taps whose weights sum to 1, border clamps the outer ones.
    gridsample::ComputeAxisTaps(-0.95, 10, gridsample::kBicubic, gridsample::kBorder, false, &a);
    CHECK(a.count == 4 && a.index[0] == 0 && a.index[1] == 0 && a.index[2] == 0 && a.index[3] == 1);
    CHECK(std::fabs(a.weight[0] + a.weight[1] + a.weight[2] + a.weight[3] - 1.0) < 1e-12);
    // zeros padding: taps outside the image are -1, and a NaN grid value reads nothing.
    gridsample::ComputeAxisTaps(std::nan(""), 10, gridsample::kBilinear, gridsample::kZeros, false, &a);
    CHECK(a.index[0] == -1 && a.index[1] == -1);
}

int main() { return agstest::RunAll(); }
