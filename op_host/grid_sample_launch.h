// The few things op_host asks of the device runtime beyond the public acl/aclnn headers:
// launching the grid_sample kernel and a host task on a stream, and recording the text that
// aclGetRecentErrMsg returns. Implemented for the simulator in launch_sim.cpp; a CANN build
// implements the same three functions with the toolkit's kernel launch and logging.
#pragma once
#include <cstdint>
#include <functional>
#include <string>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace gridsample {

struct KernelArgs {
    void* x;
    void* grid;
    void* y;
    void* workspace;
    void* tiling;   // device copy of GridSampleTilingData
};

aclnnStatus LaunchKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const KernelArgs& args);

// Runs `task` in stream order (the AI CPU path and view copies); a non-zero return fails the stream.
aclnnStatus LaunchHostTask(aclrtStream stream, std::function<int()> task, const char* what);

void RecordError(const std::string& message);

}  // namespace gridsample
