"""Tiles whose window does not fit the UB sample in parts of their slots (bands of their rows),
each part with its own box and window (GridSampleKernel::SampleInParts), instead of fetching
every point's tap rows one DMA at a time (the per-point path). Checked against torch, with the
launch statistics saying which path ran."""
from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags


def zoom_out_grid(n, h, w, scale, angle=0.2):
    """An h x w affine grid that shows the image `scale` times smaller: a tile's taps spread
    `scale` times as far apart as its points."""
    c, s = scale * np.cos(angle), scale * np.sin(angle)
    theta = torch.tensor([[[c, -s, 0.0], [s, c, 0.0]]], dtype=torch.float32).expand(n, 2, 3)
    return F.affine_grid(theta, (n, 1, h, w), align_corners=False).numpy()


@pytest.mark.parametrize("dtype,size,mode,scale,padding,out_hw", [
    (np.float32, 256, "bilinear", 3.0, "zeros", None),
    (np.float32, 256, "bilinear", 4.0, "border", None),
    (np.float32, 256, "bicubic", 4.0, "zeros", None),
    (np.float32, 256, "bicubic", 4.0, "reflection", None),
    (np.float32, 256, "nearest", 4.0, "zeros", None),
    # half types hold twice the pixels per window: a larger image before a tile needs parts
    (np.float16, 512, "bilinear", 4.0, "zeros", None),
    (np.float16, 512, "bicubic", 5.0, "zeros", None),
    # an output whose tiles have pad slots (120 rows: the last tile's rows end early)
    (np.float32, 256, "bilinear", 3.0, "reflection", (120, 256)),
    # 97 rows in seven bands of 14: 448-slot bicubic tiles, in parts of 256 and 192 slots (parts
    # used to split a tile evenly into multiples of 256 slots: these took the per-point path)
    (np.float32, 256, "bicubic", 3.0, "zeros", (97, 256)),
])
def test_zoom_out_tiles_sample_in_parts(dtype, size, mode, scale, padding, out_hw):
    rng = np.random.default_rng(3)
    n, c, h, w = 1, 64, size, size
    oh, ow = out_hw or (h, w)
    x = rng.random((n, c, h, w), dtype=np.float32).astype(dtype)
    g = zoom_out_grid(n, oh, ow, scale, angle=0.0 if out_hw else 0.2).astype(dtype)
    out = ags.grid_sample(x, g, mode, padding, False, build="checked")
    stats = ags.last_launch_stats("checked")
    ref = F.grid_sample(torch.from_numpy(x.astype(np.float32)), torch.from_numpy(g.astype(np.float32)), mode=mode,
                        padding_mode=padding, align_corners=False).numpy()
    tol = 1e-4 if dtype == np.float32 else 2e-2
    np.testing.assert_allclose(out.astype(np.float32), ref, rtol=tol, atol=tol)
    # The per-point path moves at least one DMA per tap row of every point whose taps reach the
    # image (with zeros padding ~(size / scale)^2 points, else all), for every chunk of channels;
    # windows in parts take a few per tile and channel: less than half that.
    reach = int(np.all(np.abs(g) <= 1.0, axis=-1).sum()) if padding == "zeros" else oh * ow
    tap_rows = {"nearest": 1, "bilinear": 2, "bicubic": 4}[mode]
    assert stats["total"]["mte2_instr"] < reach * tap_rows / 2, (stats["total"]["mte2_instr"], reach)
