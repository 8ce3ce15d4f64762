// aclnnGridSampler3D: samples input (N, C, D, H, W) at grid (N, Do, Ho, Wo, 3) into out (N, C, Do, Ho, Wo).
// interpolationMode 0 trilinear, 1 nearest, 2 tricubic; paddingMode 0 zeros, 1 border, 2 reflection.
#ifndef ACLNN_GRID_SAMPLER3D_H_
#define ACLNN_GRID_SAMPLER3D_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler3DGetWorkspaceSize(const aclTensor* input, const aclTensor* grid,
                                                                   int64_t interpolationMode, int64_t paddingMode,
                                                                   bool alignCorners, aclTensor* out,
                                                                   uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSampler3D(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_GRID_SAMPLER3D_H_
