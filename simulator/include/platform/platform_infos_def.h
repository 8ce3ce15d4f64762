// fe::PlatFormInfos (runtime platform/platform_infos_def.h): a SoC's platform description as label ->
// key -> value strings, laid out as CANN's platform configuration files are ([version]
// Short_SoC_version, [SoCInfo] ai_core_cnt / vector_core_cnt, [AICoreSpec] ub_size; the model adds
// [SoCInfo] system_workspace_size and [AICoreMemoryRates] hbm_rate / l2_rate in bytes per cycle),
// plus the core count of the current core type. A TilingContext carries one (GetPlatformInfo); platform_ascendc::PlatformAscendC
// reads it. The runtime fills it for the current device (ascend_sim::FillPlatformInfos); a test
// describes any SoC through the public setters.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fe {

enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

class PlatFormInfos {
public:
    bool Init() { return true; }
    bool GetPlatformRes(const std::string& label, const std::string& key, std::string& val) const {
        auto l = res_.find(label);
        if (l == res_.end()) return false;
        auto k = l->second.find(key);
        if (k == l->second.end()) return false;
        val = k->second;
        return true;
    }
    bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& val) const {
        return GetPlatformRes(label, key, val);
    }
    bool GetPlatformRes(const std::string& label, std::map<std::string, std::string>& res) const {
        auto l = res_.find(label);
        if (l == res_.end()) return false;
        res = l->second;
        return true;
    }
    void SetPlatformRes(const std::string& label, std::map<std::string, std::string>& res) { res_[label] = res; }
    void SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& res) {
        SetPlatformRes(label, res);
    }
    uint32_t GetCoreNum() const { return coreNum_; }
    uint32_t GetCoreNumWithLock() const { return coreNum_; }
    void SetCoreNum(const uint32_t& core_num) { coreNum_ = core_num; }

private:
    uint32_t coreNum_ = 0;
    std::map<std::string, std::map<std::string, std::string>> res_;
};

}  // namespace fe
