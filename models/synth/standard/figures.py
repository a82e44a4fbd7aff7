"""Procedural pictures for the middle of court cards and jokers (no downloaded art).

They only need to look like the real thing from across a table: a framed, double-headed figure
with a crown (king), a tiara (queen) or a cap (jack); a jester's hat, a star or the word JOKER.
The card's identity is read from its corner indices, so the pictures are context, not labels.
"""

from __future__ import annotations

import cv2
import numpy as np

from ..faces import _blend, _flip_box, _rot180
from ..palette import BGR

SKIN: BGR = (170, 200, 240)
GOLD: BGR = (40, 190, 235)
PEARL: BGR = (245, 245, 245)
MIDDLE = -1.0  # a y that stands for the frame's middle line, whatever the frame's height

Shape = tuple[tuple[float, float], ...]
# The top half of a court figure, in frame widths from the frame's top centre (x right, y down),
# as (shape, colour slot): slot 0..2 = the deck's court colours, "gold" = crowns.
_BODY: tuple[tuple[Shape, int], ...] = (
    (((-0.36, MIDDLE), (-0.3, 0.55), (0.3, 0.55), (0.36, MIDDLE)), 0),  # robe
    (((-0.08, MIDDLE), (-0.14, 0.55), (0.14, 0.55), (0.08, MIDDLE)), 1),  # front panel
    (((-0.14, 0.5), (0.14, 0.5), (0.0, 0.63)), 2),  # collar
)
_HEAD = ((0.0, 0.38), 0.13)  # centre, radius
_HEADWEAR: dict[str, tuple[tuple[Shape, int | None], ...]] = {
    # A five-pointed crown (None = gold).
    "K": (
        (
            (
                (-0.14, 0.3),
                (-0.14, 0.16),
                (-0.07, 0.22),
                (0.0, 0.16),
                (0.07, 0.22),
                (0.14, 0.16),
                (0.14, 0.3),
            ),
            None,
        ),
    ),
    # A low rounded tiara; pearls are added on its rim.
    "Q": (
        (tuple((0.14 * np.cos(a), 0.3 - 0.09 * np.sin(a)) for a in np.linspace(0, np.pi, 9)), None),
    ),
    # A cap with a feather.
    "J": (
        (((-0.16, 0.3), (-0.09, 0.18), (0.13, 0.2), (0.16, 0.3)), 1),
        (((0.05, 0.2), (0.21, 0.07), (0.12, 0.21)), 2),
    ),
}
_STAFF_X = 0.3  # what the figure holds (sword, sceptre, halberd) stands at this x


def _poly(canvas: np.ndarray, points: np.ndarray, colour: BGR) -> None:
    pts = np.round(np.asarray(points, np.float64) * 16).astype(np.int32)
    cv2.fillPoly(canvas, [pts], (*colour, 255), cv2.LINE_AA, shift=4)


def _disc(canvas: np.ndarray, centre: tuple[float, float], radius: float, colour: BGR) -> None:
    c = (round(centre[0] * 16), round(centre[1] * 16))
    cv2.circle(canvas, c, max(1, round(radius * 16)), (*colour, 255), -1, cv2.LINE_AA, shift=4)


def _to_px(shape: Shape, frame: tuple[float, float, float, float]) -> np.ndarray:
    x0, y0, x1, y1 = frame
    w, mid = x1 - x0, (y0 + y1) / 2
    return np.array([((x0 + x1) / 2 + x * w, mid if y == MIDDLE else y0 + y * w) for x, y in shape])


def _half_figure(
    canvas: np.ndarray,
    rank: str,
    frame: tuple[float, float, float, float],
    colours: tuple[BGR, BGR, BGR],
    ink: BGR,
) -> None:
    """The upper half of a court figure: robe, head, headwear by rank, and a staff."""
    x0, y0, x1, y1 = frame
    w = x1 - x0
    for shape, slot in _BODY:
        _poly(canvas, _to_px(shape, frame), colours[slot])
    (hx, hy), radius = _HEAD
    _disc(canvas, ((x0 + x1) / 2 + hx * w, y0 + hy * w), radius * w, SKIN)
    for shape, hat_slot in _HEADWEAR[rank]:
        _poly(canvas, _to_px(shape, frame), GOLD if hat_slot is None else colours[hat_slot])
    if rank == "Q":
        for x, y in _to_px(_HEADWEAR["Q"][0][0], frame)[1:-1:2]:
            _disc(canvas, (x, y), w * 0.02, PEARL)
    staff_x = round((x0 + x1) / 2 + _STAFF_X * w)
    top = y0 + 0.1 * (y1 - y0)
    cv2.line(
        canvas,
        (staff_x, round(top)),
        (staff_x, round((y0 + y1) / 2)),
        (*ink, 255),
        max(2, round(w * 0.03)),
        cv2.LINE_AA,
    )


def draw_court(
    canvas: np.ndarray,
    rank: str,
    frame: tuple[float, float, float, float],
    frame_ink: BGR,
    colours: tuple[BGR, BGR, BGR],
    pip: np.ndarray,
    pip_ink: BGR,
) -> None:
    """A double-headed figure in ``frame`` (x0, y0, x1, y1), ``rank`` J, Q or K: the top half
    is drawn, the card turned and the same half drawn again, as on real court cards."""
    for _ in range(2):
        _half_figure(canvas, rank, frame, colours, frame_ink)
        x0, y0, x1, y1 = frame
        _blend(canvas, pip, round(x0 + (x1 - x0) * 0.06), round(y0 + (y1 - y0) * 0.04), pip_ink)
        canvas[...] = _rot180(canvas)
        frame = _flip_box(frame, canvas.shape[1], canvas.shape[0])
    x0, y0, x1, y1 = (round(v) for v in frame)
    line = max(1, round((x1 - x0) * 0.02))
    cv2.line(canvas, (x0, y1), (x1, y0), (*frame_ink, 255), line, cv2.LINE_AA)
    cv2.rectangle(canvas, (x0, y0), (x1, y1), (*frame_ink, 255), line, cv2.LINE_AA)


def jester_hat(size: int) -> tuple[np.ndarray, np.ndarray]:
    """A three-horned jester's hat with bells: masks (horns A, horns B + bells), size×size."""
    a = np.zeros((size, size), np.uint8)
    b = np.zeros((size, size), np.uint8)
    s = size / 100.0
    band = np.array([(22, 78), (78, 78), (74, 92), (26, 92)]) * s
    horns = [
        np.array([(25, 80), (4, 30), (45, 72)]) * s,
        np.array([(40, 78), (50, 8), (60, 78)]) * s,
        np.array([(55, 72), (96, 30), (75, 80)]) * s,
    ]
    for i, horn in enumerate(horns):
        target = a if i % 2 == 0 else b
        cv2.fillPoly(target, [np.round(horn * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    cv2.fillPoly(a, [np.round(band * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    for x, y in ((4, 30), (50, 8), (96, 30)):
        cv2.circle(
            b,
            (round(x * s * 16), round(y * s * 16)),
            round(6 * s * 16),
            255,
            -1,
            cv2.LINE_AA,
            shift=4,
        )
    return a, b
