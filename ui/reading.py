"""Photo -> read cards -> picture with boxes, for the page; plus the hand as an editable list.

The photo is decoded once, at the reader's own decode size (a 12 MP phone JPEG at 2016x1512, by
JPEG DCT scaling), the size its held-out figures are measured at: read at the display size
instead, the small indices of several hands dealt on a table are read worse (models/README.md,
"The page reads at the runtime's size"). The picture shown is that decode shrunk to display
size, with the boxes scaled to it.
"""

from __future__ import annotations

import dataclasses
import ipaddress
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import cv2
import numpy as np

from vision import (
    SURE,
    Detection,
    LaidTable,
    Photo,
    Reader,
    draw_reading,
    shows_other_deck,
)

# Sharp on a phone (about 412 CSS px at 2-3x) and above the reader's input size; phone photos
# are 12+ MP, so anything bigger only costs decoding, drawing and sending time.
DISPLAY_SIDE = 1280
# Below the reader's "sure" colour a card is flagged for the player to check.
UNSURE_BELOW = SURE


@dataclass(frozen=True, eq=False)
class Reading:
    """What the reader saw in one photo."""

    detections: tuple[Detection, ...]  # boxes in the pixels read, not the shown photo's
    photo: np.ndarray  # BGR, at most DISPLAY_SIDE, nothing drawn on it
    other_deck: bool = False  # the photo looks like the other deck's cards
    scale: float = 1.0  # from the detections' pixels to the photo's

    def drawn(self, laid: LaidTable | None = None) -> np.ndarray:
        """The photo (RGB) with each card's box and label, and with ``laid``, each group
        outlined and numbered as its line in the table box (``vision.draw.draw_groups``).
        Drawn when shown rather than once when read: a table photo's groups change with the
        ruleset, and the session keeps one picture a photo, not two."""
        drawn = draw_reading(self.photo, self.detections, self.scale, laid)
        return cv2.cvtColor(drawn, cv2.COLOR_BGR2RGB)

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(str(d.card) for d in self.detections)

    @property
    def unsure(self) -> tuple[str, ...]:
        return tuple(str(d.card) for d in self.detections if d.confidence < UNSURE_BELOW)


def camera_blocked(page_url: str | None) -> bool:
    """Whether browsers refuse the camera to the page at ``page_url``: they allow it only in
    a secure context, https or the computer itself, and phones at the table reach the page
    over plain http at the computer's network address.

    >>> camera_blocked("http://192.168.1.20:8501/"), camera_blocked("http://localhost:8501")
    (True, False)
    >>> camera_blocked("https://cards.example.org/"), camera_blocked(None)
    (False, False)
    """
    if not page_url:
        return False
    try:
        parts = urlsplit(page_url)
        host = (parts.hostname or "").lower()
    except ValueError:  # "http://[::1" and the like: nothing to go by
        return False
    return parts.scheme == "http" and not _this_computer(host)


def _this_computer(host: str) -> bool:
    """Whether ``host`` names the computer itself (a secure context without https).

    >>> _this_computer("127.0.0.1"), _this_computer("127.example.com"), _this_computer("::1")
    (True, False, True)
    """
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def read_photo(reader: Reader, data: bytes,
               other_reader: Callable[[], Reader] | None = None) -> Reading:
    """Reads the cards in photo file bytes; raises vision.ImageError for unusable files.
    With ``other_reader`` (the other deck's), a weak reading is checked against it
    (``vision.shows_other_deck``)."""
    photo = decode(reader, data)
    found = read_pixels(reader, photo)
    if other_reader is not None and shows_other_deck(photo, found.detections, other_reader):
        return dataclasses.replace(found, other_deck=True)
    return found


def decode(reader: Reader, data: bytes) -> Photo:
    """The photo upright, as BGR, at the size ``reader`` reads best (``Reader.load``), kept
    with its original size: read as an array, a 20000x50 strip shrunk to 1667x5 was refused
    as too small where the command line read it."""
    return reader.load(data)


def read_pixels(reader: Reader, photo: Photo) -> Reading:
    """The cards (boxes in the original photo's pixels, as ``vision read`` gives them) and the
    photo shrunk to show (its boxes drawn when shown: `Reading.drawn`)."""
    detections = tuple(sorted(reader.read(photo), key=lambda d: (d.box[0], d.box[1])))
    shown = _fit(photo.pixels, DISPLAY_SIDE)
    return Reading(detections, shown, scale=shown.shape[1] / photo.original_size[0])


def _fit(pixels: np.ndarray, side: int) -> np.ndarray:
    height, width = pixels.shape[:2]
    scale = side / max(height, width)
    if scale >= 1:
        return pixels
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return cv2.resize(pixels, size, interpolation=cv2.INTER_AREA)


def flagged_positions(tokens: Sequence[str], unsure: Iterable[str]) -> tuple[int, ...]:
    """Positions in `tokens` to flag: one per unsure reading still in the hand.

    >>> flagged_positions(("R7", "B7", "R7"), ("R7",))
    (0,)
    """
    left = Counter(unsure)
    positions = []
    for index, token in enumerate(tokens):
        if left[token] > 0:
            left[token] -= 1
            positions.append(index)
    return tuple(positions)


def from_the_photo(tokens: Sequence[str], read: Sequence[str]) -> bool:
    """Whether the hand is still the photo's reading, fixed here and there (at least half the
    cards read are in it), not a hand typed anew: only then do the photo's doubts apply.

    >>> read = ("KH", "QS", "2C")
    >>> from_the_photo(("KH", "QS", "3C"), read), from_the_photo(("KH", "7D"), read)
    (True, False)
    """
    kept = sum((Counter(tokens) & Counter(read)).values())
    return bool(read) and 2 * kept >= len(read)


KEPT_FIXES = 4  # earlier photos whose typed fixes come back with them


def hand_after_reading(hand: str, last_read: str, read: Sequence[str] | None, photo: str,
                       last_photo: str | None, fixes: dict[str, str]) -> str:
    """The hand's text once a photo (``photo``: its digest) is read afresh; ``read``: its
    cards, None when it could not be read; ``hand``/``last_read``: the text now and the last
    reading's; ``fixes``: typed fixes of earlier photos, updated here.

    A new photo's cards replace the hand, or the fixes typed over it when it is put back. The
    same photo read for other rules (ruleset, deck count, game), or one that cannot be read
    (its error would pass for the last photo's cards), changes only a hand left as read.

    >>> fixes = {}
    >>> hand_after_reading("QD 7H", "QH 7H", ["2S"], "b", "a", fixes), fixes
    ('2S', {'a': 'QD 7H'})
    >>> hand_after_reading("2S", "2S", ["QH", "7H"], "a", "b", fixes), fixes
    ('QD 7H', {})
    >>> hand_after_reading("7C", "QH", ["QH", "QH"], "a", "a", fixes)  # other rules: typed
    '7C'
    """
    untouched = hand == last_read
    if read is None:
        return "" if untouched else hand
    if photo == last_photo:
        return " ".join(read) if untouched else hand
    if not untouched and last_photo is not None:
        fixes[last_photo] = hand
        while len(fixes) > KEPT_FIXES:
            del fixes[next(iter(fixes))]
    return fixes.pop(photo, " ".join(read))


def without(tokens: Sequence[str], index: int) -> tuple[str, ...]:
    """`tokens` minus the card at `index`.

    >>> without(("R7", "B7", "W"), 1)
    ('R7', 'W')
    """
    return tuple(tokens[:index]) + tuple(tokens[index + 1 :])


def replaced(tokens: Sequence[str], index: int, token: str) -> tuple[str, ...]:
    """`tokens` with the card at `index` swapped for `token`.

    >>> replaced(("R7", "B7"), 0, "G7")
    ('G7', 'B7')
    """
    return tuple(tokens[:index]) + (token,) + tuple(tokens[index + 1 :])
