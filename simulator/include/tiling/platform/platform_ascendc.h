// Host-side platform queries (asc-devkit tiling/platform/platform_ascendc.h):
// platform_ascendc::PlatformAscendC over a fe::PlatFormInfos (the TilingContext's, GetPlatformInfo),
// and PlatformAscendCManager::GetInstance() for the current device's.
//   "PlatformAscendC" (atlasascendc_api_07_1026): no default constructor; GetCoreNumAiv, GetSocVersion,
//   GetCoreMemSize, GetCoreMemBw (atlasascendc_api_07_1035: byte/cycle, L2 and HBM only),
//   GetLibApiWorkSpaceSize (atlasascendc_api_07_1036: the system workspace a tiling adds to its own),
//   ReserveLocalMemory (atlasascendc_api_07_00061: 8/16/32 KiB of the UB; GetCoreMemSize(UB) then
//   reports what remains; the last call wins).
// Values come from the platform description (platform/platform_infos_def.h): a missing entry reads
// as 0, so a tiling that uses it unchecked fails visibly.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>

#include "ascend_sim/sim.h"
#include "platform/platform_infos_def.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };

enum class SocVersion {
    ASCEND910 = 0,
    ASCEND910B,
    ASCEND310P,
    ASCEND310B,
    ASCEND910_95,
    ASCEND910_55,
    AS31XM1,
    ASCEND031,
    ASCEND035,
    ASCEND310,
    ASCEND610,
    ASCEND610Lite,
    ASCEND910_93,
    BS9SX1A,
    BS9SX2A,
    HI3796CV300CS,
    HI3796CV300ES,
    MC61AM21A,
    MC62CM12A,
    SD3403,
    KIRINX90,
    KIRIN9030,
    RESERVED_VERSION = 99999
};

enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
public:
    PlatformAscendC() = delete;
    ~PlatformAscendC() = default;
    explicit PlatformAscendC(fe::PlatFormInfos* platformInfo) : platformInfo_(platformInfo) {}
    // Cube/vector separated architecture (A2/A3): GetCoreNum is the vector core count.
    uint32_t GetCoreNum(void) const { return Read("SoCInfo", "vector_core_cnt"); }
    uint32_t GetCoreNumAic(void) const { return Read("SoCInfo", "ai_core_cnt"); }
    uint32_t GetCoreNumAiv(void) const { return Read("SoCInfo", "vector_core_cnt"); }
    uint32_t GetCoreNumVector(void) const { return 0; }   // only for separate vector cores (m200)
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        (void)aicCoreNum;
        (void)aivCoreNum;
        return sliceNum;
    }
    uint32_t GetLibApiWorkSpaceSize(void) const { return Read("SoCInfo", "system_workspace_size"); }
    void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
        size = 0;
        if (memType != CoreMemType::UB) return;
        const uint64_t ub = Read("AICoreSpec", "ub_size");
        size = ub > reservedMemSize_ ? ub - reservedMemSize_ : 0;
    }
    void GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const {
        bwSize = memType == CoreMemType::HBM ? Read("AICoreMemoryRates", "hbm_rate")
               : memType == CoreMemType::L2  ? Read("AICoreMemoryRates", "l2_rate")
                                             : 0;
    }
    void ReserveLocalMemory(ReservedSize size) {
        reservedMemSize_ = size == ReservedSize::RESERVED_SIZE_8K ? 8192 : size == ReservedSize::RESERVED_SIZE_16K ? 16384 : 32768;
    }
    SocVersion GetSocVersion(void) const {
        std::string s;
        if (platformInfo_ == nullptr || !platformInfo_->GetPlatformRes("version", "Short_SoC_version", s))
            return SocVersion::RESERVED_VERSION;
        return s == "Ascend910B" ? SocVersion::ASCEND910B : s == "Ascend910_93" ? SocVersion::ASCEND910_93
                                                                               : SocVersion::RESERVED_VERSION;
    }

private:
    uint32_t Read(const char* label, const char* key) const {
        std::string v;
        if (platformInfo_ == nullptr || !platformInfo_->GetPlatformRes(label, key, v)) return 0;
        return static_cast<uint32_t>(std::strtoul(v.c_str(), nullptr, 10));
    }
    fe::PlatFormInfos* platformInfo_;
    uint32_t reservedMemSize_ = 0;
};

// The current device's platform, filled from the runtime's description of it when first asked for and
// again whenever the simulated device changes (ascend_sim::SetPlatform).
class PlatformAscendCManager {
public:
    static PlatformAscendC* GetInstance() { return ascend_sim::CurrentPlatformAscendC(); }
    static PlatformAscendC* GetInstance(const char* customSocVersion) {
        (void)customSocVersion;
        return GetInstance();
    }

private:
    PlatformAscendCManager();
    ~PlatformAscendCManager() = default;
};

}  // namespace platform_ascendc
