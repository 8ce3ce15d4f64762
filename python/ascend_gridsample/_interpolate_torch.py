"""torch.ops.ascend_gridsample.interpolate and its backward, torch.ops.ascend_gridsample.interpolate_backward:
operators registered with torch.library, with fake implementations so that torch.compile(fullgraph=True)
and torch.export trace through them, and autograd formulas (interpolate's calls the backward operator;
the backward's, for double backward, calls interpolate: the resize is linear, so each is the other's
adjoint). Arguments are those of aclnnInterpolate, already resolved: scales (scales mode) or sizes
(sizes mode), axes, the attribute strings, pads of rank entries or empty, cube_coeff or None for the
mode's own."""
from typing import Optional

import torch

from . import _interpolate
from ._runtime import _dtype_name


@torch.library.custom_op("ascend_gridsample::interpolate", mutates_args=())
def interpolate_op(image: torch.Tensor, scales: list[float], sizes: list[int], axes: list[int], mode: str,
                   shape_calculation_mode: str, coordinate_transformation_mode: str, nearest_mode: str,
                   antialias: bool, pads_begin: list[int], pads_end: list[int],
                   cube_coeff: Optional[float]) -> torch.Tensor:
    values = scales if shape_calculation_mode == "scales" else sizes
    return _interpolate.run(image, values, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
                            nearest_mode, antialias, pads_begin, pads_end, cube_coeff, None)


@interpolate_op.register_fake
def _(image, scales, sizes, axes, mode, shape_calculation_mode, coordinate_transformation_mode, nearest_mode,
      antialias, pads_begin, pads_end, cube_coeff):
    values = scales if shape_calculation_mode == "scales" else sizes
    r = _interpolate.resolve(image.shape, values, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
                             nearest_mode, antialias, pads_begin, pads_end, cube_coeff, _dtype_name(image))
    return image.new_empty(r["out_shape"])


@torch.library.custom_op("ascend_gridsample::interpolate_backward", mutates_args=())
def interpolate_backward_op(grad_output: torch.Tensor, input_shape: list[int], scales: list[float], sizes: list[int],
                            axes: list[int], mode: str, shape_calculation_mode: str,
                            coordinate_transformation_mode: str, nearest_mode: str, antialias: bool,
                            pads_begin: list[int], pads_end: list[int], cube_coeff: Optional[float]) -> torch.Tensor:
    values = scales if shape_calculation_mode == "scales" else sizes
    return _interpolate.run_backward(grad_output, input_shape, values, axes, mode, shape_calculation_mode,
                                     coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end,
                                     cube_coeff, None)


@interpolate_backward_op.register_fake
def _(grad_output, input_shape, scales, sizes, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
      nearest_mode, antialias, pads_begin, pads_end, cube_coeff):
    values = scales if shape_calculation_mode == "scales" else sizes
    _interpolate.resolve_backward(grad_output, input_shape, values, axes, mode, shape_calculation_mode,
                                  coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end,
                                  cube_coeff)
    return grad_output.new_empty(tuple(input_shape))


def _setup_forward(ctx, inputs, output):
    ctx.input_shape = list(inputs[0].shape)
    ctx.args = inputs[1:]


def _forward_backward(ctx, grad):
    # the incoming gradient may be a broadcast (e.g. of a sum): the operator reads it dense
    grad_image = interpolate_backward_op(grad.contiguous(), ctx.input_shape, *ctx.args) \
        if ctx.needs_input_grad[0] else None
    return (grad_image,) + (None,) * len(ctx.args)


def _setup_backward(ctx, inputs, output):
    ctx.args = inputs[2:]


def _backward_backward(ctx, grad):
    grad_grad_output = interpolate_op(grad.contiguous(), *ctx.args) if ctx.needs_input_grad[0] else None
    return (grad_grad_output, None) + (None,) * len(ctx.args)


interpolate_op.register_autograd(_forward_backward, setup_context=_setup_forward)
interpolate_backward_op.register_autograd(_backward_backward, setup_context=_setup_backward)
