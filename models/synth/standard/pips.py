"""Suit pips (heart, diamond, spade, club) as vector shapes, rasterised to cached masks.

Each suit has a few drawing variants (a slimmer diamond, a flared or straight stem, a rounder
heart), because decks differ in exactly these details and under blur the model must rely on the
overall silhouette: a spade is a heart upside down plus a stem, a club three lobes plus a stem.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

PIP_VARIANTS = 3
_REF = 256  # pips are drawn once at this height, then shrunk with area averaging
_SUBPIXEL = 16  # fillPoly with shift=4


def _heart_outline(fat: float, n: int = 96) -> np.ndarray:
    """The classic parametric heart in a unit box, point down; ``fat`` widens the lobes."""
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    x = 16 * np.sin(t) ** 3 * fat
    y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
    pts = np.stack([x, y], 1)
    lo, hi = pts.min(0), pts.max(0)
    return (pts - lo) / (hi - lo).max() + [(1 - (hi - lo)[0] / (hi - lo).max()) / 2, 0]


def _stem(flare: float) -> np.ndarray:
    """A stem from the lobes' meeting point down to a base; ``flare`` curves its sides."""
    top, bottom = 0.55, 1.0
    ys = np.linspace(top, bottom, 12)
    # A flared stem is concave: narrow for most of its length, widening at the foot.
    half = 0.035 + 0.14 * ((ys - top) / (bottom - top)) ** flare
    left = np.stack([0.5 - half, ys], 1)
    right = np.stack([0.5 + half, ys], 1)[::-1]
    return np.concatenate([left, right])


def _polygons(suit: str, variant: int) -> tuple[list[np.ndarray], list[tuple[float, float, float]]]:
    """Polygons and circles (cx, cy, r) of one pip in a unit box (y down)."""
    if suit == "H":
        return [_heart_outline((0.9, 0.97, 1.05)[variant])], []
    if suit == "D":
        half_w = (0.34, 0.38, 0.42)[variant]
        # Slightly concave sides on most prints: sample each side as a quadratic curve.
        corners = np.array([[0.5, 0.0], [0.5 + half_w, 0.5], [0.5, 1.0], [0.5 - half_w, 0.5]])
        sag = 0.0 if variant == 2 else 0.04
        sides = []
        for a, b in zip(corners, np.roll(corners, -1, 0), strict=True):
            s = np.linspace(0, 1, 10, endpoint=False)[:, None]
            mid = (a + b) / 2 + (np.array([0.5, 0.5]) - (a + b) / 2) * sag / 0.25
            sides.append((1 - s) ** 2 * a + 2 * s * (1 - s) * mid + s**2 * b)
        return [np.concatenate(sides)], []
    stem = _stem((0.6, 1.5, 3.0)[variant])
    if suit == "S":
        leaf = _heart_outline((0.92, 1.0, 1.06)[variant])
        leaf = np.stack([leaf[:, 0], 0.82 - leaf[:, 1] * 0.82], 1)  # upside down, top 82 %
        return [leaf, stem], []
    r = 0.215
    circles = [(0.5, r + 0.01, r), (0.5 - 0.25, 0.56, r), (0.5 + 0.25, 0.56, r)]
    knot = np.array([[0.5, 0.3], [0.3, 0.6], [0.7, 0.6]])
    return [knot, stem], circles


@lru_cache(maxsize=256)
def pip_mask(suit: str, height: int, variant: int = 0) -> np.ndarray:
    """A uint8 mask (255 = ink) of one pip, ``height`` px tall, width as the shape needs.

    >>> [pip_mask(s, 20).shape[0] for s in "CDHS"]
    [20, 20, 20, 20]
    >>> pip_mask("D", 20).shape[1] < pip_mask("H", 20).shape[1]
    True
    """
    if suit not in ("C", "D", "H", "S"):
        raise ValueError(f"unknown suit {suit!r}; choose one of C, D, H, S")
    if not 0 <= variant < PIP_VARIANTS:
        raise ValueError(f"pip variant must be 0..{PIP_VARIANTS - 1}, not {variant}")
    polygons, circles = _polygons(suit, variant)
    canvas = np.zeros((_REF + 4, _REF + 4), np.uint8)
    scale = _REF * _SUBPIXEL
    offset = 2 * _SUBPIXEL
    for poly in polygons:
        pts = np.round(poly * scale + offset).astype(np.int32)
        cv2.fillPoly(canvas, [pts], 255, cv2.LINE_AA, shift=4)
    for cx, cy, r in circles:
        centre = (round(cx * scale + offset), round(cy * scale + offset))
        cv2.circle(canvas, centre, round(r * scale), 255, -1, cv2.LINE_AA, shift=4)
    ys, xs = np.nonzero(canvas)
    tight = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    height = max(2, int(height))
    width = max(2, round(tight.shape[1] * height / tight.shape[0]))
    mask = cv2.resize(tight, (width, height), interpolation=cv2.INTER_AREA)
    mask.setflags(write=False)
    return mask
