// aclnnInterpolate (OpenVINO Interpolate-11): argument checks, the plan (which path, which passes,
// workspace), and the asynchronous launch. The aclnnUpsample* entry points reach the same plan
// through op_host/interpolate_plan.h.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "op_host/attr_names.h"
#include "aclnnop/aclnn_interpolate.h"
#include "op_host/aclnn_common.h"
#include "op_host/aicpu/interpolate_aicpu.h"
#include "op_host/grid_sample_launch.h"
#include "op_host/interpolate_launch.h"
#include "op_host/interpolate_op_impl.h"
#include "op_host/interpolate_plan.h"
#include "base/context_builder/op_tiling_context_builder.h"
#include "aclnn/opdev/common_types.h"
#include "platform/platform_infos_def.h"
#include "register/op_def_registry.h"

namespace interp {
namespace {

using aicpu::ElemType;

struct DtypeInfo {
    aclDataType dtype;
    const char* name;
    int64_t bytes;
    ElemType elem;
    bool aiCore;   // a dtype the AI Core kernel takes
};
constexpr DtypeInfo kDtypes[] = {
    {ACL_FLOAT, "FLOAT", 4, ElemType::kFloat32, true},   {ACL_FLOAT16, "FLOAT16", 2, ElemType::kFloat16, true},
    {ACL_BF16, "BF16", 2, ElemType::kBFloat16, true},    {ACL_DOUBLE, "DOUBLE", 8, ElemType::kFloat64, false},
    {ACL_INT8, "INT8", 1, ElemType::kInt8, false},       {ACL_UINT8, "UINT8", 1, ElemType::kUInt8, false},
    {ACL_INT32, "INT32", 4, ElemType::kInt32, false},
};
constexpr const char* kDtypeChoices = "FLOAT, FLOAT16, BF16, DOUBLE, INT8, UINT8 or INT32";
const DtypeInfo* FindDtype(aclDataType t) {
    for (const auto& d : kDtypes)
        if (d.dtype == t) return &d;
    return nullptr;
}

using opattr::kInterpolateCoordModes;
using opattr::kInterpolateModes;
using opattr::kInterpolateNearestModes;

template <size_t N>
std::string Choices(const char* const (&names)[N]) {
    std::string s;
    for (size_t i = 0; i < N; ++i) s += (i ? (i + 1 == N ? " or " : ", ") : "") + std::to_string(i) + " (" + names[i] + ")";
    return s;
}

struct TensorDesc {
    const DtypeInfo* type = nullptr;
    int dataType = 0;
    std::vector<int64_t> shape, strides;
    char* data = nullptr;
    int64_t elements = 1;
    uint64_t extentBytes = 0;
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

// Bytes from the view's first element to the end of its furthest one; false on int64 overflow.
bool ViewExtentBytes(const TensorDesc& d, uint64_t* bytes) {
    int64_t last = 0;
    for (size_t i = 0; i < d.shape.size(); ++i) {
        if (d.shape[i] == 0) {
            *bytes = 0;
            return true;
        }
        int64_t step = 0;
        if (__builtin_mul_overflow(d.shape[i] - 1, d.strides[i], &step) || __builtin_add_overflow(last, step, &last))
            return false;
    }
    int64_t total = 0;
    if (__builtin_add_overflow(last, int64_t{1}, &total) || __builtin_mul_overflow(total, d.type->bytes, &total))
        return false;
    *bytes = static_cast<uint64_t>(total);
    return true;
}

aicpu::View ToView(const TensorDesc& d) {
    aicpu::View v;
    v.type = d.type->elem;
    v.rank = static_cast<int32_t>(d.shape.size());
    for (int i = 0; i < v.rank; ++i) {
        v.shape[i] = d.shape[i];
        v.strides[i] = d.strides[i];
    }
    return v;
}

struct InterpolateExecutor : gridsample::aclnn_common::ExecutorBase {
    bool empty = false;
    std::string path = "ai_cpu", reason;
    TensorDesc x, y;
    aicpu::KernelArgs aicpuArgs;
    uint64_t workspaceBytes = 0;
    // the AI Core path: tiling data and axis tables as they go to the workspace, launch parameters
    bool aiCore = false;
    std::vector<uint8_t> workspaceImage;
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
};

// Live executors are kept in the package's one registry (op_host/aclnn_common.h), so that
// aclSetAclOpExecutorRepeatable and aclDestroyAclOpExecutor take Interpolate's executors too.
using gridsample::aclnn_common::Publish;
using gridsample::aclnn_common::Reject;

// The Interpolate executor behind a handle: taken for a launch (released unless repeatable), or
// peeked at for a query; null for an unknown handle or another operator's executor.
std::shared_ptr<InterpolateExecutor> Find(const aclOpExecutor* handle, bool take) {
    auto e = std::dynamic_pointer_cast<InterpolateExecutor>(gridsample::aclnn_common::Peek(handle));
    if (e != nullptr && take) gridsample::aclnn_common::Take(const_cast<aclOpExecutor*>(handle));
    return e;
}

// The passes in the order that moves the fewest bytes: each pass's output is the next one's input,
// so shrinking axes go first (ascending out / in). Pillow modes take Pillow's order, which matters
// for the rounding between the passes: the horizontal (innermost) axis first, unless the vertical
// axis loses more than twice as many pixels as the horizontal one (Pillow 13's rule, Resample.c
// ImagingResampleInner); padding-only passes, which are exact, are ordered by the same rule around them.
std::vector<aicpu::Pass> OrderPasses(std::vector<aicpu::Pass> passes, bool pillow) {
    auto ratio = [](const aicpu::Pass& p) {
        return p.paddedLen > 0 ? static_cast<double>(p.outLen) / static_cast<double>(p.paddedLen) : 0.0;
    };
    std::stable_sort(passes.begin(), passes.end(), [&](const aicpu::Pass& a, const aicpu::Pass& b) {
        return ratio(a) < ratio(b);
    });
    std::vector<size_t> slots;
    for (size_t i = 0; i < passes.size(); ++i)
        if (passes[i].resized) slots.push_back(i);
    if (pillow && slots.size() == 2) {
        aicpu::Pass a = passes[slots[0]], b = passes[slots[1]];
        const aicpu::Pass& horizontal = a.axis > b.axis ? a : b;
        const aicpu::Pass& vertical = a.axis > b.axis ? b : a;
        const int64_t lostV = vertical.paddedLen - vertical.outLen, lostH = horizontal.paddedLen - horizontal.outLen;
        const bool verticalFirst = lostV > 0 && lostV > 2 * lostH;
        const aicpu::Pass first = verticalFirst ? vertical : horizontal, second = verticalFirst ? horizontal : vertical;
        passes[slots[0]] = first;
        passes[slots[1]] = second;
    }
    return passes;
}

bool Contiguous(const TensorDesc& d) {
    int64_t expect = 1;
    for (int i = static_cast<int>(d.shape.size()) - 1; i >= 0; --i) {
        if (d.shape[i] != 1 && d.strides[i] != expect) return false;
        expect *= d.shape[i];
    }
    return true;
}

ge::DataType GeType(aclDataType t) {
    return t == ACL_FLOAT ? ge::DT_FLOAT : t == ACL_FLOAT16 ? ge::DT_FLOAT16 : ge::DT_BF16;
}

// The AI Core kernel where it applies: finds Interpolate's registered tiling function through the
// OpDef registry, runs it on a TilingContext built from the tensors and attributes, and lays the
// tiling data and each pass's axis table (source indices and weights, computed here once per
// axis) out as the workspace will hold them. False, with the reason, when the problem goes to the
// AI CPU.
bool PlanAiCore(InterpolateExecutor* e, const InterpolateAttrs& attrs, const std::vector<aicpu::Pass>& passes,
                std::string* why) {
    if (!e->x.type->aiCore) {
        *why = std::string("dtype ") + e->x.type->name + " runs on the AI CPU (the AI Core kernel takes FLOAT, FLOAT16, BF16)";
        return false;
    }
    if (!Contiguous(e->x) || !Contiguous(e->y)) {
        *why = "a strided view of x or y runs on the AI CPU (the AI Core kernel takes contiguous tensors)";
        return false;
    }
    for (const aicpu::Pass& p : passes) {
        if (!p.resized || p.padBegin != 0 || p.paddedLen != p.inLen) {
            *why = "padding runs on the AI CPU (the AI Core kernel takes pads_begin = pads_end = 0)";
            return false;
        }
        if (p.scale != static_cast<double>(p.outLen) / static_cast<double>(p.inLen)) {
            *why = "a scale that differs from output size / input size runs on the AI CPU";
            return false;
        }
    }
    // the tiling decides whether antialias is in effect from the axes it is given (some output
    // shorter than its input); the plan decided it from the scales, which may include an axis left alone
    const bool shrinks = std::any_of(passes.begin(), passes.end(), [](const aicpu::Pass& p) { return p.outLen < p.inLen; });
    if (e->aicpuArgs.antialias != 0 && !shrinks) {
        *why = "antialias in effect from an axis that is not resampled runs on the AI CPU";
        return false;
    }
    ops::OpDef def = ops::OpDefFactory::OpDefCreate("Interpolate");
    gert::OpImplRegisterV2::TilingKernelFunc tilingFunc = def.AICore().GetTiling();
    if (tilingFunc == nullptr) {
        *why = "no Interpolate tiling function is registered";
        return false;
    }
    auto toShape = [](const std::vector<int64_t>& dims) {
        gert::Shape s;
        for (int64_t d : dims) s.AppendDim(d);
        return gert::StorageShape(s, s);
    };
    const ge::DataType dtype = GeType(e->x.type->dtype);
    const gert::StorageFormat nd(ge::FORMAT_ND, ge::FORMAT_ND);
    gert::Tensor x(toShape(e->x.shape), nd, gert::kOnDeviceHbm, dtype, nullptr);
    gert::Tensor y(toShape(e->y.shape), nd, gert::kOnDeviceHbm, dtype, nullptr);
    std::vector<int64_t> axes, sizes;
    for (const aicpu::Pass& p : passes) {
        axes.push_back(p.axis);
        sizes.push_back(p.outLen);
    }
    gert::OpTilingContextBuilder builder;
    builder.OpType("Interpolate").OpName("Interpolate").IONum(1, 1).InputTensors({&x}).OutputTensors({&y});
    for (ops::OpAttrDef& attr : def.GetAttrs()) {
        const std::string name = attr.GetName().GetString();
        if (name == "mode") builder.AppendAttr(ge::AscendString(kInterpolateModes[attrs.mode]));
        else if (name == "coordinate_transformation_mode") builder.AppendAttr(ge::AscendString(kInterpolateCoordModes[attrs.coordMode]));
        else if (name == "nearest_mode") builder.AppendAttr(ge::AscendString(kInterpolateNearestModes[attrs.nearestMode]));
        else if (name == "antialias") builder.AppendAttr(e->aicpuArgs.antialias != 0);
        else if (name == "cube_coeff") builder.AppendAttr(static_cast<float>(attrs.cubeCoeff));
        else if (name == "axes") builder.AppendAttr(axes);
        else if (name == "sizes") builder.AppendAttr(sizes);
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kBool) builder.AppendAttr(attr.DefaultBool());
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kInt) builder.AppendAttr(attr.DefaultInt());
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kFloat) builder.AppendAttr(attr.DefaultFloat());
        else if (attr.GetKind() == ops::OpAttrDef::Kind::kString) builder.AppendAttr(ge::AscendString(attr.DefaultString().c_str()));
        else builder.AppendAttr(attr.DefaultListInt());
    }
    fe::PlatFormInfos platform;
    constexpr size_t kTilingDataCapacity = 4096;
    auto tilingBuffer = gert::TilingData::CreateCap(kTilingDataCapacity);
    auto* rawTiling = reinterpret_cast<gert::TilingData*>(tilingBuffer.get());
    gert::ContinuousVector workspaceSizes;
    builder.PlatformInfo(&platform).TilingData(rawTiling).Workspace(&workspaceSizes);
    auto holder = builder.Build();
    gert::TilingContext* context = holder.GetContext();
    if (tilingFunc(context) != ge::GRAPH_SUCCESS || rawTiling->GetDataSize() != sizeof(InterpolateTilingData) ||
        context->GetWorkspaceNum() < 1 || context->GetBlockDim() == 0) {
        *why = "the AI Core tiling does not take this problem (an axis table or a row does not fit the UB)";
        return false;
    }
    InterpolateTilingData data;
    std::memcpy(&data, rawTiling->GetData(), sizeof(data));
    // the workspace image: tiling data, then each pass's axis table
    uint64_t tablesEnd = sizeof(InterpolateTilingData);
    for (int32_t i = 0; i < data.passCount; ++i)
        tablesEnd = std::max<uint64_t>(tablesEnd, static_cast<uint64_t>(data.passes[i].tableOffset + data.passes[i].tableBytes));
    e->workspaceImage.assign(tablesEnd, 0);
    std::memcpy(e->workspaceImage.data(), &data, sizeof(data));
    const aicpu::KernelArgs& args = e->aicpuArgs;
    for (int32_t i = 0; i < data.passCount; ++i) {
        const InterpolatePassTiling& t = data.passes[i];
        aicpu::Pass pass;
        pass.axis = t.axis;
        pass.resized = 1;
        pass.inLen = pass.paddedLen = e->x.shape[t.axis];
        pass.outLen = e->y.shape[t.axis];
        pass.scale = static_cast<double>(pass.outLen) / static_cast<double>(pass.inLen);
        const aicpu::AxisTaps taps = aicpu::ComputeAxisTaps(args, pass);
        uint8_t* table = e->workspaceImage.data() + t.tableOffset;
        uint8_t* weights = table + t.tableBytes / 2;
        const uint32_t srcBytes = t.srcOffset < 0 ? static_cast<uint32_t>(e->x.type->bytes) : 4u;
        const int64_t rowsPerUnit = t.kind == kPassRows ? 1 : t.group;
        const int64_t slots = static_cast<int64_t>(t.group) * t.chunk;   // last axis: a unit's outputs
        for (int64_t r = 0; r < rowsPerUnit; ++r) {
            for (int64_t o = 0; o < t.outLen; ++o) {
                for (int32_t k = 0; k < t.taps; ++k) {
                    const int64_t at = taps.start[o] + k;
                    const bool real = at < taps.start[o + 1];
                    const int32_t index = real ? static_cast<int32_t>(taps.index[at]) : 0;
                    const float w = real ? static_cast<float>(taps.weight[at]) : 0.0f;
                    int64_t slot;
                    if (t.kind == kPassRows) {
                        slot = o * t.taps + k;
                        std::memcpy(table + slot * 4, &index, 4);
                    } else {
                        // byte offset of the tap in the UB copy of row r (rows rowPitch bytes apart)
                        slot = k * slots + r * t.chunk + o;
                        const uint32_t offset = static_cast<uint32_t>(r * t.rowPitch) + static_cast<uint32_t>(index) * srcBytes;
                        std::memcpy(table + slot * 4, &offset, 4);
                    }
                    std::memcpy(weights + slot * 4, &w, 4);
                }
            }
        }
    }
    e->aiCore = true;
    e->blockDim = context->GetBlockDim();
    e->tilingKey = context->GetTilingKey();
    e->workspaceBytes = static_cast<const size_t*>(workspaceSizes.GetData())[0];
    std::string order;
    for (int32_t i = 0; i < data.passCount; ++i) order += (i ? ", " : "") + std::to_string(data.passes[i].axis);
    *why = std::string(e->x.type->name) + " on the AI Core: " + std::to_string(data.passCount) + " pass(es) over axes [" +
           order + "] (the order moving the fewest bytes), block dim " + std::to_string(e->blockDim);
    return true;
}
}  // namespace

std::string ModeChoices() { return Choices(kInterpolateModes); }
std::string CoordModeChoices() { return Choices(kInterpolateCoordModes); }
std::string NearestModeChoices() { return Choices(kInterpolateNearestModes); }

aclnnStatus InterpolateGetWorkspaceSize(const char* api, const aclTensor* x, const InterpolateAttrs& attrs,
                                        aclTensor* y, uint64_t* workspaceSize, aclOpExecutor** executor) {
    const std::string name = api;
    if (x == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "x is nullptr; expected a tensor");
    if (y == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "y is nullptr; expected a tensor");
    if (workspaceSize == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "workspaceSize is nullptr");
    if (executor == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor is nullptr");
    auto e = std::make_unique<InterpolateExecutor>();
    e->api = name;
    if (!Describe(x, &e->x) || !Describe(y, &e->y))
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "a tensor could not be read (destroyed or invalid aclTensor)");
    if (e->x.type == nullptr)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "x dtype " + std::to_string(e->x.dataType) + " is not supported; expected " + kDtypeChoices);
    if (e->y.type != e->x.type)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      std::string("y dtype ") + (e->y.type ? e->y.type->name : std::to_string(e->y.dataType).c_str()) +
                          " differs from x dtype " + e->x.type->name + "; expected the same dtype");
    if (attrs.mode < 0 || attrs.mode >= kModeCount)
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "mode is " + std::to_string(attrs.mode) + "; expected " + ModeChoices());
    if (attrs.coordMode < 0 || attrs.coordMode >= kCoordModeCount)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "coordinateTransformationMode is " + std::to_string(attrs.coordMode) + "; expected " + CoordModeChoices());
    if (attrs.nearestMode < 0 || attrs.nearestMode >= kNearestModeCount)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "nearestMode is " + std::to_string(attrs.nearestMode) + "; expected " + NearestModeChoices());
    if (!std::isfinite(attrs.cubeCoeff))
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "cubeCoeff is not finite; expected a finite number such as -0.75");
    const int rank = static_cast<int>(e->x.shape.size());
    if (rank < 1 || rank > kMaxRank)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "x has rank " + std::to_string(rank) + " (shape " + Join(e->x.shape) + "); expected rank 1 to " +
                          std::to_string(kMaxRank));
    if (e->y.shape.size() != e->x.shape.size())
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "y has rank " + std::to_string(e->y.shape.size()) + " (shape " + Join(e->y.shape) +
                          "); expected the rank of x, " + std::to_string(rank));
    for (const auto& [label, d] : {std::pair<const char*, const TensorDesc*>{"x", &e->x}, {"y", &e->y}}) {
        for (int64_t s : d->shape)
            if (s < 0) return Reject(ACLNN_ERR_PARAM_INVALID, name, std::string(label) + " has a negative dimension: " + Join(d->shape));
        for (int64_t s : d->strides)
            if (s < 0) return Reject(ACLNN_ERR_PARAM_INVALID, name, std::string(label) + " has a negative stride: " + Join(d->strides));
        if (d->elements < 0) return Reject(ACLNN_ERR_PARAM_INVALID, name, std::string(label) + " has more elements than int64 can count");
    }
    // axes
    std::vector<bool> resized(rank, false);
    for (int64_t a : attrs.axes) {
        if (a < 0 || a >= rank)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "axes " + Join(attrs.axes) + " has " + std::to_string(a) + "; expected distinct axes in [0, " +
                              std::to_string(rank - 1) + "]");
        if (resized[a])
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "axes " + Join(attrs.axes) + " repeats " + std::to_string(a) + "; expected distinct axes");
        resized[a] = true;
    }
    if (!attrs.outSizes.empty() && attrs.outSizes.size() != attrs.axes.size())
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "internal: outSizes is not one per axis");
    if (!attrs.scales.empty() && attrs.scales.size() != attrs.axes.size())
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "scales has " + std::to_string(attrs.scales.size()) + " values for " + std::to_string(attrs.axes.size()) +
                          " axes; expected one per axis");
    for (double s : attrs.scales)
        if (!(s >= 0.0) || !std::isfinite(s))
            return Reject(ACLNN_ERR_PARAM_INVALID, name, "a scale is " + std::to_string(s) + "; expected a finite value > 0");
    // pads
    for (const auto& [label, pads] : {std::pair<const char*, const std::vector<int64_t>*>{"padsBegin", &attrs.padsBegin},
                                      {"padsEnd", &attrs.padsEnd}})
        if (!pads->empty() && static_cast<int>(pads->size()) != rank)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(label) + " " + Join(*pads) + " has " + std::to_string(pads->size()) +
                              " values; expected one per dim of x (" + std::to_string(rank) + ") or none");
    auto padOf = [](const std::vector<int64_t>& p, int d) { return p.empty() ? int64_t{0} : p[d]; };
    // mode-specific axes
    if (attrs.mode == kLinearOnnx) {
        std::vector<int64_t> sorted = attrs.axes;
        std::sort(sorted.begin(), sorted.end());
        const bool ok = (rank == 2 && sorted == std::vector<int64_t>{0, 1}) ||
                        (rank == 3 && sorted == std::vector<int64_t>{0, 1, 2}) ||
                        (rank == 4 && (sorted == std::vector<int64_t>{2, 3} || sorted == std::vector<int64_t>{0, 1})) ||
                        (rank == 5 && (sorted == std::vector<int64_t>{2, 3, 4} || sorted == std::vector<int64_t>{0, 1, 2}));
        if (!ok)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "mode 2 (linear_onnx) with rank " + std::to_string(rank) + " and axes " + Join(attrs.axes) +
                              "; expected rank 2 with axes {0, 1}, rank 3 with {0, 1, 2}, rank 4 with {0, 1} or {2, 3}, "
                              "or rank 5 with {0, 1, 2} or {2, 3, 4}");
    }
    const bool pillow = attrs.mode == kBilinearPillow || attrs.mode == kBicubicPillow;
    if (pillow && attrs.axes.size() != 2)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      std::string("mode ") + std::to_string(attrs.mode) + " (" + kInterpolateModes[attrs.mode] + ") with axes " +
                          Join(attrs.axes) + "; expected exactly two axes");
    // y's shape: resized axes take y's sizes; every other axis is x's padded length
    std::vector<aicpu::Pass> passes;
    bool anyDownscale = false;
    for (int d = 0; d < rank; ++d) {
        int64_t padded = 0;
        if (__builtin_add_overflow(e->x.shape[d], padOf(attrs.padsBegin, d), &padded) ||
            __builtin_add_overflow(padded, padOf(attrs.padsEnd, d), &padded))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "dim " + std::to_string(d) + " of x has length " + std::to_string(e->x.shape[d]) + " and pads " +
                              std::to_string(padOf(attrs.padsBegin, d)) + ", " + std::to_string(padOf(attrs.padsEnd, d)) +
                              ", a padded length beyond int64; expected pads that leave a length int64 can count");
        if (padded < 0)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "dim " + std::to_string(d) + " of x has length " + std::to_string(e->x.shape[d]) + " and pads " +
                              std::to_string(padOf(attrs.padsBegin, d)) + ", " + std::to_string(padOf(attrs.padsEnd, d)) +
                              ", a negative padded length; expected pads that leave a length >= 0");
        if (!resized[d] && e->y.shape[d] != padded)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "y shape " + Join(e->y.shape) + " has " + std::to_string(e->y.shape[d]) + " in dim " + std::to_string(d) +
                              ", which is not resized; expected x's padded length " + std::to_string(padded));
        if (resized[d] && !attrs.outSizes.empty()) {
            const size_t i = static_cast<size_t>(std::find(attrs.axes.begin(), attrs.axes.end(), d) - attrs.axes.begin());
            if (e->y.shape[d] != attrs.outSizes[i])
                return Reject(ACLNN_ERR_PARAM_INVALID, name,
                              "y shape " + Join(e->y.shape) + " has " + std::to_string(e->y.shape[d]) + " in resized dim " +
                                  std::to_string(d) + "; expected " + std::to_string(attrs.outSizes[i]) + " (" +
                                  attrs.sizeOrigin + ")");
        }
        if (resized[d] && padded == 0 && e->y.shape[d] > 0)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "resized dim " + std::to_string(d) + " has no input element after padding (x shape " + Join(e->x.shape) +
                              "); expected a padded length >= 1 for an output length of " + std::to_string(e->y.shape[d]));
        double scale = 1.0;
        bool resample = resized[d];
        if (resized[d]) {
            const size_t i = static_cast<size_t>(std::find(attrs.axes.begin(), attrs.axes.end(), d) - attrs.axes.begin());
            const double given = attrs.scales.empty() ? 0.0 : attrs.scales[i];
            const double ratio = padded > 0 ? static_cast<double>(e->y.shape[d]) / static_cast<double>(padded) : 1.0;
            // Interpolate-11's pillow modes step by in / out whatever the scale; torch's by 1 / scale
            scale = given > 0.0 && (!pillow || attrs.pillowStepFromScale) ? given : ratio;
            // linear's antialias stretches every axis's filter once any resized axis is downscaled
            if (scale < 1.0) anyDownscale = true;
            // Interpolate-11 leaves an axis of unchanged length alone (resampling by a scale of 1
            // would be the identity in every mode but tf_half_pixel_for_nn)
            if (e->y.shape[d] == padded && (!attrs.resampleUnchangedAxes || scale == 1.0)) resample = false;
        }
        if (!resample && padOf(attrs.padsBegin, d) == 0 && padOf(attrs.padsEnd, d) == 0) continue;
        aicpu::Pass p;
        p.axis = d;
        p.resized = resample ? 1 : 0;
        p.inLen = e->x.shape[d];
        p.outLen = e->y.shape[d];
        p.padBegin = padOf(attrs.padsBegin, d);
        p.paddedLen = padded;
        p.scale = resample ? scale : 1.0;
        passes.push_back(p);
    }
    for (const auto& [label, d] : {std::pair<const char*, TensorDesc*>{"x", &e->x}, {"y", &e->y}})
        if (!ViewExtentBytes(*d, &d->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(label) + " view (shape " + Join(d->shape) + ", strides " + Join(d->strides) +
                              ") spans more bytes than int64 can count; expected a view inside one device allocation");
    for (int d = 0; d < rank && e->y.elements != 0; ++d)
        if (e->y.strides[d] == 0 && e->y.shape[d] > 1)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "y has stride 0 in dim " + std::to_string(d) + " (strides " + Join(e->y.strides) +
                              "); expected a view whose elements do not overlap");
    if (e->y.elements != 0 && !gridsample::aclnn_common::ViewElementsDisjoint(e->y.shape, e->y.strides))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "y view elements overlap (shape " + Join(e->y.shape) + ", strides " + Join(e->y.strides) +
                          "); expected a view whose elements do not overlap (each dim's stride, in increasing order, "
                          "at least the span of the smaller ones)");
    *workspaceSize = 0;
    if (e->y.elements == 0) {
        e->empty = true;
        e->reason = "empty output: nothing to launch";
        *executor = Publish(std::move(e));
        return ACLNN_SUCCESS;
    }
    // nothing resized or padded: one pass that copies (an identity along the last axis)
    if (passes.empty()) {
        aicpu::Pass p;
        p.axis = rank - 1;
        p.inLen = p.outLen = p.paddedLen = e->x.shape[rank - 1];
        p.scale = 1.0;
        passes.push_back(p);
    }
    passes = OrderPasses(std::move(passes), pillow);

    // The AI CPU path: every dtype, mode and rank.
    aicpu::KernelArgs& k = e->aicpuArgs;
    k.x = ToView(e->x);
    k.y = ToView(e->y);
    k.mode = static_cast<int32_t>(attrs.mode);
    k.coordMode = static_cast<int32_t>(attrs.coordMode);
    k.nearestMode = static_cast<int32_t>(attrs.nearestMode);
    k.antialias = attrs.antialias && anyDownscale ? 1 : 0;   // in effect only with a downscaled axis
    k.cubeCoeff = attrs.cubeCoeff;
    k.passCount = static_cast<int32_t>(passes.size());
    std::vector<int64_t> shape = e->x.shape;
    uint64_t maxIntermediate = 0;
    for (size_t i = 0; i < passes.size(); ++i) {
        k.passes[i] = passes[i];
        // each pass's table of source indices and weights is made on the host: bounded before it is
        const double taps = aicpu::AxisTapsBound(k, passes[i]);
        if (taps > aicpu::kMaxAxisTaps)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "resampling dim " + std::to_string(passes[i].axis) + " from " + std::to_string(passes[i].paddedLen) +
                              " to " + std::to_string(passes[i].outLen) + " takes up to " +
                              (taps < 9e18 ? std::to_string(static_cast<int64_t>(taps)) : std::string("2^63 or more")) +
                              " filter taps; expected at most 2^26 per axis (a shorter axis, or less downscaling with a "
                              "stretched filter)");
        shape[passes[i].axis] = passes[i].outLen;
        if (i + 1 < passes.size()) {
            uint64_t elems = 1;
            for (int64_t s : shape)
                if (__builtin_mul_overflow(elems, static_cast<uint64_t>(s), &elems)) elems = UINT64_MAX;
            maxIntermediate = std::max(maxIntermediate, elems);
        }
    }
    k.intermediateElems = maxIntermediate;
    const uint64_t buffers = passes.size() >= 3 ? 2 : passes.size() == 2 ? 1 : 0;
    // float64 intermediates: their bytes must fit int64
    if (maxIntermediate > static_cast<uint64_t>(INT64_MAX) / (2 * sizeof(double)))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "an intermediate of " + std::to_string(maxIntermediate) +
                          " elements between the passes needs more workspace bytes than int64 can count; expected smaller "
                          "tensors");
    e->workspaceBytes = buffers * maxIntermediate * sizeof(double);
    std::string why;
    if (PlanAiCore(e.get(), attrs, passes, &why)) {
        e->path = "ai_core";
    } else {
        e->path = "ai_cpu";
    }
    e->reason = why;
    *workspaceSize = e->workspaceBytes;
    *executor = Publish(std::move(e));
    return ACLNN_SUCCESS;
}

aclnnStatus InterpolateLaunch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream) {
    const std::string name = api;
    if (executor == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor is nullptr; call the GetWorkspaceSize phase first");
    std::shared_ptr<const InterpolateExecutor> e = Find(executor, true);
    if (e == nullptr)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "executor is not a live executor (already used, or not returned by a GetWorkspaceSize call); "
                      "expected the executor of the preceding GetWorkspaceSize call");
    if (e->api != name) return Reject(ACLNN_ERR_PARAM_INVALID, name, "executor was made by " + e->api);
    if (e->empty) return ACLNN_SUCCESS;
    if (workspaceSize < e->workspaceBytes || (e->workspaceBytes > 0 && workspace == nullptr))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "workspace of " + std::to_string(workspaceSize) + " bytes at " +
                          (workspace ? "a valid address" : "nullptr") + "; expected " + std::to_string(e->workspaceBytes) + " bytes");
    auto pointer = [](const void* p) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%p", p);
        return std::string(buf);
    };
    for (const auto& [label, d] : {std::pair<const char*, const TensorDesc*>{"x", &e->x}, {"y", &e->y}}) {
        if (d->data == nullptr)
            return Reject(ACLNN_ERR_PARAM_NULLPTR, name,
                          std::string(label) + " data is nullptr on a non-empty tensor (shape " + Join(d->shape) +
                              "); expected device memory from aclrtMalloc");
        if (!gridsample::DeviceRangeLive(d->data, d->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          std::string(label) + " data " + pointer(d->data) + " with its view of " + std::to_string(d->extentBytes) +
                              " bytes is not inside one live device allocation; expected memory from aclrtMalloc (or "
                              "aclrtHostRegister) that holds the whole view");
    }
    if (e->workspaceBytes > 0 && !gridsample::DeviceRangeLive(workspace, e->workspaceBytes))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "workspace " + pointer(workspace) + " does not hold " + std::to_string(e->workspaceBytes) +
                          " bytes of one live device allocation; expected aclrtMalloc memory of at least the size "
                          "GetWorkspaceSize returned");
    if (e->aiCore) {
        // tiling data and axis tables reach the workspace by an asynchronous H2D copy; the stream
        // holds the host image until the copy has run
        auto image = std::make_shared<std::vector<uint8_t>>(e->workspaceImage);
        if (aclrtMemcpyAsync(workspace, image->size(), image->data(), image->size(), ACL_MEMCPY_HOST_TO_DEVICE, stream) !=
            ACL_SUCCESS)
            return Reject(ACLNN_ERR_RUNTIME_ERROR, name,
                          std::string("copying the tiling data to the workspace failed: ") + aclGetRecentErrMsg());
        aclnnStatus s = LaunchInterpolateKernel(stream, e->blockDim, e->tilingKey, e->x.data, e->y.data, workspace, workspace);
        if (s != ACLNN_SUCCESS) return Reject(s, name, "kernel launch failed");
        s = gridsample::ReleaseAfterStream(stream, std::move(image));
        if (s != ACLNN_SUCCESS) return Reject(s, name, "could not queue work on the stream");
        return ACLNN_SUCCESS;
    }
    std::vector<uint8_t> block(sizeof(aicpu::KernelArgs));
    std::memcpy(block.data(), &e->aicpuArgs, sizeof(aicpu::KernelArgs));
    aclnnStatus s = gridsample::LaunchAicpuKernel(stream, aicpu::kKernelName,
                                                  {e->x.data, e->y.data, e->workspaceBytes > 0 ? workspace : nullptr},
                                                  std::move(block));
    if (s != ACLNN_SUCCESS) return Reject(s, name, "AI CPU kernel launch failed");
    return ACLNN_SUCCESS;
}

aclnnStatus ExecutorPath(const aclOpExecutor* executor, const char** path, const char** reason) {
    const std::string name = "aclnnInterpolateExecutorPath";
    if (executor == nullptr || path == nullptr || reason == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor, path and reason must not be nullptr");
    std::shared_ptr<InterpolateExecutor> e = Find(executor, false);
    if (e == nullptr) return Reject(ACLNN_ERR_PARAM_INVALID, name, "executor is not a live Interpolate executor");
    *path = e->empty ? "none" : e->path.c_str();
    *reason = e->reason.c_str();
    return ACLNN_SUCCESS;
}

}  // namespace interp

namespace {

constexpr const char* kApi = "aclnnInterpolate";

aclnnStatus ReadIntArray(const aclIntArray* a, std::vector<int64_t>* out) {
    out->clear();
    if (a == nullptr) return ACLNN_SUCCESS;
    uint64_t n = 0;
    if (aclGetIntArraySize(a, &n) != ACLNN_SUCCESS) return ACLNN_ERR_PARAM_INVALID;
    for (uint64_t i = 0; i < n; ++i) out->push_back((*a)[i]);
    return ACLNN_SUCCESS;
}

}  // namespace

extern "C" {

aclnnStatus aclnnInterpolateGetWorkspaceSize(const aclTensor* x, const aclFloatArray* scales, const aclIntArray* sizes,
                                             const aclIntArray* axes, int64_t mode, int64_t shapeCalculationMode,
                                             int64_t coordinateTransformationMode, int64_t nearestMode, bool antialias,
                                             const aclIntArray* padsBegin, const aclIntArray* padsEnd, double cubeCoeff,
                                             aclTensor* y, uint64_t* workspaceSize, aclOpExecutor** executor) {
    using interp::Reject;
    const std::string name = kApi;
    if (x == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "x is nullptr; expected a tensor");
    if (y == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "y is nullptr; expected a tensor");
    if (shapeCalculationMode != ACLNN_INTERPOLATE_SIZES && shapeCalculationMode != ACLNN_INTERPOLATE_SCALES)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "shapeCalculationMode is " + std::to_string(shapeCalculationMode) + "; expected 0 (sizes) or 1 (scales)");
    const bool byScales = shapeCalculationMode == ACLNN_INTERPOLATE_SCALES;
    if (byScales && scales == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "scales is nullptr with shapeCalculationMode 1 (scales); expected one scale per axis");
    if (!byScales && sizes == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "sizes is nullptr with shapeCalculationMode 0 (sizes); expected one size per axis");
    int64_t* dims = nullptr;
    uint64_t rank = 0;
    if (aclGetViewShape(x, &dims, &rank) != ACLNN_SUCCESS)
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "x could not be read (destroyed or invalid aclTensor)");
    std::vector<int64_t> xShape(dims, dims + rank);
    delete[] dims;

    interp::InterpolateAttrs attrs;
    attrs.mode = mode;
    attrs.coordMode = coordinateTransformationMode;
    attrs.nearestMode = nearestMode;
    attrs.antialias = antialias;
    attrs.cubeCoeff = cubeCoeff;
    std::vector<int64_t> sizeValues;
    if (ReadIntArray(axes, &attrs.axes) != ACLNN_SUCCESS || ReadIntArray(sizes, &sizeValues) != ACLNN_SUCCESS ||
        ReadIntArray(padsBegin, &attrs.padsBegin) != ACLNN_SUCCESS || ReadIntArray(padsEnd, &attrs.padsEnd) != ACLNN_SUCCESS)
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "an aclIntArray argument is not a live aclIntArray");
    if (attrs.axes.empty())
        for (uint64_t d = 0; d < rank; ++d) attrs.axes.push_back(static_cast<int64_t>(d));
    // pads of all zeros in any length (the attribute's default is [0]) mean no padding
    for (auto* pads : {&attrs.padsBegin, &attrs.padsEnd})
        if (std::all_of(pads->begin(), pads->end(), [](int64_t v) { return v == 0; })) pads->clear();
    std::vector<float> scaleValues;
    if (byScales) {
        uint64_t n = 0;
        if (aclGetFloatArraySize(scales, &n) != ACLNN_SUCCESS)
            return Reject(ACLNN_ERR_PARAM_INVALID, name, "scales is not a live aclFloatArray");
        for (uint64_t i = 0; i < n; ++i) scaleValues.push_back((*scales)[i]);
    }
    const size_t given = byScales ? scaleValues.size() : sizeValues.size();
    if (given != attrs.axes.size())
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      std::string(byScales ? "scales" : "sizes") + " has " + std::to_string(given) + " values for axes " +
                          interp::Join(attrs.axes) + "; expected one per axis");
    // the expected sizes of the resized axes, checked against y by the plan
    if (byScales) {
        for (size_t i = 0; i < scaleValues.size(); ++i) {
            const float s = scaleValues[i];
            if (!(s > 0.0f) || !std::isfinite(s))
                return Reject(ACLNN_ERR_PARAM_INVALID, name,
                              "scales[" + std::to_string(i) + "] is " + std::to_string(s) + "; expected a finite value > 0");
            attrs.scales.push_back(static_cast<double>(s));
        }
    } else {
        for (size_t i = 0; i < sizeValues.size(); ++i)
            if (sizeValues[i] < 0)
                return Reject(ACLNN_ERR_PARAM_INVALID, name,
                              "sizes[" + std::to_string(i) + "] is " + std::to_string(sizeValues[i]) + "; expected a size >= 0");
    }
    for (size_t i = 0; i < attrs.axes.size(); ++i) {
        const int64_t a = attrs.axes[i];
        if (a < 0 || static_cast<uint64_t>(a) >= rank) {
            attrs.outSizes.push_back(0);   // the plan reports the axis
            continue;
        }
        const bool padsOk = (attrs.padsBegin.empty() || attrs.padsBegin.size() == rank) &&
                            (attrs.padsEnd.empty() || attrs.padsEnd.size() == rank);
        int64_t padded = 0;
        if (__builtin_add_overflow(xShape[a], attrs.padsBegin.empty() || !padsOk ? 0 : attrs.padsBegin[a], &padded) ||
            __builtin_add_overflow(padded, attrs.padsEnd.empty() || !padsOk ? 0 : attrs.padsEnd[a], &padded)) {
            attrs.outSizes.push_back(0);   // the plan reports the padded length
            continue;
        }
        // scales: the product in float32, as the shape inference of Interpolate-11 computes it
        const float length = byScales ? std::floor(scaleValues[i] * static_cast<float>(padded)) : 0.0f;
        if (byScales && !(length < 9.2e18f))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "scales[" + std::to_string(i) + "] is " + std::to_string(scaleValues[i]) + " for a padded length of " +
                              std::to_string(padded) + ": an output length beyond int64; expected a smaller scale");
        attrs.outSizes.push_back(byScales ? static_cast<int64_t>(length) : sizeValues[i]);
    }
    attrs.sizeOrigin = byScales ? "floor(scale * padded length)" : "sizes";
    // sizes mode: the coordinate mapping uses out / padded, which the plan computes
    return interp::InterpolateGetWorkspaceSize(kApi, x, attrs, y, workspaceSize, executor);
}

aclnnStatus aclnnInterpolate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch(kApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInterpolateExecutorPath(const aclOpExecutor* executor, const char** path, const char** reason) {
    return interp::ExecutorPath(executor, path, reason);
}

}  // extern "C"
