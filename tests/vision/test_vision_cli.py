"""``python -m vision read`` exactly as INTERFACES.md describes it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from tests_vision_helpers import FIXTURES, png_header

from solver import parse_card
from vision.cli import detections_json, main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict]]:
    status = main(["read", *args])
    lines = capsys.readouterr().out.splitlines()
    return status, [json.loads(line) for line in lines]


def _usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """What ``python -m vision`` said on stderr, refusing ``args`` as a usage error."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    assert exit_info.value.code == 2
    return capsys.readouterr().err


def test_one_json_line_per_image(capsys: pytest.CaptureFixture[str]) -> None:
    spread, table = str(FIXTURES / "spread.jpg"), str(FIXTURES / "table.jpg")
    status, lines = _run(capsys, spread, table)
    assert status == 0
    assert [line["image"] for line in lines] == [spread, table]
    assert all(
        set(line) == {"image", "deck", "cards"} and line["deck"] == "phase10" for line in lines
    )
    cards = lines[0]["cards"]  # what is read is tested in test_vision_reader; here: the shape
    assert cards
    for card in cards:
        assert set(card) == {"card", "confidence", "box"}
        assert str(parse_card(card["card"])) == card["card"]  # canonical notation
        assert 0.0 < card["confidence"] <= 1.0
        x0, y0, x1, y1 = card["box"]
        assert all(isinstance(v, int) for v in card["box"]) and 0 <= x0 < x1 and 0 <= y0 < y1
    assert lines[1]["cards"] == []


@pytest.fixture
def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Every kind of bad input, with a fragment of the message it must get."""
    jpeg = (FIXTURES / "spread.jpg").read_bytes()
    files = {
        "notes.jpg": (b"shopping list: milk, eggs\n", "not a readable image"),
        "truncated.jpg": (jpeg[: len(jpeg) // 3], "truncated or corrupt"),
        "tiny.png": (png_header(1, 1), "only 1x1 px"),
        "bomb.png": (png_header(30000, 30000), "more than 100 MP"),
    }
    paths = {}
    for name, (data, message) in files.items():
        (tmp_path / name).write_bytes(data)
        paths[name] = (tmp_path / name, message)
    return paths


def test_bad_files_get_an_error_line_and_the_rest_still_read(
    capsys: pytest.CaptureFixture[str], bad_files: dict[str, tuple[Path, str]]
) -> None:
    spread = str(FIXTURES / "spread.jpg")
    missing = str(FIXTURES / "no-such-photo.jpg")
    names = [str(path) for path, _ in bad_files.values()]
    status, lines = _run(capsys, names[0], spread, *names[1:], missing)
    assert status == 1
    assert [line["image"] for line in lines] == [names[0], spread, *names[1:], missing]
    errors = {line["image"]: line["error"] for line in lines if "error" in line}
    for path, message in bad_files.values():
        assert message in errors[str(path)]
        assert "Traceback" not in errors[str(path)]
    assert "no such file" in errors[missing]
    assert len(lines[1]["cards"]) > 0  # the good photo among them was still read


def test_standard_deck_reads_standard_notation(capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = _run(capsys, "--deck", "standard", str(FIXTURES / "standard_spread.jpg"))
    assert status == 0 and lines[0]["deck"] == "standard"
    cards = [card["card"] for card in lines[0]["cards"]]
    assert len(cards) >= 5
    assert all(card == "X" or card[-1] in "CDHS" for card in cards), cards
    assert all(parse_card(card) for card in cards)


def test_a_deck_without_its_model_file_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("vision.model.MODELS_DIR", tmp_path)
    status, lines = _run(capsys, "--deck", "standard", str(FIXTURES / "standard_spread.jpg"))
    assert status == 1
    assert "no standard-deck model yet" in lines[0]["error"]


def test_a_model_file_not_there_is_said_in_plain_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # It was onnxruntime's "[ONNXRuntimeError] : 3 : NO_SUCHFILE : Load model from ..." (review).
    photo = str(FIXTURES / "spread.jpg")
    for model, said in ((tmp_path / "typo.onnx", "no such file"),
                        (tmp_path, "a folder, not a model file")):
        status, lines = _run(capsys, "--model", str(model), photo)
        assert status == 1 and lines[0]["error"] == f"{model}: {said}"


def test_a_blank_photo_shows_no_cards_and_says_why_without_failing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A flat picture is a readable image: INTERFACES.md keeps "error" and the failing status
    # for files that are no readable image (it got both; vision review, session 47).
    import cv2
    import numpy as np

    blank = tmp_path / "lens-cap.png"
    cv2.imwrite(str(blank), np.full((480, 640, 3), 30, np.uint8))
    asked: list[object] = []  # nor is it the other deck's: that model was loaded to say so
    monkeypatch.setattr("vision.cli.shows_other_deck", lambda *args: asked.append(args))
    status, lines = _run(capsys, str(blank))
    assert not asked
    assert status == 0
    assert lines[0]["cards"] == [] and "the photo is blank" in lines[0]["warning"]
    assert "error" not in lines[0]


def test_an_image_the_reader_refuses_otherwise_is_an_error_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only a blank or colourless photo is a warning; any other refusal keeps INTERFACES.md's
    # "error" and the failing status.
    from vision import Reader
    from vision.errors import ImageError

    def refuse(self: Reader, source: object) -> None:
        raise ImageError("the image data is truncated or corrupt", "image_corrupt")

    monkeypatch.setattr(Reader, "read", refuse)
    status, (line,) = _run(capsys, str(FIXTURES / "spread.jpg"))
    assert status == 1
    assert line == {"image": str(FIXTURES / "spread.jpg"),
                    "error": "the image data is truncated or corrupt"}


def test_a_black_and_white_photo_of_phase_10_cards_is_read_with_a_warning_not_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A readable image, as a blank one is: it got "error" and the failing status, which
    # INTERFACES.md keeps for files that are no readable image.
    import cv2

    grey = tmp_path / "grey.png"
    cv2.imwrite(str(grey), cv2.imread(str(FIXTURES / "spread.jpg"), cv2.IMREAD_GRAYSCALE))
    status, (line,) = _run(capsys, str(grey))
    assert status == 0 and "error" not in line
    assert line["deck"] == "phase10" and line["cards"] == []
    assert "no colours" in line["warning"]


def test_a_black_and_white_photo_of_standard_cards_is_read_with_a_warning_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Its red suits came back black, some sure, with no word (odd-inputs audit, session 63).
    import cv2

    grey = tmp_path / "grey.png"
    cv2.imwrite(str(grey), cv2.imread(str(FIXTURES / "standard_laid.jpg"), cv2.IMREAD_GRAYSCALE))
    status, (line,) = _run(capsys, "--deck", "standard", str(grey))
    assert status == 0 and "error" not in line
    assert line["deck"] == "standard" and line["cards"] == []
    assert "hearts and diamonds are told from spades and clubs" in line["warning"]


def test_deck_sets_bounds_the_copies_reported(capsys: pytest.CaptureFixture[str]) -> None:
    _, bounded = _run(capsys, str(FIXTURES / "copies.jpg"))
    _, unbounded = _run(capsys, "--deck-sets", "0", str(FIXTURES / "copies.jpg"))
    for line in (bounded, unbounded):
        assert line[0]["deck"] == "phase10"
    counts = Counter(card["card"] for card in bounded[0]["cards"])
    limit = {"W": 8, "S": 4}
    assert all(n <= limit.get(token, 2) for token, n in counts.items())
    assert len(unbounded[0]["cards"]) >= len(bounded[0]["cards"])


def test_copies_bound_a_one_deck_table_to_one_of_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A classic game played with one 52-card deck holds one 7 of hearts and two jokers; the
    # zehn-phasen default, two decks, two of each.
    _, two = _run(capsys, str(FIXTURES / "copies.jpg"))
    _, one = _run(capsys, "--copies", "1", str(FIXTURES / "copies.jpg"))
    _, pair = _run(capsys, "--deck-sets", "1", str(FIXTURES / "copies.jpg"))
    assert pair == two
    counts = Counter(card["card"] for card in one[0]["cards"])
    assert max(Counter(card["card"] for card in two[0]["cards"]).values()) == 2
    assert all(n <= {"W": 4, "S": 2}.get(token, 1) for token, n in counts.items())


def test_copies_and_deck_sets_bound_a_table_of_three_decks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # copies.jpg holds one of each card and two Wilds: no bound above one deck is ever reached
    # there, and --deck-sets could be ignored or miscounted unseen (mutation audit).
    import cv2
    import numpy as np

    one_deck = cv2.imread(str(FIXTURES / "copies.jpg"))
    photo = tmp_path / "three_decks.png"
    cv2.imwrite(str(photo), np.hstack([one_deck] * 3))

    def counts(*options: str) -> dict[str, int]:
        status, (line,) = _run(capsys, *options, str(photo))
        assert status == 0
        return dict(Counter(card["card"] for card in line["cards"]))

    numbers = ("B2", "B8", "G11", "R10", "R8", "Y2")
    unbounded = counts("--copies", "0")
    assert unbounded == {**dict.fromkeys(numbers, 3), "W": 6}
    assert counts("--deck-sets", "0") == unbounded
    two = {**dict.fromkeys(numbers, 2), "W": 6}
    assert counts() == counts("--deck-sets", "1") == two
    assert counts("--copies", "1") == {**dict.fromkeys(numbers, 1), "W": 4}
    # A deck with its own count of a face: bounded at that count, even with --copies 0.
    assert counts("--at-most", "W=5") == {**two, "W": 5}
    assert counts("--copies", "0", "--at-most", "w=3, B2=1") == {**unbounded, "W": 3, "B2": 1}


@pytest.mark.parametrize(("options", "said"), [
    (["--at-most", "X"], "argument --at-most: 'X' is not TOKEN=N, e.g. X=2"),
    (["--at-most", "W=two"], "argument --at-most: 'W=two' is not TOKEN=N, e.g. X=2"),
    (["--at-most", "7Z=1"], "argument --at-most: '7Z' is not a card"),
])
def test_at_most_takes_cards_with_their_counts(
    capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert said in _usage_error(capsys, "read", *options, str(FIXTURES / "spread.jpg"))


@pytest.mark.parametrize(("counts", "said"), [
    ("X=2", "at_most: X is no face of the phase10 deck"),
    ("W=0", "at_most: W with no copy is a face the deck lacks: put it in without"),
])
def test_at_most_is_checked_against_the_deck_read(
    capsys: pytest.CaptureFixture[str], counts: str, said: str
) -> None:
    photos = [str(FIXTURES / "spread.jpg"), str(FIXTURES / "laid.jpg")]
    status, lines = _run(capsys, "--at-most", counts, *photos)
    assert status == 1 and [line["error"] for line in lines] == [said] * 2


def test_without_reads_no_card_as_a_face_the_deck_lacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # spread.jpg holds a Skip: a Phase 10 game played without skips reads no card as one.
    # Told it cannot be there, the reader names the card the next face it looks like, the
    # other colourless one (in a deck without skips, what looks like one is not a number).
    def read(*options: str) -> Counter[str]:
        status, (line,) = _run(capsys, *options, str(FIXTURES / "spread.jpg"))
        assert status == 0
        return Counter(card["card"] for card in line["cards"])

    every = read()
    assert every["S"] == 1 and every["W"] == 0
    lacking = read("--without", "s")
    assert lacking == read("--without", " S ,") == every - Counter({"S": 1}) + Counter({"W": 1})
    # A table photo of such a game: its rules say so, as the solver's CLI takes them.
    assert read("--table", "mattel", "--skips", "off") == lacking
    assert read("--table", "mattel", "--skips", "on") == every


def test_skips_go_with_the_tables_rules(capsys: pytest.CaptureFixture[str]) -> None:
    for options, said in ((["--skips", "off"], "--skips goes with --table RULESET"),
                          (["--table", "mattel", "--skips", "few"], "--skips 'few': use 'off'"),
                          # Said twice, once by --skips: an error line for every image before,
                          # "X is given more than once" of an X given once (vision audit).
                          (["--table", "zehn-phasen", "--skips", "2", "--at-most", "X=3"],
                           "--skips 2 already says how many X cards the deck has"),
                          (["--table", "mattel", "--without", "S", "--skips", "2"],
                           "leave S out of --at-most and --without")):
        assert said in _usage_error(capsys, "read", *options, str(FIXTURES / "spread.jpg"))


def test_without_and_at_most_are_kept_from_the_other_decks_reader(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A weak reading is checked against the other deck's reader, which --without X was handed
    # too: "X is no face of the phase10 deck", and the photo was lost.
    status, (line,) = _run(capsys, "--deck", "standard", "--without", "X",
                           str(FIXTURES / "standard_spread.jpg"))
    assert status == 0 and "error" not in line and line["cards"]
    assert "X" not in {card["card"] for card in line["cards"]}
    # and so is --at-most
    status, (line,) = _run(capsys, "--deck", "standard", "--at-most", "X=2",
                           str(FIXTURES / "standard_spread.jpg"))
    assert status == 0 and "error" not in line and line["cards"]


@pytest.mark.parametrize(("options", "said"), [
    (["--without", "7Z"], "argument --without: '7Z' is not a card"),
    (["--without", "X"], None),  # X is a card, but no face of the Phase 10 deck
])
def test_without_names_a_face_of_the_deck_read(
    capsys: pytest.CaptureFixture[str], options: list[str], said: str | None
) -> None:
    photos = [str(FIXTURES / "spread.jpg"), str(FIXTURES / "laid.jpg")]
    if said is not None:
        assert said in _usage_error(capsys, "read", *options, *photos)
        return
    status, lines = _run(capsys, *options, *photos)
    assert status == 1
    assert [line["error"] for line in lines] == ["without: X is no face of the phase10 deck"] * 2


def test_a_classic_tables_decks_bound_its_copies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Three strips of one standard hand: each card shows three times, so the bound decides.
    import cv2
    import numpy as np

    photo = tmp_path / "three_strips.png"
    cv2.imwrite(str(photo), np.hstack([cv2.imread(str(FIXTURES / "standard_spread.jpg"))] * 3))

    def counts(*options: str) -> Counter[str]:
        status, (line,) = _run(capsys, *options, str(photo))
        assert status == 0 and "error" not in line
        return Counter(card["card"] for card in line["cards"])

    unbounded = counts("--deck", "standard", "--copies", "0")
    assert set(unbounded.values()) == {3}
    assert counts("--table", "classic", "--decks", "1") == Counter(dict.fromkeys(unbounded, 1))
    assert counts("--table", "classic", "--decks", "3") == unbounded
    # Without --decks, the ruleset's own deck: classic's two.
    assert counts("--table", "classic") == Counter(dict.fromkeys(unbounded, 2))


@pytest.mark.parametrize(("options", "said"), [
    (["--decks", "1"], "--decks goes with --table classic (without it: --copies)"),
    (["--table", "zehn-phasen", "--decks", "1"],
     "the number of decks is an option of classic only"),
    (["--table", "classic", "--decks", "0"], "the number of decks goes from 1 to 10"),
    (["--table", "classic", "--decks", "1", "--copies", "1"],
     "argument --copies: not allowed with argument --decks"),
])
def test_decks_is_a_classic_tables_count(
    capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    assert said in _usage_error(capsys, "read", *options, str(FIXTURES / "standard_spread.jpg"))


def test_copies_and_deck_sets_are_one_choice(capsys: pytest.CaptureFixture[str]) -> None:
    said = _usage_error(capsys, "read", "--copies", "1", "--deck-sets", "1",
                        str(FIXTURES / "copies.jpg"))
    assert "not allowed with argument" in said


@pytest.mark.parametrize("option", ["--deck-sets", "--copies"])
@pytest.mark.parametrize("value", ["-1", "two"])
def test_deck_sets_must_be_a_count(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    said = _usage_error(capsys, "read", option, value, str(FIXTURES / "copies.jpg"))
    assert "must be a whole number, 0 or more" in said


@pytest.mark.parametrize("value", ["1.5", "0", "1", "high", "nan"])
def test_threshold_must_be_a_peak_between_0_and_1(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    said = _usage_error(capsys, "read", "--threshold", value, str(FIXTURES / "copies.jpg"))
    assert "must be a number between 0 and 1" in said


def test_no_command_is_a_usage_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert "required: command" in _usage_error(capsys)


def test_confidences_are_given_to_three_places() -> None:
    from vision import Detection

    card = parse_card("R7")
    assert detections_json([Detection(card, (1, 2, 30, 40), 0.98765)]) == [
        {"card": "R7", "confidence": 0.988, "box": [1, 2, 30, 40]}]


def test_a_threshold_given_replaces_the_models(capsys: pytest.CaptureFixture[str]) -> None:
    spread = str(FIXTURES / "spread.jpg")
    _, [stored] = _run(capsys, spread)
    _, [strict] = _run(capsys, "--threshold", "0.999", spread)
    assert stored["cards"] and strict["cards"] == []  # no peak reaches it: nothing read


def test_draw_writes_the_annotated_photo(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _ = _run(capsys, "--draw", str(tmp_path), str(FIXTURES / "spread.jpg"))
    assert status == 0
    assert (tmp_path / "spread.boxes.jpg").stat().st_size > 0


def test_photos_of_one_name_each_keep_their_drawing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a/spread.jpg and b/spread.jpg were both drawn as spread.boxes.jpg, the first lost
    # without a word (odd-inputs audit).
    photos = []
    for folder, name in (("a", "spread.jpg"), ("b", "spread.jpg"), ("c", "Spread.jpg")):
        (tmp_path / folder).mkdir()
        photos.append(tmp_path / folder / name)
        photos[-1].write_bytes((FIXTURES / "spread.jpg").read_bytes())
    status = main(["read", "--draw", str(tmp_path / "out"), *map(str, photos)])
    captured = capsys.readouterr()
    assert status == 0 and len(captured.out.splitlines()) == 3
    # A case-blind file system (macOS, Windows) would have made Spread one with spread.
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "Spread-3.boxes.jpg", "spread-2.boxes.jpg", "spread.boxes.jpg"]
    assert f"note: {photos[1]} is drawn as spread-2.boxes.jpg" in captured.err
    assert f"note: {photos[0]}" not in captured.err  # the first keeps its own name unsaid


def test_a_drawing_is_the_photo_as_read_with_its_boxes_on_the_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Drawn from a second decode in full, a 108 MP photo just read was refused as a "bomb";
    # drawn as read, its boxes must be scaled to it (odd-inputs audit, review).
    import cv2

    from vision import Reader
    from vision.draw import confidence_colour

    big = cv2.resize(cv2.imread(str(FIXTURES / "spread.jpg")), None, fx=5, fy=5)
    photo = tmp_path / "big.png"
    cv2.imwrite(str(photo), big)
    status, (line,) = _run(capsys, "--draw", str(tmp_path / "out"), str(photo))
    drawing = cv2.imread(str(tmp_path / "out" / "big.boxes.jpg"))
    assert status == 0 and line["cards"]
    as_read = Reader.from_file().load(str(photo)).pixels
    assert drawing.shape == as_read.shape and drawing.shape[1] < big.shape[1]
    factor = drawing.shape[1] / big.shape[1]
    for card in line["cards"]:
        x0, y0, x1, y1 = (round(v * factor) for v in card["box"])
        edge = drawing[(y0 + y1) // 2, x0 + 1].astype(int)  # on the box's left side
        assert abs(edge - confidence_colour(card["confidence"])).max() < 60, card


def test_a_draw_folder_that_cannot_be_made_is_refused_before_any_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("not a folder")
    with pytest.raises(SystemExit) as exit_info:
        main(["read", "--draw", str(a_file / "boxes"), str(FIXTURES / "spread.jpg")])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert "cannot make the folder" in captured.err and captured.out == ""


def test_a_draw_folder_is_made_with_the_folders_above_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _ = _run(capsys, "--draw", str(tmp_path / "runs" / "today"),
                     str(FIXTURES / "spread.jpg"))
    assert status == 0
    assert (tmp_path / "runs" / "today" / "spread.boxes.jpg").stat().st_size > 0


def test_a_draw_folder_refused_is_said_in_plain_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "taken").write_text("not a folder")
    folder = str(tmp_path / "taken" / "boxes")
    with pytest.raises(SystemExit):
        main(["read", "--draw", folder, str(FIXTURES / "spread.jpg")])
    assert f"cannot make the folder {folder!r}: Not a directory" in capsys.readouterr().err


def test_a_drawing_whose_name_is_too_long_is_said_in_plain_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # NAME.boxes.jpg is 6 characters longer than NAME.jpg: over the file system's 255.
    photo = tmp_path / f"{'h' * 250}.jpg"
    photo.write_bytes((FIXTURES / "spread.jpg").read_bytes())
    status = main(["read", "--draw", str(tmp_path / "out"), str(photo)])
    captured = capsys.readouterr()
    assert status == 0 and json.loads(captured.out)["cards"]
    assert captured.err.startswith("warning: could not write ")
    assert captured.err.endswith(".boxes.jpg (File name too long)\n")


@pytest.mark.parametrize("fails", ["returns False", "raises"])
def test_a_drawing_that_cannot_be_encoded_is_not_written_and_keeps_the_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    fails: str
) -> None:
    import cv2
    import numpy as np

    def imencode(*args: object) -> tuple[bool, np.ndarray]:
        if fails == "raises":
            raise cv2.error("out of memory")
        return False, np.zeros(0, np.uint8)  # OpenCV's answer to a side over 65500 px

    monkeypatch.setattr(cv2, "imencode", imencode)
    status = main(["read", "--draw", str(tmp_path), str(FIXTURES / "spread.jpg")])
    captured = capsys.readouterr()
    assert status == 0 and json.loads(captured.out)["cards"]
    why = "out of memory" if fails == "raises" else "the picture could not be encoded"
    assert captured.err == f"warning: could not write {tmp_path / 'spread.boxes.jpg'} ({why})\n"
    assert list(tmp_path.iterdir()) == []  # no empty file left as if it were the drawing


def _merged(*args: str) -> list[str]:
    """``python -m vision read`` with stdout and stderr in one pipe, as a terminal or a log
    shows them, stdout buffered as a pipe is by default (some machines set PYTHONUNBUFFERED)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    result = subprocess.run(
        [sys.executable, "-m", "vision", "read", *args], cwd=Path(__file__).resolve().parents[2],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300,
    )
    return result.stdout.splitlines()


def test_each_line_is_out_before_the_next_photo_is_read(tmp_path: Path) -> None:
    # A line held back in the buffer came after the next photo's note: a log read top to
    # bottom put the warning beside the wrong photo.
    (tmp_path / "table.boxes.jpg").mkdir()  # the second photo's drawing cannot be written
    spread, table = str(FIXTURES / "spread.jpg"), str(FIXTURES / "table.jpg")
    lines = _merged("--draw", str(tmp_path), spread, table)
    assert len(lines) == 3
    assert json.loads(lines[0])["image"] == spread
    assert lines[1].startswith("warning: could not write")
    assert json.loads(lines[2])["image"] == table


def test_a_model_that_cannot_be_loaded_gives_its_lines_before_the_error(tmp_path: Path) -> None:
    spread, table = str(FIXTURES / "spread.jpg"), str(FIXTURES / "table.jpg")
    lines = _merged("--model", str(tmp_path / "typo.onnx"), spread, table)
    assert [json.loads(line)["image"] for line in lines[:2]] == [spread, table]
    assert lines[2:] == [f"error: {tmp_path / 'typo.onnx'}: no such file"]


def test_a_drawing_that_cannot_be_written_keeps_the_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "spread.boxes.jpg").mkdir()  # where the drawing would go
    status = main(["read", "--draw", str(tmp_path), str(FIXTURES / "spread.jpg")])
    captured = capsys.readouterr()
    assert status == 0 and json.loads(captured.out)["cards"]
    assert "warning: could not write" in captured.err
    assert "a folder of that name is in the way" in captured.err


def test_a_photo_whose_name_is_not_utf_8_is_drawn(tmp_path: Path) -> None:
    # cv2.imwrite ended the whole run in a segmentation fault on 'hand\xe9.boxes.jpg' (a name
    # from an old zip): the drawing is encoded by OpenCV and written by Python.
    photo = tmp_path / os.fsdecode(b"hand\xe9.jpg")
    photo.write_bytes((FIXTURES / "spread.jpg").read_bytes())
    out = tmp_path / "out"
    result = subprocess.run(
        [sys.executable, "-m", "vision", "read", "--draw", str(out), str(photo),
         str(FIXTURES / "spread.jpg")],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert [len(json.loads(line)["cards"]) > 0 for line in result.stdout.splitlines()] == [
        True, True]
    assert sorted(os.listdir(os.fsencode(out))) == [b"hand\xe9.boxes.jpg", b"spread.boxes.jpg"]


@pytest.mark.parametrize("args", [["--help"], ["read", "--help"]])
def test_help(args: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "vision", *args], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert "read" in result.stdout


def test_a_photo_is_decoded_once_for_reading_the_deck_check_and_drawing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Phase 10 cards read as standard ones: the other deck's model reads the photo too.
    import vision.load

    opened = []
    real = vision.load._open
    monkeypatch.setattr(vision.load, "_open", lambda *a, **k: opened.append(1) or real(*a, **k))
    photo = Path(__file__).resolve().parents[1] / "app" / "fixtures" / "hand11.jpg"
    status, (line,) = _run(capsys, "--deck", "standard", "--draw", str(tmp_path), str(photo))
    assert status == 0 and line.get("looks_like") == "phase10"
    assert len(opened) == 1


def test_table_prints_the_laid_groups_as_the_solver_batch_takes_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    from make_fixtures import LAID

    from solver.cli import batch_line

    status, (line,) = _run(capsys, "--table", "mattel", str(FIXTURES / "laid.jpg"))
    assert status == 0 and line["deck"] == "phase10" and line["cards"]
    assert [" ".join([group["kind"], *group["cards"]]) for group in line["table"]] == list(LAID)
    assert line["left_out"] == [] and not any("kinds" in group for group in line["table"])
    # Fed on as the table of a player who is down: the B7 goes onto the set.
    said = batch_line(json.dumps({"ruleset": "mattel", "phase": 1, "hand": ["Y7", "R12"],
                                  "table": line["table"], "down": True}))
    assert [(hit["card"], hit["group"]) for hit in said["hits"]] == [("Y7", 0)], said


def test_table_groups_are_judged_by_the_games_own_phases(
        capsys: pytest.CaptureFixture[str]) -> None:
    from make_fixtures import LAID

    # A game whose own phases lay no colour group: the photo's colour group fits no kind there
    # and is left out to type, as the page does for such a game.
    laid = str(FIXTURES / "laid.jpg")
    status, (line,) = _run(capsys, "--table", "mattel", "--phases", "set 3 + run 4; run 8",
                           laid)
    assert status == 0
    assert [" ".join([g["kind"], *g["cards"]]) for g in line["table"]] == list(LAID[:2])
    assert line["left_out"] == [LAID[2].split()[1:]]  # the group's cards, as laid
    # Phases after the ruleset's keep its own: the colour group is read as before.
    status, (line,) = _run(capsys, "--table", "mattel", "--extra-phases", "run 10", laid)
    assert [" ".join([g["kind"], *g["cards"]]) for g in line["table"]] == list(LAID)
    for args, said in ((["--phases", "set 3"], "they go with --table"),
                       (["--table", "mattel", "--phases", "pair 3"], "pair")):
        assert said in _usage_error(capsys, "read", *args, "hand.jpg")


def test_table_reads_with_the_deck_its_ruleset_plays(capsys: pytest.CaptureFixture[str]) -> None:
    from make_fixtures import STANDARD_LAID

    status, (line,) = _run(capsys, "--table", "zehn-phasen",
                           str(FIXTURES / "standard_laid.jpg"))
    assert status == 0 and line["deck"] == "standard"
    assert [" ".join([group["kind"], *group["cards"]]) for group in line["table"]] == list(
        STANDARD_LAID)
    # Under classic its Kings are no wilds: the set and the run are left out, to type.
    status, (line,) = _run(capsys, "--table", "classic", "--deck", "standard",
                           str(FIXTURES / "standard_laid.jpg"))
    assert [group["kind"] for group in line["table"]] == ["suit"]
    assert line["left_out"] == [line.split()[1:] for line in STANDARD_LAID[:2]]


def test_a_table_of_the_other_decks_cards_is_pointed_to_that_decks_rulesets(
        capsys: pytest.CaptureFixture[str]) -> None:
    # "try --deck phase10" under --table classic, which then refuses --deck phase10 (classic
    # audit, session 66).
    assert main(["read", "--table", "classic", str(FIXTURES / "laid.jpg")]) == 0
    said = capsys.readouterr().err
    assert "looks like phase10 cards, not standard ones; try --table mattel" in said
    assert "--deck" not in said


def test_table_with_the_other_decks_ruleset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["read", "--table", "zehn-phasen", "--deck", "phase10", "hand.jpg"])
    assert exited.value.code == 2
    assert ("--table zehn-phasen is played with standard cards, not phase10 ones: leave --deck "
            "out or give --deck standard") in capsys.readouterr().err


def test_table_guesses_and_lone_cards_are_said(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    import cv2

    from vision.draw import GROUP_COLOUR, LEFT_OUT_COLOUR

    # The laid photo cut at the set's R7: a B7 and a W are a set, a run or a colour group.
    photo = cv2.imread(str(FIXTURES / "laid.jpg"))
    cut = tmp_path / "cut.png"
    cv2.imwrite(str(cut), photo[:, 150:])
    status, (line,) = _run(capsys, "--table", "mattel", str(cut))
    assert line["table"][0] == {"kind": "set", "cards": ["B7", "W"],
                                "kinds": ["set", "run", "colour"]}
    # Cut further, the set's W and the colour group's G11 lie alone: left out, to type.
    part = tmp_path / "part.png"
    cv2.imwrite(str(part), photo[:, 300:])
    status, (line,) = _run(capsys, "--table", "mattel", "--draw", str(tmp_path), str(part))
    assert status == 0
    assert line["table"] == [{"kind": "run", "cards": ["Y3", "R4", "B5", "G6"]}]
    assert line["left_out"] == [["W"], ["G11"]]
    drawing = cv2.imread(str(tmp_path / "part.boxes.jpg"))
    for colour in (GROUP_COLOUR, LEFT_OUT_COLOUR):  # the group outlined, the lone card dashed
        assert (abs(drawing.astype(int) - colour).max(axis=2) < 40).sum() > 200, colour
    # Without --table, the contract's keys alone and no outlines.
    status, (line,) = _run(capsys, "--draw", str(tmp_path / "plain"), str(part))
    assert set(line) == {"image", "deck", "cards"}
    plain = cv2.imread(str(tmp_path / "plain" / "part.boxes.jpg"))
    assert (abs(plain.astype(int) - GROUP_COLOUR).max(axis=2) < 40).sum() < 50


def test_table_with_another_decks_model_is_an_error_line_per_image(
        capsys: pytest.CaptureFixture[str]) -> None:
    from vision.model import DECKS, MODELS_DIR

    laid = str(FIXTURES / "laid.jpg")
    model = str(MODELS_DIR / DECKS["phase10"].model_file)
    status, lines = _run(capsys, "--table", "zehn-phasen", "--model", model, laid, laid)
    said = f"--table zehn-phasen is played with standard cards, but {model} reads phase10 ones"
    assert status == 1 and lines == [{"image": laid, "error": said}] * 2
    # --deck alone too: its lines said "deck": "phase10", the --deck asked for ignored.
    status, lines = _run(capsys, "--deck", "standard", "--model", model, laid)
    said = f"--deck standard asks for standard cards, but {model} reads phase10 ones"
    assert status == 1 and lines == [{"image": laid, "error": said}]


def test_table_reads_the_groups_under_the_house_rules_given(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import vision.cli
    from vision.table import LaidTable

    seen = []

    def laid_table(rules, detections):  # what the groups are judged under
        seen.append((rules.name, rules.wrap, rules.naturals))
        return LaidTable(())

    monkeypatch.setattr(vision.cli, "laid_table", laid_table)
    status, _ = _run(capsys, "--table", "zehn-phasen", "--wrap", "--naturals", "0",
                     str(FIXTURES / "standard_laid.jpg"))
    assert status == 0 and seen == [("zehn-phasen", True, 0)]
    for args, said in ((["--wrap"], "they go with --table"),
                       (["--table", "mattel", "--naturals", "3"], "must be 0, 1 or 2")):
        assert said in _usage_error(capsys, "read", *args, "hand.jpg")
