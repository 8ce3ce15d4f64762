// Thread-local message store behind aclGetRecentErrMsg (see ascend_sim/errmsg.h).
#include "ascend_sim/errmsg.h"

#include "acl/acl_rt.h"

namespace ascend_sim {
namespace {
constexpr size_t kMaxPendingChars = 64 * 1024;   // keeps a thread that never reads from growing
thread_local std::string t_pending;                // recorded since the last aclGetRecentErrMsg
thread_local std::string t_returned;               // backs the pointer handed out last
}  // namespace

void SetRecentErrMsg(const std::string& msg) {
    if (msg.empty()) return;
    t_pending = t_pending.empty() ? msg : msg + "\n" + t_pending;
    if (t_pending.size() > kMaxPendingChars) t_pending.resize(kMaxPendingChars);
}

std::string TakePendingErrMsg() {
    std::string taken;
    taken.swap(t_pending);
    return taken;
}

void RestorePendingErrMsg(std::string msg) { t_pending = std::move(msg); }
}  // namespace ascend_sim

extern "C" const char* aclGetRecentErrMsg() {
    ascend_sim::t_returned.swap(ascend_sim::t_pending);
    ascend_sim::t_pending.clear();
    return ascend_sim::t_returned.c_str();
}
