"""A photo of the other deck's cards is told apart from a weak reading of the right deck."""

from __future__ import annotations

import json

import pytest
from tests_vision_helpers import FIXTURES

from vision import Reader, shows_other_deck
from vision.cli import main


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
