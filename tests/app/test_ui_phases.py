"""ui.phases: the page's words for a phase, and those words read back (mutation audit,
session 53)."""

from __future__ import annotations

from solver import parse_phase, ruleset
from ui.phases import phase_text, solver_phase


def test_a_suit_group_is_worded_without_a_ruleset() -> None:
    assert phase_text("en", parse_phase("suit 4 + set 3")) == "4 of one suit + set of 3"


def test_only_a_second_red_black_group_is_the_other_colour() -> None:
    classic = ruleset("classic")
    assert phase_text("en", parse_phase("redblack 5 + set 3"), classic) == (
        "5 red or black + set of 3")
    assert phase_text("en", parse_phase("redblack 5 + redblack 3 + set 2"), classic) == (
        "5 red or black + 3 of the other + set of 2")


def test_groups_alike_are_counted_only_when_next_to_each_other() -> None:
    assert phase_text("en", parse_phase("set 3 + run 4 + set 3")) == (
        "set of 3 + run of 4 + set of 3")
    assert phase_text("en", parse_phase("set 3 + set 4")) == "set of 3 + set of 4"
    assert phase_text("nl", parse_phase("3 runs of 3")) == "3 reeksen van 3"


def test_the_other_colour_makes_only_its_colour_partner_red_or_black() -> None:
    # Wherever the "other colour" group stands, the colour group it answers becomes red/black,
    # and no other group does.
    assert solver_phase("5 of one colour + 3 of the other + set of 2") == (
        "redblack 5 + redblack 3 + set 2")
    assert solver_phase("set of 2 + 5 of one colour + 3 of the other") == (
        "set 2 + redblack 5 + redblack 3")
    assert solver_phase("7 of one colour + set of 2") == "colour 7 + set 2"
