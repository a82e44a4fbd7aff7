"""Synthetic Phase 10 training data: card faces of several editions and labelled hand photos.

>>> from models.synth import make_scene, LAYOUTS, FAMILIES
>>> LAYOUTS
('spread', 'overlap', 'fan')
"""

from .deck import DECK_COUNTS, draw_hand, full_deck
from .faces import FAMILIES, FaceStyle, render_back, render_face, sample_style
from .layouts import LAYOUTS
from .scene import MIN_VISIBLE, CardLabel, Scene, make_scene

__all__ = [
    "DECK_COUNTS",
    "FAMILIES",
    "LAYOUTS",
    "MIN_VISIBLE",
    "CardLabel",
    "FaceStyle",
    "Scene",
    "draw_hand",
    "full_deck",
    "make_scene",
    "render_back",
    "render_face",
    "sample_style",
]
