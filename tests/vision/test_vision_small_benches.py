"""The small benchmarks (`bench/read_size.py`, `unsure.py`, `deckcheck.py`, `count.py`) run end to
end on a few small scenes."""

from __future__ import annotations

import re

import pytest

from bench import deckcheck, read_size, unsure
from vision import DecodeParams


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


def test_deckcheck_tallies_synthetic_and_real_folders(
        capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    import shutil

    from tests_vision_helpers import FIXTURES

    singles = tmp_path / "singles"  # named as real single cards are: a standard-singles folder
    singles.mkdir()
    shutil.copy(FIXTURES / "standard_spread.jpg", singles / "AS.jpg")
    deckcheck.main(["--per-cell", "1", "--size", "640x480", "--realworld", str(singles)])
    out = capsys.readouterr().out
    assert "synthetic validation scenes from seed 40, 1 per cell, 640x480" in out
    rows = dict(re.findall(r"^  (\S+) \(hand layouts\)\s+(12)\s", out, re.M))
    assert set(rows) == {"phase10", "standard"}
    # The fixture photo of ordinary cards, read as Phase 10 ones, is said to be ordinary.
    assert re.search(r"standard-singles\s+1\s+[01]\s+0\s+1 \(100%\)", out), out


def test_unsure_share_of_an_empty_list_is_zero() -> None:
    assert unsure.share([], 0.7) == 0.0
    assert unsure.share([0.5, 0.9], 0.7) == 0.5


@pytest.mark.parametrize(
    ("script", "args", "said"),
    [
        ("read_size", ["--layouts", "bogus"], "layouts are among"),
        ("read_size", ["--scene-size", "1024x768"], "does not shrink 1024x768 scenes"),
        ("unsure", ["--per-family", "0"], "at least 1"),
        ("vision_errors", ["--per-cell", "0"], "at least 1"),
        ("solver", ["--ruleset", "bogus"], "invalid choice"),
        ("count", ["--layouts", "spread,table"], "layouts are among"),
    ],
)
def test_a_bad_argument_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], script: str, args: list[str], said: str
) -> None:
    import importlib

    module = importlib.import_module(f"bench.{script}")
    with pytest.raises(SystemExit) as exit_info:
        module.main(args)
    assert exit_info.value.code == 2 and said in capsys.readouterr().err


def test_cells_judge_without_cells_is_no_verdict(tmp_path) -> None:
    from bench import cells

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert cells.main(["judge", str(tmp_path / "a"), str(tmp_path / "b")]) == 1


def test_count_prints_points_counted_per_layout_and_hand_size(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench import count

    count.main(["--ruleset", "zehn-phasen", "--size", "640x480", "--per-cell", "1",
                "--layouts", "fan", "--most-left", "2"])
    out = capsys.readouterr().out
    assert "zehn-phasen (standard deck, 2 of each face) at 640x480" in out
    share = r"(?:[01]\.\d{3}|-)"
    row = rf"\s+(\d+)\s+{share}\s+\d+\.\d\s+{share}\s+{share}\s+{share}\s+{share}$"
    assert re.search(rf"^  fan, 1-2 cards{row}", out, re.M), out
    total = re.search(rf"^  all{row}", out, re.M)
    assert total and int(total[1]) == 2 * len(count.families("standard"))


def test_count_tells_a_silent_error_from_one_the_page_shows() -> None:
    from bench.count import Counted

    def hand(read: int, cards_read: int = 3, flagged: bool = False,
             refused: bool = False) -> Counted:
        return Counted(held=20, read=read, cards_held=3, cards_read=cards_read, hidden=False,
                       flagged=flagged, refused=refused)

    assert hand(20).right and not hand(20).silent
    assert hand(25).silent  # a misread of the same number of cards, nothing flagged
    assert not hand(25, flagged=True).silent and not hand(25, cards_read=2).silent
    assert not hand(20, refused=True).right and not hand(25, refused=True).silent


def test_table_groups_prints_its_shares_and_a_perfect_reading_scores_every_group(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench import table_groups
    from models.synth.laid import make_laid_scene
    from vision.table import LaidGroup, LaidTable

    table_groups.main(["--scenes", "1", "--size", "640x480"])
    out = capsys.readouterr().out
    assert "command: python" in out and "1 photos (640x480, seeds 570000..)" in out
    assert [line.split()[0] for line in out.splitlines()[3:]] == [
        "grouped", "in", "kind", "line", "same", "geometry"]
    # The tally itself: the groups laid, read back exactly, score all; one card wrong fails one.
    laid = make_laid_scene(5, size=(320, 240))
    exact = LaidTable(tuple(LaidGroup(g.cards, (g.kind,)) for g in laid.groups))
    assert table_groups.tally(laid, exact).line == len(laid.groups)
    wrong = LaidTable((LaidGroup(("R1", *laid.groups[0].cards[1:]), (laid.groups[0].kind,)),
                       *exact.groups[1:]))
    assert table_groups.tally(laid, wrong).line == len(laid.groups) - 1


def test_table_groups_reads_classic_groups_of_playing_cards_under_classic(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench import table_groups

    table_groups.main(["--ruleset", "classic", "--scenes", "1", "--size", "640x480"])
    out = capsys.readouterr().out
    assert "1 photos (640x480, seeds 590000..) of the standard deck under classic" in out
    with pytest.raises(SystemExit):
        table_groups.main(["--deck", "phase10", "--ruleset", "classic", "--scenes", "1"])
    assert "classic is played with the standard deck" in capsys.readouterr().err


def test_copies_counts_two_copies_side_by_side_in_laid_sets_and_hands(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench import copies

    copies.main(["--laid", "2", "--hands", "2", "--deck", "standard", "--size", "640x480"])
    out = capsys.readouterr().out
    assert re.search(r"laid standard, validation seeds 0\.\.1 \(640x480\): \d+ cards with two "
                     r"copies showing: read twice \d+, once \d+, never \d+", out)
    assert re.search(r"hands standard, 2 pairs side by side, validation seeds 0\.\.1 "
                     r"\(640x480\): \d+ cards with two copies", out)
    hand = copies.hand_with_copies(5, "standard", 2, (320, 240)).hand  # two pairs side by side
    assert sum(a == b for a, b in zip(hand, hand[1:], strict=False)) == 2


def test_copies_refuses_seeds_beyond_validation(capsys: pytest.CaptureFixture[str]) -> None:
    from bench import copies

    with pytest.raises(SystemExit):
        copies.main(["--laid", "1001"])
    assert "validation seeds are 0..999" in capsys.readouterr().err


def test_copies_refuses_to_count_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    # "--deck classic --laid 0" printed nothing and exited 0: classic has no hands to count.
    from bench import copies

    with pytest.raises(SystemExit) as stop:
        copies.main(["--deck", "classic", "--laid", "0", "--hands", "5"])
    assert stop.value.code == 2 and "nothing to count" in capsys.readouterr().err


def test_copies_reads_with_or_without_the_copies_beside_rule(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import copies

    asked = []

    def from_file(deck: str, params: DecodeParams) -> None:
        asked.append((deck, params.copies_beside))

    monkeypatch.setattr(copies.Reader, "from_file", from_file)
    # Nothing read: the readers made are what is checked ("--laid 0 --hands 0" counts nothing
    # and is refused since session 63).
    monkeypatch.setattr(copies, "laid_tally", lambda *args: copies.Tally())
    monkeypatch.setattr(copies, "hand_tally", lambda *args: {})
    for flag, said in (([], None), (["--copies-beside", "0"], 0), (["--copies-beside", "1"], 1)):
        asked.clear()
        copies.main(["--laid", "1", "--hands", "1", *flag])
        # None: each file's own setting (the standard file's 1, Phase 10's 0).
        assert asked == [("phase10", said), ("standard", said)]
