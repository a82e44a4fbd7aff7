"""Procedural pictures for the middle of court cards and jokers (no downloaded art).

They only need to look like the real thing from across a table: a framed, double-headed figure
with a crown (king), a tiara (queen) or a cap (jack); a jester's hat, a star or the word JOKER.
The card's identity is read from its corner indices, so the pictures are context, not labels.
"""

from __future__ import annotations

from collections.abc import Callable

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
    x0, y0, x1, y1 = _double_headed(
        canvas, frame, pip, pip_ink, lambda f: _half_figure(canvas, rank, f, colours, frame_ink)
    )
    line = _frame_line(x0, x1)
    cv2.line(canvas, (x0, y1), (x1, y0), (*frame_ink, 255), line, cv2.LINE_AA)
    cv2.rectangle(canvas, (x0, y0), (x1, y1), (*frame_ink, 255), line, cv2.LINE_AA)


def _double_headed(
    canvas: np.ndarray,
    frame: tuple[float, float, float, float],
    pip: np.ndarray,
    pip_ink: BGR,
    draw_half: Callable[[tuple[float, float, float, float]], None],
) -> tuple[int, int, int, int]:
    """Draw a half figure and the suit's small pip in its frame corner, turn the card, draw them
    again; returns the frame in whole pixels."""
    for _ in range(2):
        draw_half(frame)
        x0, y0, x1, y1 = frame
        _blend(canvas, pip, round(x0 + (x1 - x0) * 0.06), round(y0 + (y1 - y0) * 0.04), pip_ink)
        canvas[...] = _rot180(canvas)
        frame = _flip_box(frame, canvas.shape[1], canvas.shape[0])
    x0, y0, x1, y1 = (round(v) for v in frame)
    return x0, y0, x1, y1


def _frame_line(x0: int, x1: int) -> int:
    return max(1, round((x1 - x0) * 0.02))


# Printed court cards (Bicycle and its many copies) fill the whole frame with busy artwork:
# striped and patterned robes in three or four inks, black line work and hatching everywhere,
# the figure's face, hair and a large crown, an object held across. Right beside the corner
# index, such art is what a detector must not take for an index and what hides its edges.


def _ornate_half(
    canvas: np.ndarray,
    rank: str,
    frame: tuple[float, float, float, float],
    palette: tuple[BGR, ...],
    ink: BGR,
    rng: np.random.Generator,
) -> None:
    """The upper half of a busy court figure, filling the frame's upper half."""
    x0, y0, x1, y1 = frame
    w, mid = x1 - x0, (y0 + y1) / 2
    line = max(1, round(w * float(rng.uniform(0.012, 0.025))))

    def outline(points: np.ndarray) -> None:
        pts = np.round(np.asarray(points) * 16).astype(np.int32)
        cv2.polylines(canvas, [pts], True, (*ink, 255), line, cv2.LINE_AA, shift=4)

    def at(u: float, v: float) -> tuple[float, float]:  # frame widths from the top-left
        return x0 + u * w, y0 + v * w

    # The ground behind the figure: gold, a court colour or paper, in vertical bands.
    for u in np.linspace(0.0, 1.0, int(rng.integers(2, 5)), endpoint=False):
        band = np.array([at(u, 0), at(min(1.0, u + 0.34), 0), (x0 + min(1.0, u + 0.34) * w, mid),
                         (x0 + u * w, mid)])
        _poly(canvas, band, palette[int(rng.integers(len(palette)))])
    # Robe: shoulders to the middle line, split into panels of their own colour and pattern.
    top = float(rng.uniform(0.42, 0.55))
    edges = np.sort(rng.uniform(0.05, 0.95, int(rng.integers(2, 5))))
    columns = np.concatenate([[0.0], edges, [1.0]])
    for left, right in zip(columns[:-1], columns[1:], strict=True):
        shoulder = top + 0.08 * abs((left + right) / 2 - 0.5)
        panel = np.array([at(left, shoulder), at(right, shoulder), (x0 + right * w, mid),
                          (x0 + left * w, mid)])
        _poly(canvas, panel, palette[int(rng.integers(len(palette)))])
        outline(panel)
        _pattern(canvas, (x0 + left * w, y0 + shoulder * w, x0 + right * w, mid), palette,
                 ink, line, rng)
    # Head, hair and headwear: larger than the plain figure's, right under the frame's top.
    head, radius = at(0.5, top - 0.14), 0.12 * w
    hair = palette[int(rng.integers(len(palette)))]
    _disc(canvas, (head[0], head[1] + radius * 0.2), radius * 1.25, hair)
    _disc(canvas, head, radius, SKIN)
    for dx in (-0.35, 0.35):
        _disc(canvas, (head[0] + dx * radius, head[1] - 0.1 * radius), radius * 0.12, ink)
    hat_top = max(0.03, top - 0.38)
    if rank == "K":  # a tall crown
        xs = np.linspace(0.34, 0.66, 7)
        crown = [at(0.34, top - 0.24)] + [
            at(float(u), hat_top if i % 2 == 0 else hat_top + 0.07) for i, u in enumerate(xs)
        ] + [at(0.66, top - 0.24)]
        _poly(canvas, np.array(crown), GOLD)
        outline(np.array(crown))
    elif rank == "Q":  # a rounded crown with pearls
        arc = np.array([at(0.5 + 0.17 * np.cos(a), top - 0.24 - 0.12 * np.sin(a))
                        for a in np.linspace(0, np.pi, 11)])
        _poly(canvas, arc, GOLD)
        outline(arc)
        for x, y in arc[1:-1:2]:
            _disc(canvas, (x, y), w * 0.02, PEARL)
    else:  # a broad cap with a feather
        cap = np.array([at(0.3, top - 0.22), at(0.4, hat_top + 0.06), at(0.68, hat_top + 0.08),
                        at(0.72, top - 0.22)])
        _poly(canvas, cap, palette[int(rng.integers(len(palette)))])
        outline(cap)
    # What the figure holds, across the robe: a sword, sceptre or axe.
    u0, u1 = (0.12, 0.88) if rng.random() < 0.5 else (0.88, 0.12)
    start, end = at(u0, hat_top + 0.05), (x0 + u1 * w, mid)
    cv2.line(canvas, tuple(round(v) for v in start), tuple(round(v) for v in end),
             (*ink, 255), max(2, round(w * 0.035)), cv2.LINE_AA)
    _disc(canvas, start, w * 0.045, GOLD)


def _pattern(
    canvas: np.ndarray,
    box: tuple[float, float, float, float],
    palette: tuple[BGR, ...],
    ink: BGR,
    line: int,
    rng: np.random.Generator,
) -> None:
    """Fill a robe panel with one printed pattern: hatching, zigzag, dots or small flowers,
    drawn into the panel's own view of the canvas so that nothing spills past it."""
    x0, y0, x1, y1 = (round(v) for v in box)
    panel = canvas[max(0, y0):y1, max(0, x0):x1]
    h, w = panel.shape[:2]
    if h < 3 or w < 3:
        return
    kind = int(rng.integers(4))
    step = max(3.0, w * float(rng.uniform(0.15, 0.35)))
    colour = (*palette[int(rng.integers(len(palette)))], 255)
    if kind == 0:  # hatching
        for x in np.arange(0, w + h, step / 2):
            cv2.line(panel, (round(x), 0), (round(x - h), h), (*ink, 255), max(1, line // 2),
                     cv2.LINE_AA)
    elif kind == 1:  # zigzag bands
        for y in np.arange(step / 2, h, step):
            xs = np.arange(0, w + step / 2, max(2.0, step / 2))
            ys = y + np.where(np.arange(len(xs)) % 2 == 0, -step / 4, step / 4)
            pts = np.round(np.column_stack([xs, ys]) * 16).astype(np.int32)
            cv2.polylines(panel, [pts], False, colour, line, cv2.LINE_AA, shift=4)
    else:  # dots (2) or small flowers (3)
        for y in np.arange(step / 2, h, step):
            for x in np.arange(step / 2, w, step):
                _disc(panel, (x, y), step * 0.22, colour[:3])
                if kind == 3:
                    _disc(panel, (x, y), step * 0.09, ink)


def draw_ornate_court(
    canvas: np.ndarray,
    rank: str,
    frame: tuple[float, float, float, float],
    frame_ink: BGR,
    colours: tuple[BGR, BGR, BGR],
    pip: np.ndarray,
    pip_ink: BGR,
) -> None:
    """Like ``draw_court``, but the frame is filled with a busy printed figure (robes in
    panels of patterns, black line work, a large crown) as on Bicycle-like decks. The artwork
    is the same for the same rank, frame and colours."""
    seed = [ord(rank), *(round(v) for v in frame), *(c for colour in colours for c in colour)]
    palette = (*colours, GOLD)
    # Both halves from the same draws: printed alike, as on the real cards.
    x0, y0, x1, y1 = _double_headed(
        canvas,
        frame,
        pip,
        pip_ink,
        lambda f: _ornate_half(canvas, rank, f, palette, frame_ink, np.random.default_rng(seed)),
    )
    middle, line = (y0 + y1) // 2, _frame_line(x0, x1)
    cv2.line(canvas, (x0, middle), (x1, middle), (*frame_ink, 255), line, cv2.LINE_AA)
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
