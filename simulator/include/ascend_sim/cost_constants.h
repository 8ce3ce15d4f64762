// Every constant of the NPU cost model (checked build), in one place. All figures are MODELLED:
// none was measured here. Sources of the published ones: the Atlas A2 (arch 2201) platform
// config files, AscendC best-practice docs and a fitted per-core model in Ascend's GE repository;
// each carries a confidence label. "assumption" = no published figure.
// The clock comes from the platform (ascend_sim::Platform::clockGHz, 1.8 GHz default: high).
#pragma once
#include <cstdint>

namespace ascend_sim {
namespace cost {

// ---- DMA (MTE2: GM->UB, MTE3: UB->GM) -------------------------------------------------
// Bytes/cycle per core = base + shared / active_cores. medium-low (fitted, units inferred).
// active_cores = the launch's block_dim capped at the platform's vector cores (simplification:
// every launched core is assumed to stream for the whole kernel).
constexpr double kGmToUbBase = 9.91, kGmToUbShared = 15.90;
constexpr double kUbToGmBase = 9.96, kUbToGmShared = 3.79;
// Fixed start-up per DMA instruction. medium (fitted).
constexpr uint64_t kLoadOverhead = 27, kStoreOverhead = 12;
// Once per kernel (per core here): paid by the core's first MTE2 / MTE3 instruction. medium (fitted).
constexpr uint64_t kMte2KernelStartup = 880, kMte3KernelStartup = 500;
// A multi-block DataCopyPad moves each block rounded up to 32 bytes. assumption.
constexpr uint64_t kDmaBlockRound = 32;

// ---- vector (V) -------------------------------------------------------------------------
// One repeat = 256 bytes (high). Fixed cost per API call: 17-23 cycles for simple ops, 28-29 for
// exp/div/sqrt. medium (fitted).
constexpr uint64_t kRepeatBytes = 256;
constexpr uint64_t kVecIssue = 20, kVecIssueHeavy = 28;
// Throughput. medium (fitted): unary, tensor-scalar, Duplicate, Cast, Compare, Select ~1
// repeat/cycle; tensor-tensor ~0.75 repeat/cycle; exp/div/sqrt ~32 elements/cycle.
constexpr double kUnaryRepeatsPerCycle = 1.0;
constexpr double kBinaryRepeatsPerCycle = 0.75;
constexpr double kHeavyElemsPerCycle = 32.0;
// No published figure: assumption. Gather: 8 elements/cycle (one 32-byte block of fp32 per cycle,
// random UB reads). GatherMask: like a unary op over its source repeats. ReduceSum/Max/Min:
// 0.5 repeat/cycle (a pass plus the in-repeat tree).
constexpr double kGatherElemsPerCycle = 8.0;
constexpr double kGatherMaskRepeatsPerCycle = 1.0;
constexpr double kReduceRepeatsPerCycle = 0.5;
// UB->UB DataCopy runs on the vector pipe: vector issue + 1 repeat (256 B)/cycle. assumption
// (well under the 512 B/cycle UB read port, high).
constexpr double kUbCopyRepeatsPerCycle = 1.0;

// ---- scalar (S) -------------------------------------------------------------------------
// The scalar unit issues every API call in program order: cost to S per call. assumption.
constexpr uint64_t kScalarIssue = 2;
// Scalar UB access (GetValue/SetValue on a LocalTensor). assumption ("a few cycles").
constexpr uint64_t kScalarUbAccess = 4;
// Scalar GM access goes through a per-core data cache with 64-byte lines (qualitative only, high
// for the line size); hit/miss costs and the cache size are assumptions: a fully associative LRU
// of kDcacheLines lines (16 KiB), hit a few cycles, miss a few hundred.
constexpr uint64_t kDcacheLineBytes = 64;
constexpr uint32_t kDcacheLines = 256;
constexpr uint64_t kDcacheHit = 4, kDcacheMiss = 300;
// SyncAll (hardware all-core barrier) after the slowest core arrives. assumption.
constexpr uint64_t kSyncAllCycles = 100;

// ---- reporting only (not used by the timelines) -----------------------------------------
// Nominal HBM bandwidth of 910B2/B3, for the "HBM floor" of the benchmark. low (third-party figure).
constexpr double kHbmBytesPerSecond = 1.6e12;

}  // namespace cost
}  // namespace ascend_sim
