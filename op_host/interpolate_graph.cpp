// Interpolate in graph mode, the node the simulator's graph engine runs once infer-shape has given the
// output's description (on CANN, GE finds the op in the installed package instead): the node's
// string attributes mapped onto aclnnInterpolate's codes, scales / sizes / axes read from the host
// (the Const operators' values, else copied from the device), tensors described as contiguous views
// of GE's buffers, then aclnnInterpolate's two phases and a wait for the stream.
#include <cstring>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "ascend_sim/graph_kernel.h"
#include "op_host/attr_names.h"
#include "op_host/graph_node.h"
#include "aclnnop/aclnn_interpolate.h"
#include "op_host/aclnn_call.h"

namespace interp {
namespace {

// The bytes of input `name`: its Const value, else a copy of its device buffer.
bool HostBytes(const ge::Operator& op, const char* name, void* device, const ge::TensorDesc& desc,
               std::vector<uint8_t>* out, std::string* why) {
    ge::Tensor value;
    if (op.GetInputConstData(name, value) == ge::GRAPH_SUCCESS) {
        out->assign(value.GetData(), value.GetData() + value.GetSize());
        return true;
    }
    const int64_t n = desc.GetShape().GetShapeSize();
    const size_t esize = desc.GetDataType() == ge::DT_INT64 ? 8 : 4;
    out->assign(static_cast<size_t>(n > 0 ? n : 0) * esize, 0);
    if (!out->empty() && aclrtMemcpy(out->data(), out->size(), device, out->size(), ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) {
        *why = std::string("reading ") + name + ": " + aclGetRecentErrMsg();
        return false;
    }
    return true;
}

std::vector<int64_t> Ints(const std::vector<uint8_t>& bytes, ge::DataType t) {
    std::vector<int64_t> v;
    if (t == ge::DT_INT64) {
        v.resize(bytes.size() / 8);
        if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * 8);
    } else {
        std::vector<int32_t> w(bytes.size() / 4);
        if (!w.empty()) std::memcpy(w.data(), bytes.data(), w.size() * 4);
        v.assign(w.begin(), w.end());
    }
    return v;
}

// image, values (scales_or_sizes), axes and y are device addresses holding contiguous tensors of the
// given descriptions. False with the reason in *why.
bool RunInterpolateNode(const ge::Operator& op, void* image, const ge::TensorDesc& imageDesc, void* values,
                        const ge::TensorDesc& valuesDesc, void* axes, const ge::TensorDesc& axesDesc, void* y,
                        const ge::TensorDesc& yDesc, aclrtStream stream, std::string* why) {
    ge::AscendString mode, calc, coord, nearest;
    bool antialias = false;
    float cubeCoeff = -0.75f;
    std::vector<int64_t> padsBegin, padsEnd;
    op.GetAttr("mode", mode);
    op.GetAttr("shape_calculation_mode", calc);
    op.GetAttr("coordinate_transformation_mode", coord);
    op.GetAttr("nearest_mode", nearest);
    op.GetAttr("antialias", antialias);
    op.GetAttr("cube_coeff", cubeCoeff);
    op.GetAttr("pads_begin", padsBegin);
    op.GetAttr("pads_end", padsEnd);
    const int64_t modeCode =
        opattr::IndexOfName(mode.GetString(), opattr::kInterpolateModes);
    const int64_t calcCode = opattr::IndexOfName(calc.GetString(), opattr::kInterpolateShapeCalcModes);
    const int64_t coordCode =
        opattr::IndexOfName(coord.GetString(), opattr::kInterpolateCoordModes);
    const int64_t nearestCode = opattr::IndexOfName(nearest.GetString(), opattr::kInterpolateNearestModes);
    aclDataType dtype;
    if (modeCode < 0 || calcCode < 0 || coordCode < 0 || nearestCode < 0 || !gridsample::AclTypeOf(imageDesc.GetDataType(), &dtype)) {
        *why = "attributes or dtype outside what infer-shape accepted";
        return false;
    }
    std::vector<uint8_t> valueBytes, axesBytes;
    if (!HostBytes(op, "scales_or_sizes", values, valuesDesc, &valueBytes, why)) return false;
    const bool axesGiven = axes != nullptr || axesDesc.GetShape().GetDimNum() != 0;
    if (axesGiven && !HostBytes(op, "axes", axes, axesDesc, &axesBytes, why)) return false;
    std::vector<float> scales;
    std::vector<int64_t> sizes;
    if (calcCode == 1) {
        scales.resize(valueBytes.size() / 4);
        if (!scales.empty()) std::memcpy(scales.data(), valueBytes.data(), scales.size() * 4);
    } else {
        sizes = Ints(valueBytes, valuesDesc.GetDataType());
    }
    const std::vector<int64_t> axesList = Ints(axesBytes, axesDesc.GetDataType());
    aclFloatArray* scalesArray = calcCode == 1 ? aclCreateFloatArray(scales.data(), scales.size()) : nullptr;
    aclIntArray* sizesArray = calcCode == 0 ? aclCreateIntArray(sizes.data(), sizes.size()) : nullptr;
    aclIntArray* axesArray = axesGiven ? aclCreateIntArray(axesList.data(), axesList.size()) : nullptr;
    aclIntArray* pb = aclCreateIntArray(padsBegin.data(), padsBegin.size());
    aclIntArray* pe = aclCreateIntArray(padsEnd.data(), padsEnd.size());
    const std::vector<int64_t> xDims = imageDesc.GetShape().GetDims(), yDims = yDesc.GetShape().GetDims();
    aclTensor* xt = gridsample::DeviceView(xDims, gridsample::ContiguousStrides(xDims), dtype, image);
    aclTensor* yt = gridsample::DeviceView(yDims, gridsample::ContiguousStrides(yDims), dtype, y);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    bool ok = xt && yt;
    if (!ok) *why = std::string("aclCreateTensor failed: ") + aclGetRecentErrMsg();
    if (ok && aclnnInterpolateGetWorkspaceSize(xt, scalesArray, sizesArray, axesArray, modeCode, calcCode, coordCode,
                                               nearestCode, antialias, pb, pe, cubeCoeff, yt, &workspaceSize,
                                               &executor) != ACLNN_SUCCESS) {
        *why = aclGetRecentErrMsg();
        ok = false;
    }
    if (ok && gridsample::LaunchAndWait(aclnnInterpolate, workspaceSize, executor, stream, why) != ACLNN_SUCCESS) ok = false;
    for (aclTensor* t : {xt, yt})
        if (t) aclDestroyTensor(t);
    if (scalesArray) aclDestroyFloatArray(scalesArray);
    for (aclIntArray* a : {sizesArray, axesArray, pb, pe})
        if (a) aclDestroyIntArray(a);
    return ok;
}

const bool kGraphKernelRegistered = [] {
    ascend_sim::RegisterGraphKernel(
        "Interpolate", [](const ge::Operator& op, const std::vector<ascend_sim::GraphDeviceTensor>& in,
                          const std::vector<ascend_sim::GraphDeviceTensor>& out, aclrtStream stream, std::string* why) {
            const bool withAxes = in.size() > 2;
            return RunInterpolateNode(op, in[0].data, in[0].desc, in[1].data, in[1].desc,
                                      withAxes ? in[2].data : nullptr, withAxes ? in[2].desc : ge::TensorDesc(),
                                      out[0].data, out[0].desc, stream, why);
        });
    return true;
}();

}  // namespace
}  // namespace interp
