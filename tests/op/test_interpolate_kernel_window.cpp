// The Interpolate kernel's rows pass with a window, launched directly with a hand-made tiling and a
// table the op-API layer never writes: output rows whose taps lie close together (runs of them share
// one window DMA, split where their rows outgrow the window) and output rows whose taps span more
// rows than the window holds (read tap by tap). Against sums computed here in the kernel's order
// (a product and an add per term, float32), on 1, 2 and 3 cores (on 3, two cores load only their
// output rows of the table, one of them from a row in the middle of a 32-byte block).
#include <cstring>
#include <vector>

#include "check.h"
#include "op_launch.h"
#include "kernel_operator.h"
#include "op_kernel/interpolate_kernel.h"

namespace {

constexpr int64_t kOuter = 2, kInLen = 40, kOutLen = 13, kInner = 24;
constexpr int32_t kTaps = 2, kWindow = 4, kRun = 5;

// taps of output row j: {j, j + 1} (two rows), {2j, 2j + 3} (four: the window's size) or {j, j + 9}
// (ten rows: more than the window)
void TapsOf(int64_t j, int32_t index[kTaps], float weight[kTaps]) {
    const int64_t kind = j % 3;
    index[0] = static_cast<int32_t>(kind == 1 ? 2 * j : j);
    index[1] = index[0] + (kind == 0 ? 1 : kind == 1 ? 3 : 9);
    weight[0] = 0.25f + 0.01f * static_cast<float>(j);
    weight[1] = -0.5f + 0.03f * static_cast<float>(j);
}

}  // namespace

TEST_CASE("rows pass window: runs split at the window, rows whose taps span more read tap by tap") {
    using interp::InterpolatePassTiling;
    using interp::InterpolateTilingData;
    const uint32_t rowBytes = (kInner * 4 + 31) / 32 * 32;
    const int32_t tableBytes = 2 * ((kOutLen * kTaps * 4 + 31) / 32 * 32);
    float* x = static_cast<float*>(AscendC::GmAlloc(kOuter * kInLen * kInner * 4));
    float* y = static_cast<float*>(AscendC::GmAlloc(kOuter * kOutLen * kInner * 4));
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(tableBytes));
    for (int64_t i = 0; i < kOuter * kInLen * kInner; ++i) x[i] = static_cast<float>((i * 37) % 101) / 50.0f - 1.0f;
    int32_t* index = reinterpret_cast<int32_t*>(workspace);
    float* weight = reinterpret_cast<float*>(workspace + tableBytes / 2);
    for (int64_t j = 0; j < kOutLen; ++j) TapsOf(j, index + j * kTaps, weight + j * kTaps);
    std::vector<float> want(kOuter * kOutLen * kInner);
    for (int64_t o = 0; o < kOuter; ++o)
        for (int64_t j = 0; j < kOutLen; ++j)
            for (int64_t c = 0; c < kInner; ++c) {
                const float* in = x + o * kInLen * kInner + c;
                float acc = weight[j * kTaps] * in[index[j * kTaps] * kInner];
                const float term = weight[j * kTaps + 1] * in[index[j * kTaps + 1] * kInner];
                want[(o * kOutLen + j) * kInner + c] = acc + term;
            }

    InterpolateTilingData tiling{};
    tiling.passCount = 1;
    tiling.dataKind = 0;
    InterpolatePassTiling& t = tiling.passes[0];
    t.inBufBytes = static_cast<int32_t>(kWindow * rowBytes);
    t.workBufBytes = t.outBufBytes = static_cast<int32_t>(rowBytes);
    t.workVectors = 1;   // float32 in and out
    t.tableBufBytes = tableBytes;
    t.outer = kOuter;
    t.inLen = kInLen;
    t.outLen = kOutLen;
    t.inner = kInner;
    t.srcOffset = t.dstOffset = -1;
    t.tableOffset = 0;
    t.kind = interp::kPassRows;
    t.taps = kTaps;
    t.chunk = kInner;
    t.chunksPerRow = 1;
    t.group = 1;
    t.tableBytes = tableBytes;
    t.channels = 1;
    t.window = kWindow;
    t.run = kRun;
    t.tableRows = 1;
    t.units = kOuter * ((kOutLen + kRun - 1) / kRun);
    // 3 first: the partial tables must not find a whole one left in the UB by an earlier launch
    for (uint32_t cores : {3u, 2u, 1u}) {
        t.unitsPerCore = (t.units + cores - 1) / cores;
        std::memset(y, 0xff, kOuter * kOutLen * kInner * 4);
        const bool ran = RunWithSystemWorkspace("interpolate_window", cores, [&] {
            interp::InterpolateKernel<float> op;
            op.Init(reinterpret_cast<GM_ADDR>(x), reinterpret_cast<GM_ADDR>(y), workspace, tiling);
            op.Process();
        });
        CHECK_MSG(ran, ascend_sim::LastLaunchError());
        int64_t wrong = 0;
        for (int64_t i = 0; i < kOuter * kOutLen * kInner; ++i) wrong += y[i] != want[i];
        CHECK_MSG(wrong == 0, std::to_string(wrong) + " wrong elements on " + std::to_string(cores) + " cores");
    }
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(workspace);
}

TEST_MAIN()
