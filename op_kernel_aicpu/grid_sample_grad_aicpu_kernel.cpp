// GridSampleGradAicpu: GridSample's backward on the AI CPU (op_host/aicpu/grid_sample_grad_aicpu.h) as
// an AI CPU custom operator. Inputs y_grad, x, grid; outputs x_grad, grid_grad (a gradient not asked
// for is absent: null data); attributes as GridSampleAicpu's plus the strides of every tensor.
#include "cpu_kernel.h"
#include "op_host/aicpu/grid_sample_grad_aicpu.h"
#include "op_kernel_aicpu/aicpu_views.h"
#include "op_kernel_aicpu/grid_sample_elem.h"

namespace aicpu {

class GridSampleGradAicpuCpuKernel : public CpuKernel {
public:
    ~GridSampleGradAicpuCpuKernel() = default;
    uint32_t Compute(CpuKernelContext& ctx) override {
        using gridsample::aicpu::View;
        View yGrad, x, grid, xGrad, gridGrad;
        const int rank = gridsample::aicpu::kMaxRank;
        auto read = [&](Tensor* t, const char* strides, View* v) {
            return aicpu_views::ReadView(ctx, t, strides, rank, gridsample::aicpu::ElemOf, v);
        };
        if (!read(ctx.Input(0), "y_grad_strides", &yGrad) || !read(ctx.Input(1), "x_strides", &x) ||
            !read(ctx.Input(2), "grid_strides", &grid))
            return KERNEL_STATUS_PARAM_INVALID;
        const bool wantXGrad = ctx.Output(0) != nullptr && ctx.Output(0)->GetData() != nullptr;
        const bool wantGridGrad = ctx.Output(1) != nullptr && ctx.Output(1)->GetData() != nullptr;
        if ((wantXGrad && !read(ctx.Output(0), "x_grad_strides", &xGrad)) ||
            (wantGridGrad && !read(ctx.Output(1), "grid_grad_strides", &gridGrad)))
            return KERNEL_STATUS_PARAM_INVALID;
        const bool ok = gridsample::aicpu::RunBackward(
            yGrad, x, grid, wantXGrad ? &xGrad : nullptr, wantGridGrad ? &gridGrad : nullptr,
            static_cast<int>(aicpu_views::IntAttr(ctx, "interpolation_mode", 0)),
            static_cast<int>(aicpu_views::IntAttr(ctx, "padding_mode", 0)), aicpu_views::BoolAttr(ctx, "align_corners", false));
        return ok ? KERNEL_STATUS_OK : KERNEL_STATUS_INNER_ERROR;
    }
};

REGISTER_CPU_KERNEL(gridsample::aicpu::kBackwardKernelName, GridSampleGradAicpuCpuKernel);

}  // namespace aicpu
