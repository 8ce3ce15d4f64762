// Planted violation for torch_npu/aclnn_args.h: EXEC_NPU_CMD finds aclnnGridSampler2D by name at
// run time, so only AGS_EXEC_NPU_CMD's check can reject, at compile time, an argument list that
// differs from the declaration. The control passes the arguments in the declared order; the planted
// call swaps paddingMode and alignCorners (int64_t vs bool), which plain EXEC_NPU_CMD would accept.
// Compiled by scripts/check_real_headers.sh against the torch-npu wheel's op-plugin headers.
// expect-error: EXEC_NPU_CMD arguments do not match the aclnn GetWorkspaceSize declaration
#include <ATen/ATen.h>

#include "aclnnop/aclnn_grid_sampler2d.h"
#include "torch_npu/aclnn_args.h"

void RunGridSampler2D(const at::Tensor& input, const at::Tensor& grid, at::Tensor& out) {
    int64_t mode = 0;
    int64_t padding = 0;
    bool align_corners = false;
#ifdef AGS_PLANT
    AGS_EXEC_NPU_CMD(aclnnGridSampler2D, input, grid, mode, align_corners, padding, out);
#else
    AGS_EXEC_NPU_CMD(aclnnGridSampler2D, input, grid, mode, padding, align_corners, out);
#endif
}
