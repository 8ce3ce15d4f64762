"""The independent peers of Interpolate-11 used by the tests: OpenVINO (its CPU plugin and its
reference implementation), Pillow and torch.

OpenVINO's reference implementation is reached by constant folding: a one-op model whose image
is a Constant is folded by OpenVINO's ConstantFolding pass, which evaluates the op with the
reference code (not the CPU plugin). Known disagreements, measured with openvino 2026.4:
- the CPU plugin's linear + antialias output follows neither the specification's formula nor the
  folded reference (interpolate.md says so too): use the folded reference there;
- the CPU plugin gets the output shape wrong when pads are non-zero on axes it does not resize
  in a channel-last layout, and its cubic mode is wrong on rank-3 images resized on every axis;
- the folded reference reads out of bounds for the pillow modes with reversed axes, and does not
  clip integer cubic outputs (it wraps);
- both round integer outputs of the non-pillow modes their own way (within one level of
  round-half-away-from-zero).
"""
from __future__ import annotations

import numpy as np


def openvino_interpolate(image, scales_or_sizes, axes=None, *, fold=False, **attrs):
    """OpenVINO opset11 Interpolate of a numpy image. fold=False: compiled on the CPU plugin with
    INFERENCE_PRECISION_HINT f32; fold=True: evaluated by OpenVINO's reference implementation."""
    import openvino as ov
    import openvino.opset11 as ops
    from openvino.passes import ConstantFolding, Manager

    image = np.ascontiguousarray(image)
    values = np.asarray(scales_or_sizes,
                        np.float32 if attrs["shape_calculation_mode"] == "scales" else np.int64).reshape(-1)
    axes_node = None if axes is None else ops.constant(np.asarray(axes, np.int64))
    if fold:
        node = ops.interpolate(ops.constant(image), ops.constant(values), axes=axes_node, **attrs)
        model = ov.Model([node], [])
        manager = Manager()
        manager.register_pass(ConstantFolding())
        manager.run_passes(model)
        consts = [op for op in model.get_ordered_ops() if op.get_type_name() == "Constant"]
        assert len(consts) == 1, "OpenVINO did not fold the Interpolate"
        return np.array(consts[0].data)
    param = ops.parameter(image.shape, image.dtype)
    node = ops.interpolate(param, ops.constant(values), axes=axes_node, **attrs)
    compiled = _core().compile_model(ov.Model([node], [param]), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    return np.array(compiled(image)[0])


_CORE = []


def _core():
    if not _CORE:
        import openvino as ov
        _CORE.append(ov.Core())
    return _CORE[0]


def pillow_resize(image_u8, out_hw, mode):
    """Pillow's Image.resize of every (H, W) plane of an (..., H, W) uint8 or int32 array (Pillow's
    L and I modes). mode: 'bilinear' or 'bicubic' (Pillow's BILINEAR / BICUBIC filters, reducing_gap
    off)."""
    from PIL import Image

    filt = {"bilinear": Image.BILINEAR, "bicubic": Image.BICUBIC}[mode]
    planes = image_u8.reshape((-1,) + image_u8.shape[-2:])
    out = np.stack([np.asarray(Image.fromarray(p).resize((out_hw[1], out_hw[0]), filt)) for p in planes])
    return out.reshape(image_u8.shape[:-2] + tuple(out_hw))


def torch_interpolate64(image, size=None, scale_factor=None, **kw):
    """torch.nn.functional.interpolate in float64 of a numpy array."""
    import torch
    import torch.nn.functional as F

    t = torch.from_numpy(np.ascontiguousarray(np.asarray(image).astype(np.float64)))
    return F.interpolate(t, size=size, scale_factor=scale_factor, **kw).numpy()


# torch F.interpolate mode -> Interpolate-11 attributes (interpolate.md, "Equivalences").
def torch_equivalent(torch_mode, align_corners=None, antialias=False):
    if torch_mode == "nearest":
        return dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor")
    if torch_mode == "nearest-exact":
        return dict(mode="nearest", coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_ceil")
    if torch_mode in ("linear", "bilinear", "trilinear"):
        if antialias:
            return dict(mode="bilinear_pillow")
        return dict(mode="linear_onnx",
                    coordinate_transformation_mode="align_corners" if align_corners else "half_pixel")
    if torch_mode == "bicubic":
        if antialias:
            return dict(mode="bicubic_pillow", cube_coeff=-0.5)
        return dict(mode="cubic", cube_coeff=-0.75,
                    coordinate_transformation_mode="align_corners" if align_corners else "half_pixel")
    raise ValueError(torch_mode)
