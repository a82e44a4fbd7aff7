"""The exact core's enumeration of groups, checked where the mutation audit of
solver/engine.py found it untested."""

from __future__ import annotations

import pytest

from solver import analyse, ruleset

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
