// Compile-time check of an EXEC_NPU_CMD argument list against the aclnn declaration it will reach.
// op-plugin's EXEC_NPU_CMD looks aclnnXxxGetWorkspaceSize up by name at run time and calls it
// with ConvertType() of each argument, then the workspace-size and executor addresses
// (op_plugin/utils/op_api_common.h); the compiler never sees the declaration, so a wrong order or
// type would only show on the NPU. AGS_EXEC_NPU_CMD makes the compiler compare them first.
#ifndef ASCEND_GRIDSAMPLE_TORCH_NPU_ACLNN_ARGS_H_
#define ASCEND_GRIDSAMPLE_TORCH_NPU_ACLNN_ARGS_H_

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "op_plugin/utils/op_api_common.h"

namespace ascend_gridsample_npu {

// A pointer parameter takes a pointer that converts to it (aclTensor* -> const aclTensor*); any
// other parameter takes exactly its own type, so a bool never lands in an int64_t or the reverse.
template <typename Param, typename Arg>
constexpr bool kParamTakes = std::is_pointer_v<Param>
                                 ? (std::is_pointer_v<Arg> && std::is_convertible_v<Arg, Param>)
                                 : std::is_same_v<std::remove_cv_t<Param>, Arg>;

template <typename Params, typename Args, std::size_t... I>
constexpr bool ParamsTake(std::index_sequence<I...>) {
    return (kParamTakes<std::tuple_element_t<I, Params>, std::tuple_element_t<I, Args>> && ...);
}

template <typename Fn, typename... Args>
struct FirstPhaseTakes : std::false_type {};

template <typename Ret, typename... Params, typename... Args>
struct FirstPhaseTakes<Ret(Params...), Args...> {
    // The arguments as EXEC_NPU_CMD passes them: converted, then the two output addresses.
    using Converted = std::tuple<decltype(ConvertType(std::declval<Args&>()))..., uint64_t*, aclOpExecutor**>;
    static constexpr bool value = [] {
        if constexpr (sizeof...(Params) != std::tuple_size_v<Converted>) {
            return false;
        } else {
            return ParamsTake<std::tuple<Params...>, Converted>(std::index_sequence_for<Params...>{});
        }
    }();
};

template <typename Fn, typename... Args>
constexpr void CheckFirstPhase(const Args&...) {
    static_assert(FirstPhaseTakes<Fn, Args...>::value,
                  "EXEC_NPU_CMD arguments do not match the aclnn GetWorkspaceSize declaration");
}

}  // namespace ascend_gridsample_npu

// EXEC_NPU_CMD(aclnn_api, args...) once the arguments are checked against aclnn_apiGetWorkspaceSize.
#define AGS_EXEC_NPU_CMD(aclnn_api, ...)                                                             \
    do {                                                                                           \
        ::ascend_gridsample_npu::CheckFirstPhase<decltype(aclnn_api##GetWorkspaceSize)>(__VA_ARGS__); \
        EXEC_NPU_CMD(aclnn_api, __VA_ARGS__);                                                      \
    } while (false)

#endif  // ASCEND_GRIDSAMPLE_TORCH_NPU_ACLNN_ARGS_H_
