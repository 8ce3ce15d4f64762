"""The GridSampleGrad AI Core kernel (2-D bilinear / nearest / bicubic, 3-D trilinear / nearest /
tricubic; float32, float16, bfloat16) through ags.grid_sample_backward: gradients equal torch's
backward (torch.autograd on float64 copies of the same rounded inputs) within stated tolerances
for every mode, padding and align_corners; tricubic (torch has none) against the adjoint and
finite differences of conftest.cubic_reference; the kernel ran; bit-identical gradients run to run,
between the fast and checked builds, and across 1, 8, 40 and 48 cores; outputMask combinations.

Tolerances, relative to 1 + the largest reference magnitude: float32 2e-5 (float32 arithmetic);
float16 2e-3 and bfloat16 1e-2 (float32 arithmetic, each gradient rounded once to the dtype)."""
import itertools

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags
from conftest import max_blocks

pytestmark = pytest.mark.skipif(not hasattr(ags, "grid_sample_backward"),
                                reason="ags.grid_sample_backward (the Python backward API) is not built in")

DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
TOL = {"float32": 2e-5, "float16": 2e-3, "bfloat16": 1e-2}
PADDINGS = ("zeros", "border", "reflection")
KERNEL = "grid_sample_grad"


def error(got, ref):
    got, ref = np.asarray(got, np.float64), np.asarray(ref, np.float64)
    return float(np.abs(got - ref).max()) / (1.0 + float(np.abs(ref).max()))


def torch_backward(go, x, g, mode, padding, align):
    """torch's gradients (float64) of sum(go * grid_sample(x, g))."""
    xt = torch.tensor(np.asarray(x, np.float64), requires_grad=True)
    gt = torch.tensor(np.asarray(g, np.float64), requires_grad=True)
    out = F.grid_sample(xt, gt, mode=mode, padding_mode=padding, align_corners=align)
    out.backward(torch.tensor(np.asarray(go, np.float64)))
    return xt.grad.numpy(), gt.grad.numpy()


def kernel_backward(go, x, g, mode, padding, align, build="fast", mask=(True, True)):
    before = ags.last_launch_stats(build, kernel=KERNEL)["serial"]
    gi, gg = ags.grid_sample_backward(go, x, g, mode, padding, align, output_mask=mask, build=build)
    assert ags.last_launch_stats(build, kernel=KERNEL)["serial"] > before, "the AI Core kernel should have run"
    return gi, gg


def problem(rng, xshape, gshape, dtype, spread=1.2):
    x = rng.uniform(-1, 1, xshape).astype(DTYPES[dtype])
    g = rng.uniform(-spread, spread, gshape).astype(DTYPES[dtype])
    go = rng.uniform(-1, 1, xshape[:2] + gshape[1:-1]).astype(DTYPES[dtype])
    return go, x, g


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("dims", [2, 3])
def test_kernel_backward_against_torch(dims, dtype):
    rng = np.random.default_rng(11 * dims + len(dtype))
    xshape, gshape = ((2, 3, 7, 9), (2, 5, 6, 2)) if dims == 2 else ((1, 2, 4, 5, 6), (1, 3, 2, 4, 3))
    modes = ("bilinear", "nearest", "bicubic") if dims == 2 else ("bilinear", "nearest")
    for mode, padding, align in itertools.product(modes, PADDINGS, [False, True]):
        go, x, g = problem(rng, xshape, gshape, dtype)
        gi, gg = kernel_backward(go, x, g, mode, padding, align)
        ri, rg = torch_backward(go, x, g, mode, padding, align)
        assert error(gi, ri) <= TOL[dtype], (mode, padding, align, error(gi, ri))
        assert error(gg, rg) <= TOL[dtype], (mode, padding, align, error(gg, rg))
        if mode == "nearest":
            assert not np.asarray(gg, np.float64).any()


@pytest.mark.parametrize("dtype", sorted(DTYPES))
def test_kernel_tricubic_against_cubic_reference(dtype):
    """torch has no tricubic: the input gradient by the adjoint identity of the (linear in x)
    reference, the grid gradient by central differences of it, away from the reference's kinks."""
    from conftest import cubic_reference

    rng = np.random.default_rng(5 + len(dtype))
    go, x, g = problem(rng, (1, 2, 4, 5, 6), (1, 2, 2, 3, 3), dtype, spread=0.9)
    x64, g64, go64 = (np.asarray(a, np.float64) for a in (x, g, go))
    for padding, align in itertools.product(PADDINGS, [False, True]):
        gi, gg = kernel_backward(go, x, g, "bicubic", padding, align)
        v = rng.uniform(-1, 1, x.shape)
        lhs = float((go64 * cubic_reference(v, g64, padding, align)).sum())
        terms = np.asarray(gi, np.float64) * v
        assert abs(lhs - float(terms.sum())) <= TOL[dtype] * (1 + float(np.abs(terms).sum())), (padding, align)
        h = 1e-6
        fd = np.zeros_like(g64)
        for i in np.ndindex(g64.shape):
            up, down = g64.copy(), g64.copy()
            up[i] += h
            down[i] -= h
            fd[i] = (go64 * (cubic_reference(x64, up, padding, align) - cubic_reference(x64, down, padding, align))).sum() / (2 * h)
        assert error(gg, fd) <= TOL[dtype] * 10, (padding, align, error(gg, fd))


@pytest.mark.usefixtures("restore_platform")
def test_kernel_backward_bit_identical_across_runs_builds_and_cores():
    rng = np.random.default_rng(3)
    cases = [((1, 20, 64, 72), (1, 9, 23, 2), "bicubic", "float32"),
             ((2, 3, 5, 30, 40), (2, 3, 4, 5, 3), "bilinear", "float16"),
             ((1, 18, 50, 60), (1, 11, 13, 2), "bilinear", "bfloat16")]
    for xshape, gshape, mode, dtype in cases:
        go, x, g = problem(rng, xshape, gshape, dtype, spread=2.0)
        bits = np.uint32 if dtype == "float32" else np.uint16
        want = None
        for build, cores in itertools.product(["fast", "checked"], [1, 8, 40, 48, 48]):
            ags.set_platform(cores=cores, build=build)
            gi, gg = kernel_backward(go, x, g, mode, "reflection", False, build=build)
            assert ags.last_launch_stats(build, kernel=KERNEL)["block_dim"] <= max_blocks(KERNEL, cores)
            got = (np.asarray(gi).view(bits).copy(), np.asarray(gg).view(bits).copy())
            if want is None:
                want = got
            else:
                assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1]), (xshape, build, cores)


def test_kernel_backward_output_mask():
    rng = np.random.default_rng(9)
    go, x, g = problem(rng, (1, 4, 6, 7), (1, 5, 4, 2), "float32")
    gi, gg = kernel_backward(go, x, g, "bicubic", "border", True)
    only_i = kernel_backward(go, x, g, "bicubic", "border", True, mask=(True, False))
    only_g = kernel_backward(go, x, g, "bicubic", "border", True, mask=(False, True))
    assert only_i[1] is None and only_g[0] is None
    assert np.array_equal(only_i[0].view(np.uint32), gi.view(np.uint32))
    assert np.array_equal(only_g[1].view(np.uint32), gg.view(np.uint32))


@pytest.mark.parametrize("dims", [2, 3])
@pytest.mark.parametrize("padding", PADDINGS)
def test_kernel_backward_grids_beyond_an_edge(dims, padding):
    """Chunks of points wholly beyond one edge of the input (a zoom-out, a shifted grid): border
    padding moves their taps onto the edge, so the range test that skips chunks (and the grid
    gradient's window) must still count them; zeros padding drops them."""
    rng = np.random.default_rng(5 + dims)
    xshape = (1, 3, 6, 7) if dims == 2 else (1, 3, 5, 6, 7)
    out = (300, 2) if dims == 2 else (20, 15, 2)   # the first axis (the last grid coordinate) runs beyond
    x = rng.uniform(-1, 1, xshape).astype(np.float32)
    modes = ("bilinear", "nearest", "bicubic") if dims == 2 else ("bilinear", "nearest")
    for lo, hi in ((-1.7, 1.7), (1.2, 3.0), (-3.0, -1.1)):
        g = rng.uniform(-1, 1, (1,) + out + (dims,)).astype(np.float32)
        # ascending along the first axis, so that whole chunks of points lie beyond the edge
        g[..., -1] = np.sort(rng.uniform(lo, hi, out[0])).astype(np.float32).reshape((-1,) + (1,) * (dims - 1))
        go = rng.uniform(-1, 1, (1, 3) + out).astype(np.float32)
        for mode in modes:
            gi, gg = kernel_backward(go, x, g, mode, padding, False)
            ri, rg = torch_backward(go, x, g, mode, padding, False)
            assert error(gi, ri) < TOL["float32"], (mode, lo, hi, error(gi, ri))
            assert error(gg, rg) < TOL["float32"], (mode, lo, hi, error(gg, rg))
