"""The CLI's explanation lines and the skip command."""

import pytest

from solver.cli import main, parse_opponent
from solver.errors import SolverError
from solver.skips import Opponent


def test_advise_explains_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["advise", "--phase", "1", "--hand", "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S",
                 "--lang", "de"])
    assert code == 0
    assert "Komplett macht sie: eine beliebige 7 oder ein Joker." in capsys.readouterr().out


def test_draw_advice_explains_too(capsys: pytest.CaptureFixture[str]) -> None:
    main(["advise", "--phase", "1", "--hand", "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12", "--top", "G7",
          "--lang", "nl"])
    assert "Pak de groene 7 van de aflegstapel" in capsys.readouterr().out


def test_skip_command_names_the_target_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    main(["skip", "--opponent", "Ann phase=5 down cards=2", "--opponent", "Bo phase=8", "--json"])
    assert capsys.readouterr().out.strip() == (
        '{"target": "Ann", "reason": "close-to-going-out"}')


def test_bad_opponent_text_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["skip", "--opponent", "Ann phase=x"]) == 2
    assert "cannot read 'phase=x'" in capsys.readouterr().err
    with pytest.raises(SolverError):
        parse_opponent("Ann colour=red")


def test_opponent_text_reads_every_field_and_defaults_to_phase_1() -> None:
    # Mutation audit of solver/cli.py (session 55): only "phase=x" and "colour=red" were refused.
    assert parse_opponent("Ann") == Opponent("Ann", 1)
    assert parse_opponent("Bo skipped points=120 cards=3 down phase=5") == Opponent(
        "Bo", 5, phase_down=True, cards_in_hand=3, total_points=120, already_skipped=True)


@pytest.mark.parametrize("field", ["loud", "down=yes", "skipped=1", "colour=3", "phase"])
def test_opponent_fields_that_are_no_flag_or_no_number_are_refused(field: str) -> None:
    with pytest.raises(SolverError, match=f"cannot read '{field}' in opponent 'Ann {field}'"):
        parse_opponent(f"Ann {field}")
