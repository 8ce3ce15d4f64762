// aclnnGridSampler2D / aclnnGridSampler3D: argument checks in the documented order, then a plan
// (tiling for the AI Core kernel, or the AI CPU path), then an asynchronous launch on a stream.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <string>
#include <vector>

#include "op_host/attr_names.h"
#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "op_host/aclnn_common.h"
#include "op_host/aicpu/grid_sample_aicpu.h"
#include "op_host/device_launch.h"
#include "op_host/grid_sample_compute_tiling.h"
#include "op_host/grid_sample_op_impl.h"
#include "op_host/tiling_platform.h"
#include "op_host/tiling_runner.h"
#include "op_kernel/dma_limits.h"
#include "op_host/view_copy_op_impl.h"

namespace {

using namespace gridsample::aclnn_common;

constexpr uint64_t kWorkspaceAlign = 64;
constexpr int kMaxSpatialRank = gridsample::aicpu::kMaxRank - 2;

// A view the kernel cannot address directly is copied to a packed buffer in the workspace.
struct StagedView {
    bool staged = false;
    uint64_t wsOffset = 0;
    std::vector<int64_t> packedStrides;
    // the ViewCopy kernel that packs (or unpacks) it
    viewcopy::ViewCopyTilingData copy{};
    uint64_t copyKey = 0;
    uint64_t copyTilingOffset = 0;   // of `copy` in the workspace
};

// The calling thread's last plan (aclnnGridSamplerLastPlan).
std::string& LastPlan() {
    thread_local std::string plan;
    return plan;
}

// What GetWorkspaceSize decided, kept until the launch. Callers hold an opaque aclOpExecutor*
// handle (declared, never defined, as in CANN's aclnn headers); the registry below maps live
// handles to executors, so a wild, foreign or already used handle is an error, not a crash.
struct GridSampleExecutor : ExecutorBase {
    bool aiCore = false;
    gridsample::Tiling tiling;
    TensorDesc input, grid, out;
    StagedView inputStage, gridStage, outStage;
    int mode = 0, padding = 0;
    bool alignCorners = false;
    uint64_t systemWorkspaceBytes = 0;   // at the workspace's start; the tiling's own area follows
};

}  // namespace

namespace {

// Kernel addressing rules: innermost stride 1 (pairs for the grid), rows not overlapping, and
// every byte stride a DMA may be given within 32 bits.
// innerRun: 1 for input and out, the number of coordinates (2 or 3) for the grid.
bool KernelCanAddress(const TensorDesc& d, int64_t innerRun) {
    const size_t r = d.shape.size();
    const int64_t elem = d.type->bytes;
    const bool grid = innerRun > 1;
    if (d.strides[r - 1] != 1) return false;
    if (grid && (r < 2 || d.strides[r - 2] != innerRun)) return false;
    for (size_t i = 0; i + (grid ? 2 : 1) < r; ++i) {
        if (d.strides[i] < 1 || d.strides[i] > kMaxDmaGapBytes / elem) return false;
    }
    const size_t rowDim = r - (grid ? 3 : 2);   // H of input/out, H of grid
    const int64_t rowLen = d.shape[r - (grid ? 2 : 1)] * innerRun;
    return d.strides[rowDim] >= rowLen;
}

// 3-D grids and outputs are tiled as (Do * Ho) rows: their D stride must be Ho rows.
bool DepthFlattens(const TensorDesc& d, bool grid) {
    const size_t r = d.shape.size();
    if (r != 5) return true;
    const size_t depthDim = grid ? 1 : 2;
    int64_t slab = 0;
    return d.shape[depthDim] <= 1 ||
           (!__builtin_mul_overflow(d.shape[depthDim + 1], d.strides[depthDim + 1], &slab) && d.strides[depthDim] == slab);
}

// Channel-last input (NHWC / NDHWC memory seen as an NCHW / NCDHW view): channels contiguous,
// pixels not overlapping, rows (and depth slabs) not overlapping, every byte stride within 32 bits.
bool ChannelLastKernelCanAddress(const TensorDesc& d) {
    const auto& s = d.strides;
    const size_t r = d.shape.size();
    if (r != 4 && r != 5) return false;
    const int64_t c = d.shape[1], w = d.shape[r - 1], h = d.shape[r - 2], elem = d.type->bytes;
    int64_t row = 0, slab = 0;
    if (s[1] != 1 || s[r - 1] < c || __builtin_mul_overflow(w, s[r - 1], &row) || s[r - 2] < row || s[0] < 0) return false;
    if (r == 5 && (__builtin_mul_overflow(h, s[3], &slab) || s[2] < slab)) return false;
    for (size_t i = 0; i < r; ++i)
        if (i != 1 && s[i] > kMaxDmaGapBytes / elem) return false;
    return true;
}

uint64_t AlignUp(uint64_t v) { return (v + kWorkspaceAlign - 1) / kWorkspaceAlign * kWorkspaceAlign; }

// A packed copy lives in the workspace. A view whose elements do not overlap packs into no more
// bytes than it spans, memory its caller holds; a broadcast view (zero strides) may claim far more
// (2^40 elements over one): one whose copy would exceed its span by more than 64 MiB is not packed,
// and the AI CPU path reads it in place.
constexpr uint64_t kMaxPackedGrowthBytes = 64ull << 20;

bool Stage(const TensorDesc& d, StagedView* stage, uint64_t* workspace) {
    const uint64_t packed = static_cast<uint64_t>(d.elements) * static_cast<uint64_t>(d.type->bytes);   // < 2^63
    uint64_t end = 0;
    if (packed > d.extentBytes + kMaxPackedGrowthBytes || __builtin_add_overflow(*workspace, packed, &end) ||
        end > static_cast<uint64_t>(INT64_MAX / 2))
        return false;
    stage->staged = true;
    stage->wsOffset = *workspace;
    stage->packedStrides = ContiguousStrides(d.shape);
    *workspace = AlignUp(end);
    return true;
}

ge::DataType GeType(aclDataType t) {
    return t == ACL_FLOAT ? ge::DT_FLOAT : t == ACL_FLOAT16 ? ge::DT_FLOAT16 : ge::DT_BF16;
}

// Plans the AI Core kernel the way the op-API layer does: runs GridSample's tiling function (the one
// its OpDef registers) on a TilingContext built from the tensors and attributes, and keeps its block
// dim, tiling key, tiling data and workspace size. False, with the reason, when the kernel cannot take
// the problem (a view too large to pack, a DMA stride beyond 32 bits, or no UB partition fits), and
// the AI CPU path runs it instead.
bool PlanKernel(GridSampleExecutor* e, std::string* why) {
    uint64_t staged = 0;   // bytes of packed views, laid after the tiling's own workspace
    // Views the kernel cannot address are packed first (and out is packed, then copied back).
    const size_t rank = e->input.shape.size();
    *why = gridsample::KernelAxisLimit(e->mode, e->padding,
                                       *std::max_element(e->input.shape.begin() + 2, e->input.shape.end()));
    if (!why->empty()) return false;
    const int64_t spatialRank = static_cast<int64_t>(rank) - 2;
    // the per-point path reads runs of up to 4 pixels per channel: channel planes must not overlap them
    const bool nchwOk = KernelCanAddress(e->input, 1) && e->input.strides[1] >= e->input.shape[rank - 1];
    const bool channelLast = !nchwOk && ChannelLastKernelCanAddress(e->input);
    const bool inputOk = nchwOk || channelLast;
    const bool gridOk = KernelCanAddress(e->grid, spatialRank) && DepthFlattens(e->grid, true);
    const bool outOk = KernelCanAddress(e->out, 1) && DepthFlattens(e->out, false);
    auto stridesOf = [](const TensorDesc& d, const StagedView& s) { return s.staged ? s.packedStrides : d.strides; };
    for (auto [ok, d, stage, label] : {std::tuple<bool, const TensorDesc*, StagedView*, const char*>{inputOk, &e->input, &e->inputStage, "input"},
                                       {gridOk, &e->grid, &e->gridStage, "grid"},
                                       {outOk, &e->out, &e->outStage, "out"}})
        if (!ok && !Stage(*d, stage, &staged)) {
            *why = std::string(label) + " is a view the kernel cannot address whose packed copy would need " +
                   "more than its span plus 64 MiB of workspace (a broadcast view)";
            return false;
        }
    const auto is = stridesOf(e->input, e->inputStage), gs = stridesOf(e->grid, e->gridStage),
               os = stridesOf(e->out, e->outStage);
    const int64_t elem = e->input.type->bytes;
    for (const auto* strides : {&is, &gs, &os})
        for (int64_t s : *strides)
            if (s > kMaxDmaGapBytes / elem) {
                *why = "a stride of " + std::to_string(s) + " elements is beyond a DMA's 32-bit gap";
                return false;
            }

    // Channel-last input goes to the tiling as (N, [D,] H, W, C) with its strides in that order.
    std::vector<int64_t> xShape = e->input.shape, xStrides = is;
    if (channelLast) {
        xShape = {e->input.shape[0]};
        xStrides = {is[0]};
        for (size_t i = 2; i < rank; ++i) {
            xShape.push_back(e->input.shape[i]);
            xStrides.push_back(is[i]);
        }
        xShape.push_back(e->input.shape[1]);
        xStrides.push_back(is[1]);
    }
    const ge::DataType dtype = GeType(e->input.type->dtype);
    // Every attribute of the OpDef (grid_sample_def.cpp), in its order.
    const std::vector<gridsample::TilingAttr> attrs = {
        std::string(opattr::kGridSampleModes[e->mode]), std::string(opattr::kGridSamplePaddings[e->padding]),
        e->alignCorners, channelLast, opattr::kDefaultSchedulerMode, xStrides, gs, os};
    gridsample::TilingRun run;
    if (!gridsample::RunTiling(gridsample::GridSampleTilingFunc, "GridSample", {{xShape, dtype}, {e->grid.shape, dtype}},
                               {{e->out.shape, dtype}}, attrs, sizeof(gridsample::GridSampleTilingData), &run, why)) {
        *why += " (no UB partition of the platform fits it)";
        return false;
    }
    std::memcpy(&e->tiling.data, run.data.data(), sizeof(gridsample::GridSampleTilingData));
    e->tiling.blockDim = run.blockDim;
    e->tiling.tilingKey = run.tilingKey;
    // The tiling's workspace comes first (the system workspace, then its own, where the tiling data is
    // staged), packed views after it.
    const uint64_t base = AlignUp(run.workspaceBytes);
    e->tiling.workspaceBytes = base;
    for (StagedView* stage : {&e->inputStage, &e->gridStage, &e->outStage})
        if (stage->staged) stage->wsOffset += base;
    e->workspaceBytes = base + staged;
    e->aiCore = true;
    return true;
}

// ViewCopy tilings of the views PlanKernel staged, from ViewCopy's tiling function
// (view_copy_def.cpp); they travel in the workspace after the staged buffers. False, with `why`,
// when one of them cannot be addressed by the ViewCopy kernel either.
bool PlanViewCopies(GridSampleExecutor* e, std::string* why) {
    for (auto [d, stage, scatter, label] :
         {std::tuple<const TensorDesc*, StagedView*, bool, const char*>{&e->input, &e->inputStage, false, "input"},
          {&e->grid, &e->gridStage, false, "grid"},
          {&e->out, &e->outStage, true, "out"}}) {
        if (!stage->staged) continue;
        const gridsample::TilingTensor t{d->shape, GeType(d->type->dtype)};
        const std::vector<gridsample::TilingAttr> attrs = {scatter ? std::vector<int64_t>{} : d->strides,
                                                           scatter ? d->strides : std::vector<int64_t>{}};
        gridsample::TilingRun run;
        if (!gridsample::RunTiling(viewcopy::ViewCopyTilingFunc, "ViewCopy", {t}, {t}, attrs,
                                   sizeof(viewcopy::ViewCopyTilingData), &run, why)) {
            // the tiling function only says it failed: its pure step says why
            gridsample::TilingPlatform platform;
            viewcopy::ViewCopyTilingData data;
            uint64_t key = 0;
            std::string reason = *why;
            if (gridsample::ReadTilingPlatform(nullptr, &platform, &reason))
                viewcopy::ComputeViewCopyTiling(d->shape, d->strides, d->type->bytes,
                                                scatter ? viewcopy::kScatter : viewcopy::kGather, platform.coreNum,
                                                platform.ubBytes, &data, &key, &reason);
            *why = std::string(label) + " view (shape " +
                   Join(d->shape) + ", strides " + Join(d->strides) + ") that ViewCopy cannot pack either: " + reason;
            return false;
        }
        std::memcpy(&stage->copy, run.data.data(), sizeof(stage->copy));
        stage->copyKey = run.tilingKey;
        stage->copyTilingOffset = e->workspaceBytes;
        e->workspaceBytes = AlignUp(e->workspaceBytes + sizeof(viewcopy::ViewCopyTilingData));
    }
    return true;
}

aclnnStatus GetWorkspaceSize(const char* api, int spatialRank, const aclTensor* input, const aclTensor* grid,
                             int64_t interpolationMode, int64_t paddingMode, bool alignCorners, aclTensor* out,
                             uint64_t* workspaceSize, aclOpExecutor** executor) {
    const std::string name = api;
    // 1. null pointers
    if (input == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "input is nullptr; expected a tensor");
    if (grid == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "grid is nullptr; expected a tensor");
    if (out == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "out is nullptr; expected a tensor");
    if (workspaceSize == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "workspaceSize is nullptr");
    if (executor == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor is nullptr");

    auto e = std::make_unique<GridSampleExecutor>();
    e->api = name;
    if (!Describe(input, &e->input) || !Describe(grid, &e->grid) || !Describe(out, &e->out))
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "a tensor could not be read (destroyed or invalid aclTensor)");

    // 2. data types
    if (e->input.type == nullptr)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "input dtype " + std::to_string(e->input.dataType) +
                          " is not supported; expected FLOAT, FLOAT16, BF16, DOUBLE or an integer type");
    if (e->input.type->floating) {
        if (e->grid.type != e->input.type)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string("grid dtype ") + (e->grid.type ? e->grid.type->name : std::to_string(e->grid.dataType).c_str()) +
                              " differs from input dtype " + e->input.type->name + "; expected the same dtype");
    } else if (e->grid.type == nullptr || !e->grid.type->floating) {
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      std::string("grid dtype must be floating (FLOAT, FLOAT16, BF16, DOUBLE) for an integer input of dtype ") +
                          e->input.type->name);
    }
    if (e->out.type != e->input.type)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      std::string("out dtype ") + (e->out.type ? e->out.type->name : std::to_string(e->out.dataType).c_str()) +
                          " differs from input dtype " + e->input.type->name + "; expected the same dtype");
    // 3. attributes
    if (aclnnStatus s = CheckGridSampleAttrs(name, interpolationMode, paddingMode); s != ACLNN_SUCCESS) return s;
    // 4. shapes
    if (aclnnStatus s = CheckSpatialRank(name, e->input, kMaxSpatialRank, &spatialRank); s != ACLNN_SUCCESS) return s;
    const size_t rank = static_cast<size_t>(spatialRank) + 2;
    for (const auto& [label, d] : {std::pair<const char*, const TensorDesc*>{"input", &e->input}, {"grid", &e->grid}, {"out", &e->out}}) {
        if (aclnnStatus s = CheckRank(name, label, *d, rank); s != ACLNN_SUCCESS) return s;
        if (aclnnStatus s = CheckViewNumbers(name, label, *d); s != ACLNN_SUCCESS) return s;
    }
    const auto& is = e->input.shape;
    const auto& gs = e->grid.shape;
    const auto& os = e->out.shape;
    if (gs[0] != is[0] || os[0] != is[0])
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "batch sizes differ: input " + Join(is) + ", grid " + Join(gs) + ", out " + Join(os) + "; expected equal N");
    if (os[1] != is[1])
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "out channels " + std::to_string(os[1]) + " differ from input channels " + std::to_string(is[1]));
    for (int d = 0; d < spatialRank; ++d)
        if (gs[1 + d] != os[2 + d])
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "grid spatial dims " + Join(gs) + " differ from out spatial dims " + Join(os) + "; expected grid (N, " +
                              (spatialRank == 2 ? "Ho, Wo, 2)" : "Do, Ho, Wo, 3)") + " for out (N, C, " +
                              (spatialRank == 2 ? "Ho, Wo)" : "Do, Ho, Wo)"));
    // an empty output needs no input pixels; a non-empty one must have some to read
    for (int d = 0; d < spatialRank; ++d)
        if (is[2 + d] == 0 && e->grid.elements != 0)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "input spatial dims must be non-zero for a non-empty grid, got input shape " + Join(is) +
                              " and grid shape " + Join(gs));
    if (gs[rank - 1] != spatialRank)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "grid last dim is " + std::to_string(gs[rank - 1]) + "; expected " + std::to_string(spatialRank));
    for (size_t i = 0; i < rank && e->out.elements != 0; ++i)
        if (e->out.strides[i] == 0 && os[i] > 1)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "out has stride 0 in dim " + std::to_string(i) + " (strides " + Join(e->out.strides) +
                              "); expected a view whose elements do not overlap");
    for (const auto& [label, d] : {std::pair<const char*, TensorDesc*>{"input", &e->input}, {"grid", &e->grid}, {"out", &e->out}})
        if (!ViewExtentBytes(*d, &d->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(label) + " view (shape " + Join(d->shape) + ", strides " + Join(d->strides) +
                              ") spans more bytes than int64 can count; expected a view inside one device allocation");
    if (e->out.elements != 0 && !ViewElementsDisjoint(e->out))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "out view elements overlap (shape " + Join(os) + ", strides " + Join(e->out.strides) +
                          "); expected a view whose elements do not overlap (each dim's stride, in increasing order, "
                          "at least the span of the smaller ones)");

    e->mode = static_cast<int>(interpolationMode);
    e->padding = static_cast<int>(paddingMode);
    e->alignCorners = alignCorners;
    *workspaceSize = 0;
    // Empty tensors: nothing to compute, nothing launched.
    if (e->input.elements == 0 || e->grid.elements == 0 || e->out.elements == 0) {
        e->empty = true;
        LastPlan() = name + ": none (nothing to compute)";
        *executor = Publish(std::move(e));
        return ACLNN_SUCCESS;
    }
    // 5. plan: the AI Core kernel where it applies, the AI CPU path otherwise.
    // the AI Core kernels: 2-D and 3-D, every mode
    std::string why;
    const bool aiCoreShape = e->input.type->aiCore && (spatialRank == 2 || spatialRank == 3);
    if (aiCoreShape) {
        gridsample::TilingPlatform platform;
        if (!gridsample::ReadTilingPlatform(nullptr, &platform, &why))
            return Reject(ACLNN_ERR_INNER_TILING_ERROR, name, "tiling: " + why);
        e->systemWorkspaceBytes = platform.systemWorkspaceBytes;
    }
    if (!e->input.type->aiCore) {
        why = std::string("dtype ") + e->input.type->name + " (the AI Core kernel takes FLOAT, FLOAT16 and BF16)";
    } else if (!aiCoreShape) {
        why = std::to_string(e->input.shape.size() - 2) + " spatial dims (the AI Core kernel takes 2 and 3)";
    } else if (PlanKernel(e.get(), &why) && !PlanViewCopies(e.get(), &why)) {
        // a view the ViewCopy kernel cannot address either: the AI CPU path reads it in place
        e->aiCore = false;
        e->workspaceBytes = 0;
    }
    std::string packed;
    for (auto [stage, label] : {std::pair<const StagedView*, const char*>{&e->inputStage, "input"},
                                {&e->gridStage, "grid"}, {&e->outStage, "out"}})
        if (e->aiCore && stage->staged) packed += std::string(packed.empty() ? "" : ", ") + label;
    LastPlan() = name + ": " +
                 (e->aiCore ? "AI Core kernel grid_sample" +
                                  (packed.empty() ? std::string() : ", with ViewCopy packing " + packed +
                                                                        " (views the kernel cannot address)")
                            : "AI CPU kernel GridSampleAicpu, because of " + why);
    *workspaceSize = e->workspaceBytes;
    *executor = Publish(std::move(e));
    return ACLNN_SUCCESS;
}

aclnnStatus Launch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                   aclrtStream stream) {
    const std::string name = api;
    aclnnStatus status = ACLNN_SUCCESS;
    const auto e = TakeForLaunch<GridSampleExecutor>(name, executor, workspace, workspaceSize, &status);
    if (e == nullptr) return status;
    if (e->empty) return ACLNN_SUCCESS;
    // Every byte the launch reads or writes must lie in live device memory, checked once per call
    // before anything is queued (no per-element cost): a wild, freed, host or too small buffer is
    // rejected here, and out stays untouched.
    for (const auto& [label, d] : {std::pair<const char*, const TensorDesc*>{"input", &e->input}, {"grid", &e->grid}, {"out", &e->out}})
        if (d->data == nullptr)
            return Reject(ACLNN_ERR_PARAM_NULLPTR, name,
                          std::string(label) + " data is nullptr on a non-empty tensor (shape " + Join(d->shape) +
                              "); expected device memory from aclrtMalloc");
    for (const auto& [label, d] : {std::pair<const char*, const TensorDesc*>{"input", &e->input}, {"grid", &e->grid}, {"out", &e->out}})
        if (!gridsample::DeviceRangeLive(d->data, d->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(label) + " data " + PointerText(d->data) + " with its view of " + std::to_string(d->extentBytes) +
                              " bytes (shape " + Join(d->shape) + ", strides " + Join(d->strides) +
                              ") is not inside one live device allocation; expected memory from aclrtMalloc (or "
                              "aclrtHostRegister) that holds the whole view");
    if (e->workspaceBytes > 0 && !gridsample::DeviceRangeLive(workspace, e->workspaceBytes))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "workspace " + PointerText(workspace) + " does not hold " + std::to_string(e->workspaceBytes) +
                          " bytes of one live device allocation; expected aclrtMalloc memory of at least the size "
                          "GetWorkspaceSize returned");
    char* ws = static_cast<char*>(workspace);
    if (!e->aiCore) {
        // The AI CPU operator reads and writes the views in place.
        gridsample::AicpuOp op;
        op.opType = gridsample::aicpu::kKernelName;
        op.inputs = {AicpuTensorOf(e->input), AicpuTensorOf(e->grid)};
        op.outputs = {AicpuTensorOf(e->out)};
        op.attrs = {{"interpolation_mode", int64_t{e->mode}}, {"padding_mode", int64_t{e->padding}},
                    {"align_corners", e->alignCorners}, {"x_strides", e->input.strides},
                    {"grid_strides", e->grid.strides}, {"y_strides", e->out.strides}};
        aclnnStatus s = gridsample::LaunchAicpuOp(stream, op);
        if (s != ACLNN_SUCCESS) return Reject(s, name, "AI CPU kernel launch failed");
        return ACLNN_SUCCESS;
    }
    // Tiling data reaches the workspace by asynchronous H2D copies (to the start of the tiling's own
    // area, after the system workspace, and after the staged views): their host source must live
    // until the copies have run, so the stream holds it until then.
    const StagedView* stages[] = {&e->inputStage, &e->gridStage, &e->outStage};
    auto tilingHost = std::make_shared<std::vector<uint8_t>>(sizeof(e->tiling.data) + 3 * sizeof(viewcopy::ViewCopyTilingData));
    std::memcpy(tilingHost->data(), &e->tiling.data, sizeof(e->tiling.data));
    for (size_t i = 0; i < 3; ++i)
        std::memcpy(tilingHost->data() + sizeof(e->tiling.data) + i * sizeof(stages[i]->copy), &stages[i]->copy,
                    sizeof(stages[i]->copy));
    auto copyTiling = [&](uint64_t wsOffset, size_t hostOffset, size_t bytes) {
        return aclrtMemcpyAsync(ws + wsOffset, bytes, tilingHost->data() + hostOffset, bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream);
    };
    char* tilingData = ws + e->systemWorkspaceBytes;
    if (copyTiling(e->systemWorkspaceBytes, 0, sizeof(e->tiling.data)) != ACL_SUCCESS)
        return Reject(ACLNN_ERR_RUNTIME_ERROR, name, std::string("copying the tiling data to the workspace failed: ") + aclGetRecentErrMsg());
    for (size_t i = 0; i < 3; ++i)
        if (stages[i]->staged && copyTiling(stages[i]->copyTilingOffset, sizeof(e->tiling.data) + i * sizeof(stages[i]->copy),
                                            sizeof(stages[i]->copy)) != ACL_SUCCESS)
            return Reject(ACLNN_ERR_RUNTIME_ERROR, name, std::string("copying the tiling data to the workspace failed: ") + aclGetRecentErrMsg());
    aclnnStatus s = ACLNN_SUCCESS;
    // Views the kernel cannot address are packed into the workspace by the ViewCopy kernel.
    const std::pair<const TensorDesc*, const StagedView*> packs[] = {{&e->input, &e->inputStage}, {&e->grid, &e->gridStage}};
    for (const auto& [d, st] : packs) {
        if (!st->staged) continue;
        s = gridsample::LaunchAiCoreKernel(stream, {"ViewCopy", st->copy.usedCores, st->copyKey,
                                                    {d->data, ws + st->wsOffset, ws, ws + st->copyTilingOffset}});
        if (s != ACLNN_SUCCESS) return Reject(s, name, "ViewCopy kernel launch failed");
    }
    // grid_sample(x, grid, y, workspace, tiling)
    void* x = e->inputStage.staged ? ws + e->inputStage.wsOffset : e->input.data;
    void* grid = e->gridStage.staged ? ws + e->gridStage.wsOffset : e->grid.data;
    void* y = e->outStage.staged ? ws + e->outStage.wsOffset : e->out.data;
    s = gridsample::LaunchAiCoreKernel(stream, {"GridSample", e->tiling.blockDim, e->tiling.tilingKey,
                                                {x, grid, y, ws, tilingData}});
    if (s != ACLNN_SUCCESS) return Reject(s, name, "kernel launch failed");
    if (e->outStage.staged) {
        const StagedView& st = e->outStage;
        s = gridsample::LaunchAiCoreKernel(stream, {"ViewCopy", st.copy.usedCores, st.copyKey,
                                                    {ws + st.wsOffset, e->out.data, ws, ws + st.copyTilingOffset}});
        if (s != ACLNN_SUCCESS) return Reject(s, name, "ViewCopy kernel launch failed");
    }
    s = gridsample::ReleaseAfterStream(stream, std::move(tilingHost));
    if (s != ACLNN_SUCCESS) return Reject(s, name, "could not queue work on the stream");
    return ACLNN_SUCCESS;
}

}  // namespace

extern "C" {

aclnnStatus aclnnGridSampler2DGetWorkspaceSize(const aclTensor* input, const aclTensor* grid, int64_t interpolationMode,
                                               int64_t paddingMode, bool alignCorners, aclTensor* out,
                                               uint64_t* workspaceSize, aclOpExecutor** executor) {
    return GetWorkspaceSize("aclnnGridSampler2D", 2, input, grid, interpolationMode, paddingMode, alignCorners, out,
                            workspaceSize, executor);
}

aclnnStatus aclnnGridSampler2D(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return Launch("aclnnGridSampler2D", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnGridSampler3DGetWorkspaceSize(const aclTensor* input, const aclTensor* grid, int64_t interpolationMode,
                                               int64_t paddingMode, bool alignCorners, aclTensor* out,
                                               uint64_t* workspaceSize, aclOpExecutor** executor) {
    return GetWorkspaceSize("aclnnGridSampler3D", 3, input, grid, interpolationMode, paddingMode, alignCorners, out,
                            workspaceSize, executor);
}

aclnnStatus aclnnGridSampler3D(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return Launch("aclnnGridSampler3D", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnGridSamplerNdGetWorkspaceSize(const aclTensor* input, const aclTensor* grid, int64_t interpolationMode,
                                               int64_t paddingMode, bool alignCorners, aclTensor* out,
                                               uint64_t* workspaceSize, aclOpExecutor** executor) {
    return GetWorkspaceSize("aclnnGridSamplerNd", kAnySpatialRank, input, grid, interpolationMode, paddingMode,
                            alignCorners, out, workspaceSize, executor);
}

aclnnStatus aclnnGridSamplerNd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return Launch("aclnnGridSamplerNd", workspace, workspaceSize, executor, stream);
}

const char* aclnnGridSamplerLastPlan(void) { return LastPlan().c_str(); }

#if defined(ASCENDC_SIM_CHECKED)
// Executor lifetime, as CANN documents it (aclSetAclOpExecutorRepeatable,
// https://www.hiascend.com/document/detail/zh/canncommercial/800/apiref/aolapi/operatorlist_00041.html, and
// aclDestroyAclOpExecutor, https://www.hiascend.com/document/detail/en/canncommercial/850/API/aolapi/operatorlist_00021.html):
// the second phase releases an executor that is not repeatable; one made repeatable right after the
// first phase may be launched any number of times and is released by aclDestroyAclOpExecutor; a null
// executor is 561103. In a CANN build the op-API framework provides both; with the simulator the
// only executors are this library's. Beyond the documentation, aclDestroyAclOpExecutor also releases
// an executor that was never launched (otherwise nothing could).
aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
    const std::string name = "aclSetAclOpExecutorRepeatable";
    if (executor == nullptr) return Reject(ACLNN_ERR_INNER_NULLPTR, name, "executor is nullptr; expected the executor of a GetWorkspaceSize call");
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = r.live.find(reinterpret_cast<uintptr_t>(executor));
    if (it == r.live.end())
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "executor is not a live executor (already launched or destroyed, or not returned by a "
                      "GetWorkspaceSize call); expected the executor of the preceding GetWorkspaceSize call");
    it->second->repeatable = true;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
    const std::string name = "aclDestroyAclOpExecutor";
    if (executor == nullptr) return Reject(ACLNN_ERR_INNER_NULLPTR, name, "executor is nullptr; expected a live executor");
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = r.live.find(reinterpret_cast<uintptr_t>(executor));
    if (it == r.live.end())
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "executor is not a live executor (a launch already released it, or it was destroyed, or "
                      "never returned by a GetWorkspaceSize call); expected a repeatable or never launched executor");
    r.live.erase(it);   // queued launches hold their own reference
    return ACLNN_SUCCESS;
}
#endif

}  // extern "C"
