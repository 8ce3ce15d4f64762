"""Python front end: argument checking, dtype mapping and dispatch to the extension."""
from __future__ import annotations

import importlib
import math
import os

import numpy as np

# aclDataType codes (acl_meta.h)
_ACL_DTYPES = {
    "float32": 0, "float16": 1, "int8": 2, "int32": 3, "uint8": 4, "int16": 6,
    "int64": 9, "float64": 11, "bfloat16": 27,
}
_MODES = {"bilinear": 0, "linear": 0, "nearest": 1, "bicubic": 2, "cubic": 2}
_PADDINGS = {"zeros": 0, "border": 1, "reflection": 2}
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


# The AI Core kernels the package launches, by the names their launches carry (op_host/launch_sim.cpp)
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


def _dtype_name(a) -> str:
    if _is_torch(a):
        return str(a.dtype).replace("torch.", "")
    return np.dtype(a.dtype).name


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


def grid_sample(input, grid, mode: str = "bilinear", padding_mode: str = "zeros", align_corners: bool = False,
                *, channel_last: bool = False, build: str | None = None):
    """Samples ``input`` at the normalized coordinates in ``grid`` (torch.nn.functional.grid_sample).

    input: (N, C, H, W) or (N, C, D, H, W), or any 1 to 6 spatial dims (N, C, S_1..S_r) as ONNX-20
    allows; with channel_last=True the channels come last. grid: (N, O_1..O_r, r), coordinates in
    [-1, 1], innermost axis (x) first. Returns (N, C, O_1..O_r), of the kind and dtype of ``input``.
    Torch tensors go through ``torch.ops.ascend_gridsample.grid_sample`` (unless ``build`` is given).
    """
    _lookup(_MODES, mode, "mode")
    _lookup(_PADDINGS, padding_mode, "padding_mode")
    torch_in = _is_torch(input)
    if torch_in != _is_torch(grid):
        raise TypeError("input and grid must both be numpy arrays or both be torch tensors")
    if torch_in and build is None:
        from . import _torch_ops
        return _torch_ops.grid_sample_op(input, grid, mode, padding_mode, bool(align_corners), bool(channel_last))
    return _run(input, grid, mode, padding_mode, align_corners, channel_last, build)


_FLOATING = ("float32", "float16", "bfloat16", "float64")


def _param_error(reason: str) -> ValueError:
    # the status aclnn returns for the same arguments (161002 ACLNN_ERR_PARAM_INVALID)
    return ValueError(f"aclnn status 161002: grid_sample: {reason}")


def check_arguments(input, grid, mode, padding_mode, channel_last) -> tuple:
    """The operator's argument checks, shared by the real operator and its fake (meta)
    implementation so that both reject the same calls with the same exception types.
    Works on anything with .shape / .dtype (numpy arrays, CPU, meta or fake tensors).
    Returns the output shape (N, C, O_1..O_r)."""
    _lookup(_MODES, mode, "mode")
    _lookup(_PADDINGS, padding_mode, "padding_mode")
    if _is_torch(input) and input.device != grid.device:
        # what torch.nn.functional.grid_sample raises for tensors on different devices
        raise RuntimeError(f"grid is on {grid.device} and input on {input.device}; expected the same device")
    in_type, grid_type = _dtype_name(input), _dtype_name(grid)
    for name, dtype in (("input", in_type), ("grid", grid_type)):
        if dtype not in _ACL_DTYPES:
            raise TypeError(f"{name} has dtype {dtype}; expected one of {sorted(_ACL_DTYPES)}")
    if in_type in _FLOATING and grid_type != in_type:
        raise _param_error(f"grid dtype {grid_type} differs from input dtype {in_type}; expected the same dtype")
    if in_type not in _FLOATING and grid_type not in _FLOATING:
        raise _param_error(f"grid dtype must be floating ({', '.join(_FLOATING)}) for an integer input "
                           f"of dtype {in_type}")
    ishape, gshape = tuple(input.shape), tuple(grid.shape)
    layout = "N, spatial dims, C" if channel_last else "N, C, spatial dims"
    # an image without its batch dim (C, H, W) or channels (H, W): say what was expected and how to add it
    missing = len(gshape) - len(ishape) if 3 <= len(gshape) <= 8 else 0
    hint = "" if missing not in (1, 2) else (
        f"; an image without its {'batch dim' if missing == 1 else 'batch and channel dims'}? expected "
        f"{len(gshape)} dims ({layout}) for a grid of {len(gshape)}: add {'it' if missing == 1 else 'them'} with "
        f"input{'[None]' if missing == 1 else '[None, None]'} (numpy) or "
        f"input{'.unsqueeze(0)' if missing == 1 else '[None, None]'} (torch)")
    if not 3 <= len(ishape) <= 8:
        raise ValueError(f"input has {len(ishape)} dims (shape {ishape}); expected 3 to 8 "
                         f"({layout}, with 1 to 6 spatial dims){hint}")
    if channel_last:
        ishape = (ishape[0], ishape[-1]) + ishape[1:-1]
    rank = len(ishape) - 2
    if len(gshape) != len(ishape):
        raise _param_error(f"grid has rank {len(gshape)} (shape {list(gshape)}); expected rank {len(ishape)} "
                           f"as input (shape {list(ishape)}){hint}")
    if gshape[0] != ishape[0]:
        raise _param_error(f"batch sizes differ: input {list(ishape)}, grid {list(gshape)}; expected equal N")
    # math.prod, not np.prod: symbolic sizes (torch.export) must not be turned into ints
    if any(s == 0 for s in ishape[2:]) and math.prod(gshape) != 0:
        raise _param_error(f"input spatial dims must be non-zero for a non-empty grid, got input shape "
                           f"{list(ishape)} and grid shape {list(gshape)}")
    if gshape[-1] != rank:
        raise _param_error(f"grid last dim is {gshape[-1]}; expected {rank}")
    return (ishape[0], ishape[1]) + gshape[1:-1]


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


def _run(input, grid, mode, padding_mode, align_corners, channel_last, build):
    """Runs the operator on numpy arrays or CPU tensors (no autograd, no torch dispatch)."""
    mode_code = _lookup(_MODES, mode, "mode")
    padding_code = _lookup(_PADDINGS, padding_mode, "padding_mode")
    torch_in = _is_torch(input)
    if not torch_in:
        input, grid = _as_array(input, "input", list(_ACL_DTYPES)), _as_array(grid, "grid", list(_ACL_DTYPES))
    out_shape = check_arguments(input, grid, mode, padding_mode, channel_last)
    if channel_last:
        perm = (0, input.ndim - 1) + tuple(range(1, input.ndim - 1))
        input = input.permute(*perm) if torch_in else input.transpose(perm)
    if torch_in:
        import torch
        out = torch.empty(out_shape, dtype=input.dtype, device=input.device)
    else:
        out = np.empty(out_shape, dtype=input.dtype)
    status, message = extension(build).grid_sample(
        _describe(input, "input"), _describe(grid, "grid"), _describe(out, "out"),
        mode_code, padding_code, bool(align_corners))
    if status != 0:
        kind = ValueError if status in _PARAM_ERRORS else RuntimeError
        raise kind(f"aclnn status {status}: {message}")
    return out


# ---- GridSample backward ------------------------------------------------------------------------
# the AI Core kernels one backward call launches, in order (last_launch_stats(kernel=...))
BACKWARD_KERNELS = ("grid_sample_grad",)

def grid_sample_backward(grad_output, input, grid, mode: str = "bilinear", padding_mode: str = "zeros",
                         align_corners: bool = False, *, output_mask=(True, True), channel_last: bool = False,
                         build: str | None = None):
    """Gradients of ``grid_sample(input, grid, ...)`` given ``grad_output`` (the gradient of the loss
    with respect to its output, shape (N, C, O_1..O_r)): returns ``(grad_input, grad_grid)``, of the
    kind, dtype and shapes of ``input`` and ``grid`` (``grad_input`` in ``input``'s layout, channels
    last with channel_last=True). ``output_mask`` = (want grad_input, want grad_grid); a gradient not
    asked for is returned as None and not computed. Floating dtypes only (float32, float16, bfloat16
    on the AI Core kernels with float32 accumulation; float64 and ranks other than 2-D / 3-D on the
    AI CPU path). Results are deterministic: bit-identical run to run and for any core count.
    Torch tensors go through ``torch.ops.ascend_gridsample.grid_sample_backward`` (unless ``build``
    is given)."""
    _lookup(_MODES, mode, "mode")
    _lookup(_PADDINGS, padding_mode, "padding_mode")
    kinds = {_is_torch(a) for a in (grad_output, input, grid)}
    if len(kinds) != 1:
        raise TypeError("grad_output, input and grid must all be numpy arrays or all be torch tensors")
    mask = _output_mask(output_mask)
    if _is_torch(input) and build is None:
        from . import _torch_ops
        gi, gg = _torch_ops.grid_sample_backward_op(grad_output, input, grid, mode, padding_mode, bool(align_corners),
                                                    bool(channel_last), list(mask))
        return (gi if mask[0] else None, gg if mask[1] else None)
    return _run_backward(grad_output, input, grid, mode, padding_mode, align_corners, channel_last, mask, build)


def _output_mask(output_mask) -> tuple:
    try:
        mask = tuple(output_mask)
    except TypeError:
        mask = None
    if mask is None or len(mask) != 2 or not all(isinstance(m, (bool, np.bool_)) for m in mask):
        raise ValueError(f"output_mask is {output_mask!r}; expected two bools (want grad_input, want grad_grid)")
    return bool(mask[0]), bool(mask[1])


def _backward_param_error(reason: str) -> ValueError:
    return ValueError(f"aclnn status 161002: grid_sample_backward: {reason}")


def check_backward_arguments(grad_output, input, grid, mode, padding_mode, channel_last) -> None:
    """The backward's argument checks (those of the forward, plus grad_output's shape and dtype and
    floating dtypes), shared by the operator and its fake implementation."""
    out_shape = check_arguments(input, grid, mode, padding_mode, channel_last)
    if _is_torch(input) and grad_output.device != input.device:
        raise RuntimeError(f"grad_output is on {grad_output.device} and input on {input.device}; "
                           "expected the same device")
    in_type, go_type = _dtype_name(input), _dtype_name(grad_output)
    if in_type not in _FLOATING:
        raise _backward_param_error(f"input dtype {in_type} has no gradient; expected a floating dtype "
                                    f"({', '.join(_FLOATING)})")
    if go_type != in_type:
        raise _backward_param_error(f"grad_output dtype {go_type} differs from input dtype {in_type}; "
                                    "expected the same dtype")
    if tuple(grad_output.shape) != tuple(out_shape):
        raise _backward_param_error(f"grad_output has shape {list(grad_output.shape)}; expected "
                                    f"{list(out_shape)}, the shape of grid_sample's output (N, C, O_1..O_r)")


def _run_backward(grad_output, input, grid, mode, padding_mode, align_corners, channel_last, mask, build):
    """Runs the backward on numpy arrays or CPU tensors (no torch dispatch). Returns (grad_input,
    grad_grid) with None for a gradient not asked for."""
    mode_code = _lookup(_MODES, mode, "mode")
    padding_code = _lookup(_PADDINGS, padding_mode, "padding_mode")
    torch_in = _is_torch(input)
    if not torch_in:
        grad_output, input, grid = (_as_array(a, name, _FLOATING) for a, name in
                                    ((grad_output, "grad_output"), (input, "input"), (grid, "grid")))
    check_backward_arguments(grad_output, input, grid, mode, padding_mode, channel_last)
    if not any(mask):
        return None, None
    # the gradients asked for, dense in the layout of input (channels last with channel_last) and grid
    if torch_in:
        import torch
        grad_input = torch.empty_like(input, memory_format=torch.contiguous_format) if mask[0] else None
        grad_grid = torch.empty_like(grid, memory_format=torch.contiguous_format) if mask[1] else None
    else:
        grad_input = np.empty(input.shape, input.dtype) if mask[0] else None
        grad_grid = np.empty(grid.shape, grid.dtype) if mask[1] else None
    nc_input, nc_grad_input = input, grad_input
    if channel_last:
        perm = (0, input.ndim - 1) + tuple(range(1, input.ndim - 1))
        nc_input = input.permute(*perm) if torch_in else input.transpose(perm)
        if grad_input is not None:
            nc_grad_input = grad_input.permute(*perm) if torch_in else grad_input.transpose(perm)
    status, message = extension(build).grid_sample_backward(
        _describe(grad_output, "grad_output"), _describe(nc_input, "input"), _describe(grid, "grid"),
        None if grad_input is None else _describe(nc_grad_input, "grad_input"),
        None if grad_grid is None else _describe(grad_grid, "grad_grid"),
        mode_code, padding_code, bool(align_corners))
    if status != 0:
        kind = ValueError if status in _PARAM_ERRORS else RuntimeError
        raise kind(f"aclnn status {status}: {message}")
    return grad_input, grad_grid
