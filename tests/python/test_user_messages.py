"""What a new user meets first: the command line's help, launch statistics, negative axes, the
build argument, array-likes and images without their batch dim. Each error says what was wrong
and what was expected; accepted forms are compared with torch."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags
from ascend_gridsample import _api

STAT_KEYS = {"kernel", "serial", "block_dim", "tiling_key", "checked", "modelled_cycles", "modelled_us", "lanes", "total",
             "cores"}
COUNTER_KEYS = {"mte2_instr", "mte2_bytes", "mte3_instr", "mte3_bytes", "ub_copy_instr", "ub_copy_bytes", "vec_instr",
                "vec_repeats", "scalar_gm_reads", "scalar_gm_writes", "scalar_ub_reads", "scalar_ub_writes",
                "peak_ub_bytes", "modelled_cycles", "modelled_us", "busy_s", "busy_mte2", "busy_v", "busy_mte3",
                "busy_by_api"}


def test_help_lists_every_command():
    out = subprocess.run([sys.executable, "-m", "ascend_gridsample", "--help"], capture_output=True, text=True,
                         check=True).stdout
    for word in ("--cflags", "--libs", "--fast", "--checked", "build-torch-npu"):
        assert word in out, f"{word} missing from --help:\n{out}"


def test_last_launch_stats_rejects_an_unknown_kernel():
    with pytest.raises(ValueError, match="kernel is 'bogus'; expected one of 'grid_sample', 'grid_sample_grad'"):
        ags.last_launch_stats(kernel="bogus")


def test_last_launch_stats_keys_are_the_documented_ones():
    x = np.random.default_rng(0).uniform(-1, 1, (1, 2, 8, 8)).astype(np.float32)
    ags.grid_sample(x, np.zeros((1, 3, 3, 2), np.float32))
    ags.interpolate(x, [5, 5], [2, 3], mode="linear", shape_calculation_mode="sizes")
    for kernel in ("grid_sample", "interpolate"):
        stats = ags.last_launch_stats(kernel=kernel)
        assert set(stats) == STAT_KEYS
        assert stats["kernel"] == kernel and stats["serial"] > 0 and len(stats["cores"]) == stats["block_dim"]
        assert set(stats["total"]) == COUNTER_KEYS and all(set(c) == COUNTER_KEYS for c in stats["cores"])
    for kernel in _api.KERNELS:
        assert set(ags.last_launch_stats(kernel=kernel)) == STAT_KEYS


@pytest.mark.parametrize("build", ["checked", "fast"])
def test_kernel_names_are_the_launch_names(build):
    """KERNELS lists exactly the kernels the library holds (the table launches look them up in)."""
    assert sorted(_api.extension(build).kernel_names()) == sorted(_api.KERNELS)


@pytest.mark.parametrize("axes", [[-2, -1], [2, -1], [-1, -2]])
def test_negative_axes_count_from_the_end(axes):
    x = np.random.default_rng(1).uniform(-1, 1, (2, 3, 6, 9))
    sizes = [11, 4] if axes != [-1, -2] else [4, 11]
    got = ags.interpolate(x, sizes, axes, mode="linear_onnx", shape_calculation_mode="sizes")
    want = F.interpolate(torch.from_numpy(x), size=(11, 4), mode="bilinear", align_corners=False).numpy()
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    traced = torch.compile(lambda t: ags.interpolate(t, sizes, axes, mode="linear_onnx", shape_calculation_mode="sizes"),
                           fullgraph=True)
    np.testing.assert_allclose(traced(torch.from_numpy(x)).numpy(), want, rtol=0, atol=1e-12)


@pytest.mark.parametrize("axes,words", [([-5], ["axes [-5] has -5", "[-4, 3]", "counts from the end"]),
                                        ([4], ["axes [4] has 4", "[-4, 3]"]),
                                        ([1, -3], ["axes [1, -3] repeats an axis (as [1, 1])"])])
def test_axes_out_of_range_or_repeated(axes, words):
    x = np.zeros((1, 2, 3, 4), np.float32)
    with pytest.raises(ValueError) as e:
        ags.interpolate(x, [2] * len(axes), axes, mode="nearest", shape_calculation_mode="sizes")
    for w in words:
        assert w in str(e.value), str(e.value)


def test_build_argument_errors_name_the_argument(monkeypatch):
    x, g = np.zeros((1, 1, 2, 2), np.float32), np.zeros((1, 1, 1, 2), np.float32)
    with pytest.raises(ValueError) as e:
        ags.grid_sample(x, g, build="debug")
    assert "build is 'debug'; expected 'fast', 'checked' or None" in str(e.value)
    monkeypatch.setenv("ASCEND_GRIDSAMPLE_BUILD", "debug")
    with pytest.raises(ValueError, match="environment variable ASCEND_GRIDSAMPLE_BUILD is 'debug'"):
        ags.grid_sample(x, g)
    assert ags.grid_sample(x, g, build="fast").shape == (1, 1, 1, 1)   # an explicit build wins


def test_lists_are_taken_as_numpy_takes_them():
    rng = np.random.default_rng(2)
    x, g = rng.uniform(-1, 1, (1, 2, 4, 5)), rng.uniform(-1, 1, (1, 3, 3, 2))
    got = ags.grid_sample(x.tolist(), g.tolist())
    want = F.grid_sample(torch.from_numpy(x), torch.from_numpy(g), align_corners=False).numpy()
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    y = ags.interpolate([[0.0, 1.0, 2.0]], [5], [1], mode="linear", shape_calculation_mode="sizes")
    assert isinstance(y, np.ndarray) and y.dtype == np.float64 and y.shape == (1, 5)


def test_a_list_numpy_makes_int64_of_says_what_was_expected():
    with pytest.raises(TypeError) as e:
        ags.interpolate([[0, 1, 2]], [5], [1], mode="linear", shape_calculation_mode="sizes")
    msg = str(e.value)
    for w in ("image is a list", "int64", "expected a numpy array or torch tensor", "np.asarray(image, np.float32)"):
        assert w in msg, msg


@pytest.mark.parametrize("torch_in", [False, True])
def test_an_image_without_its_batch_dim_gets_a_hint(torch_in):
    chw = np.zeros((3, 8, 8), np.float32)
    grid = np.zeros((1, 4, 4, 2), np.float32)
    args = (torch.from_numpy(chw), torch.from_numpy(grid)) if torch_in else (chw, grid)
    with pytest.raises(ValueError) as e:
        ags.grid_sample(*args)
    msg = str(e.value)
    for w in ("grid has rank 4", "without its batch dim", "expected 4 dims (N, C, spatial dims)",
              "input[None] (numpy) or input.unsqueeze(0) (torch)"):
        assert w in msg, msg
    with pytest.raises(ValueError) as e:
        ags.grid_sample(chw[0], grid)
    assert "without its batch and channel dims" in str(e.value) and "input[None, None]" in str(e.value)
