"""Groups laid on the table (the phases players have put down), for tests and benchmarks only.

Each group is a row of overlapping cards read left to right (a run lies in ascending order), a
little turned as players leave them; the groups lie side by side with clear table between them,
two to a row, in one or two rows. The cards are drawn as whole groups (sets, runs, colour groups
of the Phase 10 deck) rather than dealt at random, so that each group's kind is known; never
more copies than the deck holds. Training never sees these scenes (no seed range of theirs).

>>> laid = make_laid_scene(3, size=(480, 360))
>>> laid.scene.layout, 2 <= len(laid.groups) <= 4
('laid', True)
>>> sum(len(group.cards) for group in laid.groups) == len(laid.scene.hand)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .deck import COLOURS, DECK_COUNTS, RANKS, WILD
from .faces import FAMILIES
from .layouts import Arrangement, Placement, card_corners, rotate
from .scene import DECK_KITS, Framing, Scene, photographed

LAID = "laid"
# Laid groups fill much of the photo; cards as large as a player photographs a table's middle.
LAID_FRAMING = Framing(cards=(6, 20), fill=(0.75, 0.95), card_width=(0.07, 0.2),
                       of_shorter_side=False)
# Strip of each covered card in a laid group, in card widths: laid cards are pushed together
# less tightly than a held hand, every index shows.
GROUP_STEPS = (0.22, 0.45)
# Clear table between two groups side by side (card widths) and between two rows (card
# heights): players keep groups apart so that anyone can tell where one ends.
GROUP_GAPS = (0.5, 1.2)
ROW_GAPS = (0.35, 0.8)
# A group now and then lies as a slight fan, about a point this many card heights below it.
FAN_SHARE = 0.25
FAN_RADIUS = 2.5
KINDS = ("set", "run", "colour")
KIND_SHARES = (0.45, 0.35, 0.2)
WILD_SHARE = 0.3  # of groups holding one wild


@dataclass(frozen=True)
class LaidGroup:
    kind: str  # "set", "run" or "colour"
    cards: tuple[str, ...]  # left to right as laid


@dataclass(frozen=True)
class LaidScene:
    scene: Scene
    groups: tuple[LaidGroup, ...]  # in the order of ``scene.hand``


def draw_groups(rng: np.random.Generator, n_groups: int) -> tuple[LaidGroup, ...]:
    """``n_groups`` groups from one Phase 10 deck, each of one kind only: a set's or a run's
    naturals mix colours and a colour group's numbers are no run as laid, so no group is also
    another kind (two naturals at least), whatever its wild stands for."""
    left = Counter(DECK_COUNTS)
    groups = []
    for _ in range(n_groups):
        kind = str(rng.choice(KINDS, p=KIND_SHARES))
        while (cards := _group(rng, kind, left)) is None:
            pass
        left -= Counter(cards)
        groups.append(LaidGroup(kind, cards))
    return tuple(groups)


def _group(rng: np.random.Generator, kind: str, left: Counter[str]) -> tuple[str, ...] | None:
    """One group of ``kind`` from the cards ``left``, or None when this draw cannot make one."""
    if kind == "set":
        number = int(rng.choice(RANKS))
        size = int(rng.integers(3, 6))
        pool = [f"{c}{number}" for c in COLOURS for _ in range(left[f"{c}{number}"])]
        cards = [str(card) for card in rng.permutation(pool)[:size]] if len(pool) >= size else []
    elif kind == "run":
        size = int(rng.integers(4, 7))
        start = int(rng.integers(1, max(RANKS) - size + 2))
        cards = [f"{rng.choice(COLOURS)}{start + i}" for i in range(size)]
    else:
        size = int(rng.integers(4, 7))
        colour = str(rng.choice(COLOURS))
        numbers = rng.permutation(RANKS)[:size]
        cards = [f"{colour}{n}" for n in numbers]
    if not cards:
        return None
    if rng.random() < WILD_SHARE and left[WILD] > 0:
        cards[int(rng.integers(len(cards)))] = WILD
    naturals = [card for card in cards if card != WILD]
    if len(naturals) < 2:
        return None
    # A set or run of one colour would be a colour group too, a colour group in run order a run.
    if kind == "colour" and _in_run_order(cards) or (
            kind != "colour" and len({c[0] for c in naturals}) < 2):
        return None
    if any(count > left[card] for card, count in Counter(cards).items()):
        return None
    return tuple(cards)


def _in_run_order(cards: Sequence[str]) -> bool:
    """Whether the naturals stand at their own places of some run, wilds filling the rest.

    >>> _in_run_order(["R5", "W", "R7"]), _in_run_order(["R5", "R9", "R7"])
    (True, False)
    """
    starts = {int(card[1:]) - i for i, card in enumerate(cards) if card != WILD}
    return len(starts) == 1


def laid_arrangement(sizes: Sequence[int], aspect: float,
                     rng: np.random.Generator) -> Arrangement:
    """Groups of ``sizes`` cards as rows of overlapping cards (a slight fan, now and then),
    each turned a little, two groups to a row of the table (one, now and then), with clear
    table between them."""
    groups = []
    for size in sizes:
        step = float(rng.uniform(*GROUP_STEPS))
        turn = float(rng.normal(0, 4))
        if rng.random() < FAN_SHARE:
            # Cards turned about a point FAN_RADIUS card heights below their middles, each its
            # strip further round the arc.
            radius = FAN_RADIUS * aspect
            fanned = [float(np.degrees((i - (size - 1) / 2) * step / radius)) for i in range(size)]
            cards = np.concatenate([rotate(np.array([[0.0, -radius]]), a) for a in fanned])
            angles = [turn + a for a in fanned]
        else:
            cards = np.array([(i * step, float(rng.normal(0, 0.02 * aspect)))
                              for i in range(size)])
            angles = [turn + float(rng.normal(0, 1.5)) for _ in range(size)]
        centres = rotate(cards, turn)
        corners = np.concatenate([card_corners(Placement((x, y), a), aspect)
                                  for (x, y), a in zip(centres, angles, strict=True)])
        groups.append((centres - corners.min(0), angles, corners.max(0) - corners.min(0)))
    per_row = 1 if rng.random() < 0.2 else 2
    placements: list[Placement] = []
    top = 0.0
    for first in range(0, len(groups), per_row):
        row = groups[first:first + per_row]
        left, bottom = float(rng.uniform(0, 0.5)), top
        for centres, angles, extent in row:
            at = np.array([left, top + float(rng.uniform(0, 0.15)) * aspect])
            placements += [Placement((float(x), float(y)), a)
                           for (x, y), a in zip(centres + at, angles, strict=True)]
            left += float(extent[0]) + float(rng.uniform(*GROUP_GAPS))
            bottom = max(bottom, float(at[1] + extent[1]))
        top = bottom + float(rng.uniform(*ROW_GAPS)) * aspect
    return Arrangement(tuple(placements), ())


def make_laid_scene(seed: int, groups: Sequence[LaidGroup] | None = None,
                    family: str | None = None, size: tuple[int, int] = (1024, 768),
                    distractors: bool = True) -> LaidScene:
    """A photo of ``groups`` (drawn from the seed when None: 2-4 groups) laid on a table; the
    same arguments always give the same photo."""
    rng = np.random.default_rng(seed)
    family = family or str(rng.choice(FAMILIES))
    laid = tuple(groups) if groups is not None else draw_groups(rng, int(rng.integers(2, 5)))
    hand = tuple(card for group in laid for card in group.cards)
    kit = DECK_KITS["phase10"]
    style = kit.edition(rng, family, seed)
    arrangement = laid_arrangement([len(group.cards) for group in laid], style.aspect, rng)
    scene = photographed(seed, rng, hand, (style, kit.render_face), arrangement, size,
                         LAID_FRAMING, (LAID, family, "phase10"), distractors)
    return LaidScene(scene, laid)
