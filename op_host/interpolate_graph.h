// Interpolate in graph mode: the node GE runs once infer-shape has given the output's description.
// It takes the node's attributes, its Const scales_or_sizes and axes (or their device copies), and
// the device tensors, and runs the op through aclnnInterpolate.
#pragma once
#include <string>

#include "acl/acl.h"
#include "graph/operator.h"
#include "graph/tensor.h"

namespace interp {

// image, values (scales_or_sizes), axes and y are device addresses holding contiguous tensors of
// the given descriptions. Waits for the kernel on `stream`. False with the reason in *why.
bool RunInterpolateNode(const ge::Operator& op, void* image, const ge::TensorDesc& imageDesc, void* values,
                        const ge::TensorDesc& valuesDesc, void* axes, const ge::TensorDesc& axesDesc, void* y,
                        const ge::TensorDesc& yDesc, aclrtStream stream, std::string* why);

}  // namespace interp
