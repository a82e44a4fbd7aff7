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


def _write_every_group(folder: Path, f1: dict[str, float]) -> None:
    """One hands cell and one dealt-deck cell per group (tables and d600: their own kind)."""
    folder.mkdir()
    for group in cells.OLD_GROUPS + ("y200",):
        kinds = {"t200": ("tables",), "t320": ("tables",), "d600": ("dealt decks",)}.get(
            group, ("synthetic scenes", "dealt decks"))
        (folder / f"{group}.txt").write_text("".join(
            TABLES.replace("tables", kind).format(size="2016x1512",
                                                  f1=f"{f1.get(f'{group} {kind}', 0.9):.4f}")
            for kind in kinds))


def test_judge_applies_each_criterion_of_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = tmp_path / "base"
    _write_every_group(base, {})
    # Every old cell up by 0.002: (a) holds, and nothing else moves.
    better = tmp_path / "better"
    _write_every_group(better, {f"{g} {k}": 0.902 for g in cells.OLD_GROUPS
                                for k in ("synthetic scenes", "dealt decks", "tables")})
    report = cells.judge(base, better)
    assert "(a) the 17 old cells         0.90000 -> 0.90200 (+0.00200) holds" in report
    assert "(b) the 8 dealt-deck cells" in report
    assert report.endswith("cell criteria: all hold")
    # The same gain, but one guarded hands cell 0.02 down and y200 0.01 down: (c) and (e) fail.
    mixed = tmp_path / "mixed"
    _write_every_group(mixed, {f"{g} {k}": 0.905 for g in cells.OLD_GROUPS
                               for k in ("synthetic scenes", "dealt decks", "tables")}
                       | {"h320 synthetic scenes": 0.88, "y200 synthetic scenes": 0.89,
                          "y200 dealt decks": 0.89})
    report = cells.judge(base, mixed)
    assert "(c) worst guarded cell       h320 synthetic scenes 2016x1512 -0.0200" in report
    assert "FAILS" in report.splitlines()[2] and "FAILS" in report.splitlines()[3]
    assert "holds" in report.splitlines()[0]
    assert report.endswith("cell criteria: not all hold")
    # Only d600 down 0.006: over its own bound in (c), and (a) and (b) fall with it.
    dealt = tmp_path / "dealt"
    _write_every_group(dealt, {"d600 dealt decks": 0.894})
    lines = cells.judge(base, dealt).splitlines()
    assert "FAILS" in lines[1] and "d600 -0.0060 FAILS" in lines[2]
    assert "FAILS" in lines[0] and "holds" in lines[3]
    # A baseline run with --groups leaves groups out: no verdict from part of the cells.
    (base / "y200.txt").unlink()
    assert cells.judge(base, better) == "cannot judge: cells missing or different in y200"
    assert cells.main(["judge", str(better), str(better)]) == 0
    assert "(a) the 17 old cells" in capsys.readouterr().out
