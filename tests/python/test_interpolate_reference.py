"""Validation of the float64 Interpolate-11 reference (interpolate_reference.py) against its
independent peers: OpenVINO's CPU plugin and reference implementation, Pillow and torch.
The package under test is not involved: this file establishes that the reference the operator
tests rely on for the remaining cases is itself right."""
from __future__ import annotations

import itertools
import zlib

import numpy as np
import pytest

from interpolate_peers import openvino_interpolate, pillow_resize, torch_equivalent, torch_interpolate64
from interpolate_reference import (COORDINATE_TRANSFORMATION_MODES, MODES, NEAREST_MODES, interpolate_reference,
                                   keys_weight, pillow_matrix, pillow_vertical_first)

pytest.importorskip("openvino")
pytest.importorskip("PIL")

# OpenVINO computes in float32 (coordinates and weights): its error against float64 is a few
# float32 ulps of the data (inputs in [-1, 1], cubic overshoot < 1.5).
TOL_OPENVINO_F32 = 1e-5


def _rng(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def _close(got, want, tol, what):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape, f"{what}: shape {got.shape} vs {want.shape}"
    err = np.abs(got - want)
    assert err.size == 0 or err.max() <= tol, f"{what}: max error {err.max():.3e} > {tol:.1e}"


# Size cases on a 9 x 11 plane: down, up, mixed, to one pixel; scales whose product is not the
# scale (9 * 1.5 = 13.5 -> 13) so the coordinate uses the given scale, not out / in.
CASES = [("sizes", [5, 7]), ("sizes", [17, 23]), ("sizes", [4, 20]), ("sizes", [1, 1]),
         ("scales", [0.5, 2.0]), ("scales", [1.5, 0.75])]


def _attrs(mode, ctm, nearest_mode, antialias, calc):
    return dict(mode=mode, shape_calculation_mode=calc, coordinate_transformation_mode=ctm,
                nearest_mode=nearest_mode, antialias=antialias,
                cube_coeff=-0.5 if mode.endswith("pillow") else -0.75)


GRID = [(m, c, n, aa) for m in MODES for c in COORDINATE_TRANSFORMATION_MODES
        for n in (NEAREST_MODES if m == "nearest" else ("round_prefer_floor",))
        for aa in ((False, True) if m in ("linear", "nearest", "cubic") else (False,))]


@pytest.mark.parametrize("mode,ctm,nearest_mode,antialias", GRID, ids=["-".join(map(str, g)) for g in GRID])
def test_reference_matches_openvino_nchw(mode, ctm, nearest_mode, antialias):
    x = _rng(mode, ctm, nearest_mode).uniform(-1, 1, (2, 3, 9, 11)).astype(np.float32)
    # linear + antialias: the CPU plugin disagrees with the specification; use OpenVINO's reference.
    fold = mode == "linear" and antialias
    for calc, values in CASES:
        attrs = _attrs(mode, ctm, nearest_mode, antialias, calc)
        want = openvino_interpolate(x, values, [2, 3], fold=fold, **attrs)
        _close(interpolate_reference(x, values, [2, 3], **attrs), want, TOL_OPENVINO_F32,
               f"{attrs} {values}{' (folded)' if fold else ''}")


@pytest.mark.parametrize("mode", MODES)
def test_reference_matches_openvino_channel_last_reversed_axes_pads(mode):
    """Axes [1, 2] of NHWC, reversed axes [2, 1], and pads on every axis (OpenVINO's reference:
    the CPU plugin mishandles pads on axes it does not resize)."""
    x = _rng("nhwc", mode).uniform(-1, 1, (2, 9, 11, 3)).astype(np.float32)
    for calc, values in (("sizes", [5, 7]), ("scales", [1.5, 0.6])):
        attrs = _attrs(mode, "half_pixel", "round_prefer_floor", False, calc)
        _close(interpolate_reference(x, values, [1, 2], **attrs), openvino_interpolate(x, values, [1, 2], **attrs),
               TOL_OPENVINO_F32, f"NHWC {attrs} {values}")
        if not mode.endswith("pillow"):    # OpenVINO reads out of bounds there (module docstring)
            _close(interpolate_reference(x, values[::-1], [2, 1], **attrs),
                   openvino_interpolate(x, values[::-1], [2, 1], **attrs), TOL_OPENVINO_F32, f"reversed {attrs}")
        # OpenVINO's reference takes linear_onnx only on axes {2, 3} of a 4-D image: NCHW there.
        img, axes = (np.ascontiguousarray(x.transpose(0, 3, 1, 2)), [2, 3]) if mode == "linear_onnx" else (x, [1, 2])
        for pb, pe in (([0, 1, 2, 0], [1, 0, 3, 0]), ([1, 1, 2, 1], [1, 2, 3, 1]), ([0, 2], [0, 1])):
            pads = dict(pads_begin=pb, pads_end=pe)
            _close(interpolate_reference(img, values, axes, **attrs, **pads),
                   openvino_interpolate(img, values, axes, fold=True, **attrs, **pads), TOL_OPENVINO_F32,
                   f"pads {pads} {attrs} {values}")


@pytest.mark.parametrize("mode", ["nearest", "linear", "linear_onnx", "cubic"])
def test_reference_matches_openvino_other_ranks_and_axes(mode):
    rng = _rng("ranks", mode)
    cases = [((6, 5), [3, 9], [0, 1]), ((4, 6, 5), [7, 3, 9], [0, 1, 2]),
             ((1, 2, 4, 6, 5), [7, 3, 9], [2, 3, 4]), ((4, 6, 5), [9, 7], [2, 0]), ((3, 8), [5], [1]),
             ((2, 3, 4, 6, 5), [3, 8, 2, 4, 7], None)]
    for shape, sizes, axes in cases:
        if mode == "linear_onnx" and axes not in ([0, 1], [0, 1, 2], [2, 3, 4]):
            continue
        x = rng.uniform(-1, 1, shape).astype(np.float32)
        attrs = _attrs(mode, "half_pixel", "round_prefer_floor", False, "sizes")
        # OpenVINO's reference: the CPU plugin resizes only spatial axes (not 0 and 1 of 3-D and
        # higher images) and its cubic is wrong on rank-3 images resized on every axis.
        _close(interpolate_reference(x, sizes, axes, **attrs), openvino_interpolate(x, sizes, axes, fold=True, **attrs),
               TOL_OPENVINO_F32, f"{shape} {sizes} {axes} {attrs}")


@pytest.mark.parametrize("cube_coeff", [-0.5, -0.6, -0.75, -1.0])
def test_reference_cube_coeff_matches_openvino(cube_coeff):
    x = _rng("cc", cube_coeff).uniform(-1, 1, (1, 2, 9, 11)).astype(np.float32)
    for mode in ("cubic", "bicubic_pillow"):
        attrs = dict(mode=mode, shape_calculation_mode="sizes", cube_coeff=cube_coeff)
        for sizes in ([5, 7], [17, 30]):
            # The CPU plugin's bicubic_pillow ignores cube_coeff (always Pillow's -0.5); OpenVINO's
            # reference applies it, as the specification says.
            fold = mode == "bicubic_pillow"
            _close(interpolate_reference(x, sizes, [2, 3], **attrs),
                   openvino_interpolate(x, sizes, [2, 3], fold=fold, **attrs),
                   TOL_OPENVINO_F32, f"{attrs} {sizes}")


def test_reference_linear_antialias_mixed_scales_matches_openvino_reference():
    """Antialias with one axis down and one up: every axis takes a = its scale (specification).
    Upscales stay <= 2: above, the triangle (half-width 1 / a) can miss every tap, the weight sum
    is then 0 (output 0 by the specification) and OpenVINO's float32 coordinates turn some of
    those sums into tiny positive ones, i.e. a full-weight tap."""
    x = _rng("aa").uniform(-1, 1, (1, 2, 12, 10)).astype(np.float32)
    for ctm in COORDINATE_TRANSFORMATION_MODES:
        for calc, values in (("scales", [0.5, 2.0]), ("sizes", [5, 16]), ("sizes", [3, 4]), ("scales", [0.3, 1.0]),
                             ("scales", [1.25, 0.25])):
            attrs = dict(mode="linear", shape_calculation_mode=calc, coordinate_transformation_mode=ctm, antialias=True)
            _close(interpolate_reference(x, values, [2, 3], **attrs),
                   openvino_interpolate(x, values, [2, 3], fold=True, **attrs), TOL_OPENVINO_F32, f"{attrs} {values}")


# ------------------------------------------------------------------------------------------------
# Integer images
# ------------------------------------------------------------------------------------------------
PILLOW_SIZES = ((12, 9), (80, 70), (37, 13), (5, 60), (60, 5), (1, 1), (36, 29), (20, 40), (36, 28), (38, 30))


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_reference_pillow_modes_match_pillow_uint8(mode):
    """Pillow's own resize on uint8 planes: identical to within one level (Pillow's 22-bit fixed
    point weights against float64 weights), with the rounding and clipping between passes, in
    Pillow's pass order."""
    rng = _rng("pil", mode)
    x = rng.integers(0, 256, (2, 3, 37, 29)).astype(np.uint8)
    x[0, 0, :8] = 255                # a saturated block: bicubic overshoot must clip
    x[0, 0, 8:16] = 0
    ours = f"{mode}_pillow"
    for out_hw in PILLOW_SIZES:
        ref = interpolate_reference(x, list(out_hw), [2, 3], mode=ours, shape_calculation_mode="sizes", cube_coeff=-0.5)
        assert ref.dtype == np.uint8
        want = pillow_resize(x, out_hw, mode)
        diff = np.abs(ref.astype(int) - want.astype(int))
        assert diff.max() <= 1, f"{ours} {out_hw}: {int(diff.max())} levels off Pillow"
        assert (diff == 0).mean() > 0.95, f"{ours} {out_hw}: only {(diff == 0).mean():.2%} identical to Pillow"


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
def test_reference_pillow_modes_equal_pillow_int32(mode):
    """Pillow's I mode (int32) weights in float64 and rounds between its passes: the reference, which
    sums each output tap by tap as Pillow does, equals it exactly (a sum's last bit decides a .5 tie
    after the first pass, and a level moved there can become two after the second)."""
    x = _rng("pil32", mode).integers(-1000, 1001, (2, 3, 37, 29)).astype(np.int32)
    for out_hw in PILLOW_SIZES:
        ref = interpolate_reference(x, list(out_hw), [2, 3], mode=f"{mode}_pillow", shape_calculation_mode="sizes",
                                    cube_coeff=-0.5)
        assert ref.dtype == np.int32
        np.testing.assert_array_equal(ref, pillow_resize(x, out_hw, mode), err_msg=f"{mode} {out_hw}")


def test_reference_pillow_pass_order_of_this_pillow():
    """The pass order Pillow itself uses is pillow_vertical_first's rule: the one-call resize
    equals two single-pass resizes in that order (each rounds and clips to uint8 as the one call
    does between its passes)."""
    x = _rng("order").integers(0, 256, (1, 2, 37, 29)).astype(np.uint8)
    sizes = PILLOW_SIZES + ((10, 29 - 13), (10, 29 - 14), (20, 29 - 8), (20, 29 - 9), (3, 4), (5, 2))
    for out_hw in sizes:
        if out_hw[0] == 37 or out_hw[1] == 29:
            continue                 # one pass only
        one_call = pillow_resize(x, out_hw, "bicubic").astype(int)
        h_first = pillow_resize(pillow_resize(x, (37, out_hw[1]), "bicubic"), out_hw, "bicubic").astype(int)
        v_first = pillow_resize(pillow_resize(x, (out_hw[0], 29), "bicubic"), out_hw, "bicubic").astype(int)
        if np.array_equal(h_first, v_first):
            continue                 # the order makes no difference here
        expect_v = pillow_vertical_first((37, 29), out_hw)
        assert np.array_equal(one_call, v_first if expect_v else h_first), f"{out_hw}: Pillow's pass order changed"


def test_reference_rounds_and_clips_between_pillow_passes():
    """uint8 bicubic_pillow: the intermediate (horizontal pass) is rounded and clipped to 0..255
    before the vertical pass, so the result differs from a float pipeline rounded once."""
    x = np.zeros((1, 1, 6, 6), np.uint8)
    x[..., 3:] = 255
    x[..., 3:, :] = 255 - x[..., 3:, :]
    ref = interpolate_reference(x, [4, 4], [2, 3], mode="bicubic_pillow", shape_calculation_mode="sizes", cube_coeff=-0.5)
    once = interpolate_reference(x.astype(np.float64), [4, 4], [2, 3], mode="bicubic_pillow",
                                 shape_calculation_mode="sizes", cube_coeff=-0.5)
    once = np.clip(np.floor(once + 0.5), 0, 255)
    assert not np.array_equal(ref, once)
    assert np.abs(ref.astype(int) - pillow_resize(x, (4, 4), "bicubic").astype(int)).max() <= 1


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int32])
def test_reference_integer_images_match_openvino_within_one_level(dtype):
    info = np.iinfo(dtype)
    lo, hi = max(info.min, -1000), min(info.max, 1000)
    x = _rng("int", np.dtype(dtype).name).integers(lo, hi + 1, (1, 3, 19, 23)).astype(dtype)
    for mode in MODES:
        for sizes in ([7, 9], [40, 50], [7, 50]):
            if mode.endswith("_pillow") and pillow_vertical_first(x.shape[2:], sizes):
                continue     # OpenVINO keeps older Pillow's order (horizontal first); Pillow's own is tested above
            attrs = dict(mode=mode, shape_calculation_mode="sizes", cube_coeff=-0.5)
            ref = interpolate_reference(x, sizes, [2, 3], **attrs)
            assert ref.dtype == dtype
            want = openvino_interpolate(x, sizes, [2, 3], **attrs)
            diff = np.abs(ref.astype(np.int64) - want.astype(np.int64))
            assert diff.max() <= 1, f"{mode} {sizes} {np.dtype(dtype).name}: {int(diff.max())} levels off OpenVINO"


# ------------------------------------------------------------------------------------------------
# torch (float64) for the equivalent modes
# ------------------------------------------------------------------------------------------------
TORCH_CASES = [("nearest", None, False), ("nearest-exact", None, False), ("bilinear", False, False),
               ("bilinear", True, False), ("bicubic", False, False), ("bicubic", True, False),
               ("bilinear", False, True), ("bicubic", False, True)]


@pytest.mark.parametrize("torch_mode,align,aa", TORCH_CASES, ids=[f"{m}-ac{a}-aa{int(b)}" for m, a, b in TORCH_CASES])
def test_reference_matches_torch_float64(torch_mode, align, aa):
    x = _rng("torch", torch_mode, align, aa).uniform(-1, 1, (2, 3, 13, 17))
    kw = {} if align is None else dict(align_corners=align)
    attrs = torch_equivalent(torch_mode, align, aa)
    for size in ((5, 7), (26, 40), (13, 17), (4, 30), (1, 1), (2, 2)):
        if aa and size == (1, 1):
            continue
        want = torch_interpolate64(x, size=size, mode=torch_mode, antialias=aa, **kw)
        got = interpolate_reference(x, list(size), [2, 3], shape_calculation_mode="sizes", **attrs)
        _close(got, want, 1e-12, f"torch {torch_mode} ac={align} aa={aa} size {size}")
    if not aa:
        for scale in ((0.5, 2.0), (1.5, 0.75), (3.0, 3.0)):
            want = torch_interpolate64(x, scale_factor=scale, mode=torch_mode, **kw)
            got = interpolate_reference(x, list(scale), [2, 3], shape_calculation_mode="scales", **attrs)
            _close(got, want, 1e-12, f"torch {torch_mode} ac={align} scale {scale}")


@pytest.mark.parametrize("torch_mode", ["nearest", "nearest-exact", "linear", "trilinear"])
def test_reference_matches_torch_1d_3d(torch_mode):
    rank = 3 if torch_mode in ("linear", "nearest") else 5
    rng = _rng("torch13", torch_mode)
    for align in ((None,) if torch_mode.startswith("nearest") else (False, True)):
        shape = (2, 3, 11) if rank == 3 else (1, 2, 5, 6, 7)
        x = rng.uniform(-1, 1, shape)
        size = (17,) if rank == 3 else (3, 9, 4)
        kw = {} if align is None else dict(align_corners=align)
        want = torch_interpolate64(x, size=size, mode=torch_mode, **kw)
        attrs = torch_equivalent("bilinear" if "linear" in torch_mode else torch_mode, align)
        # linear_onnx accepts the spatial axes of rank 3 only as {0, 1, 2}; 'linear' is the
        # general mode (identical without antialias, see the module docstring of the reference).
        if rank == 3 and attrs["mode"] == "linear_onnx":
            attrs["mode"] = "linear"
        got = interpolate_reference(x, list(size), list(range(2, rank)), shape_calculation_mode="sizes", **attrs)
        _close(got, want, 1e-12, f"torch {torch_mode} ac={align}")


@pytest.mark.parametrize("mode", ["nearest", "linear", "linear_onnx", "cubic"])
def test_reference_keeps_axes_of_unchanged_length(mode):
    """An axis whose length does not change is not resampled, even by tf_half_pixel_for_nn (whose
    formula would shift it by half a pixel): OpenVINO's CPU plugin and reference agree."""
    x = _rng("keep", mode).uniform(-1, 1, (1, 2, 12, 10)).astype(np.float32)
    for calc, values in (("scales", [1.0, 0.5]), ("scales", [1.05, 0.5]), ("sizes", [12, 15])):
        attrs = dict(mode=mode, shape_calculation_mode=calc, coordinate_transformation_mode="tf_half_pixel_for_nn",
                     nearest_mode="ceil")
        ref = interpolate_reference(x, values, [2, 3], **attrs)
        _close(ref, interpolate_reference(x, values[1:], [3], **attrs), 0.0, f"{attrs} {values}")
        _close(ref, openvino_interpolate(x, values, [2, 3], fold=True, **attrs), TOL_OPENVINO_F32, f"{attrs} {values}")
        _close(ref, openvino_interpolate(x, values, [2, 3], **attrs), TOL_OPENVINO_F32, f"{attrs} {values} (CPU)")


def test_linear_without_antialias_equals_linear_onnx():
    """The specification's linear (renormalised triangle) and linear_onnx (clamped coordinate)
    agree without antialias for every coordinate mode: a second derivation of the same values."""
    x = _rng("lin").uniform(-1, 1, (1, 2, 9, 11))
    for ctm, sizes in itertools.product(COORDINATE_TRANSFORMATION_MODES, ([5, 7], [17, 23], [1, 30])):
        a = interpolate_reference(x, sizes, [2, 3], mode="linear", shape_calculation_mode="sizes",
                                  coordinate_transformation_mode=ctm)
        b = interpolate_reference(x, sizes, [2, 3], mode="linear_onnx", shape_calculation_mode="sizes",
                                  coordinate_transformation_mode=ctm)
        _close(a, b, 1e-12, f"{ctm} {sizes}")


def test_reference_building_blocks():
    # Keys kernel: interpolating, partition of unity, Pillow's a = -0.5 value at 1.5.
    for a in (-0.5, -0.75):
        assert keys_weight(0.0, a) == 1.0 and keys_weight(1.0, a) == 0.0 and keys_weight(2.0, a) == 0.0
        for t in np.linspace(0, 1, 11):
            assert abs(sum(keys_weight(d, a) for d in (t + 1, t, 1 - t, 2 - t)) - 1.0) < 1e-12
    assert keys_weight(1.5, -0.5) == pytest.approx(-0.0625)
    # Pillow coefficients: rows sum to one; a 2x downscale of bilinear is a 4-tap [1,3,3,1]/8 kernel.
    m = pillow_matrix(8, 4, 1.0, -0.5, bicubic=False)
    assert np.allclose(m.sum(1), 1.0)
    assert np.allclose(m[1, 1:5], np.array([1, 3, 3, 1]) / 8)


def test_reference_rejects_bad_attributes():
    x = np.zeros((1, 1, 4, 4))
    for key, value in (("mode", "area"), ("shape_calculation_mode", "size"),
                       ("coordinate_transformation_mode", "tf_crop_and_resize"), ("nearest_mode", "round")):
        attrs = dict(mode="nearest", shape_calculation_mode="sizes")
        attrs[key] = value
        with pytest.raises(ValueError, match=key):
            interpolate_reference(x, [2, 2], [2, 3], **attrs)
    with pytest.raises(ValueError, match="axes"):
        interpolate_reference(x, [2, 2], [2, 2], mode="nearest", shape_calculation_mode="sizes")
    with pytest.raises(ValueError, match="pads_begin"):
        interpolate_reference(x, [2, 2], [2, 3], mode="nearest", shape_calculation_mode="sizes", pads_begin=[-1])
