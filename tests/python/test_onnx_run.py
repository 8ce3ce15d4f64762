"""ascend_gridsample.onnx.run: ONNX models through the op package's ONNX parser plugin
(framework/onnx_plugin) into a GE graph run by Session::RunGraph.

- The ONNX specification's GridSample vectors (regenerated from the onnx wheel's backend test
  generators, as tests/python/test_onnx.py does) as single-node models at opset 22, and the 2-D
  ones again at opset 16 with that version's mode names (bilinear / bicubic).
- A torch.onnx.export of a small spatial transformer (affine_grid of a learned theta +
  grid_sample; the grid's constant subgraph is folded) matches torch.
- Values and opsets the plugin cannot map go to ONNX Runtime (which rejects these invalid ones,
  naming the node); other operators run there."""
import io

import numpy as np
import onnx
import pytest
import torch
import torch.nn.functional as F
from onnx import TensorProto, helper

import ascend_gridsample.onnx as ags_onnx
from conftest import onnx_gridsample_spec_nodes, torch_ref

SPEC_RTOL, SPEC_ATOL = 1e-3, 1e-4   # as test_onnx.py: the vectors are printed with 4 to 6 decimals
OPSET16_MODE = {"linear": "bilinear", "nearest": "nearest", "cubic": "bicubic"}


def _spec_nodes():
    cases = onnx_gridsample_spec_nodes()
    return [pytest.param(node, inputs, outputs, id=name) for name, node, inputs, outputs in cases]


SPEC_NODES = _spec_nodes()


def ran_on_npu():
    return [n["ran_on"] for n in ags_onnx.last_run()["nodes"]] == ["npu"] * len(ags_onnx.last_run()["nodes"])


def single_node_model(node, inputs, opset):
    graph = helper.make_graph(
        [node], "grid_sample",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(a.shape)) for n, a in zip(node.input, inputs)],
        [helper.make_tensor_value_info(node.output[0], TensorProto.FLOAT, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def gridsample_node(name="gs", **attrs):
    return helper.make_node("GridSample", ["X", "Grid"], ["Y"], name=name, **attrs)


def test_spec_nodes_found():
    assert len(SPEC_NODES) >= 18


@pytest.mark.parametrize("node,inputs,outputs", SPEC_NODES)
def test_spec_vectors_through_the_plugin(node, inputs, outputs):
    model = single_node_model(node, inputs, 22)
    (y,) = ags_onnx.run(model, dict(zip(node.input, inputs)))
    assert ran_on_npu()
    assert y.dtype == np.float32 and y.shape == outputs[0].shape
    np.testing.assert_allclose(y, outputs[0], rtol=SPEC_RTOL, atol=SPEC_ATOL)


@pytest.mark.parametrize("node,inputs,outputs", [p for p in SPEC_NODES if p.values[1][0].ndim == 4])
def test_spec_vectors_at_opset_16(node, inputs, outputs):
    """GridSample-16 names the modes bilinear / nearest / bicubic (4-D only)."""
    node = onnx.NodeProto.FromString(node.SerializeToString())
    for a in node.attribute:
        if a.name == "mode":
            a.s = OPSET16_MODE[a.s.decode()].encode()
    (y,) = ags_onnx.run(single_node_model(node, inputs, 16), dict(zip(node.input, inputs)))
    assert ran_on_npu()
    np.testing.assert_allclose(y, outputs[0], rtol=SPEC_RTOL, atol=SPEC_ATOL)


def test_default_attributes_and_model_file(tmp_path, rng):
    """No attributes: linear, zeros, align_corners=0; the model read from a path."""
    x = rng.standard_normal((1, 2, 5, 6)).astype(np.float32)
    g = rng.uniform(-1.1, 1.1, (1, 3, 4, 2)).astype(np.float32)
    path = tmp_path / "gs.onnx"
    onnx.save(single_node_model(gridsample_node(), [x, g], 20), str(path))
    (y,) = ags_onnx.run(str(path), {"X": x, "Grid": g})
    assert ran_on_npu()
    np.testing.assert_allclose(y, torch_ref(x, g, "bilinear", "zeros", False), rtol=0, atol=1e-5)


def test_chain_of_two_nodes(rng):
    """The first node's output is the second's input (volumetric nearest, then linear)."""
    x = rng.standard_normal((1, 2, 4, 5, 6)).astype(np.float32)
    g1 = rng.uniform(-1, 1, (1, 4, 5, 6, 3)).astype(np.float32)
    g2 = rng.uniform(-1, 1, (1, 2, 3, 3, 3)).astype(np.float32)
    n1 = helper.make_node("GridSample", ["X", "G1"], ["T"], name="first", mode="nearest", padding_mode="border")
    n2 = helper.make_node("GridSample", ["T", "G2"], ["Y"], name="second", mode="linear", align_corners=1)
    graph = helper.make_graph(
        [n1, n2], "chain",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(a.shape)) for n, a in (("X", x), ("G1", g1), ("G2", g2))],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])
    (y,) = ags_onnx.run(model, {"X": x, "G1": g1, "G2": g2})
    assert ran_on_npu() and len(ags_onnx.last_run()["partitions"]) == 1   # one GE graph
    ref = torch_ref(torch_ref(x, g1, "nearest", "border", False).astype(np.float32), g2, "bilinear", "zeros", True)
    np.testing.assert_allclose(y, ref, rtol=0, atol=1e-5)


class SpatialTransformer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.theta = torch.nn.Parameter(torch.tensor([[[0.9, 0.15, 0.05], [-0.1, 0.8, -0.1]]]))

    def forward(self, x):
        grid = F.affine_grid(self.theta.expand(x.shape[0], 2, 3), list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)


def test_torch_onnx_export_of_a_spatial_transformer():
    module = SpatialTransformer().eval()
    x = torch.randn(2, 3, 12, 10)
    buf = io.BytesIO()
    torch.onnx.export(module, (x,), buf, opset_version=20, dynamo=False, input_names=["x"], output_names=["y"])
    model = onnx.load_from_string(buf.getvalue())
    assert "GridSample" in [n.op_type for n in model.graph.node]
    (y,) = ags_onnx.run(model, {"x": x.numpy()})
    where = {n["op_type"]: n["ran_on"] for n in ags_onnx.last_run()["nodes"]}
    assert where.pop("GridSample") == "npu" and set(where.values()) == {"folded"}   # the grid is folded
    with torch.no_grad():
        ref = module.double()(x.double()).numpy()
    np.testing.assert_allclose(y, ref, rtol=0, atol=1e-5)


@pytest.mark.parametrize("opset,attrs,expect", [
    (20, {"mode": "bilinear"}, "mode 'bilinear' is not a GridSample-20 mode; expected linear, nearest or cubic"),
    (16, {"mode": "linear"}, "mode 'linear' is not a GridSample-16 mode; expected bilinear, nearest or bicubic"),
    (22, {"padding_mode": "wrap"}, "padding_mode 'wrap'; expected zeros, border or reflection"),
    (15, {}, "no ONNX parser plugin maps ai.onnx::15::GridSample"),
    (29, {}, "no ONNX parser plugin maps ai.onnx::29::GridSample"),
])
def test_unmappable_node_goes_to_onnxruntime_which_rejects_it_too(opset, attrs, expect):
    """A node the plugin does not map runs on ONNX Runtime; these are not valid ONNX either, so
    ONNX Runtime rejects them, and the error says why the node was there."""
    x, g = np.zeros((1, 1, 2, 2), np.float32), np.zeros((1, 1, 1, 2), np.float32)
    model = single_node_model(gridsample_node("warp", **attrs), [x, g], opset)
    with pytest.raises(ags_onnx.OnnxRunError, match="ONNX Runtime rejects node.s. 'warp'") as err:
        ags_onnx.run(model, {"X": x, "Grid": g})
    assert "node 'warp' ran on onnxruntime because the parser plugin does not map it: node 'warp'" in str(err.value)
    assert expect in str(err.value)
    assert err.value.status == 145000   # ACL_ERROR_GE_PARAM_INVALID
    assert ags_onnx.last_run()["nodes"][0]["ran_on"] == "onnxruntime"


def test_other_operators_run_on_onnxruntime():
    x = np.linspace(-1, 1, 4, dtype=np.float32).reshape(1, 1, 2, 2)
    node = helper.make_node("Relu", ["X"], ["Y"], name="act")
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("X", TensorProto.FLOAT, [1, 1, 2, 2])],
                              [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])
    (y,) = ags_onnx.run(model, {"X": x})
    np.testing.assert_array_equal(y, np.maximum(x, 0))
    assert ags_onnx.last_run()["nodes"] == [{"node": "act", "op_type": "Relu", "ran_on": "onnxruntime", "partition": 0,
                                            "why": "this package has no operator for Relu"}]


def test_graph_engine_errors_come_back_with_their_status():
    """A grid whose last dim is not 2 passes the plugin and fails infer-shape in RunGraph."""
    x, g = np.zeros((1, 1, 2, 2), np.float32), np.zeros((1, 1, 1, 3), np.float32)
    with pytest.raises(ags_onnx.OnnxRunError, match="grid last dim is 3; expected 2") as err:
        ags_onnx.run(single_node_model(gridsample_node("gs"), [x, g], 22), {"X": x, "Grid": g})
    assert err.value.status == 145021   # ACL_ERROR_GE_SHAPE_INVALID
