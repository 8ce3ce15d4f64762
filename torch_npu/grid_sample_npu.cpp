// The NPU kernel of torch.ops.ascend_gridsample.grid_sample: tensors on the Ascend NPU (torch_npu's
// PrivateUse1 device) go to our aclnnGridSampler2D / 3D / Nd through op-plugin's EXEC_NPU_CMD,
// which converts the tensors to aclTensor*, sizes and allocates the workspace and runs the aclnn
// call on the current NPU stream ("C++ extensions" adaptation: op-plugin
// examples/cpp_extension_base/README.md, https://gitcode.com/ascend/op-plugin).
//
// Schema ownership: python/ascend_gridsample/_torch_ops.py defines the operator with
// torch.library.custom_op (its schema, fake kernel and the autograd rule), whose own kernel runs
// on the simulator for CPU tensors. This file only adds the PrivateUse1 kernel, with
// TORCH_LIBRARY_IMPL, which may not define schemas (PyTorch C++ docs, "TORCH_LIBRARY_IMPL":
// "implement a preexisting set of custom operators on a new dispatch key"). A TORCH_LIBRARY or
// TORCH_LIBRARY_FRAGMENT def here would make custom_op's define fail ("already has a schema")
// whichever of the two loaded second. The dispatcher accepts an impl before its def and checks the
// kernel's signature against the schema once both are present, so the library may be loaded
// before or after ascend_gridsample registers the op; a signature that drifts from _torch_ops.py
// is reported then, at load. For NPU tensors the PrivateUse1 kernel takes precedence over
// custom_op's CompositeExplicitAutograd one, and custom_op's autograd rule stays in front of it.
//
// Built only where torch_npu imports (python -m ascend_gridsample build-torch-npu, or CMake with
// AGS_TORCH_NPU=ON); scripts/check_real_headers.sh compiles it syntax-only against the headers of
// the torch-npu wheel.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include <ATen/ATen.h>
#include <ATen/DeviceGuard.h>
#include <c10/core/DeviceGuard.h>
#include <c10/util/Exception.h>
#include <torch/library.h>

#include "op_plugin/utils/op_api_common.h"

#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "aclnn_args.h"
#include "op_host/attr_names.h"

namespace ascend_gridsample_npu {
namespace {

// The names of aclnnGridSampler2D's interpolationMode and paddingMode codes (op_host/attr_names.h),
// and the aliases python/ascend_gridsample/_api.py accepts beside them.
struct Alias {
    const char* name;
    int64_t code;
};

template <std::size_t N>
int64_t Lookup(const char* const (&names)[N], c10::string_view value, const char* what,
               std::initializer_list<Alias> aliases = {}) {
    const std::string text(value);
    std::string expected;
    for (std::size_t code = 0; code < N; ++code) {
        if (text == names[code]) {   // the whole text: an embedded NUL does not match
            return static_cast<int64_t>(code);
        }
        expected += expected.empty() ? "'" : ", '";
        expected += names[code];
        expected += "'";
    }
    for (const Alias& alias : aliases) {
        if (text == alias.name) {
            return alias.code;
        }
        expected += std::string(", '") + alias.name + "'";
    }
    C10_THROW_ERROR(ValueError, c10::str(what, " is '", text, "'; expected one of ", expected));
}

at::Tensor GridSampleNpu(const at::Tensor& input, const at::Tensor& grid, c10::string_view mode,
                         c10::string_view padding_mode, bool align_corners, bool channel_last) {
    const int64_t mode_code =
        Lookup(opattr::kGridSampleModes, mode, "mode", {{"linear", gridsample::kBilinear}, {"cubic", gridsample::kBicubic}});
    const int64_t padding_code = Lookup(opattr::kGridSamplePaddings, padding_mode, "padding_mode");
    TORCH_CHECK_VALUE(input.dim() >= 3 && input.dim() <= 8, "input has ", input.dim(), " dims (shape ",
                      input.sizes(), "); expected 3 to 8 (N, C and 1 to 6 spatial dims)");
    TORCH_CHECK_VALUE(grid.dim() == input.dim(), "grid has ", grid.dim(), " dims (shape ", grid.sizes(),
                      "); expected ", input.dim(), ", as input");
    TORCH_CHECK_VALUE(grid.device() == input.device(), "grid is on ", grid.device(), "; expected ",
                      input.device(), ", the device of input");
    // Several NPUs in one process: allocate and launch on the inputs' device.
    const c10::OptionalDeviceGuard device_guard(device_of(input));

    // channel_last as the Python API defines it: input (N, S_1..S_r, C) is read as the view
    // (N, C, S_1..S_r); aclTensor carries its strides, so nothing is copied. The result is
    // channel-first, (N, C, O_1..O_r), as on the simulator.
    at::Tensor source = input;
    if (channel_last) {
        std::vector<int64_t> perm{0, input.dim() - 1};
        for (int64_t d = 1; d < input.dim() - 1; ++d) {
            perm.push_back(d);
        }
        source = input.permute(perm);
    }
    std::vector<int64_t> out_shape{source.size(0), source.size(1)};
    for (int64_t d = 1; d < grid.dim() - 1; ++d) {
        out_shape.push_back(grid.size(d));
    }
    // at::empty with the input's options dispatches to torch_npu's caching allocator on its device.
    at::Tensor out = at::empty(out_shape, source.options());

    switch (source.dim()) {
        case 4:
            AGS_EXEC_NPU_CMD(aclnnGridSampler2D, source, grid, mode_code, padding_code, align_corners, out);
            break;
        case 5:
            AGS_EXEC_NPU_CMD(aclnnGridSampler3D, source, grid, mode_code, padding_code, align_corners, out);
            break;
        default:  // 1 or 3 to 6 spatial dims: the N-d entry point (ONNX GridSample-20)
            AGS_EXEC_NPU_CMD(aclnnGridSamplerNd, source, grid, mode_code, padding_code, align_corners, out);
            break;
    }
    return out;
}

}  // namespace
}  // namespace ascend_gridsample_npu

// Kernel only; the schema is _torch_ops.py's (see the top of this file).
TORCH_LIBRARY_IMPL(ascend_gridsample, PrivateUse1, m) {
    m.impl("grid_sample", TORCH_FN(ascend_gridsample_npu::GridSampleNpu));
}
