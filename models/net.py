"""The corner-index detector: a small fully-convolutional CenterNet (Contract 2 of the vision plan).

One object class, "corner index". Every stride-4 cell predicts whether an index centre lies in it
and, if so, the index box size, the sub-cell offset, the vector to its card's centre and the
card's rank and colour. ``Detector`` returns raw logits (stable losses); ``Exported`` wraps it with
the activations the ONNX file promises, so the runtime needs no knowledge of the training maths.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import torch
from torch import nn
from torch.nn import functional as F

#: Boxes are regressed as log(size / SIZE_UNIT): a scale-free target keeps 8 px and 200 px indices
#: equally weighted in the L1 loss.
SIZE_UNIT = 16.0
#: exp() of an untrained head can overflow; these bound the box side to ~0.3 .. ~870 input px.
LOG_SIZE_RANGE = (-4.0, 4.0)


@dataclass(frozen=True)
class NetShape:
    """Widths of the encoder stages (strides 2, 4, 8, 16, 32) and of the stride-4 head."""

    stages: tuple[int, int, int, int, int] = (16, 32, 64, 96, 128)
    blocks: tuple[int, int, int, int, int] = (0, 1, 2, 2, 2)
    head: int = 48
    # Width of a separate rank/colour branch on the stride-8 FPN level (0: classify in the shared
    # stride-4 head). Reading numerals needs more channels than locating them, and at stride 8
    # the same width costs a quarter of the compute.
    class_width: int = 0
    n_ranks: int = 14
    n_colours: int = 5
    stride: int = 4

    @property
    def n_outputs(self) -> int:
        # heatmap 1 + size 2 + offset 2 + centre 2 + rank + colour
        return 7 + self.n_ranks + self.n_colours


def conv_bn(c_in: int, c_out: int, stride: int = 1, kernel: int = 3) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, kernel, stride, kernel // 2, bias=False),
        nn.BatchNorm2d(c_out),
        nn.ReLU(inplace=True),
    )


class Residual(nn.Module):
    """Two 3x3 convolutions with an identity shortcut (ResNet basic block)."""

    def __init__(self, channels: int) -> None:
        super().__init__()
        self.body = nn.Sequential(
            conv_bn(channels, channels),
            nn.Conv2d(channels, channels, 3, 1, 1, bias=False),
            nn.BatchNorm2d(channels),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(x + self.body(x))


class Detector(nn.Module):
    """Encoder (strides 2..32) + top-down FPN back to stride 4 + one shared prediction head."""

    def __init__(self, shape: NetShape = NetShape()) -> None:
        super().__init__()
        if shape.stride != 4:
            raise ValueError("the FPN is built to predict at stride 4")
        self.shape = shape
        stages: list[nn.Module] = []
        c_in = 3
        for width, n_blocks in zip(shape.stages, shape.blocks, strict=True):
            layers: list[nn.Module] = [conv_bn(c_in, width, stride=2)]
            layers += [Residual(width) for _ in range(n_blocks)]
            stages.append(nn.Sequential(*layers))
            c_in = width
        self.stages = nn.ModuleList(stages)
        # Lateral 1x1 projections for strides 4, 8, 16, 32 into the head width.
        self.laterals = nn.ModuleList(
            nn.Conv2d(width, shape.head, 1) for width in shape.stages[1:]
        )
        self.smooth = nn.ModuleList(conv_bn(shape.head, shape.head) for _ in shape.stages[1:4])
        self.trunk = nn.Sequential(conv_bn(shape.head, shape.head), conv_bn(shape.head, shape.head))
        n_classes = shape.n_ranks + shape.n_colours
        n_local = shape.n_outputs - n_classes if shape.class_width else shape.n_outputs
        self.predict = nn.Conv2d(shape.head, n_local, 1)
        self.classify: nn.Module | None = None
        if shape.class_width:
            self.classify = nn.Sequential(
                conv_bn(shape.head, shape.class_width),
                conv_bn(shape.class_width, shape.class_width),
                nn.Conv2d(shape.class_width, n_classes, 1),
            )
        with torch.no_grad():
            # CenterNet's prior: start at p(index) ~ 0.1 so the focal loss is not swamped at step 0.
            bias = self.predict.bias
            assert bias is not None  # nn.Conv2d has a bias unless told bias=False
            bias.zero_()
            bias[0] = -2.19

    def forward(self, image: torch.Tensor) -> torch.Tensor:
        """``image`` [N,3,H,W] RGB in 0..1 -> raw logits [N, n_outputs, H/4, W/4]."""
        x = (image - 0.5) / 0.25
        features: list[torch.Tensor] = []
        for stage in self.stages:
            x = stage(x)
            features.append(x)
        top = self.laterals[-1](features[-1])
        stride8 = top
        # Walk from stride 32 down to stride 4, adding each finer lateral.
        for level in (3, 2, 1):
            lateral = self.laterals[level - 1](features[level])
            top = F.interpolate(top, size=lateral.shape[-2:], mode="nearest") + lateral
            top = self.smooth[level - 1](top)
            if level == 2:
                stride8 = top
        local: torch.Tensor = self.predict(self.trunk(top))
        if self.classify is None:
            return local
        classes = F.interpolate(self.classify(stride8), size=local.shape[-2:], mode="bilinear",
                                align_corners=False)
        return torch.cat([local, classes], dim=1)


@dataclass(frozen=True)
class Heads:
    """Raw logits split into their named parts (all [N, k, h, w])."""

    heatmap: torch.Tensor
    log_size: torch.Tensor
    offset: torch.Tensor
    centre: torch.Tensor  # card-centre vector in units of the index box (dx / w, dy / h)
    rank: torch.Tensor
    colour: torch.Tensor


def split_heads(raw: torch.Tensor, shape: NetShape) -> Heads:
    r = 7 + shape.n_ranks
    return Heads(
        heatmap=raw[:, 0:1],
        log_size=raw[:, 1:3],
        offset=raw[:, 3:5],
        centre=raw[:, 5:7],
        rank=raw[:, 7:r],
        colour=raw[:, r : r + shape.n_colours],
    )


class Exported(nn.Module):
    """The Contract-2 outputs: probabilities and input-pixel geometry, no logits."""

    def __init__(self, detector: Detector) -> None:
        super().__init__()
        self.detector = detector

    def forward(self, image: torch.Tensor) -> tuple[torch.Tensor, ...]:
        heads = split_heads(self.detector(image), self.detector.shape)
        size = torch.exp(heads.log_size.clamp(*LOG_SIZE_RANGE)) * SIZE_UNIT
        return (
            torch.sigmoid(heads.heatmap),
            size,
            torch.sigmoid(heads.offset),
            heads.centre * size,
            torch.softmax(heads.rank, dim=1),
            torch.softmax(heads.colour, dim=1),
        )


OUTPUT_NAMES = ("heatmap", "size", "offset", "centre", "rank", "colour")


_M = TypeVar("_M", bound=nn.Module)


def fuse_batchnorm(module: _M) -> _M:
    """Fold every Conv2d+BatchNorm2d pair (eval mode) so the ONNX graph has no BN nodes."""
    for name, child in module.named_children():
        if isinstance(child, nn.Sequential):
            layers = list(child)
            fused: list[nn.Module] = []
            i = 0
            while i < len(layers):
                layer = layers[i]
                nxt = layers[i + 1] if i + 1 < len(layers) else None
                if isinstance(layer, nn.Conv2d) and isinstance(nxt, nn.BatchNorm2d):
                    fused.append(torch.nn.utils.fusion.fuse_conv_bn_eval(layer, nxt))
                    i += 2
                else:
                    fused.append(fuse_batchnorm(layer))
                    i += 1
            setattr(module, name, nn.Sequential(*fused))
        else:
            fuse_batchnorm(child)
    return module


def set_training(module: nn.Module, frozen_norm: bool) -> nn.Module:
    """``module.train()``, with every BatchNorm left in eval mode when ``frozen_norm``: weights
    recovered from an exported file (``models.recover``) have no batch statistics to train on."""
    module.train()
    if frozen_norm:
        for layer in module.modules():
            if isinstance(layer, nn.BatchNorm2d):
                layer.eval()
    return module


def count_parameters(module: nn.Module) -> int:
    return sum(p.numel() for p in module.parameters())
