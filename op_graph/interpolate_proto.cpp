// Infer-shape and verification of Interpolate (op_graph/interpolate_proto.h).
// The output keeps image's dtype and format; axis d is image[d] + pads_begin[d] + pads_end[d],
// except the resized axes: sizes[i], or floor(scales[i] * padded) with the product in float32.
// scales_or_sizes and axes are read with GetInputConstData, so they must come from Const
// operators (ONNX initializers do) for the resized dims to be known; otherwise those dims are
// unknown (-1), and every dim when the axes are. An absent axes input (no description with a
// shape) means every axis. An unknown image rank gives an unknown-rank output.
// Only the public GE API (graph/operator_reg.h, operator.h, tensor.h, types.h); the reason for a
// failure goes to the application log (ACL_APP_LOG, acl/acl_base.h).
#include "op_graph/interpolate_proto.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "op_host/attr_names.h"

namespace ge {
namespace {

graphStatus Fail(const std::string& why) {
    ACL_APP_LOG(ACL_ERROR, "Interpolate: %s", why.c_str());
    return GRAPH_FAILED;
}

std::string List(const std::vector<int64_t>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
    return out + "]";
}

// The attribute's value, one of `names` (op_host/attr_names.h, the codes' one table).
template <size_t N>
graphStatus CheckChoice(const Operator& op, const char* attr, const char* const (&names)[N], std::string* value) {
    AscendString text;
    if (op.GetAttr(attr, text) != GRAPH_SUCCESS) return Fail(std::string("attribute ") + attr + " is not set");
    *value = text.GetString();
    if (opattr::IndexOfName(value->c_str(), names) >= 0) return GRAPH_SUCCESS;
    std::string choices;
    for (size_t i = 0; i < N; ++i) choices += (i ? (i + 1 == N ? " or " : ", ") : "") + std::string(names[i]);
    return Fail(std::string(attr) + " is '" + *value + "'; expected " + choices);
}

bool IsImageType(DataType t) {
    return t == DT_FLOAT || t == DT_FLOAT16 || t == DT_BF16 || t == DT_DOUBLE || t == DT_INT8 || t == DT_UINT8 ||
           t == DT_INT32;
}

// The integers of a Const INT32 / INT64 tensor.
bool ReadInts(const Tensor& t, std::vector<int64_t>* out) {
    const DataType dt = t.GetDataType();
    const size_t esize = dt == DT_INT64 ? 8 : dt == DT_INT32 ? 4 : 0;
    if (esize == 0 || t.GetSize() % esize != 0) return false;
    out->clear();
    for (size_t i = 0; i < t.GetSize() / esize; ++i) {
        if (esize == 8) {
            int64_t v;
            std::memcpy(&v, t.GetData() + i * 8, 8);
            out->push_back(v);
        } else {
            int32_t v;
            std::memcpy(&v, t.GetData() + i * 4, 4);
            out->push_back(v);
        }
    }
    return true;
}

bool ReadFloats(const Tensor& t, std::vector<float>* out) {
    if (t.GetDataType() != DT_FLOAT || t.GetSize() % 4 != 0) return false;
    out->resize(t.GetSize() / 4);
    if (!out->empty()) std::memcpy(out->data(), t.GetData(), t.GetSize());
    return true;
}

}  // namespace

IMPLEMT_COMMON_INFERFUNC(InterpolateInferShape) {
    std::string mode, calc, coord, nearest;
    if (CheckChoice(op, "mode", opattr::kInterpolateModes, &mode) ||
        CheckChoice(op, "shape_calculation_mode", opattr::kInterpolateShapeCalcModes, &calc) ||
        CheckChoice(op, "coordinate_transformation_mode", opattr::kInterpolateCoordModes, &coord) ||
        CheckChoice(op, "nearest_mode", opattr::kInterpolateNearestModes, &nearest))
        return GRAPH_FAILED;
    float cubeCoeff = -0.75f;
    op.GetAttr("cube_coeff", cubeCoeff);
    if (!std::isfinite(cubeCoeff)) return Fail("cube_coeff is not finite; expected a finite number (-0.75; Pillow uses -0.5)");
    std::vector<int64_t> padsBegin, padsEnd;
    op.GetAttr("pads_begin", padsBegin);
    op.GetAttr("pads_end", padsEnd);

    const TensorDesc image = op.GetInputDescByName("image");
    const TensorDesc values = op.GetInputDescByName("scales_or_sizes");
    if (!IsImageType(image.GetDataType()))
        return Fail("image dtype " + std::to_string(image.GetDataType()) +
                    " is not FLOAT, FLOAT16, BF16, DOUBLE, INT8, UINT8 or INT32");
    const bool scalesMode = calc == "scales";
    if (scalesMode ? values.GetDataType() != DT_FLOAT
                   : values.GetDataType() != DT_INT32 && values.GetDataType() != DT_INT64)
        return Fail("scales_or_sizes dtype " + std::to_string(values.GetDataType()) + " does not fit shape_calculation_mode " +
                    calc + "; expected " + (scalesMode ? "FLOAT scales" : "INT32 or INT64 sizes"));
    TensorDesc y = op.GetOutputDescByName("output");
    y.SetDataType(image.GetDataType());
    y.SetFormat(image.GetFormat());
    const Shape xs = image.GetShape();
    if (xs.GetDims() == UNKNOWN_RANK) {
        y.SetShape(Shape(UNKNOWN_RANK));
        return op.UpdateOutputDesc("output", y);
    }
    const int64_t rank = static_cast<int64_t>(xs.GetDimNum());
    if (rank < 1) return Fail("image has rank 0; expected rank 1 or more");
    for (auto* pads : {&padsBegin, &padsEnd}) {
        const bool zeros = std::all_of(pads->begin(), pads->end(), [](int64_t p) { return p == 0; });
        if (zeros) pads->assign(rank, 0);
        else if (static_cast<int64_t>(pads->size()) != rank)
            return Fail(std::string(pads == &padsBegin ? "pads_begin " : "pads_end ") + List(*pads) + " has " +
                        std::to_string(pads->size()) + " values; expected one per axis of image (" +
                        std::to_string(rank) + ") or all zeros");
    }
    std::vector<int64_t> out(rank);
    for (int64_t d = 0; d < rank; ++d) {
        const int64_t in = xs.GetDim(d);
        int64_t padded = 0;
        if (in != UNKNOWN_DIM &&
            (__builtin_add_overflow(in, padsBegin[d], &padded) || __builtin_add_overflow(padded, padsEnd[d], &padded)))
            return Fail("axis " + std::to_string(d) + " has a padded length beyond int64; expected smaller pads");
        if (in != UNKNOWN_DIM && padded < 0)
            return Fail("axis " + std::to_string(d) + " has the padded length " + std::to_string(padded) +
                        "; expected pads that leave a length >= 0");
        out[d] = in == UNKNOWN_DIM ? UNKNOWN_DIM : padded;
    }

    // axes: a Const, absent (every axis), or known only at run time (every dim unknown)
    std::vector<int64_t> axes;
    Tensor axesData, valuesData;
    const TensorDesc axesDesc = op.GetInputDescByName("axes");
    if (op.GetInputConstData("axes", axesData) == GRAPH_SUCCESS) {
        if (!ReadInts(axesData, &axes)) return Fail("axes is not an INT32 or INT64 tensor");
    } else if (axesDesc.GetShape().GetDimNum() == 0) {
        for (int64_t d = 0; d < rank; ++d) axes.push_back(d);
    } else {
        y.SetShape(Shape(std::vector<int64_t>(rank, UNKNOWN_DIM)));
        return op.UpdateOutputDesc("output", y);
    }
    std::vector<bool> seen(rank, false);
    for (int64_t a : axes) {
        if (a < 0 || a >= rank || seen[a])
            return Fail("axes " + List(axes) + " has " + std::to_string(a) + "; expected distinct axes in [0, " +
                        std::to_string(rank - 1) + "]");
        seen[a] = true;
    }
    std::vector<int64_t> sorted = axes;
    std::sort(sorted.begin(), sorted.end());
    if (mode == "linear_onnx") {
        const std::vector<std::vector<int64_t>> allowed = {{0, 1}, {0, 1, 2}, {2, 3}, {2, 3, 4}};
        const bool ok = (rank == 2 && sorted == allowed[0]) || (rank == 3 && sorted == allowed[1]) ||
                        (rank == 4 && (sorted == allowed[0] || sorted == allowed[2])) ||
                        (rank == 5 && (sorted == allowed[1] || sorted == allowed[3]));
        if (!ok)
            return Fail("mode linear_onnx with rank " + std::to_string(rank) + " and axes " + List(axes) +
                        "; expected rank 2 with axes {0, 1}, rank 3 with {0, 1, 2}, rank 4 with {0, 1} or {2, 3}, "
                        "or rank 5 with {0, 1, 2} or {2, 3, 4}");
    }
    if ((mode == "bilinear_pillow" || mode == "bicubic_pillow") && axes.size() != 2)
        return Fail("mode " + mode + " with axes " + List(axes) + "; expected exactly two axes");

    if (op.GetInputConstData("scales_or_sizes", valuesData) != GRAPH_SUCCESS) {
        for (int64_t a : axes) out[a] = UNKNOWN_DIM;   // known when the graph runs
        y.SetShape(Shape(out));
        return op.UpdateOutputDesc("output", y);
    }
    if (scalesMode) {
        std::vector<float> scales;
        if (!ReadFloats(valuesData, &scales)) return Fail("scales_or_sizes is not a FLOAT tensor");
        if (scales.size() != axes.size())
            return Fail("scales has " + std::to_string(scales.size()) + " values for axes " + List(axes) +
                        "; expected one per axis");
        for (size_t i = 0; i < axes.size(); ++i) {
            if (!(std::isfinite(scales[i]) && scales[i] > 0.0f))
                return Fail("scales[" + std::to_string(i) + "] is " + std::to_string(scales[i]) + "; expected a finite value > 0");
            const int64_t a = axes[i];
            if (out[a] != UNKNOWN_DIM) {
                const float length = std::floor(scales[i] * static_cast<float>(out[a]));
                if (!(length < 9.2e18f))
                    return Fail("scales[" + std::to_string(i) + "] is " + std::to_string(scales[i]) +
                                ": an output length beyond int64; expected a smaller scale");
                out[a] = static_cast<int64_t>(length);
            }
        }
    } else {
        std::vector<int64_t> sizes;
        if (!ReadInts(valuesData, &sizes)) return Fail("scales_or_sizes is not an INT32 or INT64 tensor");
        if (sizes.size() != axes.size())
            return Fail("sizes has " + std::to_string(sizes.size()) + " values for axes " + List(axes) +
                        "; expected one per axis");
        for (size_t i = 0; i < axes.size(); ++i) {
            if (sizes[i] < 0)
                return Fail("sizes[" + std::to_string(i) + "] is " + std::to_string(sizes[i]) + "; expected a size >= 0");
            out[axes[i]] = sizes[i];
        }
    }
    y.SetShape(Shape(out));
    return op.UpdateOutputDesc("output", y);
}

COMMON_INFER_FUNC_REG(Interpolate, InterpolateInferShape);

}  // namespace ge
