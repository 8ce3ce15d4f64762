// aclnnGridSamplerNd, the N-d extension: 1-D sampling against closed-form values, rank checks, and
// a 2-D problem giving exactly what aclnnGridSampler2D gives.
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "op_host/aclnn_call.h"
#include "check.h"

namespace {

struct DeviceTensor {
    void* data = nullptr;
    aclTensor* tensor = nullptr;
    size_t bytes = 0;
    DeviceTensor(const std::vector<int64_t>& shape, const std::vector<float>& host) {
        bytes = host.size() * sizeof(float);
        aclrtMalloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(data, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> strides(shape.size(), 1);
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
        tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                                 shape.size(), data);
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

using GetWorkspace = aclnnStatus (*)(const aclTensor*, const aclTensor*, int64_t, int64_t, bool, aclTensor*, uint64_t*,
                                     aclOpExecutor**);
using Launch = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

aclnnStatus Run(GetWorkspace getWorkspace, Launch launch, const DeviceTensor& in, const DeviceTensor& grid,
                DeviceTensor& out, int64_t mode, int64_t padding, bool alignCorners) {
    uint64_t wsSize = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus s = getWorkspace(in.tensor, grid.tensor, mode, padding, alignCorners, out.tensor, &wsSize, &executor);
    if (s != ACLNN_SUCCESS) return s;
    std::string message;
    return gridsample::LaunchAndWait(launch, wsSize, executor, nullptr, &message);
}

const bool g_init = [] {
    aclInit(nullptr);
    aclrtSetDevice(0);
    return true;
}();

}  // namespace

TEST_CASE("1-D linear and nearest on a ramp, align_corners, closed form") {
    // input value = 10 * x on 5 pixels; align_corners: g -> (g + 1) / 2 * 4
    DeviceTensor in({1, 1, 5}, {0, 10, 20, 30, 40});
    DeviceTensor grid({1, 4, 1}, {-1.0f, -0.375f, 0.5f, 1.5f});
    DeviceTensor out({1, 1, 4}, {-1, -1, -1, -1});
    CHECK(Run(aclnnGridSamplerNdGetWorkspaceSize, aclnnGridSamplerNd, in, grid, out, 0, 0, true) == ACLNN_SUCCESS);
    CHECK(ContainsAll(aclnnGridSamplerLastPlan(), {"aclnnGridSamplerNd: AI CPU kernel GridSampleAicpu, because of 1 spatial dims"}));
    const std::vector<float> linear = out.Read();
    // x = 0, 1.25, 3, 5 (outside: zeros padding, x0 = 5 has no valid tap)
    CHECK(linear[0] == 0.0f && linear[1] == 12.5f && linear[2] == 30.0f && linear[3] == 0.0f);
    CHECK(Run(aclnnGridSamplerNdGetWorkspaceSize, aclnnGridSamplerNd, in, grid, out, 1, 1, true) == ACLNN_SUCCESS);
    const std::vector<float> nearest = out.Read();
    // border padding clamps x = 5 to 4; 1.25 rounds to 1
    CHECK(nearest[0] == 0.0f && nearest[1] == 10.0f && nearest[2] == 30.0f && nearest[3] == 40.0f);
}

TEST_CASE("rank checks: 2 dims and 9 dims are rejected with the expected range") {
    DeviceTensor in2({1, 4}, {0, 1, 2, 3}), grid2({1, 1}, {0}), out2({1, 1}, {0});
    CHECK(Run(aclnnGridSamplerNdGetWorkspaceSize, aclnnGridSamplerNd, in2, grid2, out2, 0, 0, false) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"aclnnGridSamplerNd", "input has rank 2", "expected rank 3 to 8"}));
    std::vector<int64_t> nine(9, 1);
    DeviceTensor in9(nine, {1}), grid9({1, 1, 1, 1, 1, 1, 1, 1, 7}, std::vector<float>(7, 0)), out9(nine, {0});
    CHECK(Run(aclnnGridSamplerNdGetWorkspaceSize, aclnnGridSamplerNd, in9, grid9, out9, 0, 0, false) == ACLNN_ERR_PARAM_INVALID);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"input has rank 9"}));
}

TEST_CASE("a 2-D problem through the N-d entry equals aclnnGridSampler2D bit for bit") {
    std::vector<float> x(2 * 3 * 6 * 7), g(2 * 4 * 5 * 2);
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 37) % 101) / 7.0f;
    for (size_t i = 0; i < g.size(); ++i) g[i] = static_cast<float>((i * 53) % 97) / 40.0f - 1.2f;
    DeviceTensor in({2, 3, 6, 7}, x), grid({2, 4, 5, 2}, g);
    for (int64_t mode = 0; mode < 3; ++mode) {
        DeviceTensor a({2, 3, 4, 5}, std::vector<float>(120, 0)), b({2, 3, 4, 5}, std::vector<float>(120, 0));
        CHECK(Run(aclnnGridSampler2DGetWorkspaceSize, aclnnGridSampler2D, in, grid, a, mode, 2, false) == ACLNN_SUCCESS);
        CHECK(Run(aclnnGridSamplerNdGetWorkspaceSize, aclnnGridSamplerNd, in, grid, b, mode, 2, false) == ACLNN_SUCCESS);
        CHECK(std::string(aclnnGridSamplerLastPlan()) == "aclnnGridSamplerNd: AI Core kernel grid_sample");
        const std::vector<float> ra = a.Read(), rb = b.Read();
        CHECK(std::memcmp(ra.data(), rb.data(), ra.size() * sizeof(float)) == 0);
    }
}

TEST_MAIN()
