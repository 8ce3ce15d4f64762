"""Interpolate on numpy arrays and CPU tensors (OpenVINO Interpolate-11 through aclnnInterpolate,
op_host/include/aclnnop/aclnn_interpolate.h): the attribute checks, resolving scales and sizes, and the
calls into the extension, forward and backward. No torch dispatch (ags.interpolate is in _api.py)."""
from __future__ import annotations

import math
import threading

import numpy as np

from ._runtime import _as_array, _describe, _dtype_name, _is_torch, _native, extension, raise_for_status

# Attribute values and their aclnn codes (aclnn_interpolate.h), in code order.
MODES = {"nearest": 0, "linear": 1, "linear_onnx": 2, "cubic": 3, "bilinear_pillow": 4, "bicubic_pillow": 5}
SHAPE_CALCULATION_MODES = {"sizes": 0, "scales": 1}
COORDINATE_TRANSFORMATION_MODES = {"half_pixel": 0, "pytorch_half_pixel": 1, "asymmetric": 2,
                                   "tf_half_pixel_for_nn": 3, "align_corners": 4}
NEAREST_MODES = {"round_prefer_floor": 0, "round_prefer_ceil": 1, "floor": 2, "ceil": 3, "simple": 4}
DTYPES = ("float32", "float16", "bfloat16", "float64", "int8", "uint8", "int32")
MAX_RANK = 8

_last = threading.local()


def _choice(table: dict, value, what: str) -> int:
    if not isinstance(value, str) or value not in table:
        raise ValueError(f"{what} is {value!r}; expected one of {', '.join(repr(k) for k in table)}")
    return table[value]


def _param_error(reason: str) -> ValueError:
    # the status aclnnInterpolate returns for the same arguments (161002 ACLNN_ERR_PARAM_INVALID)
    return ValueError(f"aclnn status 161002: aclnnInterpolate: {reason}")


def _int_list(values, what: str) -> list[int]:
    if hasattr(values, "tolist"):
        values = values.tolist()
    if isinstance(values, (int, np.integer)):
        values = [values]
    out = []
    for v in values:
        # a torch.SymInt: torch.compile made a traced function's int argument symbolic (it recompiled
        # for another value); int() specializes it, as axes, sizes and pads shape the output
        symbolic = type(v).__name__ == "SymInt"
        if isinstance(v, bool) or not (symbolic or isinstance(v, (int, np.integer))):
            raise ValueError(f"{what} has {v!r}; expected integers")
        out.append(int(v))
    return out


def _check_attributes(mode, shape_calculation_mode, coordinate_transformation_mode, nearest_mode, antialias,
                      cube_coeff) -> tuple:
    """The attribute checks that need no shape, in plain Python (torch.compile traces them): returns
    the codes of mode, shape calculation, coordinate transformation and nearest mode, and checks
    antialias and cube_coeff."""
    codes = (_choice(MODES, mode, "mode"),
             _choice(SHAPE_CALCULATION_MODES, shape_calculation_mode, "shape_calculation_mode"),
             _choice(COORDINATE_TRANSFORMATION_MODES, coordinate_transformation_mode, "coordinate_transformation_mode"),
             _choice(NEAREST_MODES, nearest_mode, "nearest_mode"))
    if not isinstance(antialias, (bool, np.bool_)):
        raise ValueError(f"antialias is {antialias!r}; expected True or False")
    if cube_coeff is not None and (isinstance(cube_coeff, bool) or not isinstance(
            cube_coeff, (int, float, np.floating, np.integer)) or not math.isfinite(float(cube_coeff))):
        raise ValueError(f"cube_coeff is {cube_coeff!r}; expected a finite number, or None for the mode's own "
                         "(-0.75 for cubic, -0.5 for bicubic_pillow)")
    return codes


def _scales_and_sizes(scales_or_sizes, shape_calculation_mode) -> tuple:
    """(scales, sizes): the values as floats in scales mode or ints in sizes mode (the other list
    empty), in plain Python. One number stands for a list of one."""
    if hasattr(scales_or_sizes, "tolist"):
        scales_or_sizes = scales_or_sizes.tolist()
    if isinstance(scales_or_sizes, (int, float, np.integer, np.floating)):
        scales_or_sizes = [scales_or_sizes]
    if shape_calculation_mode != "scales":
        return [], _int_list(scales_or_sizes, "sizes")
    scales = []
    for i, s in enumerate(scales_or_sizes):
        if isinstance(s, bool) or not isinstance(s, (int, float, np.integer, np.floating)):
            raise ValueError(f"scales[{i}] is {s!r}; expected a number")
        scales.append(float(s))
    return scales, []


def resolve(shape, scales_or_sizes, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
            nearest_mode, antialias, pads_begin, pads_end, cube_coeff, dtype: str) -> dict:
    """Checks every argument as aclnnInterpolate does and returns the output shape and the arguments
    in the extension's form. Shared by the operator and its fake implementation, so a traced call
    rejects exactly what the operator rejects."""
    mode_code, calc_code, coord_code, nearest_code = _check_attributes(
        mode, shape_calculation_mode, coordinate_transformation_mode, nearest_mode, antialias, cube_coeff)
    if cube_coeff is None:
        # the mode's own coefficient (aclnn_interpolate.h): -0.75 for cubic, Pillow's -0.5 for bicubic_pillow
        cube_coeff = extension().interpolate_default_cube_coeff(mode_code)
    if dtype not in DTYPES:
        raise TypeError(f"image has dtype {dtype}; expected one of {', '.join(DTYPES)}")
    shape = tuple(shape)
    rank = len(shape)
    if not 1 <= rank <= MAX_RANK:
        raise _param_error(f"x has rank {rank} (shape {list(shape)}); expected rank 1 to {MAX_RANK}")
    axes = list(range(rank)) if axes is None else _int_list(axes, "axes")
    if not axes:
        axes = list(range(rank))
    for a in axes:
        if not -rank <= a < rank:
            raise _param_error(f"axes {axes} has {a}; expected distinct axes in [{-rank}, {rank - 1}] for x of "
                               f"rank {rank} (a negative axis counts from the end)")
    given, axes = axes, [a % rank for a in axes]
    if len(set(axes)) != len(axes):
        raise _param_error(f"axes {given} repeats an axis (as {axes}); expected distinct axes")
    scales_in, sizes_in = _scales_and_sizes(scales_or_sizes, shape_calculation_mode)
    values = scales_in if calc_code == 1 else sizes_in
    name = "scales" if calc_code == 1 else "sizes"
    if len(values) != len(axes):
        raise _param_error(f"{name} has {len(values)} values for axes {axes}; expected one per axis")
    pads = []
    for what, p in (("pads_begin", pads_begin), ("pads_end", pads_end)):
        p = [] if p is None else _int_list(p, what)
        if all(v == 0 for v in p):
            p = []
        if p and len(p) != rank:
            raise _param_error(f"{what} {p} has {len(p)} values; expected one per dim of x ({rank}) or none")
        pads.append(p)
    pads_begin, pads_end = pads
    padded = [shape[d] + (pads_begin[d] if pads_begin else 0) + (pads_end[d] if pads_end else 0) for d in range(rank)]
    for d in range(rank):
        if padded[d] < 0:
            raise _param_error(f"dim {d} of x has a negative padded length {padded[d]}; expected pads that leave "
                               "a length >= 0")
    scales, sizes = [], []
    out = list(padded)
    if calc_code == 1:
        for i, s in enumerate(values):
            s32 = np.float32(s)
            if not (np.isfinite(s32) and s32 > 0):
                raise _param_error(f"scales[{i}] is {s}; expected a finite value > 0")
            scales.append(float(s32))
            # the product in float32, as Interpolate-11's shape inference computes it; int() makes a
            # symbolic length (torch.compile with dynamic shapes) concrete, as float32 rounding needs
            with np.errstate(over="ignore"):
                length = np.floor(s32 * np.float32(int(padded[axes[i]])))
            if not length < 2.0**63:
                raise _param_error(f"scales[{i}] is {s} for a padded length of {padded[axes[i]]}: an output length "
                                   "beyond int64; expected a smaller scale")
            out[axes[i]] = int(length)
    else:
        sizes = values
        for i, s in enumerate(sizes):
            if s < 0:
                raise _param_error(f"sizes[{i}] is {s}; expected a size >= 0")
            out[axes[i]] = s
    for a in axes:
        if padded[a] == 0 and out[a] > 0:
            raise _param_error(f"resized dim {a} has no input element after padding (x shape {list(shape)}); "
                               f"expected a padded length >= 1 for an output length of {out[a]}")
    if mode == "linear_onnx":
        key = sorted(axes)
        allowed = {2: [[0, 1]], 3: [[0, 1, 2]], 4: [[0, 1], [2, 3]], 5: [[0, 1, 2], [2, 3, 4]]}
        if key not in allowed.get(rank, []):
            raise _param_error(f"mode 2 (linear_onnx) with rank {rank} and axes {axes}; expected rank 2 with axes "
                               "{0, 1}, rank 3 with {0, 1, 2}, rank 4 with {0, 1} or {2, 3}, or rank 5 with "
                               "{0, 1, 2} or {2, 3, 4}")
    if mode in ("bilinear_pillow", "bicubic_pillow") and len(axes) != 2:
        raise _param_error(f"mode {mode_code} ({mode}) with axes {axes}; expected exactly two axes")
    return {
        "out_shape": tuple(out), "scales": scales, "sizes": sizes, "axes": axes, "mode": mode_code,
        "shape_calculation_mode": calc_code, "coordinate_transformation_mode": coord_code,
        "nearest_mode": nearest_code, "antialias": bool(antialias), "pads_begin": pads_begin,
        "pads_end": pads_end, "cube_coeff": float(cube_coeff),
    }


def _calculation_mode_of(scales_or_sizes) -> str:
    """shape_calculation_mode when none is given: "sizes" when every value is an integer (Python or
    numpy ints), else "scales"."""
    values = scales_or_sizes.tolist() if hasattr(scales_or_sizes, "tolist") else scales_or_sizes
    values = values if isinstance(values, (list, tuple)) else [values]
    integers = all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values)
    return "sizes" if integers else "scales"


def run(image, scales_or_sizes, axes, mode, shape_calculation_mode, coordinate_transformation_mode, nearest_mode,
        antialias, pads_begin, pads_end, cube_coeff, build):
    """Runs the operator on a numpy array or CPU tensor (no torch dispatch)."""
    torch_in = _is_torch(image)
    if not torch_in:
        image = _as_array(image, "image", DTYPES)
    r = resolve(image.shape, scales_or_sizes, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
                nearest_mode, antialias, pads_begin, pads_end, cube_coeff, _dtype_name(image))
    if torch_in:
        import torch
        if image.device.type != "cpu":
            raise ValueError(f"image is on {image.device}; the simulator backend takes CPU tensors")
        out = torch.empty(r["out_shape"], dtype=image.dtype, device=image.device)
    else:
        out = np.empty(r["out_shape"], dtype=image.dtype)
    status, message, path, reason = extension(build).interpolate(
        _describe(image, "image"), _describe(out, "out"), r["scales"], r["sizes"], r["axes"], r["mode"],
        r["shape_calculation_mode"], r["coordinate_transformation_mode"], r["nearest_mode"], r["antialias"],
        r["pads_begin"], r["pads_end"], r["cube_coeff"])
    raise_for_status(status, message)
    _last.path = {"path": path, "reason": reason}
    return out


FLOATING = ("float32", "float16", "bfloat16", "float64")


def resolve_backward(grad_output, input_shape, scales_or_sizes, axes, mode, shape_calculation_mode,
                     coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end, cube_coeff) -> dict:
    """The checks of aclnnInterpolateBackward: those of the forward on an input of ``input_shape``,
    then a floating dtype and grad_output of the forward's output shape. Shared by the operator and
    its fake implementation."""
    dtype = _dtype_name(grad_output)
    r = resolve(input_shape, scales_or_sizes, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
                nearest_mode, antialias, pads_begin, pads_end, cube_coeff, dtype)
    if dtype not in FLOATING:
        raise ValueError(f"aclnn status 161002: aclnnInterpolateBackward: gradY dtype {dtype} has no gradient; "
                         f"expected {', '.join(FLOATING)}")
    if tuple(grad_output.shape) != tuple(r["out_shape"]):
        raise ValueError(f"aclnn status 161002: aclnnInterpolateBackward: grad_output has shape "
                         f"{list(grad_output.shape)}; expected {list(r['out_shape'])}, the shape of interpolate's "
                         f"output for an input of shape {list(input_shape)}")
    return r


def run_backward(grad_output, input_shape, scales_or_sizes, axes, mode, shape_calculation_mode,
                 coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end, cube_coeff, build):
    """Runs the backward on a numpy array or CPU tensor (no torch dispatch)."""
    torch_in = _is_torch(grad_output)
    if not torch_in:
        grad_output = _native(np.asarray(grad_output))
    r = resolve_backward(grad_output, input_shape, scales_or_sizes, axes, mode, shape_calculation_mode,
                         coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end, cube_coeff)
    if torch_in:
        import torch
        if grad_output.device.type != "cpu":
            raise ValueError(f"grad_output is on {grad_output.device}; the simulator backend takes CPU tensors")
        grad_input = torch.empty(tuple(input_shape), dtype=grad_output.dtype, device=grad_output.device)
    else:
        grad_input = np.empty(tuple(input_shape), dtype=grad_output.dtype)
    status, message, path, reason = extension(build).interpolate(
        _describe(grad_input, "grad_input"), _describe(grad_output, "grad_output"), r["scales"], r["sizes"],
        r["axes"], r["mode"], r["shape_calculation_mode"], r["coordinate_transformation_mode"], r["nearest_mode"],
        r["antialias"], r["pads_begin"], r["pads_end"], r["cube_coeff"], backward=True)
    raise_for_status(status, message)
    _last.path = {"path": path, "reason": reason}
    return grad_input


def last_path() -> dict:
    """Which path the calling thread's last interpolate or interpolate_backward ran:
    {"path": "ai_core" | "ai_cpu" | "none", "reason": why}."""
    return dict(getattr(_last, "path", {"path": "", "reason": "no interpolate call yet"}))
