"""Shape of the best play: laydown order, runs ascending with wild numbers, legal hit order."""

from __future__ import annotations

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


def test_hits_on_a_run_are_listed_in_a_legal_order() -> None:
    table = [{"kind": "run", "cards": ["R4", "R5", "R6"]}]
    result = analyse("B1 G2 Y3 R9", "mattel", 1, table=table, down=True)
    assert [str(h.card) for h in result.hits] == ["Y3", "G2", "B1"]
    assert str(result.discard) == "R9" and result.goes_out


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
