"""Shared fixtures and helpers of the ascend-gridsample numerical test suite.

Ground truth is torch.nn.functional.grid_sample evaluated in float64; this package's own earlier outputs are never used as a
reference, except where a test checks that two calls of the package agree bit for bit
(strided vs contiguous, checked vs fast build).
"""
from __future__ import annotations

import itertools
import zlib

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

# --------------------------------------------------------------------------------------------
# Tolerances (absolute error divided by the data range max(x) - min(x) of the input).
# --------------------------------------------------------------------------------------------
# float32: kernel error must be no worse than torch's own float32 result against the float64
# reference, plus this slack (a few float32 ulps of the data range for the weighted sum).
TOL_F32_REL = 1e-5
# float16: 11-bit significand, one final rounding gives <= 2^-12 ~ 2.4e-4 relative to the
# value (|value| <= ~1.3 x data range for bicubic overshoot); 1e-3 leaves room for that.
TOL_F16_REL = 1e-3
# bfloat16: 8-bit significand, one final rounding gives <= 2^-9 ~ 2e-3 relative to the value;
# 1e-2 leaves room for bicubic overshoot.
TOL_BF16_REL = 1e-2
# float64 (AI CPU path, computed in double): only summation-order differences remain.
TOL_F64_REL = 1e-12

MODES = ("bilinear", "nearest", "bicubic")
PADDINGS = ("zeros", "border", "reflection")
ALIGNS = (False, True)
BUILDS = ("fast", "checked")
COMBOS = list(itertools.product(MODES, PADDINGS, ALIGNS))          # the 18 2-D combinations
KERNEL_DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
HALF_TOL = {"float16": TOL_F16_REL, "bfloat16": TOL_BF16_REL}

# The platform the suite runs both builds on: the NPU's tilings (the fast build's own default, as
# many of these cores as the launcher has threads, has its tests in test_builds_counters.py).
DEFAULT_SOC = "Ascend910B2"


# The GridSample backward splits its work into up to this many blocks, a multiple of the cores, on
# 2 to half as many cores, and into a block per gradient on one core (kGradMinBlocks,
# op_host/grid_sample_grad_compute_tiling.h): a core takes several blocks as it frees up. Other
# kernels launch at most a block a core.
GRAD_MIN_BLOCKS = 8


def max_blocks(kernel: str, cores: int) -> int:
    """The most blocks a launch of `kernel` may take on `cores` vector cores."""
    if kernel == "grid_sample_grad" and cores == 1:
        return 2
    if kernel == "grid_sample_grad" and cores <= GRAD_MIN_BLOCKS // 2:
        return cores * -(-GRAD_MIN_BLOCKS // cores)
    return cores


def combo_id(mode, padding, align):
    return f"{mode}-{padding}-ac{int(align)}"


# --------------------------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------------------------
@pytest.fixture
def rng(request):
    """A generator seeded from the test id, so every test is reproducible on its own."""
    seed = zlib.crc32(request.node.nodeid.encode())   # stable across processes, unlike hash()
    return np.random.default_rng(seed)


@pytest.fixture(scope="session", autouse=True)
def npu_platform():
    """Both builds on the Ascend910B2's 48 cores for the whole suite."""
    for b in BUILDS:
        ags.set_platform(soc=DEFAULT_SOC, build=b)


@pytest.fixture
def restore_platform():
    """Restores the suite's simulated NPU (Ascend910B2, 48 cores) of both builds afterwards."""
    saved = {b: ags.platform(b) for b in BUILDS}
    yield
    for b in BUILDS:
        ags.set_platform(soc=DEFAULT_SOC, build=b)
        assert ags.platform(b) == saved[b], f"platform of build {b} not restored"


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------
def to_f64(a) -> np.ndarray:
    """float64 copy of a numpy array of any supported dtype (bfloat16 included)."""
    return np.asarray(a).astype(np.float64)


def torch_ref(x, grid, mode, padding, align, dtype=torch.float64) -> np.ndarray:
    """torch.nn.functional.grid_sample of numpy inputs, computed in `dtype` (float64 by default)."""
    xt = torch.from_numpy(np.ascontiguousarray(to_f64(x))).to(dtype)
    gt = torch.from_numpy(np.ascontiguousarray(to_f64(grid))).to(dtype)
    return F.grid_sample(xt, gt, mode=mode, padding_mode=padding, align_corners=align).double().numpy()


def data_range(x) -> float:
    x = to_f64(x)
    r = float(x.max() - x.min()) if x.size else 0.0
    return r if r > 0 else max(1.0, float(np.abs(x).max()) if x.size else 1.0)


def _fmt(err, out, ref):
    i = np.unravel_index(np.argmax(err), err.shape)
    return f"max err {err.max():.3e} at {tuple(int(v) for v in i)}: got {out[i]!r}, want {ref[i]!r}"


def assert_f32_close(out, x, grid, mode, padding, align, ref=None, what=""):
    """float32 criterion: max |out - ref64| <= max |torch32 - ref64| + TOL_F32_REL * range."""
    out = to_f64(out)
    assert not np.isnan(out).any(), f"{what}: NaN in output"
    if ref is None:
        ref = torch_ref(x, grid, mode, padding, align)
    ref32 = torch_ref(x, grid, mode, padding, align, dtype=torch.float32)
    assert out.shape == ref.shape
    if out.size == 0:
        return
    err = np.abs(out - ref)
    torch_err = float(np.abs(ref32 - ref).max())
    tol = torch_err + TOL_F32_REL * data_range(x)
    assert err.max() <= tol, f"{what}: float32 {_fmt(err, out, ref)}; tol {tol:.3e} (torch f32 err {torch_err:.3e})"


def assert_half_close(out, x_half, grid_half, mode, padding, align, dtype_name, what=""):
    """float16/bfloat16 criterion against the float64 reference on the same half inputs upcast."""
    assert np.asarray(out).dtype == KERNEL_DTYPES[dtype_name]
    out64 = to_f64(out)
    assert not np.isnan(out64).any(), f"{what}: NaN in output"
    ref = torch_ref(x_half, grid_half, mode, padding, align)
    err = np.abs(out64 - ref)
    if err.size == 0:
        return
    tol = HALF_TOL[dtype_name] * data_range(x_half)
    assert err.max() <= tol, f"{what}: {dtype_name} {_fmt(err, out64, ref)}; tol {tol:.3e}"


def assert_f64_close(out, x, grid, mode, padding, align, ref=None, what=""):
    out = to_f64(out)
    if ref is None:
        ref = torch_ref(x, grid, mode, padding, align)
    assert out.shape == ref.shape
    if out.size == 0:
        return
    err = np.abs(out - ref)
    tol = TOL_F64_REL * data_range(x)
    assert err.max() <= tol, f"{what}: float64 {_fmt(err, out, ref)}; tol {tol:.3e}"


def check_against_torch(x, grid, mode, padding, align, build=None, what="", **kw):
    """Runs the package on (x, grid) and checks it with the criterion of x's dtype. Returns the output."""
    out = ags.grid_sample(x, grid, mode, padding, align, build=build, **kw)
    xin = np.moveaxis(x, -1, 1) if kw.get("channel_last") else x
    name = np.dtype(x.dtype).name
    what = what or f"{mode}/{padding}/ac={align}/{name}/{build} x{tuple(x.shape)} grid{tuple(grid.shape)}"
    if name == "float32":
        assert_f32_close(out, xin, grid, mode, padding, align, what=what)
    elif name in HALF_TOL:
        assert_half_close(out, xin, grid, mode, padding, align, name, what=what)
    elif name == "float64":
        assert_f64_close(out, xin, grid, mode, padding, align, what=what)
    else:
        raise AssertionError(f"no criterion for {name}")
    return out


def bits(a) -> np.ndarray:
    """The raw bits of an array, for bit-exact comparisons (NaN payloads and -0.0 included)."""
    a = np.ascontiguousarray(np.asarray(a))
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def assert_bit_equal(a, b, what=""):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype, f"{what}: {a.shape}/{a.dtype} vs {b.shape}/{b.dtype}"
    ba, bb = bits(a), bits(b)
    if not np.array_equal(ba, bb):
        diff = ba != bb
        i = np.unravel_index(np.argmax(diff), diff.shape)
        raise AssertionError(f"{what}: {int(diff.sum())} of {diff.size} elements differ; first at "
                             f"{tuple(int(v) for v in i)}: {a[i]!r} vs {b[i]!r}")


def random_input(rng, shape, dtype=np.float32, low=-1.0, high=1.0):
    return rng.uniform(low, high, shape).astype(dtype)


def random_grid(rng, n, ho, wo, lim=1.0, dtype=np.float32, dims=2):
    return rng.uniform(-lim, lim, (n, ho, wo, dims) if dims == 2 else (n,) + tuple(ho) + (dims,)).astype(dtype)


def affine_grid(n, ho, wo, angle=0.3, scale=0.8, shift=(0.05, -0.1), noise=0.0, rng=None, dtype=np.float32):
    """A smooth grid (rotation + scale + shift, plus optional noise): the window path's case."""
    c, s = np.cos(angle) * scale, np.sin(angle) * scale
    theta = torch.tensor([[c, -s, shift[0]], [s, c, shift[1]]], dtype=torch.float64).expand(n, 2, 3)
    g = F.affine_grid(theta, (n, 1, ho, wo), align_corners=False).numpy()
    if noise:
        g = g + rng.uniform(-noise, noise, g.shape)
    return g.astype(dtype)


def pixel_coord(index, size, align):
    """The normalized coordinate that unnormalizes exactly to pixel `index` of an axis of `size`."""
    if align:
        return -1.0 if size == 1 else 2.0 * index / (size - 1) - 1.0
    return (2.0 * index + 1.0) / size - 1.0


# --------------------------------------------------------------------------------------------
# N-D cubic reference (torch's rule), for ranks torch does not support
# --------------------------------------------------------------------------------------------
CUBIC_A = -0.75   # Keys kernel coefficient of torch / ONNX


def _cubic_weights(t):
    def near(s):
        return ((CUBIC_A + 2) * s - (CUBIC_A + 3)) * s * s + 1

    def far(s):
        return ((CUBIC_A * s - 5 * CUBIC_A) * s + 8 * CUBIC_A) * s - 4 * CUBIC_A

    return [far(t + 1), near(t), near(1 - t), far(2 - t)]


def _pad_index(i, size, padding, align):
    if padding == "border":
        return np.clip(i, 0, size - 1), np.ones_like(i, bool)
    if padding == "zeros":
        return np.clip(i, 0, size - 1), (i >= 0) & (i <= size - 1)
    # reflection of an integer tap index
    if size == 1:
        return np.zeros_like(i), np.ones_like(i, bool)
    if align:
        period = 2 * (size - 1)
        m = np.mod(i, period)
        return np.where(m > size - 1, period - m, m), np.ones_like(i, bool)
    period = 2 * size
    m = np.mod(i, period)
    return np.where(m > size - 1, period - 1 - m, m), np.ones_like(i, bool)


def cubic_reference(x, grid, padding, align):
    """N-D cubic grid sampling (torch's rule: taps around floor of the unpadded coordinate,
    each tap padded on its own), in float64. x: (N, C, *S), grid: (N, *O, r) with x first."""
    x = x.astype(np.float64)
    grid = grid.astype(np.float64)
    n, c = x.shape[:2]
    sizes = x.shape[2:]
    r = len(sizes)
    out = np.zeros((n, c) + grid.shape[1:-1])
    for b in range(n):
        per_axis = []
        for ax in range(r):
            size = sizes[ax]
            g = grid[b, ..., r - 1 - ax]
            u = (g + 1) / 2 * (size - 1) if align else ((g + 1) * size - 1) / 2
            f = np.floor(u)
            w = _cubic_weights(u - f)
            taps = [_pad_index(f.astype(np.int64) - 1 + k, size, padding, align) for k in range(4)]
            per_axis.append([(taps[k][0], taps[k][1], w[k]) for k in range(4)])
        for combo in itertools.product(range(4), repeat=r):
            idx = tuple(per_axis[ax][combo[ax]][0] for ax in range(r))
            valid = np.ones(grid.shape[1:-1], bool)
            weight = np.ones(grid.shape[1:-1])
            for ax in range(r):
                valid &= per_axis[ax][combo[ax]][1]
                weight = weight * per_axis[ax][combo[ax]][2]
            vals = x[b][(slice(None),) + idx]
            out[b] += np.where(valid, weight, 0.0) * vals
    return out


# --------------------------------------------------------------------------------------------
# Large coordinates: the reference at the coordinate float32 can hold
# --------------------------------------------------------------------------------------------
# The kernels unnormalize in float32 with torch's formula, operation by operation; above 2^23
# pixels float32 holds no .5 and above 2^22 no .25, so the coordinate the kernel samples may
# differ from the float64 one by up to ~3 half-ulps of the intermediates: |u32 - u64| <=
# COORD_ERR_ULPS * 2^-24 * (|u| + S) pixels (<= ~3 px just below 2^24). Everything after the
# unnormalize (padding, reflection, taps) must then be exact, so the output is compared with
# torch float64 evaluated at exactly u32 (a float64 grid that unnormalizes to u32 bit for bit),
# with the plain float32 tolerance TOL_F32_REL (weights and sums in float32).
COORD_ERR_ULPS = 4.0
# The vector unit may flush float32 subnormals (|v| < 2^-126) to zero: an absolute floor for
# inputs whose whole data range is subnormal.
F32_SUBNORMAL_FLUSH = float(np.finfo(np.float32).tiny)


def unnormalize_f32(g, size, align):
    """torch's float32 unnormalize, operation by operation (as the kernels compute it)."""
    g = np.asarray(g, np.float32)
    s = np.float32(size)
    with np.errstate(over="ignore", invalid="ignore"):
        if align:
            return ((g + np.float32(1)) / np.float32(2)) * (s - np.float32(1))
        return ((g + np.float32(1)) * s - np.float32(1)) / np.float32(2)


def _unnormalize_f64(g, size, align):
    return (g + 1) / 2 * (size - 1) if align else ((g + 1) * size - 1) / 2


def exact_f64_grid_axis(u, size, align):
    """float64 normalized values that torch (float64) unnormalizes to exactly u where one exists
    within a few ulps (always for |u| >= 1 in practice), else to within 1e-15 |u| + 1e-15."""
    u = np.asarray(u, np.float64)
    if align and size == 1:
        return np.zeros_like(u)            # every coordinate is pixel 0
    g = 2 * u / (size - 1) - 1 if align else (2 * u + 1) / size - 1
    for _ in range(16):
        back = _unnormalize_f64(g, size, align)
        bad = back != u
        if not bad.any():
            return g
        g = np.where(bad, np.nextafter(g, np.where(back < u, np.inf, -np.inf)), g)
    assert np.all(np.abs(_unnormalize_f64(g, size, align) - u) <= 1e-15 * np.abs(u) + 1e-15)
    return g


def exact_f64_grid(grid32, sizes_xfirst, align):
    """The float64 grid whose every coordinate unnormalizes (in float64) to what the float32
    kernels compute from grid32."""
    g = np.empty(grid32.shape, np.float64)
    for axis, size in enumerate(sizes_xfirst):
        g[..., axis] = exact_f64_grid_axis(unnormalize_f32(grid32[..., axis], size, align), size, align)
    return g


def assert_exact_coordinate_close(out, x, grid32, mode, padding, align, what=""):
    """float32 kernel output vs torch float64 at the float32 coordinates (see COORD_ERR_ULPS)."""
    sizes = tuple(x.shape[2:])[::-1]
    g64 = exact_f64_grid(grid32, sizes, align)
    if mode == "bicubic" and x.ndim == 5:
        ref = cubic_reference(x, g64, padding, align)
    else:
        ref = torch_ref(x, g64, mode, padding, align)
    out = to_f64(out)
    assert out.shape == ref.shape
    if out.size == 0:
        return
    err = np.abs(out - ref)
    tol = TOL_F32_REL * data_range(x) + F32_SUBNORMAL_FLUSH
    assert err.max() <= tol, f"{what}: {_fmt(err, out, ref)}; tol {tol:.3e}"


def coordinate_error_bound(grid32, sizes_xfirst, align):
    """Per axis, the bound on |u32 - u64| in pixels (COORD_ERR_ULPS half-ulps of |u| + S)."""
    return [COORD_ERR_ULPS * 2.0**-24 * (np.abs(_unnormalize_f64(grid32[..., a].astype(np.float64), size, align))
                                         + size) for a, size in enumerate(sizes_xfirst)]


# Keys kernel (A = -0.75): max_t sum_j |w_j'(t)| = 3.0 and max_t sum_j |w_j(t)| = 1.375
# (evaluated on a 1e-5 mesh of t in [0, 1]).
CUBIC_SLOPE, CUBIC_WEIGHT_SUM = 3.0, 1.375


def assert_coordinate_precision_close(out, x, grid32, mode, padding, align, what=""):
    """bilinear / bicubic output vs torch float64 on the grid as given: the difference allowed is
    the float32 coordinate error (coordinate_error_bound, per axis) times a bound on the
    interpolant's slope along that axis, plus TOL_F32_REL. Padding keeps the interpolant
    continuous and 1-Lipschitz in the coordinate (clamp, reflection, zero fill), so the slope is
    bilinear: the largest adjacent difference, <= 2 max|x|; bicubic: CUBIC_SLOPE * max|x| times
    CUBIC_WEIGHT_SUM for every other axis."""
    sizes = tuple(x.shape[2:])[::-1]
    r = len(sizes)
    if mode == "bicubic" and r == 3:
        ref = cubic_reference(x, grid32.astype(np.float64), padding, align)
    else:
        ref = torch_ref(x, grid32, mode, padding, align)
    xmax = float(np.abs(to_f64(x)).max()) if x.size else 0.0
    slope = 2.0 * xmax if mode == "bilinear" else CUBIC_SLOPE * CUBIC_WEIGHT_SUM ** (r - 1) * xmax
    delta = coordinate_error_bound(grid32, sizes, align)
    tol = slope * sum(delta) + TOL_F32_REL * data_range(x) + F32_SUBNORMAL_FLUSH   # per output point
    out = to_f64(out)
    err = np.abs(out - ref)
    over = err > tol[:, None]
    assert not over.any(), f"{what}: {_fmt(np.where(over, err, 0), out, ref)}; tol {tol.max():.3e}"


def onnx_gridsample_spec_nodes() -> list:
    """(name, node, inputs, outputs) of every GridSample example in the onnx wheel's node-test
    generators, collected by running them with their `expect` captured."""
    import onnx.backend.test.case.node.gridsample as gs

    cases = []
    saved = gs.expect
    gs.expect = lambda node, inputs, outputs, name, **kw: cases.append((name, node, inputs, outputs))
    try:
        for attr in sorted(dir(gs.GridSample)):
            if attr.startswith("export"):
                getattr(gs.GridSample, attr)()
    finally:
        gs.expect = saved
    return cases
