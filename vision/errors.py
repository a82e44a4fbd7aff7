"""Errors the vision runtime raises on purpose, each with a message meant for the user."""

from __future__ import annotations


class ImageError(ValueError):
    """The input could not be used as a photo (unreadable, truncated, too big, too small...).

    ``str(error)`` is the English sentence; a photo's own problems also carry a ``code`` and
    its ``params``, which the page words in the player's language (``ui/strings.py``,
    ``error.image_*``).
    """

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class ModelError(RuntimeError):
    """The card model is missing or does not follow the model contract (models/README.md)."""
