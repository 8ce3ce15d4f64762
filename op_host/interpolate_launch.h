// Launching the interpolate AI Core kernel on a stream (implemented for the simulator in
// launch_sim.cpp; a CANN build implements it with the toolkit's kernel launch, as GridSample's).
#pragma once
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"

namespace interp {

// interpolate(x, y, workspace, tiling): device addresses; tiling holds an InterpolateTilingData.
aclnnStatus LaunchInterpolateKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* x, void* y,
                                    void* workspace, void* tiling);
// interpolate_grad(y_grad, x_grad, workspace, tiling): the backward's kernel, the same arguments.
aclnnStatus LaunchInterpolateGradKernel(aclrtStream stream, uint32_t blockDim, uint64_t tilingKey, void* yGrad,
                                        void* xGrad, void* workspace, void* tiling);

}  // namespace interp
