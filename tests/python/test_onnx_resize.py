"""ascend_gridsample.onnx.run on Resize models: the ONNX parser plugin
(framework/onnx_plugin/interpolate_onnx_plugin.cpp) maps ai.onnx Resize-11/13/18/19 onto the GE op
Interpolate; scales / sizes are initializers (Const operators, read by the infer function).

- The onnx wheel's Resize node tests whose semantics Interpolate-11 shares, as single-node models
  with X fed and scales / sizes as initializers, at the opset of their generator (18 or 19 when
  they use axes or the newer attributes, else 13) and again at 11 where the node is a Resize-11 one.
- The others run on ONNX Runtime, with the attribute named in the run's report.
- A torch.onnx.export of F.interpolate (scale factors: constant scales) matches torch."""
import io

import numpy as np
import onnx
import onnxruntime as ort
import pytest
import torch
import torch.nn.functional as F
from onnx import TensorProto, helper, numpy_helper

import ascend_gridsample as ags
import ascend_gridsample.onnx as ags_onnx
from test_interpolate import ONNX_CASES, onnx_resize_exclusion, onnx_resize_to_interpolate

if not hasattr(ags, "interpolate"):
    pytest.skip("this build has no ags.interpolate", allow_module_level=True)

SPEC_RTOL, SPEC_ATOL = 1e-4, 1e-5


def resize_model(node, inputs, opset):
    """Single-node model: X a graph input, the other non-empty inputs initializers."""
    names = [n for n in node.input if n]          # inputs: the values of the non-empty ones, in order
    inits = [numpy_helper.from_array(np.asarray(a), n) for n, a in zip(names[1:], inputs[1:])]
    graph = helper.make_graph(
        [node], "resize", [helper.make_tensor_value_info(node.input[0], TensorProto.FLOAT, list(inputs[0].shape))],
        [helper.make_tensor_value_info(node.output[0], TensorProto.FLOAT, None)], initializer=inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def _opset(node):
    names = {a.name for a in node.attribute}
    ctm = next((a.s for a in node.attribute if a.name == "coordinate_transformation_mode"), b"")
    if ctm == b"half_pixel_symmetric":
        return 19
    return 18 if names & {"axes", "antialias", "keep_aspect_ratio_policy"} else 13


def _split(cases):
    """The node tests Interpolate-11 runs, and those the plugin rejects (with the reason). The
    align_corners-with-scales ones are neither: the plugin maps them, and ONNX's reference differs
    there (the fractional output length), so they are not compared."""
    kept, rejected = [], []
    for name, node, inputs, outputs in cases:
        _, _, _, attrs, scales = onnx_resize_to_interpolate(node, inputs)
        why = onnx_resize_exclusion(name, attrs, scales)
        if not why:
            kept.append(pytest.param(node, inputs, outputs, why, id=name))
        elif "align_corners with scales" not in why:
            rejected.append(pytest.param(node, inputs, outputs, why, id=name))
    return kept, rejected


KEPT, REJECTED = _split(ONNX_CASES)


def test_node_tests_found():
    assert len(KEPT) >= 18 and len(REJECTED) >= 8


@pytest.mark.parametrize("node,inputs,outputs,why", KEPT)
def test_resize_node_tests_through_the_plugin(node, inputs, outputs, why):
    (y,) = ags_onnx.run(resize_model(node, inputs, _opset(node)), {node.input[0]: inputs[0]})
    assert ags_onnx.last_run()["nodes"][0]["ran_on"] == "npu"
    assert y.dtype == np.float32 and y.shape == outputs[0].shape
    np.testing.assert_allclose(y, outputs[0], rtol=SPEC_RTOL, atol=SPEC_ATOL)


@pytest.mark.parametrize("node,inputs,outputs,why", [p for p in KEPT if _opset(p.values[0]) == 13])
def test_resize_node_tests_at_opset_11(node, inputs, outputs, why):
    """Resize-11 takes the same inputs (roi given, even if empty)."""
    node = onnx.NodeProto.FromString(node.SerializeToString())
    (y,) = ags_onnx.run(resize_model(node, inputs, 11), {node.input[0]: inputs[0]})
    assert ags_onnx.last_run()["nodes"][0]["ran_on"] == "npu"
    np.testing.assert_allclose(y, outputs[0], rtol=SPEC_RTOL, atol=SPEC_ATOL)


@pytest.mark.parametrize("node,inputs,outputs,why", REJECTED)
def test_resize_node_tests_the_plugin_rejects_run_on_onnxruntime(node, inputs, outputs, why):
    """The plugin does not map them; they run on ONNX Runtime (the same floats as ONNX Runtime on
    the model) and the report names the attribute."""
    attr = {"antialias": "antialias", "exclude_outside=1": "exclude_outside",
            "keep_aspect_ratio_policy other than stretch": "keep_aspect_ratio_policy"}.get(
        why.split(":")[0], "coordinate_transformation_mode")
    model = resize_model(node, inputs, _opset(node))
    (y,) = ags_onnx.run(model, {node.input[0]: inputs[0]})
    (ref,) = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(
        None, {node.input[0]: inputs[0]})
    np.testing.assert_array_equal(y, ref)
    (entry,) = ags_onnx.last_run()["nodes"]
    assert entry["ran_on"] == "onnxruntime" and "parser plugin does not map it" in entry["why"]
    assert attr in entry["why"] and "Resize" in entry["why"], entry["why"]


@pytest.mark.parametrize("attrs,word,runs", [
    (dict(mode="area"), "mode", False), (dict(nearest_mode="round"), "nearest_mode", False),
    (dict(foo=1), "foo", False),
    (dict(coordinate_transformation_mode="tf_half_pixel_for_nn"), "coordinate_transformation_mode", True)])
def test_other_values_the_plugin_rejects(attrs, word, runs):
    """Not mapped: invalid ONNX fails on ONNX Runtime too (the error gives the plugin's reason);
    tf_half_pixel_for_nn at opset 13 (a Resize-11 mode) runs there."""
    x = np.zeros((1, 1, 4, 4), np.float32)
    scales = np.array([1, 1, 2, 2], np.float32)
    node = helper.make_node("Resize", ["X", "", "scales"], ["Y"], name="r", **attrs)
    if runs:
        (y,) = ags_onnx.run(resize_model(node, [x, scales], 13), {"X": x})
        assert y.shape == (1, 1, 8, 8)
        text = ags_onnx.last_run()["nodes"][0]["why"]
    else:
        with pytest.raises(ags_onnx.OnnxRunError, match="ONNX Runtime rejects node.s. 'r'") as e:
            ags_onnx.run(resize_model(node, [x, scales], 13), {"X": x})
        assert e.value.status == 145000
        text = str(e.value).split("node 'r' ran on onnxruntime because", 1)[1]
    assert f"{word} '" in text or f"'{word}'" in text, text


def test_tf_half_pixel_for_nn_maps_at_opset_11():
    x = np.zeros((1, 1, 4, 4), np.float32)
    node = helper.make_node("Resize", ["X", "", "scales"], ["Y"], name="r", mode="nearest",
                            coordinate_transformation_mode="tf_half_pixel_for_nn")
    (y,) = ags_onnx.run(resize_model(node, [x, np.array([1, 1, 2, 2], np.float32)], 11), {"X": x})
    assert y.shape == (1, 1, 8, 8) and ags_onnx.last_run()["nodes"][0]["ran_on"] == "npu"


def test_axes_and_negative_axes_at_opset_18():
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (1, 2, 5, 7)).astype(np.float32)
    sizes = np.array([9, 3], np.int64)
    want = ags.interpolate(x, [9, 3], [3, 2], mode="linear", shape_calculation_mode="sizes")
    for axes in ([3, 2], [-1, -2]):
        node = helper.make_node("Resize", ["X", "", "", "sizes"], ["Y"], name="r", mode="linear", axes=axes)
        (y,) = ags_onnx.run(resize_model(node, [x, sizes], 18), {"X": x})
        assert ags_onnx.last_run()["nodes"][0]["ran_on"] == "npu"
        np.testing.assert_allclose(y, want, rtol=0, atol=1e-6)


def test_torch_export_of_interpolate_matches_torch():
    class Net(torch.nn.Module):
        def forward(self, x):
            y = F.interpolate(x, scale_factor=2.0, mode="bilinear", align_corners=False)
            return F.interpolate(y, scale_factor=(0.5, 1.5), mode="nearest")

    x = torch.rand(1, 3, 6, 8)
    buf = io.BytesIO()
    torch.onnx.export(Net(), (x,), buf, input_names=["x"], output_names=["y"], opset_version=13, dynamo=False)
    model = onnx.load_from_string(buf.getvalue())
    (y,) = ags_onnx.run(model, {"x": x.numpy()})
    assert [n["ran_on"] for n in ags_onnx.last_run()["nodes"] if n["op_type"] == "Resize"] == ["npu", "npu"]
    np.testing.assert_allclose(y, Net()(x).numpy(), rtol=0, atol=1e-5)
