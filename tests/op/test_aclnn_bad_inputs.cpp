// Bad calls through every aclnn entry point (2-D, 3-D, Nd; GetWorkspaceSize and launch phases),
// one table row each. Every row runs in a forked child, so a crash is a failed row and not a dead
// run. Each row asserts the documented status, a substring of aclGetRecentErrMsg(), that `out`
// still holds what was there before (read back with aclrtMemcpy), that a rejected first phase
// hands out no executor and a consumed one is released, and that the device-memory registry holds
// afterwards exactly what it held before (nothing leaked, nothing freed while pinned is left over).
// The contract is docs/errors.md.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <future>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "ascend_sim/aicpu_launch.h"
#include "ascend_sim/sim.h"
#include "check.h"
#include "op_host/aicpu/grid_sample_aicpu.h"

namespace {

using Shape = std::vector<int64_t>;
constexpr uint8_t kSentinel = 0xA5;   // out is filled with it before every call

enum class Api { k2D, k3D, kNd };
const char* ApiName(Api a) { return a == Api::k2D ? "aclnnGridSampler2D" : a == Api::k3D ? "aclnnGridSampler3D" : "aclnnGridSamplerNd"; }

using GwsFn = aclnnStatus (*)(const aclTensor*, const aclTensor*, int64_t, int64_t, bool, aclTensor*, uint64_t*, aclOpExecutor**);
using RunFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);
GwsFn Gws(Api a) {
    return a == Api::k2D ? aclnnGridSampler2DGetWorkspaceSize : a == Api::k3D ? aclnnGridSampler3DGetWorkspaceSize : aclnnGridSamplerNdGetWorkspaceSize;
}
RunFn Run(Api a) { return a == Api::k2D ? aclnnGridSampler2D : a == Api::k3D ? aclnnGridSampler3D : aclnnGridSamplerNd; }

// Where a tensor's data comes from.
enum class Data { kAlloc, kNull, kWild, kHost, kFreed, kShortAlloc };

struct TensorSpec {
    Shape shape;
    Shape strides;              // empty: contiguous
    aclDataType dtype = ACL_FLOAT;
    Data data = Data::kAlloc;
    Shape storage;              // empty: just what the view spans
};

struct Problem {
    Api api = Api::k2D;
    TensorSpec input, grid, out;
    int64_t mode = 0, padding = 0;
};

Problem Default(Api api, aclDataType dt = ACL_FLOAT) {
    Problem p;
    p.api = api;
    if (api == Api::k2D) {
        p.input.shape = {1, 2, 4, 5};
        p.grid.shape = {1, 3, 3, 2};
        p.out.shape = {1, 2, 3, 3};
    } else if (api == Api::k3D) {
        p.input.shape = {1, 2, 3, 4, 5};
        p.grid.shape = {1, 2, 3, 3, 3};
        p.out.shape = {1, 2, 2, 3, 3};
    } else {   // 1-D: the AI CPU path
        p.input.shape = {1, 2, 5};
        p.grid.shape = {1, 4, 1};
        p.out.shape = {1, 2, 4};
    }
    p.input.dtype = p.grid.dtype = p.out.dtype = dt;
    return p;
}

// What the call does besides building the tensors.
enum class Twist {
    kNone,
    kNullInput, kNullGrid, kNullOut, kNullWorkspaceSize, kNullExecutor,   // first phase
    kNullLaunchExecutor, kWildExecutor, kRunTwice, kOtherApi,               // executor misuse
    kWorkspaceTooSmall, kWorkspaceAllocShort, kNullWorkspace,               // workspace
    kFreeInputBeforeLaunch,
};

struct Row {
    const char* name;
    Problem problem;
    Twist twist = Twist::kNone;
    bool atLaunch = false;              // the error comes from the second phase
    aclnnStatus status = ACLNN_SUCCESS;
    const char* message = "";
};

int64_t Bytes(aclDataType t) { return t == ACL_DOUBLE || t == ACL_INT64 ? 8 : t == ACL_FLOAT16 || t == ACL_BF16 ? 2 : 4; }

Shape Contiguous(const Shape& shape) {
    Shape s(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
    return s;
}

struct Built {
    aclTensor* tensor = nullptr;
    void* alloc = nullptr;   // aclrtMalloc'd, to free
    void* data = nullptr;
    size_t bytes = 0;        // of alloc
    std::vector<uint8_t> host;
};

// Builds a tensor over memory picked by spec.data, filled with `fill` (grid: values in [-1, 1]).
bool Build(const TensorSpec& spec, uint8_t fill, bool isGrid, Built* b) {
    Shape strides = spec.strides.empty() ? Contiguous(spec.shape) : spec.strides;
    int64_t last = 0;
    bool empty = false;
    for (size_t i = 0; i < spec.shape.size(); ++i) {
        if (spec.shape[i] == 0) empty = true;
        else if (spec.shape[i] == 1) continue;
        else if (strides[i] < (INT64_MAX / 4) / std::max<int64_t>(spec.shape[i], 1)) last += (spec.shape[i] - 1) * strides[i];
        else last = -1;
    }
    Shape storage = spec.storage;
    if (storage.empty()) storage = {empty ? 0 : last + 1};
    const int64_t elem = Bytes(spec.dtype);
    int64_t storageElems = 1;
    for (int64_t d : storage) storageElems *= d;
    b->bytes = static_cast<size_t>(std::min<int64_t>(std::max<int64_t>(storageElems, 1), 1 << 20) * elem);
    std::vector<uint8_t> init(b->bytes, fill);
    if (isGrid && spec.dtype == ACL_FLOAT)
        for (size_t i = 0; i + 4 <= init.size(); i += 4) {
            float v = static_cast<float>((i / 4) % 7) / 4.0f - 0.75f;
            std::memcpy(init.data() + i, &v, 4);
        }
    if (isGrid && spec.dtype == ACL_DOUBLE)
        for (size_t i = 0; i + 8 <= init.size(); i += 8) {
            double v = static_cast<double>((i / 8) % 7) / 4.0 - 0.75;
            std::memcpy(init.data() + i, &v, 8);
        }
    switch (spec.data) {
        case Data::kAlloc:
        case Data::kFreed:
        case Data::kShortAlloc: {
            size_t bytes = spec.data == Data::kShortAlloc ? std::max<size_t>(b->bytes / 2, 1) : b->bytes;
            if (aclrtMalloc(&b->alloc, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
            if (aclrtMemcpy(b->alloc, bytes, init.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
            b->bytes = bytes;
            b->data = b->alloc;
            if (spec.data == Data::kFreed) {
                if (aclrtFree(b->alloc) != ACL_SUCCESS) return false;
                b->alloc = nullptr;
            }
            break;
        }
        case Data::kNull: b->data = nullptr; break;
        case Data::kWild: b->data = reinterpret_cast<void*>(uintptr_t(0x10000)); break;
        case Data::kHost:
            b->host = init;
            b->data = b->host.data();
            break;
    }
    b->tensor = aclCreateTensor(spec.shape.data(), spec.shape.size(), spec.dtype, strides.data(), 0, ACL_FORMAT_ND,
                                storage.data(), storage.size(), b->data);
    return b->tensor != nullptr;
}

#define ROW_CHECK(cond, msg)                                                                     \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            std::printf("    %s: %s (%s)\n", #cond, std::string(msg).c_str(), row.name);         \
            ok = false;                                                                          \
        }                                                                                        \
    } while (0)

// Runs one row; true when every assertion holds. Runs in the forked child.
bool RunRow(const Row& row) {
    bool ok = true;
    aclrtStream stream = nullptr;
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
        std::printf("    runtime set-up failed: %s\n", aclGetRecentErrMsg());
        return false;
    }
    const ascend_sim::DeviceMemoryUse before = ascend_sim::DeviceMemoryInUse();
    {
        const Problem& p = row.problem;
        Built in, grid, out;
        ROW_CHECK(Build(p.input, 0x3C, false, &in) && Build(p.grid, 0, true, &grid) && Build(p.out, kSentinel, false, &out),
                  std::string("building the tensors failed: ") + aclGetRecentErrMsg());
        if (!ok) return false;
        uint64_t ws = 0;
        aclOpExecutor* const kUnset = reinterpret_cast<aclOpExecutor*>(uintptr_t(0xE0E0));
        aclOpExecutor* exec = kUnset;
        const Twist t = row.twist;
        aclnnStatus s = Gws(p.api)(t == Twist::kNullInput ? nullptr : in.tensor, t == Twist::kNullGrid ? nullptr : grid.tensor,
                                   p.mode, p.padding, false, t == Twist::kNullOut ? nullptr : out.tensor,
                                   t == Twist::kNullWorkspaceSize ? nullptr : &ws, t == Twist::kNullExecutor ? nullptr : &exec);
        std::string msg = aclGetRecentErrMsg();
        if (!row.atLaunch) {
            ROW_CHECK(s == row.status, "GetWorkspaceSize returned " + std::to_string(s) + ": " + msg);
            ROW_CHECK(msg.find(row.message) != std::string::npos, "message: " + msg);
            if (row.status != ACLNN_SUCCESS) ROW_CHECK(exec == kUnset, "a rejected first phase wrote an executor");
        } else {
            ROW_CHECK(s == ACLNN_SUCCESS, "GetWorkspaceSize failed: " + msg);
        }
        void* wsMem = nullptr;
        if (s == ACLNN_SUCCESS && exec != kUnset && exec != nullptr) {
            size_t alloc = ws;
            if (t == Twist::kWorkspaceAllocShort) alloc = ws / 2;
            if (alloc > 0) ROW_CHECK(aclrtMalloc(&wsMem, alloc, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "workspace malloc");
            if (t == Twist::kFreeInputBeforeLaunch) {
                ROW_CHECK(aclrtFree(in.alloc) == ACL_SUCCESS, "freeing input");
                in.alloc = nullptr;
            }
            uint64_t passed = t == Twist::kWorkspaceTooSmall ? ws - 1 : ws;
            void* wsArg = t == Twist::kNullWorkspace ? nullptr : wsMem;
            aclOpExecutor* runExec = t == Twist::kNullLaunchExecutor ? nullptr
                                     : t == Twist::kWildExecutor    ? reinterpret_cast<aclOpExecutor*>(&ws)
                                                                    : exec;
            RunFn run = Run(t == Twist::kOtherApi ? (p.api == Api::k2D ? Api::k3D : Api::k2D) : p.api);
            s = run(wsArg, passed, runExec, stream);
            if (t == Twist::kRunTwice) {
                ROW_CHECK(s == ACLNN_SUCCESS, std::string("first launch: ") + aclGetRecentErrMsg());
                ROW_CHECK(aclrtSynchronizeStream(stream) == ACL_SUCCESS, aclGetRecentErrMsg());
                // the first launch wrote out: refill the sentinel so the second must leave it alone
                std::vector<uint8_t> fill(out.bytes, kSentinel);
                ROW_CHECK(aclrtMemcpy(out.alloc, out.bytes, fill.data(), fill.size(), ACL_MEMCPY_HOST_TO_DEVICE) == ACL_SUCCESS, "refill");
                s = run(wsArg, passed, runExec, stream);
            }
            msg = aclGetRecentErrMsg();
            if (row.atLaunch) {
                ROW_CHECK(s == row.status, "launch returned " + std::to_string(s) + ": " + msg);
                ROW_CHECK(msg.find(row.message) != std::string::npos, "message: " + msg);
            }
            ROW_CHECK(aclrtSynchronizeStream(stream) == ACL_SUCCESS, std::string("synchronize: ") + aclGetRecentErrMsg());
            // A launch (accepted or not) releases a non-repeatable executor; one that never reached a
            // launch (null or foreign handle passed instead) is released by aclDestroyAclOpExecutor.
            const bool consumed = t != Twist::kNullLaunchExecutor && t != Twist::kWildExecutor;
            aclnnStatus d = aclDestroyAclOpExecutor(exec);
            ROW_CHECK(d == (consumed ? ACLNN_ERR_PARAM_INVALID : ACLNN_SUCCESS),
                      "aclDestroyAclOpExecutor returned " + std::to_string(d) + ": " + aclGetRecentErrMsg());
        }
        // out is untouched by a rejected call
        if (row.status != ACLNN_SUCCESS && out.alloc != nullptr) {
            std::vector<uint8_t> back(out.bytes, 0);
            ROW_CHECK(aclrtMemcpy(back.data(), back.size(), out.alloc, out.bytes, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS, "read back");
            bool same = true;
            for (uint8_t v : back) same = same && v == kSentinel;
            ROW_CHECK(same, "out was written by a rejected call");
        }
        if (wsMem) aclrtFree(wsMem);
        for (Built* b : {&in, &grid, &out}) {
            if (b->alloc) aclrtFree(b->alloc);
            aclDestroyTensor(b->tensor);
        }
    }
    const ascend_sim::DeviceMemoryUse after = ascend_sim::DeviceMemoryInUse();
    ROW_CHECK(after.blocks == before.blocks && after.bytes == before.bytes && after.pendingFrees == 0,
              "device memory registry: " + std::to_string(before.blocks) + " blocks before, " +
                  std::to_string(after.blocks) + " after (" + std::to_string(after.pendingFrees) + " pending frees)");
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return ok;
}

// Runs fn in a forked child: a crash or a non-zero exit is a failure, reported with the signal.
void InChild(const char* name, const std::function<bool()>& fn) {
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        bool ok = fn();
        std::fflush(stdout);
        _exit(ok ? 0 : 1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) {
        std::printf("  %s: child died with signal %d\n", name, WTERMSIG(status));
        ++agstest::Failures();
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::printf("  %s: failed\n", name);
        ++agstest::Failures();
    }
}

std::vector<Row> Rows() {
    std::vector<Row> rows;
    const aclnnStatus kNull = ACLNN_ERR_PARAM_NULLPTR, kInvalid = ACLNN_ERR_PARAM_INVALID;
    for (Api api : {Api::k2D, Api::k3D, Api::kNd}) {
        auto add = [&](const char* name, std::function<void(Problem&)> mutate, Twist twist, bool atLaunch,
                       aclnnStatus status, const char* message) {
            Row r{name, Default(api), twist, atLaunch, status, message};
            if (mutate) mutate(r.problem);
            rows.push_back(r);
        };
        const size_t rank = Default(api).input.shape.size();
        // the first phase
        add("valid call", nullptr, Twist::kNone, true, ACLNN_SUCCESS, "");
        add("input nullptr", nullptr, Twist::kNullInput, false, kNull, "input is nullptr");
        add("grid nullptr", nullptr, Twist::kNullGrid, false, kNull, "grid is nullptr");
        add("out nullptr", nullptr, Twist::kNullOut, false, kNull, "out is nullptr");
        add("workspaceSize nullptr", nullptr, Twist::kNullWorkspaceSize, false, kNull, "workspaceSize is nullptr");
        add("executor nullptr", nullptr, Twist::kNullExecutor, false, kNull, "executor is nullptr");
        add("input dtype unsupported", [](Problem& p) { p.input.dtype = ACL_BOOL; }, Twist::kNone, false, kInvalid, "input dtype");
        add("grid dtype differs", [](Problem& p) { p.grid.dtype = ACL_FLOAT16; }, Twist::kNone, false, kInvalid, "grid dtype");
        add("out dtype differs", [](Problem& p) { p.out.dtype = ACL_FLOAT16; }, Twist::kNone, false, kInvalid, "out dtype");
        add("mode out of range", [](Problem& p) { p.mode = 3; }, Twist::kNone, false, kInvalid, "interpolationMode is 3");
        add("padding out of range", [](Problem& p) { p.padding = -1; }, Twist::kNone, false, kInvalid, "paddingMode is -1");
        add("out wrong rank", [](Problem& p) { p.out.shape.push_back(1); }, Twist::kNone, false, kInvalid, "rank");
        add("batch differs", [](Problem& p) { p.grid.shape[0] = 2; }, Twist::kNone, false, kInvalid, "batch sizes differ");
        add("channels differ", [](Problem& p) { p.out.shape[1] = 3; }, Twist::kNone, false, kInvalid, "out channels");
        add("grid last dim", [](Problem& p) { p.grid.shape.back() += 1; }, Twist::kNone, false, kInvalid, "grid last dim");
        add("out elements overlap", [rank](Problem& p) {
            // C steps like W: out[0][1][h][w] is out[0][0][h][w+1]
            p.out.strides = Contiguous(p.out.shape);
            p.out.strides[rank - 2] = p.out.shape[rank - 1];
            p.out.strides[1] = 1;
            p.out.strides[rank - 1] = 1;
        }, Twist::kNone, false, kInvalid, "out view elements overlap");
        add("size-1 dim with stride INT64_MAX", [](Problem& p) {
            p.input.strides = Contiguous(p.input.shape);
            p.input.strides[0] = INT64_MAX;
            p.out.strides = Contiguous(p.out.shape);
            p.out.strides[0] = INT64_MAX;
        }, Twist::kNone, true, ACLNN_SUCCESS, "");
        add("input stride near INT64_MAX", [](Problem& p) {
            p.input.strides = Contiguous(p.input.shape);
            p.input.strides[0] = INT64_MAX - 1000;
            p.input.shape[0] = 2;
            p.grid.shape[0] = p.out.shape[0] = 2;
            p.input.storage = {INT64_MAX};
        }, Twist::kNone, false, kInvalid, "spans more bytes than int64 can count");
        add("out stride near INT64_MAX", [](Problem& p) {
            p.input.shape[0] = p.grid.shape[0] = p.out.shape[0] = 2;
            p.out.strides = Contiguous(p.out.shape);
            p.out.strides[0] = INT64_MAX - 1000;
            p.out.storage = {INT64_MAX};
        }, Twist::kNone, false, kInvalid, "spans more bytes than int64 can count");
        add("input data nullptr", [](Problem& p) { p.input.data = Data::kNull; }, Twist::kNone, true, kNull, "input data is nullptr");
        add("out data nullptr", [](Problem& p) { p.out.data = Data::kNull; }, Twist::kNone, true, kNull, "out data is nullptr");
        // the second phase: memory
        add("input data wild", [](Problem& p) { p.input.data = Data::kWild; }, Twist::kNone, true, kInvalid, "input data 0x10000");
        add("grid data is host memory", [](Problem& p) { p.grid.data = Data::kHost; }, Twist::kNone, true, kInvalid,
            "not inside one live device allocation");
        add("out data is host memory", [](Problem& p) { p.out.data = Data::kHost; }, Twist::kNone, true, kInvalid,
            "out data");
        add("input freed before the first phase", [](Problem& p) { p.input.data = Data::kFreed; }, Twist::kNone, true, kInvalid,
            "input data");
        add("input freed between the phases", nullptr, Twist::kFreeInputBeforeLaunch, true, kInvalid, "input data");
        add("input allocation smaller than its view", [](Problem& p) { p.input.data = Data::kShortAlloc; }, Twist::kNone, true,
            kInvalid, "input data");
        add("grid allocation smaller than its view", [](Problem& p) { p.grid.data = Data::kShortAlloc; }, Twist::kNone, true,
            kInvalid, "grid data");
        add("out allocation smaller than its view", [](Problem& p) { p.out.data = Data::kShortAlloc; }, Twist::kNone, true,
            kInvalid, "out data");
        add("strided out, allocation smaller than its view", [rank](Problem& p) {
            p.out.strides = Contiguous(p.out.shape);
            p.out.strides[rank - 1] = 2;
            for (size_t i = 0; i + 1 < rank; ++i) p.out.strides[i] *= 2;
            p.out.data = Data::kShortAlloc;
        }, Twist::kNone, true, kInvalid, "out data");
        // the second phase: executor and workspace
        add("launch executor nullptr", nullptr, Twist::kNullLaunchExecutor, true, kNull, "executor is nullptr");
        add("launch executor foreign", nullptr, Twist::kWildExecutor, true, kInvalid, "not a live executor");
        add("executor run twice", nullptr, Twist::kRunTwice, true, kInvalid, "not a live executor");
        add("executor of another API", nullptr, Twist::kOtherApi, true, kInvalid, "executor was made by");
        if (api != Api::kNd) {   // the AI Core path has a workspace
            add("workspace size too small", nullptr, Twist::kWorkspaceTooSmall, true, kInvalid, "workspace of");
            add("workspace nullptr", nullptr, Twist::kNullWorkspace, true, kInvalid, "nullptr; expected");
            add("workspace allocation smaller than the size passed", nullptr, Twist::kWorkspaceAllocShort, true, kInvalid,
                "workspace 0x");
            add("strided out staged, workspace allocation short", [rank](Problem& p) {
                p.out.strides = Contiguous(p.out.shape);
                p.out.strides[rank - 1] = 2;
                for (size_t i = 0; i + 1 < rank; ++i) p.out.strides[i] *= 2;
            }, Twist::kWorkspaceAllocShort, true, kInvalid, "workspace 0x");
        }
    }
    // the float64 (AI CPU) path of the 2-D and 3-D entry points
    for (Api api : {Api::k2D, Api::k3D}) {
        auto add = [&](const char* name, std::function<void(Problem&)> mutate, Twist twist, aclnnStatus status, const char* message) {
            Row r{name, Default(api, ACL_DOUBLE), twist, true, status, message};
            if (mutate) mutate(r.problem);
            rows.push_back(r);
        };
        add("float64: valid call", nullptr, Twist::kNone, ACLNN_SUCCESS, "");
        add("float64: input wild", [](Problem& p) { p.input.data = Data::kWild; }, Twist::kNone, ACLNN_ERR_PARAM_INVALID, "input data");
        add("float64: input allocation short", [](Problem& p) { p.input.data = Data::kShortAlloc; }, Twist::kNone,
            ACLNN_ERR_PARAM_INVALID, "input data");
        add("float64: out allocation short", [](Problem& p) { p.out.data = Data::kShortAlloc; }, Twist::kNone,
            ACLNN_ERR_PARAM_INVALID, "out data");
        add("float64: grid is host memory", [](Problem& p) { p.grid.data = Data::kHost; }, Twist::kNone,
            ACLNN_ERR_PARAM_INVALID, "grid data");
        add("float64: executor run twice", nullptr, Twist::kRunTwice, ACLNN_ERR_PARAM_INVALID, "not a live executor");
    }
    return rows;
}

TEST_CASE("every bad call returns its status and message, leaves out untouched and leaks nothing") {
    for (const Row& row : Rows()) {
        std::string label = std::string(ApiName(row.problem.api)) + ": " + row.name;
        InChild(label.c_str(), [&row, &label] {
            bool ok = RunRow(row);
            if (!ok) std::printf("  row failed: %s\n", label.c_str());
            return ok;
        });
    }
}

// ---- executor lifetime (CANN's rule: the launch releases it unless it was made repeatable) ------
struct Small {
    aclrtStream stream = nullptr;
    Built in, grid, out;
    bool Init() {
        if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS)
            return false;
        Problem p = Default(Api::k2D);
        return Build(p.input, 0x3C, false, &in) && Build(p.grid, 0, true, &grid) && Build(p.out, kSentinel, false, &out);
    }
    std::vector<uint8_t> Out() {
        std::vector<uint8_t> back(out.bytes);
        aclrtMemcpy(back.data(), back.size(), out.alloc, out.bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return back;
    }
    void Done() {
        for (Built* b : {&in, &grid, &out}) {
            if (b->alloc) aclrtFree(b->alloc);
            aclDestroyTensor(b->tensor);
        }
        aclrtDestroyStream(stream);
        aclrtResetDevice(0);
        aclFinalize();
    }
};

TEST_CASE("a repeatable executor runs many times and is released by aclDestroyAclOpExecutor") {
    InChild("repeatable executor", [] {
        bool ok = true;
        const Row row{"repeatable executor", {}};
        Small s;
        ROW_CHECK(s.Init(), aclGetRecentErrMsg());
        const ascend_sim::DeviceMemoryUse before = ascend_sim::DeviceMemoryInUse();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        ROW_CHECK(aclnnGridSampler2DGetWorkspaceSize(s.in.tensor, s.grid.tensor, 0, 0, false, s.out.tensor, &ws, &exec) == 0, aclGetRecentErrMsg());
        ROW_CHECK(aclSetAclOpExecutorRepeatable(exec) == ACLNN_SUCCESS, aclGetRecentErrMsg());
        void* wsMem = nullptr;
        ROW_CHECK(aclrtMalloc(&wsMem, ws, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "workspace");
        ROW_CHECK(aclnnGridSampler2D(wsMem, ws, exec, s.stream) == ACLNN_SUCCESS, aclGetRecentErrMsg());
        ROW_CHECK(aclrtSynchronizeStream(s.stream) == ACL_SUCCESS, aclGetRecentErrMsg());
        const std::vector<uint8_t> first = s.Out();
        std::vector<uint8_t> fill(s.out.bytes, kSentinel);
        aclrtMemcpy(s.out.alloc, s.out.bytes, fill.data(), fill.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        ROW_CHECK(aclnnGridSampler2D(wsMem, ws, exec, s.stream) == ACLNN_SUCCESS, aclGetRecentErrMsg());
        ROW_CHECK(aclrtSynchronizeStream(s.stream) == ACL_SUCCESS, aclGetRecentErrMsg());
        ROW_CHECK(s.Out() == first, "the second run of a repeatable executor differs from the first");
        ROW_CHECK(first != fill, "the executor wrote nothing");
        ROW_CHECK(aclDestroyAclOpExecutor(exec) == ACLNN_SUCCESS, aclGetRecentErrMsg());
        ROW_CHECK(aclDestroyAclOpExecutor(exec) == ACLNN_ERR_PARAM_INVALID, "destroyed twice");
        ROW_CHECK(aclnnGridSampler2D(wsMem, ws, exec, s.stream) == ACLNN_ERR_PARAM_INVALID, "launched after destroy");
        ROW_CHECK(std::string(aclGetRecentErrMsg()).find("not a live executor") != std::string::npos, aclGetRecentErrMsg());
        aclrtFree(wsMem);
        const ascend_sim::DeviceMemoryUse after = ascend_sim::DeviceMemoryInUse();
        ROW_CHECK(after.blocks == before.blocks && after.pendingFrees == 0, "leaked device memory");
        s.Done();
        return ok;
    });
}

TEST_CASE("an executor never launched is released by aclDestroyAclOpExecutor; null is 561103") {
    InChild("never launched executor", [] {
        bool ok = true;
        const Row row{"never launched executor", {}};
        Small s;
        ROW_CHECK(s.Init(), aclGetRecentErrMsg());
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        ROW_CHECK(aclnnGridSampler2DGetWorkspaceSize(s.in.tensor, s.grid.tensor, 0, 0, false, s.out.tensor, &ws, &exec) == 0, aclGetRecentErrMsg());
        ROW_CHECK(aclDestroyAclOpExecutor(exec) == ACLNN_SUCCESS, aclGetRecentErrMsg());
        ROW_CHECK(aclnnGridSampler2D(nullptr, ws, exec, s.stream) == ACLNN_ERR_PARAM_INVALID, "launch after destroy");
        ROW_CHECK(aclDestroyAclOpExecutor(nullptr) == ACLNN_ERR_INNER_NULLPTR, "null destroy");
        ROW_CHECK(std::string(aclGetRecentErrMsg()).find("aclDestroyAclOpExecutor: executor is nullptr") != std::string::npos,
                  aclGetRecentErrMsg());
        ROW_CHECK(aclSetAclOpExecutorRepeatable(nullptr) == ACLNN_ERR_INNER_NULLPTR, "null repeatable");
        ROW_CHECK(aclSetAclOpExecutorRepeatable(exec) == ACLNN_ERR_PARAM_INVALID, "repeatable after destroy");
        s.Done();
        return ok;
    });
}

// ---- aclrtFree while a launch that uses the block is in flight ---------------------------------
TEST_CASE("freeing out, input or the workspace while a launch is in flight is safe: the release waits for the launch") {
    for (int which = 0; which < 3; ++which) {
        for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE}) {
            std::string label = std::string("free in flight: ") + (which == 0 ? "out" : which == 1 ? "input" : "workspace") +
                                (dt == ACL_DOUBLE ? " (AI CPU)" : " (AI Core)");
            InChild(label.c_str(), [which, dt, &label] {
                bool ok = true;
                const Row row{label.c_str(), {}};
                aclrtStream stream = nullptr;
                ROW_CHECK(aclInit(nullptr) == 0 && aclrtSetDevice(0) == 0 && aclrtCreateStream(&stream) == 0, aclGetRecentErrMsg());
                const ascend_sim::DeviceMemoryUse before = ascend_sim::DeviceMemoryInUse();
                Problem p = Default(Api::k2D, dt);
                Built in, grid, out;
                ROW_CHECK(Build(p.input, 0x3C, false, &in) && Build(p.grid, 0, true, &grid) && Build(p.out, kSentinel, false, &out),
                          aclGetRecentErrMsg());
                uint64_t ws = 0;
                aclOpExecutor* exec = nullptr;
                ROW_CHECK(aclnnGridSampler2DGetWorkspaceSize(in.tensor, grid.tensor, 0, 0, false, out.tensor, &ws, &exec) == 0,
                          aclGetRecentErrMsg());
                void* wsMem = nullptr;
                if (ws) aclrtMalloc(&wsMem, ws, ACL_MEM_MALLOC_HUGE_FIRST);
                // hold the stream so that the launch is still queued when the block is freed
                std::promise<void> gate;
                auto opened = gate.get_future().share();
                ROW_CHECK(ascend_sim::EnqueueHostTask(stream, [opened] { opened.wait(); return 0; }, "gate") == 0, "gate");
                ROW_CHECK(aclnnGridSampler2D(wsMem, ws, exec, stream) == ACLNN_SUCCESS, aclGetRecentErrMsg());
                void*& victim = which == 0 ? out.alloc : which == 1 ? in.alloc : wsMem;
                if (victim) {
                    ROW_CHECK(aclrtFree(victim) == ACL_SUCCESS, aclGetRecentErrMsg());
                    // the address is gone for the API at once
                    std::vector<uint8_t> probe(8);
                    ROW_CHECK(aclrtMemcpy(probe.data(), 8, victim, 8, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS, "freed block still usable");
                    ROW_CHECK(ascend_sim::DeviceMemoryInUse().pendingFrees == 1, "no pending free while the launch is queued");
                    victim = nullptr;
                }
                gate.set_value();
                ROW_CHECK(aclrtSynchronizeStream(stream) == ACL_SUCCESS, aclGetRecentErrMsg());
                if (wsMem) aclrtFree(wsMem);
                for (Built* b : {&in, &grid, &out}) {
                    if (b->alloc) aclrtFree(b->alloc);
                    aclDestroyTensor(b->tensor);
                }
                const ascend_sim::DeviceMemoryUse after = ascend_sim::DeviceMemoryInUse();
                ROW_CHECK(after.blocks == before.blocks && after.pendingFrees == 0, "the deferred release did not happen");
                aclrtDestroyStream(stream);
                aclrtResetDevice(0);
                aclFinalize();
                return ok;
            });
        }
    }
}

// ---- the AI CPU kernel's own access checks (checked build) ----------------------------------------
// The aclnn checks never let such a launch through; it is planted by queueing the AI CPU op directly
// with a grid that has one coordinate per point while the 2-D kernel reads two.
TEST_CASE("checked build: the AI CPU kernel stops at a read outside a view (planted)") {
    InChild("AI CPU access outside a view", [] {
        bool ok = true;
        const Row row{"AI CPU access outside a view", {}};
        Small s;
        ROW_CHECK(s.Init(), aclGetRecentErrMsg());
        // a valid float64 call first
        Problem p = Default(Api::k2D, ACL_DOUBLE);
        Built in, grid, out;
        ROW_CHECK(Build(p.input, 0, false, &in) && Build(p.grid, 0, true, &grid) && Build(p.out, kSentinel, false, &out), aclGetRecentErrMsg());
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        ROW_CHECK(aclnnGridSampler2DGetWorkspaceSize(in.tensor, grid.tensor, 0, 0, false, out.tensor, &ws, &exec) == 0, aclGetRecentErrMsg());
        ROW_CHECK(aclnnGridSampler2D(nullptr, ws, exec, s.stream) == 0, aclGetRecentErrMsg());
        ROW_CHECK(aclrtSynchronizeStream(s.stream) == ACL_SUCCESS, aclGetRecentErrMsg());

        // planted: a grid of (N, Ho, Wo, 1) where the 2-D kernel reads x and y
        auto tensor = [](void* data, const Shape& shape) {
            int64_t n = 1;
            for (int64_t d : shape) n *= d;
            return ascend_sim::AicpuTensorSpec{data, aicpu::DT_DOUBLE, shape, static_cast<uint64_t>(n) * 8};
        };
        ascend_sim::AicpuOpSpec op;
        op.opType = gridsample::aicpu::kKernelName;
        op.inputs = {tensor(in.data, p.input.shape), tensor(grid.data, {1, 3, 3, 1})};
        op.outputs = {tensor(out.data, p.out.shape)};
        ROW_CHECK(ascend_sim::EnqueueAicpuOp(s.stream, op) == ACL_SUCCESS, aclGetRecentErrMsg());
        const aclError sync = aclrtSynchronizeStream(s.stream);
#if ASCENDC_SIM_CHECKED
        ROW_CHECK(sync == ACL_ERROR_RT_AICPU_EXCEPTION, std::string("sync returned ") + std::to_string(sync));
        ROW_CHECK(std::string(aclGetRecentErrMsg()).find("GridSampleAicpu") != std::string::npos, aclGetRecentErrMsg());
#else
        (void)sync;   // the fast build relies on the aclnn checks, which never queue such a launch
#endif
        for (Built* b : {&in, &grid, &out}) {
            if (b->alloc) aclrtFree(b->alloc);
            aclDestroyTensor(b->tensor);
        }
        s.Done();
        return ok;
    });
}

}  // namespace

TEST_MAIN()
