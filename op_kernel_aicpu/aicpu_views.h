// What every AI CPU kernel of the package reads from its CpuKernelContext in the same way: a tensor as
// a strided view (its dims from the tensor's shape, its element strides from the op's
// `<tensor>_strides` attribute, contiguous when that is absent or empty), and a tensor's data type
// as the kernels' element type. The op-API layer passes strides as attributes because a view the
// AI Core cannot address (a broadcast, a transposed or a gapped view) reaches the AI CPU in place.
#pragma once
#include <cstdint>
#include <vector>

#include "cpu_context.h"

namespace aicpu_views {

// Fills view (data, type, rank, shape, strides) from `tensor`; false when the tensor is missing, its
// rank exceeds kMaxRank, its data type has no element type, or the strides do not match its rank.
template <typename View, typename ElemOf>
bool ReadView(const aicpu::CpuKernelContext& ctx, const aicpu::Tensor* tensor, const char* stridesAttr, int maxRank,
              ElemOf elemOf, View* view) {
    if (tensor == nullptr || !elemOf(tensor->GetDataType(), &view->type)) return false;
    const std::vector<int64_t> dims = tensor->GetTensorShape()->GetDimSizes();
    if (dims.size() > static_cast<size_t>(maxRank)) return false;
    std::vector<int64_t> strides;
    if (const aicpu::AttrValue* a = ctx.GetAttr(stridesAttr)) strides = a->GetListInt();
    if (strides.empty()) {
        strides.assign(dims.size(), 1);
        for (size_t i = dims.size(); i-- > 1;) strides[i - 1] = strides[i] * (dims[i] > 0 ? dims[i] : 1);
    }
    if (strides.size() != dims.size()) return false;
    view->data = tensor->GetData();
    view->rank = static_cast<int>(dims.size());
    for (size_t i = 0; i < dims.size(); ++i) {
        view->shape[i] = dims[i];
        view->strides[i] = strides[i];
    }
    return true;
}

inline int64_t IntAttr(const aicpu::CpuKernelContext& ctx, const char* name, int64_t fallback) {
    const aicpu::AttrValue* a = ctx.GetAttr(name);
    return a != nullptr ? a->GetInt() : fallback;
}

inline bool BoolAttr(const aicpu::CpuKernelContext& ctx, const char* name, bool fallback) {
    const aicpu::AttrValue* a = ctx.GetAttr(name);
    return a != nullptr ? a->GetBool() : fallback;
}

}  // namespace aicpu_views
