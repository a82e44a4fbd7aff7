"""Things on the table that are not readable cards: card backs and a hand-written score sheet.

They carry no label. Backs teach the detector that a card shape alone is not a card; the score
sheet that numerals alone are not card indices.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .faces import FaceStyle, render_back, solid_bgra
from .layouts import Arrangement, Placement
from .palette import hsv_to_bgr

_SCRIPT_FONTS = (
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_PLAIN,
)


@dataclass(frozen=True)
class Distractor:
    placement: Placement  # layout units, like the cards
    image: np.ndarray  # BGRA
    units_wide: float  # width in card widths
    on_top: bool  # painted over the hand (another player's card) or under it


def make_distractors(
    rng: np.random.Generator, style: FaceStyle, width: int, arrangement: Arrangement, layout: str
) -> tuple[Distractor, ...]:
    centres = np.array([p.centre for p in arrangement.cards])
    lo, hi = centres.min(0) - 1.5, centres.max(0) + 1.5

    def anywhere() -> Placement:
        return Placement(
            (float(rng.uniform(lo[0], hi[0])), float(rng.uniform(lo[1], hi[1]))),
            float(rng.uniform(-180, 180)),
        )

    items = []
    if rng.random() < 0.3:
        units = float(rng.uniform(1.8, 3.2))
        note = render_score_sheet(rng, round(width * min(units, 2.0)))
        items.append(Distractor(anywhere(), note, units, on_top=False))
    for _ in range(int(rng.integers(0, 4))):
        back = render_back(rng, style.aspect, style.corner_radius, width)
        # Only a card lying on the table can end up on top of the hand's cards.
        on_top = layout == "spread" and bool(rng.random() < 0.2)
        items.append(Distractor(anywhere(), back, 1.0, on_top))
    return tuple(items)


def render_score_sheet(rng: np.random.Generator, width: int) -> np.ndarray:
    """A ruled note with hand-written-looking scores and phase numbers (BGRA)."""
    height = round(width * float(rng.uniform(1.2, 1.5)))
    paper = hsv_to_bgr(
        float(rng.uniform(40, 60)), float(rng.uniform(0.0, 0.35)), float(rng.uniform(0.85, 1.0))
    )
    canvas = solid_bgra(height, width, paper)
    line_gap = max(6, round(height / float(rng.uniform(9, 16))))
    rule = (*hsv_to_bgr(float(rng.uniform(190, 230)), 0.35, 0.85), 255)
    for y in range(line_gap, height, line_gap):
        cv2.line(canvas, (0, y), (width - 1, y), rule, 1, cv2.LINE_AA)
    ink = (
        *hsv_to_bgr(
            float(rng.uniform(200, 250)), float(rng.uniform(0.2, 0.9)), float(rng.uniform(0.1, 0.5))
        ),
        255,
    )
    font = _SCRIPT_FONTS[int(rng.integers(len(_SCRIPT_FONTS)))]
    scale = line_gap / 30.0
    thickness = max(1, round(line_gap / 14))
    columns = int(rng.integers(2, 5))
    for row, y in enumerate(range(line_gap - 3, height, line_gap)):
        for col in range(columns):
            text = (
                str(int(rng.integers(1, 11))) if row % 3 == 0 else str(5 * int(rng.integers(0, 40)))
            )
            x = round((col + 0.15) * width / columns + rng.normal(0, 2))
            cv2.putText(canvas, text, (x, y), font, scale, ink, thickness, cv2.LINE_AA)
    return canvas
