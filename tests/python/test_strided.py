"""Strided (non-contiguous) inputs and grids, numpy and torch views, channel_last: the result
must equal the call on contiguous copies bit for bit (and the contiguous call must match torch)."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
import torch

import ascend_gridsample as ags
from conftest import BUILDS, MODES, PADDINGS, assert_bit_equal, check_against_torch, random_grid, random_input

DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float64": np.float64}
TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
                "float64": torch.float64}


def make_input_view(rng, name, dt):
    """Strided 4-D (N, C, H, W) views of numpy arrays."""
    if name == "contig":
        return random_input(rng, (2, 4, 13, 11), dt)
    if name == "transposed_hw":                      # W stride != 1, no gaps
        return random_input(rng, (2, 3, 13, 11), dt).transpose(0, 1, 3, 2)
    if name == "nc_swapped":                         # N/C strides swapped, no gaps
        return random_input(rng, (4, 2, 9, 10), dt).transpose(1, 0, 2, 3)
    if name == "broadcast_n":                        # N stride 0
        return np.broadcast_to(random_input(rng, (1, 3, 15, 21), dt), (2, 3, 15, 21))
    if name == "broadcast_padded_rows":
        # rows padded (H stride 24 > W 19) and N stride 0: the view's extent stays within its
        # element count, so this reaches the kernel's strided-row addressing even though the
        # Python binding declares storage = view element count (see test "sliced")
        return np.broadcast_to(random_input(rng, (1, 3, 15, 24), dt)[:, :, :, 2:21], (3, 3, 15, 19))
    base = random_input(rng, (3, 7, 15, 21), dt)
    if name == "sliced":                             # padded rows, channel step (gaps)
        return base[:2, ::2, 1:-1, 2:]
    if name == "w_step2":                            # W stride 2
        return base[1:, :3, :, ::2]
    raise KeyError(name)


def make_grid_view(rng, name, n, dt):
    """Strided (N, Ho, Wo, 2) views of numpy grids."""
    if name == "contig":
        return random_grid(rng, n, 6, 9, lim=1.2, dtype=dt)
    if name == "xy_planar":                          # coordinate stride != 1 (x plane, y plane)
        soa = np.ascontiguousarray(np.moveaxis(random_grid(rng, n, 6, 9, lim=1.2, dtype=dt), -1, 1))
        return np.moveaxis(soa, 1, -1)
    if name == "broadcast_rows_sliced":             # rows not packed, N stride 0 (extent < elements)
        return np.broadcast_to(random_grid(rng, 1, 12, 19, lim=1.2, dtype=dt)[:, :, 1:-3], (n, 12, 15, 2))
    g = random_grid(rng, n + 1, 12, 19, lim=1.2, dtype=dt)
    if name == "rows_sliced":                        # rows not packed
        return g[1:, 1:-1, 2:-3]
    if name == "cols_step3":                         # point stride != 2
        return g[:n, ::2, 1::3]
    raise KeyError(name)


INPUT_VIEWS = ["transposed_hw", "nc_swapped", "broadcast_n", "broadcast_padded_rows", "sliced", "w_step2"]
GRID_VIEWS = ["xy_planar", "broadcast_rows_sliced", "rows_sliced", "cols_step3"]


def _check_view(x, grid, build, what):
    for k, mode in enumerate(MODES):
        padding, align = PADDINGS[k], bool(k % 2)
        xc, gc = np.ascontiguousarray(x), np.ascontiguousarray(grid)
        want = check_against_torch(xc, gc, mode, padding, align, build=build)
        got = ags.grid_sample(x, grid, mode, padding, align, build=build)
        assert_bit_equal(got, want, f"{what} {mode}/{padding}/ac={align}")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("view", INPUT_VIEWS)
def test_numpy_input_view(rng, build, dtype, view):
    x = make_input_view(rng, view, DTYPES[dtype])
    assert not x.flags.c_contiguous
    _check_view(x, make_grid_view(rng, "contig", x.shape[0], DTYPES[dtype]), build, f"{dtype}/{build} input {view}")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("view", GRID_VIEWS)
def test_numpy_grid_view(rng, build, dtype, view):
    grid = make_grid_view(rng, view, 2, DTYPES[dtype])
    assert not grid.flags.c_contiguous
    x = make_input_view(rng, "contig", DTYPES[dtype])
    _check_view(x, grid, build, f"{dtype}/{build} grid {view}")
    # and together with a strided input
    _check_view(make_input_view(rng, "transposed_hw", DTYPES[dtype]), grid, build, f"{dtype}/{build} grid {view}+T")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("mode", MODES)
def test_channel_last_numpy(rng, build, dtype, mode):
    dt = DTYPES[dtype]
    nhwc = random_input(rng, (2, 13, 17, 5), dt)
    grid = random_grid(rng, 2, 7, 11, lim=1.2, dtype=dt)
    for padding in PADDINGS:
        want = check_against_torch(np.ascontiguousarray(nhwc.transpose(0, 3, 1, 2)), grid, mode, padding, True,
                                   build=build)
        got = ags.grid_sample(nhwc, grid, mode, padding, True, channel_last=True, build=build)
        assert got.shape == (2, 5, 7, 11)
        assert_bit_equal(got, want, f"channel_last {dtype}/{mode}/{padding}")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", list(DTYPES))
def test_channel_last_numpy_view(rng, build, dtype):
    """A strided NHWC view (rows stepped, first channel dropped) with channel_last=True."""
    dt = DTYPES[dtype]
    view = random_input(rng, (2, 13, 34, 6), dt)[:, :, ::2, 1:]
    grid = random_grid(rng, 2, 7, 11, lim=1.2, dtype=dt)
    for mode, padding in zip(MODES, PADDINGS):
        want = check_against_torch(np.ascontiguousarray(view.transpose(0, 3, 1, 2)), grid, mode, padding, False,
                                   build=build)
        got = ags.grid_sample(view, grid, mode, padding, False, channel_last=True, build=build)
        assert_bit_equal(got, want, f"channel_last view {dtype}/{mode}/{padding}")


def _int_view(t):
    return t.contiguous().view({2: torch.int16, 4: torch.int32, 8: torch.int64}[t.element_size()]).numpy()


def _to_numpy(t):
    t = t.contiguous()
    return t.view(torch.int16).numpy().view(ml_dtypes.bfloat16) if t.dtype == torch.bfloat16 else t.numpy()


TORCH_INPUT_VIEWS = ["contig", "transpose_hw", "channels_last", "permuted_nc", "narrow"]
TORCH_GRID_VIEWS = ["contig", "xy_planar", "sliced"]


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("iview,gview", [(i, "contig") for i in TORCH_INPUT_VIEWS[1:]] +
                         [("contig", g) for g in TORCH_GRID_VIEWS[1:]] + [("transpose_hw", "xy_planar")])
def test_torch_views(rng, build, dtype, iview, gview):
    tdt = TORCH_DTYPES[dtype]
    gen = torch.Generator().manual_seed(int(rng.integers(1 << 30)))
    base = (torch.rand(3, 6, 14, 18, generator=gen, dtype=torch.float64) * 2 - 1).to(tdt)
    gbase = (torch.rand(3, 10, 12, 2, generator=gen, dtype=torch.float64) * 2.4 - 1.2).to(tdt)
    x = {
        "contig": base,
        "transpose_hw": base.transpose(2, 3),
        "channels_last": base.contiguous(memory_format=torch.channels_last),
        "permuted_nc": base.permute(1, 0, 2, 3)[:3],
        "narrow": base.narrow(1, 1, 4).narrow(3, 3, 11),
    }[iview]
    g = {
        "contig": gbase,
        "xy_planar": gbase.permute(0, 3, 1, 2).contiguous().permute(0, 2, 3, 1),
        "sliced": gbase[:, 1::2, ::3],
    }[gview][: x.shape[0]]
    for k, mode in enumerate(MODES):
        padding, align = PADDINGS[(k + 1) % 3], bool(k % 2)
        # the contiguous call matches torch, and the numpy front end gives the same bits
        want = ags.grid_sample(x.contiguous(), g.contiguous(), mode, padding, align, build=build)
        want_np = check_against_torch(_to_numpy(x), _to_numpy(g), mode, padding, align, build=build)
        assert_bit_equal(_to_numpy(want), want_np, f"torch vs numpy {dtype}/{mode}")
        got = ags.grid_sample(x, g, mode, padding, align, build=build)
        assert isinstance(got, torch.Tensor) and got.dtype == tdt and got.is_contiguous()
        assert_bit_equal(_int_view(got), _int_view(want), f"torch {dtype}/{build}/{mode} input {iview} grid {gview}")


@pytest.mark.parametrize("build", BUILDS)
def test_torch_channel_last(rng, build):
    gen = torch.Generator().manual_seed(7)
    nhwc = torch.rand(2, 9, 12, 4, generator=gen) * 2 - 1
    grid = torch.rand(2, 5, 6, 2, generator=gen) * 2.4 - 1.2
    for mode in MODES:
        got = ags.grid_sample(nhwc, grid, mode, "border", False, channel_last=True, build=build)
        want = ags.grid_sample(nhwc.permute(0, 3, 1, 2).contiguous(), grid, mode, "border", False, build=build)
        assert_bit_equal(got.numpy(), want.numpy(), f"torch channel_last {mode}")
        # an NHWC view of a channels_last NCHW tensor is a plain contiguous NHWC tensor
        cl = nhwc.permute(0, 3, 1, 2).contiguous(memory_format=torch.channels_last)
        got2 = ags.grid_sample(cl, grid, mode, "border", False, build=build)
        assert_bit_equal(got2.numpy(), want.numpy(), f"torch channels_last memory format {mode}")
