// The GE IR prototype of GridSample and its infer-shape: shapes and dtypes for 4-D, 5-D and
// channel_last inputs, unknown dims, the IR defaults, and every rejection with its reason (read from
// the application log, which the simulator keeps for aclGetRecentErrMsg). Only the public GE API:
// scripts/check_real_headers.sh compiles this file against CANN's graph/ headers too.
#include <string>
#include <vector>

#include "acl/acl_rt.h"
#include "check.h"
#include "op_graph/grid_sample_proto.h"

using ge::Shape;
using ge::TensorDesc;

namespace {

ge::op::GridSample MakeOp(std::vector<int64_t> x, std::vector<int64_t> grid, ge::DataType xType = ge::DT_FLOAT,
                          ge::DataType gridType = ge::DT_FLOAT) {
    ge::op::GridSample op("gs");
    op.update_input_desc_x(TensorDesc(Shape(x), ge::FORMAT_ND, xType));
    op.update_input_desc_grid(TensorDesc(Shape(grid), ge::FORMAT_ND, gridType));
    return op;
}

std::vector<int64_t> OutDims(const ge::op::GridSample& op) { return op.get_output_desc_y().GetShape().GetDims(); }

}  // namespace

TEST_CASE("IR defaults: bilinear, zeros, align_corners false, channel_last false, scheduler_mode 1") {
    ge::op::GridSample op;
    ge::AscendString mode, padding, type;
    CHECK(op.get_attr_interpolation_mode(mode) == ge::GRAPH_SUCCESS && std::string(mode.GetString()) == "bilinear");
    CHECK(op.get_attr_padding_mode() == "zeros");
    CHECK(op.get_attr_align_corners() == false);
    CHECK(op.get_attr_channel_last() == false);
    CHECK(op.get_attr_scheduler_mode() == 1);
    CHECK(op.GetOpType(type) == ge::GRAPH_SUCCESS && std::string(type.GetString()) == "GridSample");
    // set_attr_ replaces the default; both String accessors read it
    op.set_attr_padding_mode("border").set_attr_scheduler_mode(0);
    CHECK(op.get_attr_padding_mode() == "border" && op.get_attr_scheduler_mode() == 0);
    CHECK(op.get_attr_padding_mode(padding) == ge::GRAPH_SUCCESS && std::string(padding.GetString()) == "border");
    // the defaults are a valid combination: inference accepts them
    ge::op::GridSample withShapes = MakeOp({1, 2, 3, 4}, {1, 5, 6, 2});
    CHECK(withShapes.InferShapeAndType() == ge::GRAPH_SUCCESS);
}

TEST_CASE("4-D, 5-D and channel_last shapes; dtype follows x") {
    auto op = MakeOp({2, 3, 8, 9}, {2, 5, 6, 2}, ge::DT_BF16, ge::DT_BF16);
    CHECK(op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((OutDims(op) == std::vector<int64_t>{2, 3, 5, 6}));
    CHECK(op.get_output_desc_y().GetDataType() == ge::DT_BF16);

    auto op3 = MakeOp({2, 4, 7, 8, 9}, {2, 3, 5, 6, 3}, ge::DT_FLOAT16, ge::DT_FLOAT16);
    CHECK(op3.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((OutDims(op3) == std::vector<int64_t>{2, 4, 3, 5, 6}));

    auto nhwc = MakeOp({2, 8, 9, 3}, {2, 5, 6, 2});
    nhwc.set_attr_channel_last(true);
    CHECK(nhwc.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((OutDims(nhwc) == std::vector<int64_t>{2, 3, 5, 6}));
    // bicubic with reflection and scheduler_mode 0 are accepted as well
    nhwc.set_attr_interpolation_mode("bicubic").set_attr_padding_mode("reflection").set_attr_scheduler_mode(0);
    CHECK(nhwc.InferShapeAndType() == ge::GRAPH_SUCCESS);
}

TEST_CASE("unknown dims pass through, an unknown rank gives an unknown-rank output") {
    auto op = MakeOp({-1, 3, -1, 9}, {4, -1, 6, 2});
    CHECK(op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((OutDims(op) == std::vector<int64_t>{4, 3, -1, 6}));
    auto unknown = MakeOp({-2}, {2, 5, 6, 2});
    CHECK(unknown.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK(unknown.get_output_desc_y().GetShape().GetDims() == ge::UNKNOWN_RANK);
}

TEST_CASE("rejections name what was wrong and what was expected") {
    struct Case {
        std::vector<int64_t> x, grid;
        ge::DataType xType, gridType;
        std::initializer_list<const char*> message;
    };
    const Case cases[] = {
        {{2, 3, 8}, {2, 5, 2}, ge::DT_FLOAT, ge::DT_FLOAT, {"x has rank 3", "expected 4 or 5"}},
        {{2, 3, 8, 9}, {2, 5, 6, 7, 2}, ge::DT_FLOAT, ge::DT_FLOAT, {"grid has rank 5", "expected 4"}},
        {{2, 3, 8, 9}, {2, 5, 6, 3}, ge::DT_FLOAT, ge::DT_FLOAT, {"grid last dim is 3", "expected 2"}},
        {{2, 3, 7, 8, 9}, {2, 3, 5, 6, 2}, ge::DT_FLOAT, ge::DT_FLOAT, {"grid last dim is 2", "expected 3"}},
        {{2, 3, 8, 9}, {3, 5, 6, 2}, ge::DT_FLOAT, ge::DT_FLOAT, {"x batch 2 differs from grid batch 3"}},
        {{2, 3, 8, 9}, {2, 5, 6, 2}, ge::DT_FLOAT, ge::DT_FLOAT16, {"grid dtype", "differs from x dtype"}},
        {{2, 3, 8, 9}, {2, 5, 6, 2}, ge::DT_DOUBLE, ge::DT_DOUBLE, {"x dtype", "not FLOAT16, FLOAT or BF16"}},
    };
    aclGetRecentErrMsg();   // starts from an empty log
    for (const Case& c : cases) {
        auto op = MakeOp(c.x, c.grid, c.xType, c.gridType);
        CHECK(op.InferShapeAndType() == ge::GRAPH_FAILED);
        const std::string log = aclGetRecentErrMsg();
        CHECK_MSG(ContainsAll(log, c.message) && ContainsAll(log, {"GridSample: "}), log);
    }
    auto badMode = MakeOp({2, 3, 8, 9}, {2, 5, 6, 2});
    badMode.set_attr_interpolation_mode("area");
    CHECK(badMode.InferShapeAndType() == ge::GRAPH_FAILED);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"interpolation_mode is 'area'", "bilinear, nearest or bicubic"}));
    auto badPadding = MakeOp({2, 3, 8, 9}, {2, 5, 6, 2});
    badPadding.set_attr_padding_mode("wrap");
    CHECK(badPadding.InferShapeAndType() == ge::GRAPH_FAILED);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"padding_mode is 'wrap'"}));
    auto badScheduler = MakeOp({2, 3, 8, 9}, {2, 5, 6, 2});
    badScheduler.set_attr_scheduler_mode(2);
    CHECK(badScheduler.InferShapeAndType() == ge::GRAPH_FAILED);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"scheduler_mode is 2", "expected 0 or 1"}));
}

TEST_CASE("a graph edge: grid taken from another op's output description") {
    ge::op::GridSample producer("producer");
    producer.update_output_desc_y(TensorDesc(Shape({2, 5, 6, 2}), ge::FORMAT_ND, ge::DT_FLOAT));
    ge::op::GridSample op("consumer");
    op.update_input_desc_x(TensorDesc(Shape({2, 3, 8, 9}), ge::FORMAT_ND, ge::DT_FLOAT));
    op.set_input_grid(producer, "y");
    CHECK(op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((OutDims(op) == std::vector<int64_t>{2, 3, 5, 6}));
}

namespace ge {
// An op type with no infer function registered.
REG_OP(GridSampleNoInfer)
    .INPUT(x, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT}))
    .OP_END_FACTORY_REG(GridSampleNoInfer)
}  // namespace ge

TEST_CASE("an op type without an infer function fails inference and says so") {
    ge::op::GridSampleNoInfer op("lonely");
    aclGetRecentErrMsg();
    CHECK(op.InferShapeAndType() == ge::GRAPH_FAILED);
    CHECK(ContainsAll(aclGetRecentErrMsg(), {"no infer function", "GridSampleNoInfer"}));
    // no verifier registered: nothing to reject
    CHECK(op.VerifyAllAttr() == ge::GRAPH_SUCCESS);
}

TEST_CASE("a graph edge by output index") {
    ge::op::GridSample producer("producer");
    producer.update_output_desc_y(TensorDesc(Shape({2, 5, 6, 2}), ge::FORMAT_ND, ge::DT_FLOAT));
    ge::op::GridSample op("consumer");
    op.update_input_desc_x(TensorDesc(Shape({2, 3, 8, 9}), ge::FORMAT_ND, ge::DT_FLOAT));
    op.set_input_grid(producer, 0u);
    CHECK((op.get_input_desc_grid().GetShape().GetDims() == std::vector<int64_t>{2, 5, 6, 2}));
    CHECK(op.InferShapeAndType() == ge::GRAPH_SUCCESS);
    CHECK((OutDims(op) == std::vector<int64_t>{2, 3, 5, 6}));
}

TEST_MAIN()
