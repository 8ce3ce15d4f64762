// Interpolate's host functions that the OpDefs (interpolate_def.cpp, interpolate_grad_def.cpp)
// register (gert tiling, infer-shape, infer-datatype), their attribute indices, and the pure tiling function that the gert
// adapter wraps and unit tests call with any shape and platform.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "op_kernel/interpolate_tiling_data.h"

namespace interp {

// Attribute indices, in the order DeclareInterpolateAttrs (interpolate_attrs.h) declares them.
enum InterpolateAttr : size_t {
    kAttrMode = 0,
    kAttrCoordinateTransformationMode,
    kAttrNearestMode,
    kAttrAntialias,
    kAttrCubeCoeff,
    kAttrAxes,        // resized axes
    kAttrSizes,       // their output sizes (the op-API layer resolves scales into sizes)
    kAttrPadsBegin,   // the AI Core kernel takes no padding: empty or zeros
    kAttrPadsEnd,
    kAttrInputSize,   // InterpolateGrad only (after Interpolate's): x_grad's shape, the forward input's
};

ge::graphStatus InterpolateTilingFunc(gert::TilingContext* context);
ge::graphStatus InterpolateInferShape(gert::InferShapeContext* context);
ge::graphStatus InterpolateInferDataType(gert::InferDataTypeContext* context);
// InterpolateGrad (interpolate_grad_def.cpp): y_grad -> x_grad, the adjoint passes of the same kernel.
ge::graphStatus InterpolateGradTilingFunc(gert::TilingContext* context);
ge::graphStatus InterpolateGradInferShape(gert::InferShapeContext* context);
ge::graphStatus InterpolateGradInferDataType(gert::InferDataTypeContext* context);

// ---- the pure tiling function ----------------------------------------------------------------
struct InterpolateProblem {
    int32_t dataKind = 0;                 // 0 float32, 1 float16, 2 bfloat16
    std::vector<int64_t> xShape, yShape;  // contiguous tensors
    std::vector<int64_t> axes;            // resized axes, any order
    std::vector<int32_t> taps;            // per dim of x: taps per output of that axis (0: not resized)
    // Per dim of x (or empty): 1 when every output position of that axis reads one input element
    // with weight exactly 1 (nearest), so that a pass may copy instead of multiplying.
    std::vector<uint8_t> unitWeights;
    // Per dim of x (or empty), per output position of that axis: the first and the last input index
    // its taps read, padded taps included (TapBounds); a fused pass sizes its band inputs by them
    // (without them, a band reads whole rows).
    std::vector<std::vector<int64_t>> tapLo, tapHi;
};
// The input index a padded tap of each output position reads (a position with fewer taps than the
// most reads its last real tap again, one without any the last real tap of an earlier position, the
// first tap of the table at first), from an axis's tap lists (start: per position and one past the
// last, index: the taps); and each position's first and last index read, padded taps included.
std::vector<int64_t> PadIndices(const std::vector<int64_t>& start, const std::vector<int64_t>& index);
void TapBounds(const std::vector<int64_t>& start, const std::vector<int64_t>& index, std::vector<int64_t>* lo,
               std::vector<int64_t>* hi);
struct InterpolatePlatform {
    uint32_t coreNum = 48;
    uint64_t ubBytes = 184 * 1024;   // usable by TPipe buffers
};
struct InterpolateTilingResult {
    InterpolateTilingData data{};
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    uint64_t workspaceBytes = 0;   // tiling data, axis tables, two float32 intermediate buffers
    double modelledCycles = 0;     // a core's cycles for the plan, estimated (PassOrderCycles on the platform)
};
// False (and why) when the kernel cannot take the problem: more passes than the struct holds, an
// axis table or a row that does not fit the UB.
bool ComputeInterpolateTiling(const InterpolateProblem& p, const InterpolatePlatform& platform,
                              InterpolateTilingResult* out, std::string* why);
// A core's cycles for the plan of a pass order, estimated from the cost model's published figures
// (infinite when it does not fit the UB): the quantity the tiling minimises over orders (on 48
// cores, whatever the platform's count, so that the order and the rounding do not depend on it).
double PassOrderCycles(const InterpolateProblem& p, const InterpolatePlatform& platform,
                       const std::vector<int64_t>& order);

}  // namespace interp
