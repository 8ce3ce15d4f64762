// Thread-local error messages behind aclGetRecentErrMsg. Runtime calls and op_host's aclnn
// rejections record a message here; aclGetRecentErrMsg returns everything recorded on the thread
// since its previous call (newest first) and clears it, as the CANN documentation describes.
#pragma once
#include <string>

#include "ascend_sim/sim.h"

namespace ascend_sim {
ASCEND_SIM_API void SetRecentErrMsg(const std::string& msg);
// The thread's messages recorded since its last aclGetRecentErrMsg, taken out (cleared), and put
// back; neither touches the string behind the pointer aclGetRecentErrMsg handed out last.
ASCEND_SIM_API std::string TakePendingErrMsg();
ASCEND_SIM_API void RestorePendingErrMsg(std::string msg);
}  // namespace ascend_sim
