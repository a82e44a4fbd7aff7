"""The pipeline load -> find -> read -> dedupe behind one object.

The ONNX session is the only state; everything else is a pure stage.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.crops import extract_crops
from vision.dedupe import Detection, dedupe
from vision.find import IndexHit, decode, letterbox, reread
from vision.load import Photo, Source, load_photo
from vision.model import (
    CROP_INPUT,
    CROP_OUTPUTS,
    OUTPUTS,
    ModelInfo,
    model_path,
    open_sessions,
    read_info,
)


@dataclass(frozen=True)
class DecodeParams:
    """Decoding thresholds for the whole pipeline (detector, crop reader, dedupe), chosen on
    synthetic validation scenes only, never on real photos:
    ``python bench/vision.py --per-cell 5 --tune`` (seeds 0..59), then the rule it prints: the
    smallest merge distance within 0.01 of the best worst-layout F1, and its best threshold."""

    # Heatmap peak that counts as an index; None: the threshold stored in the model, which the
    # trainer chose for the detector alone.
    peak_threshold: float | None = 0.6
    merge_distance: float = 4.0  # same-token card centres this many index sizes apart: one card
    conflict_distance: float = 0.25  # ... even when read as different tokens (0: never merge)


DEFAULT_PARAMS = DecodeParams()


class Reader:
    """Reads the cards in photos. Load once (``Reader.from_file``), call ``read`` per photo."""

    def __init__(self, path: Path, threads: int = 2, params: DecodeParams = DEFAULT_PARAMS):
        self._session, self._crop_session = open_sessions(path, threads)
        self.info: ModelInfo = read_info(self._session, path, self._crop_session is not None)
        self.path = path
        self.threshold = (
            self.info.threshold if params.peak_threshold is None else params.peak_threshold
        )
        self.merge_distance = params.merge_distance
        self.conflict_distance = params.conflict_distance

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
        photo = load_photo(source, fit=self.info.input_size)
        hits = self.find(photo, self.threshold)
        return dedupe(hits, self.merge_distance, photo.original_size, self.conflict_distance)

    def find(self, photo: Photo, threshold: float) -> tuple[IndexHit, ...]:
        """Every corner index above ``threshold``, named (by the crop reader when the model has
        one), before dedupe; public for tuning and debugging."""
        tensor, box = letterbox(photo.pixels, self.info.input_size, photo.scale)
        values = self._session.run(list(OUTPUTS), {self.info.input_name: tensor})
        outputs: dict[str, np.ndarray] = dict(zip(OUTPUTS, values, strict=True))
        hits = decode(outputs, self.info, box, threshold)
        spec = self.info.crops
        if self._crop_session is None or spec is None or not hits:
            return hits
        # Crops come from the decoded photo, which is at least the detector's input resolution.
        boxes = np.array([hit.box for hit in hits]) / photo.scale
        crops = extract_crops(photo.pixels, boxes, spec.size, spec.context)
        rank, colour = self._crop_session.run(list(CROP_OUTPUTS), {CROP_INPUT: crops})
        return reread(hits, rank, colour, self.info)
