"""Phase text as players and rule sheets type it: what is read, what is refused and how the
refusal quotes it (mutation audit of solver/phases.py)."""

from __future__ import annotations

import pytest

from solver import SolverError, parse_phase


def _refusal(text: str) -> SolverError:
    with pytest.raises(SolverError) as info:
        parse_phase(text)
    return info.value


@pytest.mark.parametrize("text", ["0 sets of 3", "0 x run 4", "set 0", "2 Sätze aus 0"])
def test_phase_groups_of_none_or_none_of_a_group_are_refused(text: str) -> None:
    # "0 sets of 3" read as a phase with no groups at all, laid by any hand.
    error = _refusal(text)
    assert error.code == "phase_sizes"
    assert str(error) == f"phase {text!r}: group sizes and counts must be at least 1"


@pytest.mark.parametrize(("text", "remark"), [
    ("colour 8 (x2) (rot oder schwarz)", "x2"),
    ("8 Karten einer Farbe (rot oder schwarz) (nur Herz)", "nur Herz"),
    ("AAA + BBB (2 sets van 3) (x2)", "x2"),
    ("set 3 ()", ""),
])
def test_a_phase_remark_it_cannot_tell_is_named_not_the_one_it_can(
        text: str, remark: str) -> None:
    # Seed 000 writes "(rot oder schwarz)"; that remark is understood and is never the one
    # blamed, and with two remarks neither is read as the whole phase (seed 002's brackets).
    error = _refusal(text)
    assert error.code == "phase_remark" and error.params["remark"] == remark
    assert f"cannot tell what {remark!r} in brackets" in str(error)


def test_a_refused_phase_is_quoted_as_typed_with_its_remark() -> None:
    error = _refusal("Satz drei (rot oder schwarz)")
    assert str(error).startswith("phase 'Satz drei (rot oder schwarz)': 'Satz drei' is not a ")
    assert error.params["text"] == "Satz drei (rot oder schwarz)"


@pytest.mark.parametrize(("text", "read"), [
    ("set 20", "set 20"), ("set 21", None), ("set 10 + set 10", "set 10 + set 10"),
    ("set 10 + set 11", None), ("3 sets of 3", "set 3 + set 3 + set 3"), ("4 sets of 3", None),
    ("set 3 + set 3 + run 3 + run 3", None),
])
def test_a_phase_holds_at_most_three_groups_and_twenty_cards(text: str, read: str | None) -> None:
    # A hand holds at most 20 cards; the limits are inclusive.
    if read is not None:
        assert str(parse_phase(text)) == read
        return
    error = _refusal(text)
    assert error.code == "phase_too_big"
    assert str(error) == f"phase {text!r}: a phase has at most 3 groups and 20 cards"
