// The platform description launches and tiling read: core counts, UB size, clock.
// Figures: docs/performance.md (published Atlas A2/A3 platform configuration).
#include <mutex>

#include "ascend_sim/sim.h"

namespace ascend_sim {
namespace {
std::mutex& PlatformMutex() { static std::mutex m; return m; }
Platform& PlatformStorage() { static Platform p; return p; }
}  // namespace

const Platform& GetPlatform() { return PlatformStorage(); }

Platform PlatformSnapshot() {
    std::lock_guard<std::mutex> lk(PlatformMutex());
    return PlatformStorage();
}

void SetPlatform(const Platform& p) {
    std::lock_guard<std::mutex> lk(PlatformMutex());
    PlatformStorage() = p;
}

bool SetPlatformBySoc(const std::string& soc) {
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

}  // namespace ascend_sim
