// acl entry header: the runtime subset (acl_base.h, acl_rt.h). aclInit / aclFinalize and
// aclGetRecentErrMsg are declared in acl_rt.h, where CANN declares them.
#pragma once
#include "acl/acl_base.h"
#include "acl/acl_rt.h"
