// Streams: asynchronous in-order execution, independence of streams, synchronisation, async
// copies in stream order, kernels and host tasks on streams, and failures reported at sync.
#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "ascend_sim/errmsg.h"
#include "ascend_sim/sim.h"
#include "ascend_sim/aicpu_launch.h"
#include "check.h"
#include "cpu_kernel.h"

using namespace std::chrono_literals;

// An AI CPU kernel for the tests: the byte at attribute `at` of its input.
std::atomic<int>* seenByReadLast = nullptr;
class ReadLastKernel : public aicpu::CpuKernel {
public:
    uint32_t Compute(aicpu::CpuKernelContext& ctx) override {
        const aicpu::Tensor* in = ctx.Input(0);
        const aicpu::AttrValue* at = ctx.GetAttr("at");
        if (in == nullptr || at == nullptr || ctx.GetInputsSize() != 1) return aicpu::KERNEL_STATUS_PARAM_INVALID;
        *seenByReadLast = static_cast<const unsigned char*>(in->GetData())[at->GetInt()];
        return aicpu::KERNEL_STATUS_OK;
    }
};
REGISTER_CPU_KERNEL("ReadLast", ReadLastKernel);

namespace {
void Ready() {
    static bool done = [] {
        CHECK(aclInit(nullptr) == ACL_SUCCESS);
        CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
        return true;
    }();
    (void)done;
}
aclrtStream NewStream() {
    Ready();
    aclrtStream s = nullptr;
    CHECK(aclrtCreateStream(&s) == ACL_SUCCESS);
    return s;
}
std::string Msg() { return aclGetRecentErrMsg(); }
}  // namespace

TEST_CASE("host tasks run asynchronously and in submission order") {
    aclrtStream s = NewStream();
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    std::mutex mu;
    std::vector<int> order;
    CHECK(ascend_sim::EnqueueHostTask(s, [opened] { opened.wait(); return 0; }, "gate") == ACL_SUCCESS);
    for (int i = 0; i < 5; ++i)
        CHECK(ascend_sim::EnqueueHostTask(s, [i, &mu, &order] {
                  std::this_thread::sleep_for(2ms);
                  std::lock_guard<std::mutex> lock(mu);
                  order.push_back(i);
                  return 0;
              }, "append") == ACL_SUCCESS);
    {   // every enqueue returned while the first task is still blocked
        std::lock_guard<std::mutex> lock(mu);
        CHECK(order.empty());
    }
    gate.set_value();
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    CHECK((order == std::vector<int>{0, 1, 2, 3, 4}));
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

TEST_CASE("two streams run independently") {
    aclrtStream a = NewStream(), b = NewStream();
    std::atomic<bool> fromB{false};
    // a's task can only succeed if b's task runs while a's is still waiting.
    CHECK(ascend_sim::EnqueueHostTask(a, [&fromB] {
              for (int i = 0; i < 500 && !fromB; ++i) std::this_thread::sleep_for(10ms);
              return fromB ? 0 : 1;
          }, "wait_for_b") == ACL_SUCCESS);
    CHECK(ascend_sim::EnqueueHostTask(b, [&fromB] { fromB = true; return 0; }, "signal") == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(b) == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(a) == ACL_SUCCESS);
    CHECK(aclrtDestroyStream(a) == ACL_SUCCESS);
    CHECK(aclrtDestroyStream(b) == ACL_SUCCESS);
}

TEST_CASE("aclrtSynchronizeStream waits for queued work; the default stream is nullptr") {
    Ready();
    std::atomic<bool> done{false};
    CHECK(ascend_sim::EnqueueHostTask(nullptr, [&done] { std::this_thread::sleep_for(50ms); done = true; return 0; },
                                      "slow") == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(nullptr) == ACL_SUCCESS);
    CHECK(done);
}

TEST_CASE("aclrtMemcpyAsync and aclrtMemsetAsync run in stream order with tasks") {
    aclrtStream s = NewStream();
    const size_t n = 1024;
    void* dev = nullptr;
    CHECK(aclrtMalloc(&dev, n, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    std::vector<unsigned char> src(n, 5), back(n, 0);
    std::atomic<int> seen{-1};
    CHECK(ascend_sim::EnqueueHostTask(s, [] { std::this_thread::sleep_for(30ms); return 0; }, "delay") == ACL_SUCCESS);
    CHECK(aclrtMemcpyAsync(dev, n, src.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, s) == ACL_SUCCESS);
    // an AI CPU op reads device memory: its kernel gets the storage behind the address it was given
    seenByReadLast = &seen;
    ascend_sim::AicpuOpSpec op;
    op.opType = "ReadLast";
    op.inputs.push_back({dev, aicpu::DT_UINT8, {static_cast<int64_t>(n)}, n});
    op.attrs["at"].SetInt(static_cast<int64_t>(n - 1));
    CHECK(ascend_sim::EnqueueAicpuOp(s, op) == ACL_SUCCESS);
    CHECK(aclrtMemsetAsync(dev, n, 9, n / 2, s) == ACL_SUCCESS);
    CHECK(aclrtMemcpyAsync(back.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST, s) == ACL_SUCCESS);
    CHECK(back[0] == 0);   // nothing ran yet: the first task still sleeps
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    CHECK(seen == 5);
    CHECK(back[0] == 9 && back[n / 2 - 1] == 9 && back[n / 2] == 5 && back[n - 1] == 5);
    CHECK(aclrtFree(dev) == ACL_SUCCESS);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

TEST_CASE("aclrtDestroyStream waits for the stream's work") {
    aclrtStream s = NewStream();
    std::atomic<bool> done{false};
    CHECK(ascend_sim::EnqueueHostTask(s, [&done] { std::this_thread::sleep_for(50ms); done = true; return 0; },
                                      "slow") == ACL_SUCCESS);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
    CHECK(done);
}

TEST_CASE("a kernel enqueued on a stream runs and its writes are visible after sync") {
    aclrtStream s = NewStream();
    const uint32_t cores = 4;
    int32_t* dev = nullptr;
    CHECK(aclrtMalloc(reinterpret_cast<void**>(&dev), cores * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    auto next = std::make_shared<std::atomic<int>>(0);
    ascend_sim::KernelLaunch launch;
    launch.name = "fill_test";
    launch.blockDim = cores;
    // device addresses reach the kernel through the launcher, which translates them
    launch.gmArgs = {dev};
    launch.entry = [next](uint8_t* const* gm) { reinterpret_cast<int32_t*>(gm[0])[(*next)++] = 42; };
    CHECK(ascend_sim::EnqueueKernel(s, launch) == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    CHECK(*next == static_cast<int>(cores));
    std::vector<int32_t> host(cores, 0);
    CHECK(aclrtMemcpy(host.data(), cores * sizeof(int32_t), dev, cores * sizeof(int32_t), ACL_MEMCPY_DEVICE_TO_HOST) ==
          ACL_SUCCESS);
    CHECK((host == std::vector<int32_t>(cores, 42)));
    CHECK(aclrtFree(dev) == ACL_SUCCESS);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

// aclrtSynchronizeStream runs the tasks the worker has not started on the synchronising thread
// (Drain); whichever thread runs them, the stream's order holds.
TEST_CASE("kernels and host tasks keep the stream's order whichever thread runs them") {
    aclrtStream s = NewStream();
    for (int round = 0; round < 200; ++round) {
        auto order = std::make_shared<std::vector<int>>();
        auto mu = std::make_shared<std::mutex>();
        auto record = [order, mu](int what) {
            std::lock_guard<std::mutex> lock(*mu);
            order->push_back(what);
        };
        for (int i = 0; i < 4; ++i) {
            if (i % 2 == 0) {
                ascend_sim::KernelLaunch launch;
                launch.name = "order_test";
                launch.blockDim = 1;
                launch.body = [record, i] {   // the first kernel is slow: a worker that did not wait for it would overtake it
                    if (i == 0) std::this_thread::sleep_for(std::chrono::microseconds(300));
                    record(i);
                };
                CHECK(ascend_sim::EnqueueKernel(s, launch) == ACL_SUCCESS);
            } else {
                CHECK(ascend_sim::EnqueueHostTask(s, [record, i] { record(i); return 0; }, "order_task") == ACL_SUCCESS);
            }
        }
        CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        CHECK_MSG((*order == std::vector<int>{0, 1, 2, 3}), "round " + std::to_string(round));
    }
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

TEST_CASE("synchronising keeps the caller's messages apart from those of the launches it waits for") {
    aclrtStream s = NewStream();
    (void)Msg();
    ascend_sim::KernelLaunch chatty;
    chatty.name = "chatty";
    chatty.blockDim = 1;
    chatty.body = [] { ascend_sim::SetRecentErrMsg("a note recorded inside the kernel"); };
    ascend_sim::SetRecentErrMsg("a message read before the launch");
    const char* held = aclGetRecentErrMsg();   // stays valid until this thread's next aclGetRecentErrMsg
    CHECK(ascend_sim::EnqueueKernel(s, chatty) == ACL_SUCCESS);
    ascend_sim::SetRecentErrMsg("the caller's own note");
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    CHECK_MSG(std::string(held) == "a message read before the launch", held);
    std::string m = Msg();
    CHECK_MSG(m == "the caller's own note", m);   // a successful launch's messages stay with it

    ascend_sim::KernelLaunch bad;
    bad.name = "bad_after_note";
    bad.blockDim = 0;
    bad.body = [] {};
    CHECK(ascend_sim::EnqueueKernel(s, bad) == ACL_SUCCESS);
    ascend_sim::SetRecentErrMsg("the caller's second note");
    CHECK(aclrtSynchronizeStream(s) == ACL_ERROR_RT_AICORE_EXCEPTION);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclrtSynchronizeStream", "kernel 'bad_after_note'", "the caller's second note"}), m);
    CHECK_MSG(m.find("kernel 'bad_after_note'") == m.rfind("kernel 'bad_after_note'"), m);   // reported once
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

TEST_CASE("a failing kernel launch is reported by aclrtSynchronizeStream with the diagnostic") {
    aclrtStream s = NewStream();
    ascend_sim::KernelLaunch launch;
    launch.name = "bad_launch";
    launch.blockDim = 0;   // rejected by the launcher
    launch.body = [] {};
    CHECK(ascend_sim::EnqueueKernel(s, launch) == ACL_SUCCESS);   // asynchronous: accepted
    CHECK(aclrtSynchronizeStream(s) == ACL_ERROR_RT_AICORE_EXCEPTION);
    std::string m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclrtSynchronizeStream", "kernel 'bad_launch'", "blockDim 0", "failed"}), m);
    // The launcher's own text follows "failed: ".
    CHECK_MSG(m.find("failed: ") != std::string::npos && m.size() > m.find("failed: ") + 9, m);
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);   // reported once; the stream stays usable
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

TEST_CASE("a failing host task is reported at sync with its own message") {
    aclrtStream s = NewStream();
    CHECK(ascend_sim::EnqueueHostTask(s, [] {
              ascend_sim::SetRecentErrMsg("aicpu grid_sample: index out of range");
              return 3;
          }, "aicpu_grid_sample") == ACL_SUCCESS);
    CHECK(ascend_sim::EnqueueHostTask(s, [] { return 0; }, "after") == ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(s) == ACL_ERROR_RT_AICPU_EXCEPTION);
    std::string m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclrtSynchronizeStream", "host task 'aicpu_grid_sample' returned 3",
                              "index out of range"}), m);
    CHECK(ascend_sim::EnqueueHostTask(s, [] { throw std::runtime_error("boom"); return 0; }, "thrower") == ACL_SUCCESS);
    CHECK(aclrtSynchronizeDevice() == ACL_ERROR_RT_AICPU_EXCEPTION);
    m = Msg();
    CHECK_MSG(ContainsAll(m, {"aclrtSynchronizeDevice", "thrower", "boom"}), m);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

TEST_CASE("a task cannot synchronise its own stream; aclrtFree of memory a queued copy uses defers the release behind it") {
    aclrtStream s = NewStream();
    aclError inner = ACL_SUCCESS;
    CHECK(ascend_sim::EnqueueHostTask(s, [&inner, s] { inner = aclrtSynchronizeStream(s); return 0; }, "self_sync") ==
          ACL_SUCCESS);
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    CHECK(inner == ACL_ERROR_RT_PARAM_INVALID);

    void* dev = nullptr;
    CHECK(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    std::vector<char> host(256, 1);
    std::promise<void> gate;
    auto opened = gate.get_future().share();
    CHECK(ascend_sim::EnqueueHostTask(s, [opened] { opened.wait(); return 0; }, "gate") == ACL_SUCCESS);
    CHECK(aclrtMemcpyAsync(dev, 256, host.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE, s) == ACL_SUCCESS);
    const ascend_sim::DeviceMemoryUse before = ascend_sim::DeviceMemoryInUse();
    CHECK(aclrtFree(dev) == ACL_SUCCESS);
    // gone for the API at once, released only after the queued copy
    CHECK(aclrtMemset(dev, 256, 0, 256) == ACL_ERROR_RT_INVALID_MEMORY_TYPE);
    CHECK(ascend_sim::DeviceMemoryInUse().pendingFrees == before.pendingFrees + 1);
    CHECK(ascend_sim::DeviceMemoryInUse().blocks == before.blocks);
    gate.set_value();
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    const ascend_sim::DeviceMemoryUse after = ascend_sim::DeviceMemoryInUse();
    CHECK(after.pendingFrees == 0);
    CHECK(after.blocks + 1 == before.blocks);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
}

TEST_CASE("aclFinalize drains every stream") {
    aclrtStream s = NewStream();
    std::atomic<bool> done{false};
    CHECK(ascend_sim::EnqueueHostTask(s, [&done] { std::this_thread::sleep_for(50ms); done = true; return 0; },
                                      "slow") == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    CHECK(done);
}

TEST_MAIN()
