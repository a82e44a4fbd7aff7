"""Standard playing cards (two 52-card decks + 4 jokers) for the scene synthesizer.

``make_scene(seed, deck="standard")`` uses these faces; the pieces are public so that a trainer
or a test can render single cards.

>>> from models.synth.standard import STANDARD_FAMILIES, STANDARD_COUNTS
>>> STANDARD_FAMILIES, len(STANDARD_COUNTS), sum(STANDARD_COUNTS.values())
(('anglo', 'continental', 'jumbo', 'french'), 53, 108)
"""

from .deck import (
    JOKER,
    LABEL_COLOURS,
    LABEL_RANKS,
    RANKS,
    STANDARD_COUNTS,
    SUITS,
    draw_standard_hand,
    rank_and_colour,
    rank_of,
    suit_of,
)
from .faces import (
    CROWDING_STREAM,
    NARROW_INDEX_STREAM,
    PIP_SHAPE_STREAM,
    STANDARD_FAMILIES,
    STANDARD_FONTS,
    TYPEFACE_FONTS,
    TYPEFACE_STREAM,
    JokerDesign,
    StandardFamily,
    StandardStyle,
    printed_rank,
    render_standard_face,
    restyled,
    sample_standard_style,
    with_crowded_corners,
    with_narrow_indices,
    with_ornate_courts,
    with_pip_shapes,
    with_swash_q,
    with_typefaces,
)
from .pips import PipShape, pip_mask, sample_pip_shape

__all__ = [
    "CROWDING_STREAM",
    "JOKER",
    "NARROW_INDEX_STREAM",
    "PIP_SHAPE_STREAM",
    "LABEL_COLOURS",
    "LABEL_RANKS",
    "RANKS",
    "STANDARD_COUNTS",
    "STANDARD_FAMILIES",
    "STANDARD_FONTS",
    "SUITS",
    "TYPEFACE_FONTS",
    "TYPEFACE_STREAM",
    "JokerDesign",
    "PipShape",
    "StandardFamily",
    "StandardStyle",
    "draw_standard_hand",
    "pip_mask",
    "printed_rank",
    "rank_and_colour",
    "rank_of",
    "sample_pip_shape",
    "render_standard_face",
    "restyled",
    "sample_standard_style",
    "suit_of",
    "with_crowded_corners",
    "with_narrow_indices",
    "with_ornate_courts",
    "with_pip_shapes",
    "with_swash_q",
    "with_typefaces",
]
