// TilingData of Interpolate: everything the kernel needs from the host, decided by the tiling
// function in op_host/interpolate_tiling_func.cpp. Plain fixed-width fields so host and device agree
// on the layout.
#ifndef INTERPOLATE_TILING_DATA_H
#define INTERPOLATE_TILING_DATA_H

#ifndef __aicore__
#define __aicore__
#endif

namespace interp {

// Tiling keys, one per dtype (decimal literals: the op compiler reads the number in each
// TILING_KEY_IS); 3000 + 10 * dtype (0 float32, 1 float16, 2 bfloat16). The host tiling asserts
// each against that formula.
#define INTERPOLATE_KEY_FP32 3000
#define INTERPOLATE_KEY_FP16 3010
#define INTERPOLATE_KEY_BF16 3020

constexpr int32_t kInterpolateMaxPasses = 8;
constexpr int32_t kPassRows = 0;      // the axis is not the last: rows of `inner` contiguous elements
constexpr int32_t kPassLastAxis = 1;  // the last axis: whole input rows, taps gathered in the UB
constexpr int32_t kInterpolateMaxRing = 16;   // UB rows of a fused pass's ring, at most
constexpr int32_t kFusedHeaderBytes = 32;     // a fused band table's {input start, input count}, padded
// A fused pass's band input of `count` elements of `elemBytes` each, one plane's DMA block, padded to
// 32 bytes in the UB: the elements between planes (the tiling's buffers, the host's band table
// offsets and the kernel's vector counts all take it from here).
__aicore__ constexpr int64_t FusedPlanePitch(int64_t count, int64_t elemBytes) {
    return (count * elemBytes + 31) / 32 * 32 / elemBytes;
}

// One separable pass: src seen as (outer, inLen, inner), dst as (outer, outLen, inner); output
// (o, j, :) = sum over k < taps of weight[j][k] * src(o, index[j][k], :).
// Rows pass unit: output row j of `group` consecutive o (one strided DMA per tap brings the group's
// rows; inner is a multiple of 16 then) or, with group 1, a chunk of one output row, or with a window,
// a chunk of `run` consecutive output rows (one DMA brings the input rows they read).
// Last-axis unit: `group` consecutive input rows (one DMA), every output of them gathered at once.
// A last-axis pass may also run over an axis followed by `channels` elements of axes it does not
// resize (channel-last input: W then C): each (W, C) row is one row of inLen = W * channels elements,
// output (w, c) reading src(w) * channels + c; the kernel sees a last axis, the tables say the rest.
struct InterpolatePassTiling {
    int64_t outer, inLen, outLen, inner;
    int64_t srcOffset;     // bytes into the workspace; -1: src is x (its dtype), else float32
    int64_t dstOffset;     // bytes into the workspace; -1: dst is y (its dtype), else float32
    int64_t tableOffset;   // bytes into the workspace of the axis table (written by the op-API layer)
    int64_t units;         // rows: ceil(outer / group) * ceil(outLen / run) * chunksPerRow; last axis:
                           // ceil(outer / group); fused (on the rows pass): bands * outer / planes *
                           // ceil(outLen / run)
    int64_t unitsPerCore;
    int32_t kind;          // kPassRows or kPassLastAxis
    int32_t axis;          // the axis of x this pass resizes
    int32_t taps;          // taps per output (shorter lists padded with weight 0)
    int32_t chunk;         // rows: elements a unit combines (group * inner, or a chunk of one row);
                           // last axis: outLen rounded up to 16 (the UB pitch of an output row)
    int32_t chunksPerRow;  // rows: ceil(inner / chunk) with group 1, else 1; last axis: 1
    int32_t group;         // rows: o per unit; last axis: input rows per unit
    int32_t rowPitch;      // last axis: UB bytes between input rows (a row padded to 32 bytes)
    int32_t tableBytes;    // bytes of the table (rows: int32 index[outLen][taps] at 0, float weight at
                           // tableBytes / 2; last axis: uint32 byte offsets [taps][tableRows * chunk]
                           // at 0 from the first of tableRows rows, float weights [taps][tableRows *
                           // chunk] at tableBytes / 2)
    int32_t channels;      // last axis: elements per position of the resized axis (1, or the channels
                           // folded into its rows, above); rows: 1
    int32_t window;        // rows, group 1: input rows a UB slot holds (a unit's rows by one DMA); 0:
                           // one DMA per tap
    int32_t run;           // rows with a window: output rows per unit (units: outer * ceil(outLen /
                           // run) * chunksPerRow); else 1
    int32_t tableRows;     // last axis: rows one Gather covers (1 to group; the table holds each one's
                           // offsets); rows: 1
    // the pass's UB partition (bytes; the kernel calls InitBuffer with exactly these, TPipe::Reset
    // between passes)
    int32_t inBufBytes;      // one source row chunk, window or group of last-axis rows, per queue slot
    int32_t workBufBytes;    // one float32 work vector (a product or gathered taps; a widened source; an
                             // accumulator of a non-float32 output)
    int32_t workVectors;     // 1, + 1 for a non-float32 source, + 1 for a non-float32 output (a float32
                             // output accumulates in its output slot); fused: below
    int32_t outBufBytes;     // one output chunk, per queue slot
    int32_t tableBufBytes;   // the axis table
    // Last axis fused with the rows pass after it (fuse 1; the next pass resizes the axis before this
    // one, over rows of this pass's output length): per unit, `run` output rows (the rows pass's run)
    // of `planes` consecutive o (a divisor of outer) and one band of `chunk` outputs of the last
    // axis; each input row the rows pass reads is resized along the last axis once into a ring of
    // `ring` UB rows, none goes through the workspace. An input row of the planes is one DMA of a
    // block per plane (the band's input elements, padded to 32 bytes in the UB); the vector work of
    // a row covers every plane, plane p's outputs at p * chunk (n = planes * chunk outputs, the out
    // buffer's and a work vector's; the store is a block per plane). The table holds `bands` band
    // tables of tableBufBytes each: int32 {input start, input count} (elements of a source row) in
    // kFusedHeaderBytes, then uint32 byte offsets [taps][n] (plane p's from its block: of the
    // float32 copy, element for element), then float weights [taps][n]. group: taps one Gather
    // takes (their offsets are consecutive). Work vectors (workBufBytes each): the ring, (fuse 2)
    // the combined row, (float16 / bfloat16: the widened band input with fuse 1, the float32 output
    // row) and the work area, group * n floats.
    // fuse 2: the same with the rows pass before this one: per unit, each output row of the rows
    // pass is combined from a ring of its input rows (each one's band input loaded once, copied or
    // widened into the ring) and resized along the last axis; the UB partition is this pass's (the
    // rows pass's own is unused).
    int32_t fuse;
    int32_t bands;
    int32_t ring;
    int32_t planes;
    // 1: every output of the pass is one input element with weight exactly 1 (nearest): the fused
    // pass gathers it into place without multiplying (the table's weights are then all 1).
    int32_t unitWeights;
};

// The tiling struct, a standard C++ struct registered in the kernel with REGISTER_TILING_DEFAULT
// and written by the host tiling through TilingContext::GetTilingData<InterpolateTilingData>().
struct InterpolateTilingData {
    int32_t passCount;
    int32_t dataKind;        // 0 float32, 1 float16, 2 bfloat16
    InterpolatePassTiling passes[kInterpolateMaxPasses];
};

}  // namespace interp

#endif  // INTERPOLATE_TILING_DATA_H
