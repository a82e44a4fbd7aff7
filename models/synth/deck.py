"""The Phase 10 deck as data, and drawing a hand from it without breaking its limits."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

COLOURS = ("R", "B", "G", "Y")
RANKS = tuple(range(1, 13))
WILD = "W"
SKIP = "S"

# Copies per token in one physical deck (RULES.md: 2 of each colour+number, 8 Wild, 4 Skip).
DECK_COUNTS: dict[str, int] = {
    **{f"{colour}{rank}": 2 for colour in COLOURS for rank in RANKS},
    WILD: 8,
    SKIP: 4,
}


def full_deck(counts: Mapping[str, int] = DECK_COUNTS) -> tuple[str, ...]:
    """Every physical card of one deck (copies per token in ``counts``), as tokens.

    >>> len(full_deck())
    108
    """
    return tuple(token for token, copies in counts.items() for _ in range(copies))


def with_copies(counts: Mapping[str, int], copies: int) -> dict[str, int]:
    """The deck ``counts`` names (2 of each ordinary face) as a table holding ``copies`` of
    each face has it, its Wilds, Skips or jokers in proportion: a classic game of one 52-card
    deck holds one 7 of hearts and two jokers.

    >>> one = with_copies(DECK_COUNTS, 1)
    >>> one["R7"], one[WILD], one[SKIP]
    (1, 4, 2)
    """
    if copies < 1:
        raise ValueError(f"a deck holds 1 or more copies of each face, not {copies}")
    return {token: count * copies // 2 for token, count in counts.items()}


def draw_hand(
    rng: np.random.Generator, n_cards: int, counts: Mapping[str, int] = DECK_COUNTS
) -> tuple[str, ...]:
    """Deal ``n_cards`` from a freshly shuffled deck, so deck limits hold by construction.

    ``counts`` names the deck (the Phase 10 deck unless told otherwise).

    >>> hand = draw_hand(np.random.default_rng(0), 11)
    >>> len(hand), all(hand.count(t) <= DECK_COUNTS[t] for t in hand)
    (11, True)
    """
    deck = full_deck(counts)
    if not 1 <= n_cards <= len(deck):
        raise ValueError(f"a hand holds 1..{len(deck)} cards, not {n_cards}")
    picks = rng.choice(len(deck), size=n_cards, replace=False)
    return tuple(deck[i] for i in picks)


def colour_of(token: str) -> str | None:
    """The colour letter of a number card, None for Wild and Skip."""
    return token[0] if token[0] in COLOURS and len(token) > 1 else None


def rank_text(token: str) -> str:
    """What is printed on the card: the number, or the W/S letter."""
    return token[1:] if colour_of(token) else token
