"""``bench/cells.py`` runs bench/vision.py's validation groups and compares two models' cells."""

from __future__ import annotations

from pathlib import Path

import pytest

import bench.cells as cells

TABLES = ("validation tables (standard deck) at {size} (2-4 hands dealt on a table): 32, seeds "
          "212..243\nper layout\n  all                      32    900  0.9  0.8  {f1}   0.250\n")


def test_a_tiny_group_runs_and_its_report_parses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(cells.GROUPS, "tiny", "--validation-from 200 --per-cell 1 --tables 0 "
                        "--deals 1 --scans 1 --scene-size 320x240")
    assert cells.run(Path("models/standard.onnx"), tmp_path, ["tiny"]) == 0
    got = cells.read_group(tmp_path, "tiny")
    assert [(c.kind, c.size) for c in got] == [
        ("synthetic scenes", "320x240"), ("dealt decks", "320x240"), ("single-card scans", "-")]
    assert all(0.0 <= c.f1 <= 1.0 and 0.0 <= c.exact <= 1.0 for c in got)
    assert cells.parse((tmp_path / "tiny.txt").read_text(), "dealt decks") == got[1:2]


def test_the_docstring_examples() -> None:
    import doctest

    assert doctest.testmod(cells).failed == 0  # bench/ is outside pytest's doctest paths


def test_compare_lines_up_the_cells_of_two_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    for folder, f1 in ((before, "0.8500"), (after, "0.8700")):
        folder.mkdir()
        text = TABLES.format(size="2016x1512", f1="0.9500") + TABLES.format(size="1024x768", f1=f1)
        # A tables group runs a few hands only to reach its seeds: those do not count.
        hands = TABLES.replace("tables", "synthetic scenes").format(size="2016x1512", f1="0.1")
        (folder / "t200.txt").write_text(hands + text)
    (before / "t320.txt").write_text(TABLES.format(size="2016x1512", f1="0.9"))
    (after / "t320.txt").write_text(TABLES.format(size="1024x768", f1="0.9"))
    report = cells.compare(before, after)
    assert "t200   tables 1024x768" in report and "+0.0200" in report
    assert "synthetic scenes" not in report
    assert "t320   (the two reports hold different cells; not compared)" in report
    assert report.endswith("all 2 cells: mean change +0.0100, up in 1, down in 0, worst +0.0000")
    assert cells.main(["compare", str(before), str(after)]) == 0
    assert "mean change" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cells.main(["compare", str(before), str(tmp_path / "missing")])
    assert "no folder at" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cells.main(["run", str(tmp_path / "none.onnx"), str(tmp_path / "out")])
    assert "no model file at" in capsys.readouterr().err
    assert cells.compare(tmp_path / "before", tmp_path).startswith("no group is in both")
