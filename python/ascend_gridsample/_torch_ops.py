"""torch.ops.ascend_gridsample.grid_sample and its backward, torch.ops.ascend_gridsample.grid_sample_backward:
operators registered with torch.library, with fake (meta) implementations so that
torch.compile(fullgraph=True) and torch.export trace through them, and the forward's autograd formula
calling the backward operator. Imported on first use with torch tensors (or by register_torch_ops());
torch stays optional."""
from typing import List, Tuple

import torch

from . import _grid_sample


@torch.library.custom_op("ascend_gridsample::grid_sample", mutates_args=())
def grid_sample_op(input: torch.Tensor, grid: torch.Tensor, mode: str, padding_mode: str, align_corners: bool,
                   channel_last: bool) -> torch.Tensor:
    return _grid_sample._run(input, grid, mode, padding_mode, align_corners, channel_last, None)


@grid_sample_op.register_fake
def _(input, grid, mode, padding_mode, align_corners, channel_last):
    return input.new_empty(_grid_sample.check_arguments(input, grid, mode, padding_mode, channel_last))


# The backward operator returns both gradients always (a tensor cannot be None in an operator's
# result): one not asked for in output_mask is an empty tensor, not computed.
@torch.library.custom_op("ascend_gridsample::grid_sample_backward", mutates_args=())
def grid_sample_backward_op(grad_output: torch.Tensor, input: torch.Tensor, grid: torch.Tensor, mode: str,
                            padding_mode: str, align_corners: bool, channel_last: bool,
                            output_mask: List[bool]) -> Tuple[torch.Tensor, torch.Tensor]:
    mask = _grid_sample._output_mask(output_mask)
    gi, gg = _grid_sample._run_backward(grad_output, input, grid, mode, padding_mode, align_corners, channel_last, mask, None)
    return (gi if gi is not None else input.new_empty((0,)), gg if gg is not None else grid.new_empty((0,)))


@grid_sample_backward_op.register_fake
def _(grad_output, input, grid, mode, padding_mode, align_corners, channel_last, output_mask):
    mask = _grid_sample._output_mask(output_mask)
    _grid_sample.check_backward_arguments(grad_output, input, grid, mode, padding_mode, channel_last)
    gi = torch.empty_like(input, memory_format=torch.contiguous_format) if mask[0] else input.new_empty((0,))
    gg = torch.empty_like(grid, memory_format=torch.contiguous_format) if mask[1] else grid.new_empty((0,))
    return gi, gg


def _setup_context(ctx, inputs, output):
    input, grid, mode, padding_mode, align_corners, channel_last = inputs
    ctx.save_for_backward(input, grid)
    ctx.args = (mode, padding_mode, align_corners, channel_last)


def _backward(ctx, grad):
    input, grid = ctx.saved_tensors
    want_input, want_grid = bool(ctx.needs_input_grad[0]), bool(ctx.needs_input_grad[1])
    if not (want_input or want_grid):
        return None, None, None, None, None, None
    # the incoming gradient may be a broadcast (e.g. of a sum): the operator takes it dense
    gi, gg = grid_sample_backward_op(grad.contiguous(), input, grid, *ctx.args, [want_input, want_grid])
    return (gi if want_input else None, gg if want_grid else None, None, None, None, None)


grid_sample_op.register_autograd(_backward, setup_context=_setup_context)
