// A graph-mode GridSample run from the command line, for tests/python/test_graph_mode.py:
//   graph_grid_sample_cli <dtype float|float16|int32> <mode> <padding> <align 0|1> <channel_last 0|1>
//                         <x dims a,b,..> <grid dims> <x.bin> <grid.bin> <y.bin> [op type]
// Builds Data(x), Data(grid) -> <op type, GridSample by default> -> y with the GE client API,
// runs it, writes y's bytes and prints "phase=... status=... shape=..." and "msg=...".
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "array_ops.h"
#include "ge/ge_api.h"
#include "grid_sample_proto.h"

namespace {

std::vector<int64_t> Dims(const std::string& text) {
    std::vector<int64_t> dims;
    std::stringstream in(text);
    for (std::string d; std::getline(in, d, ',');) dims.push_back(std::atoll(d.c_str()));
    return dims;
}

std::vector<uint8_t> Read(const char* path) {
    std::ifstream f(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

int Report(const char* phase, ge::Status s) {
    std::printf("phase=%s status=%u\nmsg=%s\n", phase, s, ge::GEGetErrorMsg().c_str());
    return s == ge::SUCCESS ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 11) {
        std::fprintf(stderr, "usage: see the file's comment\n");
        return 1;
    }
    const std::string dtypeName = argv[1];
    const ge::DataType dtype = dtypeName == "float16" ? ge::DT_FLOAT16 : dtypeName == "int32" ? ge::DT_INT32 : ge::DT_FLOAT;
    std::map<ge::AscendString, ge::AscendString> options;
    if (ge::Status s = ge::GEInitialize(options)) return Report("GEInitialize", s);

    ge::op::Data x("x"), grid("grid");
    x.set_attr_index(0);
    grid.set_attr_index(1);
    ge::Operator node;
    if (argc > 11) {
        node = ge::Operator("node", argv[11]);
    } else {
        ge::op::GridSample sample("sample");
        sample.set_input_x(x).set_input_grid(grid);
        sample.set_attr_interpolation_mode(argv[2]);
        sample.set_attr_padding_mode(argv[3]);
        sample.set_attr_align_corners(std::atoi(argv[4]) != 0);
        sample.set_attr_channel_last(std::atoi(argv[5]) != 0);
        node = sample;
    }
    ge::Graph graph("cli");
    graph.SetInputs({x, grid}).SetOutputs({node});
    ge::Session session(options);
    int rc = 0;
    if (ge::Status s = session.AddGraph(1, graph)) {
        rc = Report("AddGraph", s);
    } else {
        const std::vector<ge::Tensor> inputs = {
            ge::Tensor(ge::TensorDesc(ge::Shape(Dims(argv[6])), ge::FORMAT_ND, dtype), Read(argv[8])),
            ge::Tensor(ge::TensorDesc(ge::Shape(Dims(argv[7])), ge::FORMAT_ND, dtype), Read(argv[9]))};
        std::vector<ge::Tensor> outputs;
        const ge::Status ran = session.RunGraph(1, inputs, outputs);
        rc = Report("RunGraph", ran);
        if (ran == ge::SUCCESS) {
            const ge::Tensor& y = outputs.at(0);
            std::string shape;
            for (int64_t d : y.GetTensorDesc().GetShape().GetDims()) shape += (shape.empty() ? "" : ",") + std::to_string(d);
            std::printf("shape=%s dtype=%d\n", shape.c_str(), static_cast<int>(y.GetDataType()));
            std::ofstream(argv[10], std::ios::binary).write(reinterpret_cast<const char*>(y.GetData()), y.GetSize());
        }
    }
    ge::GEFinalize();
    return rc;
}
