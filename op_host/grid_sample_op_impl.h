// GridSample's host functions that the OpDef (grid_sample_def.cpp) registers: the gert tiling
// function and the infer-shape / infer-datatype functions.
#pragma once
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"

namespace gridsample {

// Attribute indices, in the order grid_sample_def.cpp declares them.
enum GridSampleAttr : size_t {
    kAttrInterpolationMode = 0,
    kAttrPaddingMode,
    kAttrAlignCorners,
    kAttrChannelLast,
    kAttrSchedulerMode,
    kAttrXStrides,      // element strides of x's dims as given; empty: contiguous
    kAttrGridStrides,
    kAttrYStrides,
};

ge::graphStatus GridSampleTilingFunc(gert::TilingContext* context);
ge::graphStatus GridSampleInferShape(gert::InferShapeContext* context);
ge::graphStatus GridSampleInferDataType(gert::InferDataTypeContext* context);

}  // namespace gridsample
