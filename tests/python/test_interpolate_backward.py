"""The backward of Interpolate: ags.interpolate's autograd (torch.library), ags.interpolate_backward
(aclnnInterpolateBackward) and the aclnnUpsample*Backward entry points.

References: torch's aten backward (F.interpolate's autograd, and the aten upsample_*_backward ops
called directly) in float64 for the modes torch has; torch.autograd.gradcheck / gradgradcheck in
float64 for the rest (finite differences of the forward, exact here since the resize is linear in
its input). Tolerances, relative to the largest |gradient| of the case: float64 1e-12; float32 1e-5;
float16 1e-3 and bfloat16 8e-3 (one rounding of a float32 sum: 2^-11 and 2^-8 of the value).
Also: the path each case ran (AI Core for float32 / float16 / bfloat16 without pads, AI CPU
otherwise), bit identity across runs and 1, 8, 40 and 48 cores, the stated summation order
emulated bit for bit in float32, and the documented rejections."""
from __future__ import annotations

import re
import zlib

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags
from ascend_gridsample import _api

TOL = {"float64": 1e-12, "float32": 1e-5, "float16": 1e-3, "bfloat16": 8e-3}
TORCH_DTYPES = {"float64": torch.float64, "float32": torch.float32, "float16": torch.float16,
                "bfloat16": torch.bfloat16}
CORE_COUNTS = (1, 8, 40, 48)


def _rng(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


# torch mode -> (Interpolate-11 attributes, spatial dims, F.interpolate keywords)
def _attrs(torch_mode, align_corners=False):
    coord = "align_corners" if align_corners else "half_pixel"
    return {
        "nearest": dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
        "nearest-exact": dict(mode="nearest", coordinate_transformation_mode="half_pixel",
                              nearest_mode="round_prefer_ceil"),
        "bilinear": dict(mode="linear_onnx", coordinate_transformation_mode=coord),
        "trilinear": dict(mode="linear_onnx", coordinate_transformation_mode=coord),
        "bicubic": dict(mode="cubic", coordinate_transformation_mode=coord, cube_coeff=-0.75),
        "bilinear-aa": dict(mode="bilinear_pillow"),
        "bicubic-aa": dict(mode="bicubic_pillow", cube_coeff=-0.5),
    }[torch_mode]


def torch_grad(x, g, torch_mode, size, align_corners):
    """torch's gradient of F.interpolate in float64 for upstream gradient g."""
    xt = torch.tensor(np.asarray(x, np.float64), requires_grad=True)
    mode = torch_mode.replace("-aa", "")
    kw = {}
    if mode in ("bilinear", "bicubic", "trilinear"):
        kw["align_corners"] = align_corners
    if torch_mode.endswith("-aa"):
        kw["antialias"] = True
    F.interpolate(xt, size=tuple(size), mode=mode, **kw).backward(torch.tensor(np.asarray(g, np.float64)))
    return xt.grad.numpy()


def ours_grad(x, g, torch_mode, size, align_corners, dtype="float64"):
    """Our gradient through ags.interpolate's autograd (torch.ops.ascend_gridsample.interpolate and
    its backward operator); returns (gradient, path)."""
    xt = torch.tensor(np.asarray(x, np.float64)).to(TORCH_DTYPES[dtype]).requires_grad_(True)
    spatial = len(size)
    axes = list(range(xt.dim() - spatial, xt.dim()))
    y = ags.interpolate(xt, list(size), axes, shape_calculation_mode="sizes", **_attrs(torch_mode, align_corners))
    y.backward(torch.tensor(np.asarray(g, np.float64)).to(TORCH_DTYPES[dtype]))
    return xt.grad.double().numpy(), ags.interpolate_last_path()


def assert_close(got, want, tol, what):
    scale = float(np.abs(want).max()) or 1.0
    err = float(np.abs(got - want).max())
    assert err <= tol * scale, f"{what}: max error {err:.3e} > {tol * scale:.3e} ({tol} of {scale:.3e})"


CASES_2D = [((2, 3, 5, 7), (9, 12)), ((1, 2, 11, 13), (4, 5)), ((1, 1, 6, 6), (6, 13)), ((1, 2, 16, 9), (5, 23))]
CASES_3D = [((1, 2, 4, 5, 6), (7, 3, 9)), ((2, 1, 6, 4, 4), (3, 8, 5))]
TORCH_MODES = [("nearest", False), ("nearest-exact", False), ("bilinear", False), ("bilinear", True),
               ("bicubic", False), ("bicubic", True), ("bilinear-aa", False), ("bicubic-aa", False),
               ("trilinear", False), ("trilinear", True), ("nearest", "3d")]


@pytest.mark.parametrize("torch_mode,align", TORCH_MODES)
@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "bfloat16"])
def test_gradient_matches_torch(torch_mode, align, dtype):
    three_d = torch_mode == "trilinear" or align == "3d"
    align = bool(align) and align != "3d"
    for shape, size in (CASES_3D if three_d else CASES_2D):
        if torch_mode.endswith("-aa") and size[0] == shape[2] and size[1] > shape[3]:
            pass
        rng = _rng(torch_mode, align, shape, size)
        x = rng.uniform(-1, 1, shape)
        g = rng.uniform(-1, 1, shape[:2] + size)
        if dtype != "float64":
            # the values the low-precision operator sees, so that only its arithmetic is compared
            g = torch.tensor(g).to(TORCH_DTYPES[dtype]).double().numpy()
        want = torch_grad(x, g, torch_mode, size, align)
        got, path = ours_grad(x, g, torch_mode, size, align, dtype)
        what = f"{torch_mode} ac={align} {dtype} {shape}->{size}"
        assert path["path"] == ("ai_cpu" if dtype == "float64" else "ai_core"), (what, path)
        assert_close(got, want, TOL[dtype], what)


@pytest.mark.parametrize("torch_mode", ["nearest", "bilinear", "bicubic", "bilinear-aa", "bicubic-aa"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_gradient_of_channel_last_input_with_few_channels(torch_mode, dtype):
    """NHWC with 3 channels, axes H and W: the adjoint's W pass runs over (W, C) rows as a last
    axis (the path says so) with the transposed tables expanded per channel; against torch.
    Bilinear is Interpolate-11's linear there (linear_onnx takes axes {2, 3} of a 4-D image only)."""
    attrs = _attrs(torch_mode)
    if attrs["mode"] == "linear_onnx":
        attrs["mode"] = "linear"
    for shape, size in (((2, 13, 9, 3), (5, 20)), ((1, 16, 16, 3), (40, 40))):
        rng = _rng("nhwc", torch_mode, dtype, shape)
        x = rng.uniform(-1, 1, shape)
        g = rng.uniform(-1, 1, (shape[0],) + size + (shape[3],))
        g = torch.tensor(g).to(TORCH_DTYPES[dtype]).double().numpy()
        want = torch_grad(x.transpose(0, 3, 1, 2), g.transpose(0, 3, 1, 2), torch_mode, size, False)
        got = ags.interpolate_backward(torch.tensor(g).to(TORCH_DTYPES[dtype]), list(shape), list(size), [1, 2],
                                       shape_calculation_mode="sizes", build="checked", **attrs)
        path = ags.interpolate_last_path()
        what = f"{torch_mode} {dtype} {shape}->{size}"
        assert path["path"] == "ai_core" and "InterpolateGrad" in path["reason"], (what, path)
        assert "axis 2 runs as a last axis over rows of its length x the 3 elements after it" in path["reason"], path
        assert_close(got.double().numpy(), want.transpose(0, 2, 3, 1), TOL[dtype], what)


@pytest.mark.parametrize("torch_mode", ["nearest", "bilinear", "bicubic", "bilinear-aa", "bicubic-aa"])
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_gradient_with_a_rows_pass_window(torch_mode, dtype):
    """NHWC 4x400x300x3 -> 900x300: the adjoint's H pass, its only one, brings the gradient rows of
    several outputs by one DMA (the path says so; enough rows per core that windows pay; a nearest
    upscale reads its rows one DMA each); -> 900x150, its two passes run fused (the gradient rows in
    a ring of UB rows, H first); against torch."""
    for shape, size, want_path in (((4, 400, 300, 3), (900, 300), "axis 1 reads the input rows of up to"),
                                   ((4, 400, 300, 3), (900, 150), "axes 1 and 2 run fused")):
        attrs = _attrs(torch_mode)
        if attrs["mode"] == "linear_onnx":
            attrs["mode"] = "linear"
        rng = _rng("window", torch_mode, dtype)
        g = rng.uniform(-1, 1, (shape[0],) + size + (shape[3],))
        g = torch.tensor(g).to(TORCH_DTYPES[dtype]).double().numpy()
        want = torch_grad(np.zeros(shape).transpose(0, 3, 1, 2), g.transpose(0, 3, 1, 2), torch_mode, size, False)
        got = ags.interpolate_backward(torch.tensor(g).to(TORCH_DTYPES[dtype]), list(shape), list(size), [1, 2],
                                       shape_calculation_mode="sizes", build="checked", **attrs)
        path = ags.interpolate_last_path()
        assert path["path"] == "ai_core", path
        assert (torch_mode == "nearest" and "axis 1" in want_path) or want_path in path["reason"], path
        assert_close(got.double().numpy(), want.transpose(0, 2, 3, 1), TOL[dtype], f"{torch_mode} {dtype} {size}")


@pytest.mark.parametrize("torch_mode", ["nearest", "bilinear", "bicubic", "bilinear-aa"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_gradient_fused_several_planes(torch_mode, dtype):
    """NCHW feature maps (256 planes of 24x24 <-> 48x48, 40x27 -> 17x11): the adjoint's two passes run
    fused, several planes a unit (the path says how many); against torch."""
    for shape, size in (((4, 64, 24, 24), (48, 48)), ((4, 64, 40, 27), (17, 11)), ((4, 64, 48, 48), (24, 24))):
        attrs = _attrs(torch_mode)
        g = _rng("planes", torch_mode, dtype, shape).uniform(-1, 1, shape[:2] + size)
        g = torch.tensor(g).to(TORCH_DTYPES[dtype]).double().numpy()
        want = torch_grad(np.zeros(shape), g, torch_mode, size, False)
        got = ags.interpolate_backward(torch.tensor(g).to(TORCH_DTYPES[dtype]), list(shape), list(size), [2, 3],
                                       shape_calculation_mode="sizes", build="checked", **attrs)
        path = ags.interpolate_last_path()
        planes = re.search(r"(\d+) plane\(s\) at once", path["reason"])
        assert path["path"] == "ai_core" and "run fused" in path["reason"] and planes and int(planes.group(1)) > 1, path
        assert_close(got.double().numpy(), want, TOL[dtype], f"{torch_mode} {dtype} {shape} -> {size}")


def upsample_backward(kind, g, input_size, output_size, align_corners=False, scales=(), channel_last=False):
    """Runs aclnnUpsample<kind>Backward on numpy g; returns (status, message, grad_input)."""
    gi = np.full(input_size, -7, g.dtype)   # every element is written
    status, message = ags.extension(None).upsample(kind, _api._describe(g, "grad_output"), _api._describe(gi, "grad_input"),
                                                   list(output_size), align_corners, list(scales), channel_last,
                                                   list(input_size))
    return status, message, gi


# kind -> the aten backward op and whether it takes align_corners
ATEN = {"nearest2d": (torch.ops.aten.upsample_nearest2d_backward, False),
        "bilinear2d": (torch.ops.aten.upsample_bilinear2d_backward, True),
        "bicubic2d": (torch.ops.aten.upsample_bicubic2d_backward, True),
        "bilinear2d_aa": (torch.ops.aten._upsample_bilinear2d_aa_backward, True),
        "bicubic2d_aa": (torch.ops.aten._upsample_bicubic2d_aa_backward, True),
        "nearest3d": (torch.ops.aten.upsample_nearest3d_backward, False),
        "trilinear3d": (torch.ops.aten.upsample_trilinear3d_backward, True)}


def aten_backward(kind, g, input_size, output_size, align_corners, scales):
    op, takes_align = ATEN[kind]
    args = [torch.tensor(np.asarray(g, np.float64)), list(output_size), list(input_size)]
    if takes_align:
        args.append(align_corners)
    args += [s if s > 0 else None for s in scales] if scales else [None] * len(output_size)
    return op(*args).numpy()


@pytest.mark.parametrize("kind", list(ATEN))
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("with_scales", [False, True])
def test_upsample_backward_entry_points_match_aten(kind, align_corners, with_scales):
    """aclnnUpsample*Backward against the aten backward op with the same arguments, float64 (AI CPU)
    and float32 (AI Core), output sizes and torch's scale factors (1 / scale steps)."""
    takes_align = ATEN[kind][1]
    aa = kind.endswith("_aa")
    if align_corners and (not takes_align or aa):
        pytest.skip("nearest takes no align_corners; the AA entries reject it (test_upsample_backward_rejections)")
    spatial = 3 if kind.endswith("3d") else 2
    input_size = (2, 3, 5, 7) if spatial == 2 else (1, 2, 4, 5, 6)
    scales = (1.8, 1.6) if spatial == 2 else (1.7, 0.6, 1.5)
    output_size = tuple(int(np.floor(s * n)) for s, n in zip(scales, input_size[2:]))
    if not with_scales:
        scales = ()
    rng = _rng(kind, align_corners, with_scales)
    g64 = rng.uniform(-1, 1, input_size[:2] + output_size)
    want = aten_backward(kind, g64, input_size, output_size, align_corners, scales)
    for dtype, tol in ((np.float64, TOL["float64"]), (np.float32, TOL["float32"])):
        g = g64.astype(dtype)
        status, msg, gi = upsample_backward(kind, g, input_size, output_size, align_corners, scales)
        assert status == 0, msg
        assert_close(gi.astype(np.float64), want, tol, f"{kind} ac={align_corners} scales={scales} {dtype.__name__}")


@pytest.mark.parametrize("kind", ["bilinear2d", "nearest3d", "trilinear3d", "bicubic2d_aa"])
def test_upsample_backward_channels_last(kind):
    """gradOut and gradInput of format NHWC / NDHWC (dims in that order) against aten on the
    permuted NCHW / NCDHW tensors."""
    spatial = 3 if kind.endswith("3d") else 2
    nc_in = (2, 3, 5, 6) if spatial == 2 else (1, 2, 3, 4, 5)
    out = (9, 4) if spatial == 2 else (5, 2, 7)
    rng = _rng(kind, "cl")
    g_nc = rng.uniform(-1, 1, nc_in[:2] + out)
    want_nc = aten_backward(kind, g_nc, nc_in, out, False, ())
    perm = (0,) + tuple(range(2, 2 + spatial)) + (1,)
    g_cl = np.ascontiguousarray(g_nc.transpose(perm))
    in_cl = tuple(nc_in[p] for p in perm)
    status, msg, gi = upsample_backward(kind, g_cl, in_cl, out, channel_last=True)
    assert status == 0, msg
    assert_close(gi, want_nc.transpose(perm), TOL["float64"], f"{kind} channels last")


def test_upsample_backward_rejections():
    g = np.ones((1, 2, 6, 8), np.float32)
    status, msg, _ = upsample_backward("bilinear2d_aa", g, (1, 2, 3, 4), (6, 8), align_corners=True)
    assert status == 161002 and "aclnnUpsampleBilinear2dAABackward" in msg and "alignCorners is true" in msg
    status, msg, _ = upsample_backward("bilinear2d", g, (1, 2, 3, 4), (6, 7))
    assert status == 161002 and "expected 7 (outputSize)" in msg
    status, msg, _ = upsample_backward("nearest2d", g.astype(np.int32), (1, 2, 3, 4), (6, 8))
    assert status == 161002 and "INT32 has no gradient" in msg


# ---- the modes torch lacks: gradcheck --------------------------------------------------------------
GRADCHECK_CASES = [
    ("linear_onnx rank 2", (5, 7), [8, 4], [0, 1], dict(mode="linear_onnx")),
    ("linear_onnx rank 3", (4, 3, 5), [2, 5, 7], None, dict(mode="linear_onnx", coordinate_transformation_mode="asymmetric")),
    ("bilinear_pillow", (2, 9, 7), [4, 12], [2, 1], dict(mode="bilinear_pillow")),
    ("bicubic_pillow a=-0.75", (1, 8, 9), [13, 4], [1, 2], dict(mode="bicubic_pillow", cube_coeff=-0.75)),
    ("cubic a=-0.5 axes [0, 2]", (6, 2, 7), [9, 3], [0, 2], dict(mode="cubic", cube_coeff=-0.5)),
    ("cubic tf_half_pixel_for_nn", (3, 7), [11], [1], dict(mode="cubic", coordinate_transformation_mode="tf_half_pixel_for_nn")),
    ("linear antialias", (2, 12, 9), [5, 13], [1, 2], dict(mode="linear", antialias=True)),
    ("linear antialias rank 1", (17,), [6], None, dict(mode="linear", antialias=True,
                                                       coordinate_transformation_mode="pytorch_half_pixel")),
    ("nearest simple", (2, 9, 5), [4, 11], [1, 2], dict(mode="nearest", nearest_mode="simple")),
    ("nearest ceil, 3 axes", (3, 4, 2, 5), [5, 3, 7], [3, 0, 1], dict(mode="nearest", nearest_mode="ceil")),
    ("linear rank 6", (2, 1, 3, 2, 2, 4), [3, 2, 5], [0, 2, 5], dict(mode="linear")),
    ("pads and a crop", (2, 6, 5), [9, 4], [1, 2], dict(mode="linear", pads_begin=[0, 2, -1], pads_end=[0, 1, 0])),
]


@pytest.mark.parametrize("name,shape,sizes,axes,attrs", GRADCHECK_CASES, ids=[c[0] for c in GRADCHECK_CASES])
def test_gradcheck(name, shape, sizes, axes, attrs):
    """torch.autograd.gradcheck (the backward against finite differences of the forward) and
    gradgradcheck (the backward's own gradient, the forward again), in float64."""
    x = torch.tensor(_rng(name).uniform(-1, 1, shape), requires_grad=True)

    def f(t):
        return ags.interpolate(t, sizes, axes, shape_calculation_mode="sizes", **attrs)

    assert torch.autograd.gradcheck(f, (x,), eps=1e-6, atol=1e-9, rtol=1e-7)
    assert torch.autograd.gradgradcheck(f, (x,), eps=1e-6, atol=1e-9, rtol=1e-7)


@pytest.mark.parametrize("name,shape,sizes,axes,attrs", GRADCHECK_CASES, ids=[c[0] for c in GRADCHECK_CASES])
def test_adjoint_identity_float32(name, shape, sizes, axes, attrs):
    """<A x, g> = <x, A^T g> with A run by ags.interpolate and A^T by ags.interpolate_backward (numpy,
    float32), relative to |A x| |g| + |x| |A^T g|."""
    rng = _rng("adjoint", name)
    x = rng.uniform(-1, 1, shape).astype(np.float32)
    y = ags.interpolate(x, sizes, axes, shape_calculation_mode="sizes", **attrs)
    g = rng.uniform(-1, 1, y.shape).astype(np.float32)
    gx = ags.interpolate_backward(g, x.shape, sizes, axes, shape_calculation_mode="sizes", **attrs)
    path = ags.interpolate_last_path()
    assert path["path"] == ("ai_cpu" if "pads_begin" in attrs else "ai_core"), path
    y64, g64, x64, gx64 = (a.astype(np.float64) for a in (y, g, x, gx))
    lhs, rhs = float(np.vdot(y64, g64)), float(np.vdot(x64, gx64))
    scale = np.linalg.norm(y64) * np.linalg.norm(g64) + np.linalg.norm(x64) * np.linalg.norm(gx64)
    assert abs(lhs - rhs) <= 2e-6 * scale, (name, lhs, rhs)


# ---- determinism and the summation order -----------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
@pytest.mark.parametrize("mode", ["linear", "cubic", "nearest", "bilinear_pillow"])
def test_bit_identical_runs_and_core_counts(dtype, mode, restore_platform):
    """Many outputs read each input element (upscaling one axis, and linear's antialias widening the
    other's filter), the case where an atomic or core-order-dependent scatter would differ; the AI
    Core kernel ran (its launch is checked)."""
    np_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)
    g = _rng("bits", dtype, mode).uniform(-1, 1, (2, 3, 37, 29)).astype(np_dtype)
    attrs = dict(mode=mode, shape_calculation_mode="sizes", antialias=mode == "linear")
    results = {}
    for cores in CORE_COUNTS:
        ags.set_platform(cores=cores)
        runs = []
        for _ in range(2):
            before = ags.last_launch_stats(kernel="interpolate_grad")["serial"]
            runs.append(ags.interpolate_backward(g, (2, 3, 11, 41), [37, 29], [2, 3], **attrs))
            stats = ags.last_launch_stats(kernel="interpolate_grad")
            assert stats["serial"] == before + 1, "the InterpolateGrad AI Core kernel should have run"
            assert 1 <= stats["block_dim"] <= cores
            assert ags.interpolate_last_path()["path"] == "ai_core"
        assert runs[0].tobytes() == runs[1].tobytes(), f"{cores} cores: two runs differ"
        results[cores] = runs[0]
    for cores in CORE_COUNTS[1:]:
        assert results[1].tobytes() == results[cores].tobytes(), f"1 core vs {cores} cores"


def _matrix(n_in, n_out, torch_mode, align_corners=False):
    """The resize matrix A (n_out x n_in) of one axis, from torch in float64."""
    eye = torch.eye(n_in, dtype=torch.float64).reshape(n_in, 1, n_in)
    kw = {} if torch_mode == "nearest" else {"align_corners": align_corners}
    return F.interpolate(eye, size=n_out, mode=torch_mode if torch_mode != "bilinear" else "linear", **kw)[:, 0, :].T.numpy()


@pytest.mark.parametrize("axis", [2, 3], ids=["rows pass", "last-axis pass"])
@pytest.mark.parametrize("torch_mode", ["bilinear", "nearest"])
def test_summation_order(axis, torch_mode):
    """The stated order, bit for bit in float32: each gradient element is the sum over the outputs that
    read it, in ascending output index, each term w * g rounded to float32 (w the float32 weight) and
    added in float32 from the first term on."""
    n_in, n_out = 7, 19
    a = _matrix(n_in, n_out, torch_mode).astype(np.float32)   # A[o, i]
    shape = [2, 3, 5, 5]
    shape[axis] = n_in
    out_shape = list(shape)
    out_shape[axis] = n_out
    g = _rng("order", axis, torch_mode).uniform(-1, 1, out_shape).astype(np.float32)
    attrs = (dict(mode="linear") if torch_mode == "bilinear"
             else dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor"))
    got = ags.interpolate_backward(g, shape, [n_out], [axis], shape_calculation_mode="sizes", **attrs)
    assert ags.interpolate_last_path()["path"] == "ai_core"
    gm = np.moveaxis(g, axis, -1)
    want = np.zeros(gm.shape[:-1] + (n_in,), np.float32)
    for i in range(n_in):
        acc = None
        for o in range(n_out):
            if a[o, i] != 0:
                term = (np.float32(a[o, i]) * gm[..., o]).astype(np.float32)
                acc = term if acc is None else (acc + term).astype(np.float32)
        want[..., i] = 0 if acc is None else acc
    assert np.moveaxis(got, axis, -1).tobytes() == want.tobytes()


# ---- Python API --------------------------------------------------------------------------------------
def test_interpolate_backward_numpy_and_torch_agree_with_autograd():
    x = _rng("api").uniform(-1, 1, (2, 3, 6, 5)).astype(np.float32)
    g = _rng("api-g").uniform(-1, 1, (2, 3, 4, 9)).astype(np.float32)
    kw = dict(mode="cubic", shape_calculation_mode="sizes", coordinate_transformation_mode="align_corners")
    via_numpy = ags.interpolate_backward(g, x.shape, [4, 9], [2, 3], **kw)
    via_op = ags.interpolate_backward(torch.from_numpy(g), list(x.shape), [4, 9], [2, 3], **kw)
    xt = torch.from_numpy(x).requires_grad_(True)
    ags.interpolate(xt, [4, 9], [2, 3], **kw).backward(torch.from_numpy(g))
    assert isinstance(via_numpy, np.ndarray) and isinstance(via_op, torch.Tensor)
    assert via_numpy.tobytes() == via_op.numpy().tobytes() == xt.grad.numpy().tobytes()


def test_scales_mode_backward():
    """scales mode: the scale steps the coordinate, as in the forward (torch's scale_factor; scales are
    float32 in aclnnInterpolate, so torch gets the same float32 values)."""
    x = torch.tensor(_rng("scales").uniform(-1, 1, (1, 2, 5, 6)), requires_grad=True)
    g = torch.tensor(_rng("scales-g").uniform(-1, 1, (1, 2, 8, 3)))
    ags.interpolate(x, [1.7, 0.6], [2, 3], mode="linear_onnx", shape_calculation_mode="scales",
                    coordinate_transformation_mode="half_pixel").backward(g)
    xr = x.detach().clone().requires_grad_(True)
    scale_factor = tuple(float(np.float32(s)) for s in (1.7, 0.6))
    F.interpolate(xr, scale_factor=scale_factor, mode="bilinear", recompute_scale_factor=False).backward(g)
    assert_close(x.grad.numpy(), xr.grad.numpy(), TOL["float64"], "scales mode")


def test_backward_fake_and_compile():
    """The backward operator's fake implementation gives the input's shape; the forward and its
    backward trace under torch.compile(fullgraph=True), and the backward exports."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode():
        g = torch.empty(2, 3, 7, 4)
        out = torch.ops.ascend_gridsample.interpolate_backward(g, [2, 3, 5, 6], [], [7, 4], [2, 3], "linear",
                                                               "sizes", "half_pixel", "round_prefer_floor", False,
                                                               [], [], -0.75)
        assert tuple(out.shape) == (2, 3, 5, 6)

    def f(t):
        return ags.interpolate(t, [7, 4], [2, 3], mode="linear", shape_calculation_mode="sizes").square().sum()

    x = torch.tensor(_rng("compile").uniform(-1, 1, (2, 3, 5, 6)), requires_grad=True)
    compiled = torch.compile(f, fullgraph=True, backend="aot_eager")
    compiled(x).backward()
    xr = x.detach().clone().requires_grad_(True)
    f(xr).backward()
    assert x.grad.numpy().tobytes() == xr.grad.numpy().tobytes()

    class Backward(torch.nn.Module):
        def forward(self, grad):
            return ags.interpolate_backward(grad, [2, 3, 5, 6], [7, 4], [2, 3], mode="linear",
                                            shape_calculation_mode="sizes")

    g = torch.tensor(_rng("export").uniform(-1, 1, (2, 3, 7, 4)))
    exported = torch.export.export(Backward(), (g,))
    assert "interpolate_backward" in exported.graph_module.code
    assert torch.equal(exported.module()(g), Backward()(g))


@pytest.mark.parametrize("what,call,words", [
    ("integer dtype", lambda: ags.interpolate_backward(np.ones((1, 4), np.int32), (1, 2), [4], [1], mode="linear",
                                                       shape_calculation_mode="sizes"),
     ["161002", "INT32".lower(), "no gradient"]),
    ("grad_output shape", lambda: ags.interpolate_backward(np.ones((1, 5), np.float32), (1, 2), [4], [1],
                                                           mode="linear", shape_calculation_mode="sizes"),
     ["161002", "grad_output has shape [1, 5]", "expected [1, 4]"]),
    ("bad mode", lambda: ags.interpolate_backward(np.ones((1, 4), np.float32), (1, 2), [4], [1], mode="area",
                                                  shape_calculation_mode="sizes"), ["mode is 'area'"]),
])
def test_bad_arguments(what, call, words):
    with pytest.raises(ValueError) as e:
        call()
    msg = str(e.value)
    assert all(w.lower() in msg.lower() for w in words), (what, msg)
