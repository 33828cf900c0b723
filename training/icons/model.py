"""The icon encoder network: a small residual CNN over the 32 x 32 inference glyph with two
heads -- function logits (the vocabulary's functions plus 'not an icon') and a 384-d unit
embedding in MiniLM's text space.

The stem reads the full 32 x 32 glyph with a strided convolution, so everything after it works
at 16 x 16 and below: about 1 M parameters and 11 M multiply-adds per glyph (50 glyphs take a
few milliseconds in onnxruntime on one CPU core, and training fits 2 CPU cores).
"""
from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F

EMBED_DIM = 384


def conv_bn(cin: int, cout: int, stride: int = 1, k: int = 3) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride, k // 2, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Residual(nn.Module):
    """One residual 3 x 3 conv at the same resolution."""

    def __init__(self, c: int) -> None:
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(c, c, 3, 1, 1, bias=False), nn.BatchNorm2d(c))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(x + self.conv(x))


class Stage(nn.Module):
    """Downsample by 2 (strided conv), then one residual 3 x 3 conv."""

    def __init__(self, cin: int, cout: int) -> None:
        super().__init__()
        self.down = conv_bn(cin, cout, 2)
        self.conv = nn.Sequential(nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.down(x)
        return F.relu(x + self.conv(x))


class IconNet(nn.Module):
    """``(N, 1, S, S)`` glyphs in [0, 1] -> ``(N, classes)`` logits and ``(N, 384)`` unit
    embeddings. ``classes`` = number of functions + 1 (the last is 'not an icon')."""

    returns_probs = False

    def __init__(self, classes: int, width: int = 32, size: int = 32, hidden: int = 512) -> None:
        super().__init__()
        c = width
        self.body = nn.Sequential(conv_bn(1, c, 2), Residual(c), Stage(c, 2 * c), Stage(2 * c, 4 * c),
                                  conv_bn(4 * c, 64, k=1))
        cells = 64 * (size // 8) ** 2   # position matters: left/right, up/down, align ...
        self.neck = nn.Sequential(nn.Flatten(), nn.Linear(cells, hidden, bias=False),
                                  nn.BatchNorm1d(hidden), nn.ReLU(inplace=True), nn.Dropout(0.2))
        self.classify = nn.Linear(hidden, classes)
        self.embed = nn.Linear(hidden, EMBED_DIM)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.neck(self.body(x))
        return self.classify(h), F.normalize(self.embed(h), dim=1)


class IconEnsemble(nn.Module):
    """Several ``IconNet`` members read as one: the mean of their softmax probabilities and the
    normalised mean of their embeddings. Returns ``(probs, embedding)``, not logits, so the ONNX
    export must not apply softmax again."""

    returns_probs = True

    def __init__(self, members: list[IconNet]) -> None:
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        outs = [m(x) for m in self.members]
        probs = torch.stack([torch.softmax(logits, 1) for logits, _ in outs]).mean(0)
        emb = F.normalize(torch.stack([e for _, e in outs]).sum(0), dim=1)
        return probs, emb
