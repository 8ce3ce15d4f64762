// Python extension: runs GridSample through the public aclnn entry points on the simulator,
// lending the caller's numpy / torch buffers to the device model without copies. Built once per
// simulator build (fast, checked). The GIL is released while the operator runs.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "aclnnop/aclnn_interpolate.h"
#include "aclnnop/aclnn_interpolate_backward.h"
#include "aclnnop/aclnn_upsample_bicubic_2d.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_aa.h"
#include "aclnnop/aclnn_upsample_bilinear_2d.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_aa.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_3d.h"
#include "aclnnop/aclnn_upsample_trilinear_3d.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_3d_backward.h"
#include "aclnnop/aclnn_upsample_trilinear_3d_backward.h"
#include "op_host/aclnn_call.h"
#include "op_host/attr_names.h"
#include "aclnnop/aclnn_grid_sampler2d_backward.h"
#include "aclnnop/aclnn_grid_sampler3d_backward.h"
#include "aclnnop/aclnn_grid_sampler_nd_backward.h"
#include "ascend_sim/cost_constants.h"
#include "ascend_sim/kernel_registry.h"
#include "ascend_sim/onnx_parser.h"
#include "ascend_sim/sim.h"

namespace py = pybind11;

namespace {

struct TensorArg {
    uintptr_t ptr = 0;
    std::vector<int64_t> shape, strides;   // strides in elements, non-negative
    int dtype = 0;
    int64_t itemsize = 0;

    size_t ExtentBytes() const {
        int64_t last = 0;
        for (size_t i = 0; i < shape.size(); ++i) {
            if (shape[i] == 0) return 0;
            last += (shape[i] - 1) * strides[i];
        }
        return static_cast<size_t>((last + 1) * itemsize);
    }
};

TensorArg ToArg(const py::tuple& t) {
    TensorArg a;
    a.ptr = t[0].cast<uintptr_t>();
    a.shape = t[1].cast<std::vector<int64_t>>();
    a.strides = t[2].cast<std::vector<int64_t>>();
    a.dtype = t[3].cast<int>();
    a.itemsize = t[4].cast<int64_t>();
    return a;
}

// Per-thread device context and stream, made on first use.
aclrtStream ThreadStream() {
    static std::once_flag init;
    std::call_once(init, [] { aclInit(nullptr); });
    thread_local aclrtStream stream = [] {
        aclrtSetDevice(0);
        aclrtStream s = nullptr;
        aclrtCreateStream(&s);
        return s;
    }();
    return stream;
}

// Lends a numpy / torch buffer to the device for the duration of a call, without a copy:
// aclrtHostRegister maps host memory to a device address (the documented zero-copy path). It takes
// 4 KiB-aligned host addresses, so whole pages are registered. Small buffers share pages (the input,
// grid and output of one call often do, and threads may run calls on the same arrays), so
// registrations are shared and counted, keyed by their first page. A buffer not covered by the
// registration that starts at its first page is registered from an earlier page (the heap page in
// front of it) rather than waiting: a registration in use is never changed.
class HostRegistrations {
public:
    static HostRegistrations& Get() {
        static HostRegistrations* r = new HostRegistrations;   // never destroyed: used by every thread
        return *r;
    }
    // The device address of host byte `p`, registering pages as needed; null on failure.
    void* Acquire(uintptr_t p, size_t bytes, uintptr_t* key) {
        const uintptr_t end = (p + bytes + kPageMask) & ~kPageMask;
        std::lock_guard<std::mutex> lock(mu_);
        for (uintptr_t start = p & ~kPageMask;; start -= kPageMask + 1) {
            auto it = live_.find(start);
            if (it != live_.end()) {
                if (start + it->second.bytes < end) continue;   // too short: try an earlier start
                ++it->second.refs;
                *key = start;
                return static_cast<char*>(it->second.dev) + (p - start);
            }
            void* dev = nullptr;
            if (aclrtHostRegister(reinterpret_cast<void*>(start), end - start, ACL_HOST_REGISTER_MAPPED, &dev) != ACL_SUCCESS)
                return nullptr;
            live_[start] = Entry{dev, static_cast<size_t>(end - start), 1};
            *key = start;
            return static_cast<char*>(dev) + (p - start);
        }
    }
    void Release(uintptr_t key) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(key);
        if (it == live_.end() || --it->second.refs > 0) return;
        aclrtHostUnregister(reinterpret_cast<void*>(key));
        live_.erase(it);
    }

private:
    static constexpr uintptr_t kPageMask = 4095;
    struct Entry { void* dev; size_t bytes; int refs; };
    std::mutex mu_;
    std::map<uintptr_t, Entry> live_;
};

struct Lend {
    void* dev = nullptr;
    uintptr_t key = 0;
    bool ok = true;
    explicit Lend(const TensorArg& a) {
        size_t bytes = a.ExtentBytes();
        if (a.ptr != 0 && bytes > 0) {
            dev = HostRegistrations::Get().Acquire(a.ptr, bytes, &key);
            ok = dev != nullptr;
        }
    }
    ~Lend() { if (dev) HostRegistrations::Get().Release(key); }
    Lend(const Lend&) = delete;
    Lend& operator=(const Lend&) = delete;
};

struct Tensor {
    aclTensor* t = nullptr;
    // The storage is the span of memory the view covers, so views with gaps (slices, padded rows)
    // and broadcasts are described exactly.
    // `data` is the device address of the view's first element.
    Tensor(const TensorArg& a, void* data) {
        const int64_t storage = static_cast<int64_t>(a.ExtentBytes() / a.itemsize);
        t = aclCreateTensor(a.shape.data(), a.shape.size(), static_cast<aclDataType>(a.dtype), a.strides.data(), 0,
                            ACL_FORMAT_ND, &storage, 1, data);
    }
    ~Tensor() { if (t) aclDestroyTensor(t); }
    Tensor(const Tensor&) = delete;
    Tensor& operator=(const Tensor&) = delete;
};

// The second phase of an aclnn call (op_host/aclnn_call.h) as (status, message).
std::pair<aclnnStatus, std::string> LaunchAndWait(gridsample::AclnnLaunchFn run, uint64_t wsSize, aclOpExecutor* executor,
                                                  aclrtStream stream) {
    std::string message;
    const aclnnStatus status = gridsample::LaunchAndWait(run, wsSize, executor, stream, &message);
    return {status, message};
}

// Returns (status, message); status 0 on success.
std::tuple<int, std::string> GridSample(const py::tuple& input, const py::tuple& grid, const py::tuple& out, int mode,
                                        int padding, bool alignCorners) {
    TensorArg in = ToArg(input), gr = ToArg(grid), ou = ToArg(out);
    py::gil_scoped_release release;
    aclrtStream stream = ThreadStream();
    Lend lendIn(in), lendGrid(gr), lendOut(ou);
    if (!lendIn.ok || !lendGrid.ok || !lendOut.ok) return {ACLNN_ERR_RUNTIME_ERROR, aclGetRecentErrMsg()};
    // an empty view keeps its host address: nothing is read or written through it
    Tensor tIn(in, lendIn.dev ? lendIn.dev : reinterpret_cast<void*>(in.ptr)),
        tGrid(gr, lendGrid.dev ? lendGrid.dev : reinterpret_cast<void*>(gr.ptr)),
        tOut(ou, lendOut.dev ? lendOut.dev : reinterpret_cast<void*>(ou.ptr));
    if (!tIn.t || !tGrid.t || !tOut.t) return {ACLNN_ERR_PARAM_INVALID, aclGetRecentErrMsg()};
    // The official entry points for 4-D and 5-D input; the N-d extension for other ranks.
    auto getWorkspace = in.shape.size() == 4   ? &aclnnGridSampler2DGetWorkspaceSize
                        : in.shape.size() == 5 ? &aclnnGridSampler3DGetWorkspaceSize
                                               : &aclnnGridSamplerNdGetWorkspaceSize;
    auto run = in.shape.size() == 4 ? &aclnnGridSampler2D : in.shape.size() == 5 ? &aclnnGridSampler3D : &aclnnGridSamplerNd;
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus s = getWorkspace(tIn.t, tGrid.t, mode, padding, alignCorners, tOut.t, &wsSize, &executor);
    if (s != ACLNN_SUCCESS) return {s, aclGetRecentErrMsg()};
    return LaunchAndWait(run, wsSize, executor, stream);
}

// ---- Interpolate ----------------------------------------------------------------------------
// aclnnInterpolate on a numpy / torch buffer pair (x read, y written), or with backward
// aclnnInterpolateBackward (x the gradient written, y the gradient read). Attributes arrive as the
// header's int codes. Returns (status, message, path, reason): path "ai_core", "ai_cpu" or "none"
// (empty output) and why, as the executor reported before the launch.
std::tuple<int, std::string, std::string, std::string> Interpolate(
    const py::tuple& x, const py::tuple& y, const std::vector<float>& scales, const std::vector<int64_t>& sizes,
    const std::vector<int64_t>& axes, int64_t mode, int64_t shapeCalculationMode, int64_t coordMode,
    int64_t nearestMode, bool antialias, const std::vector<int64_t>& padsBegin, const std::vector<int64_t>& padsEnd,
    double cubeCoeff, bool backward) {
    TensorArg in = ToArg(x), ou = ToArg(y);
    py::gil_scoped_release release;
    aclrtStream stream = ThreadStream();
    Lend lendIn(in), lendOut(ou);
    if (!lendIn.ok || !lendOut.ok) return {ACLNN_ERR_RUNTIME_ERROR, aclGetRecentErrMsg(), "", ""};
    Tensor tIn(in, lendIn.dev ? lendIn.dev : reinterpret_cast<void*>(in.ptr)),
        tOut(ou, lendOut.dev ? lendOut.dev : reinterpret_cast<void*>(ou.ptr));
    if (!tIn.t || !tOut.t) return {ACLNN_ERR_PARAM_INVALID, aclGetRecentErrMsg(), "", ""};
    struct Arrays {
        aclFloatArray* scales = nullptr;
        aclIntArray *sizes = nullptr, *axes = nullptr, *padsBegin = nullptr, *padsEnd = nullptr;
        ~Arrays() {
            if (scales) aclDestroyFloatArray(scales);
            for (aclIntArray* a : {sizes, axes, padsBegin, padsEnd})
                if (a) aclDestroyIntArray(a);
        }
    } arrays;
    arrays.scales = aclCreateFloatArray(scales.data(), scales.size());
    arrays.sizes = aclCreateIntArray(sizes.data(), sizes.size());
    arrays.axes = aclCreateIntArray(axes.data(), axes.size());
    arrays.padsBegin = aclCreateIntArray(padsBegin.data(), padsBegin.size());
    arrays.padsEnd = aclCreateIntArray(padsEnd.data(), padsEnd.size());
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus s = backward ? aclnnInterpolateBackwardGetWorkspaceSize(
                                   tOut.t, arrays.scales, arrays.sizes, arrays.axes, mode, shapeCalculationMode,
                                   coordMode, nearestMode, antialias, arrays.padsBegin, arrays.padsEnd, cubeCoeff,
                                   tIn.t, &wsSize, &executor)
                             : aclnnInterpolateGetWorkspaceSize(tIn.t, arrays.scales, arrays.sizes, arrays.axes, mode,
                                                                shapeCalculationMode, coordMode, nearestMode, antialias,
                                                                arrays.padsBegin, arrays.padsEnd, cubeCoeff, tOut.t,
                                                                &wsSize, &executor);
    if (s != ACLNN_SUCCESS) return {s, aclGetRecentErrMsg(), "", ""};
    const char* path = "";
    const char* reason = "";
    aclnnInterpolateExecutorPath(executor, &path, &reason);
    std::string pathText = path, reasonText = reason;
    const auto [status, msg] = LaunchAndWait(backward ? aclnnInterpolateBackward : aclnnInterpolate, wsSize, executor, stream);
    return {status, msg, pathText, reasonText};
}


// ---- aclnnUpsample* ---------------------------------------------------------------------------
// The torch-facing resize entry points (aclnnop/aclnn_upsample_*.h) on a numpy / torch buffer pair,
// by name: "nearest2d", "bilinear2d", "bicubic2d", "bilinear2d_aa", "bicubic2d_aa", "nearest3d",
// "trilinear3d"; with a non-empty inputSize their ...Backward (x the gradient of the output, read;
// y the input's, written). channel_last: x and y are described as (N, H, W, C) / (N, D, H, W, C)
// tensors of format NHWC / NDHWC. scales: scalesH, scalesW (and scalesD first for 3-D). Returns
// (status, message).
std::tuple<int, std::string> Upsample(const std::string& kind, const py::tuple& x, const py::tuple& y,
                                      const std::vector<int64_t>& outputSize, bool alignCorners,
                                      const std::vector<double>& scales, bool channelLast,
                                      const std::vector<int64_t>& inputSize) {
    TensorArg in = ToArg(x), ou = ToArg(y);
    py::gil_scoped_release release;
    aclrtStream stream = ThreadStream();
    Lend lendIn(in), lendOut(ou);
    if (!lendIn.ok || !lendOut.ok) return {ACLNN_ERR_RUNTIME_ERROR, aclGetRecentErrMsg()};
    const aclFormat format = !channelLast ? ACL_FORMAT_ND : in.shape.size() == 5 ? ACL_FORMAT_NDHWC : ACL_FORMAT_NHWC;
    auto make = [format](const TensorArg& a, void* data) {
        const int64_t storage = static_cast<int64_t>(a.ExtentBytes() / a.itemsize);
        return aclCreateTensor(a.shape.data(), a.shape.size(), static_cast<aclDataType>(a.dtype), a.strides.data(), 0,
                               format, &storage, 1, data);
    };
    aclTensor* tIn = make(in, lendIn.dev ? lendIn.dev : reinterpret_cast<void*>(in.ptr));
    aclTensor* tOut = make(ou, lendOut.dev ? lendOut.dev : reinterpret_cast<void*>(ou.ptr));
    aclIntArray* size = aclCreateIntArray(outputSize.data(), outputSize.size());
    aclIntArray* inSize = aclCreateIntArray(inputSize.data(), inputSize.size());
    auto release_all = [&]() {
        if (tIn) aclDestroyTensor(tIn);
        if (tOut) aclDestroyTensor(tOut);
        if (size) aclDestroyIntArray(size);
        if (inSize) aclDestroyIntArray(inSize);
    };
    const bool backward = !inputSize.empty();
    if (!tIn || !tOut || !size || !inSize) {
        release_all();
        return {ACLNN_ERR_PARAM_INVALID, aclGetRecentErrMsg()};
    }
    auto sc = [&scales](size_t i) { return i < scales.size() ? scales[i] : 0.0; };
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus s = ACLNN_ERR_PARAM_INVALID;
    aclnnStatus (*run)(void*, uint64_t, aclOpExecutor*, aclrtStream) = nullptr;
    if (backward && kind == "nearest2d") {
        s = aclnnUpsampleNearest2dBackwardGetWorkspaceSize(tIn, size, inSize, sc(0), sc(1), tOut, &wsSize, &executor);
        run = &aclnnUpsampleNearest2dBackward;
    } else if (backward && kind == "bilinear2d") {
        s = aclnnUpsampleBilinear2dBackwardGetWorkspaceSize(tIn, size, inSize, alignCorners, sc(0), sc(1), tOut, &wsSize,
                                                            &executor);
        run = &aclnnUpsampleBilinear2dBackward;
    } else if (backward && kind == "bicubic2d") {
        s = aclnnUpsampleBicubic2dBackwardGetWorkspaceSize(tIn, size, inSize, alignCorners, sc(0), sc(1), tOut, &wsSize,
                                                           &executor);
        run = &aclnnUpsampleBicubic2dBackward;
    } else if (backward && kind == "bilinear2d_aa") {
        s = aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize(tIn, size, inSize, alignCorners, sc(0), sc(1), tOut,
                                                              &wsSize, &executor);
        run = &aclnnUpsampleBilinear2dAABackward;
    } else if (backward && kind == "bicubic2d_aa") {
        s = aclnnUpsampleBicubic2dAABackwardGetWorkspaceSize(tIn, size, inSize, alignCorners, sc(0), sc(1), tOut,
                                                             &wsSize, &executor);
        run = &aclnnUpsampleBicubic2dAABackward;
    } else if (backward && kind == "nearest3d") {
        s = aclnnUpsampleNearest3dBackwardGetWorkspaceSize(tIn, size, inSize, sc(0), sc(1), sc(2), tOut, &wsSize,
                                                           &executor);
        run = &aclnnUpsampleNearest3dBackward;
    } else if (backward && kind == "trilinear3d") {
        s = aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(tIn, size, inSize, alignCorners, sc(0), sc(1), sc(2), tOut,
                                                             &wsSize, &executor);
        run = &aclnnUpsampleTrilinear3dBackward;
    } else if (backward) {
        release_all();
        return {ACLNN_ERR_PARAM_INVALID, "unknown upsample kind " + kind};
    } else if (kind == "nearest2d") {
        s = aclnnUpsampleNearest2dGetWorkspaceSize(tIn, size, tOut, &wsSize, &executor);
        run = &aclnnUpsampleNearest2d;
    } else if (kind == "bilinear2d") {
        s = aclnnUpsampleBilinear2dGetWorkspaceSize(tIn, size, alignCorners, sc(0), sc(1), tOut, &wsSize, &executor);
        run = &aclnnUpsampleBilinear2d;
    } else if (kind == "bicubic2d") {
        s = aclnnUpsampleBicubic2dGetWorkspaceSize(tIn, size, alignCorners, sc(0), sc(1), tOut, &wsSize, &executor);
        run = &aclnnUpsampleBicubic2d;
    } else if (kind == "bilinear2d_aa") {
        s = aclnnUpsampleBilinear2dAAGetWorkspaceSize(tIn, size, alignCorners, sc(0), sc(1), tOut, &wsSize, &executor);
        run = &aclnnUpsampleBilinear2dAA;
    } else if (kind == "bicubic2d_aa") {
        s = aclnnUpsampleBicubic2dAAGetWorkspaceSize(tIn, size, alignCorners, sc(0), sc(1), tOut, &wsSize, &executor);
        run = &aclnnUpsampleBicubic2dAA;
    } else if (kind == "nearest3d") {
        s = aclnnUpsampleNearest3dGetWorkspaceSize(tIn, size, sc(0), sc(1), sc(2), tOut, &wsSize, &executor);
        run = &aclnnUpsampleNearest3d;
    } else if (kind == "trilinear3d") {
        s = aclnnUpsampleTrilinear3dGetWorkspaceSize(tIn, size, alignCorners, sc(0), sc(1), sc(2), tOut, &wsSize,
                                                     &executor);
        run = &aclnnUpsampleTrilinear3d;
    } else {
        release_all();
        return {ACLNN_ERR_PARAM_INVALID, "unknown upsample kind " + kind};
    }
    if (s != ACLNN_SUCCESS) {
        std::string msg = aclGetRecentErrMsg();
        release_all();
        return {s, msg};
    }
    const auto [status, msg] = LaunchAndWait(run, wsSize, executor, stream);
    release_all();
    return {status, msg};
}

// GridSample backward through the aclnn entry points (2-D, 3-D, N-d by the input's rank). A gradient
// that outputMask does not ask for is passed as None and reaches the operator as nullptr (which the
// entry points allow). Returns (status, message); status 0 on success.
std::tuple<int, std::string> GridSampleBackward(const py::tuple& gradOutput, const py::tuple& input,
                                                const py::tuple& grid, const py::object& inputGrad,
                                                const py::object& gridGrad, int mode, int padding, bool alignCorners) {
    TensorArg go = ToArg(gradOutput), in = ToArg(input), gr = ToArg(grid);
    const bool wantInput = !inputGrad.is_none(), wantGrid = !gridGrad.is_none();
    TensorArg gi = wantInput ? ToArg(inputGrad.cast<py::tuple>()) : TensorArg{};
    TensorArg gg = wantGrid ? ToArg(gridGrad.cast<py::tuple>()) : TensorArg{};
    py::gil_scoped_release release;
    aclrtStream stream = ThreadStream();
    Lend lendGo(go), lendIn(in), lendGrid(gr), lendGi(gi), lendGg(gg);
    if (!lendGo.ok || !lendIn.ok || !lendGrid.ok || !lendGi.ok || !lendGg.ok)
        return {ACLNN_ERR_RUNTIME_ERROR, aclGetRecentErrMsg()};
    // an empty view keeps its host address: nothing is read or written through it
    auto address = [](const Lend& l, const TensorArg& a) { return l.dev ? l.dev : reinterpret_cast<void*>(a.ptr); };
    Tensor tGo(go, address(lendGo, go)), tIn(in, address(lendIn, in)), tGrid(gr, address(lendGrid, gr));
    std::unique_ptr<Tensor> tGi, tGg;
    if (wantInput) tGi = std::make_unique<Tensor>(gi, address(lendGi, gi));
    if (wantGrid) tGg = std::make_unique<Tensor>(gg, address(lendGg, gg));
    if (!tGo.t || !tIn.t || !tGrid.t || (tGi && !tGi->t) || (tGg && !tGg->t))
        return {ACLNN_ERR_PARAM_INVALID, aclGetRecentErrMsg()};
    const bool mask[2] = {wantInput, wantGrid};
    aclBoolArray* outputMask = aclCreateBoolArray(mask, 2);
    if (!outputMask) return {ACLNN_ERR_PARAM_INVALID, aclGetRecentErrMsg()};
    // The official entry points for 4-D and 5-D input; the N-d extension for other ranks.
    auto getWorkspace = in.shape.size() == 4   ? &aclnnGridSampler2DBackwardGetWorkspaceSize
                        : in.shape.size() == 5 ? &aclnnGridSampler3DBackwardGetWorkspaceSize
                                               : &aclnnGridSamplerNdBackwardGetWorkspaceSize;
    auto run = in.shape.size() == 4   ? &aclnnGridSampler2DBackward
               : in.shape.size() == 5 ? &aclnnGridSampler3DBackward
                                      : &aclnnGridSamplerNdBackward;
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus s = getWorkspace(tGo.t, tIn.t, tGrid.t, mode, padding, alignCorners, outputMask,
                                 tGi ? tGi->t : nullptr, tGg ? tGg->t : nullptr, &wsSize, &executor);
    std::pair<aclnnStatus, std::string> result{s, s != ACLNN_SUCCESS ? aclGetRecentErrMsg() : ""};
    if (s == ACLNN_SUCCESS) result = LaunchAndWait(run, wsSize, executor, stream);
    aclDestroyBoolArray(outputMask);
    return {result.first, result.second};
}

py::dict StatsToDict(const ascend_sim::CoreCounters& c, double clockGHz) {
    py::dict d;
    d["mte2_instr"] = c.mte2Instr; d["mte2_bytes"] = c.mte2Bytes;
    d["mte3_instr"] = c.mte3Instr; d["mte3_bytes"] = c.mte3Bytes;
    d["ub_copy_instr"] = c.ubCopyInstr; d["ub_copy_bytes"] = c.ubCopyBytes;
    d["vec_instr"] = c.vecInstr; d["vec_repeats"] = c.vecRepeats;
    d["scalar_gm_reads"] = c.scalarGmReads; d["scalar_gm_writes"] = c.scalarGmWrites;
    d["scalar_ub_reads"] = c.scalarUbReads; d["scalar_ub_writes"] = c.scalarUbWrites;
    d["peak_ub_bytes"] = c.peakUbBytes;
    // NPU cost model (checked build; 0 in the fast build). total: modelled_* = slowest core, busy_* = sums.
    d["modelled_cycles"] = c.modelledCycles;
    d["modelled_us"] = clockGHz > 0 ? double(c.modelledCycles) / (clockGHz * 1e3) : 0.0;
    d["busy_s"] = c.busyS; d["busy_mte2"] = c.busyMte2; d["busy_v"] = c.busyV; d["busy_mte3"] = c.busyMte3;
    // "<pipe> <api>" -> (instructions, busy cycles)
    static const char* const kPipes[] = {"S", "MTE2", "V", "MTE3"};
    py::dict byApi;
    for (int i = 0; i < c.apiBusyCount; ++i) {
        const auto& e = c.busyByApi[i];
        byApi[py::str(std::string(kPipes[e.pipe & 3]) + " " + e.api)] = py::make_tuple(e.instr, e.cycles);
    }
    for (int p = 0; p < 4; ++p) {
        if (c.otherInstr[p] == 0) continue;
        const py::str key(std::string(kPipes[p]) + " other");
        uint64_t instr = c.otherInstr[p], cycles = c.otherCycles[p];
        if (byApi.contains(key)) {
            const py::tuple named = byApi[key];
            instr += named[0].cast<uint64_t>();
            cycles += named[1].cast<uint64_t>();
        }
        byApi[key] = py::make_tuple(instr, cycles);
    }
    d["busy_by_api"] = byApi;
    return d;
}

py::dict LastLaunchStats(const std::string& kernel) {
    ascend_sim::LaunchStats s = ascend_sim::LastLaunchStatsOf(kernel);
    py::dict d;
    d["kernel"] = s.kernel;
    d["block_dim"] = s.blockDim;
    d["tiling_key"] = s.tilingKey;
    d["serial"] = s.serial;
    d["checked"] = s.checked;
    d["modelled_cycles"] = s.modelledCycles;
    d["modelled_us"] = s.modelledMicroseconds;
    d["lanes"] = s.lanes;
    d["total"] = StatsToDict(s.total, s.clockGHz);
    py::list cores;
    for (const auto& c : s.cores) cores.append(StatsToDict(c, s.clockGHz));
    d["cores"] = cores;
    return d;
}

void SetPlatform(const std::string& soc, int64_t cores, int64_t ubBytes) {
    if (!soc.empty() && !ascend_sim::SetPlatformBySoc(soc)) throw py::value_error("unknown SoC version: " + soc);
    ascend_sim::Platform p = ascend_sim::GetPlatform();
    if (cores > 0) ascend_sim::SetVectorCores(&p, static_cast<uint32_t>(cores));
    if (ubBytes > 0) p.ubSize = static_cast<uint64_t>(ubBytes) + p.ubReserved;
    ascend_sim::SetPlatform(p);
}

// The cost model's constants, for analytic models that must use the same figures (scripts/npu_model.py).
py::dict CostConstants() {
    namespace c = ascend_sim::cost;
    py::dict d;
    d["clock_ghz"] = ascend_sim::GetPlatform().clockGHz;
    d["mte2_bytes_per_cycle_base"] = c::kGmToUbBase;
    d["mte2_bytes_per_cycle_shared"] = c::kGmToUbShared;
    d["mte3_bytes_per_cycle_base"] = c::kUbToGmBase;
    d["mte3_bytes_per_cycle_shared"] = c::kUbToGmShared;
    d["mte2_instr_overhead"] = c::kLoadOverhead;
    d["mte3_instr_overhead"] = c::kStoreOverhead;
    d["mte2_kernel_startup"] = c::kMte2KernelStartup;
    d["mte3_kernel_startup"] = c::kMte3KernelStartup;
    d["dma_block_round"] = c::kDmaBlockRound;
    d["vector_issue_cycles"] = c::kVecIssue;
    d["vector_repeats_per_cycle"] = c::kUnaryRepeatsPerCycle;
    d["vector_binary_repeats_per_cycle"] = c::kBinaryRepeatsPerCycle;
    d["vector_repeat_bytes"] = c::kRepeatBytes;
    d["gather_elems_per_cycle"] = c::kGatherElemsPerCycle;
    d["hbm_bytes_per_s"] = c::kHbmBytesPerSecond;
    return d;
}

py::dict Platform() {
    const ascend_sim::Platform& p = ascend_sim::GetPlatform();
    py::dict d;
    d["soc"] = p.socVersion;
    d["aiv_cores"] = p.aivCoreNum;
    d["aic_cores"] = p.aicCoreNum;
    d["ub_bytes"] = ascend_sim::UsableUbBytes(p);
    return d;
}

// Whether the registered parser plugin maps one ONNX node (name, origin type, NodeProto JSON, input
// and output names) onto a GE operator: (status, reason), status 0 when it does.
py::tuple OnnxMap(const std::string& name, const std::string& origin, const std::string& json,
                  const std::vector<std::string>& inputs, const std::vector<std::string>& outputs) {
    ge::Operator mapped;
    std::string why;
    const uint32_t status = ascend_sim::MapOnnxNode({name, origin, json, inputs, outputs}, &mapped, &why);
    return py::make_tuple(status, why);
}

// An ONNX model's nodes through the registered parser plugins into a GE graph, run by RunGraph
// (ascend_sim/onnx_parser.h). nodes: (name, origin type, NodeProto JSON, inputs, outputs); feeds:
// (name, ge::DataType, dims, bytes); constants: the names among feeds that are initializers (Const
// operators). Returns (status, reason, [(name, ge::DataType, dims, bytes)]).
py::tuple OnnxRun(const std::vector<std::tuple<std::string, std::string, std::string, std::vector<std::string>,
                                               std::vector<std::string>>>& nodes,
                  const std::vector<std::tuple<std::string, int, std::vector<int64_t>, py::bytes>>& feeds,
                  const std::vector<std::string>& outputNames, const std::vector<std::string>& constants) {
    std::vector<ascend_sim::OnnxNode> graphNodes;
    for (const auto& [name, origin, json, inputs, outputs] : nodes) graphNodes.push_back({name, origin, json, inputs, outputs});
    std::vector<ascend_sim::OnnxValue> values;
    for (const auto& [name, dtype, dims, bytes] : feeds) {
        const std::string data = bytes;
        const bool constant = std::find(constants.begin(), constants.end(), name) != constants.end();
        values.push_back({name, static_cast<ge::DataType>(dtype), dims, std::vector<uint8_t>(data.begin(), data.end()),
                          constant});
    }
    std::vector<ascend_sim::OnnxValue> results;
    std::string why;
    uint32_t status;
    {
        py::gil_scoped_release release;
        status = ascend_sim::RunOnnxGraph(graphNodes, values, outputNames, &results, &why);
    }
    py::list out;
    for (const auto& r : results)
        out.append(py::make_tuple(r.name, static_cast<int>(r.dtype), r.dims,
                                  py::bytes(reinterpret_cast<const char*>(r.data.data()), r.data.size())));
    return py::make_tuple(status, why, out);
}

}  // namespace

#ifndef AGS_MODULE_NAME
#error "AGS_MODULE_NAME must name the extension module"
#endif

PYBIND11_MODULE(AGS_MODULE_NAME, m) {
    m.doc() = "ascend_gridsample extension on the NPU simulator";
    m.attr("checked") = static_cast<bool>(ASCENDC_SIM_CHECKED);
    m.def("grid_sample", &GridSample, py::arg("input"), py::arg("grid"), py::arg("out"), py::arg("mode"),
          py::arg("padding"), py::arg("align_corners"));
    m.def("grid_sample_backward", &GridSampleBackward, py::arg("grad_output"), py::arg("input"), py::arg("grid"),
          py::arg("input_grad"), py::arg("grid_grad"), py::arg("mode"), py::arg("padding"), py::arg("align_corners"));
    m.def("last_launch_stats", &LastLaunchStats, py::arg("kernel") = "grid_sample");
    // the calling thread's last GridSample plan: which path ran and why (aclnnGridSampler*LastPlan)
    m.def("grid_sample_last_plan", [] { return std::string(aclnnGridSamplerLastPlan()); });
    m.def("grid_sample_backward_last_plan", [] { return std::string(aclnnGridSamplerBackwardLastPlan()); });
    m.def("set_platform", &SetPlatform, py::arg("soc") = "", py::arg("cores") = 0, py::arg("ub_bytes") = 0);
    m.def("platform", &Platform);
    // the enum attributes' names in code order (op_host/attr_names.h), which the Python tables must agree with
    m.def("attribute_names", [] {
        auto list = [](const auto& names) { return std::vector<std::string>(std::begin(names), std::end(names)); };
        py::dict d;
        d["grid_sample_modes"] = list(opattr::kGridSampleModes);
        d["grid_sample_paddings"] = list(opattr::kGridSamplePaddings);
        d["interpolate_modes"] = list(opattr::kInterpolateModes);
        d["coordinate_transformation_modes"] = list(opattr::kInterpolateCoordModes);
        d["nearest_modes"] = list(opattr::kInterpolateNearestModes);
        d["shape_calculation_modes"] = list(opattr::kInterpolateShapeCalcModes);
        return d;
    });
    // the AI Core kernels the library holds (the simulator's kernel table), which KERNELS must list
    m.def("kernel_names", [] { return ascend_sim::RegisteredKernelNames(); });
    m.def("cost_constants", &CostConstants);
    m.def("interpolate", &Interpolate, py::arg("x"), py::arg("y"), py::arg("scales"), py::arg("sizes"), py::arg("axes"),
          py::arg("mode"), py::arg("shape_calculation_mode"), py::arg("coordinate_transformation_mode"),
          py::arg("nearest_mode"), py::arg("antialias"), py::arg("pads_begin"), py::arg("pads_end"),
          py::arg("cube_coeff"), py::arg("backward") = false);
    // cube_coeff's default per mode code (the header's one rule), for ags.interpolate
    m.def("interpolate_default_cube_coeff", [](int64_t mode) { return ACLNN_INTERPOLATE_DEFAULT_CUBE_COEFF(mode); });
    m.def("upsample", &Upsample, py::arg("kind"), py::arg("x"), py::arg("y"), py::arg("output_size"),
          py::arg("align_corners"), py::arg("scales"), py::arg("channel_last") = false,
          py::arg("input_size") = std::vector<int64_t>());
    m.def("onnx_map", &OnnxMap, py::arg("name"), py::arg("origin"), py::arg("json"), py::arg("inputs"),
          py::arg("outputs"));
    m.def("onnx_run", &OnnxRun, py::arg("nodes"), py::arg("feeds"), py::arg("outputs"),
          py::arg("constants") = std::vector<std::string>());
}
