"""Reads the cards in a photo of a hand: load -> find -> read -> dedupe.

>>> from pathlib import Path
>>> from vision import Reader
>>> photo = Path(__file__).parents[1] / "tests" / "vision" / "fixtures" / "spread.jpg"
>>> cards = Reader.from_file().read(photo)  # one Detection(card, box, confidence) a card
>>> len(cards), cards[0].card.deck.value, len(cards[0].box)
(11, 'phase10', 4)
"""

from vision.deckcheck import OTHER_DECK, shows_other_deck
from vision.dedupe import Detection
from vision.draw import SURE, draw_detections, draw_groups, draw_reading, scaled
from vision.errors import ImageError, ModelError
from vision.groups import laid_groups
from vision.load import Photo, load_image, load_photo
from vision.model import DECKS, DeckSpec, Decoding, ModelInfo
from vision.reader import DEFAULT_PARAMS, DecodeParams, Reader, deck_params
from vision.table import LaidTable, laid_table

__all__ = [
    "DECKS",
    "DEFAULT_PARAMS",
    "DeckSpec",
    "DecodeParams",
    "Decoding",
    "Detection",
    "ImageError",
    "LaidTable",
    "ModelError",
    "ModelInfo",
    "OTHER_DECK",
    "Photo",
    "Reader",
    "SURE",
    "deck_params",
    "draw_detections",
    "draw_groups",
    "draw_reading",
    "laid_groups",
    "laid_table",
    "load_image",
    "load_photo",
    "scaled",
    "shows_other_deck",
]
