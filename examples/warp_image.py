"""Warps a photograph in every mode and padding and saves one labelled contact sheet.

    python examples/warp_image.py [IMAGE] [--out contact_sheet.png] [--size PIXELS] [--repeats N]

Two grids, as a network would make them: a spatial transformer's affine warp (torch's affine_grid)
and a smooth flow (a swirl). Each result is compared with torch.nn.functional.grid_sample on the
same float32 input. No NPU is needed: the operator's AscendC kernels run on the package's CPU simulator.
The timings: the CPU fallback next to torch on this machine, and the NPU time modelled by the
simulator's checked build next to the official algorithm's modelled time.
"""
import argparse
import itertools
import math
import time

import matplotlib
import numpy as np
import torch
import torch.nn.functional as F
from matplotlib import cbook
from PIL import Image

import ascend_gridsample as ags
from ascend_gridsample import npu_model

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the file-only backend)

MODES = ["bilinear", "nearest", "bicubic"]
PADDINGS = ["zeros", "border", "reflection"]
HEADINGS = {"affine": "affine warp (a spatial transformer's grid)", "flow": "smooth flow (a swirl)"}
TOLERANCE = 1e-4   # float32 results, pixel values in [0, 1]


def load_photo(path, size):
    """(1, 3, H, W) float32 in [0, 1]; the longer side scaled to `size` pixels when given."""
    image = Image.open(path or cbook.get_sample_data("grace_hopper.jpg")).convert("RGB")
    if size:
        scale = size / max(image.size)
        image = image.resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)
    return torch.from_numpy(np.asarray(image, dtype=np.float32) / 255.0).permute(2, 0, 1)[None].contiguous()


def affine_grid(photo):
    """A spatial transformer's grid: rotated 25 degrees, zoomed out 1.4x, shifted."""
    c, s = 1.4 * math.cos(math.radians(25)), 1.4 * math.sin(math.radians(25))
    theta = torch.tensor([[[c, -s, 0.15], [s, c, 0.05]]])
    return F.affine_grid(theta, photo.shape, align_corners=False)


def flow_grid(photo):
    """A smooth flow: the identity grid zoomed out 1.2x, swirled by up to 1.2 radians at the centre."""
    identity = F.affine_grid(torch.eye(2, 3)[None], photo.shape, align_corners=False) * 1.2
    x, y = identity[..., 0], identity[..., 1]
    angle = 1.2 * torch.exp(-3.0 * (x * x + y * y))
    return torch.stack([x * angle.cos() - y * angle.sin(), x * angle.sin() + y * angle.cos()], dim=-1)


def median_ms(fn, repeats):
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1e3 * float(np.median(times))


def save_contact_sheet(path, photo, results):
    """The input, then one 3x3 block (modes x paddings) per warp; each panel's title has its
    difference from torch."""
    def show(ax, image, title):
        ax.imshow(image[0].permute(1, 2, 0).clamp(0, 1).numpy())
        ax.set_title(title, fontsize=8)
        ax.set_xticks([])
        ax.set_yticks([])

    fig, axes = plt.subplots(3, 1 + 3 * len(HEADINGS), figsize=(1.9 * (1 + 3 * len(HEADINGS)), 7.4))
    fig.subplots_adjust(left=0.005, right=0.995, top=0.9, bottom=0.05, wspace=0.06, hspace=0.25)
    for ax in axes[:, 0]:
        ax.axis("off")
    show(axes[1, 0], photo, f"input {photo.shape[3]}x{photo.shape[2]}")
    for w, (warp, heading) in enumerate(HEADINGS.items()):
        for (m, mode), (p, padding) in itertools.product(enumerate(MODES), enumerate(PADDINGS)):
            out, diff = results[warp, mode, padding]
            show(axes[m, 1 + 3 * w + p], out, f"{mode}, {padding}\nmax diff {diff:.1e}")
        left, right = axes[0, 1 + 3 * w].get_position(), axes[0, 3 + 3 * w].get_position()
        fig.text((left.x0 + right.x1) / 2, 0.96, heading, ha="center", fontsize=11, weight="bold")
    fig.suptitle(f"ascend_gridsample.grid_sample on {ags.backend()}; max diff = max |ours - torch|",
                 y=0.01, va="bottom", fontsize=9)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("image", nargs="?", help="any image file (default: matplotlib's grace_hopper.jpg)")
    parser.add_argument("--out", default="contact_sheet.png", help="the contact sheet (PNG)")
    parser.add_argument("--size", type=int, help="scale the image's longer side to this many pixels")
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per measurement (median)")
    args = parser.parse_args()

    photo = load_photo(args.image, args.size)
    warps = {"affine": affine_grid(photo), "flow": flow_grid(photo)}
    print(f"ascend-gridsample: GridSample for Ascend NPUs. No NPU here: the kernels run on the CPU simulator"
          f" (backend: {ags.backend()}).")
    print(f"image {photo.shape[3]}x{photo.shape[2]} pixels; max |ours - torch| per result:")
    print(f"{'':17}" + "".join(f"{p:>12}" for p in PADDINGS))
    results = {}
    for warp, grid in warps.items():
        for mode in MODES:
            row = f"{warp:8} {mode:8}"
            for padding in PADDINGS:
                out = ags.grid_sample(photo, grid, mode, padding)
                diff = (out - F.grid_sample(photo, grid, mode, padding, align_corners=False)).abs().max().item()
                results[warp, mode, padding] = (out, diff)
                row += f"{diff:12.1e}"
            print(row)
    save_contact_sheet(args.out, photo, results)
    print(f"wrote {args.out}")

    npu = ags.platform("checked")
    npu_heading = f"Atlas A2 NPU ({npu['soc']}), modelled"
    print(f"\n{'time per call':17}{'on this CPU':^26}{npu_heading:^35}")
    print(f"{'':17}{'CPU fallback ms':>16}{'torch ms':>10}{'ours us':>12}{'official algorithm us':>23}")
    for warp, grid in warps.items():
        for mode in MODES:
            ours_ms = median_ms(lambda: ags.grid_sample(photo, grid, mode, build="fast"), args.repeats)
            torch_ms = median_ms(lambda: F.grid_sample(photo, grid, mode, align_corners=False), args.repeats)
            modelled = npu_model.modelled_us(photo, grid, mode)
            print(f"{warp:8} {mode:8}{ours_ms:16.3f}{torch_ms:10.3f}{modelled['ours']:12.1f}"
                  f"{modelled['official']:23.1f}")
    print(f"Zeros padding, median of {args.repeats} runs. CPU fallback: the same kernel source on the simulator's\n"
          "fast build, there to develop and test without an NPU; on a CPU, torch is the one to use.\n"
          f"Modelled: the checked build's NPU cost model ({npu['aiv_cores']} vector cores), and the official\n"
          "algorithm costed with the same constants; estimates, not measurements.")

    worst = max(diff for _, diff in results.values())
    if worst > TOLERANCE:
        raise SystemExit(f"largest difference from torch {worst:.1e} exceeds {TOLERANCE:.0e}")


if __name__ == "__main__":
    main()
