// What the aclnn entry points of this package share: the dtype table, tensor descriptions read
// from aclTensor views, rejection with a message, and the registry of live executors behind the
// opaque aclOpExecutor handles (one registry, so aclSetAclOpExecutorRepeatable and
// aclDestroyAclOpExecutor accept every op's executors).
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "op_host/aicpu/grid_sample_aicpu.h"
#include "op_host/grid_sample_launch.h"

namespace gridsample::aclnn_common {

using gridsample::aicpu::ElemType;

struct DtypeInfo {
    aclDataType dtype;
    const char* name;
    int64_t bytes;
    ElemType elem;
    bool floating;
    bool aiCore;   // the AI Core kernels take it
};
constexpr DtypeInfo kDtypes[] = {
    {ACL_FLOAT, "FLOAT", 4, ElemType::kFloat32, true, true},
    {ACL_FLOAT16, "FLOAT16", 2, ElemType::kFloat16, true, true},
    {ACL_BF16, "BF16", 2, ElemType::kBFloat16, true, true},
    {ACL_DOUBLE, "DOUBLE", 8, ElemType::kFloat64, true, false},
    {ACL_INT8, "INT8", 1, ElemType::kInt8, false, false},
    {ACL_UINT8, "UINT8", 1, ElemType::kUInt8, false, false},
    {ACL_INT16, "INT16", 2, ElemType::kInt16, false, false},
    {ACL_INT32, "INT32", 4, ElemType::kInt32, false, false},
    {ACL_INT64, "INT64", 8, ElemType::kInt64, false, false},
};
inline const DtypeInfo* FindDtype(aclDataType t) {
    for (const auto& d : kDtypes)
        if (d.dtype == t) return &d;
    return nullptr;
}

struct TensorDesc {
    const DtypeInfo* type = nullptr;
    int dataType = 0;
    std::vector<int64_t> shape, strides;
    char* data = nullptr;   // first element of the view
    int64_t elements = 1;
    uint64_t extentBytes = 0;   // bytes from the first element to the end of the last one (0: empty)
};

// Bytes from the view's first element to the end of its furthest one (strides are non-negative),
// without signed overflow; false when that does not fit in int64.
inline bool ViewExtentBytes(const TensorDesc& d, uint64_t* bytes) {
    int64_t last = 0;
    for (size_t i = 0; i < d.shape.size(); ++i) {
        if (d.shape[i] == 0) {
            *bytes = 0;
            return true;
        }
        int64_t step = 0;
        if (__builtin_mul_overflow(d.shape[i] - 1, d.strides[i], &step) || __builtin_add_overflow(last, step, &last))
            return false;
    }
    int64_t total = 0, packed = 0;
    if (__builtin_add_overflow(last, int64_t{1}, &total) || __builtin_mul_overflow(total, d.type->bytes, &total) ||
        __builtin_mul_overflow(d.elements, d.type->bytes, &packed))   // a packed copy's size (Stage)
        return false;
    *bytes = static_cast<uint64_t>(total);
    return true;
}

// True when no two elements of the view share an address: ordered by stride, each dim of size > 1
// steps past everything the smaller-stride dims span. (A sufficient rule, as torch's
// non-overlapping check is; views that interleave dims without overlap are rare and rejected.)
inline bool ViewElementsDisjoint(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
    std::vector<std::pair<int64_t, int64_t>> dims;   // (stride, size) of dims with size > 1
    for (size_t i = 0; i < shape.size(); ++i)
        if (shape[i] > 1) dims.push_back({strides[i], shape[i]});
    std::sort(dims.begin(), dims.end());
    int64_t span = 1;   // elements' index range covered by the dims so far
    for (const auto& [stride, size] : dims) {
        if (stride < span) return false;
        int64_t reach = 0;
        if (__builtin_mul_overflow(stride, size - 1, &reach) || __builtin_add_overflow(reach, span, &span)) return true;
    }
    return true;
}
inline bool ViewElementsDisjoint(const TensorDesc& d) { return ViewElementsDisjoint(d.shape, d.strides); }

inline std::string Join(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

inline bool Describe(const aclTensor* t, TensorDesc* d) {
    int64_t* dims = nullptr;
    int64_t* strides = nullptr;
    uint64_t nd = 0, ns = 0;
    int64_t offset = 0;
    void* base = nullptr;
    aclDataType dt = ACL_DT_UNDEFINED;
    if (aclGetViewShape(t, &dims, &nd) != ACLNN_SUCCESS) return false;
    d->shape.assign(dims, dims + nd);
    delete[] dims;
    if (aclGetViewStrides(t, &strides, &ns) != ACLNN_SUCCESS) return false;
    d->strides.assign(strides, strides + ns);
    delete[] strides;
    if (aclGetViewOffset(t, &offset) != ACLNN_SUCCESS || aclGetDataType(t, &dt) != ACLNN_SUCCESS ||
        aclGetRawTensorAddr(t, &base) != ACLNN_SUCCESS)
        return false;
    d->dataType = static_cast<int>(dt);
    d->type = FindDtype(dt);
    d->data = static_cast<char*>(base) + (d->type ? offset * d->type->bytes : 0);
    for (int64_t s : d->shape) d->elements = (s != 0 && d->elements > INT64_MAX / s) ? -1 : d->elements * s;
    return true;
}

inline gridsample::aicpu::View ToView(const TensorDesc& d, void* data) {
    gridsample::aicpu::View v;
    v.data = data;
    v.type = d.type->elem;
    v.rank = static_cast<int>(d.shape.size());
    for (int i = 0; i < v.rank; ++i) {
        v.shape[i] = d.shape[i];
        v.strides[i] = d.strides[i];
    }
    return v;
}

// A view as an AI CPU operator's tensor (its strides travel as the op's `<name>_strides` attribute).
inline gridsample::AicpuTensor AicpuTensorOf(const TensorDesc& d) {
    return gridsample::AicpuTensor{d.data, d.type->dtype, d.shape, d.extentBytes};
}

inline std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * std::max<int64_t>(shape[i + 1], 1);
    return s;
}

// The state behind an executor handle; each op derives its own.
struct ExecutorBase {
    virtual ~ExecutorBase() = default;
    std::string api;
    bool repeatable = false;   // aclSetAclOpExecutorRepeatable: kept after a launch until aclDestroyAclOpExecutor
};

struct ExecutorRegistry {
    std::mutex mu;
    std::map<uintptr_t, std::shared_ptr<ExecutorBase>> live;
    uintptr_t serial = 0;
};
inline ExecutorRegistry& Executors() {
    static ExecutorRegistry* r = new ExecutorRegistry;   // never destroyed: handles may outlive statics
    return *r;
}
// Handles are never reused: a handle names one executor for the life of the process.
constexpr uintptr_t kHandleBase = uintptr_t(0x5eed) << 32;
inline aclOpExecutor* Publish(std::unique_ptr<ExecutorBase> e) {
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    const uintptr_t h = kHandleBase + (++r.serial) * 16;
    r.live[h] = std::move(e);
    return reinterpret_cast<aclOpExecutor*>(h);
}
// The executor behind a handle for a launch, or null for an unknown handle. A launch releases an
// executor that is not repeatable (it is used once); a repeatable one stays until
// aclDestroyAclOpExecutor.
inline std::shared_ptr<ExecutorBase> Take(aclOpExecutor* handle) {
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = r.live.find(reinterpret_cast<uintptr_t>(handle));
    if (it == r.live.end()) return nullptr;
    std::shared_ptr<ExecutorBase> e = it->second;
    if (!e->repeatable) r.live.erase(it);
    return e;
}


// The executor behind a handle, left in the registry (for queries), or null for an unknown handle.
inline std::shared_ptr<ExecutorBase> Peek(const aclOpExecutor* handle) {
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = r.live.find(reinterpret_cast<uintptr_t>(handle));
    return it == r.live.end() ? nullptr : it->second;
}

inline aclnnStatus Reject(aclnnStatus status, const std::string& api, const std::string& what) {
    gridsample::RecordError(api + ": " + what);
    return status;
}

}  // namespace gridsample::aclnn_common
