"""Errors the solver raises for bad input; every message is meant to be shown to a player."""

from __future__ import annotations


class SolverError(ValueError):
    """Base of every user-facing solver error; ``str(error)`` is a complete sentence."""


class NotationError(SolverError):
    """A card token or hand string that does not follow the card notation."""
