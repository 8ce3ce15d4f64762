// Device memory that host code cannot touch: aclrtMalloc hands out addresses whose host
// dereference faults (SIGSEGV), while the runtime (aclrtMemcpy / aclrtMemset), AI Core kernels and
// AI CPU kernels reach the storage behind them. aclrtHostRegister maps host memory to a device
// address (zero-copy), with the documented argument rules.
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "ascend_sim/sim.h"
#include "ascend_sim/aicpu_launch.h"
#include "check.h"
#include "cpu_kernel.h"
#include "expect_acl_error.h"
#include "kernel_operator.h"
#include "tikicpulib.h"

// An AI CPU kernel for the tests: doubles its int32 output in place.
class DoubleInPlaceKernel : public aicpu::CpuKernel {
public:
    uint32_t Compute(aicpu::CpuKernelContext& ctx) override {
        aicpu::Tensor* t = ctx.Output(0);
        if (t == nullptr || t->GetDataType() != aicpu::DT_INT32) return aicpu::KERNEL_STATUS_PARAM_INVALID;
        int32_t* p = static_cast<int32_t*>(t->GetData());
        for (int64_t i = 0; i < t->NumElements(); ++i) p[i] *= 2;
        return aicpu::KERNEL_STATUS_OK;
    }
};
REGISTER_CPU_KERNEL("DoubleInPlace", DoubleInPlaceKernel);

namespace {
std::string Msg() { return aclGetRecentErrMsg(); }

void Setup() {
    static bool done = false;
    if (done) return;
    done = true;
    aclInit(nullptr);
    aclrtSetDevice(0);
}

// The signal that ended a child running `body`, 0 when it exited normally.
int ChildSignal(const std::function<void()>& body) {
    pid_t pid = fork();
    if (pid == 0) {
        body();
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

// A vector kernel: y[i] = x[i] + 1 for i < n, one core (int32), through GlobalTensor and DataCopy.
void AddOne(GM_ADDR x, GM_ADDR y, uint32_t n) {
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> in;
    pipe.InitBuffer(in, 1, n * sizeof(int32_t));
    AscendC::GlobalTensor<int32_t> xg, yg;
    xg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(x), n);
    yg.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(y), n);
    AscendC::LocalTensor<int32_t> t = in.AllocTensor<int32_t>();
    AscendC::DataCopy(t, xg, n);
    in.EnQue(t);
    t = in.DeQue<int32_t>();
    AscendC::Adds(t, t, int32_t(1), n);
    AscendC::TEventID id = pipe.FetchEventID(AscendC::HardEvent::V_MTE3);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(id);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(id);
    AscendC::DataCopy(yg, t, n);
    in.FreeTensor(t);
}

bool RunAddOne(void* x, void* y, uint32_t n) {
    ascend_sim::KernelLaunch launch;
    launch.name = "add_one";
    launch.blockDim = 1;
    launch.gmArgs = {x, y};
    launch.entry = [n](uint8_t* const* gm) { AddOne(gm[0], gm[1], n); };
    return ascend_sim::RunKernel(launch);
}
}  // namespace

TEST_CASE("a host read or write of aclrtMalloc memory faults (SIGSEGV); so does a freed address") {
    Setup();
    void* dev = nullptr;
    CHECK(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(ChildSignal([dev] { std::printf("%d\n", static_cast<volatile char*>(dev)[0]); }) == SIGSEGV);
    CHECK(ChildSignal([dev] { static_cast<volatile char*>(dev)[100] = 1; }) == SIGSEGV);
    CHECK(aclrtFree(dev) == ACL_SUCCESS);
    CHECK(ChildSignal([dev] { std::printf("%d\n", static_cast<volatile char*>(dev)[0]); }) == SIGSEGV);
    // control: a child that touches host memory exits normally
    std::vector<char> host(16, 3);
    CHECK(ChildSignal([&host] { std::printf("%s", host[0] == 3 ? "" : "x"); }) == 0);
}

TEST_CASE("GmAlloc memory (CPU-debug programs) stays plain host memory") {
    void* gm = AscendC::GmAlloc(64);
    static_cast<char*>(gm)[63] = 5;   // no fault
    CHECK(static_cast<char*>(gm)[63] == 5);
    CHECK(!ascend_sim::IsDeviceAddressRange(gm));
    AscendC::GmFree(gm);
}

TEST_CASE("aclrtMemcpy, aclrtMemset, AI Core and AI CPU kernels reach device memory") {
    Setup();
    const uint32_t n = 64;
    void *x = nullptr, *y = nullptr;
    CHECK(aclrtMalloc(&x, n * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(aclrtMalloc(&y, n * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    std::vector<int32_t> host(n), back(n, 0);
    for (uint32_t i = 0; i < n; ++i) host[i] = int32_t(i * 7);
    CHECK(aclrtMemcpy(x, n * 4, host.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    CHECK(RunAddOne(x, y, n));
    CHECK(aclrtMemcpy(back.data(), n * 4, y, n * 4, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
    bool ok = true;
    for (uint32_t i = 0; i < n; ++i) ok = ok && back[i] == int32_t(i * 7 + 1);
    CHECK(ok);
    // AI CPU op: doubles x in place
    ascend_sim::AicpuOpSpec op;
    op.opType = "DoubleInPlace";
    op.outputs.push_back({x, aicpu::DT_INT32, {static_cast<int64_t>(n)}, n * 4});
    CHECK(ascend_sim::EnqueueAicpuOp(nullptr, op) == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(nullptr) == ACL_SUCCESS);
    CHECK(aclrtMemcpy(back.data(), n * 4, x, n * 4, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
    ok = true;
    for (uint32_t i = 0; i < n; ++i) ok = ok && back[i] == int32_t(i * 14);
    CHECK(ok);
    // an op without a registered AI CPU kernel is refused at launch
    op.opType = "NoSuchKernel";
    CHECK(ascend_sim::EnqueueAicpuOp(nullptr, op) == ACL_ERROR_INVALID_PARAM);
    CHECK_MSG(ContainsAll(Msg(), {"NoSuchKernel", "registered"}), Msg());
    CHECK(aclrtMemset(y, n * 4, 0, n * 4) == ACL_SUCCESS);
    CHECK(aclrtMemcpy(back.data(), n * 4, y, n * 4, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS);
    CHECK(back[0] == 0 && back[n - 1] == 0);
    // a tensor that does not lie inside device memory fails the op at run time
    op.opType = "DoubleInPlace";
    op.outputs[0].bytes = n * 4 + 4;
    CHECK(ascend_sim::EnqueueAicpuOp(nullptr, op) == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(nullptr) == ACL_ERROR_RT_AICPU_EXCEPTION);
    CHECK_MSG(ContainsAll(Msg(), {"DoubleInPlace", "outside device memory"}), Msg());
    CHECK(aclrtFree(x) == ACL_SUCCESS);
    CHECK(aclrtFree(y) == ACL_SUCCESS);
}

TEST_CASE("checked build: GM bound checks work on translated addresses") {
    Setup();
    if (!ASCENDC_SIM_CHECKED) return;
    void *x = nullptr, *y = nullptr;
    CHECK(aclrtMalloc(&x, 32 * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(aclrtMalloc(&y, 64 * 4, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(RunAddOne(x, y, 32));
    // reads 64 elements from a 32-element allocation
    CHECK(!RunAddOne(x, y, 64));
    CHECK_MSG(ContainsAll(ascend_sim::LastLaunchError(), {"DataCopy", "outside"}), ascend_sim::LastLaunchError());
    CHECK(aclrtFree(x) == ACL_SUCCESS);
    CHECK(aclrtFree(y) == ACL_SUCCESS);
}

TEST_CASE("aclrtHostRegister: a device address for host memory, reached by kernels, not by copies") {
    Setup();
    const uint32_t n = 64;
    auto* x = static_cast<int32_t*>(std::aligned_alloc(4096, 4096));
    auto* y = static_cast<int32_t*>(std::aligned_alloc(4096, 4096));
    for (uint32_t i = 0; i < n; ++i) { x[i] = int32_t(i); y[i] = -1; }
    void *dx = nullptr, *dy = nullptr;
    CHECK(aclrtHostRegister(x, 4096, ACL_HOST_REGISTER_MAPPED, &dx) == ACL_SUCCESS);
    CHECK(aclrtHostRegister(y, 4096, ACL_HOST_REGISTER_MAPPED, &dy) == ACL_SUCCESS);
    CHECK(dx != nullptr && dx != x && ascend_sim::IsDeviceAddressRange(dx));
    CHECK(RunAddOne(dx, dy, n));
    bool ok = true;
    for (uint32_t i = 0; i < n; ++i) ok = ok && y[i] == int32_t(i + 1);
    CHECK(ok);   // zero-copy: the kernel wrote the host buffer
    // the mapped address is not host-dereferenceable, and memory operations do not take it
    CHECK(ChildSignal([dx] { std::printf("%d\n", static_cast<volatile char*>(dx)[0]); }) == SIGSEGV);
    int32_t v = 0;
    EXPECT_ERR(aclrtMemcpy(&v, 4, dx, 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_INVALID_MEMORY_TYPE, "aclrtMemcpy",
               "aclrtHostRegister");
    // bad arguments
    void* d = nullptr;
    EXPECT_ERR(aclrtHostRegister(nullptr, 4096, ACL_HOST_REGISTER_MAPPED, &d), ACL_ERROR_INVALID_PARAM, "aclrtHostRegister", "ptr", "nullptr");
    EXPECT_ERR(aclrtHostRegister(x, 4096, ACL_HOST_REGISTER_MAPPED, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtHostRegister", "devPtr", "nullptr");
    EXPECT_ERR(aclrtHostRegister(x, 0, ACL_HOST_REGISTER_MAPPED, &d), ACL_ERROR_INVALID_PARAM, "aclrtHostRegister", "size");
    EXPECT_ERR(aclrtHostRegister(reinterpret_cast<char*>(x) + 64, 64, ACL_HOST_REGISTER_MAPPED, &d), ACL_ERROR_INVALID_PARAM,
               "aclrtHostRegister", "ptr", "4 KiB");
    EXPECT_ERR(aclrtHostRegister(x, 4096, ACL_HOST_REGISTER_READONLY, &d), ACL_ERROR_INVALID_PARAM, "aclrtHostRegister", "type");
    EXPECT_ERR(aclrtHostRegister(x, 4096, ACL_HOST_REGISTER_MAPPED, &d), ACL_ERROR_RT_PARAM_INVALID, "aclrtHostRegister",
               "already registered");
    EXPECT_ERR(aclrtHostRegister(dx, 4096, ACL_HOST_REGISTER_MAPPED, &d), ACL_ERROR_RT_INVALID_MEMORY_TYPE, "aclrtHostRegister",
               "device address");
    EXPECT_ERR(aclrtFree(dx), ACL_ERROR_RT_PARAM_INVALID, "aclrtFree");
    CHECK(aclrtHostUnregister(x) == ACL_SUCCESS);
    CHECK(aclrtHostUnregister(y) == ACL_SUCCESS);
    EXPECT_ERR(aclrtHostUnregister(x), ACL_ERROR_RT_PARAM_INVALID, "aclrtHostUnregister", "not registered");
    EXPECT_ERR(aclrtHostUnregister(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtHostUnregister", "nullptr");
    // after unregistering, a kernel on the stale address fails (checked) instead of reaching the buffer
    if (ASCENDC_SIM_CHECKED) CHECK(!RunAddOne(dx, dy, n));
    std::free(x);
    std::free(y);
}

TEST_CASE("registered host memory as the data of aclnn tensors (zero-copy GridSample)") {
    Setup();
    // nearest, align_corners: grid points on pixel centres copy pixels, so out = input permuted
    const int64_t C = 3, H = 4, W = 5;
    auto* in = static_cast<float*>(std::aligned_alloc(4096, 4096));
    auto* grid = static_cast<float*>(std::aligned_alloc(4096, 4096));
    auto* out = static_cast<float*>(std::aligned_alloc(4096, 4096));
    for (int64_t i = 0; i < C * H * W; ++i) in[i] = float(i) * 0.5f;
    for (int64_t y = 0; y < H; ++y)
        for (int64_t x = 0; x < W; ++x) {   // sample the mirrored pixel (W-1-x, y)
            grid[(y * W + x) * 2] = float(2.0 * double(W - 1 - x) / double(W - 1) - 1.0);
            grid[(y * W + x) * 2 + 1] = float(2.0 * double(y) / double(H - 1) - 1.0);
        }
    void *din = nullptr, *dgrid = nullptr, *dout = nullptr;
    CHECK(aclrtHostRegister(in, 4096, ACL_HOST_REGISTER_MAPPED, &din) == ACL_SUCCESS);
    CHECK(aclrtHostRegister(grid, 4096, ACL_HOST_REGISTER_MAPPED, &dgrid) == ACL_SUCCESS);
    CHECK(aclrtHostRegister(out, 4096, ACL_HOST_REGISTER_MAPPED, &dout) == ACL_SUCCESS);
    const int64_t inShape[] = {1, C, H, W}, inStr[] = {C * H * W, H * W, W, 1};
    const int64_t gShape[] = {1, H, W, 2}, gStr[] = {H * W * 2, W * 2, 2, 1};
    aclTensor* ti = aclCreateTensor(inShape, 4, ACL_FLOAT, inStr, 0, ACL_FORMAT_ND, inShape, 4, din);
    aclTensor* tg = aclCreateTensor(gShape, 4, ACL_FLOAT, gStr, 0, ACL_FORMAT_ND, gShape, 4, dgrid);
    aclTensor* to = aclCreateTensor(inShape, 4, ACL_FLOAT, inStr, 0, ACL_FORMAT_ND, inShape, 4, dout);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    CHECK(aclnnGridSampler2DGetWorkspaceSize(ti, tg, 1, 0, true, to, &ws, &ex) == ACLNN_SUCCESS);
    void* dws = nullptr;
    if (ws) CHECK(aclrtMalloc(&dws, ws, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(aclnnGridSampler2D(dws, ws, ex, nullptr) == ACLNN_SUCCESS);
    CHECK(aclrtSynchronizeStream(nullptr) == ACL_SUCCESS);
    bool ok = true;
    for (int64_t c = 0; c < C; ++c)
        for (int64_t y = 0; y < H; ++y)
            for (int64_t x = 0; x < W; ++x) ok = ok && out[(c * H + y) * W + x] == in[(c * H + y) * W + (W - 1 - x)];
    CHECK(ok);
    // a used executor handle is refused, not dereferenced
    CHECK(aclnnGridSampler2D(dws, ws, ex, nullptr) == ACLNN_ERR_PARAM_INVALID);
    CHECK_MSG(ContainsAll(Msg(), {"executor", "not a live executor"}), Msg());
    CHECK(aclnnGridSampler2D(dws, ws, reinterpret_cast<aclOpExecutor*>(uintptr_t(0x1234)), nullptr) == ACLNN_ERR_PARAM_INVALID);
    if (dws) aclrtFree(dws);
    aclDestroyTensor(ti);
    aclDestroyTensor(tg);
    aclDestroyTensor(to);
    CHECK(aclrtHostUnregister(in) == ACL_SUCCESS);
    CHECK(aclrtHostUnregister(grid) == ACL_SUCCESS);
    CHECK(aclrtHostUnregister(out) == ACL_SUCCESS);
    std::free(in);
    std::free(grid);
    std::free(out);
}

TEST_MAIN()
