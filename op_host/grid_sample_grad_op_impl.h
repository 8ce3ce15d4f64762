// GridSampleGrad's host functions that its OpDef (grid_sample_grad_def.cpp) registers: the gert
// tiling function and the infer-shape / infer-datatype functions; inputs y_grad (N, C, *out),
// x (N, C, *in), grid (N, *out, dims); outputs x_grad like x and grid_grad like grid.
#pragma once
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"

namespace gridsample {

// Attribute indices, in the order the OpDef declares them.
enum GridSampleGradAttr : size_t {
    kGradAttrInterpolationMode = 0,
    kGradAttrPaddingMode,
    kGradAttrAlignCorners,
    kGradAttrInputGrad,   // compute x_grad
    kGradAttrGridGrad,    // compute grid_grad
};

ge::graphStatus GridSampleGradTilingFunc(gert::TilingContext* context);
ge::graphStatus GridSampleGradInferShape(gert::InferShapeContext* context);
ge::graphStatus GridSampleGradInferDataType(gert::InferDataTypeContext* context);

}  // namespace gridsample
