// aclAppLog on the simulator: an ACL_ERROR entry, cut to the documented 1024 bytes, joins the
// thread's recent error messages.
#include <cstdarg>
#include <cstdio>
#include <string>

#include "acl/acl_base.h"
#include "ascend_sim/errmsg.h"

extern "C" void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line, const char* fmt, ...) {
    (void)func;
    (void)file;
    (void)line;
    if (logLevel != ACL_ERROR || fmt == nullptr) return;
    va_list args;
    va_start(args, fmt);
    va_list copy;
    va_copy(copy, args);
    const int n = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    std::string text(n > 0 ? static_cast<size_t>(n) : 0, '\0');
    if (n > 0) std::vsnprintf(&text[0], text.size() + 1, fmt, args);
    va_end(args);
    constexpr size_t kMaxEntryBytes = 1024;
    if (text.size() > kMaxEntryBytes) text.resize(kMaxEntryBytes);
    ascend_sim::SetRecentErrMsg(text);
}
