#include "op_host/aicpu/grid_sample_aicpu.h"
#include "op_host/aicpu/aicpu_coords.h"
#include "op_host/aicpu/aicpu_elements.h"

#include <cmath>
#include <algorithm>
#include <cstring>
#include <limits>
#include <thread>
#include <vector>

namespace gridsample::aicpu {
namespace {

// Element codecs: how one element of each type is read as float64 and written back.
template <typename T>
struct Plain {
    static double Load(const char* p, int64_t i) { T v; std::memcpy(&v, p + i * sizeof(T), sizeof(T)); return static_cast<double>(v); }
};
struct HalfCodec {
    static double Load(const char* p, int64_t i) { uint16_t h; std::memcpy(&h, p + i * 2, 2); return HalfToDouble(h); }
};
struct Bf16Codec {
    static double Load(const char* p, int64_t i) {
        uint16_t h; std::memcpy(&h, p + i * 2, 2);
        uint32_t x = static_cast<uint32_t>(h) << 16; float f; std::memcpy(&f, &x, 4); return f;
    }
};

// One output point's taps as (input offset, weight) pairs, in row-major order of the axes
// (outermost first), the order torch sums them.
struct PointTaps {
    std::vector<int64_t> offsets;
    std::vector<double> weights;
};

void CollectTaps(const AxisTaps* taps, int r, const View& input, PointTaps* out) {
    out->offsets.clear();
    out->weights.clear();
    int64_t combos = 1;
    for (int d = 0; d < r; ++d) combos *= taps[d].count;
    for (int64_t combo = 0; combo < combos; ++combo) {
        int64_t k = combo, offset = 0;
        double w = 1.0;
        bool valid = true;
        for (int d = r - 1; d >= 0; --d) {
            const int j = static_cast<int>(k % taps[d].count);
            k /= taps[d].count;
            if (taps[d].index[j] < 0) { valid = false; break; }
            offset += taps[d].index[j] * input.strides[2 + d];
            w *= taps[d].weight[j];
        }
        if (valid) {
            out->offsets.push_back(offset);
            out->weights.push_back(w);
        }
    }
}

// Output points [begin, end) of the flattened (N, O_1..O_r), with the input read through Codec.
template <typename Codec>
bool RunRange(const View& input, const View& grid, const View& out, int mode, int padding, bool alignCorners,
              int64_t begin, int64_t end) {
    const int64_t inSpan = SpanElements(input), gridSpan = SpanElements(grid), outSpan = SpanElements(out);
    const int r = input.rank - 2;
    const int64_t channels = input.shape[1];
    int64_t outPoints = 1;
    for (int d = 0; d < r; ++d) outPoints *= grid.shape[1 + d];
    AxisTaps taps[kMaxRank];
    int64_t pos[kMaxRank];
    PointTaps point;
    const char* in = static_cast<const char*>(input.data);
    for (int64_t index = begin; index < end; ++index) {
        const int64_t b = index / outPoints;
        int64_t rest = index % outPoints;
        for (int d = r - 1; d >= 0; --d) { pos[d] = rest % grid.shape[1 + d]; rest /= grid.shape[1 + d]; }
        int64_t gridBase = b * grid.strides[0];
        for (int d = 0; d < r; ++d) gridBase += pos[d] * grid.strides[1 + d];
        // grid component k addresses spatial axis r-1-k (innermost first)
        for (int k = 0; k < r; ++k) {
            const int axis = r - 1 - k;
            if (!Inside(gridBase + k * grid.strides[r + 1], gridSpan)) return false;
            taps[axis] = ComputeAxis(Load(grid, gridBase + k * grid.strides[r + 1]), input.shape[2 + axis], mode,
                                     padding, alignCorners);
        }
        CollectTaps(taps, r, input, &point);
        int64_t outBase = b * out.strides[0];
        for (int d = 0; d < r; ++d) outBase += pos[d] * out.strides[2 + d];
        const size_t count = point.offsets.size();
        for (int64_t ch = 0; ch < channels; ++ch) {
            const int64_t inBase = b * input.strides[0] + ch * input.strides[1];
            double acc = 0.0;
            for (size_t t = 0; t < count; ++t) {
                if (!Inside(inBase + point.offsets[t], inSpan)) return false;
                acc += point.weights[t] * Codec::Load(in, inBase + point.offsets[t]);
            }
            if (!Inside(outBase + ch * out.strides[1], outSpan)) return false;
            Store(out, outBase + ch * out.strides[1], acc);
        }
    }
    return true;
}

template <typename Codec>
bool RunParallel(const View& input, const View& grid, const View& out, int mode, int padding, bool alignCorners) {
    int64_t total = input.shape[0];
    for (int d = 0; d < input.rank - 2; ++d) total *= grid.shape[1 + d];
    // the AI CPU has several cores too: split the points when there are enough of them
    constexpr int64_t kPointsPerThread = 4096;
    const int64_t hw = std::max<int64_t>(1, std::thread::hardware_concurrency());
    const int64_t threads = std::min<int64_t>(hw, std::max<int64_t>(1, total / kPointsPerThread));
    std::vector<std::thread> workers;
    std::vector<char> inside(static_cast<size_t>(threads), 1);
    const int64_t per = (total + threads - 1) / threads;
    for (int64_t t = 1; t < threads; ++t) {
        const int64_t b = t * per, e = std::min(total, b + per);
        if (b < e)
            workers.emplace_back([=, &input, &grid, &out, &inside] {
                inside[t] = RunRange<Codec>(input, grid, out, mode, padding, alignCorners, b, e);
            });
    }
    inside[0] = RunRange<Codec>(input, grid, out, mode, padding, alignCorners, 0, std::min(total, per));
    for (auto& w : workers) w.join();
    return std::all_of(inside.begin(), inside.end(), [](char c) { return c != 0; });
}

}  // namespace

bool Run(const View& input, const View& grid, const View& out, int mode, int padding, bool alignCorners) {
    switch (input.type) {
        case ElemType::kFloat32: return RunParallel<Plain<float>>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kFloat64: return RunParallel<Plain<double>>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kFloat16: return RunParallel<HalfCodec>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kBFloat16: return RunParallel<Bf16Codec>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kInt8: return RunParallel<Plain<int8_t>>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kUInt8: return RunParallel<Plain<uint8_t>>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kInt16: return RunParallel<Plain<int16_t>>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kInt32: return RunParallel<Plain<int32_t>>(input, grid, out, mode, padding, alignCorners);
        case ElemType::kInt64: return RunParallel<Plain<int64_t>>(input, grid, out, mode, padding, alignCorners);
    }
    return true;
}

}  // namespace gridsample::aicpu
