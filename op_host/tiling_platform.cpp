#include "op_host/tiling_platform.h"

#include "tiling/platform/platform_ascendc.h"

namespace gridsample {

bool ReadTilingPlatform(const gert::TilingContext* context, TilingPlatform* out, std::string* why) {
    fe::PlatFormInfos* infos = context != nullptr ? context->GetPlatformInfo() : nullptr;
    const platform_ascendc::PlatformAscendC* current =
        infos == nullptr ? platform_ascendc::PlatformAscendCManager::GetInstance() : nullptr;
    if (infos == nullptr && current == nullptr) {
        *why = "no platform: the tiling context carries no platform information and "
               "PlatformAscendCManager::GetInstance() returned nullptr (is a device set?)";
        return false;
    }
    // A copy: ReserveLocalMemory changes the object, and the current device's one is shared.
    platform_ascendc::PlatformAscendC ascendc = infos != nullptr ? platform_ascendc::PlatformAscendC(infos) : *current;
    ascendc.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_8K);
    out->coreNum = ascendc.GetCoreNumAiv();
    ascendc.GetCoreMemSize(platform_ascendc::CoreMemType::UB, out->ubBytes);
    out->systemWorkspaceBytes = ascendc.GetLibApiWorkSpaceSize();
    if (out->coreNum == 0) {
        *why = "the platform reports 0 vector cores; expected the SoC's vector core count (48 on Ascend910B2)";
        return false;
    }
    if (out->ubBytes == 0) {
        *why = "the platform reports no UB beyond the 8 KiB API reservation; expected 192 KiB per vector core on A2/A3";
        return false;
    }
    return true;
}

}  // namespace gridsample
