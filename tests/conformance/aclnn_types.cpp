// Our aclnn C entry points have exactly the types that torch-npu's op-plugin expects when it looks
// them up by name (op_plugin/utils/op_api_common_base.h: _aclCreateTensor, ... and OpApiFunc, the
// second-phase aclnnXxx(workspace, size, executor, stream)). Compiled, syntax only, by
// scripts/check_real_headers.sh against op-plugin's declarations and the real acl headers; a
// mismatch fails the static_assert that names the function.
#include <type_traits>

#include "op_plugin/utils/op_api_common.h"

#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"

#define AGS_SAME_TYPE(fn) static_assert(std::is_same_v<decltype(&fn), _##fn>, #fn " differs from op-plugin's _" #fn)

AGS_SAME_TYPE(aclCreateTensor);
AGS_SAME_TYPE(aclDestroyTensor);
AGS_SAME_TYPE(aclCreateIntArray);
AGS_SAME_TYPE(aclDestroyIntArray);

static_assert(std::is_same_v<decltype(&aclnnGridSampler2D), OpApiFunc>, "aclnnGridSampler2D differs from OpApiFunc");
static_assert(std::is_same_v<decltype(&aclnnGridSampler3D), OpApiFunc>, "aclnnGridSampler3D differs from OpApiFunc");
static_assert(std::is_same_v<decltype(&aclnnGridSamplerNd), OpApiFunc>, "aclnnGridSamplerNd differs from OpApiFunc");

// The first phase as op-plugin builds its argument list: each at::Tensor becomes aclTensor*,
// int64_t and bool stay as they are, then the workspace size and executor addresses.
static_assert(std::is_same_v<decltype(ConvertType(std::declval<const at::Tensor&>())), aclTensor*>,
              "op-plugin converts an at::Tensor to aclTensor*");
static_assert(std::is_invocable_r_v<aclnnStatus, decltype(&aclnnGridSampler2DGetWorkspaceSize), aclTensor*, aclTensor*,
                                    int64_t, int64_t, bool, aclTensor*, uint64_t*, aclOpExecutor**>,
              "aclnnGridSampler2DGetWorkspaceSize does not take op-plugin's converted arguments");
static_assert(std::is_invocable_r_v<aclnnStatus, decltype(&aclnnGridSampler3DGetWorkspaceSize), aclTensor*, aclTensor*,
                                    int64_t, int64_t, bool, aclTensor*, uint64_t*, aclOpExecutor**>,
              "aclnnGridSampler3DGetWorkspaceSize does not take op-plugin's converted arguments");
// aclnnStatus is the int that op-plugin's function types return.
static_assert(std::is_same_v<aclnnStatus, int>, "aclnnStatus is not int");
