// AI CPU kernel API (CANN include/aicpu/cpu_kernel_register.h): the registry the AI CPU framework runs
// kernels from by op type.
//   "Class CpuKernelRegister" (atlascpuapi_10_0092): Instance, GetCpuKernel, GetAllRegisteredOpTypes,
//   RunCpuKernel.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ascend_sim/sim.h"
#include "cpu_kernel.h"

namespace aicpu {

class ASCEND_SIM_API CpuKernelRegister {
public:
    static CpuKernelRegister& Instance();
    std::shared_ptr<CpuKernel> GetCpuKernel(const std::string& opType);
    std::vector<std::string> GetAllRegisteredOpTypes() const;
    // Runs the kernel of ctx's op type; KERNEL_STATUS_PARAM_INVALID when none is registered.
    uint32_t RunCpuKernel(CpuKernelContext& ctx);

private:
    CpuKernelRegister() = default;
};

}  // namespace aicpu
