// AI CPU kernel API (CANN include/aicpu/cpu_types.h): the data types of a CpuKernel's tensors (the
// same codes as ge::DataType) and the status a Compute returns.
//   "Data types" and "CpuKernel" (atlascpuapi_10_0089): https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/aicpuopapi/atlascpuapi_10_0089.html
#pragma once
#include <cstdint>

namespace aicpu {

enum DataType {
    DT_FLOAT = 0,
    DT_FLOAT16 = 1,
    DT_INT8 = 2,
    DT_INT32 = 3,
    DT_UINT8 = 4,
    DT_INT16 = 6,
    DT_UINT16 = 7,
    DT_UINT32 = 8,
    DT_INT64 = 9,
    DT_UINT64 = 10,
    DT_DOUBLE = 11,
    DT_BOOL = 12,
    DT_BFLOAT16 = 27,
    DT_UNDEFINED = 28,
};

enum KernelStatus : uint32_t {
    KERNEL_STATUS_OK = 0,
    KERNEL_STATUS_PARAM_INVALID = 1,
    KERNEL_STATUS_INNER_ERROR = 2,
};

}  // namespace aicpu
