// aclnnGridSampler2DBackward: the gradients of aclnnGridSampler2D. gradOutput (N, C, Ho, Wo), input (N, C, H, W), grid (N, Ho, Wo, 2);
// inputGrad has input's shape, gridGrad grid's. interpolationMode 0 bilinear, 1 nearest, 2 bicubic;
// paddingMode 0 zeros, 1 border, 2 reflection. outputMask (2 values): [0] computes inputGrad,
// [1] gridGrad; a gradient whose mask value is false is never written and may be nullptr.
// Deterministic: the same inputs give bit-identical gradients on any core count.
#ifndef ACLNN_GRID_SAMPLER2D_BACKWARD_H_
#define ACLNN_GRID_SAMPLER2D_BACKWARD_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2DBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* input, const aclTensor* grid, int64_t interpolationMode,
    int64_t paddingMode, bool alignCorners, const aclBoolArray* outputMask, aclTensor* inputGrad, aclTensor* gridGrad,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2DBackward(void* workspace, uint64_t workspaceSize,
                                                           aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_GRID_SAMPLER2D_BACKWARD_H_
