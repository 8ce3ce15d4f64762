// What the aclnn entry points of this package share: the dtype table, tensor descriptions read
// from aclTensor views, rejection with a message, and the registry of live executors behind the
// opaque aclOpExecutor handles (one registry, so aclSetAclOpExecutorRepeatable and
// aclDestroyAclOpExecutor accept every op's executors).
#pragma once
#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "op_host/attr_names.h"
#include "op_host/aicpu/grid_sample_aicpu.h"
#include "op_host/device_launch.h"

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
inline bool ViewSpanBytes(const TensorDesc& d, uint64_t* bytes) {
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
    int64_t total = 0;
    if (__builtin_add_overflow(last, int64_t{1}, &total) || __builtin_mul_overflow(total, d.type->bytes, &total))
        return false;
    *bytes = static_cast<uint64_t>(total);
    return true;
}

// ViewSpanBytes, also false when a packed copy of the view (GridSample's Stage) would not fit in int64.
inline bool ViewExtentBytes(const TensorDesc& d, uint64_t* bytes) {
    int64_t packed = 0;
    return ViewSpanBytes(d, bytes) && (*bytes == 0 || !__builtin_mul_overflow(d.elements, d.type->bytes, &packed));
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
    bool empty = false;        // nothing to compute: the launch does nothing
    uint64_t workspaceBytes = 0;   // what the first phase asked for
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

// The launch phase's guards, shared by every entry point: a live executor made by this entry point
// (taken: it runs once unless repeatable) and, when it has work, a workspace as large as the first
// phase asked for. nullptr, with *status, when a guard fails.
template <typename Executor>
std::shared_ptr<const Executor> TakeForLaunch(const std::string& api, aclOpExecutor* executor, void* workspace,
                                              uint64_t workspaceSize, aclnnStatus* status) {
    *status = ACLNN_ERR_PARAM_INVALID;
    if (executor == nullptr) {
        *status = Reject(ACLNN_ERR_PARAM_NULLPTR, api, "executor is nullptr; call the GetWorkspaceSize phase first");
        return nullptr;
    }
    const std::shared_ptr<ExecutorBase> base = Take(executor);
    if (base == nullptr) {
        Reject(ACLNN_ERR_PARAM_INVALID, api,
               "executor is not a live executor (already used, or not returned by a GetWorkspaceSize call); "
               "expected the executor of the preceding GetWorkspaceSize call");
        return nullptr;
    }
    auto e = std::dynamic_pointer_cast<const Executor>(base);
    if (base->api != api || e == nullptr) {
        Reject(ACLNN_ERR_PARAM_INVALID, api, "executor was made by " + base->api);
        return nullptr;
    }
    if (!e->empty && (workspaceSize < e->workspaceBytes || (e->workspaceBytes > 0 && workspace == nullptr))) {
        Reject(ACLNN_ERR_PARAM_INVALID, api,
               "workspace of " + std::to_string(workspaceSize) + " bytes at " + (workspace ? "a valid address" : "nullptr") +
                   "; expected " + std::to_string(e->workspaceBytes) + " bytes");
        return nullptr;
    }
    *status = ACLNN_SUCCESS;
    return e;
}

// A device address as messages print it.
inline std::string PointerText(const void* p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", p);
    return buf;
}

// The check steps the entry points share, in the order they run them (CheckNotNull, then dtypes,
// attributes, ranks and views): each returns ACLNN_SUCCESS or the status of a Reject saying what
// was wrong and what was expected.

// "0 (a), 1 (b) or 2 (c)": the codes of an enum attribute, for messages.
template <size_t N>
std::string Choices(const char* const (&names)[N]) {
    std::string s;
    for (size_t i = 0; i < N; ++i) s += (i ? (i + 1 == N ? " or " : ", ") : "") + std::to_string(i) + " (" + names[i] + ")";
    return s;
}

// An enum attribute's code is one of names'.
template <size_t N>
aclnnStatus CheckEnumAttr(const std::string& api, const char* attr, int64_t code, const char* const (&names)[N]) {
    if (code < 0 || code >= static_cast<int64_t>(N))
        return Reject(ACLNN_ERR_PARAM_INVALID, api, std::string(attr) + " is " + std::to_string(code) + "; expected " + Choices(names));
    return ACLNN_SUCCESS;
}

// GridSample's (and its backward's) interpolationMode and paddingMode.
inline aclnnStatus CheckGridSampleAttrs(const std::string& api, int64_t interpolationMode, int64_t paddingMode) {
    const aclnnStatus s = CheckEnumAttr(api, "interpolationMode", interpolationMode, opattr::kGridSampleModes);
    return s != ACLNN_SUCCESS ? s : CheckEnumAttr(api, "paddingMode", paddingMode, opattr::kGridSamplePaddings);
}

// A view with no negative dimension or stride and an element count int64 holds.
inline aclnnStatus CheckViewNumbers(const std::string& api, const std::string& label, const TensorDesc& d) {
    for (int64_t s : d.shape)
        if (s < 0) return Reject(ACLNN_ERR_PARAM_INVALID, api, label + " has a negative dimension: " + Join(d.shape));
    for (int64_t s : d.strides)
        if (s < 0) return Reject(ACLNN_ERR_PARAM_INVALID, api, label + " has a negative stride: " + Join(d.strides));
    if (d.elements < 0) return Reject(ACLNN_ERR_PARAM_INVALID, api, label + " has more elements than int64 can count");
    return ACLNN_SUCCESS;
}

// A tensor of `rank` dims.
inline aclnnStatus CheckRank(const std::string& api, const std::string& label, const TensorDesc& d, size_t rank) {
    if (d.shape.size() != rank)
        return Reject(ACLNN_ERR_PARAM_INVALID, api,
                      label + " has rank " + std::to_string(d.shape.size()) + " (shape " + Join(d.shape) +
                          "); expected rank " + std::to_string(rank));
    return ACLNN_SUCCESS;
}

// The spatial rank of GridSample's input (N, C, S_1..S_r): the entry point's own (2 or 3), or for
// the N-d entry points (*spatialRank == kAnySpatialRank) the input's, 1 to maxSpatialRank.
constexpr int kAnySpatialRank = 0;
inline aclnnStatus CheckSpatialRank(const std::string& api, const TensorDesc& input, int maxSpatialRank, int* spatialRank) {
    if (*spatialRank != kAnySpatialRank) return ACLNN_SUCCESS;
    *spatialRank = static_cast<int>(input.shape.size()) - 2;
    if (*spatialRank < 1 || *spatialRank > maxSpatialRank)
        return Reject(ACLNN_ERR_PARAM_INVALID, api,
                      "input has rank " + std::to_string(input.shape.size()) + " (shape " + Join(input.shape) +
                          "); expected rank 3 to " + std::to_string(maxSpatialRank + 2));
    return ACLNN_SUCCESS;
}

}  // namespace gridsample::aclnn_common
