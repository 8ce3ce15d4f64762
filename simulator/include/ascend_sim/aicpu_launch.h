// The simulator's AI CPU (not a CANN header): runs an AI CPU operator's kernel (a CpuKernel registered
// with REGISTER_CPU_KERNEL, aicpu/cpu_kernel.h) in stream order on the tensors and attributes the
// runtime is given, as the device's AI CPU runs a custom AI CPU op. Every tensor must lie inside one
// live device allocation (checked once per launch, in both builds).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "aicpu/cpu_attr_value.h"
#include "aicpu/cpu_types.h"
#include "ascend_sim/sim.h"

namespace ascend_sim {

struct AicpuTensorSpec {
    void* deviceAddr = nullptr;        // null: an optional tensor that is absent
    aicpu::DataType dataType = aicpu::DT_FLOAT;
    std::vector<int64_t> dims;
    uint64_t bytes = 0;                // device memory the kernel may touch from deviceAddr
};

struct AicpuOpSpec {
    std::string opType;
    std::vector<AicpuTensorSpec> inputs, outputs;
    std::map<std::string, aicpu::AttrValue> attrs;
};

// Queues the op on `stream` (nullptr: the default stream). 0, or an aclError when no kernel of that op
// type is registered or the stream is invalid; a kernel that fails is reported by
// aclrtSynchronizeStream (ACL_ERROR_RT_AICPU_EXCEPTION, with the reason in aclGetRecentErrMsg()).
ASCEND_SIM_API int EnqueueAicpuOp(void* stream, AicpuOpSpec op);

}  // namespace ascend_sim
