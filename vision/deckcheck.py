"""Which deck a photo shows, asked only when a reading looks wrong for its deck.

A player with the Phase 10 ruleset who photographs ordinary playing cards (or the other way
round) gets a few cards read, nearly all unsure: each deck's reader finds index-like marks on the
other deck's cards but cannot name them. The other deck's reader, asked then, reads the same
photo surely. On synthetic validation scenes the rule below suggested the other deck for
none of the photos of the right deck and for most photos of the wrong one (models/README.md,
"The wrong deck").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vision.dedupe import Detection
from vision.draw import SURE
from vision.errors import ImageError, ModelError
from vision.load import Source
from vision.reader import Reader

#: The other deck is named only when its reader is sure of at least this many cards.
MIN_SURE_CARDS = 3
#: The deck a photo may show instead of the one it was read as.
OTHER_DECK = {"phase10": "standard", "standard": "phase10"}


def sure_cards(detections: Sequence[Detection]) -> int:
    return sum(d.confidence >= SURE for d in detections)


def doubtful(detections: Sequence[Detection]) -> bool:
    """Whether a reading is weak enough to ask the other deck's reader: under three cards, or
    at most half of them read surely.

    >>> from solver import parse_card
    >>> def read(*confidences):
    ...     return [Detection(parse_card("R7"), (0, 0, 9, 9), c) for c in confidences]
    >>> doubtful(read(0.9, 0.8, 0.95, 0.4)), doubtful(read(0.9, 0.3, 0.4, 0.5)), doubtful(read())
    (False, True, True)
    """
    return len(detections) < MIN_SURE_CARDS or 2 * sure_cards(detections) <= len(detections)


def other_deck_fits(own: Sequence[Detection], other: Sequence[Detection]) -> bool:
    """Whether the other deck's reading (of the same photo) is so much surer that the photo
    shows that deck: at least three sure cards and more than twice as many as its own reader's.

    >>> from solver import parse_card
    >>> def read(token, *confidences):
    ...     return [Detection(parse_card(token), (0, 0, 9, 9), c) for c in confidences]
    >>> other_deck_fits(read("R7", 0.3, 0.4, 0.75), read("7H", 0.9, 0.95, 0.8, 0.9))
    True
    >>> other_deck_fits(read("R7", 0.3), read("7H", 0.9, 0.95))  # too few to say
    False
    """
    theirs = sure_cards(other)
    return theirs >= MIN_SURE_CARDS and theirs > 2 * sure_cards(own)


def shows_other_deck(image: Source, own: Sequence[Detection],
                     other_reader: Callable[[], Reader]) -> bool:
    """Whether ``image`` (the photo ``own`` was read from) shows the other deck's cards.
    ``other_reader`` is asked for its reader (a model loaded) only for a doubtful reading, so
    a good photo of the right deck costs nothing more."""
    if not doubtful(own):
        return False
    try:
        theirs = other_reader().read(image)
    except (ImageError, ModelError):
        # A black-and-white photo, which Phase 10 cards cannot be read in; the other deck's
        # model missing: the reading stands as it is.
        return False
    return other_deck_fits(own, theirs)
