"""GridSample on numpy arrays and CPU tensors: the argument checks (shared with the torch operators'
fake implementations) and the calls into the extension, forward and backward. No torch dispatch."""
from __future__ import annotations

import math

import numpy as np

from ._runtime import _ACL_DTYPES, _as_array, _describe, _dtype_name, _is_torch, _lookup, extension, raise_for_status

_MODES = {"bilinear": 0, "linear": 0, "nearest": 1, "bicubic": 2, "cubic": 2}
_PADDINGS = {"zeros": 0, "border": 1, "reflection": 2}
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
    raise_for_status(status, message)
    return out


# ---- GridSample backward ------------------------------------------------------------------------
# the AI Core kernels one backward call launches, in order (last_launch_stats(kernel=...))
BACKWARD_KERNELS = ("grid_sample_grad",)


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
    raise_for_status(status, message)
    return grad_input, grad_grid
