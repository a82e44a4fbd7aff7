"""Argument types the benchmarks share: a bad value is argparse's one-line error at the start,
never a traceback (or an all-zero table) after minutes of rendering."""

from __future__ import annotations

import argparse
from pathlib import Path


def positive(text: str) -> int:
    """A count of at least 1.

    >>> positive("3")
    3
    >>> positive("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number of at least 1, not '0'
    """
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return int(text)


def non_negative(text: str) -> int:
    """A count or a first seed: 0 or more (numpy refused a negative seed only once rendering).

    >>> non_negative("0")
    0
    >>> non_negative("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number of at least 0, not '-1'
    """
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 0, not {text!r}")
    return int(text)


def existing_file(text: str) -> Path:
    """A file that is there to be read."""
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no such file: {text}")
    return path


def png_path(text: str) -> Path:
    """Where a picture goes: a path ending in .png (OpenCV picks its writer by the suffix), its
    folder made now, so that one that cannot be is refused before the run, not after it.

    >>> png_path("runs/misread.txt")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: runs/misread.txt: the sheet is a PNG, give a path ending in .png
    """
    path = Path(text)
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{text}: the sheet is a PNG, give a path ending in .png")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise argparse.ArgumentTypeError(
            f"{text}: cannot make the folder {path.parent}: {error.strerror or error}"
        ) from None
    return path
