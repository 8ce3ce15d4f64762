// Prints, one per line, the type of every acl runtime function, the value of every constant and
// enumerator, and the size of every type that the simulator's acl/ headers declare. Built twice by
// scripts/check_real_headers.sh, once against the real headers of the torch-npu wheel and once
// against the simulator's alone; the two outputs must be identical, so names, parameter and return
// types, enumerator values and codes agree (a subset: the simulator models fewer of them).
// Only acl/acl_rt.h is included: each name must be declared by the header that declares it in CANN.
#include <cstdio>
#include <typeinfo>

#include "acl/acl_rt.h"

#define AGS_FUNCTION(f) std::printf("function %s: %s\n", #f, typeid(decltype(&f)).name());
#define AGS_VALUE(c) std::printf("value %s = %lld\n", #c, static_cast<long long>(c));
#define AGS_TYPE(t) std::printf("type %s: %s, %zu bytes\n", #t, typeid(t).name(), sizeof(t));

int main() {
    AGS_TYPE(aclError)
    AGS_TYPE(aclrtStream)
    AGS_TYPE(aclDataType)
    AGS_TYPE(aclFormat)
    AGS_TYPE(aclrtMemMallocPolicy)
    AGS_TYPE(aclrtMemcpyKind)
    AGS_TYPE(aclLogLevel)

    AGS_FUNCTION(aclInit)
    AGS_FUNCTION(aclFinalize)
    AGS_FUNCTION(aclGetRecentErrMsg)
    AGS_FUNCTION(aclAppLog)
    AGS_FUNCTION(aclrtSetDevice)
    AGS_FUNCTION(aclrtResetDevice)
    AGS_FUNCTION(aclrtGetDevice)
    AGS_FUNCTION(aclrtGetDeviceCount)
    AGS_FUNCTION(aclrtSynchronizeDevice)
    AGS_FUNCTION(aclrtCreateStream)
    AGS_FUNCTION(aclrtDestroyStream)
    AGS_FUNCTION(aclrtSynchronizeStream)
    AGS_FUNCTION(aclrtMalloc)
    AGS_FUNCTION(aclrtFree)
    AGS_FUNCTION(aclrtMallocHost)
    AGS_FUNCTION(aclrtFreeHost)
    AGS_FUNCTION(aclrtMemset)
    AGS_FUNCTION(aclrtMemsetAsync)
    AGS_FUNCTION(aclrtMemcpy)
    AGS_FUNCTION(aclrtMemcpyAsync)

    // The runtime's codes are macros (error_codes/rt_error_codes.h): usable in #if.
#if defined(ACL_ERROR_RT_PARAM_INVALID) && defined(ACL_ERROR_RT_AICORE_EXCEPTION)
    std::printf("ACL_ERROR_RT_* are macros\n");
#endif
    AGS_VALUE(ACL_SUCCESS)
    AGS_VALUE(ACL_ERROR_NONE)
    AGS_VALUE(ACL_ERROR_INVALID_PARAM)
    AGS_VALUE(ACL_ERROR_UNINITIALIZE)
    AGS_VALUE(ACL_ERROR_REPEAT_INITIALIZE)
    AGS_VALUE(ACL_ERROR_BAD_ALLOC)
    AGS_VALUE(ACL_ERROR_RT_PARAM_INVALID)
    AGS_VALUE(ACL_ERROR_RT_INVALID_DEVICEID)
    AGS_VALUE(ACL_ERROR_RT_CONTEXT_NULL)
    AGS_VALUE(ACL_ERROR_RT_INVALID_MEMORY_TYPE)
    AGS_VALUE(ACL_ERROR_RT_INVALID_HANDLE)
    AGS_VALUE(ACL_ERROR_RT_MEMORY_ALLOCATION)
    AGS_VALUE(ACL_ERROR_RT_INTERNAL_ERROR)
    AGS_VALUE(ACL_ERROR_RT_AICORE_EXCEPTION)
    AGS_VALUE(ACL_ERROR_RT_AICPU_EXCEPTION)

    AGS_VALUE(ACL_DT_UNDEFINED)
    AGS_VALUE(ACL_FLOAT)
    AGS_VALUE(ACL_FLOAT16)
    AGS_VALUE(ACL_INT8)
    AGS_VALUE(ACL_INT32)
    AGS_VALUE(ACL_UINT8)
    AGS_VALUE(ACL_INT16)
    AGS_VALUE(ACL_UINT16)
    AGS_VALUE(ACL_UINT32)
    AGS_VALUE(ACL_INT64)
    AGS_VALUE(ACL_UINT64)
    AGS_VALUE(ACL_DOUBLE)
    AGS_VALUE(ACL_BOOL)
    AGS_VALUE(ACL_BF16)

    AGS_VALUE(ACL_FORMAT_UNDEFINED)
    AGS_VALUE(ACL_FORMAT_NCHW)
    AGS_VALUE(ACL_FORMAT_NHWC)
    AGS_VALUE(ACL_FORMAT_ND)
    AGS_VALUE(ACL_FORMAT_NC1HWC0)
    AGS_VALUE(ACL_FORMAT_NDHWC)
    AGS_VALUE(ACL_FORMAT_NCDHW)

    AGS_VALUE(ACL_MEM_MALLOC_HUGE_FIRST)
    AGS_VALUE(ACL_MEM_MALLOC_HUGE_ONLY)
    AGS_VALUE(ACL_MEM_MALLOC_NORMAL_ONLY)
    AGS_VALUE(ACL_MEM_MALLOC_HUGE_FIRST_P2P)
    AGS_VALUE(ACL_MEM_MALLOC_HUGE_ONLY_P2P)
    AGS_VALUE(ACL_MEM_MALLOC_NORMAL_ONLY_P2P)

    AGS_VALUE(ACL_DEBUG)
    AGS_VALUE(ACL_INFO)
    AGS_VALUE(ACL_WARNING)
    AGS_VALUE(ACL_ERROR)

    AGS_VALUE(ACL_MEMCPY_HOST_TO_HOST)
    AGS_VALUE(ACL_MEMCPY_HOST_TO_DEVICE)
    AGS_VALUE(ACL_MEMCPY_DEVICE_TO_HOST)
    AGS_VALUE(ACL_MEMCPY_DEVICE_TO_DEVICE)
    AGS_VALUE(ACL_MEMCPY_DEFAULT)
    return 0;
}
