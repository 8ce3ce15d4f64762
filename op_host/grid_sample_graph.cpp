// GridSample in graph mode, the node the simulator's graph engine runs once infer-shape has given y's
// description (on CANN, GE finds the op in the installed package instead): the node's attributes
// mapped onto the aclnn call, tensors described as contiguous views of GE's buffers (a channel-last
// x as the strided NC... view of its (N, ..., C) buffer), then the package's one launch path,
// aclnnGridSamplerNd's two phases, and a wait for the stream.
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ascend_sim/graph_kernel.h"
#include "op_host/attr_names.h"
#include "op_host/graph_node.h"
#include "op_host/tiling_platform.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "op_host/aclnn_call.h"

namespace gridsample {
namespace {

// x, grid and y are device addresses holding contiguous tensors of the given descriptions (x in
// (N, ..., C) order when the node's channel_last is set). False with the reason in *why.
bool RunGridSampleNode(const ge::Operator& op, void* x, const ge::TensorDesc& xDesc, void* grid,
                       const ge::TensorDesc& gridDesc, void* y, const ge::TensorDesc& yDesc, aclrtStream stream,
                       std::string* why) {
    ge::AscendString mode, padding;
    bool alignCorners = false, channelLast = false;
    op.GetAttr("interpolation_mode", mode);
    op.GetAttr("padding_mode", padding);
    op.GetAttr("align_corners", alignCorners);
    op.GetAttr("channel_last", channelLast);
    const int64_t modeIndex = opattr::IndexOfName(mode.GetString(), opattr::kGridSampleModes);
    const int64_t paddingIndex = opattr::IndexOfName(padding.GetString(), opattr::kGridSamplePaddings);
    aclDataType dtype;
    int32_t dataKind;   // the AI Core kernels' dtypes, as GridSample's infer-shape accepts
    if (modeIndex < 0 || paddingIndex < 0 || !GridSampleDataKindOf(xDesc.GetDataType(), &dataKind) ||
        !AclTypeOf(xDesc.GetDataType(), &dtype)) {
        *why = "attributes or dtype outside what infer-shape accepted";
        return false;
    }
    std::vector<int64_t> xDims = xDesc.GetShape().GetDims(), xStrides = ContiguousStrides(xDims);
    if (channelLast) {
        // (N, spatial..., C) in memory: the NC... view moves C's dim and stride to position 1
        const int64_t c = xDims.back(), cs = xStrides.back();
        xDims.pop_back();
        xStrides.pop_back();
        xDims.insert(xDims.begin() + 1, c);
        xStrides.insert(xStrides.begin() + 1, cs);
    }
    const std::vector<int64_t> gDims = gridDesc.GetShape().GetDims(), yDims = yDesc.GetShape().GetDims();
    aclTensor* xt = DeviceView(xDims, xStrides, dtype, x);
    aclTensor* gt = DeviceView(gDims, ContiguousStrides(gDims), dtype, grid);
    aclTensor* yt = DeviceView(yDims, ContiguousStrides(yDims), dtype, y);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    bool ok = xt && gt && yt;
    if (!ok) *why = std::string("aclCreateTensor failed: ") + aclGetRecentErrMsg();
    if (ok && aclnnGridSamplerNdGetWorkspaceSize(xt, gt, modeIndex, paddingIndex, alignCorners, yt, &workspaceSize,
                                                 &executor) != ACLNN_SUCCESS) {
        *why = aclGetRecentErrMsg();
        ok = false;
    }
    if (ok && gridsample::LaunchAndWait(aclnnGridSamplerNd, workspaceSize, executor, stream, why) != ACLNN_SUCCESS) ok = false;
    for (aclTensor* t : {xt, gt, yt})
        if (t) aclDestroyTensor(t);
    return ok;
}

const bool kGraphKernelRegistered = [] {
    ascend_sim::RegisterGraphKernel(
        "GridSample", [](const ge::Operator& op, const std::vector<ascend_sim::GraphDeviceTensor>& in,
                         const std::vector<ascend_sim::GraphDeviceTensor>& out, aclrtStream stream, std::string* why) {
            return RunGridSampleNode(op, in[0].data, in[0].desc, in[1].data, in[1].desc, out[0].data, out[0].desc,
                                     stream, why);
        });
    return true;
}();

}  // namespace
}  // namespace gridsample
