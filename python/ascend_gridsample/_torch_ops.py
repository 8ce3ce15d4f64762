"""torch.ops.ascend_gridsample.grid_sample: the operator registered with torch.library, with a
fake (meta) implementation so that torch.compile(fullgraph=True) and torch.export trace through
it. Imported on first use with torch tensors (or by register_torch_ops()); torch stays optional."""
import torch

from . import _api


@torch.library.custom_op("ascend_gridsample::grid_sample", mutates_args=())
def grid_sample_op(input: torch.Tensor, grid: torch.Tensor, mode: str, padding_mode: str, align_corners: bool,
                   channel_last: bool) -> torch.Tensor:
    return _api._run(input, grid, mode, padding_mode, align_corners, channel_last, None)


@grid_sample_op.register_fake
def _(input, grid, mode, padding_mode, align_corners, channel_last):
    return input.new_empty(_api.check_arguments(input, grid, mode, padding_mode, channel_last))


def _setup_context(ctx, inputs, output):
    pass


def _backward(ctx, grad):
    raise NotImplementedError(
        "ascend_gridsample.grid_sample has no backward yet: the GridSampler2DBackward / "
        "GridSampler3DBackward operators are not implemented; use torch.nn.functional.grid_sample "
        "where gradients are needed")


grid_sample_op.register_autograd(_backward, setup_context=_setup_context)
