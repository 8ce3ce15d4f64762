// The second phase of an aclnn call as the package's own callers run it (the graph kernels, the
// Python binding): the workspace the first phase asked for, the launch on `stream`, the wait for
// the stream; the workspace comes from a pool of kept blocks (WorkspacePool). Public ACL API only.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace gridsample {

using AclnnLaunchFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// Workspaces kept between calls, as a caching allocator keeps them (torch_npu's does): an
// aclrtMalloc and aclrtFree per call cost more than a small kernel runs (the workspace includes the
// platform's 16 MiB system area). A call takes the smallest kept block that is large enough, or a
// new one, and gives it back when its kernels have run (a block whose wait failed is freed: its
// kernels may still run); at most kKeptBlocks blocks of up to kMaxKeptBytes each are kept, each for
// the device it was allocated on. Device memory does not outlive aclrtResetDevice or aclFinalize: a
// caller that resets the device calls ReleaseAll first (the package's callers never do). Process-wide
// and never destroyed (no thread-exit or process-exit order to depend on).
class WorkspacePool {
public:
    static constexpr uint64_t kMaxKeptBytes = uint64_t(64) << 20;
    static constexpr size_t kKeptBlocks = 4;
    struct Block {
        void* address = nullptr;
        uint64_t bytes = 0;
        int32_t device = -1;   // device memory belongs to one device's context
    };
    static WorkspacePool& Get() {
        static WorkspacePool* pool = new WorkspacePool;
        return *pool;
    }
    // At least `bytes` of device memory (a null block for 0 bytes), or the aclrtMalloc error.
    aclError Acquire(uint64_t bytes, Block* block) {
        *block = Block{};
        if (bytes == 0) return ACL_SUCCESS;
        int32_t device = -1;
        if (aclrtGetDevice(&device) != ACL_SUCCESS) device = -1;
        {
            std::lock_guard<std::mutex> lock(mu_);
            size_t best = kept_.size();
            for (size_t i = 0; i < kept_.size(); ++i)
                if (kept_[i].device == device && kept_[i].bytes >= bytes && (best == kept_.size() || kept_[i].bytes < kept_[best].bytes)) best = i;
            if (best < kept_.size()) {
                *block = kept_[best];
                kept_.erase(kept_.begin() + static_cast<std::ptrdiff_t>(best));
                return ACL_SUCCESS;
            }
        }
        const aclError e = aclrtMalloc(&block->address, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        if (e != ACL_SUCCESS) {
            *block = Block{};
            return e;
        }
        block->bytes = bytes;
        block->device = device;
        return ACL_SUCCESS;
    }
    // After the block's kernels have run (the stream synchronized).
    void Release(const Block& block) {
        if (block.address == nullptr) return;
        Block drop = block;
        if (block.bytes <= kMaxKeptBytes) {
            std::lock_guard<std::mutex> lock(mu_);
            kept_.push_back(block);
            drop = Block{};
            if (kept_.size() > kKeptBlocks) {   // the smallest goes
                auto smallest = std::min_element(kept_.begin(), kept_.end(),
                                                 [](const Block& x, const Block& y) { return x.bytes < y.bytes; });
                drop = *smallest;
                kept_.erase(smallest);
            }
        }
        if (drop.address) aclrtFree(drop.address);
    }

    // Frees every kept block (before aclrtResetDevice / aclFinalize).
    void ReleaseAll() {
        std::vector<Block> kept;
        {
            std::lock_guard<std::mutex> lock(mu_);
            kept.swap(kept_);
        }
        for (const Block& b : kept) aclrtFree(b.address);
    }

private:
    WorkspacePool() = default;
    std::mutex mu_;
    std::vector<Block> kept_;
};

// ACLNN_SUCCESS, or the failing status with aclGetRecentErrMsg() in *message.
inline aclnnStatus LaunchAndWait(AclnnLaunchFn launch, uint64_t workspaceSize, aclOpExecutor* executor,
                                 aclrtStream stream, std::string* message) {
    WorkspacePool& pool = WorkspacePool::Get();
    WorkspacePool::Block block;
    if (pool.Acquire(workspaceSize, &block) != ACL_SUCCESS) {
        *message = std::string("workspace of ") + std::to_string(workspaceSize) + " bytes: " + aclGetRecentErrMsg();
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    aclnnStatus status = launch(block.address, workspaceSize, executor, stream);
    if (status != ACLNN_SUCCESS) *message = aclGetRecentErrMsg();
    // the workspace is free for the next call once the kernels have run
    const aclError sync = aclrtSynchronizeStream(stream);
    if (status == ACLNN_SUCCESS && sync != ACL_SUCCESS) {
        status = ACLNN_ERR_RUNTIME_ERROR;
        *message = aclGetRecentErrMsg();
    }
    if (sync == ACL_SUCCESS) pool.Release(block);
    else if (block.address) aclrtFree(block.address);   // not known to have run: freed once it has
    return status;
}

}  // namespace gridsample
