"""Errors of the score sheet, each with a stable code so the page can word it in any language."""

from __future__ import annotations

from typing import Any


class ScoreError(ValueError):
    """A score-sheet input or operation that cannot be accepted.

    `code` names the problem (``ui`` has its wording in every language), `params` fill in the
    details; ``str(error)`` is the English sentence.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)

    def __str__(self) -> str:
        # Imported late: ui.strings holds the page's wording, this error's too, and it never
        # imports us.
        from ui.strings import error_text

        return error_text("en", self.code, self.params)


class StoreError(ScoreError):
    """The score database cannot be used (locked, corrupt, unwritable); no data was changed."""
