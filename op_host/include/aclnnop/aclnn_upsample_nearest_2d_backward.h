// aclnnUpsampleNearest2dBackward: the gradient of aclnnUpsampleNearest2d (torch nearest, 2-D), gradInput =
// A^T gradOut for the resize A of the forward entry point with the same arguments. Two-phase, with the
// documented signature (CANN aclnn API reference, aclnnUpsampleNearest2dBackward:
// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/850alpha002/API/aolapi/context/aclnnUpsampleNearest2dBackward.md);
// a thin translation into aclnnInterpolateBackward (op_host/aclnn_upsample.cpp, docs/api.md). gradOut is (N,
// C, outputSize...) and gradInput is inputSize (N, C, spatial...); with format NHWC / NDHWC both are
// channels-last, in that dim order. Status codes: 161001 for a null gradOut, gradInput, outputSize or
// inputSize; 161002 for a wrong rank, an outputSize or inputSize of the wrong length or with a value <= 0
// (inputSize: N and C may be 0), gradInput's shape other than inputSize, gradOut's other than the resize's,
// a dtype without gradient; then as aclnnInterpolateBackward (aclnnop/aclnn_interpolate_backward.h).
#ifndef ACLNN_UPSAMPLE_NEAREST_2D_BACKWARD_H_
#define ACLNN_UPSAMPLE_NEAREST_2D_BACKWARD_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize, double scalesH,
    double scalesW, aclTensor* gradInput,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleNearest2dBackward(void* workspace, uint64_t workspaceSize,
    aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_UPSAMPLE_NEAREST_2D_BACKWARD_H_
