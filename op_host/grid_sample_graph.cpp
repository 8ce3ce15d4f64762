// GridSample in graph mode (grid_sample_graph.h): the node's attributes mapped onto the aclnn call,
// tensors described as contiguous views of GE's buffers (a channel-last x as the strided NC...
// view of its (N, ..., C) buffer), then aclnnGridSamplerNd's two phases and a wait for the stream.
#include "op_host/attr_names.h"
#include "op_host/grid_sample_graph.h"

#include <vector>

#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_grid_sampler_nd.h"
#include "op_host/aclnn_call.h"

namespace gridsample {
namespace {

bool AclType(ge::DataType t, aclDataType* out) {
    switch (t) {
        case ge::DT_FLOAT: *out = ACL_FLOAT; return true;
        case ge::DT_FLOAT16: *out = ACL_FLOAT16; return true;
        case ge::DT_BF16: *out = ACL_BF16; return true;
        default: return false;
    }
}

std::vector<int64_t> Contiguous(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
    return s;
}

// A view of `data` with the given dims and strides over a buffer of `storage` elements.
aclTensor* View(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides, aclDataType t, void* data) {
    int64_t storage = 1;
    for (int64_t d : dims) storage *= d;
    return aclCreateTensor(dims.data(), dims.size(), t, strides.data(), 0, ACL_FORMAT_ND, &storage, 1, data);
}

}  // namespace

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
    if (modeIndex < 0 || paddingIndex < 0 || !AclType(xDesc.GetDataType(), &dtype)) {
        *why = "attributes or dtype outside what infer-shape accepted";
        return false;
    }
    std::vector<int64_t> xDims = xDesc.GetShape().GetDims(), xStrides = Contiguous(xDims);
    if (channelLast) {
        // (N, spatial..., C) in memory: the NC... view moves C's dim and stride to position 1
        const int64_t c = xDims.back(), cs = xStrides.back();
        xDims.pop_back();
        xStrides.pop_back();
        xDims.insert(xDims.begin() + 1, c);
        xStrides.insert(xStrides.begin() + 1, cs);
    }
    const std::vector<int64_t> gDims = gridDesc.GetShape().GetDims(), yDims = yDesc.GetShape().GetDims();
    aclTensor* xt = View(xDims, xStrides, dtype, x);
    aclTensor* gt = View(gDims, Contiguous(gDims), dtype, grid);
    aclTensor* yt = View(yDims, Contiguous(yDims), dtype, y);
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

}  // namespace gridsample
