// Which vector lanes launches run on (sim.h, "wide vector lanes"): the CPU's features, detected
// once, and the switch that tests and ASCEND_SIM_LANES=baseline turn off.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#include "ascend_sim/sim.h"

namespace ascend_sim {
namespace {

bool CpuHasWideLanes() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c");
#else
    return false;
#endif
}

const bool g_cpuHasWide = CpuHasWideLanes();
std::atomic<bool> g_wideOn{[] {
    const char* env = std::getenv("ASCEND_SIM_LANES");
    return !(env && std::strcmp(env, "baseline") == 0);
}()};

}  // namespace

bool SetWideLanes(bool on) { return g_wideOn.exchange(on); }

std::string LanesInUse() {
#if !defined(__x86_64__)
    return "baseline (wide paths exist for x86-64 only)";
#else
    if (!g_cpuHasWide) return "baseline (the CPU lacks AVX2 or F16C)";
    if (!g_wideOn.load()) return "baseline (turned off: ASCEND_SIM_LANES=baseline or SetWideLanes(false))";
    return "avx2+f16c";
#endif
}

}  // namespace ascend_sim
