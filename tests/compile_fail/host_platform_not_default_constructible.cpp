// expect-error: deleted
// platform_ascendc::PlatformAscendC() is deleted in the real tiling/platform/platform_ascendc.h: a
// tiling takes the context's platform description or PlatformAscendCManager::GetInstance().
#include "tiling/platform/platform_ascendc.h"

uint32_t Planted(fe::PlatFormInfos* infos) {
#ifdef AGS_PLANT
    platform_ascendc::PlatformAscendC ascendc;
    (void)infos;
#else
    platform_ascendc::PlatformAscendC ascendc(infos);
#endif
    return ascendc.GetLibApiWorkSpaceSize();
}
