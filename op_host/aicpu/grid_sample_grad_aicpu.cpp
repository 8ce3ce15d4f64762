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

// One grid point's valid taps, in row-major order of the axes (outermost first): the input offset
// (strided), the offset in a dense input plane, the weight and, per axis, d weight / d coordinate.
struct PointTaps {
    int rank = 0;
    std::vector<int64_t> offsets, dense;
    std::vector<double> weights, dweights;   // dweights: rank values per tap
};

void CollectTaps(const AxisTaps* axes, int r, const View& input, const int64_t* denseStrides, bool wantDerivatives,
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
bool PointAxes(const Problem& p, int64_t index, int64_t* batch, int64_t* gridBase, int64_t* goBase, AxisTaps* axes) {
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
        axes[axis] = ComputeAxis(Load(grid, at), p.input->shape[2 + axis], p.mode, p.padding, p.ac);
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
    AxisTaps axes[kMaxRank];
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
    AxisTaps axes[kMaxRank];
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
