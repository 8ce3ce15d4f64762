// aclnnInterpolate (OpenVINO Interpolate-11) and its backward aclnnInterpolateBackward (the adjoint:
// the same plan with each axis's transposed taps, passes reversed): argument checks, the plan (which
// path, which passes, workspace), and the asynchronous launch. The aclnnUpsample* entry points and
// their backward reach the same plan through op_host/interpolate_plan.h.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "op_host/attr_names.h"
#include "aclnnop/aclnn_interpolate.h"
#include "aclnnop/aclnn_interpolate_backward.h"
#include "op_host/aclnn_common.h"
#include "op_host/aicpu/interpolate_aicpu.h"
#include "op_host/device_launch.h"
#include "op_host/interpolate_op_impl.h"
#include "op_host/interpolate_plan.h"
#include "aclnn/opdev/common_types.h"
#include "op_host/tiling_platform.h"
#include "op_host/tiling_runner.h"

namespace interp {
namespace {

using gridsample::aclnn_common::Describe;
using gridsample::aclnn_common::DtypeInfo;
using gridsample::aclnn_common::Join;
using gridsample::aclnn_common::TensorDesc;

// The dtypes Interpolate takes: the package's table but INT16 and INT64.
bool InterpolateTakes(const DtypeInfo* t) {
    return t != nullptr && t->dtype != ACL_INT16 && t->dtype != ACL_INT64;
}
constexpr const char* kDtypeChoices = "FLOAT, FLOAT16, BF16, DOUBLE, INT8, UINT8 or INT32";
constexpr const char* kGradDtypeChoices = "FLOAT, FLOAT16, BF16 or DOUBLE";

using opattr::kInterpolateCoordModes;
using opattr::kInterpolateModes;
using opattr::kInterpolateNearestModes;

using gridsample::aclnn_common::Choices;

gridsample::aicpu::View ToView(const TensorDesc& d) { return gridsample::aclnn_common::ToView(d, nullptr); }

struct InterpolateExecutor : gridsample::aclnn_common::ExecutorBase {
    std::string path = "ai_cpu", reason;
    // x and y in the forward's terms; adjoint (the backward): y holds gradY, read, and x gradX, written
    TensorDesc x, y;
    bool adjoint = false;
    std::string xName = "x", yName = "y";   // the entry point's names of x and y, for messages
    aicpu::KernelArgs aicpuArgs;
    // the AI Core path: tiling data and axis tables as they go to the workspace, launch parameters
    bool aiCore = false;
    std::vector<uint8_t> workspaceImage;   // goes after the system workspace
    uint64_t systemWorkspaceBytes = 0;
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
};

// Live executors are kept in the package's one registry (op_host/aclnn_common.h), so that
// aclSetAclOpExecutorRepeatable and aclDestroyAclOpExecutor take Interpolate's executors too.
using gridsample::aclnn_common::Publish;
using gridsample::aclnn_common::Reject;

// The Interpolate executor behind a handle, peeked at for a query (the launch takes it with
// TakeForLaunch); null for an unknown handle or another operator's executor.
std::shared_ptr<InterpolateExecutor> Find(const aclOpExecutor* handle) {
    return std::dynamic_pointer_cast<InterpolateExecutor>(gridsample::aclnn_common::Peek(handle));
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

// A fused pass's band tables (interpolate_tiling_data.h, fuse): per band of t.chunk outputs, the
// first and the count of the source row's elements its taps read, and each tap's byte offset from the
// first, for each of t.planes planes (their blocks of `elemBytes` elements each padded to 32 bytes);
// false when a band reads more elements than the kernel's input slot holds.
bool WriteBandTables(const InterpolatePassTiling& t, const aicpu::AxisTaps& taps, int64_t elemBytes, uint8_t* table,
                     std::string* why) {
    const int64_t channels = t.channels;
    const std::vector<int64_t> pad = PadIndices(taps.start, taps.index);
    for (int32_t b = 0; b < t.bands; ++b) {
        uint8_t* band = table + static_cast<int64_t>(b) * t.tableBufBytes;
        uint8_t* offsets = band + kFusedHeaderBytes;
        uint8_t* weights = offsets + static_cast<int64_t>(t.taps) * t.planes * t.chunk * 4;
        const int64_t first = static_cast<int64_t>(b) * t.chunk, end = std::min<int64_t>(t.outLen, first + t.chunk);
        // the element each (output, tap) reads (padded taps: PadIndices)
        std::vector<int64_t> element(static_cast<size_t>((end - first) * t.taps));
        std::vector<float> weight(element.size());
        int64_t lo = INT64_MAX, hi = -1;
        for (int64_t o = first; o < end; ++o) {
            const int64_t position = o / channels, channel = o % channels;
            const int64_t a = taps.start[position], z = taps.start[position + 1];
            for (int32_t k = 0; k < t.taps; ++k) {
                const bool real = a + k < z;
                const int64_t index = real ? taps.index[a + k] : pad[position];
                const int64_t e = index * channels + channel;
                element[(o - first) * t.taps + k] = e;
                weight[(o - first) * t.taps + k] = real ? static_cast<float>(taps.weight[a + k]) : 0.0f;
                lo = std::min(lo, e);
                hi = std::max(hi, e);
            }
        }
        if (hi < lo) lo = hi = 0;
        // each plane's band input is a block of the kernel's DMA (and widened to float32 in place of
        // element for element)
        const int64_t pitch = FusedPlanePitch(hi - lo + 1, elemBytes);
        if (t.planes * pitch * elemBytes > t.inBufBytes) {
            *why = "a fused band reads " + std::to_string(hi - lo + 1) + " input elements of each of " +
                   std::to_string(t.planes) + " plane(s), more than its slot holds";
            return false;
        }
        const int32_t header[2] = {static_cast<int32_t>(lo), static_cast<int32_t>(hi - lo + 1)};
        std::memcpy(band, header, sizeof(header));
        const int64_t n = static_cast<int64_t>(t.planes) * t.chunk;   // the outputs of a row of every plane
        for (int64_t p = 0; p < t.planes; ++p)
            for (int64_t o = first; o < end; ++o)
                for (int32_t k = 0; k < t.taps; ++k) {
                    const int64_t slot = static_cast<int64_t>(k) * n + p * t.chunk + (o - first);
                    const uint32_t offset = static_cast<uint32_t>((p * pitch + element[(o - first) * t.taps + k] - lo) * 4);
                    std::memcpy(offsets + slot * 4, &offset, 4);
                    std::memcpy(weights + slot * 4, &weight[(o - first) * t.taps + k], 4);
                }
    }
    return true;
}

// The AI Core kernel where it applies: runs the tiling function of Interpolate (or, for the
// adjoint, of InterpolateGrad: the same kernel with transposed tables) on a TilingContext built
// from the tensors and every attribute of the OpDef in its order, and lays the tiling data and
// each pass's axis table (source indices and weights, computed here once per axis) out as the
// workspace will hold them. False, with the reason, when the problem goes to the AI CPU.
bool PlanAiCore(InterpolateExecutor* e, const InterpolateAttrs& attrs, const std::vector<aicpu::Pass>& passes,
                std::string* why) {
    if (!e->x.type->aiCore) {
        *why = std::string("dtype ") + e->x.type->name + " runs on the AI CPU (the AI Core kernel takes FLOAT, FLOAT16, BF16)";
        return false;
    }
    if (!Contiguous(e->x) || !Contiguous(e->y)) {
        *why = "a strided view of " + e->xName + " or " + e->yName +
               " runs on the AI CPU (the AI Core kernel takes contiguous tensors)";
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
        if (p.outLen == 0) {   // only the adjoint gets here: the forward's output would be empty
            *why = "an empty " + e->yName + " (an output length of 0) runs on the AI CPU, which writes zeros";
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
    gridsample::TilingPlatform platform;
    if (!gridsample::ReadTilingPlatform(nullptr, &platform, why)) return false;
    const ge::DataType dtype = GeType(e->x.type->dtype);
    // the kernel reads x (the adjoint: y, the gradient of the output) and writes the other
    const gridsample::TilingTensor in{e->adjoint ? e->y.shape : e->x.shape, dtype};
    const gridsample::TilingTensor out{e->adjoint ? e->x.shape : e->y.shape, dtype};
    std::vector<int64_t> axes, sizes;
    for (const aicpu::Pass& p : passes) {
        axes.push_back(p.axis);
        sizes.push_back(p.outLen);
    }
    // Every attribute of the OpDef (interpolate_attrs.h), in its order; no pads (padded problems run on
    // the AI CPU); InterpolateGrad's input_size after them.
    std::vector<gridsample::TilingAttr> tilingAttrs = {
        std::string(kInterpolateModes[attrs.mode]), std::string(kInterpolateCoordModes[attrs.coordMode]),
        std::string(kInterpolateNearestModes[attrs.nearestMode]), e->aicpuArgs.antialias != 0,
        static_cast<float>(attrs.cubeCoeff), axes, sizes, std::vector<int64_t>{}, std::vector<int64_t>{}};
    if (e->adjoint) tilingAttrs.push_back(e->x.shape);   // input_size
    gridsample::TilingRun run;
    std::string rejected;
    if (!gridsample::RunTiling(e->adjoint ? InterpolateGradTilingFunc : InterpolateTilingFunc,
                               e->adjoint ? "InterpolateGrad" : "Interpolate", {in}, {out}, tilingAttrs,
                               sizeof(InterpolateTilingData), &run, &rejected)) {
        *why = "the AI Core tiling does not take this problem (an axis table or a row does not fit the UB)";
        return false;
    }
    InterpolateTilingData data;
    std::memcpy(&data, run.data.data(), sizeof(data));
    // the image of the tiling's own workspace area (after the system workspace): tiling data, then each
    // pass's axis table
    uint64_t tablesEnd = sizeof(InterpolateTilingData);
    for (int32_t i = 0; i < data.passCount; ++i)
        tablesEnd = std::max<uint64_t>(tablesEnd, static_cast<uint64_t>(data.passes[i].tableOffset + data.passes[i].tableBytes));
    e->workspaceImage.assign(tablesEnd, 0);
    std::memcpy(e->workspaceImage.data(), &data, sizeof(data));
    const aicpu::KernelArgs& args = e->aicpuArgs;
    for (int32_t i = 0; i < data.passCount; ++i) {
        const InterpolatePassTiling& t = data.passes[i];
        // the pass in the forward's terms; the adjoint's taps are its transpose (t.outLen entries)
        aicpu::Pass pass;
        pass.axis = t.axis;
        pass.resized = 1;
        pass.inLen = pass.paddedLen = e->x.shape[t.axis];
        pass.outLen = e->y.shape[t.axis];
        pass.scale = static_cast<double>(pass.outLen) / static_cast<double>(pass.inLen);
        const aicpu::AxisTaps taps = aicpu::PassTaps(args, pass);
        uint8_t* table = e->workspaceImage.data() + t.tableOffset;
        uint8_t* weights = table + t.tableBytes / 2;
        const uint32_t srcBytes = t.srcOffset < 0 ? static_cast<uint32_t>(e->x.type->bytes) : 4u;
        if (t.fuse != 0) {
            if (!WriteBandTables(t, taps, e->x.type->bytes, table, why)) return false;
            continue;
        }
        // last axis: the outputs of the rows one Gather covers (the kernel adds the first one's UB offset
        // as Gather's base)
        const int64_t rowsPerTable = t.kind == kPassRows ? 1 : t.tableRows;
        const int64_t slots = rowsPerTable * t.chunk;
        // a last-axis pass over rows of (position, channel): output o is channel o % channels of
        // position o / channels, and reads the same channel of each tap's position
        const int64_t channels = t.kind == kPassRows ? 1 : t.channels;
        // padded taps (weight 0) read PadIndices' rows, which a window of the rows pass holds anyway
        const std::vector<int64_t> pad = PadIndices(taps.start, taps.index);
        for (int64_t r = 0; r < rowsPerTable; ++r) {
            for (int64_t o = 0; o < t.outLen; ++o) {
                const int64_t position = o / channels, channel = o % channels;
                for (int32_t k = 0; k < t.taps; ++k) {
                    const int64_t at = taps.start[position] + k;
                    const bool real = at < taps.start[position + 1];
                    const int32_t index = static_cast<int32_t>(real ? taps.index[at] : pad[position]);
                    const float w = real ? static_cast<float>(taps.weight[at]) : 0.0f;
                    int64_t slot;
                    if (t.kind == kPassRows) {
                        slot = o * t.taps + k;
                        std::memcpy(table + slot * 4, &index, 4);
                    } else {
                        // byte offset of the tap in the UB copy of row r (rows rowPitch bytes apart)
                        slot = k * slots + r * t.chunk + o;
                        const uint32_t offset = static_cast<uint32_t>(r * t.rowPitch) +
                                                static_cast<uint32_t>(index * channels + channel) * srcBytes;
                        std::memcpy(table + slot * 4, &offset, 4);
                    }
                    std::memcpy(weights + slot * 4, &w, 4);
                }
            }
        }
    }
    e->aiCore = true;
    e->blockDim = run.blockDim;
    e->tilingKey = run.tilingKey;
    e->workspaceBytes = run.workspaceBytes;
    e->systemWorkspaceBytes = platform.systemWorkspaceBytes;
    std::string order, folded;
    for (int32_t i = 0; i < data.passCount; ++i) {
        const InterpolatePassTiling& t = data.passes[i];
        order += (i ? ", " : "") + std::to_string(t.axis);
        if (t.kind == kPassLastAxis && static_cast<size_t>(t.axis) + 1 < e->x.shape.size())
            folded += "; axis " + std::to_string(t.axis) + " runs as a last axis over rows of its length x the " +
                      std::to_string(t.channels) + " elements after it";
        if (t.window > 0)
            folded += "; axis " + std::to_string(t.axis) + " reads the input rows of up to " + std::to_string(t.run) +
                      " output rows by one DMA";
        if (t.fuse != 0)
            folded += "; axes " + std::to_string(data.passes[t.fuse == 1 ? i : i - 1].axis) + " and " +
                      std::to_string(data.passes[t.fuse == 1 ? i + 1 : i].axis) +
                      " run fused, in " + std::to_string(t.bands) + " band(s) of " + std::to_string(t.chunk) +
                      " outputs, " + std::to_string(t.planes) + " plane(s) at once, each input row " +
                      (t.fuse == 1 ? "resized" : "loaded") + " once into a ring of " +
                      std::to_string(t.ring) + " rows, " + std::to_string(t.group) + " tap(s) per Gather" +
                      (t.unitWeights ? ", weights of 1 (nearest) not multiplied" : "");
    }
    *why = std::string(e->x.type->name) + " on the AI Core" + (e->adjoint ? " (InterpolateGrad)" : "") + ": " +
           std::to_string(data.passCount) + " pass(es) over axes [" + order +
           "] (the order of the fewest estimated cycles), block dim " + std::to_string(e->blockDim) + folded;
    return true;
}
}  // namespace

std::string ModeChoices() { return Choices(kInterpolateModes); }
std::string CoordModeChoices() { return Choices(kInterpolateCoordModes); }
std::string NearestModeChoices() { return Choices(kInterpolateNearestModes); }

namespace {

// The plan of the resize x -> y (adjoint false) or of its adjoint, the backward, which reads y
// (gradY) and writes x (gradX); xName / yName are the entry point's names of the two tensors.
aclnnStatus PlanResize(const char* api, const aclTensor* x, const aclTensor* y, const InterpolateAttrs& attrs,
                       bool adjoint, const char* xName, const char* yName, uint64_t* workspaceSize,
                       aclOpExecutor** executor) {
    const std::string name = api, xn = xName, yn = yName;
    // in argument order: the read tensor first
    for (const auto& [t, label] : adjoint ? std::vector<std::pair<const aclTensor*, std::string>>{{y, yn}, {x, xn}}
                                          : std::vector<std::pair<const aclTensor*, std::string>>{{x, xn}, {y, yn}})
        if (t == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, label + " is nullptr; expected a tensor");
    if (workspaceSize == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "workspaceSize is nullptr");
    if (executor == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor is nullptr");
    auto e = std::make_unique<InterpolateExecutor>();
    e->api = name;
    e->adjoint = adjoint;
    e->xName = xn;
    e->yName = yn;
    if (!Describe(x, &e->x) || !Describe(y, &e->y))
        return Reject(ACLNN_ERR_PARAM_INVALID, name, "a tensor could not be read (destroyed or invalid aclTensor)");
    const TensorDesc& src = adjoint ? e->y : e->x;
    const TensorDesc& dst = adjoint ? e->x : e->y;
    const std::string& srcName = adjoint ? yn : xn;
    const std::string& dstName = adjoint ? xn : yn;
    if (!InterpolateTakes(src.type))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      srcName + " dtype " + std::to_string(src.dataType) + " is not supported; expected " +
                          (adjoint ? kGradDtypeChoices : kDtypeChoices));
    if (adjoint && !src.type->floating)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      srcName + " dtype " + src.type->name + " has no gradient; expected " + kGradDtypeChoices);
    if (dst.type != src.type)
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      dstName + " dtype " + (dst.type ? dst.type->name : std::to_string(dst.dataType).c_str()) +
                          " differs from " + srcName + " dtype " + src.type->name + "; expected the same dtype");
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
                      xn + " has rank " + std::to_string(rank) + " (shape " + Join(e->x.shape) + "); expected rank 1 to " +
                          std::to_string(kMaxRank));
    if (e->y.shape.size() != e->x.shape.size())
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      yn + " has rank " + std::to_string(e->y.shape.size()) + " (shape " + Join(e->y.shape) +
                          "); expected the rank of " + xn + ", " + std::to_string(rank));
    for (const auto& [label, d] : {std::pair<std::string, const TensorDesc*>{xn, &e->x}, {yn, &e->y}})
        if (aclnnStatus s = gridsample::aclnn_common::CheckViewNumbers(name, label, *d); s != ACLNN_SUCCESS) return s;
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
                              " values; expected one per dim of " + xn + " (" + std::to_string(rank) + ") or none");
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
                          "dim " + std::to_string(d) + " of " + xn + " has length " + std::to_string(e->x.shape[d]) + " and pads " +
                              std::to_string(padOf(attrs.padsBegin, d)) + ", " + std::to_string(padOf(attrs.padsEnd, d)) +
                              ", a negative padded length; expected pads that leave a length >= 0");
        if (!resized[d] && e->y.shape[d] != padded)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          yn + " shape " + Join(e->y.shape) + " has " + std::to_string(e->y.shape[d]) + " in dim " + std::to_string(d) +
                              ", which is not resized; expected " + xn + "'s padded length " + std::to_string(padded));
        if (resized[d] && !attrs.outSizes.empty()) {
            const size_t i = static_cast<size_t>(std::find(attrs.axes.begin(), attrs.axes.end(), d) - attrs.axes.begin());
            if (e->y.shape[d] != attrs.outSizes[i])
                return Reject(ACLNN_ERR_PARAM_INVALID, name,
                              yn + " shape " + Join(e->y.shape) + " has " + std::to_string(e->y.shape[d]) + " in resized dim " +
                                  std::to_string(d) + "; expected " + std::to_string(attrs.outSizes[i]) + " (" +
                                  attrs.sizeOrigin + ")");
        }
        if (resized[d] && padded == 0 && e->y.shape[d] > 0)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          "resized dim " + std::to_string(d) + " has no input element after padding (" + xn + " shape " + Join(e->x.shape) +
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
    for (const auto& [label, d] : {std::pair<std::string, TensorDesc*>{xn, &e->x}, {yn, &e->y}})
        if (!gridsample::aclnn_common::ViewSpanBytes(*d, &d->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          label + " view (shape " + Join(d->shape) + ", strides " + Join(d->strides) +
                              ") spans more bytes than int64 can count; expected a view inside one device allocation");
    for (int d = 0; d < rank && dst.elements != 0; ++d)
        if (dst.strides[d] == 0 && dst.shape[d] > 1)
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          dstName + " has stride 0 in dim " + std::to_string(d) + " (strides " + Join(dst.strides) +
                              "); expected a view whose elements do not overlap");
    if (dst.elements != 0 && !gridsample::aclnn_common::ViewElementsDisjoint(dst.shape, dst.strides))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      dstName + " view elements overlap (shape " + Join(dst.shape) + ", strides " + Join(dst.strides) +
                          "); expected a view whose elements do not overlap (each dim's stride, in increasing order, "
                          "at least the span of the smaller ones)");
    *workspaceSize = 0;
    if (dst.elements == 0) {
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
    if (adjoint) {
        // the adjoint runs the transposed passes in reverse; those that read an empty gradient (an
        // output length of 0) first, so that every later pass has data and gradX is all zeros
        std::reverse(passes.begin(), passes.end());
        std::stable_partition(passes.begin(), passes.end(), [](const aicpu::Pass& p) { return p.outLen == 0; });
    }

    // The AI CPU path: every dtype, mode and rank.
    aicpu::KernelArgs& k = e->aicpuArgs;
    k.x = ToView(src);
    k.y = ToView(dst);
    k.adjoint = adjoint ? 1 : 0;
    k.mode = static_cast<int32_t>(attrs.mode);
    k.coordMode = static_cast<int32_t>(attrs.coordMode);
    k.nearestMode = static_cast<int32_t>(attrs.nearestMode);
    k.antialias = attrs.antialias && anyDownscale ? 1 : 0;   // in effect only with a downscaled axis
    k.cubeCoeff = attrs.cubeCoeff;
    k.passCount = static_cast<int32_t>(passes.size());
    std::vector<int64_t> shape = src.shape;
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
        shape[passes[i].axis] = adjoint ? passes[i].inLen : passes[i].outLen;
        if (i + 1 < passes.size()) {
            uint64_t elems = 1;
            for (int64_t s : shape)
                if (__builtin_mul_overflow(elems, static_cast<uint64_t>(s), &elems)) elems = UINT64_MAX;
            maxIntermediate = std::max(maxIntermediate, elems);
        }
    }
    k.intermediateElems = maxIntermediate;
    // two float64 intermediates between the passes, in the AI CPU operator's own memory: at most
    // half an Atlas A2 device's 64 GiB, the rest being the tensors' (larger ones cannot be held)
    constexpr uint64_t kAicpuIntermediateLimitBytes = 32ull << 30;
    if (maxIntermediate > kAicpuIntermediateLimitBytes / (2 * sizeof(double)))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "an intermediate of " + std::to_string(maxIntermediate) +
                          " elements between the passes needs two float64 buffers of more than " +
                          std::to_string(kAicpuIntermediateLimitBytes >> 30) +
                          " GiB in all; expected smaller tensors (or sizes that shrink the larger axes first)");
    e->workspaceBytes = 0;   // the AI CPU operator keeps its intermediates in memory of its own
    std::string why;
    gridsample::TilingPlatform platform;
    if (e->x.type->aiCore && !gridsample::ReadTilingPlatform(nullptr, &platform, &why))
        return Reject(ACLNN_ERR_INNER_TILING_ERROR, name, "tiling: " + why);
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

}  // namespace

aclnnStatus InterpolateGetWorkspaceSize(const char* api, const aclTensor* x, const InterpolateAttrs& attrs,
                                        aclTensor* y, uint64_t* workspaceSize, aclOpExecutor** executor) {
    return PlanResize(api, x, y, attrs, false, "x", "y", workspaceSize, executor);
}

aclnnStatus InterpolateBackwardGetWorkspaceSize(const char* api, const aclTensor* gradY, const char* gradYName,
                                                const InterpolateAttrs& attrs, aclTensor* gradX, const char* gradXName,
                                                uint64_t* workspaceSize, aclOpExecutor** executor) {
    return PlanResize(api, gradX, gradY, attrs, true, gradXName, gradYName, workspaceSize, executor);
}

aclnnStatus InterpolateLaunch(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                              aclrtStream stream) {
    const std::string name = api;
    aclnnStatus status = ACLNN_SUCCESS;
    const auto e = gridsample::aclnn_common::TakeForLaunch<InterpolateExecutor>(name, executor, workspace, workspaceSize,
                                                                               &status);
    if (e == nullptr) return status;
    if (e->empty) return ACLNN_SUCCESS;
    for (const auto& [label, d] : {std::pair<const std::string&, const TensorDesc*>{e->xName, &e->x}, {e->yName, &e->y}}) {
        if (d->elements == 0) continue;   // read nowhere (all padding, or an empty gradient)
        if (d->data == nullptr)
            return Reject(ACLNN_ERR_PARAM_NULLPTR, name,
                          label + " data is nullptr on a non-empty tensor (shape " + Join(d->shape) +
                              "); expected device memory from aclrtMalloc");
        if (!gridsample::DeviceRangeLive(d->data, d->extentBytes))
            return Reject(ACLNN_ERR_PARAM_INVALID, name,
                          label + " data " + gridsample::aclnn_common::PointerText(d->data) + " with its view of " + std::to_string(d->extentBytes) +
                              " bytes is not inside one live device allocation; expected memory from aclrtMalloc (or "
                              "aclrtHostRegister) that holds the whole view");
    }
    if (e->workspaceBytes > 0 && !gridsample::DeviceRangeLive(workspace, e->workspaceBytes))
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      "workspace " + gridsample::aclnn_common::PointerText(workspace) + " does not hold " + std::to_string(e->workspaceBytes) +
                          " bytes of one live device allocation; expected aclrtMalloc memory of at least the size "
                          "GetWorkspaceSize returned");
    if (e->aiCore) {
        // tiling data and axis tables reach the workspace by an asynchronous H2D copy; the stream
        // holds the host image until the copy has run
        auto image = std::make_shared<std::vector<uint8_t>>(e->workspaceImage);
        char* own = static_cast<char*>(workspace) + e->systemWorkspaceBytes;
        if (aclrtMemcpyAsync(own, image->size(), image->data(), image->size(), ACL_MEMCPY_HOST_TO_DEVICE, stream) !=
            ACL_SUCCESS)
            return Reject(ACLNN_ERR_RUNTIME_ERROR, name,
                          std::string("copying the tiling data to the workspace failed: ") + aclGetRecentErrMsg());
        // interpolate(x, y, workspace, tiling); interpolate_grad(y_grad, x_grad, workspace, tiling)
        aclnnStatus s = gridsample::LaunchAiCoreKernel(
            stream, {e->adjoint ? "InterpolateGrad" : "Interpolate", e->blockDim, e->tilingKey,
                     {e->adjoint ? e->y.data : e->x.data, e->adjoint ? e->x.data : e->y.data, workspace, own}});
        if (s != ACLNN_SUCCESS) return Reject(s, name, "kernel launch failed");
        s = gridsample::ReleaseAfterStream(stream, std::move(image));
        if (s != ACLNN_SUCCESS) return Reject(s, name, "could not queue work on the stream");
        return ACLNN_SUCCESS;
    }
    // The AI CPU operator reads and writes the views in place, with the passes planned here.
    const aicpu::KernelArgs& k = e->aicpuArgs;
    gridsample::AicpuOp op;
    op.opType = aicpu::kKernelName;
    // the adjoint reads y (the gradient of the output) and writes x; k.x and k.y are in that order
    const TensorDesc& src = e->adjoint ? e->y : e->x;
    const TensorDesc& dst = e->adjoint ? e->x : e->y;
    op.inputs = {gridsample::AicpuTensor{src.data, src.type->dtype, src.shape, src.extentBytes}};
    op.outputs = {gridsample::AicpuTensor{dst.data, dst.type->dtype, dst.shape, dst.extentBytes}};
    auto bits = [](double v) {
        int64_t b = 0;
        std::memcpy(&b, &v, sizeof b);
        return b;
    };
    std::vector<int64_t> axis, resized, inLen, outLen, padBegin, paddedLen, scaleBits;
    for (int32_t p = 0; p < k.passCount; ++p) {
        const aicpu::Pass& pass = k.passes[p];
        axis.push_back(pass.axis);
        resized.push_back(pass.resized);
        inLen.push_back(pass.inLen);
        outLen.push_back(pass.outLen);
        padBegin.push_back(pass.padBegin);
        paddedLen.push_back(pass.paddedLen);
        scaleBits.push_back(bits(pass.scale));
    }
    op.attrs = {{"mode", int64_t{k.mode}},
                {"coordinate_transformation_mode", int64_t{k.coordMode}},
                {"nearest_mode", int64_t{k.nearestMode}},
                {"antialias", k.antialias != 0},
                {"adjoint", k.adjoint != 0},
                {"cube_coeff_bits", bits(k.cubeCoeff)},
                {"x_strides", src.strides},
                {"y_strides", dst.strides},
                {"pass_axis", axis},
                {"pass_resized", resized},
                {"pass_in_len", inLen},
                {"pass_out_len", outLen},
                {"pass_pad_begin", padBegin},
                {"pass_padded_len", paddedLen},
                {"pass_scale_bits", scaleBits}};
    aclnnStatus s = gridsample::LaunchAicpuOp(stream, op);
    if (s != ACLNN_SUCCESS) return Reject(s, name, "AI CPU kernel launch failed");
    return ACLNN_SUCCESS;
}

aclnnStatus ExecutorPath(const aclOpExecutor* executor, const char** path, const char** reason) {
    const std::string name = "aclnnInterpolateExecutorPath";
    if (executor == nullptr || path == nullptr || reason == nullptr)
        return Reject(ACLNN_ERR_PARAM_NULLPTR, name, "executor, path and reason must not be nullptr");
    std::shared_ptr<InterpolateExecutor> e = Find(executor);
    if (e == nullptr) return Reject(ACLNN_ERR_PARAM_INVALID, name, "executor is not a live Interpolate executor");
    *path = e->empty ? "none" : e->path.c_str();
    *reason = e->reason.c_str();
    return ACLNN_SUCCESS;
}

}  // namespace interp

namespace {

constexpr const char* kApi = "aclnnInterpolate";
constexpr const char* kBackwardApi = "aclnnInterpolateBackward";

aclnnStatus ReadIntArray(const aclIntArray* a, std::vector<int64_t>* out) {
    out->clear();
    if (a == nullptr) return ACLNN_SUCCESS;
    uint64_t n = 0;
    if (aclGetIntArraySize(a, &n) != ACLNN_SUCCESS) return ACLNN_ERR_PARAM_INVALID;
    for (uint64_t i = 0; i < n; ++i) out->push_back((*a)[i]);
    return ACLNN_SUCCESS;
}

// The attributes of an aclnnInterpolate(Backward) call resolved against x's shape (the backward's
// gradX): arrays read, axes defaulted, scales checked, each resized axis's output size computed.
aclnnStatus ResolveAttrs(const char* api, const aclTensor* x, const char* xName, const aclFloatArray* scales,
                         const aclIntArray* sizes, const aclIntArray* axes, int64_t mode, int64_t shapeCalculationMode,
                         int64_t coordinateTransformationMode, int64_t nearestMode, bool antialias,
                         const aclIntArray* padsBegin, const aclIntArray* padsEnd, double cubeCoeff,
                         interp::InterpolateAttrs* resolved) {
    using interp::Reject;
    const std::string name = api;
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
        return Reject(ACLNN_ERR_PARAM_INVALID, name,
                      std::string(xName) + " could not be read (destroyed or invalid aclTensor)");
    std::vector<int64_t> xShape(dims, dims + rank);
    delete[] dims;

    interp::InterpolateAttrs& attrs = *resolved;
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
    if (x == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, kApi, "x is nullptr; expected a tensor");
    if (y == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, kApi, "y is nullptr; expected a tensor");
    interp::InterpolateAttrs attrs;
    const aclnnStatus s = ResolveAttrs(kApi, x, "x", scales, sizes, axes, mode, shapeCalculationMode,
                                       coordinateTransformationMode, nearestMode, antialias, padsBegin, padsEnd,
                                       cubeCoeff, &attrs);
    if (s != ACLNN_SUCCESS) return s;
    return interp::InterpolateGetWorkspaceSize(kApi, x, attrs, y, workspaceSize, executor);
}

aclnnStatus aclnnInterpolate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return interp::InterpolateLaunch(kApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInterpolateBackwardGetWorkspaceSize(const aclTensor* gradY, const aclFloatArray* scales,
                                                     const aclIntArray* sizes, const aclIntArray* axes, int64_t mode,
                                                     int64_t shapeCalculationMode, int64_t coordinateTransformationMode,
                                                     int64_t nearestMode, bool antialias, const aclIntArray* padsBegin,
                                                     const aclIntArray* padsEnd, double cubeCoeff, aclTensor* gradX,
                                                     uint64_t* workspaceSize, aclOpExecutor** executor) {
    using interp::Reject;
    if (gradY == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, kBackwardApi, "gradY is nullptr; expected a tensor");
    if (gradX == nullptr) return Reject(ACLNN_ERR_PARAM_NULLPTR, kBackwardApi, "gradX is nullptr; expected a tensor");
    interp::InterpolateAttrs attrs;
    const aclnnStatus s = ResolveAttrs(kBackwardApi, gradX, "gradX", scales, sizes, axes, mode, shapeCalculationMode,
                                       coordinateTransformationMode, nearestMode, antialias, padsBegin, padsEnd,
                                       cubeCoeff, &attrs);
    if (s != ACLNN_SUCCESS) return s;
    return interp::InterpolateBackwardGetWorkspaceSize(kBackwardApi, gradY, "gradY", attrs, gradX, "gradX",
                                                       workspaceSize, executor);
}

aclnnStatus aclnnInterpolateBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream) {
    return interp::InterpolateLaunch(kBackwardApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInterpolateExecutorPath(const aclOpExecutor* executor, const char** path, const char** reason) {
    return interp::ExecutorPath(executor, path, reason);
}

}  // extern "C"
