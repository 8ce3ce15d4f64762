"""C++ users get their flags from the installed package: a program that includes acl/acl.h,
aclnn/acl_meta.h, tikicpulib.h, kernel_operator.h and the op's aclnn header compiles, links and
runs with `python -m ascend_gridsample --cflags --libs` alone. The default is the checked build
(CPU debug mode checks every documented rule); --fast selects the fast build."""
import pathlib
import shutil
import subprocess
import sys

import pytest

PROGRAMS = pathlib.Path(__file__).parent / "programs"
needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")


def installed_flags(*extra):
    return subprocess.run([sys.executable, "-m", "ascend_gridsample", "--cflags", "--libs", *extra],
                          check=True, capture_output=True, text=True).stdout.split()


def build(program, flags, tmp_path):
    exe = tmp_path / pathlib.Path(program).stem
    subprocess.run(["g++", str(PROGRAMS / program), *flags, "-o", str(exe)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True)


def test_default_is_the_checked_build():
    default = installed_flags()
    assert default == installed_flags("--checked")
    assert "-DASCENDC_SIM_CHECKED=1" in default and "-lascend_gridsample_checked" in default
    fast = installed_flags("--fast")
    assert "-DASCENDC_SIM_CHECKED=0" in fast and "-lascend_gridsample" in fast
    assert "-lascend_gridsample_checked" not in fast


def test_fast_and_checked_are_exclusive():
    r = subprocess.run([sys.executable, "-m", "ascend_gridsample", "--cflags", "--fast", "--checked"],
                       capture_output=True, text=True)
    assert r.returncode != 0 and "not allowed with" in r.stderr


@needs_gxx
@pytest.mark.parametrize("extra", [[], ["--checked"], ["--fast"]], ids=["default", "checked", "fast"])
def test_program_builds_with_installed_flags(tmp_path, extra):
    run = build("add_one_kernel.cpp", installed_flags(*extra), tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "bad=0 acl=0" in run.stdout


@needs_gxx
def test_default_flags_report_a_planted_violation(tmp_path):
    """A 40-byte DataCopy (not whole 32-byte blocks) stops the launch under the default flags."""
    run = build("unaligned_copy_kernel.cpp", installed_flags(), tmp_path)
    assert "kernel copy_ten failed" in run.stderr, run.stdout + run.stderr
    assert "DataCopy: core 0:" in run.stderr and "not a multiple of 32" in run.stderr, run.stderr
