"""Scene synthesizer: a hand of real-deck cards on a table, photographed badly, with exact labels.

Pipeline (each step a small function): draw hand → pick edition → arrange (layout) → fit into the
frame with a camera tilt → paint table, shadows, cards, distractor backs and hands while keeping
a per-pixel map of which card is on top → label each corner index by how much of it is visible
→ degrade (light, glare, blur, noise, JPEG).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import cv2
import numpy as np

from .backgrounds import make_background
from .deck import DECK_COUNTS, draw_hand, with_copies
from .degrade import degrade
from .distractors import make_distractors
from .edition import PLAIN, Edition
from .faces import FAMILIES, Face, FaceStyle, render_face, render_width, sample_style
from .layouts import (
    CLOSEUP,
    DEAL,
    FAN_STEPS,
    LAYOUTS,
    LOOSE,
    SCENE_LAYOUTS,
    TABLE,
    Arrangement,
    Placement,
    arrange,
    card_corners,
    rotate,
)
from .palette import SKIN_TONES, sample_colour
from .standard import (
    STANDARD_COUNTS,
    STANDARD_FAMILIES,
    StandardStyle,
    render_standard_face,
    restyled,
    sample_standard_style,
)

MIN_VISIBLE = 0.6  # an index at least this unoccluded is readable (Contract 1)
# ... when at least this much of each of its marks (digit, letter, symbol, pip) shows too: the
# next card in a row can leave most of an index box in view yet hide the 2 of a 12, the 0 of
# a 10 or a pip printed beside the rank, and no one can read those (labelled, they made the
# reader guess hidden digits). Half a digit still tells it from the others.
MIN_MARK_VISIBLE = 0.5
MIN_INDEX_PX = 4.0  # ... and at least this many pixels on its shorter side
MAX_CARDS = 60  # a table of dealt hands holds a whole 52-card deck
MIN_PARTIAL = 0.2  # not readable but at least this visible: reported as ambiguous
# The random stream of a seed ([seed, PHONE_STREAM]) that draws a phone look's processing, so a
# scene asked for it is the same scene otherwise (the standard faces' streams are 11-13).
PHONE_STREAM = 14


@dataclass(frozen=True)
class Framing:
    """How a layout's cards sit in the photo, before the camera tilt shrinks them a little."""

    cards: tuple[int, int]  # how many, when the caller does not say
    fill: tuple[float, float]  # share of the frame the cards' extent fills
    card_width: tuple[float, float]  # a card's width as a share of ...
    of_shorter_side: bool  # ... the frame's shorter side (else its width)

    def width_limits(self, size: tuple[int, int]) -> tuple[float, float]:
        side = min(size) if self.of_shorter_side else size[0]
        return self.card_width[0] * side, self.card_width[1] * side


# People frame the hand: it fills a good part of the photo, within card-size limits.
HAND_FRAMING = Framing(cards=(8, 11), fill=(0.45, 0.95), card_width=(0.058, 0.25),
                       of_shorter_side=False)
# A card or three scanned or photographed from near fill most of it.
# Hands dealt on a table fill the photo with small cards.
FRAMINGS = {
    CLOSEUP: Framing(cards=(1, 3), fill=(0.75, 1.0), card_width=(0.35, 1.0), of_shorter_side=True),
    TABLE: Framing(cards=(16, 52), fill=(0.8, 0.98), card_width=(0.05, 0.2), of_shorter_side=False),
    # A deck dealt out and squared up: hands packed closer, so each card is larger in the frame.
    DEAL: Framing(
        cards=(26, 52), fill=(0.75, 0.98), card_width=(0.07, 0.22), of_shorter_side=False
    ),
    # The same deck left loose and photographed from near: larger cards.
    LOOSE: Framing(
        cards=(26, 52), fill=(0.85, 0.98), card_width=(0.1, 0.3), of_shorter_side=False
    ),
}
Box = tuple[float, float, float, float]
_BACKGROUND_ID = -1
_OCCLUDER_ID = -2

StyleT = TypeVar("StyleT", FaceStyle, StandardStyle)


@dataclass(frozen=True)
class DeckKit(Generic[StyleT]):
    """What changes with the kind of deck: its face families, how a hand is dealt from it and
    how one of its cards is drawn. Layouts, table, camera and labels are the same for all."""

    families: tuple[str, ...]
    counts: Mapping[str, int]  # copies of each card in the deck a hand is dealt from
    sample_style: Callable[[np.random.Generator, str], StyleT]
    render_face: Callable[[str, StyleT, int], Face]
    fan_steps: tuple[float, float] = FAN_STEPS  # a taller corner index needs a wider fan
    # The same edition as an ``Edition`` asks, given the scene's seed (None: a deck whose
    # editions have no courts, Q or suit pips to redraw, unchanged by every option).
    restyle: Callable[[StyleT, int, Edition], StyleT] | None = None

    def edition(
        self, rng: np.random.Generator, family: str, seed: int, edition: Edition = PLAIN
    ) -> StyleT:
        """One printed edition of ``family`` as ``edition`` asks: the options redraw from
        streams of scene ``seed``'s own, so ``rng``'s draws are those of the plain edition."""
        style = self.sample_style(rng, family)
        return style if self.restyle is None else self.restyle(style, seed, edition)


DECK_KITS: dict[str, DeckKit[Any]] = {
    "phase10": DeckKit(FAMILIES, DECK_COUNTS, sample_style, render_face),
    # Rank over pip is taller than a Phase 10 numeral: fans a little wider, or the pips of
    # jumbo-index cards would hide under the next card in half the fanned hands.
    "standard": DeckKit(
        STANDARD_FAMILIES,
        STANDARD_COUNTS,
        sample_standard_style,
        render_standard_face,
        fan_steps=(10.0, 20.0),
        restyle=restyled,
    ),
}
DECKS = tuple(DECK_KITS)


@dataclass(frozen=True)
class CardLabel:
    card: str  # token: "R7", "B12", "W", "S"; standard deck "AS", "10H", "X"
    quad: tuple[tuple[float, float], ...]  # face corners TL, TR, BR, BL in image px
    centre: tuple[float, float]  # card centre in image px
    indices: tuple[tuple[float, float, float, float], ...]  # visible index boxes x0, y0, x1, y1


@dataclass(frozen=True)
class Scene:
    image: np.ndarray  # H×W×3 uint8 BGR, degraded
    cards: tuple[CardLabel, ...]  # cards with at least one readable index
    layout: str
    family: str
    # Index boxes that are partly visible (at least MIN_PARTIAL of their area, but under
    # MIN_VISIBLE of it or under MIN_MARK_VISIBLE of a mark, or tiny): neither clearly readable
    # nor clearly absent, so training may ignore them and the benchmark does not score what is
    # read there.
    partial: tuple[tuple[float, float, float, float], ...] = ()
    deck: str = "phase10"  # a key of DECK_KITS: which notation ``cards`` use
    # Every card dealt into the scene, readable or not: a hand's points count the cards whose
    # indices the others hide too.
    hand: tuple[str, ...] = ()


def make_scene(
    seed: int,
    layout: str | None = None,
    family: str | None = None,
    size: tuple[int, int] = (1024, 768),
    n_cards: int | None = None,
    distractors: bool = True,
    deck: str = "phase10",
    harsh_light: bool = False,
    edition: Edition = PLAIN,
    phone_look: bool = False,
    copies: int | None = None,
    retouch: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None,
    without: frozenset[str] = frozenset(),
) -> Scene:
    """Synthesize one labelled photo; the same arguments always give the same scene.

    ``deck`` is "phase10" or "standard" (two 52-card decks + 4 jokers, tokens ``AS``, ``10H``,
    ``X``); ``family`` must be one of that deck's families. ``harsh_light`` adds hard-edged
    shadows and a bright streak (``degrade.harsh_light``) to the very same scene, and
    ``phone_look`` a phone camera's own processing (``degrade.phone_processing``: noise
    reduction, sharpening halos, colour fringes, a contrast curve);
    ``edition`` redraws parts of the printed edition (``Edition``: ornate courts, crowded
    corners, swash Qs, pips and narrow indices of its own); the scene is otherwise the same,
    except that crowded corners also square any deck's dealt hands (deal, loose) up to strips
    fitted to its index, so a big pip or the next card's rank lies within half an index width
    of an index, as on real dealt decks. ``copies`` deals from a deck holding that many of
    each face (``deck.with_copies``; None: the game's own, 2), another scene, and ``without``
    from a deck that lacks those faces (a game without skips: ``{"X"}``). ``retouch``
    changes the hand dealt before it is laid out (same count; benchmarks only: a sorted hand's
    copies side by side, ``bench/copies.py``); the rest of the scene stays as it was.

    >>> scene = make_scene(7, layout="spread", family="mattel", size=(320, 240))
    >>> scene.image.shape, scene.layout, scene.family
    ((240, 320, 3), 'spread', 'mattel')
    """
    _check_args(layout, family, size, n_cards, deck)
    kit = DECK_KITS[deck]
    rng = np.random.default_rng(seed)
    layout = layout or str(rng.choice(LAYOUTS))
    family = family or str(rng.choice(kit.families))
    framing = FRAMINGS.get(layout, HAND_FRAMING)
    low, high = framing.cards
    n = n_cards if n_cards is not None else int(rng.integers(low, high + 1))
    counts = kit.counts if copies is None else with_copies(kit.counts, copies)
    hand = draw_hand(rng, n, {face: 0 if face in without else count
                              for face, count in counts.items()})
    if retouch is not None:
        hand = retouch(hand)
    style = kit.edition(rng, family, seed, edition)
    reach = index_reach(kit, style, hand) if edition.crowded_corners else None
    arrangement = arrange(layout, n, style.aspect, rng, kit.fan_steps, style.four_corners, reach)
    return photographed(
        seed, rng, hand, (style, kit.render_face), arrangement, size, framing,
        (layout, family, deck), distractors, harsh_light, phone_look,
    )


def photographed(
    seed: int,
    rng: np.random.Generator,
    hand: tuple[str, ...],
    edition: tuple[Any, Callable[[str, Any, int], Face]],
    arrangement: Arrangement,
    size: tuple[int, int],
    framing: Framing,
    names: tuple[str, str, str],
    distractors: bool = True,
    harsh_light: bool = False,
    phone_look: bool = False,
) -> Scene:
    """``hand`` laid out as ``arrangement``, fitted into a photo of ``size`` and painted with
    ``edition`` (the deck's style, the function that draws one of its faces), labelled and
    degraded: the steps every scene shares once its cards are dealt and placed. ``names``: the
    scene's layout, family and deck."""
    layout, family, deck = names
    to_image, tilt = _fit(arrangement, edition[0].aspect, size, rng, framing)
    canvas, ids, painted = _compose(
        rng, hand, edition, arrangement, (to_image, tilt), size, layout, distractors,
    )
    labels, partial = _label_all(hand, painted, ids)
    # Its own stream, so a scene lit harshly is the same scene under other light.
    harsh = np.random.default_rng([seed, 7]) if harsh_light else None
    phone = np.random.default_rng([seed, PHONE_STREAM]) if phone_look else None
    return Scene(degrade(canvas, rng, harsh, phone), labels, layout, family, partial, deck, hand)


def index_reach(kit: DeckKit[Any], style: Any, hand: tuple[str, ...]) -> float:
    """How far into its card the widest top-left corner index of ``hand`` reaches, in card
    widths: what a crowded row must leave showing."""
    width = 200

    def reach(token: str) -> float:
        face = kit.render_face(token, style, width)
        top_left = min(face.indices, key=lambda quad: float(np.sum(np.mean(quad, axis=0))))
        return float(np.max(np.asarray(top_left)[:, 0])) / width

    return max(reach(token) for token in dict.fromkeys(hand))


def _compose(
    rng: np.random.Generator,
    hand: tuple[str, ...],
    edition: tuple[Any, Callable[[str, Any, int], Face]],
    arrangement: Arrangement,
    camera: tuple[np.ndarray, np.ndarray],
    size: tuple[int, int],
    layout: str,
    distractors: bool,
) -> tuple[np.ndarray, np.ndarray, list[tuple[Face, np.ndarray]]]:
    """Paint table, clutter, cards and hand in order. Returns the image, the map of what is on
    top at each pixel (card index, or background/occluder ids) and each card's face with its
    face → image homography. ``camera`` is (layout → image map, camera tilt alone), ``edition``
    (the deck's style, the function that draws one of its faces)."""
    to_image, tilt = camera
    style, render = edition
    canvas = _tilted(make_background(rng, size), tilt)
    ids = np.full((size[1], size[0]), _BACKGROUND_ID, np.int16)
    light_dir = rotate(np.array([[1.0, 0.0]]), float(rng.uniform(0, 360)))[0]
    card_px = _card_width_px(to_image)
    shadow = (light_dir * card_px * float(rng.uniform(0.01, 0.05)), float(rng.uniform(0.15, 0.5)))

    face_width = render_width(card_px)
    extras = make_distractors(rng, style, face_width, arrangement, layout) if distractors else ()
    for item in (d for d in extras if not d.on_top):
        h = _homography(item.placement, item.image, to_image, item.units_wide)
        _paint_card(canvas, ids, item.image, h, _OCCLUDER_ID, shadow)
    painted: list[tuple[Face, np.ndarray]] = []
    for card_id, (token, placement) in enumerate(zip(hand, arrangement.cards, strict=True)):
        face = render(token, style, face_width)
        h = _homography(placement, face.image, to_image)
        brightness = float(rng.uniform(0.9, 1.07))
        _paint_card(canvas, ids, face.image, h, card_id, shadow, Sheen.sample(rng), brightness)
        painted.append((face, h))
    for item in (d for d in extras if d.on_top):
        h = _homography(item.placement, item.image, to_image, item.units_wide)
        _paint_card(canvas, ids, item.image, h, _OCCLUDER_ID, shadow)
    skin = sample_colour(rng, SKIN_TONES)
    for occluder in arrangement.occluders:
        tone = tuple(min(255, round(c * occluder.tone)) for c in skin)
        _paint_skin(canvas, ids, _apply(to_image, occluder.polygon), tone, rng, shadow)
    return canvas, ids, painted


def _label_all(
    hand: tuple[str, ...], painted: list[tuple[Face, np.ndarray]], ids: np.ndarray
) -> tuple[tuple[CardLabel, ...], tuple[Box, ...]]:
    """Labels of the readable cards, and the boxes of partly visible (ambiguous) indices."""
    labels: list[CardLabel] = []
    partial: list[Box] = []
    for card_id, (token, (face, h)) in enumerate(zip(hand, painted, strict=True)):
        seen = _indices_seen(face, h, ids, card_id)
        if (label := _label_from(token, face, h, seen)) is not None:
            labels.append(label)
        partial += [view.box for view in seen if view.partial]
    return tuple(labels), tuple(partial)


def check_deck_and_family(deck: str, family: str | None) -> None:
    """A ValueError naming the choices when ``deck``, or ``family`` within it, is unknown."""
    if deck not in DECK_KITS:
        raise ValueError(f"unknown deck {deck!r}; choose one of {', '.join(DECKS)}")
    families = DECK_KITS[deck].families
    if family is not None and family not in families:
        raise ValueError(
            f"unknown family {family!r} for the {deck} deck; choose one of {', '.join(families)}"
        )


def _check_args(
    layout: str | None,
    family: str | None,
    size: tuple[int, int],
    n_cards: int | None,
    deck: str = "phase10",
) -> None:
    check_deck_and_family(deck, family)
    if layout is not None and layout not in SCENE_LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; choose one of {', '.join(SCENE_LAYOUTS)}")
    if len(size) != 2 or min(size) < 64:
        raise ValueError(f"size must be (width, height), each at least 64 px, not {size!r}")
    if n_cards is not None and not 1 <= n_cards <= MAX_CARDS:
        raise ValueError(f"n_cards must be 1..{MAX_CARDS}, not {n_cards}")


# ----------------------------------------------------------------------------- geometry


def _fit(
    arrangement: Arrangement,
    aspect: float,
    size: tuple[int, int],
    rng: np.random.Generator,
    framing: Framing = HAND_FRAMING,
) -> tuple[np.ndarray, np.ndarray]:
    """3×3 maps (layout units → image px, camera tilt alone): random turn, scale, shift into
    frame, then the tilt of a camera not quite facing the table."""
    w, h = size
    turn = float(rng.normal(0, 10)) if rng.random() < 0.8 else float(rng.uniform(-180, 180))
    corners = np.concatenate([card_corners(p, aspect) for p in arrangement.cards])
    corners = rotate(corners, turn)
    lo, hi = corners.min(0), corners.max(0)
    extent = hi - lo
    fill = float(rng.uniform(*framing.fill))
    scale = fill * min(w / extent[0], h / extent[1])
    scale = float(np.clip(scale, *framing.width_limits(size)))
    scale = min(scale, 0.95 * w / extent[0], 0.95 * h / extent[1])
    free = np.array([w, h]) - extent * scale
    shift = -lo * scale + free * rng.uniform(0.1, 0.9, 2)
    t = np.deg2rad(turn)
    c, s = np.cos(t), np.sin(t)
    similarity = np.array(
        [[scale * c, -scale * s, shift[0]], [scale * s, scale * c, shift[1]], [0, 0, 1]]
    )
    tilt = _tilt(rng, size)
    return tilt @ similarity, tilt


def _tilt(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A perspective that keeps the frame's content inside it (corners move inward only)."""
    w, h = size
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    strength = 0.16 * float(rng.random()) ** 1.5  # mostly mild, sometimes a steep angle
    inward = rng.uniform(0, strength, (4, 2)) * np.array([w, h])
    direction = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]])
    dst = (src + inward * direction).astype(np.float32)
    return cv2.getPerspectiveTransform(src, dst)


def _tilted(table: np.ndarray, tilt: np.ndarray) -> np.ndarray:
    """The table seen through the same camera tilt as the cards (texture converging).

    The tilt moves the frame's corners inward, so the texture is first enlarged about the
    centre just enough that the tilted texture still covers the whole frame.
    """
    h, w = table.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    if np.allclose(_apply(tilt, corners), corners, atol=2.0):
        return table  # a camera square to the table: nothing to do
    reach = np.abs(_apply(np.linalg.inv(tilt), corners) - [w / 2, h / 2]) / [w / 2, h / 2]
    k = float(reach.max()) * 1.01
    enlarge = np.array([[k, 0, w / 2 * (1 - k)], [0, k, h / 2 * (1 - k)], [0, 0, 1]])
    return cv2.warpPerspective(
        table, tilt @ enlarge, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
    )


def _homography(
    placement: Placement, face: np.ndarray, to_image: np.ndarray, units_wide: float = 1.0
) -> np.ndarray:
    """3×3 map face px → image px, for a face ``units_wide`` card widths wide."""
    fh, fw = face.shape[:2]
    unit = units_wide / fw
    t = np.deg2rad(placement.angle)
    c, s = np.cos(t), np.sin(t)
    # Centre the face, scale to layout units, turn clockwise, move to its place.
    to_layout = np.array(
        [
            [unit * c, -unit * s, placement.centre[0] - unit * (c * fw / 2 - s * fh / 2)],
            [unit * s, unit * c, placement.centre[1] - unit * (s * fw / 2 + c * fh / 2)],
            [0, 0, 1],
        ]
    )
    face_to_image: np.ndarray = to_image @ to_layout
    return face_to_image


def _apply(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    mapped: np.ndarray = cv2.perspectiveTransform(np.asarray(points, np.float64)[None], h)[0]
    return mapped


def _card_width_px(to_image: np.ndarray) -> float:
    pts = _apply(to_image, np.array([[0.0, 0.0], [1.0, 0.0]]))
    return float(np.linalg.norm(pts[1] - pts[0]))


# ----------------------------------------------------------------------------- painting


def _paint_card(
    canvas: np.ndarray,
    ids: np.ndarray,
    face: np.ndarray,
    h: np.ndarray,
    card_id: int,
    shadow: tuple[np.ndarray, float],
    sheen: Sheen | None = None,
    brightness: float = 1.0,
) -> None:
    """Warp a BGRA face into the frame with a soft drop shadow; mark its pixels in ``ids``."""
    fh, fw = face.shape[:2]
    quad = _apply(h, np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64))
    width_px = float(np.linalg.norm(quad[1] - quad[0]))
    if width_px < fw * 0.7:
        # Shrink first with area averaging: warping 200 px onto 60 px would alias the print.
        factor = max(width_px * 1.2, 8.0) / fw
        face = cv2.resize(
            face,
            (max(2, round(fw * factor)), max(2, round(fh * factor))),
            interpolation=cv2.INTER_AREA,
        )
        h = h @ np.diag([fw / face.shape[1], fh / face.shape[0], 1.0])
    x0, y0 = np.floor(quad.min(0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 2
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    local = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ h
    warped = cv2.warpPerspective(
        face,
        local,
        (x1 - x0, y1 - y0),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0, 0),
    )
    alpha = warped[..., 3]
    _drop_shadow(canvas, alpha, x0, y0, shadow)
    if brightness != 1.0:
        # Each card faces the light at its own angle, so each is lit a little differently.
        warped = cv2.LUT(warped, _brightness_table(brightness))
    if sheen is not None:
        warped = _add_sheen(warped, sheen)
    # A hard cut-out edge is fine here: the lens blur and JPEG applied later soften it.
    solid = alpha > 127
    roi = canvas[y0:y1, x0:x1]
    for channel in range(3):  # per channel: numpy's broadcast `where` is ~5x slower
        np.copyto(roi[..., channel], warped[..., channel], where=solid)
    np.copyto(ids[y0:y1, x0:x1], card_id, where=solid)


def _brightness_table(gain: float) -> np.ndarray:
    """A 4-channel lookup table scaling B, G, R by ``gain`` and keeping alpha."""
    ramp = np.arange(256, dtype=np.float32)
    scaled = np.clip(ramp * gain + 0.5, 0, 255)
    return np.stack([scaled, scaled, scaled, ramp], -1).astype(np.uint8).reshape(1, 256, 4)


@dataclass(frozen=True)
class Sheen:
    """A glossy highlight band across one card: direction, position (0..1), width, strength."""

    angle: float
    position: float
    width: float
    strength: float

    @staticmethod
    def sample(rng: np.random.Generator) -> Sheen | None:
        if rng.random() >= 0.25:
            return None
        return Sheen(
            float(rng.uniform(0, np.pi)),
            float(rng.uniform(0.1, 0.9)),
            float(rng.uniform(0.05, 0.3)),
            float(rng.uniform(0.15, 0.6)),
        )


def _add_sheen(warped: np.ndarray, sheen: Sheen) -> np.ndarray:
    """Wash a band of the card toward white, as a glossy coating reflecting a lamp does.

    out = 255 − (255 − card) · (1 − band); the smooth band is built on a quarter-size grid.
    """
    h, w = warped.shape[:2]
    step = 4
    ys, xs = np.ogrid[0 : h + step : step, 0 : w + step : step]
    along = (xs * np.cos(sheen.angle) + ys * np.sin(sheen.angle)).astype(np.float32)
    lo, hi = float(along.min()), float(along.max())
    centre = lo + (hi - lo) * sheen.position
    spread = max((hi - lo) * sheen.width, 1.0)
    band = np.exp(-(((along - centre) / spread) ** 2)) * sheen.strength
    keep = cv2.resize(((1.0 - band) * 255.0).astype(np.uint8), (w, h))
    # Weight 255 on the alpha channel leaves the card outline untouched.
    weights = cv2.merge([keep, keep, keep, np.full_like(keep, 255)])
    return cv2.bitwise_not(cv2.multiply(cv2.bitwise_not(warped), weights, scale=1.0 / 255.0))


def _drop_shadow(
    canvas: np.ndarray, alpha: np.ndarray, x0: int, y0: int, shadow: tuple[np.ndarray, float]
) -> None:
    """Darken the table under a card: its blurred silhouette, shifted away from the light."""
    offset, strength = shadow
    dx, dy = round(float(offset[0])), round(float(offset[1]))
    radius = max(1, round(float(np.hypot(dx, dy)) * 0.8 + 0.5))
    # Room for the blur to spread, or the shadow would end in a hard edge at the ROI border.
    alpha = cv2.copyMakeBorder(alpha, radius, radius, radius, radius, cv2.BORDER_CONSTANT)
    x0, y0 = x0 - radius, y0 - radius
    # Stack blur: Gaussian-looking at a cost that does not grow with the radius.
    soft = cv2.stackBlur(alpha, (2 * radius + 1, 2 * radius + 1))
    darkness = cv2.merge([255 - cv2.multiply(soft, strength, dtype=cv2.CV_8U)] * 3)
    h, w = soft.shape
    sx0, sy0 = max(x0 + dx, 0), max(y0 + dy, 0)
    sx1, sy1 = min(x0 + dx + w, canvas.shape[1]), min(y0 + dy + h, canvas.shape[0])
    if sx1 <= sx0 or sy1 <= sy0:
        return
    part = darkness[sy0 - y0 - dy : sy1 - y0 - dy, sx0 - x0 - dx : sx1 - x0 - dx]
    canvas[sy0:sy1, sx0:sx1] = cv2.multiply(canvas[sy0:sy1, sx0:sx1], part, scale=1.0 / 255.0)


def _paint_skin(
    canvas: np.ndarray,
    ids: np.ndarray,
    polygon: np.ndarray,
    skin: tuple[int, ...],
    rng: np.random.Generator,
    shadow: tuple[np.ndarray, float],
) -> None:
    """A finger/thumb/palm: skin colour, rounder-looking via darker soft edges."""
    x0, y0 = np.maximum(np.floor(polygon.min(0)).astype(int) - 4, 0)
    x1 = min(int(np.ceil(polygon[:, 0].max())) + 4, canvas.shape[1])
    y1 = min(int(np.ceil(polygon[:, 1].max())) + 4, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(
        mask, [np.round((polygon - [x0, y0]) * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4
    )
    ids[y0:y1, x0:x1][mask > 127] = _OCCLUDER_ID
    # The hand is higher above the cards than a card above the table: a longer, softer shadow.
    offset, strength = shadow
    _drop_shadow(canvas, mask, x0, y0, (offset * 2.5, strength * 0.8))
    span = max(2, round(min(mask.shape) * 0.15))
    # Stack blur ~ a Gaussian of sigma `span`, at a cost independent of the radius.
    soft = cv2.stackBlur(mask, (4 * span + 1, 4 * span + 1)).astype(np.float32) / 255.0
    shade = (0.55 + 0.5 * soft)[..., None] * float(rng.uniform(0.85, 1.1))
    colour = np.array(skin, np.float32) * shade
    a = (mask.astype(np.float32) / 255.0)[..., None]
    region = canvas[y0:y1, x0:x1].astype(np.float32)
    canvas[y0:y1, x0:x1] = np.clip(region + (colour - region) * a, 0, 255).astype(np.uint8)


# ----------------------------------------------------------------------------- labels


@dataclass(frozen=True)
class _IndexView:
    box: Box  # axis-aligned, clipped to the image
    visible: float  # share of the index area that shows its own card
    big_enough: bool
    marks_visible: float  # share of its least visible mark that shows its own card

    @property
    def readable(self) -> bool:
        return (
            self.big_enough
            and self.visible >= MIN_VISIBLE
            and self.marks_visible >= MIN_MARK_VISIBLE
        )

    @property
    def partial(self) -> bool:
        return not self.readable and self.visible >= MIN_PARTIAL


def _indices_seen(face: Face, h: np.ndarray, ids: np.ndarray, card_id: int) -> list[_IndexView]:
    views = []
    for quad, index_marks in zip(face.indices, face.marks, strict=True):
        pts = _apply(h, np.array(quad, np.float64))
        box = clip_box(pts, ids.shape)
        big_enough = min(box[2] - box[0], box[3] - box[1]) >= MIN_INDEX_PX
        least = min(
            _visible_fraction(_apply(h, np.array(mark, np.float64)), ids, card_id)
            for mark in index_marks
        )
        views.append(_IndexView(box, _visible_fraction(pts, ids, card_id), big_enough, least))
    return views


def label_card(
    token: str, face: Face, h: np.ndarray, ids: np.ndarray, card_id: int
) -> CardLabel | None:
    """The label of one painted card, or None when none of its indices is readable."""
    return _label_from(token, face, h, _indices_seen(face, h, ids, card_id))


def _label_from(token: str, face: Face, h: np.ndarray, seen: list[_IndexView]) -> CardLabel | None:
    boxes = tuple(view.box for view in seen if view.readable)
    if not boxes:
        return None
    fw, fh = face.size
    corners = _apply(h, np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64))
    centre = _apply(h, np.array([[fw / 2, fh / 2]], np.float64))[0]
    return CardLabel(
        card=token,
        quad=tuple((float(x), float(y)) for x, y in corners),
        centre=(float(centre[0]), float(centre[1])),
        indices=boxes,
    )


def _visible_fraction(pts: np.ndarray, ids: np.ndarray, card_id: int) -> float:
    """Share of the index polygon whose pixels show this card (off-frame counts as hidden)."""
    area = abs(float(cv2.contourArea(pts.astype(np.float32))))
    if area < 1.0:
        return 0.0
    x0, y0 = np.maximum(np.floor(pts.min(0)).astype(int), 0)
    x1 = min(int(np.ceil(pts[:, 0].max())) + 1, ids.shape[1])
    y1 = min(int(np.ceil(pts[:, 1].max())) + 1, ids.shape[0])
    if x1 <= x0 or y1 <= y0:
        return 0.0
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillPoly(mask, [np.round((pts - [x0, y0]) * 16).astype(np.int32)], 1, shift=4)
    inside = mask.astype(bool)
    seen = int(np.count_nonzero(ids[y0:y1, x0:x1][inside] == card_id))
    return min(1.0, seen / max(float(np.count_nonzero(inside)), area))


def clip_box(pts: np.ndarray, shape: tuple[int, ...]) -> tuple[float, float, float, float]:
    """The box round ``pts`` (N x 2 image px), clipped to an image of ``shape``."""
    h, w = shape[:2]
    x0, y0 = pts.min(0)
    x1, y1 = pts.max(0)
    return (float(max(x0, 0.0)), float(max(y0, 0.0)), float(min(x1, w)), float(min(y1, h)))
