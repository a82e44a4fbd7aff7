"""Exact drawing odds: ``outs``, ``p1``, ``p2`` per discard (INTERFACES.md) and draw advice.

p2 for discarding ``d``: draw ``c1`` uniformly from the unseen pool; if the hand then lays the
phase, success; otherwise discard the best ``d2`` and draw ``c2`` from the pool without
``c1``. Everything is counted in integers over projected classes (R7 and B7 are one class to a
phase of sets), so the figures are exact fractions; the one expensive question, "which classes
complete this 10-card hand", is memoised.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from solver.cards import Card
from solver.engine import Completers, PhaseModel, natural_deficit, shortfall
from solver.phases import Phase
from solver.rules import Role, Ruleset

# Combos further than this from the hand cannot be completed by two swaps plus one card.
_SLACK = 2


def phase_model(rules: Ruleset, phase: Phase, hand_size: int | None = None) -> PhaseModel:
    """The compiled phase for hands of at most ``hand_size`` cards (None: any), cached:
    compiling enumerates every combo once. Only runs longer than asked (two naturals a group)
    make combos of other sizes, so every other ruleset shares one model for all hands."""
    return _compiled(rules, phase, hand_size if rules.naturals >= 2 else None)


@lru_cache(maxsize=256)
def _compiled(rules: Ruleset, phase: Phase, hand_size: int | None) -> PhaseModel:
    return PhaseModel(rules, phase, hand_size)


def cards_missing(rules: Ruleset, phase: Phase, hand: Sequence[Card], size: int) -> int | None:
    """Cards still missing: per combo the larger of the slots short (after the wilds) and the
    natural cards short (Hall's condition); the smallest over all combos. None if the phase
    can never fit in a hand of ``size`` cards (``hand``'s own, or one more before the draw)."""
    model = phase_model(rules, phase, size)
    if not model.fits_in(size):
        return None
    counts = model.counts(hand)
    wilds = counts[model.proj.wild]
    best: int | None = None
    for combo in model.within(size):
        short = max(0, shortfall(counts, combo) - wilds)
        value = max(short, natural_deficit(counts, combo, rules.naturals))
        best = value if best is None else min(best, value)
    return best


@dataclass(frozen=True)
class DiscardOdds:
    """What discarding ``card`` leaves: exact outs and probabilities."""

    card: Card
    outs: int
    p1: Fraction
    p2: Fraction
    points_shed: int


class _Odds:
    def __init__(
        self, rules: Ruleset, phase: Phase, base: Sequence[Card], pool: Counter[Card],
        hand_size: int,
    ) -> None:
        self.model = phase_model(rules, phase, hand_size)
        self.base = tuple(self.model.counts(base))
        self.pool = tuple(self.model.counts(pool.elements()))
        self.unseen = sum(self.pool)
        self.completers = Completers(self.model, self.model.near(self.base, _SLACK), hand_size)
        self.pool_sum: dict[frozenset[int], int] = {}

    def outs(self, counts: tuple[int, ...]) -> tuple[frozenset[int], int]:
        found = self.completers(counts)
        total = self.pool_sum.get(found)
        if total is None:
            total = sum(self.pool[k] for k in found)
            self.pool_sum[found] = total
        return found, total

    def two_draws(self, counts: list[int]) -> tuple[int, int]:
        """(outs, numerator of p2 over unseen * (unseen - 1)) for a hand before its draw."""
        n = self.unseen
        held = tuple(counts)
        found, outs = self.outs(held)
        total = outs * (n - 1)
        for c1, copies in enumerate(self.pool):
            if copies == 0 or c1 in found:
                continue
            counts[c1] += 1
            best = 0
            for d2, have in enumerate(counts):
                if have == 0:
                    continue
                counts[d2] -= 1
                got, second = self.outs(tuple(counts))
                counts[d2] += 1
                if c1 in got:
                    second -= 1
                if second > best:
                    best = second
            counts[c1] -= 1
            total += copies * best
        return outs, total

    def p2(self, numerator: int) -> Fraction:
        n = self.unseen
        if n <= 1:  # no second draw (``_single``): the numerator is the outs, 0 or 1
            return Fraction(numerator)
        return Fraction(numerator, n * (n - 1))


def discard_odds(
    rules: Ruleset, phase: Phase, hand: Sequence[Card], pool: Counter[Card]
) -> tuple[DiscardOdds, ...]:
    """Odds for every distinct card of ``hand`` (in card order) as the discard.

    >>> from solver.cards import parse_hand
    >>> from solver.rules import ruleset
    >>> mattel = ruleset("mattel")
    >>> hand = parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S")
    >>> pool = mattel.deck_counts() - Counter(hand)
    >>> skip = [o for o in discard_odds(mattel, mattel.phase(1), hand, pool) if str(o.card) == "S"]
    >>> skip[0].outs, skip[0].p1   # any 7 (6 left) or any Wild (8): 14 of 97 unseen
    (14, Fraction(14, 97))
    """
    odds = _Odds(rules, phase, hand, pool, len(hand))
    model = odds.model
    by_class: dict[int, tuple[int, int]] = {}
    out: list[DiscardOdds] = []
    n = odds.unseen
    for card in sorted(set(hand)):
        cls = model.proj.classify(rules, card)
        if cls not in by_class:
            counts = list(odds.base)
            counts[cls] -= 1
            by_class[cls] = odds.two_draws(counts) if n > 1 else _single(odds, counts)
        outs, numerator = by_class[cls]
        p1 = Fraction(outs, n) if n else Fraction(0)
        out.append(DiscardOdds(card, outs, p1, odds.p2(numerator), rules.card_points(card)))
    return tuple(out)


def before_draw_odds(
    rules: Ruleset, phase: Phase, hand: Sequence[Card], pool: Counter[Card]
) -> tuple[int, Fraction]:
    """For a hand before its draw: the unseen cards that complete it, and the exact chance of
    laying the phase by the draw after next (this draw, else the best discard and one more):
    what discarding leaves an 11-card hand is a 10-card hand's question too.

    >>> from solver.cards import parse_hand
    >>> from solver.rules import ruleset
    >>> mattel = ruleset("mattel")
    >>> hand = parse_hand("R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12")
    >>> pool = mattel.deck_counts() - Counter(hand)
    >>> outs, p2 = before_draw_odds(mattel, mattel.phase(1), hand, pool)
    >>> outs, p2 > Fraction(outs, 98)   # any 7 (6 left) or a Wild (8) of 98
    (14, True)
    """
    odds = _Odds(rules, phase, hand, pool, len(hand) + 1)
    outs, numerator = (odds.two_draws(list(odds.base)) if odds.unseen > 1
                       else _single(odds, list(odds.base)))
    return outs, odds.p2(numerator)


def _single(odds: _Odds, counts: list[int]) -> tuple[int, int]:
    _, outs = odds.outs(tuple(counts))
    return outs, outs


def recommend(options: Sequence[DiscardOdds]) -> DiscardOdds:
    """Highest p2; ties: more outs, then more points shed, then the higher card."""
    return max(options, key=lambda o: (o.p2, o.outs, o.points_shed, o.card.sort_key))


def advised(rules: Ruleset, options: Sequence[DiscardOdds],
            table_takes: Collection[Card] = ()) -> DiscardOdds:
    """The discard a player is told: ``recommend``'s (INTERFACES.md's tie-break, which the
    batch keeps), unless that is a gift to the others, a wild or a natural a group on the table
    takes (a player who is down could pick it up and lay it off), and another card that is
    neither leaves the same chances: then the best of those.

    >>> from solver.cards import parse_card
    >>> from solver.rules import ruleset
    >>> def nil(token: str, points: int) -> DiscardOdds:
    ...     return DiscardOdds(parse_card(token), 0, Fraction(0), Fraction(0), points)
    >>> options = [nil("W", 25), nil("S", 15), nil("B2", 5)]
    >>> str(recommend(options).card), str(advised(ruleset(), options).card)
    ('W', 'S')
    """
    choice = recommend(options)

    def gift(card: Card) -> bool:
        return rules.role(card) is Role.WILD or card in table_takes

    if not gift(choice.card):
        return choice
    same = [o for o in options if not gift(o.card) and (o.p2, o.outs) == (choice.p2, choice.outs)]
    return recommend(same) if same else choice


class DrawReason(Enum):
    """Why the draw advice says what it says."""

    SKIP_NEVER_TAKEN = "skip-never-taken"
    TOP_COMPLETES = "top-completes"
    BETTER_ODDS = "better-odds"
    # Neither way can lay the phase by the next draw, and the top card is a card nearer for
    # certain: "draw blind, 0% against 0%" left a Wild on the pile (odds audit, session 65).
    TOP_BRINGS_NEARER = "top-brings-nearer"
    BLIND_AT_LEAST_AS_GOOD = "blind-at-least-as-good"
    # Once the player's phase is down only hits count: ``p_take`` and ``p_blind`` are then the
    # chances that the card taken, or drawn blind, goes onto the table at once.
    TOP_HITS = "top-hits"
    TOP_DOES_NOT_HIT = "top-does-not-hit"
    ANY_DRAW_HITS = "any-draw-hits"  # the top card fits, and so would any blind draw


@dataclass(frozen=True)
class DrawAdvice:
    """Take the discard-pile top or draw blind, by the exact chance of laying the phase by the
    next own draw (once the phase is down: of hitting with the card drawn). ``p_take`` is None
    when the top may not be taken (a Skip)."""

    take: bool
    top: Card
    reason: DrawReason
    p_take: Fraction | None
    p_blind: Fraction
    discard_after_take: Card | None
    unseen: int
    phase_in_hand: bool = False  # the hand lays its phase this turn, whatever is drawn
    # Following the advice empties the hand this turn: with the top card taken (``take``), or
    # whatever is drawn (``ANY_DRAW_HITS``). Worth saying: "you are out" ends the hand.
    goes_out: bool = False
    missing_after_take: int | None = None  # cards still missing (``TOP_BRINGS_NEARER``)


def draw_odds(
    rules: Ruleset, phase: Phase, hand: Sequence[Card], top: Card, pool: Counter[Card],
    table_takes: Collection[Card] = (),
) -> DrawAdvice:
    """Compare taking ``top`` (then the discard ``advised`` tells) with drawing blind; ``hand``
    has the cards before the draw, ``pool`` the unseen cards (``top`` is not among them),
    ``table_takes`` the cards a group on the table takes."""
    size = len(hand) + 1
    odds = _Odds(rules, phase, [*hand, top], pool, size)
    model = odds.model
    n = odds.unseen
    blind_counts = list(model.counts(hand))
    if n > 1:
        _, numerator = odds.two_draws(blind_counts)
        p_blind = odds.p2(numerator)
    else:
        p_blind = Fraction(odds.outs(tuple(blind_counts))[1], n) if n else Fraction(0)
    if rules.role(top) is Role.SKIP:
        return DrawAdvice(False, top, DrawReason.SKIP_NEVER_TAKEN, None, p_blind, None, n)
    taken = [*hand, top]
    if model.feasible(model.counts(taken)):
        return DrawAdvice(True, top, DrawReason.TOP_COMPLETES, Fraction(1), p_blind, None, n)
    # Then the discard the hand's own advice recommends: chosen by next-draw outs alone, "Take
    # the red 12 ... then discard the yellow 8" stood above "Discard the yellow 1" for the very
    # hand it leaves (advice audit, session 62).
    after = advised(rules, discard_odds(rules, phase, taken, pool), table_takes)
    if after.p1 == p_blind == 0:
        kept = list(taken)
        kept.remove(after.card)
        now, then = (cards_missing(rules, phase, cards, size) for cards in (hand, kept))
        if now is not None and then is not None and then < now:
            return DrawAdvice(True, top, DrawReason.TOP_BRINGS_NEARER, after.p1, p_blind,
                              after.card, n, missing_after_take=then)
    take = after.p1 > p_blind
    reason = DrawReason.BETTER_ODDS if take else DrawReason.BLIND_AT_LEAST_AS_GOOD
    return DrawAdvice(take, top, reason, after.p1, p_blind, after.card, n)
