"""The torch-facing aclnnUpsample* entry points (op_host/aclnn_upsample.cpp) against torch's
F.interpolate in float64 on the same input: nearest2d / bilinear2d / bicubic2d (align_corners both
ways, output sizes and scale factors), bilinear2d_aa / bicubic2d_aa, nearest3d / trilinear3d; NCHW
views, channels-last strided views, and NHWC / NDHWC-format tensors; float32 (1e-5 of the data
range), float16 (1e-3) and bfloat16 (1e-2); and the documented rejections."""
from __future__ import annotations

import zlib

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags
from ascend_gridsample import _api

if not hasattr(ags.extension(None), "upsample"):
    pytest.skip("this build has no aclnnUpsample entry points", allow_module_level=True)

TOL = {"float32": 1e-5, "float16": 1e-3, "bfloat16": 1e-2, "float64": 1e-12}
DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float64": np.float64}

# kind -> (torch mode, antialias, spatial dims)
KINDS = {"nearest2d": ("nearest", False, 2), "bilinear2d": ("bilinear", False, 2), "bicubic2d": ("bicubic", False, 2),
         "bilinear2d_aa": ("bilinear", True, 2), "bicubic2d_aa": ("bicubic", True, 2),
         "nearest3d": ("nearest", False, 3), "trilinear3d": ("trilinear", False, 3)}


def _rng(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def upsample(kind, x, out_shape, output_size, align_corners=False, scales=(), channel_last=False, dtype=None):
    """Runs aclnnUpsample<kind> on x (numpy); returns (status, message, out)."""
    out = np.zeros(out_shape, x.dtype)
    status, message = ags.extension(None).upsample(kind, _api._describe(x, "x"), _api._describe(out, "out"),
                                                   list(output_size), align_corners, list(scales), channel_last)
    return status, message, out


def torch_ref(x_nc, size, kind, align_corners, scales=None):
    mode, aa, _ = KINDS[kind]
    kw = {} if mode == "nearest" else dict(align_corners=align_corners)
    if aa:
        kw["antialias"] = True
    t = torch.from_numpy(np.asarray(x_nc, np.float64))
    if scales:
        return F.interpolate(t, scale_factor=tuple(scales), mode=mode, recompute_scale_factor=False, **kw).numpy()
    return F.interpolate(t, size=tuple(size), mode=mode, **kw).numpy()


def _check(got, want, x, tol, what):
    got = np.asarray(got).astype(np.float64)
    assert got.shape == want.shape, f"{what}: shape {got.shape}, expected {want.shape}"
    rng_ = float(np.ptp(np.asarray(x, np.float64))) or 1.0
    err = np.abs(got - want).max()
    assert err <= tol * rng_, f"{what}: max error {err:.3e} > {tol * rng_:.3e}"


SIZES_2D = [((2, 3, 9, 11), (5, 7)), ((1, 2, 7, 6), (15, 11)), ((1, 1, 16, 10), (5, 23)), ((1, 2, 5, 5), (1, 1))]
SIZES_3D = [((1, 2, 5, 6, 7), (3, 9, 4)), ((2, 1, 4, 4, 4), (8, 2, 5))]


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("align_corners", [False, True])
def test_matches_torch_float32(kind, align_corners):
    mode, aa, spatial = KINDS[kind]
    if (mode == "nearest" or aa) and align_corners:
        pytest.skip("nearest takes no align_corners; the AA entries reject it (test_rejections)")
    for shape, size in (SIZES_2D if spatial == 2 else SIZES_3D):
        if aa and size == (1, 1):
            continue
        x = _rng(kind, shape).uniform(-1, 1, shape).astype(np.float32)
        status, msg, out = upsample(kind, x, shape[:2] + size, size, align_corners)
        assert status == 0, msg
        _check(out, torch_ref(x, size, kind, align_corners), x, TOL["float32"], f"{kind} ac={align_corners} {shape}->{size}")


@pytest.mark.parametrize("kind", ["nearest2d", "bilinear2d", "bicubic2d", "bilinear2d_aa", "bicubic2d_aa",
                                  "nearest3d", "trilinear3d"])
def test_scale_factors_set_the_coordinate_step(kind):
    """scales > 0 are torch's scale_factor: 1 / scale per output step (9 * 1.5 = 13.5 -> 13 outputs,
    the step 1 / 1.5, not 9 / 13)."""
    mode, aa, spatial = KINDS[kind]
    shape = (1, 2, 9, 10) if spatial == 2 else (1, 2, 5, 9, 10)
    scales = (1.5, 0.7) if spatial == 2 else (1.3, 1.5, 0.7)
    if kind == "nearest2d":
        pytest.skip("aclnnUpsampleNearest2d has no scale arguments (out / in)")
    x = _rng("scales", kind).uniform(-1, 1, shape).astype(np.float32)
    want = torch_ref(x, None, kind, False, scales)
    size = want.shape[2:]
    status, msg, out = upsample(kind, x, shape[:2] + size, size, False, scales)
    assert status == 0, msg
    _check(out, want, x, TOL["float32"], f"{kind} scales {scales}")


@pytest.mark.parametrize("kind", ["bilinear2d", "bicubic2d", "bilinear2d_aa", "bicubic2d_aa", "nearest3d", "trilinear3d"])
def test_scale_factor_that_keeps_a_length_follows_torch(kind):
    """9 * 1.05 = 9.45 -> 9: the length does not change; torch's bicubic and nearest resample the axis
    by 1 / 1.05, its other modes leave it alone, as Interpolate-11 does: the entry points follow torch."""
    mode, aa, spatial = KINDS[kind]
    shape = (1, 2, 9, 10) if spatial == 2 else (1, 2, 5, 9, 10)
    scales = (1.05, 0.7) if spatial == 2 else (1.3, 1.05, 0.7)
    x = _rng("keeps", kind).uniform(-1, 1, shape).astype(np.float32)
    want = torch_ref(x, None, kind, False, scales)
    size = want.shape[2:]
    assert size[-2] == shape[-2]
    status, msg, out = upsample(kind, x, shape[:2] + size, size, False, scales)
    assert status == 0, msg
    _check(out, want, x, TOL["float32"], f"{kind} scales {scales}")


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float64"])
@pytest.mark.parametrize("kind", ["nearest2d", "bilinear2d", "bicubic2d", "bilinear2d_aa", "trilinear3d"])
def test_other_dtypes(kind, dtype):
    spatial = KINDS[kind][2]
    shape, size = (SIZES_2D[0] if spatial == 2 else SIZES_3D[0])
    x = _rng("dt", kind, dtype).uniform(-1, 1, shape).astype(DTYPES[dtype])
    status, msg, out = upsample(kind, x, shape[:2] + size, size, False)
    assert status == 0, msg
    assert out.dtype == x.dtype
    _check(out, torch_ref(x.astype(np.float64), size, kind, False), x.astype(np.float64), TOL[dtype], f"{kind} {dtype}")


@pytest.mark.parametrize("kind", ["nearest2d", "bilinear2d", "bicubic2d_aa", "nearest3d", "trilinear3d"])
def test_channels_last_views_and_nhwc_format(kind):
    spatial = KINDS[kind][2]
    shape, size = (SIZES_2D[1] if spatial == 2 else SIZES_3D[0])
    x = _rng("cl", kind).uniform(-1, 1, shape).astype(np.float32)
    want = torch_ref(x, size, kind, False)
    perm = (0, 2, 3, 1) if spatial == 2 else (0, 2, 3, 4, 1)
    inv = (0, 3, 1, 2) if spatial == 2 else (0, 4, 1, 2, 3)
    x_last = np.ascontiguousarray(x.transpose(perm))
    # an NC... view of channels-last memory (format ND)
    out_last = np.zeros(tuple(want.shape[i] for i in perm), np.float32)
    status, message = ags.extension(None).upsample(kind, _api._describe(x_last.transpose(inv), "x"),
                                                   _api._describe(out_last.transpose(inv), "out"), list(size), False,
                                                   [], False)
    assert status == 0, message
    _check(out_last.transpose(inv), want, x, TOL["float32"], f"{kind} channels-last view")
    # (N, ..., C) dims with format NHWC / NDHWC
    status, msg, out = upsample(kind, x_last, out_last.shape, size, False, channel_last=True)
    assert status == 0, msg
    _check(out.transpose(inv), want, x, TOL["float32"], f"{kind} NHWC format")


def test_rejections_name_the_argument():
    x = np.zeros((1, 1, 4, 4), np.float32)
    cases = [
        ("bilinear2d", x, (1, 1, 8), [8], False, ("outputSize has 1 values", "expected 2")),
        ("bilinear2d", x, (1, 1, 8, 8), [8, 0], False, ("outputSize[1] is 0", "size > 0")),
        ("nearest3d", x, (1, 1, 8, 8), [8, 8, 8], False, ("self has rank 4", "expected 5")),
        ("bilinear2d", x, (1, 1, 8, 9), [8, 8], False, ("outputSize",)),
        ("bilinear2d_aa", x, (1, 1, 2, 2), [2, 2], True, ("alignCorners is true", "expected false")),
        ("bicubic2d_aa", x, (1, 1, 2, 2), [2, 2], True, ("alignCorners is true", "expected false")),
    ]
    for kind, xin, out_shape, size, ac, words in cases:
        status, msg, _ = upsample(kind, xin, out_shape, size, ac)
        assert status == 161002, f"{kind}: status {status}: {msg}"
        for w in words:
            assert w in msg, f"{kind}: '{w}' missing from: {msg}"
        assert "aclnnUpsample" in msg, msg
