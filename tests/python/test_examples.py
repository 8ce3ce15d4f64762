"""The examples run as CI would run them: examples/warp_image.py (PNG files + max error against
torch) and examples/stn.py (spatial transformer, eager and torch.compile)."""
from __future__ import annotations

import itertools
import os
import pathlib
import re
import struct
import subprocess
import sys
import zlib

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
EXPECTED_PNGS = {"input.png"} | {f"warp_{m}_{p}.png" for m, p in itertools.product(
    ["bilinear", "nearest", "bicubic"], ["zeros", "border", "reflection"])}


def run_example(args, cwd, timeout=300):
    env = dict(os.environ)
    env.pop("ASCEND_GRIDSAMPLE_BUILD", None)
    return subprocess.run([sys.executable] + [str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


def read_png(path: pathlib.Path):
    """Parses a PNG: checks the signature, every chunk's CRC, IHDR first and IEND last; returns
    (width, height, bit depth, colour type, raw scanlines)."""
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE, f"{path.name}: bad signature {data[:8]!r}"
    pos, chunks = 8, []
    while pos < len(data):
        assert pos + 12 <= len(data), f"{path.name}: truncated chunk at {pos}"
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        tag = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert len(body) == length, f"{path.name}: truncated {tag!r}"
        assert crc == zlib.crc32(tag + body) & 0xFFFFFFFF, f"{path.name}: bad CRC in {tag!r}"
        chunks.append((tag, body))
        pos += 12 + length
    assert chunks[0][0] == b"IHDR" and len(chunks[0][1]) == 13, f"{path.name}: IHDR not first / not 13 bytes"
    assert chunks[-1] == (b"IEND", b""), f"{path.name}: IEND not last"
    w, h, depth, colour, compression, filt, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (compression, filt, interlace) == (0, 0, 0)
    raw = zlib.decompress(b"".join(body for tag, body in chunks if tag == b"IDAT"))
    return w, h, depth, colour, raw


@pytest.mark.parametrize("build", [None, "checked"])
def test_warp_image_example(tmp_path, build):
    size = 96 if build is None else 40
    out_dir = tmp_path / "warp"
    args = [EXAMPLES / "warp_image.py", "--out", out_dir, "--size", size]
    if build:
        args += ["--build", build]
    r = run_example(args, cwd=tmp_path)
    assert r.returncode == 0, f"exit {r.returncode}\nstdout:\n{r.stdout}\nstderr:\n{r.stderr}"

    pngs = sorted(p.name for p in out_dir.glob("*.png"))
    assert len(pngs) == 10 and set(pngs) == EXPECTED_PNGS, pngs
    for name in pngs:
        w, h, depth, colour, raw = read_png(out_dir / name)
        assert (w, h) == (size, size), f"{name}: IHDR size {w}x{h}, expected {size}x{size}"
        assert (depth, colour) == (8, 2), f"{name}: bit depth {depth}, colour type {colour} (want 8-bit RGB)"
        assert len(raw) == h * (1 + 3 * w), f"{name}: {len(raw)} bytes of scanlines"
        assert all(raw[row * (1 + 3 * w)] <= 4 for row in range(h)), f"{name}: bad filter byte"
        pixels = bytes(b for row in range(h) for b in raw[row * (1 + 3 * w) + 1:(row + 1) * (1 + 3 * w)])
        assert len(set(pixels)) > 16, f"{name}: image is (nearly) constant"

    m = re.search(r"largest difference from torch \(float64\): ([0-9.eE+-]+)", r.stdout)
    assert m, f"max error not printed:\n{r.stdout}"
    assert float(m.group(1)) <= 1e-4
    # one table row per mode / padding, each with its error
    for mode, padding in itertools.product(["bilinear", "nearest", "bicubic"], ["zeros", "border", "reflection"]):
        row = re.search(rf"^{mode}\s+{padding}\s+([0-9.eE+-]+)\s", r.stdout, re.M)
        assert row and float(row.group(1)) <= 1e-4, f"{mode}/{padding} row missing or too large:\n{r.stdout}"
    # backend() reports ASCEND_GRIDSAMPLE_BUILD (unset here); --build only picks the build per call
    assert re.search(r"^backend: simulator-(fast|checked),", r.stdout, re.M), r.stdout
    if build is None:
        assert "backend: simulator-fast," in r.stdout


def test_warp_image_default_out_dir(tmp_path):
    """Without --out the files go to warp_output/ in the working directory."""
    r = run_example([EXAMPLES / "warp_image.py", "--size", 24], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert {p.name for p in (tmp_path / "warp_output").glob("*.png")} == EXPECTED_PNGS


def test_stn_example(tmp_path):
    path = EXAMPLES / "stn.py"
    if not path.exists():
        pytest.skip("examples/stn.py is not in the tree")
    r = run_example([path], cwd=tmp_path)
    assert r.returncode == 0, f"exit {r.returncode}\nstdout:\n{r.stdout}\nstderr:\n{r.stderr}"
    m = re.search(r"eager ([0-9.eE+-]+), torch\.compile\(fullgraph=True\) ([0-9.eE+-]+)", r.stdout)
    assert m, r.stdout
    assert float(m.group(1)) <= 1e-5 and float(m.group(2)) <= 1e-5
    assert "output (4, 3, 48, 48)" in r.stdout
