"""Regression tests of hostile inputs: far coordinates under reflection (float32 cannot hold the
half-pixel shift above 2^23), non-native byte order, tensors on different devices, and the fake
(meta) implementation's argument checks. Every input a property test found is listed here."""
from __future__ import annotations

import numpy as np
import pytest
import torch
from torch._subclasses.fake_tensor import FakeTensorMode

import ascend_gridsample as ags
from conftest import (ALIGNS, BUILDS, MODES, PADDINGS, assert_bit_equal, assert_coordinate_precision_close,
                      assert_exact_coordinate_close, torch_ref, unnormalize_f32)

# ---- far coordinates ---------------------------------------------------------------------------
# (input shape, grid [x, y(, z)] values, mode, padding, align_corners)
FAR_CASES = {
    # the report: bicubic read a non-integral tap (fast: 2.3e-41; checked: Gather offset error)
    "report_bicubic_3e6": ((1, 1, 5, 6), [3e6, 0.0], "bicubic", "reflection", False),
    "bilinear_3e6": ((1, 1, 5, 6), [3e6, 0.0], "bilinear", "reflection", False),
    "nearest_3e6": ((1, 1, 5, 6), [3e6, 0.0], "nearest", "reflection", False),
    "bicubic_negative": ((1, 1, 5, 6), [-2.9e6, 1e6], "bicubic", "reflection", False),
    "bicubic_just_below_2pow24": ((1, 1, 3, 4), [8388607.0, -0.25], "bicubic", "reflection", False),
    "bicubic_2pow23": ((1, 1, 3, 7), [2.0**23 / 3.5, 0.5], "bicubic", "reflection", False),
    "bicubic_align_2pow24_minus_1": ((1, 1, 1, 5), [2.0**23 - 1.5, 0.0], "bicubic", "reflection", True),
    "single_pixel": ((1, 2, 1, 1), [5e6, -5e6], "bicubic", "reflection", False),
    "bicubic_3d": ((1, 2, 3, 4, 5), [3e6, -1.5e6, 2e6], "bicubic", "reflection", False),
    "bilinear_3d": ((1, 2, 3, 4, 5), [3e6, -1.5e6, 2e6], "bilinear", "reflection", False),
    "nearest_3d": ((1, 2, 3, 4, 5), [3e6, -1.5e6, 5e6], "nearest", "reflection", True),
}


@pytest.mark.parametrize("case", sorted(FAR_CASES))
def test_far_coordinate(case):
    shape, point, mode, padding, align = FAR_CASES[case]
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    grid = np.array(point, np.float32).reshape((1,) * (len(shape) - 1) + (len(point),))
    outs = [ags.grid_sample(x, grid, mode, padding, align, build=b) for b in BUILDS]
    assert_bit_equal(outs[0], outs[1], f"{case}: fast vs checked")
    assert_exact_coordinate_close(outs[0], x, grid, mode, padding, align, what=case)
    if mode != "nearest":
        assert_coordinate_precision_close(outs[0], x, grid, mode, padding, align, what=case)


def test_report_values():
    """The report's numbers: the kernel samples u = 9000002 (float32 of 9000002.5): pixel 2 of
    row 2 (value 14); torch float64 samples 9000002.5 (14.5); torch float32 bicubic gives 13
    (it truncates a reflected coordinate that float32 rounded)."""
    x = np.arange(30, dtype=np.float32).reshape(1, 1, 5, 6)
    grid = np.array([[[[3e6, 0.0]]]], np.float32)
    assert float(unnormalize_f32(grid[..., 0], 6, False).ravel()[0]) == 9000002.0
    for build in BUILDS:
        assert ags.grid_sample(x, grid, "bicubic", "reflection", False, build=build).ravel().tolist() == [14.0]
    assert torch_ref(x, grid, "bicubic", "reflection", False).ravel().tolist() == [14.5]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("padding", PADDINGS)
@pytest.mark.parametrize("align", ALIGNS)
def test_every_integral_coordinate_near_2pow24(mode, padding, align):
    """Integral coordinates 2^24 - 40 .. 2^24 - 1 and their negatives (all exact in float32)
    against torch float64: every reflection period phase of S = 5 and 6."""
    for size in (5, 6):
        u = np.concatenate([np.arange(2**24 - 40, 2**24), -np.arange(2**24 - 40, 2**24)]).astype(np.float64)
        g = 2 * u / (size - 1) - 1 if align else (2 * u + 1) / size - 1
        g32 = g.astype(np.float32)
        u32 = unnormalize_f32(g32, size, align)
        g32 = g32[np.abs(u32) < 2.0**24]     # at 2^24 and above reflection reads pixel 0 (test_nonfinite)
        assert len(g32) >= 70
        grid = np.stack([g32, np.zeros_like(g32)], -1).reshape(1, 1, -1, 2)
        x = np.random.default_rng(size).uniform(-1, 1, (1, 2, 3, size)).astype(np.float32)
        outs = [ags.grid_sample(x, grid, mode, padding, align, build=b) for b in BUILDS]
        assert_bit_equal(outs[0], outs[1], "fast vs checked")
        assert_exact_coordinate_close(outs[0], x, grid, mode, padding, align, what=f"S={size}")


# ---- byte order ------------------------------------------------------------------------------
@pytest.mark.parametrize("which", ["input", "grid", "both"])
def test_big_endian_arrays_are_converted(which):
    """Non-native byte order is converted (as numpy's own functions do), never read as native."""
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 1, (1, 2, 5, 6)).astype(np.float32)
    grid = rng.uniform(-1.2, 1.2, (1, 3, 4, 2)).astype(np.float32)
    xb = x.astype(">f4") if which in ("input", "both") else x
    gb = grid.astype(">f4") if which in ("grid", "both") else grid
    assert not (xb.dtype.isnative and gb.dtype.isnative)
    out = ags.grid_sample(xb, gb, "bilinear", "border", False)
    assert out.dtype == np.float32 and out.dtype.isnative
    np.testing.assert_allclose(out, torch_ref(x, grid, "bilinear", "border", False), rtol=0, atol=1e-5)


def test_big_endian_float64_and_integers():
    x = np.arange(12, dtype=">i4").reshape(1, 1, 3, 4)
    grid = np.array([[[[-1.0, -1.0], [1.0, 1.0]]]], ">f8")
    out = ags.grid_sample(x, grid, "nearest", "zeros", True)
    assert out.ravel().tolist() == [0, 11]
    out64 = ags.grid_sample(x.astype(">f8"), grid, "bilinear", "zeros", True)
    assert out64.ravel().tolist() == [0.0, 11.0]


# ---- devices ---------------------------------------------------------------------------------
@pytest.mark.parametrize("meta", ["grid", "input"])
def test_meta_tensor_mixed_with_cpu_raises_like_torch(meta):
    x, grid = torch.arange(9.0).reshape(1, 1, 3, 3), torch.zeros(1, 2, 2, 2)
    if meta == "grid":
        grid = grid.to("meta")
    else:
        x = x.to("meta")
    with pytest.raises(RuntimeError):
        torch.nn.functional.grid_sample(x, grid, align_corners=False)
    with pytest.raises(RuntimeError, match="meta"):
        ags.grid_sample(x, grid)


def test_meta_tensors_give_meta_output():
    out = ags.grid_sample(torch.zeros(2, 3, 4, 5, device="meta"), torch.zeros(2, 6, 7, 2, device="meta"))
    assert out.device.type == "meta" and tuple(out.shape) == (2, 3, 6, 7)


# ---- the fake implementation checks what the operator checks ----------------------------------
BAD_ARGS = {
    # name: (input shape, input dtype, grid shape, grid dtype, channel_last, exception)
    "batch": ((1, 2, 4, 4), torch.float32, (2, 3, 3, 2), torch.float32, False, ValueError),
    "last_dim": ((1, 2, 4, 4), torch.float32, (1, 3, 3, 3), torch.float32, False, ValueError),
    "rank": ((1, 2, 4, 4), torch.float32, (1, 3, 3, 3, 3), torch.float32, False, ValueError),
    "input_rank": ((4, 4), torch.float32, (1, 3, 3, 2), torch.float32, False, ValueError),
    "grid_dtype": ((1, 2, 4, 4), torch.float32, (1, 3, 3, 2), torch.float64, False, ValueError),
    "integer_grid": ((1, 2, 4, 4), torch.int32, (1, 3, 3, 2), torch.int32, False, ValueError),
    "unsupported_dtype": ((1, 2, 4, 4), torch.complex64, (1, 3, 3, 2), torch.complex64, False, TypeError),
    "zero_spatial": ((1, 2, 0, 4), torch.float32, (1, 3, 3, 2), torch.float32, False, ValueError),
    "channel_last_batch": ((1, 4, 4, 2), torch.float32, (3, 3, 3, 2), torch.float32, True, ValueError),
}


@pytest.mark.parametrize("case", sorted(BAD_ARGS))
def test_fake_rejects_what_the_operator_rejects(case):
    xs, xd, gs, gd, channel_last, exc = BAD_ARGS[case]
    op = torch.ops.ascend_gridsample.grid_sample
    args = ("bilinear", "zeros", False, channel_last)
    with pytest.raises(exc) as real:
        op(torch.zeros(xs, dtype=xd), torch.zeros(gs, dtype=gd), *args)
    with pytest.raises(exc) as meta:
        op(torch.zeros(xs, dtype=xd, device="meta"), torch.zeros(gs, dtype=gd, device="meta"), *args)
    with FakeTensorMode(), pytest.raises(exc) as fake:
        op(torch.zeros(xs, dtype=xd), torch.zeros(gs, dtype=gd), *args)
    assert str(real.value) == str(meta.value) == str(fake.value)


def test_fake_shape_matches_operator():
    op = torch.ops.ascend_gridsample.grid_sample
    x, grid = torch.zeros(2, 5, 6, 3), torch.zeros(2, 4, 7, 2)
    real = op(x, grid, "bicubic", "reflection", True, True)
    with FakeTensorMode() as mode:
        fake = op(mode.from_tensor(x), mode.from_tensor(grid), "bicubic", "reflection", True, True)
    assert tuple(fake.shape) == tuple(real.shape) == (2, 3, 4, 7) and fake.dtype == real.dtype


def test_mode_names_checked_by_fake():
    with pytest.raises(ValueError, match="mode"):
        torch.ops.ascend_gridsample.grid_sample(torch.zeros(1, 1, 2, 2, device="meta"),
                                                torch.zeros(1, 1, 1, 2, device="meta"), "linearish", "zeros",
                                                False, False)


# ---- inputs the property test (test_property.py) found ------------------------------------------
def test_found_subnormal_input():
    """Subnormal data (-1e-45) at an edge point: the vector unit may flush it to 0; anything else
    must match torch. Found by test_property."""
    x = np.array([0.0, -0.0, -1e-45], np.float32).reshape(1, 3, 1, 1)
    grid = np.array([[[[0.0, 1.0]]]], np.float32)
    outs = [ags.grid_sample(x, grid, "bilinear", "zeros", False, build=b) for b in BUILDS]
    assert_bit_equal(outs[0], outs[1], "fast vs checked")
    assert_exact_coordinate_close(outs[0], x, grid, "bilinear", "zeros", False, what="subnormal")
    assert np.all(np.abs(outs[0]) <= 1e-45)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("align", ALIGNS)
def test_far_coordinates_float64_path(mode, align):
    """The AI CPU path computes in float64: far reflected coordinates match torch float64 directly."""
    x = np.arange(30, dtype=np.float64).reshape(1, 1, 5, 6)
    grid = np.array([[[[3e6, 0.0], [-2.9e6, 1e6], [2.0**22 + 0.25, -2.0**21]]]], np.float64)
    out = ags.grid_sample(x, grid, mode, "reflection", align)
    np.testing.assert_allclose(out, torch_ref(x, grid, mode, "reflection", align), rtol=0, atol=1e-9)
