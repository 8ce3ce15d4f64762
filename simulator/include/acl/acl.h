// acl entry header: initialisation plus the runtime subset (acl_base.h, acl_rt.h).
//   aclInit / aclFinalize: https://www.hiascend.com/document/detail/en/canncommercial/850/API/appdevgapi/aclcppdevg_03_1344.html (codes)
#pragma once
#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

// configPath may be nullptr (no configuration); a given path is accepted and not read.
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
// Drains and destroys every stream, releases the devices. Device allocations stay valid.
ACL_FUNC_VISIBILITY aclError aclFinalize();

#ifdef __cplusplus
}
#endif
