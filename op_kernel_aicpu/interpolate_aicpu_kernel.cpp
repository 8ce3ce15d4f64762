// InterpolateAicpu: Interpolate on the AI CPU (op_host/aicpu/interpolate_aicpu.h) for every dtype, mode
// and rank, as an AI CPU custom operator. Input x, output y; attributes mode,
// coordinate_transformation_mode, nearest_mode (the aclnnInterpolate codes), antialias (in effect),
// adjoint (the backward: x is the output's gradient, y the input's, and each pass applies its axis's
// transposed taps), cube_coeff_bits, the strides x_strides / y_strides, and the passes as the op-API layer planned them,
// one entry per pass in order: pass_axis, pass_resized, pass_in_len, pass_out_len, pass_pad_begin,
// pass_padded_len and pass_scale_bits. The float64 values (cube_coeff, each pass's scale) travel as
// their IEEE-754 bits in int64 attributes, so nothing is rounded to float32 on the way. Intermediate
// passes go to a float64 buffer of the kernel's own.
#include <cstring>
#include <vector>

#include "cpu_kernel.h"
#include "op_host/aicpu/interpolate_aicpu.h"
#include "op_kernel_aicpu/aicpu_views.h"
#include "op_kernel_aicpu/grid_sample_elem.h"

namespace {

// The element types Interpolate takes: GridSample's but INT16 and INT64.
bool InterpElemOf(aicpu::DataType t, gridsample::aicpu::ElemType* out) {
    return t != aicpu::DT_INT16 && t != aicpu::DT_INT64 && gridsample::aicpu::ElemOf(t, out);
}

double FromBits(int64_t bits) {
    double d = 0;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

std::vector<int64_t> ListAttr(const aicpu::CpuKernelContext& ctx, const char* name) {
    const aicpu::AttrValue* a = ctx.GetAttr(name);
    return a != nullptr ? a->GetListInt() : std::vector<int64_t>{};
}

}  // namespace

namespace aicpu {

class InterpolateAicpuCpuKernel : public CpuKernel {
public:
    ~InterpolateAicpuCpuKernel() = default;
    uint32_t Compute(CpuKernelContext& ctx) override {
        namespace ia = interp::aicpu;
        ia::KernelArgs a;
        if (!aicpu_views::ReadView(ctx, ctx.Input(0), "x_strides", ia::kMaxRank, InterpElemOf, &a.x) ||
            !aicpu_views::ReadView(ctx, ctx.Output(0), "y_strides", ia::kMaxRank, InterpElemOf, &a.y) ||
            a.x.rank != a.y.rank || a.x.rank < 1)
            return KERNEL_STATUS_PARAM_INVALID;
        a.mode = static_cast<int32_t>(aicpu_views::IntAttr(ctx, "mode", 0));
        a.coordMode = static_cast<int32_t>(aicpu_views::IntAttr(ctx, "coordinate_transformation_mode", 0));
        a.nearestMode = static_cast<int32_t>(aicpu_views::IntAttr(ctx, "nearest_mode", 0));
        a.antialias = aicpu_views::BoolAttr(ctx, "antialias", false) ? 1 : 0;
        a.adjoint = aicpu_views::BoolAttr(ctx, "adjoint", false) ? 1 : 0;
        a.cubeCoeff = FromBits(aicpu_views::IntAttr(ctx, "cube_coeff_bits", 0));
        const std::vector<int64_t> axis = ListAttr(ctx, "pass_axis"), resized = ListAttr(ctx, "pass_resized"),
                                   inLen = ListAttr(ctx, "pass_in_len"), outLen = ListAttr(ctx, "pass_out_len"),
                                   padBegin = ListAttr(ctx, "pass_pad_begin"), paddedLen = ListAttr(ctx, "pass_padded_len"),
                                   scaleBits = ListAttr(ctx, "pass_scale_bits");
        const size_t passes = axis.size();
        if (passes < 1 || passes > static_cast<size_t>(ia::kMaxRank))
            return KERNEL_STATUS_PARAM_INVALID;
        for (const auto* list : {&resized, &inLen, &outLen, &padBegin, &paddedLen, &scaleBits})
            if (list->size() != passes) return KERNEL_STATUS_PARAM_INVALID;
        a.passCount = static_cast<int32_t>(passes);
        std::vector<int64_t> shape(a.x.shape, a.x.shape + a.x.rank);
        uint64_t intermediate = 0;
        for (size_t p = 0; p < passes; ++p) {
            ia::Pass& pass = a.passes[p];
            if (axis[p] < 0 || axis[p] >= a.x.rank || outLen[p] < 0 || inLen[p] < 0) return KERNEL_STATUS_PARAM_INVALID;
            pass.axis = static_cast<int32_t>(axis[p]);
            pass.resized = static_cast<int32_t>(resized[p]);
            pass.inLen = inLen[p];
            pass.outLen = outLen[p];
            pass.padBegin = padBegin[p];
            pass.paddedLen = paddedLen[p];
            pass.scale = FromBits(scaleBits[p]);
            shape[pass.axis] = a.adjoint ? pass.inLen : pass.outLen;
            if (p + 1 < passes) {
                uint64_t elems = 1;
                for (int64_t s : shape) elems *= static_cast<uint64_t>(s);
                intermediate = elems > intermediate ? elems : intermediate;
            }
        }
        a.intermediateElems = intermediate;
        std::vector<double> buffers(passes > 1 ? 2 * intermediate : 0);
        return ia::Run(a, buffers.empty() ? nullptr : buffers.data()) == 0 ? KERNEL_STATUS_OK : KERNEL_STATUS_INNER_ERROR;
    }
};

REGISTER_CPU_KERNEL(interp::aicpu::kKernelName, InterpolateAicpuCpuKernel);

}  // namespace aicpu
