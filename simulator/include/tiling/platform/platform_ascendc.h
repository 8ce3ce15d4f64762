// Host-side platform query (documented platform_ascendc::PlatformAscendC), backed by the
// simulator's platform description (ascend_sim::GetPlatform()).
// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/910beta2/API/ascendcopapi/atlasascendc_api_07_1028.html
#pragma once
#include <cstdint>

#include "ascend_sim/sim.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B, L0_C, L1, L2, UB, HBM, RESERVED };
enum class SocVersion { ASCEND910B, ASCEND910_93, RESERVED_VERSION };

class PlatformAscendC {
public:
    PlatformAscendC() = default;
    explicit PlatformAscendC(const void* /*platformInfo*/) {}
    // Cube/vector separated architecture (A2/A3): the vector core count.
    uint32_t GetCoreNum() const { return ascend_sim::GetPlatform().aivCoreNum; }
    uint32_t GetCoreNumAiv() const { return ascend_sim::GetPlatform().aivCoreNum; }
    uint32_t GetCoreNumVector() const { return ascend_sim::GetPlatform().aivCoreNum; }
    uint32_t GetCoreNumAic() const { return ascend_sim::GetPlatform().aicCoreNum; }
    SocVersion GetSocVersion() const {
        return ascend_sim::GetPlatform().socVersion == "Ascend910_93" ? SocVersion::ASCEND910_93 : SocVersion::ASCEND910B;
    }
    // UB: the bytes a kernel may use (physical UB minus the system reserve). Other memories: 0.
    void GetCoreMemSize(CoreMemType memType, uint64_t& size) const {
        size = memType == CoreMemType::UB ? ascend_sim::UsableUbBytes(ascend_sim::GetPlatform()) : 0;
    }
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        (void)aicCoreNum; (void)aivCoreNum;
        return sliceNum;
    }
};

class PlatformAscendCManager {
public:
    static PlatformAscendC* GetInstance() { static PlatformAscendC instance; return &instance; }
    static PlatformAscendC* GetInstance(const char* /*customSocVersion*/) { return GetInstance(); }
};

}  // namespace platform_ascendc
