"""2-D AI Core kernel accuracy against torch float64: every mode x padding x align_corners,
float32/float16/bfloat16, both simulator builds, grid ranges, exact nearest ties, size-1 axes,
channel counts, tile shapes, window and per-point paths."""
from __future__ import annotations

import numpy as np
import pytest

import ascend_gridsample as ags
from conftest import (ALIGNS, BUILDS, COMBOS, KERNEL_DTYPES, MODES, PADDINGS, affine_grid,
                      assert_f32_close, check_against_torch, combo_id, data_range, pixel_coord,
                      random_grid, random_input, to_f64, torch_ref)

COMBO_IDS = [combo_id(*c) for c in COMBOS]


def assert_kernel_ran(build):
    st = ags.last_launch_stats(build)
    assert st["block_dim"] >= 1 and st["kernel"], f"AI Core kernel did not run: {st}"
    return st


# ---------------------------------------------------------------------------------------------
# 1 + 2: all 18 combinations x kernel dtypes x builds, grids inside [-1, 1], to +-3 and to +-50
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", list(KERNEL_DTYPES))
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_all_combinations(rng, build, dtype, mode, padding, align):
    dt = KERNEL_DTYPES[dtype]
    x = random_input(rng, (2, 5, 11, 13), dt)
    for lim in (1.0, 3.0, 50.0):
        grid = random_grid(rng, 2, 7, 9, lim=lim, dtype=dt)
        check_against_torch(x, grid, mode, padding, align, build=build,
                            what=f"{mode}/{padding}/ac={align}/{dtype}/{build} grid in +-{lim}")
        assert_kernel_ran(build)


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_special_grid_values(rng, build, mode, padding, align):
    """Every pair of edge / far-outside values: exactly +-1, just beyond, +-1.5, +-3, +-50."""
    vals = np.array([-50, -3, -1.5, -1.001, -1, -0.999, 0, 0.5, 0.999, 1, 1.001, 1.5, 3, 50], np.float32)
    gx, gy = np.meshgrid(vals, vals)
    grid = np.stack([gx, gy], -1)[None].astype(np.float32)
    x = random_input(rng, (1, 3, 6, 7))
    check_against_torch(x, grid, mode, padding, align, build=build)


# ---------------------------------------------------------------------------------------------
# Nearest: exact .5 ties round half to even on the padded coordinate (torch's rule)
# ---------------------------------------------------------------------------------------------
def tie_values(size, align, lo, hi):
    """Grid values g whose unnormalized coordinate is exactly k + 0.5 for k in [lo, hi]
    (exact in float32 and bfloat16: `size` (or size - 1 with align_corners) is a power of two)."""
    k = np.arange(lo, hi + 1, dtype=np.float64)
    if align:
        g = (2 * k + 1) / (size - 1) - 1
    else:
        g = (2 * k + 2) / size - 1
    return g


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", list(KERNEL_DTYPES))
@pytest.mark.parametrize("align", ALIGNS)
@pytest.mark.parametrize("padding", PADDINGS)
def test_nearest_ties(rng, build, dtype, padding, align):
    dt = KERNEL_DTYPES[dtype]
    W, H = (4, 8) if not align else (5, 9)
    x = rng.permutation(2 * H * W).reshape(1, 2, H, W).astype(dt)   # distinct values, exact in bf16
    tx = tie_values(W, align, -3 * W, 3 * W)
    ty = tie_values(H, align, -2 * H, 2 * H)
    gx, gy = np.meshgrid(tx, ty)
    grid = np.stack([gx, gy], -1)[None]
    assert np.array_equal(grid.astype(dt).astype(np.float64), grid), "tie grid must be exact"
    grid = grid.astype(dt)
    out = ags.grid_sample(x, grid, "nearest", padding, align, build=build)
    ref = torch_ref(x, grid, "nearest", padding, align)
    bad = to_f64(out) != ref
    assert not bad.any(), (f"nearest/{padding}/ac={align}/{dtype}/{build}: {int(bad.sum())} tie points differ, "
                           f"e.g. grid {grid[0][np.argwhere(bad[0, 0])[0][0], np.argwhere(bad[0, 0])[0][1]]}")


@pytest.mark.parametrize("build", BUILDS)
def test_nearest_tie_examples(build):
    """The documented examples: S=4, align_corners=False; g=0 -> 1.5 -> pixel 2;
    reflection x=-2.5 (g=-2) -> reflect about -0.5 to 1.5 -> pixel 2 (ONNX's round-first rule gives 1)."""
    x = np.array([10, 11, 12, 13], np.float32).reshape(1, 1, 1, 4)
    grid = np.array([[[[0.0, 0.0], [-2.0, 0.0], [-0.5, 0.0], [0.5, 0.0]]]], np.float32)
    # g: 0 -> 1.5 -> 2 ; -2 -> -2.5 ; -0.5 -> 0.5 -> 0 ; 0.5 -> 2.5 -> 2
    for padding, want in (("zeros", [12, 0, 10, 12]), ("border", [12, 10, 10, 12]),
                          ("reflection", [12, 12, 10, 12])):
        out = ags.grid_sample(x, grid, "nearest", padding, False, build=build)
        assert out.ravel().tolist() == want, f"{padding}: {out.ravel().tolist()} != {want}"
        assert torch_ref(x, grid, "nearest", padding, False).ravel().tolist() == want


# ---------------------------------------------------------------------------------------------
# Size-1 spatial axes
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("hw", [(1, 7), (6, 1), (1, 1)], ids=["H1", "W1", "H1W1"])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_size_one_axes(rng, build, hw, mode, padding, align):
    x = random_input(rng, (2, 3) + hw)
    grid = random_grid(rng, 2, 5, 6, lim=1.6)
    grid[0, 0, :4] = [[-1, -1], [1, 1], [0, 0], [-1, 1]]
    check_against_torch(x, grid, mode, padding, align, build=build)


# ---------------------------------------------------------------------------------------------
# Channel counts
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("c", [1, 3, 17, 64, 300])
def test_channels(rng, build, mode, c):
    i = [1, 3, 17, 64, 300].index(c)
    padding, align = PADDINGS[i % 3], bool(i % 2)
    for dt in (np.float32, np.float16):
        x = random_input(rng, (1, c, 19, 23), dt)
        grid = random_grid(rng, 1, 9, 13, lim=1.1, dtype=dt)
        check_against_torch(x, grid, mode, padding, align, build=build)
        assert_kernel_ran(build)


# ---------------------------------------------------------------------------------------------
# Tile shapes: multi-core splits, block tails, 1-D and 2-D tiles (output width > 2048)
# ---------------------------------------------------------------------------------------------
TILE_SHAPES = [  # (N, C, H, W, Ho, Wo)
    (3, 2, 9, 10, 5, 7),
    (1, 2, 8, 8, 1, 1),
    (2, 3, 12, 12, 1, 63),
    (2, 3, 12, 12, 3, 65),
    (5, 1, 7, 9, 13, 31),
    (1, 3, 40, 50, 97, 1),
    (1, 2, 16, 16, 2, 2049),
    (1, 2, 10, 30, 3, 3000),
    (3, 1, 11, 13, 47, 53),
]


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape", TILE_SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_tile_shapes(rng, build, mode, shape):
    n, c, h, w, ho, wo = shape
    padding = PADDINGS[TILE_SHAPES.index(shape) % 3]
    align = bool(TILE_SHAPES.index(shape) % 2)
    for dt in (np.float32, np.float16):
        x = random_input(rng, (n, c, h, w), dt)
        grid = random_grid(rng, n, ho, wo, lim=1.2, dtype=dt)
        check_against_torch(x, grid, mode, padding, align, build=build)
        st = assert_kernel_ran(build)
        assert st["block_dim"] <= ags.platform(build)["aiv_cores"]


# ---------------------------------------------------------------------------------------------
# Window path (smooth grids) and per-point path (scattered grid on a large image)
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode,padding,align", COMBOS[::2] + COMBOS[1::4], ids=lambda v: str(v))
def test_window_path_smooth_grid(rng, build, mode, padding, align):
    n, ho, wo = 2, 48, 60
    x = random_input(rng, (n, 8, 64, 80))
    for grid in (affine_grid(n, ho, wo), affine_grid(n, ho, wo, angle=-0.2, scale=1.3, noise=0.01, rng=rng),
                 affine_grid(n, ho, wo, angle=0.0, scale=1.0, shift=(0, 0))):
        check_against_torch(x, grid, mode, padding, align, build=build)
        st = assert_kernel_ran(build)
        points = n * ho * wo
        # window path: a few DMAs per tile and channel chunk; the per-point path would need at
        # least one per valid point (bilinear: one per valid tap), i.e. >= ~points here
        assert st["total"]["mte2_instr"] < points / 2, st["total"]


@pytest.mark.parametrize("build", BUILDS)
def test_window_rows_hold_only_the_columns_a_tile_reads(rng, build):
    """An 80-column float32 output is tiled in blocks of 40 columns (test_tiling.cpp): a flow
    tile's window then spans ~46 of the input's 80 columns, and loads those, not whole rows (twice
    the bytes)."""
    n, c, h, w = 4, 32, 96, 80
    x = random_input(rng, (n, c, h, w))
    grid = affine_grid(n, h, w, angle=0.0, scale=1.0, shift=(0.0, 0.0), noise=0.02, rng=rng)
    check_against_torch(x, grid, "bilinear", "zeros", False, build=build)
    st = assert_kernel_ran(build)
    assert st["total"]["mte2_bytes"] <= 1.3 * (x.nbytes + grid.nbytes), st["total"]


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype,width,blocks_width", [(np.float16, 80, 96), (np.float32, 100, 128)])
def test_edge_tiles_do_no_vector_work_for_points_they_lack(rng, build, dtype, width, blocks_width):
    """An output `width` columns wide is tiled in 32-column blocks (test_tiling.cpp: no equal
    blocks hold it in fewer slots), the last one narrower: that tile packs its rows at its own
    pitch (16 float16 or 8 float32 columns), so the launch's vector repeats follow the points, not
    the blocks (as many tiles as an output `blocks_width` wide, and the same instructions)."""
    n, c, h = 2, 8, 96
    repeats = {}
    for w in (width, blocks_width):
        x = random_input(rng, (n, c, h, w), dtype)
        grid = affine_grid(n, h, w, noise=0.02, rng=rng, dtype=dtype)
        check_against_torch(x, grid, "bilinear", "zeros", False, build=build)
        repeats[w] = assert_kernel_ran(build)["total"]["vec_repeats"]
    assert repeats[width] <= 0.9 * repeats[blocks_width], repeats


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
def test_coarse_zoom_out_boxes_hold_only_valid_taps(rng, build, mode):
    """A tile's box comes from its coordinates' extremes, and with zeros padding those include
    points outside the input. Two output rows 282 input rows apart (y = -1.1 and 1.1 on 256 rows),
    both outside, with no valid tap between them: the box is that of the valid taps, empty, and
    no window is loaded (the grid tiles alone: 24 KB), where the extremes' box would span all 256
    rows (4.3 MB)."""
    x = random_input(rng, (1, 16, 256, 256))
    ys, xs = np.meshgrid(np.array([-1.1, 1.1]), np.linspace(-1, 1, 256), indexing="ij")
    rows = np.stack([xs, ys], -1)[None].astype(np.float32)
    check_against_torch(x, rows, mode, "zeros", False, build=build)
    loaded = assert_kernel_ran(build)["total"]["mte2_bytes"]
    assert loaded <= x.nbytes / 50, f"{loaded} bytes loaded for points all outside: the grid tiles, no window"


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("outlier", [np.nan, np.inf, 5.0])
def test_outliers_of_a_dense_warp_do_not_stretch_boxes(rng, build, outlier):
    """A dense warp (x0.9 zoom on 256 x 256, zeros padding) with 0.1% of its points NaN, infinite
    or far outside: a tile's box from its coordinates' extremes would reach the input's edge from
    each outlier (8.6 MB loaded against 7.9 MB, nearest); the box of such a tile is its valid
    taps', and the outliers add nothing to the bytes loaded."""
    x = random_input(rng, (1, 32, 256, 256))
    ys, xs = np.meshgrid(np.linspace(-1, 1, 256), np.linspace(-1, 1, 256), indexing="ij")
    clean = (np.stack([xs, ys], -1)[None] * 0.9).astype(np.float32)
    ags.grid_sample(x, clean, "nearest", "zeros", False, build=build)
    clean_bytes = assert_kernel_ran(build)["total"]["mte2_bytes"]
    grid = clean.copy()
    grid[np.random.default_rng(1).random(grid.shape[:-1]) < 0.001] = outlier
    out = ags.grid_sample(x, grid, "nearest", "zeros", False, build=build)
    assert assert_kernel_ran(build)["total"]["mte2_bytes"] <= 1.01 * clean_bytes
    np.testing.assert_array_equal(out, torch_ref(x, grid, "nearest", "zeros", False))   # copies of pixels, or 0


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_per_point_path(rng, build, dtype, mode, padding, align):
    dt = KERNEL_DTYPES[dtype]
    x = random_input(rng, (1, 4, 300, 400), dt)
    grid = random_grid(rng, 1, 20, 30, lim=1.0, dtype=dt)
    check_against_torch(x, grid, mode, padding, align, build=build)
    st = assert_kernel_ran(build)
    # the per-point path fetches each point's taps with its own DMAs: at least one per point,
    # while the window path would need only a few per tile (tiles <= points / 30 here)
    assert st["total"]["mte2_instr"] >= 20 * 30, st["total"]


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_window_and_per_point_paths_agree_bitwise(rng, build, dtype, mode, padding, align):
    """A point's output depends on its own taps and weights alone: the window path (a smooth grid)
    and the per-point path (the same grid with every 8th column sent to far corners, so that no
    window fits) give the same bits at every other point, each path summing in torch's order
    (bicubic's window path by pairs of rows, its per-point path tap by tap)."""
    dt = KERNEL_DTYPES[dtype]
    x = random_input(rng, (1, 3, 384, 448), dt)
    smooth = affine_grid(1, 64, 96, angle=0.2, scale=0.3, shift=(0.1, -0.05), noise=0.002, rng=rng, dtype=dt)
    scattered = smooth.copy()
    scattered[:, :, ::8] = np.where(rng.random((1, 64, 12, 1)) < 0.5, -0.98, 0.98).astype(dt)
    a = ags.grid_sample(x, smooth, mode, padding, align, build=build)
    window = assert_kernel_ran(build)["total"]["mte2_instr"]
    b = ags.grid_sample(x, scattered, mode, padding, align, build=build)
    per_point = assert_kernel_ran(build)["total"]["mte2_instr"]
    # the window path: a few DMAs per tile; the per-point path: at least one per point
    assert window < 64 * 96 / 8 <= per_point, (window, per_point)
    keep = np.ones(96, bool)
    keep[::8] = False
    bits = lambda v: np.asarray(v[..., keep]).view(np.uint16 if dt != np.float32 else np.uint32)
    np.testing.assert_array_equal(bits(a), bits(b))


@pytest.mark.parametrize("build", BUILDS)
def test_bicubic_reflection_axis_limit(rng, build):
    """Bicubic reflection reflects integral taps exactly in float32 on axes of up to 2^23 - 2
    pixels: the AI Core kernel takes those, a longer axis goes to the AI CPU path, which says why;
    both agree with torch."""
    g = np.array([[[[0.3, 0.0], [-1.7, 0.2], [0.99, -0.4], [-0.999, 0.0]]]], np.float32)
    for w, path in ((8388606, "ai_core"), (8388607, "ai_cpu")):
        x = rng.random((1, 1, 1, w), dtype=np.float32)
        check_against_torch(x, g, "bicubic", "reflection", False, build=build)
        taken = ags.grid_sample_last_path(build=build)
        assert taken["path"] == path, taken
        if path == "ai_cpu":
            assert "axis of 8388607 pixels with bicubic reflection padding" in taken["reason"], taken


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode,padding", [("bilinear", "zeros"), ("nearest", "border"), ("bicubic", "zeros")])
def test_axis_limit(rng, build, mode, padding):
    """The kernel's float32 coordinates hold every pixel index of axes of up to 2^24 pixels: the
    AI Core kernel takes those, a longer axis goes to the AI CPU path, which says why (the kernel
    would clamp taps to float(W) - 1, past the last pixel); both agree with torch at the far edge."""
    g = np.stack([np.linspace(0.99999, 1.0001, 64, dtype=np.float32), np.zeros(64, np.float32)], -1)[None, None]
    for w, path in ((2**24, "ai_core"), (2**24 + 3, "ai_cpu")):
        x = rng.random((1, 1, 1, w), dtype=np.float32)
        check_against_torch(x, g, mode, padding, False, build=build)
        taken = ags.grid_sample_last_path(build=build)
        assert taken["path"] == path, taken
        if path == "ai_cpu":
            assert f"axis of {w} pixels" in taken["reason"], taken


# ---------------------------------------------------------------------------------------------
# Random source points
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_random_source_points(rng, build, mode, padding, align):
    """Continuous random source points over the whole image, and random exact pixel centres
    (which every mode must return exactly: the interpolation weights are 0 and 1)."""
    H, W = (32, 64) if not align else (33, 65)   # pixel centres exact in float32
    x = random_input(rng, (2, 3, H, W))
    grid = random_grid(rng, 2, 17, 19, lim=1.0)
    check_against_torch(x, grid, mode, padding, align, build=build)

    iy = rng.integers(0, H, (2, 17, 19))
    ix = rng.integers(0, W, (2, 17, 19))
    grid = np.stack([pixel_coord(ix, W, align), pixel_coord(iy, H, align)], -1).astype(np.float32)
    assert np.array_equal(grid.astype(np.float64), np.stack([pixel_coord(ix, W, align), pixel_coord(iy, H, align)], -1))
    out = ags.grid_sample(x, grid, mode, padding, align, build=build)
    want = x[np.arange(2)[:, None, None], :, iy, ix].transpose(0, 3, 1, 2)
    assert np.abs(to_f64(out) - want).max() <= 1e-6 * data_range(x)
    assert_f32_close(out, x, grid, mode, padding, align)


# ---------------------------------------------------------------------------------------------
# PyTorch OpInfo-like case: a rotated 345x456 image over all 18 combinations
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_rotated_large_image(rng, build, mode, padding, align):
    """float32 coordinates lose precision on large images (ulp of the unnormalized coordinate
    times the image gradient): the criterion is relative to torch's own float32 error."""
    yy, xx = np.mgrid[0:345, 0:456].astype(np.float64)
    x = np.stack([np.sin(xx / 17.0) * np.cos(yy / 23.0), rng.uniform(-1, 1, (345, 456))])[None].astype(np.float32)
    grid = affine_grid(1, 115, 152, angle=0.4, scale=1.1, shift=(0.02, 0.03))
    check_against_torch(x, grid, mode, padding, align, build=build)


# ---------------------------------------------------------------------------------------------
# float16 / bfloat16: computed in float32 and rounded once (round to nearest even)
# ---------------------------------------------------------------------------------------------
HALF_BITS = {"float16": (11, -14), "bfloat16": (8, -126)}   # significand bits, min normal exponent


def half_ulp(v, dtype):
    p, emin = HALF_BITS[dtype]
    a = np.abs(v)
    e = np.floor(np.log2(np.where(a > 0, a, 1.0)))
    e = np.maximum(e, emin)
    return np.exp2(e - (p - 1))


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=COMBO_IDS)
def test_half_rounded_once(rng, build, dtype, mode, padding, align):
    """Each half output is the float64 reference (on the same half inputs) rounded once: within
    half an ulp of the output type, plus a float32-arithmetic slack of 1e-6 of the data range."""
    dt = KERNEL_DTYPES[dtype]
    x = random_input(rng, (2, 4, 16, 16), dt)
    grid = random_grid(rng, 2, 9, 11, lim=1.1, dtype=dt)
    out = to_f64(ags.grid_sample(x, grid, mode, padding, align, build=build))
    ref = torch_ref(x, grid, mode, padding, align)
    ulp = half_ulp(np.maximum(np.abs(out), np.abs(ref)), dtype)
    err = np.abs(out - ref)
    bound = 0.5 * ulp + 1e-6 * data_range(x)
    bad = err > bound
    if bad.any():
        i = tuple(np.argwhere(bad)[0])
        raise AssertionError(f"{dtype} {mode}/{padding}/ac={align}/{build}: {int(bad.sum())} outputs not rounded "
                             f"once, e.g. at {i}: got {out[i]!r}, exact {ref[i]!r}, err/ulp {err[i] / ulp[i]:.3f}")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("align", ALIGNS)
@pytest.mark.parametrize("padding", PADDINGS)
def test_nearest_ties_per_point_and_wide(rng, build, padding, align):
    """Exact .5 ties on the per-point path (scattered ties on a 256x512 image) and on 2-D tiles."""
    for (H, W), (ho, wo) in (((256, 512), (12, 25)), ((8, 16), (2, 2100))):
        if align:
            H, W = H + 1, W + 1
        x = random_input(rng, (1, 2, H, W))
        tx = rng.choice(tie_values(W, align, -2 * W, 2 * W), (1, ho, wo))
        ty = rng.choice(tie_values(H, align, -2 * H, 2 * H), (1, ho, wo))
        grid = np.stack([tx, ty], -1)
        assert np.array_equal(grid.astype(np.float32).astype(np.float64), grid)
        grid = grid.astype(np.float32)
        out = ags.grid_sample(x, grid, "nearest", padding, align, build=build)
        assert_kernel_ran(build)
        ref = torch_ref(x, grid, "nearest", padding, align)
        bad = out != ref
        assert not bad.any(), f"{int(bad.sum())} tie points differ on {H}x{W} -> {ho}x{wo}"
