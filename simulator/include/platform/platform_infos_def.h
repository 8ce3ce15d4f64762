// fe::PlatFormInfos: the platform description a TilingContext carries (GetPlatformInfo) and
// platform_ascendc::PlatformAscendC reads. In CANN it is filled from the SoC's platform
// configuration; here it holds the simulator's description of one SoC.
#pragma once
#include "ascend_sim/sim.h"

namespace fe {

class PlatFormInfos {
public:
    PlatFormInfos() : platform_(ascend_sim::GetPlatform()) {}
    explicit PlatFormInfos(const ascend_sim::Platform& p) : platform_(p) {}
    const ascend_sim::Platform& Description() const { return platform_; }

private:
    ascend_sim::Platform platform_;
};

}  // namespace fe
