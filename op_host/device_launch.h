// The few things op_host asks of the device runtime beyond the public acl/aclnn headers, for every
// operator of the package: launching its AI Core kernels and AI CPU operators on a stream,
// keeping a host buffer alive until the stream has passed a point, and recording the text that
// aclGetRecentErrMsg returns. Implemented for the simulator in launch_sim.cpp and for the CANN
// runtime in launch_cann.cpp (kernel binaries by name, aclrtLaunchKernelWithHostArgs, the AI CPU
// operators through aclopExecuteV2, events for the host buffers, ACL_APP_LOG).
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

// An AI Core kernel of the package: the kernel of op type `opType` (op_kernel/<kernel name>.cpp, with
// the name KernelNameOf gives) and its GM arguments, device addresses in the order the kernel
// declares them (a null address for an absent optional output); every kernel of the package ends
// with its workspace and its tiling data.
struct AiCoreLaunch {
    std::string opType;
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    std::vector<void*> gmArgs;
};
aclnnStatus LaunchAiCoreKernel(aclrtStream stream, const AiCoreLaunch& launch);

// The kernel name of an op type, as the CANN build names an op's kernel entry and its binaries'
// directory: the op type in snake case ("GridSampleGrad" -> "grid_sample_grad").
inline std::string KernelNameOf(const std::string& opType) {
    std::string name;
    for (char c : opType) {
        if (c >= 'A' && c <= 'Z') {
            if (!name.empty()) name += '_';
            name += static_cast<char>(c - 'A' + 'a');
        } else {
            name += c;
        }
    }
    return name;
}

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
