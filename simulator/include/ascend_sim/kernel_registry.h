// The AI Core kernels the package's library holds, by name. On CANN the toolchain compiles each
// op_kernel/<name>.cpp into binaries that the runtime finds by the kernel's name and tiling key; here
// the build compiles each kernel source together with ASCEND_SIM_REGISTER_KERNEL(<name>) (the CMake
// rule beside the source list), so a launcher looks kernels up by name and knows none of them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "ascend_sim/sim.h"

namespace ascend_sim {

struct RegisteredKernel {
    size_t gmArgCount = 0;                              // the entry's GM_ADDR parameters
    std::function<void(uint8_t* const* gm)> entry;      // calls the kernel with gm[0 .. gmArgCount)
};

ASCEND_SIM_API bool RegisterKernelEntry(const std::string& name, RegisteredKernel kernel);
// The kernel registered under `name`, or nullptr.
ASCEND_SIM_API const RegisteredKernel* FindKernelEntry(const std::string& name);
// Every registered name, sorted.
ASCEND_SIM_API std::vector<std::string> RegisteredKernelNames();

namespace detail {
template <typename... Gm, size_t... I>
void CallWithGmArgs(void (*kernel)(Gm...), uint8_t* const* gm, std::index_sequence<I...>) {
    kernel(reinterpret_cast<Gm>(gm[I])...);
}
}  // namespace detail

// Registers a kernel entry whose parameters are all GM addresses.
template <typename... Gm>
bool RegisterKernel(const char* name, void (*kernel)(Gm...)) {
    RegisteredKernel k;
    k.gmArgCount = sizeof...(Gm);
    k.entry = [kernel](uint8_t* const* gm) { detail::CallWithGmArgs(kernel, gm, std::index_sequence_for<Gm...>{}); };
    return RegisterKernelEntry(name, std::move(k));
}

}  // namespace ascend_sim

#define ASCEND_SIM_REGISTER_KERNEL(name) \
    static const bool ascendSimKernelRegistered_##name = ::ascend_sim::RegisterKernel(#name, &::name);
