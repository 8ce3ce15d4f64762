"""Warps a procedurally drawn picture with an affine grid (rotation + scale) in every mode and
padding, saves the results as PNG files, and compares each with torch (max error and time).

    python examples/warp_image.py [--out DIR] [--size N] [--build fast|checked]
"""
import os

# numpy's BLAS threads spin after the grid's matrix product and would steal a core from the timings
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import itertools
import pathlib
import struct
import time
import zlib

import numpy as np

import ascend_gridsample as ags


def draw_picture(size: int) -> np.ndarray:
    """An RGB test card (1, 3, size, size) in [0, 1]: gradients, a checkerboard, rings and bars."""
    y, x = np.mgrid[0:size, 0:size].astype(np.float32) / (size - 1)
    checker = ((np.floor(x * 8) + np.floor(y * 8)) % 2).astype(np.float32)
    r = np.hypot(x - 0.5, y - 0.5)
    rings = 0.5 + 0.5 * np.cos(r * 60.0)
    red = 0.6 * x + 0.4 * checker
    green = 0.5 * y + 0.5 * rings * (r < 0.35)
    blue = 0.3 + 0.7 * (np.abs(x - y) < 0.05) + 0.5 * (np.abs(x + y - 1) < 0.03)
    return np.clip(np.stack([red, green, blue])[None], 0.0, 1.0).astype(np.float32)


def affine_grid(theta: np.ndarray, out_h: int, out_w: int) -> np.ndarray:
    """torch.nn.functional.affine_grid for one 2x3 matrix, align_corners=False: (1, H, W, 2)."""
    xs = (2.0 * np.arange(out_w) + 1.0) / out_w - 1.0
    ys = (2.0 * np.arange(out_h) + 1.0) / out_h - 1.0
    gx, gy = np.meshgrid(xs, ys)
    base = np.stack([gx, gy, np.ones_like(gx)], axis=-1)
    return (base @ theta.T)[None].astype(np.float32)


def write_png(path: pathlib.Path, image: np.ndarray) -> None:
    """Writes a (3, H, W) float image in [0, 1] as an 8-bit RGB PNG (zlib only)."""
    rgb = (np.clip(image.transpose(1, 2, 0), 0.0, 1.0) * 255.0 + 0.5).astype(np.uint8)
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[row].tobytes() for row in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    path.write_bytes(png)


def median_ms(fn, repeats: int = 7) -> float:
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return float(np.median(times))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="warp_output", help="folder for the PNG files")
    parser.add_argument("--size", type=int, default=384)
    parser.add_argument("--build", default=None, choices=[None, "fast", "checked"])
    args = parser.parse_args()
    out_dir = pathlib.Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)

    picture = draw_picture(args.size)
    angle, scale = np.deg2rad(30.0), 1.3
    theta = scale * np.array([[np.cos(angle), -np.sin(angle), 0.1], [np.sin(angle), np.cos(angle), -0.05]])
    grid = affine_grid(theta, args.size, args.size)
    write_png(out_dir / "input.png", picture[0])
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        torch = None

    print(f"backend: {ags.backend()}, picture {picture.shape}, grid {grid.shape}")
    print(f"{'mode':9} {'padding':11} {'max |ours - torch|':>19} {'ours ms':>8} {'torch ms':>9}")
    worst = 0.0
    for mode, padding in itertools.product(["bilinear", "nearest", "bicubic"], ["zeros", "border", "reflection"]):
        warped = ags.grid_sample(picture, grid, mode, padding, False, build=args.build)
        write_png(out_dir / f"warp_{mode}_{padding}.png", warped[0])
        ours_ms = median_ms(lambda: ags.grid_sample(picture, grid, mode, padding, False, build=args.build))
        if torch is None:
            print(f"{mode:9} {padding:11} {'(torch missing)':>19} {ours_ms:8.2f}")
            continue
        tp, tg = torch.from_numpy(picture), torch.from_numpy(grid)
        reference = F.grid_sample(tp.double(), tg.double(), mode=mode, padding_mode=padding, align_corners=False)
        error = float(np.abs(warped - reference.numpy()).max())
        worst = max(worst, error)
        torch_ms = median_ms(lambda: F.grid_sample(tp, tg, mode=mode, padding_mode=padding, align_corners=False))
        print(f"{mode:9} {padding:11} {error:19.2e} {ours_ms:8.2f} {torch_ms:9.2f}")
    print(f"wrote {len(list(out_dir.glob('*.png')))} PNG files to {out_dir}/")
    if torch is not None:
        print(f"largest difference from torch (float64): {worst:.2e}")
        if worst > 1e-4:
            raise SystemExit("difference from torch exceeds 1e-4")


if __name__ == "__main__":
    main()
