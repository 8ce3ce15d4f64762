// GridSampleGrad: the gradients of GridSample on the AI Core, 2-D and 3-D, every mode, float32 /
// float16 / bfloat16 with float32 arithmetic and accumulation. No GM atomics, and results that do
// not depend on the core count:
// - input gradient: every input-gradient element belongs to exactly one work unit (batch, channel
//   chunk, tile of input rows). The unit zeroes its tile in UB, scans the batch's grid points in
//   order and adds each tap that falls in the tile, then writes the tile once. An element's sum
//   therefore always runs over the points in the same order, whatever the tiling. The tile is
//   pixel-major (a 32-byte block of the chunk's channels per pixel), so a tap is one Muls of the
//   point's gradOutput channels (gathered point-major) and one Add into the pixel's block.
// - grid gradient: per point, no scatter. The taps are fetched (one DMA per tap row and channel
//   chunk), combined with gradOutput and the weight derivatives and summed over the channels in order.
// The coordinate rules follow torch's backward (aten/src/ATen/native/GridSampler.cpp): unnormalize
// factor times the padding's derivative (clip: 0 on and beyond a border; reflection: +-1), cubic
// weight derivatives for bicubic and tricubic, no grid gradient for nearest. Scalar work is
// ordered against the DMA and vector pipes by PipeBarrier<PIPE_ALL> between stages.
#ifndef GRID_SAMPLE_GRAD_KERNEL_H
#define GRID_SAMPLE_GRAD_KERNEL_H

#include "kernel_operator.h"
#include "grid_sample_grad_tiling_data.h"

namespace gridsample {

constexpr float kGradCubicA = -0.75f;
constexpr float kGradMaxExactCoord = 16777216.0f;   // 2^24: beyond it floats are all integers

// Scalar helpers (the scalar unit, float32). Arguments are finite and below 2^24 in magnitude.
__aicore__ inline float GradFloor(float x) {
    const float f = static_cast<float>(static_cast<int32_t>(x));
    return f > x ? f - 1.0f : f;
}
// Round half to even, as nearbyint.
__aicore__ inline float GradRint(float x) {
    const float r = GradFloor(x);
    const float d = x - r;
    if (d > 0.5f) return r + 1.0f;
    if (d < 0.5f) return r;
    return (static_cast<int32_t>(r) & 1) != 0 ? r + 1.0f : r;
}
__aicore__ inline float GradClamp(float v, float lo, float hi) { return v < lo ? lo : (v > hi ? hi : v); }
__aicore__ inline bool GradIsNan(float v) { return v != v; }
__aicore__ inline float GradAbs(float v) { return v < 0.0f ? -v : v; }

// Reflection of c into the image (torch's reflect_coordinates, then clip), and in *grad the
// derivative (+-1, 0 when the reflected value lies on or beyond a border).
__aicore__ inline float GradReflect(float c, int64_t size, bool ac, float* grad) {
    const float twiceLow = ac ? 0.0f : -1.0f;
    const float twiceHigh = ac ? 2.0f * static_cast<float>(size - 1) : 2.0f * static_cast<float>(size) - 1.0f;
    const float last = static_cast<float>(size - 1);
    if (twiceLow == twiceHigh) {
        *grad = 0.0f;
        return 0.0f;
    }
    const float low = twiceLow / 2.0f, span = (twiceHigh - twiceLow) / 2.0f;
    float x = c - low, sign = 1.0f;
    if (x < 0.0f) {
        x = -x;
        sign = -1.0f;
    }
    const float flips = GradFloor(x / span);
    const float extra = x - flips * span;
    const bool even = (static_cast<int32_t>(flips) & 1) == 0;
    const float r = even ? extra + low : span - extra + low;
    *grad = (r <= 0.0f || r >= last) ? 0.0f : (even ? sign : -sign);
    return GradClamp(r, 0.0f, last);
}

__aicore__ inline float CubicNearW(float x) { return ((kGradCubicA + 2.0f) * x - (kGradCubicA + 3.0f)) * x * x + 1.0f; }
__aicore__ inline float CubicFarW(float x) {
    return ((kGradCubicA * x - 5.0f * kGradCubicA) * x + 8.0f * kGradCubicA) * x - 4.0f * kGradCubicA;
}
__aicore__ inline float CubicNearD(float x) { return (3.0f * (kGradCubicA + 2.0f) * x - 2.0f * (kGradCubicA + 3.0f)) * x; }
__aicore__ inline float CubicFarD(float x) { return (3.0f * kGradCubicA * x - 10.0f * kGradCubicA) * x + 8.0f * kGradCubicA; }

// The taps of one axis: up to 4 (index, weight, d weight / d coordinate), index -1 outside the
// image; coordGrad = d coordinate / d grid value.
struct GradAxis {
    int32_t count;
    int32_t index[4];
    float weight[4];
    float dweight[4];
    float coordGrad;
};

template <int32_t MODE>
__aicore__ inline void GradComputeAxis(float g, int64_t size, int32_t padding, bool ac, GradAxis* a) {
    const float last = static_cast<float>(size - 1);
    const float scale = ac ? last / 2.0f : static_cast<float>(size) / 2.0f;
    const float c = ac ? (g + 1.0f) / 2.0f * last : ((g + 1.0f) * static_cast<float>(size) - 1.0f) / 2.0f;
    if constexpr (MODE == 2) {
        // cubic: the coordinate is not padded (only its taps are); a sanitized one has no gradient
        float p = c;
        if (padding == 2) {
            if (!(GradAbs(c) < kGradMaxExactCoord)) p = 0.0f;
        } else {
            if (GradIsNan(p)) p = padding == 0 ? -8.0f : 0.0f;
            p = GradClamp(p, -8.0f, static_cast<float>(size) + 7.0f);
        }
        const float x0 = GradFloor(p);
        const float t = p - x0;
        a->count = 4;
        a->weight[0] = CubicFarW(t + 1.0f);
        a->weight[1] = CubicNearW(t);
        a->weight[2] = CubicNearW(1.0f - t);
        a->weight[3] = CubicFarW(2.0f - t);
        a->dweight[0] = CubicFarD(t + 1.0f);
        a->dweight[1] = CubicNearD(t);
        a->dweight[2] = -CubicNearD(1.0f - t);
        a->dweight[3] = -CubicFarD(2.0f - t);
        for (int32_t j = 0; j < 4; ++j) {
            float tap = x0 - 1.0f + static_cast<float>(j);
            if (padding == 1) {
                tap = GradClamp(tap, 0.0f, last);
            } else if (padding == 2) {
                float unused;
                tap = GradReflect(tap, size, ac, &unused);
            }
            a->index[j] = (tap >= 0.0f && tap <= last) ? static_cast<int32_t>(tap) : -1;
        }
        a->coordGrad = p == c ? scale : 0.0f;
    } else {
        // linear and nearest read the padded coordinate
        float p = c, padGrad = 1.0f;
        if (padding == 0) {
            p = GradIsNan(c) ? -8.0f : GradClamp(c, -8.0f, last + 8.0f);   // beyond: every tap is outside
        } else if (padding == 1) {
            padGrad = (c > 0.0f && c < last) ? 1.0f : 0.0f;
            p = GradIsNan(c) ? 0.0f : GradClamp(c, 0.0f, last);
        } else if (GradAbs(c) < kGradMaxExactCoord) {
            p = GradReflect(c, size, ac, &padGrad);
        } else {
            p = GradReflect(0.0f, size, ac, &padGrad);
            padGrad = 0.0f;
        }
        if constexpr (MODE == 1) {
            const float r = GradRint(p);
            a->count = 1;
            a->weight[0] = 1.0f;
            a->dweight[0] = 0.0f;
            a->index[0] = (r >= 0.0f && r <= last) ? static_cast<int32_t>(r) : -1;
            a->coordGrad = 0.0f;
        } else {
            const float x0 = GradFloor(p);
            a->count = 2;
            a->weight[0] = x0 + 1.0f - p;
            a->weight[1] = p - x0;
            a->dweight[0] = -1.0f;
            a->dweight[1] = 1.0f;
            for (int32_t j = 0; j < 2; ++j) {
                const float tap = x0 + static_cast<float>(j);
                a->index[j] = (tap >= 0.0f && tap <= last) ? static_cast<int32_t>(tap) : -1;
            }
            a->coordGrad = scale * padGrad;
        }
    }
}

template <typename T, int32_t MODE, int32_t DIMS>
class GridSampleGradKernel {
public:
    __aicore__ inline GridSampleGradKernel() {}

    __aicore__ inline void Init(GM_ADDR gradOutput, GM_ADDR x, GM_ADDR grid, GM_ADDR inputGrad, GM_ADDR gridGrad,
                                const GridSampleGradTilingData& t) {
        t_ = t;
        plane_ = t.inD * t.inH * t.inW;
        const uint64_t inElems = static_cast<uint64_t>(t.n * t.c * plane_);
        const uint64_t gridElems = static_cast<uint64_t>(t.n * t.points * DIMS);
        goGm_.SetGlobalBuffer((__gm__ T*)gradOutput, static_cast<uint64_t>(t.n * t.c * t.points));
        xGm_.SetGlobalBuffer((__gm__ T*)x, inElems);
        gridGm_.SetGlobalBuffer((__gm__ T*)grid, gridElems);
        if (t.computeInputGrad) igGm_.SetGlobalBuffer((__gm__ T*)inputGrad, inElems);
        if (t.computeGridGrad) ggGm_.SetGlobalBuffer((__gm__ T*)gridGrad, gridElems);
        pipe_.InitBuffer(gridBuf_, t.gridBufBytes);
        pipe_.InitBuffer(goBuf_, t.goBufBytes);
        pipe_.InitBuffer(tapBuf_, t.tapBufBytes);
        pipe_.InitBuffer(accBuf_, t.accBytes);
        pipe_.InitBuffer(pointBuf_, t.pointBufBytes);
        pipe_.InitBuffer(pointOut_, t.pointBufBytes);
        if constexpr (!kIsFloat) {
            pipe_.InitBuffer(gridFloat_, t.gridFloatBytes);
            pipe_.InitBuffer(goFloat_, t.goFloatBytes);
            pipe_.InitBuffer(tapFloat_, t.tapFloatBytes);
            pipe_.InitBuffer(accOut_, t.accOutBytes);
            pipe_.InitBuffer(pointOutT_, t.pointOutBytes);
        }
        goSlab_ = AlignElems(t.pointChunk);
        block_ = (t.channelChunk + 7) / 8 * 8;
        rowSlab_ = AlignElems(t.inW);
        tapSlab_ = 32 / static_cast<int64_t>(sizeof(T));
        if (t.computeInputGrad) {
            pipe_.InitBuffer(goT_, t.goTBytes);
            pipe_.InitBuffer(goIndex_, t.goIndexBytes);
            pipe_.InitBuffer(rowStage_, t.rowStageBytes);
            pipe_.InitBuffer(rowIndex_, t.rowIndexBytes);
            // Gather offsets (bytes), written once: point p's block takes channel ch of the
            // channel-major gradOutput chunk (lanes beyond the chunk repeat channel 0 and are never
            // used); a row's pixel i sits at block i of the accumulator.
            AscendC::LocalTensor<uint32_t> goIndex = goIndex_.template Get<uint32_t>();
            for (int64_t p = 0; p < t.pointChunk; ++p) {
                for (int64_t ch = 0; ch < block_; ++ch) {
                    const int64_t from = (ch < t.channelChunk ? ch : 0) * goSlab_ + p;
                    goIndex.SetValue(static_cast<uint32_t>(p * block_ + ch), static_cast<uint32_t>(from * 4));
                }
            }
            AscendC::LocalTensor<uint32_t> rowIndex = rowIndex_.template Get<uint32_t>();
            for (int64_t i = 0; i < t.inW; ++i) rowIndex.SetValue(static_cast<uint32_t>(i), static_cast<uint32_t>(i * block_ * 4));
            AscendC::PipeBarrier<PIPE_ALL>();
        }
    }

    __aicore__ inline void Process() {
        const int64_t total = t_.inputUnits + t_.gridUnits;
        const int64_t begin = static_cast<int64_t>(AscendC::GetBlockIdx()) * t_.unitsPerCore;
        int64_t end = begin + t_.unitsPerCore;
        if (end > total) end = total;
        for (int64_t u = begin; u < end; ++u) {
            if (u < t_.inputUnits) InputGradUnit(u);
            else GridGradUnit(u - t_.inputUnits);
        }
    }

private:
    static constexpr bool kIsFloat = sizeof(T) == 4;

    __aicore__ inline int64_t AlignElems(int64_t n) const {
        const int64_t per = 32 / static_cast<int64_t>(sizeof(T));
        return (n + per - 1) / per * per;
    }

    // Loads points [p0, p0 + np) of batch b: the grid coordinates as floats.
    __aicore__ inline AscendC::LocalTensor<float> LoadGrid(int64_t b, int64_t p0, int64_t np) {
        AscendC::PipeBarrier<PIPE_ALL>();   // earlier scalar reads of the buffer are done
        AscendC::LocalTensor<T> raw = gridBuf_.template Get<T>();
        AscendC::DataCopyExtParams copy(1, static_cast<uint32_t>(np * DIMS * sizeof(T)), 0, 0, 0);
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
        AscendC::DataCopyPad(raw, gridGm_[(b * t_.points + p0) * DIMS], copy, pad);
        AscendC::PipeBarrier<PIPE_ALL>();
        if constexpr (kIsFloat) {
            return raw;
        } else {
            AscendC::LocalTensor<float> f = gridFloat_.template Get<float>();
            AscendC::Cast(f, raw, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(np * DIMS));
            AscendC::PipeBarrier<PIPE_ALL>();
            return f;
        }
    }

    // Loads gradOutput of channels [c0, c0 + cc) at points [p0, p0 + np) of batch b as floats, one
    // slab of goSlab_ per channel.
    __aicore__ inline AscendC::LocalTensor<float> LoadGradOutput(int64_t b, int64_t c0, int64_t cc, int64_t p0, int64_t np) {
        AscendC::PipeBarrier<PIPE_ALL>();   // earlier scalar reads of the buffer are done
        AscendC::LocalTensor<T> raw = goBuf_.template Get<T>();
        const uint32_t len = static_cast<uint32_t>(np * sizeof(T));
        const uint32_t gap = static_cast<uint32_t>((t_.points - np) * sizeof(T));
        const uint32_t slabBlocks = static_cast<uint32_t>(goSlab_ * sizeof(T) / 32);
        const uint32_t usedBlocks = (len + 31) / 32;
        AscendC::DataCopyExtParams copy(static_cast<uint16_t>(cc), len, gap, slabBlocks - usedBlocks, 0);
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
        AscendC::DataCopyPad(raw, goGm_[(b * t_.c + c0) * t_.points + p0], copy, pad);
        AscendC::PipeBarrier<PIPE_ALL>();
        if constexpr (kIsFloat) {
            return raw;
        } else {
            AscendC::LocalTensor<float> f = goFloat_.template Get<float>();
            AscendC::Cast(f, raw, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(cc * goSlab_));
            AscendC::PipeBarrier<PIPE_ALL>();
            return f;
        }
    }

    // The axes of point p of a loaded chunk: axes[0] x (W), axes[1] y (H), axes[2] z (D).
    __aicore__ inline void PointAxes(const AscendC::LocalTensor<float>& coords, int64_t p, GradAxis* axes) {
        const bool ac = t_.alignCorners != 0;
        GradComputeAxis<MODE>(coords.GetValue(static_cast<uint32_t>(p * DIMS)), t_.inW, t_.padding, ac, &axes[0]);
        GradComputeAxis<MODE>(coords.GetValue(static_cast<uint32_t>(p * DIMS + 1)), t_.inH, t_.padding, ac, &axes[1]);
        if constexpr (DIMS == 3) {
            GradComputeAxis<MODE>(coords.GetValue(static_cast<uint32_t>(p * DIMS + 2)), t_.inD, t_.padding, ac, &axes[2]);
        } else {
            axes[2].count = 1;
            axes[2].index[0] = 0;
            axes[2].weight[0] = 1.0f;
            axes[2].dweight[0] = 0.0f;
            axes[2].coordGrad = 0.0f;
        }
    }

    // True when a tap of one of the chunk's np points lies in rows [r0, r0 + nr) of the D*H rows.
    __aicore__ inline bool ChunkTouchesRows(const AscendC::LocalTensor<float>& coords, int64_t np, int64_t r0, int64_t nr) {
        GradAxis axes[3];
        for (int64_t p = 0; p < np; ++p) {
            PointAxes(coords, p, axes);
            for (int32_t jz = 0; jz < axes[2].count; ++jz) {
                if (axes[2].index[jz] < 0) continue;
                for (int32_t jy = 0; jy < axes[1].count; ++jy) {
                    if (axes[1].index[jy] < 0) continue;
                    const int64_t row = static_cast<int64_t>(axes[2].index[jz]) * t_.inH + axes[1].index[jy];
                    if (row >= r0 && row < r0 + nr) return true;
                }
            }
        }
        return false;
    }

    // Input-gradient unit: (batch, channel chunk, row tile).
    __aicore__ inline void InputGradUnit(int64_t u) {
        const int64_t tile = u % t_.tilesPerPlane;
        const int64_t chunk = (u / t_.tilesPerPlane) % t_.channelChunks;
        const int64_t b = u / (t_.tilesPerPlane * t_.channelChunks);
        const int64_t c0 = chunk * t_.channelChunk;
        const int64_t cc = (t_.c - c0) < t_.channelChunk ? (t_.c - c0) : t_.channelChunk;
        const int64_t rows = t_.inD * t_.inH;
        const int64_t r0 = tile * t_.tileRows;
        const int64_t nr = (rows - r0) < t_.tileRows ? (rows - r0) : t_.tileRows;
        const int64_t w = t_.inW;
        AscendC::LocalTensor<float> acc = accBuf_.template Get<float>();
        AscendC::Duplicate(acc, 0.0f, static_cast<int32_t>(nr * w * block_));
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::LocalTensor<float> goT = goT_.template Get<float>();
        AscendC::LocalTensor<float> product = goT[static_cast<uint32_t>(t_.pointChunk * block_)];
        AscendC::LocalTensor<uint32_t> goIndex = goIndex_.template Get<uint32_t>();
        const int32_t lanes = static_cast<int32_t>(cc);
        GradAxis axes[3];
        for (int64_t p0 = 0; p0 < t_.points; p0 += t_.pointChunk) {
            const int64_t np = (t_.points - p0) < t_.pointChunk ? (t_.points - p0) : t_.pointChunk;
            AscendC::LocalTensor<float> coords = LoadGrid(b, p0, np);
            // bucket the chunk on the fly: its gradOutput is fetched only when a tap falls in the tile
            if (!ChunkTouchesRows(coords, np, r0, nr)) continue;
            AscendC::LocalTensor<float> go = LoadGradOutput(b, c0, cc, p0, np);
            // point-major: one block of the chunk's channels per point
            // (Gather: atlasascendc_api_07_0092, byte offsets; count within the source and the
            // offsets, which the tiling sizes for block_ slabs)
            AscendC::Gather(goT, go, goIndex, 0u, static_cast<uint32_t>(np * block_));
            AscendC::PipeBarrier<PIPE_ALL>();
            // per tap, one multiply and one add of the point's channels into the pixel's block: each
            // element still sums weight * gradOutput over the points (and taps) in order, rounded
            // after the multiply and after the add as on the scalar unit
            for (int64_t p = 0; p < np; ++p) {
                PointAxes(coords, p, axes);
                for (int32_t jz = 0; jz < axes[2].count; ++jz) {
                    if (axes[2].index[jz] < 0) continue;
                    for (int32_t jy = 0; jy < axes[1].count; ++jy) {
                        if (axes[1].index[jy] < 0) continue;
                        const int64_t row = static_cast<int64_t>(axes[2].index[jz]) * t_.inH + axes[1].index[jy];
                        if (row < r0 || row >= r0 + nr) continue;
                        const float wzy = axes[2].weight[jz] * axes[1].weight[jy];
                        for (int32_t jx = 0; jx < axes[0].count; ++jx) {
                            if (axes[0].index[jx] < 0) continue;
                            const float wt = wzy * axes[0].weight[jx];
                            const int64_t at = ((row - r0) * w + axes[0].index[jx]) * block_;
                            AscendC::Muls(product, goT[static_cast<uint32_t>(p * block_)], wt, lanes);
                            AscendC::PipeBarrier<PIPE_V>();
                            AscendC::Add(acc[static_cast<uint32_t>(at)], acc[static_cast<uint32_t>(at)], product, lanes);
                            AscendC::PipeBarrier<PIPE_V>();
                        }
                    }
                }
            }
            AscendC::PipeBarrier<PIPE_ALL>();
        }
        // the store, a row of the tile at a time: gathered channel-major (cc slabs of W), then one
        // DMA of cc blocks of W elements
        AscendC::LocalTensor<float> stage = rowStage_.template Get<float>();
        AscendC::LocalTensor<uint32_t> rowIndex = rowIndex_.template Get<uint32_t>();
        const uint32_t len = static_cast<uint32_t>(w * sizeof(T));
        const uint32_t slabBlocks = static_cast<uint32_t>(rowSlab_ * sizeof(T) / 32);
        const uint32_t usedBlocks = (len + 31) / 32;
        const uint32_t gap = static_cast<uint32_t>((plane_ - w) * sizeof(T));
        AscendC::DataCopyExtParams copy(static_cast<uint16_t>(cc), len, slabBlocks - usedBlocks, gap, 0);
        for (int64_t r = 0; r < nr; ++r) {
            AscendC::PipeBarrier<PIPE_ALL>();   // the previous row's store has read the stage
            for (int64_t ch = 0; ch < cc; ++ch) {
                const uint32_t base = static_cast<uint32_t>((r * w * block_ + ch) * 4);
                AscendC::Gather(stage[static_cast<uint32_t>(ch * rowSlab_)], acc, rowIndex, base, static_cast<uint32_t>(w));
            }
            AscendC::PipeBarrier<PIPE_ALL>();
            const int64_t dst = (b * t_.c + c0) * plane_ + (r0 + r) * w;
            if constexpr (kIsFloat) {
                AscendC::DataCopyPad(igGm_[dst], stage, copy);
            } else {
                AscendC::LocalTensor<T> out = accOut_.template Get<T>();
                AscendC::Cast(out, stage, AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(cc * rowSlab_));
                AscendC::PipeBarrier<PIPE_ALL>();
                AscendC::DataCopyPad(igGm_[dst], out, copy);
            }
        }
        AscendC::PipeBarrier<PIPE_ALL>();
    }

    // Grid-gradient unit: (batch, chunk of points).
    __aicore__ inline void GridGradUnit(int64_t u) {
        const int64_t b = u / t_.pointChunks;
        const int64_t p0 = (u % t_.pointChunks) * t_.pointChunk;
        const int64_t np = (t_.points - p0) < t_.pointChunk ? (t_.points - p0) : t_.pointChunk;
        AscendC::LocalTensor<float> sums = pointBuf_.template Get<float>();
        AscendC::Duplicate(sums, 0.0f, static_cast<int32_t>(t_.pointChunk * 3));
        AscendC::PipeBarrier<PIPE_ALL>();
        GradAxis axes[3];
        AscendC::LocalTensor<float> coords = LoadGrid(b, p0, np);
        if constexpr (MODE != 1) {
            for (int64_t chunk = 0; chunk < t_.channelChunks; ++chunk) {
                const int64_t c0 = chunk * t_.channelChunk;
                const int64_t cc = (t_.c - c0) < t_.channelChunk ? (t_.c - c0) : t_.channelChunk;
                AscendC::LocalTensor<float> go = LoadGradOutput(b, c0, cc, p0, np);
                for (int64_t p = 0; p < np; ++p) {
                    PointAxes(coords, p, axes);
                    AccumulatePoint(b, c0, cc, p, axes, go, sums);
                }
            }
        }
        // results: d coordinate / d grid times the sums, in the grid's order (x, y, z)
        AscendC::LocalTensor<float> res = pointOut_.template Get<float>();
        for (int64_t p = 0; p < np; ++p) {
            PointAxes(coords, p, axes);
            for (int32_t k = 0; k < DIMS; ++k) {
                const uint32_t at = static_cast<uint32_t>(p * DIMS + k);
                res.SetValue(at, MODE == 1 ? 0.0f : axes[k].coordGrad * sums.GetValue(static_cast<uint32_t>(p * 3 + k)));
            }
        }
        AscendC::PipeBarrier<PIPE_ALL>();
        AscendC::DataCopyExtParams copy(1, static_cast<uint32_t>(np * DIMS * sizeof(T)), 0, 0, 0);
        const int64_t dst = (b * t_.points + p0) * DIMS;
        if constexpr (kIsFloat) {
            AscendC::DataCopyPad(ggGm_[dst], res, copy);
        } else {
            AscendC::LocalTensor<T> out = pointOutT_.template Get<T>();
            AscendC::Cast(out, res, AscendC::RoundMode::CAST_RINT, static_cast<uint32_t>(np * DIMS));
            AscendC::PipeBarrier<PIPE_ALL>();
            AscendC::DataCopyPad(ggGm_[dst], out, copy);
        }
        AscendC::PipeBarrier<PIPE_ALL>();
    }

    // Adds point p's contribution of channels [c0, c0 + cc) to its sums: per tap row, one DMA
    // brings the row's run of x taps for every channel of the chunk.
    __aicore__ inline void AccumulatePoint(int64_t b, int64_t c0, int64_t cc, int64_t p, const GradAxis* axes,
                                           const AscendC::LocalTensor<float>& go, const AscendC::LocalTensor<float>& sums) {
        int32_t xmin = -1, xmax = -1;
        for (int32_t jx = 0; jx < axes[0].count; ++jx) {
            const int32_t ix = axes[0].index[jx];
            if (ix < 0) continue;
            if (xmin < 0 || ix < xmin) xmin = ix;
            if (ix > xmax) xmax = ix;
        }
        if (xmin < 0) return;
        const uint32_t run = static_cast<uint32_t>(xmax - xmin + 1);
        float sx = sums.GetValue(static_cast<uint32_t>(p * 3));
        float sy = sums.GetValue(static_cast<uint32_t>(p * 3 + 1));
        float sz = sums.GetValue(static_cast<uint32_t>(p * 3 + 2));
        // per tap row (in order), one DMA for the chunk's channels, then the channels in order:
        // the same order whatever the core count
        for (int32_t jz = 0; jz < axes[2].count; ++jz) {
            if (axes[2].index[jz] < 0) continue;
            for (int32_t jy = 0; jy < axes[1].count; ++jy) {
                if (axes[1].index[jy] < 0) continue;
                const AscendC::LocalTensor<float> taps =
                    LoadTapRow(b, c0, cc, static_cast<int64_t>(axes[2].index[jz]) * t_.inH + axes[1].index[jy], xmin, run);
                for (int64_t ch = 0; ch < cc; ++ch) {
                    const float g = go.GetValue(static_cast<uint32_t>(ch * goSlab_ + p));
                    for (int32_t jx = 0; jx < axes[0].count; ++jx) {
                        const int32_t ix = axes[0].index[jx];
                        if (ix < 0) continue;
                        const float v = g * taps.GetValue(static_cast<uint32_t>(ch * tapSlab_ + ix - xmin));
                        sx += v * axes[0].dweight[jx] * axes[1].weight[jy] * axes[2].weight[jz];
                        sy += v * axes[0].weight[jx] * axes[1].dweight[jy] * axes[2].weight[jz];
                        if constexpr (DIMS == 3) sz += v * axes[0].weight[jx] * axes[1].weight[jy] * axes[2].dweight[jz];
                    }
                }
            }
        }
        sums.SetValue(static_cast<uint32_t>(p * 3), sx);
        sums.SetValue(static_cast<uint32_t>(p * 3 + 1), sy);
        sums.SetValue(static_cast<uint32_t>(p * 3 + 2), sz);
    }

    // One tap row (input row `row` of the D*H rows, pixels [x0, x0 + run)) of channels
    // [c, c + cc) as floats, one 32-byte slab per channel.
    __aicore__ inline AscendC::LocalTensor<float> LoadTapRow(int64_t b, int64_t c, int64_t cc, int64_t row, int32_t x0,
                                                             uint32_t run) {
        AscendC::PipeBarrier<PIPE_ALL>();   // earlier scalar reads of the buffer are done
        AscendC::LocalTensor<T> raw = tapBuf_.template Get<T>();
        const uint32_t len = run * static_cast<uint32_t>(sizeof(T));
        const uint32_t gap = static_cast<uint32_t>((plane_ - run) * sizeof(T));
        AscendC::DataCopyExtParams copy(static_cast<uint16_t>(cc), len, gap, 0, 0);
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, static_cast<T>(0)};
        AscendC::DataCopyPad(raw, xGm_[(b * t_.c + c) * plane_ + row * t_.inW + x0], copy, pad);
        AscendC::PipeBarrier<PIPE_ALL>();
        if constexpr (kIsFloat) {
            return raw;
        } else {
            AscendC::LocalTensor<float> f = tapFloat_.template Get<float>();
            AscendC::Cast(f, raw, AscendC::RoundMode::CAST_NONE, static_cast<uint32_t>(cc * tapSlab_));
            AscendC::PipeBarrier<PIPE_ALL>();
            return f;
        }
    }

    GridSampleGradTilingData t_;
    int64_t plane_ = 0, goSlab_ = 0, block_ = 0, rowSlab_ = 0, tapSlab_ = 0;
    AscendC::TPipe pipe_;
    AscendC::GlobalTensor<T> goGm_, xGm_, gridGm_, igGm_, ggGm_;
    AscendC::TBuf<AscendC::TPosition::VECIN> gridBuf_, goBuf_, tapBuf_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> gridFloat_, goFloat_, tapFloat_, pointBuf_;
    AscendC::TBuf<AscendC::TPosition::VECOUT> accBuf_, accOut_, pointOut_, pointOutT_, rowStage_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> goT_, goIndex_, rowIndex_;
};

}  // namespace gridsample

#endif  // GRID_SAMPLE_GRAD_KERNEL_H
