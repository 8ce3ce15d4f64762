// Counters on kernels whose counts are known by construction, launch statistics, tiling macros,
// the platform description and the CPU-debug launch interface.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "check.h"
#include "kernel_operator.h"
#include "tikicpulib.h"
#include "tiling/platform/platform_ascendc.h"

using namespace AscendC;

// These kernels test single APIs in isolation, without inter-pipe synchronisation (a race on the
// NPU); the UB race detector is exercised by test_cost_model.cpp.
static const bool g_noRaceCheck = (ascend_sim::SetRaceCheck(false), true);

struct TilingData {   // registered below as the default tiling struct
    uint32_t tiles;
    float scale;
};
struct OtherTiling {
    uint64_t a, b;
};

namespace {
uint64_t g_seenTiles = 0, g_seenKey = 0, g_seenOther = 0;
float g_seenScale = 0;

extern "C" __global__ __aicore__ void tiling_kernel(GM_ADDR x, GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    REGISTER_TILING_DEFAULT(TilingData);
    REGISTER_TILING_FOR_TILINGKEY("TILING_KEY_VAR == 7", OtherTiling);
    GET_TILING_DATA(t, tiling);
    GET_TILING_DATA_WITH_STRUCT(OtherTiling, o, tiling + sizeof(TilingData));
    if (GetBlockIdx() != 0) return;
    g_seenTiles = t.tiles;
    g_seenScale = t.scale;
    g_seenOther = o.a + o.b;
    if (TILING_KEY_IS(7)) g_seenKey = 7;
    else if (TILING_KEY_IS(3)) g_seenKey = 3;
    // the user's area follows the system workspace
    CHECK(GetUserWorkspace(workspace) == workspace + ascend_sim::GetPlatform().systemWorkspaceBytes);
    CHECK(GetBlockNum() == 2);
    (void)x;
}
}  // namespace

TEST_CASE("counters: N DataCopy of B bytes, K vector calls of count c, scalar accesses") {
    constexpr int N = 5, B = 512, K = 7, c = 100;   // 100 floats = 400 bytes -> 2 repeats
    float* g = static_cast<float*>(GmAlloc(N * B));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> a, b;
        pipe.InitBuffer(a, B);
        pipe.InitBuffer(b, 1000);   // rounds to 1024
        LocalTensor<float> u = a.Get<float>(), v = b.Get<float>();
        GlobalTensor<float> G;
        G.SetGlobalBuffer(g, N * B / 4);
        for (int i = 0; i < N; ++i) DataCopy(u, G[i * B / 4], B / 4);
        for (int i = 0; i < K; ++i) Adds(v, v, 1.0f, c);
        for (int i = 0; i < 3; ++i) DataCopy(G[i * B / 4], u, B / 4);
        DataCopy(v, u, 64);
        u.SetValue(0, u.GetValue(1));
        G.SetValue(3, G.GetValue(2) + float(GetBlockIdx()));
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 3), ascend_sim::LastLaunchError());
    ascend_sim::LaunchStats s = ascend_sim::LastLaunchStats();
    CHECK(s.blockDim == 3 && s.cores.size() == 3 && s.kernel == "kernel");
    for (const auto& k : s.cores) {
        CHECK(k.mte2Instr == N && k.mte2Bytes == uint64_t(N) * B);
        CHECK(k.mte3Instr == 3 && k.mte3Bytes == 3u * B);
        CHECK(k.vecInstr == K && k.vecRepeats == uint64_t(K) * 2);
        CHECK(k.ubCopyInstr == 1 && k.ubCopyBytes == 256);
        CHECK(k.scalarUbReads == 1 && k.scalarUbWrites == 1);
        CHECK(k.scalarGmReads == 1 && k.scalarGmWrites == 1);
        CHECK(k.peakUbBytes == uint64_t(B) + 1024);
    }
    CHECK(s.total.mte2Instr == 3u * N && s.total.vecRepeats == 3u * K * 2 && s.total.peakUbBytes == uint64_t(B) + 1024);
    CHECK(s.checked == (ASCENDC_SIM_CHECKED != 0));
    GmFree(g);
}

TEST_CASE("counters: busy cycles by API keep each pipe's sum beyond a full table") {
    ascend_sim::CoreCounters k;
    static char names[80][8];
    uint64_t want[4] = {};
    for (int i = 0; i < 80; ++i) {
        std::snprintf(names[i], sizeof names[i], "api%d", i);
        const uint32_t pipe = uint32_t(i % 4);
        k.AddBusy(pipe, names[i], 1, 10 + i);
        k.AddBusy(pipe, names[i], 1, 10 + i);   // the same entry again
        want[pipe] += 2 * (10 + i);
    }
    std::string copy = "api3";   // the same text at another address: the same entry
    k.AddBusy(3, copy.c_str(), 1, 5);
    want[3] += 5;
    CHECK(k.apiBusyCount == ascend_sim::CoreCounters::kMaxApiBusy);
    CHECK(k.busyByApi[3].cycles == 2 * 13 + 5 && k.busyByApi[3].instr == 3);
    ascend_sim::CoreCounters sum;
    sum.Add(k);
    sum.Add(k);
    for (uint32_t p = 0; p < 4; ++p) {
        uint64_t got = k.otherCycles[p], twice = sum.otherCycles[p];
        for (int i = 0; i < k.apiBusyCount; ++i) {
            CHECK(std::strcmp(k.busyByApi[i].api, names[i]) == 0 && k.busyByApi[i].pipe == uint32_t(i % 4));
            if (k.busyByApi[i].pipe == p) got += k.busyByApi[i].cycles;
        }
        for (int i = 0; i < sum.apiBusyCount; ++i)
            if (sum.busyByApi[i].pipe == p) twice += sum.busyByApi[i].cycles;
        CHECK(got == want[p]);
        CHECK(twice == 2 * want[p]);
        CHECK(k.otherInstr[p] == 8);   // 4 of the 16 names beyond the table per pipe, twice each
    }
}

TEST_CASE("counters: DataCopyPad, Cast and Compare repeats; per-core counts differ") {
    float* g = static_cast<float*>(GmAlloc(4096));
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECIN> a;   // DataCopyPad's GM->UB path takes VECIN / VECOUT
        pipe.InitBuffer(a, 8192);
        LocalTensor<float> u = a.Get<float>();
        GlobalTensor<float> G;
        G.SetGlobalBuffer(g, 1024);
        const int64_t me = GetBlockIdx();
        for (int64_t i = 0; i <= me; ++i)
            DataCopyPad(u, G, DataCopyExtParams(3, 20, 0, 0, 0), DataCopyPadExtParams<float>());   // 60 bytes each
        Cast(u[512].ReinterpretCast<half>(), u, RoundMode::CAST_RINT, 100);    // 400 bytes of float -> 2 repeats
        Compare(u[1024].ReinterpretCast<uint8_t>(), u, u[256], CMPMODE::GT, 128);   // 512 bytes -> 2 repeats
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 4), ascend_sim::LastLaunchError());
    ascend_sim::LaunchStats s = ascend_sim::LastLaunchStats();
    for (uint32_t i = 0; i < 4; ++i) {
        CHECK(s.cores[i].mte2Instr == i + 1 && s.cores[i].mte2Bytes == (i + 1) * 60u);
        CHECK(s.cores[i].vecInstr == 2 && s.cores[i].vecRepeats == 4);
    }
    CHECK(s.total.mte2Instr == 10 && s.total.mte2Bytes == 600);
    GmFree(g);
}

TEST_CASE("GET_TILING_DATA, TILING_KEY_IS, GetUserWorkspace through ICPU_RUN_KF") {
    struct { TilingData t; OtherTiling o; } host{{12, 0.5f}, {40, 2}};
    uint8_t* tiling = static_cast<uint8_t*>(GmAlloc(sizeof(host)));
    std::memcpy(tiling, &host, sizeof(host));
    uint8_t* ws = static_cast<uint8_t*>(GmAlloc(ascend_sim::GetPlatform().systemWorkspaceBytes + 64));
    uint8_t* x = static_cast<uint8_t*>(GmAlloc(64));
    SetKernelMode(KernelMode::AIV_MODE);
    ICPU_SET_TILING_KEY(7);
    CHECK(ICPU_RUN_KF(tiling_kernel, 2, x, ws, tiling));
    CHECK(g_seenTiles == 12 && g_seenScale == 0.5f && g_seenOther == 42 && g_seenKey == 7);
    CHECK(ascend_sim::LastLaunchStats().tilingKey == 7 && ascend_sim::LastLaunchStats().kernel == "tiling_kernel");
    ICPU_SET_TILING_KEY(3);
    CHECK(ICPU_RUN_KF(tiling_kernel, 2, x, ws, tiling));
    CHECK(g_seenKey == 3);
    GmFree(tiling); GmFree(ws); GmFree(x);
}

TEST_CASE("platform description and platform_ascendc") {
    ascend_sim::Platform saved = ascend_sim::GetPlatform();
    auto* plat = platform_ascendc::PlatformAscendCManager::GetInstance();
    uint64_t ub = 0;
    CHECK(ascend_sim::SetPlatformBySoc("Ascend910B3"));
    CHECK(plat->GetCoreNumAiv() == 40 && plat->GetCoreNum() == 40);
    plat->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    CHECK(ub == 196608 - 256);   // reported UB, before the tiling's ReserveLocalMemory
    platform_ascendc::PlatformAscendC reserving = *plat;   // a copy: the current device's is shared
    reserving.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_8K);
    reserving.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    CHECK(ub == 196608 - 8192 - 256);
    plat->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    CHECK(ub == 196608 - 256);   // the shared one keeps no reservation
    CHECK(plat->GetLibApiWorkSpaceSize() == 16u * 1024 * 1024);   // the system workspace on A2/A3
    CHECK(plat->GetSocVersion() == platform_ascendc::SocVersion::ASCEND910B);
    uint64_t hbm = 0, l2 = 0, other = 1;
    plat->GetCoreMemBw(platform_ascendc::CoreMemType::HBM, hbm);
    plat->GetCoreMemBw(platform_ascendc::CoreMemType::L2, l2);
    plat->GetCoreMemBw(platform_ascendc::CoreMemType::UB, other);   // L2 and HBM only
    CHECK(hbm == static_cast<uint64_t>(1.6e12 / 1.8e9) && l2 > hbm && other == 0);
    CHECK(ascend_sim::SetPlatformBySoc("Ascend910B4") && ascend_sim::GetPlatform().clockGHz == 1.5 &&
          ascend_sim::GetPlatform().aivCoreNum == 40);
    CHECK(ascend_sim::SetPlatformBySoc("Ascend910_93") && plat->GetCoreNumAiv() == 48 &&
          plat->GetSocVersion() == platform_ascendc::SocVersion::ASCEND910_93);
    CHECK(ascend_sim::SetPlatformBySoc("Ascend910B1") && plat->GetCoreNumAiv() == 48);
    CHECK(!ascend_sim::SetPlatformBySoc("Ascend310P"));
    // A kernel sees the launch platform's usable UB.
    ascend_sim::Platform p = saved;
    p.ubSize = 131072;
    p.ubReserved = 0;
    ascend_sim::SetPlatform(p);
    uint64_t seen = 0;
    auto kernel = [&] {
        TPipe pipe;
        TBuf<> b;
        pipe.InitBuffer(b, 131072);   // exactly the whole UB
        if (GetBlockIdx() == 0) seen = ascend_sim::CurrentCore().ubBytes;
    };
    CHECK_MSG(ICPU_RUN_KF(kernel, 2), ascend_sim::LastLaunchError());
    CHECK(seen == 131072);
    ascend_sim::SetPlatform(saved);
}

TEST_CASE("launch overhead stays small (48 empty cores)") {
    auto kernel = [] { TPipe pipe; TBuf<> b; pipe.InitBuffer(b, 1024); };
    for (int i = 0; i < 20; ++i) ICPU_RUN_KF(kernel, 48);   // warm the slot caches
    const int reps = 200;
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i) CHECK(ICPU_RUN_KF(kernel, 48));
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps;
    std::printf("  48-core launch: %.1f us\n", us);
    CHECK(us < 2000.0);   // generous: the machine is shared; typical is tens of microseconds
}

TEST_MAIN()
