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
        "skips": rules.skips,
        "skip_count": rules.skip_count,
        "going_out": rules.going_out,
    }


def rules_from_data(data: dict[str, Any]) -> GameRules:
    """Raises KeyError/ValueError/TypeError on malformed data; callers word the error."""
    if not isinstance(data, dict):
        raise TypeError("rules must be an object")
    phases = data.get("phases", [])
    if not isinstance(phases, list) or not all(isinstance(p, str) for p in phases):
        raise TypeError("phases must be a list of strings")
    # GameRules refuses a skips that is no bool, a bad skip_count and an unknown going_out.
    skips = data.get("skips", True)  # games stored before it was kept: with skips
    skip_count = data.get("skip_count")
    # Stored by the code of 2883b1e (2026-12-05), before skip_count: fewer skip cards as their
    # count in "skips" itself; such games opened as damaged (upgrade audit, session 65).
    if type(skips) is int and skip_count is None:
        skips, skip_count = skips > 0, skips or None
    going_out = data.get("going_out", "either")  # likewise: either way
    return GameRules(
        ruleset=str(data["ruleset"]),
        end=EndRule(data["end"]),
        order=PhaseOrder(data["order"]),
        phases=tuple(phases),
        skips=skips,
        going_out=going_out,
        skip_count=skip_count,
    )


def hand_to_data(hand: Hand) -> dict[str, Any]:
    return {
        "points": list(hand.points),
        "made": list(hand.made),
        "went_out": hand.went_out,
        "chosen": list(hand.chosen),
    }


def hand_from_data(data: dict[str, Any]) -> Hand:
    """Raises KeyError/ValueError/TypeError on malformed data; callers word the error. Read as
    written, never coerced: "05" points or "no" as a tick would be a damaged hand read as
    another.

    >>> hand_from_data({"points": ["05"], "made": [True]})
    Traceback (most recent call last):
    TypeError: a hand's points are whole numbers
    """
    points, made = data["points"], data["made"]  # no object: a TypeError here
    went_out, chosen = data.get("went_out"), data.get("chosen", [])
    if not isinstance(points, list) or not all(_whole(p) for p in points):
        raise TypeError("a hand's points are whole numbers")
    if not isinstance(made, list) or not all(isinstance(m, bool) for m in made):
        raise TypeError("a hand's ticks are true or false")
    if not (went_out is None or _whole(went_out)) or not isinstance(chosen, list) or not all(
            c is None or _whole(c) for c in chosen):
        raise TypeError("who went out and the phases chosen are player and phase numbers")
    return Hand(points=tuple(points), made=tuple(made), went_out=went_out, chosen=tuple(chosen))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
