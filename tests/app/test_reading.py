"""The page reads a phone photo at the runtime's own decode size and shows it at display size."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from solver import parse_card
from ui import reading
from vision import DEFAULT_PARAMS, DecodeParams, Detection, Reader, scaled

FIXTURES = Path(__file__).parent / "fixtures"
MODEL = Path(__file__).resolve().parents[2] / "models" / "phase10.onnx"


def test_a_12_megapixel_photo_is_read_as_the_runtime_reads_it():
    hand = cv2.imread(str(FIXTURES / "hand11.jpg"))
    # A 12 MP phone photo: the runtime decodes it at half size (2016x1512), well above the
    # picture the page shows.
    phone = cv2.resize(hand, (4032, 3024), interpolation=cv2.INTER_CUBIC)
    data = cv2.imencode(".jpg", phone, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    reader = Reader.from_file(MODEL)

    found = reading.read_photo(reader, data)
    runtime = sorted(reader.read(data), key=lambda d: (d.box[0], d.box[1]))

    assert max(found.drawn().shape[:2]) == reading.DISPLAY_SIDE
    assert len(found.detections) >= 9  # the hand holds 11 cards
    # The same cards, confidences and boxes (in the original photo's pixels) as the runtime.
    assert list(found.detections) == runtime


def test_a_long_thin_image_is_read_as_the_command_line_reads_it():
    # Decoded shrunk to 1667x5 and read as that array, a 20000x50 strip was refused as "only
    # 1667x5 px" (in English, whatever the page's language) where `vision read` read it.
    strip = cv2.imencode(".png", cv2.resize(cv2.imread(str(FIXTURES / "hand11.jpg")),
                                            (20000, 50)))[1].tobytes()
    reader = Reader.from_file(MODEL)
    assert reading.read_photo(reader, strip).detections == tuple(reader.read(strip))


def test_boxes_follow_the_picture_when_it_is_shrunk():
    seven = Detection(parse_card("R7"), (400, 200, 600, 500), 0.95)
    shrunk = Detection(parse_card("R7"), (100, 50, 150, 125), 0.95)
    assert scaled([seven], 0.25) == (shrunk,)
    assert scaled([seven], 1.0) == (seven,)


@pytest.mark.parametrize(("decks", "copies"), [(1, 1), (3, 3), (4, 4)])
def test_a_classic_game_reads_with_as_many_copies_as_its_decks(
    monkeypatch: pytest.MonkeyPatch, decks: int, copies: int
) -> None:
    # The bound came in pairs of decks: a 3-deck game's third 7 of hearts was merged into
    # another, and a 1-deck game let a card be read twice.
    from solver import ruleset
    from ui import page_common

    asked: list[tuple[str, int]] = []

    def reader(deck: str, params: DecodeParams = DEFAULT_PARAMS) -> Reader:
        asked.append((deck, params.copies))
        return Reader.from_file(deck="standard", params=params)

    monkeypatch.setattr(page_common, "card_reader", reader)
    photo = (FIXTURES.parents[2] / "tests" / "vision" / "fixtures" / "standard_spread.jpg")
    found, problem = page_common.read_photo(photo.read_bytes(), ruleset("classic", decks=decks))
    assert problem is None and found is not None and found.detections
    assert asked[0] == ("standard", copies)
    bound = Reader.from_file(deck="standard", params=DecodeParams(copies=copies)).max_copies
    assert bound is not None and (bound("7H"), bound("X")) == (copies, 2 * copies)


@pytest.mark.parametrize(("name", "skips", "without", "at_most"), [
    ("zehn-phasen", False, {"X"}, set()), ("zehn-phasen", 2, set(), {("X", 2)}),
    ("mattel", False, {"S"}, {("W", 8)}), ("mattel", True, set(), {("W", 8), ("S", 4)}),
    ("classic", True, set(), {("X", 4)}),
])
def test_a_game_without_skips_reads_no_card_as_one(
    monkeypatch: pytest.MonkeyPatch, name: str, skips: bool | int, without: set[str],
    at_most: set[tuple[str, int]],
) -> None:
    # Its deck has none (seed 001's "fewer jokers", Phase 10's skips left out): a card that
    # looks like one is read as its next likeliest face; one with fewer is read with no more
    # than it has. The other deck, asked only when the photo looks like its cards, reads all
    # of its own.
    from solver import ruleset
    from ui import page_common

    asked: list[tuple[str, frozenset[str], frozenset[tuple[str, int]]]] = []

    def reader(deck: str, params: DecodeParams = DEFAULT_PARAMS) -> Reader:
        asked.append((deck, params.without, params.at_most))
        return Reader.from_file(deck=deck, params=params)

    monkeypatch.setattr(page_common, "card_reader", reader)
    rules = ruleset(name, skips=skips)
    photo = FIXTURES / "hand11.jpg"
    found, problem = page_common.read_photo(photo.read_bytes(), rules)
    assert problem is None and found is not None
    assert asked[0] == (rules.deck.value, without, at_most)
    assert all(not lacking and not bounded for _, lacking, bounded in asked[1:])


def test_what_the_deck_holds_is_part_of_what_a_reading_is_kept_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A reading made for a deck with skips must not be shown again once the game has none.
    from solver import Ruleset, ruleset
    from ui import page_common

    calls: list[tuple[list[str], list[tuple[str, int]]]] = []

    def read_photo(data: bytes, rules: Ruleset) -> tuple[None, None]:
        params = page_common.deck_params(rules)
        calls.append((sorted(params.without), sorted(params.at_most)))
        return None, None

    with_skips, without = ruleset("zehn-phasen"), ruleset("zehn-phasen", skips=False)
    fewer = ruleset("zehn-phasen", skips=2)
    monkeypatch.setattr(page_common, "read_photo", read_photo)
    monkeypatch.setattr(page_common, "state", {})
    for rules in (with_skips, with_skips, without, without, fewer, fewer, with_skips):
        page_common.read_once("en", "hand", b"photo", rules)
    assert calls == [([], [("X", 4)]), (["X"], []), ([], [("X", 2)]), ([], [("X", 4)])]


def test_a_missing_model_is_told_apart_from_a_bad_photo(monkeypatch: pytest.MonkeyPatch) -> None:
    from solver import ruleset
    from ui import page_common
    from vision import ModelError

    def missing(deck: str, params: DecodeParams = DEFAULT_PARAMS) -> Reader:
        raise ModelError(f"models/{deck}.onnx: no such file")

    monkeypatch.setattr(page_common, "card_reader", missing)
    found, problem = page_common.read_photo(b"any photo", ruleset("mattel"))
    assert found is None and problem is not None
    assert problem[0] == "no_model" and str(problem[1]) == "models/phase10.onnx: no such file"


def test_the_readers_for_every_deck_count_share_one_loaded_model() -> None:
    # Each classic deck count (1 to 10) loaded its own copy of the model: about 90 MB each
    # once used, in a server process that lives all evening.
    from ui import page_common

    one, four = (page_common.card_reader("standard", DecodeParams(copies=n)) for n in (1, 4))
    assert one._session is four._session and one._crop_session is four._crop_session
    assert one.max_copies is not None and four.max_copies is not None
    assert (one.max_copies("QH"), four.max_copies("QH"), four.max_copies("X")) == (1, 4, 8)


def test_a_card_read_under_0_7_sure_is_flagged_and_one_at_0_7_is_not():
    # README: cards read less sure than 0.7 are flagged for checking (never pinned before).
    import numpy as np

    cards = [Detection(parse_card(t), (0, 0, 9, 9), c) for t, c in (("R7", 0.69), ("B7", 0.7))]
    assert reading.Reading(tuple(cards), np.zeros((1, 1, 3), np.uint8)).unsure == ("R7",)


def test_a_photo_is_hashed_once_a_run(page, monkeypatch: pytest.MonkeyPatch) -> None:
    # A new photo was hashed twice: for its reading's key, then again for the hand's memory
    # of which photo it came from (a phone photo is megabytes).
    import hashlib

    photo = (FIXTURES / "hand11.jpg").read_bytes()
    hashed: list[int] = []
    real = hashlib.sha256

    def counted(data: bytes = b"", **options: bool) -> object:
        if isinstance(data, bytes) and data == photo:
            hashed.append(len(data))
        return real(data, **options)

    monkeypatch.setattr(hashlib, "sha256", counted)
    page.file_uploader(key="upload").upload("hand.jpg", photo, "image/jpeg").run()
    assert not page.exception and page.text_input(key="hand_text").value  # read, and used
    assert len(hashed) == 1
    page.run()  # a rerun: the reading kept, the photo hashed to know it is the same
    assert len(hashed) == 2


def test_a_page_address_that_cannot_be_read_does_not_block_the_camera() -> None:
    assert reading.camera_blocked("http://[::1") is False  # urlsplit refuses it


def test_only_the_last_photos_fixes_are_kept() -> None:
    fixes: dict[str, str] = {}
    hand = last_read = ""
    last_photo = None
    for photo in "abcdef":  # each photo read, its cards fixed by hand, then the next one taken
        assert reading.hand_after_reading(hand, last_read, ["R1"], photo, last_photo, fixes) == "R1"
        last_read, hand, last_photo = "R1", f"R1 {photo.upper()}", photo
    assert list(fixes) == ["b", "c", "d", "e"]  # KEPT_FIXES, the oldest ("a") let go
    # Photo "a" put back: its fix is gone, and "f"'s fix, kept now, lets "b"'s go.
    assert reading.hand_after_reading(hand, last_read, ["R1"], "a", "f", fixes) == "R1"
    assert list(fixes) == ["c", "d", "e", "f"]
    assert reading.hand_after_reading("R1", "R1", ["R1"], "c", "a", fixes) == "R1 C"


def test_a_photos_problem_is_worded_for_the_page_and_an_uncoded_one_is_its_own_sentence() -> None:
    # An uncoded problem (a file the reader could not open, say) was shown as "None" when
    # worded by its missing code; a coded one names what the file said it was, which is shown
    # as Markdown: "*" made emphasis (mutation audit, session 57).
    from ui import page_common
    from vision import ImageError

    assert page_common.problem_text("en", ImageError("cannot read the file: gone")) \
        == "cannot read the file: gone"
    said = page_common.problem_text("de", ImageError("a *X* image", "image_format", format="*X*"))
    assert said.startswith("das ist ein \\*X\\*-Bild")
