// Runtime error codes passed through aclError, as macros (CANN: acl/error_codes/rt_error_codes.h,
// included by acl/acl_base.h). Values from the aclError table:
//   https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/runtimeapi/aclcppdevg_03_6666.html
#pragma once

#define ACL_ERROR_RT_PARAM_INVALID 107000
#define ACL_ERROR_RT_INVALID_DEVICEID 107001
#define ACL_ERROR_RT_CONTEXT_NULL 107002          // no current device / context
#define ACL_ERROR_RT_INVALID_MEMORY_TYPE 107016
#define ACL_ERROR_RT_INVALID_HANDLE 107017        // unknown or destroyed stream
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001
#define ACL_ERROR_RT_INTERNAL_ERROR 507000
#define ACL_ERROR_RT_AICORE_EXCEPTION 507015      // failed kernel, seen at stream sync
#define ACL_ERROR_RT_AICPU_EXCEPTION 507018       // failed host (AI CPU) task
