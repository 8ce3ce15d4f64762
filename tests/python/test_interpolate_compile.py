"""ags.interpolate under torch.compile(fullgraph=True) (static and dynamic shapes) and torch.export,
in every mode and both shape calculation modes, as grid_sample traces; the custom operator passes
torch.library.opcheck. Results are compared with eager calls and, for the modes torch shares, with
torch.nn.functional.interpolate in float64."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

# (attributes, scales_or_sizes, axes) per mode; the axes suit each mode's rules
CASES = {
    "nearest": dict(mode="nearest"),
    "linear": dict(mode="linear", antialias=True),
    "linear_onnx": dict(mode="linear_onnx"),
    "cubic": dict(mode="cubic"),
    "bilinear_pillow": dict(mode="bilinear_pillow"),
    "bicubic_pillow": dict(mode="bicubic_pillow"),
}
VALUES = {"sizes": [5, 13], "scales": [0.5, 1.75]}


def _x(shape=(2, 3, 10, 8), seed=0):
    return torch.from_numpy(np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32))


def _fn(attrs, calc):
    def f(x):
        return ags.interpolate(x, VALUES[calc], [2, 3], shape_calculation_mode=calc, **attrs) * 2.0
    return f


@pytest.mark.parametrize("calc", sorted(VALUES))
@pytest.mark.parametrize("mode", sorted(CASES))
@pytest.mark.parametrize("dynamic", [False, True])
def test_compile_fullgraph(mode, calc, dynamic):
    torch._dynamo.reset()
    f = _fn(CASES[mode], calc)
    compiled = torch.compile(f, fullgraph=True, dynamic=dynamic)
    for shape in ((2, 3, 10, 8), (1, 2, 12, 9)):
        x = _x(shape)
        np.testing.assert_array_equal(compiled(x).numpy(), f(x).numpy())


@pytest.mark.parametrize("calc", sorted(VALUES))
@pytest.mark.parametrize("mode", sorted(CASES))
def test_export(mode, calc):
    class M(torch.nn.Module):
        def forward(self, x):
            return _fn(CASES[mode], calc)(x)

    x = _x()
    ep = torch.export.export(M(), (x,))
    targets = {str(n.target) for n in ep.graph.nodes if n.op == "call_function"}
    assert "ascend_gridsample.interpolate.default" in targets
    y = _x(seed=1)
    np.testing.assert_array_equal(ep.module()(y).numpy(), M()(y).numpy())


def test_export_dynamic_batch_and_sizes_mode_lengths():
    """Sizes mode keeps every dim dynamic: batch, channels and the resized axes' input lengths."""
    class M(torch.nn.Module):
        def forward(self, x):
            return ags.interpolate(x, [7, 9], [2, 3], mode="cubic", shape_calculation_mode="sizes")

    dim = torch.export.Dim
    ep = torch.export.export(M(), (_x(),), dynamic_shapes=({0: dim("n"), 2: dim("h"), 3: dim("w")},))
    for shape in ((3, 3, 6, 11), (1, 3, 20, 4)):
        y = _x(shape, seed=2)
        np.testing.assert_array_equal(ep.module()(y).numpy(), M()(y).numpy())


@pytest.mark.parametrize("torch_mode,attrs", [
    ("bilinear", dict(mode="linear_onnx")),
    ("bicubic", dict(mode="cubic")),
    ("nearest", dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor")),
])
def test_compiled_matches_torch_interpolate(torch_mode, attrs):
    torch._dynamo.reset()
    x = _x((2, 3, 9, 14), seed=3)
    f = torch.compile(lambda t: ags.interpolate(t, [17, 6], [2, 3], shape_calculation_mode="sizes", **attrs),
                      fullgraph=True, dynamic=True)
    want = F.interpolate(x.double(), size=(17, 6), mode=torch_mode,
                         **({} if torch_mode == "nearest" else dict(align_corners=False)))
    np.testing.assert_allclose(f(x).double().numpy(), want.numpy(), rtol=0, atol=2e-5 * 2.0 * 1.5)


@pytest.mark.parametrize("calc", sorted(VALUES))
@pytest.mark.parametrize("mode", sorted(CASES))
def test_opcheck(mode, calc):
    attrs = dict(CASES[mode])
    values = VALUES[calc]
    args = (_x(), values if calc == "scales" else [], values if calc == "sizes" else [], [2, 3], attrs.pop("mode"),
            calc, "half_pixel", "round_prefer_floor", attrs.get("antialias", False), [], [], None)
    torch.library.opcheck(torch.ops.ascend_gridsample.interpolate.default, args)


def test_compile_rejects_what_eager_rejects():
    """The fake implementation checks the shapes as the operator does: a bad call fails at trace
    time with the operator's message."""
    torch._dynamo.reset()
    f = torch.compile(lambda t: ags.interpolate(t, [5, 5, 5], [1, 2, 3], mode="bicubic_pillow",
                                                shape_calculation_mode="sizes"), fullgraph=True)
    with pytest.raises(Exception, match="exactly two axes"):
        f(_x())
