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


def test_missed_cards_are_told_apart_by_what_their_indices_show() -> None:
    from bench.vision import Truth
    from bench.vision_errors import why_missed
    from vision.find import IndexHit

    truth = Truth("R7", ((0.0, 0.0, 20.0, 30.0), (100.0, 100.0, 120.0, 130.0)))
    elsewhere = IndexHit("R7", (300, 300, 320, 330), (310, 360), 0.9, 0.9)
    misread = IndexHit("R1", (2, 1, 21, 29), (50, 80), 0.9, 0.9)
    read_right = IndexHit("R7", (101, 99, 119, 131), (50, 80), 0.9, 0.9)
    assert why_missed(truth, [elsewhere]) == "never found"
    assert why_missed(truth, [elsewhere, misread]) == "read as others"
    assert why_missed(truth, [misread, read_right]) == "lost in dedupe"


def test_missed_cards_add_up_and_seeds_stay_in_validation(
    reader: Reader, capsys: pytest.CaptureFixture[str]
) -> None:
    found = split_errors(reader, per_cell=1, deck="phase10", first_seed=200, size=(1024, 768))
    for counts in found.values():
        why = counts["never found"] + counts["read as others"] + counts["lost in dedupe"]
        assert why == counts["missed"]
    with pytest.raises(SystemExit):
        main(["--from", "995", "--per-cell", "1"])
    assert "leave the validation seeds" in capsys.readouterr().err
