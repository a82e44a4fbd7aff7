"""Errors the vision runtime raises on purpose, each with a message meant for the user."""


class ImageError(ValueError):
    """The input could not be used as a photo (unreadable, truncated, too big, too small...)."""


class ModelError(RuntimeError):
    """The card model is missing or does not follow the model contract (models/README.md)."""
