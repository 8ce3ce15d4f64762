#include "op_host/aicpu/grid_sample_grad_aicpu.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>
#include <vector>

#include "op_host/aicpu/aicpu_coords.h"
#include "op_host/aicpu/aicpu_elements.h"

namespace gridsample::aicpu {
namespace {

// d(unnormalized coordinate) / d(grid value).
double UnnormalizeGrad(int64_t size, bool ac) {
    return ac ? static_cast<double>(size - 1) / 2.0 : static_cast<double>(size) / 2.0;
}

// d(reflected, clipped coordinate) / d(coordinate), as torch's reflect_coordinates_set_grad followed by
// clip_coordinates_set_grad: +-1 by the parity of the flips and the side, 0 where the reflected value
// lies on or beyond a border (borders count as outside for the gradient).
double ReflectionGrad(double c, int64_t size, bool ac) {
    const double twiceLow = ac ? 0.0 : -1.0;
    const double twiceHigh = ac ? 2.0 * static_cast<double>(size - 1) : 2.0 * static_cast<double>(size) - 1.0;
    if (twiceLow == twiceHigh) return 0.0;
    const double low = twiceLow / 2.0, span = (twiceHigh - twiceLow) / 2.0;
    double x = c - low, sign = 1.0;
    if (x < 0.0) {
        x = -x;
        sign = -1.0;
    }
    const double extra = std::fmod(x, span);
    const bool evenFlips = std::fmod(std::floor(x / span), 2.0) == 0.0;
    const double r = evenFlips ? extra + low : span - extra + low;
    if (!evenFlips) sign = -sign;
    return (r <= 0.0 || r >= static_cast<double>(size - 1)) ? 0.0 : sign;
}

// The coordinate that linear and nearest read (the forward's PadCoordinate) and its derivative
// with respect to the unnormalized coordinate (torch's grid_sampler_compute_source_index_set_grad
// without the unnormalize factor). Non-finite and out-of-range coordinates that the forward
// sanitizes get derivative 0: their taps are all outside (zeros) or pinned to a border.
double PadWithGrad(double c, int64_t size, int padding, bool ac, double* grad) {
    const double p = PadCoordinate(c, size, padding, ac);
    if (padding == kZeros) *grad = 1.0;
    else if (padding == kBorder) *grad = (c > 0.0 && c < static_cast<double>(size - 1)) ? 1.0 : 0.0;   // false for NaN
    else *grad = std::fabs(c) < kMaxExactCoord ? ReflectionGrad(c, size, ac) : 0.0;
    return p;
}

// d/dx of the two Keys cubic pieces (kCubicA = -0.75).
double CubicNearGrad(double x) { return (3.0 * (kCubicA + 2.0) * x - 2.0 * (kCubicA + 3.0)) * x; }
double CubicFarGrad(double x) { return (3.0 * kCubicA * x - 10.0 * kCubicA) * x + 8.0 * kCubicA; }

// Taps of one axis: up to 4 (index, weight, d weight / d coordinate); an index of -1 is a tap
// outside the image. coordGrad: d(coordinate) / d(grid value).
struct AxisGrad {
    int count = 0;
    int64_t index[4];
    double weight[4];
    double dweight[4];
    double coordGrad = 0.0;
};

AxisGrad ComputeAxisGrad(double g, int64_t size, int mode, int padding, bool ac) {
    AxisGrad a;
    const double c = Unnormalize(g, size, ac);
    const double last = static_cast<double>(size - 1);
    if (mode == kNearest) {   // nearest: piecewise constant, no grid gradient
        double unused = 0.0;
        const double p = std::nearbyint(PadWithGrad(c, size, padding, ac, &unused));
        a.count = 1;
        a.weight[0] = 1.0;
        a.dweight[0] = 0.0;
        a.index[0] = (p >= 0.0 && p <= last) ? static_cast<int64_t>(p) : -1;
        a.coordGrad = 0.0;
    } else if (mode == kBilinear) {
        double padGrad = 0.0;
        const double p = PadWithGrad(c, size, padding, ac, &padGrad);
        const double x0 = std::floor(p);
        a.count = 2;
        a.weight[0] = x0 + 1.0 - p;
        a.weight[1] = p - x0;
        a.dweight[0] = -1.0;
        a.dweight[1] = 1.0;
        for (int j = 0; j < 2; ++j) {
            const double tap = x0 + j;
            a.index[j] = (tap >= 0.0 && tap <= last) ? static_cast<int64_t>(tap) : -1;
        }
        a.coordGrad = UnnormalizeGrad(size, ac) * padGrad;
    } else {   // cubic: the taps are padded one by one, the coordinate itself is not
        const double p = SanitizeBicubic(c, size, padding);
        const double x0 = std::floor(p);
        const double t = p - x0;
        a.count = 4;
        a.weight[0] = CubicFar(t + 1.0);
        a.weight[1] = CubicNear(t);
        a.weight[2] = CubicNear(1.0 - t);
        a.weight[3] = CubicFar(2.0 - t);
        a.dweight[0] = CubicFarGrad(t + 1.0);
        a.dweight[1] = CubicNearGrad(t);
        a.dweight[2] = -CubicNearGrad(1.0 - t);
        a.dweight[3] = -CubicFarGrad(2.0 - t);
        for (int j = 0; j < 4; ++j) {
            int64_t index;
            a.index[j] = PadTap(x0 - 1.0 + j, size, padding, ac, &index) ? index : -1;
        }
        a.coordGrad = p == c ? UnnormalizeGrad(size, ac) : 0.0;   // a sanitized coordinate has no gradient
    }
    return a;
}

// One grid point's valid taps, in row-major order of the axes (outermost first): the input offset
// (strided), the offset in a dense input plane, the weight and, per axis, d weight / d coordinate.
struct PointTaps {
    int rank = 0;
    std::vector<int64_t> offsets, dense;
    std::vector<double> weights, dweights;   // dweights: rank values per tap
};

void CollectTaps(const AxisGrad* axes, int r, const View& input, const int64_t* denseStrides, bool wantDerivatives,
                 PointTaps* out) {
    out->rank = r;
    out->offsets.clear();
    out->dense.clear();
    out->weights.clear();
    out->dweights.clear();
    int64_t combos = 1;
    for (int d = 0; d < r; ++d) combos *= axes[d].count;
    int js[kMaxRank];
    for (int64_t combo = 0; combo < combos; ++combo) {
        int64_t k = combo, offset = 0, dense = 0;
        bool valid = true;
        for (int d = r - 1; d >= 0; --d) {
            js[d] = static_cast<int>(k % axes[d].count);
            k /= axes[d].count;
            const int64_t index = axes[d].index[js[d]];
            if (index < 0) {
                valid = false;
                break;
            }
            offset += index * input.strides[2 + d];
            dense += index * denseStrides[d];
        }
        if (!valid) continue;
        double w = 1.0;
        for (int d = 0; d < r; ++d) w *= axes[d].weight[js[d]];
        out->offsets.push_back(offset);
        out->dense.push_back(dense);
        out->weights.push_back(w);
        if (!wantDerivatives) continue;
        for (int d = 0; d < r; ++d) {
            double dw = axes[d].dweight[js[d]];
            for (int e = 0; e < r; ++e)
                if (e != d) dw *= axes[e].weight[js[e]];
            out->dweights.push_back(dw);
        }
    }
}

struct Problem {
    const View* gradOutput;
    const View* input;
    const View* grid;
    int r = 0;
    int64_t channels = 0, outPoints = 1, plane = 1;
    int64_t denseStrides[kMaxRank] = {};
    int mode = 0, padding = 0;
    bool ac = false;
    int64_t goSpan = 0, inSpan = 0, gridSpan = 0;
};

// Grid point `index` of the flattened (N, O_1..O_r): its batch, its grid offset, its gradOutput
// offset (channel 0) and its axes. False on an access outside the grid's view.
bool PointAxes(const Problem& p, int64_t index, int64_t* batch, int64_t* gridBase, int64_t* goBase, AxisGrad* axes) {
    const View& grid = *p.grid;
    const View& go = *p.gradOutput;
    const int r = p.r;
    const int64_t b = index / p.outPoints;
    int64_t rest = index % p.outPoints;
    int64_t pos[kMaxRank];
    for (int d = r - 1; d >= 0; --d) {
        pos[d] = rest % grid.shape[1 + d];
        rest /= grid.shape[1 + d];
    }
    int64_t gb = b * grid.strides[0], ob = b * go.strides[0];
    for (int d = 0; d < r; ++d) {
        gb += pos[d] * grid.strides[1 + d];
        ob += pos[d] * go.strides[2 + d];
    }
    // grid component k addresses spatial axis r-1-k (innermost first)
    for (int k = 0; k < r; ++k) {
        const int axis = r - 1 - k;
        const int64_t at = gb + k * grid.strides[r + 1];
        if (!Inside(at, p.gridSpan)) return false;
        axes[axis] = ComputeAxisGrad(Load(grid, at), p.input->shape[2 + axis], p.mode, p.padding, p.ac);
    }
    *batch = b;
    *gridBase = gb;
    *goBase = ob;
    return true;
}

// Input gradient of batch b, channels [c0, c1): each channel's plane is summed in float64 over the
// grid points in order, then rounded once into inputGrad (elements no tap reaches get 0).
bool InputGradRange(const Problem& p, const View& inputGrad, int64_t b, int64_t c0, int64_t c1) {
    const int64_t igSpan = SpanElements(inputGrad);
    std::vector<double> acc(static_cast<size_t>((c1 - c0) * p.plane), 0.0);
    AxisGrad axes[kMaxRank];
    PointTaps taps;
    for (int64_t point = 0; point < p.outPoints; ++point) {
        int64_t batch = 0, gridBase = 0, goBase = 0;
        if (!PointAxes(p, b * p.outPoints + point, &batch, &gridBase, &goBase, axes)) return false;
        CollectTaps(axes, p.r, *p.input, p.denseStrides, false, &taps);
        const size_t count = taps.dense.size();
        if (count == 0) continue;
        for (int64_t ch = c0; ch < c1; ++ch) {
            const int64_t at = goBase + ch * p.gradOutput->strides[1];
            if (!Inside(at, p.goSpan)) return false;
            const double go = Load(*p.gradOutput, at);
            double* plane = acc.data() + (ch - c0) * p.plane;
            for (size_t t = 0; t < count; ++t) plane[taps.dense[t]] += taps.weights[t] * go;
        }
    }
    // write each plane in dense order through inputGrad's strides
    for (int64_t ch = c0; ch < c1; ++ch) {
        const double* plane = acc.data() + (ch - c0) * p.plane;
        const int64_t base = b * inputGrad.strides[0] + ch * inputGrad.strides[1];
        for (int64_t i = 0; i < p.plane; ++i) {
            int64_t rest = i, offset = base;
            for (int d = p.r - 1; d >= 0; --d) {
                offset += (rest % inputGrad.shape[2 + d]) * inputGrad.strides[2 + d];
                rest /= inputGrad.shape[2 + d];
            }
            if (!Inside(offset, igSpan)) return false;
            Store(inputGrad, offset, plane[i]);
        }
    }
    return true;
}

// Grid gradient of points [begin, end) of the flattened (N, O_1..O_r): per point, the sum over
// channels (in order) and taps of gradOutput * input * d weight / d coordinate, times
// d coordinate / d grid.
bool GridGradRange(const Problem& p, const View& gridGrad, int64_t begin, int64_t end) {
    const int64_t ggSpan = SpanElements(gridGrad);
    AxisGrad axes[kMaxRank];
    PointTaps taps;
    const int r = p.r;
    for (int64_t index = begin; index < end; ++index) {
        int64_t b = 0, gridBase = 0, goBase = 0;
        if (!PointAxes(p, index, &b, &gridBase, &goBase, axes)) return false;
        double g[kMaxRank] = {};
        if (p.mode != kNearest) {
            CollectTaps(axes, r, *p.input, p.denseStrides, true, &taps);
            const size_t count = taps.offsets.size();
            for (int64_t ch = 0; ch < p.channels && count > 0; ++ch) {
                const int64_t at = goBase + ch * p.gradOutput->strides[1];
                if (!Inside(at, p.goSpan)) return false;
                const double go = Load(*p.gradOutput, at);
                const int64_t inBase = b * p.input->strides[0] + ch * p.input->strides[1];
                for (size_t t = 0; t < count; ++t) {
                    if (!Inside(inBase + taps.offsets[t], p.inSpan)) return false;
                    const double v = go * Load(*p.input, inBase + taps.offsets[t]);
                    for (int d = 0; d < r; ++d) g[d] += v * taps.dweights[t * r + d];
                }
            }
        }
        int64_t out = b * gridGrad.strides[0];
        {
            int64_t rest = index % p.outPoints;
            for (int d = r - 1; d >= 0; --d) {
                out += (rest % gridGrad.shape[1 + d]) * gridGrad.strides[1 + d];
                rest /= gridGrad.shape[1 + d];
            }
        }
        for (int k = 0; k < r; ++k) {
            const int axis = r - 1 - k;
            const int64_t at = out + k * gridGrad.strides[r + 1];
            if (!Inside(at, ggSpan)) return false;
            Store(gridGrad, at, p.mode == kNearest ? 0.0 : axes[axis].coordGrad * g[axis]);
        }
    }
    return true;
}

// Runs fn(t) for t in [0, units) on up to `threads` threads (contiguous ranges); false when one failed.
template <typename Fn>
bool Parallel(int64_t units, int64_t threads, Fn fn) {
    threads = std::max<int64_t>(1, std::min(threads, units));
    const int64_t per = (units + threads - 1) / threads;
    std::vector<char> ok(static_cast<size_t>(threads), 1);
    std::vector<std::thread> workers;
    for (int64_t t = 1; t < threads; ++t) {
        const int64_t b = t * per, e = std::min(units, b + per);
        if (b < e) workers.emplace_back([&, t, b, e] { ok[t] = fn(b, e); });
    }
    ok[0] = fn(0, std::min(units, per));
    for (auto& w : workers) w.join();
    return std::all_of(ok.begin(), ok.end(), [](char c) { return c != 0; });
}

}  // namespace

bool RunBackward(const View& gradOutput, const View& input, const View& grid, const View* inputGrad,
                 const View* gridGrad, int mode, int padding, bool alignCorners) {
    Problem p;
    p.gradOutput = &gradOutput;
    p.input = &input;
    p.grid = &grid;
    p.r = input.rank - 2;
    p.channels = input.shape[1];
    p.mode = mode;
    p.padding = padding;
    p.ac = alignCorners;
    for (int d = 0; d < p.r; ++d) p.outPoints *= grid.shape[1 + d];
    for (int d = p.r - 1; d >= 0; --d) {
        p.denseStrides[d] = p.plane;
        p.plane *= input.shape[2 + d];
    }
    p.goSpan = SpanElements(gradOutput);
    p.inSpan = SpanElements(input);
    p.gridSpan = SpanElements(grid);
    const int64_t batches = input.shape[0];
    // the AI CPU has several cores: split when there is enough work
    constexpr int64_t kWorkPerThread = 4096;
    const int64_t hw = std::max<int64_t>(1, std::thread::hardware_concurrency());
    const int64_t work = batches * p.outPoints * std::max<int64_t>(1, p.channels);
    const int64_t threads = std::min<int64_t>(hw, std::max<int64_t>(1, work / kWorkPerThread));
    if (inputGrad != nullptr) {
        // units: (batch, channel) planes; each is owned by one thread
        const int64_t units = batches * p.channels;
        const bool ok = Parallel(units, threads, [&](int64_t begin, int64_t end) {
            for (int64_t u = begin; u < end;) {
                const int64_t b = u / p.channels, c0 = u % p.channels;
                const int64_t c1 = std::min(p.channels, c0 + (end - u));
                if (!InputGradRange(p, *inputGrad, b, c0, c1)) return false;
                u += c1 - c0;
            }
            return true;
        });
        if (!ok) return false;
    }
    if (gridGrad != nullptr) {
        const int64_t points = batches * p.outPoints;
        if (!Parallel(points, threads, [&](int64_t begin, int64_t end) { return GridGradRange(p, *gridGrad, begin, end); }))
            return false;
    }
    return true;
}

}  // namespace gridsample::aicpu
