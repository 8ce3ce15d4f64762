"""Fuzz target over the other entry points: the GridSampler backward (aclnnGridSampler2D/3D/Nd-
Backward), aclnnInterpolate, the aclnnUpsample* family, and the Python API (ags.grid_sample,
ags.grid_sample_backward, ags.interpolate). The first byte picks the entry point; the rest decode as
in aclnn_fuzz.py (shapes, strides, pointers, dtypes, attributes, contents), plus huge sizes: dims of
2^20 to 2^63 - 1 elements over a few real ones (zero strides, as np.broadcast_to makes them), huge
pads, scales and output sizes, so that every size computation of the planning and tiling code sees
values near the int64 and uint32 limits.

What must hold for every input (check_case):
  - the call returns: no crash, hang or (in the sanitizer build) ASan/UBSan report;
  - aclnn: the status is 0 or a documented error (161001, 161002, 361001) with a message; the inputs
    are untouched and nothing outside the outputs' elements is written;
  - Python: a result, or ValueError / TypeError (what the API documents for bad arguments), or
    numpy's MemoryError for an output that does not fit in memory;
  - successful interpolate calls on small finite float64 data equal the float64 reference of
    tests/python/interpolate_reference.py (float32 on the AI Core kernel: within float32
    rounding); successful float64 backward calls equal torch's.

Usage: python tests/fuzz/entry_fuzz.py [libFuzzer flags] [corpus dirs] (atheris); scripts/fuzz.sh
runs it after aclnn_fuzz.py, and test_aclnn_regressions.py replays entry_seeds/ and
entry_regressions/.
"""
from __future__ import annotations

import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from aclnn_fuzz import DTYPES, OK_STATUSES, SPECIAL, ByteReader, Tensor  # noqa: E402

ENTRIES = ("backward", "interpolate", "upsample", "python")
HUGE = [2**20, 2**31 - 1, 2**31, 2**32, 2**32 + 1, 2**40, 2**53 + 1, 2**62, 2**63 - 1]
# Interpolate's dtypes (aclDataType codes) and two it rejects (int16, int64)
INTERP_DTYPES = [(0, 4, np.float32), (1, 2, np.float16), (11, 8, np.float64), (27, 2, None), (2, 1, np.int8),
                 (4, 1, np.uint8), (3, 4, np.int32), (6, 2, np.int16), (9, 8, np.int64)]
SCALES = [0.5, 2.0, 1.0, 1.75, 0.3, 3.0, 0.0, -1.0, math.nan, math.inf, 1e-30, 1e30, 2.0**31, 1e-7]
COEFFS = [-0.75, -0.5, 0.0, -1.0, math.nan, math.inf, 1e300]
UPSAMPLE_KINDS = ["nearest2d", "bilinear2d", "bicubic2d", "bilinear2d_aa", "bicubic2d_aa", "nearest3d", "trilinear3d",
                  "bogus"]
FLOAT_DTYPES = [DTYPES[0], DTYPES[2], DTYPES[1], DTYPES[3]]


def _broadcast(r: ByteReader, shape, huge_dims):
    """Strides of a view whose dims in huge_dims are zero-stride (and huge); the rest contiguous."""
    strides, acc = [0] * len(shape), 1
    for i in reversed(range(len(shape))):
        if i in huge_dims:
            continue
        strides[i] = acc
        acc *= max(shape[i], 1)
    return strides


def _tensor(r, shape, dtype, fill=True, huge_dims=(), grid=False):
    strides = _broadcast(r, shape, huge_dims) if huge_dims else None
    return Tensor(r, shape, dtype, fill, grid=grid, strides=strides)


def _small(r, side=5):
    return 1 + r.below(side)


def _check_untouched(*tensors):
    for t in tensors:
        assert np.array_equal(t.buf, t.before), "an input was written"


def _check_outside(*outputs):
    for t in outputs:
        if t is None:
            continue
        outside = ~t.footprint()
        assert np.array_equal(t.buf[outside], t.before[outside]), "bytes outside an output were written"


def _check_status(status, message):
    assert status in OK_STATUSES, f"status {status}: {message}"
    if status != 0:
        assert message, f"status {status} without a message"


# ---- GridSampler backward ---------------------------------------------------------------------
def backward_case(r: ByteReader, ext):
    spatial = r.pick([2, 2, 3, 1])
    n, c = _small(r, 3), _small(r, 3)
    in_sp = [_small(r) for _ in range(spatial)]
    out_sp = [_small(r) for _ in range(spatial)]
    huge_in = []
    if r.chance(64):     # an input spatial dim of a huge length over one element
        d = r.below(spatial)
        in_sp[d] = r.pick(HUGE)
        huge_in = [2 + d]
    dt = r.pick(FLOAT_DTYPES) if r.chance(230) else r.pick(DTYPES)
    inp = _tensor(r, [n, c] + in_sp, dt, huge_dims=huge_in)
    grid = _tensor(r, [n] + out_sp + [spatial], dt if r.chance(240) else r.pick(DTYPES), grid=True)
    go = _tensor(r, [n, c] + out_sp, dt if r.chance(240) else r.pick(DTYPES))
    want_input, want_grid = r.chance(200) and not huge_in, r.chance(200)
    if huge_in and r.chance(64):
        want_input = True    # a gradient view of the huge input: zero strides, which must be rejected
    gi = _tensor(r, inp.shape, dt, fill=False, huge_dims=huge_in) if want_input else None
    gg = _tensor(r, grid.shape, dt, fill=False) if want_grid else None
    mode, padding, align = r.pick([0, 1, 2, 0, 3]), r.pick([0, 1, 2, 2, -1]), bool(r.below(2))
    status, message = ext.grid_sample_backward(go.arg(), inp.arg(), grid.arg(), gi.arg() if gi else None,
                                               gg.arg() if gg else None, mode, padding, align)
    _check_status(status, message)
    _check_untouched(inp, grid, go)
    _check_outside(gi, gg)
    if status != 0 or huge_in or dt[0] != 11 or mode > 2 or padding not in (0, 1, 2) or spatial not in (2, 3):
        return
    if mode == 2 and spatial == 3:
        return       # torch has no tricubic
    if any(t.null or t.misaligned for t in (inp, grid, go) if t is not None) or (gi and gi.null) or (gg and gg.null):
        return
    import torch
    import torch.nn.functional as F
    x = torch.from_numpy(np.ascontiguousarray(inp.view())).requires_grad_(True)
    g = torch.from_numpy(np.ascontiguousarray(grid.view())).requires_grad_(True)
    if not (torch.isfinite(x).all() and torch.isfinite(g).all() and g.abs().max() < 1e3 and x.abs().max() < 1e4):
        return
    go_t = torch.from_numpy(np.ascontiguousarray(go.view()))
    if not torch.isfinite(go_t).all() or go_t.abs().max() > 1e4:
        return
    y = F.grid_sample(x, g, mode=["bilinear", "nearest", "bicubic"][mode],
                      padding_mode=["zeros", "border", "reflection"][padding], align_corners=align)
    y.backward(go_t)
    for got, want in ((gi, x.grad), (gg, g.grad)):
        if got is None:
            continue
        scale = max(1.0, float(want.abs().max()))
        # a point exactly on a pixel boundary may take either side's gradient (torch's own choice)
        bad = np.abs(got.view() - want.numpy()) > 1e-7 * scale
        assert bad.mean() <= 0.05, f"backward: {bad.sum()} of {bad.size} gradient elements differ from torch"


# ---- aclnnInterpolate ---------------------------------------------------------------------------
def _interpolate_out_shape(shape, axes, values, calc, pads_b, pads_e):
    rank = len(shape)
    padded = [shape[d] + (pads_b[d] if pads_b else 0) + (pads_e[d] if pads_e else 0) for d in range(rank)]
    out = list(padded)
    for i, a in enumerate(axes or range(rank)):
        if not (0 <= a < rank) or i >= len(values):
            continue
        v = values[i]
        if calc == 1:
            prod = np.float32(v) * np.float32(padded[a])
            out[a] = int(np.floor(prod)) if np.isfinite(prod) and abs(prod) < 2**62 else 1
        else:
            out[a] = v
    return [max(0, min(o, 2**62)) for o in out]


def interpolate_case(r: ByteReader, ext):
    rank = r.pick([1, 2, 3, 4, 4, 5, 0, 9])
    side = 6 if rank <= 4 else 3     # keeps 5-D and 9-D cases to thousands of elements
    shape = [r.below(side + 1) if r.chance(16) else _small(r, side) for _ in range(rank)]
    dt = r.pick(INTERP_DTYPES)
    mode = r.pick([0, 1, 2, 3, 4, 5, 6, -1])
    calc = r.pick([0, 1, 0, 1, 2])
    coord, nearest = r.pick([0, 1, 2, 3, 4, 5]), r.pick([0, 1, 2, 3, 4, -1])
    antialias, coeff = bool(r.below(2)), r.pick(COEFFS) if r.chance(40) else -0.75
    if rank and r.chance(200):
        axes = sorted({r.below(rank) for _ in range(1 + r.below(rank))})
        if mode in (4, 5):
            axes = [max(rank - 2, 0), rank - 1] if rank >= 2 else axes
    else:
        axes = []
    if r.chance(16):
        axes = axes + [r.pick([-1, rank, 2**40, axes[0] if axes else 0])]
    n_values = len(axes) if axes else rank
    if r.chance(12):
        n_values += 1
    if calc == 1:
        scales, sizes = [r.pick(SCALES) for _ in range(n_values)], []
    else:
        scales, sizes = [], [_small(r, 8) if not r.chance(12) else r.pick([0, -1, 2**40, 2**63 - 1])
                             for _ in range(n_values)]
    pads_b = pads_e = []
    if rank and r.chance(40):
        pads_b = [r.below(5) - 2 for _ in range(rank)]
        pads_e = [r.below(5) - 2 if not r.chance(12) else r.pick([2**62, 2**63 - 1, -2**62]) for _ in range(rank)]
    huge = []
    resized = axes if axes else list(range(rank))
    if rank and r.chance(64):   # a huge input length on a resized axis (output stays small)
        d = r.pick([a for a in resized if 0 <= a < rank] or [0])
        shape[d] = r.pick(HUGE)
        huge = [d]
    x = _tensor(r, shape, dt, huge_dims=huge)
    out_shape = _interpolate_out_shape(shape, axes, scales if calc == 1 else sizes, calc, pads_b, pads_e)
    if any(o > 4096 for o in out_shape) or math.prod(out_shape) > 200_000 or r.chance(16):
        out_shape = [min(o, 1 + r.below(4)) for o in out_shape]     # too big to allocate: a mismatch
    y = _tensor(r, out_shape, dt if r.chance(240) else r.pick(INTERP_DTYPES), fill=False)
    status, message, path, _ = ext.interpolate(x.arg(), y.arg(), [float(v) for v in scales], sizes, axes, mode,
                                               calc, coord, nearest, antialias, pads_b, pads_e, coeff)
    _check_status(status, message)
    _check_untouched(x)
    _check_outside(y)
    if status != 0 or huge or dt[0] not in (0, 11) or x.null or y.null or x.misaligned or y.misaligned or x.elems == 0:
        return
    if dt[0] == 0 and (path != "ai_core" or not abs(coeff) <= 2):
        return       # float32 on the AI Core: its tables' weights in float32 (a huge coefficient overflows them)
    if any(p < 0 for p in pads_b + pads_e):
        return       # negative pads crop: the reference pads only
    padded = [n + (pads_b[i] if pads_b else 0) + (pads_e[i] if pads_e else 0) for i, n in enumerate(shape)]
    if math.prod(padded) > 10**7:
        return       # the reference materializes the padded input (a 2^62 pad is a valid, small resize)
    xv = x.view()
    if not np.all(np.isfinite(xv)) or np.abs(xv).max() > 1e4:
        return
    from interpolate_reference import interpolate_reference
    names = ("nearest", "linear", "linear_onnx", "cubic", "bilinear_pillow", "bicubic_pillow")
    want = interpolate_reference(
        np.ascontiguousarray(xv), scales if calc == 1 else sizes, axes or None, mode=names[mode],
        shape_calculation_mode=("sizes", "scales")[calc],
        coordinate_transformation_mode=("half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn",
                                        "align_corners")[coord],
        nearest_mode=("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple")[nearest],
        antialias=antialias, pads_begin=pads_b or None, pads_end=pads_e or None, cube_coeff=coeff)
    if not np.all(np.isfinite(want)):
        return       # the reference's weights overflow float64 (a cubic coefficient near 1e300)
    scale = max(1.0, float(np.abs(xv).max()))
    if names[mode] in ("cubic", "bicubic_pillow"):
        scale *= 1.0 + 3.0 * abs(coeff)    # bounds the sum of |weights|: float64 rounding grows with it
    err = float(np.abs(y.view() - want).max()) if want.size else 0.0
    # float64 (the AI CPU path): rounding of its sums; float32 (the AI Core kernel): its weights and
    # sums rounded to float32, a few taps per axis on these small shapes
    tol = 1e-9 * scale * 16 if dt[0] == 11 else 1e-5 * scale
    assert err <= tol, f"interpolate {dt[2].__name__} ({path}): max |y - reference| = {err}"


# ---- aclnnUpsample* ------------------------------------------------------------------------------
def upsample_case(r: ByteReader, ext):
    kind = r.pick(UPSAMPLE_KINDS)
    spatial = 3 if kind.endswith("3d") else 2
    rank = spatial + 2 if r.chance(230) else r.pick([3, 6])
    channel_last = r.chance(40) and rank in (4, 5)
    n, c = _small(r, 3), _small(r, 3)
    in_sp = [_small(r, 6) for _ in range(rank - 2)]
    size = [_small(r, 7) if not r.chance(12) else r.pick([0, -3, 2**31, 2**62]) for _ in range(spatial)]
    if r.chance(12):
        size.append(2)
    scales = [r.pick(SCALES) if r.chance(60) else 0.0 for _ in range(spatial)]
    align = r.chance(60)
    huge = []
    if r.chance(64):
        d = r.below(rank - 2)
        in_sp[d] = r.pick(HUGE)
        huge = [d + (1 if channel_last else 2)]
    shape = [n] + in_sp + [c] if channel_last else [n, c] + in_sp
    dt = r.pick(FLOAT_DTYPES) if r.chance(220) else r.pick(INTERP_DTYPES)
    x = _tensor(r, shape, dt, huge_dims=huge)
    out_sp = [max(1, min(s, 8)) for s in size[: rank - 2]] + [1] * max(0, rank - 2 - len(size))
    if r.chance(16):
        out_sp[0] += 1
    out_shape = [n] + out_sp + [c] if channel_last else [n, c] + out_sp
    y = _tensor(r, out_shape, dt if r.chance(240) else r.pick(INTERP_DTYPES), fill=False)
    status, message = ext.upsample(kind, x.arg(), y.arg(), size, align, scales, channel_last)
    _check_status(status, message)
    _check_untouched(x)
    _check_outside(y)


# ---- the Python API ------------------------------------------------------------------------------
PY_MODES = ["bilinear", "nearest", "bicubic", "linear", "cubic", "area", 3]
PY_PADDINGS = ["zeros", "border", "reflection", "wrap", None]
PY_INTERP_MODES = ["nearest", "linear", "linear_onnx", "cubic", "bilinear_pillow", "bicubic_pillow", "bogus"]
PY_DTYPES = [np.float32, np.float64, np.float16, np.uint8, np.int32, np.int64, np.bool_]


def _py_array(r, shape, dtype, huge_dims=()):
    base = (np.arange(1, 1 + max(1, math.prod(s for i, s in enumerate(shape) if i not in huge_dims)))
            % 7 - 3).astype(dtype)
    if not huge_dims:
        return base[: math.prod(shape)].reshape(shape) if math.prod(shape) else np.zeros(shape, dtype)
    small = [1 if i in huge_dims else s for i, s in enumerate(shape)]
    return np.broadcast_to(base[: math.prod(small)].reshape(small), shape)


def _scaled_elems(shape, axes, scales) -> int:
    """Elements of an Interpolate output whose valid axes are scaled (floor(length x scale))."""
    out = list(shape)
    for a, v in zip(range(len(shape)) if axes is None else axes, scales):
        if -len(shape) <= a < len(shape) and math.isfinite(v) and v > 0:
            out[a] = math.floor(shape[a] * v)
    return math.prod(out)


def python_case(r: ByteReader):
    import ascend_gridsample as ags
    which = r.below(3)
    dtype = r.pick(PY_DTYPES) if r.chance(60) else np.float32
    build = "checked" if r.chance(32) else "fast"
    try:
        if which < 2:
            spatial = r.pick([2, 2, 3, 1])
            n, c = _small(r, 3), _small(r, 3)
            in_sp = [_small(r) for _ in range(spatial)]
            out_sp = [_small(r) for _ in range(spatial)]
            huge = []
            if r.chance(64):
                d = r.below(spatial)
                in_sp[d] = r.pick(HUGE[:6])
                huge = [2 + d]
            x = _py_array(r, [n, c] + in_sp, dtype, huge)
            if r.chance(16):
                x = x[0]             # an image without its batch dim
            grid = (_py_array(r, [n] + out_sp + [spatial], np.float64) / 3.0).astype(
                dtype if dtype in (np.float32, np.float64, np.float16) else np.float32)
            mode, padding, align = r.pick(PY_MODES), r.pick(PY_PADDINGS), bool(r.below(2))
            if which == 0:
                y = ags.grid_sample(x.tolist() if r.chance(8) and not huge else x, grid, mode, padding, align,
                                    build=build)
                assert y.shape[:2] == (n, c) and list(y.shape[2:]) == out_sp
            else:
                go = np.ones([n, c] + out_sp, dtype)
                mask = (r.chance(200) and not huge, r.chance(200))
                gi, gg = ags.grid_sample_backward(go, x, grid, mode, padding, align, output_mask=mask, build=build)
                assert (gi is None) == (not mask[0]) and (gg is None) == (not mask[1])
        else:
            rank = r.pick([1, 2, 3, 4])
            shape = [_small(r, 6) for _ in range(rank)]
            axes = [a - (rank if r.chance(60) else 0) for a in range(rank) if r.chance(180)] or None
            if r.chance(12):
                axes = (axes or []) + [r.pick([rank, -rank - 1, 0])]
            huge = []
            if r.chance(64):
                d = r.pick([a % rank for a in axes] if axes else list(range(rank)))
                shape[d] = r.pick(HUGE[:6])
                huge = [d]
            x = _py_array(r, shape, dtype, huge)
            calc = r.pick(["sizes", "scales", "sizes", "both"])
            n_values = len(axes) if axes else rank
            values = ([_small(r, 6) for _ in range(n_values)] if calc != "scales"
                      else [r.pick(SCALES) for _ in range(n_values)])
            if calc == "scales" and 2**26 < _scaled_elems(shape, axes, values) < 2**40:
                return   # a valid output of gigabytes (a huge axis kept): computing it tests nothing here
            y = ags.interpolate(x, values, axes, mode=r.pick(PY_INTERP_MODES), shape_calculation_mode=calc,
                                cube_coeff=r.pick([None, -0.5, math.nan, "x"]), build=build)
            assert y.dtype == x.dtype
    except (ValueError, TypeError):
        pass
    except MemoryError:
        pass     # numpy's own error for an output (e.g. a huge axis scaled up) that does not fit in memory


def check_case(data: bytes, exts=None) -> None:
    """Runs one decoded case and asserts the properties in the module docstring."""
    r = ByteReader(data)
    entry = r.pick(ENTRIES)
    if entry == "python":
        python_case(r)
        return
    build = "checked" if r.chance(48) else "fast"
    if exts is None:
        from ascend_gridsample._api import extension
        ext = extension(build)
    else:
        ext = exts[build]
    {"backward": backward_case, "interpolate": interpolate_case, "upsample": upsample_case}[entry](r, ext)


def main(argv):
    import atheris
    with atheris.instrument_imports():
        import entry_fuzz as target
        import ascend_gridsample._api  # noqa: F401
        import ascend_gridsample._interpolate  # noqa: F401
    from ascend_gridsample._api import extension
    exts = {b: extension(b) for b in ("fast", "checked")}
    atheris.Setup(argv, lambda data: target.check_case(data, exts))
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
