"""Python API round trips for numpy and torch: result kind / dtype / device / shape, inputs left
unmodified, non-contiguous views (slices, transposes, channel_last) equal to the contiguous call,
ONNX-20 mode aliases, error types and messages, backend() / build= / last_launch_stats().

Value references are torch.nn.functional.grid_sample in float64; bit-for-bit comparisons are
only between two calls of this package on the same values (view vs contiguous copy, alias vs
name, checked vs fast build).
"""
from __future__ import annotations

import itertools
import os
import subprocess
import sys
import zlib

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

MODES = ("bilinear", "nearest", "bicubic")
PADDINGS = ("zeros", "border", "reflection")
COMBOS = list(itertools.product(MODES, PADDINGS, (False, True)))
NP_FLOATS = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float64": np.float64}
TORCH_FLOATS = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
                "float64": torch.float64}
TOL = {"float32": 1e-5, "float16": 1e-3, "bfloat16": 1e-2, "float64": 1e-12}   # / data range


def make_rng(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def bits(a) -> np.ndarray:
    a = np.ascontiguousarray(np.asarray(a))
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def assert_bit_equal(a, b, what=""):
    if isinstance(a, torch.Tensor):
        a = a.view(torch.int16).numpy() if a.dtype == torch.bfloat16 else a.numpy()
    if isinstance(b, torch.Tensor):
        b = b.view(torch.int16).numpy() if b.dtype == torch.bfloat16 else b.numpy()
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype.itemsize == b.dtype.itemsize, f"{what}: {a.shape}/{a.dtype} vs {b.shape}"
    ba, bb = bits(a), bits(b)
    assert np.array_equal(ba, bb), f"{what}: {int((ba != bb).sum())} of {ba.size} elements differ"


def torch_ref(x, grid, mode, padding, align) -> np.ndarray:
    if isinstance(x, torch.Tensor):
        xt, gt = x.double(), grid.double()
    else:
        xt = torch.from_numpy(np.asarray(x).astype(np.float64))
        gt = torch.from_numpy(np.asarray(grid).astype(np.float64))
    return F.grid_sample(xt, gt, mode=mode, padding_mode=padding, align_corners=align).numpy()


def assert_matches_torch(out, x, grid, mode, padding, align, dtype_name, what=""):
    """float32: torch's own float32 error + 1e-5 of the range; float16 1e-3; bfloat16 1e-2; float64 1e-12."""
    ref = torch_ref(x, grid, mode, padding, align)
    out64 = (out.double().numpy() if isinstance(out, torch.Tensor) else np.asarray(out).astype(np.float64))
    x64 = x.double().numpy() if isinstance(x, torch.Tensor) else np.asarray(x).astype(np.float64)
    rng_ = float(x64.max() - x64.min()) or 1.0
    tol = TOL[dtype_name] * rng_
    if dtype_name == "float32":
        xt = torch.from_numpy(x64).float()
        gt = torch.from_numpy(grid.double().numpy() if isinstance(grid, torch.Tensor)
                              else np.asarray(grid).astype(np.float64)).float()
        t32 = F.grid_sample(xt, gt, mode=mode, padding_mode=padding, align_corners=align).double().numpy()
        tol += float(np.abs(t32 - ref).max())
    assert out64.shape == ref.shape
    err = float(np.abs(out64 - ref).max()) if ref.size else 0.0
    assert err <= tol, f"{what}: max err {err:.3e} > tol {tol:.3e}"


# ------------------------------------------------------------------------------------------------
# Round trips
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", list(NP_FLOATS))
@pytest.mark.parametrize("spatial", [2, 3])
def test_numpy_round_trip(dtype, spatial):
    rng = make_rng("np_rt", dtype, spatial)
    dt = NP_FLOATS[dtype]
    xs = (2, 3, 6, 7) if spatial == 2 else (2, 3, 4, 5, 6)
    gs = (2, 4, 5, 2) if spatial == 2 else (2, 2, 3, 4, 3)
    x = rng.uniform(-1, 1, xs).astype(dt)
    g = rng.uniform(-1.2, 1.2, gs).astype(dt)
    x_bits, g_bits = bits(x).copy(), bits(g).copy()
    for mode, padding, align in [("bilinear", "zeros", False), ("nearest", "border", True),
                                 ("bicubic" if spatial == 2 else "bilinear", "reflection", False)]:
        out = ags.grid_sample(x, g, mode, padding, align)
        assert type(out) is np.ndarray
        assert out.dtype == np.dtype(dt)
        assert out.shape == xs[:2] + gs[1:-1]
        assert out.flags.c_contiguous and out.flags.writeable and out.flags.owndata
        assert not np.shares_memory(out, x) and not np.shares_memory(out, g)
        np.testing.assert_array_equal(bits(x), x_bits, err_msg="input modified")
        np.testing.assert_array_equal(bits(g), g_bits, err_msg="grid modified")
        assert_matches_torch(out, x, g, mode, padding, align, dtype, f"numpy {dtype} {mode}/{padding}")


@pytest.mark.parametrize("dtype", list(TORCH_FLOATS))
@pytest.mark.parametrize("spatial", [2, 3])
def test_torch_round_trip(dtype, spatial):
    gen = torch.Generator().manual_seed(zlib.crc32(f"t_rt{dtype}{spatial}".encode()))
    dt = TORCH_FLOATS[dtype]
    xs = (2, 3, 6, 7) if spatial == 2 else (2, 3, 4, 5, 6)
    gs = (2, 4, 5, 2) if spatial == 2 else (2, 2, 3, 4, 3)
    x = (torch.rand(xs, generator=gen, dtype=torch.float64) * 2 - 1).to(dt)
    g = (torch.rand(gs, generator=gen, dtype=torch.float64) * 2.4 - 1.2).to(dt)
    x0, g0 = x.clone(), g.clone()
    for mode, padding, align in [("bilinear", "zeros", False), ("nearest", "reflection", True),
                                 ("bicubic" if spatial == 2 else "nearest", "border", False)]:
        out = ags.grid_sample(x, g, mode, padding, align)
        assert type(out) is torch.Tensor
        assert out.dtype == dt and out.device == torch.device("cpu")
        assert tuple(out.shape) == xs[:2] + gs[1:-1]
        assert out.is_contiguous() and not out.requires_grad
        assert out.data_ptr() not in (x.data_ptr(), g.data_ptr())
        assert torch.equal(x, x0) and torch.equal(g, g0), "input or grid modified"
        assert_matches_torch(out, x, g, mode, padding, align, dtype, f"torch {dtype} {mode}/{padding}")
        # the same call on numpy views of the same memory gives the same bits
        if dt != torch.bfloat16:
            out_np = ags.grid_sample(x.numpy(), g.numpy(), mode, padding, align)
            assert_bit_equal(out, out_np, "torch vs numpy")


def test_torch_requires_grad_input_forward_works():
    """Forward with requires_grad inputs runs and matches torch (backward: test_torch_integration)."""
    x = torch.rand(1, 2, 5, 5, dtype=torch.float64, requires_grad=True)
    g = (torch.rand(1, 3, 3, 2, dtype=torch.float64) * 2 - 1).requires_grad_()
    out = ags.grid_sample(x, g)
    ref = F.grid_sample(x, g, align_corners=False)
    torch.testing.assert_close(out.detach(), ref.detach(), rtol=0, atol=1e-12)


@pytest.mark.parametrize("kind", ["numpy", "torch"])
@pytest.mark.parametrize("xs,gs", [((2, 3, 4, 5), (2, 0, 3, 2)), ((2, 3, 4, 5), (2, 3, 0, 2)),
                                   ((0, 3, 4, 5), (0, 2, 3, 2)), ((2, 0, 4, 5), (2, 2, 3, 2)),
                                   ((1, 2, 3, 4, 5), (1, 0, 2, 2, 3))], ids=str)
def test_empty_output(kind, xs, gs):
    """README: an empty input, grid or out is valid (nothing launched) and gives an empty result."""
    x, g = np.ones(xs, np.float32), np.zeros(gs, np.float32)
    if kind == "torch":
        x, g = torch.from_numpy(x), torch.from_numpy(g)
    out = ags.grid_sample(x, g)
    assert tuple(out.shape) == xs[:2] + gs[1:-1] and out.dtype == x.dtype


# ------------------------------------------------------------------------------------------------
# Non-contiguous inputs == contiguous call, bit for bit (one test per kind of view)
# ------------------------------------------------------------------------------------------------
NC_COMBOS = [("bilinear", "zeros", False), ("nearest", "reflection", True), ("bicubic", "border", False),
             ("bicubic", "reflection", True)]


def np_input_view_4d(name, rng, dt):
    """(2, 3, H, W) views of numpy arrays. 'gaps' views address memory beyond their element count."""
    base = rng.uniform(-1, 1, (3, 6, 11, 14)).astype(dt)
    return {
        "transpose_hw": lambda: rng.uniform(-1, 1, (2, 3, 14, 11)).astype(dt).transpose(0, 1, 3, 2),  # no gaps
        "transpose_nc": lambda: rng.uniform(-1, 1, (3, 2, 11, 14)).astype(dt).transpose(1, 0, 2, 3),  # no gaps
        "broadcast_n": lambda: np.broadcast_to(base[:1, :3], (2, 3, 11, 14)),
        "slice_channels": lambda: base[:2, :3],                         # gaps between images
        "slice_width": lambda: base[:2, :3, :, 2:9],                    # gaps between rows
        "step_width": lambda: base[:2, :3, :, ::2],                     # W stride 2
        "slice_all": lambda: base[1:, ::2, 1:-2, 3:],
    }[name]()


def np_grid_view_4d(name, rng, dt):
    big = rng.uniform(-1.2, 1.2, (3, 9, 12, 2)).astype(dt)
    return {
        "planar_xy": lambda: np.moveaxis(np.ascontiguousarray(np.moveaxis(big[:2, :5, :6], -1, 0)), 0, -1),
        "transpose_hw": lambda: big[:2].transpose(0, 2, 1, 3),          # no gaps
        "slice_rows": lambda: big[1:, 2:7],                             # gaps between batches
        "slice_step": lambda: big[1:, 2:7, ::2],
    }[name]()


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64"])
@pytest.mark.parametrize("view", ["transpose_hw", "transpose_nc", "broadcast_n", "slice_channels", "slice_width",
                                  "step_width", "slice_all"])
def test_numpy_noncontiguous_input_4d(dtype, view):
    rng = make_rng("nci4", dtype, view)
    dt = NP_FLOATS[dtype]
    x = np_input_view_4d(view, rng, dt)
    assert not x.flags.c_contiguous
    g = rng.uniform(-1.2, 1.2, (2, 4, 5, 2)).astype(dt)
    x0 = bits(x).copy()
    for mode, padding, align in NC_COMBOS:
        want = ags.grid_sample(np.ascontiguousarray(x), g, mode, padding, align)
        out = ags.grid_sample(x, g, mode, padding, align)
        assert_bit_equal(out, want, f"{view} {mode}/{padding}/{align}")
        np.testing.assert_array_equal(bits(x), x0)
        assert_matches_torch(want, x, g, mode, padding, align, dtype, "contiguous call")


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float64"])
@pytest.mark.parametrize("view", ["planar_xy", "transpose_hw", "slice_rows", "slice_step"])
def test_numpy_noncontiguous_grid_4d(dtype, view):
    rng = make_rng("ncg4", dtype, view)
    dt = NP_FLOATS[dtype]
    g = np_grid_view_4d(view, rng, dt)
    assert not g.flags.c_contiguous
    x = rng.uniform(-1, 1, (2, 3, 7, 8)).astype(dt)
    g0 = bits(g).copy()
    for mode, padding, align in NC_COMBOS:
        want = ags.grid_sample(x, np.ascontiguousarray(g), mode, padding, align)
        assert_bit_equal(ags.grid_sample(x, g, mode, padding, align), want, f"grid {view} {mode}/{padding}/{align}")
        np.testing.assert_array_equal(bits(g), g0)


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64"])
@pytest.mark.parametrize("mode,padding,align", NC_COMBOS, ids=lambda v: str(v))
def test_numpy_channel_last_4d(dtype, mode, padding, align):
    rng = make_rng("cl4", dtype, mode, padding, align)
    dt = NP_FLOATS[dtype]
    nchw = rng.uniform(-1, 1, (2, 5, 9, 11)).astype(dt)
    nhwc = np.ascontiguousarray(nchw.transpose(0, 2, 3, 1))
    g = rng.uniform(-1.2, 1.2, (2, 4, 6, 2)).astype(dt)
    want = ags.grid_sample(nchw, g, mode, padding, align)
    out = ags.grid_sample(nhwc, g, mode, padding, align, channel_last=True)
    assert out.shape == (2, 5, 4, 6) and out.dtype == np.dtype(dt)
    assert_bit_equal(out, want, "channel_last NHWC")
    assert_matches_torch(want, nchw, g, mode, padding, align, dtype, "NCHW")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_numpy_channel_last_sliced_nhwc_4d(dtype):
    """A sliced NHWC view (gaps in every dim) with channel_last=True."""
    rng = make_rng("cl4s", dtype)
    dt = NP_FLOATS[dtype]
    big = rng.uniform(-1, 1, (2, 12, 13, 7)).astype(dt)
    view = big[:, 1:10, 2:, 1:6]
    g = rng.uniform(-1.2, 1.2, (2, 4, 6, 2)).astype(dt)
    for mode, padding, align in NC_COMBOS:
        want = ags.grid_sample(np.ascontiguousarray(view.transpose(0, 3, 1, 2)), g, mode, padding, align)
        out = ags.grid_sample(view, g, mode, padding, align, channel_last=True)
        assert_bit_equal(out, want, f"channel_last sliced NHWC {mode}/{padding}/{align}")


def _5d_case(dtype, mode):
    rng = make_rng("nc5", dtype, mode)
    dt = NP_FLOATS[dtype]
    ncdhw = rng.uniform(-1, 1, (2, 3, 5, 6, 7)).astype(dt)
    g = rng.uniform(-1.2, 1.2, (2, 3, 2, 4, 3)).astype(dt)
    return rng, dt, ncdhw, g


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@pytest.mark.parametrize("mode", MODES)
def test_numpy_channel_last_5d(dtype, mode):
    rng, dt, ncdhw, g = _5d_case(dtype, mode)
    ndhwc = np.ascontiguousarray(ncdhw.transpose(0, 2, 3, 4, 1))
    for padding, align in [("zeros", False), ("reflection", True), ("border", False)]:
        want = ags.grid_sample(ncdhw, g, mode, padding, align)
        out = ags.grid_sample(ndhwc, g, mode, padding, align, channel_last=True)
        assert out.shape == (2, 3, 3, 2, 4)
        assert_bit_equal(out, want, f"NDHWC {padding}/{align}")
        # a transposed (gap-free) NCDHW view
        tview = np.ascontiguousarray(ncdhw.transpose(0, 1, 4, 3, 2)).transpose(0, 1, 4, 3, 2)
        assert_bit_equal(ags.grid_sample(tview, g, mode, padding, align), want, "transposed NCDHW")
        if mode != "bicubic":
            assert_matches_torch(want, ncdhw, g, mode, padding, align, dtype, "5-D")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mode", MODES)
def test_numpy_sliced_5d(dtype, mode):
    rng, dt, ncdhw, g = _5d_case(dtype, mode)
    big = rng.uniform(-1, 1, (2, 6, 10, 7, 13)).astype(dt)
    big[:, ::2, :5, 1:, ::2] = ncdhw
    gbig = rng.uniform(-1, 1, (2, 3, 4, 4, 3)).astype(dt)
    gbig[:, :, ::2] = g
    for padding, align in [("zeros", False), ("reflection", True)]:
        want = ags.grid_sample(ncdhw, g, mode, padding, align)
        assert_bit_equal(ags.grid_sample(big[:, ::2, :5, 1:, ::2], g, mode, padding, align), want, "sliced NCDHW")
        assert_bit_equal(ags.grid_sample(ncdhw, gbig[:, :, ::2], mode, padding, align), want, "sliced grid")


TORCH_VIEWS = ["transpose", "channels_last_format", "slice", "channel_last_arg", "grid_step"]


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float64"])
@pytest.mark.parametrize("view", TORCH_VIEWS)
def test_torch_noncontiguous_4d(dtype, view):
    gen = torch.Generator().manual_seed(zlib.crc32(f"tnc{dtype}{view}".encode()))
    dt = TORCH_FLOATS[dtype]
    base = torch.rand(3, 6, 11, 14, generator=gen, dtype=torch.float64).to(dt)
    g = (torch.rand(2, 4, 5, 2, generator=gen, dtype=torch.float64) * 2.4 - 1.2).to(dt)
    for mode, padding, align in NC_COMBOS:
        kw = {}
        if view == "transpose":                       # gap-free
            x = base[:2, :3].contiguous().transpose(2, 3)
            xc, gv = x.contiguous(), g
        elif view == "channels_last_format":
            x = base[:2].contiguous(memory_format=torch.channels_last)
            xc, gv = x.contiguous(), g
        elif view == "slice":
            x = base[1:, ::2, 1:-2, 3:]
            xc, gv = x.contiguous(), g
        elif view == "channel_last_arg":
            xc = base[:2, :3].contiguous()
            x, gv, kw = xc.permute(0, 2, 3, 1).contiguous(), g, {"channel_last": True}
        else:   # grid_step
            x = xc = base[:2, :3].contiguous()
            gv = torch.cat([g, g], dim=2)[:, :, ::2]
        assert not (x.is_contiguous() and gv.is_contiguous()) or view == "channel_last_arg"
        out = ags.grid_sample(x, gv, mode, padding, align, **kw)
        want = ags.grid_sample(xc, gv.contiguous(), mode, padding, align)
        assert tuple(out.shape) == tuple(want.shape)
        assert_bit_equal(out, want, f"{view} {mode}/{padding}/{align}")
        assert_matches_torch(want, xc, gv, mode, padding, align, dtype, "torch 4-D")


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float64"])
@pytest.mark.parametrize("view", ["channel_last_arg", "channels_last_3d_format", "slice"])
def test_torch_noncontiguous_5d(dtype, view):
    gen = torch.Generator().manual_seed(zlib.crc32(f"tnc5{dtype}{view}".encode()))
    dt = TORCH_FLOATS[dtype]
    x5 = torch.rand(2, 3, 5, 6, 7, generator=gen, dtype=torch.float64).to(dt)
    g5 = (torch.rand(2, 3, 2, 4, 3, generator=gen, dtype=torch.float64) * 2.4 - 1.2).to(dt)
    for mode, padding, align in [("bilinear", "zeros", False), ("nearest", "border", True),
                                 ("bicubic", "reflection", False)]:
        want = ags.grid_sample(x5, g5, mode, padding, align)
        if view == "channel_last_arg":
            out = ags.grid_sample(x5.permute(0, 2, 3, 4, 1).contiguous(), g5, mode, padding, align,
                                  channel_last=True)
        elif view == "channels_last_3d_format":
            out = ags.grid_sample(x5.contiguous(memory_format=torch.channels_last_3d), g5, mode, padding, align)
        else:
            big = torch.zeros(2, 5, 5, 8, 7, dtype=dt)
            big[:, 1:4, :, 2:] = x5
            out = ags.grid_sample(big[:, 1:4, :, 2:], g5, mode, padding, align)
        assert_bit_equal(out, want, f"{view} {mode}/{padding}/{align}")
        if mode != "bicubic":
            assert_matches_torch(want, x5, g5, mode, padding, align, dtype, "torch 5-D")


# ------------------------------------------------------------------------------------------------
# ONNX-20 mode aliases
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("padding", PADDINGS)
@pytest.mark.parametrize("align", [False, True])
@pytest.mark.parametrize("case", ["2d-f32", "2d-f16", "3d-f64", "1d-f32", "2d-uint8", "torch-2d-bf16"])
def test_onnx_mode_aliases(padding, align, case):
    rng = make_rng("alias", padding, align, case)
    if case.startswith("torch"):
        x = torch.rand(2, 3, 7, 8, dtype=torch.float64).to(torch.bfloat16)
        g = (torch.rand(2, 4, 5, 2, dtype=torch.float64) * 2.4 - 1.2).to(torch.bfloat16)
    else:
        rank = int(case[0])
        dt = {"f32": np.float32, "f16": np.float16, "f64": np.float64, "uint8": np.uint8}[case.split("-")[1]]
        xs = {1: (2, 3, 9), 2: (2, 3, 7, 8), 3: (2, 2, 4, 5, 6)}[rank]
        gs = {1: (2, 6, 1), 2: (2, 4, 5, 2), 3: (2, 3, 2, 4, 3)}[rank]
        x = (rng.uniform(0, 255, xs) if dt == np.uint8 else rng.uniform(-1, 1, xs)).astype(dt)
        g = rng.uniform(-1.2, 1.2, gs).astype(np.float32 if dt == np.uint8 else dt)
    for alias, name in [("linear", "bilinear"), ("cubic", "bicubic")]:
        a = ags.grid_sample(x, g, alias, padding, align)
        b = ags.grid_sample(x, g, name, padding, align)
        assert_bit_equal(a, b, f"{alias} vs {name}")
        assert_bit_equal(ags.grid_sample(x, g, mode=alias, padding_mode=padding, align_corners=align), b, "kw")
    # the aliases are not the same as nearest (the comparison is not vacuous)
    with pytest.raises(AssertionError):
        assert_bit_equal(ags.grid_sample(x, g, "linear", padding, align),
                         ags.grid_sample(x, g, "nearest", padding, align))


# ------------------------------------------------------------------------------------------------
# Errors
# ------------------------------------------------------------------------------------------------
X4 = np.zeros((2, 3, 4, 5), np.float32)
G4 = np.zeros((2, 3, 3, 2), np.float32)


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_error_bad_mode_and_padding_strings(kind):
    x, g = (X4, G4) if kind == "numpy" else (torch.from_numpy(X4), torch.from_numpy(G4))
    for bad in ["foo", "Bilinear", "area", "", None, 0, 1]:
        with pytest.raises(ValueError, match=r"\bmode\b") as e:
            ags.grid_sample(x, g, mode=bad)
        assert "padding_mode" not in str(e.value)
        with pytest.raises(ValueError, match=r"padding_mode") as e:
            ags.grid_sample(x, g, padding_mode=bad if bad != "zeros" else "zero")
    with pytest.raises(ValueError, match="padding_mode"):
        ags.grid_sample(x, g, padding_mode="reflect")
    with pytest.raises(ValueError, match="padding_mode"):
        ags.grid_sample(x, g, padding_mode="constant")


@pytest.mark.parametrize("kind", ["numpy", "torch"])
@pytest.mark.parametrize("case,words", [
    ("batch_2d", ["batch", "input", "grid"]),
    ("batch_3d", ["batch", "input", "grid"]),
    ("batch_1d", ["batch", "input", "grid"]),
    ("grid_last_dim_2d", ["grid", "last dim", "3", "expected 2"]),
    ("grid_last_dim_3d", ["grid", "last dim", "2", "expected 3"]),
    ("grid_last_dim_1d", ["grid", "last dim"]),
    ("grid_dtype", ["grid", "dtype"]),
    ("zero_spatial", ["input"]),
], ids=lambda v: v if isinstance(v, str) else "")
def test_error_aclnn_param_invalid(kind, case, words):
    f32 = np.float32
    cases = {
        "batch_2d": (np.zeros((1, 2, 4, 4), f32), np.zeros((2, 3, 3, 2), f32)),
        "batch_3d": (np.zeros((2, 2, 3, 4, 4), f32), np.zeros((1, 3, 3, 3, 3), f32)),
        "batch_1d": (np.zeros((2, 2, 4), f32), np.zeros((3, 3, 1), f32)),
        "grid_last_dim_2d": (np.zeros((1, 2, 4, 4), f32), np.zeros((1, 3, 3, 3), f32)),
        "grid_last_dim_3d": (np.zeros((1, 2, 3, 4, 4), f32), np.zeros((1, 3, 3, 3, 2), f32)),
        "grid_last_dim_1d": (np.zeros((1, 2, 4), f32), np.zeros((1, 3, 2), f32)),
        "grid_dtype": (np.zeros((1, 2, 4, 4), f32), np.zeros((1, 3, 3, 2), np.float64)),
        "zero_spatial": (np.zeros((1, 2, 0, 4), f32), np.zeros((1, 3, 3, 2), f32)),
    }
    x, g = cases[case]
    if kind == "torch":
        x, g = torch.from_numpy(x), torch.from_numpy(g)
    with pytest.raises(ValueError, match=r"aclnn status 161002") as e:
        ags.grid_sample(x, g)
    msg = str(e.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"


RANK_PAIRS = [((1, 2, 4, 4), (1, 3, 3, 3, 2)), ((1, 2, 3, 4, 4), (1, 3, 3, 3)), ((1, 2, 4), (1, 3, 3, 1))]


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_error_rank_mismatch(kind):
    """grid rank != input rank: ValueError naming grid, its rank and the expected one."""
    for xs, gs in RANK_PAIRS:
        x, g = np.zeros(xs, np.float32), np.zeros(gs, np.float32)
        if kind == "torch":
            x, g = torch.from_numpy(x), torch.from_numpy(g)
        with pytest.raises(ValueError) as e:
            ags.grid_sample(x, g)
        msg = str(e.value)
        assert "grid" in msg and str(len(gs)) in msg and str(len(xs)) in msg, msg


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_error_rank_mismatch_carries_aclnn_status(kind):
    """A rank mismatch is an aclnn parameter error (README table: 161002 'wrong rank'), and the
    README says Python errors carry the aclnn status: expect 'aclnn status 161002' as for N / last dim."""
    for xs, gs in RANK_PAIRS:
        x, g = np.zeros(xs, np.float32), np.zeros(gs, np.float32)
        if kind == "torch":
            x, g = torch.from_numpy(x), torch.from_numpy(g)
        with pytest.raises(ValueError, match=r"aclnn status 161002.*grid"):
            ags.grid_sample(x, g)


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_error_unsupported_dtype(kind):
    for np_dt, t_dt in [(np.bool_, torch.bool), (np.complex64, torch.complex64), (np.complex128, torch.complex128),
                        (np.uint16, torch.uint16), (np.uint32, torch.uint32)]:
        if kind == "numpy":
            x, g = np.zeros((1, 1, 3, 3), np_dt), np.zeros((1, 2, 2, 2), np.float32)
        else:
            x, g = torch.zeros(1, 1, 3, 3, dtype=t_dt), torch.zeros(1, 2, 2, 2)
        with pytest.raises(TypeError, match=r"input.*dtype"):
            ags.grid_sample(x, g)
    # unsupported grid dtype
    if kind == "numpy":
        x, g = np.zeros((1, 1, 3, 3), np.float32), np.zeros((1, 2, 2, 2), np.complex64)
    else:
        x, g = torch.zeros(1, 1, 3, 3), torch.zeros(1, 2, 2, 2, dtype=torch.complex64)
    with pytest.raises(TypeError, match=r"grid.*dtype"):
        ags.grid_sample(x, g)


def test_error_mixing_numpy_and_torch():
    with pytest.raises(TypeError, match="numpy.*torch|torch.*numpy"):
        ags.grid_sample(X4, torch.from_numpy(G4))
    with pytest.raises(TypeError, match="numpy.*torch|torch.*numpy"):
        ags.grid_sample(torch.from_numpy(X4), G4)


@pytest.mark.parametrize("kind", ["numpy", "torch"])
@pytest.mark.parametrize("ndim", [0, 1, 2, 9, 10])
def test_error_input_ndim(kind, ndim):
    x = np.zeros((1,) * ndim, np.float32)
    g = np.zeros((1,) * max(ndim - 1, 0) + (max(ndim - 2, 1),), np.float32)
    if kind == "torch":
        x, g = torch.from_numpy(x), torch.from_numpy(g)
    with pytest.raises(ValueError, match=rf"input has {ndim} dims"):
        ags.grid_sample(x, g)


def test_error_bad_build():
    with pytest.raises(ValueError, match="fast.*checked"):
        ags.grid_sample(X4, G4, build="debug")


# ------------------------------------------------------------------------------------------------
# backend(), build=, last_launch_stats()
# ------------------------------------------------------------------------------------------------
def _run_py(code, **env):
    e = dict(os.environ)
    e.pop("ASCEND_GRIDSAMPLE_BUILD", None)
    e.update(env)
    r = subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_backend_default_and_checked_env():
    code = ("import ascend_gridsample as a, numpy as np; print(a.backend()); "
            "a.grid_sample(np.zeros((1,1,2,2),np.float32), np.zeros((1,1,1,2),np.float32)); "
            "print(a.last_launch_stats()['checked'])")
    assert _run_py(code).splitlines() == ["simulator-fast", "False"]
    assert _run_py(code, ASCEND_GRIDSAMPLE_BUILD="checked").splitlines() == ["simulator-checked", "True"]
    assert _run_py(code, ASCEND_GRIDSAMPLE_BUILD="fast").splitlines() == ["simulator-fast", "False"]


def test_backend_reports_a_cann_runtime_it_does_not_use(tmp_path):
    lib = tmp_path / "lib64"
    lib.mkdir()
    (lib / "libascendcl.so").write_bytes(b"")
    out = _run_py("import ascend_gridsample as a; print(a.backend())", ASCEND_HOME_PATH=str(tmp_path)).strip()
    assert out.startswith("simulator-fast") and str(tmp_path) in out and "not used" in out


def test_backend_in_process():
    if os.environ.get("ASCEND_GRIDSAMPLE_BUILD", "fast") == "fast":
        assert ags.backend() == "simulator-fast"
    else:
        assert ags.backend() == "simulator-checked"


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64"])
@pytest.mark.parametrize("mode,padding,align", COMBOS[::2] + [COMBOS[1]], ids=lambda v: str(v))
def test_checked_build_equals_fast_bit_for_bit(dtype, mode, padding, align):
    rng = make_rng("build", dtype, mode, padding, align)
    dt = NP_FLOATS[dtype]
    x = rng.uniform(-1, 1, (2, 3, 10, 13)).astype(dt)
    g = rng.uniform(-1.3, 1.3, (2, 6, 7, 2)).astype(dt)
    fast = ags.grid_sample(x, g, mode, padding, align, build="fast")
    checked = ags.grid_sample(x, g, mode, padding, align, build="checked")
    assert_bit_equal(checked, fast, "checked vs fast")
    # channel_last and torch with build= go through the same extension call
    xt, gt = torch.from_numpy(x.astype(np.float64)).to(TORCH_FLOATS[dtype]), \
        torch.from_numpy(g.astype(np.float64)).to(TORCH_FLOATS[dtype])
    assert_bit_equal(ags.grid_sample(xt, gt, mode, padding, align, build="checked"), fast, "torch checked")
    assert_bit_equal(ags.grid_sample(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), g, mode, padding, align,
                                     channel_last=True, build="checked"), fast, "NHWC checked")
    assert_matches_torch(fast, x, g, mode, padding, align, dtype, "fast build")


def test_checked_equals_fast_3d_and_int():
    rng = make_rng("build3d")
    x = rng.uniform(-1, 1, (1, 2, 4, 5, 6)).astype(np.float32)
    g = rng.uniform(-1.3, 1.3, (1, 3, 2, 4, 3)).astype(np.float32)
    xi = rng.integers(0, 256, (1, 2, 6, 7)).astype(np.uint8)
    gi = rng.uniform(-1.3, 1.3, (1, 3, 4, 2)).astype(np.float32)
    for mode, padding in itertools.product(MODES, PADDINGS):
        assert_bit_equal(ags.grid_sample(x, g, mode, padding, True, build="checked"),
                         ags.grid_sample(x, g, mode, padding, True, build="fast"), f"3-D {mode}/{padding}")
        assert_bit_equal(ags.grid_sample(xi, gi, mode, padding, False, build="checked"),
                         ags.grid_sample(xi, gi, mode, padding, False, build="fast"), f"uint8 {mode}/{padding}")


COUNTERS = ["mte2_instr", "mte2_bytes", "mte3_instr", "mte3_bytes", "ub_copy_instr", "ub_copy_bytes", "vec_instr",
            "vec_repeats", "scalar_gm_reads", "scalar_gm_writes", "scalar_ub_reads", "scalar_ub_writes",
            "peak_ub_bytes"]


@pytest.mark.parametrize("build", ["fast", "checked"])
def test_last_launch_stats_keys(build):
    rng = make_rng("stats", build)
    x = rng.uniform(-1, 1, (2, 3, 16, 16)).astype(np.float32)
    g = rng.uniform(-1, 1, (2, 8, 8, 2)).astype(np.float32)
    out = ags.grid_sample(x, g, build=build)
    s = ags.last_launch_stats(build)
    assert isinstance(s, dict)
    for key in ["kernel", "block_dim", "tiling_key", "checked", "total", "cores"]:
        assert key in s, key
    assert isinstance(s["kernel"], str) and s["kernel"]
    assert isinstance(s["block_dim"], int) and s["block_dim"] >= 1
    assert isinstance(s["tiling_key"], int)
    assert s["checked"] is (build == "checked")
    assert isinstance(s["cores"], list) and len(s["cores"]) == s["block_dim"]
    for d in [s["total"]] + s["cores"]:
        assert set(COUNTERS) <= set(d), set(COUNTERS) - set(d)
        assert all(isinstance(d[k], int) and d[k] >= 0 for k in COUNTERS)
    for k in COUNTERS:
        if k == "peak_ub_bytes":
            assert s["total"][k] == max(c[k] for c in s["cores"])
        else:
            assert s["total"][k] == sum(c[k] for c in s["cores"]), k
    # the kernel read the input/grid and wrote the whole output through DMA
    assert s["total"]["mte3_bytes"] >= out.nbytes
    assert s["total"]["mte2_bytes"] > 0 and s["total"]["peak_ub_bytes"] > 0
    assert s["total"]["peak_ub_bytes"] <= ags.platform(build)["ub_bytes"]
    # the module-level default is the fast build (unless the env var says otherwise)
    if build == "fast" and os.environ.get("ASCEND_GRIDSAMPLE_BUILD", "fast") == "fast":
        assert ags.last_launch_stats() == s
