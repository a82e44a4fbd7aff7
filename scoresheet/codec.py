"""Plain-data (JSON-ready) form of games and hands, shared by the SQLite store.

>>> hand = Hand(points=(0, 15), made=(True, False), went_out=0)
>>> hand_from_data(hand_to_data(hand)) == hand
True
"""

from __future__ import annotations

from typing import Any

from scoresheet.game import EndRule, GameRules, Hand, PhaseOrder


def rules_to_data(rules: GameRules) -> dict[str, Any]:
    return {
        "ruleset": rules.ruleset,
        "end": rules.end.value,
        "order": rules.order.value,
        "phases": list(rules.phases),
    }


def rules_from_data(data: dict[str, Any]) -> GameRules:
    """Raises KeyError/ValueError/TypeError on malformed data; callers word the error."""
    phases = data.get("phases", [])
    if not isinstance(phases, list) or not all(isinstance(p, str) for p in phases):
        raise TypeError("phases must be a list of strings")
    return GameRules(
        ruleset=str(data["ruleset"]),
        end=EndRule(data["end"]),
        order=PhaseOrder(data["order"]),
        phases=tuple(phases),
    )


def hand_to_data(hand: Hand) -> dict[str, Any]:
    return {
        "points": list(hand.points),
        "made": list(hand.made),
        "went_out": hand.went_out,
        "chosen": list(hand.chosen),
    }


def hand_from_data(data: dict[str, Any]) -> Hand:
    """Raises KeyError/ValueError/TypeError on malformed data; callers word the error."""
    points = tuple(int(p) for p in data["points"])
    made = tuple(bool(m) for m in data["made"])
    went_out = data.get("went_out")
    chosen = tuple(None if c is None else int(c) for c in data.get("chosen", []))
    return Hand(
        points=points,
        made=made,
        went_out=None if went_out is None else int(went_out),
        chosen=chosen,
    )
