// aclTensor / aclIntArray: creation, getters round trip, rejected arguments.
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "aclnn/acl_meta.h"
#include "check.h"

namespace {
std::string Msg() { return aclGetRecentErrMsg(); }
std::vector<int64_t> Take(int64_t* p, uint64_t n) {
    std::vector<int64_t> v(p, p + n);
    delete[] p;   // the getters allocate; the caller frees (documented ownership)
    return v;
}
}  // namespace

TEST_CASE("aclCreateTensor and the getters round trip") {
    const int64_t view[] = {2, 3, 4}, storage[] = {24};
    float data[24];
    aclTensor* t = aclCreateTensor(view, 3, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, storage, 1, data);
    CHECK(t != nullptr);
    int64_t* dims = nullptr;
    uint64_t n = 0;
    CHECK(aclGetViewShape(t, &dims, &n) == ACLNN_SUCCESS);
    CHECK((Take(dims, n) == std::vector<int64_t>{2, 3, 4}));
    CHECK(aclGetViewStrides(t, &dims, &n) == ACLNN_SUCCESS);
    CHECK((Take(dims, n) == std::vector<int64_t>{12, 4, 1}));   // contiguous when stride is nullptr
    CHECK(aclGetStorageShape(t, &dims, &n) == ACLNN_SUCCESS);
    CHECK((Take(dims, n) == std::vector<int64_t>{24}));
    int64_t offset = -1;
    CHECK(aclGetViewOffset(t, &offset) == ACLNN_SUCCESS && offset == 0);
    aclFormat format = ACL_FORMAT_UNDEFINED;
    CHECK(aclGetFormat(t, &format) == ACLNN_SUCCESS && format == ACL_FORMAT_ND);
    aclDataType dtype = ACL_DT_UNDEFINED;
    CHECK(aclGetDataType(t, &dtype) == ACLNN_SUCCESS && dtype == ACL_FLOAT16);
    void* addr = nullptr;
    CHECK(aclGetRawTensorAddr(t, &addr) == ACLNN_SUCCESS && addr == data);
    CHECK(aclSetRawTensorAddr(t, data + 1) == ACLNN_SUCCESS);
    CHECK(aclGetRawTensorAddr(t, &addr) == ACLNN_SUCCESS && addr == data + 1);
    CHECK(aclDestroyTensor(t) == ACLNN_SUCCESS);
}

TEST_CASE("strided views, offsets, scalars and empty tensors") {
    const int64_t view[] = {4, 3}, stride[] = {1, 4}, storage[] = {3, 4};
    aclTensor* t = aclCreateTensor(view, 2, ACL_FLOAT, stride, 0, ACL_FORMAT_ND, storage, 2, nullptr);   // transpose
    CHECK(t != nullptr);
    int64_t* dims = nullptr;
    uint64_t n = 0;
    CHECK(aclGetViewStrides(t, &dims, &n) == ACLNN_SUCCESS);
    CHECK((Take(dims, n) == std::vector<int64_t>{1, 4}));
    CHECK(aclDestroyTensor(t) == ACLNN_SUCCESS);

    const int64_t sub[] = {2}, big[] = {10};
    t = aclCreateTensor(sub, 1, ACL_INT32, nullptr, 8, ACL_FORMAT_ND, big, 1, nullptr);   // elements 8, 9
    int64_t offset = 0;
    CHECK(t != nullptr && aclGetViewOffset(t, &offset) == ACLNN_SUCCESS && offset == 8);
    CHECK(aclDestroyTensor(t) == ACLNN_SUCCESS);

    t = aclCreateTensor(nullptr, 0, ACL_DOUBLE, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);   // scalar
    CHECK(t != nullptr && aclGetViewShape(t, &dims, &n) == ACLNN_SUCCESS && n == 0);
    delete[] dims;
    CHECK(aclDestroyTensor(t) == ACLNN_SUCCESS);

    const int64_t empty[] = {2, 0, 3}, none[] = {0};
    t = aclCreateTensor(empty, 3, ACL_BF16, nullptr, 0, ACL_FORMAT_NCHW, none, 1, nullptr);
    CHECK(t != nullptr);
    CHECK(aclDestroyTensor(t) == ACLNN_SUCCESS);
}

TEST_CASE("aclCreateTensor rejects bad arguments with a message") {
    const int64_t view[] = {2, 3}, neg[] = {2, -3}, storage[] = {6}, small[] = {5}, negStride[] = {-1, 1};
    CHECK(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr) == nullptr);
    std::string m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "viewDims", "nullptr", "viewDimsNum is 2"}), m);
    CHECK(aclCreateTensor(neg, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "viewDims[1] is -3", "non-negative"}), m);
    CHECK(aclCreateTensor(view, 2, static_cast<aclDataType>(5), nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "dataType is 5", "aclDataType"}), m);
    CHECK(aclCreateTensor(view, 2, ACL_DT_UNDEFINED, nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"dataType is -1"}), m);
    CHECK(aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, static_cast<aclFormat>(99), storage, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "format is 99"}), m);
    CHECK(aclCreateTensor(view, 2, ACL_FLOAT, nullptr, -1, ACL_FORMAT_ND, storage, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "offset is -1"}), m);
    CHECK(aclCreateTensor(view, 2, ACL_FLOAT, negStride, 0, ACL_FORMAT_ND, storage, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "stride[0] is -1"}), m);
    CHECK(aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, small, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "storageDims hold 5 elements", "reaches element index 5"}), m);
    CHECK(aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 1, nullptr) == nullptr);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "storageDims is nullptr"}), m);
}

TEST_CASE("getters and destroy reject null, destroyed and foreign objects") {
    const int64_t view[] = {4};
    aclTensor* t = aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 1, nullptr);
    int64_t* dims = nullptr;
    uint64_t n = 0;
    aclDataType dtype;
    CHECK(aclGetViewShape(nullptr, &dims, &n) == ACLNN_ERR_PARAM_NULLPTR);
    std::string m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclGetViewShape", "tensor is nullptr"}), m);
    CHECK(aclGetViewShape(t, nullptr, &n) == ACLNN_ERR_PARAM_NULLPTR);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclGetViewShape", "viewDims is nullptr"}), m);
    CHECK(aclGetDataType(t, nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclGetDataType", "dataType is nullptr"}), m);
    CHECK(aclDestroyTensor(t) == ACLNN_SUCCESS);
    CHECK(aclGetDataType(t, &dtype) == ACLNN_ERR_PARAM_INVALID);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclGetDataType", "not a live aclTensor"}), m);
    CHECK(aclDestroyTensor(t) == ACLNN_ERR_PARAM_INVALID);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclDestroyTensor", "already destroyed"}), m);
    CHECK(aclDestroyTensor(nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(!Msg().empty());
}

TEST_CASE("aclIntArray create and destroy") {
    const int64_t values[] = {1, 2, 3};
    aclIntArray* a = aclCreateIntArray(values, 3);
    CHECK(a != nullptr);
    CHECK(aclDestroyIntArray(a) == ACLNN_SUCCESS);
    CHECK(aclDestroyIntArray(a) == ACLNN_ERR_PARAM_INVALID);
    CHECK(aclCreateIntArray(nullptr, 2) == nullptr);
    std::string m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateIntArray", "value is nullptr"}), m);
    aclIntArray* e = aclCreateIntArray(nullptr, 0);
    CHECK(e != nullptr && aclDestroyIntArray(e) == ACLNN_SUCCESS);
}

TEST_CASE("aclBoolArray create, size and destroy (operatorlist_00014, 00022, 00029)") {
    const bool values[] = {true, false};
    aclBoolArray* a = aclCreateBoolArray(values, 2);
    CHECK(a != nullptr);
    uint64_t size = 0;
    CHECK(aclGetBoolArraySize(a, &size) == ACLNN_SUCCESS && size == 2);
    CHECK(aclGetBoolArraySize(a, nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetBoolArraySize(nullptr, &size) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclDestroyBoolArray(a) == ACLNN_SUCCESS);
    CHECK(aclDestroyBoolArray(a) == ACLNN_ERR_PARAM_INVALID);
    CHECK_MSG(ContainsAll(Msg(), {"aclDestroyBoolArray", "not a live aclBoolArray"}), Msg());
    CHECK(aclGetBoolArraySize(a, &size) == ACLNN_ERR_PARAM_INVALID);
    CHECK(aclDestroyBoolArray(nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclCreateBoolArray(nullptr, 2) == nullptr);
    CHECK_MSG(ContainsAll(Msg(), {"aclCreateBoolArray", "value is nullptr"}), Msg());
    // the length is a positive integer
    CHECK(aclCreateBoolArray(values, 0) == nullptr);
    CHECK_MSG(ContainsAll(Msg(), {"aclCreateBoolArray", "size is 0"}), Msg());
}


TEST_CASE("contiguous strides beyond int64 are rejected, not overflowed") {
    const int64_t view[] = {int64_t(1) << 40, int64_t(1) << 40, int64_t(1) << 40}, storage[] = {INT64_MAX};
    float data[1];
    CHECK(aclCreateTensor(view, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, data) == nullptr);
    const std::string m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclCreateTensor", "viewDims", "contiguous strides beyond int64"}), m);
}

TEST_MAIN()
