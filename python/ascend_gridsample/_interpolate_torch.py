"""torch.ops.ascend_gridsample.interpolate: the operator registered with torch.library, with a fake
implementation so that torch.compile(fullgraph=True) and torch.export trace through it. Arguments are
those of aclnnInterpolate, already resolved: scales (scales mode) or sizes (sizes mode), axes, the
attribute strings, pads of rank entries or empty, cube_coeff or None for the mode's own."""
from typing import Optional

import torch

from . import _api, _interpolate


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
                             nearest_mode, antialias, pads_begin, pads_end, cube_coeff, _api._dtype_name(image))
    return image.new_empty(r["out_shape"])
