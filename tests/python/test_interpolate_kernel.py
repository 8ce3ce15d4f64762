"""ags.interpolate (Interpolate-11) against independent references: torch float64
F.interpolate for the modes it shares (nearest, nearest-exact, bilinear, bicubic A=-0.75, the
antialiased ones), Pillow for the pillow modes on uint8, and closed-form values elsewhere; the path
that ran is asserted. Tolerances: float32 1e-5 relative to the data range, float16 2e-3 and
bfloat16 1.6e-2 of it (one rounding of the result: half 2^-11, bfloat16 2^-8, times a margin);
integers within one level of the float64 result rounded half away from zero."""
import re

import numpy as np
import pytest

import ascend_gridsample as ags
from interpolate_reference import interpolate_reference, nearest_matrix

torch = pytest.importorskip("torch")
F = torch.nn.functional


def _torch_ref(x64, size, mode, align_corners=None, antialias=False):
    kwargs = {"size": size, "mode": mode, "antialias": antialias}
    if align_corners is not None:
        kwargs["align_corners"] = align_corners
    return F.interpolate(torch.from_numpy(x64), **kwargs).numpy()


def _torch_differs(attrs, in_hw, size):
    """Interpolate-11's linear + antialias stretches every axis's filter by its scale once any axis is
    downscaled; torch's antialias stretches the downscaled axes only: they differ when one axis
    shrinks and another grows (there the independent reference is the peer)."""
    ratios = [o / i for o, i in zip(size, in_hw)]
    return attrs.get("antialias", False) and attrs["mode"] == "linear" and min(ratios) < 1 < max(ratios)


def _want(x64, size, torch_mode, align, aa, attrs):
    if _torch_differs(attrs, x64.shape[2:], size):
        return interpolate_reference(x64, list(size), [2, 3], shape_calculation_mode="sizes", **attrs)
    return _torch_ref(x64, size, torch_mode, align, aa)


def _image(shape, seed=0):
    return np.random.default_rng(seed).uniform(-1.0, 1.0, size=shape)


# (torch mode, align_corners, antialias) -> Interpolate-11 attributes
TORCH_EQUIVALENTS = [
    ("nearest", None, False, dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor")),
    ("nearest-exact", None, False,
     dict(mode="nearest", coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_ceil")),
    ("bilinear", False, False, dict(mode="linear", coordinate_transformation_mode="half_pixel")),
    ("bilinear", False, False, dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel")),
    ("bilinear", True, False, dict(mode="linear", coordinate_transformation_mode="align_corners")),
    ("bilinear", True, False, dict(mode="linear_onnx", coordinate_transformation_mode="align_corners")),
    ("bicubic", False, False, dict(mode="cubic", coordinate_transformation_mode="half_pixel")),
    ("bicubic", True, False, dict(mode="cubic", coordinate_transformation_mode="align_corners")),
    ("bilinear", False, True, dict(mode="bilinear_pillow")),
    ("bilinear", False, True, dict(mode="linear", coordinate_transformation_mode="half_pixel", antialias=True)),
    ("bicubic", False, True, dict(mode="bicubic_pillow", cube_coeff=-0.5)),
]
SIZES = [((2, 3, 9, 13), (4, 5)), ((1, 2, 7, 6), (15, 11)), ((1, 1, 16, 10), (5, 23)), ((1, 2, 5, 5), (1, 1))]


@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS,
                         ids=[f"{t[0]}-ac{t[1]}-aa{t[2]}-{t[3]['mode']}" for t in TORCH_EQUIVALENTS])
@pytest.mark.parametrize("shape,size", SIZES, ids=[f"{s}->{o}" for s, o in SIZES])
def test_float64_matches_torch(torch_mode, align, aa, attrs, shape, size):
    x = _image(shape)
    want = _want(x, size, torch_mode, align, aa, attrs)
    got = ags.interpolate(x, list(size), [2, 3], shape_calculation_mode="sizes", **attrs)
    assert got.dtype == np.float64 and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    assert ags.interpolate_last_path()["path"] == "ai_cpu"


@pytest.mark.parametrize("dtype,tol", [("float32", 1e-5), ("float16", 2e-3), ("bfloat16", 1.6e-2)])
@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS[:8:2],
                         ids=[t[3]["mode"] + "-" + t[0] for t in TORCH_EQUIVALENTS[:8:2]])
def test_float_dtypes_match_torch(dtype, tol, torch_mode, align, aa, attrs):
    x64 = _image((1, 3, 11, 8), seed=1)
    tdtype = getattr(torch, dtype)
    xt = torch.from_numpy(x64).to(tdtype)
    want = _torch_ref(xt.double().numpy(), (6, 17), torch_mode, align, aa)
    got = ags.interpolate(xt, [6, 17], [2, 3], shape_calculation_mode="sizes", **attrs)
    assert got.dtype == tdtype
    np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol * 2)


def _pil_resize(img_u8, size_wh, resample):
    from PIL import Image
    return np.asarray(Image.fromarray(img_u8).resize(size_wh, resample=resample))


@pytest.mark.parametrize("mode,resample,coeff", [("bilinear_pillow", "BILINEAR", -0.75), ("bicubic_pillow", "BICUBIC", -0.5)])
@pytest.mark.parametrize("in_hw,out_hw", [((40, 30), (13, 17)), ((9, 12), (31, 20)), ((25, 25), (25, 8))])
def test_uint8_pillow_modes_match_pillow(mode, resample, coeff, in_hw, out_hw):
    PIL = pytest.importorskip("PIL.Image")
    img = np.random.default_rng(3).integers(0, 256, size=in_hw, dtype=np.uint8)
    want = _pil_resize(img, (out_hw[1], out_hw[0]), getattr(PIL.Resampling, resample))
    got = ags.interpolate(img, list(out_hw), [0, 1], mode=mode, shape_calculation_mode="sizes", cube_coeff=coeff)
    assert got.dtype == np.uint8
    assert np.abs(got.astype(int) - want.astype(int)).max() <= 1


@pytest.mark.parametrize("mode,resample", [("bilinear_pillow", "BILINEAR"), ("bicubic_pillow", "BICUBIC")])
def test_int32_pillow_modes_equal_pillow(mode, resample):
    # Pillow's I mode: float64 weights, a rounding between the passes; equal, not within a level
    # (the rank-5 case: a level moved by the first pass's rounding became two after the second)
    PIL = pytest.importorskip("PIL.Image")
    rng = np.random.default_rng(4)
    for shape, out_hw in (((2, 37, 29), (20, 40)), ((2, 37, 29), (12, 9)), ((7, 3, 6, 29, 8), (34, 16))):
        x = rng.integers(-1000, 1001, shape).astype(np.int32)
        planes = x.reshape((-1,) + shape[-2:])
        want = np.stack([np.asarray(PIL.fromarray(p).resize((out_hw[1], out_hw[0]), getattr(PIL.Resampling, resample)))
                         for p in planes]).reshape(shape[:-2] + out_hw)
        got = ags.interpolate(x, list(out_hw), [len(shape) - 2, len(shape) - 1], mode=mode, shape_calculation_mode="sizes",
                              cube_coeff=-0.5)
        assert got.dtype == np.int32 and ags.interpolate_last_path()["path"] == "ai_cpu"
        np.testing.assert_array_equal(got, want, err_msg=f"{mode} {shape} -> {out_hw}")


def test_integer_dtypes_round_half_away_and_saturate():
    # linear halfway points: 1 and 2 -> 1.5 -> 2; -1 and -2 -> -1.5 -> -2 (half away from zero)
    x = np.array([1, 2, -1, -2], dtype=np.int32)
    got = ags.interpolate(x, [7], mode="linear", shape_calculation_mode="sizes",
                          coordinate_transformation_mode="align_corners")
    # positions 0, .5, 1, 1.5, 2, 2.5, 3 -> 1, 1.5, 2, .5, -1, -1.5, -2
    assert got.tolist() == [1, 2, 2, 1, -1, -2, -2]
    # cubic overshoot saturates at the type's range
    step = np.array([0, 0, 255, 255], dtype=np.uint8)
    up = ags.interpolate(step, [16], mode="cubic", shape_calculation_mode="sizes")
    ref = ags.interpolate(step.astype(np.float64), [16], mode="cubic", shape_calculation_mode="sizes")
    assert up.dtype == np.uint8
    np.testing.assert_array_equal(up, np.clip(np.where(ref >= 0, np.floor(ref + 0.5), np.ceil(ref - 0.5)), 0, 255))
    for dt in (np.int8, np.uint8, np.int32):
        x = (np.arange(24).reshape(2, 12) * 3 % 97 - (40 if dt != np.uint8 else 0)).astype(dt)
        got = ags.interpolate(x, [0.5, 1.75], mode="linear", shape_calculation_mode="scales")
        ref = ags.interpolate(x.astype(np.float64), [0.5, 1.75], mode="linear", shape_calculation_mode="scales")
        want = np.clip(np.where(ref >= 0, np.floor(ref + 0.5), np.ceil(ref - 0.5)), np.iinfo(dt).min, np.iinfo(dt).max)
        np.testing.assert_array_equal(got, want.astype(dt))
        assert ags.interpolate_last_path()["path"] == "ai_cpu"
        assert "AI CPU" in ags.interpolate_last_path()["reason"]


def test_nearest_modes_closed_form():
    x = np.arange(4, dtype=np.float64)   # upscale 4 -> 8, half_pixel: c = (o + .5) / 2 - .5
    c = (np.arange(8) + 0.5) / 2 - 0.5   # -.25 .25 .75 1.25 1.75 2.25 2.75 3.25
    want = {
        "round_prefer_floor": np.clip(np.round(c), 0, 3),
        "round_prefer_ceil": np.clip(np.round(c), 0, 3),
        "floor": np.clip(np.floor(c), 0, 3),
        "ceil": np.clip(np.ceil(c), 0, 3),
        "simple": np.clip(np.trunc(c), 0, 3),
    }
    for nm, w in want.items():
        got = ags.interpolate(x, [8], mode="nearest", shape_calculation_mode="sizes", nearest_mode=nm)
        np.testing.assert_array_equal(got, w, err_msg=nm)
    # ties: asymmetric 4 -> 8 puts .5 at odd outputs
    prefer_floor = ags.interpolate(x, [8], mode="nearest", shape_calculation_mode="sizes",
                                   coordinate_transformation_mode="asymmetric", nearest_mode="round_prefer_floor")
    prefer_ceil = ags.interpolate(x, [8], mode="nearest", shape_calculation_mode="sizes",
                                  coordinate_transformation_mode="asymmetric", nearest_mode="round_prefer_ceil")
    np.testing.assert_array_equal(prefer_floor, [0, 0, 1, 1, 2, 2, 3, 3])
    np.testing.assert_array_equal(prefer_ceil, [0, 1, 1, 2, 2, 3, 3, 3])
    # simple on a downscale rounds up: 8 -> 3, asymmetric c = o * 8/3
    x8 = np.arange(8, dtype=np.float64)
    got = ags.interpolate(x8, [3], mode="nearest", shape_calculation_mode="sizes",
                          coordinate_transformation_mode="asymmetric", nearest_mode="simple")
    np.testing.assert_array_equal(got, np.ceil(np.arange(3) * 8 / 3))


def test_coordinate_modes_closed_form_linear_onnx():
    x = np.array([[0.0, 10.0, 20.0, 30.0, 40.0]])   # rank 2, axes {0, 1}
    for cm, coord in [("half_pixel", lambda o: (o + 0.5) / 1.6 - 0.5),
                      ("pytorch_half_pixel", lambda o: (o + 0.5) / 1.6 - 0.5),
                      ("asymmetric", lambda o: o / 1.6),
                      ("tf_half_pixel_for_nn", lambda o: (o + 0.5) / 1.6),
                      ("align_corners", lambda o: o * 4 / 7)]:
        got = ags.interpolate(x, [1, 8], mode="linear_onnx", shape_calculation_mode="sizes",
                              coordinate_transformation_mode=cm)
        want = 10.0 * np.clip(coord(np.arange(8.0)), 0, 4)
        np.testing.assert_allclose(got[0], want, atol=1e-12, err_msg=cm)
    # pytorch_half_pixel maps a length-1 output to 0, half_pixel to the centre
    one_ph = ags.interpolate(x, [1, 1], mode="linear_onnx", shape_calculation_mode="sizes",
                             coordinate_transformation_mode="pytorch_half_pixel")
    one_hp = ags.interpolate(x, [1, 1], mode="linear_onnx", shape_calculation_mode="sizes",
                             coordinate_transformation_mode="half_pixel")
    assert one_ph[0, 0] == 0.0 and one_hp[0, 0] == 20.0


def test_scales_mode_uses_the_given_scale_and_float32_product():
    x = _image((1, 1, 10, 10))
    got = ags.interpolate(x, [0.7, 1.5], [2, 3], mode="linear", shape_calculation_mode="scales")
    # float32(0.7) * 10 = 7 in float32 arithmetic
    assert got.shape == (1, 1, 7, 15)
    # torch's kernel with the output size given and the scales used for the mapping (1 / scale)
    want = torch.ops.aten.upsample_bilinear2d(torch.from_numpy(x), [7, 15], False, float(np.float32(0.7)), 1.5).numpy()
    np.testing.assert_allclose(got, want, atol=1e-12)


def test_reversed_axes_and_any_rank():
    x = _image((2, 5, 3, 7, 4), seed=5)
    a = ags.interpolate(x, [9, 2], [3, 1], mode="cubic", shape_calculation_mode="sizes")
    b = ags.interpolate(x, [2, 9], [1, 3], mode="cubic", shape_calculation_mode="sizes")
    assert a.shape == (2, 2, 3, 9, 4)
    np.testing.assert_array_equal(a, b)
    # separable: resizing axes one at a time gives the same result
    c = ags.interpolate(ags.interpolate(x, [2], [1], mode="cubic", shape_calculation_mode="sizes"), [9], [3],
                        mode="cubic", shape_calculation_mode="sizes")
    np.testing.assert_allclose(a, c, atol=1e-12)
    # rank 1 and rank 7
    r1 = ags.interpolate(np.array([0.0, 1.0]), [3], mode="linear", shape_calculation_mode="sizes",
                         coordinate_transformation_mode="align_corners")
    np.testing.assert_allclose(r1, [0.0, 0.5, 1.0])
    x7 = _image((2, 1, 2, 3, 1, 2, 5), seed=6)
    r7 = ags.interpolate(x7, [10], [6], mode="nearest", shape_calculation_mode="sizes",
                         coordinate_transformation_mode="asymmetric", nearest_mode="floor")
    np.testing.assert_array_equal(r7, np.repeat(x7, 2, axis=6))


def test_pads_are_zeros_before_resizing():
    x = np.arange(1.0, 5.0).reshape(1, 4)
    got = ags.interpolate(x, [12], [1], mode="nearest", shape_calculation_mode="sizes",
                          coordinate_transformation_mode="asymmetric", nearest_mode="floor",
                          pads_begin=[1, 1], pads_end=[0, 1])
    # axis 0 padded 1 -> 2 rows (a zero row first); axis 1 padded to [0, 1, 2, 3, 4, 0] and doubled
    assert got.shape == (2, 12)
    np.testing.assert_array_equal(got[0], np.zeros(12))
    np.testing.assert_array_equal(got[1], np.repeat([0, 1, 2, 3, 4, 0], 2))
    # scales apply to the padded length
    s = ags.interpolate(x, [0.5], [1], mode="linear", shape_calculation_mode="scales", pads_begin=[0, 2],
                        pads_end=[0, 2])
    assert s.shape == (1, 4)


def test_linear_antialias_only_on_downscale():
    x = _image((1, 1, 6, 20), seed=7)
    up = ags.interpolate(x, [12], [2], mode="linear", shape_calculation_mode="sizes", antialias=True)
    up_plain = ags.interpolate(x, [12], [2], mode="linear", shape_calculation_mode="sizes")
    np.testing.assert_array_equal(up, up_plain)
    down = ags.interpolate(x, [7], [3], mode="linear", shape_calculation_mode="sizes", antialias=True)
    want = F.interpolate(torch.from_numpy(x), size=(6, 7), mode="bilinear", antialias=True).numpy()
    np.testing.assert_allclose(down, want, atol=1e-12)


def test_torch_custom_op_and_fake():
    x = torch.from_numpy(_image((1, 2, 8, 8), seed=8)).float()
    y = torch.ops.ascend_gridsample.interpolate(x, [], [4, 12], [2, 3], "cubic", "sizes", "half_pixel",
                                                "round_prefer_floor", False, [], [], -0.75)
    want = F.interpolate(x.double(), size=(4, 12), mode="bicubic", align_corners=False)
    torch.testing.assert_close(y.double(), want, atol=1e-5, rtol=0)
    with torch.device("meta"):
        m = torch.empty(1, 2, 8, 8)
    fake = ags.interpolate(m, [0.5, 2.0], [2, 3], mode="linear", shape_calculation_mode="scales")
    assert fake.shape == (1, 2, 4, 16) and fake.device.type == "meta"
    compiled = torch.compile(lambda t: ags.interpolate(t, [3, 5], [2, 3], mode="linear",
                                                       shape_calculation_mode="sizes"), fullgraph=True)
    torch.testing.assert_close(compiled(x), F.interpolate(x, size=(3, 5), mode="bilinear", align_corners=False),
                               atol=1e-5, rtol=0)


BAD_ATTRIBUTES = [
    (dict(mode="trilinear"), "mode", "'nearest'"),
    (dict(shape_calculation_mode="size"), "shape_calculation_mode", "'sizes'"),
    (dict(coordinate_transformation_mode="corners"), "coordinate_transformation_mode", "'align_corners'"),
    (dict(nearest_mode="round"), "nearest_mode", "'round_prefer_floor'"),
    (dict(antialias="yes"), "antialias", "True or False"),
    (dict(cube_coeff=float("nan")), "cube_coeff", "finite"),
    (dict(axes=[2, 2]), "axes", "distinct"),
    (dict(axes=[4]), "axes", "[-4, 3]"),
    (dict(scales_or_sizes=[3]), "sizes", "one per axis"),
    (dict(scales_or_sizes=[3, -1]), "sizes[1]", ">= 0"),
    (dict(pads_begin=[1, 1]), "pads_begin", "one per dim"),
    (dict(mode="linear_onnx", axes=[1, 2]), "linear_onnx", "{2, 3}"),
    (dict(mode="bilinear_pillow", axes=[3], scales_or_sizes=[4]), "bilinear_pillow", "exactly two axes"),
    (dict(shape_calculation_mode="scales", scales_or_sizes=[0.0, 2.0]), "scales[0]", "> 0"),
]


@pytest.mark.parametrize("change,attr,allowed", BAD_ATTRIBUTES, ids=[b[1] for b in BAD_ATTRIBUTES])
@pytest.mark.parametrize("kind", ["numpy", "torch"])
def test_bad_attributes_raise_value_error(change, attr, allowed, kind):
    x = _image((1, 1, 4, 4))
    if kind == "torch":
        x = torch.from_numpy(x)
    args = dict(scales_or_sizes=[3, 5], axes=[2, 3], mode="linear", shape_calculation_mode="sizes")
    args.update(change)
    with pytest.raises(ValueError) as e:
        ags.interpolate(x, **args)
    assert attr in str(e.value) and allowed in str(e.value)


def test_unsupported_dtype_is_a_type_error():
    with pytest.raises(TypeError, match="int16"):
        ags.interpolate(np.zeros((2, 2), np.int16), [3, 3], mode="nearest", shape_calculation_mode="sizes")


# ---- the AI Core kernel (checked build: every documented API rule asserted) ----------------------
AI_CORE_CASES = [
    # (shape, axes, sizes)
    ((2, 3, 9, 13), [2, 3], [5, 20]),      # downscale H, upscale W: rows pass + last-axis pass
    ((1, 2, 7, 6), [3, 2], [11, 15]),      # reversed axes
    ((3, 40), [1], [17]),                  # last axis only
    ((6, 5, 4), [0, 1], [3, 9]),           # two rows passes
    ((2, 3, 4, 5), [0, 1, 2, 3], [3, 2, 6, 7]),   # every axis, rank 4
    ((4, 8, 32, 48), [2, 3], [20, 70]),    # grouped: rows of 48 for many planes, many W rows per unit
    ((3, 50, 16), [1], [7]),               # grouped rows pass with a partial last group
    ((2, 5, 9000), [1], [3]),              # rows longer than a unit's vector: chunks of a row
    ((2, 20000), [1], [7]),                # a long last-axis row, one per unit
]


@pytest.mark.parametrize("dtype,tol", [("float32", 1e-5), ("float16", 2e-3), ("bfloat16", 1.6e-2)])
def test_ai_core_grouped_units_match_torch(dtype, tol):
    x64 = _image((4, 8, 32, 48), seed=16)
    xt = torch.from_numpy(x64).to(getattr(torch, dtype))
    for size in [(20, 70), (64, 96), (9, 16)]:
        want = _torch_ref(xt.double().numpy(), size, "bicubic", False)
        got = ags.interpolate(xt, list(size), [2, 3], mode="cubic", shape_calculation_mode="sizes", build="checked")
        assert ags.interpolate_last_path()["path"] == "ai_core"
        np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol * 2.5)


@pytest.mark.parametrize("dtype,tol", [("float32", 1e-5), ("float16", 2e-3), ("bfloat16", 1.6e-2)])
@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS,
                         ids=[f"{t[0]}-ac{t[1]}-aa{t[2]}-{t[3]['mode']}" for t in TORCH_EQUIVALENTS])
def test_ai_core_matches_torch_float64(dtype, tol, torch_mode, align, aa, attrs):
    x64 = _image((2, 3, 9, 13), seed=11)
    xt = torch.from_numpy(x64).to(getattr(torch, dtype))
    want = _want(xt.double().numpy(), (5, 20), torch_mode, align, aa, attrs)
    got = ags.interpolate(xt, [5, 20], [2, 3], shape_calculation_mode="sizes", build="checked", **attrs)
    assert ags.interpolate_last_path()["path"] == "ai_core", ags.interpolate_last_path()
    stats = ags.extension("checked").last_launch_stats("interpolate")
    assert stats["kernel"] == "interpolate" and stats["block_dim"] >= 1
    np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol * 2)


@pytest.mark.parametrize("shape,axes,sizes", AI_CORE_CASES, ids=[str(c[0]) + str(c[1]) for c in AI_CORE_CASES])
@pytest.mark.parametrize("mode", ["nearest", "linear", "cubic"])
def test_ai_core_equals_ai_cpu_on_any_axes(shape, axes, sizes, mode):
    x = _image(shape, seed=12).astype(np.float32)
    got = ags.interpolate(x, sizes, axes, mode=mode, shape_calculation_mode="sizes", build="checked")
    assert ags.interpolate_last_path()["path"] == "ai_core"
    # the AI CPU path computes the same in float64 (float64 input takes it)
    want = ags.interpolate(x.astype(np.float64), sizes, axes, mode=mode, shape_calculation_mode="sizes")
    assert ags.interpolate_last_path()["path"] == "ai_cpu"
    np.testing.assert_allclose(got, want, rtol=0, atol=2e-6)


# channel-last input with few channels (C not a multiple of 16): the innermost resized axis runs
# as a last axis over rows of (W, C), which the path's reason says
FEW_CHANNELS = [((1, 37, 41, 3), [1, 2], [19, 83]), ((2, 16, 16, 3), [1, 2], [40, 40]),
                ((3, 20, 30, 5), [1, 2], [25, 11]), ((2, 9, 13, 1), [1, 2], [5, 20])]
FOLDED = "axis 2 runs as a last axis over rows of its length x the {} elements after it"


@pytest.mark.parametrize("dtype,tol", [("float32", 1e-5), ("float16", 2e-3), ("bfloat16", 1.6e-2)])
@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS,
                         ids=[f"{t[0]}-ac{t[1]}-aa{t[2]}-{t[3]['mode']}" for t in TORCH_EQUIVALENTS])
def test_ai_core_folds_few_channels_of_channel_last_input(dtype, tol, torch_mode, align, aa, attrs):
    if attrs["mode"] == "linear_onnx":
        pytest.skip("linear_onnx takes axes {2, 3} of a 4-D image only")
    for shape, axes, size in FEW_CHANNELS:
        x64 = _image(shape, seed=sum(shape))
        xt = torch.from_numpy(x64).to(getattr(torch, dtype))
        nchw = xt.double().numpy().transpose(0, 3, 1, 2)
        want = _want(nchw, tuple(size), torch_mode, align, aa, attrs).transpose(0, 2, 3, 1)
        got = ags.interpolate(xt, size, axes, shape_calculation_mode="sizes", build="checked", **attrs)
        info = ags.interpolate_last_path()
        assert info["path"] == "ai_core" and FOLDED.format(shape[3]) in info["reason"], (shape, info)
        np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol * 2, err_msg=str(shape))


# long rows of one o (channel-last, or one image plane) shared by several output rows: the rows pass
# brings the input rows of a run of output rows by one DMA (a window), which the path's reason says
# (enough rows per core that windows pay; a nearest upscale, one input row per output row, often
# reads its rows one DMA each); W keeps its size, so H is the only pass (resizing W too, the two run
# fused: below)
WINDOWED = [((4, 400, 300, 3), [1, 2], [900, 300]), ((1, 4, 400, 600), [2, 3], [900, 600]),
            ((1, 1, 300, 2000), [2, 3], [701, 2000])]
WINDOW = "axis {} reads the input rows of up to"
FUSED = re.compile(r"axes (\d) and (\d) run fused")   # in the order of the two passes


@pytest.mark.parametrize("dtype,tol", [("float32", 1e-5), ("float16", 2e-3), ("bfloat16", 1.6e-2)])
@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS,
                         ids=[f"{t[0]}-ac{t[1]}-aa{t[2]}-{t[3]['mode']}" for t in TORCH_EQUIVALENTS])
def test_ai_core_rows_pass_window_against_torch(dtype, tol, torch_mode, align, aa, attrs):
    for shape, axes, size in WINDOWED:
        channel_last = axes == [1, 2]
        if channel_last and attrs["mode"] == "linear_onnx":
            continue      # linear_onnx takes axes {2, 3} of a 4-D image only
        xt = torch.from_numpy(_image(shape, seed=sum(shape))).to(getattr(torch, dtype))
        nchw = xt.double().numpy().transpose(0, 3, 1, 2) if channel_last else xt.double().numpy()
        want = _want(nchw, tuple(size), torch_mode, align, aa, attrs)
        want = want.transpose(0, 2, 3, 1) if channel_last else want
        got = ags.interpolate(xt, size, axes, shape_calculation_mode="sizes", build="checked", **attrs)
        info = ags.interpolate_last_path()
        assert info["path"] == "ai_core" and "1 pass(es)" in info["reason"], (shape, info)
        assert attrs["mode"] == "nearest" or WINDOW.format(axes[0]) in info["reason"], (shape, info)
        np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol * 2, err_msg=str(shape))


@pytest.mark.parametrize("dtype,tol", [("float32", 1e-5), ("float16", 2e-3), ("bfloat16", 1.6e-2)])
def test_ai_core_two_passes_with_a_window_against_torch(dtype, tol):
    """A 5x antialiased bicubic downscale: 20 taps per output, more than a fused pass's ring holds,
    so two passes run (the intermediate in the workspace, float32 between them), the first a rows
    pass whose units read the input rows of several output rows by one DMA; against torch."""
    for shape, axes, size in (((1, 4, 400, 600), [2, 3], [80, 120]), ((2, 300, 400, 3), [1, 2], [60, 80])):
        channel_last = axes == [1, 2]
        xt = torch.from_numpy(_image(shape, seed=sum(shape))).to(getattr(torch, dtype))
        nchw = xt.double().numpy().transpose(0, 3, 1, 2) if channel_last else xt.double().numpy()
        want = _want(nchw, tuple(size), "bicubic", False, True, dict(mode="bicubic_pillow", cube_coeff=-0.5))
        want = want.transpose(0, 2, 3, 1) if channel_last else want
        got = ags.interpolate(xt, size, axes, mode="bicubic_pillow", cube_coeff=-0.5, shape_calculation_mode="sizes",
                              build="checked")
        info = ags.interpolate_last_path()
        assert info["path"] == "ai_core" and "2 pass(es)" in info["reason"] and not FUSED.search(info["reason"])
        assert WINDOW.format(axes[0]) in info["reason"], (shape, info)
        np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol * 2, err_msg=str(shape))


# The last axis and the axis before it at once, either first: each input row is resized along
# the last axis once into a ring of UB rows that the rows pass combines, or loaded once into a ring
# whose combined rows are resized along the last axis (the path's reason says so, with its bands):
# channel-last with few channels and image planes, upscales and downscales; the first two split their
# rows into bands (more units than rows per core)
FUSED_CASES = [((1, 30, 41, 3), [1, 2], [60, 83], True), ((1, 20, 200, 3), [1, 2], [40, 400], True),
               ((4, 400, 300, 3), [1, 2], [900, 150], False), ((1, 4, 400, 300), [2, 3], [900, 150], False),
               ((2, 3, 60, 80), [2, 3], [100, 170], False)]


# the fused pass's dtypes: float16 / bfloat16 widened as loaded, narrowed as stored (tolerance: two of
# their rounding steps of values in [0, 1))
FUSED_DTYPES = [("float32", 2e-5), ("float16", 4e-3), ("bfloat16", 3.2e-2)]


def _in_dtype(x64, dtype):
    """x64 rounded to dtype (a torch tensor: numpy has no bfloat16) and the rounded values in float64."""
    xt = torch.from_numpy(x64).to(getattr(torch, dtype))
    return xt, xt.double().numpy()


@pytest.mark.parametrize("dtype,tol", FUSED_DTYPES)
@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS,
                         ids=[f"{t[0]}-ac{t[1]}-aa{t[2]}-{t[3]['mode']}" for t in TORCH_EQUIVALENTS])
def test_ai_core_fused_last_axis_and_rows_against_torch(dtype, tol, torch_mode, align, aa, attrs):
    for shape, axes, size, banded in FUSED_CASES:
        channel_last = axes == [1, 2]
        if channel_last and attrs["mode"] == "linear_onnx":
            continue      # linear_onnx takes axes {2, 3} of a 4-D image only
        xt, x64 = _in_dtype(_image(shape, seed=sum(shape) + 1), dtype)
        nchw = x64.transpose(0, 3, 1, 2) if channel_last else x64
        want = _want(nchw, tuple(size), torch_mode, align, aa, attrs)
        want = want.transpose(0, 2, 3, 1) if channel_last else want
        got = ags.interpolate(xt, size, axes, shape_calculation_mode="sizes", build="checked", **attrs)
        info = ags.interpolate_last_path()
        fused = FUSED.search(info["reason"])
        assert info["path"] == "ai_core" and fused and sorted(map(int, fused.groups())) == axes, (shape, info)
        bands = int(re.search(r"in (\d+) band\(s\)", info["reason"]).group(1))
        assert dtype != "float32" or (bands > 1) == banded, (shape, info)
        np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol, err_msg=str(shape))


# Short rows of many planes (NCHW feature maps): a fused unit takes several consecutive planes, each
# input row theirs by one DMA and each vector instruction over all their rows (the reason says how many);
# widths whose rows are not whole 32-byte blocks, upscales (the last axis first) and downscales (the
# rows first)
PLANES_CASES = [((8, 64, 24, 24), [48, 48]), ((4, 64, 13, 37), [29, 75]), ((4, 64, 40, 27), [17, 11])]
PLANES = re.compile(r"(\d+) plane\(s\) at once")


@pytest.mark.parametrize("dtype,tol", FUSED_DTYPES)
@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS,
                         ids=[f"{t[0]}-ac{t[1]}-aa{t[2]}-{t[3]['mode']}" for t in TORCH_EQUIVALENTS])
def test_ai_core_fused_planes_against_torch(dtype, tol, torch_mode, align, aa, attrs):
    orders = set()
    for shape, size in PLANES_CASES:
        xt, x64 = _in_dtype(_image(shape, seed=sum(shape) + 3), dtype)
        want = _want(x64, tuple(size), torch_mode, align, aa, attrs)
        got = ags.interpolate(xt, size, [2, 3], shape_calculation_mode="sizes", build="checked", **attrs)
        info = ags.interpolate_last_path()
        fused, planes = FUSED.search(info["reason"]), PLANES.search(info["reason"])
        assert info["path"] == "ai_core" and fused and planes and int(planes.group(1)) > 1, (shape, info)
        orders.add(fused.groups())
        np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol, err_msg=str(shape))
    if attrs["mode"] != "nearest":
        assert orders == {("3", "2"), ("2", "3")}, orders   # both orders ran


# Nearest picks an input index by floor / ceil / rounding of a coordinate; where the exact coordinate
# is an integer or a .5 tie, a float rounding of it may pick the neighbour. The index is checked
# against the formula in exact fractions (an image holding each pixel's row and column) on random
# sizes, on the AI Core (float32, both builds) and the AI CPU (float64), which keeps a -0.0 copied.
# torch computes in float32 and picks a neighbour on ~3% of random sizes; where it is exact (58 -> 30,
# output column 15: 15 * 58 / 30 = 29) it is the peer.
NEAREST_INDEX_ATTRS = [
    dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
    dict(mode="nearest", coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_ceil"),
    dict(mode="nearest", coordinate_transformation_mode="tf_half_pixel_for_nn", nearest_mode="round_prefer_floor"),
    dict(mode="nearest", coordinate_transformation_mode="pytorch_half_pixel", nearest_mode="ceil"),
]


def _exact_nearest_index(in_len, out_len, attrs):
    """The input index each output picks, from the reference (its coordinates are exact fractions)."""
    m = nearest_matrix(in_len, out_len, out_len / in_len, attrs["coordinate_transformation_mode"], attrs["nearest_mode"])
    return m.argmax(axis=1)


@pytest.mark.parametrize("attrs", NEAREST_INDEX_ATTRS, ids=[a["coordinate_transformation_mode"] for a in NEAREST_INDEX_ATTRS])
def test_nearest_index_is_the_exact_formula(attrs):
    rng = np.random.default_rng(11)
    sizes = [(58, 58, 53, 30), (21, 18, 24, 29), (8, 56, 22, 1)] + [tuple(int(v) for v in rng.integers(1, 70, 4))
                                                                    for _ in range(40)]
    for h, w, oh, ow in sizes:
        want = _exact_nearest_index(h, oh, attrs)[:, None] * 1000 + _exact_nearest_index(w, ow, attrs)[None, :]
        image = (np.arange(h)[:, None] * 1000 + np.arange(w)[None, :])[None, None]
        image = np.where(image == 0, -0.0, image)   # pixel (0, 0) is -0.0: a copy keeps the sign
        for dtype, build in (("float32", "fast"), ("float32", "checked"), ("float64", None)):
            got = ags.interpolate(image.astype(dtype), [oh, ow], [2, 3], shape_calculation_mode="sizes", build=build,
                                  **attrs)[0, 0]
            assert ags.interpolate_last_path()["path"] == ("ai_cpu" if dtype == "float64" else "ai_core")
            np.testing.assert_array_equal(got, want, err_msg=f"{(h, w)} -> {(oh, ow)} {dtype} {build}")
            assert np.array_equal(np.signbit(got), want == 0), f"{(h, w)} -> {(oh, ow)} {dtype}: -0.0 copied as is"
    # the peer where it computes exactly
    x = (np.arange(58)[:, None] * 1000 + np.arange(58)[None, :])[None, None].astype(np.float32)
    if attrs["coordinate_transformation_mode"] == "asymmetric":
        peer = F.interpolate(torch.from_numpy(x), size=(53, 30), mode="nearest").numpy()
        assert peer[0, 0, 0, 15] == 29   # 15 * 58 / 30
        np.testing.assert_array_equal(ags.interpolate(x, [53, 30], [2, 3], shape_calculation_mode="sizes", **attrs), peer)


# Random ranks, axes, sizes or scales and attributes of every mode against the reference, float32 on
# the AI Core and float64 on the AI CPU. First, narrowed linear + antialias filters (an upscaled axis
# while another is downscaled) with inputs exactly at their support's edge, 1 / scale from an output's
# coordinate: they weigh 0, and an output with no other input is 0 (the reference takes the filter's
# argument from exact fractions).
def _random_interpolate_case(rng):
    rank = int(rng.integers(3, 6))
    shape = [int(v) for v in rng.integers(1, 6, rank - 2)] + [int(v) for v in rng.integers(1, 30, 2)]
    axes = sorted(rng.choice(rank, size=int(rng.integers(1, 3)), replace=False).tolist()) if rng.random() < 0.3 \
        else [rank - 2, rank - 1]
    mode = str(rng.choice(["nearest", "linear", "linear_onnx", "cubic", "bilinear_pillow", "bicubic_pillow"]))
    attrs = {"mode": mode}
    if mode in ("bilinear_pillow", "bicubic_pillow", "linear_onnx"):
        axes = [rank - 2, rank - 1]
        if mode == "linear_onnx" and rank != 4:
            attrs["mode"] = mode = "linear"
    if mode not in ("bilinear_pillow", "bicubic_pillow"):
        attrs["coordinate_transformation_mode"] = str(rng.choice(["half_pixel", "pytorch_half_pixel", "asymmetric",
                                                                  "tf_half_pixel_for_nn", "align_corners"]))
    if mode == "nearest":
        attrs["nearest_mode"] = str(rng.choice(["round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"]))
    if mode in ("cubic", "bicubic_pillow"):
        attrs["cube_coeff"] = float(rng.choice([-0.75, -0.5]))
    if mode in ("linear", "cubic") and rng.random() < 0.3:
        attrs["antialias"] = True
    if rng.random() < 0.7:
        calc, values = "sizes", [int(v) for v in rng.integers(1, 40, len(axes))]
    else:
        calc, values = "scales", [float(np.float32(v)) for v in rng.choice([0.25, 0.5, 0.6, 0.75, 1.25, 1.5, 2.0, 3.0],
                                                                          len(axes))]
    return shape, axes, calc, values, attrs


def test_random_cases_match_the_reference():
    rng = np.random.default_rng(29)
    # narrowed filters with inputs exactly at their support's edge, for every coordinate mode
    cases = [((1, 1, h, w), [2, 3], "sizes", size, {"mode": "linear", "antialias": True, "coordinate_transformation_mode": m})
             for (h, w), size in (((2, 21), [1, 49]), ((4, 2), [2, 6]), ((4, 7), [2, 21]), ((6, 5), [3, 20]))
             for m in ("half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners")]
    cases += [_random_interpolate_case(rng) for _ in range(80)]
    for shape, axes, calc, values, attrs in cases:
        x = rng.uniform(-1.0, 1.0, shape)
        want = interpolate_reference(x, values, axes, shape_calculation_mode=calc, **attrs)
        for dtype, tol in (("float32", 2e-5), ("float64", 1e-12)):
            got = ags.interpolate(x.astype(dtype), values, axes, shape_calculation_mode=calc, build="fast", **attrs)
            info = ags.interpolate_last_path()
            # float32 runs on the AI Core but for a scale other than output / input length
            assert info["path"] == ("ai_cpu" if dtype == "float64" else "ai_core") or (
                dtype == "float32" and calc == "scales" and "a scale that differs" in info["reason"]), (shape, info)
            np.testing.assert_allclose(got, want, rtol=0, atol=tol, err_msg=f"{shape} {axes} {calc} {values} {attrs}")


# Nearest in a fused pass: each output is one input element of weight 1, gathered into place (the
# reason says so); an output row whose input row the next one does not read is resized straight
# into its output slot, others go through the ring. A copy: equal to torch's bit for bit, signed
# zeros and NaN included. Upscales (rows read twice), downscales, mixed, NCHW planes and channel-last.
UNIT_CASES = [((2, 8, 24, 40), [2, 3], [48, 80]), ((2, 8, 48, 80), [2, 3], [24, 40]),
              ((1, 3, 40, 30), [2, 3], [97, 13]), ((1, 30, 41, 3), [1, 2], [60, 20])]


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
@pytest.mark.parametrize("torch_mode,attrs", [t[::3] for t in TORCH_EQUIVALENTS if t[3]["mode"] == "nearest"])
def test_ai_core_fused_nearest_copies_against_torch(dtype, torch_mode, attrs):
    orders = set()
    for shape, axes, size in UNIT_CASES:
        channel_last = axes == [1, 2]
        x = _image(shape, seed=sum(shape) + 5)
        x.flat[::7] = -0.0
        x.flat[3::11] = np.nan
        xt = torch.from_numpy(x).to(getattr(torch, dtype))
        nchw = xt.permute(0, 3, 1, 2) if channel_last else xt
        want = torch.nn.functional.interpolate(nchw, size=tuple(size), mode=torch_mode)
        want = (want.permute(0, 2, 3, 1) if channel_last else want).contiguous()
        got = ags.interpolate(xt, size, axes, shape_calculation_mode="sizes", build="checked", **attrs)
        info = ags.interpolate_last_path()
        assert info["path"] == "ai_core" and FUSED.search(info["reason"]), (shape, info)
        assert "weights of 1 (nearest) not multiplied" in info["reason"], (shape, info)
        orders.add(FUSED.search(info["reason"]).groups())
        # which row path ran: a downscale's rows are each read once (no ring, no copy: no Mul(s) at
        # all); an upscale's are read twice (through the ring, copied out by Muls)
        apis = {name.split(" ", 1)[1] for core in ags.extension("checked").last_launch_stats("interpolate")["cores"]
                for name in core["busy_by_api"]}
        spatial = list(zip([shape[a] for a in axes], size))
        if all(o < i for i, o in spatial):
            assert not apis & {"Mul", "Muls"}, (shape, apis)
        elif all(o > i for i, o in spatial):
            assert "Muls" in apis and "Mul" not in apis, (shape, apis)
        same = (got.view(torch.int16 if dtype != "float32" else torch.int32) ==
                want.view(torch.int16 if dtype != "float32" else torch.int32))
        assert bool(same.all()), (shape, int((~same).sum()))
    assert {("3", "2"), ("2", "3")} <= orders, orders   # the last axis first and the rows first both ran


# Channel-last input with many channels (16n: a rows pass would group them): for the fused pass the
# W pass still runs as a last axis over rows of W x C (the reason says so), upscales and downscales
FOLDED_CASES = [((2, 20, 24, 64), [41, 50]), ((1, 30, 20, 32), [15, 60]), ((2, 40, 30, 16), [80, 61])]


@pytest.mark.parametrize("dtype,tol", FUSED_DTYPES)
@pytest.mark.parametrize("torch_mode,align,aa,attrs", TORCH_EQUIVALENTS,
                         ids=[f"{t[0]}-ac{t[1]}-aa{t[2]}-{t[3]['mode']}" for t in TORCH_EQUIVALENTS])
def test_ai_core_fused_folds_many_channels_against_torch(dtype, tol, torch_mode, align, aa, attrs):
    if attrs["mode"] == "linear_onnx":
        pytest.skip("linear_onnx takes axes {2, 3} of a 4-D image only")
    for shape, size in FOLDED_CASES:
        xt, x64 = _in_dtype(_image(shape, seed=sum(shape) + 5), dtype)
        want = _want(x64.transpose(0, 3, 1, 2), tuple(size), torch_mode, align, aa, attrs).transpose(0, 2, 3, 1)
        got = ags.interpolate(xt, size, [1, 2], shape_calculation_mode="sizes", build="checked", **attrs)
        info = ags.interpolate_last_path()
        assert info["path"] == "ai_core" and FUSED.search(info["reason"]), (shape, info)
        assert f"the {shape[3]} elements after it" in info["reason"], (shape, info)
        np.testing.assert_allclose(got.double().numpy(), want, rtol=0, atol=tol, err_msg=str(shape))


def test_ai_core_folds_channels_of_5d_input_against_the_reference():
    x = _image((2, 11, 7, 5, 3), seed=21).astype(np.float32)
    for attrs in (dict(mode="linear"), dict(mode="cubic"), dict(mode="linear", antialias=True),
                  dict(mode="nearest", nearest_mode="round_prefer_ceil")):
        want = interpolate_reference(x.astype(np.float64), [6, 14, 9], [1, 2, 3], shape_calculation_mode="sizes",
                                     **attrs)
        got = ags.interpolate(x, [6, 14, 9], [1, 2, 3], shape_calculation_mode="sizes", build="checked", **attrs)
        info = ags.interpolate_last_path()
        assert info["path"] == "ai_core" and "axis 3 runs as a last axis" in info["reason"], info
        np.testing.assert_allclose(got, want, rtol=0, atol=2e-6, err_msg=str(attrs))


def test_ai_core_antialias_and_pillow_float_against_torch():
    x = _image((1, 2, 32, 24), seed=13).astype(np.float32)
    want = F.interpolate(torch.from_numpy(x).double(), size=(7, 9), mode="bicubic", antialias=True).numpy()
    got = ags.interpolate(x, [7, 9], [2, 3], mode="bicubic_pillow", shape_calculation_mode="sizes", cube_coeff=-0.5,
                          build="checked")
    assert ags.interpolate_last_path()["path"] == "ai_core"
    np.testing.assert_allclose(got, want, atol=2e-6)


@pytest.mark.parametrize("case,reason", [
    ("float64", "DOUBLE runs on the AI CPU"),
    ("uint8", "UINT8 runs on the AI CPU"),
    ("strided", "strided view"),
    ("pads", "padding runs on the AI CPU"),
    ("scale", "scale that differs"),
])
def test_ai_cpu_path_and_why(case, reason):
    x = _image((1, 2, 8, 10), seed=14).astype(np.float32)
    kwargs = dict(mode="linear", shape_calculation_mode="sizes", build="checked")
    values, axes = [4, 5], [2, 3]
    if case == "float64":
        x = x.astype(np.float64)
    elif case == "uint8":
        x = (x * 100 + 100).astype(np.uint8)
    elif case == "strided":
        x = x[:, :, :, ::2]
    elif case == "pads":
        kwargs["pads_begin"] = [0, 0, 1, 0]
    else:
        kwargs["shape_calculation_mode"] = "scales"
        values = [0.6, 0.55]   # floor(0.6 * 8) = 4: the given scale is not 4 / 8
    got = ags.interpolate(x, values, axes, **kwargs)
    info = ags.interpolate_last_path()
    assert info["path"] == "ai_cpu" and reason in info["reason"], info
    assert got.shape[:2] == (1, 2)


def test_rows_beyond_the_ub_fall_back_to_the_ai_cpu():
    x = _image((2, 60000), seed=17).astype(np.float32)
    got = ags.interpolate(x, [9], [1], mode="linear", shape_calculation_mode="sizes", build="checked")
    info = ags.interpolate_last_path()
    assert info["path"] == "ai_cpu" and "does not fit the UB" in info["reason"], info
    want = ags.interpolate(x.astype(np.float64), [9], [1], mode="linear", shape_calculation_mode="sizes")
    np.testing.assert_allclose(got, want, atol=1e-6)


def test_pass_order_moves_the_fewest_bytes():
    # shrinking H (x16) first makes the W upscale pass 16 times smaller (float16: float32 runs these
    # two passes fused, nothing goes through the workspace)
    x = _image((1, 1, 256, 16), seed=15).astype(np.float16)
    ags.interpolate(x, [16, 64], [2, 3], mode="linear", shape_calculation_mode="sizes", build="checked")
    assert "axes [2, 3]" in ags.interpolate_last_path()["reason"]
    y = _image((1, 1, 16, 256), seed=15).astype(np.float16)
    ags.interpolate(y, [64, 16], [2, 3], mode="linear", shape_calculation_mode="sizes", build="checked")
    assert "axes [3, 2]" in ags.interpolate_last_path()["reason"]


def test_npu_model_counts_the_taps_of_a_resize():
    """bench.py's Interpolate roofline counts each mode's taps from a resize of an identity matrix:
    nearest reads 1 input per output; linear half_pixel at an exact 2x downscale reads 2 (each output
    sits halfway between two inputs); cubic at 2x upscale 4, less at the clamped edges."""
    from ascend_gridsample import npu_model
    assert npu_model.interpolate_taps(8, 16, mode="nearest") == 1.0
    assert npu_model.interpolate_taps(8, 4, mode="linear") == 2.0
    assert 3.0 < npu_model.interpolate_taps(8, 16, mode="cubic") <= 4.0


def test_npu_model_counts_the_inputs_a_resize_reads():
    """The roofline's input bytes: a nearest 4x downscale reads one input in four (half_pixel puts
    output o at input 4o + 1.5, round_prefer_floor takes 4o + 1); a linear 2x downscale and an
    upscale of any mode read every input. Along the innermost resized axis a DMA moves whole 32-byte
    blocks: skipping 4-byte floats saves nothing, skipping 32-byte pixels (8 channels) does."""
    from ascend_gridsample import npu_model
    assert npu_model.interpolate_reads(16, 4, mode="nearest").tolist() == [1, 5, 9, 13]
    assert len(npu_model.interpolate_reads(8, 4, mode="linear")) == 8
    assert len(npu_model.interpolate_reads(8, 16, mode="nearest")) == 8
    assert len(npu_model.interpolate_reads(8, 16, mode="cubic")) == 8
    constants = ags.extension("checked").cost_constants()
    bw = constants["mte2_bytes_per_cycle_base"] + constants["mte2_bytes_per_cycle_shared"] / 48

    def mte2_bytes(in_shape, out_shape, axes):
        taps = {a: npu_model.interpolate_taps(in_shape[a], out_shape[a], mode="nearest") for a in axes}
        reads = {a: npu_model.interpolate_reads(in_shape[a], out_shape[a], mode="nearest") for a in axes}
        bound = npu_model.interpolate_roofline(in_shape, out_shape, 4, taps, reads, 48, constants)
        return (bound["mte2"] - constants["mte2_kernel_startup"]) * 48 * bw

    assert mte2_bytes((1, 1, 64, 64), (1, 1, 16, 16), [2, 3]) == pytest.approx(64 * 64 * 4 / 4)
    assert mte2_bytes((1, 64, 64, 8), (1, 16, 16, 8), [1, 2]) == pytest.approx(64 * 64 * 8 * 4 / 16)


def test_ai_core_fused_pass_gathers_tap_by_tap_when_its_taps_do_not_fit():
    """A 32x downscale of 2048-wide rows in bicubic_pillow: 128 taps per output times the band's
    outputs outgrow one Gather's work area, so the fused pass gathers one tap at a time (its reason
    says so). Against the float64 reference, with Pillow's cubic coefficient on both sides."""
    x = _image((1, 3, 64, 2048), seed=5).astype(np.float32)
    want = interpolate_reference(x.astype(np.float64), [32, 64], [2, 3], mode="bicubic_pillow",
                                 shape_calculation_mode="sizes", cube_coeff=-0.5)
    got = ags.interpolate(x, [32, 64], [2, 3], mode="bicubic_pillow", shape_calculation_mode="sizes", cube_coeff=-0.5,
                          build="checked")
    info = ags.interpolate_last_path()
    assert info["path"] == "ai_core" and FUSED.search(info["reason"]), info
    assert re.search(r"\b1 tap\(s\) per Gather", info["reason"]), info
    np.testing.assert_allclose(got, want, rtol=0, atol=2e-5)
