// GridSample's infer-shape and infer-datatype (op_host/grid_sample_infershape.cpp), found by op type
// in what OP_ADD's OP_PROTO_LIB expansion registered and run on gert contexts, as graph mode runs them. Expected
// shapes are written out from the operator's definition: y = (N, C, grid spatial dims).
#include <string>
#include <vector>

#include "base/context_builder/op_infer_datatype_context_builder.h"
#include "base/context_builder/op_infer_shape_context_builder.h"
#include "check.h"
#include "gert_helpers.h"

namespace {

struct Inferred {
    ge::graphStatus status = ge::GRAPH_FAILED;
    std::vector<int64_t> y;
};

Inferred Infer(const std::vector<int64_t>& x, const std::vector<int64_t>& grid, bool channelLast = false) {
    auto infer = gert_test::OpImplOf("GridSample").inferShape;
    Inferred r;
    CHECK(infer != nullptr);
    if (infer == nullptr) return r;
    gert::Tensor xt = gert_test::TensorOf(x, ge::DT_FLOAT), gt = gert_test::TensorOf(grid, ge::DT_FLOAT);
    gert::OpInferShapeContextBuilder b;
    b.OpType("GridSample").OpName("gs").IONum(2, 1).InputTensors({&xt, &gt});
    b.AppendAttr(ge::AscendString("bilinear")).AppendAttr(ge::AscendString("zeros")).AppendAttr(false)
        .AppendAttr(channelLast).AppendAttr(int64_t{1}).AppendAttr(std::vector<int64_t>{})
        .AppendAttr(std::vector<int64_t>{}).AppendAttr(std::vector<int64_t>{});
    auto holder = b.Build();
    gert::InferShapeContext* ctx = holder.GetContext();
    r.status = infer(ctx);
    const gert::Shape* y = ctx->GetOutputShape(0);
    for (size_t i = 0; y && i < y->GetDimNum(); ++i) r.y.push_back(y->GetDim(i));
    return r;
}

bool Ok(const Inferred& r, const std::vector<int64_t>& expect) { return r.status == ge::GRAPH_SUCCESS && r.y == expect; }
bool Fails(const Inferred& r) { return r.status != ge::GRAPH_SUCCESS; }

}  // namespace

TEST_CASE("infer shape: 2-D and 3-D, channel_last, unknown dims and rank") {
    CHECK(Ok(Infer({2, 3, 10, 12}, {2, 7, 9, 2}), {2, 3, 7, 9}));
    CHECK(Ok(Infer({1, 4, 5, 6, 7}, {1, 2, 3, 8, 3}), {1, 4, 2, 3, 8}));
    CHECK(Ok(Infer({2, 10, 12, 3}, {2, 7, 9, 2}, true), {2, 3, 7, 9}));      // NHWC: C is the last dim
    CHECK(Ok(Infer({2, 5, 6, 7, 4}, {2, 2, 3, 8, 3}, true), {2, 4, 2, 3, 8}));
    CHECK(Ok(Infer({-1, 3, -1, -1}, {-1, 7, -1, 2}), {-1, 3, 7, -1}));        // unknown dims pass through
    CHECK(Ok(Infer({-1, 3, 10, 12}, {4, 7, 9, 2}), {4, 3, 7, 9}));            // N from the grid when x's is unknown
    CHECK(Ok(Infer({-2}, {2, 7, 9, 2}), {-2}));                                // unknown rank
    CHECK(Ok(Infer({2, 3, 10, 12}, {2, 7, 9, -1}), {2, 3, 7, 9}));
}

TEST_CASE("infer shape: bad shapes are GRAPH_FAILED") {
    CHECK(Fails(Infer({2, 3, 10}, {2, 7, 2})));                 // rank 3
    CHECK(Fails(Infer({1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 4})));  // rank 6
    CHECK(Fails(Infer({2, 3, 10, 12}, {2, 1, 7, 9, 2})));       // grid rank differs
    CHECK(Fails(Infer({2, 3, 10, 12}, {2, 7, 9, 3})));          // 2-D grid needs 2 coordinates
    CHECK(Fails(Infer({1, 4, 5, 6, 7}, {1, 2, 3, 8, 2})));      // 3-D grid needs 3
    CHECK(Fails(Infer({2, 3, 10, 12}, {3, 7, 9, 2})));          // N differs
}

TEST_CASE("infer datatype: y has x's data type") {
    auto infer = gert_test::OpImplOf("GridSample").inferDataType;
    CHECK(infer != nullptr);
    if (infer == nullptr) return;
    for (ge::DataType dt : {ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16}) {
        gert::Tensor xt(gert::StorageShape({1, 1, 2, 2}, {1, 1, 2, 2}), gert_test::Nd(), gert::kOnDeviceHbm, dt, nullptr);
        gert::Tensor gt = gert_test::TensorOf({1, 1, 1, 2}, dt);
        gert::OpInferDataTypeContextBuilder b;
        b.OpType("GridSample").IONum(2, 1).InputTensors({&xt, &gt});
        auto holder = b.Build();
        gert::InferDataTypeContext* ctx = holder.GetContext();
        CHECK(infer(ctx) == ge::GRAPH_SUCCESS);
        CHECK(ctx->GetOutputDataType(0) == dt);
    }
}

TEST_MAIN()
