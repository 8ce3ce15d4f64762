// aclnnUpsampleTrilinear3d: torch "trilinear": Interpolate-11 linear_onnx on (D, H, W).
// Two-phase, with the documented signature (CANN aclnn API reference, aclnnUpsampleTrilinear3d); a thin
// translation into Interpolate (op_host/aclnn_upsample.cpp, docs/api.md). Status codes: 161001 for
// a null self, out or outputSize; 161002 for a wrong rank, outputSize length or value, dtype, or an
// out shape other than the resize's; then as aclnnInterpolate (aclnnop/aclnn_interpolate.h).
#ifndef ACLNN_UPSAMPLE_TRILINEAR_3D_H_
#define ACLNN_UPSAMPLE_TRILINEAR_3D_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(
    const aclTensor* self, const aclIntArray* outputSize, bool alignCorners,
    double scalesD, double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnUpsampleTrilinear3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_UPSAMPLE_TRILINEAR_3D_H_
