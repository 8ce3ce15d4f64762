// ViewCopy's gert tiling function (registered with AICore().SetTiling in view_copy_def.cpp) around the
// pure ComputeViewCopyTiling.
#include <algorithm>

#include "op_host/tiling_platform.h"
#include "op_host/view_copy_op_impl.h"
#include "op_kernel/dma_limits.h"

namespace viewcopy {
namespace {

constexpr uint64_t kMaxBufferBytes = 32768;            // small chunks spread even a single row over cores

int64_t ElemBytes(ge::DataType t) {
    switch (t) {
        case ge::DT_FLOAT16: case ge::DT_BF16: case ge::DT_INT16: return 2;
        case ge::DT_FLOAT: case ge::DT_INT32: return 4;
        default: return 0;
    }
}

}  // namespace

bool ComputeViewCopyTiling(const std::vector<int64_t>& viewShape, const std::vector<int64_t>& viewStrides,
                           int64_t elemBytes, uint32_t direction, uint32_t coreNum, uint64_t ubBytes,
                           ViewCopyTilingData* out, uint64_t* tilingKey, std::string* why) {
    if (elemBytes != 2 && elemBytes != 4) {
        *why = "elements of " + std::to_string(elemBytes) + " bytes; ViewCopy copies 2- and 4-byte elements";
        return false;
    }
    if (viewStrides.size() != viewShape.size() || coreNum == 0 || ubBytes < 64) {
        *why = "strides of another rank than the shape, or no cores or UB";
        return false;
    }
    std::vector<int64_t> shape, stride;
    int64_t total = 1;
    for (size_t i = 0; i < viewShape.size(); ++i) {
        if (viewShape[i] <= 0 || viewStrides[i] < 0 || __builtin_mul_overflow(total, viewShape[i], &total)) {
            *why = "an empty view, a negative stride or more elements than int64 holds";
            return false;
        }
        if (viewShape[i] == 1) continue;
        int64_t outer = 0;
        if (!shape.empty() && !__builtin_mul_overflow(viewStrides[i], viewShape[i], &outer) && stride.back() == outer) {
            shape.back() *= viewShape[i];
            stride.back() = viewStrides[i];
            continue;
        }
        shape.push_back(viewShape[i]);
        stride.push_back(viewStrides[i]);
    }
    if (shape.empty()) {
        shape.push_back(1);
        stride.push_back(1);
    }
    if (shape.size() > static_cast<size_t>(kMaxRank)) {
        *why = std::to_string(shape.size()) + " dims after merging; ViewCopy takes " + std::to_string(kMaxRank);
        return false;
    }
    const int64_t step = stride.back();
    if (step > 1 && step - 1 > kMaxDmaGapBytes / elemBytes) {
        *why = "an innermost step of " + std::to_string(step) + " elements is beyond a DMA's 32-bit gap";
        return false;
    }
    ViewCopyTilingData& t = *out;
    t = ViewCopyTilingData{};
    t.direction = direction;
    t.rank = static_cast<uint32_t>(shape.size());
    int64_t span = 0;
    for (size_t i = 0; i < shape.size(); ++i) {
        t.shape[i] = shape[i];
        t.stride[i] = stride[i];
        int64_t reach = 0;
        if (__builtin_mul_overflow(shape[i] - 1, stride[i], &reach) || __builtin_add_overflow(span, reach, &span)) {
            *why = "a view whose extent does not fit in int64";
            return false;
        }
    }
    t.viewSpan = static_cast<uint64_t>(span) + 1;
    t.total = static_cast<uint64_t>(total);
    t.rows = t.total / static_cast<uint64_t>(shape.back());
    const uint64_t buf = std::min<uint64_t>(kMaxBufferBytes, ubBytes / 2 / 32 * 32);
    const uint64_t maxRun = std::min<uint64_t>(buf, kMaxDmaBlockLenBytes) / static_cast<uint64_t>(elemBytes);
    const uint64_t chunk = step == 1 ? maxRun : step == 0 ? 1 : std::min<uint64_t>(kMaxDmaBlockCount, buf / 32);
    t.chunk = static_cast<uint32_t>(std::min<uint64_t>(chunk, static_cast<uint64_t>(shape.back())));
    // a row of more chunks than the tiling's 32-bit count holds (a broadcast row of 2^32 elements and
    // more is read one element per chunk) is not for the ViewCopy kernel
    const uint64_t chunksPerRow = (static_cast<uint64_t>(shape.back()) + t.chunk - 1) / t.chunk;
    uint64_t units = 0;
    if (chunksPerRow > UINT32_MAX || __builtin_mul_overflow(t.rows, chunksPerRow, &units)) {
        *why = "a row of " + std::to_string(chunksPerRow) + " chunks; ViewCopy counts at most 2^32 - 1 per row";
        return false;
    }
    t.chunksPerRow = static_cast<uint32_t>(chunksPerRow);
    const uint64_t cores = std::max<uint64_t>(1, std::min<uint64_t>(coreNum, units));
    t.unitsPerCore = (units + cores - 1) / cores;
    t.usedCores = static_cast<uint32_t>((units + t.unitsPerCore - 1) / t.unitsPerCore);
    t.bufBytes = static_cast<uint32_t>(buf);
    *tilingKey = elemBytes == 2 ? VIEW_COPY_KEY_B16 : VIEW_COPY_KEY_B32;
    return true;
}

ge::graphStatus ViewCopyTilingFunc(gert::TilingContext* context) {
    const gert::StorageShape* xShape = context->GetInputShape(0);
    const gert::CompileTimeTensorDesc* xDesc = context->GetInputDesc(0);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    if (xShape == nullptr || xDesc == nullptr || attrs == nullptr) return ge::GRAPH_FAILED;
    const gert::Shape& s = xShape->GetStorageShape();
    std::vector<int64_t> shape(s.GetDimNum());
    for (size_t i = 0; i < shape.size(); ++i) shape[i] = s.GetDim(i);
    const gert::TypedContinuousVector<int64_t>* xStrides = attrs->GetListInt(kAttrXStrides);
    const gert::TypedContinuousVector<int64_t>* yStrides = attrs->GetListInt(kAttrYStrides);
    const bool scatter = yStrides != nullptr && yStrides->GetSize() != 0;
    const gert::TypedContinuousVector<int64_t>* given = scatter ? yStrides : xStrides;
    std::vector<int64_t> strides;
    if (given != nullptr && given->GetSize() != 0) {
        strides.assign(given->GetData(), given->GetData() + given->GetSize());
    } else {
        strides.assign(shape.size(), 1);
        for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<int64_t>(1, shape[i]);
    }
    gridsample::TilingPlatform target;
    std::string why;
    if (!gridsample::ReadTilingPlatform(context, &target, &why)) return ge::GRAPH_FAILED;
    ViewCopyTilingData data;
    uint64_t key = 0;
    if (!ComputeViewCopyTiling(shape, strides, ElemBytes(xDesc->GetDataType()), scatter ? kScatter : kGather,
                               target.coreNum, target.ubBytes, &data, &key, &why))
        return ge::GRAPH_FAILED;
    return gridsample::WriteTiling(context, data, data.usedCores, key, target, 0);   // no workspace of its own
}

}  // namespace viewcopy
