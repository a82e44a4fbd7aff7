"""A photo of the table: the groups laid there (`vision.laid_groups`, by geometry) and the
kind each can be under the rules (`solver.likely_kinds`), as the lines of a table box
(``set R7 B7 W``) the solver reads back: the page's table box and ``vision read --table``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver import Role, Ruleset, likely_kinds, parse_card
from vision.dedupe import Detection
from vision.groups import laid_groups


@dataclass(frozen=True)
class LaidGroup:
    """A group read from a photo of the table: its cards as laid, and the kinds of group they
    can be, the one to write first (a guess when there are several; none: it fits no kind)."""

    cards: tuple[str, ...]
    kinds: tuple[str, ...]
    detections: tuple[Detection, ...] = ()  # where its cards lie in the photo, in any order

    @property
    def written(self) -> bool:
        """Whether it goes into the table box: two cards or more, fitting some kind."""
        return bool(self.kinds) and len(self.cards) > 1

    @property
    def line(self) -> str:
        """The group as a line of the table box (English kind words read in every language)."""
        return f"{self.kinds[0]} {' '.join(self.cards)}" if self.kinds else ""


@dataclass(frozen=True)
class LaidTable:
    """The groups read from a photo of the table, in reading order."""

    groups: tuple[LaidGroup, ...]

    @property
    def written(self) -> tuple[LaidGroup, ...]:
        """The groups that go into the table box, in the order of its lines."""
        return tuple(g for g in self.groups if g.written)

    @property
    def left_out(self) -> tuple[LaidGroup, ...]:
        """The groups for the player to type: no kind fits them, or they are one card."""
        return tuple(g for g in self.groups if not g.written)

    @property
    def text(self) -> str:
        return "\n".join(group.line for group in self.written)

    @property
    def guessed(self) -> tuple[LaidGroup, ...]:
        return tuple(g for g in self.written if len(g.kinds) > 1)

    @property
    def unfit(self) -> tuple[LaidGroup, ...]:
        return tuple(g for g in self.groups if not g.kinds and len(g.cards) > 1)

    @property
    def lone(self) -> tuple[str, ...]:
        """Cards lying alone: no group is one card, so a stray read or a group's only card
        read; left out for the player to place."""
        return tuple(g.cards[0] for g in self.groups if len(g.cards) == 1)


def laid_table(rules: Ruleset, detections: Sequence[Detection]) -> LaidTable:
    """The groups laid on the table in a photo's ``detections`` and their likely kinds.

    A row read the wrong way round (photographed from across the table) is turned when only
    then its cards make a run, and one without wilds that makes no group as read is put in
    order of number when only then it makes a run (two neighbours' boxes came out swapped).

    >>> from solver import parse_card, ruleset
    >>> def at(token, x):
    ...     return Detection(parse_card(token), (x, 0, x + 20, 150), 0.9)
    >>> row = [at("R6", 0), at("W", 30), at("B4", 60)]
    >>> table = laid_table(ruleset("mattel"), row + [at("Y9", 400)])
    >>> table.text, table.lone
    ('run B4 W R6', ('Y9',))
    """
    groups = []
    for group in laid_groups(detections):
        cards = tuple(str(d.card) for d in group)
        kinds = likely_kinds(rules, cards)
        for order in (cards[::-1], _by_number(rules, cards)):
            if kinds:
                break
            kinds = likely_kinds(rules, order)
            cards = order if kinds else cards
        groups.append(LaidGroup(cards, tuple(kind.value for kind in kinds), group))
    return LaidTable(tuple(groups))


def _by_number(rules: Ruleset, cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards in order of number when they are all natural (a wild's place is unknown) and
    of the rules' deck (another deck's cards are no group of these rules, in any order)."""
    parsed = [parse_card(card) for card in cards]
    if any(card.deck is not rules.deck or rules.role(card) is not Role.NATURAL
           for card in parsed):
        return cards
    return tuple(str(card) for card in sorted(parsed, key=rules.number))
