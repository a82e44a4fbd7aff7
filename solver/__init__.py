"""Exact Phase 10 hand analysis: cards, rulesets, best play, odds and draw advice.

Pure Python, no I/O (the command line lives in ``solver.cli``).

>>> from solver import analyse, parse_hand, format_hand
>>> format_hand(parse_hand("r7 b7, w"))
'R7 B7 W'
>>> analyse("R7 B7 G7 Y7 R7 W B2 B3 B4 G10 S".split(), "mattel", 1).complete
True
"""

from solver.analysis import (
    Analysis,
    Completing,
    analyse,
    best_draw,
    best_phase,
    draw_advice,
    leftover_points,
    open_phases,
    points,
    read_table,
    unseen_pool,
)
from solver.cards import (
    SUIT_SIGNS,
    Card,
    Deck,
    all_faces,
    format_hand,
    parse_card,
    parse_hand,
    parse_rank,
    rank_text,
)
from solver.errors import NotationError, SolverError
from solver.explain import (
    LANGUAGES,
    explain_analysis,
    explain_draw,
    explain_error,
    explain_play,
    explain_skip,
    face_name,
    percent,
    rank_name,
    the_card,
)
from solver.odds import DiscardOdds, DrawAdvice, DrawReason
from solver.phases import Kind, Phase, Requirement, kind_named, parse_phase
from solver.play import Hit, LaidGroup, Play
from solver.rules import (
    MOST_DECKS,
    MOST_SKIPS,
    RULESETS,
    Attr,
    GoingOut,
    Parity,
    Role,
    Ruleset,
    check_layable,
    ruleset,
)
from solver.skips import Opponent, SkipAdvice, SkipReason, most_cards_once_down, skip_advice
from solver.table import TableGroup, likely_kinds, table_group

__all__ = [
    "LANGUAGES",
    "MOST_DECKS",
    "MOST_SKIPS",
    "RULESETS",
    "SUIT_SIGNS",
    "Analysis",
    "Attr",
    "Card",
    "Completing",
    "Deck",
    "DiscardOdds",
    "DrawAdvice",
    "DrawReason",
    "GoingOut",
    "Hit",
    "Kind",
    "LaidGroup",
    "NotationError",
    "Opponent",
    "Parity",
    "Phase",
    "Play",
    "Requirement",
    "Role",
    "Ruleset",
    "SkipAdvice",
    "SkipReason",
    "SolverError",
    "TableGroup",
    "all_faces",
    "analyse",
    "best_draw",
    "best_phase",
    "check_layable",
    "draw_advice",
    "leftover_points",
    "open_phases",
    "explain_analysis",
    "explain_draw",
    "explain_error",
    "explain_play",
    "explain_skip",
    "the_card",
    "face_name",
    "rank_name",
    "format_hand",
    "kind_named",
    "parse_card",
    "parse_hand",
    "parse_phase",
    "parse_rank",
    "percent",
    "points",
    "rank_text",
    "read_table",
    "ruleset",
    "skip_advice",
    "most_cards_once_down",
    "likely_kinds",
    "table_group",
    "unseen_pool",
]
