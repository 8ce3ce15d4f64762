// The few things op_host asks of the device runtime beyond the public acl/aclnn headers:
// launching the AI Core kernels and the AI CPU operators of the package on a stream,
// keeping a host buffer alive until the stream has passed a point, and recording the text that
// aclGetRecentErrMsg returns. Implemented for the simulator in launch_sim.cpp; a CANN build
// implements the same functions with the toolkit's kernel launches (<<<>>> / aclrtLaunchKernel,
// the AI CPU kernel launch), aclrtLaunchCallback and its logging.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
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

// view_copy(x, y, workspace, tiling): device addresses (x the view and y the packed buffer when
// gathering, the other way round when scattering); tiling holds a ViewCopyTilingData.
aclnnStatus LaunchViewCopy(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* x, void* y, void* workspace,
                           void* tiling);

// An AI CPU operator of the package (op_kernel_aicpu/: a CpuKernel registered for opType): its
// inputs and outputs in the order of its prototype (device addresses of the views' first elements,
// dtype, dims, the bytes each view spans; a null address for an absent optional output) and its
// attributes by name.
using AicpuAttr = std::variant<bool, int64_t, float, std::vector<int64_t>>;
struct AicpuTensor {
    void* data = nullptr;
    aclDataType dtype = ACL_FLOAT;
    std::vector<int64_t> dims;
    uint64_t bytes = 0;
};
struct AicpuOp {
    std::string opType;
    std::vector<AicpuTensor> inputs, outputs;
    std::vector<std::pair<std::string, AicpuAttr>> attrs;
};
aclnnStatus LaunchAicpuOp(aclrtStream stream, const AicpuOp& op);

// Host memory that queued work reads (an aclrtMemcpyAsync source): released once the stream
// reaches this point.
aclnnStatus ReleaseAfterStream(aclrtStream stream, std::shared_ptr<const void> hostBuffer);

// True when [p, p + bytes) lies inside one live device allocation (aclrtMalloc memory, or the device
// mapping of host memory registered with aclrtHostRegister); bytes == 0 is always true.
bool DeviceRangeLive(const void* p, uint64_t bytes);

void RecordError(const std::string& message);

}  // namespace gridsample
