"""``python -m models.synth``: writes scenes, labels and previews; bad options get a message."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from models.synth.__main__ import main


def test_writes_scenes_labels_and_previews(tmp_path: Path) -> None:
    out = tmp_path / "scenes"
    assert main([str(out), "-n", "2", "--seed", "5", "--size", "320x240", "--draw"]) == 0
    records = json.loads((out / "labels.json").read_text())
    assert [r["seed"] for r in records] == [5, 6]
    for record in records:
        image = cv2.imread(str(out / record["image"]))
        assert image is not None and image.shape == (240, 320, 3)
        assert (out / record["image"].replace(".png", "_labels.png")).exists()
        assert record["layout"] in ("spread", "overlap", "fan")
        for card in record["cards"]:
            assert card["indices"] and len(card["quad"]) == 4


@pytest.mark.parametrize("flag", ["--harsh-light", "--phone-look"])
def test_harsh_light_and_phone_look_redraw_the_same_scenes(tmp_path: Path, flag: str) -> None:
    argv = ["-n", "1", "--seed", "5", "--size", "320x240", "--deck", "standard"]
    assert main([str(tmp_path / "plain"), *argv]) == 0
    assert main([str(tmp_path / "asked"), *argv, flag]) == 0
    plain, asked = (json.loads((tmp_path / name / "labels.json").read_text())
                    for name in ("plain", "asked"))
    assert plain == asked
    image = plain[0]["image"]
    assert not np.array_equal(cv2.imread(str(tmp_path / "plain" / image)),
                              cv2.imread(str(tmp_path / "asked" / image)))


def test_loose_decks_ornate_courts_and_crowded_corners_on_request(tmp_path: Path) -> None:
    argv = ["-n", "1", "--seed", "6", "--size", "640x480", "--deck", "standard", "--layout",
            "loose"]
    assert main([str(tmp_path / "plain"), *argv]) == 0
    assert main([str(tmp_path / "busy"), *argv, "--ornate-courts"]) == 0
    plain, busy = (json.loads((tmp_path / name / "labels.json").read_text())
                   for name in ("plain", "busy"))
    assert plain == busy and plain[0]["layout"] == "loose" and len(plain[0]["cards"]) >= 20
    image = plain[0]["image"]
    assert not np.array_equal(cv2.imread(str(tmp_path / "plain" / image)),
                              cv2.imread(str(tmp_path / "busy" / image)))
    assert main([str(tmp_path / "crowded"), *argv, "--crowded-corners"]) == 0
    crowded = json.loads((tmp_path / "crowded" / "labels.json").read_text())
    # Hands squared up to the index: the same deck, other places.
    assert crowded[0]["layout"] == "loose" and crowded != plain
    assert main([str(tmp_path / "curly"), *argv, "--swash-q"]) == 0
    curly = json.loads((tmp_path / "curly" / "labels.json").read_text())
    # The same cards where they were; each Q another shape (its index box fitted to it).
    assert [(c["card"], c["quad"]) for c in curly[0]["cards"]] == [
        (c["card"], c["quad"]) for c in plain[0]["cards"]]
    # The edition's own pips, index font, typeface.
    for flag in ("--pip-shapes", "--narrow-indices", "--typefaces"):
        assert main([str(tmp_path / flag), *argv, flag]) == 0
        drawn = json.loads((tmp_path / flag / "labels.json").read_text())
        assert [(c["card"], c["quad"]) for c in drawn[0]["cards"]] == [
            (c["card"], c["quad"]) for c in plain[0]["cards"]]
        assert not np.array_equal(cv2.imread(str(tmp_path / "plain" / image)),
                                  cv2.imread(str(tmp_path / flag / image)))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--size", "big"], "size must look like 1024x768"),
        (["--layout", "pile"], "invalid choice"),
        (["-n", "0"], "--count must be at least 1"),
        (["--cards", "100"], "--cards must be 1 to 60, not 100"),
        (["--swash-q"], "draw standard cards: add --deck standard"),  # not plain Phase 10 faces
    ],
)
def test_bad_options_are_explained(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        code = main([str(tmp_path), *argv])
        raise SystemExit(code)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_help_describes_the_tool(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "labelled photos of Phase 10 hands" in capsys.readouterr().out


def test_a_folder_whose_name_is_not_utf_8_is_written_to(tmp_path: Path) -> None:
    # cv2.imwrite ended the run in a segmentation fault there: run apart, so the old code's
    # crash fails this test and not the session.
    import os
    import subprocess
    import sys

    out = tmp_path / os.fsdecode(b"scenes\xe9")
    result = subprocess.run(
        [sys.executable, "-m", "models.synth", str(out), "-n", "1", "--size", "320x240"],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True,
        errors="replace", timeout=300)
    assert result.returncode == 0, result.stderr
    assert cv2.imdecode(np.fromfile(out / "scene_00000.png", np.uint8),
                        cv2.IMREAD_COLOR).shape == (240, 320, 3)
