"""Calls from several threads: results equal to serial calls bit for bit (numpy and torch, shared
and per-thread inputs, several dtypes and paths), and the GIL is released while the operator runs.
"""
from __future__ import annotations

import sys
import threading
import zlib

import ml_dtypes
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import ascend_gridsample as ags

N_THREADS = 8
CALLS_PER_THREAD = 6
MODES = ("bilinear", "nearest", "bicubic")
PADDINGS = ("zeros", "border", "reflection")


def make_rng(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def raw(a) -> np.ndarray:
    if isinstance(a, torch.Tensor):
        a = a.view(torch.int16) if a.dtype == torch.bfloat16 else a
        a = a.numpy()
    a = np.ascontiguousarray(a)
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def make_cases(kind: str):
    """A list of (input, grid, mode, padding, align): 2-D AI Core kernel (float32 / float16 /
    bfloat16), AI CPU path (float64, uint8, 3-D, 1-D), several shapes."""
    rng = make_rng("threads", kind)
    specs = [
        ((2, 3, 17, 19), (2, 9, 11, 2), np.float32),
        ((1, 4, 24, 20), (1, 12, 13, 2), np.float16),
        ((2, 2, 15, 16), (2, 7, 9, 2), ml_dtypes.bfloat16),
        ((1, 3, 12, 13), (1, 6, 7, 2), np.float64),
        ((1, 2, 9, 10), (1, 5, 6, 2), np.uint8),
        ((1, 2, 5, 6, 7), (1, 3, 4, 2, 3), np.float32),
        ((2, 3, 11), (2, 8, 1), np.float32),
        ((3, 1, 33, 31), (3, 16, 17, 2), np.float32),
    ]
    cases = []
    for i, (xs, gs, dt) in enumerate(specs):
        if dt == np.uint8:
            x = rng.integers(0, 256, xs).astype(np.uint8)
            g = rng.uniform(-1.2, 1.2, gs).astype(np.float32)
        else:
            x = rng.uniform(-1, 1, xs).astype(dt)
            g = rng.uniform(-1.2, 1.2, gs).astype(dt)
        if kind == "torch":
            x = torch.from_numpy(x.astype(np.float32) if dt == ml_dtypes.bfloat16 else x)
            g = torch.from_numpy(g.astype(np.float32) if dt == ml_dtypes.bfloat16 else g)
            if dt == ml_dtypes.bfloat16:
                x, g = x.to(torch.bfloat16), g.to(torch.bfloat16)
        mode = MODES[i % 3]
        if len(xs) == 5 and mode == "bicubic":
            mode = "bilinear"
        cases.append((x, g, mode, PADDINGS[(i // 3 + i) % 3], bool(i % 2)))
    return cases


def run_threads(work, n=N_THREADS):
    """Runs work(thread_index) in n threads started together; re-raises the first failure."""
    barrier = threading.Barrier(n)
    results, errors = [None] * n, []

    def body(t):
        try:
            barrier.wait()
            results[t] = work(t)
        except BaseException as e:      # noqa: BLE001 - reported below
            errors.append((t, e))

    threads = [threading.Thread(target=body, args=(t,)) for t in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=300)
        assert not th.is_alive(), "thread did not finish"
    if errors:
        t, e = errors[0]
        raise AssertionError(f"thread {t} failed: {type(e).__name__}: {e}") from e
    return results


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_threads_shared_inputs_equal_serial(kind):
    """8 threads, each calling every case several times on the same (shared) inputs."""
    cases = make_cases(kind)
    serial = [raw(ags.grid_sample(*c)).copy() for c in cases]
    before = [(raw(c[0]).copy(), raw(c[1]).copy()) for c in cases]

    def work(t):
        outs = []
        for k in range(CALLS_PER_THREAD):
            i = (t + k) % len(cases)          # threads hit different cases at the same time
            outs.append((i, raw(ags.grid_sample(*cases[i])).copy()))
        return outs

    for t, outs in enumerate(run_threads(work)):
        for i, out in outs:
            assert np.array_equal(out, serial[i]), f"thread {t}, case {i}: differs from the serial call"
    for (x0, g0), c in zip(before, cases):
        assert np.array_equal(raw(c[0]), x0) and np.array_equal(raw(c[1]), g0), "shared input modified"


@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_threads_own_inputs_equal_serial(kind):
    """Each thread has its own inputs (different values and shapes), several calls each."""
    per_thread = []
    for t in range(N_THREADS):
        rng = make_rng("own", kind, t)
        xs = (1 + t % 2, 2 + t % 3, 9 + t, 12 + 2 * t)
        gs = (xs[0], 5 + t, 4 + t % 4, 2)
        dt = [np.float32, np.float64, np.float16, np.float32][t % 4]
        x = rng.uniform(-1, 1, xs).astype(dt)
        g = rng.uniform(-1.2, 1.2, gs).astype(dt)
        if kind == "torch":
            x, g = torch.from_numpy(x), torch.from_numpy(g)
        per_thread.append([(x, g, m, p, a) for m, p, a in
                           [(MODES[(t + k) % 3], PADDINGS[(t + 2 * k) % 3], bool((t + k) % 2))
                            for k in range(CALLS_PER_THREAD)]])
    serial = [[raw(ags.grid_sample(*c)).copy() for c in cases] for cases in per_thread]

    def work(t):
        return [raw(ags.grid_sample(*c)).copy() for c in per_thread[t]]

    for t, outs in enumerate(run_threads(work)):
        for k, out in enumerate(outs):
            assert np.array_equal(out, serial[t][k]), f"thread {t}, call {k}: differs from the serial call"
    # and the serial results are right (independent reference)
    x, g, m, p, a = per_thread[0][0]
    x64 = x.double() if kind == "torch" else torch.from_numpy(x.astype(np.float64))
    g64 = g.double() if kind == "torch" else torch.from_numpy(g.astype(np.float64))
    ref = F.grid_sample(x64, g64, mode=m, padding_mode=p, align_corners=a).numpy()
    out = ags.grid_sample(x, g, m, p, a)
    out = out.double().numpy() if kind == "torch" else out.astype(np.float64)
    assert np.abs(out - ref).max() <= 1e-4 * float(ref.max() - ref.min() + 1)


def test_threads_mixed_builds_and_kinds():
    """numpy and torch, fast and checked builds interleaved across threads."""
    cases_np, cases_t = make_cases("numpy")[:4], make_cases("torch")[:4]
    serial = {}
    for kind, cases in (("numpy", cases_np), ("torch", cases_t)):
        for i, c in enumerate(cases):
            serial[kind, i] = raw(ags.grid_sample(*c, build="fast")).copy()

    def work(t):
        kind, cases = ("numpy", cases_np) if t % 2 == 0 else ("torch", cases_t)
        build = "checked" if t % 4 < 2 else "fast"
        out = []
        for k in range(3):
            i = (t + k) % len(cases)
            if build == "checked" and cases[i][0].dtype in (np.float64, torch.float64):
                continue     # float64 checked-vs-fast bit equality is test_api_numpy_torch's business
            out.append((kind, i, build, raw(ags.grid_sample(*cases[i], build=build)).copy()))
        return out

    for t, outs in enumerate(run_threads(work)):
        for kind, i, build, out in outs:
            assert np.array_equal(out, serial[kind, i]), f"thread {t}: {kind} case {i} build {build}"


def test_threads_errors_are_per_call():
    """A failing call in one thread does not disturb the calls (or the error messages) of others."""
    good = make_cases("numpy")[0]
    want = raw(ags.grid_sample(*good)).copy()
    bad_x, bad_g = np.zeros((1, 2, 4, 4), np.float32), np.zeros((2, 3, 3, 2), np.float32)

    def work(t):
        out = []
        for _ in range(4):
            if t % 2:
                with pytest.raises(ValueError, match="aclnn status 161002.*batch"):
                    ags.grid_sample(bad_x, bad_g)
            else:
                out.append(raw(ags.grid_sample(*good)).copy())
        return out

    for outs in run_threads(work):
        for out in outs:
            assert np.array_equal(out, want)


def test_gil_released_during_call():
    """A pure-Python thread makes progress while grid_sample runs in another thread.

    The switch interval is raised to 1000 s for the duration of the test, so the interpreter
    never takes the GIL away from a running thread: the counter thread can run during the call only
    if the extension releases the GIL. The counter thread waits (which releases the GIL) between
    increments, so the calling thread can always take the GIL back. No timing threshold: the
    assertion is that the counter moved at all during at least one of a few long calls."""
    rng = make_rng("gil")
    x = rng.uniform(-1, 1, (1, 4, 96, 96)).astype(np.float64)      # AI CPU path, float64
    g = rng.uniform(-1, 1, (1, 320, 320, 2)).astype(np.float64)
    xt, gt = torch.from_numpy(x.astype(np.float32)), torch.from_numpy(g.astype(np.float32))
    count = [0]
    stop = threading.Event()

    def counter():
        while not stop.is_set():
            count[0] += 1
            stop.wait(0.0005)            # releases the GIL while waiting

    old = sys.getswitchinterval()
    th = threading.Thread(target=counter, daemon=True)
    th.start()
    try:
        while count[0] == 0:             # the counter thread is running
            stop.wait(0.001)
        sys.setswitchinterval(1000.0)
        stop.wait(0.02)                  # let GIL waits begun under the old interval run out
        progress = {"numpy": 0, "torch": 0}
        for _ in range(20):              # normally the first call already shows progress
            for kind, args in (("numpy", (x, g)), ("torch", (xt, gt))):
                if progress[kind]:
                    continue
                c0 = count[0]
                ags.grid_sample(*args, "bicubic", "reflection", False)
                progress[kind] = count[0] - c0
            if all(progress.values()):
                break
    finally:
        sys.setswitchinterval(old)
        stop.set()
        th.join(timeout=10)
    assert progress["numpy"] > 0, "no Python thread ran during a numpy grid_sample call: GIL held"
    assert progress["torch"] > 0, "no Python thread ran during a torch grid_sample call: GIL held"


def test_gil_check_is_not_vacuous():
    """Control for test_gil_released_during_call: the same measurement around a pure-Python busy
    loop that holds the GIL (no blocking call) sees no progress of the counter thread."""
    count = [0]
    stop = threading.Event()

    def counter():
        while not stop.is_set():
            count[0] += 1
            stop.wait(0.0005)

    old = sys.getswitchinterval()
    th = threading.Thread(target=counter, daemon=True)
    th.start()
    try:
        while count[0] == 0:
            stop.wait(0.001)
        sys.setswitchinterval(1000.0)
        stop.wait(0.02)                  # let GIL waits begun under the old interval run out
        c0 = count[0]
        s = 0
        for i in range(2_000_000):       # holds the GIL for ~0.1 s
            s += i
        progress = count[0] - c0
    finally:
        sys.setswitchinterval(old)
        stop.set()
        th.join(timeout=10)
    assert progress == 0
