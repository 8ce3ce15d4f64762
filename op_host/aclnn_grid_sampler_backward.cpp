// aclnnGridSampler2DBackward / aclnnGridSampler3DBackward / aclnnGridSamplerNdBackward: argument
// checks in the documented order (aclnnGridSampler2DBackward,
// https://www.hiascend.com/document/detail/zh/CANNCommunityEdition/82RC1alpha002/API/aolapi/context/aclnnGridSampler2DBackward.md,
// and its 3-D page), then a plan, then an asynchronous launch on a stream.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "op_host/attr_names.h"
#include "aclnn/opdev/common_types.h"
#include "aclnnop/aclnn_grid_sampler2d_backward.h"
#include "aclnnop/aclnn_grid_sampler3d_backward.h"
#include "aclnnop/aclnn_grid_sampler_nd_backward.h"
#include "op_host/aclnn_common.h"
#include "op_host/aicpu/grid_sample_grad_aicpu.h"
#include "op_host/grid_sample_grad_compute_tiling.h"
#include "op_host/grid_sample_grad_op_impl.h"
#include "op_host/device_launch.h"
#include "op_host/tiling_platform.h"
#include "op_host/tiling_runner.h"

namespace {

using namespace gridsample::aclnn_common;

constexpr int kMaxSpatialRank = gridsample::aicpu::kMaxRank - 2;

struct GridSampleGradExecutor : ExecutorBase {
    bool computeInputGrad = false, computeGridGrad = false;
    TensorDesc gradOutput, input, grid, inputGrad, gridGrad;
    int mode = 0, padding = 0;
    bool alignCorners = false;
    uint64_t systemWorkspaceBytes = 0;   // at the workspace's start; the tiling data follows it
    // the AI Core kernel's plan (aiCore), else the AI CPU path runs; whyAicpu says why
    bool aiCore = false;
    std::string whyAicpu;
    gridsample::GridSampleGradTilingData tiling{};
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
};

// The calling thread's last plan (aclnnGridSamplerBackwardLastPlan).
std::string& LastPlan() {
    thread_local std::string plan;
    return plan;
}

bool Contiguous(const TensorDesc& d) { return d.elements == 0 || d.strides == ContiguousStrides(d.shape); }

ge::DataType GeType(aclDataType t) {
    return t == ACL_FLOAT ? ge::DT_FLOAT : t == ACL_FLOAT16 ? ge::DT_FLOAT16 : ge::DT_BF16;
}

// Plans the AI Core kernel the way the op-API layer does: GridSampleGrad's tiling function (the one
// its OpDef registers) on a TilingContext built from the tensors and the attributes. False, with the
// reason, when the kernel does not take the problem.
bool PlanGradKernel(GridSampleGradExecutor* e, int spatialRank, std::string* why) {
    if (!e->input.type->aiCore) {
        *why = std::string("dtype ") + e->input.type->name + " (the AI Core kernel takes FLOAT, FLOAT16 and BF16)";
        return false;
    }
    if (spatialRank != 2 && spatialRank != 3) {
        *why = std::to_string(spatialRank) + " spatial dims (the AI Core kernel takes 2 and 3)";
        return false;
    }
    const std::pair<const char*, const TensorDesc*> views[] = {{"gradOutput", &e->gradOutput}, {"input", &e->input},
                                                               {"grid", &e->grid}, {"inputGrad", &e->inputGrad},
                                                               {"gridGrad", &e->gridGrad}};
    for (const auto& [label, d] : views) {
        const bool used = (d != &e->inputGrad || e->computeInputGrad) && (d != &e->gridGrad || e->computeGridGrad);
        if (used && !Contiguous(*d)) {
            *why = std::string(label) + " is not a contiguous view (the AI Core kernel reads contiguous tensors)";
            return false;
        }
    }
    gridsample::TilingPlatform platform;
    if (!gridsample::ReadTilingPlatform(nullptr, &platform, why)) return false;
    const ge::DataType dtype = GeType(e->input.type->dtype);
    // Every attribute of the OpDef (grid_sample_grad_def.cpp), in its order.
    const std::vector<gridsample::TilingAttr> attrs = {std::string(opattr::kGridSampleModes[e->mode]),
                                                       std::string(opattr::kGridSamplePaddings[e->padding]),
                                                       e->alignCorners, e->computeInputGrad, e->computeGridGrad};
    gridsample::TilingRun run;
    std::string rejected;
    if (!gridsample::RunTiling(gridsample::GridSampleGradTilingFunc, "GridSampleGrad",
                               {{e->gradOutput.shape, dtype}, {e->input.shape, dtype}, {e->grid.shape, dtype}},
                               {{e->input.shape, dtype}, {e->grid.shape, dtype}}, attrs,
                               sizeof(gridsample::GridSampleGradTilingData), &run, &rejected)) {
        *why = "the GridSampleGrad tiling does not take the problem (an input row too wide for the UB, or a DMA "
               "gap beyond 32 bits)";
        return false;
    }
    std::memcpy(&e->tiling, run.data.data(), sizeof(e->tiling));
    e->blockDim = run.blockDim;
    e->tilingKey = run.tilingKey;
    e->workspaceBytes = (run.workspaceBytes + 63) / 64 * 64;
    e->systemWorkspaceBytes = platform.systemWorkspaceBytes;
    e->aiCore = true;
    return true;
}

std::string DtypeName(const TensorDesc& d) { return d.type ? d.type->name : std::to_string(d.dataType); }

aclnnStatus GetWorkspaceSize(const char* api, int spatialRank, const aclTensor* gradOutput, const aclTensor* input,
                             const aclTensor* grid, int64_t interpolationMode, int64_t paddingMode, bool alignCorners,
                             const aclBoolArray* outputMask, aclTensor* inputGrad, aclTensor* gridGrad,
                             uint64_t* workspaceSize, aclOpExecutor** executor) {
    const std::string name = api;
    // 1. null pointers; a gradient that outputMask does not ask for may be nullptr
    if (gradOutput == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "gradOutput is nullptr; expected a tensor");
    if (input == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "input is nullptr; expected a tensor");
    if (grid == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "grid is nullptr; expected a tensor");
    if (outputMask == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "outputMask is nullptr; expected an aclBoolArray of 2 values");
    if (workspaceSize == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "workspaceSize is nullptr");
    if (executor == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor is nullptr");
    uint64_t maskSize = 0;
    if (aclGetBoolArraySize(outputMask, &maskSize) != ACLNN_SUCCESS)
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "outputMask is not a live aclBoolArray; expected one from aclCreateBoolArray");
    if (maskSize != 2)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "outputMask has " + std::to_string(maskSize) + " values; expected 2 ([0]: inputGrad, [1]: gridGrad)");
    auto e = std::make_unique<GridSampleGradExecutor>();
    e->api = name;
    e->computeInputGrad = (*outputMask)[0];
    e->computeGridGrad = (*outputMask)[1];
    if (e->computeInputGrad && inputGrad == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "inputGrad is nullptr while outputMask[0] is true; expected a tensor");
    if (e->computeGridGrad && gridGrad == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "gridGrad is nullptr while outputMask[1] is true; expected a tensor");

    // (label, description, checked): the gradients that are not computed are not looked at
    struct Named {
        const char* label;
        TensorDesc* desc;
        const aclTensor* tensor;
        bool used;
    };
    const Named all[] = {{"gradOutput", &e->gradOutput, gradOutput, true},
                         {"input", &e->input, input, true},
                         {"grid", &e->grid, grid, true},
                         {"inputGrad", &e->inputGrad, inputGrad, e->computeInputGrad},
                         {"gridGrad", &e->gridGrad, gridGrad, e->computeGridGrad}};
    for (const Named& n : all)
        if (n.used && !Describe(n.tensor, n.desc))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(n.label) + " could not be read (destroyed or invalid aclTensor)");

    // 2. data types: floating, every tensor the input's
    if (e->input.type == nullptr || !e->input.type->floating)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "input dtype " + DtypeName(e->input) + " is not supported; expected FLOAT, FLOAT16, BF16 or DOUBLE");
    for (const Named& n : all)
        if (n.used && n.desc->type != e->input.type)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(n.label) + " dtype " + DtypeName(*n.desc) + " differs from input dtype " +
                              e->input.type->name + "; expected the same dtype");
    // 3. attributes
    if (aclnnStatus s = CheckGridSampleAttrs(name, interpolationMode, paddingMode); s != ACLNN_SUCCESS) return s;
    // 4. shapes
    if (aclnnStatus s = CheckSpatialRank(name, e->input, kMaxSpatialRank, &spatialRank); s != ACLNN_SUCCESS) return s;
    const size_t rank = static_cast<size_t>(spatialRank) + 2;
    for (const Named& n : all) {
        if (!n.used) continue;
        if (aclnnStatus s = CheckRank(name, n.label, *n.desc, rank); s != ACLNN_SUCCESS) return s;
        if (aclnnStatus s = CheckViewNumbers(name, n.label, *n.desc); s != ACLNN_SUCCESS) return s;
    }
    const auto& is = e->input.shape;
    const auto& gs = e->grid.shape;
    const auto& os = e->gradOutput.shape;
    const std::string gridForm = spatialRank == 2 ? "(N, Ho, Wo, 2)" : spatialRank == 3 ? "(N, Do, Ho, Wo, 3)" : "(N, O_1..O_r, r)";
    const std::string outForm = spatialRank == 2 ? "(N, C, Ho, Wo)" : spatialRank == 3 ? "(N, C, Do, Ho, Wo)" : "(N, C, O_1..O_r)";
    if (gs[0] != is[0] || os[0] != is[0])
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "batch sizes differ: gradOutput " + Join(os) + ", input " + Join(is) + ", grid " + Join(gs) +
                          "; expected equal N");
    if (os[1] != is[1])
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "gradOutput channels " + std::to_string(os[1]) + " differ from input channels " + std::to_string(is[1]));
    for (int d = 0; d < spatialRank; ++d)
        if (gs[1 + d] != os[2 + d])
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "grid spatial dims " + Join(gs) + " differ from gradOutput spatial dims " + Join(os) +
                              "; expected grid " + gridForm + " for gradOutput " + outForm);
    if (gs[rank - 1] != spatialRank)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "grid last dim is " + std::to_string(gs[rank - 1]) + "; expected " + std::to_string(spatialRank));
    for (int d = 0; d < spatialRank; ++d)
        if (is[2 + d] == 0 && e->grid.elements != 0)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "input spatial dims must be non-zero for a non-empty grid, got input shape " + Join(is) +
                              " and grid shape " + Join(gs));
    if (e->computeInputGrad && e->inputGrad.shape != is)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "inputGrad shape " + Join(e->inputGrad.shape) + " differs from input shape " + Join(is) +
                          "; expected the input's shape");
    if (e->computeGridGrad && e->gridGrad.shape != gs)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "gridGrad shape " + Join(e->gridGrad.shape) + " differs from grid shape " + Join(gs) +
                          "; expected the grid's shape");
    for (const Named& n : all)
        if (n.used && !ViewExtentBytes(*n.desc, &n.desc->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(n.label) + " view (shape " + Join(n.desc->shape) + ", strides " + Join(n.desc->strides) +
                              ") spans more bytes than int64 can count; expected a view inside one device allocation");
    for (const Named& n : all) {
        const bool output = n.desc == &e->inputGrad || n.desc == &e->gridGrad;
        if (output && n.used && n.desc->elements != 0 && !ViewElementsDisjoint(*n.desc))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(n.label) + " view elements overlap (shape " + Join(n.desc->shape) + ", strides " +
                              Join(n.desc->strides) + "); expected a view whose elements do not overlap");
    }

    e->mode = static_cast<int>(interpolationMode);
    e->padding = static_cast<int>(paddingMode);
    e->alignCorners = alignCorners;
    *workspaceSize = 0;
    // Nothing to write: no launch. (An empty grid with a non-empty input still writes a zero inputGrad.)
    const bool inputGradWork = e->computeInputGrad && e->inputGrad.elements != 0;
    const bool gridGradWork = e->computeGridGrad && e->gridGrad.elements != 0;
    e->empty = !inputGradWork && !gridGradWork;
    e->computeInputGrad = inputGradWork;
    e->computeGridGrad = gridGradWork;
    // 5. plan: the AI Core kernel where it applies (2-D and 3-D, FLOAT, FLOAT16, BF16, contiguous
    // tensors), else the AI CPU path
    if (!e->empty && e->input.type->aiCore && (spatialRank == 2 || spatialRank == 3)) {
        gridsample::TilingPlatform platform;
        std::string why;
        if (!gridsample::ReadTilingPlatform(nullptr, &platform, &why))
            return Reject(ACLNN_ERR_INNER_TILING_ERROR, name, "tiling: " + why);
    }
    if (!e->empty && !PlanGradKernel(e.get(), spatialRank, &e->whyAicpu)) {
        e->aiCore = false;
        e->workspaceBytes = 0;
    }
    LastPlan() = name + ": " +
                 (e->empty ? std::string("none (nothing to compute)")
                  : e->aiCore ? std::string("AI Core kernel grid_sample_grad")
                              : "AI CPU kernel GridSampleGradAicpu, because of " + e->whyAicpu);
    *workspaceSize = e->workspaceBytes;
    *executor = Publish(std::move(e));
    return ACLNN_SUCCESS;
}

aclnnStatus Launch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                   aclrtStream stream) {
    const std::string name = api;
    aclnnStatus status = ACLNN_SUCCESS;
    const auto e = TakeForLaunch<GridSampleGradExecutor>(name, executor, workspace, workspaceSize, &status);
    if (e == nullptr) return status;
    if (e->empty) return ACLNN_SUCCESS;
    struct Used {
        const char* label;
        const TensorDesc* desc;
        bool used;
    };
    const Used tensors[] = {{"gradOutput", &e->gradOutput, true},
                            {"input", &e->input, true},
                            {"grid", &e->grid, true},
                            {"inputGrad", &e->inputGrad, e->computeInputGrad},
                            {"gridGrad", &e->gridGrad, e->computeGridGrad}};
    // Every byte the launch touches must lie in live device memory (checked once, before anything is queued).
    for (const Used& t : tensors) {
        if (!t.used || t.desc->extentBytes == 0) continue;
        if (t.desc->data == nullptr)
            return Reject(ACLNN_ERR_PARAM_NULLPTR, name,
                          std::string(t.label) + " data is nullptr on a non-empty tensor (shape " + Join(t.desc->shape) +
                              "); expected device memory from aclrtMalloc");
        if (!gridsample::DeviceRangeLive(t.desc->data, t.desc->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(t.label) + " view of " + std::to_string(t.desc->extentBytes) + " bytes (shape " +
                              Join(t.desc->shape) + ", strides " + Join(t.desc->strides) +
                              ") is not inside one live device allocation; expected memory from aclrtMalloc (or "
                              "aclrtHostRegister) that holds the whole view");
    }
    if (e->workspaceBytes > 0 && !gridsample::DeviceRangeLive(workspace, e->workspaceBytes))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "workspace does not hold " + std::to_string(e->workspaceBytes) +
                          " bytes of one live device allocation; expected aclrtMalloc memory of at least the size "
                          "GetWorkspaceSize returned");
    if (e->aiCore) {
        // Tiling data reaches the workspace by an asynchronous H2D copy whose host source the stream
        // holds until the copy has run.
        auto tilingHost = std::make_shared<std::vector<uint8_t>>(sizeof(e->tiling));
        std::memcpy(tilingHost->data(), &e->tiling, sizeof(e->tiling));
        char* tiling = static_cast<char*>(workspace) + e->systemWorkspaceBytes;
        if (aclrtMemcpyAsync(tiling, sizeof(e->tiling), tilingHost->data(), sizeof(e->tiling), ACL_MEMCPY_HOST_TO_DEVICE,
                             stream) != ACL_SUCCESS)
            return Reject(ACLNN_ERR_RUNTIME_ERROR, name,
                          std::string("copying the tiling data to the workspace failed: ") + aclGetRecentErrMsg());
        // grid_sample_grad(y_grad, x, grid, x_grad, grid_grad, workspace, tiling): the OpDef's order
        aclnnStatus s = gridsample::LaunchAiCoreKernel(
            stream, {"GridSampleGrad", e->blockDim, e->tilingKey,
                     {e->gradOutput.data, e->input.data, e->grid.data, e->computeInputGrad ? e->inputGrad.data : nullptr,
                      e->computeGridGrad ? e->gridGrad.data : nullptr, workspace, tiling}});
        if (s != ACLNN_SUCCESS) return Reject(s, name, "kernel launch failed");
        s = gridsample::ReleaseAfterStream(stream, std::move(tilingHost));
        if (s != ACLNN_SUCCESS) return Reject(s, name, "could not queue work on the stream");
        return ACLNN_SUCCESS;
    }
    // The AI CPU operator reads and writes the views in place; a gradient not asked for is absent.
    gridsample::AicpuOp op;
    op.opType = gridsample::aicpu::kBackwardKernelName;
    op.inputs = {AicpuTensorOf(e->gradOutput), AicpuTensorOf(e->input), AicpuTensorOf(e->grid)};
    gridsample::AicpuTensor none;
    none.dtype = e->input.type->dtype;
    op.outputs = {e->computeInputGrad ? AicpuTensorOf(e->inputGrad) : none,
                  e->computeGridGrad ? AicpuTensorOf(e->gridGrad) : none};
    op.attrs = {{"interpolation_mode", int64_t{e->mode}},
                {"padding_mode", int64_t{e->padding}},
                {"align_corners", e->alignCorners},
                {"y_grad_strides", e->gradOutput.strides},
                {"x_strides", e->input.strides},
                {"grid_strides", e->grid.strides},
                {"x_grad_strides", e->computeInputGrad ? e->inputGrad.strides : std::vector<int64_t>{}},
                {"grid_grad_strides", e->computeGridGrad ? e->gridGrad.strides : std::vector<int64_t>{}}};
    aclnnStatus s = gridsample::LaunchAicpuOp(stream, op);
    if (s != ACLNN_SUCCESS) return Reject(s, name, "AI CPU kernel launch failed");
    return ACLNN_SUCCESS;
}

}  // namespace

extern "C" {

aclnnStatus aclnnGridSampler2DBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* input,
                                                       const aclTensor* grid, int64_t interpolationMode,
                                                       int64_t paddingMode, bool alignCorners,
                                                       const aclBoolArray* outputMask, aclTensor* inputGrad,
                                                       aclTensor* gridGrad, uint64_t* workspaceSize,
                                                       aclOpExecutor** executor) {
    return GetWorkspaceSize("aclnnGridSampler2DBackward", 2, gradOutput, input, grid, interpolationMode, paddingMode,
                            alignCorners, outputMask, inputGrad, gridGrad, workspaceSize, executor);
}

aclnnStatus aclnnGridSampler2DBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream) {
    return Launch("aclnnGridSampler2DBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnGridSampler3DBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* input,
                                                       const aclTensor* grid, int64_t interpolationMode,
                                                       int64_t paddingMode, bool alignCorners,
                                                       const aclBoolArray* outputMask, aclTensor* inputGrad,
                                                       aclTensor* gridGrad, uint64_t* workspaceSize,
                                                       aclOpExecutor** executor) {
    return GetWorkspaceSize("aclnnGridSampler3DBackward", 3, gradOutput, input, grid, interpolationMode, paddingMode,
                            alignCorners, outputMask, inputGrad, gridGrad, workspaceSize, executor);
}

aclnnStatus aclnnGridSampler3DBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream) {
    return Launch("aclnnGridSampler3DBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnGridSamplerNdBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* input,
                                                       const aclTensor* grid, int64_t interpolationMode,
                                                       int64_t paddingMode, bool alignCorners,
                                                       const aclBoolArray* outputMask, aclTensor* inputGrad,
                                                       aclTensor* gridGrad, uint64_t* workspaceSize,
                                                       aclOpExecutor** executor) {
    return GetWorkspaceSize("aclnnGridSamplerNdBackward", kAnySpatialRank, gradOutput, input, grid, interpolationMode,
                            paddingMode, alignCorners, outputMask, inputGrad, gridGrad, workspaceSize, executor);
}

aclnnStatus aclnnGridSamplerNdBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream) {
    return Launch("aclnnGridSamplerNdBackward", workspace, workspaceSize, executor, stream);
}

const char* aclnnGridSamplerBackwardLastPlan(void) { return LastPlan().c_str(); }

}  // extern "C"
