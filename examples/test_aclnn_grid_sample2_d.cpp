// The canonical aclnn call sequence for GridSampler2D: init, device memory, copies, tensors,
// the two-phase call, sync, copy back, clean-up. Samples a 1x1x3x4 ramp at 2x3 points.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_grid_sampler2d.h"

#define CHECK_ACL(expr)                                                                  \
    do {                                                                                 \
        auto _ret = (expr);                                                              \
        if (_ret != 0) {                                                                 \
            std::printf("%s failed: %d (%s)\n", #expr, static_cast<int>(_ret), aclGetRecentErrMsg()); \
            return 1;                                                                    \
        }                                                                                \
    } while (0)

static int MakeTensor(const std::vector<int64_t>& shape, const std::vector<float>& host, void** device,
                      aclTensor** tensor) {
    const size_t bytes = host.size() * sizeof(float);
    CHECK_ACL(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    std::vector<int64_t> strides(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
    *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), *device);
    return *tensor == nullptr ? 1 : 0;
}

int main() {
    const int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(deviceId));
    CHECK_ACL(aclrtCreateStream(&stream));

    // input: value = 10 * row + col; grid: corners, centre and an out-of-range point
    std::vector<float> input(12);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c) input[r * 4 + c] = 10.0f * r + c;
    std::vector<float> grid = {-1.0f, -1.0f, 1.0f, -1.0f, 0.0f, 0.0f, -1.0f, 1.0f, 1.0f, 1.0f, 2.0f, 0.0f};
    std::vector<float> out(6, -1.0f);
    void *inputDev = nullptr, *gridDev = nullptr, *outDev = nullptr;
    aclTensor *inputT = nullptr, *gridT = nullptr, *outT = nullptr;
    if (MakeTensor({1, 1, 3, 4}, input, &inputDev, &inputT) || MakeTensor({1, 2, 3, 2}, grid, &gridDev, &gridT) ||
        MakeTensor({1, 1, 2, 3}, out, &outDev, &outT))
        return 1;

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    // bilinear, zeros padding, align_corners = true
    CHECK_ACL(aclnnGridSampler2DGetWorkspaceSize(inputT, gridT, 0, 0, true, outT, &workspaceSize, &executor));
    void* workspace = nullptr;
    if (workspaceSize > 0) CHECK_ACL(aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclnnGridSampler2D(workspace, workspaceSize, executor, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
    CHECK_ACL(aclrtMemcpy(out.data(), out.size() * sizeof(float), outDev, out.size() * sizeof(float),
                          ACL_MEMCPY_DEVICE_TO_HOST));

    // align_corners: -1 -> pixel 0, 1 -> last pixel; x = 2 is beyond the right edge by a full
    // width, so zeros padding gives 0 there.
    const float expected[6] = {0.0f, 3.0f, 11.5f, 20.0f, 23.0f, 0.0f};
    int wrong = 0;
    for (int i = 0; i < 6; ++i) {
        std::printf("out[%d] = %g (expected %g)\n", i, out[i], expected[i]);
        if (out[i] != expected[i]) ++wrong;
    }

    aclDestroyTensor(inputT);
    aclDestroyTensor(gridT);
    aclDestroyTensor(outT);
    aclrtFree(inputDev);
    aclrtFree(gridDev);
    aclrtFree(outDev);
    if (workspace) aclrtFree(workspace);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    std::printf("%s\n", wrong == 0 ? "GridSampler2D example: OK" : "GridSampler2D example: WRONG RESULT");
    return wrong == 0 ? 0 : 1;
}
