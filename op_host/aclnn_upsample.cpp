// The torch-facing aclnn resize entry points (aclnnUpsample*, the ones torch_npu's op-plugin calls
// for F.interpolate), as thin translations into Interpolate's plan (op_host/interpolate_plan.h):
// each checks its own arguments (self and out rank, outputSize length), maps torch's mode onto
// Interpolate-11 attributes, and hands over to the one planning and launch path.
//   nearest            -> nearest, asymmetric, floor          (torch "nearest")
//   bilinear/trilinear -> linear_onnx, half_pixel | align_corners
//   bicubic            -> cubic, cube_coeff -0.75, half_pixel | align_corners (the modes' default
//                         coefficients, ACLNN_INTERPOLATE_DEFAULT_CUBE_COEFF)
//   bilinear AA        -> bilinear_pillow; bicubic AA -> bicubic_pillow, cube_coeff -0.5 (alignCorners
//                         false; torch's antialias with align_corners centres taps where no
//                         Interpolate-11 mode does, and is rejected)
// scalesH / scalesW / scalesD > 0 are torch's scale factors (output / input): the coordinate mapping
// uses them as torch does (1 / scale per output step), otherwise outputSize / input size. A 4-D /
// 5-D tensor of format NHWC / NDHWC resizes axes {1, 2} / {1, 2, 3}, otherwise {2, 3} / {2, 3, 4}.
// Signatures as documented (CANN aclnn API reference: aclnnUpsampleNearest2d,
// aclnnUpsampleBilinear2d, aclnnUpsampleBicubic2d, aclnnUpsampleBilinear2dAA,
// aclnnUpsampleBicubic2dAA, aclnnUpsampleNearest3d, aclnnUpsampleTrilinear3d, and each one's
// ...Backward: the page of each is cited in its header under op_host/include/aclnnop/). A backward
// entry point is the same translation into aclnnInterpolateBackward: gradInput = A^T gradOut for the
// forward's resize A, gradInput of inputSize.
#include <string>
#include <vector>

#include "aclnnop/aclnn_interpolate.h"
#include "aclnnop/aclnn_upsample_bicubic_2d.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_aa.h"
#include "aclnnop/aclnn_upsample_bilinear_2d.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_aa.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_3d.h"
#include "aclnnop/aclnn_upsample_trilinear_3d.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_3d_backward.h"
#include "aclnnop/aclnn_upsample_trilinear_3d_backward.h"
#include "op_host/device_launch.h"
#include "op_host/interpolate_plan.h"
#include "aclnn/opdev/common_types.h"

namespace {

using interp::InterpolateAttrs;

aclnnStatus Reject(aclnnStatus status, const char* api, const std::string& what) {
    gridsample::RecordError(std::string(api) + ": " + what);
    return status;
}

// One call's tensors: the forward reads self and writes out; the backward reads the gradient of the
// forward's output (gradOut) and writes the input's (of inputSize). Names as the entry point's.
struct Call {
    const char* api;
    const aclTensor* in;
    const char* inName;
    aclTensor* out;
    const char* outName;
    const aclIntArray* outputSize;
    const aclIntArray* inputSize;   // backward only
    bool backward;
};

std::string Join(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

// The resize that torch's mode names (or its backward), on `spatial` axes (2 or 3), with the scale
// factors (<= 0: not given).
aclnnStatus Translate(const Call& c, int spatial, int64_t mode, int64_t coordMode, int64_t nearestMode, double cubeCoeff,
                      const std::vector<double>& scales, uint64_t* workspaceSize, aclOpExecutor** executor) {
    const char* api = c.api;
    if (c.in == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, api, std::string(c.inName) + " is nullptr; expected a tensor");
    if (c.out == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, api, std::string(c.outName) + " is nullptr; expected a tensor");
    if (c.outputSize == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, api, "outputSize is nullptr; expected an array");
    if (c.backward && c.inputSize == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, api, "inputSize is nullptr; expected an array");
    int64_t* dims = nullptr;
    uint64_t rank = 0;
    if (aclGetViewShape(c.in, &dims, &rank) != ACLNN_SUCCESS)
        return Reject(ACLNN_ERR_PARAM_INVALID, api, std::string(c.inName) + " is not a live aclTensor");
    delete[] dims;
    const uint64_t want = static_cast<uint64_t>(spatial) + 2;
    if (rank != want)
        return Reject(ACLNN_ERR_PARAM_INVALID, api, std::string(c.inName) + " has rank " + std::to_string(rank) +
                                                        "; expected " + std::to_string(want));
    uint64_t n = 0;
    if (aclGetIntArraySize(c.outputSize, &n) != ACLNN_SUCCESS)
        return Reject(ACLNN_ERR_PARAM_INVALID, api, "outputSize is not a live aclIntArray");
    if (n != static_cast<uint64_t>(spatial))
        return Reject(ACLNN_ERR_PARAM_INVALID, api, "outputSize has " + std::to_string(n) + " values; expected " +
                                                        std::to_string(spatial));
    for (uint64_t i = 0; i < n; ++i)
        if ((*c.outputSize)[i] <= 0)
            return Reject(ACLNN_ERR_PARAM_INVALID, api, "outputSize[" + std::to_string(i) + "] is " +
                                                            std::to_string((*c.outputSize)[i]) + "; expected a size > 0");
    aclFormat format = ACL_FORMAT_ND;
    aclGetFormat(c.in, &format);
    const bool channelLast = format == ACL_FORMAT_NHWC || format == ACL_FORMAT_NDHWC;
    if (c.backward) {
        // inputSize is the forward input's shape, in the dim order of the tensors (channels last too)
        uint64_t m = 0;
        if (aclGetIntArraySize(c.inputSize, &m) != ACLNN_SUCCESS)
            return Reject(ACLNN_ERR_PARAM_INVALID, api, "inputSize is not a live aclIntArray");
        std::vector<int64_t> inputSize;
        for (uint64_t i = 0; i < m; ++i) inputSize.push_back((*c.inputSize)[i]);
        if (m != want)
            return Reject(ACLNN_ERR_PARAM_INVALID, api, "inputSize " + Join(inputSize) + " has " + std::to_string(m) +
                                                            " values; expected " + std::to_string(want));
        for (uint64_t i = 0; i < m; ++i) {
            const bool isSpatial = channelLast ? (i >= 1 && i + 1 < m) : i >= 2;
            if (inputSize[i] < 0 || (isSpatial && inputSize[i] == 0))
                return Reject(ACLNN_ERR_PARAM_INVALID, api,
                              "inputSize " + Join(inputSize) + " has " + std::to_string(inputSize[i]) + " in dim " +
                                  std::to_string(i) + "; expected spatial sizes > 0 and N, C >= 0");
        }
        if (aclGetViewShape(c.out, &dims, &rank) != ACLNN_SUCCESS)
            return Reject(ACLNN_ERR_PARAM_INVALID, api, std::string(c.outName) + " is not a live aclTensor");
        const std::vector<int64_t> outShape(dims, dims + rank);
        delete[] dims;
        if (outShape != inputSize)
            return Reject(ACLNN_ERR_PARAM_INVALID, api, std::string(c.outName) + " has shape " + Join(outShape) +
                                                            "; expected inputSize " + Join(inputSize));
    }
    InterpolateAttrs attrs;
    // linear_onnx takes the spatial axes of NCHW / NCDHW only; linear is the same resize without
    // antialias, on any axes
    attrs.mode = channelLast && mode == interp::kLinearOnnx ? interp::kLinear : mode;
    attrs.coordMode = coordMode;
    attrs.nearestMode = nearestMode;
    attrs.cubeCoeff = cubeCoeff;
    // torch's AA modes step by 1 / scale; its bicubic and nearest (3-D) resample an axis whose length
    // a scale keeps, its (tri/bi)linear and AA modes leave it alone (as torch 2.x's CPU kernels do)
    attrs.pillowStepFromScale = mode == interp::kBilinearPillow || mode == interp::kBicubicPillow;
    attrs.resampleUnchangedAxes = mode == interp::kCubic || mode == interp::kNearest;
    for (int i = 0; i < spatial; ++i) {
        attrs.axes.push_back(channelLast ? 1 + i : 2 + i);
        // align_corners ignores the scale; otherwise torch's scale factor when given, else out / in
        attrs.scales.push_back(coordMode != interp::kAlignCorners && scales[i] > 0.0 ? scales[i] : 0.0);
    }
    // the output's spatial dims (the backward: gradOut's) must be outputSize: the plan checks them
    for (uint64_t i = 0; i < n; ++i) attrs.outSizes.push_back((*c.outputSize)[i]);
    attrs.sizeOrigin = "outputSize";
    if (c.backward)
        return interp::InterpolateBackwardGetWorkspaceSize(api, c.in, c.inName, attrs, c.out, c.outName, workspaceSize,
                                                           executor);
    return interp::InterpolateGetWorkspaceSize(api, c.in, attrs, c.out, workspaceSize, executor);
}

// A forward call (self -> out) and a backward call (gradOut -> the input's gradient).
Call Forward(const char* api, const aclTensor* self, const aclIntArray* outputSize, aclTensor* out) {
    return Call{api, self, "self", out, "out", outputSize, nullptr, false};
}
Call Backward(const char* api, const aclTensor* gradOut, const char* gradOutName, const aclIntArray* outputSize,
              const aclIntArray* inputSize, aclTensor* gradInput, const char* gradInputName) {
    return Call{api, gradOut, gradOutName, gradInput, gradInputName, outputSize, inputSize, true};
}

// torch's antialiased modes with align_corners centre taps where no Interpolate-11 mode does
aclnnStatus RejectAlignedAntialias(const char* api) {
    return Reject(ACLNN_ERR_PARAM_INVALID, api,
                  "alignCorners is true; expected false (antialiased resampling with corner alignment is not supported)");
}

int64_t Coord(bool alignCorners) { return alignCorners ? interp::kAlignCorners : interp::kHalfPixel; }

}  // namespace

extern "C" {

aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, aclTensor* out,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Translate(Forward("aclnnUpsampleNearest2d", self, outputSize, out), 2, interp::kNearest, interp::kAsymmetric,
                     interp::kFloor, -0.75, {0.0, 0.0}, workspaceSize, executor);
}
aclnnStatus aclnnUpsampleNearest2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleNearest2d", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBilinear2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, bool alignCorners,
                                                    double scalesH, double scalesW, aclTensor* out,
                                                    uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Translate(Forward("aclnnUpsampleBilinear2d", self, outputSize, out), 2, interp::kLinearOnnx, Coord(alignCorners),
                     interp::kRoundPreferFloor, -0.75, {scalesH, scalesW}, workspaceSize, executor);
}
aclnnStatus aclnnUpsampleBilinear2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBilinear2d", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBicubic2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, bool alignCorners,
                                                   double scalesH, double scalesW, aclTensor* out,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Translate(Forward("aclnnUpsampleBicubic2d", self, outputSize, out), 2, interp::kCubic, Coord(alignCorners),
                     interp::kRoundPreferFloor, ACLNN_INTERPOLATE_DEFAULT_CUBE_COEFF(interp::kCubic), {scalesH, scalesW},
                     workspaceSize, executor);
}
aclnnStatus aclnnUpsampleBicubic2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBicubic2d", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBilinear2dAAGetWorkspaceSize(const aclTensor* input, const aclIntArray* outputSize,
                                                      bool alignCorners, double scalesH, double scalesW, aclTensor* out,
                                                      uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (alignCorners) return RejectAlignedAntialias("aclnnUpsampleBilinear2dAA");
    return Translate(Forward("aclnnUpsampleBilinear2dAA", input, outputSize, out), 2, interp::kBilinearPillow,
                     interp::kHalfPixel, interp::kRoundPreferFloor, -0.75, {scalesH, scalesW}, workspaceSize,
                     executor);
}
aclnnStatus aclnnUpsampleBilinear2dAA(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBilinear2dAA", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBicubic2dAAGetWorkspaceSize(const aclTensor* x, const aclIntArray* outputSize, bool alignCorners,
                                                     double scalesH, double scalesW, aclTensor* out,
                                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (alignCorners) return RejectAlignedAntialias("aclnnUpsampleBicubic2dAA");
    return Translate(Forward("aclnnUpsampleBicubic2dAA", x, outputSize, out), 2, interp::kBicubicPillow,
                     interp::kHalfPixel, interp::kRoundPreferFloor, ACLNN_INTERPOLATE_DEFAULT_CUBE_COEFF(interp::kBicubicPillow),
                     {scalesH, scalesW}, workspaceSize,
                     executor);
}
aclnnStatus aclnnUpsampleBicubic2dAA(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBicubic2dAA", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearest3dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, double scalesD,
                                                   double scalesH, double scalesW, aclTensor* out,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Translate(Forward("aclnnUpsampleNearest3d", self, outputSize, out), 3, interp::kNearest, interp::kAsymmetric,
                     interp::kFloor, -0.75, {scalesD, scalesH, scalesW}, workspaceSize, executor);
}
aclnnStatus aclnnUpsampleNearest3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleNearest3d", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                     bool alignCorners, double scalesD, double scalesH, double scalesW,
                                                     aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Translate(Forward("aclnnUpsampleTrilinear3d", self, outputSize, out), 3, interp::kLinearOnnx, Coord(alignCorners),
                     interp::kRoundPreferFloor, -0.75, {scalesD, scalesH, scalesW}, workspaceSize, executor);
}
aclnnStatus aclnnUpsampleTrilinear3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleTrilinear3d", workspace, workspaceSize, executor, stream);
}

// ---- Backward: gradInput = A^T gradOut, the adjoint of the forward entry point's resize -----------

aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                           const aclIntArray* inputSize, double scalesH, double scalesW,
                                                           aclTensor* gradInput, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
    return Translate(Backward("aclnnUpsampleNearest2dBackward", gradOut, "gradOut", outputSize, inputSize, gradInput,
                              "gradInput"),
                     2, interp::kNearest, interp::kAsymmetric, interp::kFloor, -0.75, {scalesH, scalesW}, workspaceSize,
                     executor);
}
aclnnStatus aclnnUpsampleNearest2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleNearest2dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBilinear2dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                            const aclIntArray* inputSize, bool alignCorners,
                                                            double scalesH, double scalesW, aclTensor* out,
                                                            uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Translate(Backward("aclnnUpsampleBilinear2dBackward", gradOut, "gradOut", outputSize, inputSize, out, "out"),
                     2, interp::kLinearOnnx, Coord(alignCorners), interp::kRoundPreferFloor, -0.75, {scalesH, scalesW},
                     workspaceSize, executor);
}
aclnnStatus aclnnUpsampleBilinear2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBilinear2dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBicubic2dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                           const aclIntArray* inputSize, const bool alignCorners,
                                                           double scalesH, double scalesW, aclTensor* gradInput,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
    return Translate(Backward("aclnnUpsampleBicubic2dBackward", gradOut, "gradOut", outputSize, inputSize, gradInput,
                              "gradInput"),
                     2, interp::kCubic, Coord(alignCorners), interp::kRoundPreferFloor, -0.75, {scalesH, scalesW},
                     workspaceSize, executor);
}
aclnnStatus aclnnUpsampleBicubic2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBicubic2dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclIntArray* outputSize,
                                                              const aclIntArray* inputSize, bool alignCorners,
                                                              double scalesH, double scalesW, aclTensor* out,
                                                              uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (alignCorners) return RejectAlignedAntialias("aclnnUpsampleBilinear2dAABackward");
    return Translate(Backward("aclnnUpsampleBilinear2dAABackward", gradOutput, "gradOutput", outputSize, inputSize, out,
                              "out"),
                     2, interp::kBilinearPillow, interp::kHalfPixel, interp::kRoundPreferFloor, -0.75, {scalesH, scalesW},
                     workspaceSize, executor);
}
aclnnStatus aclnnUpsampleBilinear2dAABackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBilinear2dAABackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleBicubic2dAABackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclIntArray* outputSize,
                                                             const aclIntArray* inputSize, bool alignCorners,
                                                             double scalesH, double scalesW, aclTensor* out,
                                                             uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (alignCorners) return RejectAlignedAntialias("aclnnUpsampleBicubic2dAABackward");
    return Translate(Backward("aclnnUpsampleBicubic2dAABackward", gradOutput, "gradOutput", outputSize, inputSize, out,
                              "out"),
                     2, interp::kBicubicPillow, interp::kHalfPixel, interp::kRoundPreferFloor, -0.5, {scalesH, scalesW},
                     workspaceSize, executor);
}
aclnnStatus aclnnUpsampleBicubic2dAABackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleBicubic2dAABackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearest3dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                           const aclIntArray* inputSize, double scalesD, double scalesH,
                                                           double scalesW, aclTensor* gradInput, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
    return Translate(Backward("aclnnUpsampleNearest3dBackward", gradOut, "gradOut", outputSize, inputSize, gradInput,
                              "gradInput"),
                     3, interp::kNearest, interp::kAsymmetric, interp::kFloor, -0.75, {scalesD, scalesH, scalesW},
                     workspaceSize, executor);
}
aclnnStatus aclnnUpsampleNearest3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleNearest3dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                             const aclIntArray* inputSize, bool alignCorners,
                                                             double scalesD, double scalesH, double scalesW,
                                                             aclTensor* gradInput, uint64_t* workspaceSize,
                                                             aclOpExecutor** executor) {
    return Translate(Backward("aclnnUpsampleTrilinear3dBackward", gradOut, "gradOut", outputSize, inputSize, gradInput,
                              "gradInput"),
                     3, interp::kLinearOnnx, Coord(alignCorners), interp::kRoundPreferFloor, -0.75,
                     {scalesD, scalesH, scalesW}, workspaceSize, executor);
}
aclnnStatus aclnnUpsampleTrilinear3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream) {
    return interp::InterpolateLaunch("aclnnUpsampleTrilinear3dBackward", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
