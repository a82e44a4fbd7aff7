"""The exact core's enumeration of groups, checked where the mutation audit of
solver/engine.py found it untested."""

from __future__ import annotations

import pytest

from solver import analyse, parse_hand, ruleset
from solver.engine import PhaseModel

COLOURS = "RBGY"


@pytest.mark.parametrize("start", range(1, 13))
@pytest.mark.parametrize("wrap", [False, True])
def test_a_run_of_seven_may_start_at_any_number_only_where_runs_wrap(
        start: int, wrap: bool) -> None:
    # RULES.md: no wrap-around (12-1 is not consecutive) unless the wrap option is on; then
    # every first number, 1 and 11 included, starts a run of 7.
    numbers = [(start - 1 + i) % 12 + 1 for i in range(7)]
    hand = [f"{COLOURS[i % 4]}{n}" for i, n in enumerate(numbers)] + ["S", "S"]
    result = analyse(hand, ruleset("mattel", wrap=wrap), 4)
    assert result.complete is (wrap or start <= 6)


@pytest.mark.parametrize("last", range(3, 14))
def test_two_naturals_a_group_may_stand_any_distance_apart_in_a_run(last: int) -> None:
    # With two naturals a group, A and a card `last` with jokers between is a "run 3" of
    # `last` cards, up to A..K: every run length up to the top must be tried (six classic
    # decks bring the 12 jokers).
    rules = ruleset("classic", decks=6, naturals=2, phases=["run 3"])
    top = {11: "J", 12: "Q", 13: "K"}.get(last, str(last))
    hand = parse_hand(["AC", f"{top}C"] + ["X"] * (last - 2))
    model = PhaseModel(rules, rules.phase(1))
    assert model.feasible(model.counts(hand))  # the fast core, as the odds and advice use it
    result = analyse(hand, rules, 1)
    assert result.complete and [len(g.cards) for g in result.laydown] == [last]


def test_a_red_or_black_group_beside_a_set_reads_each_suits_colour() -> None:
    # A phase mixing red/black with numbers projects every card as (number, suit), so only
    # here are suits matched to red or black (classic's own phases hold red/black alone).
    rules = ruleset("classic", phases=["redblack 4 + set 3"])
    red = analyse("2H 5D 9H JD 7C 7S 7C 3S 4C", rules, 1)
    assert [str(g) for g in red.laydown] == ["redblack: 2H 5D 9H JD", "set: 7C 7C 7S"]
    black = analyse("2S 5C 9S JC 7H 7D 7H 3H 4D", rules, 1)
    assert [str(g) for g in black.laydown] == ["redblack: 2S 5C 9S JC", "set: 7D 7H 7H"]
    # Three of each colour: any red or black card completes one of them.
    mixed = analyse("2H 5D 9S JC 7C 7S 7C 3H KC", rules, 1)
    assert not mixed.complete and mixed.distance == 1
    assert {c.colour for c in mixed.completing} == {"H", "D", "C", "S"}


def test_a_group_of_wilds_alone_is_one_natural_short__seed_001() -> None:
    # "Jede Gruppe braucht eine natürliche Karte": 7 K K + K K K lacks one natural card, which
    # any number brings, and another King does not (Hall's condition over the groups).
    rules = ruleset("zehn-phasen")
    for before_draw in (False, True):
        kings = analyse("7H KH KS KD KC KH X", rules, 1, before_draw=before_draw)
        assert not kings.complete and kings.distance == 1 and not kings.wild_completes
        assert [c.number for c in kings.completing] == list(range(1, 13))


def test_two_sets_of_the_same_number_are_one_combo_not_none() -> None:
    # Equal requirements keep one of each symmetric pair of choices, the pair of equal ones
    # included: five 7s are one 7 or a Wild away from two sets of 7s.
    fives = analyse("R7 R7 B7 B7 G7 Y1 B3 G5 Y9 R11 S", "mattel", 1)
    assert fives.distance == 1 and fives.completing_text() == "any 7, or a wild"


def test_five_of_one_colour_and_three_of_the_other_are_never_one_colour__seed_000() -> None:
    # Nine reds and two blacks: eight reds would lay "5 + 3" if both groups could be red.
    reds = analyse("2H 3H 4H 5H 6D 7D 8D 9D 2S 3C QH", "classic", 9)
    assert not reds.complete and reds.distance == 1
    assert reds.completing_text() == "any black, or a wild"
