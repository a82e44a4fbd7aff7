"""Shared helpers of the vision tests."""

from __future__ import annotations

import struct
import zlib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from solver import parse_card
from vision import Detection

FIXTURES = Path(__file__).parent / "fixtures"


def tokens(detections: Sequence[Detection]) -> Counter[str]:
    return Counter(str(d.card) for d in detections)


def png_header(width: int, height: int) -> bytes:
    """A PNG announcing width x height with a token IDAT: the bytes of a decompression bomb."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + chunk(b"IEND", b"")
    )


# A laid card in the grouping tests: 100 x 150 px, a covered one showing a 20-px strip.
CARD_W, CARD_H, INDEX = 100, 150, 20


def row(tokens: str, x: int, y: int = 0, step: int = 30, scale: float = 1.0) -> list[Detection]:
    """A group laid left to right from (x, y): strips, then the whole top card."""
    cards = tokens.split()
    found = []
    for i, token in enumerate(cards):
        width = CARD_W if i == len(cards) - 1 else INDEX
        box = (x + i * step, y, x + i * step + width, y + CARD_H)
        found.append(Detection(parse_card(token), tuple(round(v * scale) for v in box), 0.9))
    return found
