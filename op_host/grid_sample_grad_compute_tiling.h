// GridSampleGrad's tiling, a pure function of the problem and the platform (unit tests call it
// directly); the gert TilingFunc (grid_sample_grad_def.cpp) is a thin adapter around it.
#pragma once
#include <cstdint>
#include <string>

#include "op_host/grid_sample_compute_tiling.h"
#include "op_kernel/grid_sample_grad_tiling_data.h"

namespace gridsample {

// Contiguous gradOutput (N, C, points), input (N, C, inD, inH, inW) (inD = 1 for 2-D) and grid
// (N, points, dims). dataKind: 0 float32, 1 float16, 2 bfloat16 (DataKind).
struct GradProblem {
    int32_t dims = 2, mode = 0, padding = 0, alignCorners = 0, dataKind = 0;
    int64_t n = 0, c = 0, inD = 1, inH = 0, inW = 0, points = 0;
    bool inputGrad = true, gridGrad = true;
};

struct GradTiling {
    GridSampleGradTilingData data{};
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    uint64_t workspaceBytes = 0;   // where the tiling data is staged
};

uint64_t MakeGradTilingKey(int32_t dims, int32_t dataKind, int32_t mode);

// The blocks a launch on 2 to kGradMinBlocks / 2 cores splits the work into at least, where each
// role has the units (a multiple of the cores): each core takes several blocks as it frees up, so
// that neither gradient's share of the work waits for the other's on cores of its own. One core
// takes a block per gradient; more cores a block each.
constexpr int64_t kGradMinBlocks = 8;

// False (with the reason in *why) when the kernel cannot take the problem: nothing to compute, an
// input row wider than the UB accumulator, or a DMA gap beyond 32 bits.
bool ComputeGradTiling(const GradProblem& p, const PlatformInfo& platform, GradTiling* out, std::string* why);

// UB bytes a core carves for the given roles (the grid chunk and the roles' buffers).
int64_t GradUbBytes(const GridSampleGradTilingData& t, bool inputRole, bool gridRole);

}  // namespace gridsample
