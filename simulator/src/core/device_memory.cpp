// Device (GM) memory of the model. Two kinds of address:
//  - aclrtMalloc and aclrtHostRegister hand out *device addresses* inside a reserved range of the
//    process's address space that is mapped PROT_NONE: host code that dereferences one gets SIGSEGV,
//    as it would on an NPU. Only the runtime (aclrtMemcpy*, aclrtMemset*) and the launchers (AI Core
//    kernels, AI CPU kernels) translate them into the host storage behind them.
//  - AscendC::GmAlloc (CPU-debug programs) returns plain host memory, as CANN's CPU debug mode does;
//    its device address is its storage address.
// The checked build's GM access checks see storage addresses (kernels run on translated pointers),
// so DeviceRangeValid accepts those; the runtime's side checks use DeviceAddressValid.
#include "ascend_sim/sim.h"

#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace ascend_sim {
namespace {
constexpr size_t kAlign = 64;
// Address space for device addresses, never backed: 4 TiB, or less where the process may not
// reserve that much (a virtual memory limit).
constexpr uintptr_t kDeviceRangeBytes[] = {uintptr_t(1) << 42, uintptr_t(1) << 38, uintptr_t(1) << 34,
                                        uintptr_t(1) << 30};
constexpr uintptr_t kGuardBytes = 4096;                        // unused gap after each block

struct Block {
    size_t bytes = 0;
    char* storage = nullptr;
    bool ownsStorage = false;   // false: registered host memory (aclrtHostRegister), or GmAlloc identity
    // Launches queued on a stream hold a pin from enqueue until they have run. Freeing a pinned block
    // (aclrtFree while a launch that uses it is in flight) only marks it: the API no longer accepts
    // the address, and the storage stays until the last pin is released (no use after free).
    int pins = 0;
    bool freed = false;
};

struct Registry {
    std::shared_mutex mu;
    std::map<uintptr_t, Block> byDevice;        // device address -> block
    std::map<uintptr_t, uintptr_t> byStorage;   // owned storage address -> device address (disjoint)
    std::map<uintptr_t, uintptr_t> hostMaps;    // registered host address -> device address (may overlap; few)
    uintptr_t rangeBase = 0, rangeEnd = 0, cursor = 0;
    Registry() {
        for (uintptr_t bytes : kDeviceRangeBytes) {
            void* p = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (p == MAP_FAILED) continue;
            rangeBase = reinterpret_cast<uintptr_t>(p);
            rangeEnd = rangeBase + bytes;
            cursor = rangeBase;
            break;
        }
    }
};
Registry& Reg() { static Registry r; return r; }

template <typename Map>
typename Map::const_iterator Containing(const Map& m, uintptr_t a) {
    auto it = m.upper_bound(a);
    if (it == m.begin()) return m.end();
    return --it;
}

bool InRange(const Registry& r, uintptr_t a) { return a >= r.rangeBase && a < r.rangeEnd; }

// A free stretch of device addresses (first fit from the cursor, wrapping once): freed addresses
// are not handed out again soon, so a stale pointer keeps faulting.
uintptr_t PickDeviceAddressLocked(Registry& r, size_t bytes) {
    if (r.rangeBase == 0) return 0;
    const uintptr_t need = (bytes + kAlign - 1) / kAlign * kAlign + kGuardBytes;
    for (int pass = 0; pass < 2; ++pass) {
        uintptr_t a = r.cursor;
        auto it = r.byDevice.lower_bound(a);
        if (it != r.byDevice.begin()) {
            auto prev = std::prev(it);
            if (InRange(r, prev->first)) a = std::max(a, prev->first + prev->second.bytes + kGuardBytes);
        }
        a = (a + kAlign - 1) / kAlign * kAlign;
        for (; it != r.byDevice.end() && a + need > it->first; ++it)
            if (InRange(r, it->first)) a = (it->first + it->second.bytes + kGuardBytes + kAlign - 1) / kAlign * kAlign;
        if (a + need <= r.rangeEnd && a >= r.rangeBase) {
            r.cursor = a + need;
            return a;
        }
        r.cursor = r.rangeBase;
    }
    return 0;
}

void InsertLocked(Registry& r, uintptr_t dev, const Block& b) {
    r.byDevice[dev] = b;
    (b.ownsStorage ? r.byStorage : r.hostMaps)[reinterpret_cast<uintptr_t>(b.storage)] = dev;
}

// Large blocks are anonymous mappings: zeroed and page-aligned without touching them, so a workspace
// whose 16 MiB system area no kernel of this package writes costs no memset per launch.
constexpr size_t kMapThreshold = 1u << 20;

size_t RoundedBytes(size_t bytes) { return ((bytes ? bytes : 1) + kAlign - 1) / kAlign * kAlign; }

void* AllocStorage(size_t bytes) {
    const size_t rounded = RoundedBytes(bytes);
    if (rounded >= kMapThreshold) {
        void* p = mmap(nullptr, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        return p == MAP_FAILED ? nullptr : p;
    }
    void* p = std::aligned_alloc(kAlign, rounded);
    if (p) std::memset(p, 0, rounded);
    return p;
}

void FreeStorage(void* p, size_t bytes) {
    const size_t rounded = RoundedBytes(bytes);
    if (rounded >= kMapThreshold) munmap(p, rounded);
    else std::free(p);
}
}  // namespace

void* DeviceAlloc(size_t bytes, const char* /*who*/) {
    // Zero-byte allocations still get a distinct address so they can be freed and tracked.
    void* p = AllocStorage(bytes);
    if (p == nullptr) return nullptr;
    std::unique_lock<std::shared_mutex> lock(Reg().mu);
    InsertLocked(Reg(), reinterpret_cast<uintptr_t>(p), Block{bytes, static_cast<char*>(p), true});
    return p;
}

void* DeviceAllocOpaque(size_t bytes) {
    void* storage = AllocStorage(bytes);
    if (storage == nullptr) return nullptr;
    Registry& r = Reg();
    std::unique_lock<std::shared_mutex> lock(r.mu);
    uintptr_t dev = PickDeviceAddressLocked(r, bytes ? bytes : 1);
    if (dev == 0) {
        FreeStorage(storage, bytes);
        return nullptr;
    }
    InsertLocked(r, dev, Block{bytes, static_cast<char*>(storage), true});
    return reinterpret_cast<void*>(dev);
}

void* DeviceMapHost(void* host, size_t bytes) {
    if (host == nullptr || bytes == 0) return nullptr;
    Registry& r = Reg();
    std::unique_lock<std::shared_mutex> lock(r.mu);
    uintptr_t dev = PickDeviceAddressLocked(r, bytes);
    if (dev == 0) return nullptr;
    InsertLocked(r, dev, Block{bytes, static_cast<char*>(host), false});
    return reinterpret_cast<void*>(dev);
}

bool DeviceFree(void* p) {
    Registry& r = Reg();
    Block b;
    {
        std::unique_lock<std::shared_mutex> lock(r.mu);
        auto it = r.byDevice.find(reinterpret_cast<uintptr_t>(p));
        if (it == r.byDevice.end()) return false;
        if (it->second.freed) return false;
        if (it->second.pins > 0) {
            it->second.freed = true;
            return true;
        }
        b = it->second;
        auto& index = b.ownsStorage ? r.byStorage : r.hostMaps;
        auto s = index.find(reinterpret_cast<uintptr_t>(b.storage));
        if (s != index.end() && s->second == it->first) index.erase(s);
        r.byDevice.erase(it);
    }
    if (b.ownsStorage) FreeStorage(b.storage, b.bytes);
    return true;
}

size_t DeviceAllocationSize(const void* p) {
    std::shared_lock<std::shared_mutex> lock(Reg().mu);
    auto it = Reg().byDevice.find(reinterpret_cast<uintptr_t>(p));
    return it == Reg().byDevice.end() || it->second.freed ? 0 : it->second.bytes;
}

bool DeviceAddressValid(const void* p, size_t bytes) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    Registry& r = Reg();
    std::shared_lock<std::shared_mutex> lock(r.mu);
    auto it = Containing(r.byDevice, a);
    return it != r.byDevice.end() && !it->second.freed && a + bytes >= a && a + bytes <= it->first + it->second.bytes;
}

bool DeviceRangeValid(const void* p, size_t bytes) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    Registry& r = Reg();
    std::shared_lock<std::shared_mutex> lock(r.mu);
    if (a + bytes < a) return false;
    auto it = Containing(r.byDevice, a);
    if (it != r.byDevice.end() && a + bytes <= it->first + it->second.bytes) return true;
    // storage seen by a kernel: owned blocks are disjoint; registered host ranges may overlap
    // them and each other, and live only for the calls that use them, so there are few
    auto s = Containing(r.byStorage, a);
    if (s != r.byStorage.end()) {
        auto blk = r.byDevice.find(s->second);
        if (blk != r.byDevice.end() && a + bytes <= s->first + blk->second.bytes) return true;
    }
    for (const auto& [host, dev] : r.hostMaps) {
        if (host > a) break;
        auto blk = r.byDevice.find(dev);
        if (blk != r.byDevice.end() && a + bytes <= host + blk->second.bytes) return true;
    }
    return false;
}

void* DeviceTranslate(const void* p) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    Registry& r = Reg();
    std::shared_lock<std::shared_mutex> lock(r.mu);
    if (!InRange(r, a)) return const_cast<void*>(p);   // host memory (GmAlloc): its own storage
    auto it = Containing(r.byDevice, a);
    // one past the end is a valid position (an empty view at the end of a block)
    if (it == r.byDevice.end() || a > it->first + it->second.bytes) return const_cast<void*>(p);
    return it->second.storage + (a - it->first);
}

bool IsDeviceAddressRange(const void* p) { return InRange(Reg(), reinterpret_cast<uintptr_t>(p)); }

uintptr_t DevicePin(const void* p) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    Registry& r = Reg();
    std::unique_lock<std::shared_mutex> lock(r.mu);
    auto it = r.byDevice.upper_bound(a);
    if (it == r.byDevice.begin()) return 0;
    --it;
    // one past the end is a valid position (an empty view at the end of a block)
    if (it->second.freed || a > it->first + it->second.bytes) return 0;
    ++it->second.pins;
    return it->first;
}

void DeviceUnpin(uintptr_t block) {
    Registry& r = Reg();
    Block b;
    {
        std::unique_lock<std::shared_mutex> lock(r.mu);
        auto it = r.byDevice.find(block);
        if (it == r.byDevice.end() || --it->second.pins > 0 || !it->second.freed) return;
        b = it->second;   // freed while pinned: released now
        auto& index = b.ownsStorage ? r.byStorage : r.hostMaps;
        auto s = index.find(reinterpret_cast<uintptr_t>(b.storage));
        if (s != index.end() && s->second == it->first) index.erase(s);
        r.byDevice.erase(it);
    }
    if (b.ownsStorage) FreeStorage(b.storage, b.bytes);
}

bool DeviceBlockHeld(uintptr_t block) {
    Registry& r = Reg();
    std::shared_lock<std::shared_mutex> lock(r.mu);
    auto it = r.byDevice.find(block);
    return it != r.byDevice.end() && it->second.freed;
}

DeviceMemoryUse DeviceMemoryInUse() {
    DeviceMemoryUse u;
    Registry& r = Reg();
    std::shared_lock<std::shared_mutex> lock(r.mu);
    for (const auto& [dev, b] : r.byDevice) {
        ++u.blocks;
        u.bytes += b.bytes;
        if (b.freed) ++u.pendingFrees;
    }
    return u;
}

}  // namespace ascend_sim
