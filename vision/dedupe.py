"""Stage 4, dedupe: one detection per physical card.

A card showing both corner indices is seen twice by the model; both sightings predict the same
card centre. Two physical copies of one card predict centres a card apart, so they stay two.
Optionally, a sighting that predicts the very same centre but reads another token (an upside-down
6 taken for a 9) is the same card misread, and the more confident reading wins.

The predicted centres are noisy (about one index size), so sightings of one card can land apart
and be counted twice. The deck itself bounds that error: a photo never holds more copies of a
card than the deck has (two of each Phase 10 number card, eight Wilds), so surplus clusters of a
token are merged, closest centres first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
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
        return self._with_box(hit.box)

    def absorbed(self, other: _Cluster) -> _Cluster:
        return self._with_box(other.box)

    def _with_box(self, b: tuple[float, float, float, float]) -> _Cluster:
        a = self.box
        union = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
        return _Cluster(self.anchor, union)


def _within_deck(clusters: list[_Cluster], max_copies: Callable[[str], int]) -> list[_Cluster]:
    """Merge the two closest clusters of a token (by anchor centre) until the token has no more
    clusters than the deck has copies; the more confident anchor stays."""
    by_token: dict[str, list[_Cluster]] = {}
    for cluster in clusters:  # already in falling confidence
        by_token.setdefault(cluster.anchor.token, []).append(cluster)
    kept: list[_Cluster] = []
    for token, group in by_token.items():
        limit = max(1, max_copies(token))
        while len(group) > limit:
            i, j = min(
                ((i, j) for i in range(len(group)) for j in range(i + 1, len(group))),
                key=lambda pair: _centre_gap(group[pair[0]], group[pair[1]]),
            )
            group[i] = group[i].absorbed(group[j])
            del group[j]
        kept.extend(group)
    return kept


def _centre_gap(a: _Cluster, b: _Cluster) -> float:
    return math.hypot(
        a.anchor.card_centre[0] - b.anchor.card_centre[0],
        a.anchor.card_centre[1] - b.anchor.card_centre[1],
    )


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
    max_copies: Callable[[str], int] | None = None,
) -> tuple[Detection, ...]:
    """Merge sightings of one card: same token and predicted card centres within
    ``merge_distance`` index sizes, or any token within ``conflict_distance`` (0: never); then
    at most ``max_copies(token)`` cards per token (None: no bound).
    Result ordered left to right, as a hand is read."""
    clusters: list[_Cluster] = []
    for hit in sorted(hits, key=lambda h: -h.confidence):
        for i, cluster in enumerate(clusters):
            if cluster.accepts(hit, merge_distance, conflict_distance):
                clusters[i] = cluster.joined(hit)
                break
        else:
            clusters.append(_Cluster(hit, hit.box))
    if max_copies is not None:
        clusters = _within_deck(clusters, max_copies)
    detections = (
        Detection(parse_card(c.anchor.token), _pixel_box(c.box, image_size), c.anchor.confidence)
        for c in clusters
    )
    return tuple(sorted(detections, key=lambda d: (d.box[0], d.box[1])))
