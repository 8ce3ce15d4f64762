// The GE IR prototype of Interpolate and its infer-shape: the IR defaults, output shapes from Const
// scales / sizes / axes (reversed axes, absent axes, pads, the float32 floor of scales), unknown
// dims when the values are not Const, and every rejection with its reason (read from the
// application log). Only the public GE API: scripts/check_real_headers.sh compiles this file
// against CANN's graph/ and op_proto/ headers too.
#include <cstdint>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "check.h"
#include "op_graph/interpolate_proto.h"
#include "op_proto/array_ops.h"

using ge::Shape;
using ge::TensorDesc;

namespace {

template <typename T>
ge::op::Const MakeConst(const char* name, const std::vector<T>& values, ge::DataType type) {
    TensorDesc desc(Shape(std::vector<int64_t>{static_cast<int64_t>(values.size())}), ge::FORMAT_ND, type);
    std::vector<uint8_t> bytes(values.size() * sizeof(T));
    if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
    ge::op::Const c(name);
    c.set_attr_value(ge::Tensor(desc, bytes));
    c.update_output_desc_y(desc);
    return c;
}

// An Interpolate of image `x` whose scales_or_sizes (and axes, unless empty) are Const operators.
struct Fixture {
    ge::op::Const values, axes;
    ge::op::Interpolate op;
    Fixture(const std::vector<int64_t>& x, const std::vector<int64_t>& sizes, const std::vector<int64_t>& axesValues,
            const char* mode = "linear", ge::DataType xType = ge::DT_FLOAT)
        : values(MakeConst("sizes", sizes, ge::DT_INT64)), axes(MakeConst("axes", axesValues, ge::DT_INT64)), op("resize") {
        Init(x, xType, mode, "sizes", !axesValues.empty());
    }
    Fixture(const std::vector<int64_t>& x, const std::vector<float>& scales, const std::vector<int64_t>& axesValues,
            const char* mode = "linear", ge::DataType xType = ge::DT_FLOAT)
        : values(MakeConst("scales", scales, ge::DT_FLOAT)), axes(MakeConst("axes", axesValues, ge::DT_INT64)), op("resize") {
        Init(x, xType, mode, "scales", !axesValues.empty());
    }
    void Init(const std::vector<int64_t>& x, ge::DataType xType, const char* mode, const char* calc, bool withAxes) {
        op.update_input_desc_image(TensorDesc(Shape(x), ge::FORMAT_NCHW, xType));
        op.set_input_scales_or_sizes(values);
        if (withAxes) op.set_input_axes(axes);
        op.set_attr_mode(mode);
        op.set_attr_shape_calculation_mode(calc);
    }
    std::vector<int64_t> Out() const { return op.get_output_desc_output().GetShape().GetDims(); }
};

}  // namespace

TEST_CASE("IR: the required attributes and the defaults of the optional ones") {
    ge::op::Interpolate op;
    ge::AscendString type, ctm;
    CHECK(op.GetOpType(type) == ge::GRAPH_SUCCESS && std::string(type.GetString()) == "Interpolate");
    CHECK(op.get_attr_coordinate_transformation_mode(ctm) == ge::GRAPH_SUCCESS &&
          std::string(ctm.GetString()) == "half_pixel");
    CHECK(op.get_attr_nearest_mode() == "round_prefer_floor");
    CHECK(op.get_attr_antialias() == false);
    CHECK((op.get_attr_pads_begin() == std::vector<int64_t>{0}) && (op.get_attr_pads_end() == std::vector<int64_t>{0}));
    CHECK(op.get_attr_cube_coeff() == -0.75f);
    // a required attribute that is not set fails inference and names it
    Fixture f({1, 3, 8, 9}, std::vector<int64_t>{4, 5}, {2, 3});
    ge::op::Interpolate bare("bare");
    bare.update_input_desc_image(TensorDesc(Shape({1, 3, 8, 9}), ge::FORMAT_NCHW, ge::DT_FLOAT));
    bare.set_input_scales_or_sizes(f.values);
    aclGetRecentErrMsg();
    CHECK(bare.InferShapeAndType() == ge::GRAPH_FAILED);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"Interpolate: ", "mode is not set"}));
}

TEST_CASE("sizes and scales, any axis order, absent axes, pads; dtype and format follow the image") {
    Fixture sizes({2, 3, 8, 9}, std::vector<int64_t>{4, 17}, {2, 3}, "cubic", ge::DT_BF16);
    CHECK(sizes.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((sizes.Out() == std::vector<int64_t>{2, 3, 4, 17}));
    CHECK(sizes.op.get_output_desc_output().GetDataType() == ge::DT_BF16);
    CHECK(sizes.op.get_output_desc_output().GetFormat() == ge::FORMAT_NCHW);

    Fixture reversed({2, 8, 9, 3}, std::vector<int64_t>{17, 4}, {2, 1}, "bilinear_pillow", ge::DT_UINT8);
    CHECK(reversed.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((reversed.Out() == std::vector<int64_t>{2, 4, 17, 3}));

    // scales: floor(scale * padded) in float32 (10 * 0.3f is 3.0000001 -> 3; 9 * 1.5 = 13.5 -> 13)
    Fixture scales({1, 2, 10, 9}, std::vector<float>{0.3f, 1.5f}, {2, 3}, "nearest", ge::DT_INT32);
    CHECK(scales.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((scales.Out() == std::vector<int64_t>{1, 2, 3, 13}));

    // no axes input: every axis, one value each
    Fixture all({4, 6, 5}, std::vector<int64_t>{7, 3, 9}, {}, "linear_onnx", ge::DT_DOUBLE);
    CHECK(all.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((all.Out() == std::vector<int64_t>{7, 3, 9}));

    // pads widen every axis; the resized ones from the padded length
    Fixture padded({2, 3, 8, 9}, std::vector<float>{0.5f, 2.0f}, {2, 3});
    padded.op.set_attr_pads_begin({1, 0, 2, 1}).set_attr_pads_end({0, 2, 0, 1});
    CHECK(padded.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((padded.Out() == std::vector<int64_t>{3, 5, 5, 22}));

    // INT32 sizes and axes
    ge::op::Const sizes32 = MakeConst("s32", std::vector<int32_t>{5}, ge::DT_INT32);
    ge::op::Const axes32 = MakeConst("a32", std::vector<int32_t>{0}, ge::DT_INT32);
    ge::op::Interpolate op("i32");
    op.update_input_desc_image(TensorDesc(Shape({11}), ge::FORMAT_ND, ge::DT_INT8));
    op.set_input_scales_or_sizes(sizes32).set_input_axes(axes32);
    op.set_attr_mode("nearest").set_attr_shape_calculation_mode("sizes");
    CHECK(op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((op.get_output_desc_output().GetShape().GetDims() == std::vector<int64_t>{5}));
}

TEST_CASE("values known only at run time give unknown dims; an unknown rank an unknown-rank output") {
    // scales_or_sizes from an op that is not a Const: the resized dims are unknown
    ge::op::Interpolate producer("producer");
    producer.update_output_desc_output(TensorDesc(Shape({2}), ge::FORMAT_ND, ge::DT_INT64));
    Fixture f({2, 3, 8, 9}, std::vector<int64_t>{4, 5}, {2, 3});
    f.op.set_input_scales_or_sizes(producer, "output");
    CHECK(f.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((f.Out() == std::vector<int64_t>{2, 3, -1, -1}));
    // axes not a Const: every dim unknown (rank known)
    Fixture g({2, 3, 8, 9}, std::vector<int64_t>{4, 5}, {2, 3});
    g.op.set_input_axes(producer, "output");
    CHECK(g.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((g.Out() == std::vector<int64_t>{-1, -1, -1, -1}));
    // unknown image dims stay unknown unless resized by sizes
    Fixture h({-1, 3, -1, 9}, std::vector<int64_t>{4, 5}, {2, 3});
    CHECK(h.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((h.Out() == std::vector<int64_t>{-1, 3, 4, 5}));
    Fixture s({2, 3, -1, 9}, std::vector<float>{2.0f, 2.0f}, {2, 3});
    CHECK(s.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((s.Out() == std::vector<int64_t>{2, 3, -1, 18}));
    Fixture u({-2}, std::vector<int64_t>{4, 5}, {2, 3});
    CHECK(u.op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK(u.op.get_output_desc_output().GetShape().GetDims() == ge::UNKNOWN_RANK);
}

TEST_CASE("rejections name the attribute or input, its value and what is allowed") {
    struct Case {
        std::function<void(Fixture&)> change;
        std::initializer_list<const char*> message;
    };
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const Case cases[] = {
        {[](Fixture& f) { f.op.set_attr_mode("area"); },
         {"mode is 'area'", "nearest, linear, linear_onnx, cubic, bilinear_pillow or bicubic_pillow"}},
        {[](Fixture& f) { f.op.set_attr_shape_calculation_mode("size"); }, {"shape_calculation_mode is 'size'", "sizes or scales"}},
        {[](Fixture& f) { f.op.set_attr_coordinate_transformation_mode("tf_crop_and_resize"); },
         {"coordinate_transformation_mode is 'tf_crop_and_resize'", "half_pixel, pytorch_half_pixel, asymmetric, "
                                                                    "tf_half_pixel_for_nn or align_corners"}},
        {[](Fixture& f) { f.op.set_attr_nearest_mode("round"); },
         {"nearest_mode is 'round'", "round_prefer_floor, round_prefer_ceil, floor, ceil or simple"}},
        {[nan](Fixture& f) { f.op.set_attr_cube_coeff(nan); }, {"cube_coeff is not finite"}},
        {[](Fixture& f) { f.op.set_attr_pads_begin({1, 1}); }, {"pads_begin [1, 1] has 2 values", "expected one per axis"}},
        {[](Fixture& f) { f.op.set_attr_pads_end({0, 0, -9, 0}); }, {"axis 2 has the padded length -1"}},
        {[](Fixture& f) { f.op.set_attr_pads_end({0, 0, INT64_MAX, 0}); }, {"axis 2 has a padded length beyond int64"}},
        {[](Fixture& f) {
             f.op.set_attr_shape_calculation_mode("scales");
             f.op.set_input_scales_or_sizes(f.values = MakeConst("s", std::vector<float>{1e30f, 1.0f}, ge::DT_FLOAT));
         },
         {"scales[0] is", "an output length beyond int64"}},
        {[](Fixture& f) { f.op.set_attr_mode("linear_onnx"); f.op.set_input_axes(f.axes = MakeConst("a", std::vector<int64_t>{1, 2}, ge::DT_INT64)); },
         {"mode linear_onnx with rank 4 and axes [1, 2]", "rank 4 with {0, 1} or {2, 3}"}},
        {[](Fixture& f) { f.op.set_attr_mode("bicubic_pillow"); f.op.set_input_axes(f.axes = MakeConst("a", std::vector<int64_t>{1, 2, 3}, ge::DT_INT64)); },
         {"mode bicubic_pillow with axes [1, 2, 3]", "exactly two axes"}},
        {[](Fixture& f) { f.op.set_input_axes(f.axes = MakeConst("a", std::vector<int64_t>{2, 2}, ge::DT_INT64)); },
         {"axes [2, 2] has 2", "distinct axes in [0, 3]"}},
        {[](Fixture& f) { f.op.set_input_axes(f.axes = MakeConst("a", std::vector<int64_t>{2, 4}, ge::DT_INT64)); },
         {"axes [2, 4] has 4", "distinct axes in [0, 3]"}},
        {[](Fixture& f) { f.op.set_input_scales_or_sizes(f.values = MakeConst("s", std::vector<int64_t>{4}, ge::DT_INT64)); },
         {"sizes has 1 values for axes [2, 3]", "one per axis"}},
        {[](Fixture& f) { f.op.set_input_scales_or_sizes(f.values = MakeConst("s", std::vector<int64_t>{4, -1}, ge::DT_INT64)); },
         {"sizes[1] is -1", "size >= 0"}},
        {[](Fixture& f) { f.op.set_input_scales_or_sizes(f.values = MakeConst("s", std::vector<float>{1.0f, 2.0f}, ge::DT_FLOAT)); },
         {"scales_or_sizes dtype", "shape_calculation_mode sizes", "INT32 or INT64 sizes"}},
        {[](Fixture& f) {
             f.op.set_attr_shape_calculation_mode("scales");
             f.op.set_input_scales_or_sizes(f.values = MakeConst("s", std::vector<float>{0.0f, 2.0f}, ge::DT_FLOAT));
         },
         {"scales[0] is 0", "finite value > 0"}},
        {[](Fixture& f) { f.op.update_input_desc_image(TensorDesc(Shape({1, 3, 8, 9}), ge::FORMAT_NCHW, ge::DT_INT16)); },
         {"image dtype", "not FLOAT, FLOAT16, BF16, DOUBLE, INT8, UINT8 or INT32"}},
        {[](Fixture& f) { f.op.update_input_desc_image(TensorDesc(Shape(std::vector<int64_t>{}), ge::FORMAT_ND, ge::DT_FLOAT)); },
         {"image has rank 0"}},
    };
    for (const Case& c : cases) {
        Fixture f({1, 3, 8, 9}, std::vector<int64_t>{4, 5}, {2, 3});
        c.change(f);
        aclGetRecentErrMsg();   // starts from an empty log
        CHECK_MSG(f.op.InferShapeAndType() == ge::GRAPH_FAILED, *c.message.begin());
        const std::string log = aclGetRecentErrMsg();
        CHECK_MSG(ContainsAll(log, c.message) && ContainsAll(log, {"Interpolate: "}), log);
    }
}

TEST_MAIN()
