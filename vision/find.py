"""Stages 2 and 3, find and read: letterbox the photo for the model, decode its output maps.

Pure functions on arrays; the ONNX session is run by ``Reader``. Coordinates leave this module in
pixels of the original photo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.model import NO_INDEX, ModelInfo

PAD_VALUE = 0.5  # the grey the model was trained to ignore (Contract 2)
# Tokens a sighting keeps with their probabilities, for dedupe to weigh a card's two corners
# together; a fifth alternative hardly ever carries weight.
READINGS_KEPT = 4

Readings = tuple[tuple[str, float], ...]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Letterbox:
    """How the original photo sits inside the model input: input = original * scale + pad."""

    scale: float
    pad_x: int
    pad_y: int

    def to_photo(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return (x - self.pad_x) / self.scale, (y - self.pad_y) / self.scale


@dataclass(frozen=True)
class IndexHit:
    """One corner index the model saw (original photo pixels), before a card's corners merge."""

    token: str
    box: Box
    card_centre: tuple[float, float]
    confidence: float  # peak x probability of the token
    peak: float  # the heatmap value alone, what the peak threshold compares against
    # The likeliest tokens, best first, with probabilities normalised over every valid token;
    # empty: only ``token`` is known (as if read with certainty).
    readings: Readings = ()

    @property
    def size(self) -> float:
        return max(self.box[2] - self.box[0], self.box[3] - self.box[1])


def letterbox(
    photo_bgr: np.ndarray, input_size: tuple[int, int], original_per_pixel: float = 1.0
) -> tuple[np.ndarray, Letterbox]:
    """The model's input tensor [1, 3, H, W] (RGB, 0..1) and where the photo landed in it.

    ``original_per_pixel`` > 1 when ``photo_bgr`` was decoded reduced, so that coordinates map
    straight back to the original photo.
    """
    width, height = input_size
    photo_h, photo_w = photo_bgr.shape[:2]
    scale = min(width / photo_w, height / photo_h)
    new_w, new_h = max(1, round(photo_w * scale)), max(1, round(photo_h * scale))
    # INTER_AREA averages when shrinking, so thin numeral strokes survive instead of aliasing.
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    resized = cv2.resize(photo_bgr, (new_w, new_h), interpolation=interpolation)
    pad_x, pad_y = (width - new_w) // 2, (height - new_h) // 2
    tensor = np.full((1, 3, height, width), PAD_VALUE, dtype=np.float32)
    rgb_planes = resized[:, :, ::-1].transpose(2, 0, 1)
    tensor[0, :, pad_y : pad_y + new_h, pad_x : pad_x + new_w] = rgb_planes * np.float32(1 / 255)
    return tensor, Letterbox(scale / original_per_pixel, pad_x, pad_y)


def find_peaks(heatmap: np.ndarray, threshold: float, max_peaks: int) -> tuple[np.ndarray, ...]:
    """Rows and columns of 3x3 local maxima of ``heatmap`` (h x w) at or above ``threshold``."""
    local_max = cv2.dilate(heatmap, np.ones((3, 3), np.uint8))
    rows, cols = np.nonzero((heatmap >= local_max) & (heatmap >= threshold))
    if rows.size > max_peaks:
        strongest = np.argsort(heatmap[rows, cols])[::-1][:max_peaks]
        rows, cols = rows[strongest], cols[strongest]
    return rows, cols


def decode(
    outputs: Mapping[str, np.ndarray],
    info: ModelInfo,
    box: Letterbox,
    threshold: float,
    max_peaks: int = 200,
) -> tuple[IndexHit, ...]:
    """Corner indices from the model's output maps (Contract 2), in original photo pixels.

    Each peak takes the valid token with the highest rank x colour probability, so a number can
    never come out colourless and a Wild never coloured.
    """
    heat = outputs["heatmap"][0, 0]
    rows, cols = find_peaks(heat, threshold, max_peaks)
    if rows.size == 0:
        return ()
    stride = info.stride
    offset, size, centre = (outputs[k][0][:, rows, cols] for k in ("offset", "size", "centre"))
    cx = (cols + offset[0]) * stride
    cy = (rows + offset[1]) * stride
    x0, y0 = box.to_photo(cx - size[0] / 2, cy - size[1] / 2)
    x1, y1 = box.to_photo(cx + size[0] / 2, cy + size[1] / 2)
    card_x, card_y = box.to_photo(cx + centre[0], cy + centre[1])

    table = info.token_table()
    rank_p, colour_p = (outputs[k][0][:, rows, cols] for k in ("rank", "colour"))
    token_p = token_probabilities(rank_p, colour_p, table)
    best = token_p.argmax(axis=0)
    peaks = heat[rows, cols]
    readable = _names_a_card(token_p)
    return tuple(
        IndexHit(
            token=table[b][2],
            box=(float(x0[i]), float(y0[i]), float(x1[i]), float(y1[i])),
            card_centre=(float(card_x[i]), float(card_y[i])),
            confidence=float(peaks[i] * token_p[b, i]),
            peak=float(peaks[i]),
            readings=top_readings(token_p[:, i], table),
        )
        for i, b in enumerate(best)
        if readable[i]
    )


def _names_a_card(token_p: np.ndarray) -> np.ndarray:
    """Per column: whether any valid token has a chance. Rank and colour that make no card
    together (a sure red Wild) are no index: named after the table's first token at
    confidence 0, the sighting would count as certain in dedupe."""
    return np.asarray(token_p.sum(axis=0) > 0)


def token_probabilities(
    rank_p: np.ndarray, colour_p: np.ndarray, table: tuple[tuple[int, int, str], ...]
) -> np.ndarray:
    """(tokens x N): for each column of rank (R x N) and colour (C x N) probabilities, the rank
    x colour probability of every valid token of ``table``."""
    rank_idx = np.array([r for r, _, _ in table])
    colour_idx = np.array([c for _, c, _ in table])
    return np.asarray(rank_p[rank_idx] * colour_p[colour_idx])


def top_readings(
    token_p: np.ndarray, table: tuple[tuple[int, int, str], ...], kept: int = READINGS_KEPT
) -> Readings:
    """The ``kept`` likeliest tokens of one column of ``token_probabilities``, normalised over
    all valid tokens (a rank x colour product leaves out the invalid pairs).

    >>> table = ((0, 0, "R11"), (1, 0, "R12"), (2, 1, "W"))
    >>> top_readings(np.array([0.375, 0.125, 0.0]), table, kept=2)
    (('R11', 0.75), ('R12', 0.25))
    """
    total = float(token_p.sum())
    if total <= 0:
        return ()
    order = np.argsort(token_p)[::-1][:kept]
    return tuple((table[i][2], float(token_p[i]) / total) for i in order)


def reread(
    hits: Sequence[IndexHit], crop_rank: np.ndarray, crop_colour: np.ndarray, info: ModelInfo
) -> tuple[IndexHit, ...]:
    """Second stage: the crop reader's probabilities (N x R, N x C, one row per hit) rename each
    sighting; one the reader calls no index at all is dropped."""
    table, token_p, is_index = _crop_tokens(crop_rank, crop_colour, info)
    best = token_p.argmax(axis=0)
    readable = _names_a_card(token_p)
    return tuple(
        replace(
            hit,
            token=table[b][2],
            confidence=hit.peak * float(token_p[b, i]),
            readings=top_readings(token_p[:, i], table),
        )
        for i, (hit, b, keep) in enumerate(zip(hits, best, is_index, strict=True))
        if keep and readable[i]
    )


def confirmed(
    hits: Sequence[IndexHit], threshold: float, reading: float
) -> tuple[IndexHit, ...]:
    """``hits`` whose heatmap peak reaches ``threshold``, and the fainter ones the crop reader
    gave at least ``reading`` of their token (a read hit's confidence is peak x that share).

    >>> faint = IndexHit("S", (0, 0, 9, 9), (5, 30), confidence=0.34, peak=0.37)
    >>> [h.peak for h in confirmed([faint], 0.5, 0.6)], confirmed([faint], 0.5, 0.95)
    ([0.37], ())
    """
    return tuple(
        hit for hit in hits if hit.peak >= threshold or hit.confidence >= reading * hit.peak
    )


def crop_readings(
    crop_rank: np.ndarray, crop_colour: np.ndarray, info: ModelInfo
) -> tuple[Readings, ...]:
    """The crop reader's likeliest tokens per crop (rows of N x R, N x C probabilities), or ()
    for a crop it calls no index: what dedupe weighs a card's centre numeral by."""
    table, token_p, is_index = _crop_tokens(crop_rank, crop_colour, info)
    return tuple(
        top_readings(token_p[:, i], table) if keep else () for i, keep in enumerate(is_index)
    )


def _crop_tokens(
    crop_rank: np.ndarray, crop_colour: np.ndarray, info: ModelInfo
) -> tuple[tuple[tuple[int, int, str], ...], np.ndarray, np.ndarray]:
    """The crop reader's token table, its (tokens x N) probabilities, and which crops it
    takes for an index at all."""
    spec = info.crops
    if spec is None:
        raise ValueError("this model has no crop reader")
    table = info.crop_token_table()
    token_p = token_probabilities(crop_rank.T, crop_colour.T, table)
    is_index = crop_rank.argmax(axis=1) != spec.ranks.index(NO_INDEX)
    return table, token_p, is_index


# ----------------------------------------------------------------------------- zoomed pass

Tile = tuple[int, int, int, int]  # x0, y0, x1, y1 in decoded-photo pixels


def tiles(photo_size: tuple[int, int], overlap: float = 0.12) -> tuple[Tile, ...]:
    """Four quarters of a ``photo_size`` (width, height) photo, neighbours overlapping by
    ``overlap`` of the photo's side, so an index cut by one quarter's edge lies whole inside a
    neighbouring one.

    >>> tiles((200, 100))
    ((0, 0, 112, 56), (88, 0, 200, 56), (0, 44, 112, 100), (88, 44, 200, 100))
    """
    width, height = photo_size
    half_w, half_h = round(width * (0.5 + overlap / 2)), round(height * (0.5 + overlap / 2))
    return tuple(
        (x0, y0, x0 + half_w, y0 + half_h)
        for y0 in (0, height - half_h)
        for x0 in (0, width - half_w)
    )


def shifted(hit: IndexHit, dx: float, dy: float) -> IndexHit:
    """``hit`` moved by (dx, dy) original pixels: from a tile's frame to the photo's."""
    x0, y0, x1, y1 = hit.box
    cx, cy = hit.card_centre
    return replace(hit, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy), card_centre=(cx + dx, cy + dy))


def from_tile(
    hits: Sequence[IndexHit],
    tile: Tile,
    photo_size: tuple[int, int],
    original_per_pixel: float,
    edge_margin: float,
) -> tuple[IndexHit, ...]:
    """A tile's hits moved into the photo's frame (original pixels), without those within
    ``edge_margin`` x their size of an inner edge of the tile (indices the tile cut; the
    photo's own edges cut nothing). ``tile`` and ``photo_size`` are in decoded pixels.

    >>> hit = IndexHit("R7", (20, 5, 30, 15), (25, 30), 0.9, 0.9)
    >>> cut = IndexHit("G2", (40, 42, 50, 49), (45, 70), 0.9, 0.9)
    >>> [h.box for h in from_tile([hit, cut], (100, 0, 200, 50), (200, 100), 1.0, 0.25)]
    [(120.0, 5.0, 130.0, 15.0)]
    """
    x0, y0, x1, y1 = tile
    width, height = photo_size
    k = original_per_pixel
    inner = (
        x0 * k if x0 > 0 else -np.inf,
        y0 * k if y0 > 0 else -np.inf,
        x1 * k if x1 < width else np.inf,
        y1 * k if y1 < height else np.inf,
    )
    moved = (shifted(hit, x0 * k, y0 * k) for hit in hits)
    return tuple(h for h in moved if not near_edge(h.box, inner, h.size * edge_margin))


def near_edge(box: tuple[float, ...], area: tuple[float, ...], margin: float) -> bool:
    """Whether ``box`` comes within ``margin`` of ``area``'s edge (an index a tile cut; a side
    of ``area`` that is the photo's own edge is passed as infinite).

    >>> area = (0, 0, 100, 100)
    >>> near_edge((95, 10, 99, 20), area, 2), near_edge((95, 10, 97, 20), area, 2)
    (True, False)
    """
    return (
        box[0] - area[0] < margin
        or box[1] - area[1] < margin
        or area[2] - box[2] < margin
        or area[3] - box[3] < margin
    )


def with_zoomed(whole: Sequence[IndexHit], zoomed: Sequence[IndexHit]) -> tuple[IndexHit, ...]:
    """The whole photo's hits plus the zoomed pass's hits on indices not seen yet (neither
    hit's centre inside the other's box; overlapping tiles see some indices twice, and the
    stronger peak of those is kept).

    >>> a = IndexHit("R7", (0, 0, 10, 10), (5, 30), 0.9, 0.9)
    >>> b = IndexHit("R7", (1, 1, 11, 11), (6, 31), 0.95, 0.95)
    >>> c = IndexHit("G2", (50, 0, 60, 10), (55, 30), 0.8, 0.8)
    >>> [h.box for h in with_zoomed([a], [b, c])]
    [(0, 0, 10, 10), (50, 0, 60, 10)]
    """

    def centre_in(hit: IndexHit, other: IndexHit) -> bool:
        x, y = (hit.box[0] + hit.box[2]) / 2, (hit.box[1] + hit.box[3]) / 2
        return other.box[0] <= x <= other.box[2] and other.box[1] <= y <= other.box[3]

    kept = list(whole)
    for hit in sorted(zoomed, key=lambda h: -h.peak):
        if not any(centre_in(hit, k) or centre_in(k, hit) for k in kept):
            kept.append(hit)
    return tuple(kept)
