"""Modelled NPU figures, with the simulator's cost constants (all "modelled", none measured):

- `modelled_us`: the kernel's time from the checked build's cost model, next to the two below
  (what examples/warp_image.py prints and scripts/bench.py reports);
- the HBM floor: bytes that must move (input read once, grid, output) over the HBM bandwidth;
- the roofline: the cost model's own lower bound for the same work (`roofline`);
- the official implementation's algorithm (../shared/docs/anchor.md) costed per core: a separate
  NCHW -> NHWC transpose, blocks of 512 points in contiguous ranges per core, a serial prologue per
  block, a sliding window (fp32 bilinear, C <= 16, window <= 80 KB) or one DMA per point per corner,
  GM atomic accumulation for bicubic rows, and no double buffering (every stage serialised).

The window decision is made per block from the actual grid, as the official kernel does at run time.

The backward has the same three figures (`modelled_backward_us`): the HBM floor of both gradients and
the official GridSampler2DGrad algorithm, which scatters into grad_input with GM atomic adds per tap.
"""
from __future__ import annotations

import math

import numpy as np

from . import _api

BLOCK_POINTS = 512          # anchor work unit
WINDOW_LIMIT = 80 * 1024    # anchor sliding-window UB buffer
WINDOW_MAX_C = 16
PROLOGUE_VECTOR_OPS = 40    # de-interleave, unnormalize, pad, NaN scrub, floor, weights, masks, selects
SCALAR_CYCLES_PER_ADDRESS = 10   # assumption: scalar loop computing one DMA address
TRANSPOSE_DMA_BYTES = 16 * 1024  # assumption: transpose kernel moves 16 KB per DMA


def hbm_floor_us(x: np.ndarray, g: np.ndarray, constants: dict) -> float:
    """Bytes that must move (input once, grid, output) over the nominal HBM bandwidth."""
    out_elems = x.shape[0] * x.shape[1] * int(np.prod(g.shape[1:-1]))
    moved = x.nbytes + g.nbytes + out_elems * x.itemsize
    return moved / (constants["hbm_bytes_per_s"]) * 1e6


def roofline(x: np.ndarray, g: np.ndarray, mode: str, cores: int, constants: dict) -> dict:
    """The cost model's own lower bound for a forward launch (modelled, cycles and us), per pipe,
    with every core active; the pipes run in parallel, so the bound is the largest of:
    - "mte2": the input read once and the grid, over the modelled GM->UB bandwidth per core, plus
      the once-per-kernel MTE2 start-up;
    - "mte3": the output written once over the modelled UB->GM bandwidth, plus its start-up;
    - "vector": per output element its taps gathered (one Gather element per tap, at the modelled
      Gather rate) and one float32 multiply-add per tap (tensor-tensor rate; nearest: none), plus
      for float16 / bfloat16 one Cast of the output and one of the input; the per-point coordinate
      work is left out (it is shared by the channels).
    `x` is NC... (channel-last input passed as its NC... view). Returns the bounds in cycles, "binds"
    (the largest), "cycles" and "us"."""
    c = constants
    rank = x.ndim - 2
    taps = {"bilinear": 2, "nearest": 1, "bicubic": 4}[mode] ** rank
    outputs = x.shape[0] * x.shape[1] * int(np.prod(g.shape[1:-1]))
    item = x.itemsize
    lanes32 = c["vector_repeat_bytes"] / 4     # float32 lanes per repeat
    mte2_bw = c["mte2_bytes_per_cycle_base"] + c["mte2_bytes_per_cycle_shared"] / cores
    mte3_bw = c["mte3_bytes_per_cycle_base"] + c["mte3_bytes_per_cycle_shared"] / cores
    per_core = outputs / cores
    vector = per_core * taps / c["gather_elems_per_cycle"]
    if mode != "nearest":
        vector += per_core * taps / lanes32 / c["vector_binary_repeats_per_cycle"]
    if item != 4:
        vector += (per_core + x.size / cores) / lanes32 / c["vector_repeats_per_cycle"]
    bounds = {
        "mte2": (x.nbytes + g.nbytes) / cores / mte2_bw + c["mte2_kernel_startup"],
        "mte3": outputs * item / cores / mte3_bw + c["mte3_kernel_startup"],
        "vector": vector,
    }
    binds = max(bounds, key=bounds.get)
    return {**bounds, "binds": binds, "cycles": bounds[binds], "us": bounds[binds] / (c["clock_ghz"] * 1e3)}


def _dma_cycles(nbytes: float, count: float, load: bool, active: int, c: dict) -> float:
    if load:
        bw = c["mte2_bytes_per_cycle_base"] + c["mte2_bytes_per_cycle_shared"] / active
        return count * c["mte2_instr_overhead"] + nbytes / bw
    bw = c["mte3_bytes_per_cycle_base"] + c["mte3_bytes_per_cycle_shared"] / active
    return count * c["mte3_instr_overhead"] + nbytes / bw


def _vector_cycles(instructions: float, elems_per_instr: float, itemsize: int, c: dict) -> float:
    repeats = math.ceil(elems_per_instr * itemsize / 256)
    return instructions * (c["vector_issue_cycles"] + repeats / c["vector_repeats_per_cycle"])


def _gather_cycles(instructions: float, elems: float, c: dict) -> float:
    return instructions * (c["vector_issue_cycles"] + elems / c["gather_elems_per_cycle"])


def anchor_us(x: np.ndarray, g: np.ndarray, mode: str, cores: int, constants: dict) -> float:
    """Modelled time of the official algorithm for a float32 NCHW problem on `cores` AIV cores."""
    c = constants
    n, ch, h, w = x.shape
    item = x.itemsize
    points_per_image = g.shape[1] * g.shape[2]
    blocks_per_image = math.ceil(points_per_image / BLOCK_POINTS)
    total_blocks = n * blocks_per_image
    active = min(cores, total_blocks)
    taps = {"bilinear": 4, "nearest": 1, "bicubic": 16}[mode]

    # 1. the separate transpose kernel: the whole input read and written once, split over the cores
    per_core_bytes = x.nbytes / cores
    transpose = (_dma_cycles(per_core_bytes, per_core_bytes / TRANSPOSE_DMA_BYTES, True, cores, c) +
                 _dma_cycles(per_core_bytes, per_core_bytes / TRANSPOSE_DMA_BYTES, False, cores, c))

    # 2. per block, serial stages
    gx = ((g[..., 0].astype(np.float64) + 1.0) * w - 1.0) / 2.0
    gy = ((g[..., 1].astype(np.float64) + 1.0) * h - 1.0) / 2.0
    block_cycles = np.zeros(total_blocks)
    for b in range(total_blocks):
        img, start = divmod(b, blocks_per_image)
        sl = slice(start * BLOCK_POINTS, min((start + 1) * BLOCK_POINTS, points_per_image))
        px, py = gx[img].reshape(-1)[sl], gy[img].reshape(-1)[sl]
        pts = px.size
        cycles = _dma_cycles(pts * 2 * item, 1, True, active, c)                  # grid block
        cycles += _vector_cycles(PROLOGUE_VECTOR_OPS, pts, item, c)                # prologue
        inside = (px > -1) & (px < w) & (py > -1) & (py < h)
        window_bytes = 0.0
        if inside.any():
            cols = np.clip(np.floor(px[inside]), 0, w - 1)
            rows = np.clip(np.floor(py[inside]), 0, h - 1)
            window_bytes = (rows.max() - rows.min() + 2) * (cols.max() - cols.min() + 2) * ch * item
        if mode == "bilinear" and ch <= WINDOW_MAX_C and window_bytes <= WINDOW_LIMIT:
            cycles += _dma_cycles(window_bytes, 1, True, active, c)                # one strided window copy
            cycles += _gather_cycles(taps * ch, pts, c)                            # gather per corner per channel
            cycles += _vector_cycles(7 * ch, pts, item, c)                          # weighted sum
        else:
            cycles += _dma_cycles(pts * taps * max(32, ch * item), pts * taps, True, active, c)  # per point per corner
            cycles += pts * taps * SCALAR_CYCLES_PER_ADDRESS                       # scalar address loop
            cycles += _vector_cycles(2 * taps, pts * ch, item, c)                  # UB transpose + weighting
        out_bytes = pts * ch * item
        passes = 4 if mode == "bicubic" else 1                                    # bicubic: GM atomic row passes
        cycles += passes * _dma_cycles(out_bytes, ch, False, active, c)
        if passes > 1:
            cycles += (passes - 1) * _dma_cycles(out_bytes, ch, True, active, c)  # read-modify-write
        block_cycles[b] = cycles

    # contiguous block ranges per core; the slowest core sets the time
    per_core = np.array_split(block_cycles, active)
    slowest = max(part.sum() for part in per_core)
    total = transpose + slowest + c["mte2_kernel_startup"] + c["mte3_kernel_startup"]
    return total / (c["clock_ghz"] * 1e3)


def modelled_us(x, grid, mode: str = "bilinear", padding_mode: str = "zeros", channel_last: bool = False) -> dict:
    """Modelled NPU times in microseconds on the checked build's platform (`ags.platform("checked")`),
    align_corners=False. Runs the operator once on the checked build. Keys:
    "ours": the kernel's time from the cost model (None when the call takes the AI CPU path);
    "official": the official algorithm costed by `anchor_us` (float32 NCHW 2-D only, else None);
    "floor": `hbm_floor_us`; "roofline": `roofline` (the cost model's lower bound)."""
    x, grid = np.asarray(x), np.asarray(grid)
    _api.grid_sample(x, grid, mode, padding_mode, False, channel_last=channel_last, build="checked")
    constants = _api.extension("checked").cost_constants()
    nchw = np.moveaxis(x, -1, 1) if channel_last else x
    times = {"ours": None, "official": None, "floor": hbm_floor_us(nchw, grid, constants),
             "roofline": roofline(nchw, grid, mode, _api.platform("checked")["aiv_cores"], constants)}
    # the AI Core kernels take 2-D and 3-D in every mode; the AI CPU path records no launch
    kernel_ran = x.dtype.name in ("float32", "float16", "bfloat16") and nchw.ndim in (4, 5)
    if kernel_ran:
        times["ours"] = _api.last_launch_stats("checked")["modelled_us"]
        if x.dtype == np.float32 and not channel_last and nchw.ndim == 4:
            times["official"] = anchor_us(nchw, grid, mode, _api.platform("checked")["aiv_cores"], constants)
    return times


# ---- backward --------------------------------------------------------------------------------------
# The official GridSampler2DGrad (ops-cv image/grid_sampler2_d_grad), read for its algorithm only:
# input and grad_output are first made channels-last and grad_input is produced channels-last in a
# zeroed buffer, then transposed back; grid points are split evenly in contiguous ranges over the
# cores; per block of points a vector prologue (unnormalize, pad, floor, weights, masks); then per
# point one DMA of grad_output's C values and, per tap, one DMA of input's C values (grid
# gradient: a few vector ops over C, a reduction per point), a vector multiply and one GM atomic-add
# DMA of C values into grad_input; every step waits on the previous one (flags, no overlap). The
# 3-D operator and bicubic are costed the same way with their 8 and 16 taps.
GRAD_TAP_VECTOR_OPS = 8          # per tap, grid gradient: weight differences, products, sums over C
GRAD_POINT_VECTOR_OPS = 2        # per point: the two (three in 3-D) reductions over C
ATOMIC_RMW_READ = True           # an atomic add reads the destination before writing it (costed as a load)


def hbm_floor_backward_us(x: np.ndarray, g: np.ndarray, constants: dict) -> float:
    """Bytes that must move for both gradients: read grad_output, input and grid once, write
    grad_input and grad_grid once; over the nominal HBM bandwidth."""
    out_elems = x.shape[0] * x.shape[1] * int(np.prod(g.shape[1:-1]))
    moved = out_elems * x.itemsize + 2 * x.nbytes + 2 * g.nbytes
    return moved / constants["hbm_bytes_per_s"] * 1e6


def anchor_backward_us(x: np.ndarray, g: np.ndarray, mode: str, cores: int, constants: dict) -> float:
    """Modelled time of the official backward algorithm (above) for an NC... problem on `cores` cores."""
    c = constants
    n, ch = x.shape[:2]
    rank = x.ndim - 2
    item = x.itemsize
    points = n * int(np.prod(g.shape[1:-1]))
    taps = {"bilinear": 2 ** rank, "nearest": 1, "bicubic": 4 ** rank}[mode]
    active = max(1, min(cores, points))
    go_bytes = points * ch * item

    # 1. layout passes split over all cores: input and grad_output to channels-last (read + write),
    #    grad_input zero-filled (write), and transposed back (read + write)
    loads = x.nbytes + go_bytes + x.nbytes
    stores = x.nbytes + go_bytes + x.nbytes + x.nbytes
    layout = (_dma_cycles(loads / cores, loads / cores / TRANSPOSE_DMA_BYTES, True, cores, c) +
              _dma_cycles(stores / cores, stores / cores / TRANSPOSE_DMA_BYTES, False, cores, c))

    # 2. the slowest core's contiguous range of points
    pts = math.ceil(points / active)
    blocks = math.ceil(pts / BLOCK_POINTS)
    cycles = blocks * (_dma_cycles(min(pts, BLOCK_POINTS) * rank * item, 1, True, active, c) +      # grid block
                       _vector_cycles(PROLOGUE_VECTOR_OPS, min(pts, BLOCK_POINTS), item, c) +
                       _dma_cycles(min(pts, BLOCK_POINTS) * rank * item, 1, False, active, c))     # grid gradient
    vector_bytes = max(32, ch * item)
    cycles += _dma_cycles(pts * vector_bytes, pts, True, active, c)                          # grad_output C values
    if mode != "nearest":
        cycles += _dma_cycles(pts * taps * vector_bytes, pts * taps, True, active, c)        # input C values per tap
        cycles += _vector_cycles(pts * (taps * GRAD_TAP_VECTOR_OPS + GRAD_POINT_VECTOR_OPS), ch, item, c)
    cycles += _vector_cycles(pts * taps, ch, item, c)                                         # weight * grad_output
    cycles += _dma_cycles(pts * taps * vector_bytes, pts * taps, False, active, c)           # atomic adds
    if ATOMIC_RMW_READ:
        cycles += _dma_cycles(pts * taps * vector_bytes, 0, True, active, c)
    cycles += pts * taps * SCALAR_CYCLES_PER_ADDRESS                                          # scalar addresses
    total = layout + cycles + c["mte2_kernel_startup"] + c["mte3_kernel_startup"]
    return total / (c["clock_ghz"] * 1e3)


def modelled_backward_us(grad_output, x, grid, mode: str = "bilinear", padding_mode: str = "zeros") -> dict:
    """Modelled NPU times in microseconds of the backward (both gradients, align_corners=False, NC...
    layout) on the checked build's platform. Runs the backward once on the checked build. Keys:
    "ours": the sum of the modelled times of the AI Core kernels the call launched (None when it took
    the AI CPU path); "official": `anchor_backward_us` (float32, 2-D and 3-D, else None);
    "floor": `hbm_floor_backward_us`; "launches": the kernels' launch stats."""
    grad_output, x, grid = np.asarray(grad_output), np.asarray(x), np.asarray(grid)
    before = {k: _api.last_launch_stats("checked", kernel=k)["serial"] for k in _api.BACKWARD_KERNELS}
    _api.grid_sample_backward(grad_output, x, grid, mode, padding_mode, False, build="checked")
    after = {k: _api.last_launch_stats("checked", kernel=k) for k in _api.BACKWARD_KERNELS}
    launches = [after[k] for k in _api.BACKWARD_KERNELS if after[k]["serial"] != before[k]]
    constants = _api.extension("checked").cost_constants()
    times = {"ours": sum(s["modelled_us"] for s in launches) if launches else None, "official": None,
             "floor": hbm_floor_backward_us(x, grid, constants), "launches": launches}
    if x.dtype == np.float32 and x.ndim in (4, 5):
        times["official"] = anchor_backward_us(x, grid, mode, _api.platform("checked")["aiv_cores"], constants)
    return times


# ---- Interpolate -----------------------------------------------------------------------------------
def _axis_weights(in_len: int, out_len: int, **attrs) -> np.ndarray:
    """The weights of a 1-D resize in_len -> out_len, [input, output]: the resize of an identity
    matrix (float64, the AI CPU path) along its last axis (as axes [2, 3] of a 4-D tensor, the other
    of unchanged length 1, which every mode takes). `attrs` are ``interpolate``'s (mode,
    coordinate_transformation_mode, ...). The axis is resized alone: linear's antialias stretch
    caused by another shrinking axis is not seen."""
    identity = np.eye(in_len).reshape(1, in_len, 1, in_len)
    weights = _api.interpolate(identity, [1, out_len], [2, 3], shape_calculation_mode="sizes", **attrs)
    return weights.reshape(in_len, out_len)


def interpolate_taps(in_len: int, out_len: int, **attrs) -> float:
    """The taps one output of a 1-D resize in_len -> out_len needs: the mean count of nonzero weights
    per output (`_axis_weights`)."""
    return np.count_nonzero(_axis_weights(in_len, out_len, **attrs)) / out_len


def interpolate_reads(in_len: int, out_len: int, **attrs) -> np.ndarray:
    """The input positions a 1-D resize in_len -> out_len reads, ascending: those with a nonzero
    weight for some output (`_axis_weights`; a nearest or cubic downscale skips some)."""
    return np.flatnonzero(_axis_weights(in_len, out_len, **attrs).any(axis=1))


def _read_fraction(positions: np.ndarray, length: int, position_bytes: int, block_bytes: int) -> float:
    """The fraction of an axis's bytes a DMA must move to read `positions` of its `length`, each
    `position_bytes` long and back to back: the blocks of `block_bytes` they touch, counted from the
    axis's start (a DMA moves whole 32-byte blocks, kDmaBlockRound; the cost model rounds each block's
    length, not its alignment, so a run that straddles a boundary may cost it one block less), at most
    the whole axis."""
    first = positions * position_bytes // block_bytes
    last = ((positions + 1) * position_bytes - 1) // block_bytes
    touched = set()
    for a, b in zip(first.tolist(), last.tolist()):
        touched.update(range(a, b + 1))
    return min(1.0, len(touched) * block_bytes / (length * position_bytes))


def interpolate_roofline(in_shape, out_shape, itemsize: int, taps: dict, reads: dict, cores: int,
                         constants: dict) -> dict:
    """The cost model's own lower bound for an Interpolate launch (modelled, cycles and us), per pipe,
    with every core active; the pipes run in parallel, so the bound is the largest of:
    - "mte2": the input the resize reads (`reads`: per resized axis, the positions read,
      `interpolate_reads`; whole 32-byte blocks of the innermost one) once over the modelled GM->UB
      bandwidth per core, plus the MTE2 start-up;
    - "mte3": the output written once over the modelled UB->GM bandwidth, plus the MTE3 start-up;
    - "vector": one separable pass per resized axis, in the order with the least vector work: per
      output of a pass, one float32 multiply-add per tap (tensor-tensor rate; none for one tap) and,
      on the pass over the innermost resized axis when the elements after it are less than a 32-byte
      block of float32 (the last axis; W of channel-last input with fewer than 8 channels), one Gather
      element per tap; float16 / bfloat16: one Cast of the input read and one of the output.
    `taps`: the resized axes, each with its taps per output (`interpolate_taps`). Returns the bounds
    in cycles, "binds" (the largest), "cycles" and "us"."""
    from itertools import permutations
    c = constants
    lanes32 = c["vector_repeat_bytes"] / 4
    in_elems, out_elems = int(np.prod(in_shape)), int(np.prod(out_shape))
    innermost = max(taps)
    read_elems = in_elems * float(np.prod([len(reads[a]) / in_shape[a] for a in taps if a != innermost]))
    read_elems *= _read_fraction(reads[innermost], in_shape[innermost],
                                 int(np.prod(in_shape[innermost + 1:])) * itemsize, c["dma_block_round"])
    gathers_needed = int(np.prod(in_shape[innermost + 1:])) * 4 < 32

    def vector_work(order):
        shape, cycles = list(in_shape), 0.0
        for axis in order:
            shape[axis] = out_shape[axis]
            outputs = int(np.prod(shape)) / cores
            if taps[axis] > 1:
                cycles += outputs * taps[axis] / lanes32 / c["vector_binary_repeats_per_cycle"]
            if axis == innermost and gathers_needed:
                cycles += outputs * taps[axis] / c["gather_elems_per_cycle"]
        return cycles

    vector = min(vector_work(order) for order in permutations(taps))
    if itemsize != 4:
        vector += (read_elems + out_elems) / cores / lanes32 / c["vector_repeats_per_cycle"]
    mte2_bw = c["mte2_bytes_per_cycle_base"] + c["mte2_bytes_per_cycle_shared"] / cores
    mte3_bw = c["mte3_bytes_per_cycle_base"] + c["mte3_bytes_per_cycle_shared"] / cores
    bounds = {
        "mte2": read_elems * itemsize / cores / mte2_bw + c["mte2_kernel_startup"],
        "mte3": out_elems * itemsize / cores / mte3_bw + c["mte3_kernel_startup"],
        "vector": vector,
    }
    binds = max(bounds, key=bounds.get)
    return {**bounds, "binds": binds, "cycles": bounds[binds], "us": bounds[binds] / (c["clock_ghz"] * 1e3)}
