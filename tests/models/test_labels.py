"""Card labels per deck (models/labels.py): every card of both decks survives parse -> token,
other decks' tokens are refused, and the runtime makes the same tokens from the same labels."""

from __future__ import annotations

import pytest

from models.labels import DECK_LABELS, labels_for
from models.synth import DECK_COUNTS, STANDARD_COUNTS
from models.synth.standard import LABEL_COLOURS, LABEL_RANKS, rank_and_colour
from vision.model import DECKS as VISION_DECKS

TOKENS = {"phase10": tuple(DECK_COUNTS), "standard": tuple(STANDARD_COUNTS)}
CASES = [(deck, token) for deck, tokens in TOKENS.items() for token in tokens]


def test_the_decks_are_those_the_renderer_draws() -> None:
    assert len(TOKENS["phase10"]) == 50 and {"R1", "Y12", "W", "S"} <= set(TOKENS["phase10"])
    assert len(TOKENS["standard"]) == 53 and set(DECK_LABELS) == set(VISION_DECKS)
    phase10, standard = labels_for("phase10"), labels_for("standard")
    assert phase10.ranks == (*map(str, range(1, 13)), "W", "S")
    assert phase10.colours == ("R", "B", "G", "Y", "-")
    assert (standard.ranks, standard.colours) == (LABEL_RANKS, LABEL_COLOURS)


@pytest.mark.parametrize(("deck", "token"), CASES)
def test_every_card_round_trips(deck: str, token: str) -> None:
    labels = labels_for(deck)
    rank, colour = labels.parse(token)
    assert labels.token(rank, colour) == token
    assert labels.is_colourless(rank) == (colour == labels.no_colour)


@pytest.mark.parametrize("token", TOKENS["standard"])
def test_standard_labels_agree_with_the_renderer(token: str) -> None:
    rank, colour = labels_for("standard").parse(token)
    assert (LABEL_RANKS[rank], LABEL_COLOURS[colour]) == rank_and_colour(token)


@pytest.mark.parametrize("deck", list(DECK_LABELS))
def test_tokens_agree_with_the_runtime(deck: str) -> None:
    labels = labels_for(deck)
    table = VISION_DECKS[deck].token_table(labels.ranks, labels.colours)
    assert {token for _, _, token in table} == set(TOKENS[deck])
    for rank, colour, token in table:
        assert labels.token(rank, colour) == token and labels.parse(token) == (rank, colour)


def test_colourless_cards_ignore_the_colour_and_tokens_ignore_case() -> None:
    phase10, standard = labels_for("phase10"), labels_for("standard")
    assert phase10.parse("W") == (12, 4) and phase10.token(12, 0) == "W"
    assert standard.parse("X") == (13, 4) and standard.token(13, 2) == "X"
    assert phase10.parse(" r7 ") == phase10.parse("R7")
    assert standard.parse("qd") == standard.parse("QD")
    assert phase10.no_colour == standard.no_colour == 4


@pytest.mark.parametrize(
    ("deck", "bad"),
    [("phase10", t) for t in ("R13", "R0", "P5", "", "X", "R", "-", "RW", "R-", "AS", "10H")]
    + [("standard", t) for t in ("R7", "W", "S", "", "H", "10", "1H", "AX", "XH", "A-", "HA")],
)
def test_a_token_of_another_deck_is_refused_by_name(deck: str, bad: str) -> None:
    with pytest.raises(ValueError, match=f"not a {deck} card token: {bad!r}"):
        labels_for(deck).parse(bad)


def test_an_unknown_deck_is_named() -> None:
    with pytest.raises(ValueError, match="unknown deck 'uno'; known decks: phase10, standard"):
        labels_for("uno")
