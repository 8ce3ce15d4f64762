// aclTensor / aclIntArray / aclBoolArray: host-side descriptors of device data (aclnn/acl_meta.h).
// Live objects are registered so that a destroyed or foreign pointer is reported, not dereferenced.
// Status codes: ACLNN_ERR_PARAM_NULLPTR (161001) for null arguments, ACLNN_ERR_PARAM_INVALID (161002)
// for a pointer that is not a live object; aclCreateTensor/aclCreateIntArray return nullptr on bad
// arguments. Every rejection records a message for aclGetRecentErrMsg.
#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

#include "aclnn/acl_meta.h"
#include "aclnn/opdev/common_types.h"
#include "ascend_sim/errmsg.h"

struct aclTensor {
    std::vector<int64_t> viewDims, strides, storageDims;
    int64_t offset = 0;
    aclDataType dataType = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_UNDEFINED;
    void* data = nullptr;
};

struct aclIntArray {
    std::vector<int64_t> values;
};

namespace {
constexpr uint64_t kMaxDims = 64;   // sanity bound on dimension counts

struct Registry {
    std::mutex mu;
    std::unordered_set<const void*> live;
};
Registry& Live() {
    static Registry* r = new Registry;   // outlives static destruction of callers
    return *r;
}

void Track(const void* p) {
    std::lock_guard<std::mutex> lock(Live().mu);
    Live().live.insert(p);
}
bool Untrack(const void* p) {
    std::lock_guard<std::mutex> lock(Live().mu);
    return Live().live.erase(p) == 1;
}
bool IsLive(const void* p) {
    std::lock_guard<std::mutex> lock(Live().mu);
    return Live().live.count(p) == 1;
}

std::nullptr_t Reject(const std::string& msg) {
    ascend_sim::SetRecentErrMsg(msg);
    return nullptr;
}
aclnnStatus Status(aclnnStatus code, const std::string& msg) {
    ascend_sim::SetRecentErrMsg(msg + " [status " + std::to_string(code) + "]");
    return code;
}

bool KnownDataType(int v) {
    switch (v) {
        case ACL_FLOAT: case ACL_FLOAT16: case ACL_INT8: case ACL_INT32: case ACL_UINT8: case ACL_INT16:
        case ACL_UINT16: case ACL_UINT32: case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_BOOL:
        case ACL_BF16:
            return true;
        default:
            return false;
    }
}
bool KnownFormat(int v) {
    switch (v) {
        case ACL_FORMAT_UNDEFINED: case ACL_FORMAT_NCHW: case ACL_FORMAT_NHWC: case ACL_FORMAT_ND:
        case ACL_FORMAT_NC1HWC0: case ACL_FORMAT_NDHWC: case ACL_FORMAT_NCDHW:
            return true;
        default:
            return false;
    }
}

// Reads `num` non-negative values from `p` into `out`, or returns why not.
std::string ReadDims(const char* param, const int64_t* p, uint64_t num, const char* numParam,
                     std::vector<int64_t>& out) {
    if (num > kMaxDims)
        return std::string(numParam) + " is " + std::to_string(num) + "; expected at most " + std::to_string(kMaxDims);
    if (p == nullptr && num > 0)
        return std::string(param) + " is nullptr while " + numParam + " is " + std::to_string(num) +
               "; expected " + std::to_string(num) + " values";
    out.assign(p, p + num);
    for (uint64_t i = 0; i < num; ++i)
        if (out[i] < 0)
            return std::string(param) + "[" + std::to_string(i) + "] is " + std::to_string(out[i]) +
                   "; expected a non-negative value";
    return {};
}

// Element counts of absurd shapes saturate at 2^120 instead of overflowing.
using Wide = __int128;
constexpr Wide kWideCap = static_cast<Wide>(1) << 120;
Wide SatAdd(Wide a, Wide b) { return a + b > kWideCap ? kWideCap : a + b; }
Wide SatMul(Wide a, int64_t b) { return b != 0 && a > kWideCap / b ? kWideCap : a * b; }
std::string WideStr(Wide v) {
    if (v >= kWideCap) return "more than 2^120";
    std::string s;
    do { s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10))); v /= 10; } while (v > 0);
    return s;
}

int64_t* CopyOut(const std::vector<int64_t>& v) {
    int64_t* out = new int64_t[v.size()];   // ownership passes to the caller (delete[]), as documented
    for (size_t i = 0; i < v.size(); ++i) out[i] = v[i];
    return out;
}

// Common argument checks of the getters.
aclnnStatus CheckTensor(const char* call, const aclTensor* t) {
    if (t == nullptr) return Status(ACLNN_ERR_PARAM_NULLPTR, std::string(call) + ": parameter tensor is nullptr; expected an aclTensor from aclCreateTensor");
    if (!IsLive(t))
        return Status(ACLNN_ERR_PARAM_INVALID, std::string(call) + ": parameter tensor is not a live aclTensor (already "
                                               "destroyed, or not from aclCreateTensor); expected an aclTensor from aclCreateTensor");
    return ACLNN_SUCCESS;
}
aclnnStatus CheckOut(const char* call, const char* param, const void* p) {
    if (p) return ACLNN_SUCCESS;
    return Status(ACLNN_ERR_PARAM_NULLPTR, std::string(call) + ": parameter " + param + " is nullptr; expected a pointer to receive the result");
}
}  // namespace

extern "C" aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                      const int64_t* stride, int64_t offset, aclFormat format,
                                      const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData) {
    const std::string call = "aclCreateTensor: parameter ";
    auto t = std::make_unique<aclTensor>();
    std::string why = ReadDims("viewDims", viewDims, viewDimsNum, "viewDimsNum", t->viewDims);
    if (!why.empty()) return Reject(call + why);
    why = ReadDims("storageDims", storageDims, storageDimsNum, "storageDimsNum", t->storageDims);
    if (!why.empty()) return Reject(call + why);
    if (!KnownDataType(dataType))
        return Reject(call + "dataType is " + std::to_string(static_cast<int>(dataType)) +
                      "; expected a defined aclDataType (ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ...)");
    if (!KnownFormat(format))
        return Reject(call + "format is " + std::to_string(static_cast<int>(format)) + "; expected an aclFormat");
    if (offset < 0) return Reject(call + "offset is " + std::to_string(offset) + "; expected a non-negative element offset");
    if (stride) {
        why = ReadDims("stride", stride, viewDimsNum, "viewDimsNum", t->strides);
        if (!why.empty()) return Reject(call + why);
    } else {   // contiguous row-major strides of the view
        t->strides.assign(viewDimsNum, 1);
        for (uint64_t i = viewDimsNum; i-- > 1;)
            if (__builtin_mul_overflow(t->strides[i], t->viewDims[i], &t->strides[i - 1]))
                return Reject(call + "viewDims give contiguous strides beyond int64; expected fewer elements or explicit strides");
    }
    // The furthest element the view addresses must exist in the storage (empty views address none).
    bool empty = false;
    Wide last = offset, storageElems = 1;
    for (uint64_t i = 0; i < viewDimsNum; ++i) {
        if (t->viewDims[i] == 0) empty = true;
        else last = SatAdd(last, SatMul(t->viewDims[i] - 1, t->strides[i]));
    }
    for (int64_t d : t->storageDims) storageElems = SatMul(storageElems, d);
    if (!empty && last >= storageElems)
        return Reject(call + "storageDims hold " + WideStr(storageElems) +
                      " elements but the view (viewDims, stride, offset) reaches element index " + WideStr(last) +
                      "; expected the view to lie inside the storage");
    t->offset = offset;
    t->dataType = dataType;
    t->format = format;
    t->data = tensorData;
    Track(t.get());
    return t.release();
}

extern "C" aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
    if (tensor == nullptr) return Status(ACLNN_ERR_PARAM_NULLPTR, "aclDestroyTensor: parameter tensor is nullptr; expected an aclTensor from aclCreateTensor");
    if (!Untrack(tensor))
        return Status(ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor: parameter tensor is not a live aclTensor (already "
                                               "destroyed, or not from aclCreateTensor); expected an aclTensor from aclCreateTensor");
    delete tensor;
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
    if (aclnnStatus s = CheckTensor("aclGetViewShape", tensor)) return s;
    if (aclnnStatus s = CheckOut("aclGetViewShape", "viewDims", viewDims)) return s;
    if (aclnnStatus s = CheckOut("aclGetViewShape", "viewDimsNum", viewDimsNum)) return s;
    *viewDims = CopyOut(tensor->viewDims);
    *viewDimsNum = tensor->viewDims.size();
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum) {
    if (aclnnStatus s = CheckTensor("aclGetViewStrides", tensor)) return s;
    if (aclnnStatus s = CheckOut("aclGetViewStrides", "stridesValue", stridesValue)) return s;
    if (aclnnStatus s = CheckOut("aclGetViewStrides", "stridesNum", stridesNum)) return s;
    *stridesValue = CopyOut(tensor->strides);
    *stridesNum = tensor->strides.size();
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
    if (aclnnStatus s = CheckTensor("aclGetViewOffset", tensor)) return s;
    if (aclnnStatus s = CheckOut("aclGetViewOffset", "offset", offset)) return s;
    *offset = tensor->offset;
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum) {
    if (aclnnStatus s = CheckTensor("aclGetStorageShape", tensor)) return s;
    if (aclnnStatus s = CheckOut("aclGetStorageShape", "storageDims", storageDims)) return s;
    if (aclnnStatus s = CheckOut("aclGetStorageShape", "storageDimsNum", storageDimsNum)) return s;
    *storageDims = CopyOut(tensor->storageDims);
    *storageDimsNum = tensor->storageDims.size();
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
    if (aclnnStatus s = CheckTensor("aclGetFormat", tensor)) return s;
    if (aclnnStatus s = CheckOut("aclGetFormat", "format", format)) return s;
    *format = tensor->format;
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
    if (aclnnStatus s = CheckTensor("aclGetDataType", tensor)) return s;
    if (aclnnStatus s = CheckOut("aclGetDataType", "dataType", dataType)) return s;
    *dataType = tensor->dataType;
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
    if (aclnnStatus s = CheckTensor("aclGetRawTensorAddr", tensor)) return s;
    if (aclnnStatus s = CheckOut("aclGetRawTensorAddr", "addr", addr)) return s;
    *addr = tensor->data;
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
    if (aclnnStatus s = CheckTensor("aclSetRawTensorAddr", tensor)) return s;
    tensor->data = addr;
    return ACLNN_SUCCESS;
}

extern "C" aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
    if (value == nullptr && size > 0)
        return Reject("aclCreateIntArray: parameter value is nullptr while size is " + std::to_string(size) +
                      "; expected " + std::to_string(size) + " values");
    auto a = new aclIntArray;
    a->values.assign(value, value + size);
    Track(a);
    return a;
}

extern "C" aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
    if (array == nullptr) return Status(ACLNN_ERR_PARAM_NULLPTR, "aclDestroyIntArray: parameter array is nullptr; expected an aclIntArray from aclCreateIntArray");
    if (!Untrack(array))
        return Status(ACLNN_ERR_PARAM_INVALID, "aclDestroyIntArray: parameter array is not a live aclIntArray (already "
                                               "destroyed, or not from aclCreateIntArray); expected an aclIntArray from aclCreateIntArray");
    delete array;
    return ACLNN_SUCCESS;
}

extern "C" aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
    // operatorlist_00014: the length is a positive integer and the values are copied
    if (size == 0) return Reject("aclCreateBoolArray: parameter size is 0; expected a positive length");
    if (value == nullptr)
        return Reject("aclCreateBoolArray: parameter value is nullptr while size is " + std::to_string(size) +
                      "; expected " + std::to_string(size) + " values");
    auto a = new aclBoolArray(value, size);
    Track(a);
    return a;
}

extern "C" aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
    if (array == nullptr) return Status(ACLNN_ERR_PARAM_NULLPTR, "aclDestroyBoolArray: parameter array is nullptr; expected an aclBoolArray from aclCreateBoolArray");
    if (!Untrack(array))
        return Status(ACLNN_ERR_PARAM_INVALID, "aclDestroyBoolArray: parameter array is not a live aclBoolArray (already "
                                               "destroyed, or not from aclCreateBoolArray); expected an aclBoolArray from aclCreateBoolArray");
    delete array;
    return ACLNN_SUCCESS;
}

extern "C" aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
    if (array == nullptr) return Status(ACLNN_ERR_PARAM_NULLPTR, "aclGetBoolArraySize: parameter array is nullptr; expected an aclBoolArray from aclCreateBoolArray");
    if (size == nullptr) return Status(ACLNN_ERR_PARAM_NULLPTR, "aclGetBoolArraySize: parameter size is nullptr; expected where to store the size");
    if (!IsLive(array))
        return Status(ACLNN_ERR_PARAM_INVALID, "aclGetBoolArraySize: parameter array is not a live aclBoolArray (already "
                                               "destroyed, or not from aclCreateBoolArray); expected an aclBoolArray from aclCreateBoolArray");
    *size = array->Size();
    return ACLNN_SUCCESS;
}
