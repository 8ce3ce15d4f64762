// EXPECT_ERR(call, code, substrings...): the runtime call returns `code` and its recorded message
// (aclGetRecentErrMsg) contains every substring.
#pragma once
#include <string>

#include "acl/acl.h"
#include "check.h"

#define EXPECT_ERR(call, code, ...)                                                 \
    do {                                                                            \
        aclError rc_ = (call);                                                      \
        CHECK_MSG(rc_ == (code), #call " returned " + std::to_string(rc_));         \
        std::string m_ = aclGetRecentErrMsg();                                      \
        CHECK_MSG(ContainsAll(m_, {__VA_ARGS__}), m_);                              \
    } while (0)
