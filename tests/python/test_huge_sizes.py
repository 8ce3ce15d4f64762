"""Sizes near the int64 and uint32 limits: views of huge shapes over a few elements (zero strides,
as np.broadcast_to makes them), huge pads, output sizes and filter widths. No entry point may
divide by zero, overflow or exhaust memory planning them: each call either runs (on the path that
can address the view, with the result of an independent reference) or returns 161002 with a
message that names the size. Regressions of what the audit of the aclnn entry points and the
fuzzer (tests/fuzz/entry_fuzz.py) found."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags
from ascend_gridsample._api import extension


def test_forward_broadcast_input_of_2_40_elements():
    """Found by a user: a ViewCopy tiling of one broadcast row of 2^40 elements counted its chunks in
    32 bits (0) and divided by it (SIGFPE). Such a view is read in place by the AI CPU path."""
    x = np.broadcast_to(np.float32(1), (2**20, 1, 2**10, 2**10))
    g = np.broadcast_to(np.zeros(2, np.float32), (2**20, 1, 1, 2))
    y = ags.grid_sample(x, g)
    assert y.shape == (2**20, 1, 1, 1)
    assert np.all(y == 1.0)      # bilinear at the centre of a constant image (torch: 1)


@pytest.mark.parametrize("huge", [2**31, 2**32 + 1, 2**40, 2**53 + 1])
@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
def test_forward_rows_broadcast_over_a_huge_height_match_torch(huge, mode):
    """An image whose rows are all equal, broadcast over a huge height: sampled at y = 0 (the middle
    row) it equals torch's on two equal rows."""
    rng = np.random.default_rng(huge % 97)
    row = rng.uniform(-1, 1, (2, 3, 1, 9))
    grid = np.stack([rng.uniform(-1.2, 1.2, (2, 4, 5)), np.zeros((2, 4, 5))], axis=-1)
    got = ags.grid_sample(np.broadcast_to(row, (2, 3, huge, 9)), grid, mode, "border")
    want = F.grid_sample(torch.from_numpy(np.repeat(row, 2, axis=2)), torch.from_numpy(grid), mode=mode,
                         padding_mode="border", align_corners=False).numpy()
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_backward_grid_gradient_over_a_broadcast_huge_height_matches_torch():
    rng = np.random.default_rng(4)
    row = rng.uniform(-1, 1, (1, 2, 1, 7))
    grid = np.stack([rng.uniform(-0.9, 0.9, (1, 3, 4)), np.zeros((1, 3, 4))], axis=-1)
    go = rng.uniform(-1, 1, (1, 2, 3, 4))
    _, gg = ags.grid_sample_backward(go, np.broadcast_to(row, (1, 2, 2**40, 7)), grid, "bilinear", "border",
                                     output_mask=(False, True))
    g = torch.from_numpy(grid).requires_grad_(True)
    F.grid_sample(torch.from_numpy(np.repeat(row, 2, axis=2)), g, padding_mode="border").backward(torch.from_numpy(go))
    # x: the same slope; y: 0 on rows that are all equal, up to float64 rounding of the tap weights
    # times the unnormalization factor (H - 1) / 2 = 2^39
    np.testing.assert_allclose(gg[..., 0], g.grad.numpy()[..., 0], rtol=0, atol=1e-12)
    np.testing.assert_allclose(gg[..., 1], 0.0, atol=1e-15 * 2**39)


def test_backward_input_gradient_view_with_zero_strides_is_rejected():
    """The input gradient of a broadcast input, described as the same zero-stride view: its
    elements overlap, 161002 (the Python API allocates it dense instead)."""
    ext = extension()
    x = np.ones(1, np.float32)
    gi = np.full(4, 7.0, np.float32)
    g = np.zeros((1, 2, 2, 2), np.float32)
    go = np.ones((1, 1, 2, 2), np.float32)
    d = lambda a, shape, strides: (a.ctypes.data, shape, strides, 0, 4)   # noqa: E731
    status, message = ext.grid_sample_backward(
        d(go, go.shape, (4, 4, 2, 1)), d(x, (1, 1, 2**40, 4), (0, 0, 0, 0)), d(g, g.shape, (8, 4, 2, 1)),
        d(gi, (1, 1, 2**40, 4), (0, 0, 0, 1)), None, 0, 0, False)
    assert status == 161002 and "overlap" in message, message
    assert np.all(gi == 7.0)


@pytest.mark.parametrize("mode,kw", [("nearest", {}), ("cubic", {}), ("linear", {}), ("linear_onnx", {})])
def test_interpolate_huge_broadcast_axis_to_a_few_samples(mode, kw):
    """A 2^40-long broadcast axis resized to 5 without a stretched filter: a few taps per output."""
    x = np.broadcast_to(np.arange(3, dtype=np.float64)[:, None], (3, 2**40))
    y = ags.interpolate(x, [3, 5], mode=mode, shape_calculation_mode="sizes", **kw)
    np.testing.assert_array_equal(y, np.repeat(np.arange(3.0)[:, None], 5, axis=1))


@pytest.mark.parametrize("mode,kw", [("linear", dict(antialias=True)), ("bilinear_pillow", {}),
                                     ("bicubic_pillow", {})])
def test_interpolate_filter_stretched_over_a_huge_axis_is_rejected(mode, kw):
    """A stretched filter over 2^30 inputs per output: 2^31 taps, beyond the 2^26 the host tables
    may hold (1 GiB); rejected before any table is made, not after exhausting memory."""
    x = np.broadcast_to(np.float32(1), (2, 2**30))
    with pytest.raises(ValueError, match=r"161002.*resampling dim 1 from 1073741824 to 1 takes up to \d+ filter taps"):
        ags.interpolate(x, [2, 1], mode=mode, shape_calculation_mode="sizes", **kw)


def test_interpolate_intermediate_beyond_device_memory_is_rejected():
    """Found by the fuzzer: a 2^32-long broadcast axis kept while two others shrink leaves a
    float64 intermediate of 2^33 elements between the AI CPU path's passes (two buffers, 128 GiB),
    which no device holds; rejected with the sizes, not a failed allocation after launch."""
    x = np.broadcast_to(np.float32(1), (2**32, 3, 2))
    with pytest.raises(ValueError, match=r"161002.*an intermediate of \d+ elements between the passes needs two "
                                         r"float64 buffers of more than 32 GiB"):
        ags.interpolate(x, [1.0, 0.5, 0.5], [-3, 1, -1], mode="nearest", shape_calculation_mode="scales")


@pytest.mark.parametrize("pads_end", [[0, 2**63 - 1], [0, 2**62 + 2**62 - 1]])
def test_interpolate_pads_beyond_int64_are_rejected(pads_end):
    ext = extension()
    x = np.ones((2, 3), np.float32)
    y = np.zeros((2, 3), np.float32)
    status, message, _, _ = ext.interpolate(
        (x.ctypes.data, x.shape, (3, 1), 0, 4), (y.ctypes.data, y.shape, (3, 1), 0, 4), [], [2, 3], [0, 1], 0, 0, 0,
        0, False, [0, 1], pads_end, -0.75)
    assert status == 161002 and "beyond int64" in message, message
    assert np.all(y == 0)


def test_upsample_aa_over_a_huge_broadcast_axis_is_rejected():
    ext = extension()
    x = np.broadcast_to(np.float32(1), (1, 1, 4, 2**40))
    y = np.zeros((1, 1, 4, 2), np.float32)
    status, message = ext.upsample("bicubic2d_aa", (x.ctypes.data, x.shape, (0, 0, 0, 0), 0, 4),
                                   (y.ctypes.data, y.shape, (8, 8, 2, 1), 0, 4), [4, 2], False, [0.0, 0.0])
    assert status == 161002 and "filter taps" in message, message
    assert np.all(y == 0)


@pytest.mark.parametrize("scale", [1e30, 3e38])
def test_interpolate_scale_giving_a_length_beyond_int64_is_rejected(scale):
    """Found by the fuzzer: floor(scale * length) beyond int64 converted to an integer (Python:
    OverflowError; aclnn: an undefined float-to-int conversion)."""
    x = np.ones((2, 5), np.float32)
    with pytest.raises(ValueError, match="161002.*beyond int64"):
        ags.interpolate(x, [scale], [1], mode="nearest", shape_calculation_mode="scales")
    ext = extension()
    y = np.zeros((2, 5), np.float32)
    status, message, _, _ = ext.interpolate((x.ctypes.data, x.shape, (5, 1), 0, 4), (y.ctypes.data, y.shape, (5, 1), 0, 4),
                                            [scale], [], [1], 0, 1, 0, 0, False, [], [], -0.75)
    assert status == 161002 and "beyond int64" in message, message


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_forward_broadcast_row_of_2_31_elements_is_read_in_place(dtype):
    """Found by the fuzzer: a broadcast input of 2^31 - 1 elements was packed into a 4 GiB workspace
    the host could not back (361001). A broadcast view whose packed copy would outgrow its span by
    more than 64 MiB is read in place by the AI CPU path; bicubic weights of a constant image sum to 1."""
    x = np.broadcast_to(dtype(0.75), (1, 1, 1, 2**31 - 1))
    g = np.random.default_rng(5).uniform(-1, 1, (1, 1, 3, 2)).astype(dtype)
    y = ags.grid_sample(x, g, "bicubic", "reflection")
    np.testing.assert_allclose(y.astype(np.float64), 0.75, rtol=0, atol=2e-3 if dtype == np.float16 else 1e-6)


def test_interpolate_overlapping_y_is_rejected():
    """Found by the fuzzer: aclnnInterpolate checked y for zero strides only, so a y whose elements
    overlap (strides (3, 5, 2) for (3, 2, 2)) was written by racing threads; now 161002, as out in
    GridSample."""
    ext = extension()
    x = np.arange(36, dtype=np.float64)
    y = np.full(16, -1.0)
    status, message, _, _ = ext.interpolate((x.ctypes.data, (1, 3, 4, 3), (36, 12, 3, 1), 11, 8),
                                            (y.ctypes.data, (1, 3, 2, 2), (3, 3, 5, 2), 11, 8),
                                            [], [2, 2], [2, 3], 4, 0, 2, 2, False, [], [], -0.75)
    assert status == 161002 and "y view elements overlap" in message, message
    assert np.all(y == -1.0)
