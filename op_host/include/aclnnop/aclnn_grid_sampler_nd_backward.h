// aclnnGridSamplerNdBackward (an extension beyond the official API): the gradients of
// aclnnGridSamplerNd over any number r >= 1 of spatial dims (r <= 6). gradOutput (N, C, O_1..O_r),
// input (N, C, S_1..S_r), grid (N, O_1..O_r, r) with the innermost coordinate first; inputGrad has
// input's shape, gridGrad grid's. Modes, paddings and outputMask as for aclnnGridSampler2DBackward;
// cubic with r != 2 uses 4 taps per axis (ONNX-20). Runs on the AI CPU path.
#ifndef ACLNN_GRID_SAMPLER_ND_BACKWARD_H_
#define ACLNN_GRID_SAMPLER_ND_BACKWARD_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSamplerNdBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclTensor* input, const aclTensor* grid, int64_t interpolationMode,
    int64_t paddingMode, bool alignCorners, const aclBoolArray* outputMask, aclTensor* inputGrad, aclTensor* gridGrad,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSamplerNdBackward(void* workspace, uint64_t workspaceSize,
                                                           aclOpExecutor* executor, aclrtStream stream);

// Which path the calling thread's last backward GetWorkspaceSize planned, and why (an extension):
// "<api>: AI Core kernel grid_sample_grad", "<api>: AI CPU kernel GridSampleGradAicpu, because of
// <reason>" or "<api>: none (nothing to compute)". Valid until that thread's next such call.
ACL_FUNC_VISIBILITY const char* aclnnGridSamplerBackwardLastPlan(void);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_GRID_SAMPLER_ND_BACKWARD_H_
