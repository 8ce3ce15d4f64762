"""AI CPU (host) path: float64 2-D on all 18 combinations, integer inputs, 3-D (5-D input:
trilinear via "bilinear", nearest) for float32 and float64 against torch float64, empty shapes."""
from __future__ import annotations

import numpy as np
import pytest
import torch

import ascend_gridsample as ags
from conftest import (ALIGNS, BUILDS, COMBOS, PADDINGS, assert_f32_close, assert_f64_close, combo_id,
                      random_grid, random_input, torch_ref)


def prime_stats(build=None):
    """Launches a tiny kernel so that a later unchanged last_launch_stats() proves no kernel ran
    (the counters are those of the last *kernel* launch; the AI CPU path does not reset them)."""
    ags.grid_sample(np.zeros((1, 1, 1, 1), np.float32), np.zeros((1, 1, 1, 2), np.float32), build=build)
    return ags.last_launch_stats(build)


def assert_aicpu_ran(primed, build=None):
    assert ags.last_launch_stats(build) == primed, "expected the AI CPU path, but a kernel was launched"


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[combo_id(*c) for c in COMBOS])
def test_float64_2d(rng, build, mode, padding, align):
    x = random_input(rng, (2, 3, 9, 11), np.float64)
    for lim in (1.0, 3.0, 50.0):
        grid = random_grid(rng, 2, 6, 7, lim=lim, dtype=np.float64)
        primed = prime_stats(build)
        out = ags.grid_sample(x, grid, mode, padding, align, build=build)
        assert out.dtype == np.float64
        assert_aicpu_ran(primed, build)
        assert_f64_close(out, x, grid, mode, padding, align, what=f"{mode}/{padding}/ac={align} +-{lim}")
    # size-1 axes and a large scattered case
    for shape in ((1, 2, 1, 5), (1, 2, 4, 1), (1, 2, 1, 1), (1, 2, 120, 130)):
        x1 = random_input(rng, shape, np.float64)
        grid = random_grid(rng, 1, 5, 6, lim=1.3, dtype=np.float64)
        assert_f64_close(ags.grid_sample(x1, grid, mode, padding, align, build=build), x1, grid, mode, padding, align)


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.int16, np.int8, np.uint8])
@pytest.mark.parametrize("padding", PADDINGS)
def test_integer_nearest_exact(rng, dtype, padding):
    """nearest picks input values: the integer output equals them exactly (0 outside for zeros)."""
    info = np.iinfo(dtype)
    x = rng.integers(max(info.min, -1000), min(info.max, 1000), (2, 3, 6, 7)).astype(dtype)
    for align in ALIGNS:
        grid = random_grid(rng, 2, 5, 4, lim=1.3, dtype=np.float64)
        out = ags.grid_sample(x, grid, "nearest", padding, align)
        assert out.dtype == dtype
        ref = torch_ref(x, grid, "nearest", padding, align)
        assert np.array_equal(out.astype(np.float64), ref), f"{np.dtype(dtype).name} nearest/{padding}/ac={align}"


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint8])
@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_integer_interpolating(rng, dtype, mode):
    """Integer outputs are computed in floating point and cast at the end: within 1 of the exact
    value (the cast's rounding direction is not specified; bicubic overshoot may be clipped for uint8)."""
    x = rng.integers(0, 200, (1, 2, 8, 9)).astype(dtype)
    grid = random_grid(rng, 1, 6, 5, lim=1.0, dtype=np.float64)
    for padding in PADDINGS:
        out = ags.grid_sample(x, grid, mode, padding, False)
        assert out.dtype == dtype
        ref = torch_ref(x, grid, mode, padding, False)
        if dtype == np.uint8:
            ref = np.clip(ref, 0, 255)
        err = np.abs(out.astype(np.float64) - ref)
        assert err.max() <= 1.0, f"{np.dtype(dtype).name} {mode}/{padding}: max err {err.max()}"


# ---------------------------------------------------------------------------------------------
# 3-D (5-D input)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding", PADDINGS)
@pytest.mark.parametrize("align", ALIGNS)
def test_3d_against_torch(rng, dtype, mode, padding, align):
    for shape, out_sp, lim in (((2, 3, 5, 6, 7), (3, 4, 5), 1.2), ((1, 2, 1, 4, 1), (2, 3, 2), 1.5),
                               ((1, 1, 9, 10, 11), (4, 4, 4), 40.0)):
        x = random_input(rng, shape, dtype)
        grid = rng.uniform(-lim, lim, (shape[0],) + out_sp + (3,)).astype(dtype)
        out = ags.grid_sample(x, grid, mode, padding, align)
        assert out.dtype == np.dtype(dtype) and out.shape == shape[:2] + out_sp
        what = f"3-D {mode}/{padding}/ac={align}/{dtype} x{shape}"
        if dtype == "float64":
            assert_f64_close(out, x, grid, mode, padding, align, what=what)
        else:
            assert_f32_close(out, x, grid, mode, padding, align, what=what)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_3d_channel_last_and_torch(rng, dtype):
    ndhwc = random_input(rng, (2, 4, 5, 6, 3), dtype)
    grid = random_grid(rng, 2, (3, 2, 4), None, lim=1.2, dtype=dtype, dims=3)
    for mode in ("bilinear", "nearest"):
        want = ags.grid_sample(np.ascontiguousarray(np.moveaxis(ndhwc, -1, 1)), grid, mode, "border", False)
        got = ags.grid_sample(ndhwc, grid, mode, "border", False, channel_last=True)
        assert np.array_equal(got, want)
        tgot = ags.grid_sample(torch.from_numpy(ndhwc), torch.from_numpy(grid), mode, "border", False,
                               channel_last=True)
        assert np.array_equal(tgot.numpy(), want)
        ref = torch_ref(np.moveaxis(ndhwc, -1, 1), grid, mode, "border", False)
        if dtype == "float64":
            assert_f64_close(got, np.moveaxis(ndhwc, -1, 1), grid, mode, "border", False, ref=ref)


# ---------------------------------------------------------------------------------------------
# Empty shapes
# ---------------------------------------------------------------------------------------------
EMPTY_CASES = [((0, 3, 4, 5), (0, 2, 3, 2)), ((2, 0, 4, 5), (2, 2, 3, 2)), ((2, 3, 4, 5), (2, 0, 3, 2)),
               ((2, 3, 4, 5), (2, 3, 0, 2)), ((1, 2, 3, 4, 5), (1, 0, 2, 2, 3))]


@pytest.mark.parametrize("kind", ["numpy", "torch"])
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
@pytest.mark.parametrize("xs,gs", EMPTY_CASES, ids=lambda s: "x".join(map(str, s)))
def test_empty_outputs(kind, dtype, xs, gs):
    """An empty output shape is valid and gives an empty output (semantics.md). numpy gives empty
    arrays all-zero strides, which are not overlapping views: there are no elements."""
    if kind == "numpy":
        x, g = np.ones(xs, dtype), np.zeros(gs, dtype)
    else:
        x, g = torch.ones(xs, dtype=getattr(torch, dtype)), torch.zeros(gs, dtype=getattr(torch, dtype))
    out = ags.grid_sample(x, g)
    assert tuple(out.shape) == (xs[0], xs[1]) + gs[1:-1]
    assert (out.numel() if kind == "torch" else out.size) == 0


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_zero_input_spatial_size_is_error(dtype):
    for xs in ((1, 2, 0, 5), (1, 2, 4, 0)):
        with pytest.raises(ValueError, match="aclnn status 16100"):
            ags.grid_sample(np.ones(xs, dtype), np.zeros((1, 2, 3, 2), dtype))
