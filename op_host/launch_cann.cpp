// op_host's binding to the CANN runtime: op_host/device_launch.h implemented with the ACL
// runtime API only (acl/acl.h). The simulator's implementation is launch_sim.cpp; this file is in
// the CANN build (cmake/cann.cmake) and never in the simulator's.
//
// Kernel loading and launch follow "Kernel加载与执行 概念及使用说明" (aclrtBinaryLoadFromFile ->
// aclrtBinaryGetFunction -> launch):
//   https://www.hiascend.com/document/detail/zh/canncommercial/850/API/appdevgapi/aclcppdevg_03_1830.html
//   https://www.hiascend.com/document/detail/zh/canncommercial/900/programug/acldevg/runtime_doc_dev_0019.html
#include "op_host/device_launch.h"

#include "acl/acl_op.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>

namespace gridsample {
namespace {

// The vendor name the package installs under (cmake/cann.cmake: vendor_name). A kernel's binaries
// lie under op_impl/ai_core/tbe/kernel/<soc>/<kernel name> (KernelNameOf: the op's snake-case name).
constexpr const char* kVendorName = "gridsample";

std::string SocDirectory(std::string* error) {
    // aclrtGetSocName: e.g. "Ascend910B2", "Ascend910_9391"; the package's kernel directories are
    // named after ASCEND_COMPUTE_UNIT (cmake/cann.cmake), i.e. the SoC family in lower case.
    const char* soc = aclrtGetSocName();
    if (soc == nullptr) {
        *error = "aclrtGetSocName returned no SoC name (is a device set on this thread?)";
        return {};
    }
    std::string lower(soc);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const char* family : {"ascend910_93", "ascend910b"})
        if (lower.rfind(family, 0) == 0) return family;
    *error = std::string("SoC ") + soc + " is not one the package is built for (ascend910b, ascend910_93)";
    return {};
}

// The vendor directories that may hold the package, in the priority order ASCEND_CUSTOM_OPP_PATH
// documents (its entries first, then the default install place $ASCEND_OPP_PATH/vendors/<vendor>):
//   https://www.hiascend.com/document/detail/en/canncommercial/850/maintenref/envvar/envref_07_0147.html
// POSIX file access rather than std::filesystem, which older toolchain compilers (GCC 7/8) do not
// provide without extra libraries.
std::vector<std::string> VendorDirectories() {
    std::vector<std::string> dirs;
    if (const char* custom = std::getenv("ASCEND_CUSTOM_OPP_PATH")) {
        std::string list(custom);
        size_t start = 0;
        while (start <= list.size()) {
            size_t end = list.find(':', start);
            if (end == std::string::npos) end = list.size();
            std::string entry = list.substr(start, end - start);
            while (entry.size() > 1 && entry.back() == '/') entry.pop_back();
            // only this vendor's entry: another vendor's package may hold a kernel of the same name
            const size_t slash = entry.rfind('/');
            if (!entry.empty() && entry.substr(slash == std::string::npos ? 0 : slash + 1) == kVendorName)
                dirs.push_back(entry);
            start = end + 1;
        }
    }
    if (const char* opp = std::getenv("ASCEND_OPP_PATH")) dirs.push_back(std::string(opp) + "/vendors/" + kVendorName);
    return dirs;
}

bool IsDirectory(const std::string& path) {
    struct stat info;
    return stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

// The *.o files of dir, sorted by name.
std::vector<std::string> KernelObjects(const std::string& dir) {
    std::vector<std::string> names;
    if (DIR* d = opendir(dir.c_str())) {
        while (const dirent* entry = readdir(d)) {
            const std::string name = entry->d_name;
            if (name.size() > 2 && name.compare(name.size() - 2, 2, ".o") == 0) names.push_back(name);
        }
        closedir(d);
    }
    std::sort(names.begin(), names.end());
    return names;
}

// Kernel binaries (*.o) loaded once per device and kernel directory, and the functions found in
// them per tiling key. Guarded by one mutex: loading happens once, lookups after that are cheap.
struct LoadedBinary {
    std::string kernelName;   // the file's stem: the binary's kernel name
    aclrtBinHandle handle;
};

struct KernelRegistry {
    std::mutex mutex;
    std::map<std::pair<int32_t, std::string>, std::vector<LoadedBinary>> binaries;
    std::map<std::tuple<int32_t, std::string, uint64_t>, aclrtFuncHandle> functions;
};

KernelRegistry& Registry() {
    // Never destroyed: binaries stay loaded for the process (unloading at exit could run after
    // aclFinalize).
    static KernelRegistry* registry = new KernelRegistry;
    return *registry;
}

// Loads every kernel binary of kernelDir for the current SoC. Caller holds the registry mutex.
aclnnStatus LoadBinaries(const std::string& kernelDir, std::vector<LoadedBinary>* out, std::string* error) {
    std::string socError;
    const std::string soc = SocDirectory(&socError);
    if (soc.empty()) {
        *error = socError;
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    std::string searched;
    for (const std::string& vendor : VendorDirectories()) {
        const std::string dir = vendor + "/op_impl/ai_core/tbe/kernel/" + soc + "/" + kernelDir;
        searched += (searched.empty() ? "" : ", ") + dir;
        if (!IsDirectory(dir)) continue;
        const std::vector<std::string> files = KernelObjects(dir);
        if (files.empty()) continue;
        for (const std::string& file : files) {
            // aclrtBinaryLoadFromFile wants an absolute path; a binary built for one SoC runs
            // only on that SoC (hence the SoC directory):
            //   https://www.hiascend.com/document/detail/zh/canncommercial/900/API/runtimeapi/aclcppdevg_03_1792.html
            char resolved[PATH_MAX];
            const std::string path = dir + "/" + file;
            const std::string absolute = realpath(path.c_str(), resolved) ? std::string(resolved) : path;
            aclrtBinHandle handle = nullptr;
            if (aclrtBinaryLoadFromFile(absolute.c_str(), nullptr, &handle) != ACL_SUCCESS) {
                const char* runtime = aclGetRecentErrMsg();
                *error = "could not load the kernel binary " + absolute + ": " + (runtime ? runtime : "no runtime message");
                return ACLNN_ERR_RUNTIME_ERROR;
            }
            out->push_back({file.substr(0, file.size() - 2), handle});
        }
        return ACLNN_SUCCESS;
    }
    *error = "no kernel binary (*.o) of " + kernelDir + " for SoC " + soc + " in the " + kVendorName +
             " package; searched: " + (searched.empty() ? std::string("nothing") : searched) +
             ". Install the package and set ASCEND_CUSTOM_OPP_PATH to its vendors/" + kVendorName +
             " directory (docs/cann_build.md)";
    return ACLNN_ERR_RUNTIME_ERROR;
}

// The function of kernelDir's binaries for tilingKey. The AscendC compiler gives each tiling-key
// variant of a kernel the name <kernel name>_<tiling key>; it is looked up by that name with
// aclrtBinaryGetFunction, since aclrtBinaryGetFunctionByEntry is documented as reserved and not
// supported yet:
//   https://www.hiascend.com/document/detail/zh/canncommercial/900/API/runtimeapi/aclcppdevg_03_1794.html
aclnnStatus FindFunction(const std::string& kernelDir, uint64_t tilingKey, aclrtFuncHandle* func, std::string* error) {
    int32_t device = -1;
    if (aclrtGetDevice(&device) != ACL_SUCCESS) {
        *error = "no device is set on this thread (aclrtSetDevice) to launch " + kernelDir + " on";
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    KernelRegistry& registry = Registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    const auto functionKey = std::make_tuple(device, kernelDir, tilingKey);
    if (auto found = registry.functions.find(functionKey); found != registry.functions.end()) {
        *func = found->second;
        return ACLNN_SUCCESS;
    }
    const auto binaryKey = std::make_pair(device, kernelDir);
    auto loaded = registry.binaries.find(binaryKey);
    if (loaded == registry.binaries.end()) {
        std::vector<LoadedBinary> binaries;
        aclnnStatus s = LoadBinaries(kernelDir, &binaries, error);
        if (s != ACLNN_SUCCESS) {
            for (const LoadedBinary& b : binaries) aclrtBinaryUnLoad(b.handle);
            return s;
        }
        loaded = registry.binaries.emplace(binaryKey, std::move(binaries)).first;
    }
    std::string names;
    for (const LoadedBinary& binary : loaded->second) {
        const std::string name = binary.kernelName + "_" + std::to_string(tilingKey);
        aclrtFuncHandle handle = nullptr;
        if (aclrtBinaryGetFunction(binary.handle, name.c_str(), &handle) == ACL_SUCCESS) {
            registry.functions.emplace(functionKey, handle);
            *func = handle;
            return ACLNN_SUCCESS;
        }
        names += (names.empty() ? "" : ", ") + name;
    }
    *error = "no kernel function for tiling key " + std::to_string(tilingKey) + " in the " + kernelDir +
             " binaries (looked for " + names + "); the installed package does not match this library";
    return ACLNN_ERR_RUNTIME_ERROR;
}

// Launches with the kernel's arguments in host memory (the device addresses in declaration
// order), which aclrtLaunchKernelWithHostArgs copies with the task; binaries loaded by
// aclrtBinaryLoadFromFile are launched with it, aclrtLaunchKernelWithConfig or aclrtLaunchKernelV2:
//   https://www.hiascend.com/document/detail/zh/canncommercial/850/API/appdevgapi/aclcppdevg_03_1961.html
aclnnStatus Launch(const std::string& kernelDir, aclrtStream stream, uint32_t blockDim, uint64_t tilingKey,
                   std::vector<void*> args) {
    aclrtFuncHandle func = nullptr;
    std::string error;
    aclnnStatus s = FindFunction(kernelDir, tilingKey, &func, &error);
    if (s != ACLNN_SUCCESS) {
        RecordError(error);
        return s;
    }
    if (aclrtLaunchKernelWithHostArgs(func, blockDim, stream, nullptr, args.data(), args.size() * sizeof(void*), nullptr,
                                      0) != ACL_SUCCESS) {
        const char* runtime = aclGetRecentErrMsg();
        RecordError("launching " + kernelDir + " (tiling key " + std::to_string(tilingKey) + ", " +
                    std::to_string(blockDim) + " blocks) failed: " + (runtime ? runtime : "no runtime message"));
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return ACLNN_SUCCESS;
}

// Host buffers waiting for their stream: an event recorded after the work that reads them, polled
// on later calls. Chosen over aclrtLaunchCallback, which needs a thread of ours looping in
// aclrtProcessReport and bound to the caller's stream with aclrtSubscribeReport, while a stream
// takes only one such thread (the caller's own, if it has one):
//   https://www.hiascend.com/document/detail/zh/canncommercial/900/API/runtimeapi/aclcppdevg_03_0125.html
// and over aclrtLaunchHostFunc, which must not be mixed with aclrtLaunchCallback on one stream and
// blocks the stream while it runs:
//   https://www.hiascend.com/document/detail/zh/canncommercial/900/API/runtimeapi/aclcppdevg_03_1959.html
// An event reads ACL_EVENT_RECORDED_STATUS_COMPLETE once the stream has passed it:
//   https://www.hiascend.com/document/detail/zh/canncommercial/850/API/appdevgapi/aclcppdevg_03_1388.html
struct PendingRelease {
    int32_t device;
    aclrtEvent event;
    std::shared_ptr<const void> buffer;
};

struct ReleaseList {
    std::mutex mutex;
    std::vector<PendingRelease> pending;
};

ReleaseList& Releases() {
    static ReleaseList* list = new ReleaseList;   // never destroyed: see Registry()
    return *list;
}

// Releases the buffers whose events the current device has passed. Caller holds the list mutex.
void ReleaseCompleted(ReleaseList& list, int32_t device) {
    size_t kept = 0;
    for (size_t i = 0; i < list.pending.size(); ++i) {
        PendingRelease& p = list.pending[i];
        aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
        const bool passed = p.device == device && aclrtQueryEventStatus(p.event, &status) == ACL_SUCCESS &&
                            status == ACL_EVENT_RECORDED_STATUS_COMPLETE;
        if (passed) {
            aclrtDestroyEvent(p.event);
            continue;   // the buffer goes with the entry
        }
        if (kept != i) list.pending[kept] = std::move(p);
        ++kept;
    }
    list.pending.erase(list.pending.begin() + static_cast<std::ptrdiff_t>(kept), list.pending.end());
}

}  // namespace

aclnnStatus LaunchAiCoreKernel(aclrtStream stream, const AiCoreLaunch& launch) {
    return Launch(KernelNameOf(launch.opType), stream, launch.blockDim, launch.tilingKey, launch.gmArgs);
}

// The package's AI CPU operators (op_kernel_aicpu/: CpuKernels registered with REGISTER_CPU_KERNEL,
// built into libcust_aicpu_kernels and listed in the op info library op_kernel_aicpu/op_info_cfg/,
// with their GE prototypes in op_graph/aicpu_ops_proto.h) run through the single-op API:
// aclopExecuteV2 with tensor descriptions, data buffers and attributes (its page follows the deprecated
// aclopExecute's, https://www.hiascend.com/document/detail/en/canncommercial/850/API/appdevgapi/aclcppdevg_03_0249.html:
// the inputs, outputs and attributes organised exactly as the op's prototype declares them).
// The descriptions, buffers and attributes are kept until the stream has passed the op.
aclnnStatus LaunchAicpuOp(aclrtStream stream, const AicpuOp& op) {
    struct Held {
        std::vector<aclTensorDesc*> inDesc, outDesc;
        std::vector<aclDataBuffer*> inData, outData;
        aclopAttr* attr = nullptr;
        ~Held() {
            for (auto* list : {&inDesc, &outDesc})
                for (aclTensorDesc* d : *list) aclDestroyTensorDesc(d);
            for (auto* list : {&inData, &outData})
                for (aclDataBuffer* b : *list) aclDestroyDataBuffer(b);
            if (attr != nullptr) aclopDestroyAttr(attr);
        }
    };
    auto held = std::make_shared<Held>();
    auto describe = [](const AicpuTensor& t, std::vector<aclTensorDesc*>* desc, std::vector<aclDataBuffer*>* data) {
        desc->push_back(aclCreateTensorDesc(t.dtype, static_cast<int>(t.dims.size()), t.dims.data(), ACL_FORMAT_ND));
        data->push_back(aclCreateDataBuffer(t.data, static_cast<size_t>(t.bytes)));
        return desc->back() != nullptr && data->back() != nullptr;
    };
    bool ok = true;
    for (const AicpuTensor& t : op.inputs) ok = describe(t, &held->inDesc, &held->inData) && ok;
    for (const AicpuTensor& t : op.outputs) ok = describe(t, &held->outDesc, &held->outData) && ok;
    held->attr = aclopCreateAttr();
    ok = ok && held->attr != nullptr;
    for (const auto& [name, value] : op.attrs) {
        if (!ok) break;
        const char* key = name.c_str();
        if (const bool* b = std::get_if<bool>(&value)) ok = aclopSetAttrBool(held->attr, key, *b ? 1 : 0) == ACL_SUCCESS;
        else if (const int64_t* i = std::get_if<int64_t>(&value)) ok = aclopSetAttrInt(held->attr, key, *i) == ACL_SUCCESS;
        else if (const float* f = std::get_if<float>(&value)) ok = aclopSetAttrFloat(held->attr, key, *f) == ACL_SUCCESS;
        else {
            const std::vector<int64_t>& list = std::get<std::vector<int64_t>>(value);
            ok = aclopSetAttrListInt(held->attr, key, static_cast<int>(list.size()), list.data()) == ACL_SUCCESS;
        }
    }
    if (!ok) {
        RecordError("could not describe the AI CPU op " + op.opType + " to the runtime (tensor descriptions, buffers or attributes)");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    if (aclopExecuteV2(op.opType.c_str(), static_cast<int>(held->inDesc.size()), held->inDesc.data(), held->inData.data(),
                       static_cast<int>(held->outDesc.size()), held->outDesc.data(), held->outData.data(), held->attr,
                       stream) != ACL_SUCCESS) {
        const char* runtime = aclGetRecentErrMsg();
        RecordError("launching the AI CPU op " + op.opType + " failed: " + (runtime ? runtime : "no runtime message") +
                    " (is the package's AI CPU kernel library installed? docs/cann_build.md)");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return ReleaseAfterStream(stream, std::move(held));
}

aclnnStatus ReleaseAfterStream(aclrtStream stream, std::shared_ptr<const void> hostBuffer) {
    int32_t device = -1;
    if (aclrtGetDevice(&device) != ACL_SUCCESS) {
        RecordError("no device is set on this thread (aclrtSetDevice) for the stream the host buffer waits on");
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    ReleaseList& list = Releases();
    std::lock_guard<std::mutex> lock(list.mutex);
    ReleaseCompleted(list, device);
    aclrtEvent event = nullptr;
    if (aclrtCreateEvent(&event) == ACL_SUCCESS) {
        if (aclrtRecordEvent(event, stream) == ACL_SUCCESS) {
            list.pending.push_back({device, event, std::move(hostBuffer)});
            return ACLNN_SUCCESS;
        }
        aclrtDestroyEvent(event);
    }
    // No event: wait for the stream here, which is correct if slower.
    if (aclrtSynchronizeStream(stream) != ACL_SUCCESS) {
        const char* runtime = aclGetRecentErrMsg();
        RecordError(std::string("could not wait for the stream before releasing the tiling data: ") +
                    (runtime ? runtime : "no runtime message"));
        return ACLNN_ERR_RUNTIME_ERROR;
    }
    return ACLNN_SUCCESS;
}

void RecordError(const std::string& message) {
    // aclAppLog at error level: "aclAppLog", https://www.hiascend.com/document/detail/zh/canncommercial/80RC22/apiref/appdevgapi/aclcppdevg_03_0029.html
    ACL_APP_LOG(ACL_ERROR, "%s", message.c_str());
}

}  // namespace gridsample
