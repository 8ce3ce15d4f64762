"""GridSample for Ascend NPUs, with a CPU simulator that runs the same kernels without one.

    import ascend_gridsample as ags
    y = ags.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)

``x`` and ``grid`` are numpy arrays or torch tensors; the result is of the same kind.
"""
from ._api import (
    backend,
    extension,
    grid_sample,
    last_launch_stats,
    platform,
    set_platform,
)

__all__ = [
    "backend",
    "extension",
    "grid_sample",
    "last_launch_stats",
    "platform",
    "set_platform",
]
__version__ = "0.1.0"
