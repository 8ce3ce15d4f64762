// aclnnInterpolate through the public C entry points: closed-form results on the AI CPU path, the
// status and message of every bad argument and attribute, and executor use.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_interpolate.h"
#include "op_host/aclnn_call.h"
#include "check.h"

namespace {

struct DeviceTensor {
    void* data = nullptr;
    aclTensor* tensor = nullptr;
    size_t bytes = 0;
    DeviceTensor(const std::vector<int64_t>& shape, const std::vector<float>& host, aclDataType dtype = ACL_FLOAT) {
        bytes = host.size() * sizeof(float);
        aclrtMalloc(&data, bytes > 0 ? bytes : 4, ACL_MEM_MALLOC_HUGE_FIRST);
        if (bytes) aclrtMemcpy(data, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> strides(shape.size(), 1);
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
        const int64_t storage = static_cast<int64_t>(host.size());
        tensor = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, &storage, 1, data);
    }
    std::vector<float> Read() const {
        std::vector<float> host(bytes / sizeof(float));
        aclrtMemcpy(host.data(), bytes, data, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return host;
    }
    ~DeviceTensor() {
        aclDestroyTensor(tensor);
        aclrtFree(data);
    }
};

struct Attrs {
    std::vector<float> scales;
    std::vector<int64_t> sizes, axes, padsBegin, padsEnd;
    int64_t mode = ACLNN_INTERPOLATE_LINEAR, calc = ACLNN_INTERPOLATE_SIZES, coord = ACLNN_INTERPOLATE_HALF_PIXEL,
            nearest = ACLNN_INTERPOLATE_ROUND_PREFER_FLOOR;
    bool antialias = false;
    double cubeCoeff = -0.75;
    bool nullScales = false, nullSizes = false;
};

struct Arrays {
    aclFloatArray* scales;
    aclIntArray *sizes, *axes, *padsBegin, *padsEnd;
    explicit Arrays(const Attrs& a) {
        scales = a.nullScales ? nullptr : aclCreateFloatArray(a.scales.data(), a.scales.size());
        sizes = a.nullSizes ? nullptr : aclCreateIntArray(a.sizes.data(), a.sizes.size());
        axes = aclCreateIntArray(a.axes.data(), a.axes.size());
        padsBegin = aclCreateIntArray(a.padsBegin.data(), a.padsBegin.size());
        padsEnd = aclCreateIntArray(a.padsEnd.data(), a.padsEnd.size());
    }
    ~Arrays() {
        if (scales) aclDestroyFloatArray(scales);
        for (aclIntArray* p : {sizes, axes, padsBegin, padsEnd})
            if (p) aclDestroyIntArray(p);
    }
};

aclnnStatus Plan(const DeviceTensor& x, const Attrs& a, DeviceTensor& y, uint64_t* ws, aclOpExecutor** ex) {
    Arrays arr(a);
    return aclnnInterpolateGetWorkspaceSize(x.tensor, arr.scales, arr.sizes, arr.axes, a.mode, a.calc, a.coord, a.nearest,
                                            a.antialias, arr.padsBegin, arr.padsEnd, a.cubeCoeff, y.tensor, ws, ex);
}

aclnnStatus Run(const DeviceTensor& x, const Attrs& a, DeviceTensor& y) {
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus s = Plan(x, a, y, &wsSize, &executor);
    if (s != ACLNN_SUCCESS) return s;
    std::string message;
    return gridsample::LaunchAndWait(aclnnInterpolate, wsSize, executor, nullptr, &message);
}

const bool g_init = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
}();

// Expects `status` and a message holding every fragment.
void Expect(aclnnStatus got, aclnnStatus want, std::initializer_list<const char*> parts) {
    const std::string msg = aclGetRecentErrMsg();
    CHECK_MSG(got == want, "status " + std::to_string(got) + ", message " + msg);
    CHECK_MSG(ContainsAll(msg, parts), msg);
}

}  // namespace

TEST_CASE("linear align_corners on a ramp, 2 x 3 -> 3 x 5, closed form, AI CPU path reported") {
    DeviceTensor x({2, 3}, {0, 10, 20, 100, 110, 120});
    DeviceTensor y({3, 5}, std::vector<float>(15, -1));
    Attrs a;
    a.sizes = {3, 5};
    a.coord = ACLNN_INTERPOLATE_ALIGN_CORNERS;
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    CHECK(Plan(x, a, y, &ws, &ex) == ACLNN_SUCCESS);
    const char* path = nullptr;
    const char* reason = nullptr;
    CHECK(aclnnInterpolateExecutorPath(ex, &path, &reason) == ACLNN_SUCCESS);
    CHECK(std::string(path) == "ai_cpu" || std::string(path) == "ai_core");
    void* wsp = nullptr;
    if (ws) aclrtMalloc(&wsp, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK(aclnnInterpolate(wsp, ws, ex, nullptr) == ACLNN_SUCCESS);
    CHECK(aclrtSynchronizeStream(nullptr) == ACL_SUCCESS);
    if (wsp) aclrtFree(wsp);
    const std::vector<float> got = y.Read();
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 5; ++c) CHECK(std::fabs(got[r * 5 + c] - (50.0f * r + 5.0f * c)) < 1e-4f);
    // a used executor is rejected
    Expect(aclnnInterpolate(nullptr, 0, ex, nullptr), ACLNN_ERR_PARAM_INVALID, {"aclnnInterpolate", "not a live executor"});
}

TEST_CASE("nearest asymmetric floor, scales mode, reversed axes") {
    DeviceTensor x({2, 2}, {1, 2, 3, 4});
    DeviceTensor y({4, 4}, std::vector<float>(16, -1));
    Attrs a;
    a.mode = ACLNN_INTERPOLATE_NEAREST;
    a.calc = ACLNN_INTERPOLATE_SCALES;
    a.coord = ACLNN_INTERPOLATE_ASYMMETRIC;
    a.nearest = ACLNN_INTERPOLATE_FLOOR;
    a.axes = {1, 0};
    a.scales = {2.0f, 2.0f};
    CHECK(Run(x, a, y) == ACLNN_SUCCESS);
    const std::vector<float> want = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4};
    CHECK(y.Read() == want);
}

TEST_CASE("null arguments: 161001 naming the argument") {
    DeviceTensor x({1, 1, 2, 2}, {1, 2, 3, 4}), y({1, 1, 3, 3}, std::vector<float>(9));
    Attrs a;
    a.sizes = {3, 3};
    a.axes = {2, 3};
    Arrays arr(a);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    Expect(aclnnInterpolateGetWorkspaceSize(nullptr, arr.scales, arr.sizes, arr.axes, a.mode, a.calc, a.coord, a.nearest,
                                            false, arr.padsBegin, arr.padsEnd, -0.75, y.tensor, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"x is nullptr"});
    Expect(aclnnInterpolateGetWorkspaceSize(x.tensor, arr.scales, arr.sizes, arr.axes, a.mode, a.calc, a.coord, a.nearest,
                                            false, arr.padsBegin, arr.padsEnd, -0.75, nullptr, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"y is nullptr"});
    Expect(aclnnInterpolateGetWorkspaceSize(x.tensor, arr.scales, arr.sizes, arr.axes, a.mode, a.calc, a.coord, a.nearest,
                                            false, arr.padsBegin, arr.padsEnd, -0.75, y.tensor, nullptr, &ex),
           ACLNN_ERR_PARAM_NULLPTR, {"workspaceSize is nullptr"});
    Expect(aclnnInterpolateGetWorkspaceSize(x.tensor, arr.scales, arr.sizes, arr.axes, a.mode, a.calc, a.coord, a.nearest,
                                            false, arr.padsBegin, arr.padsEnd, -0.75, y.tensor, &ws, nullptr),
           ACLNN_ERR_PARAM_NULLPTR, {"executor is nullptr"});
    Attrs noSizes = a;
    noSizes.nullSizes = true;
    Expect(Plan(x, noSizes, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, {"sizes is nullptr", "shapeCalculationMode 0"});
    Attrs noScales = a;
    noScales.calc = ACLNN_INTERPOLATE_SCALES;
    noScales.nullScales = true;
    Expect(Plan(x, noScales, y, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, {"scales is nullptr", "shapeCalculationMode 1"});
    Expect(aclnnInterpolate(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR, {"executor is nullptr"});
}

TEST_CASE("every attribute out of range: 161002 naming it and its allowed values") {
    DeviceTensor x({1, 1, 2, 2}, {1, 2, 3, 4}), y({1, 1, 3, 3}, std::vector<float>(9));
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    Attrs base;
    base.sizes = {3, 3};
    base.axes = {2, 3};
    {
        Attrs a = base;
        a.mode = 6;
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"mode is 6", "0 (nearest)", "5 (bicubic_pillow)"});
    }
    {
        Attrs a = base;
        a.calc = 2;
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"shapeCalculationMode is 2", "0 (sizes) or 1 (scales)"});
    }
    {
        Attrs a = base;
        a.coord = -1;
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID,
               {"coordinateTransformationMode is -1", "0 (half_pixel)", "4 (align_corners)"});
    }
    {
        Attrs a = base;
        a.nearest = 5;
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"nearestMode is 5", "0 (round_prefer_floor)", "4 (simple)"});
    }
    {
        Attrs a = base;
        a.cubeCoeff = NAN;
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"cubeCoeff", "finite"});
    }
    {
        Attrs a = base;
        a.axes = {2, 4};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"axes [2, 4]", "[0, 3]"});
        a.axes = {3, 3};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"repeats 3", "distinct"});
    }
    {
        Attrs a = base;
        a.sizes = {3};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"sizes has 1 values", "one per axis"});
        a.sizes = {3, -3};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"sizes[1] is -3", ">= 0"});
    }
    {
        Attrs a = base;
        a.calc = ACLNN_INTERPOLATE_SCALES;
        a.scales = {1.5f, 0.0f};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"scales[1]", "finite value > 0"});
        a.scales = {1.5f, INFINITY};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"scales[1]", "finite value > 0"});
    }
    {
        Attrs a = base;
        a.padsBegin = {0, 1};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"padsBegin [0, 1]", "one per dim of x (4)"});
        a.padsBegin = {0, 0, -3, 0};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"negative padded length"});
    }
    {
        Attrs a = base;
        a.mode = ACLNN_INTERPOLATE_LINEAR_ONNX;
        a.axes = {1, 2};
        Expect(Plan(x, a, y, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"linear_onnx", "rank 4 with {0, 1} or {2, 3}"});
    }
    {
        Attrs a = base;
        a.mode = ACLNN_INTERPOLATE_BICUBIC_PILLOW;
        a.axes = {3};
        a.sizes = {3};
        DeviceTensor y1({1, 1, 2, 3}, std::vector<float>(6));
        Expect(Plan(x, a, y1, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"bicubic_pillow", "exactly two axes"});
    }
}

TEST_CASE("tensors: dtype, rank and y shape: 161002") {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    Attrs a;
    a.sizes = {3, 3};
    a.axes = {2, 3};
    DeviceTensor x({1, 1, 2, 2}, {1, 2, 3, 4});
    DeviceTensor y16({1, 1, 3, 3}, std::vector<float>(9), ACL_FLOAT16);
    Expect(Plan(x, a, y16, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"y dtype FLOAT16 differs from x dtype FLOAT"});
    DeviceTensor xi16({1, 1, 2, 2}, {1, 2, 3, 4}, ACL_INT16);
    DeviceTensor yi16({1, 1, 3, 3}, std::vector<float>(9), ACL_INT16);
    Expect(Plan(xi16, a, yi16, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"x dtype", "not supported", "UINT8"});
    DeviceTensor yBad({1, 1, 3, 4}, std::vector<float>(12));
    Expect(Plan(x, a, yBad, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"y shape [1, 1, 3, 4]", "resized dim 3", "expected 3"});
    DeviceTensor yBad2({1, 2, 3, 3}, std::vector<float>(18));
    Expect(Plan(x, a, yBad2, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"dim 1", "not resized", "padded length 1"});
    DeviceTensor y3({1, 3, 3}, std::vector<float>(9));
    Expect(Plan(x, a, y3, &ws, &ex), ACLNN_ERR_PARAM_INVALID, {"y has rank 3"});
}

TEST_CASE("an empty output launches nothing; workspace checks") {
    DeviceTensor x({1, 4}, {1, 2, 3, 4});
    DeviceTensor y({1, 0}, {});
    Attrs a;
    a.sizes = {0};
    a.axes = {1};
    uint64_t ws = 7;
    aclOpExecutor* ex = nullptr;
    CHECK(Plan(x, a, y, &ws, &ex) == ACLNN_SUCCESS);
    CHECK(ws == 0);
    CHECK(aclnnInterpolate(nullptr, 0, ex, nullptr) == ACLNN_SUCCESS);
    // three passes need a workspace; too small is rejected
    DeviceTensor x3({2, 3, 4}, std::vector<float>(24, 1.0f));
    DeviceTensor y3({3, 5, 2}, std::vector<float>(30));
    Attrs b;
    b.sizes = {3, 5, 2};
    CHECK(Plan(x3, b, y3, &ws, &ex) == ACLNN_SUCCESS);
    CHECK(ws > 0);
    Expect(aclnnInterpolate(nullptr, ws - 1, ex, nullptr), ACLNN_ERR_PARAM_INVALID, {"workspace of", "expected"});
}

// A view over nothing (the first phase reads no data): a huge shape with the given strides.
static aclTensor* View(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, int64_t storage) {
    return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, &storage, 1, nullptr);
}

TEST_CASE("sizes near int64: padded lengths, intermediates and filter taps are 161002, not overflows") {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    auto plan = [&](aclTensor* x, aclTensor* y, Attrs a) {
        Arrays arr(a);
        return aclnnInterpolateGetWorkspaceSize(x, arr.scales, arr.sizes, arr.axes, a.mode, a.calc, a.coord, a.nearest,
                                                a.antialias, arr.padsBegin, arr.padsEnd, a.cubeCoeff, y, &ws, &ex);
    };
    // two shrinking passes over 2^58 rows: an intermediate of 2^61 elements, 2^64 float64 bytes
    // (beyond int64, and far beyond the 32 GiB the AI CPU path may hold)
    aclTensor* x = View({int64_t{1} << 58, 4, 4}, {0, 0, 0}, 1);
    aclTensor* y = View({int64_t{1} << 58, 2, 2}, {4, 2, 1}, int64_t{1} << 60);
    Attrs a;
    a.axes = {1, 2};
    a.sizes = {2, 2};
    Expect(plan(x, y, a), ACLNN_ERR_PARAM_INVALID, {"intermediate of 2305843009213693952 elements", "32 GiB"});
    // pads whose sum with the length overflows int64
    aclTensor* x2 = View({2, 3}, {3, 1}, 6);
    aclTensor* y2 = View({2, 3}, {3, 1}, 6);
    Attrs b;
    b.axes = {0};
    b.sizes = {2};
    b.padsBegin = {0, 0};
    b.padsEnd = {0, INT64_MAX};
    Expect(plan(x2, y2, b), ACLNN_ERR_PARAM_INVALID, {"dim 1", "beyond int64"});
    // a bicubic_pillow downscale of a 2^62-long broadcast axis: beyond 2^26 taps, checked before any table
    aclTensor* x3 = View({1, int64_t{1} << 62}, {0, 0}, 1);
    aclTensor* y3 = View({1, 3}, {3, 1}, 3);
    Attrs c;
    c.mode = ACLNN_INTERPOLATE_BICUBIC_PILLOW;
    c.axes = {0, 1};
    c.sizes = {1, 3};
    Expect(plan(x3, y3, c), ACLNN_ERR_PARAM_INVALID, {"resampling dim 1", "filter taps", "2^26"});
    for (aclTensor* t : {x, y, x2, y2, x3, y3}) aclDestroyTensor(t);
}

TEST_CASE("aclFloatArray and the array size getters (operatorlist_00015, _00033)") {
    const float v[] = {1.5f, 2.0f};
    aclFloatArray* f = aclCreateFloatArray(v, 2);
    CHECK(f != nullptr);
    uint64_t n = 0;
    CHECK(aclGetFloatArraySize(f, &n) == ACLNN_SUCCESS && n == 2);
    CHECK(aclGetFloatArraySize(nullptr, &n) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclGetFloatArraySize(f, nullptr) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclDestroyFloatArray(f) == ACLNN_SUCCESS);
    CHECK(aclDestroyFloatArray(f) == ACLNN_ERR_PARAM_INVALID);   // no longer live
    CHECK(aclCreateFloatArray(nullptr, 3) == nullptr);
    const int64_t iv[] = {4, 5, 6};
    aclIntArray* a = aclCreateIntArray(iv, 3);
    CHECK(aclGetIntArraySize(a, &n) == ACLNN_SUCCESS && n == 3);
    CHECK(aclGetIntArraySize(nullptr, &n) == ACLNN_ERR_PARAM_NULLPTR);
    CHECK(aclDestroyIntArray(a) == ACLNN_SUCCESS);
    CHECK(aclGetIntArraySize(a, &n) == ACLNN_ERR_PARAM_INVALID);
}

TEST_MAIN()
