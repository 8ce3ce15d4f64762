// Base types of the acl runtime subset modelled by the simulator: aclError and its codes,
// aclDataType, aclFormat, aclrtStream (aclGetRecentErrMsg is in acl_rt.h, as in CANN).
// Codes and values follow the public CANN documentation:
//   aclError table: https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/runtimeapi/aclcppdevg_03_6666.html
//   aclDataType / aclFormat: https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/aolapi/operatorlist_00019.html
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "acl/error_codes/rt_error_codes.h"

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
// Runtime pass-through codes (ACL_ERROR_RT_*): error_codes/rt_error_codes.h, included above.

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

typedef enum {
    ACL_DEBUG = 0,
    ACL_INFO = 1,
    ACL_WARNING = 2,
    ACL_ERROR = 3,
} aclLogLevel;

// Application log (aclAppLog / ACL_APP_LOG). On the simulator an ACL_ERROR entry is kept with the
// thread's recent error messages (aclGetRecentErrMsg), where a test can read it; other levels are
// dropped. CANN writes every entry to the application log.
//   https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/appdevgapi/aclcppdevg_03_0029.html
// (an entry is at most 1024 bytes; longer text is cut, as the 9.0 page says)
ACL_FUNC_VISIBILITY void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
                                   const char* fmt, ...);
#define ACL_APP_LOG(level, fmt, ...) aclAppLog(level, __FUNCTION__, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

#ifdef __cplusplus
}
#endif
