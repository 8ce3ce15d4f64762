// The fast build's queued GM->UB copies (core_context.h, DeferredCopies): run in order, the GM
// blocks of the copy kPrefetchCopies ahead prefetched so that their cache misses overlap, and within
// a long copy of short blocks the block kPrefetchBlocksPerCopy ahead.
#include "ascend_sim/core_context.h"

namespace ascend_sim {
namespace {

constexpr uint32_t kPrefetchCopies = 12;
constexpr uint32_t kPrefetchBlocksPerCopy = 16;
// Blocks longer than this are runs the hardware prefetcher follows.
constexpr uint32_t kShortBlockBytes = 256;

inline void Prefetch(const GmToUbCopy& c) {
    const uint32_t blocks = c.blockCount < kPrefetchBlocksPerCopy ? c.blockCount : kPrefetchBlocksPerCopy;
    for (uint32_t b = 0; b < blocks; ++b) {
        const uint8_t* s = c.src + b * c.srcPitch;
        __builtin_prefetch(s);
        __builtin_prefetch(s + c.blockLen - 1);
    }
}

}  // namespace

void FlushDeferredCopies(CoreContext& c) {
    DeferredCopies& d = c.deferred;
    const uint32_t n = d.count;
    for (uint32_t i = 0; i < n && i < kPrefetchCopies; ++i) Prefetch(d.q[i]);
    for (uint32_t i = 0; i < n; ++i) {
        if (i + kPrefetchCopies < n) Prefetch(d.q[i + kPrefetchCopies]);
        const GmToUbCopy copy = d.q[i];   // a local: the UB stores cannot alias it
        // a long copy of short blocks (a channel-last window row: a few channels of each pixel,
        // pixels far apart): the blocks past the first kPrefetchBlocksPerCopy prefetched as many
        // blocks ahead, the others are already on their way
        uint32_t b = 0;
        if (copy.blockLen <= kShortBlockBytes)
            for (; b + kPrefetchBlocksPerCopy < copy.blockCount; ++b) {
                __builtin_prefetch(copy.src + (b + kPrefetchBlocksPerCopy) * copy.srcPitch);
                __builtin_prefetch(copy.src + (b + kPrefetchBlocksPerCopy) * copy.srcPitch + copy.blockLen - 1);
                RunCopyBlock(copy, b);
            }
        for (; b < copy.blockCount; ++b) RunCopyBlock(copy, b);
    }
    d.count = 0;
}

}  // namespace ascend_sim
