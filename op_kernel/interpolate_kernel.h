// Interpolate AI Core kernel: separable, one pass per resized axis, intermediate passes in float32
// in the workspace, SyncAll between passes. Each pass's source indices and weights (the axis table)
// come from the workspace once per pass; nothing is computed per element but the weighted sums.
//
// Rows pass (the axis is not the last): output row (o, j) is a weighted sum of `taps` input rows
// (o, index[j][k]), each a contiguous run of `inner` elements: whole rows (of a group of o by one
// strided DMA, or chunks of a long row) move by DMA and are combined by Muls / Add in float32.
// Last-axis pass: a group of whole input rows moves by one DMA; Gather picks every output's k-th tap
// of a block of rows at once (byte offsets from the table), Mul by the k-th weights, MulAddDst.
// Fused (two passes, the last axis and the axis before it, either first): each input row is resized
// along the last axis once into a ring of UB rows, which the rows pass combines; no intermediate in
// the workspace.
#ifndef INTERPOLATE_KERNEL_H
#define INTERPOLATE_KERNEL_H

#include "kernel_operator.h"
#include "interpolate_tiling_data.h"

namespace interp {

using AscendC::DataCopyExtParams;
using AscendC::DataCopyPadExtParams;
using AscendC::GlobalTensor;
using AscendC::HardEvent;
using AscendC::LocalTensor;
using AscendC::TPosition;

__aicore__ inline int64_t InterpMin(int64_t a, int64_t b) { return a < b ? a : b; }
__aicore__ inline int64_t InterpAlign32(int64_t bytes) { return (bytes + 31) / 32 * 32; }

template <HardEvent EVENT>
__aicore__ inline void InterpWaitPipe() {
    auto id = GetTPipePtr()->FetchEventID(EVENT);   // declared at global scope, outside AscendC
    AscendC::SetFlag<EVENT>(id);
    AscendC::WaitFlag<EVENT>(id);
}

template <typename T>
class InterpolateKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const InterpolateTilingData& tiling) {
        t_ = tiling;
        x_ = x;
        y_ = y;
        ws_ = workspace;
    }

    __aicore__ inline void Process() {
        for (int32_t p = 0; p < t_.passCount; ++p) {
            const InterpolatePassTiling& pass = t_.passes[p];
            // a rows pass fused with the last axis after it runs in that pass's UB partition
            const bool rowsFirst = p + 1 < t_.passCount && t_.passes[p + 1].fuse == 2;
            const InterpolatePassTiling& ub = rowsFirst ? t_.passes[p + 1] : pass;
            // each pass partitions the whole UB its own way; TPipe::Reset releases the previous pass's
            // buffers and event IDs for InitBuffer again (Reset page, atlasascendc_api_07_0113)
            pipe_.InitBuffer(inQue_, 2, ub.inBufBytes);
            pipe_.InitBuffer(outQue_, 2, ub.outBufBytes);
            pipe_.InitBuffer(tableQue_, 1, ub.tableBufBytes);
            pipe_.InitBuffer(workBuf_, ub.workBufBytes * ub.workVectors);
            // fused passes: x to y (the tiling fuses two passes only)
            if (rowsFirst) {
                pipe_.InitBuffer(rowsTableQue_, 1, pass.tableBufBytes);
                FusedPass(t_.passes[p + 1], pass, true);
                ++p;
            } else if (pass.fuse == 1 && p + 1 < t_.passCount) {
                const InterpolatePassTiling& rows = t_.passes[p + 1];
                pipe_.InitBuffer(rowsTableQue_, 1, rows.tableBufBytes);
                FusedPass(pass, rows, false);
                ++p;
            } else {
                const bool srcX = pass.srcOffset < 0, dstY = pass.dstOffset < 0;
                if (srcX && dstY) RunPass<T, T>(pass);
                else if (srcX) RunPass<T, float>(pass);
                else if (dstY) RunPass<float, T>(pass);
                else RunPass<float, float>(pass);
            }
            // the next pass reads what every core wrote. The hard SyncAll (SyncAll page,
            // atlasascendc_api_07_0204): custom-op projects only, block dim <= the AIV cores, and a
            // non-zero tiling workspace (ours holds the tiling data and the axis tables).
            if (p + 1 < t_.passCount) {
                AscendC::PipeBarrier<PIPE_ALL>();
                pipe_.Reset();
                AscendC::SyncAll();
            }
        }
    }

private:
    template <typename S, typename D>
    __aicore__ inline void RunPass(const InterpolatePassTiling& pass) {
        GlobalTensor<S> src;
        GlobalTensor<D> dst;
        const int64_t srcElems = pass.outer * pass.inLen * pass.inner;
        const int64_t dstElems = pass.outer * pass.outLen * pass.inner;
        src.SetGlobalBuffer(reinterpret_cast<__gm__ S*>(pass.srcOffset < 0 ? x_ : ws_ + pass.srcOffset), srcElems);
        dst.SetGlobalBuffer(reinterpret_cast<__gm__ D*>(pass.dstOffset < 0 ? y_ : ws_ + pass.dstOffset), dstElems);
        GlobalTensor<uint8_t> tableGm;
        tableGm.SetGlobalBuffer(ws_ + pass.tableOffset, pass.tableBytes);
        const int64_t core = AscendC::GetBlockIdx();
        const int64_t begin = core * pass.unitsPerCore;
        const int64_t end = InterpMin(pass.units, begin + pass.unitsPerCore);
        if (begin >= end) return;
        // the axis table, once per pass; a rows pass loads only the output rows this core's units
        // combine (the scalar reads them before its first DMA, so the rest would only delay it)
        LocalTensor<uint8_t> table = tableQue_.template AllocTensor<uint8_t>();
        int64_t jLo = 0, jHi = pass.outLen;
        if (pass.kind == kPassRows) RowsTouched(pass, begin, end, &jLo, &jHi);
        if (jHi - jLo < pass.outLen) {
            const int64_t rowBytes = static_cast<int64_t>(pass.taps) * 4;
            const int64_t from = jLo * rowBytes / 32 * 32;   // the UB side stays 32-byte aligned
            const uint32_t bytes = static_cast<uint32_t>(jHi * rowBytes - from);
            const int64_t half = pass.tableBytes / 2;
            for (int32_t h = 0; h < 2; ++h) {   // indices, then weights
                const int64_t at = from + h * half;
                AscendC::DataCopyPad(table[static_cast<uint32_t>(at)], tableGm[at], DataCopyExtParams(1, bytes, 0, 0, 0),
                                     DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
            }
        } else {
            AscendC::DataCopyPad(table, tableGm, DataCopyExtParams(1, static_cast<uint32_t>(pass.tableBytes), 0, 0, 0),
                                 DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
        }
        tableQue_.EnQue(table);
        table = tableQue_.template DeQue<uint8_t>();
        if (pass.kind == kPassRows) {
            InterpWaitPipe<HardEvent::MTE2_S>();   // the scalar unit reads indices and weights
            RowsPass<S, D>(pass, src, dst, table, begin, end);
        } else {
            LastAxisPass<S, D>(pass, src, dst, table, begin, end);
        }
        tableQue_.FreeTensor(table);
    }

    // The output rows [*jLo, *jHi) that units [begin, end) of a rows pass combine: those of their runs
    // when they are all of one o (or group of o), else (left as given) every row.
    __aicore__ inline void RowsTouched(const InterpolatePassTiling& pass, int64_t begin, int64_t end, int64_t* jLo,
                                       int64_t* jHi) {
        const int64_t runs = (pass.outLen + pass.run - 1) / pass.run;
        const int64_t first = begin / pass.chunksPerRow, last = (end - 1) / pass.chunksPerRow;
        if (first / runs != last / runs) return;
        *jLo = first % runs * pass.run;
        *jHi = InterpMin(pass.outLen, (last % runs + 1) * pass.run);
    }

    // Per unit: output row j of a group of o (or a chunk of one row), taps DMAs of the source rows,
    // combined in float32; or, with a window, the input rows of `run` consecutive output rows.
    template <typename S, typename D>
    __aicore__ inline void RowsPass(const InterpolatePassTiling& pass, const GlobalTensor<S>& src,
                                    const GlobalTensor<D>& dst, const LocalTensor<uint8_t>& table, int64_t begin,
                                    int64_t end) {
        const LocalTensor<int32_t> index = table.template ReinterpretCast<int32_t>();
        const LocalTensor<float> weight = table[pass.tableBytes / 2].template ReinterpretCast<float>();
        if (pass.window > 0) {
            WindowRows<S, D>(pass, src, dst, index, weight, begin, end);
            return;
        }
        for (int64_t u = begin; u < end; ++u) {
            const int64_t c = u % pass.chunksPerRow;
            const int64_t rest = u / pass.chunksPerRow;
            const int64_t j = rest % pass.outLen, ob = rest / pass.outLen;
            const int64_t o0 = ob * pass.group;
            const int64_t planes = InterpMin(pass.group, pass.outer - o0);
            const int64_t first = c * pass.chunk;
            // a group: `planes` rows of inner elements; else a chunk of one row
            const int64_t rowLen = pass.group > 1 ? pass.inner : InterpMin(pass.chunk, pass.inner - first);
            TapRows<S, D>(pass, src, dst, index, weight, o0, planes, j, first, rowLen);
        }
    }

    // acc (+)= w * row in float32 (S widened into `cast` first), a product and an add per term.
    template <typename S>
    __aicore__ inline void AddTap(const LocalTensor<float>& acc, const LocalTensor<float>& cast,
                                  const LocalTensor<float>& prod, const LocalTensor<S>& row, float w, bool first,
                                  int32_t len) {
        LocalTensor<float> rowF = cast;
        if constexpr (sizeof(S) == 4) {
            rowF = row.template ReinterpretCast<float>();
        } else {
            AscendC::Cast(cast, row, AscendC::RoundMode::CAST_NONE, len);
        }
        if (first) {
            AscendC::Muls(acc, rowF, w, len);
        } else {
            AscendC::Muls(prod, rowF, w, len);
            AscendC::Add(acc, acc, prod, len);
        }
    }

    // Output row j of `planes` consecutive o from o0 (elements [first, first + rowLen) of each), one
    // DMA per tap.
    template <typename S, typename D>
    __aicore__ inline void TapRows(const InterpolatePassTiling& pass, const GlobalTensor<S>& src,
                                   const GlobalTensor<D>& dst, const LocalTensor<int32_t>& index,
                                   const LocalTensor<float>& weight, int64_t o0, int64_t planes, int64_t j,
                                   int64_t first, int64_t rowLen) {
        LocalTensor<float> prod, cast, accWork;
        WorkVectors<S, D>(pass, &prod, &cast, &accWork);
        LocalTensor<float> acc = Accumulator<D>(accWork);
        const int32_t len = static_cast<int32_t>(rowLen * planes);
        for (int32_t k = 0; k < pass.taps; ++k) {
            const int64_t i = index.GetValue(j * pass.taps + k);
            const float w = weight.GetValue(j * pass.taps + k);
            LocalTensor<S> in = inQue_.template AllocTensor<S>();
            const uint32_t gap = planes > 1 ? static_cast<uint32_t>((pass.inLen - 1) * pass.inner * sizeof(S)) : 0u;
            AscendC::DataCopyPad(in, src[(o0 * pass.inLen + i) * pass.inner + first],
                                 DataCopyExtParams(static_cast<uint16_t>(planes), static_cast<uint32_t>(rowLen * sizeof(S)),
                                                   gap, 0, 0),
                                 DataCopyPadExtParams<S>{false, 0, 0, static_cast<S>(0.0f)});
            inQue_.EnQue(in);
            in = inQue_.template DeQue<S>();
            AddTap<S>(acc, cast, prod, in, w, k == 0, len);
            inQue_.FreeTensor(in);
        }
        const uint32_t outGap = planes > 1 ? static_cast<uint32_t>((pass.outLen - 1) * pass.inner * sizeof(D)) : 0u;
        Store<D>(dst, acc, (o0 * pass.outLen + j) * pass.inner + first, len,
                 DataCopyExtParams(static_cast<uint16_t>(planes), static_cast<uint32_t>(rowLen * sizeof(D)), 0, outGap, 0));
    }

    // The first and last input row output row j reads.
    __aicore__ inline void TapSpan(const InterpolatePassTiling& pass, const LocalTensor<int32_t>& index, int64_t j,
                                   int64_t* lo, int64_t* hi) {
        for (int32_t k = 0; k < pass.taps; ++k) {
            const int64_t i = index.GetValue(j * pass.taps + k);
            *lo = i < *lo ? i : *lo;
            *hi = i > *hi ? i : *hi;
        }
    }

    // A window of the rows pass: output rows [j, next) of o, elements [first, first + rowLen) of each,
    // reading input rows [lo, hi] (perTap: the one output row j, a DMA per tap).
    struct RowWindow {
        int64_t o, first, rowLen, j, next, lo, hi;
        bool perTap;
    };

    // The next window of units [*u, end), from output row *j of unit *u (-1: its first): the output
    // rows of a unit (`run` consecutive output rows of one o, a chunk of each) as long as the input
    // rows they read (consecutive rows: the table's taps are sorted) are at most `window` rows.
    __aicore__ inline bool NextWindow(const InterpolatePassTiling& pass, const LocalTensor<int32_t>& index, int64_t end,
                                      int64_t* u, int64_t* j, RowWindow* w) {
        const int64_t runs = (pass.outLen + pass.run - 1) / pass.run;
        while (*u < end) {
            const int64_t c = *u % pass.chunksPerRow;
            const int64_t rest = *u / pass.chunksPerRow;
            const int64_t jEnd = InterpMin(pass.outLen, (rest % runs + 1) * pass.run);
            if (*j < 0) *j = rest % runs * pass.run;
            if (*j >= jEnd) {
                ++*u;
                *j = -1;
                continue;
            }
            w->o = rest / runs;
            w->first = c * pass.chunk;
            w->rowLen = InterpMin(pass.chunk, pass.inner - w->first);
            w->j = *j;
            w->lo = pass.inLen;
            w->hi = -1;
            TapSpan(pass, index, *j, &w->lo, &w->hi);
            w->perTap = w->hi - w->lo + 1 > pass.window;
            w->next = *j + 1;
            while (!w->perTap && w->next < jEnd) {
                int64_t lo = w->lo, hi = w->hi;
                TapSpan(pass, index, w->next, &lo, &hi);
                if (hi - lo + 1 > pass.window) break;
                w->lo = lo;
                w->hi = hi;
                ++w->next;
            }
            *j = w->next;
            return true;
        }
        return false;
    }

    // One strided DMA of a window's input rows, each padded to 32 bytes in the UB.
    template <typename S>
    __aicore__ inline void LoadWindow(const InterpolatePassTiling& pass, const GlobalTensor<S>& src, const RowWindow& w) {
        LocalTensor<S> in = inQue_.template AllocTensor<S>();
        AscendC::DataCopyPad(in, src[(w.o * pass.inLen + w.lo) * pass.inner + w.first],
                             DataCopyExtParams(static_cast<uint16_t>(w.hi - w.lo + 1), static_cast<uint32_t>(w.rowLen * sizeof(S)),
                                               static_cast<uint32_t>((pass.inner - w.rowLen) * sizeof(S)), 0, 0),
                             DataCopyPadExtParams<S>{false, 0, 0, static_cast<S>(0.0f)});
        inQue_.EnQue(in);
    }

    // Per window: its input rows by one DMA, every output row of it combined from them. The next
    // window's DMA is issued before this one's vector work (the two input slots), so that it overlaps
    // the vector work and the stores; an output row whose own taps span more than `window` rows reads
    // each tap by its own DMA.
    template <typename S, typename D>
    __aicore__ inline void WindowRows(const InterpolatePassTiling& pass, const GlobalTensor<S>& src,
                                      const GlobalTensor<D>& dst, const LocalTensor<int32_t>& index,
                                      const LocalTensor<float>& weight, int64_t begin, int64_t end) {
        LocalTensor<float> prod, cast, accWork;
        WorkVectors<S, D>(pass, &prod, &cast, &accWork);
        int64_t u = begin, j = -1;
        RowWindow cur, next;
        bool have = NextWindow(pass, index, end, &u, &j, &cur), loaded = false;
        while (have) {
            if (cur.perTap) {
                TapRows<S, D>(pass, src, dst, index, weight, cur.o, 1, cur.j, cur.first, cur.rowLen);
                have = NextWindow(pass, index, end, &u, &j, &cur);
                loaded = false;
                continue;
            }
            if (!loaded) LoadWindow<S>(pass, src, cur);
            const bool haveNext = NextWindow(pass, index, end, &u, &j, &next);
            loaded = haveNext && !next.perTap;
            if (loaded) LoadWindow<S>(pass, src, next);
            LocalTensor<S> in = inQue_.template DeQue<S>();
            const int32_t len = static_cast<int32_t>(cur.rowLen);
            const int64_t pitch = (cur.rowLen * static_cast<int64_t>(sizeof(S)) + 31) / 32 * 32 / static_cast<int64_t>(sizeof(S));
            for (int64_t r = cur.j; r < cur.next; ++r) {
                LocalTensor<float> acc = Accumulator<D>(accWork);
                for (int32_t k = 0; k < pass.taps; ++k) {
                    const int64_t i = index.GetValue(r * pass.taps + k);
                    const float w = weight.GetValue(r * pass.taps + k);
                    AddTap<S>(acc, cast, prod, in[static_cast<uint32_t>((i - cur.lo) * pitch)], w, k == 0, len);
                }
                Store<D>(dst, acc, (cur.o * pass.outLen + r) * pass.inner + cur.first, len,
                         DataCopyExtParams(1, static_cast<uint32_t>(cur.rowLen * sizeof(D)), 0, 0, 0));
            }
            inQue_.FreeTensor(in);
            cur = next;
            have = haveNext;
        }
    }

    // The last axis (pass `last`) and the rows pass after it (`rows`) at once. Per unit, `rows.run`
    // output rows of last.planes consecutive o and one band of last.chunk outputs of the last axis:
    // each output row is rows.taps weighted input rows of the rows pass, each of them an input row of
    // `last` resized along the last axis (its band's input elements of every plane by one DMA, a
    // Gather and a Mul / MulAddDst per tap over all planes) into a ring slot; a row still in the ring
    // is not resized again. The two passes' vector work, the loads and the stores overlap; nothing
    // goes through the workspace.
    // rowsFirst: the rows pass comes first (fuse 2): the ring holds input rows (their band input, by
    // one DMA and a copy), each output row is their weighted sum resized along the last axis.
    // x and y of float16 / bfloat16: the band input is widened to float32 as it is loaded (Cast),
    // the work is float32, each output row is narrowed as it is stored.
    __aicore__ inline void FusedPass(const InterpolatePassTiling& last, const InterpolatePassTiling& rows, bool rowsFirst) {
        GlobalTensor<T> src, dst;
        src.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x_), rows.outer * rows.inLen * (rowsFirst ? rows.inner : last.inLen));
        dst.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y_), rows.outer * rows.outLen * (rowsFirst ? last.outLen : rows.inner));
        // an input row's elements (of the rows pass's input) and an output row's
        const int64_t inRow = rowsFirst ? rows.inner : last.inLen;
        const int64_t outRow = rowsFirst ? last.outLen : rows.inner;
        GlobalTensor<uint8_t> bandGm, rowsGm;
        bandGm.SetGlobalBuffer(ws_ + last.tableOffset, last.tableBytes);
        rowsGm.SetGlobalBuffer(ws_ + rows.tableOffset, rows.tableBytes);
        const int64_t core = AscendC::GetBlockIdx();
        const int64_t begin = core * rows.unitsPerCore;
        const int64_t end = InterpMin(rows.units, begin + rows.unitsPerCore);
        if (begin >= end) return;
        const int64_t runs = (rows.outLen + rows.run - 1) / rows.run;
        const int64_t planes = last.planes;
        const int64_t perBand = rows.outer / planes * runs;
        const int32_t n = static_cast<int32_t>(planes * last.chunk);   // a row's outputs, every plane's
        // a plane's block: the band input padded to 32 bytes in the UB; between planes in GM: a plane
        const int64_t inPlane = rows.inLen * inRow, outPlane = rows.outLen * outRow;
        // the rows pass's table: the output rows of this core's runs when they are all of one band and
        // one o, else all of it
        const int64_t firstUnit = begin % perBand, lastUnit = (end - 1) % perBand;
        int64_t jLo = 0, jHi = rows.outLen;
        if (begin / perBand == (end - 1) / perBand && firstUnit / runs == lastUnit / runs) {
            jLo = firstUnit % runs * rows.run;
            jHi = InterpMin(rows.outLen, (lastUnit % runs + 1) * rows.run);
        }
        LocalTensor<uint8_t> rowsTable = rowsTableQue_.template AllocTensor<uint8_t>();
        const int64_t rowBytes = static_cast<int64_t>(rows.taps) * 4;
        const int64_t from = jLo * rowBytes / 32 * 32;   // the UB side stays 32-byte aligned
        const uint32_t bytes = static_cast<uint32_t>(jHi * rowBytes - from);
        for (int32_t h = 0; h < 2; ++h) {   // indices, then weights
            const int64_t at = from + h * (rows.tableBytes / 2);
            AscendC::DataCopyPad(rowsTable[static_cast<uint32_t>(at)], rowsGm[at], DataCopyExtParams(1, bytes, 0, 0, 0),
                                 DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
        }
        rowsTableQue_.EnQue(rowsTable);
        rowsTable = rowsTableQue_.template DeQue<uint8_t>();
        const LocalTensor<int32_t> index = rowsTable.template ReinterpretCast<int32_t>();
        const LocalTensor<float> weight = rowsTable[rows.tableBytes / 2].template ReinterpretCast<float>();
        // ring slots, (rows first) the combined row, (float16 / bfloat16) the widened band input (last
        // axis first) and the float32 output row, then the work area (last.group taps gathered at
        // once, products)
        const int32_t words = last.workBufBytes / 4;
        const LocalTensor<float> ringBase = workBuf_.template Get<float>();
        int32_t next = last.ring;
        const LocalTensor<float> combined = ringBase[next * words];
        if (rowsFirst) ++next;
        LocalTensor<float> widened, narrowed;
        if constexpr (sizeof(T) != 4) {
            widened = ringBase[next * words];
            if (!rowsFirst) ++next;
            narrowed = ringBase[next++ * words];
        }
        const LocalTensor<float> work = ringBase[next * words];
        int64_t ringRow[kInterpolateMaxRing];
        int64_t band = -1, inStart = 0, inCount = 0;
        LocalTensor<uint8_t> bandTable;
        for (int64_t u = begin; u < end; ++u) {
            const int64_t b = u / perBand, rest = u % perBand;
            const int64_t o = rest / runs * planes, j0 = rest % runs * rows.run;   // o: the first plane
            if (b != band) {
                if (band >= 0) tableQue_.FreeTensor(bandTable);
                bandTable = tableQue_.template AllocTensor<uint8_t>();
                AscendC::DataCopyPad(bandTable, bandGm[b * last.tableBufBytes],
                                     DataCopyExtParams(1, static_cast<uint32_t>(last.tableBufBytes), 0, 0, 0),
                                     DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
                tableQue_.EnQue(bandTable);
                bandTable = tableQue_.template DeQue<uint8_t>();
                InterpWaitPipe<HardEvent::MTE2_S>();   // the scalar unit reads the band's input range
                const LocalTensor<int32_t> header = bandTable.template ReinterpretCast<int32_t>();
                inStart = header.GetValue(0);
                inCount = header.GetValue(1);
                for (int32_t s = 0; s < last.ring; ++s) ringRow[s] = -1;
                band = b;
            }
            const LocalTensor<uint32_t> offsets = bandTable[kFusedHeaderBytes].template ReinterpretCast<uint32_t>();
            const LocalTensor<float> weights =
                bandTable[kFusedHeaderBytes + last.taps * n * 4].template ReinterpretCast<float>();
            const int64_t outFirst = b * last.chunk;
            const int32_t outCount = static_cast<int32_t>(InterpMin(last.chunk, last.outLen - outFirst));
            // an output row of every plane: a block each, from the UB pitch of a plane's band (the
            // tiling keeps a plane's bytes within the strides' 32 bits when there are several)
            constexpr int64_t e = sizeof(T);
            const bool several = planes > 1;
            const DataCopyExtParams store(static_cast<uint16_t>(planes), static_cast<uint32_t>(outCount * e),
                                          several ? static_cast<uint32_t>((last.chunk * e - InterpAlign32(outCount * e)) / 32) : 0u,
                                          several ? static_cast<uint32_t>((outPlane - outCount) * e) : 0u, 0);
            const DataCopyExtParams load(static_cast<uint16_t>(planes), static_cast<uint32_t>(inCount * e),
                                         several ? static_cast<uint32_t>((inPlane - inCount) * e) : 0u, 0, 0);
            // the band input in the UB, every plane's (the last plane's without its padding)
            const int32_t inLen = static_cast<int32_t>((planes - 1) * FusedPlanePitch(inCount, e) + inCount);
            const int64_t jEnd = InterpMin(rows.outLen, j0 + rows.run);
            for (int64_t j = j0; j < jEnd; ++j) {
                if (rowsFirst && rows.unitWeights) {
                    const int64_t i = index.GetValue(j);
                    if (DirectUnitRow(rows, index, o, i, j, jEnd, ringRow, rows.taps)) {
                        // one input row, read by no other output row near it: resized from its DMA buffer
                        // (float16 / bfloat16 widened into `combined`: `widened` is the accumulator's vector here)
                        LocalTensor<T> in = LoadBand(src, (o * rows.inLen + i) * inRow + inStart, load);
                        LocalTensor<float> acc = Accumulator<T>(narrowed);
                        ResizeLoaded(last, n, in, inLen, combined, offsets, weights, acc, work);
                        Store<T>(dst, acc, (o * rows.outLen + j) * outRow + outFirst, n, store);
                        continue;
                    }
                }
                if (rowsFirst) {
                    CombineRows(rows, src, index, weight, o, j, inRow, inStart, load, inLen, ringBase, words, ringRow,
                                combined, work);
                    LocalTensor<float> acc = Accumulator<T>(narrowed);
                    ResizeFrom(last, n, combined, offsets, weights, acc, work);
                    Store<T>(dst, acc, (o * rows.outLen + j) * outRow + outFirst, n, store);
                    continue;
                }
                if (rows.unitWeights) {
                    UnitRow(last, rows, n, src, index, o, j, jEnd, inRow, inStart, load, inLen, widened, offsets,
                            weights, ringBase, words, ringRow, narrowed, work, dst, outRow, outFirst, store);
                    continue;
                }
                // the rows row j reads, into the ring before its output slot is taken (the slot waits for
                // the store of row j - 2); a ring shorter than their span resizes some again below
                for (int32_t k = 0; k < rows.taps; ++k) {
                    const int64_t i = index.GetValue(j * rows.taps + k);
                    const int64_t row = o * rows.inLen + i;
                    const int32_t s = static_cast<int32_t>(i % last.ring);
                    if (ringRow[s] != row) {
                        ResizeRow(last, n, src, row * inRow + inStart, load, inLen, widened, offsets, weights,
                                  ringBase[s * words], work);
                        ringRow[s] = row;
                    }
                }
                LocalTensor<float> acc = Accumulator<T>(narrowed);
                for (int32_t k = 0; k < rows.taps; ++k) {
                    const int64_t i = index.GetValue(j * rows.taps + k);
                    const float w = weight.GetValue(j * rows.taps + k);
                    const int64_t row = o * rows.inLen + i;
                    const int32_t s = static_cast<int32_t>(i % last.ring);
                    const LocalTensor<float> slot = ringBase[s * words];
                    if (ringRow[s] != row) {
                        ResizeRow(last, n, src, row * inRow + inStart, load, inLen, widened, offsets, weights, slot, work);
                        ringRow[s] = row;
                    }
                    if (k == 0) {
                        AscendC::Muls(acc, slot, w, n);
                    } else {
                        AscendC::Muls(work, slot, w, n);
                        AscendC::Add(acc, acc, work, n);
                    }
                }
                Store<T>(dst, acc, (o * rows.outLen + j) * outRow + outFirst, n, store);
            }
        }
        if (band >= 0) tableQue_.FreeTensor(bandTable);
        rowsTableQue_.FreeTensor(rowsTable);
    }

    // Rows pass with unit weights (one tap per output row): output row j's input row i is neither in
    // the ring (of `ring` rows) nor read by row j + 1, so it need not go through the ring.
    __aicore__ inline bool DirectUnitRow(const InterpolatePassTiling& rows, const LocalTensor<int32_t>& index, int64_t o,
                                         int64_t i, int64_t j, int64_t jEnd, const int64_t* ringRow, int32_t ring) {
        return ringRow[i % ring] != o * rows.inLen + i && !(j + 1 < jEnd && index.GetValue(j + 1) == i);
    }

    // A band input row of every plane (`load`'s blocks from `at`) by one DMA, dequeued.
    __aicore__ inline LocalTensor<T> LoadBand(const GlobalTensor<T>& src, int64_t at, const DataCopyExtParams& load) {
        LocalTensor<T> in = inQue_.template AllocTensor<T>();
        AscendC::DataCopyPad(in, src[at], load, DataCopyPadExtParams<T>{false, 0, 0, static_cast<T>(0.0f)});
        inQue_.EnQue(in);
        return inQue_.template DeQue<T>();
    }

    // Output row j of a rows pass with unit weights (nearest: one input row each, weight 1): resized
    // straight into the output slot, unless the ring holds it already or row j + 1 reads it too (an
    // upscale), when it goes through the ring and is copied out (Muls by 1 keeps -0.0 and NaN).
    __aicore__ inline void UnitRow(const InterpolatePassTiling& last, const InterpolatePassTiling& rows, int32_t n,
                                   const GlobalTensor<T>& src, const LocalTensor<int32_t>& index, int64_t o, int64_t j,
                                   int64_t jEnd, int64_t inRow, int64_t inStart, const DataCopyExtParams& load,
                                   int32_t inLen, const LocalTensor<float>& widened, const LocalTensor<uint32_t>& offsets,
                                   const LocalTensor<float>& weights, const LocalTensor<float>& ringBase, int32_t words,
                                   int64_t* ringRow, const LocalTensor<float>& narrowed, const LocalTensor<float>& work,
                                   const GlobalTensor<T>& dst, int64_t outRow, int64_t outFirst,
                                   const DataCopyExtParams& store) {
        const int64_t i = index.GetValue(j);
        const int64_t row = o * rows.inLen + i;
        const int32_t s = static_cast<int32_t>(i % last.ring);
        const LocalTensor<float> slot = ringBase[s * words];
        // the input row's DMA is issued before the output slot is taken (which waits for the store of
        // row j - 2), as on the general path
        LocalTensor<float> acc;
        if (DirectUnitRow(rows, index, o, i, j, jEnd, ringRow, last.ring)) {
            LocalTensor<T> in = LoadBand(src, row * inRow + inStart, load);
            acc = Accumulator<T>(narrowed);
            ResizeLoaded(last, n, in, inLen, widened, offsets, weights, acc, work);
        } else {
            if (ringRow[s] != row) {
                ResizeRow(last, n, src, row * inRow + inStart, load, inLen, widened, offsets, weights, slot, work);
                ringRow[s] = row;
            }
            acc = Accumulator<T>(narrowed);
            AscendC::Muls(acc, slot, 1.0f, n);
        }
        Store<T>(dst, acc, (o * rows.outLen + j) * outRow + outFirst, n, store);
    }

    // An input row of the last axis (of every plane: `load`'s blocks from `at`, len elements in the
    // UB) by one DMA, float16 / bfloat16 widened into `widened`, its n outputs resized into `slot`.
    __aicore__ inline void ResizeRow(const InterpolatePassTiling& last, int32_t n, const GlobalTensor<T>& src, int64_t at,
                                     const DataCopyExtParams& load, int32_t len, const LocalTensor<float>& widened,
                                     const LocalTensor<uint32_t>& offsets, const LocalTensor<float>& weights,
                                     const LocalTensor<float>& slot, const LocalTensor<float>& work) {
        ResizeLoaded(last, n, LoadBand(src, at, load), len, widened, offsets, weights, slot, work);
    }

    // ResizeRow after its DMA: the band input `in` (len elements; float16 / bfloat16 widened into
    // `widened` first) resized into `out`, `in` freed.
    __aicore__ inline void ResizeLoaded(const InterpolatePassTiling& last, int32_t n, LocalTensor<T> in, int32_t len,
                                        const LocalTensor<float>& widened, const LocalTensor<uint32_t>& offsets,
                                        const LocalTensor<float>& weights, const LocalTensor<float>& out,
                                        const LocalTensor<float>& work) {
        if constexpr (sizeof(T) == 4) {
            ResizeFrom(last, n, in, offsets, weights, out, work);
        } else {
            AscendC::Cast(widened, in, AscendC::RoundMode::CAST_NONE, len);
            ResizeFrom(last, n, widened, offsets, weights, out, work);
        }
        inQue_.FreeTensor(in);
    }

    // A band of the last axis's n outputs (every plane's) from a row of its input in the UB: a Gather
    // of the band's outputs for every last.group taps (their offsets are consecutive in the table),
    // then per tap a Mul / MulAddDst by its weights, in tap order; unit weights: one Gather into `out`.
    __aicore__ inline void ResizeFrom(const InterpolatePassTiling& last, int32_t n, const LocalTensor<float>& in,
                                      const LocalTensor<uint32_t>& offsets, const LocalTensor<float>& weights,
                                      const LocalTensor<float>& out, const LocalTensor<float>& work) {
        if (last.unitWeights) {   // one tap of weight 1: gathered into place
            AscendC::Gather(out, in, offsets, 0u, static_cast<uint32_t>(n));
            return;
        }
        for (int32_t k = 0; k < last.taps; ++k) {
            const int32_t g = k % last.group;
            if (g == 0) {
                const int32_t taps = static_cast<int32_t>(InterpMin(last.group, last.taps - k));
                AscendC::Gather(work, in, offsets[k * n], 0u, static_cast<uint32_t>(taps * n));
            }
            if (k == 0) AscendC::Mul(out, work, weights, n);
            else AscendC::MulAddDst(out, work[g * n], weights[k * n], n);
        }
    }

    // Rows first: output row j of the rows pass over a band's input elements (every plane's: `load`'s
    // blocks, len elements in the UB), into `combined`: its input rows from the ring (a missing one
    // by one DMA into an input slot and a copy into the ring, float16 / bfloat16 a Cast), weighted
    // and summed.
    __aicore__ inline void CombineRows(const InterpolatePassTiling& rows, const GlobalTensor<T>& src,
                                       const LocalTensor<int32_t>& index, const LocalTensor<float>& weight, int64_t o,
                                       int64_t j, int64_t inRow, int64_t inStart, const DataCopyExtParams& load,
                                       int32_t len, const LocalTensor<float>& ringBase, int32_t words, int64_t* ringRow,
                                       const LocalTensor<float>& combined, const LocalTensor<float>& work) {
        const int32_t ring = rows.taps;
        for (int32_t k = 0; k < rows.taps; ++k) {
            const int64_t i = index.GetValue(j * rows.taps + k);
            const float w = weight.GetValue(j * rows.taps + k);
            const int64_t row = o * rows.inLen + i;
            const int32_t s = static_cast<int32_t>(i % ring);
            const LocalTensor<float> slot = ringBase[s * words];
            if (ringRow[s] != row) {
                LocalTensor<T> in = LoadBand(src, row * inRow + inStart, load);
                if constexpr (sizeof(T) == 4) {
                    AscendC::Muls(slot, in, 1.0f, len);   // a copy that keeps -0.0 and NaN
                } else {
                    AscendC::Cast(slot, in, AscendC::RoundMode::CAST_NONE, len);
                }
                inQue_.FreeTensor(in);
                ringRow[s] = row;
            }
            if (k == 0) {
                AscendC::Muls(combined, slot, w, len);
            } else {
                AscendC::Muls(work, slot, w, len);
                AscendC::Add(combined, combined, work, len);
            }
        }
    }

    // Per unit: `group` whole input rows (one DMA, each row padded to 32 bytes in the UB); per block of
    // tableRows rows, Gather picks every output's k-th tap (byte offsets from the table, the block's
    // first row as the base: the table holds tableRows rows, not the group), Mul by the k-th weights,
    // accumulate.
    template <typename S, typename D>
    __aicore__ inline void LastAxisPass(const InterpolatePassTiling& pass, const GlobalTensor<S>& src,
                                        const GlobalTensor<D>& dst, const LocalTensor<uint8_t>& table, int64_t begin,
                                        int64_t end) {
        const LocalTensor<uint32_t> offsets = table.template ReinterpretCast<uint32_t>();
        const LocalTensor<float> weights = table[pass.tableBytes / 2].template ReinterpretCast<float>();
        // gathered taps (float32), the S gather area (widened into gathered) and the accumulator
        LocalTensor<float> gathered, gatherIo, accWork;
        WorkVectors<S, D>(pass, &gathered, &gatherIo, &accWork);
        const int32_t chunk = pass.chunk;   // a row's outputs, padded to 16
        const int32_t slots = pass.tableRows * chunk;
        for (int64_t u = begin; u < end; ++u) {
            const int64_t o0 = u * pass.group;
            const int32_t rows = static_cast<int32_t>(InterpMin(pass.group, pass.outer - o0));
            const int32_t count = rows * chunk;
            LocalTensor<S> in = inQue_.template AllocTensor<S>();
            AscendC::DataCopyPad(in, src[o0 * pass.inLen],
                                 DataCopyExtParams(static_cast<uint16_t>(rows), static_cast<uint32_t>(pass.inLen * sizeof(S)),
                                                   0, 0, 0),
                                 DataCopyPadExtParams<S>{false, 0, 0, static_cast<S>(0.0f)});
            inQue_.EnQue(in);
            in = inQue_.template DeQue<S>();
            LocalTensor<float> acc = Accumulator<D>(accWork);
            for (int32_t k = 0; k < pass.taps; ++k) {
                for (int32_t r = 0; r < rows; r += pass.tableRows) {
                    const uint32_t base = static_cast<uint32_t>(r * pass.rowPitch);
                    const uint32_t n = static_cast<uint32_t>(InterpMin(pass.tableRows, rows - r) * chunk);
                    if constexpr (sizeof(S) == 4) {
                        AscendC::Gather(gathered[r * chunk].template ReinterpretCast<S>(), in, offsets[k * slots], base, n);
                    } else {
                        // gathered as S in the product area, widened below
                        AscendC::Gather(gatherIo.template ReinterpretCast<S>()[r * chunk], in, offsets[k * slots], base, n);
                    }
                }
                if constexpr (sizeof(S) != 4) {
                    AscendC::Cast(gathered, gatherIo.template ReinterpretCast<S>(), AscendC::RoundMode::CAST_NONE, count);
                }
                for (int32_t r = 0; r < rows; r += pass.tableRows) {
                    const int32_t n = static_cast<int32_t>(InterpMin(pass.tableRows, rows - r)) * chunk;
                    if (k == 0) {
                        AscendC::Mul(acc[r * chunk], gathered[r * chunk], weights[k * slots], n);
                    } else {
                        AscendC::MulAddDst(acc[r * chunk], gathered[r * chunk], weights[k * slots], n);
                    }
                }
            }
            inQue_.FreeTensor(in);
            // each output row is chunk elements apart in the UB
            const uint32_t ubGap = static_cast<uint32_t>(
                (pass.chunk * sizeof(D) - (pass.outLen * sizeof(D) + 31) / 32 * 32) / 32);
            Store<D>(dst, acc, o0 * pass.outLen, count,
                     DataCopyExtParams(static_cast<uint16_t>(rows), static_cast<uint32_t>(pass.outLen * sizeof(D)), ubGap, 0, 0));
        }
    }

    // The pass's float32 work vectors (workVectors of workBufBytes each): `first` always; `widen`, a
    // non-float32 source widened (rows) or gathered (last axis) before use; `acc`, the accumulator of a
    // non-float32 output (a float32 output accumulates in its output slot, Accumulator).
    template <typename S, typename D>
    __aicore__ inline void WorkVectors(const InterpolatePassTiling& pass, LocalTensor<float>* first,
                                       LocalTensor<float>* widen, LocalTensor<float>* acc) {
        const int32_t words = pass.workBufBytes / 4;
        *first = workBuf_.template Get<float>();
        int32_t next = words;
        if constexpr (sizeof(S) != 4) {
            *widen = (*first)[next];
            next += words;
        }
        if constexpr (sizeof(D) != 4) *acc = (*first)[next];
    }

    // Where an output chunk is accumulated: its output slot when D is float32 (stored as it is),
    // else the work accumulator, which Store narrows into a slot.
    template <typename D>
    __aicore__ inline LocalTensor<float> Accumulator(const LocalTensor<float>& accWork) {
        if constexpr (sizeof(D) == 4) {
            return outQue_.template AllocTensor<float>();
        } else {
            return accWork;
        }
    }

    template <typename D>
    __aicore__ inline void Store(const GlobalTensor<D>& dst, const LocalTensor<float>& acc, int64_t at, int32_t len,
                                 const DataCopyExtParams& params) {
        LocalTensor<D> out;
        if constexpr (sizeof(D) == 4) {
            out = acc.template ReinterpretCast<D>();   // the slot Accumulator took
        } else {
            out = outQue_.template AllocTensor<D>();
            AscendC::Cast(out, acc, AscendC::RoundMode::CAST_RINT, len);
        }
        outQue_.EnQue(out);
        out = outQue_.template DeQue<D>();
        AscendC::DataCopyPad(dst[at], out, params);
        outQue_.FreeTensor(out);
    }

    InterpolateTilingData t_;
    GM_ADDR x_;
    GM_ADDR y_;
    GM_ADDR ws_;
    AscendC::TPipe pipe_;
    AscendC::TQue<TPosition::VECIN, 2> inQue_;
    AscendC::TQue<TPosition::VECOUT, 2> outQue_;
    AscendC::TQue<TPosition::VECIN, 1> tableQue_;
    AscendC::TQue<TPosition::VECIN, 1> rowsTableQue_;   // a fused pass's rows table
    AscendC::TBuf<TPosition::VECCALC> workBuf_;
};

}  // namespace interp

#endif  // INTERPOLATE_KERNEL_H
