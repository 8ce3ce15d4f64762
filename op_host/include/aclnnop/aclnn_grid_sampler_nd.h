// aclnnGridSamplerNd (an extension beyond the official API): GridSample over any number r >= 1 of
// spatial dims, as ONNX GridSample-20 defines it. input (N, C, S_1..S_r), grid (N, O_1..O_r, r)
// with the innermost coordinate first, out (N, C, O_1..O_r); r <= 6. interpolationMode and
// paddingMode as for aclnnGridSampler2D; cubic with r != 2 uses 4 taps per axis (ONNX-20).
// r = 2 runs the 2-D AI Core kernel where it applies; other ranks run the AI CPU path.
#ifndef ACLNN_GRID_SAMPLER_ND_H_
#define ACLNN_GRID_SAMPLER_ND_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSamplerNdGetWorkspaceSize(const aclTensor* input, const aclTensor* grid,
                                                                   int64_t interpolationMode, int64_t paddingMode,
                                                                   bool alignCorners, aclTensor* out,
                                                                   uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnGridSamplerNd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                   aclrtStream stream);
// Which path the calling thread's last aclnnGridSampler2D / 3D / Nd GetWorkspaceSize call chose and
// why: "<api>: AI Core kernel grid_sample[, with ViewCopy packing <views>]", "<api>: AI CPU kernel
// GridSampleAicpu, because of <reason>" or "<api>: none (nothing to compute)". A rejected call leaves
// it as it was.
ACL_FUNC_VISIBILITY const char* aclnnGridSamplerLastPlan(void);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_GRID_SAMPLER_ND_H_
