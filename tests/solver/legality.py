"""Checks that a Play returned by the solver is a legal sequence of moves (independent code)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from solver.cards import Card
from solver.phases import Kind, Phase
from solver.play import Play
from solver.rules import GoingOut, Role, Ruleset
from solver.table import TableGroup


def _run_ok(rules: Ruleset, cards: Sequence[Card], stands: Sequence[int | None]) -> list[int]:
    numbers = [
        rules.number(c) if rules.role(c) is Role.NATURAL else s
        for c, s in zip(cards, stands, strict=True)
    ]
    assert all(n is not None for n in numbers), "every wild in a run says what it stands for"
    top = rules.max_number
    for a, b in zip(numbers, numbers[1:], strict=False):
        assert b == a % top + 1 if rules.wrap else b == a + 1, f"not consecutive: {numbers}"  # type: ignore[operator]
    assert len(numbers) <= top
    return numbers  # type: ignore[return-value]


def _fits(rules: Ruleset, group: TableGroup, card: Card) -> bool:
    """A natural card joins a set of its number, or a colour, suit or redblack group of its
    colour, suit or red/black."""
    if group.kind is Kind.SET:
        return rules.number(card) == group.value
    attr = rules.kind_attr(group.kind)
    assert attr is not None
    return rules.attr_value(card, attr) == group.value


def check_play(
    rules: Ruleset, phase: Phase | None, hand: Sequence[Card], table: Sequence[TableGroup],
    play: Play,
) -> None:
    used: Counter[Card] = Counter()
    redblack: list[object] = []
    if phase is None:
        assert not play.laydown
    else:
        assert len(play.laydown) == len(phase.requirements)
    own_numbers: list[list[int]] = []
    for group, req in zip(play.laydown, phase.requirements if phase else (), strict=True):
        assert group.kind is req.kind
        assert len(group.cards) >= req.size
        roles = [rules.role(c) for c in group.cards]
        assert Role.SKIP not in roles
        assert roles.count(Role.NATURAL) >= rules.naturals
        naturals = [c for c, r in zip(group.cards, roles, strict=True) if r is Role.NATURAL]
        if req.kind is Kind.SET:
            assert len({rules.number(c) for c in naturals}) <= 1
        elif req.kind is Kind.RUN:
            own_numbers.append(_run_ok(rules, group.cards, group.stands_for))
        else:
            attr = rules.kind_attr(req.kind)
            assert attr is not None
            values = {rules.attr_value(c, attr) for c in naturals}
            assert len(values) <= 1
            if req.kind is Kind.REDBLACK:
                redblack.append(group.value)
        used.update(group.cards)
    assert len(set(redblack)) == len(redblack)
    runs = {i: list(g.positions) for i, g in enumerate(table) if g.kind is Kind.RUN}
    top = rules.max_number
    for hit in play.hits:
        group = table[hit.group]
        role = rules.role(hit.card)
        assert role is not Role.SKIP
        if group.kind is Kind.RUN:
            laid = runs[hit.group]
            number = rules.number(hit.card) if role is Role.NATURAL else hit.stands_for
            before = laid[0] - 1 if not rules.wrap else (laid[0] - 2) % top + 1
            after = laid[-1] + 1 if not rules.wrap else laid[-1] % top + 1
            assert len(laid) < top
            if number == before and (rules.wrap or before >= 1):
                laid.insert(0, number)
            elif number == after and (rules.wrap or after <= top):
                laid.append(number)
            else:
                raise AssertionError(f"{hit.card} cannot extend the run {laid}")
        elif role is Role.NATURAL:
            assert _fits(rules, group, hit.card), f"{hit.card} does not fit {group}"
        used[hit.card] += 1
    if play.discard is not None:
        used[play.discard] += 1
    used.update(play.remaining)
    assert used == Counter(hand), "every card is used exactly once"
    assert play.remaining_points == sum(rules.card_points(c) for c in play.remaining)
    if rules.going_out is GoingOut.DISCARD:
        assert play.discard is not None
    if play.discard is None:
        assert not play.remaining
