"""A photo of the other deck's cards is told apart from a weak reading of the right deck."""

from __future__ import annotations

import json

import pytest
from tests_vision_helpers import FIXTURES

from solver import parse_card
from vision import Detection, ImageError, ModelError, Reader, shows_other_deck
from vision.cli import main
from vision.deckcheck import doubtful, other_deck_fits, sure_cards


@pytest.fixture(scope="module")
def readers() -> dict[str, Reader]:
    return {deck: Reader.from_file(deck=deck) for deck in ("phase10", "standard")}


@pytest.mark.parametrize(
    ("photo", "deck", "other", "expected"),
    [
        ("standard_spread.jpg", "phase10", "standard", True),
        ("spread.jpg", "standard", "phase10", True),
        ("spread.jpg", "phase10", "standard", False),
        ("standard_spread.jpg", "standard", "phase10", False),
    ],
)
def test_the_other_decks_cards_are_named(readers, photo, deck, other, expected):
    image = str(FIXTURES / photo)
    own = readers[deck].read(image)
    assert shows_other_deck(image, own, lambda: readers[other]) is expected


def test_a_sure_reading_never_loads_the_other_model(readers):
    image = str(FIXTURES / "spread.jpg")

    def no_model() -> Reader:
        raise AssertionError("the other deck's reader was asked for a sure reading")

    assert not shows_other_deck(image, readers["phase10"].read(image), no_model)


def test_the_cli_adds_looks_like_and_a_note(capsys):
    standard, phase10 = str(FIXTURES / "standard_spread.jpg"), str(FIXTURES / "spread.jpg")
    assert main(["read", "--deck", "phase10", standard, phase10]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert lines[0]["looks_like"] == "standard" and lines[0]["deck"] == "phase10"
    assert "looks_like" not in lines[1]
    assert f"note: {standard} looks like standard cards, not phase10 ones; try --deck standard" \
        in captured.err


def _read(*confidences: float) -> list[Detection]:
    return [Detection(parse_card("R7"), (0, 0, 9, 9), c) for c in confidences]


def test_a_reading_is_doubtful_under_three_cards_or_at_most_half_sure() -> None:
    # Sure from SURE (0.7) on; three cards are enough to judge; exactly half sure is doubtful.
    assert sure_cards(_read(0.7, 0.69)) == 1
    assert doubtful(_read(0.9, 0.9)) and not doubtful(_read(0.9, 0.9, 0.9))
    assert doubtful(_read(0.9, 0.9, 0.3, 0.3)) and not doubtful(_read(0.9, 0.9, 0.9, 0.3))
    assert doubtful(_read(0.9, 0.3, 0.3)) and not doubtful(_read(0.9, 0.9, 0.3))


def test_the_other_deck_fits_with_three_sure_cards_more_than_twice_its_own() -> None:
    assert not other_deck_fits(_read(), _read(0.9, 0.9))
    assert other_deck_fits(_read(), _read(0.9, 0.9, 0.9))
    assert not other_deck_fits(_read(0.9, 0.9), _read(*[0.9] * 4))  # twice: not more
    assert other_deck_fits(_read(0.9, 0.9), _read(*[0.9] * 5))
    assert not other_deck_fits(_read(0.9, 0.9, 0.9), _read(*[0.9] * 6))
    assert not other_deck_fits(_read(0.9), _read(0.9, 0.9, 0.3, 0.3))  # two sure of theirs


@pytest.mark.parametrize("error", [ImageError("grey", "image_grey"), ModelError("no file")])
def test_the_other_decks_reader_failing_leaves_the_reading_as_it_is(error: Exception) -> None:
    class Failing:
        def read(self, image: object) -> list[Detection]:
            raise error

    assert not shows_other_deck("photo.jpg", _read(0.3), Failing)  # type: ignore[arg-type]
