// Bad runtime calls: each returns its documented code and records a message naming the call,
// the parameter, what it was and what was expected. Cases run in file order: the first ones
// need the runtime uninitialised.
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "ascend_sim/sim.h"
#include "check.h"
#include "expect_acl_error.h"

TEST_CASE("calls before aclInit return ACL_ERROR_UNINITIALIZE") {
    void* p = nullptr;
    aclrtStream s = nullptr;
    char buf[8] = {};
    EXPECT_ERR(aclrtSetDevice(0), ACL_ERROR_UNINITIALIZE, "aclrtSetDevice", "aclInit");
    EXPECT_ERR(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_UNINITIALIZE, "aclrtMalloc", "aclInit");
    EXPECT_ERR(aclrtCreateStream(&s), ACL_ERROR_UNINITIALIZE, "aclrtCreateStream", "aclInit");
    EXPECT_ERR(aclrtMemcpy(buf, 8, buf + 4, 4, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_UNINITIALIZE, "aclrtMemcpy");
    EXPECT_ERR(aclrtSynchronizeStream(nullptr), ACL_ERROR_UNINITIALIZE, "aclrtSynchronizeStream");
    EXPECT_ERR(aclFinalize(), ACL_ERROR_UNINITIALIZE, "aclFinalize");
    EXPECT_ERR(ascend_sim::EnqueueHostTask(nullptr, [] { return 0; }, "t"), ACL_ERROR_UNINITIALIZE,
               "EnqueueHostTask(t)", "aclInit");
}

TEST_CASE("aclInit twice, no device set, invalid device ids") {
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    EXPECT_ERR(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit", "already initialized");
    void* p = nullptr;
    aclrtStream s = nullptr;
    int32_t dev = -5;
    EXPECT_ERR(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc", "no device",
               "aclrtSetDevice");
    EXPECT_ERR(aclrtCreateStream(&s), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream", "aclrtSetDevice");
    EXPECT_ERR(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice");
    EXPECT_ERR(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice", "deviceId", "-1", "expected 0..0");
    EXPECT_ERR(aclrtSetDevice(1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice", "deviceId", "1");
    EXPECT_ERR(aclrtResetDevice(7), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice", "deviceId", "7");
    CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
    CHECK(aclrtGetDevice(&dev) == ACL_SUCCESS && dev == 0);
    uint32_t count = 0;
    CHECK(aclrtGetDeviceCount(&count) == ACL_SUCCESS && count == 1);
}

TEST_CASE("another thread uses the device set by the process") {
    std::thread([] {
        void* p = nullptr;
        CHECK(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        CHECK(aclrtFree(p) == ACL_SUCCESS);
    }).join();
}

TEST_CASE("null pointers and zero sizes return ACL_ERROR_INVALID_PARAM") {
    void* p = nullptr;
    char buf[16] = {};
    EXPECT_ERR(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "devPtr", "nullptr");
    EXPECT_ERR(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "size", "0", "size > 0");
    EXPECT_ERR(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFree", "devPtr", "nullptr");
    EXPECT_ERR(aclrtMallocHost(nullptr, 8), ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", "hostPtr", "nullptr");
    EXPECT_ERR(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtFreeHost", "hostPtr", "nullptr");
    EXPECT_ERR(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCreateStream", "stream", "nullptr");
    EXPECT_ERR(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream", "stream", "default stream");
    EXPECT_ERR(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", "deviceId", "nullptr");
    EXPECT_ERR(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount", "count", "nullptr");
    EXPECT_ERR(aclrtMemcpy(nullptr, 8, buf, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM, "aclrtMemcpy", "dst", "nullptr");
    EXPECT_ERR(aclrtMemcpy(buf, 8, nullptr, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM, "aclrtMemcpy", "src", "nullptr");
    EXPECT_ERR(aclrtMemset(nullptr, 8, 0, 8), ACL_ERROR_INVALID_PARAM, "aclrtMemset", "devPtr", "nullptr");
    EXPECT_ERR(ascend_sim::EnqueueHostTask(nullptr, {}, "empty"), ACL_ERROR_INVALID_PARAM, "EnqueueHostTask(empty)", "task");
}

TEST_CASE("bad frees: double, unknown, interior, wrong kind of memory") {
    void* dev = nullptr;
    void* host = nullptr;
    int local = 0;
    CHECK(aclrtMalloc(&dev, 128, ACL_MEM_MALLOC_NORMAL_ONLY) == ACL_SUCCESS);
    CHECK(aclrtMallocHost(&host, 128) == ACL_SUCCESS);
    EXPECT_ERR(aclrtFree(static_cast<char*>(dev) + 8), ACL_ERROR_RT_PARAM_INVALID, "aclrtFree", "devPtr", "not the start");
    EXPECT_ERR(aclrtFree(&local), ACL_ERROR_RT_PARAM_INVALID, "aclrtFree", "devPtr", "not device memory", "aclrtMalloc");
    EXPECT_ERR(aclrtFree(host), ACL_ERROR_RT_INVALID_MEMORY_TYPE, "aclrtFree", "devPtr", "aclrtMallocHost", "aclrtFreeHost");
    EXPECT_ERR(aclrtFreeHost(dev), ACL_ERROR_RT_INVALID_MEMORY_TYPE, "aclrtFreeHost", "hostPtr", "device memory");
    EXPECT_ERR(aclrtFreeHost(&local), ACL_ERROR_RT_PARAM_INVALID, "aclrtFreeHost", "hostPtr", "not returned by aclrtMallocHost");
    CHECK(aclrtFree(dev) == ACL_SUCCESS);
    EXPECT_ERR(aclrtFree(dev), ACL_ERROR_RT_PARAM_INVALID, "aclrtFree", "devPtr", "double free");
    CHECK(aclrtFreeHost(host) == ACL_SUCCESS);
    EXPECT_ERR(aclrtFreeHost(host), ACL_ERROR_RT_PARAM_INVALID, "aclrtFreeHost", "hostPtr", "double free");
}

TEST_CASE("aclrtMalloc beyond the device memory") {
    void* p = nullptr;
    EXPECT_ERR(aclrtMalloc(&p, size_t(1) << 50, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMalloc",
               "size", "exceeds the free device memory");
    CHECK(p == nullptr);
}

TEST_CASE("aclrtMemcpy: count > destMax, wrong kind for the pointers, ranges past the allocation") {
    void* dev = nullptr;
    void* dev2 = nullptr;
    void* pinned = nullptr;
    CHECK(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(aclrtMalloc(&dev2, 256, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
    CHECK(aclrtMallocHost(&pinned, 64) == ACL_SUCCESS);
    std::vector<char> host(512, 3);
    EXPECT_ERR(aclrtMemcpy(dev, 128, host.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM, "aclrtMemcpy",
               "count", "256", "destMax", "128");
    EXPECT_ERR(aclrtMemcpy(host.data(), 256, host.data() + 256, 256, ACL_MEMCPY_HOST_TO_DEVICE),
               ACL_ERROR_RT_INVALID_MEMORY_TYPE, "aclrtMemcpy", "dst", "not device memory", "ACL_MEMCPY_HOST_TO_DEVICE");
    EXPECT_ERR(aclrtMemcpy(dev, 256, dev2, 256, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_INVALID_MEMORY_TYPE,
               "aclrtMemcpy", "src", "is device memory", "on the host");
    EXPECT_ERR(aclrtMemcpy(host.data(), 512, dev, 512, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_RT_PARAM_INVALID,
               "aclrtMemcpy", "src", "runs past the end of its device allocation");
    EXPECT_ERR(aclrtMemcpy(static_cast<char*>(dev) + 200, 100, host.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE),
               ACL_ERROR_RT_PARAM_INVALID, "aclrtMemcpy", "dst", "runs past the end");
    EXPECT_ERR(aclrtMemcpy(dev, 256, host.data(), 256, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_RT_INVALID_MEMORY_TYPE,
               "aclrtMemcpy", "src", "not device memory", "ACL_MEMCPY_DEVICE_TO_DEVICE");
    EXPECT_ERR(aclrtMemcpy(pinned, 128, host.data(), 128, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_RT_PARAM_INVALID,
               "aclrtMemcpy", "dst", "aclrtMallocHost block of 64 bytes");
    EXPECT_ERR(aclrtMemcpy(dev, 256, host.data(), 256, static_cast<aclrtMemcpyKind>(9)), ACL_ERROR_INVALID_PARAM,
               "aclrtMemcpy", "kind", "9");
    // Valid copies of every kind.
    CHECK(aclrtMemcpy(dev, 256, host.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS);
    CHECK(aclrtMemcpy(dev2, 256, dev, 256, ACL_MEMCPY_DEVICE_TO_DEVICE) == ACL_SUCCESS);
    CHECK(aclrtMemcpy(pinned, 64, dev2, 64, ACL_MEMCPY_DEFAULT) == ACL_SUCCESS);
    CHECK(aclrtMemcpy(host.data() + 256, 64, pinned, 64, ACL_MEMCPY_HOST_TO_HOST) == ACL_SUCCESS);
    CHECK(host[256] == 3 && host[319] == 3);
    // Memset: limits and kinds of memory.
    int local = 0;
    EXPECT_ERR(aclrtMemset(dev, 16, 0, 32), ACL_ERROR_INVALID_PARAM, "aclrtMemset", "count", "maxCount");
    EXPECT_ERR(aclrtMemset(&local, 4, 0, 4), ACL_ERROR_RT_INVALID_MEMORY_TYPE, "aclrtMemset", "devPtr", "neither device memory");
    EXPECT_ERR(aclrtMemset(dev, 512, 0, 512), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset", "devPtr", "runs past the end");
    CHECK(aclrtMemset(dev, 256, 0x7, 256) == ACL_SUCCESS);
    char last = 0;
    CHECK(aclrtMemcpy(&last, 1, static_cast<char*>(dev) + 255, 1, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS && last == 7);
    CHECK(aclrtFree(dev) == ACL_SUCCESS);
    CHECK(aclrtFree(dev2) == ACL_SUCCESS);
    CHECK(aclrtFreeHost(pinned) == ACL_SUCCESS);
}

TEST_CASE("unknown and destroyed streams return ACL_ERROR_RT_INVALID_HANDLE") {
    int local = 0;
    aclrtStream s = nullptr;
    CHECK(aclrtCreateStream(&s) == ACL_SUCCESS);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
    char buf[8] = {};
    EXPECT_ERR(aclrtSynchronizeStream(&local), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeStream", "stream",
               "not a live stream", "aclrtCreateStream");
    EXPECT_ERR(aclrtDestroyStream(s), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream", "stream", "not a live stream");
    EXPECT_ERR(aclrtMemcpyAsync(buf, 8, buf, 8, ACL_MEMCPY_HOST_TO_HOST, s), ACL_ERROR_RT_INVALID_HANDLE,
               "aclrtMemcpyAsync", "stream");
    ascend_sim::KernelLaunch launch;
    launch.name = "k";
    launch.body = [] {};
    EXPECT_ERR(ascend_sim::EnqueueKernel(s, launch), ACL_ERROR_RT_INVALID_HANDLE, "EnqueueKernel(k)", "stream");
}

TEST_CASE("aclGetRecentErrMsg returns pending messages newest first, then clears them") {
    CHECK(std::string(aclGetRecentErrMsg()).empty());
    CHECK(aclrtFree(nullptr) == ACL_ERROR_INVALID_PARAM);
    CHECK(aclrtGetDevice(nullptr) == ACL_ERROR_INVALID_PARAM);
    std::string m = aclGetRecentErrMsg();
    CHECK_MSG(m.find("aclrtGetDevice") < m.find("aclrtFree"), m);
    CHECK(std::string(aclGetRecentErrMsg()).empty());
}

TEST_CASE("aclrtResetDevice drains the device's streams; later calls need a device again") {
    aclrtStream s = nullptr;
    CHECK(aclrtCreateStream(&s) == ACL_SUCCESS);
    bool done = false;
    CHECK(ascend_sim::EnqueueHostTask(s, [&done] {
              std::this_thread::sleep_for(std::chrono::milliseconds(50));
              done = true;
              return 0;
          }, "slow") == ACL_SUCCESS);
    CHECK(aclrtResetDevice(0) == ACL_SUCCESS);
    CHECK(done);
    void* p = nullptr;
    EXPECT_ERR(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc", "aclrtSetDevice");
    CHECK(aclrtSetDevice(0) == ACL_SUCCESS);
    EXPECT_ERR(aclrtSynchronizeStream(s), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeStream", "not a live stream");
    CHECK(aclFinalize() == ACL_SUCCESS);
    EXPECT_ERR(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_UNINITIALIZE, "aclrtMalloc");
    CHECK(aclInit(nullptr) == ACL_SUCCESS);   // initialise again after finalize
    CHECK(aclFinalize() == ACL_SUCCESS);
}

TEST_MAIN()
