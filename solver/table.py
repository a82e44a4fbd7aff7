"""Groups already on the table (anyone's laid phases), read and checked.

A laid wild keeps the number it stood for: a run is listed in ascending order, so in
``["W", "R4", "R5"]`` the wild is a 3 and only a 2 or a 6 (or a wild) can still be hit on it.

>>> from solver.rules import ruleset
>>> group = table_group(ruleset("mattel"), "run", ["W", "R4", "R5"])
>>> group.positions, group.value
((3, 4, 5), 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.cards import Card, parse_card, rank_text
from solver.engine import run_positions
from solver.errors import SolverError
from solver.phases import Kind, kind_named
from solver.rules import Attr, Role, Ruleset


@dataclass(frozen=True)
class TableGroup:
    """A laid group. ``value``: the set's number, the run's first number, or the colour/suit
    ("red"/"black" for redblack). ``positions``: a run's numbers in order (empty otherwise)."""

    kind: Kind
    cards: tuple[Card, ...]
    value: int | str
    positions: tuple[int, ...] = ()


def table_group(
    rules: Ruleset, kind: str | Kind, cards: Sequence[str | Card], index: int = 0
) -> TableGroup:
    """Read and check one laid group; ``index`` (0-based) only numbers the error messages.

    A group is laid as part of a phase, so its kind is one some phase of the ruleset lays
    (its size is not checked: INTERFACES.md's own example is a mattel run of three).

    >>> from solver.rules import ruleset
    >>> table_group(ruleset("zehn-phasen"), "redblack", ["4H", "5D"])
    Traceback (most recent call last):
    ...
    solver.errors.SolverError: table group 1: no phase of zehn-phasen lays a redblack group
    """
    group = _read_group(rules, kind, cards, index)
    if not any(_same_kind(rules, kind, group.kind) for kind in rules.laid_kinds()):
        raise SolverError(
            f"{_where(index)}: no phase of {rules.name} lays a {group.kind.value} group",
            "table_kind_unused", group=index + 1, kind=group.kind.value, ruleset=rules.name,
        )
    return group


# Which kind a group's naturals show most clearly, first: one number is the plainest (a set's
# naturals also share a colour now and then), numbers in run order next (few colour groups are
# laid in run order), then one suit, one colour, one of red/black, each shared more often by
# chance than the one before.
_PLAINEST = (Kind.SET, Kind.RUN, Kind.SUIT, Kind.COLOUR, Kind.REDBLACK)


def likely_kinds(rules: Ruleset, cards: Sequence[str | Card]) -> tuple[Kind, ...]:
    """The kinds of group that ``cards``, laid in this order, can be under ``rules`` (only
    kinds its phases lay), the kind the naturals show most clearly first; () when none.

    Several kinds are a guess among them: wilds and one natural fit many (``R7 W W``), and
    naturals of one colour in run order are a run and a colour group alike.

    >>> from solver.rules import ruleset
    >>> mattel = ruleset("mattel")
    >>> [k.value for k in likely_kinds(mattel, ["R7", "B7", "W"])]
    ['set']
    >>> [k.value for k in likely_kinds(mattel, ["R7", "W", "W"])]
    ['set', 'run', 'colour']
    >>> [k.value for k in likely_kinds(mattel, ["G4", "G5", "G6"])]
    ['run', 'colour']
    >>> likely_kinds(mattel, ["R7", "B9"]), likely_kinds(mattel, ["S", "R7"])
    ((), ())
    >>> classic = ruleset("classic")
    >>> [k.value for k in likely_kinds(classic, ["2H", "9H", "X"])]  # or the reds of 9, 10
    ['suit', 'redblack']
    >>> [k.value for k in likely_kinds(classic, ["2H", "9D", "KH"])]
    ['colour']
    """
    laid = rules.laid_kinds()
    kinds: list[Kind] = []
    for kind in _PLAINEST:
        if kind not in laid:
            continue
        try:
            made = table_group(rules, kind, cards).kind  # classic's one-suit colour: a suit
        except SolverError:
            continue
        if not any(_same_kind(rules, made, k) for k in kinds):
            kinds.append(made)
    return tuple(kinds)


def _same_kind(rules: Ruleset, a: Kind, b: Kind) -> bool:
    """Kinds that make the same group (in zehn-phasen a colour group is a suit group)."""
    return a is b or (rules.kind_attr(a) is not None and rules.kind_attr(a) == rules.kind_attr(b))


def _read_group(
    rules: Ruleset, kind: str | Kind, cards: Sequence[str | Card], index: int
) -> TableGroup:
    where = _where(index)
    if isinstance(kind, Kind):
        the_kind = kind
    elif (named := kind_named(kind)) is not None:
        the_kind = named
    else:
        raise SolverError(
            f"{where}: unknown kind {kind!r}; use set, run, colour, suit or redblack",
            "table_kind", group=index + 1, kind=kind,
        )
    laid = tuple(c if isinstance(c, Card) else parse_card(c) for c in cards)
    if not laid:
        raise SolverError(f"{where} has no cards", "table_empty", group=index + 1)
    roles = [rules.role(c) for c in laid]
    if Role.SKIP in roles:
        raise SolverError(f"{where}: a skip is never part of a group", "table_skip",
                          group=index + 1)
    naturals = [c for c, r in zip(laid, roles, strict=True) if r is Role.NATURAL]
    if not naturals:
        raise SolverError(f"{where} has no natural card, so what it stands for is unknown",
                          "table_no_natural", group=index + 1)
    if the_kind is Kind.SET:
        numbers = {rules.number(c) for c in naturals}
        if len(numbers) != 1:
            mixed = ", ".join(_printed(rules, n) for n in sorted(numbers))
            raise SolverError(f"{where} is not a set: it mixes the numbers {mixed}",
                              "table_set_mixed", group=index + 1, numbers=mixed)
        return TableGroup(the_kind, laid, numbers.pop())
    if the_kind is Kind.RUN:
        return _run(rules, laid, roles, index)
    if the_kind is Kind.COLOUR and _suits_apart(rules) and len({c.suit for c in naturals}) == 1:
        # Classic calls red/black "colour" but lays one-suit groups too (phase 8), and
        # INTERFACES.md names both "colour": one suit is read as the stricter suit group, so
        # no hit is advised that a suit group refuses ("shares" says which it is).
        the_kind = Kind.SUIT
    attr = rules.kind_attr(the_kind)
    assert attr is not None
    if the_kind is Kind.REDBLACK and rules.deck.value == "phase10":
        raise SolverError(f"{where}: redblack groups need standard cards", "table_redblack",
                          group=index + 1)
    values = {rules.attr_value(c, attr) for c in naturals}
    if len(values) != 1:
        mixed = ", ".join(sorted(values))
        raise SolverError(f"{where} is not a {the_kind.value} group: it mixes {mixed}",
                          "table_mixed", group=index + 1, kind=the_kind.value,
                          values=tuple(sorted(values)))
    return TableGroup(the_kind, laid, values.pop())


def _suits_apart(rules: Ruleset) -> bool:
    """The ruleset's colour is red/black, and some phase lays a group of one suit."""
    return rules.colour_attr is Attr.REDBLACK and Kind.SUIT in rules.laid_kinds()


def _printed(rules: Ruleset, number: int) -> str:
    """A rank or run position as the deck prints it; one off its ranks (0, 14) as a number."""
    return rank_text(rules.deck, number) if 1 <= number <= 13 else str(number)


def _where(index: int) -> str:
    return f"table group {index + 1}"


def _run(rules: Ruleset, laid: tuple[Card, ...], roles: list[Role], index: int) -> TableGroup:
    where = _where(index)
    top = rules.max_number
    first = next(i for i, r in enumerate(roles) if r is Role.NATURAL)
    start = rules.number(laid[first]) - first
    if len(laid) > top:
        raise SolverError(f"{where}: a run holds at most {top} cards", "table_run_long",
                          group=index + 1, top=top)
    if rules.wrap:
        start = (start - 1) % top + 1
    positions = run_positions(rules, start, len(laid))
    # Ranks as the cards print them: a zehn-phasen player reads "from A to Q", not 1 to 12.
    ends = (_printed(rules, 1), _printed(rules, top))
    in_range = rules.wrap or (start >= 1 and start + len(laid) - 1 <= top)
    matches = all(
        r is not Role.NATURAL or rules.number(c) == p
        for c, r, p in zip(laid, roles, positions, strict=True)
    )
    # The natural cards themselves go on past the top (11 12 1 2). None can stand below 1:
    # the first stands at its own number, and the others come after it.
    if matches and not in_range and any(
        r is Role.NATURAL and start + i > top for i, r in enumerate(roles)
    ):
        raise SolverError(
            f"{where}: runs do not go on from {ends[1]} to {ends[0]} (only with the wrap option)",
            "table_run_wraps", group=index + 1, low=ends[0], top=ends[1],
        )
    if matches and not in_range:  # ascending, but a wild would stand off either end
        # Said as the side it falls off: "stand for -1" (or 0, 14) named no card of the deck.
        side, code = ("below", "table_run_below") if start < 1 else ("above", "table_run_above")
        raise SolverError(
            f"{where}: a wild would have to stand {side} {ends[0] if start < 1 else ends[1]}, "
            f"but runs go from {ends[0]} to {ends[1]}", code, group=index + 1, low=ends[0],
            top=ends[1],
        )
    if not matches:
        cards = " ".join(str(c) for c in laid)
        raise SolverError(
            f"{where} is not a run in ascending order (wilds at their places): {cards}",
            "table_not_run", group=index + 1, cards=cards,
        )
    return TableGroup(Kind.RUN, laid, start, positions)
