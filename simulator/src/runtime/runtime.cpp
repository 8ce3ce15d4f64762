// CPU model of the acl runtime: initialisation, devices, device/host memory and streams.
//
// Streams behave like device queues: each has a worker thread that runs its tasks (kernel
// launches, host tasks, async copies/memsets) one after another in submission order, while the
// submitting thread continues; a thread that synchronises the stream runs the tasks the worker has
// not started yet itself (Drain), still one after another in order. The first failure since the
// last synchronisation is kept on the stream and returned by aclrtSynchronizeStream /
// aclrtSynchronizeDevice; its diagnostic goes to aclGetRecentErrMsg of the synchronising thread.
//
// Error codes returned (values from the aclError table,
// https://www.hiascend.com/document/detail/en/CANNCommunityEdition/910/API/runtimeapi/aclcppdevg_03_6666.html):
//   ACL_ERROR_INVALID_PARAM          100000  null pointer argument, count > destMax/maxCount, size 0,
//                                            unknown memcpy kind, destroying the default stream
//   ACL_ERROR_UNINITIALIZE           100001  any runtime call before aclInit / after aclFinalize
//   ACL_ERROR_REPEAT_INITIALIZE      100002  aclInit twice
//   ACL_ERROR_BAD_ALLOC              200000  aclrtMallocHost cannot allocate
//   ACL_ERROR_RT_PARAM_INVALID       107000  freeing an unknown / already freed / interior pointer,
//                                            a device range running past its allocation,
//                                            synchronising or destroying a stream from its own task
//   ACL_ERROR_RT_INVALID_DEVICEID    107001  device id outside [0, device count)
//   ACL_ERROR_RT_CONTEXT_NULL        107002  no device set (aclrtSetDevice) in the process
//   ACL_ERROR_RT_INVALID_MEMORY_TYPE 107016  pointer on the wrong side for the memcpy kind, host
//                                            memory passed to aclrtFree or device memory to aclrtFreeHost
//   ACL_ERROR_RT_INVALID_HANDLE      107017  stream not created by aclrtCreateStream or already destroyed
//   ACL_ERROR_RT_MEMORY_ALLOCATION   207001  aclrtMalloc beyond the modelled device memory
//   ACL_ERROR_RT_INTERNAL_ERROR      507000  a stream task threw a C++ exception
//   ACL_ERROR_RT_AICORE_EXCEPTION    507015  (at sync) a kernel launch failed (RunKernel false)
//   ACL_ERROR_RT_AICPU_EXCEPTION     507018  (at sync) a host task returned non-zero
// Every failure also records "<call>: <parameter> <what it was>; expected <what>" for aclGetRecentErrMsg.
//
// Queued work (kernel and AI CPU launches, async copies and memsets) pins the device blocks it uses
// from enqueue until it has run: aclrtFree of a pinned block succeeds at once and the address is
// gone for the API, but the storage is released after that work (no use after free). docs/errors.md.
//
// Simplification of CANN's per-thread contexts: a thread that never called aclrtSetDevice uses the
// device most recently set by any thread of the process.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aicpu/cpu_kernel_register.h"
#include "ascend_sim/aicpu_launch.h"
#include "ascend_sim/errmsg.h"
#include "ascend_sim/sim.h"

namespace ascend_sim {
namespace {

constexpr int32_t kDeviceCount = 1;
constexpr uint64_t kDeviceMemoryBytes = 64ull << 30;   // HBM of one Atlas A2 (910B) device
constexpr size_t kMaxRememberedFrees = 1 << 16;        // recently freed addresses, to name double frees

std::string Ptr(const void* p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", p);
    return buf;
}
std::string Str(uint64_t v) { return std::to_string(v); }

aclError Fail(aclError code, const std::string& msg) {
    SetRecentErrMsg(msg + " [error " + std::to_string(code) + "]");
    return code;
}

// ---- streams -------------------------------------------------------------------------------
struct TaskResult {
    aclError code = ACL_SUCCESS;
    std::string msg;
};
using Task = std::function<TaskResult()>;

struct Stream {
    uint64_t id = 0;
    int32_t device = 0;
    bool isDefault = false;
    std::mutex mu;
    std::condition_variable workCv, idleCv;
    std::deque<Task> queue;
    bool busy = false, stopping = false;
    TaskResult firstFailure;   // first failure since the last synchronisation
    size_t failures = 0;
    std::thread worker;

    std::string Name() const {
        return isDefault ? "default stream of device " + std::to_string(device) : "stream " + Str(id);
    }
};

thread_local Stream* t_workerStream = nullptr;   // the stream whose task runs on this thread

TaskResult RunGuarded(const Task& task) {
    try {
        return task();
    } catch (const std::exception& e) {
        return {ACL_ERROR_RT_INTERNAL_ERROR, std::string("task threw an exception: ") + e.what()};
    } catch (...) {
        return {ACL_ERROR_RT_INTERNAL_ERROR, "task threw a non-standard exception"};
    }
}

// Runs the stream's first queued task on this thread (`lock` holds s.mu, released while the task
// runs) and keeps its failure.
void RunFront(Stream& s, std::unique_lock<std::mutex>& lock) {
    Task task = std::move(s.queue.front());
    s.queue.pop_front();
    s.busy = true;
    lock.unlock();
    TaskResult result = RunGuarded(task);
    task = nullptr;   // what the task holds (pinned device blocks) is released before the stream idles
    if (result.code != ACL_SUCCESS) {
        // Messages a failing task recorded on this thread belong to the report.
        const std::string own = TakePendingErrMsg();
        if (!own.empty()) result.msg += "; " + own;
    }
    lock.lock();
    s.busy = false;
    if (result.code != ACL_SUCCESS && s.failures++ == 0) s.firstFailure = std::move(result);
    if (s.queue.empty()) s.idleCv.notify_all();
}

void WorkerLoop(Stream* s) {
    t_workerStream = s;
    std::unique_lock<std::mutex> lock(s->mu);
    for (;;) {
        // not while a synchronising thread runs one of the stream's tasks (Drain): tasks run in order
        s->workCv.wait(lock, [s] { return !s->busy && (s->stopping || !s->queue.empty()); });
        if (s->queue.empty()) return;   // stopping, and everything queued has run
        RunFront(*s, lock);
    }
}

// Waits until every queued task has run; returns and clears the first failure. Tasks the worker
// has not started yet run on this thread, in queue order, instead of this thread sleeping until the
// worker has run them (two thread switches per wait, more than a small kernel costs): as tasks of
// the stream (t_workerStream), the caller's pending messages kept apart, but with this thread's
// other thread-local state (its current device, its own fiber slots and stack).
TaskResult Drain(Stream& s) {
    std::unique_lock<std::mutex> lock(s.mu);
    bool ran = false;
    while (!s.busy && !s.queue.empty()) {
        std::string callers = TakePendingErrMsg();
        Stream* const outer = t_workerStream;
        t_workerStream = &s;
        RunFront(s, lock);
        t_workerStream = outer;
        RestorePendingErrMsg(std::move(callers));   // what a successful task left goes (a worker's are never read)
        ran = true;
    }
    if (ran) s.workCv.notify_one();   // the worker waits for busy to clear (a Stop meanwhile)
    s.idleCv.wait(lock, [&s] { return s.queue.empty() && !s.busy; });
    TaskResult r = std::move(s.firstFailure);
    if (s.failures > 1) r.msg += " (and " + Str(s.failures - 1) + " later failure(s) on the same stream)";
    s.firstFailure = {};
    s.failures = 0;
    return r;
}

// Runs what is queued, then ends the worker. Must not run on the stream's own worker.
void Stop(Stream& s) {
    {
        std::lock_guard<std::mutex> lock(s.mu);
        s.stopping = true;
    }
    s.workCv.notify_all();
    if (s.worker.joinable()) s.worker.join();
}

// ---- process-wide runtime state ------------------------------------------------------------
struct Runtime {
    std::mutex mu;
    bool initialized = false;
    std::set<int32_t> activeDevices;
    int32_t lastSetDevice = -1;
    std::map<const void*, std::shared_ptr<Stream>> streams;        // handle -> created stream
    std::map<int32_t, std::shared_ptr<Stream>> defaultStreams;     // per device, made on first use
    uint64_t nextStreamId = 1;
    uint64_t deviceBytesInUse = 0;
    std::map<uintptr_t, size_t> deviceAllocs;   // aclrtMalloc'd, start -> size
    std::map<uintptr_t, size_t> hostAllocs;     // aclrtMallocHost'd, start -> size
    std::set<uintptr_t> freedDevice, freedHost;
    struct HostRegistration { uintptr_t dev; size_t bytes; };
    std::map<uintptr_t, HostRegistration> hostRegs;   // aclrtHostRegister'd: host start -> mapping
    std::map<uintptr_t, size_t> hostRegDevs;          // their device addresses -> size
};
// Never destroyed: stream workers may outlive static destruction when a program skips aclFinalize.
Runtime& RT() {
    static Runtime* rt = new Runtime;
    return *rt;
}
thread_local int32_t t_device = -1;

int32_t CurrentDeviceLocked(Runtime& rt) {
    if (t_device >= 0 && rt.activeDevices.count(t_device)) return t_device;
    if (rt.lastSetDevice >= 0 && rt.activeDevices.count(rt.lastSetDevice)) return rt.lastSetDevice;
    return rt.activeDevices.empty() ? -1 : *rt.activeDevices.begin();
}

aclError RequireInitLocked(Runtime& rt, const std::string& call) {
    if (rt.initialized) return ACL_SUCCESS;
    return Fail(ACL_ERROR_UNINITIALIZE, call + ": the runtime is not initialized; expected aclInit before "
                                               "any other acl call (and not after aclFinalize)");
}

aclError RequireDeviceLocked(Runtime& rt, const std::string& call, int32_t* device = nullptr) {
    if (aclError e = RequireInitLocked(rt, call)) return e;
    int32_t d = CurrentDeviceLocked(rt);
    if (d < 0)
        return Fail(ACL_ERROR_RT_CONTEXT_NULL,
                    call + ": no device is set; expected aclrtSetDevice(deviceId) before this call");
    if (device) *device = d;
    return ACL_SUCCESS;
}

aclError CheckDeviceId(const std::string& call, int32_t deviceId) {
    if (deviceId >= 0 && deviceId < kDeviceCount) return ACL_SUCCESS;
    return Fail(ACL_ERROR_RT_INVALID_DEVICEID,
                call + ": parameter deviceId is " + std::to_string(deviceId) + "; expected 0.." +
                    std::to_string(kDeviceCount - 1) + " (the simulator models " +
                    std::to_string(kDeviceCount) + " device)");
}

std::shared_ptr<Stream> StartStreamLocked(Runtime& rt, int32_t device, bool isDefault) {
    auto s = std::make_shared<Stream>();
    s->id = rt.nextStreamId++;
    s->device = device;
    s->isDefault = isDefault;
    s->worker = std::thread(WorkerLoop, s.get());
    return s;
}

// Maps a handle (nullptr = the current device's default stream) to its stream.
aclError ResolveStream(const std::string& call, aclrtStream handle, std::shared_ptr<Stream>& out) {
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    int32_t device = -1;
    if (aclError e = RequireDeviceLocked(rt, call, &device)) return e;
    if (handle == nullptr) {
        auto& s = rt.defaultStreams[device];
        if (!s) s = StartStreamLocked(rt, device, true);
        out = s;
        return ACL_SUCCESS;
    }
    auto it = rt.streams.find(handle);
    if (it == rt.streams.end())
        return Fail(ACL_ERROR_RT_INVALID_HANDLE,
                    call + ": parameter stream (" + Ptr(handle) +
                        ") is not a live stream (never created, or already destroyed); expected a "
                        "stream from aclrtCreateStream, or nullptr for the default stream");
    out = it->second;
    return ACL_SUCCESS;
}

aclError Enqueue(const std::string& call, Stream& s, Task task) {
    std::lock_guard<std::mutex> lock(s.mu);
    if (s.stopping)
        return Fail(ACL_ERROR_RT_INVALID_HANDLE,
                    call + ": parameter stream (" + s.Name() + ") is being destroyed; expected a live stream");
    s.queue.push_back(std::move(task));
    s.workCv.notify_one();
    return ACL_SUCCESS;
}

// Removes streams from the registry (selected by `pick`) and returns them for stopping outside the lock.
template <class Pred>
std::vector<std::shared_ptr<Stream>> DetachStreamsLocked(Runtime& rt, Pred pick) {
    std::vector<std::shared_ptr<Stream>> out;
    for (auto it = rt.streams.begin(); it != rt.streams.end();) {
        if (pick(*it->second)) { out.push_back(it->second); it = rt.streams.erase(it); } else { ++it; }
    }
    for (auto it = rt.defaultStreams.begin(); it != rt.defaultStreams.end();) {
        if (pick(*it->second)) { out.push_back(it->second); it = rt.defaultStreams.erase(it); } else { ++it; }
    }
    return out;
}

// Stops detached streams; failures nobody synchronised on are reported to this thread's messages.
void StopAll(const std::string& call, const std::vector<std::shared_ptr<Stream>>& streams) {
    for (auto& s : streams) {
        Stop(*s);
        if (s->failures)
            SetRecentErrMsg(call + ": " + s->Name() + " had an unsynchronised failure: " + s->firstFailure.msg);
    }
}

// ---- memory checks -------------------------------------------------------------------------
const char* KindName(int kind) {
    switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST: return "ACL_MEMCPY_HOST_TO_HOST";
        case ACL_MEMCPY_HOST_TO_DEVICE: return "ACL_MEMCPY_HOST_TO_DEVICE";
        case ACL_MEMCPY_DEVICE_TO_HOST: return "ACL_MEMCPY_DEVICE_TO_HOST";
        case ACL_MEMCPY_DEVICE_TO_DEVICE: return "ACL_MEMCPY_DEVICE_TO_DEVICE";
        case ACL_MEMCPY_DEFAULT: return "ACL_MEMCPY_DEFAULT";
        default: return "unknown";
    }
}

bool InDeviceMemory(const void* p) { return DeviceAddressValid(p, 1); }

// The device address of registered host memory containing p, or 0.
uintptr_t MappedHostLocked(Runtime& rt, const void* p) {
    uintptr_t a = reinterpret_cast<uintptr_t>(p);
    auto it = rt.hostRegDevs.upper_bound(a);
    if (it == rt.hostRegDevs.begin()) return 0;
    --it;
    return a < it->first + it->second ? it->first : 0;
}

// The aclrtMallocHost block containing p: {start, size}, or {0, 0}.
std::pair<uintptr_t, size_t> HostBlockLocked(Runtime& rt, const void* p) {
    uintptr_t a = reinterpret_cast<uintptr_t>(p);
    auto it = rt.hostAllocs.upper_bound(a);
    if (it == rt.hostAllocs.begin()) return {0, 0};
    --it;
    if (a >= it->first + it->second) return {0, 0};
    return {it->first, it->second};
}

// Checks that [p, p+bytes) is on the side `onDevice` says and stays inside its allocation.
aclError CheckRange(const std::string& call, const char* param, const void* p, size_t bytes, bool onDevice,
                    const std::string& because) {
    bool inDevice = InDeviceMemory(p);
    if (onDevice && !inDevice)
        return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE,
                    call + ": parameter " + param + " (" + Ptr(p) +
                        ") is not device memory (inside no live aclrtMalloc allocation); " + because +
                        " expects " + param + " on the device");
    if (!onDevice && inDevice)
        return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE,
                    call + ": parameter " + param + " (" + Ptr(p) + ") is device memory; " + because +
                        " expects " + param + " on the host");
    if (onDevice) {
        Runtime& rt = RT();
        std::lock_guard<std::mutex> lock(rt.mu);
        // aclrtHostRegister (docs: "the mapped device address cannot be used for memory operations,
        // such as memory copies")
        if (MappedHostLocked(rt, p))
            return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE,
                        call + ": parameter " + param + " (" + Ptr(p) +
                            ") is the device mapping of host memory registered by aclrtHostRegister, which memory "
                            "operations do not take; expected memory from aclrtMalloc");
    }
    if (onDevice && !DeviceAddressValid(p, bytes))
        return Fail(ACL_ERROR_RT_PARAM_INVALID,
                    call + ": parameter " + param + " range [" + Ptr(p) + ", +" + Str(bytes) +
                        " bytes) runs past the end of its device allocation; expected the " + Str(bytes) +
                        " bytes to lie inside one aclrtMalloc allocation");
    if (!onDevice) {
        Runtime& rt = RT();
        std::lock_guard<std::mutex> lock(rt.mu);
        auto block = HostBlockLocked(rt, p);
        uintptr_t a = reinterpret_cast<uintptr_t>(p);
        if (block.second && a + bytes > block.first + block.second)
            return Fail(ACL_ERROR_RT_PARAM_INVALID,
                        call + ": parameter " + param + " range [" + Ptr(p) + ", +" + Str(bytes) +
                            " bytes) runs past the end of its aclrtMallocHost block of " + Str(block.second) +
                            " bytes; expected the range inside the block");
    }
    return ACL_SUCCESS;
}

// Validates a copy: arguments, then each side against the kind (ACL_MEMCPY_DEFAULT: the pointers decide).
aclError CheckCopy(const std::string& call, void* dst, size_t destMax, const void* src, size_t count,
                   aclrtMemcpyKind kind) {
    if (dst == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter dst is nullptr; expected a destination pointer");
    if (src == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter src is nullptr; expected a source pointer");
    if (count > destMax)
        return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter count (" + Str(count) + " bytes) exceeds destMax (" +
                                                 Str(destMax) + " bytes); expected count <= destMax");
    int k = static_cast<int>(kind);
    if (k < ACL_MEMCPY_HOST_TO_HOST || k > ACL_MEMCPY_DEFAULT)
        return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter kind is " + std::to_string(k) +
                                                 "; expected an aclrtMemcpyKind (0..4)");
    bool dstDev = k == ACL_MEMCPY_HOST_TO_DEVICE || k == ACL_MEMCPY_DEVICE_TO_DEVICE;
    bool srcDev = k == ACL_MEMCPY_DEVICE_TO_HOST || k == ACL_MEMCPY_DEVICE_TO_DEVICE;
    if (k == ACL_MEMCPY_DEFAULT) { dstDev = InDeviceMemory(dst); srcDev = InDeviceMemory(src); }
    std::string because = std::string("kind ") + KindName(k);
    if (aclError e = CheckRange(call, "dst", dst, count, dstDev, because)) return e;
    return CheckRange(call, "src", src, count, srcDev, because);
}

aclError CheckSet(const std::string& call, void* devPtr, size_t maxCount, size_t count) {
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter devPtr is nullptr; expected memory from aclrtMalloc or aclrtMallocHost");
    if (count > maxCount)
        return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter count (" + Str(count) + " bytes) exceeds maxCount (" +
                                                 Str(maxCount) + " bytes); expected count <= maxCount");
    bool onDevice = InDeviceMemory(devPtr);
    if (!onDevice) {
        Runtime& rt = RT();
        std::unique_lock<std::mutex> lock(rt.mu);
        if (HostBlockLocked(rt, devPtr).second == 0)
            return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE,
                        call + ": parameter devPtr (" + Ptr(devPtr) +
                            ") is neither device memory nor an aclrtMallocHost block; expected memory from "
                            "aclrtMalloc or aclrtMallocHost");
    }
    return CheckRange(call, "devPtr", devPtr, count, onDevice, "the memset");
}


// The device blocks a queued launch uses, pinned from enqueue until the task is gone: aclrtFree
// of one of them while the launch is in flight defers the release behind it (no use after free).
struct LaunchPins {
    std::vector<uintptr_t> blocks;
    explicit LaunchPins(const std::vector<void*>& addrs) {
        for (void* a : addrs)
            if (a != nullptr)
                if (uintptr_t b = DevicePin(a)) blocks.push_back(b);
    }
    ~LaunchPins() {
        for (uintptr_t b : blocks) DeviceUnpin(b);
    }
    LaunchPins(const LaunchPins&) = delete;
    LaunchPins& operator=(const LaunchPins&) = delete;
};

}  // namespace

// ---- launch entry points used by op_host (declared in ascend_sim/sim.h) ---------------------
int EnqueueKernel(void* stream, KernelLaunch launch) {
    std::string call = "EnqueueKernel(" + launch.name + ")";
    std::shared_ptr<Stream> s;
    if (aclError e = ResolveStream(call, stream, s)) return e;
    auto pins = std::make_shared<LaunchPins>(launch.gmArgs);
    return Enqueue(call, *s, [launch = std::move(launch), pins]() -> TaskResult {
        std::string why;
        try {
            if (RunKernel(launch)) return {};
            why = LastLaunchError();   // read on the thread that ran the launch
        } catch (const std::exception& e) {
            why = std::string("exception: ") + e.what();
        }
        return {ACL_ERROR_RT_AICORE_EXCEPTION, "kernel '" + launch.name + "' (blockDim " + Str(launch.blockDim) +
                                                   ", tilingKey " + Str(launch.tilingKey) + ") failed: " + why};
    });
}

int EnqueueHostTask(void* stream, std::function<int()> task, std::string what) {
    std::string call = "EnqueueHostTask(" + what + ")";
    if (!task) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter task is empty; expected a callable");
    std::shared_ptr<Stream> s;
    if (aclError e = ResolveStream(call, stream, s)) return e;
    return Enqueue(call, *s, [task = std::move(task), what = std::move(what)]() -> TaskResult {
        int rc = 0;
        try {
            rc = task();
        } catch (const std::exception& e) {
            return {ACL_ERROR_RT_AICPU_EXCEPTION, "host task '" + what + "' threw: " + e.what()};
        }
        if (rc == 0) return {};
        return {ACL_ERROR_RT_AICPU_EXCEPTION, "host task '" + what + "' returned " + std::to_string(rc)};
    });
}

// ---- AI CPU operators (ascend_sim/aicpu_launch.h, aicpu/cpu_kernel_register.h) -------------
namespace {
std::mutex& AicpuMu() { static std::mutex mu; return mu; }
std::map<std::string, aicpu::KERNEL_CREATOR_FUN>& AicpuKernels() {
    static auto* k = new std::map<std::string, aicpu::KERNEL_CREATOR_FUN>;   // registered from static initialisers
    return *k;
}
}  // namespace

int EnqueueAicpuOp(void* stream, AicpuOpSpec op) {
    std::string call = "EnqueueAicpuOp(" + op.opType + ")";
    if (aicpu::CpuKernelRegister::Instance().GetCpuKernel(op.opType) == nullptr)
        return Fail(ACL_ERROR_INVALID_PARAM, call + ": no AI CPU kernel is registered for op type " + op.opType +
                                                 "; expected one registered with REGISTER_CPU_KERNEL");
    std::shared_ptr<Stream> s;
    if (aclError e = ResolveStream(call, stream, s)) return e;
    std::vector<void*> addrs;
    for (const auto* list : {&op.inputs, &op.outputs})
        for (const AicpuTensorSpec& t : *list) addrs.push_back(t.deviceAddr);
    auto pins = std::make_shared<LaunchPins>(addrs);
    return Enqueue(call, *s, [op = std::move(op), pins]() -> TaskResult {
        // the AI CPU sees the storage behind the device addresses, each checked to lie in one allocation
        std::vector<std::shared_ptr<aicpu::Tensor>> tensors[2];
        const char* kinds[2] = {"input", "output"};
        int k = 0;
        for (const auto* list : {&op.inputs, &op.outputs}) {
            for (size_t i = 0; i < list->size(); ++i) {
                const AicpuTensorSpec& t = (*list)[i];
                // the storage a pinned block keeps after an aclrtFree in flight still counts
                void* storage = t.deviceAddr ? DeviceTranslate(t.deviceAddr) : nullptr;
                if (storage != nullptr && t.bytes != 0 && !DeviceRangeValid(storage, t.bytes))
                    return {ACL_ERROR_RT_AICPU_EXCEPTION, "AI CPU op " + op.opType + ": " + kinds[k] + " " + Str(i) +
                                                              " of " + Str(t.bytes) + " bytes is outside device memory"};
                tensors[k].push_back(std::make_shared<aicpu::Tensor>(storage, t.bytes, t.dataType, t.dims));
            }
            ++k;
        }
        aicpu::CpuKernelContext ctx(op.opType, tensors[0], tensors[1], op.attrs);
        uint32_t rc = 0;
        try {
            rc = aicpu::CpuKernelRegister::Instance().RunCpuKernel(ctx);
        } catch (const std::exception& e) {
            return {ACL_ERROR_RT_AICPU_EXCEPTION, "AI CPU op " + op.opType + " threw: " + e.what()};
        }
        if (rc == aicpu::KERNEL_STATUS_OK) return {};
        return {ACL_ERROR_RT_AICPU_EXCEPTION, "AI CPU op " + op.opType + " returned status " + Str(rc) +
                                                  (rc == aicpu::KERNEL_STATUS_PARAM_INVALID ? " (invalid parameter)" : "")};
    });
}

}  // namespace ascend_sim

using namespace ascend_sim;

namespace aicpu {

bool RegistCpuKernel(const std::string& type, const KERNEL_CREATOR_FUN& fun) {
    if (type.empty() || !fun) return false;
    std::lock_guard<std::mutex> lock(AicpuMu());
    AicpuKernels()[type] = fun;
    return true;
}

CpuKernelRegister& CpuKernelRegister::Instance() {
    static CpuKernelRegister* r = new CpuKernelRegister;
    return *r;
}

std::shared_ptr<CpuKernel> CpuKernelRegister::GetCpuKernel(const std::string& opType) {
    KERNEL_CREATOR_FUN creator;
    {
        std::lock_guard<std::mutex> lock(AicpuMu());
        auto it = AicpuKernels().find(opType);
        if (it == AicpuKernels().end()) return nullptr;
        creator = it->second;
    }
    return creator();
}

std::vector<std::string> CpuKernelRegister::GetAllRegisteredOpTypes() const {
    std::lock_guard<std::mutex> lock(AicpuMu());
    std::vector<std::string> types;
    for (const auto& kv : AicpuKernels()) types.push_back(kv.first);
    return types;
}

uint32_t CpuKernelRegister::RunCpuKernel(CpuKernelContext& ctx) {
    std::shared_ptr<CpuKernel> kernel = GetCpuKernel(ctx.GetOpType());
    if (kernel == nullptr) return KERNEL_STATUS_PARAM_INVALID;
    return kernel->Compute(ctx);
}

}  // namespace aicpu

// ---- initialisation and devices ------------------------------------------------------------
extern "C" aclError aclInit(const char* /*configPath*/) {
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    if (rt.initialized)
        return Fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: already initialized; expected one aclInit per aclFinalize");
    rt.initialized = true;
    return ACL_SUCCESS;
}

extern "C" aclError aclFinalize() {
    Runtime& rt = RT();
    std::vector<std::shared_ptr<Stream>> streams;
    {
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireInitLocked(rt, "aclFinalize")) return e;
        if (t_workerStream) return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclFinalize: called from a stream task; expected a host thread");
        streams = DetachStreamsLocked(rt, [](const Stream&) { return true; });
        rt.initialized = false;
        rt.activeDevices.clear();
        rt.lastSetDevice = -1;
    }
    StopAll("aclFinalize", streams);
    return ACL_SUCCESS;
}

extern "C" aclError aclrtSetDevice(int32_t deviceId) {
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    if (aclError e = RequireInitLocked(rt, "aclrtSetDevice")) return e;
    if (aclError e = CheckDeviceId("aclrtSetDevice", deviceId)) return e;
    rt.activeDevices.insert(deviceId);
    rt.lastSetDevice = deviceId;
    t_device = deviceId;
    return ACL_SUCCESS;
}

extern "C" aclError aclrtResetDevice(int32_t deviceId) {
    Runtime& rt = RT();
    std::vector<std::shared_ptr<Stream>> streams;
    {
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireInitLocked(rt, "aclrtResetDevice")) return e;
        if (aclError e = CheckDeviceId("aclrtResetDevice", deviceId)) return e;
        if (t_workerStream) return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtResetDevice: called from a stream task; expected a host thread");
        streams = DetachStreamsLocked(rt, [deviceId](const Stream& s) { return s.device == deviceId; });
        rt.activeDevices.erase(deviceId);
        if (rt.lastSetDevice == deviceId) rt.lastSetDevice = -1;
        if (t_device == deviceId) t_device = -1;
    }
    StopAll("aclrtResetDevice", streams);
    return ACL_SUCCESS;
}

extern "C" aclError aclrtGetDevice(int32_t* deviceId) {
    if (deviceId == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: parameter deviceId is nullptr; expected a pointer to receive the id");
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    return RequireDeviceLocked(rt, "aclrtGetDevice", deviceId);
}

extern "C" aclError aclrtGetDeviceCount(uint32_t* count) {
    if (count == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: parameter count is nullptr; expected a pointer to receive the count");
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    if (aclError e = RequireInitLocked(rt, "aclrtGetDeviceCount")) return e;
    *count = kDeviceCount;
    return ACL_SUCCESS;
}

extern "C" aclError aclrtSynchronizeDevice(void) {
    Runtime& rt = RT();
    std::vector<std::shared_ptr<Stream>> streams;
    {
        std::lock_guard<std::mutex> lock(rt.mu);
        int32_t device = -1;
        if (aclError e = RequireDeviceLocked(rt, "aclrtSynchronizeDevice", &device)) return e;
        if (t_workerStream) return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtSynchronizeDevice: called from a stream task; it would wait for itself");
        for (auto& kv : rt.streams) if (kv.second->device == device) streams.push_back(kv.second);
        for (auto& kv : rt.defaultStreams) if (kv.first == device) streams.push_back(kv.second);
    }
    aclError first = ACL_SUCCESS;
    for (auto& s : streams) {
        TaskResult r = Drain(*s);
        if (r.code != ACL_SUCCESS) {
            aclError e = Fail(r.code, "aclrtSynchronizeDevice: " + s->Name() + ": " + r.msg);
            if (first == ACL_SUCCESS) first = e;
        }
    }
    return first;
}

// ---- streams -------------------------------------------------------------------------------
extern "C" aclError aclrtCreateStream(aclrtStream* stream) {
    if (stream == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: parameter stream is nullptr; expected a pointer to receive the handle");
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    int32_t device = -1;
    if (aclError e = RequireDeviceLocked(rt, "aclrtCreateStream", &device)) return e;
    auto s = StartStreamLocked(rt, device, false);
    rt.streams[s.get()] = s;
    *stream = s.get();
    return ACL_SUCCESS;
}

extern "C" aclError aclrtDestroyStream(aclrtStream stream) {
    if (stream == nullptr)
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: parameter stream is nullptr (the default stream, which "
                                             "cannot be destroyed); expected a stream from aclrtCreateStream");
    Runtime& rt = RT();
    std::shared_ptr<Stream> s;
    {
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireInitLocked(rt, "aclrtDestroyStream")) return e;
        auto it = rt.streams.find(stream);
        if (it == rt.streams.end())
            return Fail(ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream: parameter stream (" + Ptr(stream) +
                                                         ") is not a live stream (never created, or already "
                                                         "destroyed); expected a stream from aclrtCreateStream");
        if (t_workerStream == it->second.get())
            return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtDestroyStream: parameter stream is the stream running this "
                                                    "task; expected another stream");
        s = it->second;
        rt.streams.erase(it);
    }
    StopAll("aclrtDestroyStream", {s});   // waits for the queued work, as a device would
    return ACL_SUCCESS;
}

extern "C" aclError aclrtSynchronizeStream(aclrtStream stream) {
    std::shared_ptr<Stream> s;
    if (aclError e = ResolveStream("aclrtSynchronizeStream", stream, s)) return e;
    if (t_workerStream == s.get())
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtSynchronizeStream: parameter stream is the stream running this "
                                                "task, which would wait for itself; expected another stream");
    TaskResult r = Drain(*s);
    if (r.code == ACL_SUCCESS) return ACL_SUCCESS;
    return Fail(r.code, "aclrtSynchronizeStream: " + s->Name() + ": " + r.msg);
}

// ---- memory --------------------------------------------------------------------------------
extern "C" aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy*/) {
    // Any policy value is accepted: the documentation says out-of-range policies fall back by size.
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: parameter devPtr is nullptr; expected a pointer to receive the address");
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: parameter size is 0; expected size > 0");
    Runtime& rt = RT();
    {
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireDeviceLocked(rt, "aclrtMalloc")) return e;
        if (size > kDeviceMemoryBytes - rt.deviceBytesInUse)
            return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION,
                        "aclrtMalloc: parameter size (" + Str(size) + " bytes) exceeds the free device memory (" +
                            Str(kDeviceMemoryBytes - rt.deviceBytesInUse) + " of " + Str(kDeviceMemoryBytes) +
                            " bytes); expected a smaller size or aclrtFree of unused blocks");
        rt.deviceBytesInUse += size;   // reserved; the allocation itself runs outside the lock
    }
    void* p = DeviceAllocOpaque(size);
    std::lock_guard<std::mutex> lock(rt.mu);
    if (p == nullptr) {
        rt.deviceBytesInUse -= size;
        return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMalloc: the host could not back " + Str(size) +
                                                        " bytes of device memory; expected a smaller size");
    }
    rt.deviceAllocs[reinterpret_cast<uintptr_t>(p)] = size;
    rt.freedDevice.erase(reinterpret_cast<uintptr_t>(p));
    *devPtr = p;
    return ACL_SUCCESS;
}

extern "C" aclError aclrtFree(void* devPtr) {
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFree: parameter devPtr is nullptr; expected a pointer returned by aclrtMalloc");
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    if (aclError e = RequireInitLocked(rt, "aclrtFree")) return e;
    uintptr_t a = reinterpret_cast<uintptr_t>(devPtr);
    auto it = rt.deviceAllocs.find(a);
    if (it == rt.deviceAllocs.end()) {
        std::string head = "aclrtFree: parameter devPtr (" + Ptr(devPtr) + ") ";
        const char* expected = "; expected a live pointer returned by aclrtMalloc";
        if (HostBlockLocked(rt, devPtr).second)
            return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE, head + "is host memory from aclrtMallocHost (free it with aclrtFreeHost)" + expected);
        if (rt.freedDevice.count(a)) return Fail(ACL_ERROR_RT_PARAM_INVALID, head + "was already freed (double free)" + expected);
        if (InDeviceMemory(devPtr))
            return Fail(ACL_ERROR_RT_PARAM_INVALID, head + "is not the start of an aclrtMalloc block (an interior "
                                                           "pointer, or memory from AscendC::GmAlloc)" + expected);
        return Fail(ACL_ERROR_RT_PARAM_INVALID, head + "is not device memory (never returned by aclrtMalloc)" + expected);
    }
    DeviceFree(devPtr);
    rt.deviceBytesInUse -= it->second;
    rt.deviceAllocs.erase(it);
    if (rt.freedDevice.size() >= kMaxRememberedFrees) rt.freedDevice.clear();
    rt.freedDevice.insert(a);
    return ACL_SUCCESS;
}

extern "C" aclError aclrtMallocHost(void** hostPtr, size_t size) {
    if (hostPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: parameter hostPtr is nullptr; expected a pointer to receive the address");
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: parameter size is 0; expected size > 0");
    Runtime& rt = RT();
    {
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireDeviceLocked(rt, "aclrtMallocHost")) return e;
    }
    constexpr size_t kAlign = 64;
    void* p = size <= SIZE_MAX - kAlign ? std::aligned_alloc(kAlign, (size + kAlign - 1) / kAlign * kAlign) : nullptr;
    if (p == nullptr)
        return Fail(ACL_ERROR_BAD_ALLOC, "aclrtMallocHost: could not allocate parameter size (" + Str(size) +
                                             " bytes) of host memory; expected a smaller size");
    std::lock_guard<std::mutex> lock(rt.mu);
    rt.hostAllocs[reinterpret_cast<uintptr_t>(p)] = size;
    rt.freedHost.erase(reinterpret_cast<uintptr_t>(p));
    *hostPtr = p;
    return ACL_SUCCESS;
}

extern "C" aclError aclrtFreeHost(void* hostPtr) {
    if (hostPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: parameter hostPtr is nullptr; expected a pointer returned by aclrtMallocHost");
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    if (aclError e = RequireInitLocked(rt, "aclrtFreeHost")) return e;
    uintptr_t a = reinterpret_cast<uintptr_t>(hostPtr);
    auto it = rt.hostAllocs.find(a);
    if (it == rt.hostAllocs.end()) {
        std::string head = "aclrtFreeHost: parameter hostPtr (" + Ptr(hostPtr) + ") ";
        const char* expected = "; expected a live pointer returned by aclrtMallocHost";
        if (InDeviceMemory(hostPtr))
            return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE, head + "is device memory (free it with aclrtFree)" + expected);
        if (rt.freedHost.count(a)) return Fail(ACL_ERROR_RT_PARAM_INVALID, head + "was already freed (double free)" + expected);
        return Fail(ACL_ERROR_RT_PARAM_INVALID, head + "was not returned by aclrtMallocHost" + expected);
    }
    std::free(hostPtr);
    rt.hostAllocs.erase(it);
    if (rt.freedHost.size() >= kMaxRememberedFrees) rt.freedHost.clear();
    rt.freedHost.insert(a);
    return ACL_SUCCESS;
}

extern "C" aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    {
        Runtime& rt = RT();
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireDeviceLocked(rt, "aclrtMemset")) return e;
    }
    if (aclError e = CheckSet("aclrtMemset", devPtr, maxCount, count)) return e;
    std::memset(DeviceTranslate(devPtr), value, count);
    return ACL_SUCCESS;
}

extern "C" aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
    std::shared_ptr<Stream> s;
    if (aclError e = ResolveStream("aclrtMemsetAsync", stream, s)) return e;
    if (aclError e = CheckSet("aclrtMemsetAsync", devPtr, maxCount, count)) return e;
    // the queued memset holds the block: aclrtFree before it runs defers the release behind it
    auto pins = std::make_shared<LaunchPins>(std::vector<void*>{devPtr});
    return Enqueue("aclrtMemsetAsync", *s, [=]() -> TaskResult {
        (void)pins;
        std::memset(DeviceTranslate(devPtr), value, count);
        return {};
    });
}

extern "C" aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    {
        Runtime& rt = RT();
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireDeviceLocked(rt, "aclrtMemcpy")) return e;
    }
    if (aclError e = CheckCopy("aclrtMemcpy", dst, destMax, src, count, kind)) return e;
    std::memmove(DeviceTranslate(dst), DeviceTranslate(src), count);   // synchronous, no implicit stream synchronisation (as documented)
    return ACL_SUCCESS;
}

extern "C" aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                                     aclrtStream stream) {
    std::shared_ptr<Stream> s;
    if (aclError e = ResolveStream("aclrtMemcpyAsync", stream, s)) return e;
    if (aclError e = CheckCopy("aclrtMemcpyAsync", dst, destMax, src, count, kind)) return e;
    // the queued copy holds its device blocks: aclrtFree before it runs defers the release behind it
    auto pins = std::make_shared<LaunchPins>(std::vector<void*>{dst, const_cast<void*>(src)});
    return Enqueue("aclrtMemcpyAsync", *s, [=]() -> TaskResult {
        (void)pins;
        std::memmove(DeviceTranslate(dst), DeviceTranslate(src), count);
        return {};
    });
}

// ---- host memory registration --------------------------------------------------------------
// https://www.hiascend.com/document/detail/zh/canncommercial/850/API/appdevgapi/aclcppdevg_03_1804.html
// aclrtHostRegister(ptr, size, type, devPtr): maps host memory (ptr 4 KiB page aligned) to a
// device-accessible address; the mapped address is for kernels, not for memory operations such as
// copies. Types (aclcppdevg_03_1840): MAPPED (read-write); IOMEMORY maps a PCIe device's IO space,
// which a host buffer is not; READONLY is documented as reserved and not supported.
extern "C" aclError aclrtHostRegister(void* ptr, uint64_t size, aclrtHostRegisterType type, void** devPtr) {
    const std::string call = "aclrtHostRegister";
    if (ptr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter ptr is nullptr; expected host memory");
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter devPtr is nullptr; expected a pointer to receive the device address");
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter size is 0; expected size > 0");
    if (IsDeviceAddressRange(ptr))
        return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE, call + ": parameter ptr (" + Ptr(ptr) + ") is a device address; expected host memory");
    if (reinterpret_cast<uintptr_t>(ptr) % 4096 != 0)
        return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter ptr (" + Ptr(ptr) + ") is not 4 KiB page aligned; expected a page-aligned host address");
    if (type != ACL_HOST_REGISTER_MAPPED)
        return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter type is " + std::to_string(int(type)) +
                                                 "; expected ACL_HOST_REGISTER_MAPPED (0) for host memory");
    Runtime& rt = RT();
    std::lock_guard<std::mutex> lock(rt.mu);
    if (aclError e = RequireDeviceLocked(rt, call)) return e;
    if (rt.hostRegs.count(reinterpret_cast<uintptr_t>(ptr)))
        return Fail(ACL_ERROR_RT_PARAM_INVALID, call + ": parameter ptr (" + Ptr(ptr) +
                                                    ") is already registered; expected aclrtHostUnregister before registering it again");
    void* dev = DeviceMapHost(ptr, static_cast<size_t>(size));
    if (dev == nullptr)
        return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, call + ": no device address range of " + Str(size) + " bytes is free; expected a smaller size");
    rt.hostRegs[reinterpret_cast<uintptr_t>(ptr)] = {reinterpret_cast<uintptr_t>(dev), static_cast<size_t>(size)};
    rt.hostRegDevs[reinterpret_cast<uintptr_t>(dev)] = static_cast<size_t>(size);
    *devPtr = dev;
    return ACL_SUCCESS;
}

extern "C" aclError aclrtHostUnregister(void* ptr) {
    const std::string call = "aclrtHostUnregister";
    if (ptr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, call + ": parameter ptr is nullptr; expected a host address given to aclrtHostRegister");
    Runtime& rt = RT();
    uintptr_t dev = 0;
    {
        std::lock_guard<std::mutex> lock(rt.mu);
        if (aclError e = RequireInitLocked(rt, call)) return e;
        auto it = rt.hostRegs.find(reinterpret_cast<uintptr_t>(ptr));
        if (it == rt.hostRegs.end())
            return Fail(ACL_ERROR_RT_PARAM_INVALID, call + ": parameter ptr (" + Ptr(ptr) +
                                                        ") is not registered; expected a host address given to aclrtHostRegister");
        dev = it->second.dev;
        DeviceFree(reinterpret_cast<void*>(dev));
        rt.hostRegDevs.erase(dev);
        rt.hostRegs.erase(it);
    }
    // The host memory is the caller's again once this returns: launches still queued that use the
    // mapping (they pin it) must have run first, so wait for them, as aclrtFree defers its release.
    // Called from a stream task, that wait could be on the caller itself: it does not wait there.
    if (t_workerStream == nullptr)
        while (DeviceBlockHeld(dev)) std::this_thread::sleep_for(std::chrono::microseconds(100));
    return ACL_SUCCESS;
}
