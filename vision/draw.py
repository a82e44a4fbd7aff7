"""Boxes and labels on the photo, so the player can check what was read."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

import cv2
import numpy as np

from vision.dedupe import Detection

#: A card read at least this sure is drawn green and never flagged for checking. Under
#: 0.7 lie nearly all wrong cards of synthetic validation hands (both decks, 2016x1512 and
#: 1024x768: Phase 10 all 88, standard 80 of 85) but only 11-30 % of the right ones; the 0.8
#: before also caught the rest of the wrong ones but flagged 31-64 % of the right cards
#: (`bench/unsure.py`; models/README.md, "Unsure flags").
SURE: Final = 0.7
# (lowest confidence, BGR colour): sure reads green, doubtful ones amber, guesses red.
CONFIDENCE_COLOURS: Final = ((SURE, (60, 180, 60)), (0.5, (0, 170, 255)), (0.0, (40, 40, 220)))


def confidence_colour(confidence: float) -> tuple[int, int, int]:
    """The BGR colour a detection of this confidence is drawn in."""
    return next(colour for low, colour in CONFIDENCE_COLOURS if confidence >= low)


def label_ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on a label box of ``fill`` (BGR): white on
    the amber and green boxes was under 3:1 (WCAG asks 4.5:1).

    >>> [label_ink(colour) for _, colour in CONFIDENCE_COLOURS]
    [(0, 0, 0), (0, 0, 0), (255, 255, 255)]
    """
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    blue, green, red = fill
    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    # Contrast with white (1.05 / (L + 0.05)) against black ((L + 0.05) / 0.05).
    return (0, 0, 0) if (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) else (255, 255, 255)


def draw_detections(image: np.ndarray, detections: Sequence[Detection]) -> np.ndarray:
    """A copy of ``image`` (BGR, the photo the detections came from) with each card's box, token
    and confidence; line widths and text scale with the photo so both stay legible."""
    out = image.copy()
    unit = max(1, round(max(out.shape[:2]) / 600))
    font_scale = 0.5 * unit
    for det in detections:
        colour = confidence_colour(det.confidence)
        x0, y0, x1, y1 = det.box
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, 2 * unit)
        label = f"{det.card} {det.confidence:.0%}"
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font_scale, unit)
        ty = y0 - 2 * unit if y0 - th - base - 2 * unit >= 0 else y1 + th + 2 * unit
        cv2.rectangle(out, (x0, ty - th - base), (x0 + tw, ty + base), colour, cv2.FILLED)
        cv2.putText(
            out,
            label,
            (x0, ty),
            cv2.FONT_HERSHEY_SIMPLEX,
            font_scale,
            label_ink(colour),
            unit,
            cv2.LINE_AA,
        )
    return out


def scaled(detections: Sequence[Detection], factor: float) -> tuple[Detection, ...]:
    """``detections`` with their boxes scaled by ``factor`` (onto a shrunk copy of the photo).

    >>> from solver import parse_card
    >>> scaled([Detection(parse_card("AS"), (100, 50, 301, 151), 0.9)], 0.5)[0].box
    (50, 25, 150, 76)
    """
    def scale(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = (round(v * factor) for v in box)
        return x0, y0, x1, y1

    return tuple(dataclasses.replace(d, box=scale(d.box)) for d in detections)
