"""Table-driven bad-input suite for the Python API.

Every case runs in a child process forked from a clean fork server (numpy, torch and the package
preloaded, no threads started), so a crash or a hang is a failed case, not a dead test run. Each
case asserts the exception type and a phrase of its message (what was wrong and what was
expected), that the child exited normally, and that the caller's arrays were not modified.
"""
import multiprocessing as mp

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from bad_input_cases import cases, die, pair, run_case

_CTX = mp.get_context("forkserver")
_CTX.set_forkserver_preload(["numpy", "torch", "ascend_gridsample", "ascend_gridsample._torch_ops", "bad_input_cases"])
_TIMEOUT_S = 60


_TABLE = [(name, kind) for name, (kinds, *_rest) in cases().items() for kind in kinds]


@pytest.mark.parametrize("name,kind", _TABLE, ids=[f"{k}-{n}" for n, k in _TABLE])
def test_bad_input(name, kind):
    _, _, exc_type, phrase = cases()[name]
    queue = _CTX.Queue()
    child = _CTX.Process(target=run_case, args=(name, kind, queue))
    child.start()
    child.join(_TIMEOUT_S)
    if child.is_alive():
        child.kill()
        pytest.fail(f"{name} ({kind}) hung for {_TIMEOUT_S} s")
    assert child.exitcode == 0, f"{name} ({kind}): the child died with exit code {child.exitcode}"
    what, type_name, message, unchanged = queue.get(timeout=5)
    assert what == "raised", f"{name} ({kind}) returned instead of raising {exc_type.__name__}"
    assert type_name == exc_type.__name__, f"{name} ({kind}) raised {type_name}: {message}"
    assert phrase in message, f"{name} ({kind}): message {message!r} lacks {phrase!r}"
    assert unchanged, f"{name} ({kind}) modified the caller's arrays"


def test_suite_catches_a_crash():
    """The harness itself: a child that dies from a signal is reported, not lost."""
    child = _CTX.Process(target=die)
    child.start()
    child.join(_TIMEOUT_S)
    assert child.exitcode is not None and child.exitcode < 0


@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
def test_numpy_flipped_views_are_read_as_values(mode):
    """np.flip / [::-1] views (negative strides) give torch's result on the same values."""
    import ascend_gridsample as ags

    x, g = pair("numpy", (1, 3, 6, 7), (1, 4, 5, 2))
    xf, gf = x[:, ::-1, ::-1, :], g[:, :, ::-1, :]
    ours = ags.grid_sample(xf, gf, mode=mode)
    ref = torch.nn.functional.grid_sample(torch.from_numpy(xf.copy()).double(), torch.from_numpy(gf.copy()).double(),
                                          mode=mode, align_corners=False)
    np.testing.assert_allclose(ours, ref.numpy(), rtol=1e-5, atol=1e-5)
