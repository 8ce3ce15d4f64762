"""A spatial transformer's sampling step in a torch model, run on the simulator: a small
localization network predicts an affine transform per image, torch builds the grid, and
ascend_gridsample samples the input (torch.ops.ascend_gridsample.grid_sample). The result is
checked against torch.nn.functional.grid_sample, eagerly and under torch.compile(fullgraph=True).

    python examples/stn.py
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

import ascend_gridsample as ags


class SpatialTransformer(nn.Module):
    def __init__(self, channels: int, sampler):
        super().__init__()
        self.sampler = sampler
        self.localization = nn.Sequential(
            nn.Conv2d(channels, 8, kernel_size=5, stride=2), nn.ReLU(),
            nn.AdaptiveAvgPool2d(4), nn.Flatten(), nn.Linear(8 * 16, 6))
        # start near the identity transform, with a small learned-looking rotation and shift
        nn.init.normal_(self.localization[-1].weight, std=1e-3)
        self.localization[-1].bias.data = torch.tensor([0.9, -0.2, 0.05, 0.2, 0.9, -0.05])

    def forward(self, x):
        theta = self.localization(x).view(-1, 2, 3)
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return self.sampler(x, grid)


def ours(x, grid):
    return ags.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)


def reference(x, grid):
    return F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)


def main():
    torch.manual_seed(0)
    images = torch.rand(4, 3, 48, 48)
    model = SpatialTransformer(3, ours).eval()
    expected_model = SpatialTransformer(3, reference).eval()
    expected_model.load_state_dict(model.state_dict())
    with torch.no_grad():
        eager = model(images)
        expected = expected_model(images)
        compiled = torch.compile(model, fullgraph=True)(images)
    eager_err = (eager - expected).abs().max().item()
    compiled_err = (compiled - expected).abs().max().item()
    print(f"backend {ags.backend()}: output {tuple(eager.shape)}")
    print(f"max |ours - torch| eager {eager_err:.2e}, torch.compile(fullgraph=True) {compiled_err:.2e}")
    if max(eager_err, compiled_err) > 1e-5:
        raise SystemExit("spatial transformer output differs from torch")


if __name__ == "__main__":
    main()
