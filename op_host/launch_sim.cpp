// op_host's binding to the simulator: the only op_host file that knows there is no NPU.
#include "op_host/grid_sample_launch.h"

#include <cstring>
#include <mutex>

#include "ascend_sim/aicpu_launch.h"
#include "ascend_sim/errmsg.h"
#include "ascend_sim/graph_kernel.h"
#include "ascend_sim/sim.h"
#include "op_host/grid_sample_graph.h"
#include "op_host/interpolate_graph.h"
#include "op_host/interpolate_launch.h"

extern "C" void grid_sample(uint8_t* x, uint8_t* grid, uint8_t* y, uint8_t* workspace, uint8_t* tiling);
extern "C" void grid_sample_grad(uint8_t* gradOutput, uint8_t* x, uint8_t* grid, uint8_t* inputGrad, uint8_t* gridGrad,
                                 uint8_t* workspace, uint8_t* tiling);
extern "C" void view_copy(uint8_t* x, uint8_t* y, uint8_t* workspace, uint8_t* tiling);
extern "C" void interpolate(uint8_t* x, uint8_t* y, uint8_t* workspace, uint8_t* tiling);
extern "C" void interpolate_grad(uint8_t* yGrad, uint8_t* xGrad, uint8_t* workspace, uint8_t* tiling);

namespace gridsample {
namespace {

// Queues an AI Core kernel on the stream: `entry` calls the kernel with its translated GM arguments;
// gmArgs[workspaceArg] is its workspace.
aclnnStatus EnqueueAiCore(aclrtStream stream, const char* name, uint32_t blockDim, uint64_t tilingKey,
                          std::vector<void*> gmArgs, int workspaceArg, void (*entry)(uint8_t* const* gm)) {
    ascend_sim::KernelLaunch launch;
    launch.name = name;
    launch.blockDim = blockDim;
    launch.tilingKey = tilingKey;
    launch.gmArgs = std::move(gmArgs);
    launch.workspaceArg = workspaceArg;
    launch.entry = entry;
    return ascend_sim::EnqueueKernel(stream, std::move(launch)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

}  // namespace

aclnnStatus LaunchKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const KernelArgs& args) {
    return EnqueueAiCore(stream, "grid_sample", blockDim, tilingKey, {args.x, args.grid, args.y, args.workspace, args.tiling}, 3,
                         [](uint8_t* const* gm) { grid_sample(gm[0], gm[1], gm[2], gm[3], gm[4]); });
}

aclnnStatus LaunchGradKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const GradKernelArgs& args) {
    return EnqueueAiCore(stream, "grid_sample_grad", blockDim, tilingKey,
                         {args.gradOutput, args.x, args.grid, args.inputGrad, args.gridGrad, args.workspace, args.tiling}, 5,
                         [](uint8_t* const* gm) { grid_sample_grad(gm[0], gm[1], gm[2], gm[3], gm[4], gm[5], gm[6]); });
}

aclnnStatus LaunchViewCopy(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* x, void* y, void* workspace,
                           void* tiling) {
    return EnqueueAiCore(stream, "view_copy", blockDim, tilingKey, {x, y, workspace, tiling}, 2,
                         [](uint8_t* const* gm) { view_copy(gm[0], gm[1], gm[2], gm[3]); });
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

// The simulator's graph engine runs GridSample nodes through the graph-mode entry.
namespace {
const bool kGraphKernelRegistered = [] {
    ascend_sim::RegisterGraphKernel(
        "GridSample", [](const ge::Operator& op, const std::vector<ascend_sim::GraphDeviceTensor>& in,
                         const std::vector<ascend_sim::GraphDeviceTensor>& out, aclrtStream stream, std::string* why) {
            return RunGridSampleNode(op, in[0].data, in[0].desc, in[1].data, in[1].desc, out[0].data, out[0].desc,
                                     stream, why);
        });
    return true;
}();
}  // namespace

}  // namespace gridsample

namespace interp {

aclnnStatus LaunchInterpolateKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* x, void* y,
                                    void* workspace, void* tiling) {
    return gridsample::EnqueueAiCore(stream, "interpolate", blockDim, tilingKey, {x, y, workspace, tiling}, 2,
                                     [](uint8_t* const* gm) { ::interpolate(gm[0], gm[1], gm[2], gm[3]); });
}

aclnnStatus LaunchInterpolateGradKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* yGrad,
                                        void* xGrad, void* workspace, void* tiling) {
    return gridsample::EnqueueAiCore(stream, "interpolate_grad", blockDim, tilingKey, {yGrad, xGrad, workspace, tiling}, 2,
                                     [](uint8_t* const* gm) { ::interpolate_grad(gm[0], gm[1], gm[2], gm[3]); });
}

}  // namespace interp

// ---- Interpolate in graph mode --------------------------------------------------------------
// The simulator's graph engine runs Interpolate nodes through the graph-mode entry.
namespace interp {
namespace {
const bool kInterpolateGraphKernelRegistered = [] {
    ascend_sim::RegisterGraphKernel(
        "Interpolate", [](const ge::Operator& op, const std::vector<ascend_sim::GraphDeviceTensor>& in,
                          const std::vector<ascend_sim::GraphDeviceTensor>& out, aclrtStream stream, std::string* why) {
            const bool withAxes = in.size() > 2;
            return RunInterpolateNode(op, in[0].data, in[0].desc, in[1].data, in[1].desc,
                                      withAxes ? in[2].data : nullptr, withAxes ? in[2].desc : ge::TensorDesc(),
                                      out[0].data, out[0].desc, stream, why);
        });
    return true;
}();
}  // namespace
}  // namespace interp
