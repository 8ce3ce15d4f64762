// GridSampleAicpu: GridSample on the AI CPU (op_host/aicpu/grid_sample_aicpu.h) for what the AI Core
// kernels do not take, as an AI CPU custom operator (CpuKernel, REGISTER_CPU_KERNEL). Inputs x, grid;
// output y; attributes interpolation_mode, padding_mode (the aclnn codes), align_corners and the
// views' strides x_strides, grid_strides, y_strides.
#include "cpu_kernel.h"
#include "op_host/aicpu/grid_sample_aicpu.h"
#include "op_kernel_aicpu/aicpu_views.h"
#include "op_kernel_aicpu/grid_sample_elem.h"

namespace aicpu {

class GridSampleAicpuCpuKernel : public CpuKernel {
public:
    ~GridSampleAicpuCpuKernel() = default;
    uint32_t Compute(CpuKernelContext& ctx) override {
        using gridsample::aicpu::View;
        View x, grid, y;
        const int rank = gridsample::aicpu::kMaxRank;
        if (!aicpu_views::ReadView(ctx, ctx.Input(0), "x_strides", rank, gridsample::aicpu::ElemOf, &x) ||
            !aicpu_views::ReadView(ctx, ctx.Input(1), "grid_strides", rank, gridsample::aicpu::ElemOf, &grid) ||
            !aicpu_views::ReadView(ctx, ctx.Output(0), "y_strides", rank, gridsample::aicpu::ElemOf, &y))
            return KERNEL_STATUS_PARAM_INVALID;
        const bool ok = gridsample::aicpu::Run(x, grid, y, static_cast<int>(aicpu_views::IntAttr(ctx, "interpolation_mode", 0)),
                                               static_cast<int>(aicpu_views::IntAttr(ctx, "padding_mode", 0)),
                                               aicpu_views::BoolAttr(ctx, "align_corners", false));
        return ok ? KERNEL_STATUS_OK : KERNEL_STATUS_INNER_ERROR;
    }
};

REGISTER_CPU_KERNEL(gridsample::aicpu::kKernelName, GridSampleAicpuCpuKernel);

}  // namespace aicpu
