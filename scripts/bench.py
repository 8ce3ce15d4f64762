"""GridSample benchmark: our simulator's fast build (the CPU fallback) side by side with the CPU
peers in one run, as ratios, plus the kernel's counters per output element (from the checked
build: DMA instructions, bytes moved, scalar GM accesses).

    python scripts/bench.py            # the cases of ../shared/docs/performance.md
    python scripts/bench.py --quick    # one small case each (CI: checks the script still works)
    python scripts/bench.py --report docs/performance.md   # also write the report and its plot
    python scripts/bench.py --backward-only                # only the backward tables

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


def median_ms(fns, rounds=15, max_seconds=20.0):
    """Median ms of each callable, timed interleaved (one run of each per round) so that machine
    noise falls on all of them alike."""
    for fn in fns:
        fn()   # warm-up
    times = [[] for _ in fns]
    start = time.perf_counter()
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            fn()
            times[i].append((time.perf_counter() - t0) * 1e3)
        if time.perf_counter() - start > max_seconds:
            break
    return [float(np.median(t)) for t in times]


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
    figures = {"floor": times["floor"]}
    if times["ours"] is not None:
        total = ags.last_launch_stats("checked")["total"]
        nchw = _nchw(x, channel_last)
        outputs = nchw.shape[0] * nchw.shape[1] * int(np.prod(g.shape[1:-1]))
        figures.update({
            "ours": times["ours"],
            "dma/out": (total["mte2_instr"] + total["mte3_instr"]) / outputs,
            "bytes/out": (total["mte2_bytes"] + total["mte3_bytes"]) / outputs,
            "scalarGM/out": (total["scalar_gm_reads"] + total["scalar_gm_writes"]) / outputs,
        })
        if times["official"] is not None:
            figures["anchor"] = times["official"]
    return figures


def fmt(v, digits=2):
    return "-" if v is None else (f"{v:.{digits}f}" if isinstance(v, float) else str(v))


# ---- backward -------------------------------------------------------------------------------------
def make_backward_cases(quick: bool):
    """(label, grad_output, input, grid, mode) for the backward: the (b) flow and the (e) 3-D flow."""
    rng = np.random.default_rng(1)
    b = (2, 8, 32, 32) if quick else (8, 64, 64, 64)
    e = (1, 4, 8, 8, 8) if quick else (1, 16, 32, 32, 32)
    xb = rng.random(b, dtype=np.float32)
    gb = flow_grid(b[0], b[2], b[3], 2.0, rng)
    xe = rng.random(e, dtype=np.float32)
    ge = flow_grid_3d(e[0], e[2], e[3], e[4], 2.0, rng)
    cases = []
    for label, x, g in (("(b) flow backward", xb, gb), ("(e) 3-D flow backward", xe, ge)):
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
            "(aten grid_sampler_2d/3d_backward, both gradients), median ms, same thread count, timed "
            "interleaved; ratio > 1: ours is faster.\n\n" + table(cpu_header, cpu_rows) +
            "\n\nNPU, modelled by the checked build's cost model (the sum over the AI Core kernels of one "
            "call). HBM floor: read grad_output, input and grid once, write both gradients once. Official: "
            "the GridSampler2DGrad algorithm (channels-last transposes, per-point C-vector DMAs, a GM atomic "
            "add per tap) costed with the same constants (ascend_gridsample/npu_model.py).\n\n"
            + table(npu_header, npu_rows) + "\n")


def main():
    parser = argparse.ArgumentParser(description="GridSample benchmark")
    parser.add_argument("--quick", action="store_true", help="one small case each (CI)")
    parser.add_argument("--report", help="write the markdown report (and a PNG plot beside it) here")
    parser.add_argument("--backward-only", action="store_true", help="print only the backward tables")
    args = parser.parse_args()
    if args.backward_only:
        print(backward_section(args.quick))
        return

    cpu_header = ["case", "shape", "dtype", "ours ms"] + [f"{n} ms" for n, _ in PEERS] + [f"{n}/ours" for n, _ in PEERS]
    npu_header = ["case", "ours us (modelled)", "HBM floor us", "floor/ours", "anchor us (modelled)", "anchor/ours",
                  "DMA/out", "bytes/out", "scalar GM/out"]
    cpu_rows, npu_rows, plot = [], [], []
    for label, x, g, mode, padding, channel_last in make_cases(args.quick):
        name = f"{label} {mode}/{padding}"
        runners, notes = [lambda: ags.grid_sample(x, g, mode, padding, False, channel_last=channel_last, build="fast")], {}
        for peer, make in PEERS:
            try:
                runners.append(make(x, g, mode, padding, channel_last))
                notes[peer] = None
            except ImportError:
                notes[peer] = "not installed"
            except Exception as exc:   # a peer that cannot run says why
                notes[peer] = str(exc).split("\n")[0][:60]
        measured = iter(median_ms(runners, rounds=5 if args.quick else 15))
        ours = next(measured)
        times, ratios, peer_ratio = [], [], {}
        for peer, _ in PEERS:
            if notes[peer] is not None:
                times.append(notes[peer])
                ratios.append("-")
                continue
            t = next(measured)
            times.append(f"{t:.2f}")
            ratios.append(f"{t / ours:.2f}")
            peer_ratio[peer] = t / ours
        shape = "x".join(map(str, _nchw(x, channel_last).shape))
        cpu_rows.append([name, shape, x.dtype.name, f"{ours:.2f}"] + times + ratios)
        f = npu_figures(x, g, mode, padding, channel_last)
        ours_us, anchor = f.get("ours"), f.get("anchor")
        npu_rows.append([name, fmt(ours_us, 1) if ours_us else "AI CPU path", fmt(f["floor"], 1),
                         fmt(f["floor"] / ours_us) if ours_us else "-", fmt(anchor, 1),
                         fmt(anchor / ours_us) if anchor and ours_us else "-",
                         fmt(f.get("dma/out"), 4), fmt(f.get("bytes/out"), 1), fmt(f.get("scalarGM/out"), 1)])
        plot.append((name, peer_ratio.get("torch"), f["floor"] / ours_us if ours_us else None,
                     ours_us / anchor if anchor and ours_us else None))

    def table(header, rows):
        return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] +
                         ["| " + " | ".join(r) + " |" for r in rows])

    machine = f"{platform.machine()}, {THREADS} threads, {platform.processor() or platform.platform()}"
    npu = ags.platform("checked")
    text = (f"# GridSample performance\n\n{datetime.date.today().isoformat()}, {machine}"
            f"{' (quick mode: small shapes)' if args.quick else ''}.\n\n"
            "## CPU fallback (the simulator's fast build) against the CPU peers\n\n"
            "Median ms after warm-up, same thread count, ours and the peers timed interleaved; "
            "ratio = peer time / our time (> 1: ours is faster).\n\n"
            + table(cpu_header, cpu_rows) +
            f"\n\n## NPU, modelled ({npu['soc']}, {npu['aiv_cores']} vector cores)\n\n"
            "All NPU figures are modelled by the simulator's cost model (constants in "
            "simulator/include/ascend_sim/cost_constants.h), not measured. HBM floor: bytes that must move "
            "(input once, grid, output) over the nominal HBM bandwidth. Anchor: the official algorithm "
            "(shared/docs/anchor.md) costed analytically with the same constants (ascend_gridsample/npu_model.py). "
            "Counters per output element from the checked build.\n\n" + table(npu_header, npu_rows) + "\n")
    text += backward_section(args.quick)
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


if __name__ == "__main__":
    main()
