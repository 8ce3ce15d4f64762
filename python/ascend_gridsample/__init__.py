"""GridSample for Ascend NPUs, with a CPU simulator that runs the same kernels without one.

    import ascend_gridsample as ags
    y = ags.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)

``x`` and ``grid`` are numpy arrays or torch tensors; the result is of the same kind.
"""
from ._api import (
    backend,
    extension,
    grid_sample,
    grid_sample_backward,
    grid_sample_last_path,
    interpolate,
    interpolate_backward,
    last_launch_stats,
    platform,
    set_platform,
)
from ._interpolate import last_path as interpolate_last_path


def register_torch_ops() -> None:
    """Registers torch.ops.ascend_gridsample.grid_sample, .grid_sample_backward, .interpolate and
    .interpolate_backward (done on first use with torch tensors, and at import when torch is already
    imported)."""
    from . import _interpolate_torch, _torch_ops  # noqa: F401


import sys as _sys

if "torch" in _sys.modules:
    register_torch_ops()
# On an Ascend machine (`import torch_npu, ascend_gridsample`): the NPU kernel of the same op, if built.
if "torch_npu" in _sys.modules:
    from . import _torch_npu

    _torch_npu.load()

__all__ = [
    "backend",
    "extension",
    "grid_sample",
    "interpolate",
    "interpolate_backward",
    "interpolate_last_path",
    "grid_sample_backward",
    "grid_sample_last_path",
    "last_launch_stats",
    "platform",
    "register_torch_ops",
    "set_platform",
]
__version__ = "0.1.0"
