// op_host's binding to the simulator: the only op_host file that knows there is no NPU.
#include "op_host/grid_sample_launch.h"

#include "ascend_sim/errmsg.h"
#include "ascend_sim/sim.h"

extern "C" void grid_sample(uint8_t* x, uint8_t* grid, uint8_t* y, uint8_t* workspace, uint8_t* tiling);

namespace gridsample {

aclnnStatus LaunchKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, const KernelArgs& args) {
    ascend_sim::KernelLaunch launch;
    launch.name = "grid_sample";
    launch.blockDim = blockDim;
    launch.tilingKey = tilingKey;
    launch.body = [args]() {
        grid_sample(static_cast<uint8_t*>(args.x), static_cast<uint8_t*>(args.grid), static_cast<uint8_t*>(args.y),
                    static_cast<uint8_t*>(args.workspace), static_cast<uint8_t*>(args.tiling));
    };
    return ascend_sim::EnqueueKernel(stream, std::move(launch)) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

aclnnStatus LaunchHostTask(aclrtStream stream, std::function<int()> task, const char* what) {
    return ascend_sim::EnqueueHostTask(stream, std::move(task), what) == 0 ? ACLNN_SUCCESS : ACLNN_ERR_RUNTIME_ERROR;
}

void RecordError(const std::string& message) { ascend_sim::SetRecentErrMsg(message); }

}  // namespace gridsample
