"""ui.howto: each option of a ruleset changes the line that speaks of it, and only that line
(found by mutation testing, session 53: most options' lines could be swapped unnoticed)."""

from __future__ import annotations

import pytest

from solver import ruleset
from ui import text
from ui.howto import how_to_play


def told(rules: object, lang: str = "en") -> str:
    return "\n".join(how_to_play(lang, rules))  # type: ignore[arg-type]


def test_going_out_by_discard_only_is_told_instead_of_either_way() -> None:
    either, discard = told(ruleset("mattel")), told(ruleset("mattel", going_out="discard"))
    assert text("en", "howto_out_either") in either
    assert text("en", "howto_out_discard") not in either
    assert text("en", "howto_out_discard") in discard
    assert text("en", "howto_out_either") not in discard


def test_free_phase_choice_changes_how_players_move_on_the_list_and_the_goal() -> None:
    fixed, free = told(ruleset("mattel")), told(ruleset("mattel", free_choice=True))
    assert text("en", "howto_advance") in fixed and text("en", "howto_advance_free") in free
    assert text("en", "howto_advance_free") not in fixed
    assert text("en", "howto_advance") not in free
    assert "The phases, in order: 1. 2 sets of 3;" in fixed
    assert "The phases, in any order: 1. 2 sets of 3;" in free
    assert "makes phase 10;" in fixed
    assert "makes the last of their phases;" in free


def test_classic_tells_that_several_go_out_and_only_they_move_on() -> None:
    # Seed 000's classic moves on only who went out; the page told classic players Mattel's
    # "Whoever laid their phase goes on" and "The hand ends as soon as someone has no cards
    # left" (score-sheet audit, session 62).
    classic = told(ruleset("classic"))
    assert text("en", "howto_out_either_several") in classic
    assert text("en", "howto_advance_out") in classic
    for mattel_only in ("howto_out_either", "howto_advance"):
        assert text("en", mattel_only) not in classic
    mattel = told(ruleset("mattel"))
    assert text("en", "howto_out_either_several") not in mattel
    assert text("en", "howto_advance_out") not in mattel
    free = told(ruleset("classic", free_choice=True, going_out="discard"))
    assert text("en", "howto_advance_out") in free and text("en", "howto_advance_free") in free
    assert text("en", "howto_out_discard") in free


def test_only_the_even_or_odd_phases_are_named_one_or_many() -> None:
    even = told(ruleset("mattel", parity="even"))
    assert text("en", "howto_phases_played", numbers="2, 4, 6, 8, 10") in even
    assert "makes phase 10;" in even
    odd = told(ruleset("mattel", parity="odd"))
    assert text("en", "howto_phases_played", numbers="1, 3, 5, 7, 9") in odd
    assert "makes phase 9;" in odd
    one = told(ruleset("mattel", phases=["set 3 + set 3", "run 7"], parity="even"))
    assert text("en", "howto_phase_played_one", number=2) in one
    assert "Only these phases" not in one
    every = told(ruleset("mattel"))
    assert text("en", "howto_phase_played_one", number=1) not in every
    assert text("en", "howto_phases_played", numbers="1, 2, 3, 4, 5, 6, 7, 8, 9, 10") not in every


def test_the_cards_line_names_the_deck() -> None:
    assert how_to_play("en", ruleset("mattel"))[0] == text(
        "en", "howto_cards_phase10", top=12, copies=2)
    # Ordinary cards: the letters a deck prints and the numbers they stand for, Kings only
    # where runs reach them (zehn-phasen's runs end at Q; its Kings are wild).
    classic = how_to_play("en", ruleset("classic"))[0]
    assert "(A (ace) = 1, J (jack) = 11, Q (queen) = 12, K (king) = 13)" in classic
    zehn = how_to_play("en", ruleset("zehn-phasen"))[0]
    assert "(A (ace) = 1, J (jack) = 11, Q (queen) = 12)" in zehn
    assert how_to_play("de", ruleset("classic"))[0] != classic


@pytest.mark.parametrize(("naturals", "key"), [(0, "howto_naturals_none"),
                                               (1, "howto_naturals_one"),
                                               (2, "howto_naturals_many")])
def test_natural_cards_per_group_are_told_as_set(naturals: int, key: str) -> None:
    assert text("en", key, count=naturals) in how_to_play(
        "en", ruleset("mattel", naturals=naturals))


def test_without_skips_ordinary_cards_say_their_jokers_go() -> None:
    # Zehn Phasen's skips are its jokers: taken out, not merely unplayed. Phase 10's Skips and
    # classic (which has none to take out, its jokers being wild) say only that none play.
    jokers, plain = text("en", "howto_no_skips_jokers"), text("en", "howto_no_skips")
    assert jokers in told(ruleset("zehn-phasen", skips=False))
    assert plain not in told(ruleset("zehn-phasen", skips=False))
    assert plain in told(ruleset("mattel", skips=False))
    assert jokers not in told(ruleset("mattel", skips=False))
    assert plain in told(ruleset("classic"))
    assert jokers not in told(ruleset("classic"))
    assert plain not in told(ruleset("zehn-phasen")) and jokers not in told(ruleset("zehn-phasen"))


def test_only_the_groups_of_the_phases_played_are_explained() -> None:
    # Odd phases only: classic's phase 8 (one suit) and mattel's phase 8 (one colour) are not
    # played, and were explained (variants audit, session 67).
    for name in ("classic", "mattel"):
        lines = " ".join(how_to_play("en", ruleset(name, parity="odd")))
        assert text("en", "howto_suit") not in lines
        assert text("en", "howto_colour") not in lines


@pytest.mark.parametrize(("name", "phases", "wanted"), [
    # Phase 10 cards: a colour group is one of four colours.
    ("mattel", None, ["howto_colour"]),
    ("mattel", ["set 3 + run 4"], []),
    # Zehn Phasen: a colour group is a suit; a custom suit group is the same group.
    ("zehn-phasen", None, ["howto_colour_suit"]),
    ("zehn-phasen", ["suit 4 + set 3"], ["howto_colour_suit"]),
    ("zehn-phasen", ["set 3 + run 4"], []),
    # Classic: colour is red or black, the two groups of phases 9-10 differ, suit is a suit.
    ("classic", None, ["howto_colour_redblack", "howto_redblack_differ", "howto_suit"]),
    ("classic", ["suit 4 + set 3"], ["howto_suit"]),
    ("classic", ["colour 5 + set 3"], ["howto_colour_redblack"]),
])
def test_colour_and_suit_groups_are_explained_as_the_deck_has_them(
        name: str, phases: list[str] | None, wanted: list[str]) -> None:
    rules = ruleset(name) if phases is None else ruleset(name, phases=phases)
    keys = ("howto_colour", "howto_colour_suit", "howto_colour_redblack",
            "howto_redblack_differ", "howto_suit")
    lines = how_to_play("en", rules)
    explained = [line for line in lines if any(text("en", key) in line for key in keys)]
    assert explained == ([" ".join(text("en", key) for key in wanted)] if wanted else [])
