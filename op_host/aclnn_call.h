// The second phase of an aclnn call as the package's own callers run it (the graph kernels, the
// Python binding): the workspace the first phase asked for, the launch on `stream`, the wait for
// the stream, and the workspace released. Public ACL API only.
#pragma once
#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace gridsample {

using AclnnLaunchFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// ACLNN_SUCCESS, or the failing status with aclGetRecentErrMsg() in *message.
inline aclnnStatus LaunchAndWait(AclnnLaunchFn launch, uint64_t workspaceSize, aclOpExecutor* executor,
                                 aclrtStream stream, std::string* message) {
    void* workspace = nullptr;
    if (workspaceSize > 0 && aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        *message = std::string("workspace of ") + std::to_string(workspaceSize) + " bytes: " + aclGetRecentErrMsg();
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    aclnnStatus status = launch(workspace, workspaceSize, executor, stream);
    if (status != ACLNN_SUCCESS) *message = aclGetRecentErrMsg();
    // the workspace is released once the kernels have run
    const aclError sync = aclrtSynchronizeStream(stream);
    if (status == ACLNN_SUCCESS && sync != ACL_SUCCESS) {
        status = ACLNN_ERR_RUNTIME_ERROR;
        *message = aclGetRecentErrMsg();
    }
    if (workspace) aclrtFree(workspace);
    return status;
}

}  // namespace gridsample
