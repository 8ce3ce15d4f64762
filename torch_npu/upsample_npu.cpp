// The NPU kernels of torch's resize operators and their backward (what F.interpolate and its
// autograd dispatch to for tensors on the Ascend NPU, torch_npu's PrivateUse1 device), on this package's aclnnUpsample* entry points
// (op_host/aclnn_upsample.cpp) through op-plugin's EXEC_NPU_CMD, which converts the arguments to
// aclTensor* / aclIntArray*, sizes and allocates the workspace and runs the call on the current NPU
// stream ("C++ extensions" adaptation: op-plugin examples/cpp_extension_base/README.md).
//
// These are aten operators, whose schemas are torch's; TORCH_LIBRARY_IMPL(aten, PrivateUse1)
// replaces torch_npu's own kernels for them once this library is loaded (the dispatcher warns that
// it overrides a registered kernel): loading it is the opt-in. Each kernel keeps torch's argument
// meaning: output_size, align_corners, and the scale factors (absent: 0, i.e. output / input, as
// op-plugin passes them). The AA kernels take align_corners=false only (the entry point's 161002
// otherwise).
//
// Built only where torch_npu imports (python -m ascend_gridsample build-torch-npu, or CMake with
// AGS_TORCH_NPU=ON); scripts/check_real_headers.sh compiles it syntax-only against the headers of
// the torch-npu wheel, and AGS_EXEC_NPU_CMD checks every argument list against our declarations.
#include <cstdint>
#include <vector>

#include <ATen/ATen.h>
#include <c10/core/DeviceGuard.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>
#include <torch/library.h>

#include "op_plugin/utils/op_api_common.h"

#include "aclnnop/aclnn_upsample_bicubic_2d.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_aa.h"
#include "aclnnop/aclnn_upsample_bilinear_2d.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_aa.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_3d.h"
#include "aclnnop/aclnn_upsample_trilinear_3d.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_3d_backward.h"
#include "aclnnop/aclnn_upsample_trilinear_3d_backward.h"
#include "aclnn_args.h"

namespace ascend_gridsample_npu {
namespace {

// self (N, C, spatial...) with its spatial dims replaced by output_size, in self's memory format.
at::Tensor ResizedLike(const at::Tensor& self, at::IntArrayRef output_size, int64_t spatial) {
    TORCH_CHECK_VALUE(self.dim() == spatial + 2, "input has ", self.dim(), " dims (shape ", self.sizes(),
                      "); expected ", spatial + 2);
    TORCH_CHECK_VALUE(static_cast<int64_t>(output_size.size()) == spatial, "output_size has ", output_size.size(),
                      " values; expected ", spatial);
    std::vector<int64_t> shape{self.size(0), self.size(1)};
    shape.insert(shape.end(), output_size.begin(), output_size.end());
    return at::empty(shape, self.options(), self.suggest_memory_format());
}

at::Tensor UpsampleNearest2d(const at::Tensor& self, at::IntArrayRef output_size, c10::optional<double> scales_h,
                             c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(self));
    at::Tensor out = ResizedLike(self, output_size, 2);
    // aclnnUpsampleNearest2d takes no scales: the step is input / output (torch's when none is given)
    TORCH_CHECK_VALUE(!scales_h.has_value() && !scales_w.has_value(),
                      "upsample_nearest2d with scale factors: expected output_size only on this NPU kernel");
    AGS_EXEC_NPU_CMD(aclnnUpsampleNearest2d, self, output_size, out);
    return out;
}

at::Tensor UpsampleBilinear2d(const at::Tensor& self, at::IntArrayRef output_size, bool align_corners,
                              c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(self));
    at::Tensor out = ResizedLike(self, output_size, 2);
    const double sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleBilinear2d, self, output_size, align_corners, sh, sw, out);
    return out;
}

at::Tensor UpsampleBicubic2d(const at::Tensor& self, at::IntArrayRef output_size, bool align_corners,
                             c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(self));
    at::Tensor out = ResizedLike(self, output_size, 2);
    const double sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleBicubic2d, self, output_size, align_corners, sh, sw, out);
    return out;
}

at::Tensor UpsampleBilinear2dAA(const at::Tensor& self, at::IntArrayRef output_size, bool align_corners,
                                c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(self));
    at::Tensor out = ResizedLike(self, output_size, 2);
    const double sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleBilinear2dAA, self, output_size, align_corners, sh, sw, out);
    return out;
}

at::Tensor UpsampleBicubic2dAA(const at::Tensor& self, at::IntArrayRef output_size, bool align_corners,
                               c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(self));
    at::Tensor out = ResizedLike(self, output_size, 2);
    const double sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleBicubic2dAA, self, output_size, align_corners, sh, sw, out);
    return out;
}

at::Tensor UpsampleNearest3d(const at::Tensor& self, at::IntArrayRef output_size, c10::optional<double> scales_d,
                             c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(self));
    at::Tensor out = ResizedLike(self, output_size, 3);
    const double sd = scales_d.value_or(0.0), sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleNearest3d, self, output_size, sd, sh, sw, out);
    return out;
}

at::Tensor UpsampleTrilinear3d(const at::Tensor& self, at::IntArrayRef output_size, bool align_corners,
                               c10::optional<double> scales_d, c10::optional<double> scales_h,
                               c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(self));
    at::Tensor out = ResizedLike(self, output_size, 3);
    const double sd = scales_d.value_or(0.0), sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleTrilinear3d, self, output_size, align_corners, sd, sh, sw, out);
    return out;
}

// ---- backward: grad_input = A^T grad_output on the ...Backward entry points ------------------------

// The input's gradient: input_size (N, C, spatial...), in grad_output's memory format; grad_output
// must be (N, C, output_size...).
at::Tensor GradInputLike(const at::Tensor& grad_output, at::IntArrayRef output_size, at::IntArrayRef input_size,
                         int64_t spatial) {
    TORCH_CHECK_VALUE(static_cast<int64_t>(input_size.size()) == spatial + 2, "input_size has ", input_size.size(),
                      " values; expected ", spatial + 2);
    std::vector<int64_t> expected{input_size[0], input_size[1]};
    expected.insert(expected.end(), output_size.begin(), output_size.end());
    TORCH_CHECK_VALUE(grad_output.sizes() == at::IntArrayRef(expected), "grad_output has shape ", grad_output.sizes(),
                      "; expected ", at::IntArrayRef(expected));
    return at::empty(input_size, grad_output.options(), grad_output.suggest_memory_format());
}

at::Tensor UpsampleNearest2dBackward(const at::Tensor& grad_output, at::IntArrayRef output_size,
                                     at::IntArrayRef input_size, c10::optional<double> scales_h,
                                     c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(grad_output));
    at::Tensor grad_input = GradInputLike(grad_output, output_size, input_size, 2);
    const double sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleNearest2dBackward, grad_output, output_size, input_size, sh, sw, grad_input);
    return grad_input;
}

// The 2-D backward ops that take align_corners (bilinear, bicubic and their antialiased forms): one
// body, the entry point chosen at compile time.
enum class Aligned2d { kBilinear, kBicubic, kBilinearAA, kBicubicAA };

template <Aligned2d kKind>
at::Tensor Upsample2dBackward(const at::Tensor& grad_output, at::IntArrayRef output_size, at::IntArrayRef input_size,
                              bool align_corners, c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(grad_output));
    at::Tensor grad_input = GradInputLike(grad_output, output_size, input_size, 2);
    const double sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    if constexpr (kKind == Aligned2d::kBilinear) {
        AGS_EXEC_NPU_CMD(aclnnUpsampleBilinear2dBackward, grad_output, output_size, input_size, align_corners, sh, sw,
                         grad_input);
    } else if constexpr (kKind == Aligned2d::kBicubic) {
        AGS_EXEC_NPU_CMD(aclnnUpsampleBicubic2dBackward, grad_output, output_size, input_size, align_corners, sh, sw,
                         grad_input);
    } else if constexpr (kKind == Aligned2d::kBilinearAA) {
        AGS_EXEC_NPU_CMD(aclnnUpsampleBilinear2dAABackward, grad_output, output_size, input_size, align_corners, sh,
                         sw, grad_input);
    } else {
        AGS_EXEC_NPU_CMD(aclnnUpsampleBicubic2dAABackward, grad_output, output_size, input_size, align_corners, sh,
                         sw, grad_input);
    }
    return grad_input;
}

at::Tensor UpsampleNearest3dBackward(const at::Tensor& grad_output, at::IntArrayRef output_size,
                                     at::IntArrayRef input_size, c10::optional<double> scales_d,
                                     c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(grad_output));
    at::Tensor grad_input = GradInputLike(grad_output, output_size, input_size, 3);
    const double sd = scales_d.value_or(0.0), sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleNearest3dBackward, grad_output, output_size, input_size, sd, sh, sw, grad_input);
    return grad_input;
}

at::Tensor UpsampleTrilinear3dBackward(const at::Tensor& grad_output, at::IntArrayRef output_size,
                                       at::IntArrayRef input_size, bool align_corners, c10::optional<double> scales_d,
                                       c10::optional<double> scales_h, c10::optional<double> scales_w) {
    const c10::OptionalDeviceGuard device_guard(device_of(grad_output));
    at::Tensor grad_input = GradInputLike(grad_output, output_size, input_size, 3);
    const double sd = scales_d.value_or(0.0), sh = scales_h.value_or(0.0), sw = scales_w.value_or(0.0);
    AGS_EXEC_NPU_CMD(aclnnUpsampleTrilinear3dBackward, grad_output, output_size, input_size, align_corners, sd, sh, sw,
                     grad_input);
    return grad_input;
}

}  // namespace
}  // namespace ascend_gridsample_npu

// Kernels only; the schemas are aten's.
TORCH_LIBRARY_IMPL(aten, PrivateUse1, m) {
    m.impl("upsample_nearest2d", TORCH_FN(ascend_gridsample_npu::UpsampleNearest2d));
    m.impl("upsample_bilinear2d", TORCH_FN(ascend_gridsample_npu::UpsampleBilinear2d));
    m.impl("upsample_bicubic2d", TORCH_FN(ascend_gridsample_npu::UpsampleBicubic2d));
    m.impl("_upsample_bilinear2d_aa", TORCH_FN(ascend_gridsample_npu::UpsampleBilinear2dAA));
    m.impl("_upsample_bicubic2d_aa", TORCH_FN(ascend_gridsample_npu::UpsampleBicubic2dAA));
    m.impl("upsample_nearest3d", TORCH_FN(ascend_gridsample_npu::UpsampleNearest3d));
    m.impl("upsample_trilinear3d", TORCH_FN(ascend_gridsample_npu::UpsampleTrilinear3d));
    m.impl("upsample_nearest2d_backward", TORCH_FN(ascend_gridsample_npu::UpsampleNearest2dBackward));
    using ascend_gridsample_npu::Aligned2d;
    using ascend_gridsample_npu::Upsample2dBackward;
    m.impl("upsample_bilinear2d_backward", TORCH_FN(Upsample2dBackward<Aligned2d::kBilinear>));
    m.impl("upsample_bicubic2d_backward", TORCH_FN(Upsample2dBackward<Aligned2d::kBicubic>));
    m.impl("_upsample_bilinear2d_aa_backward", TORCH_FN(Upsample2dBackward<Aligned2d::kBilinearAA>));
    m.impl("_upsample_bicubic2d_aa_backward", TORCH_FN(Upsample2dBackward<Aligned2d::kBicubicAA>));
    m.impl("upsample_nearest3d_backward", TORCH_FN(ascend_gridsample_npu::UpsampleNearest3dBackward));
    m.impl("upsample_trilinear3d_backward", TORCH_FN(ascend_gridsample_npu::UpsampleTrilinear3dBackward));
}
