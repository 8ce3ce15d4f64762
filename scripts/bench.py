"""GridSample benchmark: our simulator's fast build (the CPU fallback) side by side with the CPU
peers in one run, as ratios, plus the kernel's counters per output element (from the checked
build: DMA instructions, bytes moved, scalar GM accesses).

    python scripts/bench.py            # the cases of ../shared/docs/performance.md
    python scripts/bench.py --quick    # one small case each (CI: checks the script still works)
    python scripts/bench.py --markdown docs/benchmark.md   # also write the table there

A peer that is not installed or cannot run a case says so in its row.
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import time

import numpy as np

import ascend_gridsample as ags

THREADS = os.cpu_count() or 1


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


def make_cases(quick: bool):
    rng = np.random.default_rng(0)
    if quick:
        a = (1, 3, 128, 128)
        b = (2, 8, 32, 32)
    else:
        a = (1, 3, 1024, 1024)
        b = (8, 64, 64, 64)
    xa = rng.random(a, dtype=np.float32)
    ga = affine_grid(a[0], a[2], a[3])
    xb = rng.random(b, dtype=np.float32)
    gb = flow_grid(b[0], b[2], b[3], 2.0, rng)
    return [
        ("(a) affine warp", xa, ga, "bilinear", "zeros"),
        ("(b) flow", xb, gb, "bilinear", "zeros"),
        ("(c) flow bicubic", xb, gb, "bicubic", "zeros"),
        ("(c) flow bicubic reflection", xb, gb, "bicubic", "reflection"),
        ("(d) flow nearest", xb, gb, "nearest", "zeros"),
    ]


def median_ms(fn, min_runs=5, min_seconds=0.5):
    fn()   # warm-up
    times = []
    start = time.perf_counter()
    while len(times) < min_runs or time.perf_counter() - start < min_seconds:
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
        if len(times) >= 200:
            break
    return float(np.median(times))


# ---- peers: each returns a callable, or raises with the reason it cannot run -------------------
def peer_torch(x, g, mode, padding):
    import torch
    import torch.nn.functional as F
    torch.set_num_threads(THREADS)
    tx, tg = torch.from_numpy(x), torch.from_numpy(g)
    return lambda: F.grid_sample(tx, tg, mode=mode, padding_mode=padding, align_corners=False)


def peer_onnxruntime(x, g, mode, padding):
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper
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


def peer_openvino(x, g, mode, padding):
    import openvino as ov
    import openvino.opset9 as ops
    px = ops.parameter(list(x.shape), np.float32)
    pg = ops.parameter(list(g.shape), np.float32)
    node = ops.grid_sample(px, pg, {"align_corners": False, "mode": mode, "padding_mode": padding})
    core = ov.Core()
    compiled = core.compile_model(ov.Model([node], [px, pg]), "CPU", {"INFERENCE_NUM_THREADS": THREADS})
    request = compiled.create_infer_request()
    return lambda: request.infer([x, g])


def peer_cv2(x, g, mode, padding):
    import cv2
    if x.shape[0] != 1 or mode == "nearest" or padding != "zeros":
        raise RuntimeError("n/a (cv2.remap: one HWC image, zeros padding compared here)")
    cv2.setNumThreads(THREADS)
    hwc = np.ascontiguousarray(x[0].transpose(1, 2, 0))
    h, w = x.shape[2:]
    map_x = ((g[0, ..., 0] + 1.0) * w - 1.0) / 2.0
    map_y = ((g[0, ..., 1] + 1.0) * h - 1.0) / 2.0
    interp = cv2.INTER_LINEAR if mode == "bilinear" else cv2.INTER_CUBIC
    return lambda: cv2.remap(hwc, map_x, map_y, interp, borderMode=cv2.BORDER_CONSTANT, borderValue=0)


PEERS = [("torch", peer_torch), ("onnxruntime", peer_onnxruntime), ("openvino", peer_openvino), ("cv2", peer_cv2)]


def counters_per_output(x, g, mode, padding):
    ags.grid_sample(x, g, mode, padding, False, build="checked")
    total = ags.last_launch_stats("checked")["total"]
    outputs = x.shape[0] * x.shape[1] * g.shape[1] * g.shape[2]
    return {
        "dma/out": (total["mte2_instr"] + total["mte3_instr"]) / outputs,
        "bytes/out": (total["mte2_bytes"] + total["mte3_bytes"]) / outputs,
        "scalarGM/out": (total["scalar_gm_reads"] + total["scalar_gm_writes"]) / outputs,
        "vec/out": total["vec_instr"] / outputs,
    }


def main():
    parser = argparse.ArgumentParser(description="GridSample benchmark")
    parser.add_argument("--quick", action="store_true", help="one small case each")
    parser.add_argument("--markdown", help="also write the table to this file")
    args = parser.parse_args()

    header = ["case", "shape", "ours ms"] + [f"{name} ms" for name, _ in PEERS] + [f"{name}/ours" for name, _ in PEERS]
    counter_cols = ["dma/out", "bytes/out", "scalarGM/out", "vec/out"]
    rows = []
    for label, x, g, mode, padding in make_cases(args.quick):
        ours = median_ms(lambda: ags.grid_sample(x, g, mode, padding, False, build="fast"))
        times, ratios = [], []
        for name, make in PEERS:
            try:
                t = median_ms(make(x, g, mode, padding))
                times.append(f"{t:.2f}")
                ratios.append(f"{t / ours:.2f}")
            except Exception as exc:   # a peer that cannot run says why
                reason = str(exc).split("\n")[0][:40] if not isinstance(exc, ImportError) else "not installed"
                times.append(reason)
                ratios.append("-")
        counts = counters_per_output(x, g, mode, padding)
        rows.append([label + f" {mode}/{padding}", "x".join(map(str, x.shape)), f"{ours:.2f}"] + times + ratios +
                    [f"{counts[c]:.3g}" for c in counter_cols])
    header += counter_cols
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    machine = f"{platform.machine()}, {THREADS} threads, {platform.processor() or platform.platform()}"
    stamp = datetime.date.today().isoformat()
    text = (f"GridSample CPU fallback (simulator fast build) vs peers, float32, median ms; ratio > 1 means ours is faster.\n"
            f"Counters per output element from the checked build. {stamp}, {machine}.\n\n" + "\n".join(lines) + "\n")
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
