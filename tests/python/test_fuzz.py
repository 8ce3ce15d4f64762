"""Seeded random configurations of the 2-D kernel (shapes, channels, modes, paddings,
align_corners, dtypes, grid kinds, builds, core counts) against torch float64, with the same
per-dtype criteria as test_accuracy_2d. Each case is reproducible from its id (the seed)."""
from __future__ import annotations

import numpy as np
import pytest

import ascend_gridsample as ags
from conftest import (ALIGNS, BUILDS, KERNEL_DTYPES, MODES, PADDINGS, affine_grid, assert_bit_equal,
                      assert_coordinate_precision_close, assert_exact_coordinate_close, check_against_torch,
                      random_grid, random_input, unnormalize_f32)

N_CASES = int(__import__("os").environ.get("GS_FUZZ_CASES", "300"))


def make_case(seed):
    r = np.random.default_rng(seed)
    n = int(r.integers(1, 4))
    c = int(r.choice([1, 2, 3, 5, 16, 31, 64, 300], p=[.15, .15, .15, .15, .15, .1, .1, .05]))
    if r.random() < 0.15:
        h, w = int(r.integers(150, 400)), int(r.integers(150, 400))
    else:
        h, w = int(r.integers(1, 80)), int(r.integers(1, 80))
    if r.random() < 0.15:
        ho, wo = int(r.integers(1, 4)), int(r.integers(2049, 4000))
    else:
        ho, wo = int(r.integers(1, 70)), int(r.integers(1, 70))
    while n * c * ho * wo > 400_000:
        c = max(1, c // 2)
        if c == 1:
            ho = max(1, ho // 2)
    cfg = dict(
        shape=(n, c, h, w), out=(ho, wo),
        mode=str(r.choice(MODES)), padding=str(r.choice(PADDINGS)), align=bool(r.choice(ALIGNS)),
        dtype=str(r.choice(list(KERNEL_DTYPES), p=[.6, .2, .2])),
        grid=str(r.choice(["uniform", "affine", "affine_noise"])),
        lim=float(r.choice([1.0, 1.1, 1.5, 3.0, 50.0])),
        build=str(r.choice(BUILDS)),
        cores=int(r.choice([48, 48, 1, 7, 8, 40])),
    )
    return cfg


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("seed", range(N_CASES))
def test_fuzz(seed):
    cfg = make_case(seed)
    r = np.random.default_rng(10_000 + seed)
    n, c, h, w = cfg["shape"]
    ho, wo = cfg["out"]
    dt = KERNEL_DTYPES[cfg["dtype"]]
    ags.set_platform(cores=cfg["cores"], build=cfg["build"])
    x = random_input(r, cfg["shape"], dt)
    if cfg["grid"] == "uniform":
        grid = random_grid(r, n, ho, wo, lim=cfg["lim"], dtype=dt)
    else:
        grid = affine_grid(n, ho, wo, angle=float(r.uniform(-3, 3)), scale=float(r.uniform(0.2, 1.6)),
                           shift=tuple(r.uniform(-0.5, 0.5, 2)), noise=0.02 if cfg["grid"] == "affine_noise" else 0,
                           rng=r, dtype=dt)
    check_against_torch(x, grid, cfg["mode"], cfg["padding"], cfg["align"], build=cfg["build"],
                        what=f"fuzz seed {seed}: {cfg}")
    st = ags.last_launch_stats(cfg["build"])
    assert 1 <= st["block_dim"] <= cfg["cores"], st["block_dim"]
    assert all(k["scalar_gm_reads"] == 0 and k["scalar_gm_writes"] == 0 for k in st["cores"])


# Far coordinates: unnormalized magnitudes log-uniform from 1 to 2^24 pixels (the range the
# README calls exact), every mode / padding / align_corners, 2-D and 3-D, both builds.
N_FAR_CASES = int(__import__("os").environ.get("GS_FUZZ_FAR_CASES", "48"))
FAR_COMBOS = [(m, p, a, r) for r in (2, 3) for m in MODES for p in PADDINGS for a in ALIGNS]


def far_grid(r, sizes_xfirst, out_shape, align):
    """float32 grid whose unnormalized coordinates have magnitudes log-uniform in [1, 2^24)."""
    n = out_shape[0]
    mag = 2.0 ** r.uniform(0, 24, out_shape[1:] + (len(sizes_xfirst),))
    u = np.where(r.random(mag.shape) < 0.5, -mag, mag)
    # some plain in-range coordinates and some integral / half-integral ones (.5 ties, exact taps)
    u = np.where(r.random(u.shape) < 0.2, r.uniform(-3, 10, u.shape), u)
    u = np.where(r.random(u.shape) < 0.2, np.round(2 * u) / 2, u)
    g = np.empty((n,) + u.shape)
    for a, size in enumerate(sizes_xfirst):
        g[..., a] = (2 * u[..., a] / max(size - 1, 1) - 1) if align else ((2 * u[..., a] + 1) / size - 1)
    g = g.astype(np.float32)
    # keep what the kernel computes below 2^24 (at and above it, reflection reads pixel 0:
    # test_nonfinite covers that rule)
    for a, size in enumerate(sizes_xfirst):
        u32 = unnormalize_f32(g[..., a], size, align)
        g[..., a] = np.where(np.abs(u32) < 2.0**24, g[..., a], 0.0)
    return g


@pytest.mark.parametrize("seed", range(N_FAR_CASES))
def test_fuzz_far_coordinates(seed):
    mode, padding, align, rank = FAR_COMBOS[seed % len(FAR_COMBOS)]
    r = np.random.default_rng(20_000 + seed)
    sizes = tuple(int(v) for v in r.integers(1, 8, rank))               # (D,) H, W
    shape = (int(r.integers(1, 3)), int(r.integers(1, 4))) + sizes
    out_sp = (1,) * (rank - 1) + (int(r.integers(20, 200)),)
    x = random_input(r, shape)
    grid = far_grid(r, sizes[::-1], (shape[0],) + out_sp, align)
    build = BUILDS[seed % 2]
    what = f"far seed {seed}: {mode}/{padding}/ac={align} x{shape}/{build}"
    out = ags.grid_sample(x, grid, mode, padding, align, build=build)
    other = ags.grid_sample(x, grid, mode, padding, align, build=BUILDS[1 - seed % 2])
    assert_bit_equal(out, other, what + ": checked vs fast")
    assert_exact_coordinate_close(out, x, grid, mode, padding, align, what=what)
    if mode != "nearest":
        assert_coordinate_precision_close(out, x, grid, mode, padding, align, what=what)
