"""torch integration: torch.ops.ascend_gridsample.grid_sample, torch.compile(fullgraph=True),
torch.export, the fake implementation (FakeTensorMode, opcheck), autograd (values in test_backward.py), and torch
staying optional for numpy users. Reference: torch.nn.functional.grid_sample in float64.
"""
from __future__ import annotations

import os
import subprocess
import sys
import zlib

import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

# float32 criterion (2-D AI Core kernel): torch's own float32 error + 1e-5 of the data range
TOL_F32_REL = 1e-5


def ref64(x, g, mode, padding, align, channel_last=False):
    if channel_last:
        x = x.movedim(-1, 1)
    return F.grid_sample(x.double(), g.double(), mode=mode, padding_mode=padding, align_corners=align)


def assert_close_to_torch(out, x, g, mode, padding, align, channel_last=False):
    ref = ref64(x, g, mode, padding, align, channel_last)
    xin = x.movedim(-1, 1) if channel_last else x
    t32 = F.grid_sample(xin.float(), g.float(), mode=mode, padding_mode=padding, align_corners=align).double()
    tol = float((t32 - ref).abs().max()) + TOL_F32_REL * float(xin.max() - xin.min())
    assert out.shape == ref.shape
    err = float((out.double() - ref).abs().max())
    assert err <= tol, f"{mode}/{padding}/{align}: err {err:.3e} > tol {tol:.3e}"


def inputs(seed=0, n=2, c=3, h=9, w=11, ho=5, wo=7):
    gen = torch.Generator().manual_seed(seed)
    x = torch.rand(n, c, h, w, generator=gen) * 2 - 1
    g = torch.rand(n, ho, wo, 2, generator=gen) * 2.4 - 1.2
    return x, g


def test_op_registered_with_schema():
    assert hasattr(torch.ops, "ascend_gridsample")
    op = torch.ops.ascend_gridsample.grid_sample
    schema = op.default._schema
    assert [a.name for a in schema.arguments] == ["input", "grid", "mode", "padding_mode", "align_corners",
                                                  "channel_last"]
    assert [str(a.type) for a in schema.arguments] == ["Tensor", "Tensor", "str", "str", "bool", "bool"]
    assert len(schema.returns) == 1 and str(schema.returns[0].type) == "Tensor"
    assert not schema.is_mutable


def test_op_registered_at_import_in_fresh_process():
    """After `import torch; import ascend_gridsample` the op exists without any call."""
    code = ("import torch, ascend_gridsample; "
            "assert hasattr(torch.ops.ascend_gridsample, 'grid_sample'); "
            "torch.ops.ascend_gridsample.grid_sample.default; print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_register_torch_ops_when_torch_imported_later():
    code = ("import ascend_gridsample as a, sys; assert 'torch' not in sys.modules; import torch; "
            "a.register_torch_ops(); torch.ops.ascend_gridsample.grid_sample.default; print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align", [False, True])
def test_op_direct_call_matches_torch(mode, padding, align):
    x, g = inputs(seed=zlib.crc32(f"{mode}{padding}{align}".encode()))
    out = torch.ops.ascend_gridsample.grid_sample(x, g, mode, padding, align, False)
    assert isinstance(out, torch.Tensor) and out.dtype == torch.float32 and tuple(out.shape) == (2, 3, 5, 7)
    assert_close_to_torch(out, x, g, mode, padding, align)
    # the Python front end gives the same bits
    assert torch.equal(out, ags.grid_sample(x, g, mode, padding, align))
    # channel_last through the op
    xl = x.permute(0, 2, 3, 1).contiguous()
    out_l = torch.ops.ascend_gridsample.grid_sample(xl, g, mode, padding, align, True)
    assert torch.equal(out_l, out)


def test_op_5d_and_float64():
    gen = torch.Generator().manual_seed(5)
    x = torch.rand(2, 3, 4, 5, 6, generator=gen, dtype=torch.float64)
    g = torch.rand(2, 3, 2, 4, 3, generator=gen, dtype=torch.float64) * 2.4 - 1.2
    out = torch.ops.ascend_gridsample.grid_sample(x, g, "bilinear", "reflection", True, False)
    torch.testing.assert_close(out, ref64(x, g, "bilinear", "reflection", True), rtol=0, atol=1e-12)


# ------------------------------------------------------------------------------------------------
# torch.compile / torch.export
# ------------------------------------------------------------------------------------------------
def _model_fn(x, g):
    y = ags.grid_sample(x * 2.0 - 0.5, g, "bilinear", "border", False)
    z = ags.grid_sample(x, g, mode="bicubic", padding_mode="reflection", align_corners=True)
    return torch.relu(y) + z


def _model_ref(x, g):
    y = F.grid_sample((x * 2.0 - 0.5).double(), g.double(), "bilinear", "border", False)
    z = F.grid_sample(x.double(), g.double(), mode="bicubic", padding_mode="reflection", align_corners=True)
    return torch.relu(y) + z


def test_torch_compile_fullgraph_matches_eager_and_torch():
    torch._dynamo.reset()
    x, g = inputs(seed=11)
    compiled = torch.compile(_model_fn, fullgraph=True)
    with torch.no_grad():
        got = compiled(x, g)
        eager = _model_fn(x, g)
    ref = _model_ref(x, g)
    assert got.shape == eager.shape == ref.shape and got.dtype == torch.float32
    # the op itself is opaque to inductor; only the surrounding elementwise code may be fused
    torch.testing.assert_close(got, eager, rtol=1e-6, atol=1e-6)
    assert float((got.double() - ref).abs().max()) <= 1e-5
    # a second call with other values (same shapes) reuses the graph and stays right
    x2, g2 = inputs(seed=12)
    with torch.no_grad():
        got2 = compiled(x2, g2)
    assert float((got2.double() - _model_ref(x2, g2)).abs().max()) <= 1e-5


def test_torch_compile_graph_contains_the_op():
    """With a capturing backend: the graph has one call of the custom op per grid_sample, no break."""
    torch._dynamo.reset()
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    x, g = inputs(seed=13)
    out = torch.compile(_model_fn, backend=backend, fullgraph=True)(x, g)
    assert len(graphs) == 1
    targets = [n.target for n in graphs[0].graph.nodes if n.op == "call_function"]
    ops = [t for t in targets if "ascend_gridsample" in str(t)]
    assert len(ops) == 2, targets
    assert torch.equal(out, _model_fn(x, g))


class _Sampler(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.tensor(0.9), requires_grad=False)

    def forward(self, x, g):
        return ags.grid_sample(x, g * self.scale, "bilinear", "zeros", False)


def test_torch_export_runs_and_matches():
    x, g = inputs(seed=21)
    model = _Sampler().eval()
    ep = torch.export.export(model, (x, g))
    targets = [str(n.target) for n in ep.graph.nodes if n.op == "call_function"]
    assert any("ascend_gridsample.grid_sample" in t for t in targets), targets
    out = ep.module()(x, g)
    assert torch.equal(out, model(x, g))
    ref = F.grid_sample(x.double(), (g * 0.9).double(), "bilinear", "zeros", False)
    assert float((out.double() - ref).abs().max()) <= 1e-5
    # other values, same shapes
    x2, g2 = inputs(seed=22)
    torch.testing.assert_close(ep.module()(x2, g2), model(x2, g2), rtol=0, atol=0)


def test_torch_export_dynamic_batch():
    x, g = inputs(seed=23, n=3)
    batch = torch.export.Dim("batch", min=1, max=16)
    ep = torch.export.export(_Sampler().eval(), (x, g), dynamic_shapes=({0: batch}, {0: batch}))
    x5, g5 = inputs(seed=24, n=5)
    out = ep.module()(x5, g5)
    assert tuple(out.shape) == (5, 3, 5, 7)
    assert torch.equal(out, _Sampler().eval()(x5, g5))


# ------------------------------------------------------------------------------------------------
# Fake implementation
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", [
    ((2, 3, 9, 11), (2, 5, 7, 2), False, torch.float32, (2, 3, 5, 7)),
    ((2, 9, 11, 3), (2, 5, 7, 2), True, torch.float16, (2, 3, 5, 7)),
    ((1, 4, 3, 5, 6), (1, 2, 3, 4, 3), False, torch.bfloat16, (1, 4, 2, 3, 4)),
    ((1, 3, 5, 6, 4), (1, 2, 3, 4, 3), True, torch.float64, (1, 4, 2, 3, 4)),
    ((2, 3, 7), (2, 4, 1), False, torch.float64, (2, 3, 4)),
    ((2, 3, 7), (2, 4, 1), False, torch.uint8, (2, 3, 4)),
], ids=["nchw", "nhwc", "ncdhw", "ndhwc", "ncw", "uint8"])
def test_fake_tensor_mode_shape_dtype(case):
    from torch._subclasses.fake_tensor import FakeTensorMode

    xs, gs, channel_last, dt, want = case
    gdt = torch.float32 if not dt.is_floating_point else dt
    with FakeTensorMode():
        x = torch.empty(xs, dtype=dt)
        g = torch.empty(gs, dtype=gdt)
        out = torch.ops.ascend_gridsample.grid_sample(x, g, "bilinear", "zeros", False, channel_last)
        out2 = ags.grid_sample(x, g, "nearest", "border", True, channel_last=channel_last)
    for o in (out, out2):
        assert tuple(o.shape) == want
        assert o.dtype == dt
        assert o.device.type == "cpu"


def test_fake_matches_real_shapes():
    """Meta / fake output shape equals the real output shape for a few layouts."""
    from torch._subclasses.fake_tensor import FakeTensorMode

    for xs, gs, cl in [((2, 3, 9, 11), (2, 5, 7, 2), False), ((2, 9, 11, 3), (2, 4, 6, 2), True),
                       ((1, 2, 4, 5, 6), (1, 3, 2, 2, 3), False)]:
        real = ags.grid_sample(torch.rand(xs), torch.rand(gs) * 2 - 1, channel_last=cl)
        with FakeTensorMode() as mode:
            fx = mode.from_tensor(torch.rand(xs))
            fg = mode.from_tensor(torch.rand(gs))
            fake = ags.grid_sample(fx, fg, channel_last=cl)
        assert tuple(fake.shape) == tuple(real.shape) and fake.dtype == real.dtype


@pytest.mark.parametrize("args", [
    ("bilinear", "zeros", False, False),
    ("bicubic", "reflection", True, False),
    ("nearest", "border", False, True),
])
def test_opcheck(args):
    """torch.library.opcheck: schema, fake tensor, and aot-dispatch consistency of the operator."""
    x, g = inputs(seed=31)
    if args[3]:
        x = x.permute(0, 2, 3, 1).contiguous()
    torch.library.opcheck(torch.ops.ascend_gridsample.grid_sample.default, (x, g) + args)


# ------------------------------------------------------------------------------------------------
# Autograd
# ------------------------------------------------------------------------------------------------
def test_forward_keeps_graph_for_backward():
    """The op is registered with autograd: gradients flow (values: test_backward.py)."""
    x, g = inputs(seed=41)
    x.requires_grad_()
    g.requires_grad_()
    out = ags.grid_sample(x, g)
    assert out.requires_grad
    out.sum().backward()
    assert x.grad.shape == x.shape and g.grad.shape == g.shape


def test_no_grad_forward_has_no_graph():
    x, g = inputs(seed=42)
    x.requires_grad_()
    with torch.no_grad():
        out = ags.grid_sample(x, g)
    assert not out.requires_grad


# ------------------------------------------------------------------------------------------------
# torch is optional
# ------------------------------------------------------------------------------------------------
def test_numpy_use_does_not_import_torch():
    code = ("import sys, ascend_gridsample as a, numpy as np; "
            "a.grid_sample(np.zeros((1,1,2,2),np.float32), np.zeros((1,1,1,2),np.float32)); "
            "a.grid_sample(np.zeros((1,1,2,2,2),np.float64), np.zeros((1,1,1,1,3),np.float64), 'cubic'); "
            "a.backend(); a.last_launch_stats(); "
            "assert 'torch' not in sys.modules, 'torch imported'; print('ok')")
    env = dict(os.environ)
    env.pop("ASCEND_GRIDSAMPLE_BUILD", None)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
