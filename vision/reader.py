"""The pipeline load -> find -> read -> dedupe behind one object.

The ONNX session is the only state; everything else is a pure stage.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np
import onnxruntime as ort

from vision.crops import PAD_VALUE, READ_VIEWS, CropView, turned, upright_turns, view_crops
from vision.dedupe import CentreReader, Detection, dedupe
from vision.errors import ImageError, ModelError
from vision.find import (
    Box,
    IndexHit,
    Readings,
    Tile,
    confirmed,
    crop_readings,
    decode,
    from_tile,
    letterbox,
    reread,
    shifted,
    tiles,
    with_zoomed,
)
from vision.load import Photo, Source, is_blank, is_colourless, load_photo
from vision.model import (
    CROP_INPUT,
    CROP_OUTPUTS,
    GREY_REFUSALS,
    OUTPUTS,
    CropSpec,
    DeckSpec,
    Decoding,
    ModelInfo,
    model_path,
    open_sessions,
    read_info,
)

if TYPE_CHECKING:
    from solver import Ruleset


@dataclass(frozen=True)
class DecodeParams:
    """What one ``Reader`` changes of the ``Decoding`` stored in its model file (each field means
    what it means there; ``None``: keep the stored value, chosen on synthetic validation scenes
    only, never on real photos), and the table's deck: its copies of each face, and the faces
    it lacks. A ``threshold`` at or below the stored ``confirm_floor`` turns the floor off,
    unless ``confirm_floor`` is given too."""

    threshold: float | None = None
    merge_distance: float | None = None
    conflict_distance: float | None = None
    reading_agreement: float | None = None
    min_confidence: float | None = None
    neighbour_span: float | None = None
    centre_span: float | None = None
    read_views: int | None = None
    confirm_floor: float | None = None
    confirm_reading: float | None = None
    upright_crops: int | None = None
    copies_beside: int | None = None
    # Copies of each face in the table's deck, as RULES.md counts them (2 in a Phase 10 or a
    # zehn-phasen deck; a classic game's number of 52-card decks); Wilds, Skips and jokers in
    # proportion. A photo never shows more copies of a card than that (0: no bound).
    copies: int = 2
    # Faces the table's deck lacks, as tokens ({"X"}: a zehn-phasen game played without
    # skips): no card is read as one, a sighting that looks most like one takes its next
    # likeliest face instead.
    without: frozenset[str] = frozenset()
    # Faces the table's deck holds another number of than ``copies`` gives them, with that
    # number ({("X", 2)}: a zehn-phasen deck that came with two jokers): a photo never shows
    # more of them, even where ``copies`` is 0.
    at_most: frozenset[tuple[str, int]] = frozenset()


DEFAULT_PARAMS = DecodeParams()


def deck_params(rules: Ruleset) -> DecodeParams:
    """The ruleset's deck as the reader bounds a photo's cards: its copies of each face, the
    faces it lacks (a game without skips) and its own count of Wilds, Skips and jokers (a
    zehn-phasen deck that came with two jokers is read with no third).

    >>> from solver import ruleset
    >>> fewer = deck_params(ruleset("zehn-phasen", skips=2))
    >>> fewer.copies, sorted(fewer.without), sorted(fewer.at_most)
    (2, [], [('X', 2)])
    >>> sorted(deck_params(ruleset("mattel", skips=False)).without)
    ['S']
    """
    return DecodeParams(
        copies=rules.copies,
        without=frozenset(map(str, rules.missing_faces())),
        at_most=frozenset((str(face), count) for face, count in rules.deck_counts().items()
                          if face.special and count),
    )

# The detector sees the photo shrunk to its input, but the crop reader cuts its crops from the
# decoded photo, so the decode keeps this many times the detector's input resolution: a 12 MP
# phone JPEG decodes at half size (2016x1512) instead of a quarter. At a quarter, the indices of
# a spread hand are 5-10 px glyphs that neither a person nor the reader can read, while half
# size costs about 30 ms more to decode and shrink (models/README.md, "Resolution").
READ_RESOLUTION = 2


# The zoomed pass: where the indices the detector found are this small in its input, smaller
# ones may have gone unseen (many cards dealt on a table, photographed from above): the
# quarters holding them are detected again at about 1.8x, keeping hits this small. Chosen on
# validation tables (seeds 440..471): card F1 16 / 24 / 32 / 40 px -> Phase 10 0.885 / 0.908 /
# 0.913 / 0.912 (0.864 without), standard 0.930 / 0.933 / 0.934 / 0.934 (0.927), with the card
# gate below at 11 (at 12, 32 px: 0.909 and 0.934); models/README.md, "Zoomed pass".
ZOOM_BELOW_PX = 32.0
# The decoded photo must be at least this many times the detector's input. A quarter of a
# 1024x768 photo has no pixels to gain, yet it still pays: the detector finds almost no index
# under about 11 input px, and the upsampled quarter lifts them over that (session 38: ten
# validation cells of dealt decks and tables at 1024x768 +0.0037, none below -0.002;
# models/README.md, "Zoomed pass at any size"). Smaller photos than the input are left alone.
ZOOM_MIN_GAIN = 1.0
# ... and only once the whole photo's pass has found more cards than any hand holds (10 dealt,
# one drawn) plus one false card: on single hands the zoomed quarters added more false cards
# (other corners and centre pips of cards already found) than missed ones, and 11 let an
# eleven-card hand read with one false card pay for four more detector runs.
ZOOM_ABOVE_CARDS = 12

# The zoomed-out pass: a card filling a scan or a close-up photo has corner indices larger than
# any the detector learnt (a German tab can be a quarter of the frame high), and the whole
# photo's pass finds nothing there, only the card's centre logo, or each corner as a card of
# its own. When that pass has read at most ``ZOOM_OUT_UP_TO_CARDS`` cards, the photo is detected
# again shrunk by ``ZOOM_OUT_FACTOR`` in the middle of a grey input, keeping hits from
# ``ZOOM_BELOW_PX`` up (the sizes the zoomed pass leaves to the whole photo). Chosen on
# synthetic validation close-ups and single-card scans; models/README.md, "Zoomed-out pass".
ZOOM_OUT_FACTOR = 3.0
ZOOM_OUT_UP_TO_CARDS = 3
# A tile's hit this close to an inner tile edge (x its own size) is an index the tile cut.
ZOOM_EDGE_MARGIN = 0.25


def _copies_in_deck(deck: DeckSpec, copies: int, at_most: Mapping[str, int], token: str) -> int:
    """How many cards showing ``token`` the table's deck holds (``DecodeParams``).

    >>> from vision.model import DECKS
    >>> [_copies_in_deck(DECKS["standard"], 2, {"X": 2}, t) for t in ("X", "KH")]
    [2, 2]
    >>> [_copies_in_deck(DECKS["standard"], 0, {"X": 2}, t) > 99 for t in ("X", "KH")]
    [False, True]
    """
    if token in at_most:
        return at_most[token]
    return deck.copies(token, face_copies=copies) if copies > 0 else sys.maxsize


def input_per_original(photo: Photo, input_size: tuple[int, int]) -> float:
    """Detector input pixels per original photo pixel, when the whole photo is letterboxed."""
    height, width = photo.pixels.shape[:2]
    return float(min(input_size[0] / width, input_size[1] / height) / photo.scale)


def is_small(hit: IndexHit, to_input: float) -> bool:
    """Whether ``hit`` spans under ``ZOOM_BELOW_PX`` of the detector's input (``to_input``:
    input pixels per original pixel): what calls for the zoomed pass, and what it keeps."""
    return hit.size * to_input < ZOOM_BELOW_PX


def zoom_tiles(
    hits: Sequence[IndexHit], photo: Photo, input_size: tuple[int, int]
) -> tuple[Tile, ...]:
    """The quarters of ``photo`` (decoded pixels) to detect again, given the first pass's
    ``hits``: those holding a hit smaller than ``ZOOM_BELOW_PX`` in the detector's input, when
    the decoded photo is at least ``ZOOM_MIN_GAIN`` times the input."""
    height, width = photo.pixels.shape[:2]
    to_input = input_per_original(photo, input_size)
    if 1 / (to_input * photo.scale) < ZOOM_MIN_GAIN:
        return ()
    small = [
        ((h.box[0] + h.box[2]) / 2 / photo.scale, (h.box[1] + h.box[3]) / 2 / photo.scale)
        for h in hits
        if is_small(h, to_input)
    ]
    return tuple(
        (x0, y0, x1, y1)
        for x0, y0, x1, y1 in tiles((width, height))
        if any(x0 <= x < x1 and y0 <= y < y1 for x, y in small)
    )


def decode_size(input_size: tuple[int, int]) -> tuple[int, int]:
    """The smallest box a photo is decoded to cover, for a detector of ``input_size``.

    >>> decode_size((768, 768))
    (1536, 1536)
    """
    return (input_size[0] * READ_RESOLUTION, input_size[1] * READ_RESOLUTION)


class Reader:
    """Reads the cards in photos. Load once (``Reader.from_file``), call ``read`` per photo."""

    def __init__(self, path: Path, threads: int | None = None,
                 params: DecodeParams = DEFAULT_PARAMS):
        self._session, self._crop_session = open_sessions(path, threads)
        self.info: ModelInfo = read_info(self._session, path, self._crop_session is not None)
        self.path = path
        self._configure(params)

    def with_params(self, params: DecodeParams) -> Reader:
        """This reader decoding by ``params``, sharing its loaded model: one per table's deck
        costs no second copy of the sessions (about 30 MB each, and their working memory).

        >>> one_deck = Reader.from_file(deck="standard").with_params(DecodeParams(copies=1))
        >>> one_deck.max_copies("7H"), Reader.from_file(deck="standard").max_copies("7H")
        (1, 2)
        """
        other = copy.copy(self)
        other._configure(params)
        return other

    def _configure(self, params: DecodeParams) -> None:
        info, path = self.info, self.path
        changed = {
            field.name: getattr(params, field.name)
            for field in dataclasses.fields(Decoding)
            if getattr(params, field.name) is not None
        }
        if changed.get("threshold", 1.0) <= info.decoding.confirm_floor:
            # A threshold asked for at or below the stored floor reaches every peak the floor
            # would have had confirmed: the floor has nothing left to do.
            changed.setdefault("confirm_floor", 0.0)
        # Decoding checks every value (a ValueError names the field).
        self.decoding: Decoding = dataclasses.replace(info.decoding, **changed)
        if info.crops is not None and info.crops.upright and not self.decoding.upright_crops:
            raise ValueError(
                f"{path.name}: its crop reader learnt upright crops alone (crop_upright); read "
                "it with upright_crops 1"
            )
        # The crop views each box is read in: as many as the model file states.
        self.views: tuple[CropView, ...] = READ_VIEWS[: self.decoding.read_views]
        if params.copies < 0:
            raise ValueError(f"copies must be 0 (no bound) or more, not {params.copies}")
        faces = {token for _, _, token in dataclasses.replace(info, without=frozenset())
                 .token_table()}
        if unknown := sorted(set(params.without) - faces):
            raise ValueError(f"without: {', '.join(unknown)} is no face of the "
                             f"{info.deck.name} deck")
        if faces <= params.without:
            raise ValueError("without: that leaves no face of the deck to read")
        at_most = dict(params.at_most)
        if twice := sorted(t for t in at_most if sum(f == t for f, _ in params.at_most) > 1):
            raise ValueError(f"at_most: {', '.join(twice)} is given more than once")
        if unknown := sorted(set(at_most) - faces):
            raise ValueError(f"at_most: {', '.join(unknown)} is no face of the "
                             f"{info.deck.name} deck")
        if lacking := sorted(set(at_most) & params.without):
            raise ValueError(f"at_most: {', '.join(lacking)} is a face the deck lacks "
                             "(without)")
        if none := sorted(token for token, count in at_most.items() if count < 1):
            raise ValueError(f"at_most: {', '.join(none)} with no copy is a face the deck "
                             "lacks: put it in without")
        self.info = dataclasses.replace(info, without=frozenset(params.without))
        # The per-token bound dedupe applies; None when nothing is bounded.
        self.max_copies: Callable[[str], int] | None = (
            functools.partial(_copies_in_deck, info.deck, params.copies, at_most)
            if params.copies > 0 or at_most
            else None
        )

    @classmethod
    def from_file(
        cls,
        path: str | Path | None = None,
        deck: str = "phase10",
        params: DecodeParams = DEFAULT_PARAMS,
    ) -> Reader:
        """The committed model for ``deck``, or the model file at ``path``."""
        return cls(Path(path) if path is not None else model_path(deck), params=params)

    def load(self, source: Source) -> Photo:
        """The photo as ``read`` sees it: decoded at no less than ``decode_size`` of the model's
        input; public so tools can run single stages (``find``) on the very same pixels."""
        return load_photo(source, fit=decode_size(self.info.input_size))

    def read(self, source: Source) -> tuple[Detection, ...]:
        """One ``Detection`` per physical card in the photo (a path, file bytes, a BGR array, or
        a ``Photo`` from ``load``, read as its original).

        A photo showing more cards than any hand holds, some with small indices (hands dealt
        on a table), is detected again in zoomed quarters (``zoom``) before the final dedupe;
        one showing at most three, again shrunk (``zoom_out``: a card filling the frame), and
        without the faint peaks the crop reader confirms in hands (``confirm_floor``).
        """
        photo = self.load(source)
        if is_blank(photo.pixels):  # else told "take it in colour", or 0 cards without a word
            raise ImageError("the photo is blank, or far too dark or bright (one flat "
                             "colour): no cards can be seen", "image_blank")
        refusal = self.info.deck.grey_refusal
        if refusal is not None and is_colourless(photo.pixels):
            raise ImageError(GREY_REFUSALS[refusal], refusal)
        centres = self.centre_reader(photo)
        threshold, floor = self.decoding.threshold, self.peak_floor
        detected = self.detect(photo, floor)
        hits = self._read_and_confirm(photo, detected)
        cards = self.merge_sightings(hits, photo.original_size, centres)
        if len(cards) > ZOOM_ABOVE_CARDS:
            extra = self._read_and_confirm(photo, self.zoom(photo, floor, detected))
            if extra:
                cards = self.merge_sightings((*hits, *extra), photo.original_size, centres)
            return cards
        # Faint peaks are confirmed where cards hide one another; in a photo of one to three
        # cards they are the big faces' artwork and edges, where the crop reader confirmed false
        # cards (models/README.md, "Faint peaks"). Whether a photo shows at most three cards,
        # and which they are, is judged on its clear peaks alone.
        clear = [hit for hit in hits if hit.peak >= threshold]
        if len(clear) < len(hits):
            clear_cards = self.merge_sightings(clear, photo.original_size, centres)
            if len(clear_cards) <= ZOOM_OUT_UP_TO_CARDS:
                cards = clear_cards
        if len(cards) <= ZOOM_OUT_UP_TO_CARDS:
            large = self.zoom_out(photo, threshold)
            if large:
                # Unlike the zoomed pass's, these hits replace the whole photo's where both see
                # an index: at a size the detector learnt, a big index's card centre comes out
                # right, where the whole photo's pass points each corner away from its card and
                # one card reads as two (models/README.md, "Zoomed-out pass").
                kept = with_zoomed(large, [hit for hit in detected if hit.peak >= threshold])
                cards = self.merge_sightings(
                    self.read_crops(photo, kept), photo.original_size, centres
                )
        return cards

    @property
    def peak_floor(self) -> float:
        """The faintest heatmap peak ``read`` looks at: the decoding's ``peak_floor``, or its
        threshold when the model has no crop reader to confirm fainter ones."""
        decoding = self.decoding
        return decoding.peak_floor if self._crop_session is not None else decoding.threshold

    def sightings(self, photo: Photo) -> tuple[IndexHit, ...]:
        """The whole photo's corner indices as ``read`` counts them, before dedupe: those above
        the threshold, and the fainter ones the crop reader confirms."""
        return self._read_and_confirm(photo, self.detect(photo, self.peak_floor))

    def _read_and_confirm(self, photo: Photo, hits: Sequence[IndexHit]) -> tuple[IndexHit, ...]:
        decoding = self.decoding
        return confirmed(self.read_crops(photo, hits), decoding.threshold, decoding.confirm_reading)

    def merge_sightings(
        self,
        hits: Sequence[IndexHit],
        photo_size: tuple[int, int],
        centres: CentreReader | None,
        min_confidence: float | None = None,
    ) -> tuple[Detection, ...]:
        """The dedupe stage as ``read`` runs it: one card per physical card from ``hits``.
        ``min_confidence`` replaces the decoding's floor (the bench asks which cards only that
        floor dropped); ``centres`` reads card centres (``centre_reader``), or None."""
        decoding = self.decoding
        return dedupe(
            hits,
            decoding.merge_distance,
            photo_size,
            decoding.conflict_distance,
            self.max_copies,
            decoding.reading_agreement,
            decoding.min_confidence if min_confidence is None else min_confidence,
            decoding.neighbour_span,
            decoding.centre_span,
            centres,
            bool(decoding.copies_beside),
        )

    def centre_reader(self, photo: Photo) -> CentreReader | None:
        """``read_boxes`` on ``photo``, each box read once however often dedupe asks (a photo
        is deduped again after each further pass); None when the model has no crop reader."""
        if self._crop_session is None:
            return None
        known: dict[Box, Readings] = {}

        def read(boxes: Sequence[Box]) -> list[Readings]:
            new = [box for box in dict.fromkeys(boxes) if box not in known]
            if new:
                known.update(zip(new, self.read_boxes(photo, new), strict=True))
            return [known[box] for box in boxes]

        return read

    def detect(self, photo: Photo, threshold: float) -> tuple[IndexHit, ...]:
        """The detector's own corner indices above ``threshold``, before the crop reader: what
        ``find`` reads, and what reader training mines for "none" examples."""
        return self._detect_in(photo.pixels, photo.scale, threshold)

    def zoom(
        self, photo: Photo, threshold: float, detected: Sequence[IndexHit]
    ) -> tuple[IndexHit, ...]:
        """The detector's hits on small indices that the whole photo's pass (``detected``) did
        not show, from the quarters that hold its small indices (``zoom_tiles``)."""
        height, width = photo.pixels.shape[:2]
        to_input = input_per_original(photo, self.info.input_size)
        zoomed: list[IndexHit] = []
        for tile in zoom_tiles(detected, photo, self.info.input_size):
            x0, y0, x1, y1 = tile
            found = self._detect_in(photo.pixels[y0:y1, x0:x1], photo.scale, threshold)
            placed = from_tile(found, tile, (width, height), photo.scale, ZOOM_EDGE_MARGIN)
            # Anything larger the whole photo showed well enough; zoomed in, a big centre
            # numeral looks like an index of an ordinary size and was read as one.
            zoomed += [hit for hit in placed if is_small(hit, to_input)]
        return with_zoomed(detected, zoomed)[len(detected) :]

    def zoom_out(self, photo: Photo, threshold: float) -> tuple[IndexHit, ...]:
        """The detector's hits on large indices (from ``ZOOM_BELOW_PX`` input px in the whole
        photo's pass), from the photo shrunk ``ZOOM_OUT_FACTOR`` times inside a grey input."""
        height, width = photo.pixels.shape[:2]
        input_w, input_h = self.info.input_size
        shrink = min(input_w / width, input_h / height) / ZOOM_OUT_FACTOR
        small = cv2.resize(
            photo.pixels,
            (max(1, round(width * shrink)), max(1, round(height * shrink))),
            interpolation=cv2.INTER_AREA,
        )
        pad_x = round(small.shape[1] * (ZOOM_OUT_FACTOR - 1) / 2)
        pad_y = round(small.shape[0] * (ZOOM_OUT_FACTOR - 1) / 2)
        framed = cv2.copyMakeBorder(
            small, pad_y, pad_y, pad_x, pad_x, cv2.BORDER_CONSTANT, value=(PAD_VALUE,) * 3
        )
        original_per_pixel = photo.scale * width / small.shape[1]
        found = self._detect_in(framed, original_per_pixel, threshold)
        to_input = input_per_original(photo, self.info.input_size)
        placed = [
            shifted(hit, -pad_x * original_per_pixel, -pad_y * original_per_pixel)
            for hit in found
        ]
        # Indices small in the whole photo's pass are tiny here, and its hits on them better.
        return with_zoomed((), [hit for hit in placed if not is_small(hit, to_input)])

    def _detect_in(
        self, pixels: np.ndarray, original_per_pixel: float, threshold: float
    ) -> tuple[IndexHit, ...]:
        tensor, box = letterbox(pixels, self.info.input_size, original_per_pixel)
        values = self._session.run(list(OUTPUTS), {self.info.input_name: tensor})
        outputs: dict[str, np.ndarray] = dict(zip(OUTPUTS, values, strict=True))
        return decode(outputs, self.info, box, threshold)

    def find(self, photo: Photo, threshold: float) -> tuple[IndexHit, ...]:
        """Every corner index above ``threshold`` in the whole photo's pass, named (by the crop
        reader when the model has one), before dedupe; public for tuning and debugging."""
        return self.read_crops(photo, self.detect(photo, threshold))

    def read_crops(self, photo: Photo, hits: Sequence[IndexHit]) -> tuple[IndexHit, ...]:
        """``hits`` renamed by the crop reader (those it calls no index dropped); unchanged when
        the model has no crop reader."""
        if self._crop_session is None or self.info.crops is None or not hits:
            return tuple(hits)
        crops = self.crops_as_read(photo, hits)
        rank, colour = _crop_probabilities(self._crop_session, crops, len(hits))
        return reread(hits, rank, colour, self.info)

    def crops_as_read(self, photo: Photo, hits: Sequence[IndexHit]) -> np.ndarray:
        """The crops ``read_crops`` feeds the crop reader for ``hits``: ``[V * N, 3, S, S]``,
        every view of each box, view after view, turned upright when the model reads upright
        crops; public so that misreadings can be looked at (``bench/vision_errors.py --sheet``).
        The model must have a crop reader."""
        spec = self.info.crops
        if spec is None:
            raise ModelError(f"{self.path.name} has no crop reader")
        boxes = [hit.box for hit in hits]
        turns = (
            upright_turns(np.array(boxes), np.array([hit.card_centre for hit in hits]))
            if self.decoding.upright_crops
            else None
        )
        return _cut_crops(spec, photo, boxes, self.views, turns)

    def read_boxes(
        self, photo: Photo, boxes: Sequence[Box]
    ) -> tuple[Readings, ...]:
        """The crop reader's likeliest tokens for each box (original photo pixels), () where it
        sees no index; all () when the model has no crop reader. Dedupe reads card-centre
        numerals with it."""
        spec = self.info.crops
        if self._crop_session is None or spec is None:
            return tuple(() for _ in boxes)
        if not boxes:
            return ()
        crops = _cut_crops(spec, photo, boxes, self.views)
        rank, colour = _crop_probabilities(self._crop_session, crops, len(boxes))
        return crop_readings(rank, colour, self.info)


def _cut_crops(
    spec: CropSpec,
    photo: Photo,
    boxes: Sequence[Box],
    views: Sequence[CropView],
    turns: np.ndarray | None = None,
) -> np.ndarray:
    """The crop reader's input for ``boxes`` (original photo pixels): every view of each,
    view after view, each crop turned by its ``turns`` quarter turns
    (``vision.crops.turned``) when given."""
    # Crops come from the decoded photo, which is at least the detector's input resolution.
    scaled = np.array(boxes, dtype=np.float64) / photo.scale
    crops = view_crops(photo.pixels, scaled, spec.size, spec.context, views)
    return crops if turns is None else turned(crops, turns)


def _crop_probabilities(
    session: ort.InferenceSession, crops: np.ndarray, n_boxes: int
) -> tuple[np.ndarray, np.ndarray]:
    """The crop reader's rank and colour probabilities (N x R, N x C) for ``n_boxes`` boxes
    from ``_cut_crops``' crops, each box's views averaged."""
    rank, colour = session.run(list(CROP_OUTPUTS), {CROP_INPUT: crops})
    # One row per view and box, view after view.
    return (
        rank.reshape(-1, n_boxes, rank.shape[-1]).mean(axis=0),
        colour.reshape(-1, n_boxes, colour.shape[-1]).mean(axis=0),
    )
