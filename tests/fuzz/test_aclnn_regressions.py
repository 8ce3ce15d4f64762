"""Replays every input the fuzzers have found, and their seeds, through the same property check;
each file is named after what it exposed. aclnn_fuzz.py (the forward GridSampler entry points):
regressions/, seeds/, known_failures/; entry_fuzz.py (backward, Interpolate, Upsample, the Python
API): entry_regressions/, entry_seeds/.
  regressions/     found and fixed: must pass
  known_failures/  found, reported, not fixed yet: must still fail (in a child process, since
                   they crash); when one starts passing, move it to regressions/
Run by scripts/fuzz.sh before fuzzing (under the sanitizer build when there is one)."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import aclnn_fuzz  # noqa: E402
import entry_fuzz  # noqa: E402

CASES = sorted((HERE / "regressions").glob("*.bin")) + sorted((HERE / "seeds").glob("*.bin"))
# scripts/fuzz.sh also replays the corpus a fuzz run grew (under the sanitizer build)
if os.environ.get("AGS_FUZZ_REPLAY_DIR"):
    CASES += sorted(p for p in pathlib.Path(os.environ["AGS_FUZZ_REPLAY_DIR"]).iterdir() if p.is_file())
KNOWN = sorted((HERE / "known_failures").glob("*.bin"))
ENTRY_CASES = sorted((HERE / "entry_regressions").glob("*.bin")) + sorted((HERE / "entry_seeds").glob("*.bin"))
if os.environ.get("AGS_FUZZ_ENTRY_REPLAY_DIR"):
    ENTRY_CASES += sorted(p for p in pathlib.Path(os.environ["AGS_FUZZ_ENTRY_REPLAY_DIR"]).iterdir() if p.is_file())


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fuzz_input(path):
    aclnn_fuzz.check_case(path.read_bytes())


@pytest.mark.parametrize("path", ENTRY_CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_entry_fuzz_input(path):
    entry_fuzz.check_case(path.read_bytes())


@pytest.mark.parametrize("path", KNOWN, ids=lambda p: p.name)
def test_known_failure_still_fails(path):
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):
        pytest.skip("found by UBSan (null pointer passed to memcpy): fails in the ASan+UBSan build only")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import aclnn_fuzz; "
            "aclnn_fuzz.check_case(open(sys.argv[2], 'rb').read())")
    env = dict(os.environ)
    r = subprocess.run([sys.executable, "-c", code, str(HERE), str(path)], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode != 0, f"{path.name} passes now: move it to tests/fuzz/regressions/"


def test_cases_exist():
    """The replay sets are not empty (a missing directory would make this file assert nothing)."""
    assert any(p.parent.name == "seeds" for p in CASES)
    assert any(p.parent.name == "regressions" for p in CASES)
    assert {p.name.split("_")[1] for p in ENTRY_CASES if p.parent.name == "entry_seeds"} == set(entry_fuzz.ENTRIES)
