"""Independent float64 reference of OpenVINO's Interpolate-11, written from
the OpenVINO Interpolate-11 specification and its reference formulas.

Every resized axis is applied as a dense (out_len x in_len) weight matrix, one axis after the
other. All modes are separable: the specification's joint formulas (the linear mode's
renormalised N-D triangle, cubic's product of Keys weights) factor into per-axis weights, so the
per-axis matrices give the same values. The weights are built point by point from the formulas,
with no vectorised shortcuts, so they can be read against the specification.

An axis whose output length equals its (padded) input length is left unchanged, in every mode.

Integer images: the pillow modes round (half away from zero) and clip to the type's range after
each of their two passes, as Pillow does between its two passes (in Pillow's order), and on uint8
they weight in Pillow's 8-bit fixed point (22 fraction bits, Resample.c PRECISION_BITS); every mode
rounds and clips the final result the same way.

This module is a test reference: it is validated against OpenVINO, Pillow and torch by
test_interpolate_reference.py and never uses the package under test.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Optional, Sequence

import numpy as np

MODES = ("nearest", "linear", "linear_onnx", "cubic", "bilinear_pillow", "bicubic_pillow")
SHAPE_CALCULATION_MODES = ("sizes", "scales")
COORDINATE_TRANSFORMATION_MODES = ("half_pixel", "pytorch_half_pixel", "asymmetric",
                                   "tf_half_pixel_for_nn", "align_corners")
NEAREST_MODES = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple")
PILLOW_MODES = ("bilinear_pillow", "bicubic_pillow")
# The axis sets linear_onnx accepts, by rank (interpolate.md).
LINEAR_ONNX_AXES = {2: ((0, 1),), 3: ((0, 1, 2),), 4: ((2, 3),), 5: ((2, 3, 4),)}


def _check_choice(name, value, allowed):
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")


# ------------------------------------------------------------------------------------------------
# Shapes and scales
# ------------------------------------------------------------------------------------------------
def _full_pads(pads, rank, name):
    """pads_begin / pads_end extended with zeros to the rank (the attribute's default is [0])."""
    pads = [0] if pads is None else [int(p) for p in pads]
    if len(pads) > rank:
        raise ValueError(f"{name} has {len(pads)} entries, more than the rank {rank}")
    if any(p < 0 for p in pads):
        raise ValueError(f"{name} must be non-negative; got {pads}")
    return pads + [0] * (rank - len(pads))


def output_shape_and_scales(in_shape, scales_or_sizes, axes, shape_calculation_mode, pads_begin, pads_end):
    """(padded input shape, output shape, per-axis scale used by the coordinate transforms).

    sizes:  out[axes[i]] = sizes[i], scale = out / padded_in;
    scales: out[axes[i]] = floor(scales[i] * padded_in), scale = scales[i] (the given value, as in the
    specification's reference and in ONNX Resize, not out / in)."""
    rank = len(in_shape)
    padded = [int(in_shape[d]) + pads_begin[d] + pads_end[d] for d in range(rank)]
    out = list(padded)
    scales = {}
    for i, ax in enumerate(axes):
        if shape_calculation_mode == "sizes":
            out[ax] = int(scales_or_sizes[i])
            scales[ax] = out[ax] / padded[ax] if padded[ax] else 0.0
        else:
            s = float(scales_or_sizes[i])
            # float32 product first (the operator's scales are float32), floor with a small
            # tolerance so that e.g. 0.3 * 10 gives 3 however the product rounds.
            out[ax] = int(math.floor(float(np.float32(s)) * padded[ax] + 1e-5))
            scales[ax] = float(np.float32(s))
    return padded, out, scales


# ------------------------------------------------------------------------------------------------
# Coordinates
# ------------------------------------------------------------------------------------------------
def exact_coordinate(x, scale, out_len, in_len, ctm):
    """The input coordinate of output index x as a Fraction when the formula is a quotient of
    integers (align_corners, or a scale that is the ratio of the lengths: sizes); None otherwise."""
    if ctm not in COORDINATE_TRANSFORMATION_MODES:
        raise ValueError(ctm)
    if ctm == "align_corners":
        return Fraction(0) if out_len == 1 else Fraction(x * (in_len - 1), out_len - 1)
    if ctm == "pytorch_half_pixel" and out_len == 1:
        return Fraction(0)
    if scale != out_len / in_len:
        return None
    step, half = Fraction(in_len, out_len), Fraction(1, 2)
    return {"asymmetric": x * step, "tf_half_pixel_for_nn": (x + half) * step}.get(ctm, (x + half) * step - half)


def original_coordinate(x, scale, out_len, in_len, ctm):
    """Input coordinate of output index x (interpolate.md, coordinate_transformation_mode). Where it
    is a quotient of integers, the exact value rounded once: floor, ceil and .5 ties fall where the
    formula puts them (x = 15 of 58 -> 30 is 29, where 15 / (30 / 58) in float64 is 28.999...)."""
    exact = exact_coordinate(x, scale, out_len, in_len, ctm)
    if exact is not None:
        return float(exact)
    return {"asymmetric": x / scale, "tf_half_pixel_for_nn": (x + 0.5) / scale}.get(ctm, (x + 0.5) / scale - 0.5)


def nearest_index(c, downsample, nearest_mode):
    if nearest_mode == "round_prefer_floor":
        return math.floor(c) if c == math.floor(c) + 0.5 else _round_half_away(c)
    if nearest_mode == "round_prefer_ceil":
        return math.ceil(c) if c == math.floor(c) + 0.5 else _round_half_away(c)
    if nearest_mode == "floor":
        return math.floor(c)
    if nearest_mode == "ceil":
        return math.ceil(c)
    if nearest_mode == "simple":
        return math.ceil(c) if downsample else int(c)     # int() drops the fraction
    raise ValueError(nearest_mode)


def _round_half_away(v):
    return int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1)


def keys_weight(t, a):
    """Keys cubic convolution kernel with coefficient a."""
    t = abs(t)
    if t <= 1.0:
        return ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0
    if t < 2.0:
        return ((a * t - 5.0 * a) * t + 8.0 * a) * t - 4.0 * a
    return 0.0


def triangle(t):
    return max(0.0, 1.0 - abs(t))


# ------------------------------------------------------------------------------------------------
# Per-axis weight matrices
# ------------------------------------------------------------------------------------------------
def nearest_matrix(in_len, out_len, scale, ctm, nearest_mode):
    w = np.zeros((out_len, in_len))
    for x in range(out_len):
        c = original_coordinate(x, scale, out_len, in_len, ctm)
        i = nearest_index(c, scale < 1.0, nearest_mode)
        w[x, min(max(i, 0), in_len - 1)] = 1.0
    return w


def linear_matrix(in_len, out_len, scale, ctm, a, radius):
    """The specification's linear mode along one axis: taps round(c) - r .. round(c) + r inside the
    axis, weight a * triangle(a * (c - tap)), normalised by their sum (0 when it is 0)."""
    # the triangle's argument a * (c - tap) from exact fractions where c is exact and a is 1 or the
    # ratio of the lengths: a tap exactly at the support's edge weighs 0
    a_exact = Fraction(1) if a == 1.0 else Fraction(out_len, in_len) if a == out_len / in_len else None
    w = np.zeros((out_len, in_len))
    for x in range(out_len):
        c = original_coordinate(x, scale, out_len, in_len, ctm)
        exact = exact_coordinate(x, scale, out_len, in_len, ctm)
        centre = _round_half_away(c)
        for tap in range(centre - radius, centre + radius + 1):
            if 0 <= tap < in_len:
                t = float(a_exact * (exact - tap)) if exact is not None and a_exact is not None else a * (c - tap)
                w[x, tap] = a * triangle(t)
        total = w[x].sum()
        if total != 0.0:
            w[x] /= total
    return w


def linear_onnx_matrix(in_len, out_len, scale, ctm):
    """Coordinate clamped to [0, in_len - 1], the two surrounding points blended."""
    w = np.zeros((out_len, in_len))
    for x in range(out_len):
        c = original_coordinate(x, scale, out_len, in_len, ctm)
        c = min(max(c, 0.0), in_len - 1.0)
        i0 = min(int(math.floor(c)), in_len - 1)
        i1 = min(i0 + 1, in_len - 1)
        f = c - i0
        w[x, i0] += 1.0 - f
        w[x, i1] += f
    return w


def cubic_matrix(in_len, out_len, scale, ctm, cube_coeff):
    """Keys weights of the four taps floor(c) - 1 .. floor(c) + 2, taps clamped to the edge."""
    w = np.zeros((out_len, in_len))
    for x in range(out_len):
        c = original_coordinate(x, scale, out_len, in_len, ctm)
        base = math.floor(c)
        s = c - base
        for k, dist in enumerate((s + 1.0, s, 1.0 - s, 2.0 - s)):
            tap = min(max(base - 1 + k, 0), in_len - 1)
            w[x, tap] += keys_weight(dist, cube_coeff)
    return w


def pillow_matrix(in_len, out_len, support, cube_coeff, bicubic):
    """Pillow's resampling coefficients (box = the whole axis), in Resample.c's order of operations
    (integer images round between passes, so a rounding of a weight can move a result by a level):
    filter support times max(1, in/out), taps in [trunc(centre - support + 0.5), trunc(centre +
    support + 0.5)) clipped to the axis, weights filter((tap - centre + 0.5) * (1 / filterscale))
    normalised by their sum taken tap by tap."""
    w = np.zeros((out_len, in_len))
    scale = in_len / out_len
    filterscale = max(1.0, scale)
    sup = support * filterscale
    inverse = 1.0 / filterscale

    def weight(t):
        t = abs(t)
        if bicubic:
            a = cube_coeff
            return ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0 if t < 1.0 else \
                (((t - 5.0) * t + 8.0) * t - 4.0) * a if t < 2.0 else 0.0
        return 1.0 - t if t < 1.0 else 0.0

    for x in range(out_len):
        centre = (x + 0.5) * scale
        lo = max(int(centre - sup + 0.5), 0)           # int(): truncation, as Pillow's cast
        hi = min(int(centre + sup + 0.5), in_len)
        total = 0.0
        for tap in range(lo, hi):
            w[x, tap] = weight((tap - centre + 0.5) * inverse)
            total += w[x, tap]
        if total != 0.0:
            w[x] /= total
    return w


def pillow_vertical_first(in_hw, out_hw) -> bool:
    """Pillow's pass order (Pillow 13, Resample.c ImagingResampleInner): the vertical pass first
    when the height loses more than twice as many pixels as the width; else the horizontal one."""
    lost_h, lost_w = in_hw[0] - out_hw[0], in_hw[1] - out_hw[1]
    return lost_h > 0 and lost_h > 2 * lost_w


def _apply(data, matrix, axis):
    return np.moveaxis(np.tensordot(matrix, np.moveaxis(data, axis, 0), axes=(1, 0)), 0, axis)


def _apply_in_order(data, matrix, axis):
    """_apply with each output's sum taken tap by tap, a product and an add each (Pillow's loop):
    integer images round between the passes, where a sum's last bit can move a result by a level."""
    src = np.moveaxis(data, axis, 0)
    out = np.zeros((matrix.shape[0],) + src.shape[1:])
    for x in range(matrix.shape[0]):
        acc = np.zeros(src.shape[1:])
        for tap in np.nonzero(matrix[x])[0]:
            acc = acc + src[tap] * matrix[x, tap]
        out[x] = acc
    return np.moveaxis(out, 0, axis)


def _round_clip(data, dtype):
    """Pillow's integer conversion: round half away from zero, clip to the type's range."""
    info = np.iinfo(dtype)
    return np.clip(np.sign(data) * np.floor(np.abs(data) + 0.5), info.min, info.max)


# ------------------------------------------------------------------------------------------------
# The operator
# ------------------------------------------------------------------------------------------------
def interpolate_reference(image, scales_or_sizes, axes: Optional[Sequence[int]] = None, *, mode: str,
                          shape_calculation_mode: str, coordinate_transformation_mode: str = "half_pixel",
                          nearest_mode: str = "round_prefer_floor", antialias: bool = False,
                          pads_begin=None, pads_end=None, cube_coeff: float = -0.75) -> np.ndarray:
    """Interpolate-11 of `image` (a numpy array of any numeric dtype, any rank).

    Returns float64 for floating-point images (computed in float64 throughout) and the image's
    dtype for integer images (rounded and clipped as the module docstring says)."""
    _check_choice("mode", mode, MODES)
    _check_choice("shape_calculation_mode", shape_calculation_mode, SHAPE_CALCULATION_MODES)
    _check_choice("coordinate_transformation_mode", coordinate_transformation_mode, COORDINATE_TRANSFORMATION_MODES)
    _check_choice("nearest_mode", nearest_mode, NEAREST_MODES)
    image = np.asarray(image)
    rank = image.ndim
    axes = list(range(rank)) if axes is None else [int(a) for a in axes]
    if len(set(axes)) != len(axes) or any(not 0 <= a < rank for a in axes):
        raise ValueError(f"axes must be distinct values in [0, {rank - 1}]; got {axes}")
    values = list(np.asarray(scales_or_sizes).reshape(-1))
    if len(values) != len(axes):
        raise ValueError(f"scales_or_sizes has {len(values)} values for {len(axes)} axes")
    pb = _full_pads(pads_begin, rank, "pads_begin")
    pe = _full_pads(pads_end, rank, "pads_end")
    padded_shape, out_shape, scales = output_shape_and_scales(image.shape, values, axes, shape_calculation_mode, pb, pe)
    integer = np.issubdtype(image.dtype, np.integer)

    data = np.zeros(padded_shape)
    data[tuple(slice(pb[d], pb[d] + image.shape[d]) for d in range(rank))] = image.astype(np.float64)
    if data.size == 0 or any(n == 0 for n in out_shape):
        out = np.zeros(out_shape)
        return out.astype(image.dtype) if integer else out

    if mode in PILLOW_MODES:
        if len(axes) != 2:
            raise ValueError(f"mode {mode} resizes exactly two axes; got axes {axes}")
        bicubic = mode == "bicubic_pillow"
        vertical, horizontal = sorted(axes)
        v_first = pillow_vertical_first((padded_shape[vertical], padded_shape[horizontal]),
                                        (out_shape[vertical], out_shape[horizontal]))
        for ax in ((vertical, horizontal) if v_first else (horizontal, vertical)):
            if out_shape[ax] != padded_shape[ax]:
                m = pillow_matrix(padded_shape[ax], out_shape[ax], 2.0 if bicubic else 1.0, cube_coeff, bicubic)
                if image.dtype == np.uint8:
                    # Pillow's 8-bit arithmetic: weights in fixed point with 22 fraction bits
                    m = np.sign(m) * np.floor(np.abs(m) * 2.0**22 + 0.5) / 2.0**22
                data = _apply_in_order(data, m, ax)
                if integer:
                    data = _round_clip(data, image.dtype)
        return data.astype(image.dtype) if integer else data

    if mode == "linear":
        # Antialias applies when any resized axis is downscaled; then every axis uses a = scale.
        downsample = any(scales[ax] < 1.0 for ax in axes)
        aa = antialias and downsample
    for ax in axes:
        n_in, n_out, scale = padded_shape[ax], out_shape[ax], scales[ax]
        if n_out == n_in:
            # An axis that keeps its length is left as it is (OpenVINO's CPU plugin and reference
            # both drop it, whatever its scale): only tf_half_pixel_for_nn would otherwise move it.
            continue
        if mode == "nearest":
            m = nearest_matrix(n_in, n_out, scale, coordinate_transformation_mode, nearest_mode)
        elif mode == "linear":
            a = scale if aa else 1.0
            radius = 2 if scale > 1.0 else int(math.ceil(2.0 / a))
            m = linear_matrix(n_in, n_out, scale, coordinate_transformation_mode, a, radius)
        elif mode == "linear_onnx":
            m = linear_onnx_matrix(n_in, n_out, scale, coordinate_transformation_mode)
        else:
            m = cubic_matrix(n_in, n_out, scale, coordinate_transformation_mode, cube_coeff)
        data = _apply(data, m, ax)
    if integer:
        return _round_clip(data, image.dtype).astype(image.dtype)
    return data
