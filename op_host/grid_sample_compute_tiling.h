// Tiling for GridSample: a pure function from shapes, strides, dtype, attributes and the
// platform (core count, UB size) to TilingData, tiling key, block_dim and workspace size.
#pragma once
#include <cstdint>
#include <string>

#include "op_kernel/grid_sample_tiling_data.h"

namespace gridsample {

// The tiling key of a kernel variant (the kernel's literal keys, op_kernel/grid_sample_tiling_data.h).
constexpr uint64_t kTilingKeyBase = 1000;
constexpr uint64_t MakeTilingKey(int32_t dataKind, int32_t mode, int32_t dims = 2) {
    return kTilingKeyBase + (dims == 3 ? 100 : 0) + static_cast<uint64_t>(dataKind) * 10 + static_cast<uint64_t>(mode);
}

struct Problem {
    int64_t n = 0, c = 0, inH = 0, inW = 0, outH = 0, outW = 0;
    int64_t inStrideN = 0, inStrideC = 0, inStrideH = 0;   // elements
    int64_t inStrideW = 1;                                  // 1 for NCHW; the pixel stride when channelLast
    int32_t channelLast = 0;                                // input C stride is 1 (NHWC memory)
    int32_t dims = 2;                                       // 3: input (N, C, D, H, W); outH = Do * Ho
    int64_t inD = 1, inStrideD = 0;
    int64_t outPlaneRows = 0;                               // 3-D: output rows per depth slice (Ho)
    int64_t gridStrideN = 0, gridStrideH = 0;              // elements; grid (W, 2) strides are (2, 1)
    int64_t outStrideN = 0, outStrideC = 0, outStrideH = 0;
    int32_t dataKind = kFloat32, mode = kBilinear, padding = kZeros, alignCorners = 0;

    // A contiguous NCHW problem.
    static Problem Contiguous(int64_t n, int64_t c, int64_t inH, int64_t inW, int64_t outH, int64_t outW);
    // 3-D, NCDHW: the output's (D, H) flattened into outD * outH rows of outPlaneRows = outH.
    static Problem Contiguous3D(int64_t n, int64_t c, int64_t inD, int64_t inH, int64_t inW, int64_t outD,
                                int64_t outH, int64_t outW);
};

struct PlatformInfo {
    uint32_t coreNum = 48;      // vector cores
    uint64_t ubBytes = 188160;  // UB a kernel may use
};

struct Tiling {
    GridSampleTilingData data{};
    uint64_t tilingKey = 0;
    uint32_t blockDim = 0;
    uint64_t workspaceBytes = 0;   // tiling data is staged in the workspace
};

// Bytes of UB the tiling's buffers take (the sum the kernel's InitBuffer calls request).
uint64_t UbBytesUsed(const GridSampleTilingData& t);

// Returns false with a reason when no tiling fits (e.g. the UB is too small).
bool ComputeTiling(const Problem& p, const PlatformInfo& platform, Tiling* out, std::string* why);
// Why the AI Core kernel cannot take a problem of this mode, padding and longest input axis
// (pixels), whatever the platform; empty when it can. ComputeTiling asks it first.
std::string KernelAxisLimit(int32_t mode, int32_t padding, int64_t longestAxis);

int64_t DataKindBytes(int32_t dataKind);

}  // namespace gridsample
