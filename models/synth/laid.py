"""Groups laid on the table (the phases players have put down), for tests and benchmarks only.

Each group is a row of overlapping cards read left to right (a run lies in ascending order), a
little turned as players leave them; the groups lie side by side with clear table between them,
two to a row, in one or two rows. The cards are drawn as whole groups rather than dealt at
random, so that each group's kind is known; never more copies than the deck holds. Training
never sees these scenes (no seed range of theirs).

Three kinds of table (``LAID_DECKS``): the Phase 10 deck's sets, runs and colour groups as
mattel lays them; standard playing cards as zehn-phasen lays them (RULES.md: two 52-card decks
and 4 jokers mapped one to one onto the Phase 10 deck: A-Q are 1-12, a suit is a colour, the 8
Kings are wild, the jokers are skips and lie in no group); and standard playing cards as classic
lays them ("classic": A-K are 1-13, Ace low, runs mix suits, the jokers are wild; its phases
lay sets, runs, groups of one suit and groups of one colour, red or black). Classic shuffles two
decks per two players: its tables here are a 2-4 player game's, two 52-card decks and 4 jokers.

>>> laid = make_laid_scene(3, size=(480, 360))
>>> laid.scene.layout, 2 <= len(laid.groups) <= 4
('laid', True)
>>> sum(len(group.cards) for group in laid.groups) == len(laid.scene.hand)
True
>>> make_laid_scene(3, size=(480, 360), deck="standard").scene.deck
'standard'
>>> make_laid_scene(3, size=(480, 360), deck="classic").scene.deck  # standard cards
'standard'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .deck import COLOURS, RANKS, WILD
from .edition import PLAIN, Edition
from .layouts import Arrangement, Placement, card_corners, rotate
from .scene import DECK_KITS, Framing, Scene, check_deck_and_family, index_reach, photographed
from .standard import JOKER, SUITS
from .standard import RANKS as STANDARD_RANKS
from .standard.deck import RED_SUITS

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
# Classic's ten phases lay 4 sets, 5 runs, 2 suit groups and 5 colour (red/black) groups.
CLASSIC_KINDS = ("set", "run", "suit", "colour")
CLASSIC_SHARES = (0.25, 0.3, 0.15, 0.3)
WILD_SHARE = 0.3  # of groups holding one wild


@dataclass(frozen=True)
class LaidDeck:
    """What one deck's groups are made of, as the ruleset that lays them sees its cards: the
    naturals' colours (suits: what a suit group, and a colour group where a colour is a suit,
    shares) and numbers (what a set shares, a run counts up), the token of each pair, the
    wilds, and the kinds of group laid (the words the ruleset writes them with) with each
    one's share of the groups."""

    kit: str  # a key of DECK_KITS: the deck drawn, and the copies it holds
    colours: tuple[str, ...]
    numbers: tuple[int, ...]
    names: tuple[str, ...]  # how each of ``numbers`` is printed in a token
    colour_first: bool  # "R7" (colour, then number) or "7H" (number, then suit)
    wilds: tuple[str, ...]
    # Whether each covered card's strip is at least as wide as the edition's widest index
    # reaches into its card (``GROUP_STEPS`` otherwise): a jumbo index reaches a third to over
    # half a card in, and players leave the numbers in view. Phase 10's indices reach a quarter
    # to a third, and its scenes keep the steps of their published figures (under 1 % of its
    # cards show no index).
    strip_fits_index: bool = False
    kinds: tuple[str, ...] = KINDS
    shares: tuple[float, ...] = KIND_SHARES
    # Where a colour is red or black (classic): the suits of each, and a colour group mixes
    # them (one suit is a suit group). Empty where a colour is a suit.
    redblack: tuple[tuple[str, ...], ...] = ()
    shortest_run: int = 4  # runs lie 4-6 cards long (classic: 3-6, its phase 1 lays 3)

    def token(self, colour: str, number: int) -> str:
        name = self.names[self.numbers.index(number)]
        return f"{colour}{name}" if self.colour_first else f"{name}{colour}"

    def natural(self, token: str) -> tuple[str, int] | None:
        """A natural card's colour and number (None for a wild, a skip or a joker).

        >>> LAID_DECKS["standard"].natural("10H"), LAID_DECKS["standard"].natural("KH")
        (('H', 10), None)
        """
        return self._naturals.get(token)

    @cached_property
    def _naturals(self) -> dict[str, tuple[str, int]]:
        return {self.token(c, n): (c, n) for c in self.colours for n in self.numbers}


LAID_DECKS = {
    "phase10": LaidDeck("phase10", COLOURS, RANKS, tuple(map(str, RANKS)), True, (WILD,)),
    # zehn-phasen: A..Q count 1..12, each suit is a colour, any King is wild.
    "standard": LaidDeck("standard", SUITS, RANKS, STANDARD_RANKS[:12], False,
                         tuple(f"K{suit}" for suit in SUITS), strip_fits_index=True),
    # classic: A..K count 1..13, the jokers are wild, a colour is red or black.
    "classic": LaidDeck("standard", SUITS, tuple(range(1, 14)), STANDARD_RANKS, False, (JOKER,),
                        strip_fits_index=True, kinds=CLASSIC_KINDS, shares=CLASSIC_SHARES,
                        redblack=(RED_SUITS, tuple(s for s in SUITS if s not in RED_SUITS)),
                        shortest_run=3),
}


@dataclass(frozen=True)
class LaidGroup:
    kind: str  # "set", "run", "colour" or (classic) "suit", as the ruleset writes it
    cards: tuple[str, ...]  # left to right as laid


@dataclass(frozen=True)
class LaidScene:
    scene: Scene
    groups: tuple[LaidGroup, ...]  # in the order of ``scene.hand``


def draw_groups(rng: np.random.Generator, n_groups: int,
                deck: str = "phase10") -> tuple[LaidGroup, ...]:
    """``n_groups`` groups from one game's cards of ``deck`` (a key of ``LAID_DECKS``), each of
    one kind only (two naturals at least), whatever its wild stands for: a set's or a run's
    naturals mix colours (suits; classic: red and black), a suit or colour group's numbers
    differ and are no run as laid, and a classic colour group mixes suits.

    >>> groups = draw_groups(np.random.default_rng(1), 4, "standard")
    >>> all(card != "X" for group in groups for card in group.cards)
    True
    >>> [" ".join((g.kind, *g.cards)) for g in draw_groups(np.random.default_rng(0), 4, "classic")]
    ['suit 3D QD 4D X AD', 'set X 10S 10H', 'suit QH KH 5H 8H', 'set 9D 9S 9H 9H']
    """
    made = LAID_DECKS[deck]
    left = Counter(DECK_KITS[made.kit].counts)
    groups = []
    for _ in range(n_groups):
        kind = str(rng.choice(made.kinds, p=made.shares))
        while (cards := _group(rng, kind, left, made)) is None:
            pass
        left -= Counter(cards)
        groups.append(LaidGroup(kind, cards))
    return tuple(groups)


def _set(rng: np.random.Generator, deck: LaidDeck, left: Counter[str]) -> list[str]:
    number = int(rng.choice(deck.numbers))
    size = int(rng.integers(3, 6))
    tokens = [deck.token(c, number) for c in deck.colours]
    pool = [token for token in tokens for _ in range(left[token])]
    return [str(card) for card in rng.permutation(pool)[:size]] if len(pool) >= size else []


def _run(rng: np.random.Generator, deck: LaidDeck, left: Counter[str]) -> list[str]:
    size = int(rng.integers(deck.shortest_run, 7))
    start = int(rng.integers(1, max(deck.numbers) - size + 2))
    return [deck.token(str(rng.choice(deck.colours)), start + i) for i in range(size)]


def _suit(rng: np.random.Generator, deck: LaidDeck, left: Counter[str]) -> list[str]:
    size = int(rng.integers(4, 7))
    colour = str(rng.choice(deck.colours))
    return [deck.token(colour, int(n)) for n in rng.permutation(deck.numbers)[:size]]


def _colour(rng: np.random.Generator, deck: LaidDeck, left: Counter[str]) -> list[str]:
    if not deck.redblack:  # a colour is a suit
        return _suit(rng, deck, left)
    # Classic's colour groups lie 3, 4, 5 and 8 cards long (phases 7, 9, 10).
    size = int(rng.integers(3, 7))
    suits = deck.redblack[int(rng.integers(len(deck.redblack)))]
    return [deck.token(str(rng.choice(suits)), int(n))
            for n in rng.permutation(deck.numbers)[:size]]


# How each kind's cards are drawn (before a wild and the checks), a function per kind.
DRAWS = {"set": _set, "run": _run, "colour": _colour, "suit": _suit}


def _group(rng: np.random.Generator, kind: str, left: Counter[str],
           deck: LaidDeck = LAID_DECKS["phase10"]) -> tuple[str, ...] | None:
    """One group of ``kind`` from the cards ``left``, or None when this draw cannot make one."""
    cards = DRAWS[kind](rng, deck, left)
    if not cards:
        return None
    wilds = [wild for wild in deck.wilds if left[wild] > 0]
    if rng.random() < WILD_SHARE and wilds:
        wild = str(rng.choice(wilds)) if len(deck.wilds) > 1 else wilds[0]
        cards[int(rng.integers(len(cards)))] = wild
    naturals = [n for card in cards if (n := deck.natural(card)) is not None]
    if len(naturals) < 2:
        return None
    # Of its kind only: a set or run of one colour would be a colour group too, a colour group
    # in run order a run (classic: a set or run of one suit or of reds only, too).
    if _kinds_fitted(cards, deck) != {kind}:
        return None
    if any(count > left[card] for card, count in Counter(cards).items()):
        return None
    return tuple(cards)


def _kinds_fitted(cards: Sequence[str], deck: LaidDeck) -> set[str]:
    """The kinds ``deck`` lays that ``cards`` (two naturals at least) fit as laid. A classic
    colour group of one suit is a suit group only, as classic reads it.

    >>> sorted(_kinds_fitted(["R5", "W", "R7"], LAID_DECKS["phase10"]))
    ['colour', 'run']
    >>> [sorted(_kinds_fitted(c, LAID_DECKS["classic"])) for c in (["2H", "9D"], ["2H", "9H"])]
    [['colour'], ['suit']]
    """
    naturals = [n for card in cards if (n := deck.natural(card)) is not None]
    suits = {suit for suit, _ in naturals}
    colours = {i for i, of in enumerate(deck.redblack) for suit in suits if suit in of}
    fits = {"set": len({number for _, number in naturals}) == 1,
            "run": _in_run_order(cards, deck),
            "suit": len(suits) == 1,
            "colour": len(colours) == 1 and len(suits) > 1 if deck.redblack else len(suits) == 1}
    return {kind for kind in deck.kinds if fits[kind]}


def _in_run_order(cards: Sequence[str], deck: LaidDeck = LAID_DECKS["phase10"]) -> bool:
    """Whether the naturals stand at their own places of some run, wilds filling the rest.

    >>> _in_run_order(["R5", "W", "R7"]), _in_run_order(["R5", "R9", "R7"])
    (True, False)
    >>> _in_run_order(["5H", "KS", "7H"], LAID_DECKS["standard"])
    True
    """
    starts = {n[1] - i for i, card in enumerate(cards) if (n := deck.natural(card)) is not None}
    return len(starts) == 1


def laid_arrangement(sizes: Sequence[int], aspect: float, rng: np.random.Generator,
                     steps: tuple[float, float] = GROUP_STEPS) -> Arrangement:
    """Groups of ``sizes`` cards as rows of overlapping cards (a slight fan, now and then),
    each turned a little, two groups to a row of the table (one, now and then), with clear
    table between them; each covered card shows a strip ``steps`` card widths wide."""
    groups = []
    for size in sizes:
        step = float(rng.uniform(*steps))
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
                    distractors: bool = True, deck: str = "phase10",
                    edition: Edition = PLAIN) -> LaidScene:
    """A photo of ``groups`` (drawn from the seed when None: 2-4 groups) laid on a table; the
    same arguments always give the same photo. ``deck`` is a key of ``LAID_DECKS``: "phase10",
    "standard" (the groups zehn-phasen lays) or "classic" (the groups classic lays, of standard
    cards); standard cards come in any of their families, and ``edition`` redraws parts of
    their printed edition as ``make_scene``'s does. The scene's ``deck`` is the cards'."""
    if deck not in LAID_DECKS:
        raise ValueError(f"unknown deck {deck!r}; choose one of {', '.join(LAID_DECKS)}")
    made = LAID_DECKS[deck]
    check_deck_and_family(made.kit, family)
    rng = np.random.default_rng(seed)
    kit = DECK_KITS[made.kit]
    family = family or str(rng.choice(kit.families))
    laid = (tuple(groups) if groups is not None
            else draw_groups(rng, int(rng.integers(2, 5)), deck))
    hand = tuple(card for group in laid for card in group.cards)
    style = kit.edition(rng, family, seed, edition)
    steps = GROUP_STEPS
    if made.strip_fits_index:
        # The same range of strips, moved up to start at the widest index.
        low = max(GROUP_STEPS[0], index_reach(kit, style, hand))
        steps = (low, low + GROUP_STEPS[1] - GROUP_STEPS[0])
    arrangement = laid_arrangement([len(group.cards) for group in laid], style.aspect, rng,
                                   steps)
    scene = photographed(seed, rng, hand, (style, kit.render_face), arrangement, size,
                         LAID_FRAMING, (LAID, family, made.kit), distractors)
    return LaidScene(scene, laid)
