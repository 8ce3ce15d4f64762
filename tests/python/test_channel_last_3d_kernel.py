"""Channel-last 3-D input (NDHWC memory) read in place by the AI Core kernel, as 2-D NHWC is: the
launch it records is the only one of the call (no ViewCopy packs the input first), its tiling key is
the 3-D kernel's, and every sub-path (dense pixel rows, 32-byte pixel blocks of channel groups, the
per-point path) gives exactly the NCDHW result; that result is checked against
torch.nn.functional.grid_sample in float64 too."""
import itertools

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

COMBOS = list(itertools.product(["bilinear", "nearest", "bicubic"], ["zeros", "border", "reflection"], [False, True]))
KERNEL_3D_KEY = 1100


def smooth_grid(n, d, h, w, rng, jitter=1.5):
    axes = [(2.0 * np.arange(k) + 1.0) / k - 1.0 for k in (d, h, w)]
    zz, yy, xx = np.meshgrid(*axes, indexing="ij")
    base = np.repeat(np.stack([xx, yy, zz], -1)[None], n, 0)
    return base + rng.uniform(-jitter, jitter, base.shape) * np.array([2.0 / w, 2.0 / h, 2.0 / d])


CASES = {
    # a unit takes every channel of densely packed voxels: whole rows per slab
    "dense_rows": lambda rng: (rng.random((2, 3, 6, 10, 12)), smooth_grid(2, 5, 8, 11, rng)),
    # channel groups: voxels padded to 32-byte blocks of the group's channels
    "pixel_blocks": lambda rng: (rng.random((1, 48, 4, 8, 16)), smooth_grid(1, 4, 8, 16, rng)),
    # scattered taps on a large volume: one DMA per point and tap row
    "per_point": lambda rng: (rng.random((1, 4, 40, 50, 60)), rng.uniform(-1.1, 1.1, (1, 3, 4, 5, 3))),
}


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("build", ["checked", "fast"])
def test_ndhwc_read_in_place(case, build, dtype):
    rng = np.random.default_rng(len(case) + len(dtype))
    x64, g64 = CASES[case](rng)
    np_type = np.float32 if dtype == "float32" else ml_dtypes.bfloat16
    x, g = x64.astype(np_type), g64.astype(np_type)
    x_last = np.ascontiguousarray(np.moveaxis(x, 1, -1))
    bits = np.uint32 if dtype == "float32" else np.uint16
    for mode, padding, align in COMBOS:
        want = ags.grid_sample(x, g, mode, padding, align, build=build)
        before = ags.last_launch_stats(build)["serial"]
        got = ags.grid_sample(x_last, g, mode, padding, align, channel_last=True, build=build)
        stats = ags.last_launch_stats(build)
        assert stats["serial"] == before + 1, "more than one launch: the NDHWC input was packed first"
        assert stats["kernel"] == "grid_sample" and stats["tiling_key"] >= KERNEL_3D_KEY
        assert stats["total"]["scalar_gm_reads"] == 0 and stats["total"]["scalar_gm_writes"] == 0
        assert np.array_equal(got.view(bits), want.view(bits)), (mode, padding, align)
    ref = F.grid_sample(torch.from_numpy(x.astype(np.float64)), torch.from_numpy(g.astype(np.float64)),
                        mode="bilinear", padding_mode="zeros", align_corners=False).numpy()
    got = ags.grid_sample(x_last, g, channel_last=True, build=build)
    assert np.abs(got.astype(np.float64) - ref).max() <= (1e-5 if dtype == "float32" else 1e-2)


def test_ndhwc_packed_before_is_not_what_runs():
    """The same NDHWC call moves differently shaped DMA blocks than the NCDHW call (it reads in
    place), which the checked build's counters show."""
    rng = np.random.default_rng(3)
    x = rng.random((1, 6, 5, 9, 10)).astype(np.float32)
    g = smooth_grid(1, 4, 7, 9, rng).astype(np.float32)
    ags.grid_sample(x, g, build="checked")
    nchw = ags.last_launch_stats("checked")["total"]
    ags.grid_sample(np.ascontiguousarray(np.moveaxis(x, 1, -1)), g, channel_last=True, build="checked")
    assert ags.last_launch_stats("checked")["total"] != nchw
