// Base types of the acl runtime subset modelled by the simulator: aclError and its codes,
// aclDataType, aclFormat, aclrtStream, aclGetRecentErrMsg.
// Codes and values follow the public CANN documentation:
//   aclError table: https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/runtimeapi/aclcppdevg_03_6666.html
//   aclDataType / aclFormat: https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/aolapi/operatorlist_00019.html
#pragma once
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define ACL_FUNC_VISIBILITY
#else
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef int aclError;
typedef void* aclrtStream;

static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_NONE = 0;
// 1xxxxx: caller's environment or code logic.
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
// 2xxxxx: resources.
static const int ACL_ERROR_BAD_ALLOC = 200000;
// Runtime pass-through codes.
static const int ACL_ERROR_RT_PARAM_INVALID = 107000;
static const int ACL_ERROR_RT_INVALID_DEVICEID = 107001;
static const int ACL_ERROR_RT_CONTEXT_NULL = 107002;          // no current device / context
static const int ACL_ERROR_RT_INVALID_MEMORY_TYPE = 107016;
static const int ACL_ERROR_RT_INVALID_HANDLE = 107017;        // unknown or destroyed stream
static const int ACL_ERROR_RT_MEMORY_ALLOCATION = 207001;
static const int ACL_ERROR_RT_INTERNAL_ERROR = 507000;
static const int ACL_ERROR_RT_AICORE_EXCEPTION = 507015;      // failed kernel, seen at stream sync
static const int ACL_ERROR_RT_AICPU_EXCEPTION = 507018;       // failed host (AI CPU) task

typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_BF16 = 27,
} aclDataType;

typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_NDHWC = 27,
    ACL_FORMAT_NCDHW = 30,
} aclFormat;

// Returns the error messages recorded on this thread since the last call (newest first) and
// clears them; the pointer stays valid until this thread's next call. Empty string when none.
// https://www.hiascend.com/document/detail/en/canncommercial/850/API/appdevgapi/aclcppdevg_03_0133.html
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg();

#ifdef __cplusplus
}
#endif
