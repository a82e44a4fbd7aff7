"""Reads the cards in a photo of a hand: load -> find -> read -> dedupe.

>>> from vision import Reader
>>> cards = Reader.from_file().read("tests/vision/fixtures/spread.jpg")  # run in the checkout
>>> len(cards), cards[0].card, len(cards[0].box)  # Detection(card, box, confidence), left first
(11, Card('B7'), 4)
"""

from vision.deckcheck import OTHER_DECK, shows_other_deck
from vision.dedupe import Detection
from vision.draw import SURE, draw_detections, scaled
from vision.errors import ImageError, ModelError
from vision.load import Photo, load_image, load_photo
from vision.model import DECKS, DeckSpec, Decoding, ModelInfo
from vision.reader import DEFAULT_PARAMS, DecodeParams, Reader

__all__ = [
    "DECKS",
    "DEFAULT_PARAMS",
    "DeckSpec",
    "DecodeParams",
    "Decoding",
    "Detection",
    "ImageError",
    "ModelError",
    "ModelInfo",
    "OTHER_DECK",
    "Photo",
    "Reader",
    "SURE",
    "draw_detections",
    "load_image",
    "load_photo",
    "scaled",
    "shows_other_deck",
]
