"""Runs the package's AI Core kernels (the fast build) on fixed inputs and prints one JSON line per
case: its name, the SHA-256 of its output bytes (every NaN as one NaN: which NaN an operation on two
NaNs returns depends on the operand order the compiler picked, and emulators do not follow the
hardware there) and the vector lanes its launch ran with.
tests/python/test_portable_cpu.py runs it natively and on an emulated CPU without AVX2 and F16C
and compares the lines. Inputs hold NaN, infinities, values beyond float16's range and ties, so that
every lane rule of the casts, compares and selects is exercised; no torch (quick to start under
emulation)."""
import hashlib
import json

import ml_dtypes
import numpy as np

import ascend_gridsample as ags


def stress(rng, shape):
    """Uniform values with NaN, +-Inf, float16 overflow, subnormals and exact halves sprinkled in."""
    x = rng.random(shape, dtype=np.float32) * 4 - 2
    flat = x.reshape(-1)
    special = np.array([np.nan, np.inf, -np.inf, 65519.0, 65520.0, -1e10, 1e-40, 0.5, -0.0, 2.5], np.float32)
    idx = rng.choice(flat.size, size=min(flat.size, 97), replace=False)
    flat[idx] = special[np.arange(idx.size) % special.size]
    return x


def grid_of(rng, shape, scatter):
    """A smooth warp (identity plus jitter) or, with scatter, uniform points over [-1.1, 1.1], with a
    few NaN and far-outside coordinates."""
    n, *spatial, dims = shape
    axes = [(2.0 * np.arange(k) + 1.0) / k - 1.0 for k in spatial]
    base = np.stack(np.meshgrid(*axes, indexing="ij")[::-1], axis=-1)
    g = rng.uniform(-1.1, 1.1, shape) if scatter else base[None] + rng.uniform(-0.05, 0.05, shape)
    flat = g.reshape(-1)
    flat[rng.choice(flat.size, size=5, replace=False)] = [np.nan, 3.0, -7.5, 1e30, -np.inf]
    return g.astype(np.float32)


def cases():
    rng = np.random.default_rng(21)
    bf16 = ml_dtypes.bfloat16
    x2 = stress(rng, (2, 3, 24, 40))
    g2 = grid_of(rng, (2, 16, 20, 2), False)
    x_big = stress(rng, (1, 2, 300, 320))              # windows of scattered points exceed the UB
    g_scatter = grid_of(rng, (1, 12, 16, 2), True)
    x3 = stress(rng, (1, 4, 6, 10, 12))
    g3 = grid_of(rng, (1, 5, 6, 7, 3), False)
    yield "grid_sample 2-D bilinear zeros float32", "grid_sample", lambda: ags.grid_sample(x2, g2, "bilinear", "zeros")
    yield "grid_sample 2-D bilinear zeros float32 scattered (per-point path)", "grid_sample", \
        lambda: ags.grid_sample(x_big, g_scatter, "bilinear", "zeros")
    yield "grid_sample 2-D nearest border float32 align_corners", "grid_sample", \
        lambda: ags.grid_sample(x2, g2, "nearest", "border", True)
    yield "grid_sample 2-D bicubic reflection float16", "grid_sample", \
        lambda: ags.grid_sample(x2.astype(np.float16), g2.astype(np.float16), "bicubic", "reflection")
    yield "grid_sample 2-D bilinear border bfloat16", "grid_sample", \
        lambda: ags.grid_sample(x2.astype(bf16), g2.astype(bf16), "bilinear", "border")
    yield "grid_sample 2-D bilinear zeros float32 channels last", "grid_sample", \
        lambda: ags.grid_sample(np.ascontiguousarray(x2.transpose(0, 2, 3, 1)), g2, channel_last=True)
    yield "grid_sample 3-D trilinear zeros float32", "grid_sample", lambda: ags.grid_sample(x3, g3, "bilinear", "zeros")
    yield "grid_sample 3-D tricubic border float16", "grid_sample", \
        lambda: ags.grid_sample(x3.astype(np.float16), g3.astype(np.float16), "bicubic", "border")
    go = rng.random((2, 3, 16, 20), dtype=np.float32) - 0.5
    xs = rng.random(x2.shape, dtype=np.float32)       # finite: gradients of NaN inputs are NaN anyway
    yield "grid_sample backward 2-D bilinear zeros float32", "grid_sample_grad", \
        lambda: ags.grid_sample_backward(go, xs, g2, "bilinear", "zeros")
    xi = stress(rng, (1, 3, 37, 29))
    yield "interpolate linear float32 down", "interpolate", \
        lambda: ags.interpolate(xi, [19, 15], [2, 3], mode="linear", shape_calculation_mode="sizes")
    yield "interpolate cubic float16 up", "interpolate", \
        lambda: ags.interpolate(xi.astype(np.float16), [50, 61], [2, 3], mode="cubic", shape_calculation_mode="sizes")
    yield "interpolate nearest bfloat16 up", "interpolate", \
        lambda: ags.interpolate(xi.astype(bf16), [74, 40], [2, 3], mode="nearest", shape_calculation_mode="sizes")


CANONICAL_NAN = {np.dtype(np.float32): 0x7FC00000, np.dtype(np.float16): 0x7E00, np.dtype(ml_dtypes.bfloat16): 0x7FC0}


def output_bytes(o):
    o = np.ascontiguousarray(o)
    bits = o.view(np.uint32 if o.dtype.itemsize == 4 else np.uint16).copy()
    bits[np.isnan(o.astype(np.float32))] = CANONICAL_NAN[o.dtype]
    return bits.tobytes()


def main():
    np.seterr(over="ignore")   # casting the stress values to float16 overflows on purpose
    for name, kernel, run in cases():
        serial = ags.last_launch_stats("fast", kernel=kernel)["serial"]
        out = run()
        outs = out if isinstance(out, tuple) else (out,)
        h = hashlib.sha256()
        for o in outs:
            h.update(output_bytes(o))
        stats = ags.last_launch_stats("fast", kernel=kernel)
        if stats["serial"] <= serial:
            raise SystemExit(f"{name}: no {kernel} launch (another path ran)")
        print(json.dumps({"case": name, "sha256": h.hexdigest(), "lanes": stats["lanes"],
                          "mte2_instr": stats["total"]["mte2_instr"]}), flush=True)


if __name__ == "__main__":
    main()
