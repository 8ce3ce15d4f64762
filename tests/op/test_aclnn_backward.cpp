// aclnnGridSampler{2D,3D,Nd}Backward: gradients against independent references built from the
// forward entry points in float64 (the input gradient by the adjoint identity of the linear map
// input -> out, the grid gradient by central finite differences), every mode, padding and
// align_corners; outputMask combinations; the documented checks and their messages.
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler2d_backward.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler3d_backward.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "aclnnop/aclnn_grid_sampler_nd_backward.h"
#include "op_host/aclnn_call.h"
#include "check.h"

namespace {

int64_t Count(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t s : shape) n *= s;
    return n;
}

// A contiguous device tensor of FLOAT or DOUBLE, written from and read back as float64.
struct DeviceTensor {
    void* data = nullptr;
    aclTensor* tensor = nullptr;
    std::vector<int64_t> shape;
    aclDataType dtype;
    int64_t n = 0;
    DeviceTensor(const std::vector<int64_t>& s, const std::vector<double>& host, aclDataType t = ACL_DOUBLE)
        : shape(s), dtype(t), n(Count(s)) {
        aclrtMalloc(&data, Bytes() ? Bytes() : 8, ACL_MEM_MALLOC_HUGE_FIRST);
        Write(host);
        std::vector<int64_t> strides(shape.size(), 1);
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
        tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                                 shape.size(), data);
    }
    size_t Bytes() const { return static_cast<size_t>(n) * (dtype == ACL_DOUBLE ? 8 : 4); }
    void Write(const std::vector<double>& host) {
        if (dtype == ACL_DOUBLE) {
            aclrtMemcpy(data, Bytes(), host.data(), Bytes(), ACL_MEMCPY_HOST_TO_DEVICE);
        } else {
            std::vector<float> f(host.begin(), host.end());
            aclrtMemcpy(data, Bytes(), f.data(), Bytes(), ACL_MEMCPY_HOST_TO_DEVICE);
        }
    }
    std::vector<double> Read() const {
        if (dtype == ACL_DOUBLE) {
            std::vector<double> h(static_cast<size_t>(n));
            aclrtMemcpy(h.data(), Bytes(), data, Bytes(), ACL_MEMCPY_DEVICE_TO_HOST);
            return h;
        }
        std::vector<float> f(static_cast<size_t>(n));
        aclrtMemcpy(f.data(), Bytes(), data, Bytes(), ACL_MEMCPY_DEVICE_TO_HOST);
        return std::vector<double>(f.begin(), f.end());
    }
    ~DeviceTensor() {
        aclDestroyTensor(tensor);
        aclrtFree(data);
    }
};

using ForwardGws = aclnnStatus (*)(const aclTensor*, const aclTensor*, int64_t, int64_t, bool, aclTensor*, uint64_t*,
                                   aclOpExecutor**);
using BackwardGws = aclnnStatus (*)(const aclTensor*, const aclTensor*, const aclTensor*, int64_t, int64_t, bool,
                                    const aclBoolArray*, aclTensor*, aclTensor*, uint64_t*, aclOpExecutor**);
using LaunchFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

struct Api {
    ForwardGws fwdGws;
    LaunchFn fwd;
    BackwardGws bwdGws;
    LaunchFn bwd;
};
const Api k2d{aclnnGridSampler2DGetWorkspaceSize, aclnnGridSampler2D, aclnnGridSampler2DBackwardGetWorkspaceSize,
              aclnnGridSampler2DBackward};
const Api k3d{aclnnGridSampler3DGetWorkspaceSize, aclnnGridSampler3D, aclnnGridSampler3DBackwardGetWorkspaceSize,
              aclnnGridSampler3DBackward};
const Api kNd{aclnnGridSamplerNdGetWorkspaceSize, aclnnGridSamplerNd, aclnnGridSamplerNdBackwardGetWorkspaceSize,
              aclnnGridSamplerNdBackward};

aclnnStatus Finish(aclnnStatus s, LaunchFn launch, uint64_t wsSize, aclOpExecutor* executor) {
    if (s != ACLNN_SUCCESS) return s;
    std::string message;
    return gridsample::LaunchAndWait(launch, wsSize, executor, nullptr, &message);
}

aclnnStatus Forward(const Api& api, const DeviceTensor& in, const DeviceTensor& grid, DeviceTensor& out, int mode,
                    int padding, bool ac) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    const aclnnStatus s = api.fwdGws(in.tensor, grid.tensor, mode, padding, ac, out.tensor, &ws, &ex);
    return Finish(s, api.fwd, ws, ex);
}

aclnnStatus Backward(const Api& api, const DeviceTensor& go, const DeviceTensor& in, const DeviceTensor& grid,
                     DeviceTensor* gi, DeviceTensor* gg, int mode, int padding, bool ac, std::vector<bool> mask = {true, true}) {
    bool m[8];
    for (size_t i = 0; i < mask.size(); ++i) m[i] = mask[i];
    aclBoolArray* outputMask = aclCreateBoolArray(m, mask.size());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    aclnnStatus s = api.bwdGws(go.tensor, in.tensor, grid.tensor, mode, padding, ac, outputMask, gi ? gi->tensor : nullptr,
                               gg ? gg->tensor : nullptr, &ws, &ex);
    s = Finish(s, api.bwd, ws, ex);
    aclDestroyBoolArray(outputMask);
    return s;
}

const bool g_init = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
}();

// Deterministic pseudo-random values in [lo, hi).
std::vector<double> Values(size_t n, uint32_t seed, double lo, double hi) {
    std::vector<double> v(n);
    uint32_t x = seed * 2654435761u + 12345u;
    for (auto& e : v) {
        x = x * 1664525u + 1013904223u;
        e = lo + (hi - lo) * static_cast<double>(x >> 8) / 16777216.0;
    }
    return v;
}

// Grid values whose unnormalized coordinates have fractional parts in [0.15, 0.35] or
// [0.65, 0.85], inside and somewhat outside the image: away from every kink of linear and
// nearest sampling and of border and reflection padding, so finite differences are exact enough.
std::vector<double> SmoothGrid(const std::vector<int64_t>& gridShape, const std::vector<int64_t>& inShape, bool ac,
                               uint32_t seed) {
    const int r = static_cast<int>(gridShape.back());
    const size_t n = static_cast<size_t>(Count(gridShape));
    const std::vector<double> u = Values(n, seed, 0.0, 1.0), f = Values(n, seed + 7, 0.0, 1.0);
    std::vector<double> g(n);
    for (size_t i = 0; i < n; ++i) {
        const int axis = r - 1 - static_cast<int>(i % r);   // component k addresses axis r-1-k
        const double size = static_cast<double>(inShape[2 + axis]);
        const double whole = std::floor(-2.0 + u[i] * (size + 3.0));
        const double frac = f[i] < 0.5 ? 0.15 + 0.4 * f[i] : 0.65 + 0.4 * (f[i] - 0.5);
        const double c = whole + frac;
        g[i] = ac ? (size > 1 ? 2.0 * c / (size - 1.0) - 1.0 : 0.0) : (2.0 * c + 1.0) / size - 1.0;
    }
    return g;
}

double Dot(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0.0;
    for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s;
}

// Checks both gradients of one problem in float64 against the forward.
void CheckGradients(const Api& api, const std::vector<int64_t>& inShape, const std::vector<int64_t>& gridShape, int mode,
                    int padding, bool ac, uint32_t seed) {
    std::vector<int64_t> outShape = {inShape[0], inShape[1]};
    for (size_t d = 1; d + 1 < gridShape.size(); ++d) outShape.push_back(gridShape[d]);
    const std::vector<double> x = Values(Count(inShape), seed, -1.0, 1.0);
    const std::vector<double> gv = SmoothGrid(gridShape, inShape, ac, seed + 1);
    const std::vector<double> gov = Values(Count(outShape), seed + 2, -1.0, 1.0);
    DeviceTensor in(inShape, x), grid(gridShape, gv), go(outShape, gov);
    DeviceTensor gi(inShape, std::vector<double>(Count(inShape), 777.0)), gg(gridShape, std::vector<double>(Count(gridShape), 777.0));
    const std::string what = "mode " + std::to_string(mode) + " padding " + std::to_string(padding) + " ac " +
                             std::to_string(ac) + " rank " + std::to_string(inShape.size());
    CHECK_MSG(Backward(api, go, in, grid, &gi, &gg, mode, padding, ac) == ACLNN_SUCCESS, what + ": " + aclGetRecentErrMsg());
    const std::vector<double> giv = gi.Read(), ggv = gg.Read();
    // input gradient: out is linear in the input, so <go, F(v)> = <inputGrad, v> for any v
    const std::vector<double> v = Values(Count(inShape), seed + 3, -1.0, 1.0);
    DeviceTensor vin(inShape, v), out(outShape, std::vector<double>(Count(outShape), 0.0));
    CHECK_MSG(Forward(api, vin, grid, out, mode, padding, ac) == ACLNN_SUCCESS, aclGetRecentErrMsg());
    const double lhs = Dot(gov, out.Read()), rhs = Dot(giv, v);
    CHECK_MSG(std::fabs(lhs - rhs) <= 1e-10 * (1.0 + std::fabs(lhs)),
              what + ": adjoint " + std::to_string(lhs) + " vs " + std::to_string(rhs));
    // grid gradient: central differences of L(grid) = <go, F(x, grid)>
    const double h = 1e-6;
    double worst = 0.0;
    for (size_t i = 0; i < gv.size(); ++i) {
        double l[2];
        for (int side = 0; side < 2; ++side) {
            std::vector<double> moved = gv;
            moved[i] += side ? h : -h;
            DeviceTensor mg(gridShape, moved), mo(outShape, std::vector<double>(Count(outShape), 0.0));
            Forward(api, in, mg, mo, mode, padding, ac);
            l[side] = Dot(gov, mo.Read());
        }
        const double fd = (l[1] - l[0]) / (2.0 * h);
        worst = std::max(worst, std::fabs(fd - ggv[i]) / (1.0 + std::fabs(fd)));
        if (mode == 1) CHECK_MSG(ggv[i] == 0.0, what + ": nearest has no grid gradient");
    }
    CHECK_MSG(worst < 1e-6, what + ": grid gradient differs from finite differences by " + std::to_string(worst));
}

}  // namespace

TEST_CASE("2-D float64: both gradients against the forward, every mode, padding and align_corners") {
    uint32_t seed = 1;
    for (int mode = 0; mode < 3; ++mode)
        for (int padding = 0; padding < 3; ++padding)
            for (bool ac : {false, true}) CheckGradients(k2d, {2, 3, 5, 6}, {2, 3, 4, 2}, mode, padding, ac, seed++);
}

TEST_CASE("3-D float64: both gradients against the forward, every mode (tricubic too), padding and align_corners") {
    uint32_t seed = 100;
    for (int mode = 0; mode < 3; ++mode)
        for (int padding = 0; padding < 3; ++padding)
            for (bool ac : {false, true}) CheckGradients(k3d, {1, 2, 4, 3, 5}, {1, 2, 2, 3, 3}, mode, padding, ac, seed++);
}

TEST_CASE("N-d float64: 1-D and 4-D gradients against the forward") {
    uint32_t seed = 200;
    for (int mode = 0; mode < 3; ++mode)
        for (int padding = 0; padding < 3; ++padding) {
            CheckGradients(kNd, {2, 2, 7}, {2, 5, 1}, mode, padding, padding == 1, seed++);
            CheckGradients(kNd, {1, 1, 3, 2, 3, 2}, {1, 2, 1, 2, 1, 4}, mode, padding, padding != 1, seed++);
        }
}

TEST_CASE("bilinear by hand: one point between four pixels") {
    // input 2x2 [[1, 2], [3, 4]], align_corners, point at (x, y) = (0.25, 0.5) pixels
    DeviceTensor in({1, 1, 2, 2}, {1, 2, 3, 4}), grid({1, 1, 1, 2}, {-0.5, 0.0}), go({1, 1, 1, 1}, {2.0});
    DeviceTensor gi({1, 1, 2, 2}, {0, 0, 0, 0}), gg({1, 1, 1, 2}, {0, 0});
    CHECK(Backward(k2d, go, in, grid, &gi, &gg, 0, 0, true) == ACLNN_SUCCESS);
    const std::vector<double> a = gi.Read(), b = gg.Read();
    // weights (1-x)(1-y), x(1-y), (1-x)y, xy with x = 0.25, y = 0.5, times 2
    CHECK(a[0] == 0.75 && a[1] == 0.25 && a[2] == 0.75 && a[3] == 0.25);
    // d out / dx = (2-1)(1-y) + (4-3)y = 1, dx/dgx = 0.5; d out / dy = 2, dy/dgy = 0.5; times 2
    CHECK(b[0] == 1.0 && b[1] == 2.0);
}

TEST_CASE("outputMask: each gradient alone equals the pair, a gradient not asked for is never written") {
    const std::vector<int64_t> inShape = {1, 2, 4, 5}, gridShape = {1, 3, 3, 2}, outShape = {1, 2, 3, 3};
    DeviceTensor in(inShape, Values(40, 5, -1, 1)), grid(gridShape, Values(18, 6, -1.2, 1.2)),
        go(outShape, Values(18, 7, -1, 1));
    DeviceTensor gi(inShape, std::vector<double>(40, 0.0)), gg(gridShape, std::vector<double>(18, 0.0));
    CHECK(Backward(k2d, go, in, grid, &gi, &gg, 2, 1, false) == ACLNN_SUCCESS);
    const std::vector<double> fullInput = gi.Read(), fullGrid = gg.Read();
    DeviceTensor gi2(inShape, std::vector<double>(40, 9.0)), gg2(gridShape, std::vector<double>(18, 9.0));
    CHECK(Backward(k2d, go, in, grid, &gi2, nullptr, 2, 1, false, {true, false}) == ACLNN_SUCCESS);
    CHECK(gi2.Read() == fullInput);
    CHECK(Backward(k2d, go, in, grid, nullptr, &gg2, 2, 1, false, {false, true}) == ACLNN_SUCCESS);
    CHECK(gg2.Read() == fullGrid);
    DeviceTensor gi3(inShape, std::vector<double>(40, 9.0)), gg3(gridShape, std::vector<double>(18, 9.0));
    CHECK(Backward(k2d, go, in, grid, &gi3, &gg3, 2, 1, false, {false, true}) == ACLNN_SUCCESS);
    CHECK(gi3.Read() == std::vector<double>(40, 9.0));
    CHECK(Backward(k2d, go, in, grid, &gi3, &gg3, 2, 1, false, {false, false}) == ACLNN_SUCCESS);
    CHECK(Backward(k2d, go, in, grid, nullptr, nullptr, 2, 1, false, {false, false}) == ACLNN_SUCCESS);
    CHECK(gi3.Read() == std::vector<double>(40, 9.0));
    CHECK(gg3.Read() == fullGrid);
}

TEST_CASE("an empty grid gives a zero input gradient") {
    DeviceTensor in({1, 2, 3, 3}, Values(18, 1, -1, 1)), grid({1, 0, 4, 2}, {}), go({1, 2, 0, 4}, {});
    DeviceTensor gi({1, 2, 3, 3}, std::vector<double>(18, 5.0)), gg({1, 0, 4, 2}, {});
    CHECK(Backward(k2d, go, in, grid, &gi, &gg, 0, 0, false) == ACLNN_SUCCESS);
    CHECK(gi.Read() == std::vector<double>(18, 0.0));
}

TEST_CASE("float32 gradients equal the float64 ones within float32 rounding, and repeat bit for bit") {
    const std::vector<int64_t> inShape = {2, 3, 6, 7}, gridShape = {2, 5, 4, 2}, outShape = {2, 3, 5, 4};
    const std::vector<double> x = Values(252, 11, -1, 1), g = Values(80, 12, -1.1, 1.1), o = Values(120, 13, -1, 1);
    for (int mode = 0; mode < 3; ++mode) {
        DeviceTensor in64(inShape, x), grid64(gridShape, g), go64(outShape, o);
        DeviceTensor gi64(inShape, std::vector<double>(252, 0)), gg64(gridShape, std::vector<double>(80, 0));
        CHECK(Backward(k2d, go64, in64, grid64, &gi64, &gg64, mode, 2, true) == ACLNN_SUCCESS);
        std::vector<double> x32(x.begin(), x.end()), g32(g.begin(), g.end()), o32(o.begin(), o.end());
        for (auto* v : {&x32, &g32, &o32})
            for (double& e : *v) e = static_cast<float>(e);
        DeviceTensor in(inShape, x32, ACL_FLOAT), grid(gridShape, g32, ACL_FLOAT), go(outShape, o32, ACL_FLOAT);
        DeviceTensor gi(inShape, std::vector<double>(252, 0), ACL_FLOAT), gg(gridShape, std::vector<double>(80, 0), ACL_FLOAT);
        DeviceTensor gi2(inShape, std::vector<double>(252, 0), ACL_FLOAT), gg2(gridShape, std::vector<double>(80, 0), ACL_FLOAT);
        CHECK(Backward(k2d, go, in, grid, &gi, &gg, mode, 2, true) == ACLNN_SUCCESS);
        CHECK(Backward(k2d, go, in, grid, &gi2, &gg2, mode, 2, true) == ACLNN_SUCCESS);
        CHECK(gi.Read() == gi2.Read() && gg.Read() == gg2.Read());
        // float32 inputs differ from the float64 ones by their rounding: compare loosely
        const std::vector<double> a = gi.Read(), b = gi64.Read(), c = gg.Read(), d = gg64.Read();
        for (size_t i = 0; i < a.size(); ++i) CHECK(std::fabs(a[i] - b[i]) <= 1e-5 * (1 + std::fabs(b[i])));
        for (size_t i = 0; i < c.size(); ++i) CHECK(std::fabs(c[i] - d[i]) <= 1e-4 * (1 + std::fabs(d[i])));
    }
}

TEST_CASE("bad inputs return the documented status with a message") {
    const std::vector<int64_t> inShape = {1, 2, 4, 5}, gridShape = {1, 3, 3, 2}, outShape = {1, 2, 3, 3};
    DeviceTensor in(inShape, std::vector<double>(40, 0)), grid(gridShape, std::vector<double>(18, 0)),
        go(outShape, std::vector<double>(18, 0));
    DeviceTensor gi(inShape, std::vector<double>(40, 0)), gg(gridShape, std::vector<double>(18, 0));
    bool two[2] = {true, true}, three[3] = {true, true, true};
    aclBoolArray* mask = aclCreateBoolArray(two, 2);
    aclBoolArray* mask3 = aclCreateBoolArray(three, 3);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    auto call = [&](const aclTensor* a, const aclTensor* b, const aclTensor* c, int64_t mode, int64_t padding,
                    const aclBoolArray* m, aclTensor* d, aclTensor* e) {
        return aclnnGridSampler2DBackwardGetWorkspaceSize(a, b, c, mode, padding, false, m, d, e, &ws, &ex);
    };
    CHECK(call(nullptr, in.tensor, grid.tensor, 0, 0, mask, gi.tensor, gg.tensor) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"aclnnGridSampler2DBackward", "gradOutput is nullptr"}));
    CHECK(call(go.tensor, in.tensor, grid.tensor, 0, 0, nullptr, gi.tensor, gg.tensor) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"outputMask is nullptr"}));
    CHECK(call(go.tensor, in.tensor, grid.tensor, 0, 0, mask, nullptr, gg.tensor) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"inputGrad is nullptr while outputMask[0] is true"}));
    CHECK(call(go.tensor, in.tensor, grid.tensor, 0, 0, mask3, gi.tensor, gg.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"outputMask has 3 values; expected 2"}));
    CHECK(call(go.tensor, in.tensor, grid.tensor, 3, 0, mask, gi.tensor, gg.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"interpolationMode is 3"}));
    CHECK(call(go.tensor, in.tensor, grid.tensor, 0, -1, mask, gi.tensor, gg.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"paddingMode is -1"}));
    DeviceTensor gi32(inShape, std::vector<double>(40, 0), ACL_FLOAT);
    CHECK(call(go.tensor, in.tensor, grid.tensor, 0, 0, mask, gi32.tensor, gg.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"inputGrad dtype FLOAT differs from input dtype DOUBLE"}));
    DeviceTensor giBad({1, 2, 4, 4}, std::vector<double>(32, 0));
    CHECK(call(go.tensor, in.tensor, grid.tensor, 0, 0, mask, giBad.tensor, gg.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"inputGrad shape [1, 2, 4, 4] differs from input shape [1, 2, 4, 5]"}));
    DeviceTensor goBad({1, 3, 3, 3}, std::vector<double>(27, 0));
    CHECK(call(goBad.tensor, in.tensor, grid.tensor, 0, 0, mask, gi.tensor, gg.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"gradOutput channels 3 differ from input channels 2"}));
    DeviceTensor grid3({1, 3, 3, 3}, std::vector<double>(27, 0)), gg3({1, 3, 3, 3}, std::vector<double>(27, 0));
    CHECK(call(go.tensor, in.tensor, grid3.tensor, 0, 0, mask, gi.tensor, gg3.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"grid last dim is 3; expected 2"}));
    // a 3-D entry with 4-D tensors
    CHECK(aclnnGridSampler3DBackwardGetWorkspaceSize(go.tensor, in.tensor, grid.tensor, 0, 0, false, mask, gi.tensor,
                                                     gg.tensor, &ws, &ex) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"aclnnGridSampler3DBackward", "has rank 4", "expected rank 5"}));
    // integer input
    const int64_t s4[] = {1, 2, 4, 5}, st[] = {40, 20, 5, 1};
    aclTensor* ints = aclCreateTensor(s4, 4, ACL_INT32, st, 0, ACL_FORMAT_ND, s4, 4, in.data);
    CHECK(call(go.tensor, ints, grid.tensor, 0, 0, mask, gi.tensor, gg.tensor) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"input dtype INT32 is not supported"}));
    aclDestroyTensor(ints);
    // a launch with another entry's executor, and an executor used twice
    CHECK(call(go.tensor, in.tensor, grid.tensor, 0, 0, mask, gi.tensor, gg.tensor) == ACLNN_SUCCESS);
    CHECK(aclnnGridSampler3DBackward(nullptr, ws, ex, nullptr) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"executor was made by aclnnGridSampler2DBackward"}));
    CHECK(aclnnGridSampler2DBackward(nullptr, ws, ex, nullptr) == ACLNN_ERR_PARAM_INVALID);
    aclDestroyBoolArray(mask);
    aclDestroyBoolArray(mask3);
}

TEST_MAIN()
