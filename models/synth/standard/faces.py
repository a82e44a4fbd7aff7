"""Standard playing-card faces: the deck designs a phone camera meets at a kitchen table.

A ``StandardStyle`` is one printed deck (family, fonts, index proportions, inks, court letters,
joker design); ``render_standard_face`` draws one card of it and returns the same ``Face`` the
Phase 10 renderer does, so scenes, degradations and labels are shared. A corner index is the
rank with its small suit pip: its box covers both, since the pair identifies the card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from ..edition import Edition
from ..faces import (
    Box,
    Face,
    _blend,
    _pad,
    _symbol_mask,
    finish_face,
    ink_box,
    solid_bgra,
    split_marks,
)
from ..palette import BGR, hsv_to_bgr, sample_paper
from ..text import fit_mask, glyph_mask
from .deck import COURTS, JOKER, STANDARD_COUNTS, SUITS, rank_of, suit_of
from .figures import draw_court, draw_ornate_court, jester_hat
from .pips import PIP_VARIANTS, PipShape, pip_mask, sample_pip_shape

FONT_DIR = Path(__file__).with_name("fonts")
SERIF_FONTS = tuple(
    str(FONT_DIR / name)
    for name in (
        "Cards-DejaVuSerif-Bold.ttf",
        "Cards-DejaVuSerif.ttf",
        "Cards-DejaVuSerifCondensed-Bold.ttf",
    )
) + ("hershey-triplex", "hershey-complex")
SANS_FONTS = tuple(
    str(FONT_DIR / name)
    for name in ("Cards-DejaVuSans-Bold.ttf", "Cards-DejaVuSansCondensed-Bold.ttf")
) + ("LiberationSans-Bold.ttf", "hershey-duplex", "hershey-simplex")
STANDARD_FONTS = SERIF_FONTS + SANS_FONTS
# The thin condensed indices of real Bicycle-like decks (``with_narrow_indices``): tall, narrow
# letters with slab-like serifs, numerals in the same serif or in a narrow grotesque, and a
# regular to medium stroke where the other fonts are mostly bold.
NARROW_SERIF_FONTS = tuple(
    str(FONT_DIR / name)
    for name in (
        "Cards-NotoSerif-ExtraCondensed.ttf",
        "Cards-NotoSerif-ExtraCondensedMedium.ttf",
        "Cards-NotoSerif-CondensedMedium.ttf",
    )
)
NARROW_SANS_FONTS = tuple(
    str(FONT_DIR / name)
    for name in ("Cards-NotoSans-ExtraCondensed.ttf", "Cards-NotoSans-ExtraCondensedMedium.ttf")
)


# A print shop's range of typefaces beyond the stock ones (``with_typefaces``): book serifs
# (Times-, Century-, Palatino-, Bookman-, Garamond-like and two more), grotesques regular and
# condensed, geometric and humanist sans, from regular to black. Real decks print their indices
# in many such faces; the stock fonts are nearly all DejaVu.
TYPEFACE_FONTS = tuple(
    str(FONT_DIR / name)
    for name in (
        "Cards-TermesRegular.otf",
        "Cards-TermesBold.otf",
        "Cards-ScholaRegular.otf",
        "Cards-ScholaBold.otf",
        "Cards-PagellaBold.otf",
        "Cards-BonumBold.otf",
        "Cards-GaramondRegular.otf",
        "Cards-GaramondBold.otf",
        "Cards-CaladeaBold.ttf",
        "Cards-NotoSerifBold.ttf",
        "Cards-HerosRegular.otf",
        "Cards-HerosBold.otf",
        "Cards-HerosCnRegular.otf",
        "Cards-HerosCnBold.otf",
        "Cards-AdventorBold.otf",
        "Cards-RobotoMedium.ttf",
        "Cards-RobotoCondensedBold.ttf",
        "Cards-LatoRegular.ttf",
        "Cards-LatoBlack.ttf",
        "Cards-OpenSansSemibold.ttf",
        "Cards-OpenSansCondBold.ttf",
        "Cards-CantarellBold.otf",
        "Cards-LeagueSpartanBold.otf",
    )
)


class StandardFamily(StrEnum):
    ANGLO = "anglo"  # Bicycle-like: rank over a small pip in two corners, framed courts
    CONTINENTAL = "continental"  # German: B/D/K for J/Q/K, often indices in all four corners
    JUMBO = "jumbo"  # poker "jumbo index": huge rank, pip below or beside, sometimes 4 colours
    FRENCH = "french"  # serif fonts, often V/D/R for J/Q/K, thin ink


STANDARD_FAMILIES = tuple(f.value for f in StandardFamily)


class JokerDesign(StrEnum):
    WORD = "word"  # JOKER spelled down the corner, jester's hat in the middle
    STAR = "star"  # stars in the corners and the middle
    HAT = "hat"  # small jester's hats in the corners, big one in the middle


@dataclass(frozen=True)
class FamilyTraits:
    """What a family's decks have in common: the ranges sample_standard_style draws from."""

    fonts: tuple[str, ...]
    court_letters: tuple[tuple[str, str, str], ...]  # choices for what J, Q, K print
    index_height: tuple[float, float]  # rank text height / card width
    four_corners: float  # probability of indices in all four corners
    ten_as_t: float  # probability that 10 is printed "T"
    four_colour: float  # probability of a four-colour deck (blue diamonds, green clubs)
    pip_beside: float  # probability that the corner pip sits beside the rank, not below


FAMILY_TRAITS: dict[StandardFamily, FamilyTraits] = {
    # Every serif weight: the indices of Bicycle-like decks are a condensed serif, and the
    # regular DejaVu serif is the thin end of what such decks print.
    StandardFamily.ANGLO: FamilyTraits(
        SERIF_FONTS + SANS_FONTS,
        (("J", "Q", "K"),),
        (0.13, 0.17),
        0.05,
        0.03,
        0.0,
        0.0,
    ),
    StandardFamily.CONTINENTAL: FamilyTraits(
        SANS_FONTS + SERIF_FONTS[:1], (("B", "D", "K"),), (0.12, 0.17), 0.5, 0.0, 0.0, 0.0
    ),
    StandardFamily.JUMBO: FamilyTraits(
        SANS_FONTS, (("J", "Q", "K"),), (0.22, 0.3), 0.15, 0.25, 0.2, 0.35
    ),
    StandardFamily.FRENCH: FamilyTraits(
        SERIF_FONTS, (("J", "Q", "K"), ("V", "D", "R")), (0.12, 0.16), 0.2, 0.0, 0.0, 0.0
    ),
}
_BLUE: BGR = (170, 70, 20)
_GREEN: BGR = (60, 130, 20)


@dataclass(frozen=True)
class StandardStyle:
    """One printed deck: everything that is the same on all its cards."""

    family: StandardFamily
    aspect: float  # height / width (poker 1.40, bridge 1.56)
    corner_radius: float  # fraction of width
    paper: BGR
    inks: tuple[BGR, BGR, BGR, BGR]  # print colour of C, D, H, S
    font: str
    weight: int
    slant: float
    width_scale: float
    court_letters: tuple[str, str, str]  # printed for J, Q, K
    ten: str  # "10", "T" or, narrow indices only, "I0" (a serifed I for its 1)
    index_height: float  # rank text height / width
    pip_ratio: float  # corner pip height / rank text height
    pip_beside: bool
    four_corners: bool
    pip_variant: int
    centre_pip: float  # height of the middle pips / width
    single_pip: bool  # number cards show one big pip in the middle (some jumbo decks)
    court_colours: tuple[BGR, BGR, BGR]
    frame_ink: BGR
    joker_design: JokerDesign
    joker_inks: tuple[BGR, BGR]
    # Courts filled with busy printed artwork (``figures.draw_ornate_court``) instead of the
    # plain figure; only on request (``Edition(ornate_courts=True)``), so sampling an
    # edition draws nothing for it and every earlier scene stays as it was.
    ornate_courts: bool = False
    # Pips and court frame printed right beside the corner index, this share of the width
    # away from it, and as large as that leaves room for (Bicycle-like decks: a top pip within
    # half an index width of the rank); None: the roomy layout every other edition prints.
    # Only on request (``Edition(crowded_corners=True)``), drawn from its own stream.
    pip_gap: float | None = None
    # Its Q printed as Bicycle-like decks print it: a narrow bowl, thick at the sides and thin
    # at top and bottom, and a swash tail sweeping from inside the bowl down and right below
    # it (a bowl over a loop: at 15-25 px the shape of an 8 or a 9). Only on request
    # (``Edition(swash_q=True)``), so every other edition stays as it was.
    swash_q: bool = False
    # Its pips drawn as a deck of its own draws them (``pips.PipShape``: spade leaf, club
    # lobes, stem, ink bleed) instead of one of the three stock variants. Only on request
    # (``Edition(pip_shapes=True)``), drawn from its own stream.
    pip_shape: PipShape | None = None
    # Numerals printed in a font of their own (a narrow grotesque beside serif letters, as
    # some real decks do); None: in ``font`` like the letters. Only on request
    # (``Edition(narrow_indices=True)``), drawn from its own stream.
    numeral_font: str | None = None

    def ink(self, suit: str) -> BGR:
        return self.inks[SUITS.index(suit)]

    def pip(self, suit: str, height: float) -> np.ndarray:
        """This edition's pip of ``suit``, ``height`` px tall (``pips.pip_mask``)."""
        return pip_mask(suit, round(height), self.pip_variant, self.pip_shape)


def sample_standard_style(rng: np.random.Generator, family: str | StandardFamily) -> StandardStyle:
    """Draw one deck edition of ``family`` (a StandardFamily value)."""
    fam = StandardFamily(family)
    traits = FAMILY_TRAITS[fam]
    red = hsv_to_bgr(
        float(rng.uniform(-8, 8)), float(rng.uniform(0.75, 1.0)), float(rng.uniform(0.6, 0.9))
    )
    black = hsv_to_bgr(
        float(rng.uniform(0, 360)), float(rng.uniform(0, 0.4)), float(rng.uniform(0.02, 0.2))
    )
    inks = (black, red, red, black)
    if rng.random() < traits.four_colour:
        inks = (_GREEN, _BLUE, red, black)
    court = tuple(
        hsv_to_bgr(hue, float(rng.uniform(0.6, 1.0)), float(rng.uniform(0.55, 0.95)))
        for hue in (
            float(rng.uniform(-10, 10)),
            float(rng.uniform(205, 235)),
            float(rng.uniform(40, 55)),
        )
    )
    joker_inks = (red, black) if rng.random() < 0.5 else (black, red)
    if rng.random() < 0.3:
        joker_inks = (hsv_to_bgr(float(rng.uniform(0, 360)), 0.8, 0.7), joker_inks[1])
    letters = traits.court_letters[int(rng.integers(len(traits.court_letters)))]
    return StandardStyle(
        family=fam,
        aspect=float(rng.uniform(1.38, 1.58)),
        corner_radius=float(rng.uniform(0.03, 0.09)),
        paper=sample_paper(rng),
        inks=inks,
        font=str(rng.choice(traits.fonts)),
        weight=int(rng.integers(0, 2)),
        slant=float(rng.uniform(0.0, 0.12)) if rng.random() < 0.1 else 0.0,
        width_scale=float(rng.uniform(0.8, 1.15)),
        court_letters=(letters[0], letters[1], letters[2]),
        ten="T" if rng.random() < traits.ten_as_t else "10",
        index_height=float(rng.uniform(*traits.index_height)),
        pip_ratio=float(rng.uniform(0.6, 0.9)),
        pip_beside=bool(rng.random() < traits.pip_beside),
        four_corners=bool(rng.random() < traits.four_corners),
        pip_variant=int(rng.integers(PIP_VARIANTS)),
        centre_pip=float(rng.uniform(0.15, 0.2)),
        single_pip=fam is StandardFamily.JUMBO and bool(rng.random() < 0.5),
        court_colours=(court[0], court[1], court[2]),
        frame_ink=black if rng.random() < 0.7 else court[1],
        joker_design=JokerDesign(str(rng.choice([d.value for d in JokerDesign]))),
        joker_inks=joker_inks,
    )


def with_ornate_courts(style: StandardStyle) -> StandardStyle:
    """The same edition, its courts filled with busy printed artwork."""
    return replace(style, ornate_courts=True)


# How far from the index a crowded edition prints its pips (share of the card width), and
# how large the pips may grow there (share of the width; the roomy layout's are 0.15-0.2).
CROWDED_PIP_GAP = (0.01, 0.05)
CROWDED_CENTRE_PIP = (0.18, 0.24)
# The random stream of a seed ([seed, CROWDING_STREAM]) that crowds an edition, so asking for
# crowded corners leaves every other draw of a scene (or a contact sheet) as it was.
CROWDING_STREAM = 11


def with_crowded_corners(style: StandardStyle, rng: np.random.Generator) -> StandardStyle:
    """The same edition with its pips and court frames right beside the corner index.

    >>> plain = sample_standard_style(np.random.default_rng(3), "anglo")
    >>> crowded = with_crowded_corners(plain, np.random.default_rng(0))
    >>> _pip_field(crowded, 200, 280)[0] < _pip_field(plain, 200, 280)[0]
    True
    """
    return replace(style, pip_gap=float(rng.uniform(*CROWDED_PIP_GAP)),
                   centre_pip=float(rng.uniform(*CROWDED_CENTRE_PIP)))


# The random stream of a seed ([seed, PIP_SHAPE_STREAM]) that draws an edition's own pips.
PIP_SHAPE_STREAM = 12


def with_pip_shapes(style: StandardStyle, rng: np.random.Generator) -> StandardStyle:
    """The same edition with pips of its own (``pips.sample_pip_shape``) for the stock ones.

    >>> plain = sample_standard_style(np.random.default_rng(3), "anglo")
    >>> own = with_pip_shapes(plain, np.random.default_rng(0))
    >>> own.pip("S", 40).shape == plain.pip("S", 40).shape
    False
    """
    return replace(style, pip_shape=sample_pip_shape(rng))


# The random stream of a seed ([seed, NARROW_INDEX_STREAM]) that draws a narrow edition's fonts
# (``models.train.NARROW_STREAM`` is another: which training scenes ask for narrow indices).
NARROW_INDEX_STREAM = 13
# Width of the narrow indices against the font's own (the condensed fonts are narrow already).
NARROW_WIDTH = (0.8, 1.0)
# Share of narrow editions whose numerals are a narrow grotesque; and share of the narrow
# editions printing "10" that print its 1 as a serifed I (the "I0" of many Bicycle-like decks:
# at 15-25 px a stem with serifs, like a K's).
NARROW_SANS_NUMERALS = 0.5
NARROW_SERIF_TEN = 0.5


def with_narrow_indices(style: StandardStyle, rng: np.random.Generator) -> StandardStyle:
    """The same edition with the thin condensed indices of real Bicycle-like decks.

    >>> plain = sample_standard_style(np.random.default_rng(3), "anglo")
    >>> narrow = with_narrow_indices(plain, np.random.default_rng(0))
    >>> narrow.font in NARROW_SERIF_FONTS, narrow.weight, narrow.slant
    (True, 0, 0.0)
    >>> _glyphs(narrow, "K", 60).shape[1] < _glyphs(plain, "K", 60).shape[1]
    True
    """
    letters = str(rng.choice(NARROW_SERIF_FONTS))
    numerals = str(rng.choice(NARROW_SANS_FONTS)) if rng.random() < NARROW_SANS_NUMERALS else None
    ten = "I0" if style.ten == "10" and rng.random() < NARROW_SERIF_TEN else style.ten
    return replace(style, font=letters, numeral_font=numerals, weight=0, slant=0.0,
                   width_scale=float(rng.uniform(*NARROW_WIDTH)), ten=ten)


# The random stream of a seed ([seed, TYPEFACE_STREAM]) that draws an edition's typeface
# (``scene.PHONE_STREAM`` is 14).
TYPEFACE_STREAM = 15
# Width against the typeface's own: its design sets the proportions, this only squeezes a little.
TYPEFACE_WIDTH = (0.85, 1.1)


def with_typefaces(style: StandardStyle, rng: np.random.Generator) -> StandardStyle:
    """The same edition with its corner indices (and JOKER word) in one of ``TYPEFACE_FONTS``,
    letters and numerals alike, upright, in the typeface's own weight.

    >>> plain = sample_standard_style(np.random.default_rng(3), "anglo")
    >>> other = with_typefaces(plain, np.random.default_rng(0))
    >>> other.font in TYPEFACE_FONTS, other.numeral_font, other.weight, other.slant
    (True, None, 0, 0.0)
    """
    return replace(style, font=str(rng.choice(TYPEFACE_FONTS)), numeral_font=None, weight=0,
                   slant=0.0, width_scale=float(rng.uniform(*TYPEFACE_WIDTH)))


def printed_rank(style: StandardStyle, token: str) -> str:
    """What the corner of ``token`` says in this deck: "B" for a German jack, "T" for some 10s.

    >>> style = sample_standard_style(np.random.default_rng(0), "continental")
    >>> printed_rank(style, "JH"), printed_rank(style, "KS"), printed_rank(style, "AD")
    ('B', 'K', 'A')
    """
    rank = rank_of(token)
    if rank in COURTS:
        return style.court_letters[COURTS.index(rank)]
    return style.ten if rank == "10" else rank


# ----------------------------------------------------------------------------- glyphs


@lru_cache(maxsize=512)
def _glyphs(style: StandardStyle, text: str, height: float) -> np.ndarray:
    """The rank text at ``height`` px; two-character ranks ("10") printed narrower, as decks do."""
    narrow = 0.72 if len(text) > 1 else 1.0
    font = style.numeral_font if style.numeral_font and text.isdigit() else style.font
    drawn = swash_q_mask(style.weight) if text == "Q" and style.swash_q else glyph_mask(
        text, font, style.weight)
    mask = fit_mask(drawn, height, style.width_scale * narrow, style.slant)
    mask.setflags(write=False)
    return mask


@lru_cache(maxsize=4)
def swash_q_mask(weight: int = 0) -> np.ndarray:
    """A Bicycle-like index Q, about 105 px tall (``glyph_mask``'s conventions: tight, 255 =
    ink, read-only): the bowl's sides ``weight`` px bolder, the tail as wide as the sides.

    >>> mask = swash_q_mask()
    >>> mask.shape[0] > mask.shape[1], bool(mask[-1].any())
    (True, True)
    """
    side, rim = 11 + 3 * weight, 5 + weight
    mask = np.zeros((140, 110), np.uint8)
    cv2.ellipse(mask, (50, 50), (27, 42), 0, 0, 360, 255, -1, cv2.LINE_AA)
    cv2.ellipse(mask, (50, 50), (27 - side, 42 - rim), 0, 0, 360, 0, -1, cv2.LINE_AA)
    # A cubic curve from inside the bowl's foot, down and out to the right under it.
    t = np.linspace(0.0, 1.0, 32)[:, None]
    ends = np.array([(42.0, 74.0), (50.0, 96.0), (64.0, 108.0), (92.0, 104.0)])
    weights = np.hstack([(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t**2, t**3])
    tail = (weights @ ends).round().astype(np.int32)
    cv2.polylines(mask, [tail], False, 255, side - 2, cv2.LINE_AA)
    ys, xs = np.nonzero(mask)
    tight = np.ascontiguousarray(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])
    tight.setflags(write=False)
    return tight


def with_swash_q(style: StandardStyle) -> StandardStyle:
    """The same edition with its Q printed as Bicycle-like decks print it (``swash_q_mask``)."""
    return replace(style, swash_q=True)


def restyled(style: StandardStyle, seed: int, edition: Edition) -> StandardStyle:
    """``style`` as ``edition`` asks; an option that draws does so from a stream of scene
    ``seed``'s own, so the plain draws (and every other card) stay those of the plain edition.

    >>> plain = sample_standard_style(np.random.default_rng(3), "anglo")
    >>> restyled(plain, 3, Edition()) == plain
    True
    >>> restyled(plain, 3, Edition(swash_q=True)) == with_swash_q(plain)
    True
    """
    def stream(number: int) -> np.random.Generator:
        return np.random.default_rng([seed, number])

    # In this order, which every recorded scene was drawn in.
    if edition.ornate_courts:
        style = with_ornate_courts(style)
    if edition.crowded_corners:
        style = with_crowded_corners(style, stream(CROWDING_STREAM))
    if edition.swash_q:
        style = with_swash_q(style)
    if edition.pip_shapes:
        style = with_pip_shapes(style, stream(PIP_SHAPE_STREAM))
    if edition.narrow_indices:
        style = with_narrow_indices(style, stream(NARROW_INDEX_STREAM))
    if edition.typefaces:
        # Last: asked with narrow indices too, the typeface prints the letters and numerals,
        # and the narrow edition's "I0" stays.
        style = with_typefaces(style, stream(TYPEFACE_STREAM))
    return style


def _paint(canvas: np.ndarray, mask: np.ndarray, x: float, y: float, ink: BGR) -> Box:
    """Paint ``mask`` with its top-left at (x, y); return its box."""
    h, w = mask.shape
    _blend(canvas, mask, round(x), round(y), ink)
    return (float(round(x)), float(round(y)), float(round(x) + w), float(round(y) + h))


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


# ----------------------------------------------------------------------------- corner indices


def _corner_marks(style: StandardStyle, token: str, text_h: float) -> list[tuple[np.ndarray, BGR]]:
    """The masks of one corner index, top to bottom (or left to right when ``pip_beside``)."""
    suit = suit_of(token)
    if suit is not None:
        ink = style.ink(suit)
        pip_h = text_h * (style.pip_ratio * (0.75 if style.pip_beside else 1.0))
        return [
            (_glyphs(style, printed_rank(style, token), text_h), ink),
            (style.pip(suit, pip_h), ink),
        ]
    ink, accent = style.joker_inks
    if style.joker_design is JokerDesign.WORD:
        # JOKER spelled downwards in small capitals, as most Anglo-American jokers do.
        return [(_glyphs(style, letter, text_h * 0.5), ink) for letter in "JOKER"]
    side = round(text_h * 1.1)
    if style.joker_design is JokerDesign.STAR:
        return [(_symbol_mask("star", side), ink)]
    horns_a, horns_b = jester_hat(side)
    return [(horns_a, ink), (horns_b, accent)]


def _index_margin(style: StandardStyle, fw: int) -> float:
    """How far a corner index sits from the card's edges, px: clear of the rounded corner."""
    return max(style.corner_radius * fw * 0.4, fw * 0.04)


def _index_width(marks: list[tuple[np.ndarray, BGR]], text_h: float, beside: bool) -> float:
    """How wide an index of ``marks`` prints, px: rank and pip side by side a tenth of the
    rank's height apart (``beside``), or stacked in one column."""
    width: float
    if beside:
        width = marks[0][0].shape[1] + text_h * 0.1 + marks[1][0].shape[1]
    else:
        width = max(mask.shape[1] for mask, _ in marks)
    return width


def _draw_index(
    canvas: np.ndarray, style: StandardStyle, token: str, right: bool
) -> tuple[Box, tuple[Box, ...]]:
    """Draw one corner index at the top left (or top right); return its box and its marks'
    boxes (each character of the rank, the pip, ...) in face px."""
    fw = canvas.shape[1]
    text_h = style.index_height * fw
    margin = _index_margin(style, fw)
    marks = _corner_marks(style, token, text_h)
    hat = token == JOKER and style.joker_design is JokerDesign.HAT
    beside = style.pip_beside and len(marks) == 2 and not hat
    column = _index_width(marks, text_h, beside=False)
    gap = text_h * 0.1
    width = _index_width(marks, text_h, beside)
    x = fw - margin - width if right else margin
    y = margin
    box: Box | None = None
    inks: list[Box] = []
    for number, (mask, ink) in enumerate(marks):
        before = canvas.copy()
        if hat:  # the two colours of the hat overlay each other
            part = _paint(canvas, mask, x + (column - mask.shape[1]) / 2, y, ink)
        elif beside:
            part = _paint(canvas, mask, x, y + (text_h - mask.shape[0]) / 2, ink)
            x += mask.shape[1] + gap
        else:
            part = _paint(canvas, mask, x + (column - mask.shape[1]) / 2, y, ink)
            y += mask.shape[0] + gap * (0.4 if token == JOKER else 1.0)
        box = part if box is None else _union(box, part)
        # The rank comes first; "10" is two characters side by side.
        characters = len(printed_rank(style, token)) if number == 0 and suit_of(token) else 1
        inks += split_marks(ink_box(before, canvas, part) or part, characters)
    assert box is not None  # every card has at least one mark
    return _pad(box, 0.12 * text_h), tuple(inks)


# ----------------------------------------------------------------------------- middles

# Pip positions of the number cards in the pip field, (column, row): columns 0, 0.5, 1 and rows
# 0..1 from top to bottom, as printed on real decks. Pips below the middle are upside down.
_SIDE_ROWS = {
    2: (),
    3: (),
    4: (0.0, 1.0),
    5: (0.0, 1.0),
    6: (0.0, 0.5, 1.0),
    7: (0.0, 0.5, 1.0),
    8: (0.0, 0.5, 1.0),
    9: (0.0, 1 / 3, 2 / 3, 1.0),
    10: (0.0, 1 / 3, 2 / 3, 1.0),
}
_MIDDLE_ROWS = {
    2: (0.0, 1.0),
    3: (0.0, 0.5, 1.0),
    4: (),
    5: (0.5,),
    6: (),
    7: (0.25,),
    8: (0.25, 0.75),
    9: (0.5,),
    10: (1 / 6, 5 / 6),
}


def pip_positions(n: int) -> tuple[tuple[float, float], ...]:
    """Where the ``n`` pips of a number card sit, in a unit field.

    >>> [len(pip_positions(n)) for n in range(2, 11)]
    [2, 3, 4, 5, 6, 7, 8, 9, 10]
    """
    sides = tuple((col, row) for row in _SIDE_ROWS[n] for col in (0.0, 1.0))
    return sides + tuple((0.5, row) for row in _MIDDLE_ROWS[n])


def _pip_field(style: StandardStyle, fw: int, fh: int) -> Box:
    """The middle area between the corner indices where number-card pips go."""
    index_w = style.index_height * fw * (1.9 if style.pip_beside else 1.1)
    if style.pip_gap is not None:
        # Where the deck's widest index (its 10) ends, as tight decks align their top pips.
        text_h = style.index_height * fw
        widest = _index_width(_corner_marks(style, "10S", text_h), text_h, style.pip_beside)
        x0 = _index_margin(style, fw) + widest + style.pip_gap * fw
        return (x0, fh * 0.07, fw - x0, fh * 0.93)
    x0 = max(fw * 0.22, fw * 0.05 + index_w + fw * 0.06)
    return (x0, fh * 0.12, fw - x0, fh * 0.88)


def _draw_middle(canvas: np.ndarray, style: StandardStyle, token: str) -> None:
    fh, fw = canvas.shape[:2]
    rank, suit = rank_of(token), suit_of(token)
    if suit is None:
        _draw_joker(canvas, style)
        return
    ink = style.ink(suit)
    if rank in COURTS:
        # The frame keeps clear of the corner indices, as the pips do.
        x0, y0, x1, y1 = _pip_field(style, fw, fh)
        # A crowded edition's gap to the index is its pip gap already.
        pad = 0.0 if style.pip_gap is not None else fw * 0.04
        frame = (x0 - pad, y0, x1 + pad, y1)
        small = style.pip(suit, fw * 0.09)
        draw = draw_ornate_court if style.ornate_courts else draw_court
        draw(canvas, rank, frame, style.frame_ink, style.court_colours, small, ink)
        return
    if rank == "A" or style.single_pip:
        # Aces (and number cards of some jumbo decks) carry one big pip in the middle.
        scale = 0.5 if rank == "A" and suit == "S" else 0.34
        big = style.pip(suit, fw * scale)
        _paint(canvas, big, (fw - big.shape[1]) / 2, (fh - big.shape[0]) / 2, ink)
        return
    x0, y0, x1, y1 = _pip_field(style, fw, fh)
    # Small enough that four rows and three columns (the 9 and 10) keep a gap between pips.
    aspect = style.pip(suit, 64).shape[1] / 64
    height = min(style.centre_pip * fw, (y1 - y0) / 4.6, (x1 - x0) / (3.3 * aspect))
    upright = style.pip(suit, height)
    turned = cv2.rotate(upright, cv2.ROTATE_180)
    ph, pw = upright.shape
    for col, row in pip_positions(int(rank)):
        cx = x0 + pw / 2 + col * (x1 - x0 - pw)
        cy = y0 + ph / 2 + row * (y1 - y0 - ph)
        mask = turned if row > 0.5 else upright
        _paint(canvas, mask, cx - pw / 2, cy - ph / 2, ink)


def _draw_joker(canvas: np.ndarray, style: StandardStyle) -> None:
    fh, fw = canvas.shape[:2]
    ink, accent = style.joker_inks
    side = round(fw * 0.55)
    if style.joker_design is JokerDesign.STAR:
        star = _symbol_mask("star", side)
        _paint(canvas, star, (fw - side) / 2, (fh - side) / 2, ink)
        small = _symbol_mask("star", side // 3)
        _paint(canvas, small, (fw - side // 3) / 2, (fh - side // 3) / 2, accent)
        return
    horns_a, horns_b = jester_hat(side)
    top = fh / 2 - side * 0.7
    _paint(canvas, horns_a, (fw - side) / 2, top, accent)
    _paint(canvas, horns_b, (fw - side) / 2, top, ink)
    word = _glyphs(style, "JOKER", fw * 0.12)
    if word.shape[1] > fw * 0.6:
        word = cv2.resize(word, (round(fw * 0.6), word.shape[0]), interpolation=cv2.INTER_AREA)
    _paint(canvas, word, (fw - word.shape[1]) / 2, top + side * 1.05, ink)


# ----------------------------------------------------------------------------- whole faces


def render_standard_face(token: str, style: StandardStyle, width: int = 200) -> Face:
    """Render one standard card (``"AS"``, ``"10H"``, ``"X"``) of ``style``, ``width`` px wide.

    >>> style = sample_standard_style(np.random.default_rng(1), "anglo")
    >>> face = render_standard_face("10H", style, 120)
    >>> face.image.shape[1], len(face.indices)
    (120, 2)
    """
    if width < 16:
        raise ValueError(f"a face needs at least 16 px of width, not {width}")
    if token not in STANDARD_COUNTS:
        raise ValueError(f"{token!r} is not a standard card; use e.g. AS, 10H, QD or X")
    return _render(token, style, width)


@lru_cache(maxsize=64)
def _render(token: str, style: StandardStyle, fw: int) -> Face:
    fh = round(fw * style.aspect)
    canvas = solid_bgra(fh, fw, style.paper)
    _draw_middle(canvas, style, token)
    return finish_face(
        canvas,
        lambda face, right: _draw_index(face, style, token, right),
        style.four_corners,
        style.corner_radius,
    )
