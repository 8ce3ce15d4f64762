"""ascend_gridsample.onnx.run on whole models, against ONNX Runtime running the same model: the
GridSample and Resize nodes on this package's operators (asserted with last_run()), constant and
shape subgraphs folded for the fed shapes, every other node on ONNX Runtime partitions.

Tolerance: ours and ONNX Runtime's GridSample / Resize both compute in float32, with other
rounding orders: ATOL = RTOL = 1e-5 on outputs of order 1. Nodes on ONNX Runtime partitions give
the same floats as in the whole model."""
import io

import numpy as np
import onnx
import onnxruntime as ort
import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
from onnx import TensorProto, helper, numpy_helper

import ascend_gridsample.onnx as ags_onnx

ATOL = RTOL = 1e-5


def onnxruntime_run(model, feeds):
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return session.run(None, feeds)


def export(module, args, opset, **kwargs):
    """torch.onnx.export's TorchScript exporter (dynamo=False: needs neither onnxscript nor network)."""
    buf = io.BytesIO()
    torch.onnx.export(module.eval(), args, buf, opset_version=opset, dynamo=False, **kwargs)
    return onnx.load_from_string(buf.getvalue())


def ran_on(kind):
    """The op types of the last run's nodes that ran on `kind`, with their counts."""
    counts = {}
    for n in ags_onnx.last_run()["nodes"]:
        if n["ran_on"] == kind:
            counts[n["op_type"]] = counts.get(n["op_type"], 0) + 1
    return counts


def assert_ours(op_counts):
    """Exactly these GridSample / Resize nodes ran on our operators, and nothing else did."""
    assert ran_on("npu") == op_counts, ags_onnx.last_run()["nodes"]


def assert_matches_onnxruntime(model, feeds):
    ours = ags_onnx.run(model, feeds)
    ref = onnxruntime_run(model, feeds)
    assert len(ours) == len(ref)
    for a, b in zip(ours, ref):
        assert a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_allclose(a, b, rtol=RTOL, atol=ATOL)
    return ours


# ------------------------------------------------------------------------------------------------
# A spatial transformer network: a Conv/ReLU/MaxPool/Linear localisation net, then the grid and
# grid_sample. From opset 20 the exporter writes F.affine_grid as AffineGrid; before, the grid is
# the product of theta with a constant base grid (MatMul).
# ------------------------------------------------------------------------------------------------
class SpatialTransformer(nn.Module):
    def __init__(self, size=(3, 28, 28), affine_grid_op=True):
        super().__init__()
        torch.manual_seed(0)
        c, h, w = size
        self.size, self.affine_grid_op = size, affine_grid_op
        self.loc = nn.Sequential(nn.Conv2d(c, 8, 7), nn.MaxPool2d(2), nn.ReLU(),
                                 nn.Conv2d(8, 10, 5), nn.MaxPool2d(2), nn.ReLU())
        flat = 10 * (((h - 6) // 2 - 4) // 2) * (((w - 6) // 2 - 4) // 2)
        self.fc = nn.Sequential(nn.Linear(flat, 32), nn.ReLU(), nn.Linear(32, 6))
        with torch.no_grad():   # near the identity, as an STN is initialised, plus a visible warp
            self.fc[2].weight.mul_(0.1)
            self.fc[2].bias.copy_(torch.tensor([0.9, 0.2, 0.05, -0.1, 1.1, 0.1]))
        ys, xs = torch.meshgrid((torch.arange(h) * 2 + 1) / h - 1, (torch.arange(w) * 2 + 1) / w - 1, indexing="ij")
        self.register_buffer("base", torch.stack([xs, ys, torch.ones_like(xs)], -1).reshape(1, h * w, 3))

    def forward(self, x):
        theta = self.fc(self.loc(x).flatten(1)).view(-1, 2, 3)
        if self.affine_grid_op:
            grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        else:
            grid = torch.matmul(self.base, theta.transpose(1, 2)).view(x.shape[0], *self.size[1:], 2)
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)


@pytest.mark.parametrize("opset,affine_grid_op", [(16, False), (17, False), (18, False), (19, False), (20, False),
                                                  (20, True)])
def test_spatial_transformer_network(opset, affine_grid_op, rng):
    module = SpatialTransformer(affine_grid_op=affine_grid_op)
    x = rng.standard_normal((2, 3, 28, 28)).astype(np.float32)
    model = export(module, (torch.from_numpy(x),), opset, input_names=["x"], output_names=["y"])
    assert {"Conv", "MaxPool", "Relu", "Gemm", "GridSample"} <= {n.op_type for n in model.graph.node}
    (y,) = assert_matches_onnxruntime(model, {"x": x})
    with torch.no_grad():
        np.testing.assert_allclose(y, module(torch.from_numpy(x)).numpy(), rtol=1e-4, atol=1e-4)
    assert_ours({"GridSample": 1})
    host = ran_on("onnxruntime")
    assert host["Conv"] == 2 and host["Gemm"] == 2 and host["MaxPool"] == 2
    assert ("AffineGrid" in host) == affine_grid_op and ("MatMul" in host) != affine_grid_op
    assert [p["ran_on"] for p in ags_onnx.last_run()["partitions"]] == ["onnxruntime", "npu"]
    assert all(n["ran_on"] == "folded" for n in ags_onnx.last_run()["nodes"] if n["op_type"] == "Constant")


def test_spatial_transformer_with_a_dynamic_batch(rng):
    """The batch is a named dim: each run's feed fixes it."""
    module = SpatialTransformer(size=(1, 20, 24))
    model = export(module, (torch.zeros(1, 1, 20, 24),), 20, input_names=["x"], output_names=["y"],
                   dynamic_axes={"x": {0: "batch"}, "y": {0: "batch"}})
    for batch in (1, 3):
        assert_matches_onnxruntime(model, {"x": rng.standard_normal((batch, 1, 20, 24)).astype(np.float32)})
        assert_ours({"GridSample": 1})


# ------------------------------------------------------------------------------------------------
# F.interpolate(size=...) of the input's own shape: exported with dynamic dims, its sizes come from
# a Shape / Gather / Mul / Unsqueeze / Concat subgraph, folded for the fed shape.
# ------------------------------------------------------------------------------------------------
class UpsampleToSize(nn.Module):
    def __init__(self, mode):
        super().__init__()
        self.mode = mode

    def forward(self, x):
        size = (x.shape[2] * 2, x.shape[3] + 3)
        if self.mode == "nearest":
            return F.interpolate(x, size=size, mode="nearest")
        return F.interpolate(x, size=size, mode=self.mode, align_corners=False)


@pytest.mark.parametrize("opset", [11, 13, 16, 18, 19, 20])
@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
def test_interpolate_to_a_size_from_the_shape_subgraph(opset, mode, rng):
    model = export(UpsampleToSize(mode), (torch.zeros(1, 2, 5, 6),), opset, input_names=["x"], output_names=["y"],
                   dynamic_axes={"x": {0: "n", 2: "h", 3: "w"}})
    assert {"Shape", "Gather", "Concat"} <= {n.op_type for n in model.graph.node}
    for shape in ((1, 2, 5, 6), (2, 2, 7, 4)):
        x = rng.uniform(-1, 1, shape).astype(np.float32)
        (y,) = assert_matches_onnxruntime(model, {"x": x})
        assert y.shape == (shape[0], shape[1], shape[2] * 2, shape[3] + 3)
        assert_ours({"Resize": 1})
        assert ran_on("onnxruntime") == {}
        nodes = ags_onnx.last_run()["nodes"]
        assert all(n["ran_on"] == "folded" for n in nodes if n["op_type"] != "Resize")
        shape_nodes = [n for n in nodes if n["op_type"] == "Shape"]
        assert shape_nodes and all(f"{list(shape)}" in n["why"] for n in shape_nodes)
        (resize,) = [n for n in nodes if n["op_type"] == "Resize"]
        assert "is a constant" in resize["why"]


# ------------------------------------------------------------------------------------------------
# Several GridSample and Resize nodes interleaved with other operators
# ------------------------------------------------------------------------------------------------
class Interleaved(nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(1)
        self.features = nn.Conv2d(3, 4, 3, padding=1)
        self.flow = nn.Conv2d(4, 2, 3, padding=1)

    def forward(self, x):
        y = F.relu(self.features(x))
        y = F.interpolate(y, scale_factor=2.0, mode="bilinear", align_corners=False)       # Resize, scales
        grid = torch.tanh(self.flow(y)).permute(0, 2, 3, 1)
        z = F.grid_sample(y, grid, mode="bicubic", padding_mode="border", align_corners=False) + y
        z = F.interpolate(z, size=(x.shape[2], x.shape[3]), mode="nearest")                 # Resize, sizes
        w = F.grid_sample(x, grid[:, ::2, ::2], mode="nearest", padding_mode="reflection", align_corners=True)
        return torch.sigmoid(z), w * 2


@pytest.mark.parametrize("opset", [16, 17, 18, 19, 20])
def test_gridsample_and_resize_interleaved_with_other_ops(opset, rng):
    x = rng.uniform(-1, 1, (2, 3, 9, 11)).astype(np.float32)
    model = export(Interleaved(), (torch.from_numpy(x),), opset, input_names=["x"], output_names=["z", "w"],
                   dynamic_axes={"x": {2: "h", 3: "w"}})
    z, w = assert_matches_onnxruntime(model, {"x": x})
    assert z.shape == (2, 4, 9, 11) and w.shape == (2, 3, 9, 11)
    assert_ours({"GridSample": 2, "Resize": 2})
    assert {"Conv", "Relu", "Tanh", "Transpose", "Add", "Sigmoid", "Mul"} <= set(ran_on("onnxruntime"))
    parts = ags_onnx.last_run()["partitions"]
    kinds = [p["ran_on"] for p in parts]
    assert all(a != b for a, b in zip(kinds, kinds[1:])), kinds   # maximal runs: kinds alternate
    # every partition reads only the feeds, constants and what earlier partitions produced
    produced = {"x"}
    for p in parts:
        assert all(i in produced or i not in {o for q in parts for o in q["outputs"]} for i in p["inputs"])
        produced.update(p["outputs"])


def test_sizes_computed_from_data_at_run_time(rng):
    """A Resize whose sizes depend on a fed value (not a shape): computed by an ONNX Runtime
    partition before the GE graph of the Resize is built, and passed to it as a Const."""
    x = rng.uniform(-1, 1, (1, 2, 4, 5)).astype(np.float32)
    extra = np.array([0, 0, 3, 2], np.int64)
    shape = helper.make_node("Shape", ["X"], ["s"], name="shape")
    add = helper.make_node("Add", ["s", "extra"], ["sizes"], name="add")
    resize = helper.make_node("Resize", ["X", "", "", "sizes"], ["Y"], name="resize", mode="linear")
    relu = helper.make_node("Relu", ["Y"], ["Z"], name="relu")
    graph = helper.make_graph(
        [shape, add, resize, relu], "g",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, [1, 2, 4, 5]),
         helper.make_tensor_value_info("extra", TensorProto.INT64, [4])],
        [helper.make_tensor_value_info("Z", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    (z,) = assert_matches_onnxruntime(model, {"X": x, "extra": extra})
    assert z.shape == (1, 2, 7, 7)
    assert_ours({"Resize": 1})
    report = {n["node"]: n for n in ags_onnx.last_run()["nodes"]}
    assert report["shape"]["ran_on"] == "folded" and report["add"]["ran_on"] == "onnxruntime"
    assert "computed by an earlier partition and passed as a Const" in report["resize"]["why"]
    assert [p["ran_on"] for p in ags_onnx.last_run()["partitions"]] == ["onnxruntime", "npu", "onnxruntime"]


def test_a_node_the_plugin_does_not_map_runs_on_onnxruntime_with_the_reason(rng):
    """Resize-18 with antialias=1 (ONNX clamps the filter's taps, Interpolate-11 drops them): the
    plugin rejects it; it runs on ONNX Runtime and the report names the attribute. The GridSample
    after it still runs on our operator."""
    x = rng.uniform(-1, 1, (1, 2, 12, 10)).astype(np.float32)
    g = rng.uniform(-1, 1, (1, 5, 4, 2)).astype(np.float32)
    scales = numpy_helper.from_array(np.array([1, 1, 0.5, 0.5], np.float32), "scales")
    resize = helper.make_node("Resize", ["X", "", "scales"], ["r"], name="shrink", mode="linear", antialias=1)
    gs = helper.make_node("GridSample", ["r", "G"], ["Y"], name="warp")
    graph = helper.make_graph(
        [resize, gs], "g", [helper.make_tensor_value_info("X", TensorProto.FLOAT, x.shape),
                            helper.make_tensor_value_info("G", TensorProto.FLOAT, g.shape)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)], initializer=[scales])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    assert_matches_onnxruntime(model, {"X": x, "G": g})
    report = {n["node"]: n for n in ags_onnx.last_run()["nodes"]}
    assert report["shrink"]["ran_on"] == "onnxruntime" and "antialias is 1" in report["shrink"]["why"]
    assert report["warp"]["ran_on"] == "npu"


def test_gridsample_inside_control_flow_runs_with_it_on_onnxruntime(rng):
    x = rng.uniform(-1, 1, (1, 1, 4, 4)).astype(np.float32)
    g = rng.uniform(-1, 1, (1, 3, 3, 2)).astype(np.float32)
    out = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    then = helper.make_graph([helper.make_node("GridSample", ["X", "G"], ["y"], name="inner")], "then", [], [out])
    other = helper.make_graph([helper.make_node("Identity", ["X"], ["y"])], "else", [], [out])
    graph = helper.make_graph(
        [helper.make_node("If", ["cond"], ["Y"], name="branch", then_branch=then, else_branch=other)], "g",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, x.shape),
         helper.make_tensor_value_info("G", TensorProto.FLOAT, g.shape),
         helper.make_tensor_value_info("cond", TensorProto.BOOL, [])],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    assert_matches_onnxruntime(model, {"X": x, "G": g, "cond": np.array(True)})
    (node,) = ags_onnx.last_run()["nodes"]
    assert node["ran_on"] == "onnxruntime" and "control flow" in node["why"]


# ------------------------------------------------------------------------------------------------
# Errors: each an OnnxRunError with its GE status (docs/errors.md)
# ------------------------------------------------------------------------------------------------
def _relu_model(shape=(1, 2, "h", 3), dtype=TensorProto.FLOAT, opset=20):
    graph = helper.make_graph([helper.make_node("Relu", ["X"], ["Y"], name="act")], "g",
                              [helper.make_tensor_value_info("X", dtype, shape)],
                              [helper.make_tensor_value_info("Y", dtype, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


@pytest.mark.parametrize("feeds,status,message", [
    ({}, 145000, "no value fed for graph input(s) ['X']"),
    ({"X": np.zeros((1, 2, 4, 3), np.float32), "Z": np.zeros(1)}, 145000, "feeds name ['Z'], which are not graph inputs"),
    ({"X": np.zeros((1, 2, 4, 3), np.float64)}, 145022, "input 'X' has dtype float64; the model declares float32"),
    ({"X": np.zeros((1, 3, 4, 3), np.float32)}, 145021, "input 'X' has shape [1, 3, 4, 3]; the model declares [1, 2, '?', 3]"),
    ({"X": np.zeros((1, 2, 4), np.float32)}, 145021, "input 'X' has shape [1, 2, 4]"),
])
def test_bad_feeds(feeds, status, message):
    with pytest.raises(ags_onnx.OnnxRunError) as err:
        ags_onnx.run(_relu_model(), feeds)
    assert err.value.status == status and message in str(err.value), str(err.value)


def test_a_named_dim_takes_any_length():
    (y,) = ags_onnx.run(_relu_model(), {"X": np.full((1, 2, 7, 3), -1, np.float32)})
    assert y.shape == (1, 2, 7, 3) and not y.any()


def test_bad_models(tmp_path):
    x = {"X": np.zeros((1, 2, 1, 3), np.float32)}
    cases = []
    path = tmp_path / "broken.onnx"
    path.write_bytes(b"not a model")
    cases.append((str(path), 145000, "cannot read the model"))
    cases.append((str(tmp_path / "missing.onnx"), 145000, "cannot read the model"))
    no_opset = _relu_model()
    del no_opset.opset_import[:]
    no_opset.opset_import.append(helper.make_opsetid("com.example", 1))
    cases.append((no_opset, 145000, "imports no ai.onnx opset"))
    dangling = _relu_model()
    dangling.graph.node[0].input[0] = "nowhere"
    cases.append((dangling, 145000, "node 'act' (Relu): input 'nowhere' is neither a graph input"))
    unknown = _relu_model()
    unknown.graph.node[0].op_type = "NoSuchOp"
    cases.append((unknown, 145000, "ONNX Runtime rejects node(s) 'act'"))
    for model, status, message in cases:
        with pytest.raises(ags_onnx.OnnxRunError) as err:
            ags_onnx.run(model, x)
        assert err.value.status == status and message in str(err.value), str(err.value)


def test_a_host_node_failing_at_run_time():
    """A Reshape to a fed shape of another size: shape inference cannot know; ONNX Runtime fails."""
    graph = helper.make_graph([helper.make_node("Reshape", ["X", "S"], ["Y"], name="reshape")], "g",
                              [helper.make_tensor_value_info("X", TensorProto.FLOAT, [6]),
                               helper.make_tensor_value_info("S", TensorProto.INT64, [1])],
                              [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    with pytest.raises(ags_onnx.OnnxRunError) as err:
        ags_onnx.run(model, {"X": np.zeros(6, np.float32), "S": np.array([4], np.int64)})
    assert err.value.status == 545000 and "ONNX Runtime failed running node(s) 'reshape'" in str(err.value)


def test_a_dtype_the_ge_op_does_not_take():
    """GridSample in float64 is valid ONNX; the GE prototype takes float16 / float32 / bfloat16."""
    x, g = np.zeros((1, 1, 2, 2)), np.zeros((1, 1, 1, 2))
    graph = helper.make_graph([helper.make_node("GridSample", ["X", "G"], ["Y"], name="warp")], "g",
                              [helper.make_tensor_value_info("X", TensorProto.DOUBLE, x.shape),
                               helper.make_tensor_value_info("G", TensorProto.DOUBLE, g.shape)],
                              [helper.make_tensor_value_info("Y", TensorProto.DOUBLE, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    with pytest.raises(ags_onnx.OnnxRunError) as err:
        ags_onnx.run(model, {"X": x, "G": g})
    assert err.value.status == 145022 and "node 'warp' (GridSample): input 'x' has dtype DT_DOUBLE" in str(err.value)


def test_outputs_that_are_folded_values_or_graph_inputs(rng):
    x = rng.uniform(-1, 1, (1, 1, 3, 4)).astype(np.float32)
    scales = numpy_helper.from_array(np.array([1, 1, 2, 2], np.float32), "scales")
    graph = helper.make_graph(
        [helper.make_node("Shape", ["X"], ["S"], name="shape"),
         helper.make_node("Resize", ["X", "", "scales"], ["Y"], name="resize", mode="nearest")], "g",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info(n, t, None) for n, t in (("Y", TensorProto.FLOAT), ("S", TensorProto.INT64),
                                                                ("X", TensorProto.FLOAT))],
        initializer=[scales])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    y, s, same = assert_matches_onnxruntime(model, {"X": x})
    np.testing.assert_array_equal(s, [1, 1, 3, 4])
    np.testing.assert_array_equal(same, x)
    assert_ours({"Resize": 1})


def test_nodes_whose_values_nothing_reads_still_run(rng):
    x = rng.uniform(-1, 1, (1, 1, 3, 3)).astype(np.float32)
    g = rng.uniform(-1, 1, (1, 2, 2, 2)).astype(np.float32)
    graph = helper.make_graph(
        [helper.make_node("GridSample", ["X", "G"], ["unused"], name="warp"),
         helper.make_node("Relu", ["unused"], ["unused2"], name="relu"),
         helper.make_node("Neg", ["X"], ["Y"], name="neg")], "g",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, x.shape),
         helper.make_tensor_value_info("G", TensorProto.FLOAT, g.shape)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    assert_matches_onnxruntime(model, {"X": x, "G": g})
    assert_ours({"GridSample": 1})
    assert [p["nodes"] for p in ags_onnx.last_run()["partitions"]] == [["warp"], ["relu", "neg"]]
