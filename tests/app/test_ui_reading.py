"""What the page shows of a photo read: the picture's size, the boxes on it, the cards flagged
for checking, and whether the camera is offered, without the model (a stand-in reader)."""

from __future__ import annotations

import numpy as np
import pytest

from solver import parse_card, ruleset
from ui import reading
from ui.advice import read_table_form
from vision import Detection, Photo, laid_table

AMBER_RGB = (255, 170, 0)  # vision.draw's colour for a card read 0.5 to 0.7 sure, as RGB


class FixedReader:
    """Reads the same cards in any photo (boxes in the original photo's pixels)."""

    def __init__(self, *found: Detection) -> None:
        self.found = found

    def read(self, photo: Photo) -> list[Detection]:
        return list(self.found)


@pytest.mark.parametrize(("decoded", "original", "shown"), [
    ((1512, 2016), (4032, 3024), (960, 1280)),  # a 12 MP phone photo, decoded at half size
    ((800, 1000), (1000, 800), (800, 1000)),  # smaller than the screen: never enlarged
    ((5, 20000), (20000, 5), (1, 1280)),  # a strip too thin to shrink: one pixel high
    ((20000, 5), (5, 20000), (1280, 1)),  # and one pixel wide
])
def test_reading_picture_is_shrunk_to_the_screen_and_never_enlarged(
        decoded: tuple[int, int], original: tuple[int, int], shown: tuple[int, int]) -> None:
    photo = Photo(np.zeros((*decoded, 3), np.uint8), original)
    assert reading.read_pixels(FixedReader(), photo).drawn().shape == (*shown, 3)


def test_reading_box_is_drawn_round_the_card_on_the_shrunk_picture() -> None:
    # A 4000x2000 photo decoded at half size, shown at 1280x640: the box read at x 2000-3000,
    # y 1000-1800 of the original is drawn at x 640-960, y 320-576, amber (unsure).
    photo = Photo(np.zeros((1000, 2000, 3), np.uint8), (4000, 2000))
    card = Detection(parse_card("R7"), (2000, 1000, 3000, 1800), 0.6)
    picture = reading.read_pixels(FixedReader(card), photo).drawn()
    assert tuple(picture[450, 640]) == tuple(picture[576, 800]) == AMBER_RGB
    assert not picture[450, 800].any()  # inside the box: the photo itself
    assert not picture[100:300, :600].any() and not picture[600:, 1000:].any()


def test_reading_flags_each_unsure_copy_of_a_card_once() -> None:
    # Two of three red sevens read unsure: two chips flagged, not one, not all three.
    assert reading.flagged_positions(("R7", "B7", "R7", "R7"), ("R7", "R7")) == (0, 2)


@pytest.mark.parametrize(("url", "blocked"), [
    ("http://phaselens.localhost:8501/", False),  # browsers count *.localhost as this computer
    ("http://[::1]:8501/", False),
    ("http://laptop.local:8501/", True),  # a phone on the home network: plain http
    ("http://10.0.0.5/", True),
    ("https://10.0.0.5/", False),
])
def test_reading_camera_is_refused_over_plain_http_but_not_on_this_computer(
        url: str, blocked: bool) -> None:
    assert reading.camera_blocked(url) is blocked


def test_reading_same_photo_read_again_keeps_every_earlier_photos_fixes() -> None:
    # Four earlier photos' typed fixes kept; this photo's cards fixed by hand, then read again
    # for other rules (the deck count changed): the typed hand stays, and so do the four.
    fixes = {photo: f"R1 {photo.upper()}" for photo in "abcd"}
    assert reading.hand_after_reading("R2 G2", "R2", ["R2"], "e", "e", fixes) == "R2 G2"
    assert fixes == {"a": "R1 A", "b": "R1 B", "c": "R1 C", "d": "R1 D"}


@pytest.mark.parametrize(("hand", "doubted"), [
    (("R1", "R2", "G5", "G6"), True),  # half the cards read still in the hand: fixed
    (("R1", "G4", "G5", "G6"), False),  # fewer than half: a hand typed anew
])
def test_reading_doubts_hold_while_half_the_cards_read_are_kept(
        hand: tuple[str, ...], doubted: bool) -> None:
    # The page flags the photo's unsure cards only in a hand that is still the photo's.
    assert reading.from_the_photo(hand, ("R1", "R2", "R3", "R4")) is doubted


def test_reading_same_photo_read_for_other_rules_replaces_a_hand_left_as_read() -> None:
    # Three decks, not two: the third 7 of hearts is read now, and the hand shows it.
    fixes: dict[str, str] = {}
    assert reading.hand_after_reading("7H 7H", "7H 7H", ["7H", "7H", "7H"], "a", "a",
                                      fixes) == "7H 7H 7H"
    assert fixes == {}


@pytest.mark.parametrize("index", [0, 1, 2])
def test_reading_one_tap_swaps_or_removes_that_card_alone(index: int) -> None:
    hand = ("R7", "B7", "W")
    swapped = list(hand)
    swapped[index] = "S"
    assert reading.replaced(hand, index, "S") == tuple(swapped)
    assert reading.without(hand, index) == tuple(c for i, c in enumerate(hand) if i != index)


def _row(tokens: str, x: int) -> list[Detection]:
    """A group laid left to right from x: 20-px index strips, then the whole top card."""
    cards = tokens.split()
    return [Detection(parse_card(token), (x + 30 * i, 0, x + 30 * i + (100 if i == len(cards) - 1
                                                                      else 20), 150), 0.9)
            for i, token in enumerate(cards)]


def test_a_table_photos_groups_become_lines_with_guesses_and_misfits_set_apart() -> None:
    mattel = ruleset("mattel")
    found = (_row("R7 B7 W", 0) + _row("G4 G5 G6", 300) + _row("R7 B9 G2", 600)
             + _row("Y9", 900) + _row("W B5 R4", 1100))
    table = laid_table(mattel, found)
    # The run photographed from across the table is turned: only so is it a run.
    assert table.text == "set R7 B7 W\nrun G4 G5 G6\nrun R4 B5 W"
    assert [(g.cards, g.kinds) for g in table.guessed] == [(("G4", "G5", "G6"),
                                                            ("run", "colour"))]
    assert [g.cards for g in table.unfit] == [("R7", "B9", "G2")]
    assert table.lone == ("Y9",)
    # What the box holds is read as the player's own typing is.
    assert read_table_form(table.text, "", "", False).groups[2] == ("run", ("R4", "B5", "W"))


def test_a_table_photo_is_drawn_with_its_written_groups_and_those_left_out_on_the_shown_picture(
) -> None:
    # Read at 2000x1000, shown at 1000x500: the groups' outlines follow the shrunk picture.
    from vision.draw import GROUP_COLOUR, LEFT_OUT_COLOUR

    found = _row("R7 B7 W", 200) + _row("Y9", 1200)
    shifted = tuple(Detection(d.card, (d.box[0], d.box[1] + 400, d.box[2], d.box[3] + 400),
                              d.confidence) for d in found)
    laid = laid_table(ruleset("mattel"), shifted)
    assert [g.cards for g in laid.written] == [("R7", "B7", "W")]
    assert [g.cards for g in laid.left_out] == [("Y9",)]
    shown = reading.Reading(shifted, np.zeros((500, 1000, 3), np.uint8), scale=0.5)
    picture = shown.drawn(laid)[..., ::-1]  # RGB back to BGR
    # The written group's outline 8 px (4 units) left of its first box (x 200 read, 100 shown),
    # the left-out card's left of its own (x 1200, 600 shown); without the table, neither.
    assert tuple(picture[250, 92]) == GROUP_COLOUR
    assert tuple(picture[250, 592]) == LEFT_OUT_COLOUR
    assert not (shown.drawn()[..., ::-1] == GROUP_COLOUR).all(axis=2).any()
