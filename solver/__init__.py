"""Exact Phase 10 hand analysis: cards, rulesets, best play, odds and draw advice.

>>> from solver import parse_hand, format_hand
>>> format_hand(parse_hand("r7 b7, w"))
'R7 B7 W'
"""

from solver.cards import Card, Deck, format_hand, parse_card, parse_hand
from solver.errors import NotationError, SolverError

__all__ = [
    "Card",
    "Deck",
    "NotationError",
    "SolverError",
    "format_hand",
    "parse_card",
    "parse_hand",
]
