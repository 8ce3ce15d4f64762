// Interpolate in graph mode (interpolate_graph.h): the node's string attributes mapped onto
// aclnnInterpolate's codes, scales / sizes / axes read from the host (the Const operators' values,
// else copied from the device), tensors described as contiguous views of GE's buffers, then
// aclnnInterpolate's two phases and a wait for the stream.
#include "op_host/attr_names.h"
#include "op_host/interpolate_graph.h"

#include <cstring>
#include <vector>

#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_interpolate.h"
#include "op_host/aclnn_call.h"

namespace interp {
namespace {

bool AclType(ge::DataType t, aclDataType* out) {
    switch (t) {
        case ge::DT_FLOAT: *out = ACL_FLOAT; return true;
        case ge::DT_FLOAT16: *out = ACL_FLOAT16; return true;
        case ge::DT_BF16: *out = ACL_BF16; return true;
        case ge::DT_DOUBLE: *out = ACL_DOUBLE; return true;
        case ge::DT_INT8: *out = ACL_INT8; return true;
        case ge::DT_UINT8: *out = ACL_UINT8; return true;
        case ge::DT_INT32: *out = ACL_INT32; return true;
        default: return false;
    }
}

std::vector<int64_t> Contiguous(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
    return s;
}

aclTensor* View(const std::vector<int64_t>& dims, aclDataType t, void* data) {
    int64_t storage = 1;
    for (int64_t d : dims) storage *= d;
    const std::vector<int64_t> strides = Contiguous(dims);
    return aclCreateTensor(dims.data(), dims.size(), t, strides.data(), 0, ACL_FORMAT_ND, &storage, 1, data);
}

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

}  // namespace

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
    if (modeCode < 0 || calcCode < 0 || coordCode < 0 || nearestCode < 0 || !AclType(imageDesc.GetDataType(), &dtype)) {
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
    aclTensor* xt = View(imageDesc.GetShape().GetDims(), dtype, image);
    aclTensor* yt = View(yDesc.GetShape().GetDims(), dtype, y);
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

}  // namespace interp
