"""Stage 4, dedupe: one detection per physical card.

A card showing both corner indices is seen twice by the model; both sightings predict the same
card centre. Two physical copies of one card predict centres a card apart, so they stay two; in
a fan they may predict the same centre, but then they show the same corner (their indices point
the same way at it), which two corners of one card never do. Copies far apart in a fan point
their corners different ways, but the cards held between them link them, neighbour to
neighbour, into one chain of same corners, which two corners of one card seldom share.
Copies laid side by side in a row of playing cards lie further apart than fan neighbours (each
strip at least as wide as the index reaches in), and a jumbo index guesses a centre close by, so
their guesses fall within the merge distance of each other; but each guesses its own centre, as
far from the other's as the indices lie apart, where two corners of one card guess one centre:
sightings that show the same corner and whose guesses lie apart as their indices do are two
cards, however far apart (``_shifted_copy``; asked only with ``copies_beside``, which the
standard file turns on: on Phase 10 close-ups a corner guessing astray looks like such a copy).
Optionally, a sighting that predicts the very same centre but reads another token (an upside-down
6 taken for a 9) is the same card misread. Within the merge distance, two sightings whose
readings agree enough (the chance that both show the same token, from each one's probabilities,
at least ``reading_agreement``) are one card too: an 11 read as 11 or 12 in one corner and as 12
in the other. A card's token is the likeliest under all its sightings together, and a card read
less surely than ``min_confidence`` is left out (the crop reader's doubt about a card-centre
numeral taken for an index).

A card whose corners leave two tokens close can be settled by its big centre numeral: the
reader reads a square on the card's predicted centre (``centre_span`` index sizes wide), and
that reading counts as one more sighting when it names the card's token, or the runner-up
when the corners left it a real chance. On a spread hand of small cards the centre numeral is
the one legible print; in fans and rows the centre lies under other cards, and some faces print
a logo there: neither must rename a card, nor sink one its corners read well.

Every card prints its indices at the same size, so a much smaller index seen once on the face
of a card seen at two corners is that face's artwork, not a card (``ARTWORK_SIZE``).

A sighting of a card's token that lies on the card's predicted centre (a big centre numeral
taken for an index) or on one of its indices again joins the card whatever centre it guesses:
such guesses are the noisiest.

The predicted centres are noisy (about one index size), so sightings of one card can land apart
and be counted twice. A lone sighting at another corner of a card seen twice or more (as far
from the card's centre, the mean of its sightings' guesses, as the card's own indices, in a
direction none of them takes) joins it whatever centre it guessed; two lone sightings of one
token at opposite corners, each guessing the centre toward the other, are one card (a joker's or
a Wild's artwork leaves both guesses short of the middle). The deck itself bounds the
error that is left: a photo never holds more copies of a card than the deck has (two of each
Phase 10 number card, eight Wilds), so surplus clusters of a token are merged, closest centres
first.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver import Card, parse_card
from vision.find import Box, IndexHit, Readings

#: Reads squares of the photo: per box, its likeliest tokens with their probabilities, best
#: first, or () where the reader sees no number at all.
CentreReader = Callable[[Sequence[Box]], Sequence[Readings]]

# A token a sighting did not keep among its readings still had some small probability.
_UNLISTED = 1e-4
# Copies side by side in a fan or a row predict nearly the same card centre, so the centres
# alone would merge them. Two sightings are the same corner of two cards when their
# index-to-centre directions lie within SAME_CORNER_DEGREES (different corners of one card:
# 2 x atan(width / height), about 65 degrees, apart; fan steps turn neighbours by 10-20) and
# their indices lie closer than ``neighbour_span`` x the index-to-centre length (two corners of
# one card lie about a card width apart, 1.0 x that length; fan and row neighbours at most about
# 0.65 x). The predicted centres are noisy, so both tests are needed: the directions alone put
# the bottom corners of a four-cornered card within 40 degrees of each other now and then.
SAME_CORNER_DEGREES = 40.0
# The corners of one card lie equally far from its centre; a stray corner's distance from the
# card's centre (the mean of its sightings' guesses, themselves off by about an index size)
# within these factors of the farthest sighting's counts as equal.
STRAY_REACH = (0.7, 1.4)
# A centre numeral's reading counts only when it names one of this many likeliest tokens of the
# card's corners: it settles a close call (an 11 or a 12) but never names a card from another
# card's face. Reading it ungated lost F1 on fans and rows of validation scenes
# (models/README.md, "Centre numerals").
CENTRE_CANDIDATES = 2
# ... and, when it names the runner-up rather than the card's own token, only when the corners
# left that runner-up at least this chance: a centre square can show a logo (the european
# faces' "PHASE 10", read as a 4 or a 12) or another card, and a reading the corners all but
# rule out must not lower a well-read card below ``min_confidence`` (validation seed 211: a G11
# read at 0.80 on four corners was dropped at 0.13). Chosen on validation hands (models/README.md,
# "Centre numerals"); 0.005 to 0.05 read alike.
CENTRE_CLOSE_CALL = 0.02
# Cards of one deck print their indices at one size, and a card lying on another's face shows
# its index at about that size too. A lone sighting on the face of a card seen at two corners
# or more, under this share of that card's index size, is the face's artwork (the pictures in
# the middle of some editions' cards, read as a small index). Chosen on validation
# single-card scans, where it took precision 0.879 -> 0.909; hands and tables lost nothing
# (models/README.md, "Zoomed-out pass").
ARTWORK_SIZE = 0.5


@dataclass(frozen=True)
class Detection:
    """One physical card: its token, a box around its visible index(es), the model's confidence."""

    card: Card
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels of the original photo
    confidence: float


@dataclass(frozen=True)
class _Cluster:
    # Its sightings in the order they joined; hits join in falling confidence, so the first is
    # the anchor.
    members: tuple[IndexHit, ...]
    box: Box
    # Log-probability of each token the card may show, summed over its sightings; a token
    # missing here was unlisted by every one of them.
    log_p: tuple[tuple[str, float], ...]
    # Readings summed into ``log_p`` besides the sightings': the centre numeral's.
    extra_readings: int = 0

    @property
    def anchor(self) -> IndexHit:
        """The most confident sighting: its centre and size decide who joins."""
        return self.members[0]

    @property
    def sightings(self) -> int:
        return len(self.members)

    @property
    def centre(self) -> tuple[float, float]:
        """The mean of its sightings' centre guesses: each errs on its own."""
        xs, ys = zip(*(m.card_centre for m in self.members), strict=True)
        return sum(xs) / len(xs), sum(ys) / len(ys)

    @staticmethod
    def start(hit: IndexHit) -> _Cluster:
        return _Cluster((hit,), hit.box, tuple((t, math.log(p)) for t, p in _readings(hit)))

    @property
    def token(self) -> str:
        return max(self.log_p, key=lambda item: item[1])[0]

    def probabilities(self) -> dict[str, float]:
        top = max(v for _, v in self.log_p)
        weights = {t: math.exp(v - top) for t, v in self.log_p}
        total = sum(weights.values())
        return {t: w / total for t, w in weights.items()}

    def agreement(self, hit: IndexHit) -> float:
        """The chance that this card and ``hit`` show the same token, each as read."""
        mine = self.probabilities()
        return sum(p * mine.get(t, 0.0) for t, p in _readings(hit))

    def accepts(
        self,
        hit: IndexHit,
        merge_distance: float,
        conflict_distance: float,
        agreement: float,
        chains: _Chains,
    ) -> bool:
        if hit.token == self.token and self._seen_again(hit):
            return True
        dx = hit.card_centre[0] - self.anchor.card_centre[0]
        dy = hit.card_centre[1] - self.anchor.card_centre[1]
        distance = math.hypot(dx, dy) / self.anchor.size
        if any(chains.linked(m, hit) or chains.beside(m, hit) for m in self.members):
            return False
        if distance <= conflict_distance:
            return True
        if distance > merge_distance:
            return False
        return hit.token == self.token or (0 < agreement <= self.agreement(hit))

    def _seen_again(self, hit: IndexHit) -> bool:
        """``hit`` marks this card once more, whatever card centre it guesses: the same index
        found twice, or the card's big centre numeral (it lies where the card's corners point)
        taken for an index. Neither guesses the centre well, so the merge distance misses them.
        """
        return _holds(hit.box, self.anchor.card_centre) or any(
            _same_index(m.box, hit.box) for m in self.members
        )

    def _with_reading(self, readings: Readings) -> tuple[tuple[str, float], ...]:
        """``log_p`` with one more reading's probabilities added."""
        theirs = dict(_clamped(readings))
        mine = dict(self.log_p)
        unlisted_by_mine = self.reading_count * math.log(_UNLISTED)
        return tuple(
            (t, mine.get(t, unlisted_by_mine) + math.log(theirs.get(t, _UNLISTED)))
            for t in dict.fromkeys([*mine, *theirs])
        )

    def joined(self, hit: IndexHit) -> _Cluster:
        return _Cluster(
            (*self.members, hit),
            _union(self.box, hit.box),
            self._with_reading(_readings(hit)),
            self.extra_readings,
        )

    def absorbed(self, other: _Cluster) -> _Cluster:
        return _Cluster(
            self.members, _union(self.box, other.box), self.log_p, self.extra_readings
        )

    def centre_square(self, span: float) -> Box:
        """A square ``span`` index sizes wide on the card's predicted centre, where its big
        numeral is printed."""
        x, y = self.centre
        half = span * statistics.median(m.size for m in self.members) / 2
        return (x - half, y - half, x + half, y + half)

    def with_centre(self, readings: Readings) -> _Cluster:
        """The card with its centre numeral's ``readings`` counted as one more sighting's, when
        their best token is the card's own or one of its ``CENTRE_CANDIDATES`` likeliest that
        its corners left a ``CENTRE_CLOSE_CALL`` chance (else, or when the reader saw no number
        there, the card unchanged)."""
        if not readings:
            return self
        best = readings[0][0]
        if best != self.token:
            chances = self.probabilities()
            likeliest = sorted(chances, key=lambda token: -chances[token])[:CENTRE_CANDIDATES]
            if best not in likeliest or chances[best] < CENTRE_CLOSE_CALL:
                return self
        return _Cluster(
            self.members, self.box, self._with_reading(readings), self.extra_readings + 1
        )

    @property
    def reading_count(self) -> int:
        """How many readings ``log_p`` sums: the sightings' and any extra."""
        return self.sightings + self.extra_readings

    @property
    def confidence(self) -> float:
        """The anchor's peak times the geometric mean of the probabilities its readings gave
        the card's token: a lone sighting keeps its own, and a token that only wins jointly
        stays as unsure as its readings were."""
        return self.anchor.peak * math.exp(dict(self.log_p)[self.token] / self.reading_count)


def _same_corner_of_two_cards(a: IndexHit, b: IndexHit, neighbour_span: float) -> bool:
    """``a`` and ``b`` mark two different indices that show the same corner of their cards
    (never, when ``neighbour_span`` is 0).

    >>> top_left = IndexHit("R7", (0, 0, 20, 30), (50, 80), 0.9, 0.9)
    >>> neighbour = IndexHit("R7", (25, 5, 45, 35), (72, 84), 0.9, 0.9)  # the next card's
    >>> top_right = IndexHit("R7", (80, 0, 100, 30), (50, 80), 0.9, 0.9)  # the same card's
    >>> same = _same_corner_of_two_cards
    >>> same(top_left, neighbour, 0.8), same(top_left, top_right, 0.8), same(top_left, neighbour, 0)
    (True, False, False)

    A neighbour turned 60 degrees is another corner; a copy pointing the same way two fan
    steps over is too far to be the next card; the same index found twice, whatever it is read
    as, is no neighbour; a guess on the index itself points nowhere:

    >>> turned = IndexHit("R7", (25, 5, 45, 35), (-1, 87), 0.9, 0.9)
    >>> two_over = IndexHit("R7", (70, 0, 90, 30), (120, 80), 0.9, 0.9)
    >>> again = IndexHit("R1", (2, 2, 12, 14), (52, 68), 0.9, 0.9)  # a peak on its top part
    >>> nowhere = IndexHit("R7", (25, 5, 45, 35), (35, 20), 0.9, 0.9)
    >>> [same(top_left, other, 0.8) for other in (turned, two_over, again, nowhere)]
    [False, False, False, False]
    >>> same(again, top_left, 0.8)
    False
    """
    if neighbour_span <= 0:
        return False
    aims = _same_way(a, b)
    if aims is None:
        return False
    va, vb, apart = aims
    return apart < neighbour_span * (math.hypot(*va) + math.hypot(*vb)) / 2


def _same_way(a: IndexHit, b: IndexHit
              ) -> tuple[tuple[float, float], tuple[float, float], float] | None:
    """Two sightings' index-to-centre vectors and the distance between their indices, when
    both point the same way (within ``SAME_CORNER_DEGREES``); None for the same index found
    twice, a guess on its own index (it points nowhere) or other directions."""
    if _centre_inside(a.box, b.box) or _centre_inside(b.box, a.box):
        return None
    (ax, ay), (bx, by) = box_centre(a.box), box_centre(b.box)
    va = (a.card_centre[0] - ax, a.card_centre[1] - ay)
    vb = (b.card_centre[0] - bx, b.card_centre[1] - by)
    length_a, length_b = math.hypot(*va), math.hypot(*vb)
    if length_a * length_b == 0:
        return None
    cosine = (va[0] * vb[0] + va[1] * vb[1]) / (length_a * length_b)
    if cosine < math.cos(math.radians(SAME_CORNER_DEGREES)):
        return None
    return va, vb, math.hypot(bx - ax, by - ay)


def _shifted_copy(a: IndexHit, b: IndexHit) -> bool:
    """``a`` and ``b`` mark the same corner of two cards lying side by side, a strip apart (two
    copies laid in a set, or held next to each other): their index-to-centre directions agree
    (within ``SAME_CORNER_DEGREES``) and their centre guesses lie apart as their indices do:
    nearer, by more than an index size (a guess's error), to one index's guess moved by the
    step between the indices than to that guess itself. Two corners of one card guess one
    centre, however far apart they lie; the laid strips of playing cards (as wide as their
    index reaches in, or more) put neighbours further apart than ``neighbour_span`` reaches,
    and jumbo indices guess centres close by. Not asked of a lone sighting at a stray corner
    (``_is_stray_corner``): a card's corner whose guess strays the way another of its corners
    points looks like such a copy, and there the stray rule joins them (validation laid seed
    118, zehn-phasen: a queen read twice when it was asked).

    >>> top_left = IndexHit("5C", (0, 0, 40, 40), (40, 50), 0.9, 0.9)
    >>> next_copy = IndexHit("5C", (60, -5, 100, 35), (98, 45), 0.9, 0.9)  # a strip right
    >>> top_right = IndexHit("5C", (60, 0, 100, 40), (50, 55), 0.9, 0.9)  # the same card's
    >>> again = IndexHit("5C", (4, 2, 42, 44), (70, 48), 0.9, 0.9)  # the same index found twice
    >>> [_shifted_copy(top_left, other) for other in (next_copy, top_right, again)]
    [True, False, False]
    >>> turned = IndexHit("5C", (60, 0, 100, 40), (140, 30), 0.9, 0.9)  # another corner
    >>> _shifted_copy(top_left, turned), _shifted_copy(next_copy, top_left)
    (False, True)
    """
    aims = _same_way(a, b)
    if aims is None:
        return False
    va, vb, _ = aims
    # Two copies: the guesses lie apart as the indices do, and the guesses' displacement less
    # the indices' (the difference of the two directions) is noise; one card: the guesses'
    # displacement is. Each guess errs by about an index size, so copies only when the first
    # explains the guesses better by more than that (without it, four-cornered cards whose
    # bottom corner guessed the centre the way its neighbour corner does were read twice:
    # validation laid seed 28, zehn-phasen).
    moved = math.hypot(b.card_centre[0] - a.card_centre[0], b.card_centre[1] - a.card_centre[1])
    return math.hypot(vb[0] - va[0], vb[1] - va[1]) + (a.size + b.size) / 2 < moved


class _Chains:
    """The fan chains of a photo: sightings joined, link by link, by the same-corner rule of
    ``_same_corner_of_two_cards``. A fan or a row shows the same corner of card after card, each
    next to the last; two copies of a card far apart in a fan point their corners at nearly
    the same centre, and at directions a fan's width apart, so no single link ties them, but the
    cards held between them do. Two corners of one card seldom lie on one chain: a chain turns
    by at most 40 degrees a link, and little lies between a card's own corners but its face (on
    validation scenes, 4 of 641 pairs of one Phase 10 card's sightings were chained, through
    misplaced sightings)."""

    def __init__(self, hits: Sequence[IndexHit], neighbour_span: float,
                 copies_beside: bool = False) -> None:
        self.copies_beside = copies_beside
        self._root = list(range(len(hits)))
        self._index = {id(hit): i for i, hit in enumerate(hits)}
        for i, j in itertools.combinations(range(len(hits)), 2):
            if _same_corner_of_two_cards(hits[i], hits[j], neighbour_span):
                self._root[self._find(i)] = self._find(j)

    def _find(self, i: int) -> int:
        while self._root[i] != i:
            self._root[i] = self._root[self._root[i]]
            i = self._root[i]
        return i

    def beside(self, a: IndexHit, b: IndexHit) -> bool:
        """``a`` and ``b`` are the same corner of two cards side by side (``_shifted_copy``),
        however far apart; asked only of files stamped ``copies_beside`` (a Phase 10
        close-up's stray corner looks like such a copy: bench/README.md, bench/copies.py)."""
        return self.copies_beside and _shifted_copy(a, b)

    def linked(self, a: IndexHit, b: IndexHit) -> bool:
        """``a`` and ``b`` are two different cards' same corner, directly or through others."""
        i, j = self._index[id(a)], self._index[id(b)]
        return i != j and self._find(i) == self._find(j)


def _same_index(a: Box, b: Box) -> bool:
    """Each box holds the other's centre: two peaks on one index, not two neighbours' indices
    (fan and row neighbours overlap less than that).

    >>> _same_index((0, 0, 20, 30), (4, 6, 22, 28)), _same_index((0, 0, 20, 30), (12, 0, 32, 30))
    (True, False)

    Both ways round, and a centre on the other box's edge counts as inside:

    >>> big, small = (0, 0, 40, 30), (24, 10, 34, 20)  # only the small box's centre is inside
    >>> below = (0, 32, 40, 62)
    >>> _same_index(big, small), _same_index(small, big), _same_index(big, below)
    (False, False, False)
    >>> _same_index((0, 0, 20, 30), (10, 15, 30, 45))
    True
    """
    return _centre_inside(a, b) and _centre_inside(b, a)


def box_centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _centre_inside(
    inner: Box, outer: Box
) -> bool:
    return _holds(outer, box_centre(inner))


def _holds(box: Box, point: tuple[float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _readings(hit: IndexHit) -> Readings:
    return _clamped(hit.readings or ((hit.token, 1.0),))


def _clamped(readings: Readings) -> Readings:
    return tuple((t, max(p, _UNLISTED)) for t, p in readings)


def _union(
    a: Box, b: Box
) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _within_deck(clusters: list[_Cluster], max_copies: Callable[[str], int]) -> list[_Cluster]:
    """Merge the two closest clusters of a token (by anchor centre) until the token has no more
    clusters than the deck has copies; the more confident anchor stays."""
    by_token: dict[str, list[_Cluster]] = {}
    for cluster in clusters:  # already in falling confidence
        by_token.setdefault(cluster.token, []).append(cluster)
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


def _is_stray_corner(lone: _Cluster, card: _Cluster) -> bool:
    """``lone`` (one sighting) is another corner of ``card`` (two sightings or more) whose
    centre guess went astray: same token, its index as far from the card's centre as the
    card's own indices are (corners of one card are equidistant from its centre), and in a
    direction none of them already takes."""
    (hit,) = lone.members
    if card.sightings < 2 or hit.token != card.token:
        return False
    centre = card.centre
    index = box_centre(hit.box)
    reach = max(math.dist(box_centre(m.box), centre) for m in card.members)
    if not STRAY_REACH[0] * reach <= math.dist(index, centre) <= STRAY_REACH[1] * reach:
        return False
    bearing = _bearing(centre, index)
    return all(
        _angle_between(bearing, _bearing(centre, box_centre(m.box)))
        >= math.radians(SAME_CORNER_DEGREES)
        for m in card.members
    )


def _bearing(origin: tuple[float, float], point: tuple[float, float]) -> float:
    return math.atan2(point[1] - origin[1], point[0] - origin[0])


def _angle_between(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def _without_artwork(clusters: list[_Cluster]) -> list[_Cluster]:
    """``clusters`` less each card seen once whose index lies on the face of a card seen at two
    corners or more and is under ``ARTWORK_SIZE`` times that card's index size (order kept)."""

    def artwork_of(face: _Cluster, card: _Cluster) -> bool:
        x, y = (card.box[0] + card.box[2]) / 2, (card.box[1] + card.box[3]) / 2
        x0, y0, x1, y1 = face.box
        index_size = statistics.median(m.size for m in face.members)
        return card.anchor.size < ARTWORK_SIZE * index_size and x0 < x < x1 and y0 < y < y1

    faces = [c for c in clusters if c.sightings >= 2]
    return [
        c for c in clusters if c.sightings >= 2 or not any(artwork_of(f, c) for f in faces)
    ]


def _with_stray_corners_joined(clusters: list[_Cluster]) -> list[_Cluster]:
    """Each lone sighting that is a stray corner of a card seen twice or more joins that card
    (order kept). Its own centre guess kept it out: a four-cornered card's top-right and
    bottom-left indices are rare in training, and their guesses may point the way a top-left
    index's would, which also chains them to the card's real top-left corner."""
    joined = list(clusters)
    for lone in (c for c in clusters if c.sightings == 1):
        home = next((i for i, c in enumerate(joined) if _is_stray_corner(lone, c)), None)
        if home is not None:
            joined[home] = joined[home].absorbed(lone)
            joined = [c for c in joined if c is not lone]
    return joined


# Two lone sightings of one token are one card's opposite corners when each index's guess at
# the card's centre points at the other index (within OPPOSITE_AIM degrees), the two guesses
# point at least OPPOSITE_APART degrees apart, and the indices lie OPPOSITE_REACH index sizes
# apart (a card's diagonal): a joker's or a Wild's artwork leaves both guesses short of the
# middle, more than the merge distance apart.
OPPOSITE_AIM = 35.0
OPPOSITE_APART = 130.0
OPPOSITE_REACH = (3.0, 10.0)


def _opposite_corners(a: IndexHit, b: IndexHit) -> bool:
    """``a`` and ``b`` mark the two opposite corner indices of one card.

    >>> top_left = IndexHit("X", (0, 0, 40, 40), (60, 120), 0.9, 0.9)
    >>> bottom_right = IndexHit("X", (140, 260, 180, 300), (110, 170), 0.8, 0.8)
    >>> neighbour = IndexHit("X", (60, 0, 100, 40), (120, 120), 0.8, 0.8)
    >>> _opposite_corners(top_left, bottom_right), _opposite_corners(top_left, neighbour)
    (True, False)
    """
    if a.token != b.token:
        return False
    (ax, ay), (bx, by) = box_centre(a.box), box_centre(b.box)
    apart = math.hypot(bx - ax, by - ay)
    size = (a.size + b.size) / 2
    if not OPPOSITE_REACH[0] * size <= apart <= OPPOSITE_REACH[1] * size:
        return False
    aim_a = _bearing((ax, ay), a.card_centre)
    aim_b = _bearing((bx, by), b.card_centre)
    return (
        _angle_between(aim_a, _bearing((ax, ay), (bx, by))) <= math.radians(OPPOSITE_AIM)
        and _angle_between(aim_b, _bearing((bx, by), (ax, ay))) <= math.radians(OPPOSITE_AIM)
        and _angle_between(aim_a, aim_b) >= math.radians(OPPOSITE_APART)
    )


def _with_opposite_corners_joined(clusters: list[_Cluster]) -> list[_Cluster]:
    """Each pair of lone sightings that are one card's opposite corners made one card; the
    earlier one (clusters come in falling confidence) keeps its place and anchors it."""
    joined = list(clusters)
    i = 0
    while i < len(joined):
        first = joined[i]
        if first.sightings == 1:
            partner = next((c for c in joined[i + 1:] if c.sightings == 1
                            and _opposite_corners(first.anchor, c.anchor)), None)
            if partner is not None:
                joined[i] = first.joined(partner.anchor)
                joined = [c for c in joined if c is not partner]
        i += 1
    return joined


def _centre_gap(a: _Cluster, b: _Cluster) -> float:
    return math.hypot(
        a.anchor.card_centre[0] - b.anchor.card_centre[0],
        a.anchor.card_centre[1] - b.anchor.card_centre[1],
    )


def _pixel_box(
    box: Box, image_size: tuple[int, int]
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


def _has_area(box: tuple[int, int, int, int]) -> bool:
    return box[0] < box[2] and box[1] < box[3]


def dedupe(
    hits: Sequence[IndexHit],
    merge_distance: float,
    image_size: tuple[int, int],
    conflict_distance: float = 0.0,
    max_copies: Callable[[str], int] | None = None,
    reading_agreement: float = 0.0,
    min_confidence: float = 0.0,
    neighbour_span: float = 0.0,
    centre_span: float = 0.0,
    read_centres: CentreReader | None = None,
    copies_beside: bool = False,
) -> tuple[Detection, ...]:
    """Merge sightings of one card: predicted card centres within ``merge_distance`` index
    sizes and the same token or readings that agree at least ``reading_agreement`` (0: never),
    or any token within ``conflict_distance`` (0: never), unless they show the same corner of
    two neighbours (``neighbour_span``, 0: never asked) or are chained through such neighbours
    (both ends of a fan) or, with ``copies_beside``, show the same corner of two cards side by
    side (``_shifted_copy``); then a lone sighting at a stray corner of a card seen twice
    or more joins it, and two lone sightings at one card's opposite corners (``OPPOSITE_AIM``)
    are one card; then at most ``max_copies(token)`` cards per token (None: no bound); then cards
    seen once, small, on the face of a card seen twice are dropped (``ARTWORK_SIZE``); then each
    card's centre numeral, read by ``read_centres`` in a square ``centre_span`` index sizes
    wide (0 or no reader: not read), may settle between its two likeliest tokens; then drop
    cards whose confidence (peak x the token's probability under all their readings) is below
    ``min_confidence``. Result ordered left to right, as a hand is read."""
    clusters: list[_Cluster] = []
    chains = _Chains(hits, neighbour_span, copies_beside)
    for hit in sorted(hits, key=lambda h: -h.confidence):
        for i, cluster in enumerate(clusters):
            if cluster.accepts(hit, merge_distance, conflict_distance, reading_agreement, chains):
                clusters[i] = cluster.joined(hit)
                break
        else:
            clusters.append(_Cluster.start(hit))
    clusters = _with_stray_corners_joined(clusters)
    clusters = _with_opposite_corners_joined(clusters)
    if max_copies is not None:
        clusters = _within_deck(clusters, max_copies)
    clusters = _without_artwork(clusters)
    if centre_span > 0 and read_centres is not None and clusters:
        centres = read_centres([c.centre_square(centre_span) for c in clusters])
        clusters = [c.with_centre(r) for c, r in zip(clusters, centres, strict=True)]
    detections = (
        Detection(parse_card(c.token), box, c.confidence)
        for c in clusters
        if c.confidence >= min_confidence
        # A box wholly outside the photo (a peak in the letterbox's grey) clips to nothing.
        and _has_area(box := _pixel_box(c.box, image_size))
    )
    return tuple(sorted(detections, key=lambda d: (d.box[0], d.box[1])))
