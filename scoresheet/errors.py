"""Errors of the score sheet, each with a stable code so the page can word it in any language."""

from __future__ import annotations

from typing import Any


class ScoreError(ValueError):
    """A score-sheet input or operation that cannot be accepted.

    `code` names the problem, `params` fill in the details; ``ui.error_text`` words it in the
    player's language. ``str(error)`` only names it, for logs and tracebacks:

    >>> str(ScoreError("game_missing", game=3))
    'game_missing (game=3)'
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)

    def __str__(self) -> str:
        # The wording lives in ui, which imports this package: the score sheet never imports it.
        details = ", ".join(f"{name}={value!r}" for name, value in self.params.items())
        return f"{self.code} ({details})" if details else self.code


class StoreError(ScoreError):
    """The score database cannot be used (locked, corrupt, unwritable); no data was changed."""
