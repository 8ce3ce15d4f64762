// aclnnInterpolateBackward and the aclnnUpsample*Backward entry points through the public C API: the
// adjoint identity <A x, g> = <x, A^T g> against the forward entry point on both paths (AI Core
// float32, AI CPU float64 and pads) for every mode; bit-identical gradients across runs and across
// 1, 8, 40 and 48 cores on the AI Core path (asserted); an empty gradient giving zeros; and the
// status and message of each entry point's bad arguments. (InterpolateGrad's infer-shape and
// tiling: tests/op/test_interpolate_tiling.cpp.)
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_interpolate.h"
#include "aclnnop/aclnn_interpolate_backward.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bicubic_2d_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_aa_backward.h"
#include "aclnnop/aclnn_upsample_bilinear_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_3d_backward.h"
#include "aclnnop/aclnn_upsample_trilinear_3d_backward.h"
#include "ascend_sim/sim.h"
#include "op_host/aclnn_call.h"
#include "check.h"

namespace {

const bool g_init = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
}();

int64_t Count(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

// A contiguous device tensor of FLOAT, DOUBLE or INT8 (values given as double).
struct DeviceTensor {
    void* data = nullptr;
    aclTensor* tensor = nullptr;
    aclDataType dtype;
    size_t bytes = 0, item = 0;
    DeviceTensor(const std::vector<int64_t>& shape, const std::vector<double>& values, aclDataType type = ACL_FLOAT,
                 aclFormat format = ACL_FORMAT_ND)
        : dtype(type) {
        item = type == ACL_DOUBLE ? 8 : type == ACL_INT8 ? 1 : 4;
        bytes = values.size() * item;
        std::vector<uint8_t> host(bytes);
        for (size_t i = 0; i < values.size(); ++i) {
            if (type == ACL_DOUBLE) std::memcpy(&host[i * 8], &values[i], 8);
            else if (type == ACL_INT8) host[i] = static_cast<uint8_t>(static_cast<int8_t>(values[i]));
            else {
                const float f = static_cast<float>(values[i]);
                std::memcpy(&host[i * 4], &f, 4);
            }
        }
        aclrtMalloc(&data, bytes > 0 ? bytes : 8, ACL_MEM_MALLOC_HUGE_FIRST);
        if (bytes) aclrtMemcpy(data, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> strides(shape.size(), 1);
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
        const int64_t storage = static_cast<int64_t>(values.size());
        tensor = aclCreateTensor(shape.data(), shape.size(), type, strides.data(), 0, format, &storage, 1, data);
    }
    std::vector<double> Read() const {
        std::vector<uint8_t> host(bytes);
        if (bytes) aclrtMemcpy(host.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<double> v(bytes / item);
        for (size_t i = 0; i < v.size(); ++i) {
            if (dtype == ACL_DOUBLE) std::memcpy(&v[i], &host[i * 8], 8);
            else {
                float f;
                std::memcpy(&f, &host[i * 4], 4);
                v[i] = f;
            }
        }
        return v;
    }
    std::vector<uint8_t> Raw() const {
        std::vector<uint8_t> host(bytes);
        if (bytes) aclrtMemcpy(host.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return host;
    }
    ~DeviceTensor() {
        aclDestroyTensor(tensor);
        aclrtFree(data);
    }
};

std::vector<double> Random(int64_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::vector<double> v(static_cast<size_t>(n));
    for (double& e : v) e = u(rng);
    return v;
}

struct Attrs {
    std::vector<int64_t> sizes, axes, padsBegin, padsEnd;
    int64_t mode = ACLNN_INTERPOLATE_LINEAR, coord = ACLNN_INTERPOLATE_HALF_PIXEL,
            nearest = ACLNN_INTERPOLATE_ROUND_PREFER_FLOOR;
    bool antialias = false;
    double cubeCoeff = -0.75;
};

// Plans (forward or backward), reports the path, runs; returns the status.
aclnnStatus Run(bool backward, const DeviceTensor& x, const Attrs& a, const DeviceTensor& y, std::string* path = nullptr,
                std::string* reason = nullptr) {
    aclIntArray* sizes = aclCreateIntArray(a.sizes.data(), a.sizes.size());
    aclIntArray* axes = aclCreateIntArray(a.axes.data(), a.axes.size());
    aclIntArray* pb = aclCreateIntArray(a.padsBegin.data(), a.padsBegin.size());
    aclIntArray* pe = aclCreateIntArray(a.padsEnd.data(), a.padsEnd.size());
    uint64_t wsSize = 0;
    aclOpExecutor* ex = nullptr;
    aclnnStatus s = backward ? aclnnInterpolateBackwardGetWorkspaceSize(y.tensor, nullptr, sizes, axes, a.mode,
                                                                        ACLNN_INTERPOLATE_SIZES, a.coord, a.nearest,
                                                                        a.antialias, pb, pe, a.cubeCoeff, x.tensor,
                                                                        &wsSize, &ex)
                             : aclnnInterpolateGetWorkspaceSize(x.tensor, nullptr, sizes, axes, a.mode,
                                                                ACLNN_INTERPOLATE_SIZES, a.coord, a.nearest,
                                                                a.antialias, pb, pe, a.cubeCoeff, y.tensor, &wsSize, &ex);
    for (aclIntArray* p : {sizes, axes, pb, pe}) aclDestroyIntArray(p);
    if (s != ACLNN_SUCCESS) return s;
    const char* p = nullptr;
    const char* r = nullptr;
    aclnnInterpolateExecutorPath(ex, &p, &r);
    if (path) *path = p;
    if (reason) *reason = r;
    std::string message;
    return gridsample::LaunchAndWait((backward ? aclnnInterpolateBackward : aclnnInterpolate), wsSize, ex, nullptr, &message);
}

double Dot(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0.0;
    for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s;
}
double Norm(const std::vector<double>& a) { return std::sqrt(Dot(a, a)); }

// <A x, g> against <x, A^T g>, relative to |A x| |g| (Cauchy-Schwarz bounds both sides by it);
// returns the path the backward ran.
std::string CheckAdjoint(const std::string& what, aclDataType dtype, const std::vector<int64_t>& xShape,
                         const std::vector<int64_t>& yShape, const Attrs& a, double tol) {
    const std::vector<double> xv = Random(Count(xShape), 1), gv = Random(Count(yShape), 2);
    DeviceTensor x(xShape, xv, dtype), y(yShape, std::vector<double>(static_cast<size_t>(Count(yShape)), 0.0), dtype);
    DeviceTensor g(yShape, gv, dtype), gx(xShape, std::vector<double>(static_cast<size_t>(Count(xShape)), -7.0), dtype);
    std::string path, reason;
    CHECK_MSG(Run(false, x, a, y) == ACLNN_SUCCESS, what + ": forward: " + aclGetRecentErrMsg());
    CHECK_MSG(Run(true, gx, a, g, &path, &reason) == ACLNN_SUCCESS, what + ": backward: " + aclGetRecentErrMsg());
    // the device values (float32 inputs are what the operator saw)
    const std::vector<double> ax = y.Read(), atg = gx.Read(), xr = x.Read(), gr = g.Read();
    const double lhs = Dot(ax, gr), rhs = Dot(xr, atg);
    const double scale = Norm(ax) * Norm(gr) + Norm(xr) * Norm(atg);
    CHECK_MSG(std::fabs(lhs - rhs) <= tol * scale, what + " (" + path + "): <Ax,g> " + std::to_string(lhs) +
                                                       ", <x,A^T g> " + std::to_string(rhs) + "; " + reason);
    return path;
}

void Expect(aclnnStatus got, aclnnStatus want, std::initializer_list<const char*> parts) {
    const std::string msg = aclGetRecentErrMsg();
    CHECK_MSG(got == want, "status " + std::to_string(got) + ", message " + msg);
    for (const char* p : parts) CHECK_MSG(msg.find(p) != std::string::npos, "'" + std::string(p) + "' not in: " + msg);
}

}  // namespace

TEST_CASE("adjoint identity <Ax, g> = <x, A^T g>: every mode, AI Core float32 and AI CPU float64") {
    struct Case {
        const char* name;
        std::vector<int64_t> x, y, axes;
        int64_t mode, coord, nearest;
        bool antialias;
        double cube;
    };
    const std::vector<Case> cases = {
        {"nearest up", {2, 3, 5, 7}, {2, 3, 9, 12}, {2, 3}, ACLNN_INTERPOLATE_NEAREST, ACLNN_INTERPOLATE_ASYMMETRIC,
         ACLNN_INTERPOLATE_FLOOR, false, -0.75},
        {"nearest down, round_prefer_ceil", {1, 2, 11, 13}, {1, 2, 4, 5}, {2, 3}, ACLNN_INTERPOLATE_NEAREST,
         ACLNN_INTERPOLATE_HALF_PIXEL, ACLNN_INTERPOLATE_ROUND_PREFER_CEIL, false, -0.75},
        {"linear antialias down/up", {2, 17, 6}, {2, 5, 11}, {1, 2}, ACLNN_INTERPOLATE_LINEAR,
         ACLNN_INTERPOLATE_HALF_PIXEL, 0, true, -0.75},
        {"linear_onnx align_corners", {1, 2, 6, 9}, {1, 2, 11, 4}, {2, 3}, ACLNN_INTERPOLATE_LINEAR_ONNX,
         ACLNN_INTERPOLATE_ALIGN_CORNERS, 0, false, -0.75},
        {"cubic -0.5, axes [0, 2]", {7, 3, 9}, {12, 3, 5}, {0, 2}, ACLNN_INTERPOLATE_CUBIC,
         ACLNN_INTERPOLATE_PYTORCH_HALF_PIXEL, 0, false, -0.5},
        {"bilinear_pillow", {1, 3, 10, 14}, {1, 3, 4, 23}, {2, 3}, ACLNN_INTERPOLATE_BILINEAR_PILLOW, 0, 0, false,
         -0.75},
        {"bicubic_pillow", {2, 9, 8}, {2, 21, 3}, {1, 2}, ACLNN_INTERPOLATE_BICUBIC_PILLOW, 0, 0, false, -0.5},
        {"linear, 3 axes of rank 5", {2, 4, 5, 3, 6}, {2, 7, 3, 3, 9}, {1, 2, 4}, ACLNN_INTERPOLATE_LINEAR,
         ACLNN_INTERPOLATE_ASYMMETRIC, 0, false, -0.75},
    };
    for (const Case& c : cases) {
        Attrs a;
        a.mode = c.mode;
        a.coord = c.coord;
        a.nearest = c.nearest;
        a.antialias = c.antialias;
        a.cubeCoeff = c.cube;
        a.axes = c.axes;
        for (int64_t ax : c.axes) a.sizes.push_back(c.y[ax]);
        const std::string f32 = CheckAdjoint(std::string(c.name) + " float32", ACL_FLOAT, c.x, c.y, a, 2e-6);
        CHECK_MSG(f32 == "ai_core", std::string(c.name) + ": float32 ran on " + f32);
        const std::string f64 = CheckAdjoint(std::string(c.name) + " float64", ACL_DOUBLE, c.x, c.y, a, 1e-13);
        CHECK_MSG(f64 == "ai_cpu", std::string(c.name) + ": float64 ran on " + f64);
        // pads (and cropping) run on the AI CPU; the padding gets no gradient
        Attrs padded = a;
        padded.padsBegin.assign(c.x.size(), 0);
        padded.padsEnd.assign(c.x.size(), 0);
        padded.padsBegin[c.axes[0]] = 2;
        padded.padsEnd[c.axes[0]] = -1;
        std::vector<int64_t> xp = c.x;
        xp[c.axes[0]] += 1;   // one longer, padded by 2 in front and cropped by 1 at the end
        const std::string pads = CheckAdjoint(std::string(c.name) + " float32 with pads", ACL_FLOAT, xp, c.y, padded, 2e-6);
        CHECK_MSG(pads == "ai_cpu", std::string(c.name) + ": pads ran on " + pads);
    }
}

TEST_CASE("AI Core backward: bit-identical across runs and across 1, 8, 40 and 48 cores") {
    const ascend_sim::Platform saved = ascend_sim::GetPlatform();
    const std::vector<int64_t> xShape = {2, 5, 19, 23}, yShape = {2, 5, 41, 10};
    const std::vector<double> gv = Random(Count(yShape), 3);
    struct ModeCase { int64_t mode; bool antialias; };
    for (const ModeCase m : {ModeCase{ACLNN_INTERPOLATE_LINEAR, true}, ModeCase{ACLNN_INTERPOLATE_CUBIC, false},
                             ModeCase{ACLNN_INTERPOLATE_NEAREST, false}}) {
        Attrs a;
        a.mode = m.mode;
        a.antialias = m.antialias;
        a.axes = {2, 3};
        a.sizes = {41, 10};
        std::vector<uint8_t> first;
        for (uint32_t cores : {1u, 8u, 40u, 48u, 48u}) {
            ascend_sim::Platform plat = saved;
            ascend_sim::SetVectorCores(&plat, cores);
            ascend_sim::SetPlatform(plat);
            DeviceTensor g(yShape, gv), gx(xShape, std::vector<double>(static_cast<size_t>(Count(xShape)), 0.0));
            std::string path;
            CHECK(Run(true, gx, a, g, &path) == ACLNN_SUCCESS);
            CHECK_MSG(path == "ai_core", "ran on " + path);
            const ascend_sim::LaunchStats st = ascend_sim::LastLaunchStatsOf("interpolate_grad");
            CHECK_MSG(st.blockDim >= 1 && st.blockDim <= cores, "block dim " + std::to_string(st.blockDim));
            if (first.empty()) first = gx.Raw();
            else CHECK_MSG(gx.Raw() == first, "gradients differ on " + std::to_string(cores) + " cores");
        }
    }
    ascend_sim::SetPlatform(saved);
}

TEST_CASE("an empty gradient (an output length of 0) gives a zero gradient") {
    Attrs a;
    a.mode = ACLNN_INTERPOLATE_LINEAR;
    a.axes = {1, 2};
    a.sizes = {0, 6};
    for (aclDataType t : {ACL_FLOAT, ACL_DOUBLE}) {
        DeviceTensor g({2, 0, 6}, {}, t), gx({2, 3, 4}, std::vector<double>(24, -7.0), t);
        std::string path, reason;
        CHECK_MSG(Run(true, gx, a, g, &path, &reason) == ACLNN_SUCCESS, aclGetRecentErrMsg());
        CHECK_MSG(path == "ai_cpu", path + ": " + reason);
        for (double v : gx.Read()) CHECK(v == 0.0);
    }
}

TEST_CASE("aclnnInterpolateBackward: bad arguments return their status and say what was expected") {
    Attrs a;
    a.axes = {2, 3};
    a.sizes = {3, 5};
    DeviceTensor g({1, 1, 3, 5}, std::vector<double>(15, 1.0)), gx({1, 1, 2, 2}, std::vector<double>(4, 0.0));
    aclIntArray* sizes = aclCreateIntArray(a.sizes.data(), 2);
    aclIntArray* axes = aclCreateIntArray(a.axes.data(), 2);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    Expect(aclnnInterpolateBackwardGetWorkspaceSize(nullptr, nullptr, sizes, axes, 1, 0, 0, 0, false, nullptr, nullptr,
                                                    -0.75, gx.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"aclnnInterpolateBackward", "gradY is nullptr"});
    Expect(aclnnInterpolateBackwardGetWorkspaceSize(g.tensor, nullptr, sizes, axes, 1, 0, 0, 0, false, nullptr, nullptr,
                                                    -0.75, nullptr, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"gradX is nullptr"});
    Expect(aclnnInterpolateBackwardGetWorkspaceSize(g.tensor, nullptr, nullptr, axes, 1, 0, 0, 0, false, nullptr,
                                                    nullptr, -0.75, gx.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"sizes is nullptr"});
    Expect(aclnnInterpolateBackwardGetWorkspaceSize(g.tensor, nullptr, sizes, axes, 9, 0, 0, 0, false, nullptr,
                                                    nullptr, -0.75, gx.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_INVALID, {"mode is 9", "5 (bicubic_pillow)"});
    DeviceTensor gBad({1, 1, 3, 4}, std::vector<double>(12, 1.0));
    Expect(aclnnInterpolateBackwardGetWorkspaceSize(gBad.tensor, nullptr, sizes, axes, 1, 0, 0, 0, false, nullptr,
                                                    nullptr, -0.75, gx.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_INVALID, {"gradY shape [1, 1, 3, 4]", "resized dim 3", "expected 5"});
    DeviceTensor gi({1, 1, 3, 5}, std::vector<double>(15, 1.0), ACL_INT8), gxi({1, 1, 2, 2}, std::vector<double>(4, 0.0), ACL_INT8);
    Expect(aclnnInterpolateBackwardGetWorkspaceSize(gi.tensor, nullptr, sizes, axes, 1, 0, 0, 0, false, nullptr,
                                                    nullptr, -0.75, gxi.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_INVALID, {"gradY dtype INT8 has no gradient", "FLOAT, FLOAT16, BF16 or DOUBLE"});
    DeviceTensor gxd({1, 1, 2, 2}, std::vector<double>(4, 0.0), ACL_DOUBLE);
    Expect(aclnnInterpolateBackwardGetWorkspaceSize(g.tensor, nullptr, sizes, axes, 1, 0, 0, 0, false, nullptr,
                                                    nullptr, -0.75, gxd.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_INVALID, {"gradX dtype DOUBLE differs from gradY dtype FLOAT"});
    // a forward executor is not the backward's
    CHECK(aclnnInterpolateBackwardGetWorkspaceSize(g.tensor, nullptr, sizes, axes, 1, 0, 0, 0, false, nullptr, nullptr,
                                                   -0.75, gx.tensor, &ws, &ex) == ACLNN_SUCCESS);
    Expect(aclnnInterpolate(nullptr, ws, ex, nullptr), ACLNN_ERR_PARAM_INVALID, {"executor was made by aclnnInterpolateBackward"});
    aclDestroyIntArray(sizes);
    aclDestroyIntArray(axes);
}

TEST_CASE("aclnnUpsample*Backward: bad arguments return their status and say what was expected") {
    DeviceTensor g({1, 2, 6, 8}, std::vector<double>(96, 1.0)), gx({1, 2, 3, 4}, std::vector<double>(24, 0.0));
    DeviceTensor g3({1, 1, 4, 6, 8}, std::vector<double>(192, 1.0)), gx3({1, 1, 2, 3, 4}, std::vector<double>(24, 0.0));
    const int64_t os[] = {6, 8}, is[] = {1, 2, 3, 4}, os3[] = {4, 6, 8}, is3[] = {1, 1, 2, 3, 4};
    aclIntArray* outSize = aclCreateIntArray(os, 2);
    aclIntArray* inSize = aclCreateIntArray(is, 4);
    aclIntArray* outSize3 = aclCreateIntArray(os3, 3);
    aclIntArray* inSize3 = aclCreateIntArray(is3, 5);
    const int64_t badIs[] = {1, 2, 3}, zeroIs[] = {1, 2, 0, 4}, otherIs[] = {1, 2, 3, 5}, badOs[] = {6, 0};
    aclIntArray* shortIn = aclCreateIntArray(badIs, 3);
    aclIntArray* zeroIn = aclCreateIntArray(zeroIs, 4);
    aclIntArray* otherIn = aclCreateIntArray(otherIs, 4);
    aclIntArray* zeroOut = aclCreateIntArray(badOs, 2);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    // every entry point: success, then a null gradOut, a null inputSize, a null gradInput
    using Fn2 = aclnnStatus (*)(const aclTensor*, const aclIntArray*, const aclIntArray*, bool, double, double, aclTensor*,
                                uint64_t*, aclOpExecutor**);
    const std::pair<const char*, Fn2> aligned[] = {
        {"aclnnUpsampleBilinear2dBackward", aclnnUpsampleBilinear2dBackwardGetWorkspaceSize},
        {"aclnnUpsampleBicubic2dBackward", aclnnUpsampleBicubic2dBackwardGetWorkspaceSize},
        {"aclnnUpsampleBilinear2dAABackward", aclnnUpsampleBilinear2dAABackwardGetWorkspaceSize},
        {"aclnnUpsampleBicubic2dAABackward", aclnnUpsampleBicubic2dAABackwardGetWorkspaceSize}};
    for (const auto& [api, fn] : aligned) {
        const bool aa = std::string(api).find("AA") != std::string::npos;
        const char* gradName = aa ? "gradOutput" : "gradOut";
        const char* outName = std::string(api).find("Bicubic2dBackward") != std::string::npos ? "gradInput" : "out";
        CHECK_MSG(fn(g.tensor, outSize, inSize, false, 0.0, 0.0, gx.tensor, &ws, &ex) == ACLNN_SUCCESS, aclGetRecentErrMsg());
        CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS);
        Expect(fn(nullptr, outSize, inSize, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR,
               {api, gradName, "is nullptr"});
        Expect(fn(g.tensor, outSize, inSize, false, 0.0, 0.0, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR,
               {outName, "is nullptr"});
        Expect(fn(g.tensor, outSize, nullptr, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR,
               {"inputSize is nullptr"});
        Expect(fn(g.tensor, nullptr, inSize, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR,
               {"outputSize is nullptr"});
        Expect(fn(g.tensor, outSize, shortIn, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_INVALID,
               {"inputSize [1, 2, 3] has 3 values", "expected 4"});
        Expect(fn(g.tensor, outSize, zeroIn, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_INVALID,
               {"inputSize [1, 2, 0, 4] has 0 in dim 2", "spatial sizes > 0"});
        Expect(fn(g.tensor, outSize, otherIn, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_INVALID,
               {"has shape [1, 2, 3, 4]", "expected inputSize [1, 2, 3, 5]"});
        Expect(fn(g.tensor, zeroOut, inSize, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_INVALID,
               {"outputSize[1] is 0", "> 0"});
        Expect(fn(g3.tensor, outSize, inSize, false, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_INVALID,
               {gradName, "has rank 5", "expected 4"});
        if (aa)
            Expect(fn(g.tensor, outSize, inSize, true, 0.0, 0.0, gx.tensor, &ws, &ex), ACLNN_ERR_PARAM_INVALID,
                   {"alignCorners is true", "expected false"});
    }
    // gradOut whose spatial dims are not outputSize
    const int64_t os2[] = {6, 7};
    aclIntArray* otherOut = aclCreateIntArray(os2, 2);
    Expect(aclnnUpsampleNearest2dBackwardGetWorkspaceSize(g.tensor, otherOut, inSize, 0.0, 0.0, gx.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_INVALID, {"aclnnUpsampleNearest2dBackward", "gradOut shape [1, 2, 6, 8]", "expected 7 (outputSize)"});
    Expect(aclnnUpsampleNearest2dBackwardGetWorkspaceSize(g.tensor, outSize, nullptr, 0.0, 0.0, gx.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"inputSize is nullptr"});
    CHECK(aclnnUpsampleNearest2dBackwardGetWorkspaceSize(g.tensor, outSize, inSize, 0.0, 0.0, gx.tensor, &ws, &ex) ==
          ACLNN_SUCCESS);
    CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS);
    // 3-D
    CHECK(aclnnUpsampleNearest3dBackwardGetWorkspaceSize(g3.tensor, outSize3, inSize3, 0.0, 0.0, 0.0, gx3.tensor, &ws, &ex) ==
          ACLNN_SUCCESS);
    CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS);
    Expect(aclnnUpsampleNearest3dBackwardGetWorkspaceSize(g3.tensor, outSize3, inSize, 0.0, 0.0, 0.0, gx3.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_INVALID, {"inputSize [1, 2, 3, 4] has 4 values", "expected 5"});
    CHECK(aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(g3.tensor, outSize3, inSize3, true, 0.0, 0.0, 0.0, gx3.tensor,
                                                           &ws, &ex) == ACLNN_SUCCESS);
    CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_SUCCESS);
    Expect(aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(g.tensor, outSize3, inSize3, true, 0.0, 0.0, 0.0, gx3.tensor,
                                                            &ws, &ex),
           ACLNN_ERR_PARAM_INVALID, {"aclnnUpsampleTrilinear3dBackward", "gradOut has rank 4", "expected 5"});
    Expect(aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(g3.tensor, outSize3, inSize3, true, 0.0, 0.0, 0.0, nullptr,
                                                            &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"gradInput is nullptr"});
    // an executor runs only with its own entry point
    CHECK(aclnnUpsampleNearest2dBackwardGetWorkspaceSize(g.tensor, outSize, inSize, 0.0, 0.0, gx.tensor, &ws, &ex) ==
          ACLNN_SUCCESS);
    Expect(aclnnUpsampleBilinear2dBackward(nullptr, ws, ex, nullptr), ACLNN_ERR_PARAM_INVALID,
           {"executor was made by aclnnUpsampleNearest2dBackward"});
    for (aclIntArray* p : {outSize, inSize, outSize3, inSize3, shortIn, zeroIn, otherIn, zeroOut, otherOut})
        aclDestroyIntArray(p);
}

TEST_MAIN()
