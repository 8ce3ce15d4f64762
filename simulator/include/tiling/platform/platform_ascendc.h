// Host-side platform query (documented platform_ascendc::PlatformAscendC), backed by a platform
// description (fe::PlatFormInfos from TilingContext::GetPlatformInfo, or the current one).
// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/910beta2/API/ascendcopapi/atlasascendc_api_07_1028.html
// ReserveLocalMemory: "PlatformAscendC ReserveLocalMemory", atlasascendc_api_07_00061
// (https://www.hiascend.com/document/detail/en/canncommercial/850/API/ascendcopapi/atlasascendc_api_07_00061.html):
// reserves 8/16/32 KiB of the UB; GetCoreMemSize(UB) then reports what remains; the last call wins.
#pragma once
#include <cstdint>

#include "ascend_sim/sim.h"
#include "platform/platform_infos_def.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B, L0_C, L1, L2, UB, HBM, RESERVED };
enum class SocVersion { ASCEND910B, ASCEND910_93, RESERVED_VERSION };
enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
public:
    PlatformAscendC() = default;
    explicit PlatformAscendC(fe::PlatFormInfos* platformInfo) : infos_(platformInfo) {}
    // Cube/vector separated architecture (A2/A3): the vector core count.
    uint32_t GetCoreNum() const { return Desc().aivCoreNum; }
    uint32_t GetCoreNumAiv() const { return Desc().aivCoreNum; }
    uint32_t GetCoreNumVector() const { return Desc().aivCoreNum; }
    uint32_t GetCoreNumAic() const { return Desc().aicCoreNum; }
    SocVersion GetSocVersion() const {
        return Desc().socVersion == "Ascend910_93" ? SocVersion::ASCEND910_93 : SocVersion::ASCEND910B;
    }
    void ReserveLocalMemory(ReservedSize size) {
        reservedUb_ = size == ReservedSize::RESERVED_SIZE_8K ? 8192 : size == ReservedSize::RESERVED_SIZE_16K ? 16384 : 32768;
    }
    // UB: the bytes the platform reports for a kernel, less the ReserveLocalMemory reservation.
    // The simulator's launch arena (ubSize - ubReserved) is what remains after an 8 KiB
    // reservation, so a tiling that skips it and fills the reported UB overflows the arena.
    // Other memories: 0 (not modelled).
    void GetCoreMemSize(CoreMemType memType, uint64_t& size) const {
        if (memType != CoreMemType::UB) { size = 0; return; }
        const uint64_t reported = ascend_sim::UsableUbBytes(Desc()) + kArenaReserve;
        size = reported > reservedUb_ ? reported - reservedUb_ : 0;
    }
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        (void)aicCoreNum; (void)aivCoreNum;
        return sliceNum;
    }

private:
    static constexpr uint64_t kArenaReserve = 8192;
    const ascend_sim::Platform& Desc() const { return infos_ ? infos_->Description() : ascend_sim::GetPlatform(); }
    fe::PlatFormInfos* infos_ = nullptr;
    uint64_t reservedUb_ = 0;
};

class PlatformAscendCManager {
public:
    static PlatformAscendC* GetInstance() { static PlatformAscendC instance; return &instance; }
    static PlatformAscendC* GetInstance(const char* /*customSocVersion*/) { return GetInstance(); }
};

}  // namespace platform_ascendc
