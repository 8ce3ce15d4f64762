// aclnnGridSampler2D: samples input (N, C, H, W) at grid (N, Ho, Wo, 2) into out (N, C, Ho, Wo).
// interpolationMode 0 bilinear, 1 nearest, 2 bicubic; paddingMode 0 zeros, 1 border, 2 reflection.
#ifndef ACLNN_GRID_SAMPLER2D_H_
#define ACLNN_GRID_SAMPLER2D_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2DGetWorkspaceSize(const aclTensor* input, const aclTensor* grid,
                                                                   int64_t interpolationMode, int64_t paddingMode,
                                                                   bool alignCorners, aclTensor* out,
                                                                   uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler2D(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_GRID_SAMPLER2D_H_
