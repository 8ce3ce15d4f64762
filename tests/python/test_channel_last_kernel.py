"""Channel-last input read directly by the AI Core kernel (no packing to NCHW first): every
sub-path gives exactly the NCHW result. Packing first would make the kernel's work identical to the
NCHW call's, counters and modelled cycles alike; reading in place moves differently shaped DMA
blocks, which the checked build's counters and cost model show.
Independent correctness of the NCHW result against torch is covered by test_accuracy_2d.py; here
it is also checked against torch once per case."""
import itertools

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

COMBOS = list(itertools.product(["bilinear", "nearest", "bicubic"], ["zeros", "border", "reflection"], [False, True]))


def smooth_grid(n, h, w, rng, jitter=1.5):
    xs = (2.0 * np.arange(w) + 1.0) / w - 1.0
    ys = (2.0 * np.arange(h) + 1.0) / h - 1.0
    gx, gy = np.meshgrid(xs, ys)
    base = np.repeat(np.stack([gx, gy], -1)[None], n, 0)
    return (base + rng.uniform(-jitter, jitter, base.shape) * np.array([2.0 / w, 2.0 / h])).astype(np.float32)


CASES = {
    # a unit takes every channel of densely packed pixels: whole rows per window
    "dense_rows": lambda rng: (rng.random((2, 3, 24, 40), dtype=np.float32), smooth_grid(2, 20, 36, rng)),
    # channel groups: pixels padded to 32-byte blocks of the group's channels
    "pixel_blocks": lambda rng: (rng.random((2, 64, 16, 32), dtype=np.float32), smooth_grid(2, 16, 32, rng)),
    # scattered taps on a large image: one DMA per point and tap row
    "per_point": lambda rng: (rng.random((1, 8, 200, 300), dtype=np.float32),
                              (rng.random((1, 12, 16, 2), dtype=np.float32) * 2.2 - 1.1)),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("build", ["checked", "fast"])
def test_channel_last_kernel_matches_nchw(case, build):
    rng = np.random.default_rng(len(case))
    x, g = CASES[case](rng)
    x_last = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    differs = []
    for mode, padding, align in COMBOS:
        want = ags.grid_sample(x, g, mode, padding, align, build=build)
        nchw = ags.last_launch_stats(build)["total"]
        got = ags.grid_sample(x_last, g, mode, padding, align, channel_last=True, build=build)
        stats = ags.last_launch_stats(build)["total"]
        assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), (mode, padding, align)
        assert stats["scalar_gm_reads"] == 0 and stats["scalar_gm_writes"] == 0
        differs.append(stats != nchw)
    # Reading in place does not depend on the mode, but some modes move equal byte counts either
    # way (e.g. bicubic per-point runs: 8 channels x 16 bytes or 4 pixels x 32 bytes).
    if build == "checked":
        assert any(differs), "the kernel did exactly the NCHW work in every mode (input packed first?)"
    ref = F.grid_sample(torch.from_numpy(x).double(), torch.from_numpy(g).double(), mode="bilinear",
                        padding_mode="zeros", align_corners=False).numpy()
    got = ags.grid_sample(x_last, g, channel_last=True, build=build)
    assert np.abs(got - ref).max() <= 1e-4


def test_channel_last_fuzz_matches_nchw():
    """Random shapes, dtypes, modes, paddings, grids (smooth and scattered), builds and core counts:
    the channel-last call equals the NCHW call bit for bit."""
    import ml_dtypes

    rng = np.random.default_rng(123)
    dtypes = [np.float32, np.float16, ml_dtypes.bfloat16]
    for trial in range(60):
        n, c = int(rng.integers(1, 3)), int(rng.choice([1, 3, 8, 9, 33, 70]))
        h, w = int(rng.integers(1, 40)), int(rng.integers(1, 70))
        ho, wo = int(rng.integers(1, 24)), int(rng.choice([1, 7, 64, 65, 100]))
        dt = dtypes[trial % 3]
        x = rng.random((n, c, h, w)).astype(dt)
        if trial % 2:
            g = rng.uniform(-1.3, 1.3, (n, ho, wo, 2))
        else:
            gx, gy = np.meshgrid(np.linspace(-1, 1, wo), np.linspace(-1, 1, ho))
            g = np.stack([gx, gy], -1)[None].repeat(n, 0) * rng.uniform(0.5, 1.5)
        g = g.astype(dt)
        mode = ["bilinear", "nearest", "bicubic"][trial % 3 if trial % 4 else 2 - trial % 3]
        padding = ["zeros", "border", "reflection"][int(rng.integers(0, 3))]
        align = bool(rng.integers(0, 2))
        build = ["fast", "checked"][trial % 2]
        want = ags.grid_sample(x, g, mode, padding, align, build=build)
        got = ags.grid_sample(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), g, mode, padding, align,
                              channel_last=True, build=build)
        bits = np.uint16 if want.itemsize == 2 else np.uint32
        assert np.array_equal(want.view(bits), got.view(bits)), (x.shape, g.shape, mode, padding, align, build)


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", ["checked", "fast"])
def test_tile_changes_overlap_window_loads(build):
    """2-D channel-last float32: a coarse box of the next tile's taps, from its grid tile, lets its
    first window load start before the last chunk of the tile before is combined, so a core taking
    several tiles exposes only its first unit's loads and the store of half its last chunk beside
    its vector work (without it, a window load at every tile change). Tiles of smooth flow and of scattered taps
    (the per-point path) then alternate; the result is the NCHW call's, bit for bit, and torch's."""
    rng = np.random.default_rng(21)
    ags.set_platform(cores=4, build=build)
    x = rng.random((2, 16, 64, 64), dtype=np.float32)
    g = smooth_grid(2, 64, 64, rng)
    want = ags.grid_sample(x, g, build=build)
    got = ags.grid_sample(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), g, channel_last=True, build=build)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
    if build == "checked":
        st = ags.last_launch_stats(build)
        units = 2 * 8 * 2 // 4   # 8-row tiles of 64 columns, 2 groups of 8 channels, over 4 cores
        for core in st["cores"]:
            # a pair of GatherMasks splits each of the 4 grid tiles for its taps, another for its
            # coarse box
            assert core["busy_by_api"]["V GatherMask"][0] == 2 * (4 + 4)
            # a store per unit (flat tiles: one DMA for a chunk's channels), the last in two halves
            assert core["busy_by_api"]["MTE3 DataCopyPad"][0] == units + 1
            exposed = core["modelled_cycles"] - core["busy_v"]
            per_unit_dma = (core["busy_mte2"] + core["busy_mte3"]) / units
            assert exposed < 1.5 * per_unit_dma, (exposed, per_unit_dma)
    # every other band of 8 rows scattered: window and per-point tiles alternate on each core
    bands = g.reshape(2, 4, 16, 64, 2)
    bands[:, :, 8:] = rng.uniform(-1.0, 1.0, bands[:, :, 8:].shape)
    for mode in ("bilinear", "nearest", "bicubic"):
        want = ags.grid_sample(x, g, mode, build=build)
        got = ags.grid_sample(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), g, mode, channel_last=True, build=build)
        assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), mode
        if build == "checked":   # the per-point path reads each point's taps with the scalar unit
            assert ags.last_launch_stats(build)["total"]["scalar_ub_reads"] > 8 * 64 * 8, mode
        ref = F.grid_sample(torch.from_numpy(x).double(), torch.from_numpy(g).double(), mode=mode,
                            padding_mode="zeros", align_corners=False).numpy()
        assert np.abs(got - ref).max() <= 1e-4, mode


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", ["checked", "fast"])
def test_coarse_box_holds_every_tap(build):
    """The coarse box of a tile's taps (from the extremes of its grid values) must hold every tap the
    tile reads: tiles 32 columns wide whose last one has pad slots (masked out of the extremes),
    flat tiles whose last one ends early, points far outside, infinite and NaN grid values (NaN
    left out of the extremes), every mode and align_corners. The result is the NCHW call's, bit
    for bit, and torch's."""
    rng = np.random.default_rng(33)
    ags.set_platform(cores=4, build=build)
    for (h, w), (oh, ow) in (((40, 80), (40, 80)), ((37, 64), (45, 64))):
        x = rng.random((2, 16, h, w), dtype=np.float32)
        x_last = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
        g = smooth_grid(2, oh, ow, rng, jitter=2.5)
        g[0, 5, 7] = (3.5, -2.0)
        special = g.copy()
        special[1, 11, 3] = (np.inf, 0.5)
        special[1, 20, 30] = (-0.2, -np.inf)
        special[0, 30, 5] = (np.nan, 0.1)
        special[1, 16, 0] = (0.3, np.nan)   # a tile's first slot
        for mode, align in itertools.product(["bilinear", "nearest", "bicubic"], [False, True]):
            for grid in (g, special):
                want = ags.grid_sample(x, grid, mode, "zeros", align, build=build)
                got = ags.grid_sample(x_last, grid, mode, "zeros", align, channel_last=True, build=build)
                assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), (h, w, mode, align)
            ref = F.grid_sample(torch.from_numpy(x).double(), torch.from_numpy(g).double(), mode=mode,
                                padding_mode="zeros", align_corners=align).numpy()
            got = ags.grid_sample(x_last, g, mode, "zeros", align, channel_last=True, build=build)
            np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)
    # the boxes were taken: each splits its grid tile with a pair of GatherMasks, as the taps do
    # (border padding takes no coarse box)
    if build == "checked":
        masks = {}
        for padding in ("zeros", "border"):
            ags.grid_sample(x_last, g, "bilinear", padding, False, channel_last=True, build=build)
            masks[padding] = ags.last_launch_stats(build)["total"]["busy_by_api"]["V GatherMask"][0]
        assert masks["zeros"] == 2 * masks["border"], masks
    # NaN after a tile's extremes: the reductions' NaN behaviour is not documented (the simulator
    # keeps the elements after the last NaN only), so the box must replace NaN before reducing
    x = rng.random((2, 16, 40, 80), dtype=np.float32)
    x_last = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
    g = smooth_grid(2, 40, 80, rng, jitter=0.5)
    g[:, :, 1::8, 0] -= 20.0 / 80   # 10 pixels left of their neighbours
    g[:, 1::2, 1::8, 1] += 8.0 / 40   # 4 pixels down
    g[:, :, 6::8, 0] = np.nan
    far = np.where(np.isnan(g), 10.0, g)   # the project's rule: a NaN point is out of bounds
    for mode in ("bilinear", "nearest", "bicubic"):
        want = ags.grid_sample(x, g, mode, "zeros", False, build=build)
        got = ags.grid_sample(x_last, g, mode, "zeros", False, channel_last=True, build=build)
        assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), mode
        ref = F.grid_sample(torch.from_numpy(x).double(), torch.from_numpy(far).double(), mode=mode,
                            padding_mode="zeros", align_corners=False).numpy()
        np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)
