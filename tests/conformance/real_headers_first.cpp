// The include order of scripts/check_real_headers.sh: CANN's acl/ and graph/ headers, not the
// simulator's, are the ones a source gets, also through a simulator header (aclnn/acl_meta.h
// includes acl/acl_base.h). Each CANN header defines its include guard named after its path.
#include "aclnn/acl_meta.h"
#include "graph/operator_reg.h"
#include "acl/acl.h"

#if !defined(INC_EXTERNAL_ACL_ACL_BASE_H_) || !defined(INC_EXTERNAL_ACL_ACL_H_)
#error "acl/ headers are not CANN's: the wheel's include tree must come first"
#endif
#if !defined(INC_EXTERNAL_GRAPH_OPERATOR_H_)
#error "graph/ headers are not CANN's: the wheel's include tree must come first"
#endif
