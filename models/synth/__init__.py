"""Synthetic Phase 10 training data: card faces of several editions and labelled hand photos.

``make_scene(seed, layout, family, size, n_cards, distractors, deck)`` is the entry point
(Contract 1 of the vision plan); ``draw_labels`` / ``scene_to_json`` help to look at what it made.
``deck="standard"`` renders ordinary playing cards (``models.synth.standard``) instead.

>>> from models.synth import make_scene, LAYOUTS, FAMILIES
>>> LAYOUTS, FAMILIES
(('spread', 'overlap', 'fan'), ('mattel', 'european', 'vintage', 'bordered'))
>>> from models.synth import DECKS, STANDARD_FAMILIES
>>> DECKS, STANDARD_FAMILIES
(('phase10', 'standard'), ('anglo', 'continental', 'jumbo', 'french'))
"""

from .deck import DECK_COUNTS, draw_hand, full_deck
from .edition import PLAIN, Edition
from .faces import FAMILIES, FaceStyle, render_back, render_face, sample_style
from .layouts import CLOSEUP, DEAL, LAYOUTS, LOOSE, SCENE_LAYOUTS, TABLE
from .preview import draw_labels, scene_to_json
from .scan import SCAN, make_scan
from .scene import DECKS, MIN_MARK_VISIBLE, MIN_PARTIAL, MIN_VISIBLE, CardLabel, Scene, make_scene
from .standard import (
    STANDARD_COUNTS,
    STANDARD_FAMILIES,
    render_standard_face,
    sample_standard_style,
)

__all__ = [
    "DECKS",
    "DECK_COUNTS",
    "FAMILIES",
    "LAYOUTS",
    "CLOSEUP",
    "DEAL",
    "LOOSE",
    "SCAN",
    "SCENE_LAYOUTS",
    "TABLE",
    "MIN_PARTIAL",
    "MIN_MARK_VISIBLE",
    "MIN_VISIBLE",
    "PLAIN",
    "STANDARD_COUNTS",
    "STANDARD_FAMILIES",
    "CardLabel",
    "Edition",
    "FaceStyle",
    "Scene",
    "draw_hand",
    "draw_labels",
    "full_deck",
    "make_scan",
    "make_scene",
    "render_back",
    "render_face",
    "render_standard_face",
    "sample_standard_style",
    "sample_style",
    "scene_to_json",
]
