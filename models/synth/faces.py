"""Card-face renderer: the face families of RULES.md ("Card faces the camera will meet") as data.

A ``FaceStyle`` is one printed edition (family + fonts + hues + proportions); ``render_face``
draws one card of it at a canonical width and returns the BGRA image with the quads of its
corner indices (the small marks that carry the card's identity). Backs are unlabelled.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import cv2
import numpy as np

from .deck import COLOURS, SKIP, WILD, colour_of, rank_text
from .palette import BGR, HueRange, hsv_to_bgr, sample_colour, sample_palette, sample_paper
from .text import FONTS, TTF_FONTS, fit_mask, glyph_mask

FACE_WIDTH = 200  # default render width in px; scenes render near the size a card will appear
_WIDTH_STEP = 8  # render widths are rounded to this, so duplicates in a hand share a render

Quad = tuple[tuple[float, float], ...]
Box = tuple[float, float, float, float]


class Family(StrEnum):
    MATTEL = "mattel"  # white face, big numeral, quarter discs TL/BR; black Wild/Skip
    EUROPEAN = "european"  # four coloured tabs, PHASE 10 logo, star/"!" on blue tabs
    VINTAGE = "vintage"  # outlined numerals, plain corner numerals, multicoloured WILD
    BORDERED = "bordered"  # own variation: colour-flooded face, white oval, white corner numerals


FAMILIES = tuple(f.value for f in Family)


class IndexShape(StrEnum):
    DISC = "disc"  # quarter disc anchored on the corner
    TAB = "tab"  # rounded rectangle inset from the corner
    PLAIN = "plain"  # the numeral alone
    CIRCLE = "circle"  # a small full disc near the corner
    FLUSH = "flush"  # a block filling the corner, rounded only on its inner corner


# Which index shapes each family prints, and whether it marks all four corners.
FAMILY_SHAPES: dict[Family, tuple[IndexShape, ...]] = {
    Family.MATTEL: (IndexShape.DISC, IndexShape.DISC, IndexShape.CIRCLE, IndexShape.PLAIN),
    Family.EUROPEAN: (IndexShape.TAB, IndexShape.TAB, IndexShape.FLUSH),
    Family.VINTAGE: (IndexShape.PLAIN,),
    Family.BORDERED: (IndexShape.PLAIN, IndexShape.CIRCLE, IndexShape.TAB, IndexShape.FLUSH),
}
FOUR_CORNERS: dict[Family, float] = {  # probability that an edition prints indices in 4 corners
    Family.MATTEL: 0.1,
    Family.EUROPEAN: 1.0,
    Family.VINTAGE: 0.25,
    Family.BORDERED: 0.3,
}
TRUE_BLUE = HueRange((205.0, 232.0), (0.65, 1.0), (0.45, 0.85))


@dataclass(frozen=True)
class FaceStyle:
    """One edition: everything that is the same on all cards of a deck."""

    family: Family
    aspect: float  # height / width
    corner_radius: float  # fraction of width
    paper: BGR
    colours: tuple[BGR, BGR, BGR, BGR]  # printed colour of R, B, G, Y
    special: BGR  # tab/face colour of Wild and Skip where the family uses one
    font: str
    weight: int
    slant: float
    width_scale: float
    index_shape: IndexShape
    index_size: float  # fraction of width
    four_corners: bool
    centre_height: float  # fraction of face height for the central numeral
    outline_index: bool
    underline_index: bool  # 6/9 marked in the corners too (always in the centre)
    skip_symbol: bool  # circle-slash instead of the word SKIP
    numeral_shadow: bool  # darker offset copy behind the central numeral
    dark_index_ink: bool  # numerals on coloured index shapes printed dark instead of white
    white_edge: float  # unprinted paper margin round a colour-flooded face (fraction of width)
    rounded: bool  # glyph corners rounded off (a softer, rounded-font look)
    ink: BGR  # dark print colour for logos and words
    noise_seed: int

    def colour(self, letter: str) -> BGR:
        return self.colours[COLOURS.index(letter)]


def sample_style(rng: np.random.Generator, family: str | Family) -> FaceStyle:
    fam = Family(family)
    shapes = FAMILY_SHAPES[fam]
    vintage = fam is Family.VINTAGE
    shape = shapes[int(rng.integers(len(shapes)))]
    return FaceStyle(
        family=fam,
        aspect=float(rng.uniform(1.38, 1.62)),
        corner_radius=float(rng.uniform(0.03, 0.12)),
        paper=_cream(rng) if vintage and rng.random() < 0.6 else sample_paper(rng),
        colours=_in_deck_order(sample_palette(rng, purple_blue=fam is Family.EUROPEAN)),
        special=sample_colour(rng, TRUE_BLUE),
        font=str(rng.choice(TTF_FONTS if rng.random() < 0.7 else FONTS)),
        weight=int(rng.integers(0, 3)),
        slant=float(rng.uniform(-0.05, 0.22)) if rng.random() < 0.35 else 0.0,
        width_scale=float(rng.uniform(0.8, 1.2)),
        index_shape=shape,
        index_size=float(rng.uniform(0.22, 0.32)),
        four_corners=bool(rng.random() < FOUR_CORNERS[fam]),
        centre_height=float(rng.uniform(0.30, 0.48)),
        outline_index=vintage and bool(rng.random() < 0.4),
        # A quarter disc shows which way is up; symmetric marks need the 6/9 underline.
        underline_index=shape is not IndexShape.DISC or bool(rng.random() < 0.5),
        skip_symbol=bool(rng.random() < 0.3),
        numeral_shadow=bool(rng.random() < 0.2),
        dark_index_ink=bool(rng.random() < 0.15),
        white_edge=float(rng.uniform(0.03, 0.07)) if rng.random() < 0.5 else 0.0,
        rounded=bool(rng.random() < 0.3),
        ink=hsv_to_bgr(
            float(rng.uniform(0, 360)), float(rng.uniform(0, 0.6)), float(rng.uniform(0.05, 0.3))
        ),
        noise_seed=int(rng.integers(2**31)),
    )


def _in_deck_order(palette: dict[str, BGR]) -> tuple[BGR, BGR, BGR, BGR]:
    r, b, g, y = (palette[letter] for letter in COLOURS)
    return (r, b, g, y)


def _cream(rng: np.random.Generator) -> BGR:
    return hsv_to_bgr(
        float(rng.uniform(35, 55)), float(rng.uniform(0.06, 0.2)), float(rng.uniform(0.85, 0.98))
    )


@dataclass(frozen=True)
class Face:
    image: np.ndarray  # H×W×4 BGRA uint8, alpha = card outline (rounded corners)
    indices: tuple[Quad, ...]  # corner-index quads in face px
    # The marks of each index, parallel to ``indices``: the ink of each digit, letter, symbol
    # or pip. An index whose box mostly shows can still hide the 2 of a 12 or a pip printed
    # beside the rank, and then no one can read it.
    marks: tuple[tuple[Quad, ...], ...]

    @property
    def size(self) -> tuple[int, int]:
        return self.image.shape[1], self.image.shape[0]


# ----------------------------------------------------------------------------- drawing helpers


def solid_bgra(height: int, width: int, bgr: BGR) -> np.ndarray:
    """An opaque H×W×4 image of one colour (filled as uint32: numpy's broadcast fill is slow)."""
    pixel = np.array((*bgr, 255), np.uint8).view(np.uint32)[0]
    return np.full((height, width), pixel, np.uint32).view(np.uint8).reshape(height, width, 4)


def _blend(canvas: np.ndarray, mask: np.ndarray, x: int, y: int, colour: BGR) -> None:
    """Alpha-blend a uint8 ``mask`` of ``colour`` onto ``canvas`` with its top-left at (x, y)."""
    h, w = mask.shape
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, canvas.shape[1]), min(y + h, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    alpha = mask[y0 - y : y1 - y, x0 - x : x1 - x]
    # region·(1 − a) + ink·a in uint8 fixed point (OpenCV's SIMD paths: ~2x numpy float).
    # The fourth weight channel is 0, so the card's alpha channel passes through unchanged.
    weights = cv2.merge([alpha, alpha, alpha, np.zeros_like(alpha)])
    region = canvas[y0:y1, x0:x1]
    ink = solid_bgra(y1 - y0, x1 - x0, colour)
    kept = cv2.multiply(region, cv2.bitwise_not(weights), scale=1.0 / 255.0)
    region[...] = cv2.add(kept, cv2.multiply(ink, weights, scale=1.0 / 255.0))


@lru_cache(maxsize=512)
def _text_mask(
    style: FaceStyle,
    text: str,
    height: float,
    outline: bool = False,
    underline: bool = False,
    width_scale: float = 1.0,
) -> np.ndarray:
    mask = fit_mask(
        glyph_mask(text, style.font, style.weight),
        height,
        style.width_scale * width_scale,
        style.slant,
    )
    if style.rounded:
        mask = _round_off(mask, height)
    if underline:
        # 6 and 9 carry a bar under the numeral so an upside-down card is not misread.
        bar = max(2, round(height * 0.09))
        gap = max(1, round(height * 0.06))
        padded = np.zeros((mask.shape[0] + gap + bar, mask.shape[1]), np.uint8)
        padded[: mask.shape[0]] = mask
        inset = round(mask.shape[1] * 0.12)
        padded[-bar:, inset : mask.shape[1] - inset] = 255
        mask = padded
    if outline:
        stroke = max(1, round(height * 0.06))
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * stroke + 1, 2 * stroke + 1))
        mask = cv2.copyMakeBorder(mask, stroke, stroke, stroke, stroke, cv2.BORDER_CONSTANT)
        mask = cv2.subtract(cv2.dilate(mask, kernel), mask)
    mask.setflags(write=False)  # cached: a hand repeats numerals in every corner
    return mask


def _round_off(mask: np.ndarray, height: float) -> np.ndarray:
    """Round a glyph's corners: blur, then re-threshold softly (keeps anti-aliased edges)."""
    pad = max(2, round(height * 0.1))
    padded = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT)
    soft = cv2.GaussianBlur(padded, (0, 0), max(0.6, height * 0.035)).astype(np.float32)
    rounded: np.ndarray = np.clip((soft - 110.0) * 3.0 + 128.0, 0, 255).astype(np.uint8)
    return rounded


def _text_at(
    canvas: np.ndarray,
    mask: np.ndarray,
    cx: float,
    cy: float,
    colour: BGR,
    max_width: float | None = None,
) -> Box:
    """Paint a text mask centred at (cx, cy), shrinking it to ``max_width``; return its box."""
    if max_width is not None and mask.shape[1] > max_width:
        scale = max_width / mask.shape[1]
        mask = cv2.resize(
            mask,
            (max(1, round(mask.shape[1] * scale)), max(1, round(mask.shape[0] * scale))),
            interpolation=cv2.INTER_AREA,
        )
    h, w = mask.shape
    x, y = round(cx - w / 2), round(cy - h / 2)
    _blend(canvas, mask, x, y, colour)
    return (float(x), float(y), float(x + w), float(y + h))


def _star(cx: float, cy: float, radius: float, points: int = 5) -> np.ndarray:
    angles = np.arange(2 * points) * np.pi / points - np.pi / 2
    radii = np.where(np.arange(2 * points) % 2 == 0, radius, radius * 0.42)
    return np.stack([cx + radii * np.cos(angles), cy + radii * np.sin(angles)], 1)


def _symbol_mask(symbol: str, size: int) -> np.ndarray:
    """Star (European Wild) or circle-slash (Skip) as a square mask."""
    mask = np.zeros((size, size), np.uint8)
    c = (size - 1) / 2
    if symbol == "star":
        pts = _star(c, c * 1.05, c * 0.98)
        cv2.fillPoly(mask, [np.round(pts * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    else:
        thick = max(2, size // 7)
        cv2.circle(mask, (round(c), round(c)), round(c - thick / 2), 255, thick, cv2.LINE_AA)
        d = (c - thick / 2) * 0.7
        cv2.line(
            mask,
            (round(c - d), round(c - d)),
            (round(c + d), round(c + d)),
            255,
            thick,
            cv2.LINE_AA,
        )
    return mask


def _rot180(canvas: np.ndarray) -> np.ndarray:
    return cv2.rotate(canvas, cv2.ROTATE_180)


def _flip_box(box: Box, width: int, height: int) -> Box:
    x0, y0, x1, y1 = box
    return (width - x1, height - y1, width - x0, height - y0)


def _mirror_box(box: Box, width: int) -> Box:
    x0, y0, x1, y1 = box
    return (width - x1, y0, width - x0, y1)


def _quad(box: Box) -> Quad:
    x0, y0, x1, y1 = box
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


# ----------------------------------------------------------------------------- corner indices


@dataclass(frozen=True)
class IndexMark:
    """What one corner shows: a text or symbol, its colour and the shape behind it."""

    text: str  # numeral or letter; "" when a symbol is used
    symbol: str  # "", "star", "bang" (the "!" is text), "slash"
    ink: BGR  # colour of the numeral/symbol
    fill: BGR | None  # colour of the disc/tab behind it, None for plain marks
    underline: bool
    outline: bool = False


def _draw_index(
    canvas: np.ndarray, style: FaceStyle, mark: IndexMark, right: bool
) -> tuple[Box, tuple[Box, ...]]:
    """Draw one index in the top-left (or top-right) corner; return its box and its marks'
    boxes (one per digit or symbol) in face px."""
    fw = canvas.shape[1]
    size = style.index_size * fw
    shape = style.index_shape if mark.fill is not None else IndexShape.PLAIN
    margin = max(style.corner_radius * fw * 0.35, fw * 0.035, (style.white_edge + 0.02) * fw)
    if shape is IndexShape.DISC:
        box = (0.0, 0.0, size, size)
        centre = (size * 0.40, size * 0.40)
        text_h = size * 0.42
    elif shape is IndexShape.TAB:
        box = (margin, margin, margin + size * 0.82, margin + size)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        text_h = size * 0.55
    elif shape is IndexShape.FLUSH:
        box = (0.0, 0.0, size * 0.85, size * 1.05)
        centre = (size * 0.45, size * 0.55)
        text_h = size * 0.55
    elif shape is IndexShape.CIRCLE:
        box = (margin, margin, margin + size * 0.9, margin + size * 0.9)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        text_h = size * 0.45
    else:
        box = (margin, margin, margin + size * 0.8, margin + size)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        text_h = size * 0.72
    if right:
        box = _mirror_box(box, fw)
        centre = (fw - centre[0], centre[1])
    if mark.fill is not None:
        _draw_shape(canvas, shape, box, mark.fill, corner_right=right)
    inner_w = (box[2] - box[0]) * (0.62 if shape is IndexShape.DISC else 0.86)
    before = canvas.copy()
    text = ""
    if mark.symbol in ("star", "slash"):
        side = round(min(text_h * 1.25, inner_w))
        painted = _text_at(canvas, _symbol_mask(mark.symbol, side), centre[0], centre[1], mark.ink)
    else:
        text = mark.text if mark.symbol != "bang" else "!"
        mask = _text_mask(
            style,
            text,
            text_h,
            outline=mark.outline,
            underline=mark.underline,
            width_scale=0.8 if len(text) > 1 else 1.0,
        )
        painted = _text_at(canvas, mask, centre[0], centre[1], mark.ink, max_width=inner_w)
        if mark.fill is None:
            box = _pad(painted, 0.12 * (painted[3] - painted[1]))
    return box, split_marks(ink_box(before, canvas, painted) or painted, max(1, len(text)))


def split_marks(ink: Box, count: int) -> tuple[Box, ...]:
    """``count`` characters printed side by side in ``ink``: one box per character.

    >>> split_marks((10.0, 0.0, 30.0, 8.0), 2)
    ((10.0, 0.0, 20.0, 8.0), (20.0, 0.0, 30.0, 8.0))
    """
    x0, y0, x1, y1 = ink
    step = (x1 - x0) / count
    return tuple((x0 + k * step, y0, x0 + (k + 1) * step, y1) for k in range(count))


def ink_box(before: np.ndarray, after: np.ndarray, painted: Box | None = None) -> Box | None:
    """The box of the pixels that painting changed clearly (a text mask's box is wider than
    its strokes: line height, side bearings, the soft edge); None if nothing changed.
    ``painted``, the box the painting was confined to, limits the comparison to it: the whole
    face compared for every index was 40 % of a scene's rendering time.

    >>> blank = solid_bgra(20, 30, (255, 255, 255))
    >>> inked = blank.copy(); inked[5:9, 10:12, :3] = 0
    >>> ink_box(blank, inked)
    (10.0, 5.0, 12.0, 9.0)
    >>> ink_box(blank, inked, painted=(8.0, 4.0, 20.0, 12.0))
    (10.0, 5.0, 12.0, 9.0)
    """
    x0 = y0 = 0
    if painted is not None:
        x0, y0 = max(0, math.floor(painted[0])), max(0, math.floor(painted[1]))
        x1 = min(after.shape[1], math.ceil(painted[2]))
        y1 = min(after.shape[0], math.ceil(painted[3]))
        if x1 <= x0 or y1 <= y0:
            return None
        before, after = before[y0:y1, x0:x1], after[y0:y1, x0:x1]
    change = np.abs(after[..., :3].astype(np.int16) - before[..., :3]).max(axis=2)
    strongest = int(change.max())
    if strongest == 0:
        return None
    ys, xs = np.nonzero(change >= max(8, strongest // 4))
    return (float(xs.min() + x0), float(ys.min() + y0), float(xs.max() + 1 + x0),
            float(ys.max() + 1 + y0))


def _draw_shape(
    canvas: np.ndarray, shape: IndexShape, box: Box, colour: BGR, corner_right: bool
) -> None:
    x0, y0, x1, y1 = box
    if shape is IndexShape.DISC:
        r = x1 - x0
        cx = canvas.shape[1] if corner_right else 0
        cv2.circle(
            canvas, (round(cx * 16), 0), round(r * 16), (*colour, 255), -1, cv2.LINE_AA, shift=4
        )
    elif shape is IndexShape.CIRCLE:
        cv2.circle(
            canvas,
            (round((x0 + x1) * 8), round((y0 + y1) * 8)),
            round((x1 - x0) * 8),
            (*colour, 255),
            -1,
            cv2.LINE_AA,
            shift=4,
        )
    elif shape is IndexShape.FLUSH:
        # Extend past the card edges so only the inner corner shows its rounding.
        radius = round((x1 - x0) * 0.3)
        left, right = (x0, x1 + radius) if corner_right else (x0 - radius, x1)
        _rounded_rect(canvas, (left, y0 - radius, right, y1), radius, colour)
    else:
        radius = round((x1 - x0) * 0.18)
        _rounded_rect(canvas, box, radius, colour)


def _rounded_rect(canvas: np.ndarray, box: Box, radius: int, colour: BGR) -> None:
    x0, y0, x1, y1 = (round(v) for v in box)
    radius = max(0, min(radius, (x1 - x0) // 2, (y1 - y0) // 2))
    fill = (*colour, 255)
    cv2.rectangle(canvas, (x0 + radius, y0), (x1 - radius, y1), fill, -1)
    cv2.rectangle(canvas, (x0, y0 + radius), (x1, y1 - radius), fill, -1)
    for cx, cy in (
        (x0 + radius, y0 + radius),
        (x1 - radius, y0 + radius),
        (x0 + radius, y1 - radius),
        (x1 - radius, y1 - radius),
    ):
        cv2.circle(canvas, (cx, cy), radius, fill, -1, cv2.LINE_AA)


def _pad(box: Box, pad: float) -> Box:
    return (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)


def _index_mark(style: FaceStyle, token: str, rng: np.random.Generator) -> IndexMark:
    colour = colour_of(token)
    text = rank_text(token)
    underline = text in ("6", "9") and style.underline_index
    fam = style.family
    if colour is not None:
        ink_colour = style.colour(colour)
        if style.index_shape is IndexShape.PLAIN:
            ink = style.paper if fam is Family.BORDERED else ink_colour
            return IndexMark(text, "", ink, None, underline, style.outline_index)
        if fam is Family.BORDERED:  # a white tab/disc on the colour-flooded face
            return IndexMark(text, "", ink_colour, _white(style), underline)
        ink = style.ink if style.dark_index_ink else _white(style)
        return IndexMark(text, "", ink, ink_colour, underline)
    if fam is Family.EUROPEAN:
        return IndexMark(
            "", "star" if token == WILD else "bang", _white(style), style.special, False
        )
    if fam is Family.MATTEL:
        return IndexMark(text, "", _RED_WORD, None, False)
    if fam is Family.VINTAGE:
        ink = style.colours[int(rng.integers(4))] if token == WILD else style.ink
        return IndexMark(text, "", ink, None, False, style.outline_index)
    return IndexMark(text, "", _white(style), None, False)


_RED_WORD: BGR = (38, 30, 215)


def _white(style: FaceStyle) -> BGR:
    return (250, 250, 250) if style.family is not Family.VINTAGE else style.paper


# ----------------------------------------------------------------------------- whole faces


def render_width(pixels: float) -> int:
    """The face width to render for a card that appears ``pixels`` wide.

    Slightly oversampled, but capped: a card larger than ~220 px is upscaled by the warp, which
    costs a little sharpness that the model's input resize would discard anyway.

    >>> render_width(100), render_width(10), render_width(5000)
    (112, 48, 224)
    """
    wanted = int(np.clip(pixels * 1.1, 48, 224))
    return -(-wanted // _WIDTH_STEP) * _WIDTH_STEP


def render_face(token: str, style: FaceStyle, width: int = FACE_WIDTH) -> Face:
    """Render one card of ``style`` ``width`` px wide; cached because a hand repeats cards."""
    if width < 16:
        raise ValueError(f"a face needs at least 16 px of width, not {width}")
    return _render_face(token, style, width)


@lru_cache(maxsize=64)
def _render_face(token: str, style: FaceStyle, fw: int) -> Face:
    fh = round(fw * style.aspect)
    rng = np.random.default_rng([style.noise_seed, sum(map(ord, token))])
    face_colour = _face_colour(style, token)
    canvas = solid_bgra(fh, fw, face_colour)
    if style.white_edge > 0 and face_colour != style.paper:
        # Flooded faces often leave a white paper margin round the print.
        edge = style.white_edge * fw
        canvas = solid_bgra(fh, fw, _white(style))
        _rounded_rect(canvas, (edge, edge, fw - edge, fh - edge), round(edge * 1.5), face_colour)
    _draw_centre(canvas, style, token, rng)
    mark = _index_mark(style, token, rng)
    return finish_face(
        canvas,
        lambda face, right: _draw_index(face, style, mark, right),
        style.four_corners,
        style.corner_radius,
    )


def finish_face(
    canvas: np.ndarray,
    draw_index: Callable[[np.ndarray, bool], tuple[Box, tuple[Box, ...]]],
    four_corners: bool,
    corner_radius: float,
) -> Face:
    """Paint the corner indices (``draw_index(canvas, right)`` gives an index's box and its
    marks' boxes), cut the rounded outline and freeze the face."""
    fh, fw = canvas.shape[:2]
    drawn: list[tuple[Box, tuple[Box, ...]]] = []
    for _ in range(2):
        # Paint the top corners, turn the card, paint again: bottom indices come out upside down.
        drawn.append(draw_index(canvas, False))
        if four_corners:
            drawn.append(draw_index(canvas, True))
        canvas = _rot180(canvas)
        drawn = [
            (_flip_box(box, fw, fh), tuple(_flip_box(m, fw, fh) for m in marks))
            for box, marks in drawn
        ]
    canvas[..., 3] = _outline_mask(fw, fh, corner_radius * fw)
    canvas.setflags(write=False)
    return Face(
        canvas,
        tuple(_quad(_clip(box, fw, fh)) for box, _ in drawn),
        tuple(tuple(_quad(_clip(m, fw, fh)) for m in marks) for _, marks in drawn),
    )


def _clip(box: Box, width: int, height: int) -> Box:
    return (
        max(0.0, box[0]),
        max(0.0, box[1]),
        min(float(width), box[2]),
        min(float(height), box[3]),
    )


def _face_colour(style: FaceStyle, token: str) -> BGR:
    colour = colour_of(token)
    if style.family is Family.MATTEL and colour is None:
        return (22, 20, 20)
    if style.family is Family.BORDERED:
        if colour is None:
            return (25, 25, 25) if token == WILD else style.special
        return style.colour(colour)
    return style.paper


def _draw_centre(
    canvas: np.ndarray, style: FaceStyle, token: str, rng: np.random.Generator
) -> None:
    fh, fw = canvas.shape[:2]
    cx, cy = fw / 2, fh / 2
    colour = colour_of(token)
    text = rank_text(token)
    fam = style.family
    if fam is Family.EUROPEAN:
        _logo(canvas, style, token)
        return
    if fam is Family.BORDERED:
        axes = (round(fw * 0.36), round(fh * 0.36))
        cv2.ellipse(
            canvas,
            (round(cx), round(cy)),
            axes,
            -25,
            0,
            360,
            (*_white(style), 255),
            -1,
            cv2.LINE_AA,
        )
    if colour is not None:
        ink = style.colour(colour)
        mask = _text_mask(
            style,
            text,
            fh * style.centre_height,
            outline=fam is Family.VINTAGE,
            underline=text in ("6", "9"),
            width_scale=0.85 if len(text) > 1 else 1.0,
        )
        if style.numeral_shadow:
            # Some editions print the big numeral with a darker offset copy (a 3-D look).
            depth = max(1.0, fw * 0.025)
            shade: BGR = (ink[0] // 3, ink[1] // 3, ink[2] // 3)
            _text_at(canvas, mask, cx + depth, cy + depth, shade, max_width=fw * 0.78)
        _text_at(canvas, mask, cx, cy, ink, max_width=fw * 0.78)
        return
    word = "WILD" if token == WILD else "SKIP"
    if token == SKIP and (style.skip_symbol or fam is Family.BORDERED):
        side = round(fw * 0.55)
        ink = _RED_WORD if fam is Family.MATTEL else style.special
        _text_at(canvas, _symbol_mask("slash", side), cx, cy, ink)
        return
    if fam is Family.VINTAGE and token == WILD:
        _multicolour_word(canvas, style, word, rng)
        return
    ink = _RED_WORD if fam is Family.MATTEL else style.ink
    mask = _text_mask(style, word, fh * 0.16)
    _text_at(canvas, mask, cx, cy, ink, max_width=fw * 0.8)


def _multicolour_word(
    canvas: np.ndarray, style: FaceStyle, word: str, rng: np.random.Generator
) -> None:
    fh, fw = canvas.shape[:2]
    order = rng.permutation(4)
    step = fw * 0.8 / len(word)
    for i, letter in enumerate(word):
        mask = _text_mask(style, letter, fh * 0.17, outline=style.outline_index)
        x = fw * 0.1 + step * (i + 0.5)
        _text_at(
            canvas, mask, x, fh / 2 + (i - 1.5) * fh * 0.02, style.colours[order[i]], max_width=step
        )


def _logo(canvas: np.ndarray, style: FaceStyle, token: str) -> None:
    """European centre: "PHASE 10" in a dotted circle (the card's identity is in the tabs)."""
    fh, fw = canvas.shape[:2]
    cx, cy = fw / 2, fh / 2
    radius = fw * 0.33
    colour = colour_of(token)
    ring = style.colour(colour) if colour else style.special
    for angle in np.linspace(0, 2 * np.pi, 28, endpoint=False):
        px, py = cx + radius * np.cos(angle), cy + radius * np.sin(angle)
        cv2.circle(
            canvas,
            (round(px * 16), round(py * 16)),
            round(fw * 0.018 * 16),
            (*ring, 255),
            -1,
            cv2.LINE_AA,
            shift=4,
        )
    _text_at(
        canvas,
        _text_mask(style, "PHASE", fw * 0.11),
        cx,
        cy - fw * 0.08,
        style.ink,
        max_width=radius * 1.6,
    )
    _text_at(
        canvas, _text_mask(style, "10", fw * 0.17), cx, cy + fw * 0.09, ring, max_width=radius * 1.2
    )


@lru_cache(maxsize=64)
def _outline_mask(width: int, height: int, radius: float) -> np.ndarray:
    mask = np.zeros((height, width), np.uint8)
    r = max(1, round(radius))
    cv2.rectangle(mask, (r, 0), (width - 1 - r, height - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (width - 1, height - 1 - r), 255, -1)
    for cx, cy in (
        (r, r),
        (width - 1 - r, r),
        (r, height - 1 - r),
        (width - 1 - r, height - 1 - r),
    ):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


# ----------------------------------------------------------------------------- backs


def render_back(
    rng: np.random.Generator, aspect: float, corner_radius: float, width: int = FACE_WIDTH
) -> np.ndarray:
    """A card back (distractor): border, patterned field, sometimes a logo. BGRA."""
    fw = width
    fh = round(fw * aspect)
    px = fw / FACE_WIDTH  # pattern sizes are designed at the default width
    base = hsv_to_bgr(
        float(rng.uniform(0, 360)), float(rng.uniform(0.4, 1)), float(rng.uniform(0.2, 0.7))
    )
    accent = hsv_to_bgr(
        float(rng.uniform(0, 360)), float(rng.uniform(0.2, 1)), float(rng.uniform(0.5, 1))
    )
    canvas = solid_bgra(fh, fw, (245, 245, 245))
    border = round(fw * rng.uniform(0.04, 0.09))
    cv2.rectangle(canvas, (border, border), (fw - 1 - border, fh - 1 - border), (*base, 255), -1)
    pattern = int(rng.integers(3))
    step = max(3, round(int(rng.integers(8, 22)) * px))
    line = max(1, round(2 * px))
    inner = canvas[border:-border, border:-border]
    if pattern == 0:
        for k in range(-inner.shape[0], inner.shape[1], step):
            cv2.line(
                inner,
                (k, 0),
                (k + inner.shape[0], inner.shape[0]),
                (*accent, 255),
                line,
                cv2.LINE_AA,
            )
    elif pattern == 1:
        for r in range(step, max(fw, fh), step):
            cv2.ellipse(
                inner,
                (inner.shape[1] // 2, inner.shape[0] // 2),
                (r, round(r * aspect)),
                0,
                0,
                360,
                (*accent, 255),
                line,
                cv2.LINE_AA,
            )
    else:
        for y in range(0, inner.shape[0], step):
            for x in range((y // step % 2) * step // 2, inner.shape[1], step):
                cv2.circle(inner, (x, y), max(1, step // 4), (*accent, 255), -1, cv2.LINE_AA)
    if rng.random() < 0.5:
        mask = fit_mask(glyph_mask("PHASE 10", str(rng.choice(TTF_FONTS))), fw * 0.12)
        _text_at(canvas, mask, fw / 2, fh / 2, (250, 250, 250), max_width=fw * 0.7)
    canvas[..., 3] = _outline_mask(fw, fh, corner_radius * fw)
    return canvas
