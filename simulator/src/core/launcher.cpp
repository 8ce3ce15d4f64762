// The launcher: block_dim logical cores run as fibers (fiber_switch.h) on a thread pool sized to the
// machine. A fiber stays on the worker thread that started it, so a core waiting in SyncAll just
// yields its worker to the next core; 48 cores meet at a barrier even on 2 threads. Each resident
// fiber owns a cached stack and UB arena ("slot"), reused across launches.
#include <sched.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ascend_sim/core_context.h"
#include "ascend_sim/sim.h"
#include "ascendc/kernel_types.h"
#include "fiber_switch.h"

// Sanitizer builds (cmake/sanitize.cmake): the fibers' context switches are announced to ASan
// (which stack is live, so it does not mistake a fiber's frames for a stack overflow or leave stale
// poison behind) and to TSan (each fiber is its own happens-before timeline).
#if defined(__SANITIZE_ADDRESS__)
#define AGS_ASAN_FIBERS 1
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define AGS_ASAN_FIBERS 1
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define AGS_TSAN_FIBERS 1
#include <sanitizer/tsan_interface.h>
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define AGS_TSAN_FIBERS 1
#include <sanitizer/tsan_interface.h>
#endif
#endif

namespace ascend_sim {

thread_local CoreContext* t_currentCore = nullptr;

Platform PlatformSnapshot();   // platform.cpp

namespace {

struct KernelAbort {};   // unwinds one core's kernel body; caught at the fiber's entry

constexpr size_t kStackBytes = 512 * 1024;
// ASCEND_SIM_THREADS beyond this is taken as this many (each is a pool thread).
constexpr long kMaxLauncherThreads = 256;
constexpr size_t kGuardBytes = 4096;

// Sanitizer fiber hooks; no-ops in ordinary builds. A switch is announced before FiberSwitch
// (StartSwitch: the stack about to run; fakeStack null when the current fiber ends for good) and
// completed on the other side (FinishSwitch: also reports the stack that was left).
inline void AsanStartSwitch(void** fakeStack, const void* bottom, size_t size) {
#ifdef AGS_ASAN_FIBERS
    __sanitizer_start_switch_fiber(fakeStack, bottom, size);
#endif
}
inline void AsanFinishSwitch(void* fakeStack, const void** bottomOld, size_t* sizeOld) {
#ifdef AGS_ASAN_FIBERS
    __sanitizer_finish_switch_fiber(fakeStack, bottomOld, sizeOld);
#endif
}
// A reused fiber stack still carries the poison of the frames of the core that ended on it (it
// ended by a switch, not by returning): cleared before the next core starts there.
inline void AsanUnpoisonStack(uint8_t* bottom, size_t size) {
#ifdef AGS_ASAN_FIBERS
    __asan_unpoison_memory_region(bottom, size);
#else
    (void)bottom;
    (void)size;
#endif
}
inline void* TsanCreateFiber() {
#ifdef AGS_TSAN_FIBERS
    return __tsan_create_fiber(0);
#else
    return nullptr;
#endif
}
inline void TsanDestroyFiber(void* fiber) {
#ifdef AGS_TSAN_FIBERS
    if (fiber) __tsan_destroy_fiber(fiber);
#endif
}
inline void* TsanCurrentFiber() {
#ifdef AGS_TSAN_FIBERS
    return __tsan_get_current_fiber();
#else
    return nullptr;
#endif
}
inline void TsanSwitchTo(void* fiber) {
#ifdef AGS_TSAN_FIBERS
    __tsan_switch_to_fiber(fiber, 0);
#endif
}

struct Launch {
    const KernelLaunch* spec = nullptr;
    std::vector<uint8_t*> gmArgs;   // spec->gmArgs translated into storage
    uint32_t blockDim = 0;
    uint64_t ubBytes = 0;
    uint32_t aivCores = 0;
    uint32_t systemWorkspaceBytes = 0;
    uint8_t* workspace = nullptr;   // the launch's workspace argument, translated (null: none)
    bool wideLanes = false;
    std::atomic<uint32_t> nextCore{0};
    std::atomic<bool> failed{false};
    std::mutex mu;                  // guards error and the barrier state
    std::condition_variable cv;     // barrier completed or launch failed
    std::string error;
    uint32_t arrived = 0;           // cores waiting in the current SyncAll
    uint32_t finished = 0;          // cores whose kernel body ended
    uint64_t generation = 0;        // completed SyncAll barriers
    uint64_t syncMaxTime = 0;       // cost model: latest core time among the cores in the SyncAll
    uint64_t syncReleaseTime = 0;   // cost model: time the last completed SyncAll released the cores
    std::vector<CoreCounters> counters;
};

struct Slot {
    uint8_t* stackMap = nullptr;
    uint8_t* ub = nullptr;
    uint64_t ubCap = 0;
    FiberContext ctx;
    CoreContext core;
    bool finished = false;
    uint64_t waitGeneration = 0;
    void* tsanFiber = nullptr;        // TSan's fiber of this slot (sanitizer builds)
    void* asanFakeStack = nullptr;    // ASan's saved fake stack while this fiber is switched out
    Slot() {
        stackMap = static_cast<uint8_t*>(mmap(nullptr, kStackBytes + kGuardBytes, PROT_READ | PROT_WRITE,
                                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0));
        if (stackMap == MAP_FAILED) { std::perror("ascend_sim: fiber stack"); std::abort(); }
        mprotect(stackMap, kGuardBytes, PROT_NONE);   // stack overflow faults instead of corrupting
        tsanFiber = TsanCreateFiber();
    }
    ~Slot() {
        TsanDestroyFiber(tsanFiber);
        munmap(stackMap, kStackBytes + kGuardBytes);
        std::free(ub);
    }
    void ReserveUb(uint64_t bytes) {
        if (ubCap >= bytes) return;
        std::free(ub);
        ubCap = (bytes + 4095) & ~uint64_t(4095);
        ub = static_cast<uint8_t*>(std::aligned_alloc(4096, ubCap));
        if (!ub) { std::perror("ascend_sim: UB arena"); std::abort(); }
    }
};

// Per-thread scheduler state: the context to return to, cached slots, fibers parked in SyncAll.
struct Worker {
    FiberContext sched;
    const void* schedStack = nullptr;   // the thread's own stack, as ASan reported it on a switch
    size_t schedStackBytes = 0;
    void* tsanSched = nullptr;          // TSan's fiber of the thread itself
    std::vector<std::unique_ptr<Slot>> slots;
    std::vector<Slot*> idle;
    std::vector<Slot*> suspended;
};
thread_local Worker t_worker;
thread_local std::string t_lastError;

std::mutex g_statsMu;
LaunchStats g_lastStats;
std::map<std::string, LaunchStats> g_lastByKernel;

void RecordFailure(Launch& L, const std::string& msg) {
    std::lock_guard<std::mutex> lk(L.mu);
    if (!L.failed.load()) {
        L.error = msg;
        L.failed.store(true);
    }
    L.cv.notify_all();
}

std::string FormatV(const char* fmt, va_list ap) {
    char buf[1024];
    std::vsnprintf(buf, sizeof(buf), fmt, ap);
    return buf;
}

void OnCoreFinished(Launch& L, uint32_t blockIdx) {
    std::lock_guard<std::mutex> lk(L.mu);
    ++L.finished;
    if (L.arrived > 0 && !L.failed.load()) {
        char buf[256];
        std::snprintf(buf, sizeof(buf),
                      "SyncAll: core %u: finished without reaching SyncAll while %u core(s) wait in it: "
                      "the barrier can never complete", blockIdx, L.arrived);
        L.error = buf;
        L.failed.store(true);
    }
    if (L.arrived > 0 || L.failed.load()) L.cv.notify_all();
}

// Hands the thread back to its scheduler context; fakeStack null when the fiber has ended.
void SwitchToScheduler(Worker& W, Slot* s, bool ended) {
    AsanStartSwitch(ended ? nullptr : &s->asanFakeStack, W.schedStack, W.schedStackBytes);
    TsanSwitchTo(W.tsanSched);
    FiberSwitch(s->ctx, W.sched);   // an ended fiber is not switched to again
    // Resumed: ASan reports the scheduler's stack again (it may be a different stack region only
    // if the thread changed, which the launcher never does).
    AsanFinishSwitch(s->asanFakeStack, &W.schedStack, &W.schedStackBytes);
}

#if ASCENDC_SIM_CHECKED
// SetFlag / WaitFlag come in pairs (kernel_tensor.h): a flag the core set and never waited for,
// as a diagnostic; empty when there is none.
std::string UnwaitedFlag(const CoreContext& c) {
    for (uint32_t e = 0; e < kMaxHardEvents; ++e)
        for (uint32_t id = 0; id < kEventIdsPerType; ++id)
            if (c.flagCount[e][id] != 0)
                return "SetFlag: core " + std::to_string(c.blockIdx) + ": SetFlag<HardEvent::" +
                       AscendC::HardEventName(static_cast<AscendC::HardEvent>(e)) + ">(" + std::to_string(id) +
                       ") was never waited for by the end of the kernel: SetFlag and WaitFlag come in pairs";
    return {};
}
#endif

void FiberEntry() {
    AsanFinishSwitch(nullptr, &t_worker.schedStack, &t_worker.schedStackBytes);
    CoreContext& c = *t_currentCore;
    Launch& L = *static_cast<Launch*>(c.launch);
    try {
        if (L.spec->entry) L.spec->entry(L.gmArgs.data());
        else L.spec->body();
        FlushDeferredCopies(c);   // the kernel's last DMAs
        if (!c.deferredError.empty()) RecordFailure(L, c.deferredError);
#if ASCENDC_SIM_CHECKED
        const std::string unwaited = UnwaitedFlag(c);
        if (!unwaited.empty()) RecordFailure(L, unwaited);
#endif
    } catch (const KernelAbort&) {
    } catch (const std::exception& e) {
        RecordFailure(L, "kernel: core " + std::to_string(c.blockIdx) + ": threw an exception: " + e.what());
    } catch (...) {
        RecordFailure(L, "kernel: core " + std::to_string(c.blockIdx) + ": threw an exception");
    }
    CostEndCore(c);
    L.counters[c.blockIdx] = c.counters;
    OnCoreFinished(L, c.blockIdx);
    Slot* s = static_cast<Slot*>(c.slot);
    s->finished = true;
    SwitchToScheduler(t_worker, s, /*ended=*/true);
}

Slot* StartCore(Worker& W, Launch& L, uint32_t blockIdx) {
    if (W.idle.empty()) {
        W.slots.push_back(std::make_unique<Slot>());
        W.idle.push_back(W.slots.back().get());
    }
    Slot* s = W.idle.back();
    W.idle.pop_back();
    s->ReserveUb(L.ubBytes);
#if ASCENDC_SIM_CHECKED
    // An NPU's UB holds whatever ran there before, never zeros: the checked build fills it with
    // 0xFF bytes (NaN as float, -1 as an integer), so that a kernel reading UB it did not write
    // gets visibly wrong results rather than zeros or an earlier launch's data.
    std::memset(s->ub, 0xFF, L.ubBytes);
#endif
    s->finished = false;
    CoreContext& c = s->core;
    c.blockIdx = blockIdx;
    c.blockDim = L.blockDim;
    c.tilingKey = L.spec->tilingKey;
    c.ub = s->ub;
    c.ubBytes = L.ubBytes;
    c.platformAivCores = L.aivCores;
    c.systemWorkspaceBytes = L.systemWorkspaceBytes;
    c.workspace = L.workspace;
    c.wideLanes = L.wideLanes;
    c.counters = CoreCounters{};
    c.launchFailed = &L.failed;
    c.launch = &L;
    c.slot = s;
    c.pipe = nullptr;
    std::memset(c.flagCount, 0, sizeof(c.flagCount));
    c.deferredError.clear();
    CostBeginCore(c);
    AsanUnpoisonStack(s->stackMap + kGuardBytes, kStackBytes);
    FiberPrepare(s->ctx, s->stackMap + kGuardBytes, kStackBytes, FiberEntry);
    return s;
}

void Resume(Worker& W, Slot* s) {
    t_currentCore = &s->core;
    void* fakeStack = nullptr;
    AsanStartSwitch(&fakeStack, s->stackMap + kGuardBytes, kStackBytes);
    W.tsanSched = TsanCurrentFiber();
    TsanSwitchTo(s->tsanFiber);
    FiberSwitch(W.sched, s->ctx);
    AsanFinishSwitch(fakeStack, nullptr, nullptr);
    t_currentCore = nullptr;
    if (s->finished) W.idle.push_back(s);
    else W.suspended.push_back(s);
}

bool ReadyLocked(const Launch& L, const Slot* s) { return L.failed.load() || s->waitGeneration < L.generation; }

// Runs cores of L on this thread until none is left to start and none of its fibers is parked.
void RunWorker(Launch& L) {
    Worker& W = t_worker;
    for (;;) {
        Slot* next = nullptr;
        if (!W.suspended.empty()) {
            std::lock_guard<std::mutex> lk(L.mu);
            auto it = std::find_if(W.suspended.begin(), W.suspended.end(), [&](Slot* s) { return ReadyLocked(L, s); });
            if (it != W.suspended.end()) { next = *it; W.suspended.erase(it); }
        }
        if (!next) {
            uint32_t i = L.nextCore.fetch_add(1, std::memory_order_relaxed);
            if (i < L.blockDim) {
                next = StartCore(W, L, i);
            } else if (W.suspended.empty()) {
                return;
            } else {
                std::unique_lock<std::mutex> lk(L.mu);
                L.cv.wait(lk, [&] {
                    return std::any_of(W.suspended.begin(), W.suspended.end(), [&](Slot* s) { return ReadyLocked(L, s); });
                });
                continue;
            }
        }
        Resume(W, next);
    }
}

// The CPUs this process may run on (a container's or taskset's), else the machine's.
long AvailableCpus() {
    long n = static_cast<long>(std::thread::hardware_concurrency());
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) n = CPU_COUNT(&set);
#endif
    return n;
}

// Waits up to kSpinMicroseconds for `ready` by polling before a caller blocks on a condition
// variable: a launch that follows another within that time (a loop of calls) starts its helpers,
// and learns that they finished, without the futex sleep and wake-up of each (tens of
// microseconds on a VM, the size of a small call's whole kernel). OpenMP runtimes spin likewise.
// Only while every launcher thread has a CPU of its own: a spinning thread would otherwise take
// the CPU of one that works.
constexpr int64_t kSpinMicroseconds = 100;
template <typename Ready>
void SpinFor(Ready ready) {
    static const bool spin = static_cast<long>(LauncherThreads()) <= AvailableCpus();
    if (!spin) return;
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(kSpinMicroseconds);
    for (unsigned i = 1; !ready(); ++i) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
        if (i % 64 == 0 && std::chrono::steady_clock::now() >= until) return;
    }
}

// Helper threads join a launch only while it is open; the launching thread is always worker 0.
class Pool {
public:
    explicit Pool(unsigned helpers) {
        for (unsigned i = 0; i < helpers; ++i) std::thread([this] { Loop(); }).detach();
        helpers_ = helpers;
    }
    unsigned Helpers() const { return helpers_; }
    void Run(Launch& L, unsigned wanted) {
        {
            std::lock_guard<std::mutex> lk(mu_);
            current_ = &L;
            wanted_ = wanted;
            joined_ = 0;
            open_ = wanted > 0;
            epoch_.fetch_add(1, std::memory_order_release);
        }
        if (wanted > 0) start_.notify_all();
        RunWorker(L);
        std::unique_lock<std::mutex> lk(mu_);
        open_ = false;
        if (active_.load(std::memory_order_relaxed) != 0) {
            lk.unlock();
            SpinFor([&] { return active_.load(std::memory_order_acquire) == 0; });
            lk.lock();
        }
        done_.wait(lk, [&] { return active_.load(std::memory_order_relaxed) == 0; });
        current_ = nullptr;
    }

private:
    void Loop() {
        uint64_t seen = 0;
        bool ran = false;   // spin for the next launch only after taking part in one
        for (;;) {
            if (ran) SpinFor([&] { return epoch_.load(std::memory_order_acquire) != seen; });
            ran = false;
            std::unique_lock<std::mutex> lk(mu_);
            start_.wait(lk, [&] { return epoch_.load(std::memory_order_relaxed) != seen; });
            seen = epoch_.load(std::memory_order_relaxed);
            if (!open_ || joined_ >= wanted_) continue;
            ran = true;
            ++joined_;
            active_.fetch_add(1, std::memory_order_relaxed);
            Launch* L = current_;
            lk.unlock();
            RunWorker(*L);
            lk.lock();
            if (active_.fetch_sub(1, std::memory_order_release) == 1) done_.notify_all();
        }
    }
    std::mutex mu_;
    std::condition_variable start_, done_;
    Launch* current_ = nullptr;
    // written under mu_; also polled without it while spinning
    std::atomic<uint64_t> epoch_{0};
    std::atomic<unsigned> active_{0};
    unsigned wanted_ = 0, joined_ = 0, helpers_ = 0;
    bool open_ = false;
};

Pool& ThePool() {
    // Created once and never destroyed: its threads sleep until the process exits.
    static Pool* pool = new Pool(LauncherThreads() - 1);
    return *pool;
}

std::mutex& LaunchMutex() { static std::mutex m; return m; }

// The modelled span of a launch: blocks beyond the vector cores wait for one (blockDim is a
// count of logical cores, "the number of physical cores or a multiple of it": SetBlockDim,
// https://www.hiascend.com/document/detail/en/canncommercial/850/API/basicdataapi/atlasopapi_07_00236.html;
// the common scheduling mode starts a block as soon as a core is idle:
// https://www.hiascend.com/document/detail/en/canncommercial/850/API/appdevgapi/aclpythondevg_01_1122.html),
// so block b starts on the core that frees first after blocks 0 .. b-1 were dispatched in order.
uint64_t ScheduledCycles(const std::vector<CoreCounters>& blocks, uint32_t cores) {
    std::vector<uint64_t> freeAt(std::max<size_t>(1, std::min<size_t>(cores, blocks.size())), 0);
    uint64_t span = 0;
    for (const CoreCounters& b : blocks) {
        auto core = std::min_element(freeAt.begin(), freeAt.end());
        *core += b.modelledCycles;
        span = std::max(span, *core);
    }
    return span;
}
}  // namespace

void Fail(const char* api, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    std::string rule = FormatV(fmt, ap);
    va_end(ap);
    CoreContext* c = t_currentCore;
    std::string msg = std::string(api) + ": core " + std::to_string(c ? c->blockIdx : 0) + ": " + rule;
    if (c && c->launch) RecordFailure(*static_cast<Launch*>(c->launch), msg);
    throw KernelAbort{};
}

void FailDeferred(const char* api, const char* fmt, ...) {
    CoreContext* c = t_currentCore;
    if (!c || !c->deferredError.empty()) return;
    va_list ap;
    va_start(ap, fmt);
    std::string rule = FormatV(fmt, ap);
    va_end(ap);
    c->deferredError = std::string(api) + ": core " + std::to_string(c->blockIdx) + ": " + rule;
}

void AbortCore() { throw KernelAbort{}; }

void SyncAllCores() {
    CoreContext& c = *t_currentCore;
    Launch& L = *static_cast<Launch*>(c.launch);
    Slot* s = static_cast<Slot*>(c.slot);
    uint32_t finished = 0;
    const uint64_t arrival = CostCoreTime(c);   // the cost model: cores leave at the slowest one's time
    {
        std::lock_guard<std::mutex> lk(L.mu);
        if (L.failed.load()) AbortCore();
        finished = L.finished;
        if (finished == 0) {
            L.syncMaxTime = std::max(L.syncMaxTime, arrival);
            if (++L.arrived == L.blockDim) {
                L.arrived = 0;
                ++L.generation;
                L.syncReleaseTime = L.syncMaxTime;
                L.syncMaxTime = 0;
                CostResumeAt(c, L.syncReleaseTime);
                L.cv.notify_all();
                return;
            }
            s->waitGeneration = L.generation;
        }
    }
    if (finished > 0)
        Fail("SyncAll", "%u core(s) already finished without reaching this SyncAll: the barrier can never complete",
             finished);
    SwitchToScheduler(t_worker, s, /*ended=*/false);   // parked until the barrier completes or the launch fails
    if (L.failed.load()) AbortCore();
    std::lock_guard<std::mutex> lk(L.mu);
    CostResumeAt(c, L.syncReleaseTime);
}

unsigned LauncherThreads() {
    static const unsigned threads = [] {
        long n = AvailableCpus();
        if (const char* env = std::getenv("ASCEND_SIM_THREADS")) n = std::strtol(env, nullptr, 10);
        return static_cast<unsigned>(std::max(1L, std::min(n, kMaxLauncherThreads)));
    }();
    return threads;
}

bool RunKernel(const KernelLaunch& launch) {
    std::lock_guard<std::mutex> serial(LaunchMutex());
    if (launch.blockDim == 0 || launch.blockDim > 65535) {
        t_lastError = "RunKernel: kernel " + launch.name + ": blockDim " + std::to_string(launch.blockDim) +
                      " is outside [1, 65535]";
        return false;
    }
    if (!launch.body && !launch.entry) {
        t_lastError = "RunKernel: kernel " + launch.name + ": no kernel body";
        return false;
    }
    const Platform platform = PlatformSnapshot();
    Launch L;
    L.spec = &launch;
    L.blockDim = launch.blockDim;
    L.ubBytes = UsableUbBytes(platform);
    L.aivCores = platform.aivCoreNum;
    const std::string lanes = LanesInUse();
    L.wideLanes = lanes.compare(0, 8, "baseline") != 0;
    L.counters.assign(launch.blockDim, CoreCounters{});
    L.systemWorkspaceBytes = platform.systemWorkspaceBytes;
    for (void* a : launch.gmArgs) L.gmArgs.push_back(static_cast<uint8_t*>(DeviceTranslate(a)));
    if (launch.workspaceArg >= 0 && static_cast<size_t>(launch.workspaceArg) < L.gmArgs.size())
        L.workspace = L.gmArgs[launch.workspaceArg];

    Pool& pool = ThePool();
    unsigned wanted = std::min<unsigned>(pool.Helpers(), launch.blockDim - 1);
    CoreContext* outer = t_currentCore;
    pool.Run(L, wanted);
    t_currentCore = outer;

    LaunchStats stats;
    stats.kernel = launch.name;
    static std::atomic<uint64_t> launches{0};
    stats.serial = ++launches;
    stats.blockDim = launch.blockDim;
    stats.tilingKey = launch.tilingKey;
    stats.lanes = lanes;
    stats.cores = std::move(L.counters);
    for (const CoreCounters& k : stats.cores) stats.total.Add(k);
    stats.modelledCycles = ScheduledCycles(stats.cores, platform.aivCoreNum);   // the slowest core's span
    stats.clockGHz = platform.clockGHz;
    stats.modelledMicroseconds = platform.clockGHz > 0 ? double(stats.modelledCycles) / (platform.clockGHz * 1e3) : 0.0;
    {
        std::lock_guard<std::mutex> lk(g_statsMu);
        g_lastByKernel[stats.kernel] = stats;
        g_lastStats = std::move(stats);
    }
    t_lastError = L.failed.load() ? L.error : std::string();
    return !L.failed.load();
}

std::string LastLaunchError() { return t_lastError; }

LaunchStats LastLaunchStats() {
    std::lock_guard<std::mutex> lk(g_statsMu);
    return g_lastStats;
}

LaunchStats LastLaunchStatsOf(const std::string& kernel) {
    std::lock_guard<std::mutex> lk(g_statsMu);
    auto it = g_lastByKernel.find(kernel);
    return it == g_lastByKernel.end() ? LaunchStats{} : it->second;
}

}  // namespace ascend_sim
