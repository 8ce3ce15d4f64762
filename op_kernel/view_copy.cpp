// ViewCopy device entry: copies a strided view to a packed buffer (gather) or a packed buffer to
// a strided view (scatter), the model of CANN's ViewCopy that aclnn runs for views the GridSample
// kernel cannot address. Pure data movement: DataCopyPad in (MTE2) and out (MTE3), no vector work.
//  - innermost stride 1: a chunk of a row is one contiguous run each way;
//  - otherwise each element is one block of a multi-block DataCopyPad: GM-side gaps of
//    (stride - 1) * sizeof(T) bytes (32-bit, hence the host's limit), and every block lands in its
//    own 32-byte UB block, which the other direction writes back with no gap.
// Two UB buffers alternate so a chunk's load overlaps the previous chunk's store; the MTE2->MTE3
// flag orders each load before its store, the MTE3->MTE2 flag each store before its buffer is
// loaded again.
// DataCopyPad (blockLen, blockCount and GM gaps within dma_limits.h, GM->UB only into
// VECIN/VECOUT on A2): https://www.hiascend.com/doc_center/source/zh/canncommercial/800/apiref/ascendcopapi/atlasascendc_api_07_0265.html
#include "kernel_operator.h"
#include "view_copy_tiling.h"

using namespace AscendC;
using viewcopy::ViewCopyTilingData;

template <typename T>
class ViewCopyKernel {
public:
    __aicore__ inline void Init(GM_ADDR view, GM_ADDR packed, const ViewCopyTilingData* tiling) {
        t_ = tiling;
        viewGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(view), t_->viewSpan);
        packedGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(packed), t_->total);
        pipe_.InitBuffer(que_, 2, t_->bufBytes);
    }

    __aicore__ inline void Process() {
        const uint64_t core = static_cast<uint64_t>(GetBlockIdx());
        const uint64_t units = t_->rows * t_->chunksPerRow;
        const uint64_t begin = core * t_->unitsPerCore;
        if (core >= t_->usedCores || begin >= units) return;
        const uint64_t end = begin + t_->unitsPerCore < units ? begin + t_->unitsPerCore : units;
        LocalTensor<T> buf0 = que_.AllocTensor<T>();
        LocalTensor<T> buf1 = que_.AllocTensor<T>();
        TEventID reuse0 = pipe_.AllocEventID<HardEvent::MTE3_MTE2>();
        TEventID reuse1 = pipe_.AllocEventID<HardEvent::MTE3_MTE2>();
        const int64_t inner = t_->shape[t_->rank - 1];
        for (uint64_t u = begin; u < end; ++u) {
            const bool second = ((u - begin) & 1) != 0;
            if (u - begin >= 2) WaitFlag<HardEvent::MTE3_MTE2>(second ? reuse1 : reuse0);
            const uint64_t row = u / t_->chunksPerRow;
            const int64_t first = static_cast<int64_t>(u % t_->chunksPerRow) * t_->chunk;
            const int64_t left = inner - first;
            const uint32_t n = left < static_cast<int64_t>(t_->chunk) ? static_cast<uint32_t>(left) : t_->chunk;
            const uint64_t viewOffset = RowOffset(row) + static_cast<uint64_t>(first * t_->stride[t_->rank - 1]);
            const uint64_t packedOffset = row * static_cast<uint64_t>(inner) + static_cast<uint64_t>(first);
            CopyChunk(second ? buf1 : buf0, viewOffset, packedOffset, n);
            SetFlag<HardEvent::MTE3_MTE2>(second ? reuse1 : reuse0);
        }
        // the last stores must be done before the buffers are released
        const uint64_t done = end - begin;
        WaitFlag<HardEvent::MTE3_MTE2>(((done - 1) & 1) != 0 ? reuse1 : reuse0);
        if (done >= 2) WaitFlag<HardEvent::MTE3_MTE2>(((done - 2) & 1) != 0 ? reuse1 : reuse0);
        pipe_.ReleaseEventID<HardEvent::MTE3_MTE2>(reuse0);
        pipe_.ReleaseEventID<HardEvent::MTE3_MTE2>(reuse1);
        que_.FreeTensor(buf0);
        que_.FreeTensor(buf1);
    }

private:
    // Element offset in the view of the first element of a row (odometer over the outer dims).
    __aicore__ inline uint64_t RowOffset(uint64_t row) const {
        int64_t offset = 0;
        for (int32_t d = static_cast<int32_t>(t_->rank) - 2; d >= 0; --d) {
            const uint64_t extent = static_cast<uint64_t>(t_->shape[d]);
            offset += static_cast<int64_t>(row % extent) * t_->stride[d];
            row /= extent;
        }
        return static_cast<uint64_t>(offset);
    }

    __aicore__ inline void CopyChunk(const LocalTensor<T>& buf, uint64_t viewOffset, uint64_t packedOffset, uint32_t n) {
        const int64_t step = t_->stride[t_->rank - 1];
        const bool contiguous = step == 1;
        const uint32_t elem = static_cast<uint32_t>(sizeof(T));
        // GM-side gap between consecutive elements of the view, in bytes
        const uint32_t gap = (!contiguous && n > 1) ? static_cast<uint32_t>((step - 1) * elem) : 0;
        DataCopyExtParams runParams(1, n * elem, 0, 0, 0);
        DataCopyExtParams viewParams(static_cast<uint16_t>(n), elem, gap, 0, 0);
        DataCopyExtParams packedInParams(static_cast<uint16_t>(n), elem, 0, 0, 0);
        DataCopyPadExtParams<T> noPad(false, 0, 0, static_cast<T>(0));
        const bool gather = t_->direction == viewcopy::kGather;
        if (gather) {
            DataCopyPad(buf, viewGm_[viewOffset], contiguous ? runParams : viewParams, noPad);
        } else {
            DataCopyPad(buf, packedGm_[packedOffset], contiguous ? runParams : packedInParams, noPad);
        }
        TEventID loaded = pipe_.FetchEventID(HardEvent::MTE2_MTE3);
        SetFlag<HardEvent::MTE2_MTE3>(loaded);
        WaitFlag<HardEvent::MTE2_MTE3>(loaded);
        if (gather) {
            // blocks of one element each, 32 bytes apart in UB, land back to back
            DataCopyExtParams packedOutParams(static_cast<uint16_t>(n), elem, 0, 0, 0);
            DataCopyPad(packedGm_[packedOffset], buf, contiguous ? runParams : packedOutParams);
        } else {
            DataCopyExtParams viewOutParams(static_cast<uint16_t>(n), elem, 0, gap, 0);
            DataCopyPad(viewGm_[viewOffset], buf, contiguous ? runParams : viewOutParams);
        }
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, 1> que_;
    GlobalTensor<T> viewGm_, packedGm_;
    const ViewCopyTilingData* t_ = nullptr;
};

// x is the view and y the packed buffer when gathering; the other way round when scattering.
template <typename T>
__aicore__ inline void RunViewCopy(GM_ADDR x, GM_ADDR y, const ViewCopyTilingData& tiling) {
    ViewCopyKernel<T> op;
    if (tiling.direction == viewcopy::kGather) {
        op.Init(x, y, &tiling);
    } else {
        op.Init(y, x, &tiling);
    }
    op.Process();
}

extern "C" __global__ __aicore__ void view_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(ViewCopyTilingData);
    GET_TILING_DATA(tilingData, tiling);
    if (TILING_KEY_IS(VIEW_COPY_KEY_B16)) {
        RunViewCopy<uint16_t>(x, y, tilingData);
    } else if (TILING_KEY_IS(VIEW_COPY_KEY_B32)) {
        RunViewCopy<uint32_t>(x, y, tilingData);
    }
}
