"""Non-finite and huge grid values (this project's rule, every mode and rank):
- zeros: NaN or +-Inf on either axis puts the point out of bounds (output 0);
- border: NaN reads pixel 0 of that axis, +Inf the last pixel, -Inf pixel 0;
- reflection: NaN, +-Inf, or an unnormalized coordinate of magnitude >= 2^24 reads pixel 0.
The expected output is torch float64 on a grid where each such value is replaced by the
normalized coordinate that hits that pixel exactly (zeros: by a far out-of-bounds +-10).
Huge finite values (1e30, 3e38, 2^24) are covered by the same rule: zeros -> out of bounds,
border -> clamped to the edge pixel, reflection -> pixel 0."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import ascend_gridsample as ags
from conftest import (ALIGNS, BUILDS, COMBOS, KERNEL_DTYPES, PADDINGS, TOL_F32_REL, assert_f32_close,
                      assert_f64_close, assert_half_close, combo_id, cubic_reference, data_range, pixel_coord,
                      random_grid, random_input, torch_ref)

F32_MAX = float(np.finfo(np.float32).max)
SPECIALS = [np.nan, np.inf, -np.inf, 1e30, -1e30, 2.0**24, -(2.0**24), F32_MAX, -F32_MAX]
FINITE = [-0.7, 0.3, 1.05]


def unnormalize(g, size, align):
    return (g + 1) / 2 * (size - 1) if align else ((g + 1) * size - 1) / 2


def normalize(u, size, align):
    """The inverse of unnormalize in float64 (exact for the coordinates used here)."""
    return 2 * u / (size - 1) - 1 if align else (2 * u + 1) / size - 1


def replace_axis(v, size, padding, align, precision=np.float64):
    """The finite normalized coordinate that the rule makes value v equivalent to. The 2^24 limit
    applies to the unnormalized coordinate as the path computes it: float64 on the AI CPU path,
    float32 (torch's formula, operation by operation) in the kernels."""
    v = np.asarray(v, np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        u = unnormalize(v.astype(precision), precision(size), align)
        huge = ~np.isfinite(u) | (np.abs(u) >= 2.0**24)
        if precision is np.float32:
            # the finite coordinate as the kernel sees it (float32 rounding of huge grid values)
            v = np.where(np.isfinite(u), normalize(u.astype(np.float64), size, align), v)
    first, last = pixel_coord(0, size, align), pixel_coord(size - 1, size, align)
    if padding == "zeros":
        out = np.where(np.isnan(v) | huge, np.where(v < 0, -10.0, 10.0), v)
    elif padding == "border":
        out = np.where(np.isnan(v), first, np.where(huge, np.where(v > 0, last, first), v))
    else:
        out = np.where(np.isnan(v) | huge, first, v)
    return out


def special_grid(dims):
    """Every combination of the special and a few finite values over `dims` axes: (1, K, ..., dims)."""
    vals = SPECIALS + FINITE
    pts = np.array(list(itertools.product(vals, repeat=dims)), np.float64)
    if dims == 3:   # keep the 3-D grid moderate: every special on each axis with finite others, plus all-special
        keep = [p for p in pts if np.sum(~np.isin(p, FINITE)) != 2]
        pts = np.array(keep)
    k = len(pts)
    return pts.reshape((1, 1) * (dims - 1) + (k, dims)) if dims == 2 else pts.reshape(1, 1, 1, k, dims)


def expected_grid(grid, sizes_xfirst, padding, align, precision=None):
    """precision: of the path that runs (float32 in the kernels, float64 on the AI CPU path)."""
    g = grid.astype(np.float64).copy()
    if precision is None:
        precision = np.float64 if grid.dtype == np.float64 else np.float32
    for axis, size in enumerate(sizes_xfirst):
        g[..., axis] = replace_axis(g[..., axis], size, padding, align, precision)
    assert np.isfinite(g).all()
    return g


def sizes_for(align, rank):
    # pixel_coord(0) and pixel_coord(S-1) are exact in float32 for these sizes (powers of two
    # without align_corners; +-1 with it)
    return (8, 4) if rank == 2 else (4, 8, 2)      # (H, W) or (D, H, W)


@pytest.mark.parametrize("target", ["float32-fast", "float32-checked", "float64", "float16-fast",
                                    "bfloat16-checked"])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[combo_id(*c) for c in COMBOS])
def test_nonfinite_2d(rng, target, mode, padding, align):
    dtype, _, build = target.partition("-")
    H, W = sizes_for(align, 2)
    dt = KERNEL_DTYPES.get(dtype, np.float64)
    x = (rng.permutation(2 * 3 * H * W).reshape(2, 3, H, W) / 10).astype(dt)
    g = special_grid(2)
    with np.errstate(over="ignore"):
        grid = np.concatenate([g, g[:, :, ::-1]], 0).astype(dt)       # two batches, different order
    out = ags.grid_sample(x, grid, mode, padding, align, build=build or None)
    if dtype != "float64":
        assert ags.last_launch_stats(build)["block_dim"] >= 1, "the AI Core kernel should have run"
    assert not np.isnan(out.astype(np.float64)).any(), f"NaN leaked: {np.argwhere(np.isnan(out))[:5].tolist()}"
    eg = expected_grid(grid, (W, H), padding, align)
    what = f"non-finite {mode}/{padding}/ac={align}/{target}"
    if dtype == "float64":
        assert_f64_close(out, x, eg, mode, padding, align, what=what)
    elif dtype != "float32":
        assert np.array_equal(eg.astype(dt).astype(np.float64), eg), "replacement grid must be exact"
        assert_half_close(out, x, eg.astype(dt), mode, padding, align, dtype, what=what)
    else:
        assert_f32_close(out, x, eg.astype(np.float32), mode, padding, align, what=what)
    if padding == "zeros":
        bad = ~np.isfinite(grid.astype(np.float64)).all(-1)
        assert np.all(out.astype(np.float64).transpose(0, 2, 3, 1)[bad] == 0), f"{what}: non-finite point not 0"


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("path", ["per_point", "wide_tiles", "window"])
@pytest.mark.parametrize("mode,padding,align", COMBOS[::2] + COMBOS[1::4], ids=lambda v: str(v))
def test_nonfinite_kernel_paths(rng, build, path, mode, padding, align):
    """Non-finite values sprinkled into grids that take the per-point path (scattered grid on a
    large image), 2-D tiles (output width > 2048) and the window path (small image)."""
    H, W = {"per_point": (256, 512), "wide_tiles": (16, 32), "window": (8, 16)}[path]
    ho, wo = {"per_point": (20, 30), "wide_tiles": (2, 2500), "window": (17, 23)}[path]
    x = random_input(rng, (1, 3, H, W))
    grid = random_grid(rng, 1, ho, wo, lim=1.05)
    flat = grid.reshape(-1, 2)
    idx = rng.choice(len(flat), size=min(len(flat) // 3, 300), replace=False)
    flat[idx, rng.integers(0, 2, len(idx))] = rng.choice([np.nan, np.inf, -np.inf, 1e30, -1e30], len(idx))
    flat[idx[:10]] = np.nan
    out = ags.grid_sample(x, grid, mode, padding, align, build=build)
    assert ags.last_launch_stats(build)["block_dim"] >= 1
    assert not np.isnan(out).any()
    eg = expected_grid(grid, (W, H), padding, align).astype(np.float32)
    assert_f32_close(out, x, eg, mode, padding, align, what=f"{path} {mode}/{padding}/ac={align}/{build}")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
@pytest.mark.parametrize("padding", PADDINGS)
@pytest.mark.parametrize("align", ALIGNS)
def test_nonfinite_3d(rng, dtype, mode, padding, align):
    D, H, W = sizes_for(align, 3)
    x = (rng.permutation(2 * D * H * W).reshape(1, 2, D, H, W) / 10).astype(dtype)
    grid = special_grid(3).astype(dtype)
    out = ags.grid_sample(x, grid, mode, padding, align)
    assert not np.isnan(out).any(), f"NaN leaked: {np.argwhere(np.isnan(out))[:5].tolist()}"
    # float32 runs on the 3-D AI Core kernel (float32 coordinates), float64 on the AI CPU path
    kernel = dtype == "float32"
    eg = expected_grid(grid, (W, H, D), padding, align, np.float32 if kernel else np.float64)
    if mode == "bicubic":
        ref = cubic_reference(x, eg, padding, align)
    else:
        ref = torch_ref(x, eg, mode, padding, align)
    tol = (1e-12 if dtype == "float64" else TOL_F32_REL) * data_range(x)
    err = np.abs(out.astype(np.float64) - ref)
    assert err.max() <= tol, (f"3-D non-finite {mode}/{padding}/ac={align}/{dtype}: max err {err.max():.3e} at "
                              f"grid {grid.reshape(-1, 3)[np.unravel_index(err.argmax(), err.shape)[-1]]}")


@pytest.mark.parametrize("target", ["float32-fast", "float32-checked", "float64"])
@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
def test_reflection_2pow24_boundary(target, mode):
    """align_corners=True, S=5: g = 2^23 - 1 unnormalizes to exactly 2^24 (-> pixel 0 by the rule),
    g = 2^23 - 1.5 to 2^24 - 1, which is below the limit and reflects normally (period 8: pixel 1).
    Both values and their unnormalizations are exact in float32."""
    dtype, _, build = target.partition("-")
    x = np.array([10, 11, 12, 13, 14], dtype).reshape(1, 1, 1, 5)
    grid = np.array([[[[2.0**23 - 1, 0.0], [2.0**23 - 1.5, 0.0], [-(2.0**23) - 1, 0.0]]]], dtype)
    out = ags.grid_sample(x, grid, mode, "reflection", True, build=build or None)
    # -(2^23) - 1 -> u = 2 * (-(2^23)) = -2^24: magnitude 2^24 -> pixel 0
    assert out.ravel().tolist() == [10, 11, 10], f"{mode}/{target}: {out.ravel().tolist()}"
    # torch agrees on the value below the limit
    assert torch_ref(x, grid[:, :, 1:2], mode, "reflection", True).ravel().tolist() == [11]
