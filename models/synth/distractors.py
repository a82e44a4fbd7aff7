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
    for _ in range(int(rng.integers(0, 3))):
        # Table clutter: coins and pens, so round or long shapes alone do not look like cards.
        if rng.random() < 0.5:
            units = float(rng.uniform(0.25, 0.45))
            items.append(
                Distractor(anywhere(), render_coin(rng, round(width * units)), units, False)
            )
        else:
            units = float(rng.uniform(1.8, 2.6))
            pen = render_pen(rng, round(width * min(units, 2.0)))
            items.append(Distractor(anywhere(), pen, units, False))
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
    canvas[..., 3] = 255  # OpenCV's anti-aliased drawing garbles a 4th channel: reset it
    return canvas


def render_coin(rng: np.random.Generator, diameter: int) -> np.ndarray:
    """A metal coin: silver or brass disc with a darker rim and a lighter highlight (BGRA)."""
    d = max(8, diameter)
    metal = (
        hsv_to_bgr(float(rng.uniform(35, 50)), float(rng.uniform(0.3, 0.6)), 0.75)
        if rng.random() < 0.5
        else hsv_to_bgr(0, 0, float(rng.uniform(0.6, 0.85)))
    )
    canvas = np.zeros((d, d, 4), np.uint8)
    c, r = (d - 1) / 2, d / 2 - 1
    dark = tuple(int(v * 0.7) for v in metal)
    cv2.circle(canvas, (round(c), round(c)), round(r), (*dark, 255), -1, cv2.LINE_AA)
    cv2.circle(canvas, (round(c), round(c)), round(r * 0.86), (*metal, 255), -1, cv2.LINE_AA)
    shine = (round(c - r * 0.3), round(c - r * 0.3))
    cv2.circle(canvas, shine, max(1, round(r * 0.25)), (235, 235, 235, 255), -1, cv2.LINE_AA)
    # Anti-aliased drawing garbles a 4th channel, so the outline is drawn apart as the alpha.
    alpha = np.zeros((d, d), np.uint8)
    cv2.circle(alpha, (round(c), round(c)), round(r), 255, -1, cv2.LINE_AA)
    canvas[..., 3] = alpha
    return canvas


def render_pen(rng: np.random.Generator, length: int) -> np.ndarray:
    """A pen lying on the table: a long coloured capsule with a metal tip (BGRA)."""
    length = max(16, length)
    width = max(4, round(length * float(rng.uniform(0.06, 0.09))))
    body = hsv_to_bgr(
        float(rng.uniform(0, 360)), float(rng.uniform(0.2, 1.0)), float(rng.uniform(0.1, 0.9))
    )
    canvas = np.zeros((width, length, 4), np.uint8)
    cv2.rectangle(canvas, (width // 2, 0), (length - width, width - 1), (*body, 255), -1)
    cv2.circle(canvas, (width // 2, width // 2), width // 2, (*body, 255), -1, cv2.LINE_AA)
    tip = np.array([[length - width, 0], [length - 1, width // 2], [length - width, width - 1]])
    cv2.fillPoly(canvas, [tip.astype(np.int32)], (190, 190, 190, 255), cv2.LINE_AA)
    # Anti-aliased drawing garbles a 4th channel, so the outline is drawn apart as the alpha.
    alpha = np.zeros((width, length), np.uint8)
    cv2.rectangle(alpha, (width // 2, 0), (length - width, width - 1), 255, -1)
    cv2.circle(alpha, (width // 2, width // 2), width // 2, 255, -1, cv2.LINE_AA)
    cv2.fillPoly(alpha, [tip.astype(np.int32)], 255, cv2.LINE_AA)
    canvas[..., 3] = alpha
    return canvas
