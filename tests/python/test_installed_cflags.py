"""C++ users get their flags from the installed package: a program that includes acl/acl.h,
aclnn/acl_meta.h, tikicpulib.h, kernel_operator.h and the op's aclnn header compiles, links and
runs with `python -m ascend_gridsample --cflags --libs` alone."""
import pathlib
import shutil
import subprocess
import sys

import pytest

PROGRAM = pathlib.Path(__file__).parent / "programs" / "add_one_kernel.cpp"


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
@pytest.mark.parametrize("extra", [[], ["--checked"]], ids=["fast", "checked"])
def test_program_builds_with_installed_flags(tmp_path, extra):
    flags = subprocess.run([sys.executable, "-m", "ascend_gridsample", "--cflags", "--libs", *extra],
                           check=True, capture_output=True, text=True).stdout.split()
    exe = tmp_path / "add_one"
    subprocess.run(["g++", str(PROGRAM), *flags, "-o", str(exe)], check=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "bad=0 acl=0" in run.stdout
