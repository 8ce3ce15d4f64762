"""One build runs on every x86-64 CPU: the package (compiled for baseline x86-64, its AVX2 / F16C
vector paths chosen at run time) runs on an emulated CPU without AVX, AVX2, F16C or FMA (qemu-user,
`-cpu Nehalem`) and gives the same bytes as natively (NaNs compared as NaN), on the baseline lanes
there and on the wide ones natively where the CPU has them (programs/portable_probe.py prints each
case's output digest and the lanes its launch reports)."""
from __future__ import annotations

import json
import os
import pathlib
import platform
import resource
import shutil
import signal
import subprocess
import sys

import pytest

PROBE = pathlib.Path(__file__).parent / "programs" / "portable_probe.py"
QEMU = shutil.which("qemu-x86_64")
EMULATED_CPU = "Nehalem"   # x86-64-v2 (SSE4.2, POPCNT); no AVX, AVX2, F16C, FMA
WIDE = "avx2+f16c"

pytestmark = [
    pytest.mark.skipif(platform.machine() != "x86_64", reason="the wide lanes exist on x86-64 only"),
    pytest.mark.skipif(QEMU is None, reason="qemu-user is not installed (apt-get install qemu-user; .ci/run does)"),
]

# Machine code run through ctypes: one AVX2 and one F16C instruction, then ret.
PLANTED = {
    "avx2": "c5fdfec0c5f877c3",     # vpaddd ymm0, ymm0, ymm0; vzeroupper; ret
    "f16c": "c4e27913c0c3",         # vcvtph2ps xmm0, xmm0; ret
}
RUN_CODE = """
import ctypes, mmap, sys
buf = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
buf.write(bytes.fromhex(sys.argv[1]))
ctypes.CFUNCTYPE(None)(ctypes.addressof(ctypes.c_char.from_buffer(buf)))()
print("ran")
"""


# The emulator's address space: qemu-user keeps per-page state for every page the guest maps, and
# the simulator reserves up to 4 TiB of PROT_NONE device addresses (tens of GB of that state). Under
# this limit the reservation takes its smaller fallback (16 GiB), as in any process whose address
# space is limited.
EMULATED_ADDRESS_SPACE = 32 << 30


def _emulated(cmd):
    return [QEMU, "-cpu", EMULATED_CPU] + cmd


def _run(cmd, tmp_path, lanes_env=None):
    env = dict(os.environ)
    env.pop("ASCEND_SIM_LANES", None)
    if lanes_env:
        env["ASCEND_SIM_LANES"] = lanes_env
    if cmd[0] == QEMU:
        # numpy's bundled OpenBLAS picks its kernels by CPU model, and under qemu's Nehalem it picks
        # AVX ones (SIGILL at `import numpy`): name the emulated CPU to it
        env["OPENBLAS_CORETYPE"] = EMULATED_CPU

    def limits():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if cmd[0] == QEMU:
            resource.setrlimit(resource.RLIMIT_AS, (EMULATED_ADDRESS_SPACE, EMULATED_ADDRESS_SPACE))

    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env, cwd=tmp_path, preexec_fn=limits)


def _probe(prefix, tmp_path, lanes_env=None):
    r = _run(prefix + [sys.executable, str(PROBE)], tmp_path, lanes_env)
    assert r.returncode == 0, r.stderr[-3000:]
    return [json.loads(line) for line in r.stdout.splitlines()]


def _cpu_flags():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


@pytest.mark.parametrize("feature", sorted(PLANTED))
def test_emulated_cpu_lacks_the_wide_instructions(feature, tmp_path):
    """The emulated CPU really lacks AVX2 and F16C: an instruction of each stops a process there
    with SIGILL, and runs natively where the host has it."""
    code = [sys.executable, "-S", "-c", RUN_CODE, PLANTED[feature]]
    emulated = _run(_emulated(code), tmp_path)
    assert emulated.returncode == -signal.SIGILL, (emulated.returncode, emulated.stderr[-500:])
    if feature in _cpu_flags():
        native = _run(code, tmp_path)
        assert native.returncode == 0 and native.stdout.strip() == "ran", native.stderr[-500:]


def test_same_results_on_a_cpu_without_avx2(tmp_path):
    native = _probe([], tmp_path)
    native_baseline = _probe([], tmp_path, lanes_env="baseline")
    emulated = _probe(_emulated([]), tmp_path)
    assert len(native) >= 12
    digests = [(c["case"], c["sha256"]) for c in native]
    assert [(c["case"], c["sha256"]) for c in native_baseline] == digests
    assert [(c["case"], c["sha256"]) for c in emulated] == digests
    # the lanes each launch ran on: the wide ones natively where the CPU has them, never emulated
    host_wide = {"avx2", "f16c"} <= _cpu_flags()
    for c in native:
        assert c["lanes"] == WIDE if host_wide else c["lanes"].startswith("baseline ("), c
    for c in native_baseline:
        assert c["lanes"].startswith("baseline (turned off"), c
    for c in emulated:
        assert c["lanes"] == "baseline (the CPU lacks AVX2 or F16C)", c
    # the scattered case took the per-point path: a DMA per tap row of each point in bounds (the
    # window path loads a few windows)
    scattered = next(c for c in native if "per-point" in c["case"])
    assert scattered["mte2_instr"] >= 12 * 16, scattered
