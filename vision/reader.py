"""The pipeline load -> find -> read -> dedupe behind one object.

The ONNX session is the only state; everything else is a pure stage.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.crops import READ_VIEWS, view_crops
from vision.dedupe import Detection, dedupe
from vision.find import IndexHit, decode, letterbox, reread
from vision.load import Photo, Source, load_photo
from vision.model import (
    CROP_INPUT,
    CROP_OUTPUTS,
    OUTPUTS,
    Decoding,
    ModelInfo,
    model_path,
    open_sessions,
    read_info,
)


@dataclass(frozen=True)
class DecodeParams:
    """What one ``Reader`` changes of the ``Decoding`` stored in its model file (each field means
    what it means there; ``None``: keep the stored value, chosen on synthetic validation scenes
    only, never on real photos), and the table's number of decks."""

    threshold: float | None = None
    merge_distance: float | None = None
    conflict_distance: float | None = None
    reading_agreement: float | None = None
    min_confidence: float | None = None
    neighbour_span: float | None = None
    # Decks shuffled together at the table: a photo never shows more copies of a card than
    # that (0: no bound). Classic games use two 52-card decks per two players.
    deck_sets: int = 1


DEFAULT_PARAMS = DecodeParams()

# The detector sees the photo shrunk to its input, but the crop reader cuts its crops from the
# decoded photo, so the decode keeps this many times the detector's input resolution: a 12 MP
# phone JPEG decodes at half size (2016x1512) instead of a quarter. At a quarter, the indices of
# a spread hand are 5-10 px glyphs that neither a person nor the reader can read, while half
# size costs about 30 ms more to decode and shrink (models/README.md, "Resolution").
READ_RESOLUTION = 2


def decode_size(input_size: tuple[int, int]) -> tuple[int, int]:
    """The smallest box a photo is decoded to cover, for a detector of ``input_size``.

    >>> decode_size((768, 768))
    (1536, 1536)
    """
    return (input_size[0] * READ_RESOLUTION, input_size[1] * READ_RESOLUTION)


class Reader:
    """Reads the cards in photos. Load once (``Reader.from_file``), call ``read`` per photo."""

    def __init__(self, path: Path, threads: int = 2, params: DecodeParams = DEFAULT_PARAMS):
        self._session, self._crop_session = open_sessions(path, threads)
        self.info: ModelInfo = read_info(self._session, path, self._crop_session is not None)
        self.path = path
        info = self.info
        changed = {
            field.name: getattr(params, field.name)
            for field in dataclasses.fields(Decoding)
            if getattr(params, field.name) is not None
        }
        # Decoding checks every value (a ValueError names the field).
        self.decoding: Decoding = dataclasses.replace(info.decoding, **changed)
        if params.deck_sets < 0:
            raise ValueError(f"deck_sets must be 0 (no bound) or more, not {params.deck_sets}")
        # The per-token bound dedupe applies; None when ``deck_sets`` is 0 (no bound).
        self.max_copies: Callable[[str], int] | None = (
            functools.partial(info.deck.copies, deck_sets=params.deck_sets)
            if params.deck_sets > 0
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

    def read(self, source: Source) -> tuple[Detection, ...]:
        """One ``Detection`` per physical card in the photo (a path, file bytes or a BGR array)."""
        photo = load_photo(source, fit=decode_size(self.info.input_size))
        decoding = self.decoding
        hits = self.find(photo, decoding.threshold)
        return dedupe(
            hits,
            decoding.merge_distance,
            photo.original_size,
            decoding.conflict_distance,
            self.max_copies,
            decoding.reading_agreement,
            decoding.min_confidence,
            decoding.neighbour_span,
        )

    def detect(self, photo: Photo, threshold: float) -> tuple[IndexHit, ...]:
        """The detector's own corner indices above ``threshold``, before the crop reader: what
        ``find`` reads, and what reader training mines for "none" examples."""
        tensor, box = letterbox(photo.pixels, self.info.input_size, photo.scale)
        values = self._session.run(list(OUTPUTS), {self.info.input_name: tensor})
        outputs: dict[str, np.ndarray] = dict(zip(OUTPUTS, values, strict=True))
        return decode(outputs, self.info, box, threshold)

    def find(self, photo: Photo, threshold: float) -> tuple[IndexHit, ...]:
        """Every corner index above ``threshold``, named (by the crop reader when the model has
        one), before dedupe; public for tuning and debugging."""
        hits = self.detect(photo, threshold)
        spec = self.info.crops
        if self._crop_session is None or spec is None or not hits:
            return hits
        # Crops come from the decoded photo, which is at least the detector's input resolution.
        boxes = np.array([hit.box for hit in hits]) / photo.scale
        crops = view_crops(photo.pixels, boxes, spec.size, spec.context, READ_VIEWS)
        rank, colour = self._crop_session.run(list(CROP_OUTPUTS), {CROP_INPUT: crops})
        # One row per view and hit, view after view: average each hit's views.
        views = len(READ_VIEWS)
        rank = rank.reshape(views, len(hits), -1).mean(axis=0)
        colour = colour.reshape(views, len(hits), -1).mean(axis=0)
        return reread(hits, rank, colour, self.info)
