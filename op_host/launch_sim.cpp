// op_host's binding to the simulator: the only op_host file that knows there is no NPU.
#include "op_host/grid_sample_launch.h"

#include <cstring>
#include <mutex>

#include "ascend_sim/errmsg.h"
#include "ascend_sim/graph_kernel.h"
#include "ascend_sim/sim.h"
#include "op_host/aicpu/grid_sample_aicpu.h"
#include "op_host/aicpu/grid_sample_grad_aicpu.h"
#include "op_host/grid_sample_graph.h"
#include "op_host/aicpu/interpolate_aicpu.h"
#include "op_host/interpolate_graph.h"
#include "op_host/interpolate_launch.h"

extern "C" void grid_sample(uint8_t* x, uint8_t* grid, uint8_t* y, uint8_t* workspace, uint8_t* tiling);
extern "C" void grid_sample_grad(uint8_t* gradOutput, uint8_t* x, uint8_t* grid, uint8_t* inputGrad, uint8_t* gridGrad,
                                 uint8_t* workspace, uint8_t* tiling);
extern "C" void view_copy(uint8_t* view, uint8_t* packed, uint8_t* workspace, uint8_t* tiling);
extern "C" void interpolate(uint8_t* x, uint8_t* y, uint8_t* workspace, uint8_t* tiling);
extern "C" void interpolate_grad(uint8_t* yGrad, uint8_t* xGrad, uint8_t* workspace, uint8_t* tiling);

namespace gridsample {

aclnnStatus LaunchKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const KernelArgs& args) {
    ascend_sim::KernelLaunch launch;
    launch.name = "grid_sample";
    launch.blockDim = blockDim;
    launch.tilingKey = tilingKey;
    launch.gmArgs = {args.x, args.grid, args.y, args.workspace, args.tiling};
    launch.entry = [](uint8_t* const* gm) { grid_sample(gm[0], gm[1], gm[2], gm[3], gm[4]); };
    return ascend_sim::EnqueueKernel(stream, std::move(launch)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

aclnnStatus LaunchGradKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const GradKernelArgs& args) {
    ascend_sim::KernelLaunch launch;
    launch.name = "grid_sample_grad";
    launch.blockDim = blockDim;
    launch.tilingKey = tilingKey;
    launch.gmArgs = {args.gradOutput, args.x, args.grid, args.inputGrad, args.gridGrad, args.workspace, args.tiling};
    launch.entry = [](uint8_t* const* gm) { grid_sample_grad(gm[0], gm[1], gm[2], gm[3], gm[4], gm[5], gm[6]); };
    return ascend_sim::EnqueueKernel(stream, std::move(launch)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

aclnnStatus LaunchViewCopy(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* view, void* packed,
                           void* tiling) {
    ascend_sim::KernelLaunch launch;
    launch.name = "view_copy";
    launch.blockDim = blockDim;
    launch.tilingKey = tilingKey;
    launch.gmArgs = {view, packed, nullptr, tiling};
    launch.entry = [](uint8_t* const* gm) { view_copy(gm[0], gm[1], gm[2], gm[3]); };
    return ascend_sim::EnqueueKernel(stream, std::move(launch)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

namespace {
// Bytes from a view's first element to the end of its furthest one; 0 for an empty view, and for
// one that does not fit in int64 (never launched: the aclnn checks reject it).
uint64_t ViewBytes(const aicpu::View& v) {
    static const int64_t kElemBytes[] = {4, 2, 2, 8, 1, 1, 2, 4, 8};   // in ElemType order
    int64_t last = 0;
    for (int i = 0; i < v.rank; ++i) {
        if (v.shape[i] == 0) return 0;
        int64_t step = 0;
        if (v.strides[i] < 0 || __builtin_mul_overflow(v.shape[i] - 1, v.strides[i], &step) ||
            __builtin_add_overflow(last, step, &last))
            return 0;
    }
    int64_t bytes = 0;
    if (__builtin_mul_overflow(last + 1, kElemBytes[static_cast<int>(v.type)], &bytes)) return 0;
    return static_cast<uint64_t>(bytes);
}

// The model's AI CPU runs the kernel behind a check that each view lies inside one live
// allocation (the storage it sees): the simulator catches an AI CPU access outside device memory as
// the checked build's GM checks do for AI Core kernels, in both builds (once per launch).
int BoundedGridSampleAicpuKernel(void* const* addrs, uint32_t addrCount, const void* args, size_t argBytes) {
    if (addrCount != 3 || argBytes != sizeof(aicpu::KernelArgs)) return 1;
    aicpu::KernelArgs a;
    std::memcpy(&a, args, sizeof(a));
    const aicpu::View* views[] = {&a.input, &a.grid, &a.out};
    const char* names[] = {"input", "grid", "out"};
    for (int i = 0; i < 3; ++i) {
        const uint64_t bytes = ViewBytes(*views[i]);
        if (bytes != 0 && !ascend_sim::DeviceRangeValid(addrs[i], bytes)) {
            ascend_sim::SetRecentErrMsg(std::string(aicpu::kKernelName) + ": " + names[i] + " view of " +
                                        std::to_string(bytes) + " bytes is outside device memory");
            return 2;
        }
    }
    return aicpu::GridSampleAicpuKernel(addrs, addrCount, args, argBytes);
}

// The same check for the backward AI CPU kernel; a gradient that is not computed is not checked.
int BoundedGridSampleGradAicpuKernel(void* const* addrs, uint32_t addrCount, const void* args, size_t argBytes) {
    if (addrCount != 5 || argBytes != sizeof(aicpu::BackwardKernelArgs)) return 1;
    aicpu::BackwardKernelArgs a;
    std::memcpy(&a, args, sizeof(a));
    const aicpu::View* views[] = {&a.gradOutput, &a.input, &a.grid, &a.inputGrad, &a.gridGrad};
    const bool used[] = {true, true, true, a.computeInputGrad != 0, a.computeGridGrad != 0};
    const char* names[] = {"gradOutput", "input", "grid", "inputGrad", "gridGrad"};
    for (int i = 0; i < 5; ++i) {
        const uint64_t bytes = used[i] ? ViewBytes(*views[i]) : 0;
        if (bytes != 0 && !ascend_sim::DeviceRangeValid(addrs[i], bytes)) {
            ascend_sim::SetRecentErrMsg(std::string(aicpu::kBackwardKernelName) + ": " + names[i] + " view of " +
                                        std::to_string(bytes) + " bytes is outside device memory");
            return 2;
        }
    }
    return aicpu::GridSampleGradAicpuKernel(addrs, addrCount, args, argBytes);
}
}  // namespace

aclnnStatus LaunchAicpuKernel(aclrtStream stream, const char* name, std::vector<void*> deviceAddrs,
                              std::vector<uint8_t> args) {
    // the AI CPU kernels of this package, registered with the model's AI CPU on first use
    static std::once_flag registered;
    std::call_once(registered, [] {
        ascend_sim::RegisterAicpuKernel(aicpu::kKernelName, &BoundedGridSampleAicpuKernel);
        ascend_sim::RegisterAicpuKernel(aicpu::kBackwardKernelName, &BoundedGridSampleGradAicpuKernel);
    });
    return ascend_sim::EnqueueAicpuKernel(stream, name, std::move(deviceAddrs), std::move(args)) == 0
               ? ACLNN_SUCCESS
               : ACLNN_ERR_RUNTIME_ERROR;
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


// ---- Interpolate ----------------------------------------------------------------------------
// The Interpolate AI CPU kernel, registered with the model's AI CPU at load time, behind the same
// check as GridSample's: each view lies inside one live allocation.
namespace {
uint64_t InterpolateViewBytes(const interp::aicpu::View& v) {
    static const int64_t kElemBytes[] = {4, 2, 2, 8, 1, 1, 4};   // in interp::aicpu::ElemType order
    int64_t last = 0;
    for (int i = 0; i < v.rank; ++i) {
        if (v.shape[i] == 0) return 0;
        int64_t step = 0;
        if (v.strides[i] < 0 || __builtin_mul_overflow(v.shape[i] - 1, v.strides[i], &step) ||
            __builtin_add_overflow(last, step, &last))
            return 0;
    }
    int64_t bytes = 0;
    if (__builtin_mul_overflow(last + 1, kElemBytes[static_cast<int>(v.type)], &bytes)) return 0;
    return static_cast<uint64_t>(bytes);
}

int BoundedInterpolateAicpuKernel(void* const* addrs, uint32_t addrCount, const void* args, size_t argBytes) {
    namespace ia = interp::aicpu;
    if (addrCount != 3 || argBytes != sizeof(ia::KernelArgs)) return 1;
    ia::KernelArgs a;
    std::memcpy(&a, args, sizeof(a));
    const ia::View* views[] = {&a.x, &a.y};
    const char* names[] = {"x", "y"};
    for (int i = 0; i < 2; ++i) {
        const uint64_t bytes = InterpolateViewBytes(*views[i]);
        if (bytes != 0 && !ascend_sim::DeviceRangeValid(addrs[i], bytes)) {
            ascend_sim::SetRecentErrMsg(std::string(ia::kKernelName) + ": " + names[i] + " view of " +
                                        std::to_string(bytes) + " bytes is outside device memory");
            return 2;
        }
    }
    const uint64_t buffers = a.passCount >= 3 ? 2 : a.passCount == 2 ? 1 : 0;
    const uint64_t wsBytes = buffers * a.intermediateElems * sizeof(double);
    if (wsBytes != 0 && !ascend_sim::DeviceRangeValid(addrs[2], wsBytes)) {
        ascend_sim::SetRecentErrMsg(std::string(ia::kKernelName) + ": workspace of " + std::to_string(wsBytes) +
                                    " bytes is outside device memory");
        return 2;
    }
    return ia::InterpolateAicpuKernel(addrs, addrCount, args, argBytes);
}

[[maybe_unused]] const bool kInterpolateAicpuRegistered =
    ascend_sim::RegisterAicpuKernel(interp::aicpu::kKernelName, &BoundedInterpolateAicpuKernel);
}  // namespace

}  // namespace gridsample

namespace interp {

aclnnStatus LaunchInterpolateKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* x, void* y,
                                    void* workspace, void* tiling) {
    ascend_sim::KernelLaunch launch;
    launch.name = "interpolate";
    launch.blockDim = blockDim;
    launch.tilingKey = tilingKey;
    launch.gmArgs = {x, y, workspace, tiling};
    launch.entry = [](uint8_t* const* gm) { ::interpolate(gm[0], gm[1], gm[2], gm[3]); };
    return ascend_sim::EnqueueKernel(stream, std::move(launch)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

aclnnStatus LaunchInterpolateGradKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* yGrad,
                                        void* xGrad, void* workspace, void* tiling) {
    ascend_sim::KernelLaunch launch;
    launch.name = "interpolate_grad";
    launch.blockDim = blockDim;
    launch.tilingKey = tilingKey;
    launch.gmArgs = {yGrad, xGrad, workspace, tiling};
    launch.entry = [](uint8_t* const* gm) { ::interpolate_grad(gm[0], gm[1], gm[2], gm[3]); };
    return ascend_sim::EnqueueKernel(stream, std::move(launch)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
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
