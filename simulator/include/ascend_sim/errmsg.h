// Thread-local error messages behind aclGetRecentErrMsg. Runtime calls and op_host's aclnn
// rejections record a message here; aclGetRecentErrMsg returns everything recorded on the thread
// since its previous call (newest first) and clears it, as the CANN documentation describes.
#pragma once
#include <string>

#include "ascend_sim/sim.h"

namespace ascend_sim {
ASCEND_SIM_API void SetRecentErrMsg(const std::string& msg);
}  // namespace ascend_sim
