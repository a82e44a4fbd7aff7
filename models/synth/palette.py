"""Colour sampling: each card colour is a *family* of printed hues, so the model learns the family.

Hue ranges are in degrees (0..360) and deliberately wide: editions print blue as navy, royal blue,
violet or purple (purple plays blue), yellow as lemon to amber, green as teal to olive, red as
crimson to orange-red. The gaps between families (red/yellow ~27 deg, yellow/green ~19 deg)
keep labels unambiguous.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass

import numpy as np

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class HueRange:
    hue: tuple[float, float]  # degrees; hue[0] may be negative to wrap through red
    saturation: tuple[float, float]
    value: tuple[float, float]


HUES: dict[str, HueRange] = {
    "R": HueRange((-14.0, 13.0), (0.70, 1.00), (0.62, 0.95)),
    "Y": HueRange((40.0, 57.0), (0.75, 1.00), (0.85, 1.00)),
    "G": HueRange((76.0, 172.0), (0.55, 1.00), (0.38, 0.82)),
    "B": HueRange((200.0, 292.0), (0.50, 1.00), (0.30, 0.85)),
}
# European editions print blue as purple.
PURPLE = HueRange((262.0, 295.0), (0.45, 0.90), (0.32, 0.70))


def hsv_to_bgr(hue_deg: float, saturation: float, value: float) -> BGR:
    r, g, b = colorsys.hsv_to_rgb((hue_deg % 360.0) / 360.0, saturation, value)
    return (round(b * 255), round(g * 255), round(r * 255))


def sample_colour(rng: np.random.Generator, hues: HueRange) -> BGR:
    return hsv_to_bgr(
        float(rng.uniform(*hues.hue)),
        float(rng.uniform(*hues.saturation)),
        float(rng.uniform(*hues.value)),
    )


def sample_palette(rng: np.random.Generator, purple_blue: bool = False) -> dict[str, BGR]:
    """One printed colour per card colour, as a deck edition would use consistently."""
    return {
        letter: sample_colour(rng, PURPLE if (purple_blue and letter == "B") else hues)
        for letter, hues in HUES.items()
    }


def sample_paper(rng: np.random.Generator) -> BGR:
    """Off-white card stock: slightly warm, cool or grey, never pure white every time."""
    base = float(rng.uniform(222, 255))
    tint = rng.uniform(-10, 10, size=3)
    b, g, r = (int(np.clip(base + t, 0, 255)) for t in tint)
    return (b, g, r)


SKIN_TONES = HueRange((8.0, 32.0), (0.18, 0.65), (0.30, 0.95))
