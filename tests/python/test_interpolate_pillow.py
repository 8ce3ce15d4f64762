"""The pillow modes with default arguments against Pillow itself (Image.resize, BILINEAR / BICUBIC):
cube_coeff defaults to the mode's own coefficient (Pillow's -0.5 for bicubic_pillow) and the two
passes run in Pillow's order (vertical first when the height loses more than twice as many pixels
as the width), with Pillow's 8-bit fixed-point weights on uint8, so uint8 results are within one
level of Pillow's (in practice identical) for any sizes: upscales,
downscales and mixed, on matplotlib's sample photograph and on random images. float32 (the AI Core
kernel) is compared with Pillow's float mode "F". Every case asserts the path it ran."""
from __future__ import annotations

import numpy as np
import pytest
import torch
from PIL import Image

import ascend_gridsample as ags
from interpolate_reference import pillow_vertical_first

FILTERS = {"bilinear_pillow": Image.BILINEAR, "bicubic_pillow": Image.BICUBIC}
# float32 against Pillow's "F" mode (float64 sums stored as float32 between passes), relative to
# the data range: a few float32 ulps of the two weighted sums
TOL_F32 = 1e-5


def _pillow(planes, out_hw, mode):
    """Pillow's resize of each (H, W) plane of an (..., H, W) uint8 or float32 array."""
    flat = planes.reshape((-1,) + planes.shape[-2:])
    out = [np.asarray(Image.fromarray(p).resize((out_hw[1], out_hw[0]), FILTERS[mode])) for p in flat]
    return np.stack(out).reshape(planes.shape[:-2] + tuple(out_hw))


def _random_sizes(rng, count):
    """(in_hw, out_hw) pairs: upscales, downscales and mixed, with both pass orders."""
    cases = []
    while len(cases) < count:
        in_hw = tuple(int(v) for v in rng.integers(2, 90, 2))
        out_hw = tuple(int(v) for v in rng.integers(1, 120, 2))
        if in_hw[0] != out_hw[0] and in_hw[1] != out_hw[1]:
            cases.append((in_hw, out_hw))
    return cases


@pytest.fixture(scope="module")
def photo():
    cbook = pytest.importorskip("matplotlib.cbook")
    with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as im:
        return np.asarray(im.convert("RGB"))          # (600, 512, 3) uint8


@pytest.mark.parametrize("mode", sorted(FILTERS))
@pytest.mark.parametrize("out_hw", [(900, 700), (700, 900), (300, 256), (150, 500), (640, 96), (601, 300)])
def test_photo_matches_pillow_with_default_arguments(photo, mode, out_hw):
    got = ags.interpolate(photo, list(out_hw), [0, 1], mode=mode, shape_calculation_mode="sizes")
    assert ags.interpolate_last_path()["path"] == "ai_cpu"
    want = np.asarray(Image.fromarray(photo).resize((out_hw[1], out_hw[0]), FILTERS[mode]))
    assert got.dtype == np.uint8 and got.shape == want.shape
    diff = np.abs(got.astype(int) - want.astype(int))
    assert diff.max() <= 1, f"{mode} {photo.shape[:2]} -> {out_hw}: {int(diff.max())} levels off Pillow"


@pytest.mark.parametrize("mode", sorted(FILTERS))
def test_random_sizes_uint8_match_pillow(mode):
    rng = np.random.default_rng(19 + len(mode))
    cases = _random_sizes(rng, 60)
    orders = {pillow_vertical_first(i, o) for i, o in cases}
    assert orders == {True, False}, "the sizes must exercise both of Pillow's pass orders"
    for in_hw, out_hw in cases:
        x = rng.integers(0, 256, (2,) + in_hw).astype(np.uint8)
        x[0, : in_hw[0] // 3] = 255                   # saturated blocks: bicubic overshoot clips
        got = ags.interpolate(x, list(out_hw), [1, 2], mode=mode, shape_calculation_mode="sizes")
        assert ags.interpolate_last_path()["path"] == "ai_cpu"
        diff = np.abs(got.astype(int) - _pillow(x, out_hw, mode).astype(int))
        assert diff.max() <= 1, f"{mode} {in_hw} -> {out_hw}: {int(diff.max())} levels off Pillow"
        # the same fixed-point weights as Pillow's: identical but for a weight an ulp apart
        assert (diff == 0).mean() >= 0.999, f"{mode} {in_hw} -> {out_hw}: {(diff != 0).sum()} pixels differ"


@pytest.mark.parametrize("mode", sorted(FILTERS))
def test_random_sizes_float32_match_pillow_float_mode(mode):
    rng = np.random.default_rng(23 + len(mode))
    for in_hw, out_hw in _random_sizes(rng, 30):
        x = rng.uniform(-1.0, 1.0, (1, 2) + in_hw).astype(np.float32)
        got = ags.interpolate(x, list(out_hw), [2, 3], mode=mode, shape_calculation_mode="sizes")
        assert ags.interpolate_last_path()["path"] == "ai_core"
        want = _pillow(x, out_hw, mode)
        np.testing.assert_allclose(got, want, rtol=0, atol=TOL_F32 * 2.0, err_msg=f"{mode} {in_hw} -> {out_hw}")


def test_default_cube_coeff_is_the_modes_own():
    """None (the default) is -0.5 for bicubic_pillow and -0.75 for cubic; an explicit value wins."""
    x = np.random.default_rng(5).uniform(0, 1, (1, 1, 9, 11)).astype(np.float32)
    for mode, coeff in (("bicubic_pillow", -0.5), ("cubic", -0.75)):
        default = ags.interpolate(x, [5, 17], [2, 3], mode=mode, shape_calculation_mode="sizes")
        explicit = ags.interpolate(x, [5, 17], [2, 3], mode=mode, shape_calculation_mode="sizes", cube_coeff=coeff)
        other = ags.interpolate(x, [5, 17], [2, 3], mode=mode, shape_calculation_mode="sizes", cube_coeff=-0.6)
        np.testing.assert_array_equal(default, explicit)
        assert np.abs(default - other).max() > 1e-3


def test_torch_tensor_matches_pillow_with_default_arguments():
    """The torch.library op path takes the same default (the op gets None and resolves it)."""
    x = np.random.default_rng(7).integers(0, 256, (1, 40, 31)).astype(np.uint8)
    got = ags.interpolate(torch.from_numpy(x), [9, 45], [1, 2], mode="bicubic_pillow", shape_calculation_mode="sizes")
    diff = np.abs(got.numpy().astype(int) - _pillow(x, (9, 45), "bicubic_pillow").astype(int))
    assert diff.max() <= 1


def test_the_call_a_user_writes_first():
    """ags.interpolate(photo, sizes, axes, mode=...) with nothing else: integer values are sizes."""
    img = np.random.default_rng(8).integers(0, 256, (33, 47, 3)).astype(np.uint8)
    for mode in FILTERS:
        got = ags.interpolate(img, [20, 71], [0, 1], mode=mode)
        want = np.asarray(Image.fromarray(img).resize((71, 20), FILTERS[mode]))
        assert np.abs(got.astype(int) - want.astype(int)).max() <= 1
    half = ags.interpolate(img, [0.5, 0.5], [0, 1], mode="bilinear_pillow")      # floats: scales
    assert half.shape == (16, 23, 3)
