"""The examples run as CI would run them: examples/warp_image.py (a contact sheet of a photograph
warped in every mode and padding, the differences from torch, CPU and modelled NPU times) and
examples/stn.py (spatial transformer, eager and torch.compile)."""
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
MODES = ["bilinear", "nearest", "bicubic"]


def run_example(args, cwd, timeout=300, extra_env=None):
    env = dict(os.environ)
    env.pop("ASCEND_GRIDSAMPLE_BUILD", None)
    env.update(extra_env or {})
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


DIFF_ROW = re.compile(r"^(affine|flow)\s+(bilinear|nearest|bicubic)" + r"\s+([0-9.eE+-]+)" * 3 + r"\s*$", re.M)
TIME_ROW = re.compile(r"^(affine|flow)\s+(bilinear|nearest|bicubic)" + r"\s+([0-9.eE+-]+)" * 4 + r"\s*$", re.M)


@pytest.mark.parametrize("build", [None, "checked"])
def test_warp_image_example(tmp_path, build):
    """The photograph (or an image given by path), one contact sheet, every difference from torch
    within tolerance, and a time row per warp and mode."""
    args = [EXAMPLES / "warp_image.py", "--repeats", 1]
    env = {}
    if build is None:
        args += ["--size", 128]
        sheet = tmp_path / "contact_sheet.png"          # the default, in the working directory
    else:
        # any image path: a small gradient written here; the checked build runs every call
        import numpy as np
        from PIL import Image
        y, x = np.mgrid[0:40, 0:48]
        Image.fromarray(np.stack([x * 5, y * 6, 255 - x * 5], -1).astype(np.uint8)).save(tmp_path / "gradient.png")
        sheet = tmp_path / "out" / "sheet.png"
        sheet.parent.mkdir()
        args += [tmp_path / "gradient.png", "--out", sheet]
        env["ASCEND_GRIDSAMPLE_BUILD"] = "checked"
    r = run_example(args, cwd=tmp_path, extra_env=env)
    assert r.returncode == 0, f"exit {r.returncode}\nstdout:\n{r.stdout}\nstderr:\n{r.stderr}"
    assert f"(backend: simulator-{build or 'fast'})" in r.stdout, r.stdout

    # one valid PNG contact sheet: 19 panels in 3 rows, so wider than tall and not blank
    assert sheet.exists() and 50_000 < sheet.stat().st_size < 5_000_000, sheet
    w, h, depth, colour, raw = read_png(sheet)
    assert 800 <= w <= 3000 and 400 <= h < w, f"sheet is {w}x{h}"
    assert depth == 8 and colour in (2, 6), (depth, colour)
    assert len(set(raw[::97])) > 64, "sheet is (nearly) constant"

    # max |ours - torch| for every warp, mode and padding
    rows = DIFF_ROW.findall(r.stdout)
    assert {(warp, mode) for warp, mode, *_ in rows} == set(itertools.product(["affine", "flow"], MODES)), r.stdout
    for warp, mode, *diffs in rows:
        assert all(0.0 <= float(d) <= 1e-4 for d in diffs), f"{warp}/{mode}: {diffs}"

    # per warp and mode: CPU fallback ms, torch ms, modelled NPU us (ours, official algorithm)
    assert "modelled" in r.stdout and "Atlas A2" in r.stdout
    times = TIME_ROW.findall(r.stdout)
    assert {(warp, mode) for warp, mode, *_ in times} == set(itertools.product(["affine", "flow"], MODES)), r.stdout
    for warp, mode, *values in times:
        assert all(float(v) > 0 for v in values), f"{warp}/{mode}: {values}"


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
