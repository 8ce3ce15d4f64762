"""The extension layer both operators share: which build runs, describing arrays and tensors to it,
launch statistics, the planned path, the simulated platform, and its status codes."""
from __future__ import annotations

import importlib
import os

import numpy as np

# aclDataType codes (acl_meta.h)
_ACL_DTYPES = {
    "float32": 0, "float16": 1, "int8": 2, "int32": 3, "uint8": 4, "int16": 6,
    "int64": 9, "float64": 11, "bfloat16": 27,
}
_PARAM_ERRORS = (161001, 161002)
_BUILD_ENV = "ASCEND_GRIDSAMPLE_BUILD"
_extensions: dict[str, object] = {}


def extension(build: str | None = None):
    """The extension module of one simulator build: "fast" (default) or "checked"."""
    if build is None:
        build = os.environ.get(_BUILD_ENV) or "fast"
        if build not in ("fast", "checked"):
            raise ValueError(f"the environment variable {_BUILD_ENV} is {build!r}; expected 'fast' or 'checked'")
    elif build not in ("fast", "checked"):
        raise ValueError(f"build is {build!r}; expected 'fast', 'checked' or None (the environment variable "
                         f"{_BUILD_ENV}, else 'fast')")
    if build not in _extensions:
        _extensions[build] = importlib.import_module(f"ascend_gridsample._ext_{build}")
    return _extensions[build]


def _cann_runtime() -> str | None:
    """Where a CANN runtime is installed on this machine, if anywhere."""
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"):
        root = os.environ.get(var)
        if root and os.path.exists(os.path.join(root, "lib64", "libascendcl.so")):
            return root
    return None


def backend() -> str:
    """What runs the operator: the simulator's fast build unless ASCEND_GRIDSAMPLE_BUILD=checked.

    This package is built against the simulator; a CANN runtime on the machine is reported but not
    used (running on an NPU needs a build with the CANN toolkit)."""
    build = os.environ.get(_BUILD_ENV, "fast")
    cann = _cann_runtime()
    suffix = f" (CANN runtime at {cann} not used: this build targets the simulator)" if cann else ""
    return f"simulator-{build}{suffix}"


# The AI Core kernels the package launches, by name (the library's kernel table: extension().kernel_names())
KERNELS = ("grid_sample", "grid_sample_grad", "view_copy", "interpolate", "interpolate_grad")


def last_launch_stats(build: str | None = None, kernel: str = "grid_sample") -> dict:
    """Counters of the last launch of an AI Core kernel (per core and total) of a build: one of
    KERNELS ("grid_sample", the forward, by default). Before the kernel's first launch the counters
    are zeros and "serial" is 0."""
    if kernel not in KERNELS:
        raise ValueError(f"kernel is {kernel!r}; expected one of {', '.join(repr(k) for k in KERNELS)}")
    return extension(build).last_launch_stats(kernel)


def grid_sample_last_path(backward: bool = False, build: str | None = None) -> dict:
    """Which path the calling thread's last grid_sample (or, with backward=True, grid_sample_backward)
    call ran: {"path": "ai_core" | "ai_cpu" | "none" | "", "reason": the plan as
    aclnnGridSamplerLastPlan / aclnnGridSamplerBackwardLastPlan word it}, e.g. "aclnnGridSampler2D: AI
    CPU kernel GridSampleAicpu, because of dtype DOUBLE (...)"."""
    ext = extension(build)
    plan = ext.grid_sample_backward_last_plan() if backward else ext.grid_sample_last_plan()
    kind = plan.partition(": ")[2]
    path = ("ai_core" if kind.startswith("AI Core") else "ai_cpu" if kind.startswith("AI CPU")
            else "none" if kind.startswith("none") else "")
    return {"path": path, "reason": plan or "no grid_sample call yet"}


def platform(build: str | None = None) -> dict:
    return extension(build).platform()


def set_platform(soc: str = "", cores: int = 0, ub_bytes: int = 0, build: str | None = None) -> None:
    """Sets the simulated NPU: a SoC name (e.g. "Ascend910B3"), or a core count / usable UB size."""
    extension(build).set_platform(soc, cores, ub_bytes)


def _is_torch(t) -> bool:
    return type(t).__module__.startswith("torch")


_DTYPE_NAMES: dict = {}   # dtype object -> its name (numpy's name lookup costs microseconds a call)


def _dtype_name(a) -> str:
    name = _DTYPE_NAMES.get(a.dtype)
    if name is None:
        name = str(a.dtype).replace("torch.", "") if _is_torch(a) else np.dtype(a.dtype).name
        _DTYPE_NAMES[a.dtype] = name
    return name


def _describe(a, name: str):
    """(pointer, shape, element strides, acl dtype, itemsize) of an array or CPU tensor."""
    dtype = _dtype_name(a)
    if dtype not in _ACL_DTYPES:
        raise TypeError(f"{name} has dtype {dtype}; expected one of {sorted(_ACL_DTYPES)}")
    if _is_torch(a):
        if a.device.type != "cpu":
            raise ValueError(f"{name} is on {a.device}; the simulator backend takes CPU tensors")
        return (a.data_ptr(), tuple(a.shape), tuple(a.stride()), _ACL_DTYPES[dtype], a.element_size())
    item = a.dtype.itemsize
    if any(s < 0 or s % item for s in a.strides):
        raise ValueError(f"{name} has strides {a.strides} bytes; expected non-negative multiples of the item size")
    return (a.ctypes.data, a.shape, tuple(s // item for s in a.strides), _ACL_DTYPES[dtype], item)


def _lookup(table: dict, value, what: str) -> int:
    if not isinstance(value, str) or value not in table:
        raise ValueError(f"{what} is {value!r}; expected one of {sorted(table)}")
    return table[value]


def _as_array(a, name: str, dtypes) -> np.ndarray:
    """A numpy array of an argument: arrays as they are (_native), other array-likes (lists,
    tuples, scalars) as numpy converts them, with an error saying what was expected when numpy's
    dtype for them is not one of `dtypes`."""
    if isinstance(a, np.ndarray):
        return _native(a)
    array = np.asarray(a)
    if array.dtype.name not in dtypes:
        raise TypeError(f"{name} is a {type(a).__name__}, which numpy converts to dtype {array.dtype.name}; "
                        f"expected a numpy array or torch tensor of dtype {', '.join(dtypes)} "
                        f"(e.g. np.asarray({name}, np.float32))")
    return _native(array)


def _native(a):
    """numpy array the operator can address: a big-endian array is converted (copied), as numpy's
    own functions do, rather than read as if it were native; so is a view with negative strides
    (np.flip, [::-1]) or strides that are not whole elements, which a tensor view cannot express."""
    if not isinstance(a, np.ndarray):
        return a
    if not a.dtype.isnative:
        return a.astype(a.dtype.newbyteorder("="))
    if any(s < 0 or s % a.dtype.itemsize for s in a.strides):
        return np.ascontiguousarray(a)
    return a


def raise_for_status(status: int, message: str) -> None:
    """An aclnn status as an exception: parameter errors (161001, 161002) as ValueError, others as
    RuntimeError; 0 returns."""
    if status != 0:
        kind = ValueError if status in _PARAM_ERRORS else RuntimeError
        raise kind(f"aclnn status {status}: {message}")
