"""The standard deck as data: two 52-card decks and 4 jokers, tokens as in INTERFACES.md."""

from __future__ import annotations

import numpy as np

from ..deck import draw_hand

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
RED_SUITS = ("D", "H")
COURTS = ("J", "Q", "K")
JOKER = "X"
NO_SUIT = "-"
# Class lists a detector for this deck predicts (rank head, colour head), in the form the runtime
# reads from a model's metadata (vision/model.py: "ranks", "colours"; X is the colourless rank).
LABEL_RANKS = (*RANKS, JOKER)
LABEL_COLOURS = (*SUITS, NO_SUIT)

# RULES.md (zehn-phasen, classic): two 52-card decks + 4 jokers, so ≤ 2 copies of each face.
STANDARD_COUNTS: dict[str, int] = {
    **{f"{rank}{suit}": 2 for suit in SUITS for rank in RANKS},
    JOKER: 4,
}


def draw_standard_hand(rng: np.random.Generator, n_cards: int) -> tuple[str, ...]:
    """Deal ``n_cards`` from two shuffled standard decks with their jokers.

    >>> hand = draw_standard_hand(np.random.default_rng(0), 11)
    >>> len(hand), all(hand.count(t) <= STANDARD_COUNTS[t] for t in hand)
    (11, True)
    """
    return draw_hand(rng, n_cards, STANDARD_COUNTS)


def rank_of(token: str) -> str:
    """``"10H"`` → ``"10"``; a joker has no rank and gives ``"X"``.

    >>> rank_of("10H"), rank_of("QD"), rank_of("X")
    ('10', 'Q', 'X')
    """
    return token if token == JOKER else token[:-1]


def suit_of(token: str) -> str | None:
    """``"10H"`` → ``"H"``; None for a joker."""
    return None if token == JOKER else token[-1]


def rank_and_colour(token: str) -> tuple[str, str]:
    """Split a token into the detector's two labels: rank and suit ("-" for the joker).

    >>> rank_and_colour("10H"), rank_and_colour("AS"), rank_and_colour("X")
    (('10', 'H'), ('A', 'S'), ('X', '-'))
    """
    if token not in STANDARD_COUNTS:
        raise ValueError(f"{token!r} is not a standard card; use e.g. AS, 10H, QD or X")
    return rank_of(token), suit_of(token) or NO_SUIT
