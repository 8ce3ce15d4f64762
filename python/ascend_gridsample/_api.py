"""The public API: ags.grid_sample, ags.grid_sample_backward, ags.interpolate and
ags.interpolate_backward. Numpy arrays (and torch tensors with ``build`` given) run on the extension
through the operators' runners (_grid_sample, _interpolate); torch tensors go through the
torch.library operators (torch.ops.ascend_gridsample.*, imported on first use), which call the same
runners. The modules below this one never import it."""
from __future__ import annotations

from ._grid_sample import (  # noqa: F401  (BACKWARD_KERNELS and the checks: reached through the API by tools)
    _MODES, _PADDINGS, BACKWARD_KERNELS, _output_mask, _run, _run_backward, check_arguments, check_backward_arguments,
)
from ._interpolate import (
    COORDINATE_TRANSFORMATION_MODES, MODES, NEAREST_MODES, SHAPE_CALCULATION_MODES, _calculation_mode_of,
    _check_attributes, _choice, _int_list, _scales_and_sizes, resolve_backward, run, run_backward,
)
from ._runtime import (  # noqa: F401  (the extension layer, as the package and its tests reach it)
    _PARAM_ERRORS, KERNELS, _describe, _dtype_name, _is_torch, _lookup, _native, backend, extension,
    grid_sample_last_path, last_launch_stats, platform, set_platform,
)


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


def interpolate(image, scales_or_sizes, axes=None, *, mode: str, shape_calculation_mode: str | None = None,
                coordinate_transformation_mode: str = "half_pixel", nearest_mode: str = "round_prefer_floor",
                antialias: bool = False, pads_begin=None, pads_end=None, cube_coeff: float | None = None,
                build: str | None = None):
    """Resizes the axes ``axes`` of ``image`` as OpenVINO Interpolate-11 defines it.

    image: numpy array or CPU torch tensor of any rank 1..8; dtypes float32, float16, bfloat16,
    float64, int8, uint8, int32. scales_or_sizes: one scale (shape_calculation_mode="scales") or one
    output size ("sizes") per entry of ``axes`` (default: every axis). Returns the resized array, of
    the kind and dtype of ``image``. shape_calculation_mode: "sizes" or "scales"; None takes "sizes"
    for integer values and "scales" otherwise. cube_coeff: the Keys coefficient of cubic and bicubic_pillow; None
    takes the mode's own, -0.75 for cubic (Interpolate-11's default) and -0.5 for bicubic_pillow
    (Pillow's), so the pillow modes match Pillow by default. Torch tensors go through
    ``torch.ops.ascend_gridsample.interpolate``
    (unless ``build`` is given). Bad attribute values raise ValueError naming the attribute and its
    allowed values.
    """
    if shape_calculation_mode is None:
        shape_calculation_mode = _calculation_mode_of(scales_or_sizes)
    _check_attributes(mode, shape_calculation_mode, coordinate_transformation_mode, nearest_mode, antialias,
                      cube_coeff)
    if _is_torch(image) and build is None:
        # Only shape-free checks here, in plain Python, so that torch.compile traces this call; the
        # operator and its fake implementation check the rest against the shape (resolve).
        from . import _interpolate_torch
        scales, sizes = _scales_and_sizes(scales_or_sizes, shape_calculation_mode)
        return _interpolate_torch.interpolate_op(
            image, scales, sizes, [] if axes is None else _int_list(axes, "axes"), mode, shape_calculation_mode,
            coordinate_transformation_mode, nearest_mode, bool(antialias),
            [] if pads_begin is None else _int_list(pads_begin, "pads_begin"),
            [] if pads_end is None else _int_list(pads_end, "pads_end"),
            None if cube_coeff is None else float(cube_coeff))
    return run(image, scales_or_sizes, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
               nearest_mode, antialias, pads_begin, pads_end, cube_coeff, build)


def interpolate_backward(grad_output, input_shape, scales_or_sizes, axes=None, *, mode: str,
                         shape_calculation_mode: str, coordinate_transformation_mode: str = "half_pixel",
                         nearest_mode: str = "round_prefer_floor", antialias: bool = False, pads_begin=None,
                         pads_end=None, cube_coeff: float | None = None, build: str | None = None):
    """The gradient of ``interpolate(image, scales_or_sizes, axes, ...)`` with respect to ``image``,
    given ``grad_output`` (the gradient of the loss with respect to its output) and ``image``'s shape
    ``input_shape``: ``A^T grad_output`` for the resize ``A`` (interpolate is linear in ``image``).
    Runs aclnnInterpolateBackward. Floating dtypes (float32, float16, bfloat16 on the AI Core kernel
    with float32 accumulation, float64 on the AI CPU path); deterministic: bit-identical run to run
    and for any core count. Torch tensors go through ``torch.ops.ascend_gridsample.interpolate_backward``
    (unless ``build`` is given), the operator the autograd formula of ``interpolate`` calls. cube_coeff as
    ``interpolate``'s (None: the mode's own)."""
    for table, value, what in ((MODES, mode, "mode"), (SHAPE_CALCULATION_MODES, shape_calculation_mode,
                                                         "shape_calculation_mode"),
                               (COORDINATE_TRANSFORMATION_MODES, coordinate_transformation_mode,
                                "coordinate_transformation_mode"), (NEAREST_MODES, nearest_mode, "nearest_mode")):
        _choice(table, value, what)
    input_shape = _int_list(input_shape, "input_shape")
    if _is_torch(grad_output) and build is None:
        from . import _interpolate_torch
        r = resolve_backward(grad_output, input_shape, scales_or_sizes, axes, mode, shape_calculation_mode,
                             coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end, cube_coeff)
        return _interpolate_torch.interpolate_backward_op(
            grad_output, input_shape, r["scales"], r["sizes"], r["axes"], mode, shape_calculation_mode,
            coordinate_transformation_mode, nearest_mode, r["antialias"], r["pads_begin"], r["pads_end"],
            r["cube_coeff"])
    return run_backward(grad_output, input_shape, scales_or_sizes, axes, mode, shape_calculation_mode,
                        coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end, cube_coeff, build)
