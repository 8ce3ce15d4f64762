// ViewCopy: copies a strided view to a packed (contiguous, row-major) buffer of the same shape, or a
// packed buffer to a strided view, for the views the other kernels cannot address. Its host
// functions, registered by its OpDef (view_copy_def.cpp): input x, output y of the same shape and
// element size; attributes x_strides / y_strides (element strides; empty: contiguous). A non-empty
// y_strides makes y the view (scatter); otherwise x is the view (gather).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "op_kernel/view_copy_tiling.h"

namespace viewcopy {

enum ViewCopyAttr : size_t { kAttrXStrides = 0, kAttrYStrides };

// The ViewCopy tiling of one view: size-1 dims dropped, dims merged where the view is contiguous
// across them, rows of the innermost dim cut into chunks that fit a UB buffer, (row, chunk) units
// split evenly over the cores. False, with `why`, when the view's innermost step is beyond a DMA's
// 32-bit gap, it has more than kMaxRank dims after merging, or its elements are not 2 or 4 bytes.
bool ComputeViewCopyTiling(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t elemBytes,
                           uint32_t direction, uint32_t coreNum, uint64_t ubBytes, ViewCopyTilingData* out,
                           uint64_t* tilingKey, std::string* why);

ge::graphStatus ViewCopyTilingFunc(gert::TilingContext* context);
ge::graphStatus ViewCopyInferShape(gert::InferShapeContext* context);
ge::graphStatus ViewCopyInferDataType(gert::InferDataTypeContext* context);

}  // namespace viewcopy
