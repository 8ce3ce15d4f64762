"""Replays every input the aclnn fuzzer (tests/fuzz/aclnn_fuzz.py) has found, and its seeds,
through the same property check; each file in regressions/ is named after what it exposed.
Run by scripts/fuzz.sh before fuzzing (under the sanitizer build when there is one)."""
from __future__ import annotations

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
import aclnn_fuzz  # noqa: E402

CASES = sorted((HERE / "regressions").glob("*.bin")) + sorted((HERE / "seeds").glob("*"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_fuzz_input(path):
    aclnn_fuzz.check_case(path.read_bytes())


def test_cases_exist():
    """The replay set is not empty (a missing directory would make this file assert nothing)."""
    assert any(p.parent.name == "regressions" for p in CASES)
    assert any(p.parent.name == "seeds" for p in CASES)
