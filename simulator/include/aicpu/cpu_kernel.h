// AI CPU kernel API (CANN include/aicpu/cpu_kernel.h): the base class of an AI CPU operator's kernel
// and its registration by op type.
//   "Class CpuKernel" (atlascpuapi_10_0089): virtual uint32_t Compute(CpuKernelContext &ctx) = 0.
//   "REGISTER_CPU_KERNEL" (atlascpuapi_10_0087): REGISTER_CPU_KERNEL(type, clazz), type the OpType.
//   https://www.hiascend.com/document/detail/en/canncommercial/800/apiref/aicpuopapi/atlascpuapi_10_0087.html
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "ascend_sim/sim.h"
#include "cpu_context.h"

namespace aicpu {

class CpuKernel {
public:
    virtual uint32_t Compute(CpuKernelContext& ctx) = 0;
    virtual ~CpuKernel() {}
};

using KERNEL_CREATOR_FUN = std::function<std::shared_ptr<CpuKernel>(void)>;

ASCEND_SIM_API bool RegistCpuKernel(const std::string& type, const KERNEL_CREATOR_FUN& fun);

template <typename T, typename... Args>
static inline std::shared_ptr<T> MakeShared(Args&&... args) {
    return std::shared_ptr<T>(new (std::nothrow) T(std::forward<Args>(args)...));
}

}  // namespace aicpu

#define REGISTER_CPU_KERNEL(type, clazz)                                                        \
    static std::shared_ptr<::aicpu::CpuKernel> Creator_##clazz##_Kernel() {                    \
        return ::aicpu::MakeShared<clazz>();                                                    \
    }                                                                                           \
    static bool g_##clazz##_Kernel_Creator VAR_UNUSED_AICPU = ::aicpu::RegistCpuKernel(type, Creator_##clazz##_Kernel)

#define VAR_UNUSED_AICPU __attribute__((unused))
