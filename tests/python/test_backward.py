"""GridSample backward (ags.grid_sample_backward and autograd of ags.grid_sample) against independent
references: torch's own backward (torch.ops.aten.grid_sampler_2d_backward / 3d_backward) in float64
for every mode, padding and align_corners; for tricubic 3-D (torch has none), finite differences of
the N-d cubic reference of conftest (numpy float64). float32 / float16 / bfloat16 are checked against
the float64 reference on the same (upcast) values, with the tolerances below. Also: gradcheck, cell
boundaries, outputMask combinations, bit-identical results run to run and for 1, 8, 40 and 48 cores.

Tolerances (absolute error over `scale`, the largest |reference| of that gradient, or 1 if zero):
- float64 (AI CPU path, computed in double): TOL_F64 = 1e-12 (summation order only); the tricubic
  grid gradient against finite differences: TOL_FD = 1e-7 (their own error);
- float32: torch's own float32 backward error on the same case, plus TOL_F32 = 1e-5 (float32
  accumulation of the scattered sum); tricubic (no torch float32): TOL_F32_CUBIC_3D = 5e-5;
- float16 / bfloat16 (computed in float32, rounded once): TOL_F16 = 2e-3 / TOL_BF16 = 1.6e-2
  (a few half-ulps of the largest value: 2^-11 and 2^-8 relative).
"""
from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags
from conftest import (BUILDS, COMBOS, PADDINGS, ALIGNS, assert_bit_equal, combo_id, cubic_reference, max_blocks,
                      pixel_coord)

TOL_F64 = 1e-12
TOL_FD = 1e-7   # the tricubic reference's grid gradient: central differences (FD_STEP), float64 rounding
TOL_F32 = 1e-5
TOL_F32_CUBIC_3D = 5e-5
TOL_HALF = {"float16": 2e-3, "bfloat16": 1.6e-2}
DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
MODE_CODE = {"bilinear": 0, "nearest": 1, "bicubic": 2}
PAD_CODE = {"zeros": 0, "border": 1, "reflection": 2}
COMBOS_3D = list(itertools.product(("bilinear", "nearest", "bicubic"), PADDINGS, ALIGNS))


# ------------------------------------------------------------------------------------------------
# References
# ------------------------------------------------------------------------------------------------
def f64(a) -> np.ndarray:
    return np.asarray(a).astype(np.float64)


def torch_backward(go, x, g, mode, padding, align, dtype=torch.float64):
    """torch's backward (aten) of numpy inputs computed in `dtype`: (grad_input, grad_grid) as float64."""
    t = [torch.from_numpy(np.ascontiguousarray(f64(a))).to(dtype) for a in (go, x, g)]
    fn = torch.ops.aten.grid_sampler_2d_backward if x.ndim == 4 else torch.ops.aten.grid_sampler_3d_backward
    gi, gg = fn(t[0], t[1], t[2], MODE_CODE[mode], PAD_CODE[padding], align, [True, True])
    return gi.double().numpy(), gg.double().numpy()


FD_STEP = 1e-6   # normalized units; the Keys cubic is C1, so central differences err by O(h^2)


def cubic_backward_fd(go, x, g, padding, align):
    """Gradients of sum(go * cubic_reference(x, g)) in float64: grad_input exactly (the output is
    linear in x, so the difference for a unit step of input element k is the reference evaluated on
    the k-th unit basis volume; all of them at once as channels), grad_grid by central finite
    differences (each output point depends on its own grid point only, so one axis of every point
    is stepped at once)."""
    go, x, g = f64(go), f64(x), f64(g)
    n, c = x.shape[:2]
    sizes = x.shape[2:]
    s = int(np.prod(sizes))
    grad_input = np.empty_like(x)
    basis = np.eye(s).reshape((1, s) + sizes)
    for b in range(n):
        weights = cubic_reference(basis, g[b:b + 1], padding, align)[0].reshape(s, -1)   # (S, points)
        grad_input[b] = (go[b].reshape(c, -1) @ weights.T).reshape((c,) + sizes)
    grad_grid = np.empty_like(g)
    for axis in range(g.shape[-1]):
        step = np.zeros_like(g)
        step[..., axis] = FD_STEP
        plus = (go * cubic_reference(x, g + step, padding, align)).sum(axis=1)
        minus = (go * cubic_reference(x, g - step, padding, align)).sum(axis=1)
        grad_grid[..., axis] = (plus - minus) / (2 * FD_STEP)
    return grad_input, grad_grid


def reference(go, x, g, mode, padding, align):
    if mode == "bicubic" and x.ndim == 5:
        return cubic_backward_fd(go, x, g, padding, align)
    return torch_backward(go, x, g, mode, padding, align)


def scale_of(ref) -> float:
    m = float(np.abs(ref).max()) if ref.size else 0.0
    return m if m > 0 else 1.0


def assert_grads_close(got, ref, tols, what):
    for name, a, r, tol in zip(("grad_input", "grad_grid"), got, ref, tols):
        a = f64(a)
        assert a.shape == r.shape, f"{what}: {name} shape {a.shape}, expected {r.shape}"
        assert np.isfinite(a).all(), f"{what}: {name} has non-finite values"
        err = np.abs(a - r)
        if err.size and err.max() > tol:
            i = np.unravel_index(np.argmax(err), err.shape)
            raise AssertionError(f"{what}: {name} max err {err.max():.3e} at {i} (got {a[i]!r}, want {r[i]!r}); "
                                 f"tol {tol:.3e}")


def expected_tols(go, x, g, mode, padding, align, dtype_name, ref):
    """Per gradient, the absolute tolerance of the module docstring for this dtype."""
    scales = [scale_of(r) for r in ref]
    if dtype_name == "float64":
        if mode == "bicubic" and x.ndim == 5:
            return [TOL_F64 * scales[0], TOL_FD * scales[1]]
        return [TOL_F64 * s for s in scales]
    if dtype_name in TOL_HALF:
        return [TOL_HALF[dtype_name] * s for s in scales]
    if mode == "bicubic" and x.ndim == 5:
        return [TOL_F32_CUBIC_3D * s for s in scales]
    ref32 = torch_backward(go, x, g, mode, padding, align, dtype=torch.float32)
    return [float(np.abs(r32 - r).max()) + TOL_F32 * s for r32, r, s in zip(ref32, ref, scales)]


def check_backward(go, x, g, mode, padding, align, build=None, what=""):
    """Runs ags.grid_sample_backward and checks both gradients with the criterion of x's dtype."""
    got = ags.grid_sample_backward(go, x, g, mode, padding, align, build=build)
    dtype_name = np.asarray(x).dtype.name
    for a, like in zip(got, (x, g)):
        assert a.dtype == like.dtype and a.shape == like.shape
    ref = reference(go, x, g, mode, padding, align)
    what = what or f"{mode}/{padding}/ac={align}/{dtype_name}/{build} x{x.shape} grid{g.shape}"
    assert_grads_close(got, ref, expected_tols(go, x, g, mode, padding, align, dtype_name, ref), what)
    return got


def make_case(rng, xshape, gspatial, dtype=np.float64, lim=1.2):
    r = len(xshape) - 2
    x = rng.uniform(-1, 1, xshape).astype(dtype)
    g = rng.uniform(-lim, lim, (xshape[0],) + tuple(gspatial) + (r,)).astype(dtype)
    go = rng.uniform(-1, 1, (xshape[0], xshape[1]) + tuple(gspatial)).astype(dtype)
    return go, x, g


# ------------------------------------------------------------------------------------------------
# float64 against torch's backward (and the tricubic finite differences)
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[combo_id(*c) for c in COMBOS])
def test_float64_2d_against_torch(rng, mode, padding, align):
    for lim in (1.0, 1.3, 4.0):
        go, x, g = make_case(rng, (2, 3, 7, 9), (5, 6), lim=lim)
        check_backward(go, x, g, mode, padding, align, what=f"{mode}/{padding}/ac={align} lim {lim}")
    # many points per input pixel: a dense scatter into a small image
    go, x, g = make_case(rng, (1, 2, 3, 4), (16, 16), lim=1.1)
    check_backward(go, x, g, mode, padding, align)


@pytest.mark.parametrize("mode,padding,align", COMBOS_3D, ids=[combo_id(*c) for c in COMBOS_3D])
def test_float64_3d_against_torch_and_cubic_fd(rng, mode, padding, align):
    go, x, g = make_case(rng, (2, 2, 3, 4, 5), (2, 3, 3), lim=1.2)
    check_backward(go, x, g, mode, padding, align)


def test_cubic_fd_reference_matches_torch_bicubic_2d(rng):
    """The finite-difference reference used for tricubic agrees with torch's bicubic backward in 2-D."""
    for padding, align in itertools.product(PADDINGS, ALIGNS):
        go, x, g = make_case(rng, (1, 2, 5, 6), (3, 4), lim=1.2)
        fd = cubic_backward_fd(go, x, g, padding, align)
        ref = torch_backward(go, x, g, "bicubic", padding, align)
        assert_grads_close(fd, ref, [TOL_F64 * scale_of(ref[0]), TOL_FD * scale_of(ref[1])], f"fd {padding}/{align}")


# ------------------------------------------------------------------------------------------------
# float32 / float16 / bfloat16 (AI Core kernels)
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[combo_id(*c) for c in COMBOS])
def test_kernel_dtypes_2d(rng, dtype, mode, padding, align):
    go, x, g = make_case(rng, (2, 5, 10, 12), (7, 9), DTYPES[dtype], lim=1.2)
    check_backward(go, x, g, mode, padding, align, build="fast")


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("mode,padding,align", COMBOS_3D, ids=[combo_id(*c) for c in COMBOS_3D])
def test_kernel_dtypes_3d(rng, dtype, mode, padding, align):
    go, x, g = make_case(rng, (1, 3, 4, 5, 6), (3, 3, 4), DTYPES[dtype], lim=1.2)
    check_backward(go, x, g, mode, padding, align, build="fast")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
def test_kernel_float32_flow_and_scatter(rng, build, mode):
    """A smooth flow (neighbouring points share input cells) and a scattered grid on a larger image."""
    n, c, h, w = 2, 4, 24, 40
    ys, xs = np.meshgrid(np.linspace(-1, 1, h), np.linspace(-1, 1, w), indexing="ij")
    flow = np.stack([xs, ys], -1)[None].repeat(n, 0) + rng.uniform(-0.08, 0.08, (n, h, w, 2))
    x = rng.uniform(-1, 1, (n, c, h, w)).astype(np.float32)
    for g in (flow.astype(np.float32), rng.uniform(-1.1, 1.1, (n, 13, 17, 2)).astype(np.float32)):
        go = rng.uniform(-1, 1, (n, c) + g.shape[1:3]).astype(np.float32)
        check_backward(go, x, g, mode, "zeros", False, build=build)


def test_channel_last(rng):
    """channel_last: grad_input comes back in the input's (N, H, W, C) layout."""
    go, x, g = make_case(rng, (2, 3, 6, 7), (4, 5), np.float32)
    x_last = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    gi, gg = ags.grid_sample_backward(go, x_last, g, "bilinear", "border", True, channel_last=True)
    assert gi.shape == x_last.shape
    ref = torch_backward(go, x, g, "bilinear", "border", True)
    tols = expected_tols(go, x, g, "bilinear", "border", True, "float32", ref)
    assert_grads_close((gi.transpose(0, 3, 1, 2), gg), ref, tols, "channel_last")


def test_float64_other_ranks_against_cubic_and_linear_fd(rng):
    """1-D input (N, C, W) through the N-d entry point (AI CPU): cubic against finite differences of
    the N-d cubic reference, linear against torch's 2-D backward on an H = 1 image."""
    go, x, g = make_case(rng, (2, 3, 7), (5,), lim=1.2)
    for padding, align in itertools.product(PADDINGS, ALIGNS):
        got = ags.grid_sample_backward(go, x, g, "bicubic", padding, align)
        ref = cubic_backward_fd(go, x, g, padding, align)
        assert_grads_close(got, ref, [TOL_F64 * scale_of(ref[0]), TOL_FD * scale_of(ref[1])], f"1-D cubic {padding}")
        # linear 1-D equals 2-D bilinear on a one-row image sampled on its row (y = 0 is row 0)
        got = ags.grid_sample_backward(go, x, g, "bilinear", padding, align)
        g2 = np.concatenate([g, np.zeros_like(g)], -1)[:, None]          # (N, 1, Wo, 2)
        gi2, gg2 = torch_backward(go[:, :, None], x[:, :, None], g2, "bilinear", padding, align)
        ref = (gi2[:, :, 0], gg2[:, 0, :, :1])
        assert_grads_close(got, ref, [1e-12 * scale_of(r) for r in ref], f"1-D linear {padding}/{align}")


# ------------------------------------------------------------------------------------------------
# Points exactly on cell boundaries follow torch's convention
# ------------------------------------------------------------------------------------------------
def boundary_grid(sizes_xfirst, align, n_out):
    """Every pixel coordinate from -1 to size (integer pixels, so cell edges), the edges -1 and +1
    exactly, and half-way points, as float64 values that float32 holds exactly (sizes chosen so)."""
    axes = []
    for size in sizes_xfirst:
        pts = [pixel_coord(i, size, align) for i in range(-1, size + 1)] + [-1.0, 1.0]
        pts += [(pixel_coord(i, size, align) + pixel_coord(i + 1, size, align)) / 2 for i in range(size)]
        axes.append(np.array(pts))
    rng = np.random.default_rng(5)
    cols = [rng.choice(a, n_out) for a in axes]
    return np.stack(cols, -1)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[combo_id(*c) for c in COMBOS])
def test_cell_boundaries_2d(dtype, mode, padding, align):
    # align=False: (2i+1)/S - 1 is exact in float32 for S = 4, 8; align=True: 2i/(S-1) - 1 for S = 5, 9
    h, w = (9, 5) if align else (8, 4)
    g = boundary_grid((w, h), align, 6 * 7).reshape(1, 6, 7, 2)
    assert np.array_equal(g.astype(np.float32).astype(np.float64), g)
    rng = np.random.default_rng(11)
    x = rng.uniform(-1, 1, (1, 3, h, w))
    go = rng.uniform(-1, 1, (1, 3, 6, 7))
    dt = np.float64 if dtype == "float64" else np.float32
    check_backward(go.astype(dt), x.astype(dt), g.astype(dt), mode, padding, align,
                   build=None if dtype == "float64" else "checked")


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("mode,padding,align", [c for c in COMBOS_3D if c[0] != "bicubic"],
                         ids=[combo_id(*c) for c in COMBOS_3D if c[0] != "bicubic"])
def test_cell_boundaries_3d(dtype, mode, padding, align):
    d, h, w = (5, 3, 9) if align else (4, 2, 8)
    g = boundary_grid((w, h, d), align, 2 * 3 * 4).reshape(1, 2, 3, 4, 3)
    rng = np.random.default_rng(12)
    x = rng.uniform(-1, 1, (1, 2, d, h, w))
    go = rng.uniform(-1, 1, (1, 2, 2, 3, 4))
    dt = np.float64 if dtype == "float64" else np.float32
    check_backward(go.astype(dt), x.astype(dt), g.astype(dt), mode, padding, align,
                   build=None if dtype == "float64" else "checked")


# ------------------------------------------------------------------------------------------------
# outputMask
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("rank", [2, 3])
def test_output_mask_numpy(rng, dtype, rank):
    xshape, gsp = ((2, 3, 6, 7), (4, 5)) if rank == 2 else ((1, 2, 4, 5, 6), (2, 3, 4))
    go, x, g = make_case(rng, xshape, gsp, np.dtype(dtype).type)
    ref = torch_backward(go, x, g, "bilinear", "reflection", False)
    tols = expected_tols(go, x, g, "bilinear", "reflection", False, dtype, ref)
    both = ags.grid_sample_backward(go, x, g, "bilinear", "reflection", False, output_mask=(True, True))
    assert_grads_close(both, ref, tols, "(T, T)")
    gi, gg = ags.grid_sample_backward(go, x, g, "bilinear", "reflection", False, output_mask=(True, False))
    assert gg is None
    assert_bit_equal(gi, both[0], "(T, F) grad_input")
    gi, gg = ags.grid_sample_backward(go, x, g, "bilinear", "reflection", False, output_mask=[False, True])
    assert gi is None
    assert_bit_equal(gg, both[1], "(F, T) grad_grid")


def test_output_mask_torch_tensors(rng):
    go, x, g = (torch.from_numpy(a) for a in make_case(rng, (1, 2, 5, 6), (3, 4)))
    ref = torch.ops.aten.grid_sampler_2d_backward(go, x, g, 2, 0, True, [True, True])
    for mask in ((True, True), (True, False), (False, True)):
        got = ags.grid_sample_backward(go, x, g, "bicubic", "zeros", True, output_mask=mask)
        for want, a, r in zip(mask, got, ref):
            if want:
                assert isinstance(a, torch.Tensor)
                torch.testing.assert_close(a, r, rtol=0, atol=1e-12 * float(r.abs().max()))
            else:
                assert a is None


@pytest.mark.parametrize("bad", [(True,), (True, True, True), "TT", (1, 0), None])
def test_output_mask_rejected(rng, bad):
    go, x, g = make_case(rng, (1, 1, 3, 3), (2, 2), np.float32)
    with pytest.raises(ValueError, match="output_mask"):
        ags.grid_sample_backward(go, x, g, output_mask=bad)


# ------------------------------------------------------------------------------------------------
# Bad arguments
# ------------------------------------------------------------------------------------------------
def test_bad_arguments(rng):
    go, x, g = make_case(rng, (1, 2, 4, 5), (3, 3), np.float32)
    with pytest.raises(ValueError, match=r"grad_output has shape \[1, 2, 3, 4\]; expected \[1, 2, 3, 3\]"):
        ags.grid_sample_backward(np.zeros((1, 2, 3, 4), np.float32), x, g)
    with pytest.raises(ValueError, match="grad_output dtype float64 differs from input dtype float32"):
        ags.grid_sample_backward(go.astype(np.float64), x, g)
    with pytest.raises(ValueError, match="input dtype int32 has no gradient"):
        ags.grid_sample_backward(go.astype(np.int32), x.astype(np.int32), g)
    with pytest.raises(ValueError, match="mode is 'linearx'"):
        ags.grid_sample_backward(go, x, g, "linearx")
    with pytest.raises(ValueError, match="grid last dim is 3; expected 2"):
        ags.grid_sample_backward(go, x, np.zeros((1, 3, 3, 3), np.float32))
    with pytest.raises(TypeError, match="all be numpy arrays or all be torch tensors"):
        ags.grid_sample_backward(torch.from_numpy(go), x, g)


# ------------------------------------------------------------------------------------------------
# Determinism: bit-identical run to run and for any core count
# ------------------------------------------------------------------------------------------------
CORE_COUNTS = (1, 8, 40, 48)
BACKWARD_KERNEL = "grid_sample_grad"


def backward_launch(build):
    return ags.last_launch_stats(build, kernel=BACKWARD_KERNEL)


def run_and_path(build, *args):
    """Runs the backward; returns (gradients, launch stats or None when no AI Core kernel ran)."""
    before = backward_launch(build)["serial"]
    grads = ags.grid_sample_backward(*args, build=build)
    stats = backward_launch(build)
    return grads, (stats if stats["serial"] != before else None)


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("case", ["2d_bilinear_scatter", "2d_bicubic_flow", "3d_trilinear", "3d_tricubic",
                                  "2d_float64"])
def test_bit_identical_runs_and_core_counts(rng, build, case, restore_platform):
    """Many grid points land on the same input pixels (a small image, more points than pixels), the
    case where an atomic or core-order-dependent scatter would differ between runs or core counts.
    float32 runs the AI Core kernel (its launch is checked), float64 the AI CPU path (no launch)."""
    dtype = np.float64 if case.endswith("float64") else np.float32
    mode = "bicubic" if ("bicubic" in case or "tricubic" in case) else "bilinear"
    if case.startswith("2d"):
        go, x, g = make_case(rng, (2, 8, 9, 11), (24, 32), dtype, lim=1.1)
    else:
        go, x, g = make_case(rng, (1, 4, 4, 5, 6), (6, 8, 10), dtype, lim=1.1)
    kernel_path = dtype == np.float32
    results = {}
    for cores in CORE_COUNTS:
        ags.set_platform(cores=cores, build=build)
        assert ags.platform(build)["aiv_cores"] == cores
        runs = [run_and_path(build, go, x, g, mode, "zeros", False) for _ in range(2)]
        for _, stats in runs:
            if not kernel_path:
                assert stats is None, "float64 should take the AI CPU path, but a kernel was launched"
                continue
            assert stats is not None, f"{case}: the AI Core kernel {BACKWARD_KERNEL} should have run"
            assert 1 <= stats["block_dim"] <= max_blocks(BACKWARD_KERNEL, cores), (cores, stats["block_dim"])
            if build == "checked":
                assert stats["checked"] and stats["modelled_cycles"] > 0
            if cores == 48:
                assert stats["block_dim"] > 1, "48 cores should split the work"
        for a, b in zip(runs[0][0], runs[1][0]):
            assert_bit_equal(a, b, f"{case} {build} {cores} cores: two runs")
        results[cores] = runs[0][0]
    for cores in CORE_COUNTS[1:]:
        for a, b in zip(results[1], results[cores]):
            assert_bit_equal(a, b, f"{case} {build}: 1 core vs {cores} cores")
    ref = reference(go, x, g, mode, "zeros", False)
    name = np.dtype(dtype).name
    assert_grads_close(results[48], ref, expected_tols(go, x, g, mode, "zeros", False, name, ref), case)


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("rank", [2, 3])
@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
def test_kernel_path_taken(rng, dtype, rank, mode):
    """float32 / float16 / bfloat16 in 2-D and 3-D, every mode, run the AI Core kernel (which the
    accuracy tests above then cover); the result is right on both builds."""
    xshape, gsp = ((1, 3, 6, 7), (4, 5)) if rank == 2 else ((1, 2, 4, 5, 6), (2, 3, 4))
    go, x, g = make_case(rng, xshape, gsp, DTYPES[dtype])
    for build in BUILDS:
        got, stats = run_and_path(build, go, x, g, mode, "border", False)
        assert stats is not None, f"{dtype} {rank}-D {mode} {build}: the kernel {BACKWARD_KERNEL} should have run"
        ref = reference(go, x, g, mode, "border", False)
        assert_grads_close(got, ref, expected_tols(go, x, g, mode, "border", False, dtype, ref), f"{build}")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype,mode,xshape,gsp,small_ub", [
    ("float32", "bilinear", (1, 3, 40, 64), (12, 16), 20000),
    ("float16", "bicubic", (1, 3, 64, 96), (12, 16), 33000),
    ("float32", "bilinear", (1, 2, 6, 10, 16), (3, 5, 8), 25000)])
def test_grid_gradient_window_and_per_point_paths_agree(rng, build, dtype, mode, xshape, gsp, small_ub,
                                                        restore_platform):
    """The grid gradient sums a chunk's taps from a window of input rows (those of each depth slice
    in 3-D) when they fit the UB,
    else from tap rows fetched per point (many small DMAs); both sum the channels in the same order,
    so a UB too small for the window changes the path (asserted by the DMA count) and not one bit."""
    rank = len(xshape) - 2
    go, x, g = make_case(rng, xshape, gsp, DTYPES[dtype], lim=1.1)
    results, dmas = [], []
    for ub in (0, small_ub):   # 0: the platform's UB; small_ub: the rows no longer fit the window
        ags.set_platform(cores=8, ub_bytes=ub, build=build)
        got, stats = run_and_path(build, go, x, g, mode, "zeros", False)
        assert stats is not None, f"the kernel {BACKWARD_KERNEL} should have run"
        results.append(got)
        dmas.append(stats["total"]["mte2_instr"])
    assert dmas[1] > dmas[0] + np.prod(gsp), f"the small UB should fetch taps per point: {dmas} DMAs"
    for a, b in zip(*results):
        assert_bit_equal(a, b, f"{dtype} {rank}-D {mode}: window path vs per-point path")
    ref = reference(go, x, g, mode, "zeros", False)
    assert_grads_close(results[1], ref, expected_tols(go, x, g, mode, "zeros", False, dtype, ref), "per-point path")


@pytest.mark.usefixtures("restore_platform")
def test_grid_gradient_3d_window_holds_the_rows_of_each_slice():
    """A 3-D grid gradient's window holds the input rows its chunk's taps reach in each depth slice
    they reach, not every row between the first slice's and the last one's: for a near-identity
    warp of tall slices a chunk of 256 points (32 output rows of one slice) reaches at most 3
    slices of 34 rows, so each point moves its grid (12 bytes), its gradOutput and at most that
    window's share (a window of whole slices moves half as much again)."""
    rng = np.random.default_rng(3)
    c, d, h, w = 4, 6, 128, 8
    x = rng.random((1, c, d, h, w), dtype=np.float32)
    zs, ys, xs = np.meshgrid(np.linspace(-1, 1, d), np.linspace(-1, 1, h), np.linspace(-1, 1, w), indexing="ij")
    g = (np.stack([xs, ys, zs], -1)[None] + rng.uniform(-0.01, 0.01, (1, d, h, w, 3))).astype(np.float32)
    go = rng.uniform(-1, 1, (1, c, d, h, w)).astype(np.float32)
    ags.set_platform(cores=4, build="checked")
    got = ags.grid_sample_backward(go, x, g, "bilinear", "zeros", False, output_mask=(False, True), build="checked")[1]
    stats = backward_launch("checked")
    bound = 12 + c * 4 + c * 3 * (256 // w + 2) * w * 4 / 256
    per_point = stats["total"]["mte2_bytes"] / (d * h * w)
    assert per_point <= bound, f"{per_point:.1f} bytes moved per point, expected at most {bound:.1f}"
    ref = reference(go, x, g, "bilinear", "zeros", False)
    assert_grads_close((ref[0], got), ref, expected_tols(go, x, g, "bilinear", "zeros", False, "float32", ref), "3-D window")


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_grid_gradient_skips_chunks_whose_columns_lie_outside(mode):
    """With zeros padding, a chunk of points whose x taps all lie beyond the input's left or right
    edge reads only zeros, however many rows its y taps span: its grid gradient is 0 and it loads
    no window (the checked build's DMA bytes are the grid's alone)."""
    rng = np.random.default_rng(4)
    c, h, w = 16, 64, 64
    x = rng.standard_normal((1, c, h, w)).astype(np.float32)
    go = rng.standard_normal((1, c, h, w)).astype(np.float32)
    ys, xs = np.meshgrid(np.linspace(-1, 1, h), np.linspace(-1, 1, w), indexing="ij")
    for shift in (-2.5, 2.5):
        g = np.ascontiguousarray(np.stack([xs * 0.3 + shift, ys], -1)[None], dtype=np.float32)
        ags.set_platform(cores=8, build="checked")
        gg = ags.grid_sample_backward(go, x, g, mode, "zeros", True, output_mask=(False, True), build="checked")[1]
        assert not np.asarray(gg).any()
        moved = backward_launch("checked")["total"]["mte2_bytes"]
        assert moved <= h * w * 2 * 4, f"{mode}, x shifted by {shift}: {moved} bytes moved, expected the grid's {h * w * 8}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("mode,padding,rank", [("bilinear", "zeros", 2), ("bicubic", "reflection", 2),
                                               ("bilinear", "border", 3), ("bicubic", "zeros", 3)])
def test_grid_gradient_weighs_the_taps_on_the_vector_unit(mode, padding, rank):
    """The grid gradient computes each chunk's taps, weights, derivatives and validity on whole
    vectors, bounds its window and weighs the tap sums there: the scalar unit reads UB a handful of
    times per chunk (the extremes of the coordinates or of the valid taps), not once per point or
    tap. The result matches torch."""
    rng = np.random.default_rng(11)
    xshape, gsp = ((2, 5, 30, 40), (24, 36)) if rank == 2 else ((1, 3, 9, 12, 14), (8, 10, 12))
    go, x, g = make_case(rng, xshape, gsp, np.float32, lim=1.05)
    ags.set_platform(cores=4, build="checked")
    got = ags.grid_sample_backward(go, x, g, mode, padding, False, output_mask=(False, True), build="checked")
    stats = backward_launch("checked")
    points = int(np.prod(gsp)) * xshape[0]
    reads = sum(c["busy_by_api"].get("S LocalTensor::GetValue", (0, 0))[0] for c in stats["cores"])
    assert reads < points / 4, f"{reads} scalar UB reads for {points} points"
    ref = reference(go, x, g, mode, padding, False)
    tol = expected_tols(go, x, g, mode, padding, False, "float32", ref)[1]
    err = np.max(np.abs(f64(got[1]) - ref[1]))
    assert got[0] is None and err <= tol, f"{mode} {padding}: grid gradient off by {err}, tolerance {tol}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("mode,padding,rank,channels", [("bilinear", "zeros", 3, 5), ("bilinear", "zeros", 2, 12),
                                                        ("bicubic", "reflection", 2, 3), ("nearest", "zeros", 3, 4)])
def test_input_gradient_forms_a_points_products_at_once(mode, padding, rank, channels):
    """The input gradient forms the products of a point's taps in the tile with one Brcb of their
    weights and one level-0 Mul (one block of channels: 8 taps a repeat; more: a repeat a tap) where
    it has three taps or more there, and with a Muls each where it has fewer (a bilinear point with
    one tap row in the tile); nearest adds gradOutput itself. The result matches torch."""
    rng = np.random.default_rng(12)
    xshape, gsp = ((2, channels, 30, 40), (24, 36)) if rank == 2 else ((1, channels, 9, 12, 14), (8, 10, 12))
    # points past the edges (zeros padding): a bilinear point there has one tap row or one x tap
    # inside, whatever the tiling
    go, x, g = make_case(rng, xshape, gsp, np.float32, lim=1.1)
    ags.set_platform(cores=6, build="checked")
    got = ags.grid_sample_backward(go, x, g, mode, padding, False, output_mask=(True, False), build="checked")
    by_api = backward_launch("checked")["total"]["busy_by_api"]
    brcb, mul, muls = (by_api.get(k, (0, 0))[0] for k in ("V Brcb", "V Mul", "V Muls"))
    if mode == "nearest":
        assert brcb == mul == muls == 0, by_api
    else:
        # most points have every tap in their tile; bilinear's with one or two taps there (past an
        # edge, or a tap row in another tile) take a Muls a tap; bicubic has four in each tap row
        assert brcb == mul and brcb > 0 and muls < brcb, (brcb, mul, muls)
        assert (muls > 0) == (mode == "bilinear"), (brcb, mul, muls)
    ref = reference(go, x, g, mode, padding, False)
    tol = expected_tols(go, x, g, mode, padding, False, "float32", ref)[0]
    err = np.max(np.abs(f64(got[0]) - ref[0]))
    assert got[1] is None and err <= tol, f"{mode} {padding}: input gradient off by {err}, tolerance {tol}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("mode,width,channels,stacked", [("bilinear", 40, 5, True), ("bicubic", 40, 3, True),
                                                         ("bilinear", 300, 5, False), ("bilinear", 40, 40, False)])
def test_input_gradient_adds_a_points_tap_rows_at_once(mode, width, channels, stacked):
    """Where an accumulator row (width pixels of a block of channels) and a tap row of products are
    at most 255 blocks apart and a row's taps fit one repeat (64 floats), one level-0 Add takes a
    point's adjacent tap rows: an Add per point that has its taps in the tile. Else (a wide image;
    a block of more than 32 channels for a run of bilinear's two x taps) an Add per tap row. The
    result matches torch."""
    rng = np.random.default_rng(21)
    go, x, g = make_case(rng, (2, channels, 30, width), (24, 36), np.float32, lim=1.1)
    ags.set_platform(cores=6, build="checked")
    got = ags.grid_sample_backward(go, x, g, mode, "zeros", False, output_mask=(True, False), build="checked")
    by_api = backward_launch("checked")["total"]["busy_by_api"]
    adds, brcb, muls = (by_api.get(k, (0, 0))[0] for k in ("V Add", "V Brcb", "V Muls"))
    # a point with three taps or more in its tile (a Brcb each) has both (bicubic: all four) of
    # its tap rows there; one with fewer has one tap row there, an Add for it
    if stacked:
        assert brcb > 0 and adds <= brcb + muls, (adds, brcb, muls)
    else:
        assert brcb > 0 and adds >= 2 * brcb, (adds, brcb, muls)
    ref = reference(go, x, g, mode, "zeros", False)
    tol = expected_tols(go, x, g, mode, "zeros", False, "float32", ref)[0]
    err = np.max(np.abs(f64(got[0]) - ref[0]))
    assert got[1] is None and err <= tol, f"{mode}: input gradient off by {err}, tolerance {tol}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("dtype,rank", [(np.float32, 2), (np.float16, 2), (np.float32, 3), (np.float16, 3)])
def test_input_gradient_loads_a_grid_chunk_while_it_tests_the_one_before(dtype, rank):
    """The input gradient's tiles test every grid chunk of the batch for taps in their rows; the
    chunks load into two buffers in turn, the next one while the vector and scalar units test the
    one before. A core whose tiles no point reaches (every point's taps lie in the first rows or
    slices) only tests chunks: its modelled time stays below its scalar, MTE2 and vector busy
    cycles added up (1.02-1.07 of the sum when each chunk's load waited for the test before).
    The gradient matches torch."""
    rng = np.random.default_rng(34)
    xshape, gsp = ((1, 2, 512, 8), (64, 64)) if rank == 2 else ((1, 2, 64, 8, 8), (16, 16, 16))
    x = rng.standard_normal(xshape)
    g = rng.uniform(-1, 1, (1,) + gsp + (rank,))
    g[..., -1] = rng.uniform(-1, -0.95, gsp)   # y (2-D) or z (3-D): the first rows or slices only
    go = rng.standard_normal(xshape[:2] + gsp)
    go, x, g = (a.astype(dtype) for a in (go, x, g))
    ags.set_platform(cores=8, build="checked")
    got = ags.grid_sample_backward(go, x, g, "bilinear", "zeros", False, output_mask=(True, False), build="checked")
    cores = backward_launch("checked")["cores"]
    # the cores whose tiles no point's taps reach (the last rows): they test chunks and add nothing
    scanning = [c for c in cores if c["busy_mte2"] > 0 and "V Brcb" not in c["busy_by_api"] and "V Add" not in c["busy_by_api"]]
    assert len(scanning) >= len(cores) // 2, [sorted(c["busy_by_api"]) for c in cores]
    for c in scanning:
        serial = c["busy_s"] + c["busy_mte2"] + c["busy_v"]
        assert c["modelled_cycles"] < 0.95 * serial, (c["modelled_cycles"], c["busy_s"], c["busy_mte2"], c["busy_v"])
    ref = reference(go, x, g, "bilinear", "zeros", False)
    tol = expected_tols(go, x, g, "bilinear", "zeros", False, np.dtype(dtype).name, ref)[0]
    err = np.max(np.abs(f64(got[0]) - ref[0]))
    assert got[1] is None and err <= tol, f"input gradient off by {err}, tolerance {tol}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("dtype,rank", [(np.float32, 2), (np.float16, 2), (np.float32, 3)])
def test_input_gradient_loads_gradoutput_while_it_adds_the_points_before(dtype, rank):
    """The input gradient loads gradOutput a sub-chunk of points at a time; each next sub-chunk's
    DMA is issued as soon as the one before is point-major, so it runs while the points before are
    added. On a flow with many channels (large loads) the slowest core's modelled time stays below
    its MTE2 and vector busy cycles added up (1.03-1.09 of the sum when each load waited for the
    points before). The gradient matches torch."""
    rng = np.random.default_rng(35)
    xshape, gsp = ((1, 64, 64, 64), (64, 64)) if rank == 2 else ((1, 32, 16, 16, 16), (16, 16, 16))
    x = rng.standard_normal(xshape)
    g = np.stack(np.meshgrid(*[np.linspace(-0.9, 0.9, n) for n in gsp], indexing="ij")[::-1], -1)[None]
    g = g + rng.uniform(-0.05, 0.05, g.shape)   # the identity (x first) moved by a fraction of a pixel or two
    go = rng.standard_normal(xshape[:2] + gsp)
    go, x, g = (a.astype(dtype) for a in (go, x, g))
    ags.set_platform(cores=8, build="checked")
    got = ags.grid_sample_backward(go, x, g, "bilinear", "zeros", False, output_mask=(True, False), build="checked")
    slow = max(backward_launch("checked")["cores"], key=lambda c: c["modelled_cycles"])
    serial = slow["busy_mte2"] + slow["busy_v"]
    assert slow["modelled_cycles"] < serial, (slow["modelled_cycles"], slow["busy_mte2"], slow["busy_v"])
    ref = reference(go, x, g, "bilinear", "zeros", False)
    tol = expected_tols(go, x, g, "bilinear", "zeros", False, np.dtype(dtype).name, ref)[0]
    err = np.max(np.abs(f64(got[0]) - ref[0]))
    assert got[1] is None and err <= tol, f"input gradient off by {err}, tolerance {tol}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("dtype,channels,rank", [(np.float32, 24, 2), (np.float32, 40, 2), (np.float16, 40, 2),
                                                 (np.float32, 12, 3)])
def test_grid_gradient_loads_a_group_while_the_vector_unit_sums_the_one_before(dtype, channels, rank):
    """The grid gradient's window path halves its window and gradOutput buffers and uses them in
    turn (float32; half types where one load does not take every channel): a channel group's DMAs
    run while the vector unit sums the group before, so a grid core's modelled time stays well below
    its MTE2 and vector busy cycles added up (with one buffer each, only the first group's loads
    overlapped the offsets: 0.95-0.96 of the sum on these cases). The result matches torch."""
    rng = np.random.default_rng(33)
    xshape, gsp = ((2, channels, 40, 48), (36, 44)) if rank == 2 else ((1, channels, 10, 14, 16), (9, 12, 14))
    go, x, g = make_case(rng, xshape, gsp, np.float64, lim=0.1)
    # a flow: the identity (x first) moved by up to 0.1 (a few pixels)
    g = g + np.stack(np.meshgrid(*[np.linspace(-0.9, 0.9, n) for n in gsp], indexing="ij")[::-1], -1)[None]
    go, x, g = (a.astype(dtype) for a in (go, x, g))
    ags.set_platform(cores=4, build="checked")
    got = ags.grid_sample_backward(go, x, g, "bilinear", "zeros", False, output_mask=(False, True), build="checked")
    cores = backward_launch("checked")["cores"]
    slow = max(cores, key=lambda c: c["modelled_cycles"])
    serial = slow["busy_mte2"] + slow["busy_v"]
    assert slow["modelled_cycles"] < 0.9 * serial, (slow["modelled_cycles"], slow["busy_mte2"], slow["busy_v"])
    ref = reference(go, x, g, "bilinear", "zeros", False)
    tol = expected_tols(go, x, g, "bilinear", "zeros", False, np.dtype(dtype).name, ref)[1]
    err = np.max(np.abs(f64(got[1]) - ref[1]))
    assert got[0] is None and err <= tol, f"grid gradient off by {err}, tolerance {tol}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", BUILDS)
def test_grid_gradient_point_outside_on_one_axis_rows_beyond_the_box(build):
    """A chunk whose window box holds the taps of the points valid on every axis: a point whose x
    taps all lie outside (zeros padding) but whose y taps are valid rows far below the box adds
    nothing and reads nothing, however many bytes lie between (here over 2^30: an offset marker of
    -2^30 would leave its taps' offsets positive, beyond the window)."""
    h, w = 34000, 16384   # float16: 1.1 GB between the first and the last row
    x = np.ones((1, 1, h, w), dtype=np.float16)
    g = np.array([[[[0.0, -0.9999], [5.0, 0.9999]]]], dtype=np.float16)   # inside at the top; x outside, y at the bottom
    go = np.ones((1, 1, 1, 2), dtype=np.float16)
    ags.set_platform(cores=8, build=build)
    gg = ags.grid_sample_backward(go, x, g, "bilinear", "zeros", False, output_mask=(False, True), build=build)[1]
    assert ags.grid_sample_last_path(backward=True, build=build)["path"] == "ai_core"
    # a constant image of ones: the point inside lies between equal pixels along x (0) and, its y
    # at -1 in float16, half a pixel above the top row, which reads zeros above it: (1 - 0) x H / 2
    # along y (torch's formula); the point outside reads nothing (0, 0)
    got = np.asarray(gg, dtype=np.float64).reshape(2, 2)
    assert got.tolist() == [[0.0, float(np.float16(h / 2))], [0.0, 0.0]], got


def test_fast_and_checked_builds_agree(rng):
    for mode in ("bilinear", "nearest", "bicubic"):
        for xshape, gsp in (((2, 3, 8, 9), (5, 7)), ((1, 2, 4, 5, 6), (3, 3, 4))):
            go, x, g = make_case(rng, xshape, gsp, np.float32)
            fast = ags.grid_sample_backward(go, x, g, mode, "border", True, build="fast")
            checked = ags.grid_sample_backward(go, x, g, mode, "border", True, build="checked")
            for a, b in zip(fast, checked):
                assert_bit_equal(a, b, f"{mode} {xshape}: fast vs checked")


# ------------------------------------------------------------------------------------------------
# Autograd: ags.grid_sample on torch tensors, gradcheck, torch.compile, torch.export
# ------------------------------------------------------------------------------------------------
def torch_inputs(seed, xshape=(2, 3, 6, 7), gsp=(4, 5), lim=0.95, dtype=torch.float64):
    gen = torch.Generator().manual_seed(seed)
    r = len(xshape) - 2
    x = (torch.rand(xshape, generator=gen, dtype=torch.float64) * 2 - 1).to(dtype)
    g = ((torch.rand((xshape[0],) + gsp + (r,), generator=gen, dtype=torch.float64) * 2 - 1) * lim).to(dtype)
    return x, g


@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[combo_id(*c) for c in COMBOS])
def test_autograd_matches_torch(mode, padding, align):
    x, g = torch_inputs(seed=len(mode) * 7 + len(padding) + align, lim=1.2)
    xa, ga = x.clone().requires_grad_(), g.clone().requires_grad_()
    xb, gb = x.clone().requires_grad_(), g.clone().requires_grad_()
    weights = torch.linspace(-1, 1, 2 * 3 * 4 * 5, dtype=torch.float64).reshape(2, 3, 4, 5)
    (ags.grid_sample(xa, ga, mode, padding, align) * weights).sum().backward()
    (F.grid_sample(xb, gb, mode, padding, align) * weights).sum().backward()
    torch.testing.assert_close(xa.grad, xb.grad, rtol=0, atol=1e-12)
    torch.testing.assert_close(ga.grad, gb.grad, rtol=0, atol=1e-12 * max(1.0, float(gb.grad.abs().max())))


def test_autograd_needs_input_grad_selects_gradients():
    x, g = torch_inputs(seed=3)
    for want_x, want_g in ((True, False), (False, True), (True, True)):
        xa, ga = x.clone().requires_grad_(want_x), g.clone().requires_grad_(want_g)
        ags.grid_sample(xa, ga, "bilinear", "zeros", False).sum().backward()
        xb, gb = x.clone().requires_grad_(want_x), g.clone().requires_grad_(want_g)
        F.grid_sample(xb, gb, "bilinear", "zeros", False).sum().backward()
        assert (xa.grad is None) == (not want_x) and (ga.grad is None) == (not want_g)
        for a, b in ((xa.grad, xb.grad), (ga.grad, gb.grad)):
            if b is not None:
                torch.testing.assert_close(a, b, rtol=0, atol=1e-12)


def test_autograd_float32_channel_last_and_3d():
    x, g = torch_inputs(seed=4, dtype=torch.float32)
    x_last = x.permute(0, 2, 3, 1).contiguous().requires_grad_()
    ga = g.clone().requires_grad_()
    ags.grid_sample(x_last, ga, "bicubic", "border", False, channel_last=True).square().sum().backward()
    xb, gb = x.double().requires_grad_(), g.double().requires_grad_()
    F.grid_sample(xb, gb, "bicubic", "border", False).square().sum().backward()
    assert x_last.grad.shape == x_last.shape and x_last.grad.dtype == torch.float32
    torch.testing.assert_close(x_last.grad.permute(0, 3, 1, 2).double(), xb.grad, rtol=0, atol=1e-4)
    torch.testing.assert_close(ga.grad.double(), gb.grad, rtol=0, atol=1e-4 * float(gb.grad.abs().max()))
    # 3-D trilinear
    x3, g3 = torch_inputs(seed=5, xshape=(1, 2, 4, 5, 6), gsp=(3, 3, 4), dtype=torch.float32)
    xa, ga = x3.clone().requires_grad_(), g3.clone().requires_grad_()
    ags.grid_sample(xa, ga).sum().backward()
    xb, gb = x3.double().requires_grad_(), g3.double().requires_grad_()
    F.grid_sample(xb, gb, align_corners=False).sum().backward()
    torch.testing.assert_close(xa.grad.double(), xb.grad, rtol=0, atol=1e-5)
    torch.testing.assert_close(ga.grad.double(), gb.grad, rtol=0, atol=1e-5 * float(gb.grad.abs().max()))


@pytest.mark.parametrize("mode,padding,align", [
    ("bilinear", "zeros", False), ("bilinear", "border", True), ("bilinear", "reflection", False),
    ("bicubic", "zeros", True), ("bicubic", "reflection", False), ("nearest", "zeros", False),
])
def test_gradcheck_2d(mode, padding, align):
    x, g = torch_inputs(seed=7, xshape=(1, 2, 4, 5), gsp=(3, 3), lim=0.9)
    x.requires_grad_()
    g.requires_grad_(mode != "nearest")   # nearest is piecewise constant in the grid
    assert torch.autograd.gradcheck(lambda a, b: ags.grid_sample(a, b, mode, padding, align), (x, g))


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_gradcheck_3d(mode):
    """3-D trilinear and tricubic (the latter has no torch counterpart: gradcheck is its check)."""
    x, g = torch_inputs(seed=8, xshape=(1, 2, 3, 4, 4), gsp=(2, 2, 3), lim=0.9)
    x.requires_grad_()
    g.requires_grad_()
    assert torch.autograd.gradcheck(lambda a, b: ags.grid_sample(a, b, mode, "border", True), (x, g))


def _train_step(x, g):
    y = torch.relu(ags.grid_sample(x * 2.0 - 0.5, g, "bilinear", "border", False))
    return (y * y).sum()


def _train_step_ref(x, g):
    y = torch.relu(F.grid_sample(x * 2.0 - 0.5, g, "bilinear", "border", False))
    return (y * y).sum()


def test_torch_compile_fullgraph_backward():
    torch._dynamo.reset()
    x, g = torch_inputs(seed=9, dtype=torch.float64, lim=1.1)
    xa, ga = x.clone().requires_grad_(), g.clone().requires_grad_()
    torch.compile(_train_step, fullgraph=True)(xa, ga).backward()
    xb, gb = x.clone().requires_grad_(), g.clone().requires_grad_()
    _train_step_ref(xb, gb).backward()
    torch.testing.assert_close(xa.grad, xb.grad, rtol=0, atol=1e-12)
    torch.testing.assert_close(ga.grad, gb.grad, rtol=0, atol=1e-12 * float(gb.grad.abs().max()))


def test_torch_compile_backward_graph_has_the_backward_op():
    """aot_autograd's backward graph calls ascend_gridsample.grid_sample_backward (no graph break)."""
    from functorch.compile import make_boxed_func
    from torch._dynamo.backends.common import aot_autograd

    torch._dynamo.reset()
    graphs = {"fw": [], "bw": []}

    def capture(kind):
        def compiler(gm, example_inputs):
            graphs[kind].append(gm)
            return make_boxed_func(gm.forward)
        return compiler

    backend = aot_autograd(fw_compiler=capture("fw"), bw_compiler=capture("bw"))
    x, g = torch_inputs(seed=10)
    xa, ga = x.clone().requires_grad_(), g.clone().requires_grad_()
    torch.compile(_train_step, backend=backend, fullgraph=True)(xa, ga).backward()

    def targets(gms):
        return [str(n.target) for gm in gms for n in gm.graph.nodes if n.op == "call_function"]

    assert any("ascend_gridsample.grid_sample." in t for t in targets(graphs["fw"])), targets(graphs["fw"])
    assert any("ascend_gridsample.grid_sample_backward" in t for t in targets(graphs["bw"])), targets(graphs["bw"])
    xb, gb = x.clone().requires_grad_(), g.clone().requires_grad_()
    _train_step_ref(xb, gb).backward()
    torch.testing.assert_close(xa.grad, xb.grad, rtol=0, atol=1e-12)
    torch.testing.assert_close(ga.grad, gb.grad, rtol=0, atol=1e-12 * float(gb.grad.abs().max()))


class _Warp(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.offset = torch.nn.Parameter(torch.full((2,), 0.03, dtype=torch.float64))

    def forward(self, x, g):
        return ags.grid_sample(x, g + self.offset, "bicubic", "reflection", True)


def test_torch_export_graph_has_op_and_backward_runs():
    x, g = torch_inputs(seed=11)
    ep = torch.export.export(_Warp(), (x, g))
    targets = [str(n.target) for n in ep.graph.nodes if n.op == "call_function"]
    assert any("ascend_gridsample.grid_sample" in t for t in targets), targets
    # the exported program trains: gradients through the op to the parameter and the input
    module = ep.module()
    xa = x.clone().requires_grad_()
    module(xa, g).sum().backward()
    ref = _Warp()
    xb = x.clone().requires_grad_()
    F.grid_sample(xb, g + ref.offset, "bicubic", "reflection", True).sum().backward()
    torch.testing.assert_close(xa.grad, xb.grad, rtol=0, atol=1e-12)
    got_offset = dict(module.named_parameters())["offset"].grad
    torch.testing.assert_close(got_offset, ref.offset.grad, rtol=0, atol=1e-10)


def test_torch_export_joint_graph_has_backward_op():
    """Exporting the training step (forward and backward, torch.export's joint graph) records the
    backward operator."""
    x, g = torch_inputs(seed=12)

    class Step(torch.nn.Module):
        def forward(self, x, g):
            x = x.detach().requires_grad_()
            g = g.detach().requires_grad_()
            loss = ags.grid_sample(x, g, "bilinear", "zeros", False).square().sum()
            return torch.autograd.grad(loss, (x, g))

    ep = torch.export.export(Step(), (x, g))
    targets = [str(n.target) for n in ep.graph.nodes if n.op == "call_function"]
    assert any("ascend_gridsample.grid_sample_backward" in t for t in targets), targets
    gi, gg = ep.module()(x, g)
    xb, gb = x.clone().requires_grad_(), g.clone().requires_grad_()
    F.grid_sample(xb, gb, "bilinear", "zeros", False).square().sum().backward()
    torch.testing.assert_close(gi, xb.grad, rtol=0, atol=1e-12)
    torch.testing.assert_close(gg, gb.grad, rtol=0, atol=1e-12 * float(gb.grad.abs().max()))


@pytest.mark.parametrize("args", [
    ("bilinear", "zeros", False, False, [True, True]),
    ("bicubic", "reflection", True, False, [True, False]),
    ("nearest", "border", False, True, [False, True]),
])
def test_opcheck_backward_op(args):
    x, g = torch_inputs(seed=13, dtype=torch.float32)
    go = torch.rand(2, 3, 4, 5)
    if args[3]:
        x = x.permute(0, 2, 3, 1).contiguous()
    torch.library.opcheck(torch.ops.ascend_gridsample.grid_sample_backward.default, (go, x, g) + args)


def test_opcheck_forward_autograd_registration():
    """opcheck of the forward with inputs that require grad: the autograd registration and the
    aot-dispatch tests run the backward operator."""
    x, g = torch_inputs(seed=14)
    x.requires_grad_()
    g.requires_grad_()
    torch.library.opcheck(torch.ops.ascend_gridsample.grid_sample.default, (x, g, "bilinear", "zeros", False, False))


def test_fake_backward_shapes():
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        x = torch.empty(2, 9, 11, 3, dtype=torch.float16)
        g = torch.empty(2, 5, 7, 2, dtype=torch.float16)
        go = torch.empty(2, 3, 5, 7, dtype=torch.float16)
        gi, gg = torch.ops.ascend_gridsample.grid_sample_backward(go, x, g, "bilinear", "zeros", False, True,
                                                                  [True, True])
        assert tuple(gi.shape) == (2, 9, 11, 3) and tuple(gg.shape) == (2, 5, 7, 2) and gi.dtype == torch.float16
        gi, gg = torch.ops.ascend_gridsample.grid_sample_backward(go, x, g, "bilinear", "zeros", False, True,
                                                                  [False, True])
        assert gi.numel() == 0
        with pytest.raises(ValueError, match="grad_output has shape"):
            torch.ops.ascend_gridsample.grid_sample_backward(go[:, :2], x, g, "bilinear", "zeros", False, True,
                                                             [True, True])


def test_npu_model_backward_figures(rng):
    """modelled_backward_us: the kernel's modelled time from the checked build's launch, the HBM
    floor from the bytes that must move, and the official algorithm's analytic cost (which pays a
    DMA and an atomic add per tap, so it cannot beat the floor); the AI CPU path has no kernel time."""
    from ascend_gridsample import npu_model

    go, x, g = make_case(rng, (2, 4, 16, 16), (16, 16), np.float32)
    t = npu_model.modelled_backward_us(go, x, g, "bilinear")
    assert [s["kernel"] for s in t["launches"]] == [BACKWARD_KERNEL]
    assert t["ours"] == pytest.approx(t["launches"][0]["modelled_us"]) and t["ours"] > 0
    bandwidth = ags.extension("checked").cost_constants()["hbm_bytes_per_s"]
    assert t["floor"] == pytest.approx((go.nbytes + 2 * x.nbytes + 2 * g.nbytes) / bandwidth * 1e6)
    assert t["official"] > t["floor"]
    constants = ags.extension("checked").cost_constants()
    cores = ags.platform("checked")["aiv_cores"]
    assert (npu_model.anchor_backward_us(x, g, "bicubic", cores, constants) >
            npu_model.anchor_backward_us(x, g, "bilinear", cores, constants) >
            npu_model.anchor_backward_us(x, g, "nearest", cores, constants))
    t64 = npu_model.modelled_backward_us(*(a.astype(np.float64) for a in (go, x, g)), "bilinear")
    assert t64["ours"] is None and t64["launches"] == [] and t64["official"] is None
