"""Fuzz target over the aclnn GridSampler entry points (2-D, 3-D and N-D), reached through the
extension's raw call: every tensor is given as (pointer, shape, element strides, aclDataType,
itemsize), so the bytes choose ranks, shapes, strides (padded, permuted, zero, overlapping),
pointers (offset, misaligned, null), dtypes (valid and not), mode, padding_mode, align_corners and
the tensor contents (including NaN, inf and huge values).

What must hold for every input (check_case):
  - the call returns: no crash and, in the sanitizer build, no ASan/UBSan report;
  - the status is 0 or a documented aclnn error (161001, 161002, 361001) with a message;
  - nothing outside the output's elements is written (every buffer is filled with a sentinel and
    compared afterwards), and the input and grid are left untouched;
  - when it succeeds on float32/float64 data of moderate magnitude with a non-overlapping output,
    the result matches torch.nn.functional.grid_sample on the same strided views.

Usage: python tests/fuzz/aclnn_fuzz.py [libFuzzer flags] [corpus dirs] (atheris), or
replay(bytes) from the regression test. scripts/fuzz.sh runs it.
"""
from __future__ import annotations

import math
import os
import sys

import numpy as np

OK_STATUSES = {0, 161001, 161002, 361001}
# aclDataType codes and item sizes; the last ones are not accepted by the operator
DTYPES = [(0, 4, np.float32), (1, 2, np.float16), (11, 8, np.float64), (27, 2, None),
          (3, 4, np.int32), (2, 1, np.int8), (9, 8, np.int64), (99, 4, None)]
MODES = [0, 1, 2, 0, 1, 2, 3, -1]
PADDINGS = [0, 1, 2, 0, 1, 2, 3, -7]
SENTINEL = 0xA5
SPECIAL = [0.0, -0.0, 1.0, -1.0, 1.0000001, -0.9999999, 0.5, math.nan, math.inf, -math.inf, 1e30, -1e30,
           3.4e38, 1e-40, 65504.0, 2.0, -2.0, 1e6]


class ByteReader:
    """Decodes fuzzer bytes deterministically; reads past the end give zeros (the default choice)."""

    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def byte(self) -> int:
        b = self.data[self.pos] if self.pos < len(self.data) else 0
        self.pos += 1
        return b

    def below(self, n: int) -> int:
        return (self.byte() | self.byte() << 8) % n if n > 1 else 0

    def pick(self, seq):
        return seq[self.below(len(seq))]

    def chance(self, per256: int) -> bool:
        return self.byte() >= 256 - per256   # exhausted input (zeros): never


def _strides_for(r: ByteReader, shape):
    """Element strides: contiguous, padded, permuted, or with zero / arbitrary entries."""
    nd = len(shape)
    contiguous = [0] * nd
    acc = 1
    for i in reversed(range(nd)):
        contiguous[i] = acc
        acc *= max(shape[i], 1)
    kind = r.below(8)
    if kind <= 3 or nd == 0:
        return contiguous
    if kind == 4:   # padded rows: every stride scaled up
        k = 1 + r.below(3)
        return [s * k for s in contiguous]
    if kind == 5:   # a permuted (non-contiguous, non-overlapping) layout
        order = list(range(nd))
        for i in range(nd - 1, 0, -1):
            j = r.below(i + 1)
            order[i], order[j] = order[j], order[i]
        strides, acc = [0] * nd, 1
        for i in reversed(order):
            strides[i] = acc
            acc *= max(shape[i], 1)
        return strides
    if kind == 6:   # one zero stride (broadcast / overlapping)
        s = list(contiguous)
        s[r.below(nd)] = 0
        return s
    return [r.below(7) for _ in range(nd)]   # arbitrary small strides


def _extent(shape, strides) -> int:
    if any(d == 0 for d in shape):
        return 0
    return 1 + sum((d - 1) * s for d, s in zip(shape, strides))




class Tensor:
    """One tensor argument backed by a sentinel-filled byte buffer."""

    def __init__(self, r: ByteReader, shape, dtype_entry, fill_values: bool, grid: bool = False, strides=None):
        self.code, self.item, self.np = dtype_entry
        self.shape = list(shape)
        # given strides: a view over a few elements of a huge shape (zero strides, tests/fuzz/entry_fuzz.py)
        self.strides = _strides_for(r, self.shape) if strides is None else list(strides)
        n = _extent(self.shape, self.strides)
        self.offset = self.item * r.below(3)
        self.misaligned = self.item > 1 and r.chance(6)
        if self.misaligned:
            self.offset += 1
        self.buf = np.full(self.offset + n * self.item + 64, SENTINEL, dtype=np.uint8)
        self.null = r.chance(6)   # aclnn rejects a null non-empty tensor at launch (161001)
        self.elems = n
        if fill_values and self.np is not None and n > 0:
            view = self.buf[self.offset:self.offset + n * self.item].view(self.np)
            for i in range(n):
                if r.chance(40):
                    v = r.pick(SPECIAL)
                else:
                    v = (r.below(4001) - 2000) / (1000.0 if grid else 100.0)
                if not np.issubdtype(self.np, np.floating):
                    v = int(v) if math.isfinite(v) and abs(v) < 100 else r.below(256) - 128
                    v = v % 256 if self.np == np.uint8 else v
                with np.errstate(all="ignore"):
                    view[i] = v
        self.before = self.buf.copy()

    def arg(self):
        ptr = 0 if self.null else self.buf.ctypes.data + self.offset
        return (ptr, tuple(self.shape), tuple(self.strides), self.code, self.item)

    def view(self):
        """The strided elements as a numpy array (valid dtypes, aligned, non-null only)."""
        base = self.buf[self.offset:self.offset + max(self.elems, 1) * self.item].view(self.np)
        return np.lib.stride_tricks.as_strided(base, self.shape, [s * self.item for s in self.strides])

    def footprint(self) -> np.ndarray:
        """Mask of the bytes that belong to elements of the tensor."""
        mask = np.zeros(self.buf.size, dtype=bool)
        if self.elems == 0:
            return mask
        idx = np.zeros(1, dtype=np.int64)
        for d, s in zip(self.shape, self.strides):
            if s == 0:
                continue    # every index of a zero-stride dim is the same element
            idx = (idx[:, None] + np.arange(d, dtype=np.int64)[None, :] * s).ravel()
        for b in range(self.item):
            mask[self.offset + idx * self.item + b] = True
        return mask


def decode(data: bytes):
    r = ByteReader(data)
    spatial = r.pick([2, 2, 2, 3, 3, 1, 4, 0, 7])
    n, c = 1 + r.below(3), 1 + r.below(5)
    if r.chance(8):
        n = 0
    if r.chance(8):
        c = 0
    side = 6 if spatial <= 3 else 3   # keeps 4-D and 7-D cases to tens of thousands of elements
    in_sp = [1 + r.below(side) for _ in range(spatial)]
    out_sp = [1 + r.below(side) for _ in range(spatial)]
    if spatial and r.chance(10):
        in_sp[r.below(spatial)] = 0
    if spatial and r.chance(10):
        out_sp[r.below(spatial)] = 0
    dt_in = DTYPES[0] if r.chance(128) else r.pick(DTYPES)
    dt_grid = dt_in if r.chance(220) else r.pick(DTYPES)
    dt_out = dt_in if r.chance(220) else r.pick(DTYPES)
    in_shape = [n, c] + in_sp
    grid_shape = [n] + out_sp + [spatial]
    out_shape = [n, c] + out_sp
    if r.chance(16):   # a shape mismatch somewhere
        which = r.pick([in_shape, grid_shape, out_shape])
        if which:
            which[r.below(len(which))] += 1 + r.below(2)
    if r.chance(8):    # a rank mismatch
        r.pick([in_shape, grid_shape, out_shape]).append(1 + r.below(2))
    mode, padding, align = r.pick(MODES), r.pick(PADDINGS), bool(r.below(2))
    if r.chance(12):
        padding = 0    # cross-check the mode x padding table near its defaults
    inp = Tensor(r, in_shape, dt_in, True)
    grid = Tensor(r, grid_shape, dt_grid, True, grid=True)
    out = Tensor(r, out_shape, dt_out, False)
    build = "checked" if r.chance(64) else "fast"
    return inp, grid, out, mode, padding, align, build


def _no_overlap(t: Tensor) -> bool:
    dims = sorted((s, d) for d, s in zip(t.shape, t.strides) if d > 1)
    span = 1
    for s, d in dims:
        if s < span:
            return False
        span = s * d
    return True


def _torch_reference(inp: Tensor, grid: Tensor, mode: int, padding: int, align: bool, dtype=None):
    """torch's grid_sample on the same strided views, in float64 (dtype None) or the given dtype."""
    import torch
    import torch.nn.functional as F
    dtype = dtype or torch.float64
    x = torch.from_numpy(np.ascontiguousarray(inp.view())).to(dtype)
    g = torch.from_numpy(np.ascontiguousarray(grid.view())).to(dtype)
    return F.grid_sample(x, g, mode=["bilinear", "nearest", "bicubic"][mode],
                         padding_mode=["zeros", "border", "reflection"][padding],
                         align_corners=align).double().numpy()


def check_case(data: bytes, ext=None) -> None:
    """Runs one decoded case and asserts the properties in the module docstring."""
    inp, grid, out, mode, padding, align, build = decode(data)
    if ext is None:
        from ascend_gridsample._api import extension
        ext = extension(build)
    status, message = ext.grid_sample(inp.arg(), grid.arg(), out.arg(), mode, padding, align)
    assert status in OK_STATUSES, f"status {status}: {message}"
    if status != 0:
        assert message, f"status {status} without a message"
    assert np.array_equal(inp.buf, inp.before), "the input was written"
    assert np.array_equal(grid.buf, grid.before), "the grid was written"
    outside = ~out.footprint()
    assert np.array_equal(out.buf[outside], out.before[outside]), "bytes outside the output were written"
    if status != 0:
        return
    # the call succeeded: a valid call, so compare with torch where the reference is well defined
    valid = (len(inp.shape) in (4, 5) and inp.code == grid.code == out.code and inp.code in (0, 11)
             and not (inp.null or grid.null or out.null or inp.misaligned or grid.misaligned or out.misaligned)
             and mode in (0, 1, 2) and padding in (0, 1, 2) and not (mode == 2 and len(inp.shape) == 5)
             and _no_overlap(out) and min(out.shape) > 0 and min(inp.shape) > 0)
    if not valid:
        return
    x, g = inp.view(), grid.view()
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(g)) and np.abs(x).max() < 1e4 and np.abs(g).max() < 1e3):
        return
    ref = _torch_reference(inp, grid, mode, padding, align)
    got = out.view().astype(np.float64)
    scale = max(float(np.abs(x).max()), 1.0)
    tol = (1e-4 if inp.code == 0 else 1e-9) * scale * (8 if mode == 2 else 1)
    if mode == 1:
        # float32 data has float32 coordinates: a point that is a .5 tie there (1.0000001 on a
        # 1-pixel axis) is not one in float64, so torch's float32 answer is also accepted; a point
        # within an ulp of a tie may still round either way
        bad = np.abs(got - ref) > tol
        if inp.code == 0:
            import torch
            ref32 = _torch_reference(inp, grid, mode, padding, align, torch.float32)
            bad &= np.abs(got - ref32) > tol
        assert bad.mean() <= 0.05, f"nearest: {bad.sum()} of {bad.size} elements differ from torch"
        return
    err = float(np.abs(got - ref).max())
    assert err <= tol, f"max |out - torch| = {err} > {tol}"


def main(argv):
    import atheris
    # coverage feedback: the decoder's and checker's branches (this module, imported again under
    # instrumentation) and the Python front end; the native code is not instrumented for coverage
    with atheris.instrument_imports():
        import aclnn_fuzz as target
        import ascend_gridsample._api  # noqa: F401
    from ascend_gridsample._api import extension
    exts = {b: extension(b) for b in ("fast", "checked")}

    def one_input(data: bytes):
        target.check_case(data, exts["checked" if target.decode(data)[-1] == "checked" else "fast"])

    atheris.Setup(argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
