// aclnnUpsampleBilinear2dAABackward: the gradient of aclnnUpsampleBilinear2dAA (torch bilinear with
// antialias; alignCorners false only), gradInput = A^T gradOut for the resize A of the forward entry point
// with the same arguments. Two-phase, with the documented signature (CANN aclnn API reference,
// aclnnUpsampleBilinear2dAABackward:
// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/aolapi/context/aclnnUpsampleBilinear2dAABackward.md);
// a thin translation into aclnnInterpolateBackward (op_host/aclnn_upsample.cpp, docs/api.md). gradOut is (N,
// C, outputSize...) and out is inputSize (N, C, spatial...); with format NHWC / NDHWC both are
// channels-last, in that dim order. Status codes: 161001 for a null gradOut, out, outputSize or inputSize;
// 161002 for a wrong rank, an outputSize or inputSize of the wrong length or with a value <= 0 (inputSize: N
// and C may be 0), out's shape other than inputSize, gradOut's other than the resize's, a dtype without
// gradient; then as aclnnInterpolateBackward (aclnnop/aclnn_interpolate_backward.h).
#ifndef ACLNN_UPSAMPLE_BILINEAR_2D_AA_BACKWARD_H_
#define ACLNN_UPSAMPLE_BILINEAR_2D_AA_BACKWARD_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
    bool alignCorners, double scalesH, double scalesW, aclTensor* out,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dAABackward(void* workspace, uint64_t workspaceSize,
    aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_UPSAMPLE_BILINEAR_2D_AA_BACKWARD_H_
