"""After dedupe, for a photo of the table: the cards of each group laid there, by geometry alone.

A laid group is a row of overlapping cards (now and then a slight fan), each showing its index
strip, the last one whole; groups lie apart with clear table between them. A detection's box
surrounds what its card shows of its indices, so a covered card's box is a strip (or one index)
while the group's top card spans the whole card. Each box is grown on every side by the gap to
its nearest box (its neighbour in the group: the group's own spacing), at least ``reach`` and at
most ``far`` x the card's size, and two detections are linked when their grown boxes touch; a
group is what is linked together, read along its own main axis from the end away from its top
card (else left to right for a row, top to bottom for a column). So a row of narrow one-index
boxes with wide strips between them (playing cards whose indices stand in two corners only: a
covered card shows one index) links across its own regular gaps, while groups whose strips
touch (indices in four corners) link across little more than ``2 x reach`` of table.

The card's size is the longer side of the boxes that span a whole card: every group's top card
does, whatever the edition's corners, while covered cards show a strip as tall as the card
(indices in all four corners) or a single index (a fifth of a card high). Boxes at least half
the largest count as whole cards and their median is the card, so one box up to twice a card
(two sightings of far corners merged) does not move it. Where no box spans more than one index
(small cards whose far corners went unread) a card is four index widths.

Limits: two groups are one when the table between them is no wider than the two facing boxes'
own gaps to their neighbours added up (a tenth of the card's height where strips touch, up to
0.4 where a group's boxes lie 0.2 apart), and a group whose cards lie apart by more than that
(spread out, not overlapped, or a covered card whose index went unread leaving a hole wider
than the gaps beside it) is several; a box lying alone grows ``far`` x the card's size at
most. Boxes are upright, so a photo turned diagonally to the rows grows every box to a square
around its tilted strip: groups then link across much narrower tables. A stray detection lying
in a gap can bridge two groups; one lying apart is a group of its own. The order within a group
comes from the box centres' main axis: a short group whose covered cards each show a different
corner can be read across.

>>> from solver import parse_card
>>> def card(token, x, y, w=20, h=150):
...     return Detection(parse_card(token), (x, y, x + w, y + h), 0.9)
>>> row = [card("R7", 0, 0), card("B7", 30, 0), card("W", 60, 0, 100)]
>>> apart = [card("G1", 220, 5), card("G5", 250, 5), card("G9", 280, 5, 100)]
>>> [[str(d.card) for d in group] for group in laid_groups(apart + row)]
[['R7', 'B7', 'W'], ['G1', 'G5', 'G9']]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from vision.dedupe import Detection, box_centre

#: How far each box is grown at least, and at most, on every side, as shares of the card's longer
#: side (its height): between the two, by the gap to its nearest box. A group's boxes lie at
#: its own regular spacing, whatever the edition's corners, and players leave more table than
#: that between groups; one reach for every box had to be as wide as the widest strips of
#: one-index boxes, which merges the groups of editions whose strips touch. Chosen on validation
#: photos (``models.synth.laid``, seeds 0-199 of each deck at 1024x768, true index boxes; the
#: benchmark's seeds are others, bench/laid_validation.py): one reach of 0.1 for every box put
#: 546 of 624 standard groups (43 split: one-index boxes with wide strips between them) and 586
#: of 624 Phase 10 groups together exactly; a single reach of 0.12-0.13 mended the standard
#: deck's splits (569-572) but merged more Phase 10 groups (582-580). Growing each box by its
#: own nearest gap, 0.05 to 0.2 of the card: 597 and 613 (2016x1512: 597 and 612; a least
#: reach of 0.04 splits again, 0.08 merges more, a most of 0.15-0.3 changes 1-3 groups). Read
#: by the committed models (seeds 0-119, 377 groups each): 305 standard and 299 Phase 10
#: groups right, against 295 and 289 with the one reach of 0.1. (The rule, set before these
#: reads and any held-out run: standard up 2 points or more, Phase 10 down 1 at most.)
REACH = 0.05
FAR = 0.2
# A box whose longer side is at least this share of the largest spans a whole card.
WHOLE_CARD = 0.5
# Where no box spans a whole card (small cards whose far corners went unread), the largest
# boxes are about as long as the median box is wide, at most this many times (a strip of two
# indices or a whole card: 1.9 times or more) ...
ONE_INDEX = 1.5
# ... and a card is this many times that width: an index is a fifth to a third of a card's
# width, a card's height 1.4-1.6 widths.
INDICES_TO_CARD = 4.0
# A box at one end of a group more than this many times the area of the box at the other end is
# the group's top card, laid last.
TOP_CARD = 1.5


def laid_groups(detections: Sequence[Detection], reach: float = REACH,
                far: float = FAR) -> tuple[tuple[Detection, ...], ...]:
    """The groups of a photo of laid groups, each read along its main axis; the groups in
    reading order (rows of the table from the top, each from the left).

    >>> laid_groups(())
    ()
    """
    if not detections:
        return ()
    size = card_size(detections)
    boxes = [d.box for d in detections]
    # Each box reaches as far as its nearest box lies from it (a covered card's neighbour in
    # its row, however wide the strips), within [reach, far] x the card's size: a group's
    # regular gaps link, and a gap wider than the two facing boxes' own gaps added up is
    # clear table between groups.
    nearest = [min((_gap(box, other) for j, other in enumerate(boxes) if j != i), default=0.0)
               for i, box in enumerate(boxes)]
    grow = [min(max(gap, reach * size), far * size) for gap in nearest]
    parent = list(range(len(detections)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, box in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            if _gap(box, boxes[j]) <= grow[i] + grow[j]:  # the grown boxes touch
                parent[root(j)] = root(i)
    members: dict[int, list[Detection]] = {}
    for i, detection in enumerate(detections):
        members.setdefault(root(i), []).append(detection)
    return _reading_order([_along_axis(group) for group in members.values()])


def card_size(detections: Sequence[Detection]) -> float:
    """The longer side of a whole card in the photo, in pixels (the module says how).

    >>> from solver import parse_card
    >>> def sized(*sides):
    ...     return [Detection(parse_card("R7"), (0, 0, w, h), 0.9) for w, h in sides]
    >>> card_size(sized((20, 30), (20, 30), (20, 30), (100, 150), (100, 150), (200, 290)))
    150.0
    >>> card_size(sized((20, 30), (20, 30), (22, 30)))  # no whole card read: indices alone
    80.0
    """
    longer = [float(max(d.box[2] - d.box[0], d.box[3] - d.box[1])) for d in detections]
    shorter = [float(min(d.box[2] - d.box[0], d.box[3] - d.box[1])) for d in detections]
    largest = max(longer)
    whole = float(statistics.median(s for s in longer if s >= WHOLE_CARD * largest))
    narrow = float(statistics.median(shorter))
    return whole if whole > ONE_INDEX * narrow else INDICES_TO_CARD * narrow


def _gap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """The table between two boxes: the wider of the gaps across and down (0 where they
    overlap), how far each must grow for the two to touch, together.

    >>> _gap((0, 0, 10, 10), (25, 5, 30, 8)), _gap((0, 0, 10, 10), (5, 5, 30, 30))
    (15.0, 0.0)
    """
    return float(max(0, a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3]))


def _centre(detection: Detection) -> tuple[float, float]:
    return box_centre(detection.box)


def _along_axis(group: Sequence[Detection]) -> tuple[Detection, ...]:
    """The group's cards in the order laid along its main axis (the principal axis of the box
    centres): from the end away from its top card, the one box much larger than its neighbour
    at the other end (covered cards show a strip, the last one laid shows whole), else
    rightwards, or downwards for a column. (Placed by where their boxes start instead, as
    strips and whole cards start at their card's edge, the cards of validation photos came out
    in order no more often.)"""
    centres = [_centre(d) for d in group]
    mx = statistics.fmean(x for x, _ in centres)
    my = statistics.fmean(y for _, y in centres)
    sxx = sum((x - mx) ** 2 for x, _ in centres)
    syy = sum((y - my) ** 2 for _, y in centres)
    sxy = sum((x - mx) * (y - my) for x, y in centres)
    angle = 0.5 * math.atan2(2 * sxy, sxx - syy)  # within 90 degrees of the x axis: rightwards
    dx, dy = math.cos(angle), math.sin(angle)
    if abs(dy) > abs(dx) and dy < 0:
        dx, dy = -dx, -dy
    by_centre = sorted(group, key=lambda d: _along(_centre(d), dx, dy))
    return tuple(by_centre[::-1] if _area(by_centre[0]) > TOP_CARD * _area(by_centre[-1])
                 else by_centre)


def _along(point: tuple[float, float], dx: float, dy: float) -> float:
    return point[0] * dx + point[1] * dy


def _area(detection: Detection) -> int:
    x0, y0, x1, y1 = detection.box
    return (x1 - x0) * (y1 - y0)


def _reading_order(groups: list[tuple[Detection, ...]]) -> tuple[tuple[Detection, ...], ...]:
    """Groups row by row from the top, each row from the left: a group whose middle lies
    within the height of the row's first (topmost) group is in that row."""
    def extent(group: tuple[Detection, ...]) -> tuple[float, float, float]:
        top = min(d.box[1] for d in group)
        bottom = max(d.box[3] for d in group)
        left = min(d.box[0] for d in group)
        return top, bottom, left

    rows: list[list[tuple[Detection, ...]]] = []
    row_bottom = -math.inf
    for group in sorted(groups, key=lambda g: (extent(g)[0] + extent(g)[1]) / 2):
        top, bottom, _ = extent(group)
        if rows and (top + bottom) / 2 <= row_bottom:
            rows[-1].append(group)
        else:
            rows.append([group])
            row_bottom = bottom
    return tuple(group for row in rows for group in sorted(row, key=lambda g: extent(g)[2]))
