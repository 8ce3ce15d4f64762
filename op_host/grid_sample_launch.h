// The few things op_host asks of the device runtime beyond the public acl/aclnn headers:
// launching the grid_sample and view_copy kernels and the GridSample AI CPU kernel on a stream,
// keeping a host buffer alive until the stream has passed a point, and recording the text that
// aclGetRecentErrMsg returns. Implemented for the simulator in launch_sim.cpp; a CANN build
// implements the same functions with the toolkit's kernel launches (<<<>>> / aclrtLaunchKernel,
// the AI CPU kernel launch), aclrtLaunchCallback and its logging.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace gridsample {

// Device addresses.
struct KernelArgs {
    void* x;
    void* grid;
    void* y;
    void* workspace;
    void* tiling;   // device copy of GridSampleTilingData
};

aclnnStatus LaunchKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const KernelArgs& args);

// grid_sample_grad(gradOutput, x, grid, inputGrad, gridGrad, workspace, tiling): device addresses;
// inputGrad / gridGrad null when not computed; tiling holds a GridSampleGradTilingData.
struct GradKernelArgs {
    void* gradOutput;
    void* x;
    void* grid;
    void* inputGrad;
    void* gridGrad;
    void* workspace;
    void* tiling;
};
aclnnStatus LaunchGradKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const GradKernelArgs& args);

// view_copy(view, packed, workspace, tiling): device addresses; tiling holds a ViewCopyTilingData.
aclnnStatus LaunchViewCopy(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* view, void* packed,
                           void* tiling);

// The AI CPU kernel `name` with the device addresses it reads and writes and its argument block.
aclnnStatus LaunchAicpuKernel(aclrtStream stream, const char* name, std::vector<void*> deviceAddrs,
                              std::vector<uint8_t> args);

// Host memory that queued work reads (an aclrtMemcpyAsync source): released once the stream
// reaches this point.
aclnnStatus ReleaseAfterStream(aclrtStream stream, std::shared_ptr<const void> hostBuffer);

// True when [p, p + bytes) lies inside one live device allocation (aclrtMalloc memory, or the device
// mapping of host memory registered with aclrtHostRegister); bytes == 0 is always true.
bool DeviceRangeLive(const void* p, uint64_t bytes);

void RecordError(const std::string& message);

}  // namespace gridsample
