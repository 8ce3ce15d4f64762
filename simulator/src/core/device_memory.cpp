// Registry of live GM ("device") allocations. GmAlloc and aclrtMalloc both allocate here, so the
// checked build can verify every kernel GM access against a real allocation.
#include "ascend_sim/sim.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <shared_mutex>

namespace ascend_sim {
namespace {
struct Registry {
    std::shared_mutex mu;
    std::map<uintptr_t, size_t> live;       // start address -> size in bytes
    struct Lend { size_t bytes; int count; };
    std::map<uintptr_t, Lend> external;     // lent host ranges; the same buffer may be lent by several callers
};
Registry& Reg() { static Registry r; return r; }
constexpr size_t kAlign = 64;
}  // namespace

void* DeviceAlloc(size_t bytes, const char* /*who*/) {
    // Zero-byte allocations still get a distinct address so they can be freed and tracked.
    size_t rounded = ((bytes ? bytes : 1) + kAlign - 1) / kAlign * kAlign;
    void* p = std::aligned_alloc(kAlign, rounded);
    if (p == nullptr) return nullptr;
    std::memset(p, 0, rounded);
    std::unique_lock<std::shared_mutex> lock(Reg().mu);
    Reg().live[reinterpret_cast<uintptr_t>(p)] = bytes;
    return p;
}

bool DeviceFree(void* p) {
    {
        std::unique_lock<std::shared_mutex> lock(Reg().mu);
        auto it = Reg().live.find(reinterpret_cast<uintptr_t>(p));
        if (it == Reg().live.end()) return false;
        Reg().live.erase(it);
    }
    std::free(p);
    return true;
}

size_t DeviceAllocationSize(const void* p) {
    std::shared_lock<std::shared_mutex> lock(Reg().mu);
    auto it = Reg().live.find(reinterpret_cast<uintptr_t>(p));
    return it == Reg().live.end() ? 0 : it->second;
}

namespace {
size_t SizeOf(size_t bytes) { return bytes; }
size_t SizeOf(const Registry::Lend& lend) { return lend.bytes; }
template <typename Map>
bool Covers(const Map& ranges, uintptr_t a, size_t bytes) {
    auto it = ranges.upper_bound(a);
    if (it == ranges.begin()) return false;
    --it;
    return a >= it->first && a + bytes <= it->first + SizeOf(it->second) && a + bytes >= a;
}
}  // namespace

bool DeviceRangeValid(const void* p, size_t bytes) {
    uintptr_t a = reinterpret_cast<uintptr_t>(p);
    std::shared_lock<std::shared_mutex> lock(Reg().mu);
    return Covers(Reg().live, a, bytes) || Covers(Reg().external, a, bytes);
}

bool DeviceRegisterExternal(void* p, size_t bytes) {
    if (p == nullptr) return false;
    std::unique_lock<std::shared_mutex> lock(Reg().mu);
    auto& lend = Reg().external.try_emplace(reinterpret_cast<uintptr_t>(p), Registry::Lend{0, 0}).first->second;
    if (bytes > lend.bytes) lend.bytes = bytes;   // lent again (another thread): keep the larger extent
    ++lend.count;
    return true;
}

bool DeviceUnregisterExternal(void* p) {
    std::unique_lock<std::shared_mutex> lock(Reg().mu);
    auto it = Reg().external.find(reinterpret_cast<uintptr_t>(p));
    if (it == Reg().external.end()) return false;
    if (--it->second.count == 0) Reg().external.erase(it);
    return true;
}

}  // namespace ascend_sim
