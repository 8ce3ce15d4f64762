"""The bad calls of test_bad_inputs.py and the function a child process runs for one of them.
Kept free of pytest so that the fork server imports it once and each child starts at once."""
import numpy as np
import torch

import ascend_gridsample as ags

# Warm torch's custom-op dispatch where this module is imported (the fork server): its lazy imports
# would otherwise take seconds in every child. Meta tensors run no kernel, so no thread starts.
ags.grid_sample(torch.zeros(1, 1, 2, 2, device="meta"), torch.zeros(1, 1, 1, 2, device="meta"))
try:   # and its error path
    ags.grid_sample(torch.zeros(1, 1, 2, 2, device="meta"), torch.zeros(2, 1, 1, 2, device="meta"))
except ValueError:
    pass


def pair(kind, in_shape=(1, 2, 4, 5), grid_shape=(1, 3, 3, 2), in_dtype="float32", grid_dtype=None):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(in_shape).astype(in_dtype)
    g = rng.uniform(-1, 1, grid_shape).astype(grid_dtype or in_dtype)
    if kind == "torch":
        return torch.from_numpy(x), torch.from_numpy(g)
    return x, g


# name -> (kinds, build(kind) -> (args, kwargs), exception type, phrase of the message)
def cases():
    import ascend_gridsample as ags  # noqa: F401  (imported in the child)

    def call(in_shape=(1, 2, 4, 5), grid_shape=(1, 3, 3, 2), in_dtype="float32", grid_dtype=None, **kw):
        def build(kind):
            x, g = pair(kind, in_shape, grid_shape, in_dtype, grid_dtype)
            return (x, g), kw
        return build

    def raw(make_input, make_grid, **kw):
        def build(kind):
            return (make_input(kind), make_grid(kind)), kw
        return build

    both = ("numpy", "torch")
    return {
        "unknown mode": (both, call(mode="linearr"), ValueError, "mode is 'linearr'; expected one of"),
        "mode not a string": (both, call(mode=None), ValueError, "mode is None; expected one of"),
        "unknown padding": (both, call(padding_mode="mirror"), ValueError, "padding_mode is 'mirror'; expected"),
        "grid dtype differs": (both, call(grid_dtype="float64"), ValueError,
                               "grid dtype float64 differs from input dtype float32"),
        "integer grid for integer input": (both, call(in_dtype="int32", grid_dtype="int32"), ValueError,
                                           "grid dtype must be floating"),
        "complex input": (("numpy",), call(in_dtype="complex64"), TypeError, "input has dtype complex64; expected one of"),
        "bool input": (both, call(in_dtype="bool", grid_dtype="float32"), TypeError, "input has dtype bool"),
        "input rank 2": (both, call(in_shape=(4, 5), grid_shape=(1, 3, 3, 2)), ValueError, "expected 3 to 8"),
        "input rank 9": (both, call(in_shape=(1,) * 9, grid_shape=(1,) * 8 + (7,)), ValueError, "expected 3 to 8"),
        "grid rank differs": (both, call(grid_shape=(1, 3, 2)), ValueError, "grid has rank 3"),
        "batch sizes differ": (both, call(grid_shape=(2, 3, 3, 2)), ValueError, "batch sizes differ"),
        "grid last dim 3 for 2-D": (both, call(grid_shape=(1, 3, 3, 3)), ValueError, "grid last dim is 3; expected 2"),
        "grid last dim 2 for 3-D": (both, call(in_shape=(1, 2, 3, 4, 5), grid_shape=(1, 2, 3, 3, 2)), ValueError,
                                    "grid last dim is 2; expected 3"),
        "zero-size input, non-empty grid": (both, call(in_shape=(1, 2, 0, 5)), ValueError,
                                            "input spatial dims must be non-zero"),
        "channel_last with the channels elsewhere": (both, call(in_shape=(1, 4, 5, 2), grid_shape=(2, 3, 3, 2),
                                                                channel_last=True), ValueError, "batch sizes differ"),
        "unknown build": (("numpy",), call(build="turbo"), ValueError, "turbo"),
        "numpy input, torch grid": (("numpy",), raw(lambda k: np.zeros((1, 1, 2, 2), np.float32),
                                                    lambda k: torch.zeros(1, 1, 1, 2)), TypeError,
                                    "both be numpy arrays or both be torch tensors"),
        "string input": (("numpy",), raw(lambda k: "image", lambda k: np.zeros((1, 1, 1, 2), np.float32)),
                         TypeError, "input is a str, which numpy converts to dtype str"),
        "None input": (("numpy",), raw(lambda k: None, lambda k: np.zeros((1, 1, 1, 2), np.float32)),
                       TypeError, "input is a NoneType, which numpy converts to dtype object"),
        "scalar input": (("numpy",), raw(lambda k: np.float32(1.0), lambda k: np.zeros((1, 1, 1, 2), np.float32)),
                         ValueError, "input has 0 dims"),
        "meta grid with a CPU input": (("torch",), raw(lambda k: torch.zeros(1, 1, 2, 2),
                                                       lambda k: torch.zeros(1, 1, 1, 2, device="meta")),
                                       RuntimeError, "expected the same device"),
    }


def snapshot(a):
    """A copy of an array's values (None for what holds no values: meta tensors, non-arrays)."""
    if isinstance(a, torch.Tensor):
        return None if a.device.type == "meta" else a.detach().numpy().copy()
    if isinstance(a, np.ndarray):
        return a.copy()
    return None


def run_case(name, kind, queue):
    import ascend_gridsample as ags

    kinds, build, _, _ = cases()[name]
    args, kwargs = build(kind)
    before = [snapshot(a) for a in args]
    try:
        ags.grid_sample(*args, **kwargs)
        outcome = ("returned", "", "")
    except Exception as e:  # noqa: BLE001 - the type is what the test checks
        outcome = ("raised", type(e).__name__, str(e))
    unchanged = all(b is None or np.array_equal(snapshot(a), b, equal_nan=True) for a, b in zip(args, before))
    queue.put(outcome + (unchanged,))


def die():
    """A child that dies from a signal, to test the harness."""
    import os
    import signal
    os.kill(os.getpid(), signal.SIGSEGV)
