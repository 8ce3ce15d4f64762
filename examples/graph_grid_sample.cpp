// Graph mode: Data(x), Data(grid) -> GridSample -> y, built from the IR prototypes and run with
// GE's client API (GEInitialize, Session::AddGraph / RunGraph, GEFinalize). Builds unchanged against
// CANN (ge/ge_api.h, the op_proto directory of the built-in ops and of this op package on the
// include path) and against this package (python -m ascend_gridsample --cflags --libs).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <vector>

#include "array_ops.h"
#include "ge/ge_api.h"
#include "grid_sample_proto.h"

namespace {

ge::Tensor FloatTensor(const std::vector<int64_t>& shape, const std::vector<float>& values) {
    ge::TensorDesc desc(ge::Shape(shape), ge::FORMAT_ND, ge::DT_FLOAT);
    const auto* bytes = reinterpret_cast<const uint8_t*>(values.data());
    return ge::Tensor(desc, bytes, values.size() * sizeof(float));
}

}  // namespace

int main() {
    std::map<ge::AscendString, ge::AscendString> config = {{"ge.exec.deviceId", "0"}, {"ge.graphRunMode", "0"}};
    if (ge::GEInitialize(config) != ge::SUCCESS) {
        std::printf("GEInitialize failed: %s\n", ge::GEGetErrorMsg().c_str());
        return 1;
    }
    // x: 1x1x2x2 = [[1, 2], [3, 4]]; grid: four points, align_corners=true, bilinear.
    ge::op::Data x("x");
    x.set_attr_index(0);
    ge::op::Data grid("grid");
    grid.set_attr_index(1);
    ge::op::GridSample sample("sample");
    sample.set_input_x(x).set_input_grid(grid);
    sample.set_attr_interpolation_mode("bilinear");
    sample.set_attr_padding_mode("zeros");
    sample.set_attr_align_corners(true);
    ge::Graph graph("grid_sample_graph");
    graph.SetInputs({x, grid}).SetOutputs({sample});

    std::map<ge::AscendString, ge::AscendString> options;
    ge::Session session(options);
    int rc = 0;
    std::vector<ge::Tensor> outputs;
    if (session.AddGraph(0, graph) != ge::SUCCESS) {
        std::printf("AddGraph failed: %s\n", ge::GEGetErrorMsg().c_str());
        rc = 1;
    } else {
        const std::vector<ge::Tensor> inputs = {
            FloatTensor({1, 1, 2, 2}, {1.f, 2.f, 3.f, 4.f}),
            FloatTensor({1, 1, 4, 2}, {-1.f, -1.f, 1.f, 1.f, 0.f, 0.f, 1.f, -1.f})};
        if (session.RunGraph(0, inputs, outputs) != ge::SUCCESS) {
            std::printf("RunGraph failed: %s\n", ge::GEGetErrorMsg().c_str());
            rc = 1;
        }
    }
    if (rc == 0) {
        // corners read the pixels; the centre is their mean
        const float expected[] = {1.f, 4.f, 2.5f, 2.f};
        const ge::Tensor& y = outputs.at(0);
        const std::vector<int64_t> dims = y.GetTensorDesc().GetShape().GetDims();
        std::vector<float> got(y.GetSize() / sizeof(float));
        std::memcpy(got.data(), y.GetData(), y.GetSize());
        if (dims != std::vector<int64_t>{1, 1, 1, 4} || got.size() != 4) {
            std::printf("y has %zu values; expected shape [1, 1, 1, 4]\n", got.size());
            rc = 1;
        }
        for (size_t i = 0; rc == 0 && i < 4; ++i)
            if (std::fabs(got[i] - expected[i]) > 1e-6f) {
                std::printf("y[%zu] = %g; expected %g\n", i, got[i], expected[i]);
                rc = 1;
            }
        if (rc == 0) std::printf("graph mode: y = %g %g %g %g\n", got[0], got[1], got[2], got[3]);
    }
    ge::GEFinalize();
    return rc;
}
