// Op headers of CANN include "aclnn/aclnn_base.h"; everything lives in acl_meta.h here.
#pragma once
#include "aclnn/acl_meta.h"
