// op_host's binding to the simulator's launcher (with the graph nodes, <op>_graph.cpp, the only op_host code
// that knows there is no NPU).
#include "op_host/device_launch.h"

#include <cstring>
#include <mutex>

#include "ascend_sim/aicpu_launch.h"
#include "ascend_sim/errmsg.h"
#include "ascend_sim/kernel_registry.h"
#include "ascend_sim/sim.h"

namespace gridsample {

aclnnStatus LaunchAiCoreKernel(aclrtStream stream, const AiCoreLaunch& launch) {
    const std::string name = KernelNameOf(launch.opType);
    const ascend_sim::RegisteredKernel* kernel = ascend_sim::FindKernelEntry(name);
    if (kernel == nullptr || kernel->gmArgCount != launch.gmArgs.size() || launch.gmArgs.size() < 2) {
        RecordError(launch.opType + ": no kernel " + name + " taking " + std::to_string(launch.gmArgs.size()) +
                    " GM arguments in the package");
        return ACLNN_ERR_INNER;
    }
    ascend_sim::KernelLaunch k;
    k.name = name;
    k.blockDim = launch.blockDim;
    k.tilingKey = launch.tilingKey;
    k.gmArgs = launch.gmArgs;
    k.workspaceArg = static_cast<int>(launch.gmArgs.size()) - 2;   // (..., workspace, tiling)
    k.entry = kernel->entry;
    return ascend_sim::EnqueueKernel(stream, std::move(k)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

aclnnStatus LaunchAicpuOp(aclrtStream stream, const AicpuOp& op) {
    ascend_sim::AicpuOpSpec spec;
    spec.opType = op.opType;
    // aclDataType and the AI CPU's DataType share their codes (FLOAT 0 ... BF16 27)
    auto tensor = [](const AicpuTensor& t) {
        return ascend_sim::AicpuTensorSpec{t.data, static_cast<aicpu::DataType>(t.dtype), t.dims, t.bytes};
    };
    for (const AicpuTensor& t : op.inputs) spec.inputs.push_back(tensor(t));
    for (const AicpuTensor& t : op.outputs) spec.outputs.push_back(tensor(t));
    for (const auto& [name, value] : op.attrs) {
        aicpu::AttrValue a;
        if (const bool* b = std::get_if<bool>(&value)) a.SetBool(*b);
        else if (const int64_t* i = std::get_if<int64_t>(&value)) a.SetInt(*i);
        else if (const float* f = std::get_if<float>(&value)) a.SetFloat(*f);
        else a.SetListInt(std::get<std::vector<int64_t>>(value));
        spec.attrs[name] = a;
    }
    return ascend_sim::EnqueueAicpuOp(stream, std::move(spec)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

aclnnStatus ReleaseAfterStream(aclrtStream stream, std::shared_ptr<const void> hostBuffer) {
    // a host callback in stream order; it touches no device memory
    return ascend_sim::EnqueueHostTask(stream, [hostBuffer]() mutable { hostBuffer.reset(); return 0; }, "release host buffer") == 0
               ? ACLNN_SUCCESS
               : ACLNN_ERR_RUNTIME_ERROR;
}

bool DeviceRangeLive(const void* p, uint64_t bytes) {
    return bytes == 0 || (p != nullptr && ascend_sim::DeviceAddressValid(p, static_cast<size_t>(bytes)));
}

void RecordError(const std::string& message) { ascend_sim::SetRecentErrMsg(message); }

}  // namespace gridsample
