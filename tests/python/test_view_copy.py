"""Views the GridSample kernel cannot address are packed by the ViewCopy AscendC kernel on the
stream (strided DMA runs, no host copy): overlapping windows, gaps, steps, broadcast W, channel-last
3-D. Each result is compared with torch; the launch counters say which kernels ran, and
ags.grid_sample_last_path() says which path was planned and why."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from numpy.lib.stride_tricks import as_strided

import ascend_gridsample as ags
from ascend_gridsample._api import extension
from conftest import BUILDS, assert_bit_equal, check_against_torch, random_grid, random_input


def serial(build, kernel):
    return extension(build).last_launch_stats(kernel)["serial"]


def run_counting(build, fn):
    """Runs fn; returns (its result, whether view_copy ran, whether grid_sample ran)."""
    vc, gs = serial(build, "view_copy"), serial(build, "grid_sample")
    out = fn()
    return out, serial(build, "view_copy") > vc, serial(build, "grid_sample") > gs


def assert_path(build, path, *phrases, absent=()):
    info = ags.grid_sample_last_path(build=build)
    assert info["path"] == path, info
    for p in phrases:
        assert p in info["reason"], (p, info)
    for p in absent:
        assert p not in info["reason"], (p, info)


def input_view(rng, name, dt=np.float32):
    if name == "overlapping_rows":       # rows 7 elements apart, 9 wide: neighbouring rows overlap
        base = random_input(rng, (1000,), dt)
        return as_strided(base, (2, 4, 12, 9), tuple(s * base.itemsize for s in (400, 100, 7, 1)))
    if name == "overlapping_channels":   # channels 5 elements apart within 11-wide rows
        base = random_input(rng, (2000,), dt)
        return as_strided(base, (2, 3, 10, 11), tuple(s * base.itemsize for s in (900, 5, 40, 1)))
    if name == "w_step3_gaps":           # W stride 3, padded rows, channel step
        return random_input(rng, (2, 6, 14, 40), dt)[:, ::2, 1:-1, ::3]
    if name == "broadcast_w":            # W stride 0: every pixel of a row is the same
        return np.broadcast_to(random_input(rng, (2, 3, 9, 1), dt), (2, 3, 9, 13))
    if name == "transposed_hw":          # W stride = H extent
        return random_input(rng, (1, 3, 17, 12), dt).transpose(0, 1, 3, 2)
    raise KeyError(name)


VIEWS = ["overlapping_rows", "overlapping_channels", "w_step3_gaps", "broadcast_w", "transposed_hw"]


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_packed_input_views_match_torch(rng, build, view, mode):
    x = input_view(rng, view)
    assert not x.flags.c_contiguous
    grid = random_grid(rng, x.shape[0], 7, 8, lim=1.1)
    out, copied, kernel = run_counting(build, lambda: check_against_torch(x, grid, mode, "border", False, build=build))
    assert copied and kernel, f"view_copy ran: {copied}, grid_sample ran: {kernel}"
    assert_path(build, "ai_core", "aclnnGridSampler2D: AI Core kernel grid_sample, with ViewCopy packing input (views")
    # packing is exact: the same bits as the call on a contiguous copy
    assert_bit_equal(out, ags.grid_sample(np.ascontiguousarray(x), grid, mode, "border", False, build=build), view)


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_packed_half_views(rng, build, dtype):
    import ml_dtypes
    dt = np.float16 if dtype == "float16" else ml_dtypes.bfloat16
    x = random_input(rng, (2, 5, 11, 30), dt)[:, 1:, :, ::2]        # 2-byte elements, W stride 2
    grid = random_grid(rng, 2, 6, 5, lim=1.0, dtype=dt)
    out, copied, kernel = run_counting(build, lambda: check_against_torch(x, grid, "bilinear", "zeros", True, build=build))
    assert copied and kernel
    assert_path(build, "ai_core", "with ViewCopy packing input (")
    assert_bit_equal(out, ags.grid_sample(np.ascontiguousarray(x), grid, "bilinear", "zeros", True, build=build))


@pytest.mark.parametrize("build", BUILDS)
def test_strided_grid_view_is_packed(rng, build):
    g = random_grid(rng, 3, 12, 30, lim=1.1)[:, ::2, 1::3]           # point stride 6
    x = random_input(rng, (3, 4, 9, 10))
    _, copied, kernel = run_counting(build, lambda: check_against_torch(x, g, "nearest", "reflection", False, build=build))
    assert copied and kernel
    assert_path(build, "ai_core", "with ViewCopy packing grid (views")


@pytest.mark.parametrize("build", BUILDS)
def test_channel_last_3d_torch_view(rng, build):
    """NDHWC memory seen as NCDHW (torch channels_last_3d) is read in place by the 3-D kernel, as
    NHWC is by the 2-D one: nothing is packed."""
    x = torch.from_numpy(random_input(rng, (2, 5, 6, 7, 3))).permute(0, 4, 1, 2, 3)   # (N, C, D, H, W) view
    grid = torch.from_numpy(random_grid(rng, 2, (4, 5, 6), None, lim=1.05, dims=3))
    out, copied, kernel = run_counting(build, lambda: ags.grid_sample(x, grid, "bilinear", "zeros", False, build=build))
    assert kernel and not copied
    assert_path(build, "ai_core", "aclnnGridSampler3D: AI Core kernel grid_sample", absent=("ViewCopy",))
    ref = F.grid_sample(x.double(), grid.double(), "bilinear", "zeros", False)
    rng_x = float(x.max() - x.min())
    assert float((out.double() - ref).abs().max()) <= 1e-5 * rng_x


@pytest.mark.parametrize("build", BUILDS)
def test_views_read_in_place_are_not_copied(rng, build):
    """Control: an NCHW view with padded rows is read by the kernel directly."""
    x = random_input(rng, (2, 3, 12, 20))[:, :, 1:, 2:]
    grid = random_grid(rng, 2, 5, 6)
    _, copied, kernel = run_counting(build, lambda: check_against_torch(x, grid, "bilinear", "zeros", False, build=build))
    assert kernel and not copied
    assert_path(build, "ai_core", "AI Core kernel grid_sample", absent=("ViewCopy",))


@pytest.mark.parametrize("build", BUILDS)
def test_float64_runs_as_ai_cpu_kernel_without_ai_core_launches(rng, build):
    x = random_input(rng, (2, 3, 8, 9), np.float64)[:, :, :, ::2]
    grid = random_grid(rng, 2, 4, 5, dtype=np.float64)
    _, copied, kernel = run_counting(build, lambda: check_against_torch(x, grid, "bicubic", "border", True, build=build))
    assert not copied and not kernel
    assert_path(build, "ai_cpu", "AI CPU kernel GridSampleAicpu, because of dtype DOUBLE")


@pytest.mark.parametrize("build", BUILDS)
def test_view_beyond_a_dma_gap_runs_on_ai_cpu(rng, build):
    """A W step of 2^30 + 1 float32 elements (a 4 GiB gap) is beyond the 32-bit gap of a DMA, for the
    GridSample kernel and for ViewCopy alike: the AI CPU kernel reads the view in place. The buffer
    is 8 GiB of untouched zero pages; only the view's few elements are written."""
    step = 2**30 + 1
    base = np.zeros(2 * step + 8, np.float32)
    x = as_strided(base, (1, 2, 2, 3), (0, 4 * 4, 4, step * 4))
    vals = random_input(rng, (1, 2, 2, 3))
    x[...] = vals                       # writes through the view
    grid = random_grid(rng, 1, 3, 4, lim=1.1)
    out, copied, kernel = run_counting(build, lambda: ags.grid_sample(x, grid, "bilinear", "zeros", False, build=build))
    assert not copied and not kernel
    assert_path(build, "ai_cpu", "because of input view (shape [1, 2, 2, 3], strides",
                "that ViewCopy cannot pack either: an innermost step of 1073741825 elements is beyond a DMA's 32-bit gap")
    ref = F.grid_sample(torch.from_numpy(vals).double(), torch.from_numpy(grid).double(), "bilinear", "zeros", False)
    assert np.abs(out.astype(np.float64) - ref.numpy()).max() <= 1e-6


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", BUILDS)
def test_packed_view_on_a_small_ub(rng, build):
    # ViewCopy's buffers fit the UB less the 8 KiB reserve: a 32 KiB UB still packs and samples
    ags.set_platform(ub_bytes=32768, build=build)
    x = input_view(rng, "w_step3_gaps")
    grid = random_grid(rng, x.shape[0], 7, 8, lim=1.1)
    _, copied, kernel = run_counting(build, lambda: check_against_torch(x, grid, "bilinear", "zeros", False, build=build))
    assert copied and kernel
    assert_path(build, "ai_core", "with ViewCopy packing input (")


@pytest.mark.parametrize("build", BUILDS)
def test_last_path_of_an_empty_call_and_of_the_backward(rng, build):
    x = random_input(rng, (2, 3, 8, 9))
    ags.grid_sample(x, random_grid(rng, 2, 0, 5), "bilinear", "zeros", False, build=build)
    assert_path(build, "none", "aclnnGridSampler2D: none (nothing to compute)")
    x = random_input(rng, (1, 2, 5, 6), np.float64)
    grid = random_grid(rng, 1, 3, 4, dtype=np.float64)
    grad_y = random_input(rng, (1, 2, 3, 4), np.float64)
    gi, gg = ags.grid_sample_backward(grad_y, x, grid, "bilinear", "zeros", False, build=build)
    info = ags.grid_sample_last_path(backward=True, build=build)
    assert info["path"] == "ai_cpu", info
    assert "aclnnGridSampler2DBackward: AI CPU kernel GridSampleGradAicpu, because of" in info["reason"], info
    xt, gt = torch.from_numpy(x).requires_grad_(), torch.from_numpy(grid).requires_grad_()
    ref = torch.autograd.grad(F.grid_sample(xt, gt, "bilinear", "zeros", False), (xt, gt), torch.from_numpy(grad_y))
    np.testing.assert_allclose(gi, ref[0].numpy(), rtol=0, atol=1e-12)
    np.testing.assert_allclose(gg, ref[1].numpy(), rtol=0, atol=1e-12)
