// The platform description launches and tiling read: core counts, UB size, clock, system workspace.
// Figures: docs/performance.md (published Atlas A2/A3 platform configuration).
#include <mutex>

#include "ascend_sim/cost_constants.h"
#include "ascend_sim/sim.h"
#include "platform/platform_infos_def.h"
#include "tiling/platform/platform_ascendc.h"

namespace ascend_sim {
namespace {
std::mutex& PlatformMutex() { static std::mutex m; return m; }
Platform& PlatformStorage() { static Platform p = DefaultPlatform(); return p; }

// The current device's platform description and the PlatformAscendC over it (never destroyed: tiling
// may run from other threads' static destructors).
struct Current {
    fe::PlatFormInfos infos;
    platform_ascendc::PlatformAscendC ascendc{&infos};
    Current() { FillPlatformInfos(DefaultPlatform(), &infos); }
};
Current& CurrentStorage() { static Current* c = new Current; return *c; }
}  // namespace

Platform DefaultPlatform() {
    Platform p;
#if !ASCENDC_SIM_CHECKED
    if (LauncherThreads() < p.aivCoreNum) SetVectorCores(&p, LauncherThreads());
#endif
    return p;
}

const Platform& GetPlatform() { return PlatformStorage(); }

Platform PlatformSnapshot() {
    std::lock_guard<std::mutex> lk(PlatformMutex());
    return PlatformStorage();
}

void SetPlatform(const Platform& p) {
    std::lock_guard<std::mutex> lk(PlatformMutex());
    PlatformStorage() = p;
    FillPlatformInfos(p, &CurrentStorage().infos);
}

bool SetPlatformBySoc(const std::string& soc) {
    if (soc == "default") {
        SetPlatform(DefaultPlatform());
        return true;
    }
    Platform p;   // defaults: 910B2 (A2), 192 KiB UB
    p.socVersion = soc;
    if (soc == "Ascend910B1") { p.aivCoreNum = 48; p.aicCoreNum = 24; p.clockGHz = 1.85; }
    else if (soc == "Ascend910B2") { p.aivCoreNum = 48; p.aicCoreNum = 24; p.clockGHz = 1.8; }
    else if (soc == "Ascend910B3") { p.aivCoreNum = 40; p.aicCoreNum = 20; p.clockGHz = 1.8; }
    else if (soc == "Ascend910B4") { p.aivCoreNum = 40; p.aicCoreNum = 20; p.clockGHz = 1.5; }
    else if (soc == "Ascend910_93") { p.aivCoreNum = 48; p.aicCoreNum = 24; p.clockGHz = 1.8; }
    else return false;
    SetPlatform(p);
    return true;
}

void FillPlatformInfos(const Platform& p, fe::PlatFormInfos* infos) {
    const bool a3 = p.socVersion.rfind("Ascend910_93", 0) == 0;
    std::map<std::string, std::string> version = {{"SoC_version", p.socVersion},
                                                  {"Short_SoC_version", a3 ? "Ascend910_93" : "Ascend910B"}};
    std::map<std::string, std::string> soc = {{"ai_core_cnt", std::to_string(p.aicCoreNum)},
                                              {"vector_core_cnt", std::to_string(p.aivCoreNum)},
                                              {"cube_core_cnt", std::to_string(p.aicCoreNum)},
                                              {"system_workspace_size", std::to_string(p.systemWorkspaceBytes)}};
    // The UB a kernel may use is ubSize - ubReserved; the platform reports it with the 8 KiB that a
    // tiling's ReserveLocalMemory(RESERVED_SIZE_8K) takes back, so a tiling that skips the
    // reservation and fills the reported UB overflows the launch's arena.
    constexpr uint64_t kApiReserve = 8192;
    std::map<std::string, std::string> spec = {{"ub_size", std::to_string(UsableUbBytes(p) + kApiReserve)}};
    const double hbmPerCycle = cost::kHbmBytesPerSecond / (p.clockGHz * 1e9);
    std::map<std::string, std::string> rates = {{"hbm_rate", std::to_string(static_cast<uint64_t>(hbmPerCycle))},
                                                {"l2_rate", std::to_string(static_cast<uint64_t>(hbmPerCycle * 5))}};
    infos->Init();
    infos->SetPlatformRes("version", version);
    infos->SetPlatformRes("SoCInfo", soc);
    infos->SetPlatformRes("AICoreSpec", spec);
    infos->SetPlatformRes("AICoreMemoryRates", rates);
    infos->SetCoreNum(p.aivCoreNum);
}

// A device without a SoC name has no platform configuration to initialise from: GetInstance fails.
platform_ascendc::PlatformAscendC* CurrentPlatformAscendC() {
    return PlatformSnapshot().socVersion.empty() ? nullptr : &CurrentStorage().ascendc;
}

}  // namespace ascend_sim
