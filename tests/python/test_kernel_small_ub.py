"""The AI Core kernel itself runs on a 32 KiB UB in every 2-D mode and in 3-D trilinear / nearest
(the tiling sizes its buffers from the kernel's UB inventory, grid_sample_tiling_data.h), checked
by the launch it records: a new launch of grid_sample with the mode's tiling key. Results against
torch.nn.functional.grid_sample in float64; the checked and fast builds agree bit for bit."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags
from ascend_gridsample._api import KERNELS

MODE_KEY = {"bilinear": 0, "nearest": 1, "bicubic": 2}
UB = 32768


def run_on_kernel(x, g, mode, channel_last, build):
    # serials count every kernel's launches: the last one is the largest of any kernel's
    before = max(ags.last_launch_stats(build, kernel=k)["serial"] for k in KERNELS)
    out = ags.grid_sample(x, g, mode, "zeros", False, channel_last=channel_last, build=build)
    stats = ags.last_launch_stats(build)
    dims = g.shape[-1]
    kind = {"float32": 0, "float16": 1}[x.dtype.name]
    assert stats["serial"] == before + 1 and stats["kernel"] == "grid_sample", "the AI Core kernel did not run"
    assert stats["tiling_key"] == 1000 + (100 if dims == 3 else 0) + 10 * kind + MODE_KEY[mode], stats["tiling_key"]
    assert all(c["peak_ub_bytes"] <= UB for c in stats["cores"]), [c["peak_ub_bytes"] for c in stats["cores"]]
    return out


CASES = [(mode, dims, dtype, cl) for dtype in ("float32", "float16") for mode in MODE_KEY for dims in (2, 3)
         for cl in (False, True) if not (dims == 3 and mode == "bicubic")]


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("mode,dims,dtype,channel_last", CASES)
def test_kernel_runs_on_32k_ub(mode, dims, dtype, channel_last):
    rng = np.random.default_rng(dims * 10 + MODE_KEY[mode])
    shape = (2, 5, 30, 40) if dims == 2 else (1, 5, 6, 30, 40)
    gshape = (2, 17, 23, 2) if dims == 2 else (1, 3, 4, 5, 3)
    x = rng.random(shape).astype(dtype)
    # smooth part (window path) and a scattered part (per-point path)
    g = rng.uniform(-1.1, 1.1, gshape).astype(dtype)
    g[:, : gshape[1] // 2] = (g[:, : gshape[1] // 2] * 0.05).astype(dtype)
    xin = np.ascontiguousarray(np.moveaxis(x, 1, -1)) if channel_last else x
    outs = {}
    for build in ("fast", "checked"):
        ags.set_platform(ub_bytes=UB, build=build)
        outs[build] = run_on_kernel(xin, g, mode, channel_last, build)
    bits = np.uint32 if dtype == "float32" else np.uint16
    assert np.array_equal(outs["fast"].view(bits), outs["checked"].view(bits))
    ref = F.grid_sample(torch.from_numpy(x.astype(np.float64)), torch.from_numpy(g.astype(np.float64)), mode=mode,
                        padding_mode="zeros", align_corners=False).numpy()
    tol = 1e-5 if dtype == "float32" else 2e-3
    if mode == "nearest":
        # a coordinate on a pixel edge may round either way in float32 / float16: compare where it is clear
        t = F.grid_sample(torch.from_numpy(x.astype(np.float32)), torch.from_numpy(g.astype(np.float32)), mode=mode,
                          padding_mode="zeros", align_corners=False).double().numpy()
        ref = np.where(np.abs(t - ref) > 0, t, ref)
    err = float(np.abs(outs["fast"].astype(np.float64) - ref).max())
    assert err <= tol * (3 if mode == "bicubic" else 1), err
