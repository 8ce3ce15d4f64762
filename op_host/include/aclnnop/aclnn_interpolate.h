// aclnnInterpolate: OpenVINO Interpolate-11 (docs/api.md, ../shared/docs/interpolate.md): resizes the
// axes `axes` of x, any rank 1..8, every dtype in {FLOAT, FLOAT16, BF16, DOUBLE, INT8, UINT8, INT32}.
//
// Arguments (two-phase, like every aclnn operator):
//   x       input tensor (any strides).
//   scales  FLOAT array, one scale per entry of axes (read when shapeCalculationMode is SCALES; may be
//           nullptr otherwise). out[axes[i]] = floor(scales[i] * padded[axes[i]]), the product taken
//           in float32; the coordinate mapping then uses scales[i] itself.
//   sizes   INT array, one output size per entry of axes (read when shapeCalculationMode is SIZES;
//           may be nullptr otherwise); the coordinate mapping uses out / padded.
//   axes    INT array of distinct axes in [0, rank), any order; nullptr or empty: every axis.
//   mode, shapeCalculationMode, coordinateTransformationMode, nearestMode: the string attributes of
//           Interpolate-11 as int64 codes, the enums below (codes, not strings: the aclnn way, as
//           aclnnGridSampler2D's interpolationMode).
//   antialias       Interpolate-11 antialias (applies to LINEAR on downscaled axes).
//   padsBegin, padsEnd  INT arrays of rank entries (zero padding before resizing); nullptr, empty or
//           all zeros (e.g. [0]): no padding. Negative values crop.
//   cubeCoeff       the Keys coefficient of CUBIC and BICUBIC_PILLOW; the modes' usual values are
//           ACLNN_INTERPOLATE_DEFAULT_CUBE_COEFF(mode): -0.75 for CUBIC (Interpolate-11's default),
//           -0.5 for BICUBIC_PILLOW (Pillow's, and torch's antialiased bicubic's).
//   y       output tensor, dtype of x; its shape must be the one the attributes give: resized axes as
//           above, every other axis x + padsBegin + padsEnd.
//
// Status codes (aclGetRecentErrMsg names the argument or attribute, its value and what is allowed):
//   161001 ACLNN_ERR_PARAM_NULLPTR  x, y, workspaceSize or executor is nullptr, or the array
//           shapeCalculationMode selects (scales or sizes) is nullptr;
//           aclnnInterpolate: executor is nullptr, or a non-empty tensor has no data.
//   161002 ACLNN_ERR_PARAM_INVALID  dtype not supported or y's differs from x's; an attribute code
//           outside its enum; rank 0 or above 8; axes out of range or repeated; scales or sizes not
//           one per axis, a scale not finite and > 0, a size < 0; pads not rank entries; a resized
//           axis with no input element after padding; LINEAR_ONNX outside 2-D..5-D with axes {0,1},
//           {0,1,2}, {2,3} or {2,3,4}; a pillow mode without exactly two axes; y's shape differs
//           from the expected one, or y's elements overlap; a padded length or floor(scale * padded length) beyond int64; an
//           intermediate between passes beyond int64 bytes; an axis whose resampling needs more than
//           2^26 filter taps (the host's table of source indices and weights, e.g. a stretched filter
//           over an axis of tens of millions of pixels); aclnnInterpolate: an unknown or used executor, a workspace
//           smaller than GetWorkspaceSize returned, memory that is not live device memory.
//   361001 ACLNN_ERR_RUNTIME_ERROR  a launch could not be queued.
// An empty y: workspace 0, success, nothing launched.
#ifndef ACLNN_INTERPOLATE_H_
#define ACLNN_INTERPOLATE_H_
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// mode
enum aclnnInterpolateMode {
    ACLNN_INTERPOLATE_NEAREST = 0,
    ACLNN_INTERPOLATE_LINEAR = 1,
    ACLNN_INTERPOLATE_LINEAR_ONNX = 2,
    ACLNN_INTERPOLATE_CUBIC = 3,
    ACLNN_INTERPOLATE_BILINEAR_PILLOW = 4,
    ACLNN_INTERPOLATE_BICUBIC_PILLOW = 5,
};
// shapeCalculationMode
enum aclnnInterpolateShapeCalculationMode {
    ACLNN_INTERPOLATE_SIZES = 0,
    ACLNN_INTERPOLATE_SCALES = 1,
};
// coordinateTransformationMode
enum aclnnInterpolateCoordinateTransformationMode {
    ACLNN_INTERPOLATE_HALF_PIXEL = 0,
    ACLNN_INTERPOLATE_PYTORCH_HALF_PIXEL = 1,
    ACLNN_INTERPOLATE_ASYMMETRIC = 2,
    ACLNN_INTERPOLATE_TF_HALF_PIXEL_FOR_NN = 3,
    ACLNN_INTERPOLATE_ALIGN_CORNERS = 4,
};
// nearestMode
enum aclnnInterpolateNearestMode {
    ACLNN_INTERPOLATE_ROUND_PREFER_FLOOR = 0,
    ACLNN_INTERPOLATE_ROUND_PREFER_CEIL = 1,
    ACLNN_INTERPOLATE_FLOOR = 2,
    ACLNN_INTERPOLATE_CEIL = 3,
    ACLNN_INTERPOLATE_SIMPLE = 4,
};

// Extension: the Keys coefficient a mode takes unless the caller chooses another, the default of the
// Python API (ags.interpolate) and the one the aclnnUpsample* entry points pass. The other modes
// take no coefficient (-0.75 for them).
#define ACLNN_INTERPOLATE_DEFAULT_CUBE_COEFF(mode) ((mode) == ACLNN_INTERPOLATE_BICUBIC_PILLOW ? -0.5 : -0.75)

ACL_FUNC_VISIBILITY aclnnStatus aclnnInterpolateGetWorkspaceSize(
    const aclTensor* x, const aclFloatArray* scales, const aclIntArray* sizes, const aclIntArray* axes, int64_t mode,
    int64_t shapeCalculationMode, int64_t coordinateTransformationMode, int64_t nearestMode, bool antialias,
    const aclIntArray* padsBegin, const aclIntArray* padsEnd, double cubeCoeff, aclTensor* y, uint64_t* workspaceSize,
    aclOpExecutor** executor);
ACL_FUNC_VISIBILITY aclnnStatus aclnnInterpolate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                 aclrtStream stream);

// Extension beyond the aclnn convention, for tests and launch statistics: which path the executor
// of a GetWorkspaceSize call will run ("ai_core" or "ai_cpu") and why. The strings live as long as
// the executor. 161001 for a null argument, 161002 for an executor that is not live.
ACL_FUNC_VISIBILITY aclnnStatus aclnnInterpolateExecutorPath(const aclOpExecutor* executor, const char** path,
                                                             const char** reason);

#ifdef __cplusplus
}
#endif
#endif  // ACLNN_INTERPOLATE_H_
