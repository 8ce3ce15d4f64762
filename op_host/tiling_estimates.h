// Rough NPU rates the host tilings estimate work with, to size tiles and split cores (orders of
// magnitude of the simulator's cost model, simulator/include/ascend_sim/cost_constants.h; an
// estimate never changes a result, only how the work is cut).
#ifndef GRID_SAMPLE_TILING_ESTIMATES_H
#define GRID_SAMPLE_TILING_ESTIMATES_H

#include <cstdint>

namespace gridsample {

constexpr int64_t kEstRepeatFloats = 64;          // floats per vector repeat (256 bytes), ~1 repeat a cycle
constexpr int64_t kEstVectorIssueCycles = 20;     // the fixed cost of a vector instruction
constexpr int64_t kEstGatherElemsPerCycle = 8;    // Gather's taps a cycle
constexpr int64_t kEstDmaBytesPerCycle = 10;      // one core's DMA bandwidth with every core streaming
constexpr int64_t kEstDmaStartupCycles = 27;      // a DMA instruction's start-up

}  // namespace gridsample

#endif
