// The A2's DataCopyPad limits (DataCopyExtParams; DataCopyPad(ISASI):
// https://www.hiascend.com/doc_center/source/zh/canncommercial/800/apiref/ascendcopapi/atlasascendc_api_07_0265.html),
// one definition for the kernels and for the host tilings and op-API checks that plan their DMAs
// (the simulator checks the same rules from its own reading of the page). No includes: the
// includer provides int64_t (kernel_operator.h on the AI Core, <cstdint> on the host).
#ifndef DMA_LIMITS_H
#define DMA_LIMITS_H

constexpr int64_t kMaxDmaBlockCount = 4095;         // blockCount
constexpr int64_t kMaxDmaBlockLenBytes = 2097151;   // blockLen, bytes
constexpr int64_t kMaxDmaGapBytes = 0xFFFFFFFFll;   // srcStride / dstStride, bytes (32 bits)

#endif  // DMA_LIMITS_H
