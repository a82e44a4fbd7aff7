"""vision.table: a table photo's groups as the lines of a table box, with the kinds each can be
under the rules; the geometry itself is tested in test_vision_groups.py."""

from __future__ import annotations

import dataclasses

import pytest
from tests_vision_helpers import row

from solver import ruleset
from vision.table import LaidGroup, LaidTable, laid_table


def test_a_table_photo_of_ordinary_cards_is_read_by_the_rulesets_own_groups() -> None:
    # Classic: jokers are wild and a one-suit group may be a suit group or a red/black one.
    table = laid_table(ruleset("classic"), row("2S 9S X", 0) + row("7H 7C 7D", 300))
    assert table.text == "suit 2S 9S X\nset 7H 7C 7D"
    assert [g.kinds for g in table.guessed] == [("suit", "redblack")]


def test_a_row_whose_neighbours_came_out_swapped_is_written_in_run_order_wilds_kept_as_read(
) -> None:
    mattel = ruleset("mattel")
    swapped = laid_table(mattel, row("R4 R6 Y5 G7", 0) + row("W R6 G8 G7", 300))
    assert swapped.text == "run R4 Y5 R6 G7"  # the wild's place is unknown: left out
    assert [g.cards for g in swapped.unfit] == [("W", "R6", "G8", "G7")]


def test_laid_groups_and_tables_are_fixed_values_and_a_group_of_no_kind_has_no_line() -> None:
    unfit = LaidGroup(("R7", "B9"), ())
    assert unfit.line == "" and not unfit.written
    table = LaidTable((unfit,))
    assert table.left_out == (unfit,) and table.written == () and table.text == ""
    # Two cards of no kind are unfit; a lone card, even one of no kind (a Skip), lies alone.
    skip = LaidGroup(("S",), ())
    assert LaidTable((unfit, skip)).unfit == (unfit,)
    assert LaidTable((unfit, skip)).lone == ("S",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        unfit.cards = ("R7",)  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.groups = ()  # type: ignore[misc]


def test_another_decks_cards_are_no_group_in_any_order() -> None:
    # Phase 10 cards read under zehn-phasen (a model of the other deck) were a traceback: the
    # number order asked each card's role of rules that do not know it.
    table = laid_table(ruleset("zehn-phasen"), row("R7 R5 R6", 0))
    assert table.text == "" and [g.cards for g in table.unfit] == [("R7", "R5", "R6")]
