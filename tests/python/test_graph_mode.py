"""Graph mode (GE client API): a C++ program written against CANN's headers (ge/ge_api.h,
array_ops.h, grid_sample_proto.h), built with `python -m ascend_gridsample --cflags --libs` alone,
builds Data -> GridSample -> y, runs it with Session::RunGraph and returns the operator's result:
2-D and 3-D, every mode, padding and align_corners, compared with torch (tricubic with the
independent torch-rule reference). Unsupported graphs fail AddGraph / RunGraph with a GE status and
a GEGetErrorMsg text naming the node and the reason."""
import itertools
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import pytest

from conftest import MODES, PADDINGS, assert_f32_close, cubic_reference, data_range

PROGRAMS = pathlib.Path(__file__).parent / "programs"
pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")

# ge/ge_error_codes.h
ACL_ERROR_GE_PARAM_INVALID = 145000
ACL_ERROR_GE_SHAPE_INVALID = 145021
ACL_ERROR_GE_DATATYPE_INVALID = 145022


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    flags = subprocess.run([sys.executable, "-m", "ascend_gridsample", "--cflags", "--libs"],
                           check=True, capture_output=True, text=True).stdout.split()
    exe = tmp_path_factory.mktemp("graph") / "graph_grid_sample_cli"
    subprocess.run(["g++", str(PROGRAMS / "graph_grid_sample_cli.cpp"), *flags, "-o", str(exe)], check=True)
    return exe


def run_graph(cli, tmp_path, x, grid, mode="bilinear", padding="zeros", align=False, channel_last=False,
              dtype="float", op_type=None):
    files = [tmp_path / n for n in ("x.bin", "grid.bin", "y.bin")]
    files[0].write_bytes(np.ascontiguousarray(x).tobytes())
    files[1].write_bytes(np.ascontiguousarray(grid).tobytes())
    dims = lambda a: ",".join(str(d) for d in a.shape)
    args = [str(cli), dtype, mode, padding, str(int(align)), str(int(channel_last)), dims(x), dims(grid),
            *map(str, files)] + ([op_type] if op_type else [])
    r = subprocess.run(args, capture_output=True, text=True)
    lines = dict(l.split("=", 1) for l in r.stdout.splitlines() if l.startswith("msg="))
    head = r.stdout.splitlines()[0].split() if r.stdout else []
    info = dict(kv.split("=", 1) for kv in head)
    info["msg"] = lines.get("msg", "")
    info["stderr"] = r.stderr
    if r.returncode == 0:
        shape_line = [l for l in r.stdout.splitlines() if l.startswith("shape=")][0]
        shape = tuple(int(d) for d in shape_line.split()[0][6:].split(","))
        info["y"] = np.frombuffer(files[2].read_bytes(), np.float32).reshape(shape)
    return r.returncode, info


def grid_for(rng, n, out, rank):
    return rng.uniform(-1.15, 1.15, (n, *out, rank)).astype(np.float32)


@pytest.mark.parametrize("mode,padding,align", list(itertools.product(MODES, PADDINGS, (False, True))))
def test_graph_2d_matches_torch(cli, tmp_path, rng, mode, padding, align):
    x = rng.standard_normal((2, 3, 7, 9)).astype(np.float32)
    g = grid_for(rng, 2, (5, 6), 2)
    rc, info = run_graph(cli, tmp_path, x, g, mode, padding, align)
    assert rc == 0, info
    assert info["phase"] == "RunGraph" and int(info["status"]) == 0
    assert_f32_close(info["y"], x, g, mode, padding, align, what=f"graph 2-D {mode} {padding} {align}")


@pytest.mark.parametrize("mode,padding,align", list(itertools.product(MODES, PADDINGS, (False, True))))
def test_graph_3d_matches_reference(cli, tmp_path, rng, mode, padding, align):
    x = rng.standard_normal((1, 2, 4, 5, 6)).astype(np.float32)
    g = grid_for(rng, 1, (3, 4, 2), 3)
    rc, info = run_graph(cli, tmp_path, x, g, mode, padding, align)
    assert rc == 0, info
    if mode == "bicubic":   # torch has no 3-D bicubic: the torch-rule reference in float64
        ref = cubic_reference(x, g, padding, align)
        assert info["y"].shape == ref.shape
        assert np.abs(info["y"] - ref).max() <= 1e-5 * data_range(x)
    else:
        assert_f32_close(info["y"], x, g, mode, padding, align, what=f"graph 3-D {mode} {padding} {align}")


def test_graph_channel_last_input(cli, tmp_path, rng):
    """channel_last=true: x is (N, H, W, C); y is (N, C, Ho, Wo), as the IR documents."""
    x = rng.standard_normal((2, 3, 6, 5)).astype(np.float32)
    g = grid_for(rng, 2, (4, 4), 2)
    rc, info = run_graph(cli, tmp_path, np.transpose(x, (0, 2, 3, 1)), g, "bilinear", "border", True,
                         channel_last=True)
    assert rc == 0, info
    assert_f32_close(info["y"], x, g, "bilinear", "border", True, what="graph channel_last")


def test_graph_unknown_op_fails_add_graph(cli, tmp_path, rng):
    x = rng.standard_normal((1, 1, 2, 2)).astype(np.float32)
    rc, info = run_graph(cli, tmp_path, x, grid_for(rng, 1, (1, 1), 2), op_type="NoSuchOp")
    assert rc != 0 and info["phase"] == "AddGraph"
    assert int(info["status"]) == ACL_ERROR_GE_PARAM_INVALID
    assert "'node'" in info["msg"] and "NoSuchOp" in info["msg"] and "no registered IR prototype" in info["msg"]


def test_graph_dtype_outside_the_ir_fails_run_graph(cli, tmp_path):
    x = np.zeros((1, 1, 2, 2), np.int32)
    g = np.zeros((1, 1, 1, 2), np.int32)
    rc, info = run_graph(cli, tmp_path, x, g, dtype="int32")
    assert rc != 0 and info["phase"] == "RunGraph"
    assert int(info["status"]) == ACL_ERROR_GE_DATATYPE_INVALID
    assert "'sample'" in info["msg"] and "DT_INT32" in info["msg"] and "DT_FLOAT" in info["msg"]


@pytest.mark.parametrize("xshape,gshape,why", [
    ((1, 1, 2, 2), (1, 1, 1, 3), "grid last dim is 3; expected 2"),
    ((1, 1, 2), (1, 1, 2), "x has rank 3"),
    ((2, 1, 2, 2), (1, 1, 1, 2), "x batch 2 differs from grid batch 1"),
])
def test_graph_infer_shape_failure_fails_run_graph(cli, tmp_path, xshape, gshape, why):
    x, g = np.zeros(xshape, np.float32), np.zeros(gshape, np.float32)
    rc, info = run_graph(cli, tmp_path, x, g)
    assert rc != 0 and info["phase"] == "RunGraph"
    assert int(info["status"]) == ACL_ERROR_GE_SHAPE_INVALID
    assert "'sample'" in info["msg"] and "infer-shape failed" in info["msg"] and why in info["msg"], info["msg"]


def test_graph_bad_attribute_fails_run_graph(cli, tmp_path):
    x, g = np.zeros((1, 1, 2, 2), np.float32), np.zeros((1, 1, 1, 2), np.float32)
    rc, info = run_graph(cli, tmp_path, x, g, mode="area")
    assert rc != 0 and int(info["status"]) == ACL_ERROR_GE_SHAPE_INVALID
    assert "interpolation_mode is 'area'" in info["msg"], info["msg"]
