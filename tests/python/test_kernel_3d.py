"""The 3-D AI Core kernel (trilinear, nearest and tricubic; float32, float16, bfloat16; NCDHW)
against torch.nn.functional.grid_sample in float64 (tricubic: against conftest.cubic_reference): smooth grids (windows of depth slabs), scattered grids
on a large volume (per-point path), many channels (channel groups), strided views; the checked and
fast builds agree bit for bit. float32: no worse than torch's own float32 result plus 1e-5 of the
data range; float16 / bfloat16 (computed in float32, rounded once): 1e-3 / 1e-2 of the range."""
import itertools

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

TOL = {"float32": 1e-5, "float16": 1e-3, "bfloat16": 1e-2}
DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
COMBOS = list(itertools.product(["bilinear", "nearest"], ["zeros", "border", "reflection"], [False, True]))
KERNEL_3D_KEY = 1100   # tiling keys of the 3-D kernel start here


def smooth_grid(shape, rng):
    n, d, h, w, _ = shape
    zs, ys, xs = (np.linspace(-1, 1, k) for k in (d, h, w))
    zz, yy, xx = np.meshgrid(zs, ys, xs, indexing="ij")
    base = np.stack([xx, yy, zz], -1)[None].repeat(n, 0)
    return base * rng.uniform(0.7, 1.1) + rng.uniform(-0.05, 0.05, shape)


CASES = {
    "smooth": ((2, 3, 6, 7, 8), (2, 4, 5, 6, 3), smooth_grid),
    "scattered_large": ((1, 2, 40, 50, 60), (1, 3, 4, 5, 3), lambda s, r: r.uniform(-1.2, 1.2, s)),
    "many_channels": ((1, 40, 5, 6, 64), (1, 3, 4, 64, 3), smooth_grid),
}


def check(out, x, g, mode, padding, align, dtype):
    x64, g64 = np.asarray(x, np.float64), np.asarray(g, np.float64)
    ref = F.grid_sample(torch.from_numpy(x64), torch.from_numpy(g64), mode=mode, padding_mode=padding,
                        align_corners=align).numpy()
    span = float(x64.max() - x64.min()) or 1.0
    tol = TOL[dtype] * span
    if dtype == "float32":
        t32 = F.grid_sample(torch.from_numpy(x64).float(), torch.from_numpy(g64).float(), mode=mode,
                            padding_mode=padding, align_corners=align).double().numpy()
        tol += float(np.abs(t32 - ref).max())
    err = float(np.abs(np.asarray(out, np.float64) - ref).max())
    assert err <= tol, f"{mode}/{padding}/{align}/{dtype}: max err {err:.3e} > {tol:.3e}"


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("case", sorted(CASES))
def test_kernel_3d_against_torch(case, dtype):
    rng = np.random.default_rng(len(case) * 7 + len(dtype))
    xshape, gshape, make_grid = CASES[case]
    x = rng.random(xshape).astype(DTYPES[dtype])
    g = make_grid(gshape, rng).astype(DTYPES[dtype])
    for mode, padding, align in COMBOS:
        fast = ags.grid_sample(x, g, mode, padding, align, build="fast")
        assert ags.last_launch_stats("fast")["tiling_key"] >= KERNEL_3D_KEY, "the 3-D kernel should have run"
        checked = ags.grid_sample(x, g, mode, padding, align, build="checked")
        stats = ags.last_launch_stats("checked")["total"]
        assert stats["scalar_gm_reads"] == 0 and stats["scalar_gm_writes"] == 0
        bits = np.uint16 if fast.itemsize == 2 else np.uint32
        assert np.array_equal(fast.view(bits), checked.view(bits)), (mode, padding, align)
        check(fast, x, g, mode, padding, align, dtype)


@pytest.mark.parametrize("view", ["w_padded", "h_sliced", "d_sliced", "c_sliced"])
def test_kernel_3d_strided_views_equal_contiguous(view):
    rng = np.random.default_rng(5)
    x = rng.random((2, 3, 5, 6, 7)).astype(np.float32)
    g = rng.uniform(-1.2, 1.2, (2, 3, 2, 4, 3)).astype(np.float32)
    big, index = {
        "w_padded": (np.zeros((2, 3, 5, 6, 9), np.float32), np.s_[..., :7]),
        "h_sliced": (np.zeros((2, 3, 5, 8, 7), np.float32), np.s_[:, :, :, :6]),
        "d_sliced": (np.zeros((2, 3, 7, 6, 7), np.float32), np.s_[:, :, :5]),
        "c_sliced": (np.zeros((2, 5, 5, 6, 7), np.float32), np.s_[:, 1:4]),
    }[view]
    big[index] = x
    for mode, padding, align in COMBOS:
        want = ags.grid_sample(x, g, mode, padding, align, build="checked")
        got = ags.grid_sample(big[index], g, mode, padding, align, build="checked")
        assert np.array_equal(want.view(np.uint32), got.view(np.uint32)), (view, mode, padding, align)


def voxel_flow_grid(rng, d, h, w, voxels):
    """One volume's grid of output voxel centres moved by up to `voxels` voxels on each axis."""
    centres = [(np.arange(k) * 2 + 1) / k - 1 for k in (d, h, w)]
    zz, yy, xx = np.meshgrid(*centres, indexing="ij")
    base = np.stack([xx, yy, zz], -1)[None]
    return (base + rng.uniform(-voxels, voxels, base.shape) * np.array([2 / w, 2 / h, 2 / d])).astype(np.float32)


def test_kernel_3d_row_bands_load_as_runs_per_slab():
    """A +-1 voxel flow whose tiles are half a depth slice: each tile's window is a band of whole
    rows of a few slabs, loaded as one run per slab and channel, never as whole slabs. A view whose
    slabs are further apart (rows sliced) moves the same bytes with the same DMAs, and both agree
    with torch."""
    rng = np.random.default_rng(11)
    n, c, d, h, w = 1, 4, 8, 16, 32
    x = rng.random((n, c, d, h, w)).astype(np.float32)
    g = voxel_flow_grid(rng, d, h, w, 1.0)
    big = np.zeros((n, c, d, h + 4, w), np.float32)
    big[:, :, :, :h] = x
    for mode, padding, align in COMBOS:
        dense = ags.grid_sample(x, g, mode, padding, align, build="checked")
        dense_stats = ags.last_launch_stats("checked")["total"]
        view = ags.grid_sample(big[:, :, :, :h], g, mode, padding, align, build="checked")
        view_stats = ags.last_launch_stats("checked")["total"]
        assert np.array_equal(dense.view(np.uint32), view.view(np.uint32)), (mode, padding, align)
        for key in ("mte2_bytes", "mte2_instr"):
            assert dense_stats[key] == view_stats[key], (key, mode, padding, align, dense_stats[key], view_stats[key])
        check(dense, x, g, mode, padding, align, "float32")


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("kind", ["smooth", "scattered"])
def test_kernel_tricubic_against_reference(kind, dtype):
    """Tricubic (ONNX-20's cubic for 3-D; torch has none): 4x4x4 taps around the unpadded
    coordinate, each padded on its own, against conftest.cubic_reference in float64."""
    from conftest import cubic_reference

    rng = np.random.default_rng(3 + len(dtype))
    x = rng.random((1, 3, 12, 13, 14) if kind == "smooth" else (1, 2, 30, 31, 33)).astype(DTYPES[dtype])
    gshape = (1, 3, 4, 5, 3)
    g = (smooth_grid(gshape, rng) if kind == "smooth" else rng.uniform(-1.2, 1.2, gshape)).astype(DTYPES[dtype])
    x64 = np.asarray(x, np.float64)
    span = float(x64.max() - x64.min())
    # cubic weights overshoot by up to ~1.3x the data range; float32 sums of 64 taps: 1e-5 of it
    tol = {"float32": 1e-5, "float16": 2e-3, "bfloat16": 2e-2}[dtype] * span
    for padding, align in itertools.product(["zeros", "border", "reflection"], [False, True]):
        fast = ags.grid_sample(x, g, "bicubic", padding, align, build="fast")
        assert ags.last_launch_stats("fast")["tiling_key"] >= KERNEL_3D_KEY, "the 3-D kernel should have run"
        checked = ags.grid_sample(x, g, "bicubic", padding, align, build="checked")
        bits = np.uint16 if fast.itemsize == 2 else np.uint32
        assert np.array_equal(fast.view(bits), checked.view(bits)), (padding, align)
        ref = cubic_reference(x64, np.asarray(g, np.float64), padding, align)
        err = float(np.abs(np.asarray(fast, np.float64) - ref).max())
        assert err <= tol, f"tricubic {kind}/{padding}/{align}/{dtype}: max err {err:.3e} > {tol:.3e}"


def test_kernel_3d_depth_block_tiles_share_their_window_slabs():
    """A flow of at most 0.4 voxel on a 32^3 volume with 16 channels (scripts/bench.py's (e)): a
    tile is 4 depth slices x 4 rows of 32 points (test_tiling.cpp asserts the plan), so each
    channel's window spans at most 6 slabs of 6 rows. Tiles of 16 rows of one slice (512 points
    as well) would load 3 slabs of 18 rows: half as much again. The input bytes loaded stay
    within the depth blocks' bound, and the results agree with torch. Nearest, whose 16 channels
    split in groups of 2, keeps blocks of 8 slices x 4 rows: half the tiles, within the same bound."""
    rng = np.random.default_rng(23)
    n, c, d, h, w = 1, 16, 32, 32, 32
    x = rng.random((n, c, d, h, w)).astype(np.float32)
    g = voxel_flow_grid(rng, d, h, w, 0.4)
    tiles, depth, rows = (d // 4) * (h // 4), 4, 4
    window_bound = (depth + 2) * (rows + 2) * w * 4
    for mode, padding, align in [("bilinear", "zeros", False), ("bilinear", "border", True), ("nearest", "zeros", False),
                                 ("bilinear", "reflection", False)]:
        out = ags.grid_sample(x, g, mode, padding, align, build="checked")
        stats = ags.last_launch_stats("checked")["total"]
        assert stats["mte3_instr"] == (tiles // 2 if mode == "nearest" else tiles) * c, (mode, stats["mte3_instr"])
        assert stats["mte2_bytes"] <= g.nbytes + tiles * c * window_bound, (mode, padding, stats["mte2_bytes"])
        check(out, x, g, mode, padding, align, "float32")


@pytest.mark.parametrize("build", ["fast", "checked"])
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
def test_kernel_3d_trilinear_paths_agree_bitwise_in_torchs_order(build, dtype, padding):
    """A point's trilinear output depends on its own taps and weights alone: the window path (a
    smooth grid) and the per-point path (the same grid with every 8th column scattered over a
    volume no window holds) give the same bits at every other point. Both sum the eight taps with
    torch's weights ((wx * wy) * wz) in torch's order, so float32 equals torch's own float32
    result bit for bit."""
    rng = np.random.default_rng(31)
    x = rng.standard_normal((1, 3, 40, 50, 60)).astype(DTYPES[dtype])
    zs, ys, xs = np.meshgrid(np.linspace(-1, 1, 12), np.linspace(-1, 1, 16), np.linspace(-1, 1, 64), indexing="ij")
    smooth = np.stack([xs, ys, zs], -1)[None] * 0.8 + rng.uniform(-0.02, 0.02, (1, 12, 16, 64, 3))
    scattered = smooth.copy()
    scattered[..., ::8, :] = rng.uniform(-0.999, 0.999, scattered[..., ::8, :].shape)
    smooth, scattered = smooth.astype(DTYPES[dtype]), scattered.astype(DTYPES[dtype])
    a = ags.grid_sample(x, smooth, "bilinear", padding, False, build=build)
    window = ags.last_launch_stats(build)["total"]["mte2_instr"]
    b = ags.grid_sample(x, scattered, "bilinear", padding, False, build=build)
    per_point = ags.last_launch_stats(build)["total"]["mte2_instr"]
    # the window path: a few DMAs per tile and channel; the per-point path: one per point and tap row
    assert window < 12 * 16 * 8 <= per_point, (window, per_point)
    keep = np.ones(64, bool)
    keep[::8] = False
    bits = np.uint16 if a.itemsize == 2 else np.uint32
    np.testing.assert_array_equal(np.asarray(a[..., keep]).view(bits), np.asarray(b[..., keep]).view(bits))
    if dtype == "float32":
        ref = F.grid_sample(torch.from_numpy(x), torch.from_numpy(smooth), "bilinear", padding, align_corners=False)
        np.testing.assert_array_equal(a.view(np.uint32), ref.numpy().view(np.uint32))


@pytest.mark.parametrize("mode,bound", [("bilinear", 3.0), ("nearest", 2.2)])
def test_kernel_3d_tiles_smaller_than_a_slice_stay_in_it(mode, bound):
    """A slice of 53 rows of 35 points has no depth block (no row count dividing 53 makes whole
    32-byte blocks): its tiles are bands of one slice's rows (test_tiling.cpp), whose windows span
    a few slabs of the band's rows. A band across two slices would need windows of their full
    height: ~4.4x (bilinear) and ~3.3x (nearest) the input and grid bytes, against ~2.5x and ~1.7x."""
    rng = np.random.default_rng(37)
    x = rng.random((1, 8, 39, 46, 30)).astype(np.float32)
    zs, ys, xs = np.meshgrid(np.linspace(-1, 1, 37), np.linspace(-1, 1, 53), np.linspace(-1, 1, 35), indexing="ij")
    g = np.stack([xs + 0.03 * np.sin(3 * ys), ys + 0.03 * np.cos(2 * zs), zs + 0.03 * np.sin(2 * xs)], -1)[None]
    g = g.astype(np.float32)
    out = ags.grid_sample(x, g, mode, "zeros", False, build="checked")
    stats = ags.last_launch_stats("checked")["total"]
    assert stats["mte2_bytes"] <= bound * (x.nbytes + g.nbytes), stats
    check(out, x, g, mode, "zeros", False, "float32")


@pytest.mark.parametrize("mode,bound", [("nearest", 0.72), ("bilinear", 1.2)])
def test_kernel_3d_depth_blocks_box_the_slices_with_valid_taps(mode, bound):
    """A zoom-out of 40 slices to 8 (x1.1, zeros): output slice 0 maps wholly outside the input
    (z = -2.5), slice 1 to z = 3.8. A tile is 4 slices x 2 rows (depth blocks), whose box takes
    its rows and columns from the coordinates' extremes but its depth from its valid taps: from
    the coordinates it would start at slab 0, 4 slabs more (0.84x and 1.32x the input and grid
    bytes loaded, against 0.66x and 1.11x)."""
    rng = np.random.default_rng(41)
    x = rng.random((1, 16, 40, 32, 32)).astype(np.float32)
    zs, ys, xs = np.meshgrid(np.linspace(-1, 1, 8), np.linspace(-1, 1, 32), np.linspace(-1, 1, 32), indexing="ij")
    g = (np.stack([xs, ys, zs], -1)[None] * 1.1).astype(np.float32)
    out = ags.grid_sample(x, g, mode, "zeros", False, build="checked")
    stats = ags.last_launch_stats("checked")["total"]
    assert stats["mte2_bytes"] <= bound * (x.nbytes + g.nbytes), stats
    check(out, x, g, mode, "zeros", False, "float32")


def test_kernel_3d_tiles_across_slices_box_their_valid_taps():
    """Channel-last 1x16x39x70x8, rotated by 0.4 rad in x-y (x0.9, zeros): tiles of 8 rows run
    from one slice's last rows into the next's first, so their points are not a rectangle of the
    output, and the rotation's points outside the input lie apart from the valid ones. Their box
    is that of the valid taps (1.38x the input and grid bytes loaded), not of the coordinates'
    extremes (1.61x)."""
    rng = np.random.default_rng(43)
    x = rng.random((1, 16, 39, 70, 8)).astype(np.float32)
    zs, ys, xs = np.meshgrid(np.linspace(-1, 1, 16), np.linspace(-1, 1, 39), np.linspace(-1, 1, 70), indexing="ij")
    a = 0.4
    g = (np.stack([np.cos(a) * xs - np.sin(a) * ys, np.sin(a) * xs + np.cos(a) * ys, zs], -1)[None] * 0.9).astype(np.float32)
    out = ags.grid_sample(x, g, "nearest", "zeros", False, channel_last=True, build="checked")
    stats = ags.last_launch_stats("checked")["total"]
    assert stats["mte2_bytes"] <= 1.45 * (x.nbytes + g.nbytes), stats
    check(out, np.ascontiguousarray(x.transpose(0, 4, 1, 2, 3)), g, "nearest", "zeros", False, "float32")
