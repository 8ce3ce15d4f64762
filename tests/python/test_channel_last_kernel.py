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
