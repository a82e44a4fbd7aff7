"""``bench/read_size.py`` and ``bench/unsure.py`` run end to end on a few small scenes."""

from __future__ import annotations

import re

import pytest

from bench import read_size, unsure


def test_read_size_prints_both_reads_per_layout(capsys: pytest.CaptureFixture[str]) -> None:
    read_size.main(["--layouts", "spread", "--per-family", "1", "--scene-size", "640x480",
                    "--smaller", "320"])
    out = capsys.readouterr().out
    assert "scenes at 640x480 read as they are / shrunk to 320x240" in out
    assert re.search(r"spread\s+640: F1 [01]\.\d{4} exact [01]\.\d\d\s+320: F1 [01]\.\d{4}", out)


def test_unsure_prints_a_share_per_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    unsure.main(["--deck", "standard", "--size", "640x480", "--per-family", "1"])
    out = capsys.readouterr().out
    counts = re.search(r"(\d+) right, (\d+) wrong", out)
    assert counts and int(counts[1]) > 0
    shares = re.findall(r"below (\d\.\d\d): right ([01]\.\d{3}), wrong ([01]\.\d{3})", out)
    assert [s[0] for s in shares] == [f"{t:.2f}" for t in unsure.THRESHOLDS]
    right = [float(s[1]) for s in shares]
    assert right == sorted(right)  # a higher threshold flags at least as many


def test_unsure_share_of_an_empty_list_is_zero() -> None:
    assert unsure.share([], 0.7) == 0.0
    assert unsure.share([0.5, 0.9], 0.7) == 0.5
