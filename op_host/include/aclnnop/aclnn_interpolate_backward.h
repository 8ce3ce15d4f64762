// aclnnInterpolateBackward: the gradient of aclnnInterpolate (an extension: Interpolate-11 defines no
// backward). Interpolate is linear in x, y = A x, so gradX = A^T gradY for the A that
// aclnnInterpolateGetWorkspaceSize(x, ..., y) plans with the same attributes; gradX has x's shape,
// gradY y's. Every mode of aclnnInterpolate (nearest, whose gradient flows to the picked element),
// every coordinate and nearest mode, antialias, pads (padding gets no gradient), cube_coeff, any axes
// and rank 1..8.
//
// Arguments: as aclnnInterpolateGetWorkspaceSize's (aclnnop/aclnn_interpolate.h), with gradY in place
// of y and gradX in place of x: output sizes are computed from gradX's shape and checked against
// gradY's. dtypes FLOAT, FLOAT16, BF16, DOUBLE (gradY's and gradX's equal).
//
// Paths (aclnnInterpolateExecutorPath takes these executors too): FLOAT / FLOAT16 / BF16 contiguous
// tensors without pads run the InterpolateGrad AI Core kernel (the forward's kernel with each axis's
// transposed table): float32 accumulation, no GM atomics, every gradient element written once by
// one core, summed over the outputs that read it in ascending output order (each weight the float32
// rounding of the summed float64 weights), the axes in the pass order the reason lists; bit-identical
// run to run and on any core count. Everything else (DOUBLE, strided views, pads, an axis table that
// does not fit the UB) runs the AI CPU kernel in float64, in the same order.
//
// Status codes: as aclnnInterpolate's, naming gradY / gradX; INT8, UINT8 and INT32 have no gradient
// (161002).
#ifndef ACLNN_INTERPOLATE_BACKWARD_H_
#define ACLNN_INTERPOLATE_BACKWARD_H_
#include "aclnnop/aclnn_interpolate.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInterpolateBackwardGetWorkspaceSize(
    const aclTensor* gradY, const aclFloatArray* scales, const aclIntArray* sizes, const aclIntArray* axes,
    int64_t mode, int64_t shapeCalculationMode, int64_t coordinateTransformationMode, int64_t nearestMode,
    bool antialias, const aclIntArray* padsBegin, const aclIntArray* padsEnd, double cubeCoeff, aclTensor* gradX,
    uint64_t* workspaceSize, aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInterpolateBackward(void* workspace, uint64_t workspaceSize,
                                                         aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_INTERPOLATE_BACKWARD_H_
