"""Brute-force reference: tries every assignment of cards to groups (and to "unplaced").

Deliberately naive and independent of ``solver.engine``/``solver.play``: it knows only what a
legal group looks like, and enumerates every sub-multiset of the hand for every group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product

from solver.cards import Card
from solver.phases import Kind, Phase
from solver.rules import Attr, Role, Ruleset

Multiset = tuple[tuple[Card, int], ...]


def sub_multisets(cards: Counter[Card]) -> Iterator[Counter[Card]]:
    faces = sorted(cards)
    for counts in product(*(range(cards[f] + 1) for f in faces)):
        yield Counter({f: c for f, c in zip(faces, counts, strict=True) if c})


def _naturals(rules: Ruleset, group: Counter[Card]) -> list[Card]:
    return [c for c in group.elements() if rules.role(c) is Role.NATURAL]


def group_values(
    rules: Ruleset, kind: Kind, group: Counter[Card], minimum: int
) -> list[object]:
    """Every way ``group`` is a legal group of ``kind`` (the set number, the run's numbers
    as a tuple, the colour); empty when it is not legal."""
    cards = list(group.elements())
    if len(cards) < minimum or any(rules.role(c) is Role.SKIP for c in cards):
        return []
    naturals = _naturals(rules, group)
    if len(naturals) < rules.naturals:
        return []
    if kind is Kind.SET:
        numbers = {c.rank for c in naturals}
        if len(numbers) > 1:
            return []
        return list(numbers) if numbers else list(range(1, rules.max_number + 1))
    if kind is Kind.RUN:
        size, top = len(cards), rules.max_number
        if size > top:
            return []
        numbers = sorted(c.rank for c in naturals)
        if len(set(numbers)) != len(numbers):
            return []
        starts = range(1, top + 1) if rules.wrap and size < top else range(1, top - size + 2)
        found: list[object] = []
        for start in starts:
            positions = tuple((start - 1 + i) % top + 1 for i in range(size))
            if set(numbers) <= set(positions):
                found.append(positions)
        return found
    attr = rules.kind_attr(kind)
    assert attr is not None
    values = {rules.attr_value(c, attr) for c in naturals}
    if len(values) > 1:
        return []
    return list(values) if values else list(rules.attr_values(attr))


def can_lay(rules: Ruleset, phase: Phase, hand: Sequence[Card]) -> bool:
    """Is there any legal laydown of the phase from ``hand``?"""
    reserve = 1 if rules.going_out.value == "discard" else 0
    return _lay(rules, phase, 0, Counter(hand), [], reserve)


def _lay(
    rules: Ruleset, phase: Phase, i: int, left: Counter[Card], redblack: list[object],
    reserve: int,
) -> bool:
    if i == len(phase.requirements):
        return sum(left.values()) >= reserve
    req = phase.requirements[i]
    for group in sub_multisets(left):
        for value in group_values(rules, req.kind, group, req.size):
            if req.kind is Kind.REDBLACK and value in redblack:
                continue
            chosen = redblack + [value] if req.kind is Kind.REDBLACK else redblack
            if _lay(rules, phase, i + 1, left - group, chosen, reserve):
                return True
    return False


def table_accepts(
    rules: Ruleset, kind: Kind, fixed: tuple[object, ...], added: Counter[Card]
) -> bool:
    """Can ``added`` be hit onto a laid group? ``fixed`` describes the laid group: for a run
    its positions in order, for a set its number, for colours its value."""
    cards = list(added.elements())
    if any(rules.role(c) is Role.SKIP for c in cards):
        return False
    naturals = _naturals(rules, added)
    if kind is Kind.SET:
        return all(c.rank == fixed[0] for c in naturals)
    if kind is Kind.RUN:
        laid = list(fixed)
        top = rules.max_number
        size = len(laid) + len(cards)
        if size > top:
            return False
        numbers = [c.rank for c in naturals]
        if len(set(numbers)) != len(numbers) or set(numbers) & set(laid):  # type: ignore[arg-type]
            return False
        first = int(laid[0])  # type: ignore[call-overload]
        for left in range(len(cards) + 1):
            start = first - left
            if not rules.wrap and (start < 1 or start + size - 1 > top):
                continue
            positions = [(start - 1 + i) % top + 1 for i in range(size)]
            new = positions[:left] + positions[left + len(laid):]
            if set(numbers) <= set(new):
                return True
        return False
    attr = rules.kind_attr(kind)
    assert attr is not None
    return all(rules.attr_value(c, attr) == fixed[0] for c in naturals)


def best_remaining(
    rules: Ruleset,
    phase: Phase | None,
    hand: Sequence[Card],
    table: Sequence[tuple[Kind, tuple[object, ...]]],
) -> tuple[int, int] | None:
    """(points, cards) left after the best legal play and discard; None if the phase cannot
    be laid. ``phase`` None: already down, only hits."""
    best: tuple[int, int] | None = None
    must_discard = rules.going_out.value == "discard"
    for own_groups, left in _own_laydowns(rules, phase, Counter(hand)):
        extra = [(g.kind, ("own", v)) for g, v in own_groups]
        targets = list(table) + extra
        for rest in _hits(rules, targets, 0, left):
            cards = list(rest.elements())
            if must_discard and not cards:
                continue
            if cards:
                pts = sorted((rules.card_points(c) for c in cards), reverse=True)
                score = (sum(pts[1:]), len(cards) - 1)
            else:
                score = (0, 0)
            if best is None or score < best:
                best = score
    return best


class _Own:
    def __init__(self, kind: Kind) -> None:
        self.kind = kind


def _own_laydowns(
    rules: Ruleset, phase: Phase | None, hand: Counter[Card]
) -> Iterator[tuple[list[tuple[_Own, object]], Counter[Card]]]:
    if phase is None:
        yield [], hand
        return
    yield from _own(rules, phase, 0, hand, [])


def _own(
    rules: Ruleset, phase: Phase, i: int, left: Counter[Card], chosen: list[tuple[_Own, object]]
) -> Iterator[tuple[list[tuple[_Own, object]], Counter[Card]]]:
    if i == len(phase.requirements):
        yield chosen, left
        return
    req = phase.requirements[i]
    for group in sub_multisets(left):
        for value in group_values(rules, req.kind, group, req.size):
            if req.kind is Kind.REDBLACK and any(
                g.kind is Kind.REDBLACK and v == value for g, v in chosen
            ):
                continue
            yield from _own(rules, phase, i + 1, left - group, chosen + [(_Own(req.kind), value)])


def _hits(
    rules: Ruleset,
    targets: list[tuple[Kind, tuple[object, ...]]],
    i: int,
    left: Counter[Card],
) -> Iterator[Counter[Card]]:
    """Every remainder after hitting sub-multisets onto targets[i:]. Own groups (marked
    "own") take extras: any extra cards that keep them legal."""
    if i == len(targets):
        yield left
        return
    kind, fixed = targets[i]
    for added in sub_multisets(left):
        if fixed and fixed[0] == "own":
            value = fixed[1]
            if not _own_extra_ok(rules, kind, value, added):
                continue
        elif not table_accepts(rules, kind, fixed, added):
            continue
        yield from _hits(rules, targets, i + 1, left - added)


def _own_extra_ok(rules: Ruleset, kind: Kind, value: object, added: Counter[Card]) -> bool:
    if kind is Kind.RUN:
        positions = tuple(value)  # type: ignore[call-overload]
        return table_accepts(rules, kind, positions, added)
    return table_accepts(rules, kind, (value,), added)


def p2_brute(
    rules: Ruleset, phase: Phase, hand: Sequence[Card], pool: Sequence[Card], discard: Card
) -> tuple[int, Fraction]:
    """(outs, p2) for one discard by plain enumeration of both draws, card by card."""
    after = list(hand)
    after.remove(discard)
    memo: dict[tuple[Card, ...], bool] = {}

    def lay(cards: list[Card]) -> bool:
        key = tuple(sorted(cards))
        if key not in memo:
            memo[key] = can_lay(rules, phase, cards)
        return memo[key]

    n = len(pool)
    outs = sum(1 for c in pool if lay(after + [c]))
    total = Fraction(0)
    for i, c1 in enumerate(pool):
        held = after + [c1]
        if lay(held):
            total += Fraction(1, n)
            continue
        rest = pool[:i] + pool[i + 1:]
        best = 0
        for d2 in set(held):
            kept = list(held)
            kept.remove(d2)
            best = max(best, sum(1 for c2 in rest if lay(kept + [c2])))
        if rest:
            total += Fraction(best, n * len(rest))
    return outs, total


_ = Attr  # re-exported for tests that build table groups
