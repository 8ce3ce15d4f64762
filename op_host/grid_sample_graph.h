// GridSample in graph mode: the node GE runs once infer-shape has given y's description. It takes
// the node's attributes and device tensors and runs the op through the package's one launch path
// (aclnnGridSamplerNd: the registered tiling function, then the kernel).
#pragma once
#include <string>

#include "acl/acl.h"
#include "graph/operator.h"
#include "graph/tensor.h"

namespace gridsample {

// x, grid and y are device addresses holding contiguous tensors of the given descriptions (x in
// (N, ..., C) order when the node's channel_last is set). Waits for the kernel on `stream`.
// False with the reason in *why.
bool RunGridSampleNode(const ge::Operator& op, void* x, const ge::TensorDesc& xDesc, void* grid,
                       const ge::TensorDesc& gridDesc, void* y, const ge::TensorDesc& yDesc, aclrtStream stream,
                       std::string* why);

}  // namespace gridsample
