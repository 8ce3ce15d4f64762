"""The checked and fast simulator builds agree bit for bit; launch counters are sane (no scalar
GM access, UB within the platform, block_dim within the core count); other platforms (core
counts, UB sizes, SoCs) still give correct results."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import ascend_gridsample as ags
from conftest import (BUILDS, COMBOS, max_blocks, KERNEL_DTYPES, MODES, PADDINGS, affine_grid, assert_bit_equal,
                      check_against_torch, combo_id, random_grid, random_input)


def representative_cases():
    """(id, x, grid, mode, padding, align) over the main shapes and paths, all kernel dtypes."""
    rng = np.random.default_rng(1234)
    cases = []
    for dtype, dt in KERNEL_DTYPES.items():
        for mode, padding, align in COMBOS:
            x = random_input(rng, (2, 5, 11, 13), dt)
            grid = random_grid(rng, 2, 7, 9, lim=1.5, dtype=dt)
            grid[0, 0, :5, 0] = [np.nan, np.inf, -np.inf, 3.0, -50.0]
            grid[1, 1, :3, 1] = [np.nan, np.inf, -np.inf]
            cases.append((f"{dtype}-{combo_id(mode, padding, align)}", x, grid, mode, padding, align))
        for mode in MODES:
            cases += [
                (f"{dtype}-{mode}-per-point", random_input(rng, (1, 4, 300, 400), dt),
                 random_grid(rng, 1, 20, 30, dtype=dt), mode, "zeros", False),
                (f"{dtype}-{mode}-wide", random_input(rng, (1, 2, 10, 30), dt),
                 random_grid(rng, 1, 3, 3000, lim=1.2, dtype=dt), mode, "reflection", True),
                (f"{dtype}-{mode}-window", random_input(rng, (2, 8, 64, 80), dt),
                 affine_grid(2, 48, 60, dtype=dt), mode, "border", False),
                (f"{dtype}-{mode}-c300", random_input(rng, (1, 300, 19, 23), dt),
                 random_grid(rng, 1, 9, 13, lim=1.1, dtype=dt), mode, "zeros", True),
                (f"{dtype}-{mode}-size1", random_input(rng, (2, 3, 1, 7), dt),
                 random_grid(rng, 2, 5, 6, lim=1.6, dtype=dt), mode, "reflection", False),
                (f"{dtype}-{mode}-tails", random_input(rng, (5, 1, 7, 9), dt),
                 random_grid(rng, 5, 13, 65, lim=1.2, dtype=dt), mode, "border", True),
            ]
    return cases


CASES = representative_cases()


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_checked_equals_fast(case):
    _, x, grid, mode, padding, align = case
    fast = ags.grid_sample(x, grid, mode, padding, align, build="fast")
    checked = ags.grid_sample(x, grid, mode, padding, align, build="checked")
    assert_bit_equal(checked, fast, f"checked vs fast {case[0]}")
    # and through the transposed-view (staged) input as well
    xt = np.ascontiguousarray(np.swapaxes(x, 2, 3)).swapaxes(2, 3)
    assert_bit_equal(ags.grid_sample(xt, grid, mode, padding, align, build="checked"), fast, f"view {case[0]}")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("case", CASES[::3], ids=[c[0] for c in CASES[::3]])
def test_counters_sane(build, case):
    _, x, grid, mode, padding, align = case
    out = ags.grid_sample(x, grid, mode, padding, align, build=build)
    st = ags.last_launch_stats(build)
    plat = ags.platform(build)
    assert st["kernel"], "the AI Core kernel should have run"
    assert 1 <= st["block_dim"] <= plat["aiv_cores"]
    assert len(st["cores"]) == st["block_dim"]
    for i, core in enumerate(st["cores"]):
        assert core["scalar_gm_reads"] == 0 and core["scalar_gm_writes"] == 0, f"core {i}: scalar GM access {core}"
        assert 0 < core["peak_ub_bytes"] <= plat["ub_bytes"], f"core {i}: UB {core['peak_ub_bytes']}"
        assert core["mte3_instr"] >= 1, f"core {i} wrote nothing"
    for key in ("mte2_instr", "mte2_bytes", "mte3_instr", "mte3_bytes", "vec_instr", "scalar_gm_reads",
                "scalar_gm_writes"):
        assert st["total"][key] == sum(c[key] for c in st["cores"]), key
    assert st["total"]["mte3_bytes"] >= out.nbytes, "every output byte is written by a DMA"
    assert st["total"]["mte2_bytes"] >= grid.nbytes, "every grid byte is read by a DMA"


@pytest.mark.parametrize("case", [c for c in CASES if c[0].startswith("float32") and
                                  ("window" in c[0] or "per-point" in c[0])], ids=lambda c: c[0])
def test_busy_by_api_adds_up(case):
    """Each pipe's busy cycles split by API add up to the pipe's busy cycles, and the instruction
    counts to the counters' (the checked build); the fast build models no time."""
    _, x, grid, mode, padding, align = case
    ags.grid_sample(x, grid, mode, padding, align, build="checked")
    st = ags.last_launch_stats("checked")
    for core in st["cores"] + [st["total"]]:
        by_api = core["busy_by_api"]
        def pipe_sum(pipe, what):
            return sum(v[what] for k, v in by_api.items() if k.split(" ", 1)[0] == pipe)
        for pipe, busy in (("S", "busy_s"), ("MTE2", "busy_mte2"), ("V", "busy_v"), ("MTE3", "busy_mte3")):
            assert pipe_sum(pipe, 1) == core[busy], (pipe, by_api)
        assert pipe_sum("MTE2", 0) == core["mte2_instr"] and pipe_sum("MTE3", 0) == core["mte3_instr"]
        assert pipe_sum("V", 0) == core["vec_instr"] + core["ub_copy_instr"]
        assert by_api.get("S LocalTensor::GetValue", (0, 0))[0] == core["scalar_ub_reads"]
    gathers = st["total"]["busy_by_api"].get("V Gather", (0, 0))
    assert gathers[0] > 0 and gathers[1] > 0, "taps are gathered on both paths"
    if mode != "nearest":
        assert "V MulAddDst" in st["total"]["busy_by_api"]
    ags.grid_sample(x, grid, mode, padding, align, build="fast")
    assert ags.last_launch_stats("fast")["total"]["busy_by_api"] == {}


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("cores", [1, 2, 8, 40, 48])
def test_core_counts(rng, build, cores):
    ags.set_platform(cores=cores, build=build)
    assert ags.platform(build)["aiv_cores"] == cores and ags.platform(build)["aic_cores"] == (cores + 1) // 2
    for k, (mode, padding, align) in enumerate(COMBOS[::2]):
        dt = list(KERNEL_DTYPES.values())[k % 3]
        x = random_input(rng, (3, 4, 13, 17), dt)
        for grid in (random_grid(rng, 3, 11, 29, lim=1.3, dtype=dt), random_grid(rng, 1, 2, 2100, dtype=dt)[[0] * 3]):
            check_against_torch(x, grid, mode, padding, align, build=build)
            st = ags.last_launch_stats(build)
            assert 1 <= st["block_dim"] <= cores
            assert all(c["peak_ub_bytes"] <= ags.platform(build)["ub_bytes"] for c in st["cores"])


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("channel_last,dtype", [(False, np.float16), (True, np.float32)])
def test_weighted_split_same_bits_on_any_core_count(rng, build, channel_last, dtype):
    """An 80-column output in 32-column blocks (float16, or channel-last float32): its edge tiles
    have fewer slots, and on 48 cores the tiling splits the units by their cost (test_tiling.cpp
    pins that choice for these shapes); the outputs agree with torch and, bit for bit, with those
    of 1 and 5 cores."""
    x = random_input(rng, (4, 32, 96, 80), dtype)
    grid = affine_grid(4, 96, 80, angle=0.0, scale=1.0, shift=(0.0, 0.0), noise=0.02, rng=rng, dtype=dtype)
    xx = np.ascontiguousarray(x.transpose(0, 2, 3, 1)) if channel_last else x
    ags.set_platform(cores=48, build=build)
    weighted = check_against_torch(xx, grid, "bilinear", "zeros", False, build=build, channel_last=channel_last)
    assert ags.last_launch_stats(build)["block_dim"] == 48
    for cores in (1, 5):
        ags.set_platform(cores=cores, build=build)
        out = ags.grid_sample(xx, grid, "bilinear", "zeros", False, channel_last=channel_last, build=build)
        assert ags.last_launch_stats(build)["block_dim"] == cores
        assert_bit_equal(out, weighted, f"{cores} cores against 48")


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("ub_bytes", [32768, 65536, 100000, 131072])
def test_smaller_ub(rng, build, ub_bytes):
    ags.set_platform(ub_bytes=ub_bytes, build=build)
    for mode in MODES:
        for x, grid in ((random_input(rng, (1, 40, 30, 40)), affine_grid(1, 33, 47)),
                        (random_input(rng, (1, 4, 300, 400)), random_grid(rng, 1, 20, 30)),
                        (random_input(rng, (2, 3, 12, 12)), random_grid(rng, 2, 3, 2500, lim=1.2))):
            before = ags.last_launch_stats(build)["serial"]
            check_against_torch(x, grid, mode, PADDINGS[MODES.index(mode)], True, build=build)
            st = ags.last_launch_stats(build)
            assert st["serial"] > before and st["block_dim"] >= 1, "the AI Core kernel should still run with this UB"
            assert all(c["peak_ub_bytes"] <= ub_bytes for c in st["cores"]), [c["peak_ub_bytes"] for c in st["cores"]]
            assert all(c["scalar_gm_reads"] == 0 and c["scalar_gm_writes"] == 0 for c in st["cores"])


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("build", BUILDS)
def test_soc_910b3(rng, build):
    ags.set_platform(soc="Ascend910B3", build=build)
    plat = ags.platform(build)
    assert plat["soc"] == "Ascend910B3"
    for mode, padding, align in COMBOS[1::3]:
        x = random_input(rng, (2, 6, 21, 25))
        check_against_torch(x, random_grid(rng, 2, 31, 37, lim=1.2), mode, padding, align, build=build)
        assert ags.last_launch_stats(build)["block_dim"] <= plat["aiv_cores"]


def test_suite_platform():
    for b in BUILDS:
        p = ags.platform(b)
        assert p["soc"] == "Ascend910B2" and p["aiv_cores"] == 48, p


@pytest.mark.parametrize("threads", [None, "1", "3", "48", "100"])
def test_default_platform(threads):
    """A process starts on the Ascend910B2; the fast build (the CPU fallback) on as many of its 48
    vector cores as the launcher has threads (ASCEND_SIM_THREADS, else the CPUs the process may run
    on), which its launches use and set_platform(soc="default") restores."""
    script = ("import numpy as np, ascend_gridsample as ags\n"
              "print(ags.platform('fast')['aiv_cores'], ags.platform('checked')['aiv_cores'])\n"
              "x = np.ones((1, 64, 64, 64), np.float32)\n"
              "ags.grid_sample(x, np.zeros((1, 64, 64, 2), np.float32), build='fast')\n"
              "print(ags.last_launch_stats('fast')['block_dim'])\n"
              "ags.set_platform(soc='Ascend910B2', build='fast')\n"
              "ags.set_platform(soc='default', build='fast')\n"
              "p = ags.platform('fast')\n"
              "print(p['soc'], p['aiv_cores'], p['aic_cores'])\n")
    env = dict(os.environ)
    env.pop("ASCEND_SIM_THREADS", None)
    if threads is not None:
        env["ASCEND_SIM_THREADS"] = threads
    fast_cores = min(48, int(threads) if threads is not None else len(os.sched_getaffinity(0)))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True).stdout.split()
    # an AI Core pairs two vector cores with a cube core
    assert out[:2] == [str(fast_cores), "48"] and out[3:] == ["Ascend910B2", str(fast_cores), str((fast_cores + 1) // 2)], out
    # this problem's 48-core tiling takes every core (64 channels of 4 tiles: 64 units)
    assert int(out[2]) == fast_cores, f"the launch ran on {out[2]} cores, expected {fast_cores}"


@pytest.mark.usefixtures("restore_platform")
@pytest.mark.parametrize("cores", [1, 2, 3])
def test_few_cores_equal_the_npu_tiling(cores):
    """The fast build's default platform on a machine of a few threads: every kernel's results
    equal, bit for bit, those of the NPU's 48-core tiling, on calls whose 48-core tiling takes more
    cores (the tilings cut the work differently: fewer channel groups, larger tiles; Interpolate's
    plan may change too): forward on both paths, every dtype, 3-D and channels-last, backward, and
    Interpolate (float32 and float16, and a 1024² nearest downscale whose fused pass these core
    counts keep: the plan is fused or not as on 48 cores)."""
    rng = np.random.default_rng(cores)
    calls = []   # (what, kernel, call returning a tuple of outputs)
    for name, x, grid, mode, padding, align in CASES:
        calls.append((name, "grid_sample", lambda x=x, grid=grid, mode=mode, padding=padding, align=align:
                      (ags.grid_sample(x, grid, mode, padding, align, build="fast"),)))
    x = random_input(rng, (2, 12, 40, 52))
    x5 = random_input(rng, (2, 6, 9, 20, 24))
    for mode in MODES:
        grid3 = rng.uniform(-1.1, 1.1, (2, 7, 18, 20, 3)).astype(np.float32)
        calls.append((f"3-D {mode}", "grid_sample", lambda grid3=grid3, mode=mode:
                      (ags.grid_sample(x5, grid3, mode, "zeros", False, build="fast"),)))
        xl = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
        calls.append((f"channels-last {mode}", "grid_sample", lambda xl=xl, mode=mode:
                      (ags.grid_sample(xl, random_grid(np.random.default_rng(7), 2, 30, 44, lim=1.1), mode, "border", True,
                                       channel_last=True, build="fast"),)))
    go = rng.standard_normal((2, 12, 30, 44)).astype(np.float32)
    for mode in MODES:
        grid = random_grid(rng, 2, 30, 44, lim=1.1)
        calls.append((f"backward {mode}", "grid_sample_grad", lambda grid=grid, mode=mode:
                      ags.grid_sample_backward(go, x, grid, mode, "border", False, build="fast")))
    for dtype in (np.float32, np.float16):
        for mode in ("nearest", "linear", "cubic"):
            for size in ([17, 23], [97, 131]):
                calls.append((f"interpolate {np.dtype(dtype).name} {mode} {size}", "interpolate",
                              lambda mode=mode, size=size, xi=x.astype(dtype):
                              (ags.interpolate(xi, size, [2, 3], mode=mode, shape_calculation_mode="sizes", build="fast"),)))
    big = random_input(rng, (1, 3, 1024, 1024))
    calls.append(("interpolate nearest 1024² -> 512²", "interpolate", lambda:
                  (ags.interpolate(big, [512, 512], [2, 3], mode="nearest", shape_calculation_mode="sizes", build="fast"),)))

    def run(call, kernel):
        before = ags.last_launch_stats("fast", kernel)["serial"]
        outputs = [np.array(r, copy=True) for r in call()]
        st = ags.last_launch_stats("fast", kernel)
        assert st["serial"] > before, f"{kernel} did not run on the AI Core"
        return outputs, st["block_dim"], ags.interpolate_last_path()["reason"] if kernel == "interpolate" else ""

    npu = [run(call, kernel) for _, kernel, call in calls]
    ags.set_platform(cores=cores, build="fast")
    compared = 0
    for (name, kernel, call), (want, npu_block_dim, npu_plan) in zip(calls, npu):
        if npu_block_dim <= cores:
            continue   # the same tiling: nothing to compare
        got, block_dim, plan = run(call, kernel)
        assert block_dim <= max_blocks(kernel, cores), (name, block_dim)
        for g, w in zip(got, want):
            assert_bit_equal(g, w, f"{name} on {cores} cores")
        compared += 1
        if name.startswith("interpolate nearest 1024"):
            assert "fused" in npu_plan and "fused" in plan, (npu_plan, plan)
    assert compared >= 40, f"only {compared} calls have a 48-core tiling of more than {cores} cores"
