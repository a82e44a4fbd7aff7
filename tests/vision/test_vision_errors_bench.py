"""``bench/vision_errors.py`` runs on a few validation scenes and accounts for every card."""

from __future__ import annotations

import pytest

from bench.vision import VALIDATION_SEEDS, cases, render
from bench.vision_errors import centre_gaps, main, split_errors
from vision import Reader


def test_every_labelled_card_is_right_or_missed(reader: Reader) -> None:
    found = split_errors(reader, per_cell=1, deck="phase10")
    labelled = sum(len(render(case)[1]) for case in cases(VALIDATION_SEEDS.start, 1))
    assert sum(c["right"] + c["missed"] for c in found.values()) == labelled
    same, other = centre_gaps(reader, per_cell=1, deck="phase10")
    assert same and other and min(same + other) >= 0


def test_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--per-cell", "1"]) == 0
    out = capsys.readouterr().out
    assert "misread" in out and "same card" in out
