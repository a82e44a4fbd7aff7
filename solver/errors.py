"""Errors the solver raises for bad input; every message is meant to be shown to a player."""

from __future__ import annotations


class SolverError(ValueError):
    """Base of every user-facing solver error; ``str(error)`` is a complete English sentence.

    Errors a player can meet on the page also carry a ``code`` and the ``params`` it needs, so
    ``solver.explain.explain_error`` can say the same in the player's language.

    >>> error = SolverError("3 × R7 in hand", "copies", count=3, card="R7")
    >>> str(error), error.code, error.params["count"]
    ('3 × R7 in hand', 'copies', 3)
    """

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class NotationError(SolverError):
    """A card token or hand string that does not follow the card notation."""
