"""Stage 4, dedupe: one detection per physical card.

A card showing both corner indices is seen twice by the model; both sightings predict the same
card centre. Two physical copies of one card predict centres a card apart, so they stay two.
Optionally, a sighting that predicts the very same centre but reads another token (an upside-down
6 taken for a 9) is the same card misread, and the more confident reading wins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from solver import Card, parse_card
from vision.find import IndexHit


@dataclass(frozen=True)
class Detection:
    """One physical card: its token, a box around its visible index(es), the model's confidence."""

    card: Card
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels of the original photo
    confidence: float


@dataclass(frozen=True)
class _Cluster:
    anchor: IndexHit  # the most confident sighting: its centre and size decide who joins
    box: tuple[float, float, float, float]

    def accepts(self, hit: IndexHit, merge_distance: float, conflict_distance: float) -> bool:
        dx = hit.card_centre[0] - self.anchor.card_centre[0]
        dy = hit.card_centre[1] - self.anchor.card_centre[1]
        limit = merge_distance if hit.token == self.anchor.token else conflict_distance
        return math.hypot(dx, dy) <= limit * self.anchor.size

    def joined(self, hit: IndexHit) -> _Cluster:
        a, b = self.box, hit.box
        union = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
        return _Cluster(self.anchor, union)


def _pixel_box(
    box: tuple[float, float, float, float], image_size: tuple[int, int]
) -> tuple[int, int, int, int]:
    width, height = image_size

    def clip(v: int, hi: int) -> int:
        return min(max(v, 0), hi)

    return (
        clip(math.floor(box[0]), width),
        clip(math.floor(box[1]), height),
        clip(math.ceil(box[2]), width),
        clip(math.ceil(box[3]), height),
    )


def dedupe(
    hits: Sequence[IndexHit],
    merge_distance: float,
    image_size: tuple[int, int],
    conflict_distance: float = 0.0,
) -> tuple[Detection, ...]:
    """Merge sightings of one card: same token and predicted card centres within
    ``merge_distance`` index sizes, or any token within ``conflict_distance`` (0: never).
    Result ordered left to right, as a hand is read."""
    clusters: list[_Cluster] = []
    for hit in sorted(hits, key=lambda h: -h.confidence):
        for i, cluster in enumerate(clusters):
            if cluster.accepts(hit, merge_distance, conflict_distance):
                clusters[i] = cluster.joined(hit)
                break
        else:
            clusters.append(_Cluster(hit, hit.box))
    detections = (
        Detection(parse_card(c.anchor.token), _pixel_box(c.box, image_size), c.anchor.confidence)
        for c in clusters
    )
    return tuple(sorted(detections, key=lambda d: (d.box[0], d.box[1])))
