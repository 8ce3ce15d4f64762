// The second phase of an aclnn call as the package's own callers run it (the graph kernels, the
// Python binding): the workspace the first phase asked for, the launch on `stream`, the wait for
// the stream; the workspace is the thread's cached block (ThreadWorkspace). Public ACL API only.
#pragma once
#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace gridsample {

using AclnnLaunchFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// The calling thread's workspace, kept between calls as a caching allocator keeps it (torch_npu's
// does): an aclrtMalloc and aclrtFree per call cost more than a small kernel runs (the workspace
// includes the platform's 16 MiB system area). One block per thread, grown when a call needs more;
// blocks over kMaxKeptBytes are released after their call.
class ThreadWorkspace {
public:
    static constexpr uint64_t kMaxKeptBytes = uint64_t(64) << 20;
    ThreadWorkspace() = default;
    ThreadWorkspace(const ThreadWorkspace&) = delete;
    ThreadWorkspace& operator=(const ThreadWorkspace&) = delete;
    ~ThreadWorkspace() { Release(); }
    // At least `bytes` of device memory in *block (null for 0 bytes), or the aclrtMalloc error.
    aclError Acquire(uint64_t bytes, void** block) {
        *block = nullptr;
        if (bytes == 0) return ACL_SUCCESS;
        if (bytes > bytes_) {
            Release();
            const aclError e = aclrtMalloc(&block_, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
            if (e != ACL_SUCCESS) {
                block_ = nullptr;
                return e;
            }
            bytes_ = bytes;
        }
        *block = block_;
        return ACL_SUCCESS;
    }
    // After the call's kernels have run (the stream synchronized).
    void Done() {
        if (bytes_ > kMaxKeptBytes) Release();
    }
    static ThreadWorkspace& Get() {
        static thread_local ThreadWorkspace w;
        return w;
    }

private:
    void Release() {
        if (block_) aclrtFree(block_);
        block_ = nullptr;
        bytes_ = 0;
    }
    void* block_ = nullptr;
    uint64_t bytes_ = 0;
};

// ACLNN_SUCCESS, or the failing status with aclGetRecentErrMsg() in *message.
inline aclnnStatus LaunchAndWait(AclnnLaunchFn launch, uint64_t workspaceSize, aclOpExecutor* executor,
                                 aclrtStream stream, std::string* message) {
    ThreadWorkspace& cache = ThreadWorkspace::Get();
    void* workspace = nullptr;
    if (cache.Acquire(workspaceSize, &workspace) != ACL_SUCCESS) {
        *message = std::string("workspace of ") + std::to_string(workspaceSize) + " bytes: " + aclGetRecentErrMsg();
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    aclnnStatus status = launch(workspace, workspaceSize, executor, stream);
    if (status != ACLNN_SUCCESS) *message = aclGetRecentErrMsg();
    // the workspace is free for the next call once the kernels have run
    const aclError sync = aclrtSynchronizeStream(stream);
    if (status == ACLNN_SUCCESS && sync != ACL_SUCCESS) {
        status = ACLNN_ERR_RUNTIME_ERROR;
        *message = aclGetRecentErrMsg();
    }
    cache.Done();
    return status;
}

}  // namespace gridsample
