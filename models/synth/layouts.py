"""Where the cards lie, in layout units (a card is 1 wide), in paint order (bottom first).

Each layout also says where a hand occludes the cards (skin-coloured polygons), because a fan is
held in a hand and a thumb covers its pivot. Positions are later fitted into the photo.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

LAYOUTS = ("spread", "overlap", "fan")
# One to three cards filling much of the frame: a scan, or a phone held close to a card or two.
# Asked for by name only, so random scenes (and every seed's scene) stay the three hand layouts.
CLOSEUP = "closeup"
# Several hands dealt on one table (a deck dealt into four hands, every player's cards counted
# from one photo at the end of a round): 16-52 small cards, also asked for by name only.
TABLE = "table"
# A whole deck dealt out and left the way players leave their hands, to be counted from one
# photo: 2-4 hands of up to 13, each a tight fan, a cascade (every card pushed down its long
# side, so only its top strip shows) or a tight row. Cards lie as close as the corner index
# allows, not as far apart as the table layout's; asked for by name only.
DEAL = "deal"
# The same deck dealt out but left loose and photographed from near: 2-4 hands, each a fan as
# open as a held one or a row showing more than the index, lying close enough to overlap a little,
# their cards large in the frame (most of each card's face shows, court artwork included).
# Asked for by name only.
LOOSE = "loose"
SCENE_LAYOUTS = (*LAYOUTS, CLOSEUP, TABLE, DEAL, LOOSE)

Point = tuple[float, float]


@dataclass(frozen=True)
class Placement:
    centre: Point  # layout units
    angle: float  # degrees, clockwise on screen (image y points down)


@dataclass(frozen=True)
class Occluder:
    polygon: np.ndarray  # N×2, layout units
    tone: float = 1.0  # brightness relative to the skin colour (nails are lighter)


@dataclass(frozen=True)
class Arrangement:
    cards: tuple[Placement, ...]  # paint order
    occluders: tuple[Occluder, ...]  # skin painted over the cards (fingers, thumb, palm)


def rotate(points: np.ndarray, degrees: float) -> np.ndarray:
    """Rotate N×2 points clockwise on screen (y down) about the origin."""
    t = np.deg2rad(degrees)
    c, s = np.cos(t), np.sin(t)
    turned: np.ndarray = points @ np.array([[c, s], [-s, c]])
    return turned


def card_corners(placement: Placement, aspect: float) -> np.ndarray:
    """TL, TR, BR, BL of a card in layout units."""
    half = np.array(
        [[-0.5, -aspect / 2], [0.5, -aspect / 2], [0.5, aspect / 2], [-0.5, aspect / 2]]
    )
    corners: np.ndarray = rotate(half, placement.angle) + np.array(placement.centre)
    return corners


# Degrees between neighbouring cards of a fan. Narrower fans hid the index of most covered
# cards in a fifth of the hands (a hand shows 1-2 readable cards), which no player holds.
FAN_STEPS = (12.0, 20.0)


def arrange(
    layout: str,
    n_cards: int,
    aspect: float,
    rng: np.random.Generator,
    fan_steps: tuple[float, float] = FAN_STEPS,
    right_strips_readable: bool = True,
    crowded_reach: float | None = None,
) -> Arrangement:
    """Place ``n_cards``; ``fan_steps`` bounds the turn between fanned cards (decks whose
    corner index is taller need wider fans for it to show). ``right_strips_readable``: the
    faces carry an index in the top-right corner too, so a row or fan covered from the other
    side still shows one; players never hold cards so that no index shows. ``crowded_reach``
    (how far into a card its corner index reaches, in card widths): dealt hands (deal, loose)
    squared up so tight that each strip shows little more than that (``CROWDED_STRIP``), a
    neighbour's index within about half an index width of the next; the same draws."""
    if layout in ("spread", CLOSEUP):
        return _spread(n_cards, aspect, rng)
    if layout == "overlap":
        return _overlap(n_cards, aspect, rng, right_strips_readable)
    if layout == "fan":
        return _fan(n_cards, aspect, rng, fan_steps, right_strips_readable)
    if layout == TABLE:
        return _table(n_cards, aspect, rng, fan_steps, right_strips_readable)
    if layout == DEAL:
        return _deal(n_cards, aspect, rng, fan_steps, right_strips_readable, crowded_reach)
    if layout == LOOSE:
        return _loose(n_cards, aspect, rng, fan_steps, right_strips_readable, crowded_reach)
    raise ValueError(f"unknown layout {layout!r}; choose one of {', '.join(SCENE_LAYOUTS)}")


def _spread(n: int, aspect: float, rng: np.random.Generator) -> Arrangement:
    any_angle = rng.random() < 0.3
    # A card turned by any angle needs its diagonal as room; a roughly upright one its own size.
    diag = float(np.hypot(1.0, aspect))
    cell_w = (diag if any_angle else 1.0) * float(rng.uniform(1.08, 1.45))
    cell_h = (diag if any_angle else aspect) * float(rng.uniform(1.05, 1.3))
    cols = int(np.clip(round(np.sqrt(n * float(rng.uniform(1.1, 2.5)))), 2, n))
    rows = -(-n // cols)
    cells = rng.permutation(rows * cols)[:n]
    slack_x, slack_y = (cell_w - (diag if any_angle else 1.0)) / 2, (cell_h - aspect) / 2
    # Sometimes a messy table: cards pushed past their cell, partly covering a neighbour.
    messy = float(rng.uniform(0.1, 0.35)) if rng.random() < 0.2 else 0.0
    placements = []
    for cell in sorted(cells):
        r, c = divmod(int(cell), cols)
        angle = (
            float(rng.uniform(-180, 180))
            if any_angle
            else float(np.clip(rng.normal(0, 7), -20, 20))
        )
        jitter_x = float(rng.uniform(-1, 1)) * (max(slack_x, 0) * 0.8 + messy * cell_w)
        jitter_y = float(rng.uniform(-1, 1)) * (max(slack_y, 0) * 0.8 + messy * cell_h)
        placements.append(Placement((c * cell_w + jitter_x, r * cell_h + jitter_y), angle))
    occluders = (_fingertip(rng, placements, aspect),) if rng.random() < 0.15 else ()
    return Arrangement(tuple(placements), occluders)


# Visible strip of each covered card in a row, in card widths.
OVERLAP_STEPS = (0.17, 0.5)


def _overlap(
    n: int,
    aspect: float,
    rng: np.random.Generator,
    right_strips_readable: bool = True,
    steps: tuple[float, float] = OVERLAP_STEPS,
) -> Arrangement:
    step = float(rng.uniform(*steps))
    placements = [
        Placement((i * step, float(rng.normal(0, 0.03 * aspect))), float(rng.normal(0, 1.5)))
        for i in range(n)
    ]
    # The draw happens either way, so scenes of other decks stay exactly as they were.
    if rng.random() < 0.2 and right_strips_readable:
        # Covered from the other side: right strips stay visible.
        placements = placements[::-1]
    occluders = (_fingertip(rng, placements, aspect),) if rng.random() < 0.2 else ()
    return Arrangement(tuple(placements), occluders)


def _fan(
    n: int,
    aspect: float,
    rng: np.random.Generator,
    steps: tuple[float, float] = FAN_STEPS,
    right_strips_readable: bool = True,
) -> Arrangement:
    step = float(rng.uniform(*steps))
    # Held near the bottom-left corners: each card's centre sits up and right of the pivot,
    # so every covered card still shows its left strip with the top-left index.
    offset = np.array(
        [float(rng.uniform(0.1, 0.45)), -aspect / 2 + float(rng.uniform(0.05, 0.3)) * aspect]
    )
    placements = []
    for i in range(n):
        angle = (i - (n - 1) / 2) * step + float(rng.normal(0, 0.6))
        centre = rotate(offset[None, :], angle)[0]
        placements.append(Placement((float(centre[0]), float(centre[1])), angle))
    hand = _hand(rng, aspect, placements[-1], offset)
    if rng.random() < 0.15 and right_strips_readable:
        # Fanned the other way (held in the right hand): right strips show instead.
        return _mirrored(Arrangement(tuple(placements), hand))
    return Arrangement(tuple(placements), hand)


# A fan of many cards spans no more than this (a hand of 13 is fanned tighter than one of 8,
# or it would open past a half circle), unless the deck's narrowest step needs more.
TABLE_FAN_SPAN = 150.0


def _table(
    n: int,
    aspect: float,
    rng: np.random.Generator,
    steps: tuple[float, float] = FAN_STEPS,
    right_strips_readable: bool = True,
) -> Arrangement:
    """2-4 hands, all fans, rows or cards laid apart, lying on the table in a grid, each turned
    its own way (towards its player, or roughly upright for the photo); no hand holds them."""
    n_hands = int(rng.integers(2, 5)) if n >= 4 else 1
    sizes = [len(part) for part in np.array_split(np.arange(n), n_hands)]
    kind = float(rng.random())
    towards_players = rng.random() < 0.4
    hands: list[tuple[Arrangement, float]] = []  # each hand as laid out, and its turn
    for i, size in enumerate(sizes):
        if kind < 0.5:
            widest = max(steps[0], TABLE_FAN_SPAN / max(size - 1, 1))
            step = min(float(rng.uniform(*steps)), widest)
            hand = _fan(size, aspect, rng, (step, step), right_strips_readable)
        elif kind < 0.8:
            hand = _overlap(size, aspect, rng, right_strips_readable)
        else:
            hand = _spread(size, aspect, rng)
        turn = (i * 360.0 / n_hands if towards_players else 0.0) + float(rng.normal(0, 8))
        hands.append((hand, turn))
    return _on_table(hands, aspect, rng)


def _turned(hand: Arrangement, turn: float, aspect: float) -> tuple[np.ndarray, np.ndarray]:
    """A hand's cards as rows of (x, y, angle) turned by ``turn`` degrees and centred on their
    extent, and that extent (width, height)."""
    centres = rotate(np.array([p.centre for p in hand.cards]), turn)
    cards = np.column_stack([centres, [p.angle + turn for p in hand.cards]])
    corners = np.concatenate([card_corners(Placement((x, y), a), aspect) for x, y, a in cards])
    cards[:, :2] -= (corners.min(0) + corners.max(0)) / 2
    return cards, corners.max(0) - corners.min(0)


# Grid cells of hands on a table, x the largest hand's extent: a little apart ...
APART = (1.03, 1.25)
# ... or close enough that neighbouring hands overlap a little.
CLOSE = (0.75, 1.0)


def _on_table(
    hands: list[tuple[Arrangement, float]],
    aspect: float,
    rng: np.random.Generator,
    spacing: tuple[float, float] = APART,
) -> Arrangement:
    """Hands, each turned by its own angle, laid in a grid ``spacing`` x the largest hand's
    extent apart; no hand holds them. Draws only after every hand is made, so a layout's hands
    keep their random draws."""
    turned = [_turned(hand, turn, aspect) for hand, turn in hands]
    cols = int(np.ceil(np.sqrt(len(turned))))
    cell = np.max([extent for _, extent in turned], axis=0) * rng.uniform(*spacing, 2)
    placements = []
    for i, (cards, _) in enumerate(turned):
        row, col = divmod(i, cols)
        at = (np.array([col, row]) + rng.uniform(-0.04, 0.04, 2)) * cell
        placements += [
            Placement((float(x + at[0]), float(y + at[1])), float(a)) for x, y, a in cards
        ]
    return Arrangement(tuple(placements), ())


# Dealt hands are squared up tighter than held ones: a fan turns each card by as little as
# shows the corner index's width (a Bicycle index is about 0.12 card widths, 1.4 widths from
# the pivot: ~5 degrees), a row shows a strip about an index wide ...
DEAL_FAN_SHARE = (0.5, 1.0)  # x the deck's fan steps (what a held fan needs)
DEAL_ROW_STEPS = (0.14, 0.3)
# ... and a cascade shows each card's top strip: the index's height and a little more.
DEAL_CASCADE_STEPS = (0.17, 0.32)  # x the card's height
DEAL_HAND = 13  # cards per hand at most: a 52-card deck dealt to four
# Crowded dealt hands (``arrange(crowded_reach=...)``): each strip this many times the index's
# reach into the card, so the next card's index starts a margin (~0.04 widths) to a third of an
# index past this one's ink, as on real dealt decks; a fan turns each card by that strip at the
# index's distance from the pivot (``FAN_INDEX_RADIUS``).
CROWDED_STRIP = (1.0, 1.35)
FAN_INDEX_RADIUS = 1.1  # card widths from a fan's pivot to a card's top-left index


def crowded_steps(reach: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """(row steps in card widths, fan steps in degrees) of hands squared up to an index that
    reaches ``reach`` card widths into its card.

    >>> rows, fans = crowded_steps(0.17)
    >>> [round(v, 3) for v in rows], [round(v, 1) for v in fans]
    ([0.17, 0.23], [8.9, 12.0])
    """
    rows = (reach * CROWDED_STRIP[0], reach * CROWDED_STRIP[1])
    fans = (float(np.degrees(rows[0] / FAN_INDEX_RADIUS)),
            float(np.degrees(rows[1] / FAN_INDEX_RADIUS)))
    return rows, fans


def _cascade(n: int, aspect: float, rng: np.random.Generator) -> Arrangement:
    """Cards pushed down their long side one after the other, each covering all but the top
    strip of the one before (the way a pile of dealt cards is spread to be counted)."""
    step = float(rng.uniform(*DEAL_CASCADE_STEPS)) * aspect
    drift = float(rng.normal(0, 0.04))  # sideways per card: few piles are spread straight
    placements = [
        Placement(
            (i * drift + float(rng.normal(0, 0.015)), i * step + float(rng.normal(0, 0.01))),
            float(rng.normal(0, 1.5)),
        )
        for i in range(n)
    ]
    return Arrangement(tuple(placements), ())


def _deal(
    n: int,
    aspect: float,
    rng: np.random.Generator,
    steps: tuple[float, float] = FAN_STEPS,
    right_strips_readable: bool = True,
    crowded_reach: float | None = None,
) -> Arrangement:
    """Hands of up to ``DEAL_HAND`` in a grid, each its own kind (tight fan, cascade or tight
    row) and each turned its own way; no hand holds them."""
    fan_share, row_steps = DEAL_FAN_SHARE, DEAL_ROW_STEPS
    if crowded_reach is not None:
        row_steps, (low, high) = crowded_steps(crowded_reach)
        fan_share = (low / steps[0], high / steps[0])

    def hand(size: int) -> Arrangement:
        kind = float(rng.random())
        if kind < 0.4:
            share = float(rng.uniform(*fan_share))
            step = min(steps[0] * share, TABLE_FAN_SPAN / max(size - 1, 1))
            return _fan(size, aspect, rng, (step, step), right_strips_readable)
        if kind < 0.7:
            return _cascade(size, aspect, rng)
        return _overlap(size, aspect, rng, right_strips_readable, row_steps)

    return _on_table(_dealt_hands(n, rng, hand, 15.0), aspect, rng)


def _dealt_hands(
    n: int, rng: np.random.Generator, hand: Callable[[int], Arrangement], turn_sd: float
) -> list[tuple[Arrangement, float]]:
    """A deck of ``n`` dealt into hands of up to ``DEAL_HAND``, each made by ``hand(size)`` and
    turned towards its player (half the time) or roughly upright, give or take ``turn_sd``
    degrees."""
    n_hands = -(-n // DEAL_HAND)
    sizes = [len(part) for part in np.array_split(np.arange(n), n_hands)]
    towards_players = rng.random() < 0.5
    hands: list[tuple[Arrangement, float]] = []
    for i, size in enumerate(sizes):
        made = hand(size)
        turn = (i * 360.0 / n_hands if towards_players else 0.0) + float(rng.normal(0, turn_sd))
        hands.append((made, turn))
    return hands


# A row of a loose hand shows more of each card than a squared-up one: index and some pips.
LOOSE_ROW_STEPS = (0.15, 0.32)


def _loose(
    n: int,
    aspect: float,
    rng: np.random.Generator,
    steps: tuple[float, float] = FAN_STEPS,
    right_strips_readable: bool = True,
    crowded_reach: float | None = None,
) -> Arrangement:
    """Hands of up to ``DEAL_HAND``, each a fan as open as a held one or a row, each turned its
    own way, lying close enough to overlap a little; no hand holds them."""
    fan_steps, row_steps = steps, LOOSE_ROW_STEPS
    if crowded_reach is not None:
        row_steps, fan_steps = crowded_steps(crowded_reach)

    def hand(size: int) -> Arrangement:
        if rng.random() < 0.6:
            step = min(float(rng.uniform(*fan_steps)), TABLE_FAN_SPAN / max(size - 1, 1))
            return _fan(size, aspect, rng, (step, step), right_strips_readable)
        return _overlap(size, aspect, rng, right_strips_readable, row_steps)

    return _on_table(_dealt_hands(n, rng, hand, 20.0), aspect, rng, CLOSE)


def _mirrored(arrangement: Arrangement) -> Arrangement:
    """Mirror positions and turns left-right; the card faces themselves stay unmirrored."""
    cards = tuple(Placement((-p.centre[0], p.centre[1]), -p.angle) for p in arrangement.cards)
    occluders = tuple(
        Occluder(o.polygon * np.array([-1.0, 1.0]), o.tone) for o in arrangement.occluders
    )
    return Arrangement(cards, occluders)


def _blob(
    centre: np.ndarray, axes: tuple[float, float], angle: float, power: float = 2.0, n: int = 32
) -> np.ndarray:
    """A superellipse (power 2 = ellipse, higher = boxier, a finger's capsule-like outline)."""
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    c, s = np.cos(t), np.sin(t)
    x = axes[0] * np.sign(c) * np.abs(c) ** (2 / power)
    y = axes[1] * np.sign(s) * np.abs(s) ** (2 / power)
    outline: np.ndarray = rotate(np.stack([x, y], 1), angle) + centre
    return outline


def _finger(
    base: np.ndarray, heading: float, length: float, width: float, nail: bool
) -> list[Occluder]:
    """A finger from ``base`` along ``heading`` (degrees), with its nail at the tip if seen."""
    direction = rotate(np.array([[1.0, 0.0]]), heading)[0]
    parts = [Occluder(_blob(base + direction * length / 2, (length / 2, width / 2), heading, 3.0))]
    if nail:
        tip = base + direction * (length / 2 + length / 2 - width * 0.42)
        parts.append(Occluder(_blob(tip, (width * 0.3, width * 0.3), heading, 2.6, 20), 1.2))
    return parts


def _hand(
    rng: np.random.Generator, aspect: float, front: Placement, offset: np.ndarray
) -> tuple[Occluder, ...]:
    """Palm below the pivot, thumb along the front card, maybe fingertips round its edge."""
    pivot = np.zeros(2)
    palm = _blob(
        pivot + np.array([float(rng.uniform(-0.15, 0.3)), aspect * float(rng.uniform(0.3, 0.5))]),
        (float(rng.uniform(0.5, 0.8)), aspect * float(rng.uniform(0.28, 0.42))),
        front.angle / 2 + float(rng.uniform(-20, 20)),
        power=2.6,
    )
    parts = [Occluder(palm, float(rng.uniform(0.85, 1.0)))]
    # The thumb rests on the front card, pointing up and somewhat right from the pivot.
    heading = front.angle - 90.0 + float(rng.uniform(15, 65))
    base = pivot + rotate(np.array([[-0.05, 0.12 * aspect]]), front.angle)[0]
    parts += _finger(
        base, heading, float(rng.uniform(0.5, 0.8)), float(rng.uniform(0.17, 0.24)), nail=True
    )
    for _ in range(int(rng.integers(0, 4))):
        # Fingers behind the cards curl their tips round the front card's right edge.
        along = float(rng.uniform(0.0, 0.45)) * aspect
        edge = rotate((offset + np.array([0.58, along]))[None, :], front.angle)[0]
        parts += _finger(
            edge,
            front.angle + 180.0 + float(rng.normal(0, 10)),
            float(rng.uniform(0.15, 0.25)),
            float(rng.uniform(0.11, 0.15)),
            nail=bool(rng.random() < 0.5),
        )
    return tuple(parts)


def _fingertip(rng: np.random.Generator, placements: list[Placement], aspect: float) -> Occluder:
    """A finger pressing on one card (to keep it flat), entering from below."""
    target = placements[int(rng.integers(len(placements)))]
    tip = np.array(target.centre) + np.array(
        [float(rng.uniform(-0.4, 0.4)), float(rng.uniform(-0.2, 0.4)) * aspect]
    )
    length = float(rng.uniform(0.6, 1.2)) * aspect
    angle = float(rng.uniform(-30, 30))
    direction = rotate(np.array([[0.0, 1.0]]), angle)[0]
    outline = _blob(tip + direction * length / 2, (0.17, length / 2), angle, 3.0)
    return Occluder(outline)
