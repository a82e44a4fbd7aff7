"""Score sheet for Phase 10 games: pure game logic, CSV exchange and a SQLite store.

Public API:
- values: `Game`, `GameRules`, `Hand`, `EndRule`, `PhaseOrder`, `Stage`, `Standings`,
  `TakenBack`;
- logic: `new_game`, `add_hand`, `replace_hand`, `undo_hand`, `standings`, `dealer_of`,
  `hand_for_playoff`, `most_hand_points`, `out_moves_on`, `booked_phase`;
- exchange: `to_csv`, `from_csv`, `MOST_CSV_BYTES`;
- storage: `Store`, `default_db_path`, `score_path`;
- errors: `ScoreError`, `StoreError` (`.code` + `.params`, worded by `ui.error_text`).
"""

from scoresheet.csvio import MOST_CSV_BYTES, from_csv, to_csv
from scoresheet.errors import ScoreError, StoreError
from scoresheet.game import (
    GOING_OUT,
    EndRule,
    Game,
    GameRules,
    Hand,
    PhaseOrder,
    PlayerStanding,
    Stage,
    Standings,
    TakenBack,
    add_hand,
    booked_phase,
    dealer_of,
    hand_for_playoff,
    most_hand_points,
    new_game,
    out_moves_on,
    replace_hand,
    standings,
    undo_hand,
)
from scoresheet.store import GameSummary, Store, default_db_path, score_path

__all__ = [
    "GOING_OUT",
    "MOST_CSV_BYTES",
    "EndRule",
    "GameSummary",
    "Store",
    "default_db_path",
    "score_path",
    "from_csv",
    "to_csv",
    "Game",
    "GameRules",
    "Hand",
    "PhaseOrder",
    "PlayerStanding",
    "ScoreError",
    "Stage",
    "Standings",
    "TakenBack",
    "StoreError",
    "add_hand",
    "booked_phase",
    "dealer_of",
    "hand_for_playoff",
    "most_hand_points",
    "new_game",
    "out_moves_on",
    "replace_hand",
    "standings",
    "undo_hand",
]
