"""GridSample benchmark: our simulator's fast build (the CPU fallback) side by side with the CPU
peers in one run, as ratios, plus the kernel's counters per output element (from the checked
build: DMA instructions, bytes moved, scalar GM accesses).

    python scripts/bench.py            # every benchmark case
    python scripts/bench.py --quick    # one small case each (CI: checks the script still works)
    python scripts/bench.py --report docs/performance.md   # also write the report and its plot
    python scripts/bench.py --npu-only  # modelled NPU figures and the targets only (no CPU timing)
    python scripts/bench.py --interpolate [--quick] [--report docs/performance.md]   # Interpolate
    python scripts/bench.py --backward-only                # only the backward tables
    python scripts/bench.py --npu-only --only "(b) flow"   # the cases whose label contains the text

Each modelled time stands next to the cost model's own roofline for the work the case needs
(npu_model.roofline: bytes over the modelled MTE2 / MTE3 bandwidths with all cores active, taps over
the Gather rate, multiply-adds over the vector rate; which bound binds) and the nominal HBM floor.
The targets are checked against the roofline on the fixed cases and on smooth warps the fixed cases
do not contain (other rotations, scales, flow seeds and sizes), and reported as met / not met with
the figures.

A peer that is not installed or cannot run a case says so in its row.
"""
from __future__ import annotations

import os

# numpy's BLAS threads spin after the grid's matrix product and would steal a core from the timings
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import datetime
import platform
import time

import numpy as np

import ascend_gridsample as ags
from ascend_gridsample import npu_model

THREADS = os.cpu_count() or 1
NOTES_MARKER = "<!-- analysis: kept by bench.py -->"


def affine_grid(n, h, w, angle_deg=20.0, scale=1.1):
    a = np.deg2rad(angle_deg)
    theta = scale * np.array([[np.cos(a), -np.sin(a), 0.05], [np.sin(a), np.cos(a), -0.03]])
    xs = (2.0 * np.arange(w) + 1.0) / w - 1.0
    ys = (2.0 * np.arange(h) + 1.0) / h - 1.0
    gx, gy = np.meshgrid(xs, ys)
    base = np.stack([gx, gy, np.ones_like(gx)], axis=-1)
    return np.repeat((base @ theta.T)[None], n, axis=0).astype(np.float32)


def flow_grid(n, h, w, pixels, rng):
    xs = (2.0 * np.arange(w) + 1.0) / w - 1.0
    ys = (2.0 * np.arange(h) + 1.0) / h - 1.0
    gx, gy = np.meshgrid(xs, ys)
    base = np.repeat(np.stack([gx, gy], axis=-1)[None], n, axis=0)
    jitter = rng.uniform(-pixels, pixels, base.shape) * np.array([2.0 / w, 2.0 / h])
    return (base + jitter).astype(np.float32)


def flow_grid_3d(n, d, h, w, voxels, rng):
    axes = [(2.0 * np.arange(k) + 1.0) / k - 1.0 for k in (d, h, w)]
    zz, yy, xx = np.meshgrid(*axes, indexing="ij")
    base = np.repeat(np.stack([xx, yy, zz], axis=-1)[None], n, axis=0)
    jitter = rng.uniform(-voxels, voxels, base.shape) * np.array([2.0 / w, 2.0 / h, 2.0 / d])
    return (base + jitter).astype(np.float32)


def make_cases(quick: bool):
    """(label, input, grid, mode, padding, channel_last) for every case of performance.md."""
    rng = np.random.default_rng(0)
    a = (1, 3, 128, 128) if quick else (1, 3, 1024, 1024)
    b = (2, 8, 32, 32) if quick else (8, 64, 64, 64)
    e = (1, 4, 8, 8, 8) if quick else (1, 16, 32, 32, 32)
    xa = rng.random(a, dtype=np.float32)
    ga = affine_grid(a[0], a[2], a[3])
    xb = rng.random(b, dtype=np.float32)
    gb = flow_grid(b[0], b[2], b[3], 2.0, rng)
    random_a = (rng.random(ga.shape, dtype=np.float32) * 2 - 1)
    random_b = (rng.random(gb.shape, dtype=np.float32) * 2 - 1)
    xe = rng.random(e, dtype=np.float32)
    ge = flow_grid_3d(e[0], e[2], e[3], e[4], 2.0, rng)
    random_e = (rng.random((e[0],) + e[2:] + (3,), dtype=np.float32) * 2 - 1)
    xb_last = np.ascontiguousarray(xb.transpose(0, 2, 3, 1))
    cases = [
        ("(a) affine warp", xa, ga, "bilinear", "zeros", False),
        ("(a) random grid", xa, random_a, "bilinear", "zeros", False),
        ("(b) flow", xb, gb, "bilinear", "zeros", False),
        ("(b) random grid", xb, random_b, "bilinear", "zeros", False),
        ("(c) flow bicubic", xb, gb, "bicubic", "zeros", False),
        ("(c) flow bicubic reflection", xb, gb, "bicubic", "reflection", False),
        ("(d) flow nearest", xb, gb, "nearest", "zeros", False),
        ("(e) 3-D flow trilinear", xe, ge, "bilinear", "zeros", False),
        ("(e) 3-D random grid", xe, random_e, "bilinear", "zeros", False),
        ("(f) flow channels_last", xb_last, gb, "bilinear", "zeros", True),
    ]
    try:
        import ml_dtypes
        cases += [("(b) flow float16", xb.astype(np.float16), gb.astype(np.float16), "bilinear", "zeros", False),
                  ("(b) flow bfloat16", xb.astype(ml_dtypes.bfloat16), gb.astype(ml_dtypes.bfloat16), "bilinear",
                   "zeros", False)]
    except ImportError:
        pass
    return cases


# ---- targets ------------------------------------------------------------------------------------
# modelled NPU time / the cost model's roofline, at most this, on smooth warps (the nominal HBM
# floor is not reachable in the model: 48 cores x ~10 B/cycle is ~0.9 TB/s against 1.6 TB/s)
ROOFLINE_TARGETS = {
    "2-D bilinear/nearest float32": 1.3,
    "2-D bilinear/nearest float16/bfloat16": 1.3,
    "3-D": 1.5,
    "bicubic": 1.5,
}
RANDOM_VS_ANCHOR = 2.0   # random grids: the official algorithm's modelled time / ours, at least
CPU_VS_TORCH = 1.0       # torch time / ours on the CPU, at least, on every case


def target_class(label, x, g, mode, channel_last):
    """The target class of a case: random grids against the anchor, smooth warps against the
    roofline."""
    if "random" in label:
        return "random grid"
    if mode == "bicubic":
        return "bicubic"
    if _nchw(x, channel_last).ndim == 5:
        return "3-D"
    return "2-D bilinear/nearest " + ("float32" if x.dtype == np.float32 else "float16/bfloat16")


def unseen_cases(quick: bool):
    """Smooth warps the fixed cases do not contain: other rotations, scales, flow seeds and
    amplitudes, and sizes (odd widths, more batches, fewer channels)."""
    rng = np.random.default_rng(2026)
    a = (1, 3, 96, 112) if quick else (1, 3, 720, 1000)
    b = (2, 8, 24, 40) if quick else (4, 32, 96, 80)
    w = (1, 16, 40, 56) if quick else (2, 24, 160, 224)
    e = (1, 4, 8, 10, 12) if quick else (2, 8, 24, 40, 36)
    xa = rng.random(a, dtype=np.float32)
    ga = affine_grid(a[0], a[2], a[3], angle_deg=-35.0, scale=0.85)
    xb = rng.random(b, dtype=np.float32)
    gb = flow_grid(b[0], b[2], b[3], 3.0, rng)
    xw = rng.random(w, dtype=np.float32)
    gw = affine_grid(w[0], w[2], w[3], angle_deg=12.0, scale=1.2)
    xe = rng.random(e, dtype=np.float32)
    ge = flow_grid_3d(e[0], e[2], e[3], e[4], 1.5, rng)
    cases = [
        ("(u) affine -35deg x0.85", xa, ga, "bilinear", "zeros", False),
        ("(u) flow 3px seed 2026", xb, gb, "bilinear", "zeros", False),
        ("(u) affine 12deg x1.2 C=24", xw, gw, "bilinear", "border", False),
        ("(u) flow 3px channels_last", np.ascontiguousarray(xb.transpose(0, 2, 3, 1)), gb, "bilinear", "zeros", True),
        ("(u) flow 3px bicubic", xb, gb, "bicubic", "zeros", False),
        ("(u) affine 12deg bicubic", xw, gw, "bicubic", "reflection", False),
        ("(u) 3-D flow 1.5vox", xe, ge, "bilinear", "zeros", False),
        ("(u) random grid", xb, (rng.random(gb.shape, dtype=np.float32) * 2 - 1), "bilinear", "zeros", False),
    ]
    try:
        import ml_dtypes
        cases += [("(u) flow 3px float16", xb.astype(np.float16), gb.astype(np.float16), "bilinear", "zeros", False),
                  ("(u) affine 12deg bfloat16", xw.astype(ml_dtypes.bfloat16), gw.astype(ml_dtypes.bfloat16),
                   "bilinear", "zeros", False)]
    except ImportError:
        pass
    return cases


def target_rows(results):
    """Rows of the targets table and one verdict line per target, from (label, class, figures,
    torch/ours) of every case."""
    rows, verdicts = [], []
    for cls, limit in ROOFLINE_TARGETS.items():
        ratios = []
        for label, c, f, _ in results:
            if c != cls or f.get("ours") is None:
                continue
            roof = f["roofline"]
            ratio = f["ours"] / roof["us"]
            ratios.append(ratio)
            rows.append([label, cls, f"{f['ours']:.1f}", f"{roof['us']:.1f} ({roof['binds']})", f"{ratio:.2f}x",
                         f"<= {limit:g}x", "met" if ratio <= limit else "not met",
                         f"{f['ours'] / f['floor']:.2f}x"])
        worst = max(ratios) if ratios else None
        verdicts.append(f"- {cls}, modelled / roofline <= {limit:g}x: " +
                        ("no case" if worst is None else
                         f"{'met' if worst <= limit else 'not met'} (worst {worst:.2f}x over {len(ratios)} cases)"))
    speedups = []
    for label, c, f, _ in results:
        if c != "random grid":
            continue
        if f.get("anchor") and f.get("ours"):
            s = f["anchor"] / f["ours"]
            speedups.append(s)
            rows.append([label, c, f"{f['ours']:.1f}", f"{f['roofline']['us']:.1f} ({f['roofline']['binds']})",
                         f"anchor {f['anchor']:.1f}", f"anchor/ours >= {RANDOM_VS_ANCHOR:g}",
                         "met" if s >= RANDOM_VS_ANCHOR else "not met", f"{f['ours'] / f['floor']:.2f}x"])
    verdicts.append(f"- random grids, official algorithm / ours >= {RANDOM_VS_ANCHOR:g}x: " +
                    ("no case with an anchor" if not speedups else
                     f"{'met' if min(speedups) >= RANDOM_VS_ANCHOR else 'not met'} (worst {min(speedups):.2f}x)"))
    cpu = [(label, r) for label, _, _, r in results if r is not None]
    if cpu:
        worst_label, worst = min(cpu, key=lambda item: item[1])
        verdicts.append(f"- CPU fallback, torch / ours >= {CPU_VS_TORCH:g} on every case: "
                        f"{'met' if worst >= CPU_VS_TORCH else 'not met'} (worst {worst:.2f} on {worst_label}; "
                        f"{sum(r >= CPU_VS_TORCH for _, r in cpu)} of {len(cpu)} cases)")
    else:
        verdicts.append("- CPU fallback against torch: not measured in this run")
    return rows, verdicts


# Peers' thread pools keep spinning after a call, taking the other core from whatever runs next:
# measured on this VM as CPU time burnt during a sleep after a call, torch's OpenMP threads ~9 ms,
# ONNX Runtime's ~32 ms, OpenVINO's ~1 ms, ours none (a call of ours right after ONNX Runtime's
# took twice its time alone). Each library runs untimed for at least this long before its timed
# calls, so that none is timed while another's threads still spin.
SETTLE_SECONDS = 0.04
TIMED_PER_ROUND = 3
TIMING = ("timed in turns, each in its steady state (per round, a block of back-to-back calls: "
          f"{SETTLE_SECONDS * 1e3:.0f} ms untimed while the previous library's threads stop spinning, then "
          f"{TIMED_PER_ROUND} timed)")


def rounds_ms(fns, rounds=15, max_seconds=20.0):
    """ms of each callable per round (the median of its timed calls in the round), the callables
    taking turns within each round so that machine drift falls on all of them alike. In its turn a
    callable runs back to back: untimed for SETTLE_SECONDS (at least once), then TIMED_PER_ROUND
    timed calls: each is timed in its own steady state, not while the one before it still spins."""
    for fn in fns:
        fn()   # warm-up
    times = [[] for _ in fns]
    start = time.perf_counter()
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            settled = time.perf_counter() + SETTLE_SECONDS
            fn()
            while time.perf_counter() < settled:
                fn()
            block = []
            for _ in range(TIMED_PER_ROUND):
                t0 = time.perf_counter()
                fn()
                block.append((time.perf_counter() - t0) * 1e3)
            times[i].append(float(np.median(block)))
        if time.perf_counter() - start > max_seconds:
            break
    return times


def median_ms(fns, rounds=15, max_seconds=20.0):
    """Median ms of each callable over the rounds of rounds_ms."""
    return [float(np.median(t)) for t in rounds_ms(fns, rounds, max_seconds)]


def ratio_spread(peer_ms, ours_ms):
    """Quartiles of the per-round ratio peer / ours: on a shared machine one median hides how much
    the ratio moves between rounds."""
    r = np.asarray(peer_ms) / np.asarray(ours_ms)
    return f"{np.percentile(r, 25):.2f}-{np.percentile(r, 75):.2f}"


# ---- peers: each returns a callable, or raises with the reason it cannot run -------------------
def _nchw(x, channel_last):
    """The NC... view of the input (channels-last memory stays channels-last)."""
    return np.moveaxis(x, -1, 1) if channel_last else x


def _as_torch(a):
    import torch
    if a.dtype.name == "bfloat16":
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def peer_torch(x, g, mode, padding, channel_last):
    import torch
    import torch.nn.functional as F
    torch.set_num_threads(THREADS)
    tx = _as_torch(x)
    if channel_last:
        tx = tx.movedim(-1, 1)
    tg = _as_torch(g)
    return lambda: F.grid_sample(tx, tg, mode=mode, padding_mode=padding, align_corners=False)


def _float32_nchw_only(x, channel_last, who):
    if x.dtype != np.float32 or channel_last:
        raise RuntimeError(f"n/a ({who}: float32 NCHW only here)")


def peer_onnxruntime(x, g, mode, padding, channel_last):
    import onnxruntime as ort
    from onnx import TensorProto, helper
    _float32_nchw_only(x, channel_last, "ORT")
    onnx_mode = {"bilinear": "linear", "nearest": "nearest", "bicubic": "cubic"}[mode]
    node = helper.make_node("GridSample", ["X", "G"], ["Y"], mode=onnx_mode, padding_mode=padding, align_corners=0)
    graph = helper.make_graph(
        [node], "gs",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, list(x.shape)),
         helper.make_tensor_value_info("G", TensorProto.FLOAT, list(g.shape))],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)])
    model.ir_version = min(model.ir_version, 9)   # onnx may write an IR newer than onnxruntime reads
    options = ort.SessionOptions()
    options.intra_op_num_threads = THREADS
    session = ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
    return lambda: session.run(None, {"X": x, "G": g})


def peer_openvino(x, g, mode, padding, channel_last):
    import openvino as ov
    import openvino.opset9 as ops
    _float32_nchw_only(x, channel_last, "OpenVINO")
    if x.ndim != 4:
        raise RuntimeError("n/a (GridSample-9 is 2-D)")
    px = ops.parameter(list(x.shape), np.float32)
    pg = ops.parameter(list(g.shape), np.float32)
    node = ops.grid_sample(px, pg, {"align_corners": False, "mode": mode, "padding_mode": padding})
    compiled = ov.Core().compile_model(ov.Model([node], [px, pg]), "CPU", {"INFERENCE_NUM_THREADS": THREADS})
    request = compiled.create_infer_request()
    return lambda: request.infer([x, g])


def peer_cv2(x, g, mode, padding, channel_last):
    import cv2
    _float32_nchw_only(x, channel_last, "cv2")
    if x.ndim != 4 or x.shape[0] != 1 or mode == "nearest" or padding != "zeros":
        raise RuntimeError("n/a (cv2.remap: one 2-D HWC image, zeros padding)")
    cv2.setNumThreads(THREADS)
    hwc = np.ascontiguousarray(x[0].transpose(1, 2, 0))
    h, w = x.shape[2:]
    map_x = ((g[0, ..., 0] + 1.0) * w - 1.0) / 2.0
    map_y = ((g[0, ..., 1] + 1.0) * h - 1.0) / 2.0
    interp = cv2.INTER_LINEAR if mode == "bilinear" else cv2.INTER_CUBIC
    return lambda: cv2.remap(hwc, map_x, map_y, interp, borderMode=cv2.BORDER_CONSTANT, borderValue=0)


PEERS = [("torch", peer_torch), ("onnxruntime", peer_onnxruntime), ("openvino", peer_openvino), ("cv2", peer_cv2)]


def npu_figures(x, g, mode, padding, channel_last):
    """Modelled NPU figures (checked build's cost model) and the kernel's counters per output."""
    times = npu_model.modelled_us(x, g, mode, padding, channel_last)
    figures = {"floor": times["floor"], "roofline": times["roofline"]}
    if times["ours"] is not None:
        stats = ags.last_launch_stats("checked")
        total = stats["total"]
        slowest = max(stats["cores"], key=lambda core: core["modelled_cycles"])
        nchw = _nchw(x, channel_last)
        outputs = nchw.shape[0] * nchw.shape[1] * int(np.prod(g.shape[1:-1]))
        figures.update({
            "ours": times["ours"],
            "dma/out": (total["mte2_instr"] + total["mte3_instr"]) / outputs,
            "bytes/out": (total["mte2_bytes"] + total["mte3_bytes"]) / outputs,
            "scalarGM/out": (total["scalar_gm_reads"] + total["scalar_gm_writes"]) / outputs,
            "pipes": slowest_core_pipes(slowest),
            "by_api": slowest_core_by_api(slowest),
        })
        if times["official"] is not None:
            figures["anchor"] = times["official"]
    return figures


def slowest_core_pipes(core):
    """Busy cycles of a core's pipes and its modelled span, in thousands: "S / MTE2 / V / MTE3, total"."""
    busy = " / ".join(f"{core[k] / 1e3:.1f}" for k in ("busy_s", "busy_mte2", "busy_v", "busy_mte3"))
    return f"{busy}, {core['modelled_cycles'] / 1e3:.1f}"


PIPES = ("S", "MTE2", "V", "MTE3")


def slowest_core_by_api(core, top=4):
    """Where each pipe of a core spent its busy cycles: per pipe, its largest APIs and the rest, in
    thousands of cycles ("Gather 23.4, MulAddDst 5.5, ..., 16 others 3.1")."""
    out = {}
    for pipe in PIPES:
        items = sorted(((name.split(" ", 1)[1], cycles) for name, (_, cycles) in core["busy_by_api"].items()
                        if name.split(" ", 1)[0] == pipe), key=lambda kv: -kv[1])
        parts = [f"{api} {cycles / 1e3:.1f}" for api, cycles in items[:top]]
        rest = items[top:]
        if rest:
            parts.append(f"{len(rest)} others {sum(c for _, c in rest) / 1e3:.1f}")
        out[pipe] = ", ".join(parts) or "-"
    return out


def fmt(v, digits=2):
    return "-" if v is None else (f"{v:.{digits}f}" if isinstance(v, float) else str(v))


# ---- backward -------------------------------------------------------------------------------------
def make_backward_cases(quick: bool):
    """(label, grad_output, input, grid, mode) for the backward: the (b) flow and the (e) 3-D flow,
    and two smooth flows of other sizes and amplitudes (u)."""
    rng = np.random.default_rng(1)
    b = (2, 8, 32, 32) if quick else (8, 64, 64, 64)
    e = (1, 4, 8, 8, 8) if quick else (1, 16, 32, 32, 32)
    u = (2, 8, 24, 40) if quick else (4, 32, 96, 80)
    u3 = (1, 4, 8, 10, 12) if quick else (2, 8, 24, 40, 36)
    xb = rng.random(b, dtype=np.float32)
    gb = flow_grid(b[0], b[2], b[3], 2.0, rng)
    xe = rng.random(e, dtype=np.float32)
    ge = flow_grid_3d(e[0], e[2], e[3], e[4], 2.0, rng)
    xu = rng.random(u, dtype=np.float32)
    gu = flow_grid(u[0], u[2], u[3], 3.0, rng)
    xu3 = rng.random(u3, dtype=np.float32)
    gu3 = flow_grid_3d(u3[0], u3[2], u3[3], u3[4], 1.5, rng)
    cases = []
    for label, x, g in (("(b) flow backward", xb, gb), ("(e) 3-D flow backward", xe, ge),
                        ("(u) flow 3px backward", xu, gu), ("(u) 3-D flow 1.5vox backward", xu3, gu3)):
        go = rng.uniform(-1, 1, x.shape[:2] + g.shape[1:-1]).astype(np.float32)
        cases.append((label, go, x, g, "bilinear"))
    return cases


def torch_backward_runner(go, x, g, mode):
    """torch's CPU backward of grid_sample (both gradients), as autograd calls it."""
    import torch
    torch.set_num_threads(THREADS)
    tgo, tx, tg = (torch.from_numpy(a) for a in (go, x, g))
    fn = torch.ops.aten.grid_sampler_2d_backward if x.ndim == 4 else torch.ops.aten.grid_sampler_3d_backward
    code = {"bilinear": 0, "nearest": 1, "bicubic": 2}[mode]
    return lambda: fn(tgo, tx, tg, code, 0, False, [True, True])


def backward_section(quick: bool) -> str:
    """The backward tables: CPU time of ours (fast build) against torch's CPU backward, and the
    modelled NPU time against the HBM floor and the official algorithm."""
    cpu_header = ["case", "shape", "grid", "ours ms", "torch ms", "torch/ours"]
    npu_header = ["case", "ours us (modelled)", "kernels", "HBM floor us", "floor/ours", "official us (modelled)",
                  "official/ours"]
    cpu_rows, npu_rows = [], []
    for label, go, x, g, mode in make_backward_cases(quick):
        name = f"{label} {mode}/zeros"
        runners = [lambda: ags.grid_sample_backward(go, x, g, mode, "zeros", False, build="fast")]
        try:
            runners.append(torch_backward_runner(go, x, g, mode))
        except ImportError:
            pass
        measured = median_ms(runners, rounds=5 if quick else 15)
        torch_ms = measured[1] if len(measured) > 1 else None
        cpu_rows.append([name, "x".join(map(str, x.shape)), "x".join(map(str, g.shape)), f"{measured[0]:.2f}",
                         fmt(torch_ms), fmt(torch_ms / measured[0]) if torch_ms else "not installed"])
        t = npu_model.modelled_backward_us(go, x, g, mode)
        ours, official = t["ours"], t["official"]
        kernels = " + ".join(f"{s['kernel']} ({s['block_dim']} cores)" for s in t["launches"]) or "AI CPU path"
        npu_rows.append([name, fmt(ours, 1), kernels, fmt(t["floor"], 1), fmt(t["floor"] / ours, 3) if ours else "-",
                         fmt(official, 1), fmt(official / ours) if official and ours else "-"])

    def table(header, rows):
        return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] +
                          ["| " + " | ".join(r) + " |" for r in rows])

    return ("\n## Backward (both gradients)\n\n"
            "CPU: our fast build (the CPU fallback) against torch's CPU backward "
            "(aten grid_sampler_2d/3d_backward, both gradients), median ms, same thread count, "
            + TIMING + "; ratio > 1: ours is faster.\n\n" + table(cpu_header, cpu_rows) +
            "\n\nNPU, modelled by the checked build's cost model (the sum over the AI Core kernels of one "
            "call). HBM floor: read grad_output, input and grid once, write both gradients once. Official: "
            "the GridSampler2DGrad algorithm (channels-last transposes, per-point C-vector DMAs, a GM atomic "
            "add per tap) costed with the same constants (ascend_gridsample/npu_model.py).\n\n"
            + table(npu_header, npu_rows) + "\n")


def machine_line() -> str:
    """The machine the CPU figures come from, and the cores the fast build's tilings are cut for."""
    return (f"{platform.machine()}, {THREADS} threads, {platform.processor() or platform.platform()}; "
            f"the fast build on {ags.platform('fast')['aiv_cores']} vector cores")


def small_calls_section(quick: bool) -> str:
    """Per-call time of small problems, where the fixed cost of a call (the Python layer, the aclnn
    phases, the stream, the simulated cores) outweighs the work: ours (the fast build) and torch,
    timed in turns (rounds_ms)."""
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        return "\n## CPU fallback: per-call time of small problems\n\nnot measured: torch is not installed\n"
    torch.set_num_threads(THREADS)
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (1, 3, 64, 64)).astype(np.float32)
    tx = torch.from_numpy(x)
    rows = []
    for out in (32, 64):
        g = rng.uniform(-1, 1, (1, out, out, 2)).astype(np.float32)
        tg = torch.from_numpy(g)
        rows.append((f"GridSample 1x3x64x64, {out}x{out} grid, bilinear/zeros",
                     [lambda g=g: ags.grid_sample(x, g, "bilinear", "zeros", False, build="fast"),
                      lambda tg=tg: F.grid_sample(tx, tg, "bilinear", "zeros", False)]))
    for out in (32, 128):
        rows.append((f"Interpolate 1x3x64x64 -> {out}x{out}, linear",
                     [lambda out=out: ags.interpolate(x, [out, out], [2, 3], shape_calculation_mode="sizes",
                                                      build="fast", mode="linear"),
                      lambda out=out: F.interpolate(tx, size=(out, out), mode="bilinear", align_corners=False)]))
    table = ["| case | ours us | torch us | torch/ours |", "|---|---|---|---|"]
    for name, fns in rows:
        ours, peer = median_ms(fns, rounds=5 if quick else 100, max_seconds=1 if quick else 5)
        table.append(f"| {name} | {ours * 1e3:.0f} | {peer * 1e3:.0f} | {peer / ours:.2f} |")
    return ("\n## CPU fallback: per-call time of small problems\n\n"
            "Median us per call, ours (fast build) and torch " + TIMING + ", same thread count. On small "
            "problems the fixed cost of a call dominates: the Python layer, both aclnn phases (tiling on "
            "the host), the stream, and the launch of the kernel's simulated cores.\n\n" + "\n".join(table) + "\n")


def main():
    parser = argparse.ArgumentParser(description="GridSample benchmark")
    parser.add_argument("--quick", action="store_true", help="one small case each (CI)")
    parser.add_argument("--report", help="write the markdown report (and a PNG plot beside it) here")
    parser.add_argument("--npu-only", action="store_true", help="modelled NPU figures and targets only")
    parser.add_argument("--interpolate", action="store_true",
                        help="the Interpolate benchmark instead (its section of the report)")
    parser.add_argument("--backward-only", action="store_true", help="print only the backward tables")
    parser.add_argument("--only", help="GridSample cases whose label contains this text only (no backward)")
    parser.add_argument("--fast-cores", type=int,
                        help="cut the fast build's tilings for this many Ascend910B2 vector cores (default: "
                             "as many as the launcher has threads)")
    args = parser.parse_args()
    if args.fast_cores:
        ags.set_platform(soc="Ascend910B2", cores=args.fast_cores, build="fast")
    if args.backward_only:
        print(backward_section(args.quick))
        return
    if args.interpolate:
        interpolate_main(args.quick, args.report, args.npu_only)
        return

    cpu_header = (["case", "shape", "dtype", "ours ms"] + [f"{n} ms" for n, _ in PEERS] + [f"{n}/ours" for n, _ in PEERS]
                  + ["torch/ours per round (quartiles)"])
    npu_header = ["case", "ours us (modelled)", "roofline us", "binds", "ours/roofline", "HBM floor us", "floor/ours",
                  "anchor us (modelled)", "anchor/ours", "DMA/out", "bytes/out", "scalar GM/out",
                  "slowest core kcycles: S / MTE2 / V / MTE3, total"]
    cpu_rows, npu_rows, plot, results = [], [], [], []
    for label, x, g, mode, padding, channel_last in make_cases(args.quick) + unseen_cases(args.quick):
        if args.only and args.only not in f"{label} {mode}/{padding}":
            continue
        name = f"{label} {mode}/{padding}"
        runners, notes = [lambda: ags.grid_sample(x, g, mode, padding, False, channel_last=channel_last, build="fast")], {}
        for peer, make in PEERS if not args.npu_only else []:
            try:
                runners.append(make(x, g, mode, padding, channel_last))
                notes[peer] = None
            except ImportError:
                notes[peer] = "not installed"
            except Exception as exc:   # a peer that cannot run says why
                notes[peer] = str(exc).split("\n")[0][:60]
        rounds = rounds_ms(runners, rounds=5 if args.quick else 15) if not args.npu_only else [[0.0]]
        measured = iter(rounds)
        ours_rounds = next(measured)
        ours = float(np.median(ours_rounds))
        times, ratios, peer_ratio, spread = [], [], {}, "-"
        for peer, _ in PEERS if not args.npu_only else []:
            if notes[peer] is not None:
                times.append(notes[peer])
                ratios.append("-")
                continue
            peer_rounds = next(measured)
            t = float(np.median(peer_rounds))
            times.append(f"{t:.2f}")
            ratios.append(f"{t / ours:.2f}")
            peer_ratio[peer] = t / ours
            if peer == "torch":
                spread = ratio_spread(peer_rounds, ours_rounds)
        shape = "x".join(map(str, _nchw(x, channel_last).shape))
        cpu_rows.append([name, shape, x.dtype.name, f"{ours:.2f}"] + times + ratios + [spread])
        f = npu_figures(x, g, mode, padding, channel_last)
        ours_us, anchor, roof = f.get("ours"), f.get("anchor"), f["roofline"]
        npu_rows.append([name, fmt(ours_us, 1) if ours_us else "AI CPU path", fmt(roof["us"], 1), roof["binds"],
                         f"{ours_us / roof['us']:.2f}x" if ours_us else "-", fmt(f["floor"], 1),
                         fmt(f["floor"] / ours_us) if ours_us else "-", fmt(anchor, 1),
                         fmt(anchor / ours_us) if anchor and ours_us else "-",
                         fmt(f.get("dma/out"), 4), fmt(f.get("bytes/out"), 1), fmt(f.get("scalarGM/out"), 1),
                         f.get("pipes", "-")])
        results.append((name, target_class(label, x, g, mode, channel_last), f, peer_ratio.get("torch")))
        plot.append((name, peer_ratio.get("torch"), f["floor"] / ours_us if ours_us else None,
                     ours_us / anchor if anchor and ours_us else None))

    def table(header, rows):
        return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] +
                         ["| " + " | ".join(r) + " |" for r in rows])

    machine = machine_line()
    npu = ags.platform("checked")
    text = (f"# GridSample performance\n\n{datetime.date.today().isoformat()}, {machine}"
            f"{' (quick mode: small shapes)' if args.quick else ''}.\n\n"
            "## CPU fallback (the simulator's fast build) against the CPU peers\n\n"
            "Median ms, same thread count, ours and the peers " + TIMING + "; "
            "ratio = peer time / our time (> 1: ours is faster); the last column is the spread of the torch "
            "ratio between rounds (25th-75th percentile).\n\n"
            + table(cpu_header, cpu_rows) +
            f"\n\n## NPU, modelled ({npu['soc']}, {npu['aiv_cores']} vector cores)\n\n"
            "All NPU figures are modelled by the simulator's cost model (constants in "
            "simulator/include/ascend_sim/cost_constants.h), not measured. HBM floor: bytes that must move "
            "(input once, grid, output) over the nominal HBM bandwidth. Roofline: the cost model's own lower "
            "bound for the work (ascend_gridsample/npu_model.py `roofline`, the same constants): the input once "
            "and the grid over the modelled MTE2 bandwidth, the output over MTE3, with every core active; per "
            "output its taps over the Gather rate and a multiply-add per tap over the vector rate; the largest "
            "binds. Anchor: the official algorithm "
            "(Ascend's GridSampler2D implementation) costed analytically with the same constants (ascend_gridsample/npu_model.py). "
            "Counters per output element from the checked build.\n\n" + table(npu_header, npu_rows) + "\n")
    if args.npu_only:
        text = text.replace(table(cpu_header, cpu_rows), "(not measured: --npu-only)")
    target_table, verdicts = target_rows(results)
    text += ("\n## Targets (modelled time against the roofline)\n\n"
             "Cases marked (u) are smooth warps the fixed cases do not contain. Modelled NPU time against the "
             "cost model's roofline per case class (the nominal HBM floor ratio beside it); random grids "
             "against the official algorithm; the CPU fallback against torch on every case.\n\n" +
             "\n".join(verdicts) + "\n\n" +
             table(["case", "class", "ours us (modelled)", "roofline us (binds)", "ours/roofline", "target", "verdict",
                    "ours/HBM floor"], target_table) + "\n")
    text += ("\n## Where the slowest core's cycles go (modelled)\n\n"
             "The busy cycles of each pipe of the case's slowest core, by the API that spent them (thousands of "
             "cycles; the checked build's launch statistics, `busy_by_api`). The pipes overlap: the core's time is "
             "at least its busiest pipe. V beyond Gather and the multiply-adds (Mul, MulAddDst) is the tiles' "
             "coordinate work (Adds, Select, Cast, ...) and the zero areas of channel-last windows and of the per-point path (Duplicate); S \"issue\" is "
             "the scalar unit issuing the other pipes' instructions.\n\n" +
             table(["case", "V", "MTE2", "MTE3", "S"],
                   [[r[0]] + [r[2]["by_api"][p] if "by_api" in r[2] else "-" for p in ("V", "MTE2", "MTE3", "S")]
                    for r in results]) + "\n")
    if not args.only:
        text += backward_section(args.quick)
        if not args.npu_only:
            text += small_calls_section(args.quick)
    print(text)
    if args.report:
        # the hand-written analysis below the marker survives a new run
        notes = ""
        if os.path.exists(args.report):
            with open(args.report) as fh:
                previous = fh.read()
            if NOTES_MARKER in previous:
                notes = previous[previous.index(NOTES_MARKER):]
        with open(args.report, "w") as fh:
            fh.write(text + ("\n" + notes if notes else ""))
        write_plot(plot, os.path.splitext(args.report)[0] + ".png")


def write_plot(rows, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot")
        return
    labels = [r[0] for r in rows]
    series = [("torch time / ours (CPU)", [r[1] for r in rows]),
              ("HBM floor / ours (NPU, modelled)", [r[2] for r in rows]),
              ("ours / anchor (NPU, modelled)", [r[3] for r in rows])]
    fig, ax = plt.subplots(figsize=(12, 5))
    width = 0.27
    for i, (name, values) in enumerate(series):
        xs = [j + (i - 1) * width for j in range(len(labels))]
        ax.bar(xs, [v if v is not None else 0 for v in values], width, label=name)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("ratio")
    ax.set_title("GridSample: CPU fallback vs torch, modelled NPU vs HBM floor and vs the official algorithm")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")


# ================================================================================================
# Interpolate (python scripts/bench.py --interpolate [--quick] [--report docs/performance.md])
# ================================================================================================
# Interpolate-11 attributes per mode, chosen so that torch has the same resize where it has one.
INTERP_MODES = [
    ("nearest", dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
     dict(mode="nearest")),
    ("linear", dict(mode="linear"), dict(mode="bilinear", align_corners=False)),
    ("linear_onnx", dict(mode="linear_onnx"), dict(mode="bilinear", align_corners=False)),
    ("cubic", dict(mode="cubic"), dict(mode="bicubic", align_corners=False)),
    ("bilinear_pillow", dict(mode="bilinear_pillow"), dict(mode="bilinear", antialias=True)),
    ("bicubic_pillow", dict(mode="bicubic_pillow", cube_coeff=-0.5), dict(mode="bicubic", antialias=True)),
]
PILLOW_FILTERS = {"bilinear_pillow": "BILINEAR", "bicubic_pillow": "BICUBIC"}


def interpolate_cases(quick: bool):
    """(label, NCHW shape, output (H, W)) of the benchmark: downscale 1x3x1024² -> 512², upscale
    8x64x64² -> 128², and the upscale of three channels 1x3x512² -> 1024²; each in NCHW and NHWC;
    --quick: the same ratios on small shapes."""
    if quick:
        return [("down", (1, 3, 64, 64), (32, 32)), ("up", (2, 4, 16, 16), (32, 32)), ("up", (1, 3, 32, 32), (64, 64))]
    return [("down", (1, 3, 1024, 1024), (512, 512)), ("up", (8, 64, 64, 64), (128, 128)),
            ("up", (1, 3, 512, 512), (1024, 1024))]


def interp_peer_torch(x, out_hw, channel_last, torch_kw):
    import torch
    import torch.nn.functional as F
    torch.set_num_threads(THREADS)
    t = torch.from_numpy(x)
    t = t.permute(0, 3, 1, 2) if channel_last else t      # channels_last memory stays channels_last
    return lambda: F.interpolate(t, size=out_hw, **torch_kw)


def interp_peer_openvino(x, out_hw, channel_last, attrs):
    import openvino as ov
    import openvino.opset11 as ops
    axes = [1, 2] if channel_last else [2, 3]
    param = ops.parameter(list(x.shape), np.float32)
    node = ops.interpolate(param, ops.constant(np.asarray(out_hw, np.int64)), axes=ops.constant(np.asarray(axes, np.int64)),
                           shape_calculation_mode="sizes", **{k: v for k, v in attrs.items()})
    compiled = ov.Core().compile_model(ov.Model([node], [param]), "CPU",
                                       {"INFERENCE_NUM_THREADS": THREADS, "INFERENCE_PRECISION_HINT": "f32"})
    request = compiled.create_infer_request()
    return lambda: request.infer([x])


def interp_peer_pillow(x, out_hw, channel_last, name):
    from PIL import Image
    if name not in PILLOW_FILTERS:
        raise RuntimeError("n/a (Pillow: its BILINEAR / BICUBIC are the pillow modes)")
    if channel_last:
        raise RuntimeError("n/a (Pillow: float32 planes only)")
    filt = getattr(Image, PILLOW_FILTERS[name])
    planes = [Image.fromarray(p, mode="F") for p in x.reshape((-1,) + x.shape[2:])]
    size = (out_hw[1], out_hw[0])
    return lambda: [p.resize(size, filt) for p in planes]


def interpolate_npu(x, out_hw, channel_last, attrs):
    """Modelled NPU figures of the checked build's launch: "ours" (None and "path" when the call takes
    the AI CPU), "roofline" (npu_model.interpolate_roofline, per-axis taps and input positions read
    from npu_model.interpolate_taps / interpolate_reads), "floor" (the HBM floor: the whole input
    once, the output once) and "pipes" (the slowest core's per-pipe cycles)."""
    axes = [1, 2] if channel_last else [2, 3]
    out = ags.interpolate(x, list(out_hw), axes, shape_calculation_mode="sizes", build="checked", **attrs)
    path = ags.interpolate_last_path()["path"]
    stats = ags.extension("checked").last_launch_stats("interpolate")
    constants = ags.extension("checked").cost_constants()
    taps = {a: npu_model.interpolate_taps(x.shape[a], out.shape[a], **attrs) for a in axes}
    reads = {a: npu_model.interpolate_reads(x.shape[a], out.shape[a], **attrs) for a in axes}
    figures = {"path": path, "ours": None, "floor": (x.nbytes + out.nbytes) / constants["hbm_bytes_per_s"] * 1e6,
               "roofline": npu_model.interpolate_roofline(x.shape, out.shape, x.itemsize, taps, reads,
                                                          ags.platform("checked")["aiv_cores"], constants)}
    if path == "ai_core":
        figures["ours"] = stats["modelled_us"]
        slowest = max(stats["cores"], key=lambda core: core["modelled_cycles"])
        figures["pipes"] = slowest_core_pipes(slowest)
        figures["by_api"] = slowest_core_by_api(slowest)
    return figures


INTERP_FEW_CHANNELS_TARGET = 2.0   # NHWC with few channels: modelled time / roofline, at most


def interpolate_cpu_row(case, layout, x, out_hw, axes, channel_last, name, attrs, torch_kw, peers, quick):
    """One row of the CPU table: the fast build against the peers, timed in turns (rounds_ms)."""
    runners = [lambda x=x, attrs=attrs, axes=axes: ags.interpolate(
        x, list(out_hw), axes, shape_calculation_mode="sizes", build="fast", **attrs)]
    notes = {}
    for peer, make in peers:
        try:
            arg = {"torch": torch_kw, "openvino": attrs, "pillow": name}[peer]
            runners.append(make(x, out_hw, channel_last, arg))
            notes[peer] = None
        except ImportError:
            notes[peer] = "not installed"
        except Exception as exc:   # a peer that cannot run says why
            notes[peer] = str(exc).split("\n")[0][:60]
    measured = iter(median_ms(runners, rounds=3 if quick else 7, max_seconds=5 if quick else 20))
    ours = next(measured)
    times, ratios = [], []
    for peer, _ in peers:
        if notes[peer] is not None:
            times.append(notes[peer])
            ratios.append("-")
            continue
        t = next(measured)
        times.append(f"{t:.2f}")
        ratios.append(f"{t / ours:.2f}")
    return [case, layout, f"{ours:.2f}"] + times + ratios


def interpolate_main(quick: bool, report: str | None, npu_only: bool = False):
    peers = [("torch", interp_peer_torch), ("openvino", interp_peer_openvino), ("pillow", interp_peer_pillow)]
    cpu_header = ["case", "layout", "ours ms"] + [f"{n} ms" for n, _ in peers] + [f"{n}/ours" for n, _ in peers]
    npu_header = ["case", "layout", "ours us (modelled)", "roofline us", "binds", "ours/roofline", "HBM floor us",
                  "floor/ours", "slowest core kcycles: S / MTE2 / V / MTE3, total"]
    cpu_rows, npu_rows, few_channels, few_channel_apis = [], [], [], []
    rng = np.random.default_rng(0)
    for label, shape, out_hw in interpolate_cases(quick):
        base = rng.uniform(-1, 1, shape).astype(np.float32)
        for channel_last in (False, True):
            x = np.ascontiguousarray(base.transpose(0, 2, 3, 1)) if channel_last else base
            layout = "NHWC" if channel_last else "NCHW"
            axes = [1, 2] if channel_last else [2, 3]
            for name, attrs, torch_kw in INTERP_MODES:
                if channel_last and name == "linear_onnx":
                    continue      # Interpolate-11's linear_onnx takes axes {2, 3} of a 4-D image only
                case = f"{label} {'x'.join(map(str, shape))}->{out_hw[0]}x{out_hw[1]} {name}"
                if not npu_only:
                    cpu_rows.append(interpolate_cpu_row(case, layout, x, out_hw, axes, channel_last, name, attrs,
                                                        torch_kw, peers, quick))
                npu_fig = interpolate_npu(x, out_hw, channel_last, attrs)
                us, roof = npu_fig["ours"], npu_fig["roofline"]
                npu_rows.append([case, layout, fmt(us, 1) if us is not None else f"{npu_fig['path']} path",
                                 fmt(roof["us"], 1), roof["binds"], f"{us / roof['us']:.2f}x" if us else "-",
                                 fmt(npu_fig["floor"], 2), fmt(npu_fig["floor"] / us) if us else "-",
                                 npu_fig.get("pipes", "-")])
                if channel_last and shape[1] < 8:
                    few_channels.append((case, us / roof["us"] if us else float("inf")))
                    if "by_api" in npu_fig:
                        few_channel_apis.append([case] + [npu_fig["by_api"][p] for p in ("V", "MTE2", "MTE3", "S")])

    def table(header, rows):
        return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] +
                         ["| " + " | ".join(r) + " |" for r in rows])

    machine = machine_line()
    npu = ags.platform("checked")
    text = (f"# Interpolate performance\n\n{datetime.date.today().isoformat()}, {machine}"
            f"{' (quick mode: small shapes)' if quick else ''}. float32, sizes mode, axes H and W.\n\n"
            "## CPU fallback (the simulator's fast build) against the CPU peers\n\n"
            "Median ms, same thread count, ours and the peers " + TIMING + "; ratio = peer "
            "time / our time (> 1: ours is faster). torch runs its equivalent mode (nearest: asymmetric + floor; "
            "linear, linear_onnx: bilinear; cubic: bicubic; pillow modes: antialias=True); OpenVINO runs "
            "Interpolate-11 with the same attributes (INFERENCE_PRECISION_HINT f32); Pillow resizes each "
            "float32 plane (mode F) with BILINEAR / BICUBIC.\n\n" + table(cpu_header, cpu_rows) +
            f"\n\n## NPU, modelled ({npu['soc']}, {npu['aiv_cores']} vector cores)\n\n"
            "Modelled by the simulator's cost model (checked build's launch statistics), not measured. "
            "Roofline: the cost model's own lower bound for the work (ascend_gridsample/npu_model.py "
            "`interpolate_roofline`, the same constants): the input the resize reads (the positions "
            "with a nonzero weight for some output; whole 32-byte blocks along the innermost resized axis) once "
            "over the modelled MTE2 bandwidth, the output written once over MTE3, every core active; per output of each pass one "
            "multiply-add per tap, and one Gather element per tap on the pass over the innermost resized axis "
            "when fewer than 32 bytes follow it (the taps: nonzero weights per output); the largest binds. "
            "HBM floor: the input read once and the output written once over the nominal HBM bandwidth.\n\n"
            + table(npu_header, npu_rows) + "\n\n" + few_channels_verdict(few_channels) + "\n\n"
            "Where the slowest core's cycles go in the NHWC cases with few channels (thousands of busy cycles "
            "per pipe, by the API that spent them; `busy_by_api` of the checked build):\n\n"
            + table(["case", "V", "MTE2", "MTE3", "S"], few_channel_apis) + "\n")
    if npu_only:   # no CPU table: printed, never written to the report
        print(text[text.index("## NPU, modelled"):])
        return
    print(text)
    if report:
        write_section(report, text, "# Interpolate performance")


def few_channels_verdict(rows):
    """The target line of NHWC with few channels: modelled / roofline <= INTERP_FEW_CHANNELS_TARGET on
    every such case."""
    if not rows:
        return "NHWC with fewer than 8 channels: no case measured."
    worst_case, worst = max(rows, key=lambda r: r[1])
    met = sum(ratio <= INTERP_FEW_CHANNELS_TARGET for _, ratio in rows)
    return (f"Target, NHWC with fewer than 8 channels, modelled / roofline <= {INTERP_FEW_CHANNELS_TARGET:g}x: "
            f"{'met' if met == len(rows) else 'not met'} ({met} of {len(rows)} cases; worst {worst:.2f}x, "
            f"{worst_case}).")


def write_section(path, text, title):
    """Replaces (or appends) the section starting at `title` in the report at `path`, up to the next
    top-level title, keeping the rest of the file."""
    previous = open(path).read() if os.path.exists(path) else ""
    start = previous.find(title)
    if start < 0:
        updated = previous.rstrip("\n") + ("\n\n" if previous else "") + text
    else:
        end = previous.find("\n# ", start + len(title))
        updated = previous[:start] + text + (previous[end:] if end >= 0 else "")
    with open(path, "w") as fh:
        fh.write(updated)


if __name__ == "__main__":
    main()
