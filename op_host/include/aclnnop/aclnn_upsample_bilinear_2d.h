// aclnnUpsampleBilinear2d: torch "bilinear": Interpolate-11 linear_onnx with half_pixel (align_corners when alignCorners);
// scalesH / scalesW > 0 are torch's scale factors and set the coordinate step 1 / scale.
// Two-phase, with the documented signature (CANN aclnn API reference, aclnnUpsampleBilinear2d); a thin
// translation into Interpolate (op_host/aclnn_upsample.cpp, docs/api.md). Status codes: 161001 for
// a null self, out or outputSize; 161002 for a wrong rank, outputSize length or value, dtype, or an
// out shape other than the resize's; then as aclnnInterpolate (aclnnop/aclnn_interpolate.h).
#ifndef ACLNN_UPSAMPLE_BILINEAR_2D_H_
#define ACLNN_UPSAMPLE_BILINEAR_2D_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, bool alignCorners,
    double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleBilinear2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_UPSAMPLE_BILINEAR_2D_H_
