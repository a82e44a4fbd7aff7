"""Shared helpers of the vision tests."""

from __future__ import annotations

import struct
import zlib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

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
