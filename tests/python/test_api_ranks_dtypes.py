"""Python API: every dtype (float32, float16, bfloat16, float64, int8, uint8, int16, int32, int64)
and every spatial rank (1-D to 6-D on the AI CPU path), for numpy and torch.

References are independent of this package: torch.nn.functional.grid_sample in float64 where
torch supports the case (2-D all modes, 3-D bilinear/nearest), and otherwise `nd_reference`, a
float64 numpy implementation of torch's documented grid_sample semantics, extended to every rank, written here (checked against torch
on the cases torch supports, see test_reference_matches_torch).

Tolerances (absolute error / data range of the input), following semantics.md:
  float32 on the 2-D AI Core kernel: torch's own float32 error + 1e-5
  float32 on the AI CPU path (computed in float64, rounded once): 2^-23 (1 ulp of the range) + 1e-12
  float16 1e-3, bfloat16 1e-2 (against the float64 reference on the half inputs upcast)
  float64: 1e-12 (summation order only)
  integers: exact (float64 value rounded half to even and saturated); where the float64 value is
  within 16 float64 ulps (of the data range) of a rounding boundary the neighbour is accepted too.
"""
from __future__ import annotations

import itertools
import zlib

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

MODES = ("bilinear", "nearest", "bicubic")
PADDINGS = ("zeros", "border", "reflection")
ALIGNS = (False, True)
COMBOS = list(itertools.product(MODES, PADDINGS, ALIGNS))
INT_DTYPES = (np.int8, np.uint8, np.int16, np.int32, np.int64)
TORCH_DTYPES = {
    "float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16, "float64": torch.float64,
    "int8": torch.int8, "uint8": torch.uint8, "int16": torch.int16, "int32": torch.int32, "int64": torch.int64,
}
NP_DTYPES = {
    "float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float64": np.float64,
    "int8": np.int8, "uint8": np.uint8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
}


def make_rng(*key) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def cid(mode, padding, align):
    return f"{mode}-{padding}-ac{int(align)}"


# ------------------------------------------------------------------------------------------------
# Independent float64 reference for any number of spatial dims (semantics.md)
# ------------------------------------------------------------------------------------------------
def _unnormalize(g, size, align):
    return (g + 1.0) / 2.0 * (size - 1) if align else ((g + 1.0) * size - 1.0) / 2.0


def _reflect(x, size, align):
    """Reflect about the edge-pixel centres (align) or the pixel edges (not align), then clamp."""
    twice_low, twice_high = (0.0, 2.0 * (size - 1)) if align else (-1.0, 2.0 * size - 1.0)
    if twice_low == twice_high:
        return np.zeros_like(x)
    low, span = twice_low / 2.0, (twice_high - twice_low) / 2.0
    d = np.abs(x - low)
    extra = np.fmod(d, span)
    flips = np.floor(d / span)
    r = np.where(flips % 2 == 0, extra + low, span - extra + low)
    return np.clip(r, 0.0, size - 1.0)


def _pad(x, size, padding, align):
    if padding == "border":
        return np.clip(x, 0.0, size - 1.0)
    if padding == "reflection":
        return _reflect(x, size, align)
    return x


def _cubic_weights(t, a=-0.75):
    def near(s):   # |s| <= 1
        return ((a + 2.0) * s - (a + 3.0)) * s * s + 1.0

    def far(s):    # 1 < |s| < 2
        return ((a * s - 5.0 * a) * s + 8.0 * a) * s - 4.0 * a

    return [far(t + 1.0), near(t), near(1.0 - t), far(2.0 - t)]


def _axis_taps(g, size, mode, padding, align):
    """[(index array, weight array)] of one axis; indices may be out of range (weight then ignored)."""
    x = _unnormalize(g, size, align)
    if mode == "bilinear":
        c = _pad(x, size, padding, align)
        i0 = np.floor(c)
        w1 = c - i0
        return [(i0, 1.0 - w1), (i0 + 1.0, w1)]
    if mode == "nearest":
        c = _pad(x, size, padding, align)
        return [(np.rint(c), np.ones_like(c))]           # np.rint: round half to even
    i0 = np.floor(x)
    weights = _cubic_weights(x - i0)
    # each tap padded on its own (zeros: dropped later by the bounds check)
    return [(_pad(i0 - 1.0 + k, size, padding, align), weights[k]) for k in range(4)]


def nd_reference(x, grid, mode, padding, align) -> np.ndarray:
    """float64 GridSample of (N, C, S_1..S_r) with grid (N, O_1..O_r, r), innermost coordinate first."""
    x = np.asarray(x).astype(np.float64)
    grid = np.asarray(grid).astype(np.float64)
    r = x.ndim - 2
    assert grid.ndim == r + 2 and grid.shape[-1] == r and grid.shape[0] == x.shape[0]
    sizes = x.shape[2:]
    n = x.shape[0]
    xc = np.moveaxis(x, 1, -1)                                  # (N, S_1..S_r, C)
    out_sp = grid.shape[1:-1]
    nidx = np.arange(n).reshape((n,) + (1,) * len(out_sp))
    axes = [_axis_taps(grid[..., r - 1 - j], sizes[j], mode, padding, align) for j in range(r)]
    out = np.zeros((n,) + tuple(out_sp) + (x.shape[1],))
    for taps in itertools.product(*axes):
        weight = np.ones(grid.shape[:-1])
        valid = np.ones(grid.shape[:-1], dtype=bool)
        idx = []
        for j, (i, w) in enumerate(taps):
            ok = (i >= 0) & (i <= sizes[j] - 1)
            valid &= ok
            weight = weight * w
            idx.append(np.where(ok, i, 0).astype(np.int64))
        vals = xc[(nidx,) + tuple(idx)]                           # (N, O..., C)
        out += np.where(valid, weight, 0.0)[..., None] * vals
    return np.moveaxis(out, -1, 1)


def torch_ref(x, grid, mode, padding, align) -> np.ndarray:
    xt = torch.from_numpy(np.asarray(x).astype(np.float64))
    gt = torch.from_numpy(np.asarray(grid).astype(np.float64))
    return F.grid_sample(xt, gt, mode=mode, padding_mode=padding, align_corners=align).numpy()


def data_range(x) -> float:
    x = np.asarray(x).astype(np.float64)
    r = float(x.max() - x.min()) if x.size else 0.0
    return r if r > 0 else max(1.0, float(np.abs(x).max()) if x.size else 1.0)


def assert_close(out, ref, tol_rel, x, what=""):
    out = np.asarray(out).astype(np.float64)
    assert out.shape == ref.shape, f"{what}: shape {out.shape} vs {ref.shape}"
    if out.size == 0:
        return
    assert not np.isnan(out).any(), f"{what}: NaN in output"
    err = np.abs(out - ref)
    tol = tol_rel * data_range(x)
    i = np.unravel_index(np.argmax(err), err.shape)
    assert err.max() <= tol, f"{what}: max err {err.max():.3e} at {i}: got {out[i]!r}, want {ref[i]!r}; tol {tol:.3e}"


def saturate(ref, dtype) -> np.ndarray:
    """Round half to even, then saturate to the integer type (handles int64's 2^63 edge)."""
    info = np.iinfo(dtype)
    r = np.rint(ref)
    hi, lo = float(info.max), float(info.min)     # float(int64 max) == 2^63
    out = np.where(r >= hi, 0.0, np.where(r <= lo, 0.0, r)).astype(dtype)
    out[r >= hi] = info.max
    out[r <= lo] = info.min
    return out


def assert_int_equal(out, ref, dtype, x, what=""):
    """Exact: the float64 value rounded half to even and saturated. Only where the float64 value is
    within 16 float64 ulps of the data range of a rounding boundary (a .5 tie; for int64 near its
    limits, the summation order) is the neighbouring integer accepted too."""
    out = np.asarray(out)
    assert out.dtype == np.dtype(dtype), f"{what}: dtype {out.dtype}"
    assert out.shape == ref.shape
    want = saturate(ref, dtype)
    eps = 16 * 2.0 ** -52 * max(data_range(x), float(np.abs(np.asarray(x).astype(np.float64)).max()))
    lo, hi = saturate(ref - eps, dtype), saturate(ref + eps, dtype)
    ok = (out == want) | ((out >= lo) & (out <= hi))
    if not ok.all():
        i = np.unravel_index(np.argmin(ok), ok.shape)
        raise AssertionError(f"{what}: {int((~ok).sum())} of {ok.size} differ; first at {i}: got {out[i]!r}, "
                             f"want {want[i]!r} (float64 value {ref[i]!r})")


def grid_values(rng, shape, lim=1.3, far=0.1):
    """Uniform in [-lim, lim], with a fraction `far` of values in [-4, 4] (repeated reflections)."""
    g = rng.uniform(-lim, lim, shape)
    mask = rng.random(shape) < far
    g[mask] = rng.uniform(-4.0, 4.0, int(mask.sum()))
    return g


# Shapes per spatial rank: (input shape, grid shape)
RANK_SHAPES = {
    1: ((2, 3, 7), (2, 9, 1)),
    2: ((2, 3, 5, 6), (2, 4, 3, 2)),
    3: ((2, 2, 4, 5, 6), (2, 3, 2, 4, 3)),
    4: ((1, 2, 3, 4, 3, 5), (1, 2, 3, 2, 3, 4)),
    5: ((1, 2, 3, 2, 3, 2, 4), (1, 2, 1, 2, 2, 2, 5)),
    6: ((1, 1, 2, 3, 2, 2, 3, 2), (1, 1, 2, 1, 2, 1, 2, 6)),
}


# ------------------------------------------------------------------------------------------------
# The reference itself agrees with torch where torch can compute the case
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[cid(*c) for c in COMBOS])
def test_reference_matches_torch(mode, padding, align):
    rng = make_rng("ref", mode, padding, align)
    x = rng.uniform(-1, 1, (2, 3, 5, 6))
    g = grid_values(rng, (2, 4, 5, 2))
    np.testing.assert_allclose(nd_reference(x, g, mode, padding, align), torch_ref(x, g, mode, padding, align),
                               rtol=0, atol=1e-12)
    if mode != "bicubic":
        x3 = rng.uniform(-1, 1, (2, 2, 4, 5, 6))
        g3 = grid_values(rng, (2, 3, 2, 4, 3))
        np.testing.assert_allclose(nd_reference(x3, g3, mode, padding, align),
                                   torch_ref(x3, g3, mode, padding, align), rtol=0, atol=1e-12)


# ------------------------------------------------------------------------------------------------
# Spatial ranks 1-D..6-D on the AI CPU path (float64), every mode / padding / align_corners
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rank", [1, 2, 3, 4])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[cid(*c) for c in COMBOS])
def test_ranks_float64_against_reference(rank, mode, padding, align):
    rng = make_rng("rank", rank, mode, padding, align)
    xs, gs = RANK_SHAPES[rank]
    x = rng.uniform(-1, 1, xs)
    g = grid_values(rng, gs)
    out = ags.grid_sample(x, g, mode, padding, align)
    assert isinstance(out, np.ndarray) and out.dtype == np.float64
    assert out.shape == xs[:2] + gs[1:-1]
    assert_close(out, nd_reference(x, g, mode, padding, align), 1e-12, x, f"{rank}-D {mode}/{padding}/{align}")


@pytest.mark.parametrize("rank", [5, 6])
@pytest.mark.parametrize("mode,padding,align", [("bilinear", "zeros", False), ("nearest", "reflection", True),
                                                ("bicubic", "border", False), ("bicubic", "reflection", True)],
                         ids=lambda v: str(v))
def test_ranks_5_6_against_reference(rank, mode, padding, align):
    rng = make_rng("rank56", rank, mode, padding, align)
    xs, gs = RANK_SHAPES[rank]
    x = rng.uniform(-1, 1, xs)
    g = grid_values(rng, gs)
    out = ags.grid_sample(x, g, mode, padding, align)
    assert out.shape == xs[:2] + gs[1:-1]
    assert_close(out, nd_reference(x, g, mode, padding, align), 1e-12, x, f"{rank}-D {mode}/{padding}/{align}")


@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[cid(*c) for c in COMBOS])
def test_1d_equals_torch_2d_with_height_1(mode, padding, align):
    """(N, C, W) with grid (N, Wo, 1) == torch on (N, C, 1, W) with grid (N, 1, Wo, 2), y = 0."""
    rng = make_rng("1d", mode, padding, align)
    x = rng.uniform(-1, 1, (2, 3, 8))
    g = grid_values(rng, (2, 11, 1))
    g2 = np.stack([g[..., 0], np.zeros_like(g[..., 0])], axis=-1)[:, None]      # (N, 1, Wo, 2)
    ref = torch_ref(x[:, :, None, :], g2, mode, padding, align)[:, :, 0, :]
    out64 = ags.grid_sample(x, g, mode, padding, align)
    assert_close(out64, ref, 1e-12, x, "1-D float64")
    # float32 input on the 1-D path: computed in float64, rounded once to float32
    x32, g32 = x.astype(np.float32), g.astype(np.float32)
    ref32 = torch_ref(x32[:, :, None, :], np.stack([g32[..., 0], np.zeros_like(g32[..., 0])], -1)[:, None],
                      mode, padding, align)[:, :, 0, :]
    out32 = ags.grid_sample(x32, g32, mode, padding, align)
    assert out32.dtype == np.float32
    assert_close(out32, ref32, 2.0 ** -23 + 1e-12, x32, "1-D float32")
    # torch tensors too
    outt = ags.grid_sample(torch.from_numpy(x), torch.from_numpy(g), mode, padding, align)
    assert isinstance(outt, torch.Tensor) and outt.dtype == torch.float64
    assert_close(outt.numpy(), ref, 1e-12, x, "1-D torch float64")


@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding", PADDINGS)
@pytest.mark.parametrize("align", ALIGNS)
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_3d_against_torch(mode, padding, align, dtype):
    rng = make_rng("3d", mode, padding, align, dtype)
    x = rng.uniform(-1, 1, (2, 3, 5, 6, 7)).astype(NP_DTYPES[dtype])
    g = grid_values(rng, (2, 4, 3, 5, 3)).astype(NP_DTYPES[dtype])
    ref = torch_ref(x, g, mode, padding, align)
    if dtype == "float64":
        tol = 1e-12
    else:
        # float32 runs on the AI Core kernel, in float32: no worse than torch's own float32 result
        # against the float64 reference, plus 1e-5 of the data range
        t32 = F.grid_sample(torch.from_numpy(x), torch.from_numpy(g), mode=mode, padding_mode=padding,
                            align_corners=align).double().numpy()
        tol = float(np.abs(t32 - ref).max()) / data_range(x) + 1e-5
    out = ags.grid_sample(x, g, mode, padding, align)
    assert out.dtype == NP_DTYPES[dtype] and out.shape == (2, 3, 4, 3, 5)
    assert_close(out, ref, tol, x, f"3-D numpy {dtype}")
    outt = ags.grid_sample(torch.from_numpy(x), torch.from_numpy(g), mode, padding, align)
    assert outt.dtype == TORCH_DTYPES[dtype] and tuple(outt.shape) == (2, 3, 4, 3, 5)
    assert_close(outt.numpy(), ref, tol, x, f"3-D torch {dtype}")


@pytest.mark.parametrize("padding", PADDINGS)
@pytest.mark.parametrize("align", ALIGNS)
def test_3d_tricubic_against_reference(padding, align):
    """Torch has no 3-D bicubic; the ONNX-20 tricubic (4x4x4 taps, each padded) is checked here."""
    rng = make_rng("3dcubic", padding, align)
    x = rng.uniform(-1, 1, (2, 2, 4, 5, 6))
    g = grid_values(rng, (2, 3, 4, 2, 3))
    out = ags.grid_sample(x, g, "cubic", padding, align)
    assert_close(out, nd_reference(x, g, "bicubic", padding, align), 1e-12, x, "tricubic float64")
    x32, g32 = x.astype(np.float32), g.astype(np.float32)
    out32 = ags.grid_sample(x32, g32, "bicubic", padding, align)
    assert out32.dtype == np.float32
    # float32 runs on the 3-D AI Core kernel, computed in float32: 1e-5 of the data range
    assert_close(out32, nd_reference(x32, g32, "bicubic", padding, align), 1e-5, x32, "tricubic float32")


@pytest.mark.parametrize("rank", [1, 3, 4])
@pytest.mark.parametrize("dtype,tol", [("float32", 2.0 ** -23 * 1.5), ("float16", 1e-3), ("bfloat16", 1e-2)])
def test_ranks_reduced_precision(rank, dtype, tol):
    """float32/float16/bfloat16 against the reference on the same inputs upcast: 1-D and 4-D run on the
    AI CPU path (float64, one rounding); 3-D runs on the AI Core kernel (float32: 1e-5 of the range)."""
    if rank == 3 and dtype == "float32":
        tol = 1e-5
    rng = make_rng("rankdt", rank, dtype)
    xs, gs = RANK_SHAPES[rank]
    for mode, padding, align in [("bilinear", "zeros", False), ("nearest", "border", True),
                                 ("bicubic", "reflection", False)]:
        x = rng.uniform(-1, 1, xs).astype(NP_DTYPES[dtype])
        g = grid_values(rng, gs).astype(NP_DTYPES[dtype])
        ref = nd_reference(x, g, mode, padding, align)
        out = ags.grid_sample(x, g, mode, padding, align)
        assert out.dtype == NP_DTYPES[dtype]
        assert_close(out, ref, tol + 1e-12, x, f"{rank}-D {dtype} {mode}/{padding}/{align}")
        outt = ags.grid_sample(torch.from_numpy(x.astype(np.float32)).to(TORCH_DTYPES[dtype]),
                               torch.from_numpy(g.astype(np.float32)).to(TORCH_DTYPES[dtype]), mode, padding, align)
        assert outt.dtype == TORCH_DTYPES[dtype]
        assert_close(outt.float().numpy(), ref, tol + 1e-12, x, f"{rank}-D torch {dtype} {mode}/{padding}/{align}")


# ------------------------------------------------------------------------------------------------
# Floating dtypes on 2-D (AI Core kernel for float32/16/bf16, AI CPU for float64), numpy and torch
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64"])
@pytest.mark.parametrize("mode,padding,align", COMBOS, ids=[cid(*c) for c in COMBOS])
def test_float_dtypes_2d(dtype, mode, padding, align):
    rng = make_rng("f2d", dtype, mode, padding, align)
    x = rng.uniform(-1, 1, (2, 3, 9, 10)).astype(NP_DTYPES[dtype])
    g = grid_values(rng, (2, 5, 6, 2)).astype(NP_DTYPES[dtype])
    ref = torch_ref(x, g, mode, padding, align)
    if dtype == "float32":
        xt, gt = torch.from_numpy(x), torch.from_numpy(g)
        torch32 = F.grid_sample(xt, gt, mode=mode, padding_mode=padding, align_corners=align).double().numpy()
        tol = float(np.abs(torch32 - ref).max()) / data_range(x) + 1e-5
    else:
        tol = {"float16": 1e-3, "bfloat16": 1e-2, "float64": 1e-12}[dtype]

    out = ags.grid_sample(x, g, mode, padding, align)
    assert isinstance(out, np.ndarray) and out.dtype == NP_DTYPES[dtype] and out.shape == (2, 3, 5, 6)
    assert_close(out, ref, tol, x, f"numpy {dtype}")

    tdt = TORCH_DTYPES[dtype]
    xt = torch.from_numpy(x.astype(np.float64)).to(tdt)
    gt = torch.from_numpy(g.astype(np.float64)).to(tdt)
    outt = ags.grid_sample(xt, gt, mode, padding, align)
    assert isinstance(outt, torch.Tensor) and outt.dtype == tdt and outt.device.type == "cpu"
    assert tuple(outt.shape) == (2, 3, 5, 6)
    # numpy and torch run the same operator on the same bits: identical results
    np.testing.assert_array_equal(outt.double().numpy(), out.astype(np.float64))


# ------------------------------------------------------------------------------------------------
# Integer inputs with a float32 / float64 grid
# ------------------------------------------------------------------------------------------------
def int_input(rng, shape, dtype):
    info = np.iinfo(dtype)
    lo, hi = (max(info.min, -(10 ** 12)), min(info.max, 10 ** 12)) if dtype == np.int64 else (info.min, info.max)
    return rng.integers(lo, hi, shape, endpoint=True, dtype=dtype)


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("grid_dtype", [np.float32, np.float64], ids=["g32", "g64"])
@pytest.mark.parametrize("mode", MODES)
def test_integer_dtypes_2d(dtype, grid_dtype, mode):
    rng = make_rng("int2d", np.dtype(dtype).name, np.dtype(grid_dtype).name, mode)
    for padding, align in itertools.product(PADDINGS, ALIGNS):
        x = int_input(rng, (2, 2, 6, 7), dtype)
        g = grid_values(rng, (2, 4, 5, 2)).astype(grid_dtype)
        ref = torch_ref(x, g, mode, padding, align)
        out = ags.grid_sample(x, g, mode, padding, align)
        assert isinstance(out, np.ndarray) and out.shape == (2, 2, 4, 5)
        assert_int_equal(out, ref, dtype, x, f"numpy {np.dtype(dtype).name} {mode}/{padding}/{align}")
        tdt = TORCH_DTYPES[np.dtype(dtype).name]
        outt = ags.grid_sample(torch.from_numpy(x), torch.from_numpy(g), mode, padding, align)
        assert isinstance(outt, torch.Tensor) and outt.dtype == tdt
        assert_int_equal(outt.numpy(), ref, dtype, x, f"torch {np.dtype(dtype).name} {mode}/{padding}/{align}")


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_integer_dtypes_3d_and_1d(dtype):
    rng = make_rng("intnd", np.dtype(dtype).name)
    for rank, (mode, padding, align) in itertools.product([1, 3], [("bilinear", "reflection", False),
                                                                  ("nearest", "zeros", True),
                                                                  ("bicubic", "border", True)]):
        xs, gs = RANK_SHAPES[rank]
        x = int_input(rng, xs, dtype)
        g = grid_values(rng, gs).astype(np.float32)
        out = ags.grid_sample(x, g, mode, padding, align)
        assert_int_equal(out, nd_reference(x, g, mode, padding, align), dtype, x,
                         f"{rank}-D {np.dtype(dtype).name} {mode}/{padding}/{align}")


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("align", ALIGNS)
def test_integer_saturation_far_outside_border(dtype, mode, align):
    """A constant image at the type's max (min) sampled far outside with border padding keeps the
    max (min) exactly; zeros padding there gives 0."""
    info = np.iinfo(dtype)
    g = np.array([[[[50.0, -70.0], [-1e3, 1e3], [3.5, 0.0]], [[1e6, 1e6], [-1e6, -1e6], [0.0, 0.0]]]],
                 dtype=np.float32)                                           # (1, 2, 3, 2)
    for value in (info.max, info.min):
        x = np.full((1, 2, 4, 5), value, dtype=dtype)
        for rank_input, rank_grid in [(x, g), (x[:, :, None], np.concatenate([g, np.full(g.shape[:-1] + (1,), 20.0,
                                                                                       np.float32)], -1)[:, None])]:
            out = ags.grid_sample(rank_input, rank_grid, mode, "border", align)
            assert out.dtype == np.dtype(dtype)
            assert (out == value).all(), f"{np.dtype(dtype).name} {value} {mode} ac={align}: got {out.ravel()}"
        out = ags.grid_sample(x, np.full((1, 2, 2, 2), 40.0, np.float32), mode, "zeros", align)
        assert (out == 0).all()
    xt = torch.full((1, 2, 4, 5), int(info.max), dtype=TORCH_DTYPES[np.dtype(dtype).name])
    outt = ags.grid_sample(xt, torch.from_numpy(g), mode, "border", align)
    assert (outt == int(info.max)).all()


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("padding", PADDINGS)
def test_integer_bicubic_overshoot_saturates(dtype, padding):
    """Bicubic overshoot of a min/max step image leaves the type's range: saturated, not wrapped."""
    info = np.iinfo(dtype)
    cols = np.where(np.arange(8) % 4 < 2, info.max, info.min).astype(dtype)
    x = np.broadcast_to(cols, (1, 2, 6, 8)).copy()
    rng = make_rng("overshoot", np.dtype(dtype).name, padding)
    gx = rng.uniform(-1, 1, (1, 5, 16))
    gx[0, 0] = np.linspace(-1, 1, 16)
    g = np.stack([gx, rng.uniform(-1, 1, gx.shape)], -1).astype(np.float64)
    ref = torch_ref(x, g, "bicubic", padding, False)
    assert (ref > float(info.max)).any() and (ref < float(info.min)).any(), "test data must overshoot"
    out = ags.grid_sample(x, g, "bicubic", padding, False)
    assert_int_equal(out, ref, dtype, x, f"{np.dtype(dtype).name} overshoot {padding}")
    clearly_above = ref > float(info.max) + 1 + 1e-12 * abs(float(info.max))     # beyond rounding noise
    clearly_below = ref < float(info.min) - 1 - 1e-12 * abs(float(info.min))
    assert clearly_above.any() and clearly_below.any()
    assert (out[clearly_above] == info.max).all()
    assert (out[clearly_below] == info.min).all()


def test_integer_round_half_to_even():
    """Bilinear halfway between two integers rounds to the even one (ties to even), not away from 0."""
    # W = 2, align_corners=True: x = 0 is halfway between pixel 0 and pixel 1 (weights 0.5 / 0.5)
    pairs = [(0, 1), (1, 2), (2, 3), (-1, 0), (-2, -1), (-3, -2), (100, 101), (-101, -100)]
    for dtype in (np.int8, np.int16, np.int32, np.int64):
        x = np.array(pairs, dtype=dtype).reshape(1, len(pairs), 1, 2)
        g = np.zeros((1, 1, 1, 2), np.float32)
        out = ags.grid_sample(x, g, "bilinear", "zeros", True).ravel()
        want = np.rint(np.array([(a + b) / 2 for a, b in pairs]))
        np.testing.assert_array_equal(out, want.astype(dtype), err_msg=np.dtype(dtype).name)
    x = np.array([[0, 1], [1, 2], [2, 3], [254, 255]], dtype=np.uint8).reshape(1, 4, 1, 2)
    out = ags.grid_sample(x, np.zeros((1, 1, 1, 2), np.float64), "bilinear", "border", True).ravel()
    np.testing.assert_array_equal(out, np.array([0, 2, 2, 254], np.uint8))


def test_integer_input_requires_floating_grid():
    x = np.zeros((1, 1, 3, 3), np.uint8)
    with pytest.raises(ValueError, match=r"aclnn status 161002.*grid"):
        ags.grid_sample(x, np.zeros((1, 2, 2, 2), np.int32))
