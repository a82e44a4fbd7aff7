"""Laid groups (solver.table): which are read as what, and what a player is told of bad ones."""

from __future__ import annotations

import pytest

from solver import analyse
from solver.analysis import read_table
from solver.errors import SolverError
from solver.explain import explain_error
from solver.phases import Kind
from solver.rules import Ruleset, ruleset
from solver.table import likely_kinds, table_group


def _refused(rules: Ruleset, kind: str, cards: list[str], index: int = 0) -> SolverError:
    with pytest.raises(SolverError) as caught:
        table_group(rules, kind, cards, index)
    return caught.value


def _hits(rules: Ruleset | str, hand: str, kind: str, cards: list[str]) -> list[str]:
    """The cards the advice adds to one laid group, the player's phase being down."""
    table = [{"kind": kind, "cards": cards}]
    return sorted(str(h.card) for h in analyse(hand, rules, 1, table=table, down=True).hits)


@pytest.mark.parametrize(("code", "name", "kind", "cards"), [
    ("table_kind", "mattel", "pair", ["R7", "R7"]),
    ("table_empty", "mattel", "set", []),
    ("table_skip", "mattel", "set", ["R7", "S"]),
    ("table_no_natural", "mattel", "set", ["W", "W"]),
    ("table_set_mixed", "mattel", "set", ["R7", "R8"]),
    ("table_mixed", "mattel", "colour", ["R7", "B8"]),
    ("table_redblack", "mattel", "redblack", ["R7", "B8"]),
    ("table_run_long", "mattel", "run", ["R1"] + ["W"] * 12),
    ("table_not_run", "mattel", "run", ["R7", "R9"]),
    ("table_run_above", "mattel", "run", ["R12", "W"]),
    ("table_run_below", "mattel", "run", ["W", "R1"]),
    ("table_run_wraps", "mattel", "run", ["R12", "R1"]),
    ("table_kind_unused", "zehn-phasen", "redblack", ["4H", "5D"]),
])
def test_a_bad_table_group_is_told_by_its_place_on_the_table(
        code: str, name: str, kind: str, cards: list[str]) -> None:
    # The third group laid is "table group 3" in every language, not the first or the fourth.
    error = _refused(ruleset(name), kind, cards, index=2)
    assert error.code == code
    assert str(error).startswith("table group 3")
    assert explain_error(error, "en").startswith("table group 3")
    assert "Tischgruppe 3" in explain_error(error, "de")


def test_a_group_of_a_kind_no_phase_lays_is_refused_and_a_synonym_is_not() -> None:
    only_sets, only_runs = ruleset("mattel", phases=["set 3"]), ruleset("mattel", phases=["run 4"])
    assert _refused(only_sets, "run", ["R1", "R2", "R3"]).code == "table_kind_unused"
    assert _refused(only_runs, "set", ["R1", "B1", "G1"]).code == "table_kind_unused"
    # zehn-phasen's colour group is one suit (seed 001's "Farbe"): a "suit" group is one too.
    laid = table_group(ruleset("zehn-phasen"), "suit", ["4H", "5H", "9H"])
    assert (laid.kind, laid.value) == (Kind.SUIT, "H")
    assert _hits("zehn-phasen", "7H 7D 2C", "suit", ["4H", "5H", "9H"]) == ["7H"]


@pytest.mark.parametrize(("rules", "kind", "hits"), [
    # Classic phase 8 lays groups of one suit, and INTERFACES.md calls them "colour" like the
    # red/black groups: one suit is read as a suit group, so no diamond is put on hearts.
    (ruleset("classic"), "colour", ["7H"]),
    (ruleset("classic"), "suit", ["7H"]),
    # Said to be red/black, or with no phase that lays one suit, it takes any red card.
    (ruleset("classic"), "redblack", ["7D", "7H"]),
    (ruleset("classic", phases=["colour 8", "colour 5 + colour 3"]), "colour", ["7D", "7H"]),
    # Odd phases only: phase 8's suit groups are never played (variants audit, session 67).
    (ruleset("classic", parity="odd"), "colour", ["7D", "7H"]),
])
def test_a_classic_group_of_hearts_takes_what_its_kind_allows(
        rules: Ruleset, kind: str, hits: list[str]) -> None:
    assert _hits(rules, "7D 7H 2C", kind, ["4H", "5H", "6H", "9H"]) == hits


@pytest.mark.parametrize(("name", "cards"), [
    ("mattel", [f"R{n}" for n in range(1, 13)]),
    ("mattel", ["W"] * 11 + ["R12"]),
    ("classic", ["AS", "2H", "3D"] + ["X"] * 10),
])
def test_a_run_as_long_as_the_deck_allows_is_a_run(name: str, cards: list[str]) -> None:
    # A phase 6 run of 9, hit at both ends until it holds every number.
    rules = ruleset(name)
    laid = table_group(rules, "run", cards)
    assert laid.positions == tuple(range(1, rules.max_number + 1))
    assert _refused(rules, "run", [*cards, "X" if name == "classic" else "W"]).code == \
        "table_run_long"


def test_with_the_wrap_option_a_run_goes_on_from_the_top_to_1() -> None:
    wrap = ruleset("mattel", wrap=True)
    wilds_first = table_group(wrap, "run", ["W", "W", "R1"])
    assert (wilds_first.value, wilds_first.positions) == (11, (11, 12, 1))
    assert table_group(wrap, "run", ["R11", "R12", "R1", "R2"]).positions == (11, 12, 1, 2)
    assert _hits(wrap, "G10 G3 G6", "run", ["R11", "R12", "R1", "R2"]) == ["G10", "G3"]
    assert _refused(wrap, "run", ["R12", "R1", "R3"]).code == "table_not_run"


@pytest.mark.parametrize(("name", "cards", "code", "said"), [
    # Not ascending at all: that is what is wrong, not that 12 is followed by 1.
    ("mattel", ["R12", "R1", "R5"], "table_not_run", "not a run in ascending order"),
    ("mattel", ["R11", "W", "R1"], "table_run_wraps", "do not go on from 12 to 1"),
    ("mattel", ["W", "W", "R2"], "table_run_below", "stand below 1, but runs go from 1 to 12"),
    # Said by the side it falls off: "stand for -1", "0" and "14" named no card (solver audit,
    # session 63), and rank 0 would print as a King in a standard deck.
    ("zehn-phasen", ["KS", "AH", "2H"], "table_run_below",
     "stand below A, but runs go from A to Q"),
    ("zehn-phasen", ["KH", "KS", "AH"], "table_run_below",
     "stand below A, but runs go from A to Q"),
    ("zehn-phasen", ["QH", "KH", "KS"], "table_run_above",
     "stand above Q, but runs go from A to Q"),
    ("classic", ["X", "X", "AH"], "table_run_below", "stand below A, but runs go from A to K"),
])
def test_a_run_that_cannot_be_is_told_why(name: str, cards: list[str], code: str,
                                          said: str) -> None:
    error = _refused(ruleset(name), "run", cards)
    assert error.code == code and said in str(error)


def test_the_table_is_read_from_dicts_pairs_and_the_outputs_shares_key() -> None:
    classic = ruleset("classic")
    hearts = ["4H", "5H", "6H"]
    red, suit = read_table(classic, [{"kind": "colour", "shares": "redblack", "cards": hearts},
                                     ("suit", hearts)])
    assert (red.kind, suit.kind) == (Kind.REDBLACK, Kind.SUIT)

    def refused(*table: object) -> str:
        with pytest.raises(SolverError) as caught:
            read_table(classic, table)  # type: ignore[arg-type]
        return str(caught.value)

    # The second group is the faulty one each time: the message names it.
    fine = {"kind": "set", "cards": ["4H", "4S", "4D"]}
    shares = 'table group 2: "shares" is "suit" or "redblack", and only a colour group has it'
    assert refused(fine, {"kind": "colour", "shares": "colour", "cards": hearts}) == shares
    assert refused(fine, {"kind": "set", "shares": "suit", "cards": ["4H", "4S"]}) == shares
    assert refused(fine, {"kind": 7, "shares": "suit", "cards": hearts}) == shares
    shape = 'table group 2 must be {"kind": ..., "cards": [...]}'
    for bad in (7, "ab", ("run", hearts, "extra"), ["run"]):
        assert refused(fine, bad) == shape, bad
    words = "table group 2: kind must be a word and cards a list"
    assert refused(fine, (7, hearts)) == words
    assert refused(fine, ("run", "4H 5H 6H")) == words
    assert refused(fine, ("run", ["4H", 5, "6H"])) == "table group 2: 5 is not a card token"


# --- likely_kinds: a group read from a photo, its kind not told ------------------------------

@pytest.mark.parametrize(("name", "cards", "kinds"), [
    ("mattel", ["R7", "B7", "W"], ["set"]),  # one number: a set, whatever the wild is
    ("mattel", ["W", "R4", "B5", "G6"], ["run"]),
    ("mattel", ["G1", "G5", "G9"], ["colour"]),
    ("mattel", ["R7", "R7", "W"], ["set", "colour"]),  # one number and one colour
    ("mattel", ["G4", "G5", "W", "G7"], ["run", "colour"]),  # one colour in run order
    ("mattel", ["R7", "W", "W"], ["set", "run", "colour"]),  # one natural: anything
    ("mattel", ["W", "W", "R1"], ["set", "colour"]),  # no run: the wilds would be -1 and 0
    ("mattel", ["R4", "R6", "R5"], ["colour"]),  # not in run order as laid
    ("mattel", ["R7", "B9"], []),
    ("mattel", ["W", "W"], []),  # no natural: nothing to go by
    ("mattel", ["R7", "S", "B7"], []),
    ("zehn-phasen", ["4H", "5H", "6H"], ["run", "colour"]),  # a suit is zehn-phasen's colour
    ("zehn-phasen", ["KH", "7D", "7S"], ["set"]),  # a King is wild there
    ("classic", ["2H", "9D", "KH"], ["colour"]),  # red, of two suits
    ("classic", ["2S", "9S", "X"], ["suit", "redblack"]),
])
def test_likely_kinds_are_those_the_group_makes_the_plainest_first(
        name: str, cards: list[str], kinds: list[str]) -> None:
    rules = ruleset(name)
    found = likely_kinds(rules, cards)
    assert [k.value for k in found] == kinds
    for kind in found:  # each one the table accepts, as the page will write it
        table_group(rules, kind, cards)


def test_likely_kinds_offer_only_kinds_the_rulesets_phases_lay() -> None:
    sets_only = ruleset("mattel", phases=("set 3 + set 3",))
    assert likely_kinds(sets_only, ["R7", "W", "W"]) == (Kind.SET,)
    assert likely_kinds(sets_only, ["G1", "G5", "G9"]) == ()
    # ... and only the phases played: mattel's odd phases lay no colour group.
    assert likely_kinds(ruleset("mattel", parity="odd"), ["G4", "G5", "G6"]) == (Kind.RUN,)
    assert likely_kinds(ruleset("classic", parity="odd"), ["2H", "9H", "X"]) == (Kind.COLOUR,)
    with pytest.raises(SolverError, match="no phase of mattel lays a colour group"):
        table_group(ruleset("mattel", parity="odd"), "colour", ["G1", "G4", "G9"])
