// Our aclnn C entry points have exactly the types that torch-npu's op-plugin expects when it looks
// them up by name (op_plugin/utils/op_api_common_base.h: _aclCreateTensor, ... and OpApiFunc, the
// second-phase aclnnXxx(workspace, size, executor, stream)). Compiled, syntax only, by
// scripts/check_real_headers.sh against op-plugin's declarations and the real acl headers; a
// mismatch fails the static_assert that names the function.
#include <array>
#include <type_traits>

#include "op_plugin/utils/op_api_common.h"

#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "aclnnop/aclnn_grid_sampler2d_backward.h"
#include "aclnnop/aclnn_grid_sampler3d_backward.h"
#include "aclnnop/aclnn_grid_sampler_nd_backward.h"

#define AGS_SAME_TYPE(fn) static_assert(std::is_same_v<decltype(&fn), _##fn>, #fn " differs from op-plugin's _" #fn)

AGS_SAME_TYPE(aclCreateTensor);
AGS_SAME_TYPE(aclDestroyTensor);
AGS_SAME_TYPE(aclCreateIntArray);
AGS_SAME_TYPE(aclDestroyIntArray);
AGS_SAME_TYPE(aclCreateBoolArray);
AGS_SAME_TYPE(aclDestroyBoolArray);

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
// The backward's first phase: the output mask arrives as op-plugin converts a std::array<bool, 2>.
static_assert(std::is_same_v<decltype(ConvertType(std::declval<const std::array<bool, 2>&>())), aclBoolArray*>,
              "op-plugin converts a bool array to aclBoolArray*");
static_assert(std::is_same_v<decltype(&aclnnGridSampler2DBackward), OpApiFunc>, "aclnnGridSampler2DBackward differs from OpApiFunc");
static_assert(std::is_same_v<decltype(&aclnnGridSampler3DBackward), OpApiFunc>, "aclnnGridSampler3DBackward differs from OpApiFunc");
static_assert(std::is_same_v<decltype(&aclnnGridSamplerNdBackward), OpApiFunc>, "aclnnGridSamplerNdBackward differs from OpApiFunc");
static_assert(std::is_invocable_r_v<aclnnStatus, decltype(&aclnnGridSampler2DBackwardGetWorkspaceSize), aclTensor*,
                                    aclTensor*, aclTensor*, int64_t, int64_t, bool, aclBoolArray*, aclTensor*, aclTensor*,
                                    uint64_t*, aclOpExecutor**>,
              "aclnnGridSampler2DBackwardGetWorkspaceSize does not take op-plugin's converted arguments");
static_assert(std::is_invocable_r_v<aclnnStatus, decltype(&aclnnGridSampler3DBackwardGetWorkspaceSize), aclTensor*,
                                    aclTensor*, aclTensor*, int64_t, int64_t, bool, aclBoolArray*, aclTensor*, aclTensor*,
                                    uint64_t*, aclOpExecutor**>,
              "aclnnGridSampler3DBackwardGetWorkspaceSize does not take op-plugin's converted arguments");
// aclnnStatus is the int that op-plugin's function types return.
static_assert(std::is_same_v<aclnnStatus, int>, "aclnnStatus is not int");
