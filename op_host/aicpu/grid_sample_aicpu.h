// The AI CPU path of GridSample: an AI CPU kernel (plain C++ run by the device's CPU cores) for
// what the AI Core kernels do not take (float64, integer types, 1 or >= 4 spatial dims, views
// beyond a DMA's reach). Same rules as the kernels, computed in float64; integer outputs are
// rounded to nearest (ties to even) and saturated. It is launched on a stream like any kernel
// (op_host/grid_sample_launch.h) and reaches the tensors through the device addresses it is given.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace gridsample::aicpu {

enum class ElemType { kFloat32, kFloat16, kBFloat16, kFloat64, kInt8, kUInt8, kInt16, kInt32, kInt64 };

constexpr int kMaxRank = 8;

struct View {
    void* data = nullptr;
    ElemType type = ElemType::kFloat32;
    int rank = 0;
    int64_t shape[kMaxRank] = {};
    int64_t strides[kMaxRank] = {};   // elements
};

// input (N, C, S_1..S_r), grid (N, O_1..O_r, r), out (N, C, O_1..O_r); r = rank - 2 >= 1.
// mode 0 linear, 1 nearest, 2 cubic; padding 0 zeros, 1 border, 2 reflection.
// False when an element outside a view would be read or written (checked build only; nothing
// more is done then).
bool Run(const View& input, const View& grid, const View& out, int mode, int padding, bool alignCorners);

// The kernel's argument block: the views without their data pointers, which arrive as the
// kernel's device addresses (input, grid, out).
struct KernelArgs {
    View input, grid, out;
    int32_t mode = 0, padding = 0, alignCorners = 0;
};
constexpr const char* kKernelName = "GridSampleAicpu";
// The AI CPU kernel entry: addrs = {input, grid, out} as the AI CPU sees them; 0 on success.
int GridSampleAicpuKernel(void* const* addrs, uint32_t addrCount, const void* args, size_t argBytes);

}  // namespace gridsample::aicpu
