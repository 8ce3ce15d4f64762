// The kernel table of ascend_sim/kernel_registry.h.
#include "ascend_sim/kernel_registry.h"

#include <map>
#include <mutex>

namespace ascend_sim {
namespace {
struct KernelTable {
    std::mutex mu;
    std::map<std::string, RegisteredKernel> kernels;   // node-based: entries never move
};
KernelTable& Table() {
    static KernelTable table;
    return table;
}
}  // namespace

bool RegisterKernelEntry(const std::string& name, RegisteredKernel kernel) {
    KernelTable& t = Table();
    std::lock_guard<std::mutex> lock(t.mu);
    return t.kernels.emplace(name, std::move(kernel)).second;
}

const RegisteredKernel* FindKernelEntry(const std::string& name) {
    KernelTable& t = Table();
    std::lock_guard<std::mutex> lock(t.mu);
    auto it = t.kernels.find(name);
    return it == t.kernels.end() ? nullptr : &it->second;
}

std::vector<std::string> RegisteredKernelNames() {
    KernelTable& t = Table();
    std::lock_guard<std::mutex> lock(t.mu);
    std::vector<std::string> names;
    for (const auto& entry : t.kernels) names.push_back(entry.first);
    return names;
}

}  // namespace ascend_sim
