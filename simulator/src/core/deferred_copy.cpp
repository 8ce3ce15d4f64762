// The fast build's queued GM->UB copies (core_context.h, DeferredCopies): run in order, the GM
// blocks of the copy kPrefetchCopies ahead prefetched so that their cache misses overlap.
#include "ascend_sim/core_context.h"

namespace ascend_sim {
namespace {

constexpr uint32_t kPrefetchCopies = 12;
constexpr uint32_t kPrefetchBlocksPerCopy = 16;   // longer copies are runs the hardware prefetcher follows

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
        RunCopy(d.q[i]);
    }
    d.count = 0;
}

}  // namespace ascend_sim
