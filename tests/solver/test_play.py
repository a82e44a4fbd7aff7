"""Shape of the best play: laydown order, runs ascending with wild numbers, legal hit order."""

from __future__ import annotations

from typing import Any

import pytest

from solver import analyse, parse_hand, ruleset, table_group
from solver.play import best_play
from tests.solver.legality import check_play


def test_run_cards_ascend_with_each_wild_at_its_number() -> None:
    result = analyse("R3 W B5 G6 W Y8 R9 B12 B12 S G1", "mattel", 4)
    run = result.laydown[0]
    assert run.kind.value == "run"
    numbers = [s if s is not None else c.rank for c, s in zip(run.cards, run.stands_for,
                                                              strict=True)]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    assert len(run.cards) >= 7 and {str(c) for c in run.cards} >= {"R3", "B5", "G6", "Y8", "R9"}


def test_laid_wild_in_a_mattel_run_keeps_its_number() -> None:
    # INTERFACES.md: ["W", "R4", "R5"] -> the wild is a 3, so only a 2 or a 6 can be hit.
    table = [{"kind": "run", "cards": ["W", "R4", "R5"]}]
    result = analyse("R3 G3 R2 R6", "mattel", 1, table=table, down=True)
    assert sorted(str(h.card) for h in result.hits) == ["R2", "R6"]
    assert sorted(str(c) for c in [result.discard, *result.remaining]) == ["G3", "R3"]


# A laid run's ends take as many cards as the hand can place, in a legal order: all but the
# card no group takes, a skip too.
@pytest.mark.parametrize("left", ["R9", "S"])
def test_hits_on_a_run_are_listed_in_a_legal_order(left: str) -> None:
    table = [{"kind": "run", "cards": ["R4", "R5", "R6"]}]
    result = analyse(f"B1 G2 Y3 {left}", "mattel", 1, table=table, down=True)
    assert [str(h.card) for h in result.hits] == ["Y3", "G2", "B1"]
    assert str(result.discard) == left and result.goes_out


def test_phase_groups_come_in_the_phases_order() -> None:
    result = analyse("B9 B10 B11 B12 R2 G2 Y2 S W R5 R6", "mattel", 2)
    assert [g.kind.value for g in result.laydown] == ["set", "run"]


def test_plays_are_legal_on_fixed_examples() -> None:
    mattel = ruleset("mattel")
    cases = [
        (1, "R7 B7 G7 Y7 R7 W G2 G9 B9 Y11 S", []),
        (2, "R1 B2 G3 Y3 R3 B9 G6 Y10 R11 B12 S", [("run", "W R4 R5")]),
        (8, "R1 R3 R5 R7 R9 R11 W B2 G4 Y6 S", [("colour", "B1 B3 B5 B7 B9 B11 B12"),
                                               ("set", "G6 Y6 W")]),
        (6, "W W R3 B4 G5 Y6 R7 B8 G9 S R12", [("run", "B9 B10 B11")]),
    ]
    for number, hand, laid in cases:
        cards = parse_hand(hand)
        groups = [table_group(mattel, k, parse_hand(c), i) for i, (k, c) in enumerate(laid)]
        play = best_play(mattel, mattel.phase(number), cards, groups)
        assert play is not None
        check_play(mattel, mattel.phase(number), cards, groups, play)


def test_json_of_a_complete_hand_has_the_interfaces_keys() -> None:
    out = analyse("R7 B7 G7 Y7 R7 W G2 G9 B4 Y11 S", "mattel", 1).to_json()
    assert {"complete", "laydown", "hits", "discard", "remaining", "remaining_points"} <= set(out)
    assert out["laydown"] == [{"kind": "set", "cards": ["R7", "R7", "B7"]},
                              {"kind": "set", "cards": ["G7", "Y7", "W"]}]
    assert out["discard"] == "S" and out["remaining_points"] == 25


def test_plays_are_compared_by_what_the_discard_leaves() -> None:
    # Scoring plays by keeping the dearest leftover card instead of discarding it passed the
    # agreement tests' 500 examples (mutation audit, session 47): this hand tells them apart.
    result = analyse("Y2 R4 R4 R5 G6 G7 R11 B12 W W W", "mattel", 2)
    assert result.complete and str(result.discard) == "B12"
    assert [str(c) for c in result.remaining] == ["R4"] and result.remaining_points == 5


def test_a_run_as_long_as_the_numbers_go() -> None:
    # A run of 12 is 1..12: a legal phase, and listed from 1 up even where runs may wrap.
    for wrap in (False, True):
        rules = ruleset("mattel", wrap=wrap, extra_phases=["run 12"])
        result = analyse("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 W", rules, 11)
        assert result.complete
        (run,) = result.laydown
        assert [str(c) for c in run.cards] == [f"R{n}" for n in range(1, 12)] + ["W"]
    assert ruleset("classic", extra_phases=["run 13"]).phase(11).requirements[0].size == 13


@pytest.mark.parametrize(("options", "hand", "laid", "discard"), [
    # Seed 003: a turn always ends with a discard. R7 is the set's only natural, so a wild is
    # the card kept back to discard, and the hand still goes out.
    ({"phases": ["set 3"]}, "R7 W W W", "R7 W W", "W"),
    ({"phases": ["set 2"], "naturals": 2}, "R7 B7 W", "R7 B7", "W"),
    # One of two like cards is kept back: the other still goes down.
    ({"phases": ["set 3"]}, "R7 R7 B7 G7", "R7 B7 G7", "R7"),
])
def test_going_out_by_discard_keeps_back_a_card_the_laydown_can_spare(
        options: dict[str, Any], hand: str, laid: str, discard: str) -> None:
    result = analyse(hand, ruleset("mattel", going_out="discard", **options), 1)
    assert [" ".join(str(c) for c in g.cards) for g in result.laydown] == [laid]
    assert str(result.discard) == discard and result.goes_out


@pytest.mark.parametrize(("phase", "hand", "stands_for"), [
    (2, "R2 G2 W B9 B10 W B12 S Y5 G1 R4", [(None, None, 2), (None, None, 11, None)]),
    (8, "R1 R3 R5 R7 R9 R11 W B2 G4 Y6 S", [(None,) * 7]),  # a colour group's wild: no number
])
def test_a_laid_wild_is_given_the_number_it_stands_for(
        phase: int, hand: str, stands_for: list[tuple[int | None, ...]]) -> None:
    # It keeps that number until the hand ends (RULES.md), so the laydown says which it is.
    result = analyse(hand, "mattel", phase)
    assert [g.stands_for for g in result.laydown] == stands_for


def test_two_sets_of_one_number_each_get_a_natural_card() -> None:
    # RULES.md: two sets of one phase may have the same number, and every group needs a
    # natural card: R7 and B7 go to different sets, the wilds fill both up.
    mattel = ruleset("mattel")
    cards = parse_hand("R7 B7 W W W W S S")
    play = best_play(mattel, mattel.phase(1), cards)
    assert play is not None
    assert sorted(" ".join(map(str, g.cards)) for g in play.laydown) == ["B7 W W", "R7 W W"]
    check_play(mattel, mattel.phase(1), cards, [], play)


def test_hits_are_listed_by_table_group_and_only_a_wild_stands_for_a_number() -> None:
    table = [{"kind": "set", "cards": ["R5", "B5", "G5"]},
             {"kind": "run", "cards": ["R8", "R9", "R10"]}]
    result = analyse("Y5 G11 W B1", "mattel", 1, table=table, down=True)
    assert [(str(h.card), h.group, h.stands_for) for h in result.hits] == [
        ("Y5", 0, None), ("W", 0, 5), ("G11", 1, None)]


def test_a_wild_alone_hits_the_one_end_a_laid_run_has_left() -> None:
    # The walk over laid runs' ends merges walks that ask the same of the hand; an end only a
    # wild can fill asks nothing of the naturals, so only the wilds' shortfall tells it from
    # leaving the run as it is (miscounted, the wild stayed in hand: mutation audit).
    table = [{"kind": "run", "cards": ["G9", "Y10", "B11", "Y12"]}]
    result = analyse("R1 W", "mattel", 1, table=table, down=True)
    assert [(str(h.card), h.group, h.stands_for) for h in result.hits] == [("W", 0, 8)]
    assert str(result.discard) == "R1" and result.goes_out


def test_a_wrapping_run_grows_to_as_many_cards_as_there_are_numbers_and_no_further() -> None:
    # With wrap, both ends of a laid run meet once it holds every number: B1 and G2 would be a
    # second 1 and a second 2, so two of the three cards that are left stay in hand.
    rules = ruleset("mattel", wrap=True)
    table = [table_group(rules, "run", parse_hand("R2 R3 R4 R5 R6 R7 R8 R9 R10 R11"))]
    cards = parse_hand("R12 R1 B1 G2 B5")
    play = best_play(rules, None, cards, table)
    assert play is not None
    assert sorted(h.card.rank for h in play.hits) == [1, 12]
    assert len(play.remaining) == 2 and play.remaining_points == 10
    check_play(rules, None, cards, table, play)
    # ... and a run that ends at 12 goes on at 1.
    table = [table_group(rules, "run", parse_hand("R10 R11 R12"))]
    play = best_play(rules, None, parse_hand("G1 G5"), table)
    assert play is not None and [str(h.card) for h in play.hits] == ["G1"]
    assert str(play.discard) == "G5" and play.goes_out


def test_a_set_of_wilds_alone_stands_for_a_number_of_the_deck() -> None:
    # With no natural card required a set may be all wilds; they still stand for one number
    # the cards have (RULES.md: a wild keeps the number it stands for).
    rules = ruleset("mattel", naturals=0)
    play = best_play(rules, rules.phase(1), parse_hand("W W W W W W S"))
    assert play is not None and len(play.laydown) == 2
    for group in play.laydown:
        assert isinstance(group.value, int) and 1 <= group.value <= rules.max_number
        assert group.stands_for == (group.value,) * 3


def test_the_two_redblack_groups_of_a_phase_differ() -> None:
    # Classic phase 9 is 5 cards of one colour and 3 of the other (RULES.md): ten red cards
    # and a joker hold no black group, however many red groups they make.
    classic = ruleset("classic")
    all_red = parse_hand("2H 3H 4H 5H 6H 7D 8D 9D 10D JD X")
    assert best_play(classic, classic.phase(9), all_red) is None
    play = best_play(classic, classic.phase(9), parse_hand("2H 3H 4H 5H 6H 7D 8D 9D JS QC X"))
    assert play is not None
    assert sorted(str(g.value) for g in play.laydown) == ["black", "red"]


def test_two_like_groups_before_a_different_one() -> None:
    # Like groups are tried in one order only (their mirror image scores the same); that check
    # must compare each group with its like neighbour, never with the set after two runs.
    rules = ruleset("mattel", phases=["run 3 + run 3 + set 3"])
    cards = parse_hand("R1 R2 R3 B7 B8 B9 G5 Y5 R5 S W")
    play = best_play(rules, rules.phase(1), cards)
    assert play is not None and [g.kind.value for g in play.laydown] == ["run", "run", "set"]
    assert str(play.discard) == "S" and play.goes_out
    check_play(rules, rules.phase(1), cards, [], play)


def test_a_wild_takes_a_runs_end_that_a_natural_could_when_the_natural_is_cheaper_to_keep() -> None:
    # Only a 1 fits this run. Hitting R1 leaves W and G12 (the wild is discarded: 10 points
    # left); hitting the wild leaves R1 and G12 (G12 is discarded: 5 points left).
    table = [{"kind": "run", "cards": [f"R{n}" for n in range(2, 13)]}]
    result = analyse("R1 W G12", "mattel", 1, table=table, down=True)
    assert [(str(h.card), h.stands_for) for h in result.hits] == [("W", 1)]
    assert str(result.discard) == "G12" and [str(c) for c in result.remaining] == ["R1"]
    assert result.remaining_points == 5


def test_a_run_keeps_its_natural_cards_when_a_colour_group_wants_them_too() -> None:
    # Two naturals a group: the red colour group takes every red card it is given, and the
    # wilds alone could fill the run's other places, but the run still needs two of the reds.
    rules = ruleset("mattel", naturals=2, phases=["run 4 + colour 3"])
    cards = parse_hand("R1 R2 R3 R4 W W W")
    play = best_play(rules, rules.phase(1), cards)
    assert play is not None and play.goes_out
    check_play(rules, rules.phase(1), cards, [], play)


def test_a_natural_both_groups_could_take_goes_where_the_laydown_stays_legal() -> None:
    # B8 could be the 8 of the run G7 _ R9 W or join B2 in the blue group, which with two
    # naturals a group needs it. Only the run with a wild at 8 is legal; the other ways of
    # filling the run, tried after it, must not hide it.
    rules = ruleset("mattel", naturals=2, going_out="discard", phases=["run 4 + colour 3"])
    cards = parse_hand("B2 G7 Y7 B8 R9 W W W")
    play = best_play(rules, rules.phase(1), cards)
    assert play is not None and play.goes_out and str(play.discard) == "Y7"
    check_play(rules, rules.phase(1), cards, [], play)


def test_one_natural_card_and_wilds_make_one_set_not_two() -> None:
    # Every group needs a natural card (RULES.md): the wilds would fill two sets of 7, but the
    # second has no 7 of its own.
    mattel = ruleset("mattel")
    assert best_play(mattel, mattel.phase(1), parse_hand("R7 W W W W W S")) is None


def test_a_runs_end_takes_the_card_no_laid_group_would() -> None:
    # R7 and Y7 both fit the run's 7; R7 also fits the red group, Y7 no group beside the run.
    # With two such groups on the table, Y7 must still be the one that goes to the run.
    table = [{"kind": "colour", "cards": ["R1", "R2", "R3"]},
             {"kind": "set", "cards": ["G9", "B9", "Y9"]},
             {"kind": "run", "cards": ["B4", "B5", "B6"]}]
    result = analyse("R7 Y7 B12", "mattel", 1, table=table, down=True)
    assert [(str(h.card), h.group) for h in result.hits] == [("R7", 0), ("Y7", 2)]
    assert str(result.discard) == "B12" and result.goes_out
