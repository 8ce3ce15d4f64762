"""ags.interpolate (OpenVINO Interpolate-11) against independent references:
- torch float64 F.interpolate for the modes it shares (interpolate.md, "Equivalences");
- Pillow for the pillow modes on uint8 images, within one level;
- OpenVINO's Interpolate-11 (CPU plugin, or its reference implementation where the CPU plugin is
  known to be wrong, see interpolate_peers.py) for every mode x coordinate mode x nearest mode;
- the ONNX Resize node tests of the onnx wheel where Resize's semantics coincide;
- the float64 reference of interpolate_reference.py (itself validated by
  test_interpolate_reference.py) for pads, axes, ranks, integer types and the rest.

Tolerances, relative to the data range max(x) - min(x) of the input:
- float32: 2e-5 against float32 peers (OpenVINO), 1e-5 against float64 references (weights and
  sums in float32: a few ulps of the range, cubic overshoot included);
- float16: 1e-3 (11-bit significand: one rounding of an intermediate pass and one of the result,
  2 x 2^-12 x 1.5 for cubic overshoot, with margin);
- bfloat16: 1e-2 (8-bit significand: 2 x 2^-9 x 1.5, with margin);
- float64: 1e-12 (summation order only);
- integer types: within one level of the reference (round half away from zero; a float32
  computation can land on the other side of a .5).
The reference is always computed from the very input the operator got (half types upcast).
"""
from __future__ import annotations

import itertools
import zlib

import ml_dtypes
import numpy as np
import pytest
import torch

import ascend_gridsample as ags
from interpolate_peers import openvino_interpolate, pillow_resize, torch_equivalent, torch_interpolate64
from interpolate_reference import (COORDINATE_TRANSFORMATION_MODES, MODES, NEAREST_MODES, SHAPE_CALCULATION_MODES,
                                   interpolate_reference)

if not hasattr(ags, "interpolate"):
    pytest.skip("this build has no ags.interpolate", allow_module_level=True)

TOL_F32_VS_F32 = 2e-5
TOL_F32 = 1e-5
TOL_HALF = {"float16": 1e-3, "bfloat16": 1e-2}
TOL_F64 = 1e-12
FLOAT_DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float64": np.float64}
INT_DTYPES = {"uint8": np.uint8, "int8": np.int8, "int32": np.int32}
ALL_DTYPES = {**FLOAT_DTYPES, **INT_DTYPES}
TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
                "float64": torch.float64, "uint8": torch.uint8, "int8": torch.int8, "int32": torch.int32}


def _rng(*key):
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def _image(rng, shape, dtype_name):
    if dtype_name in INT_DTYPES:
        info = np.iinfo(INT_DTYPES[dtype_name])
        return rng.integers(max(info.min, -1000), min(info.max, 1000) + 1, shape).astype(INT_DTYPES[dtype_name])
    return rng.uniform(-1, 1, shape).astype(FLOAT_DTYPES[dtype_name])


def _range(x):
    x = np.asarray(x, np.float64)
    r = float(x.max() - x.min()) if x.size else 0.0
    return r if r > 0 else 1.0


def _check(got, want, x, tol_rel, what):
    got64, want64 = np.asarray(got).astype(np.float64), np.asarray(want).astype(np.float64)
    assert got64.shape == want64.shape, f"{what}: shape {got64.shape}, expected {want64.shape}"
    if got64.size == 0:
        return
    assert not np.isnan(got64).any(), f"{what}: NaN in the output"
    err = np.abs(got64 - want64)
    tol = tol_rel * _range(x)
    i = np.unravel_index(np.argmax(err), err.shape)
    assert err.max() <= tol, (f"{what}: max error {err.max():.3e} at {tuple(int(v) for v in i)} "
                              f"(got {got64[i]!r}, want {want64[i]!r}); tolerance {tol:.3e}")


def check_against_reference(x, values, axes, what="", **attrs):
    """Runs ags.interpolate on x and checks it against the float64 reference with the tolerance of
    x's dtype. Returns the output."""
    got = ags.interpolate(x, values, axes, **attrs)
    name = np.dtype(np.asarray(x).dtype).name
    assert np.asarray(got).dtype == np.asarray(x).dtype, f"{what}: dtype {np.asarray(got).dtype}, expected {name}"
    ref = interpolate_reference(np.asarray(x).astype(np.float64) if name in FLOAT_DTYPES else x, values, axes, **attrs)
    what = what or f"{name} {x.shape} {values} axes={axes} {attrs}"
    if name in INT_DTYPES:
        diff = np.abs(np.asarray(got).astype(np.int64) - ref.astype(np.int64))
        assert got.shape == ref.shape, f"{what}: shape {got.shape}, expected {ref.shape}"
        assert diff.size == 0 or diff.max() <= 1, f"{what}: {int(diff.max())} levels off the reference"
    else:
        _check(got, ref, x, {"float32": TOL_F32, "float64": TOL_F64}.get(name, TOL_HALF.get(name)), what)
    return got


# ------------------------------------------------------------------------------------------------
# torch float64 for the equivalent modes
# ------------------------------------------------------------------------------------------------
TORCH_CASES = [("nearest", None, False), ("nearest-exact", None, False), ("bilinear", False, False),
               ("bilinear", True, False), ("bicubic", False, False), ("bicubic", True, False),
               ("bilinear", False, True), ("bicubic", False, True)]
TORCH_SIZES = [(5, 7), (26, 40), (13, 17), (4, 30), (1, 1)]


@pytest.mark.parametrize("torch_mode,align,aa", TORCH_CASES, ids=[f"{m}-ac{a}-aa{int(b)}" for m, a, b in TORCH_CASES])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_matches_torch_float64(torch_mode, align, aa, dtype):
    x = _image(_rng("torch", torch_mode, align, aa, dtype), (2, 3, 13, 17), dtype)
    kw = {} if align is None else dict(align_corners=align)
    attrs = torch_equivalent(torch_mode, align, aa)
    tol = TOL_F64 if dtype == "float64" else TOL_F32
    for size in TORCH_SIZES:
        if aa and size == (1, 1):
            continue
        want = torch_interpolate64(x, size=size, mode=torch_mode, antialias=aa, **kw)
        got = ags.interpolate(x, list(size), [2, 3], shape_calculation_mode="sizes", **attrs)
        _check(got, want, x, tol, f"torch {torch_mode} ac={align} aa={aa} {dtype} size {size}")
    if not aa:
        for scale in ((0.5, 2.0), (1.5, 0.75)):
            want = torch_interpolate64(x, scale_factor=scale, mode=torch_mode, **kw)
            got = ags.interpolate(x, list(scale), [2, 3], shape_calculation_mode="scales", **attrs)
            _check(got, want, x, tol, f"torch {torch_mode} ac={align} {dtype} scale {scale}")


@pytest.mark.parametrize("torch_mode,rank", [("nearest", 3), ("linear", 3), ("nearest", 5), ("trilinear", 5),
                                             ("nearest-exact", 5)])
def test_matches_torch_1d_3d(torch_mode, rank):
    x = _image(_rng("t13", torch_mode, rank), (2, 3, 11) if rank == 3 else (1, 2, 5, 6, 7), "float64")
    size = (17,) if rank == 3 else (3, 9, 4)
    for align in ((None,) if torch_mode.startswith("nearest") else (False, True)):
        kw = {} if align is None else dict(align_corners=align)
        want = torch_interpolate64(x, size=size, mode=torch_mode, **kw)
        attrs = torch_equivalent("bilinear" if "linear" in torch_mode else torch_mode, align)
        if rank == 3 and attrs["mode"] == "linear_onnx":
            attrs["mode"] = "linear"       # linear_onnx takes rank 3 only with axes {0, 1, 2}
        got = ags.interpolate(x, list(size), list(range(2, rank)), shape_calculation_mode="sizes", **attrs)
        _check(got, want, x, TOL_F64, f"torch {torch_mode} rank {rank} ac={align}")


# ------------------------------------------------------------------------------------------------
# Pillow on uint8
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
@pytest.mark.parametrize("layout", ["nchw", "nhwc"])
def test_pillow_modes_match_pillow_uint8(mode, layout):
    rng = _rng("pil", mode, layout)
    x = rng.integers(0, 256, (2, 3, 37, 29)).astype(np.uint8)
    x[0, 0, :8] = 255                    # saturated blocks: bicubic overshoot must be clipped
    x[0, 0, 8:16] = 0
    for out_hw in ((12, 9), (80, 70), (37, 13), (5, 60), (60, 5), (1, 1), (36, 29)):
        if layout == "nchw":
            got = ags.interpolate(x, list(out_hw), [2, 3], mode=f"{mode}_pillow", shape_calculation_mode="sizes",
                                  cube_coeff=-0.5)
        else:
            got = ags.interpolate(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), list(out_hw), [1, 2],
                                  mode=f"{mode}_pillow", shape_calculation_mode="sizes", cube_coeff=-0.5)
            got = got.transpose(0, 3, 1, 2)
        assert got.dtype == np.uint8
        want = pillow_resize(x, out_hw, mode)
        diff = np.abs(got.astype(int) - want.astype(int))
        assert diff.max() <= 1, f"{mode}_pillow {layout} {out_hw}: {int(diff.max())} levels off Pillow"


# ------------------------------------------------------------------------------------------------
# OpenVINO Interpolate-11 for every mode x coordinate mode x nearest mode
# ------------------------------------------------------------------------------------------------
OV_CASES = [("sizes", [5, 7]), ("sizes", [17, 23]), ("sizes", [4, 20]), ("sizes", [1, 1]),
            ("scales", [0.5, 2.0]), ("scales", [1.5, 0.75])]
OV_GRID = [(m, c, n, aa) for m in MODES for c in COORDINATE_TRANSFORMATION_MODES
           for n in (NEAREST_MODES if m == "nearest" else ("round_prefer_floor",))
           for aa in ((False, True) if m == "linear" else (False,))]


@pytest.mark.parametrize("mode,ctm,nearest_mode,antialias", OV_GRID, ids=["-".join(map(str, g)) for g in OV_GRID])
def test_matches_openvino(mode, ctm, nearest_mode, antialias):
    pytest.importorskip("openvino")
    x = _image(_rng("ov", mode, ctm, nearest_mode, antialias), (2, 3, 9, 11), "float32")
    fold = mode == "linear" and antialias      # the CPU plugin's linear + antialias is wrong
    for calc, values in OV_CASES:
        attrs = dict(mode=mode, shape_calculation_mode=calc, coordinate_transformation_mode=ctm,
                     nearest_mode=nearest_mode, antialias=antialias,
                     cube_coeff=-0.5 if mode.endswith("pillow") else -0.75)
        want = openvino_interpolate(x, values, [2, 3], fold=fold, **attrs)
        got = ags.interpolate(x, values, [2, 3], **attrs)
        _check(got, want, x, 0.0 if mode == "nearest" else TOL_F32_VS_F32, f"OpenVINO {attrs} {values}")


@pytest.mark.parametrize("mode", MODES)
def test_matches_openvino_channel_last(mode):
    pytest.importorskip("openvino")
    x = _image(_rng("ovnhwc", mode), (2, 9, 11, 3), "float32")
    if mode == "linear_onnx":
        # Interpolate-11 takes linear_onnx on axes {2, 3} of a 4-D image only (OpenVINO's CPU
        # plugin accepts more); ags rejects the rest naming the allowed sets
        with pytest.raises(ValueError, match="linear_onnx"):
            ags.interpolate(x, [5, 7], [1, 2], mode=mode, shape_calculation_mode="sizes")
        return
    for calc, values in (("sizes", [5, 7]), ("scales", [1.5, 0.6]), ("sizes", [20, 30])):
        attrs = dict(mode=mode, shape_calculation_mode=calc, cube_coeff=-0.5 if mode.endswith("pillow") else -0.75)
        _check(ags.interpolate(x, values, [1, 2], **attrs), openvino_interpolate(x, values, [1, 2], **attrs), x,
               TOL_F32_VS_F32, f"OpenVINO NHWC {attrs} {values}")


@pytest.mark.parametrize("cube_coeff", [-0.5, -0.6, -1.0])
def test_cube_coeff_matches_openvino(cube_coeff):
    pytest.importorskip("openvino")
    x = _image(_rng("cc", cube_coeff), (1, 2, 9, 11), "float32")
    for mode in ("cubic", "bicubic_pillow"):
        attrs = dict(mode=mode, shape_calculation_mode="sizes", cube_coeff=cube_coeff)
        for sizes in ([5, 7], [17, 30]):
            # OpenVINO's CPU plugin ignores cube_coeff in bicubic_pillow; its reference applies it.
            want = openvino_interpolate(x, sizes, [2, 3], fold=mode == "bicubic_pillow", **attrs)
            _check(ags.interpolate(x, sizes, [2, 3], **attrs), want, x, TOL_F32_VS_F32, f"{attrs} {sizes}")


# ------------------------------------------------------------------------------------------------
# ONNX Resize node tests where the semantics coincide
# ------------------------------------------------------------------------------------------------
def onnx_resize_spec_nodes() -> list:
    """(name, node, inputs, outputs) of every Resize example of the onnx wheel's node-test generators."""
    import onnx.backend.test.case.node.resize as rs

    cases = []
    saved = rs.expect
    rs.expect = lambda node, inputs, outputs, name, **kw: cases.append((name, node, inputs, outputs))
    try:
        for attr in sorted(dir(rs.Resize)):
            if attr.startswith("export"):
                getattr(rs.Resize, attr)()
    finally:
        rs.expect = saved
    return cases


# Why a node test is not an Interpolate-11 case (the ONNX plugin rejects the first four kinds with
# the attribute's name; the last is a documented difference of the ONNX reference).
def onnx_resize_exclusion(name, attrs, scales):
    if attrs.get("antialias", 0):
        return "antialias: ONNX clamps the stretched filter's taps to the edge, Interpolate-11 drops them"
    if attrs.get("exclude_outside", 0):
        return "exclude_outside=1"
    if attrs.get("keep_aspect_ratio_policy", b"stretch") != b"stretch":
        return "keep_aspect_ratio_policy other than stretch"
    ctm = attrs.get("coordinate_transformation_mode", b"half_pixel")
    if ctm in (b"tf_crop_and_resize", b"half_pixel_symmetric"):
        return f"coordinate_transformation_mode {ctm.decode()}"
    if ctm == b"align_corners" and scales is not None:
        return "align_corners with scales: ONNX's reference maps with the fractional scale x length"
    return None


def onnx_resize_to_interpolate(node, inputs):
    """(values, axes, attrs) of ags.interpolate for a Resize node (the mapping of the ONNX plugin)."""
    import onnx

    attrs = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
    names = list(node.input) + [""] * (4 - len(node.input))
    given = dict(zip([n for n in node.input if n], inputs))     # the generators list non-empty inputs only
    scales = given.get(names[2]) if names[2] else None
    sizes = given.get(names[3]) if names[3] else None
    axes = attrs.get("axes")
    mode = attrs.get("mode", b"nearest").decode()
    out = dict(mode={"nearest": "nearest", "linear": "linear", "cubic": "cubic"}[mode],
               coordinate_transformation_mode=attrs.get("coordinate_transformation_mode", b"half_pixel").decode(),
               nearest_mode=attrs.get("nearest_mode", b"round_prefer_floor").decode(),
               cube_coeff=float(attrs.get("cubic_coeff_a", -0.75)))
    if sizes is not None:
        return [int(v) for v in sizes], axes, dict(out, shape_calculation_mode="sizes"), attrs, None
    return [float(v) for v in scales], axes, dict(out, shape_calculation_mode="scales"), attrs, scales


def _onnx_cases():
    try:
        cases = onnx_resize_spec_nodes()
    except ImportError:
        return []
    return cases


ONNX_CASES = _onnx_cases()


@pytest.mark.parametrize("case", ONNX_CASES, ids=[c[0] for c in ONNX_CASES])
def test_onnx_resize_node_tests(case):
    name, node, inputs, outputs = case
    values, axes, attrs, onnx_attrs, scales = onnx_resize_to_interpolate(node, inputs)
    why = onnx_resize_exclusion(name, onnx_attrs, scales)
    if why:
        pytest.skip(f"not an Interpolate-11 case: {why}")
    x = inputs[0]
    got = ags.interpolate(x, values, axes, **attrs)
    _check(got, outputs[0], x, TOL_F32, f"{name} {attrs}")


def test_onnx_resize_node_tests_cover_the_shared_semantics():
    """The node tests that do coincide cover every shared mode and coordinate mode."""
    if not ONNX_CASES:
        pytest.skip("onnx is not installed")
    kept = [onnx_resize_to_interpolate(n, i)[2] for name, n, i, _ in ONNX_CASES
            if not onnx_resize_exclusion(name, *onnx_resize_to_interpolate(n, i)[3:])]
    assert len(kept) >= 18
    assert {a["mode"] for a in kept} == {"nearest", "linear", "cubic"}
    assert {a["coordinate_transformation_mode"] for a in kept} >= {"half_pixel", "pytorch_half_pixel", "asymmetric",
                                                                   "align_corners"}
    assert {a["nearest_mode"] for a in kept if a["mode"] == "nearest"} >= {"round_prefer_floor", "round_prefer_ceil",
                                                                           "floor", "ceil"}


# ------------------------------------------------------------------------------------------------
# The reference for everything else
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", list(ALL_DTYPES))
@pytest.mark.parametrize("mode", MODES)
def test_every_dtype_every_mode(dtype, mode):
    x = _image(_rng("dt", dtype, mode), (2, 3, 9, 11), dtype)
    for calc, values in (("sizes", [5, 7]), ("sizes", [17, 23]), ("scales", [1.5, 0.75])):
        check_against_reference(x, values, [2, 3], mode=mode, shape_calculation_mode=calc,
                                cube_coeff=-0.5 if mode.endswith("pillow") else -0.75)


@pytest.mark.parametrize("dtype", list(ALL_DTYPES))
def test_torch_tensors_in_every_dtype(dtype):
    """torch tensors in, torch tensors of the same dtype out, the same values as for numpy."""
    x = _image(_rng("torchin", dtype), (1, 2, 9, 11), dtype)
    xt = torch.from_numpy(x.astype(np.float32)).to(TORCH_DTYPES[dtype]) if dtype == "bfloat16" else torch.from_numpy(x)
    for mode in ("nearest", "linear", "cubic", "bilinear_pillow"):
        attrs = dict(mode=mode, shape_calculation_mode="sizes")
        got = ags.interpolate(xt, [5, 17], [2, 3], **attrs)
        assert isinstance(got, torch.Tensor) and got.dtype == TORCH_DTYPES[dtype]
        as_numpy = got.float().numpy() if dtype == "bfloat16" else got.numpy()
        ref_np = ags.interpolate(x, [5, 17], [2, 3], **attrs)
        np.testing.assert_array_equal(as_numpy, np.asarray(ref_np).astype(as_numpy.dtype))
        check_against_reference(x, [5, 17], [2, 3], **attrs)


@pytest.mark.parametrize("mode", MODES)
def test_pads(mode):
    x = _image(_rng("pads", mode), (2, 3, 9, 11), "float32")
    for pb, pe in (([0, 0, 1, 2], [0, 0, 3, 0]), ([1, 0, 2, 1], [0, 2, 0, 1]), ([0, 0, 0, 0], [0, 0, 0, 5])):
        for calc, values in (("sizes", [6, 8]), ("scales", [1.5, 0.5])):
            check_against_reference(x, values, [2, 3], mode=mode, shape_calculation_mode=calc,
                                    pads_begin=pb, pads_end=pe, cube_coeff=-0.5 if mode.endswith("pillow") else -0.75)


@pytest.mark.parametrize("mode", MODES)
def test_axes_any_order_and_layout(mode):
    x = _image(_rng("axes", mode), (2, 9, 11, 3), "float32")
    cc = -0.5 if mode.endswith("pillow") else -0.75
    if mode == "linear_onnx":
        x = np.ascontiguousarray(x.transpose(0, 3, 1, 2))      # linear_onnx: axes {2, 3} of 4-D only
        for axes, values in (([2, 3], [5, 17]), ([3, 2], [17, 5])):
            check_against_reference(x, values, axes, mode=mode, shape_calculation_mode="sizes")
        return
    for axes, values in (([1, 2], [5, 17]), ([2, 1], [17, 5])):
        check_against_reference(x, values, axes, mode=mode, shape_calculation_mode="sizes", cube_coeff=cc)
    # reversed axes name the same resize: identical result
    a = ags.interpolate(x, [5, 17], [1, 2], mode=mode, shape_calculation_mode="sizes", cube_coeff=cc)
    b = ags.interpolate(x, [17, 5], [2, 1], mode=mode, shape_calculation_mode="sizes", cube_coeff=cc)
    _check(a, b, x, TOL_F32, f"{mode}: axes [1, 2] vs [2, 1]")


@pytest.mark.parametrize("mode", ["nearest", "linear", "cubic"])
def test_any_rank(mode):
    rng = _rng("rank", mode)
    for shape, values, axes in (((11,), [17], None), ((6, 5), [3, 9], None), ((4, 6, 5), [7, 3, 9], None),
                                ((2, 3, 4, 6, 5), [3, 8, 2, 4, 7], None), ((2, 1, 3, 4, 2, 5), [3, 6], [5, 2]),
                                ((3, 4, 5), [9], [1])):
        x = rng.uniform(-1, 1, shape).astype(np.float32)
        check_against_reference(x, values, axes, mode=mode, shape_calculation_mode="sizes")


def test_linear_onnx_axis_sets():
    rng = _rng("lonnx")
    for shape, values, axes in (((6, 5), [3, 9], [0, 1]), ((4, 6, 5), [7, 3, 9], [0, 1, 2]),
                                ((2, 3, 6, 5), [3, 9], [2, 3]), ((1, 2, 4, 6, 5), [7, 3, 9], [2, 3, 4])):
        x = rng.uniform(-1, 1, shape).astype(np.float32)
        for ctm in COORDINATE_TRANSFORMATION_MODES:
            check_against_reference(x, values, axes, mode="linear_onnx", shape_calculation_mode="sizes",
                                    coordinate_transformation_mode=ctm)


@pytest.mark.parametrize("ctm", COORDINATE_TRANSFORMATION_MODES)
def test_linear_antialias(ctm):
    x = _image(_rng("aa", ctm), (1, 2, 12, 10), "float32")
    for calc, values in (("scales", [0.5, 0.25]), ("sizes", [5, 7]), ("sizes", [3, 4]), ("scales", [0.3, 0.9])):
        check_against_reference(x, values, [2, 3], mode="linear", shape_calculation_mode=calc,
                                coordinate_transformation_mode=ctm, antialias=True)


# Former disagreements of ags.interpolate with Interpolate-11 (OpenVINO's reference implementation
# and interpolate_reference.py agree on each), kept as regression tests.
FORMER_DISAGREEMENTS = [
    ("linear antialias, one axis down and one up: the specification stretches every axis by its scale "
     "(a = scale, also > 1) once any axis is downscaled; the operator used to stretch the downscaled axes only",
     dict(mode="linear", antialias=True), [("sizes", [4, 20]), ("scales", [0.5, 2.0])]),
    ("pillow modes with shape_calculation_mode scales: the filter's step is in / out (the output length "
     "floor(scale * in)), not 1 / scale",
     dict(mode="bilinear_pillow"), [("scales", [1.5, 0.75]), ("scales", [0.5, 2.0])]),
]


@pytest.mark.parametrize("why,attrs,cases", FORMER_DISAGREEMENTS, ids=["linear-antialias-mixed", "pillow-scales"])
def test_former_disagreements_with_the_specification(why, attrs, cases):
    pytest.importorskip("openvino")
    x = _image(_rng("known", why), (1, 2, 9, 11), "float32")
    for calc, values in cases:
        a = dict(attrs, shape_calculation_mode=calc)
        _check(ags.interpolate(x, values, [2, 3], **a), openvino_interpolate(x, values, [2, 3], fold=True, **a), x,
               TOL_F32_VS_F32, f"{why}: {a} {values}")


def test_unchanged_axes_are_not_resampled():
    """tf_half_pixel_for_nn would move an axis of unchanged length by half a pixel: it is kept."""
    x = _image(_rng("keep"), (1, 2, 12, 10), "float32")
    for mode in ("nearest", "linear", "linear_onnx", "cubic"):
        got = check_against_reference(x, [12, 5], [2, 3], mode=mode, shape_calculation_mode="sizes",
                                      coordinate_transformation_mode="tf_half_pixel_for_nn", nearest_mode="ceil")
        if mode == "linear_onnx":
            continue                            # takes no single-axis set to compare with
        only_w = ags.interpolate(x, [5], [3], mode=mode, shape_calculation_mode="sizes",
                                 coordinate_transformation_mode="tf_half_pixel_for_nn", nearest_mode="ceil")
        _check(got, only_w, x, TOL_F32, mode)


SPEC_PATH_CASES = [
    (dict(mode="linear", antialias=True, shape_calculation_mode="sizes"), [4, 20], (12, 10)),
    (dict(mode="linear", antialias=True, shape_calculation_mode="sizes"), [12, 4], (12, 10)),
    (dict(mode="bilinear_pillow", shape_calculation_mode="scales"), [1.5, 0.75], (12, 10)),
    (dict(mode="bicubic_pillow", shape_calculation_mode="scales", cube_coeff=-0.5), [0.35, 1.7], (12, 10)),
    (dict(mode="cubic", shape_calculation_mode="sizes", coordinate_transformation_mode="tf_half_pixel_for_nn"),
     [12, 5], (12, 10)),
]


@pytest.mark.parametrize("attrs,values,hw", SPEC_PATH_CASES, ids=[f"{c[0]['mode']}-{c[1]}" for c in SPEC_PATH_CASES])
def test_spec_semantics_on_both_paths(attrs, values, hw):
    """The AI Core tables (float32) and the AI CPU taps (float64) follow the same Interpolate-11 rules:
    antialias on every axis once one shrinks, pillow steps of in / out, unchanged axes left alone."""
    x = _image(_rng("paths", repr(attrs), values), (1, 2) + hw, "float32")
    check_against_reference(x, values, [2, 3], **attrs)
    assert ags.interpolate_last_path()["path"] == "ai_core", ags.interpolate_last_path()
    check_against_reference(x.astype(np.float64), values, [2, 3], **attrs)
    assert ags.interpolate_last_path()["path"] == "ai_cpu"


@pytest.mark.parametrize("dtype", list(INT_DTYPES))
def test_integer_rounding_and_clipping(dtype):
    """Integer outputs: round half away from zero, clip to the type (bicubic overshoot)."""
    info = np.iinfo(INT_DTYPES[dtype])
    x = np.zeros((1, 1, 8, 8), INT_DTYPES[dtype])
    x[..., 4:] = info.max if dtype != "int32" else 1000
    x[..., :4] = info.min if dtype != "uint8" else 0
    for mode in ("cubic", "bicubic_pillow", "linear"):
        for sizes in ([8, 13], [5, 3]):
            check_against_reference(x, sizes, [2, 3], mode=mode, shape_calculation_mode="sizes", cube_coeff=-0.75)


def test_sizes_equal_to_input_copy_the_input():
    x = _image(_rng("same"), (2, 3, 9, 11), "float32")
    for mode in MODES:
        got = ags.interpolate(x, [9, 11], [2, 3], mode=mode, shape_calculation_mode="sizes")
        np.testing.assert_array_equal(got, x)


def test_empty_output():
    x = _image(_rng("empty"), (2, 3, 9, 11), "float32")
    got = ags.interpolate(x, [0, 7], [2, 3], mode="linear", shape_calculation_mode="sizes")
    assert got.shape == (2, 3, 0, 7)


# ------------------------------------------------------------------------------------------------
# Bad inputs: ValueError naming the attribute and its allowed values
# ------------------------------------------------------------------------------------------------
STRING_ATTRS = [("mode", MODES, "area"), ("shape_calculation_mode", SHAPE_CALCULATION_MODES, "size"),
                ("coordinate_transformation_mode", COORDINATE_TRANSFORMATION_MODES, "tf_crop_and_resize"),
                ("nearest_mode", NEAREST_MODES, "round")]


@pytest.mark.parametrize("attr,allowed,bad", STRING_ATTRS, ids=[a[0] for a in STRING_ATTRS])
@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_bad_string_attribute_names_it_and_its_values(attr, allowed, bad, kind):
    x = np.zeros((1, 1, 4, 4), np.float32)
    x = torch.from_numpy(x) if kind == "torch" else x
    attrs = dict(mode="nearest", shape_calculation_mode="sizes")
    for value in (bad, "", None, 3):
        if value is None and attr == "shape_calculation_mode":
            continue     # None: sizes for integer values (test_interpolate_pillow.py)
        attrs[attr] = value
        with pytest.raises(ValueError) as e:
            ags.interpolate(x, [2, 2], [2, 3], **attrs)
        msg = str(e.value)
        assert attr in msg, msg
        for v in allowed:
            assert v in msg, f"{attr}: allowed value {v} missing from: {msg}"


BAD_VALUES = [
    ("antialias", dict(antialias="yes"), ("antialias",)),
    ("cube_coeff", dict(cube_coeff=float("nan")), ("cube_coeff",)),
    ("axes repeated", dict(axes=[2, 2]), ("axes",)),
    ("axes out of range", dict(axes=[2, 4]), ("axes", "[-4, 3]")),
    ("sizes count", dict(values=[2, 2, 2]), ("sizes",)),
    ("sizes negative", dict(values=[-1, 2]), ("sizes",)),
    ("scales count", dict(values=[0.5], shape_calculation_mode="scales"), ("scales",)),
    ("scales zero", dict(values=[0.0, 1.0], shape_calculation_mode="scales"), ("scales",)),
    ("scales nan", dict(values=[float("nan"), 1.0], shape_calculation_mode="scales"), ("scales",)),
    ("pads_begin length", dict(pads_begin=[0, 0, 1, 1, 0]), ("pads_begin",)),
    ("pads_end length", dict(pads_end=[0, 0, 1, 0, 0, 0]), ("pads_end",)),
    ("linear_onnx axes", dict(mode="linear_onnx", axes=[1, 2]), ("linear_onnx", "{2, 3}")),
    ("pillow one axis", dict(mode="bilinear_pillow", axes=[3], values=[2]), ("bilinear_pillow", "two")),
    ("pillow three axes", dict(mode="bicubic_pillow", axes=[1, 2, 3], values=[2, 2, 2]), ("bicubic_pillow", "two")),
]


@pytest.mark.parametrize("what,change,words", BAD_VALUES, ids=[b[0] for b in BAD_VALUES])
def test_bad_values_name_the_argument(what, change, words):
    x = np.zeros((1, 1, 4, 4), np.float32)
    args = dict(values=[2, 2], axes=[2, 3], mode="nearest", shape_calculation_mode="sizes")
    args.update(change)
    values, axes = args.pop("values"), args.pop("axes")
    with pytest.raises(ValueError) as e:
        ags.interpolate(x, values, axes, **args)
    for w in words:
        assert w in str(e.value), f"{what}: '{w}' missing from: {e.value}"


def test_unsupported_dtype_names_the_supported_ones():
    for dtype in (np.int16, np.complex64, np.bool_):
        with pytest.raises((TypeError, ValueError)) as e:
            ags.interpolate(np.zeros((1, 1, 4, 4), dtype), [2, 2], [2, 3], mode="nearest", shape_calculation_mode="sizes")
        for name in ("float32", "float16", "bfloat16", "uint8", "int8", "int32", "float64"):
            assert name in str(e.value), f"{np.dtype(dtype).name}: {name} missing from: {e.value}"


def test_tolerances_are_meaningful():
    """The stated half tolerances are reached by rounding the float64 result once to the type
    and not by a grossly wrong result (a one-pixel shift fails them)."""
    x = _image(_rng("tol"), (1, 1, 16, 16), "float64")
    ref = interpolate_reference(x, [23, 23], [2, 3], mode="cubic", shape_calculation_mode="sizes")
    for name, tol in TOL_HALF.items():
        rounded = ref.astype(FLOAT_DTYPES[name]).astype(np.float64)
        assert np.abs(rounded - ref).max() <= tol * _range(x) / 2
        shifted = np.roll(ref, 1, axis=3)
        assert np.abs(shifted - ref).max() > tol * _range(x)
