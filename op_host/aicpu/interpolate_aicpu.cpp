#include "op_host/aicpu/interpolate_aicpu.h"
#include "op_host/aicpu/aicpu_elements.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

namespace interp::aicpu {
namespace {

// Codes as in op_host/interpolate_plan.h.
enum { kNearest = 0, kLinear, kLinearOnnx, kCubic, kBilinearPillow, kBicubicPillow };
enum { kHalfPixel = 0, kPytorchHalfPixel, kAsymmetric, kTfHalfPixelForNn, kAlignCorners };
enum { kRoundPreferFloor = 0, kRoundPreferCeil, kFloor, kCeil, kSimple };

bool IsInteger(ElemType t) {
    return t == ElemType::kInt8 || t == ElemType::kUInt8 || t == ElemType::kInt16 || t == ElemType::kInt32 ||
           t == ElemType::kInt64;
}

// Pillow's rounding of integer results: half away from zero, then clipped to the type's range.
constexpr gridsample::aicpu::IntRounding kPillowRounding = gridsample::aicpu::IntRounding::kHalfAwayFromZero;

double RoundForType(ElemType t, double v) {
    using gridsample::aicpu::SaturatingRound;
    switch (t) {
        case ElemType::kInt8: return SaturatingRound<int8_t>(v, kPillowRounding);
        case ElemType::kUInt8: return SaturatingRound<uint8_t>(v, kPillowRounding);
        case ElemType::kInt16: return SaturatingRound<int16_t>(v, kPillowRounding);
        case ElemType::kInt32: return SaturatingRound<int32_t>(v, kPillowRounding);
        case ElemType::kInt64: return static_cast<double>(SaturatingRound<int64_t>(v, kPillowRounding));
        default: return v;
    }
}

// Interpolate-11's coordinate_transformation_mode: output coordinate x -> padded input coordinate,
// num / den. When the scale is the ratio of the lengths (sizes mode), and for align_corners, it is a
// quotient of integers, exact in double for lengths below 2^26 (`exact`): floor, ceil and .5 ties
// then fall where the formula puts them (15 * 58 / 30 is 29, where 15 / (30 / 58.0) is 28.999...:
// floor and nearest's ties would go the wrong way). A scale given: the formula as written.
// Whether a pass's scale is out / in (sizes mode, or a scale given equal to it): its coordinates,
// filter arguments and Pillow steps then come from the lengths themselves.
bool IsLengthRatio(double scale, int64_t paddedLen, int64_t outLen) {
    return scale == static_cast<double>(outLen) / static_cast<double>(paddedLen);
}

struct SourcePosition {
    double num = 0.0, den = 1.0;
    bool exact = false;
    double Value() const { return num / den; }
};
SourcePosition SourceOf(int coordMode, double x, double scale, int64_t paddedLen, int64_t outLen) {
    const double len = static_cast<double>(paddedLen), out = static_cast<double>(outLen);
    if (coordMode == kAlignCorners)
        return outLen == 1 ? SourcePosition{0.0, 1.0, true} : SourcePosition{x * (len - 1.0), out - 1.0, true};
    if (coordMode == kPytorchHalfPixel && outLen <= 1) return {0.0, 1.0, true};
    if (IsLengthRatio(scale, paddedLen, outLen)) {
        switch (coordMode) {
            case kAsymmetric: return {x * len, out, true};
            case kTfHalfPixelForNn: return {(2.0 * x + 1.0) * len, 2.0 * out, true};
            default: return {(2.0 * x + 1.0) * len - out, 2.0 * out, true};   // (pytorch_)half_pixel
        }
    }
    switch (coordMode) {
        case kAsymmetric: return {x / scale, 1.0, false};
        case kTfHalfPixelForNn: return {(x + 0.5) / scale, 1.0, false};
        default: return {(x + 0.5) / scale - 0.5, 1.0, false};
    }
}
double SourceCoordinate(int coordMode, double x, double scale, int64_t paddedLen, int64_t outLen) {
    return SourceOf(coordMode, x, scale, paddedLen, outLen).Value();
}

// linear's triangle argument a * (i - c) for input i: a = 1, or the scale when antialias stretches
// the filter. One quotient of integers when the coordinate is exact and a is 1 or out / in (exact for
// lengths below 2^17), so that an input exactly at the support's edge weighs 0.
double FilterArgument(const SourcePosition& c, double i, double a, int64_t paddedLen, int64_t outLen) {
    const double len = static_cast<double>(paddedLen), out = static_cast<double>(outLen);
    if (c.exact && a == 1.0) return (i * c.den - c.num) / c.den;
    if (c.exact && IsLengthRatio(a, paddedLen, outLen)) return out * (i * c.den - c.num) / (len * c.den);
    return a * (i - c.Value());
}

int64_t NearestIndex(int nearestMode, double c, bool downsample) {
    double r;
    switch (nearestMode) {
        case kRoundPreferCeil: r = (c == std::floor(c) + 0.5) ? std::ceil(c) : std::round(c); break;
        case kFloor: r = std::floor(c); break;
        case kCeil: r = std::ceil(c); break;
        case kSimple: r = downsample ? std::ceil(c) : std::trunc(c); break;
        default: r = (c == std::floor(c) + 0.5) ? std::floor(c) : std::round(c); break;
    }
    if (!(r == r)) return 0;
    return r < -1e18 ? INT64_MIN / 2 : r > 1e18 ? INT64_MAX / 2 : static_cast<int64_t>(r);
}

double Keys(double t, double a) {
    t = std::fabs(t);
    if (t <= 1.0) return ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0;
    if (t < 2.0) return ((a * t - 5.0 * a) * t + 8.0 * a) * t - 4.0 * a;
    return 0.0;
}

double Triangle(double t) { return std::max(0.0, 1.0 - std::fabs(t)); }

// Pillow's fixed-point one for 8-bit images: 2^(32 - 8 - 2), PRECISION_BITS in Resample.c.
constexpr double kPillowOne = 4194304.0;

// Pillow's filters: bilinear (support 1) and bicubic with coefficient a (support 2).
double PillowFilter(bool cubic, double x, double a) {
    x = std::fabs(x);
    if (!cubic) return x < 1.0 ? 1.0 - x : 0.0;
    if (x < 1.0) return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0;
    if (x < 2.0) return (((x - 5.0) * x + 8.0) * x - 4.0) * a;
    return 0.0;
}

}  // namespace

double AxisTapsBound(const KernelArgs& args, const Pass& pass) {
    double perOutput = 1.0;
    if (pass.resized) {
        const double stretch = 1.0 / pass.scale;   // input pixels per output pixel
        switch (args.mode) {
            case kNearest: perOutput = 1.0; break;
            case kLinearOnnx: perOutput = 2.0; break;
            case kCubic: perOutput = 4.0; break;
            case kLinear: perOutput = 2.0 * (args.antialias ? std::max(stretch, 1.0) : 1.0) + 3.0; break;
            default: perOutput = 2.0 * (args.mode == kBicubicPillow ? 2.0 : 1.0) * std::max(stretch, 1.0) + 2.0; break;
        }
    }
    return static_cast<double>(pass.outLen) * perOutput;
}

AxisTaps ComputeAxisTaps(const KernelArgs& args, const Pass& pass) {
    AxisTaps taps;
    const int64_t L = pass.paddedLen, out = pass.outLen;
    taps.start.reserve(static_cast<size_t>(out) + 1);
    taps.start.push_back(0);
    // (padded position, weight) -> input index; padding taps contribute zero and are dropped
    auto add = [&](int64_t p, double w) {
        const int64_t i = p - pass.padBegin;
        if (i < 0 || i >= pass.inLen || w == 0.0) return;
        taps.index.push_back(i);
        taps.weight.push_back(w);
    };
    std::vector<std::pair<int64_t, double>> local;
    for (int64_t o = 0; o < out; ++o) {
        if (!pass.resized) {
            add(o, 1.0);
            taps.start.push_back(static_cast<int64_t>(taps.index.size()));
            continue;
        }
        const double x = static_cast<double>(o);
        const double scale = pass.scale;
        local.clear();
        switch (args.mode) {
            case kNearest: {
                const double c = SourceCoordinate(args.coordMode, x, scale, L, out);
                int64_t i = NearestIndex(args.nearestMode, c, scale < 1.0);
                i = std::min<int64_t>(std::max<int64_t>(i, 0), L - 1);
                local.push_back({i, 1.0});
                break;
            }
            case kLinearOnnx: {
                double c = SourceCoordinate(args.coordMode, x, scale, L, out);
                c = std::min(std::max(c, 0.0), static_cast<double>(L - 1));
                const int64_t i0 = std::min<int64_t>(static_cast<int64_t>(c), L - 1);
                const int64_t i1 = std::min<int64_t>(i0 + 1, L - 1);
                if (i0 == i1) {
                    local.push_back({i0, 1.0});
                } else {
                    local.push_back({i0, static_cast<double>(i1) - c});
                    local.push_back({i1, c - static_cast<double>(i0)});
                }
                break;
            }
            case kLinear: {
                // a triangle filter; antialias (in effect when some resized axis is downscaled)
                // stretches it by 1 / scale on every axis, narrowing it on an upscaled one; taps outside
                // the padded axis are dropped and the rest renormalised
                const double a = args.antialias ? scale : 1.0;
                const SourcePosition source = SourceOf(args.coordMode, x, scale, L, out);
                const double c = source.Value();
                const double radius = 1.0 / a;
                const int64_t lo = std::max<int64_t>(0, static_cast<int64_t>(std::floor(c - radius)));
                const int64_t hi = std::min<int64_t>(L - 1, static_cast<int64_t>(std::ceil(c + radius)));
                double sum = 0.0;
                for (int64_t i = lo; i <= hi; ++i) {
                    const double w = a * Triangle(FilterArgument(source, static_cast<double>(i), a, L, out));
                    if (w > 0.0) {
                        local.push_back({i, w});
                        sum += w;
                    }
                }
                for (auto& t : local) t.second /= sum;
                break;
            }
            case kCubic: {
                const double c = SourceCoordinate(args.coordMode, x, scale, L, out);
                const double f = std::floor(c);
                const double t = c - f;
                const double w[4] = {Keys(t + 1.0, args.cubeCoeff), Keys(t, args.cubeCoeff), Keys(1.0 - t, args.cubeCoeff),
                                     Keys(2.0 - t, args.cubeCoeff)};
                for (int k = 0; k < 4; ++k) {
                    const int64_t i = std::min<int64_t>(std::max<int64_t>(static_cast<int64_t>(f) - 1 + k, 0), L - 1);
                    local.push_back({i, w[k]});
                }
                break;
            }
            default: {   // bilinear_pillow, bicubic_pillow: Pillow's precomputed coefficients
                // (Resample.c precompute_coeffs), in its operation order so that the values agree
                const bool cubic = args.mode == kBicubicPillow;
                // input pixels per output pixel: in / out, or 1 / a scale given (torch's AA modes)
                const double step = IsLengthRatio(scale, L, out) ? static_cast<double>(L) / static_cast<double>(out)
                                                                 : 1.0 / scale;
                const double filterScale = std::max(step, 1.0);
                const double support = (cubic ? 2.0 : 1.0) * filterScale;
                const double center = (x + 0.5) * step;
                const double invFilterScale = 1.0 / filterScale;
                const int64_t xmin = std::max<int64_t>(static_cast<int64_t>(center - support + 0.5), 0);
                const int64_t xmax = std::min<int64_t>(static_cast<int64_t>(center + support + 0.5), L);
                double sum = 0.0;
                for (int64_t i = xmin; i < xmax; ++i) {
                    const double w = PillowFilter(cubic, (static_cast<double>(i) - center + 0.5) * invFilterScale, args.cubeCoeff);
                    local.push_back({i, w});
                    sum += w;
                }
                if (sum != 0.0)
                    for (auto& t : local) t.second /= sum;
                // uint8 images: Pillow's 8-bit arithmetic, weights in fixed point with 22 fraction bits
                // (rounded half away from zero); the sums of uint8 values times them are then exact
                // in float64 and round as Pillow's (sum + 2^21) >> 22 does
                if (args.y.type == ElemType::kUInt8)
                    for (auto& t : local) t.second = std::round(t.second * kPillowOne) / kPillowOne;
                break;
            }
        }
        for (const auto& [p, w] : local) add(p, w);
        taps.start.push_back(static_cast<int64_t>(taps.index.size()));
    }
    return taps;
}

AxisTaps TransposeAxisTaps(const AxisTaps& taps, int64_t inLen) {
    const int64_t outLen = static_cast<int64_t>(taps.start.size()) - 1;
    // per input index, its (output, weight) pairs in ascending output order; an output's repeated
    // taps of one index (edge clamping) merge into one weight
    std::vector<std::vector<std::pair<int64_t, double>>> readers(static_cast<size_t>(std::max<int64_t>(inLen, 0)));
    for (int64_t o = 0; o < outLen; ++o)
        for (int64_t k = taps.start[o]; k < taps.start[o + 1]; ++k) {
            auto& list = readers[static_cast<size_t>(taps.index[k])];
            if (!list.empty() && list.back().first == o) list.back().second += taps.weight[k];
            else list.push_back({o, taps.weight[k]});
        }
    AxisTaps t;
    t.start.reserve(readers.size() + 1);
    t.start.push_back(0);
    for (const auto& list : readers) {
        for (const auto& [o, w] : list)
            if (w != 0.0) {
                t.index.push_back(o);
                t.weight.push_back(w);
            }
        t.start.push_back(static_cast<int64_t>(t.index.size()));
    }
    return t;
}

AxisTaps PassTaps(const KernelArgs& args, const Pass& pass) {
    AxisTaps taps = ComputeAxisTaps(args, pass);
    return args.adjoint ? TransposeAxisTaps(taps, pass.inLen) : taps;
}

namespace {

// The tensor a pass reads or writes: a strided view of x / y, or a packed float64 buffer.
struct Operand {
    const View* view = nullptr;   // x or y
    double* buffer = nullptr;     // workspace
    int64_t shape[kMaxRank] = {};
    int64_t strides[kMaxRank] = {};
};

void PackedStrides(Operand* o, int rank) {
    int64_t s = 1;
    for (int d = rank - 1; d >= 0; --d) {
        o->strides[d] = s;
        s *= std::max<int64_t>(o->shape[d], 1);
    }
}

template <typename Fn>
void ParallelFor(int64_t total, int64_t grain, Fn fn) {
    const int64_t hw = std::max<int64_t>(1, std::thread::hardware_concurrency());
    const int64_t threads = std::min<int64_t>(hw, std::max<int64_t>(1, total / std::max<int64_t>(grain, 1)));
    if (threads <= 1) {
        fn(int64_t{0}, total);
        return;
    }
    const int64_t per = (total + threads - 1) / threads;
    std::vector<std::thread> workers;
    for (int64_t t = 1; t < threads; ++t) {
        const int64_t b = t * per, e = std::min(total, b + per);
        if (b < e) workers.emplace_back([=, &fn] { fn(b, e); });
    }
    fn(int64_t{0}, std::min(total, per));
    for (auto& w : workers) w.join();
}

// dst[..., o, ...] = sum_k w_k src[..., index_k, ...] along `axis`; roundTo: the integer type whose
// rounding and range an intermediate result takes (pillow modes), or kFloat64 for none.
void RunPass(int rank, int axis, const AxisTaps& taps, const Operand& src, const Operand& dst, ElemType roundTo) {
    // rows: every index combination of the other dims, with the output index along `axis`
    int64_t outer = 1;
    for (int d = 0; d < rank; ++d)
        if (d != axis) outer *= dst.shape[d];
    const int64_t outLen = dst.shape[axis];
    const int64_t total = outer * outLen;
    const bool round = IsInteger(roundTo);
    ParallelFor(total, 4096 / std::max<int64_t>(1, taps.index.size() / std::max<int64_t>(outLen, 1) + 1),
                [&](int64_t begin, int64_t end) {
        int64_t pos[kMaxRank];
        for (int64_t row = begin; row < end; ++row) {
            int64_t rest = row / outLen;
            const int64_t o = row % outLen;
            for (int d = rank - 1; d >= 0; --d) {
                if (d == axis) continue;
                pos[d] = rest % dst.shape[d];
                rest /= dst.shape[d];
            }
            int64_t srcBase = 0, dstBase = 0;
            for (int d = 0; d < rank; ++d) {
                if (d == axis) continue;
                srcBase += pos[d] * src.strides[d];
                dstBase += pos[d] * dst.strides[d];
            }
            dstBase += o * dst.strides[axis];
            // -0.0 is the identity of the sum (0.0 + -0.0 is +0.0): a copy of a -0.0 keeps its sign;
            // an output of no taps (zero padding) is +0.0
            double acc = taps.start[o] < taps.start[o + 1] ? -0.0 : 0.0;
            for (int64_t k = taps.start[o]; k < taps.start[o + 1]; ++k) {
                const int64_t off = srcBase + taps.index[k] * src.strides[axis];
                const double v = src.view ? gridsample::aicpu::Load(*src.view, off) : src.buffer[off];
                acc += taps.weight[k] * v;
            }
            if (dst.view) {
                gridsample::aicpu::Store(*dst.view, dstBase, acc, kPillowRounding);
            } else {
                dst.buffer[dstBase] = round ? RoundForType(roundTo, acc) : acc;
            }
        }
    });
}

}  // namespace

int Run(const KernelArgs& a, double* ws) {
    const int rank = a.x.rank;
    if (a.passCount < 1 || a.passCount > kMaxRank || rank < 1 || rank > kMaxRank) return 2;
    const bool pillow = a.mode == kBilinearPillow || a.mode == kBicubicPillow;
    // between the passes of a pillow mode, integer images are rounded and clipped as Pillow does
    const ElemType roundTo = pillow && IsInteger(a.y.type) ? a.y.type : ElemType::kFloat64;
    Operand cur;
    cur.view = &a.x;
    for (int d = 0; d < rank; ++d) {
        cur.shape[d] = a.x.shape[d];
        cur.strides[d] = a.x.strides[d];
    }
    for (int p = 0; p < a.passCount; ++p) {
        const Pass& pass = a.passes[p];
        const AxisTaps taps = PassTaps(a, pass);   // once per axis
        Operand next;
        for (int d = 0; d < rank; ++d) next.shape[d] = cur.shape[d];
        next.shape[pass.axis] = a.adjoint ? pass.inLen : pass.outLen;
        if (p == a.passCount - 1) {
            next.view = &a.y;
            for (int d = 0; d < rank; ++d) next.strides[d] = a.y.strides[d];
        } else {
            if (ws == nullptr) return 3;
            next.buffer = ws + (p % 2) * a.intermediateElems;
            PackedStrides(&next, rank);
        }
        RunPass(rank, pass.axis, taps, cur, next, roundTo);
        cur = next;
    }
    return 0;
}

}  // namespace interp::aicpu
