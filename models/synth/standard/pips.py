"""Suit pips (heart, diamond, spade, club) as vector shapes, rasterised to cached masks.

Each suit has a few drawing variants (a slimmer diamond, a flared or straight stem, a rounder
heart), because decks differ in exactly these details and under blur the model must rely on the
overall silhouette: a spade is a heart upside down plus a stem, a club three lobes plus a stem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

PIP_VARIANTS = 3
_REF = 256  # pips are drawn once at this height, then shrunk with area averaging
_SUBPIXEL = 16  # fillPoly with shift=4


@dataclass(frozen=True)
class PipShape:
    """One deck's own drawing of the four pips, beyond the three stock variants.

    Printed decks differ most where a blurred corner pip gives the least away: how wide a
    spade's leaf is and whether its sides curve in towards the tip (an ogee, as on
    Bicycle-like decks), how large and how close a club's lobes are, how thick the stem is,
    and how far the ink bleeds on the paper (which closes the notches between a club's lobes).
    A reader that has only seen three stock spades and clubs learns their exact outlines; one
    trained on many learns what tells the two apart under any of them. The defaults draw stock
    variant 1.
    """

    heart_fat: float = 0.97
    diamond_half: float = 0.38  # half the diamond's width, share of its height
    spade_fat: float = 1.0
    spade_ogee: float = 0.0  # 0: convex sides up to the tip; 1: sides curving in near it
    spade_leaf: float = 0.82  # the leaf's share of the pip's height, the rest is stem
    club_lobe: float = 0.215  # lobe radius, share of the height
    club_spread: float = 0.25  # side lobes' distance from the middle
    club_lobe_y: float = 0.56  # side lobes' centre height
    stem_flare: float = 1.5
    stem_width: float = 1.0
    ink_spread: float = 0.0  # share of the height the ink bleeds outwards

    def __post_init__(self) -> None:
        if min(vars(self).values()) < 0 or self.spade_ogee > 1 or self.ink_spread > 0.25:
            raise ValueError(
                f"a pip shape takes no negative sizes, spade_ogee 0..1 and ink_spread up to "
                f"0.25: {self}"
            )


def sample_pip_shape(rng: np.random.Generator) -> PipShape:
    """One deck's pips, each trait drawn across what printed decks show.

    >>> shape = sample_pip_shape(np.random.default_rng(0))
    >>> 0.75 <= shape.spade_fat <= 1.1 and 0.18 <= shape.club_lobe <= 0.26
    True
    """
    return PipShape(
        heart_fat=float(rng.uniform(0.85, 1.1)),
        diamond_half=float(rng.uniform(0.3, 0.44)),
        spade_fat=float(rng.uniform(0.75, 1.1)),
        spade_ogee=float(rng.uniform(0.0, 1.0)),
        spade_leaf=float(rng.uniform(0.74, 0.88)),
        club_lobe=float(rng.uniform(0.18, 0.26)),
        club_spread=float(rng.uniform(0.2, 0.28)),
        club_lobe_y=float(rng.uniform(0.5, 0.6)),
        stem_flare=float(np.exp(rng.uniform(np.log(0.5), np.log(3.0)))),
        stem_width=float(rng.uniform(0.6, 1.5)),
        ink_spread=float(rng.uniform(0.0, 0.08)) if rng.random() < 0.5 else 0.0,
    )


def _heart_outline(fat: float, n: int = 96) -> np.ndarray:
    """The classic parametric heart in a unit box, point down; ``fat`` widens the lobes."""
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    x = 16 * np.sin(t) ** 3 * fat
    y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
    pts = np.stack([x, y], 1)
    lo, hi = pts.min(0), pts.max(0)
    span = (hi - lo).max()
    outline: np.ndarray = (pts - lo) / span + [(1 - (hi - lo)[0] / span) / 2, 0]
    return outline


def _stem(flare: float, width: float = 1.0) -> np.ndarray:
    """A stem from the lobes' meeting point down to a base; ``flare`` curves its sides."""
    top, bottom = 0.55, 1.0
    ys = np.linspace(top, bottom, 12)
    # A flared stem is concave: narrow for most of its length, widening at the foot.
    half = (0.035 + 0.14 * ((ys - top) / (bottom - top)) ** flare) * width
    left = np.stack([0.5 - half, ys], 1)
    right = np.stack([0.5 + half, ys], 1)[::-1]
    return np.concatenate([left, right])


def _stock_shape(variant: int) -> PipShape:
    """The stock variant ``variant`` as a ``PipShape``."""
    return PipShape(
        heart_fat=(0.9, 0.97, 1.05)[variant],
        diamond_half=(0.34, 0.38, 0.42)[variant],
        spade_fat=(0.92, 1.0, 1.06)[variant],
        stem_flare=(0.6, 1.5, 3.0)[variant],
    )


def _spade_leaf(shape: PipShape) -> np.ndarray:
    """A heart upside down, its top ``spade_leaf`` of the box; an ogee narrows it near the tip."""
    leaf = _heart_outline(shape.spade_fat)
    depth = shape.spade_leaf
    xs, ys = leaf[:, 0], depth - leaf[:, 1] * depth
    if shape.spade_ogee > 0:
        # Narrower towards the tip, the more so the nearer: the sides curve in (concave).
        near_tip = np.clip(1 - ys / (0.45 * depth), 0, 1)
        xs = 0.5 + (xs - 0.5) * (1 - 0.45 * shape.spade_ogee * near_tip)
    return np.stack([xs, ys], 1)


def _polygons(
    suit: str, shape: PipShape
) -> tuple[list[np.ndarray], list[tuple[float, float, float]]]:
    """Polygons and circles (cx, cy, r) of one pip in a unit box (y down)."""
    if suit == "H":
        return [_heart_outline(shape.heart_fat)], []
    if suit == "D":
        half_w = shape.diamond_half
        # Slightly concave sides on most prints: sample each side as a quadratic curve.
        corners = np.array([[0.5, 0.0], [0.5 + half_w, 0.5], [0.5, 1.0], [0.5 - half_w, 0.5]])
        sag = 0.0 if half_w >= 0.42 else 0.04
        sides = []
        for a, b in zip(corners, np.roll(corners, -1, 0), strict=True):
            s = np.linspace(0, 1, 10, endpoint=False)[:, None]
            mid = (a + b) / 2 + (np.array([0.5, 0.5]) - (a + b) / 2) * sag / 0.25
            sides.append((1 - s) ** 2 * a + 2 * s * (1 - s) * mid + s**2 * b)
        return [np.concatenate(sides)], []
    stem = _stem(shape.stem_flare, shape.stem_width)
    if suit == "S":
        return [_spade_leaf(shape), stem], []
    r, spread, side_y = shape.club_lobe, shape.club_spread, shape.club_lobe_y
    circles = [(0.5, r + 0.01, r), (0.5 - spread, side_y, r), (0.5 + spread, side_y, r)]
    knot = np.array([[0.5, 0.3], [0.5 - spread + 0.05, side_y + 0.04],
                     [0.5 + spread - 0.05, side_y + 0.04]])
    # Small lobes far apart would leave paper between them; printed clubs never do.
    centres = np.array([[0.5, r + 0.01], [0.5 - spread, side_y], [0.5 + spread, side_y]])
    return [knot, centres, stem], circles


@lru_cache(maxsize=256)
def pip_mask(suit: str, height: int, variant: int = 0, shape: PipShape | None = None) -> np.ndarray:
    """A uint8 mask (255 = ink) of one pip, ``height`` px tall, width as the shape needs;
    drawn as the stock ``variant``, or as ``shape`` (a deck's own pips) when given.

    >>> [pip_mask(s, 20).shape[0] for s in "CDHS"]
    [20, 20, 20, 20]
    >>> pip_mask("D", 20).shape[1] < pip_mask("H", 20).shape[1]
    True
    >>> bled = PipShape(ink_spread=0.08)
    >>> int(pip_mask("C", 64, shape=bled).sum()) > int(pip_mask("C", 64, shape=PipShape()).sum())
    True
    """
    if suit not in ("C", "D", "H", "S"):
        raise ValueError(f"unknown suit {suit!r}; choose one of C, D, H, S")
    if not 0 <= variant < PIP_VARIANTS:
        raise ValueError(f"pip variant must be 0..{PIP_VARIANTS - 1}, not {variant}")
    drawn = shape if shape is not None else _stock_shape(variant)
    polygons, circles = _polygons(suit, drawn)
    bleed = round(drawn.ink_spread * _REF)
    margin = 2 + bleed
    canvas: np.ndarray = np.zeros((_REF + 2 * margin, _REF + 2 * margin), np.uint8)
    scale = _REF * _SUBPIXEL
    offset = margin * _SUBPIXEL
    for poly in polygons:
        pts = np.round(poly * scale + offset).astype(np.int32)
        cv2.fillPoly(canvas, [pts], 255, cv2.LINE_AA, shift=4)
    for cx, cy, r in circles:
        centre = (round(cx * scale + offset), round(cy * scale + offset))
        cv2.circle(canvas, centre, round(r * scale), 255, -1, cv2.LINE_AA, shift=4)
    if bleed:
        # Ink spreading into the paper grows every edge alike and fills narrow notches.
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * bleed + 1, 2 * bleed + 1))
        canvas = cv2.dilate(canvas, disc)
    ys, xs = np.nonzero(canvas)
    tight = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    height = max(2, int(height))
    width = max(2, round(tight.shape[1] * height / tight.shape[0]))
    mask = cv2.resize(tight, (width, height), interpolation=cv2.INTER_AREA)
    mask.setflags(write=False)
    return mask
