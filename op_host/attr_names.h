// The string values of the operators' enum attributes, in the order of their integer codes (the
// aclnn interpolationMode / paddingMode and aclnnInterpolate codes): the one table of them, used by
// the OpDef tiling functions, the aclnn layers that build TilingContexts, the graph kernels, the GE
// prototypes' infer functions and the ONNX plugin; the Python tables are tested against it
// (extension attribute_names()). GridSample's codes are op_kernel/grid_sample_vocabulary.h's.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "op_kernel/grid_sample_vocabulary.h"

namespace opattr {

constexpr const char* kGridSampleModes[] = {"bilinear", "nearest", "bicubic"};
constexpr const char* kGridSamplePaddings[] = {"zeros", "border", "reflection"};
static_assert(sizeof(kGridSampleModes) / sizeof(*kGridSampleModes) == gridsample::kBicubic + 1 &&
                  sizeof(kGridSamplePaddings) / sizeof(*kGridSamplePaddings) == gridsample::kReflection + 1,
              "one name per GridSample mode and padding code, in code order");
constexpr const char* kInterpolateModes[] = {"nearest", "linear", "linear_onnx", "cubic", "bilinear_pillow",
                                             "bicubic_pillow"};
constexpr const char* kInterpolateCoordModes[] = {"half_pixel", "pytorch_half_pixel", "asymmetric",
                                                  "tf_half_pixel_for_nn", "align_corners"};
constexpr const char* kInterpolateNearestModes[] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"};
constexpr const char* kInterpolateShapeCalcModes[] = {"sizes", "scales"};

// Defaults of the optional attributes the OpDefs declare; the op-API layer passes every attribute of
// a TilingContext and takes these where the call has no value of its own.
constexpr const char* kDefaultGridSampleMode = "bilinear";
constexpr const char* kDefaultGridSamplePadding = "zeros";
constexpr int64_t kDefaultSchedulerMode = 1;
constexpr const char* kDefaultInterpolateMode = "nearest";
constexpr const char* kDefaultCoordMode = "half_pixel";
constexpr const char* kDefaultNearestMode = "round_prefer_floor";
constexpr float kDefaultCubeCoeff = -0.75f;

// The code of an attribute value: its index in names, or -1 for a null or unknown value.
template <size_t N>
int32_t IndexOfName(const char* value, const char* const (&names)[N]) {
    for (size_t i = 0; i < N; ++i)
        if (value != nullptr && std::strcmp(value, names[i]) == 0) return static_cast<int32_t>(i);
    return -1;
}

}  // namespace opattr
