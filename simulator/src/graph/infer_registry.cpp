// The registry behind graph/operator.h: infer functions by op type, and the last inference error.
#include <map>
#include <mutex>

#include "graph/operator.h"

namespace ge {
namespace {
struct Registry {
    std::mutex mu;
    std::map<std::string, InferFunc> funcs;
};
Registry& Reg() { static Registry r; return r; }
thread_local std::string t_lastError;
}  // namespace

void RegisterInferFunc(const std::string& opType, InferFunc func) {
    std::lock_guard<std::mutex> lock(Reg().mu);
    Reg().funcs[opType] = std::move(func);
}

const InferFunc* FindInferFunc(const std::string& opType) {
    std::lock_guard<std::mutex> lock(Reg().mu);
    auto it = Reg().funcs.find(opType);
    return it == Reg().funcs.end() ? nullptr : &it->second;
}

std::string LastInferError() { return t_lastError; }
void ReportInferError(const std::string& message) { t_lastError = message; }

}  // namespace ge
