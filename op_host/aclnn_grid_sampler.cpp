// aclnnGridSampler2D / aclnnGridSampler3D: argument checks in the documented order, then a plan
// (tiling for the AI Core kernel, or the AI CPU path), then an asynchronous launch on a stream.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_grid_sampler2d.h"
#include "aclnnop/aclnn_grid_sampler3d.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "op_host/aicpu/grid_sample_aicpu.h"
#include "op_host/grid_sample_launch.h"
#include "base/context_builder/op_tiling_context_builder.h"
#include "op_host/grid_sample_tiling.h"
#include "platform/platform_infos_def.h"
#include "register/op_def_registry.h"

namespace {

using gridsample::aicpu::ElemType;

constexpr uint64_t kWorkspaceAlign = 64;
constexpr int kMaxSpatialRank = gridsample::aicpu::kMaxRank - 2;
constexpr int kAnySpatialRank = 0;   // aclnnGridSamplerNd: the rank comes from the input
constexpr int64_t kMaxDmaStrideBytes = 0xFFFFFFFFll;   // DMA strides are 32-bit byte counts

struct DtypeInfo {
    aclDataType dtype;
    const char* name;
    int64_t bytes;
    ElemType elem;
    bool floating;
    bool aiCore;   // the AI Core kernels take it
};
constexpr DtypeInfo kDtypes[] = {
    {ACL_FLOAT, "FLOAT", 4, ElemType::kFloat32, true, true},
    {ACL_FLOAT16, "FLOAT16", 2, ElemType::kFloat16, true, true},
    {ACL_BF16, "BF16", 2, ElemType::kBFloat16, true, true},
    {ACL_DOUBLE, "DOUBLE", 8, ElemType::kFloat64, true, false},
    {ACL_INT8, "INT8", 1, ElemType::kInt8, false, false},
    {ACL_UINT8, "UINT8", 1, ElemType::kUInt8, false, false},
    {ACL_INT16, "INT16", 2, ElemType::kInt16, false, false},
    {ACL_INT32, "INT32", 4, ElemType::kInt32, false, false},
    {ACL_INT64, "INT64", 8, ElemType::kInt64, false, false},
};
const DtypeInfo* FindDtype(aclDataType t) {
    for (const auto& d : kDtypes)
        if (d.dtype == t) return &d;
    return nullptr;
}

struct TensorDesc {
    const DtypeInfo* type = nullptr;
    int dataType = 0;
    std::vector<int64_t> shape, strides;
    char* data = nullptr;   // first element of the view
    int64_t elements = 1;
};

std::string Join(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

bool Describe(const aclTensor* t, TensorDesc* d) {
    int64_t* dims = nullptr;
    int64_t* strides = nullptr;
    uint64_t nd = 0, ns = 0;
    int64_t offset = 0;
    void* base = nullptr;
    aclDataType dt = ACL_DT_UNDEFINED;
    if (aclGetViewShape(t, &dims, &nd) != ACLNN_SUCCESS) return false;
    d->shape.assign(dims, dims + nd);
    delete[] dims;
    if (aclGetViewStrides(t, &strides, &ns) != ACLNN_SUCCESS) return false;
    d->strides.assign(strides, strides + ns);
    delete[] strides;
    if (aclGetViewOffset(t, &offset) != ACLNN_SUCCESS || aclGetDataType(t, &dt) != ACLNN_SUCCESS ||
        aclGetRawTensorAddr(t, &base) != ACLNN_SUCCESS)
        return false;
    d->dataType = static_cast<int>(dt);
    d->type = FindDtype(dt);
    d->data = static_cast<char*>(base) + (d->type ? offset * d->type->bytes : 0);
    for (int64_t s : d->shape) d->elements = (s != 0 && d->elements > INT64_MAX / s) ? -1 : d->elements * s;
    return true;
}

gridsample::aicpu::View ToView(const TensorDesc& d, void* data) {
    gridsample::aicpu::View v;
    v.data = data;
    v.type = d.type->elem;
    v.rank = static_cast<int>(d.shape.size());
    for (int i = 0; i < v.rank; ++i) {
        v.shape[i] = d.shape[i];
        v.strides[i] = d.strides[i];
    }
    return v;
}

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * std::max<int64_t>(shape[i + 1], 1);
    return s;
}

// Copy between two strided views of one shape (the stand-in for CANN's ViewCopy): an odometer over
// the outer dims, a tight loop (or one memcpy) along the innermost.
template <typename E>
void CopyRows(char* dst, const std::vector<int64_t>& dstStrides, const char* src, const std::vector<int64_t>& srcStrides,
              const std::vector<int64_t>& shape) {
    const int rank = static_cast<int>(shape.size());
    const int64_t inner = shape[rank - 1], ds = dstStrides[rank - 1], ss = srcStrides[rank - 1];
    int64_t rows = 1;
    for (int d = 0; d + 1 < rank; ++d) rows *= shape[d];
    std::vector<int64_t> idx(rank, 0);
    for (int64_t r = 0; r < rows; ++r) {
        int64_t so = 0, dof = 0;
        for (int d = 0; d + 1 < rank; ++d) {
            so += idx[d] * srcStrides[d];
            dof += idx[d] * dstStrides[d];
        }
        E* out = reinterpret_cast<E*>(dst) + dof;
        const E* in = reinterpret_cast<const E*>(src) + so;
        if (ds == 1 && ss == 1) {
            std::memcpy(out, in, static_cast<size_t>(inner) * sizeof(E));
        } else {
            for (int64_t i = 0; i < inner; ++i) out[i * ds] = in[i * ss];
        }
        for (int d = rank - 2; d >= 0; --d) {
            if (++idx[d] < shape[d]) break;
            idx[d] = 0;
        }
    }
}

void CopyStrided(char* dst, const std::vector<int64_t>& dstStrides, const char* src,
                 const std::vector<int64_t>& srcStrides, const std::vector<int64_t>& shape, int64_t elem) {
    for (int64_t s : shape)
        if (s == 0) return;
    switch (elem) {
        case 1: CopyRows<uint8_t>(dst, dstStrides, src, srcStrides, shape); break;
        case 2: CopyRows<uint16_t>(dst, dstStrides, src, srcStrides, shape); break;
        case 4: CopyRows<uint32_t>(dst, dstStrides, src, srcStrides, shape); break;
        default: CopyRows<uint64_t>(dst, dstStrides, src, srcStrides, shape); break;
    }
}

// A view the kernel cannot address directly is copied to a packed buffer in the workspace.
struct StagedView {
    bool staged = false;
    uint64_t wsOffset = 0;
    std::vector<int64_t> packedStrides;
};

}  // namespace

struct aclOpExecutor {
    std::string api;
    bool empty = false;
    bool aiCore = false;
    gridsample::Tiling tiling;
    TensorDesc input, grid, out;
    StagedView inputStage, gridStage, outStage;
    int mode = 0, padding = 0;
    bool alignCorners = false;
    uint64_t workspaceBytes = 0;
};

namespace {

aclnnStatus Reject(aclnnStatus status, const std::string& api, const std::string& what) {
    gridsample::RecordError(api + ": " + what);
    return status;
}

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
        if (d.strides[i] < 1 || d.strides[i] * elem > kMaxDmaStrideBytes) return false;
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
    return d.shape[depthDim] <= 1 || d.strides[depthDim] == d.shape[depthDim + 1] * d.strides[depthDim + 1];
}

// Channel-last input (NHWC memory seen as an NCHW view): channels contiguous, pixels not
// overlapping, rows not overlapping, every byte stride within 32 bits.
bool ChannelLastKernelCanAddress(const TensorDesc& d) {
    const auto& s = d.strides;
    const int64_t c = d.shape[1], w = d.shape[3], elem = d.type->bytes;
    if (s[1] != 1 || s[3] < c || s[2] < w * s[3] || s[0] < 0) return false;
    for (int64_t v : {s[0], s[2], s[3]})
        if (v * elem > kMaxDmaStrideBytes) return false;
    return true;
}

uint64_t AlignUp(uint64_t v) { return (v + kWorkspaceAlign - 1) / kWorkspaceAlign * kWorkspaceAlign; }

void Stage(const TensorDesc& d, StagedView* stage, uint64_t* workspace) {
    stage->staged = true;
    stage->wsOffset = *workspace;
    stage->packedStrides = ContiguousStrides(d.shape);
    *workspace = AlignUp(*workspace + static_cast<uint64_t>(d.elements * d.type->bytes));
}

ge::DataType GeType(aclDataType t) {
    return t == ACL_FLOAT ? ge::DT_FLOAT : t == ACL_FLOAT16 ? ge::DT_FLOAT16 : ge::DT_BF16;
}

// Plans the AI Core kernel the way the op-API layer does: finds GridSample's registered tiling
// function through the OpDef registry, runs it on a TilingContext built from the tensors and
// attributes, and keeps its block dim, tiling key, tiling data and workspace size. False when the
// kernel cannot take the problem (a DMA stride beyond 32 bits, or no UB partition fits), and the
// AI CPU path runs it instead.
bool PlanKernel(aclOpExecutor* e) {
    uint64_t staged = 0;   // bytes of packed views, laid after the tiling's own workspace
    // Views the kernel cannot address are packed first (and out is packed, then copied back).
    const size_t rank = e->input.shape.size();
    const int64_t spatialRank = static_cast<int64_t>(rank) - 2;
    // the per-point path reads runs of up to 4 pixels per channel: channel planes must not overlap them
    const bool nchwOk = KernelCanAddress(e->input, 1) && e->input.strides[1] >= e->input.shape[rank - 1];
    const bool channelLast = !nchwOk && rank == 4 && ChannelLastKernelCanAddress(e->input);
    const bool inputOk = nchwOk || channelLast;
    const bool gridOk = KernelCanAddress(e->grid, spatialRank) && DepthFlattens(e->grid, true);
    const bool outOk = KernelCanAddress(e->out, 1) && DepthFlattens(e->out, false);
    auto stridesOf = [](const TensorDesc& d, const StagedView& s) { return s.staged ? s.packedStrides : d.strides; };
    if (!inputOk) Stage(e->input, &e->inputStage, &staged);
    if (!gridOk) Stage(e->grid, &e->gridStage, &staged);
    if (!outOk) Stage(e->out, &e->outStage, &staged);
    const auto is = stridesOf(e->input, e->inputStage), gs = stridesOf(e->grid, e->gridStage),
               os = stridesOf(e->out, e->outStage);
    const int64_t elem = e->input.type->bytes;
    for (const auto* strides : {&is, &gs, &os})
        for (int64_t s : *strides)
            if (s * elem > kMaxDmaStrideBytes) return false;

    ops::OpDef def = ops::OpDefFactory::OpDefCreate("GridSample");
    gert::OpImplRegisterV2::TilingKernelFunc tilingFunc = def.AICore().GetTiling();
    if (tilingFunc == nullptr) return false;
    // Channel-last input goes to the tiling as (N, H, W, C) with its strides in that order.
    std::vector<int64_t> xShape = e->input.shape, xStrides = is;
    if (channelLast) {
        xShape = {e->input.shape[0], e->input.shape[2], e->input.shape[3], e->input.shape[1]};
        xStrides = {is[0], is[2], is[3], is[1]};
    }
    auto toShape = [](const std::vector<int64_t>& dims) {
        gert::Shape s;
        for (int64_t d : dims) s.AppendDim(d);
        return gert::StorageShape(s, s);
    };
    const ge::DataType dtype = GeType(e->input.type->dtype);
    const gert::StorageFormat nd(ge::FORMAT_ND, ge::FORMAT_ND);
    gert::Tensor x(toShape(xShape), nd, gert::kOnDeviceHbm, dtype, nullptr);
    gert::Tensor grid(toShape(e->grid.shape), nd, gert::kOnDeviceHbm, dtype, nullptr);
    gert::Tensor y(toShape(e->out.shape), nd, gert::kOnDeviceHbm, dtype, nullptr);
    static const char* const kModeNames[] = {"bilinear", "nearest", "bicubic"};
    static const char* const kPaddingNames[] = {"zeros", "border", "reflection"};
    gert::OpTilingContextBuilder builder;
    builder.OpType("GridSample").OpName("GridSample").IONum(2, 1).InputTensors({&x, &grid}).OutputTensors({&y});
    // Every attribute the OpDef declares, in its order: ours where we have a value, else the default.
    for (ops::OpAttrDef& attr : def.GetAttrs()) {
        const std::string name = attr.GetName().GetString();
        if (name == "interpolation_mode") builder.AppendAttr(ge::AscendString(kModeNames[e->mode]));
        else if (name == "padding_mode") builder.AppendAttr(ge::AscendString(kPaddingNames[e->padding]));
        else if (name == "align_corners") builder.AppendAttr(e->alignCorners);
        else if (name == "channel_last") builder.AppendAttr(channelLast);
        else if (name == "x_strides") builder.AppendAttr(xStrides);
        else if (name == "grid_strides") builder.AppendAttr(gs);
        else if (name == "y_strides") builder.AppendAttr(os);
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kBool) builder.AppendAttr(attr.DefaultBool());
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kInt) builder.AppendAttr(attr.DefaultInt());
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kFloat) builder.AppendAttr(attr.DefaultFloat());
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kString) builder.AppendAttr(ge::AscendString(attr.DefaultString().c_str()));
        else builder.AppendAttr(attr.DefaultListInt());
    }
    fe::PlatFormInfos platform;   // the current device's platform description
    constexpr size_t kTilingDataCapacity = 4096;
    auto tilingBuffer = gert::TilingData::CreateCap(kTilingDataCapacity);
    auto* rawTiling = reinterpret_cast<gert::TilingData*>(tilingBuffer.get());
    gert::ContinuousVector workspaceSizes;
    builder.PlatformInfo(&platform).TilingData(rawTiling).Workspace(&workspaceSizes);
    auto holder = builder.Build();
    gert::TilingContext* context = holder.GetContext();
    if (tilingFunc(context) != ge::GRAPH_SUCCESS) return false;
    if (rawTiling->GetDataSize() != sizeof(gridsample::GridSampleTilingData) || context->GetWorkspaceNum() < 1 ||
        context->GetBlockDim() == 0)
        return false;
    std::memcpy(&e->tiling.data, rawTiling->GetData(), sizeof(gridsample::GridSampleTilingData));
    e->tiling.blockDim = context->GetBlockDim();
    e->tiling.tilingKey = context->GetTilingKey();
    // The tiling's workspace (where the tiling data is staged) comes first, packed views after it.
    const uint64_t base = AlignUp(static_cast<const size_t*>(workspaceSizes.GetData())[0]);
    e->tiling.workspaceBytes = base;
    for (StagedView* stage : {&e->inputStage, &e->gridStage, &e->outStage})
        if (stage->staged) stage->wsOffset += base;
    e->workspaceBytes = base + staged;
    e->aiCore = true;
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

    auto e = std::make_unique<aclOpExecutor>();
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
    if (interpolationMode < 0 || interpolationMode > 2)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "interpolationMode is " + std::to_string(interpolationMode) +
                          "; expected 0 (bilinear), 1 (nearest) or 2 (bicubic)");
    if (paddingMode < 0 || paddingMode > 2)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "paddingMode is " + std::to_string(paddingMode) + "; expected 0 (zeros), 1 (border) or 2 (reflection)");
    // 4. shapes
    if (spatialRank == kAnySpatialRank) {
        spatialRank = static_cast<int>(e->input.shape.size()) - 2;
        if (spatialRank < 1 || spatialRank > kMaxSpatialRank)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "input has rank " + std::to_string(e->input.shape.size()) + " (shape " + Join(e->input.shape) +
                              "); expected rank 3 to " + std::to_string(kMaxSpatialRank + 2));
    }
    const size_t rank = static_cast<size_t>(spatialRank) + 2;
    for (const auto& [label, d] : {std::pair<const char*, const TensorDesc*>{"input", &e->input}, {"grid", &e->grid}, {"out", &e->out}}) {
        if (d->shape.size() != rank)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(label) + " has rank " + std::to_string(d->shape.size()) + " (shape " + Join(d->shape) +
                              "); expected rank " + std::to_string(rank));
        for (int64_t s : d->shape)
            if (s < 0) return Reject(ACLNN_ERR_PARAM_INVALID, name, std::string(label) + " has a negative dimension: " + Join(d->shape));
        for (int64_t s : d->strides)
            if (s < 0) return Reject(ACLNN_ERR_PARAM_INVALID, name, std::string(label) + " has a negative stride: " + Join(d->strides));
        if (d->elements < 0) return Reject(ACLNN_ERR_PARAM_INVALID, name, std::string(label) + " has more elements than int64 can count");
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

    e->mode = static_cast<int>(interpolationMode);
    e->padding = static_cast<int>(paddingMode);
    e->alignCorners = alignCorners;
    *workspaceSize = 0;
    // Empty tensors: nothing to compute, nothing launched.
    if (e->input.elements == 0 || e->grid.elements == 0 || e->out.elements == 0) {
        e->empty = true;
        *executor = e.release();
        return ACLNN_SUCCESS;
    }
    // 5. plan: the AI Core kernel where it applies, the AI CPU path otherwise.
    // the AI Core kernels: 2-D and 3-D, every mode
    if (e->input.type->aiCore && (spatialRank == 2 || spatialRank == 3)) PlanKernel(e.get());
    *workspaceSize = e->workspaceBytes;
    *executor = e.release();
    return ACLNN_SUCCESS;
}

aclnnStatus Launch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                   aclrtStream stream) {
    const std::string name = api;
    if (executor == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor is nullptr; call the GetWorkspaceSize phase first");
    std::unique_ptr<aclOpExecutor> e(executor);   // an executor is used once
    if (e->api != name)
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "executor was made by " + e->api);
    if (e->empty) return ACLNN_SUCCESS;
    if (workspaceSize < e->workspaceBytes || (e->workspaceBytes > 0 && workspace == nullptr))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "workspace of " + std::to_string(workspaceSize) + " bytes at " +
                          (workspace ? "a valid address" : "nullptr") + "; expected " + std::to_string(e->workspaceBytes) + " bytes");
    char* ws = static_cast<char*>(workspace);
    if (!e->aiCore) {
        auto in = ToView(e->input, e->input.data), grid = ToView(e->grid, e->grid.data), out = ToView(e->out, e->out.data);
        const int mode = e->mode, padding = e->padding;
        const bool ac = e->alignCorners;
        return gridsample::LaunchHostTask(
            stream, [=]() { gridsample::aicpu::Run(in, grid, out, mode, padding, ac); return 0; }, "GridSample AI CPU");
    }
    // Stage the tiling data and any packed views in the workspace, then launch.
    const gridsample::GridSampleTilingData tilingData = e->tiling.data;
    const TensorDesc input = e->input, gridDesc = e->grid;
    const StagedView inStage = e->inputStage, gridStage = e->gridStage;
    aclnnStatus s = gridsample::LaunchHostTask(
        stream,
        [=]() {
            std::memcpy(ws, &tilingData, sizeof(tilingData));
            if (inStage.staged)
                CopyStrided(ws + inStage.wsOffset, inStage.packedStrides, input.data, input.strides, input.shape, input.type->bytes);
            if (gridStage.staged)
                CopyStrided(ws + gridStage.wsOffset, gridStage.packedStrides, gridDesc.data, gridDesc.strides, gridDesc.shape,
                            gridDesc.type->bytes);
            return 0;
        },
        "GridSample staging");
    if (s != ACLNN_SUCCESS) return Reject(s, name, "could not queue work on the stream");
    gridsample::KernelArgs args;
    args.x = inStage.staged ? ws + inStage.wsOffset : e->input.data;
    args.grid = gridStage.staged ? ws + gridStage.wsOffset : e->grid.data;
    args.y = e->outStage.staged ? ws + e->outStage.wsOffset : e->out.data;
    args.workspace = ws;
    args.tiling = ws;
    s = gridsample::LaunchKernel(stream, e->tiling.blockDim, e->tiling.tilingKey, args);
    if (s != ACLNN_SUCCESS) return Reject(s, name, "kernel launch failed");
    if (e->outStage.staged) {
        const TensorDesc outDesc = e->out;
        const StagedView outStage = e->outStage;
        s = gridsample::LaunchHostTask(
            stream,
            [=]() {
                CopyStrided(outDesc.data, outDesc.strides, ws + outStage.wsOffset, outStage.packedStrides, outDesc.shape,
                            outDesc.type->bytes);
                return 0;
            },
            "GridSample output copy");
        if (s != ACLNN_SUCCESS) return Reject(s, name, "could not queue work on the stream");
    }
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

}  // extern "C"
