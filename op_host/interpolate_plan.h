// Interpolate's resolved attributes and the planning / launch functions behind every entry point
// that resizes (aclnnInterpolate and the aclnnUpsample* family): an entry point checks its own
// arguments, translates them into InterpolateAttrs, and calls these two.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace interp {

// Codes as in aclnnop/aclnn_interpolate.h.
enum Mode : int64_t { kNearest = 0, kLinear, kLinearOnnx, kCubic, kBilinearPillow, kBicubicPillow, kModeCount };
enum CoordMode : int64_t {
    kHalfPixel = 0,
    kPytorchHalfPixel,
    kAsymmetric,
    kTfHalfPixelForNn,
    kAlignCorners,
    kCoordModeCount
};
enum NearestMode : int64_t { kRoundPreferFloor = 0, kRoundPreferCeil, kFloor, kCeil, kSimple, kNearestModeCount };

constexpr int kMaxRank = 8;

struct InterpolateAttrs {
    int64_t mode = kNearest;
    int64_t coordMode = kHalfPixel;
    int64_t nearestMode = kRoundPreferFloor;
    bool antialias = false;
    double cubeCoeff = -0.75;
    // Resized axes, distinct, in [0, rank), any order. Their output sizes are y's dims.
    std::vector<int64_t> axes;
    // Per entry of axes, or empty: the output size the caller's arguments give, checked against y's
    // (with `sizeOrigin`, e.g. "sizes" or "floor(scale * padded length)", in the message).
    std::vector<int64_t> outSizes;
    std::string sizeOrigin;
    // Per entry of axes: the scale (out / in) the coordinate mapping uses, > 0; 0 (or an empty
    // vector): y's size over the padded input size. Pillow modes step by padded in / out (their
    // output length's ratio, as Interpolate-11 specifies), not by 1 / scale.
    std::vector<double> scales;
    // Per dim of x (rank entries) or empty: zero padding added before resizing; negative crops.
    std::vector<int64_t> padsBegin, padsEnd;
    // torch's upsample semantics where they differ from Interpolate-11's (the aclnnUpsample* entry
    // points set them): Interpolate-11 steps the pillow modes by in / out and leaves an axis of
    // unchanged length alone; torch's antialiased modes step by 1 / scale when a scale is given, and
    // its bicubic and nearest 3-D resample an axis of unchanged length by its given scale.
    bool pillowStepFromScale = false;
    bool resampleUnchangedAxes = false;
};

// Checks x, y and the attributes (status and message as aclnnop/aclnn_interpolate.h documents,
// prefixed by `api`), picks the path (AI Core kernel or AI CPU kernel), and returns the workspace
// size and an executor that InterpolateLaunch runs once.
aclnnStatus InterpolateGetWorkspaceSize(const char* api, const aclTensor* x, const InterpolateAttrs& attrs,
                                        aclTensor* y, uint64_t* workspaceSize, aclOpExecutor** executor);
// The backward (the adjoint of that resize): gradX = A^T gradY for the A that
// InterpolateGetWorkspaceSize(x, attrs, y) plans, gradX of x's shape and gradY of y's; floating
// dtypes only. The names are the entry point's, for messages. InterpolateLaunch runs the executor.
aclnnStatus InterpolateBackwardGetWorkspaceSize(const char* api, const aclTensor* gradY, const char* gradYName,
                                                const InterpolateAttrs& attrs, aclTensor* gradX, const char* gradXName,
                                                uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus InterpolateLaunch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream);

// Attribute names and their allowed values, for messages: "mode is 7; expected 0 (nearest), ...".
std::string ModeChoices();
std::string CoordModeChoices();
std::string NearestModeChoices();

}  // namespace interp
