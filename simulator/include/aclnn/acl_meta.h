// aclnn base types: status codes, aclTensor, aclIntArray, aclOpExecutor (declared only, opaque as
// in CANN: an op library keeps its own executor state behind the handle).
// Signatures and codes from the public CANN aclnn documentation:
//   return codes: https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/aolapi/atlasascendc_api_07_1205.html
//   aclCreateTensor: https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/aolapi/operatorlist_00019.html
//   aclGetViewShape (arrays are allocated by the call; the caller delete[]s them):
//     https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/aolapi/operatorlist_00038.html
//   aclGetRawTensorAddr / aclSetRawTensorAddr:
//     https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/900/API/aolapi/operatorlist_00426.html
#pragma once
#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t aclnnStatus;
static const aclnnStatus ACLNN_SUCCESS = 0;
static const aclnnStatus ACLNN_ERR_PARAM_NULLPTR = 161001;
static const aclnnStatus ACLNN_ERR_PARAM_INVALID = 161002;
static const aclnnStatus ACLNN_ERR_RUNTIME_ERROR = 361001;
static const aclnnStatus ACLNN_ERR_INNER = 561000;
static const aclnnStatus ACLNN_ERR_INNER_INFERSHAPE_ERROR = 561001;
static const aclnnStatus ACLNN_ERR_INNER_TILING_ERROR = 561002;
static const aclnnStatus ACLNN_ERR_INNER_FIND_KERNEL_ERROR = 561003;
static const aclnnStatus ACLNN_ERR_INNER_CREATE_EXECUTOR = 561101;
static const aclnnStatus ACLNN_ERR_INNER_NULLPTR = 561103;

typedef struct aclTensor aclTensor;
typedef struct aclIntArray aclIntArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclOpExecutor aclOpExecutor;

// Returns nullptr (and records a message for aclGetRecentErrMsg) on bad arguments: null dims with
// a non-zero count, negative dims/strides/offset, an unknown dtype or format, or a view that
// reaches beyond the storage. stride == nullptr means contiguous (row-major) strides.
// offset and strides are in elements. tensorData may be nullptr.
ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum,
                                               aclDataType dataType, const int64_t* stride,
                                               int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum,
                                               void* tensorData);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor);

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims,
                                                uint64_t* viewDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                                                  uint64_t* stridesNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset);
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                                                   uint64_t* storageDimsNum);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format);
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType);
ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr);
ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr);

// Executor reuse (operatorlist_00041) and release (operatorlist_00021): a repeatable executor may be
// launched many times and is released by aclDestroyAclOpExecutor; null is ACLNN_ERR_INNER_NULLPTR.
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);

ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array);

// aclBoolArray: aclCreateBoolArray (operatorlist_00014: value is a host pointer copied into the
// array, size a positive length; nullptr on failure), aclDestroyBoolArray (operatorlist_00022),
// aclGetBoolArraySize (operatorlist_00029: 161001 for a null array or size).
//   https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/900/API/aolapi/operatorlist_00014.html
//   https://www.hiascend.com/document/detail/en/canncommercial/850/API/aolapi/operatorlist_00022.html
//   https://www.hiascend.com/document/detail/en/canncommercial/850/API/aolapi/operatorlist_00029.html
ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size);
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray* array);
ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size);

#ifdef __cplusplus
}
#endif
