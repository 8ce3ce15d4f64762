// TilingData of ViewCopy: a strided view copied to or from a packed (contiguous, row-major)
// buffer of the same shape. Decided by the host (op_host/aclnn_grid_sampler.cpp) per view.
#ifndef VIEW_COPY_TILING_H
#define VIEW_COPY_TILING_H

namespace viewcopy {

constexpr int32_t kMaxRank = 8;
// Tiling keys: the element size picks the template (literal keys, as the op compiler requires).
#define VIEW_COPY_KEY_B16 2
#define VIEW_COPY_KEY_B32 4
constexpr uint32_t kGather = 0;    // view -> packed
constexpr uint32_t kScatter = 1;   // packed -> view

struct ViewCopyTilingData {
    uint32_t direction;      // kGather or kScatter
    uint32_t rank;           // dims of the view after merging, 1..kMaxRank
    int64_t shape[kMaxRank];
    int64_t stride[kMaxRank];   // elements; the innermost may be 0 (a broadcast input) for kGather
    uint64_t viewSpan;       // elements the view spans: max offset + 1
    uint64_t total;          // elements of the view (= of the packed buffer)
    uint64_t rows;           // product of the outer dims (all but the innermost)
    uint64_t unitsPerCore;   // work unit: one chunk of one row
    uint32_t chunk;          // elements per chunk (one DMA each way)
    uint32_t chunksPerRow;
    uint32_t usedCores;      // = block dim
    uint32_t bufBytes;       // bytes of each of the two UB buffers
};

}  // namespace viewcopy

#endif  // VIEW_COPY_TILING_H
