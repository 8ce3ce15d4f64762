"""Property test against torch float64: any float32 input and finite grid, every mode / padding /
align_corners, 2-D and 3-D, coordinates from inside the image to 2^24 pixels away. The fast and
checked builds agree bit for bit and the output equals torch float64 at the coordinate float32
holds (conftest.COORD_ERR_ULPS explains the tolerances). Bounded to a few seconds; set
GS_HYPOTHESIS_EXAMPLES (e.g. 5000) for a longer local search. Every failing input found is
added to test_robustness.FAR_CASES."""
from __future__ import annotations

import os

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ascend_gridsample as ags
from conftest import (ALIGNS, MODES, PADDINGS, assert_bit_equal, assert_coordinate_precision_close,
                      assert_exact_coordinate_close, unnormalize_f32)

EXAMPLES = int(os.environ.get("GS_HYPOTHESIS_EXAMPLES", "60"))

finite32 = st.floats(-2.0**24, 2.0**24, allow_nan=False, allow_infinity=False, width=32)
near32 = st.floats(-3.0, 3.0, allow_nan=False, allow_infinity=False, width=32)


@st.composite
def cases(draw):
    rank = draw(st.sampled_from([2, 3]))
    sizes = tuple(draw(st.integers(1, 6)) for _ in range(rank))           # (D,) H, W
    channels = draw(st.integers(1, 3))
    points = draw(st.integers(1, 12))
    mode, padding, align = draw(st.sampled_from(MODES)), draw(st.sampled_from(PADDINGS)), draw(st.sampled_from(ALIGNS))
    coords = draw(st.lists(st.one_of(near32, finite32), min_size=points * rank, max_size=points * rank))
    values = draw(st.lists(st.floats(-100, 100, width=32), min_size=1, max_size=1))
    grid = np.array(coords, np.float32).reshape((1,) + (1,) * (rank - 1) + (points, rank))
    # the kernels' float32 coordinate must stay below 2^24 (at and above it reflection reads
    # pixel 0, a separate rule tested in test_nonfinite)
    for a, size in enumerate(sizes[::-1]):
        u = unnormalize_f32(grid[..., a], size, align)
        grid[..., a] = np.where(np.abs(u) < 2.0**24, grid[..., a], 0.0)
    seed = draw(st.integers(0, 2**32 - 1))
    x = np.random.default_rng(seed).uniform(-1, 1, (1, channels) + sizes).astype(np.float32) * values[0]
    return x, grid, mode, padding, align


@settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("GS_HYPOTHESIS_EXAMPLES"),
          suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_matches_torch(case):
    x, grid, mode, padding, align = case
    fast = ags.grid_sample(x, grid, mode, padding, align, build="fast")
    checked = ags.grid_sample(x, grid, mode, padding, align, build="checked")
    what = f"{mode}/{padding}/ac={align} x{x.shape} grid {grid.reshape(-1, grid.shape[-1]).tolist()}"
    assert_bit_equal(fast, checked, what + ": fast vs checked")
    assert_exact_coordinate_close(fast, x, grid, mode, padding, align, what=what)
    if mode != "nearest":
        assert_coordinate_precision_close(fast, x, grid, mode, padding, align, what=what)
