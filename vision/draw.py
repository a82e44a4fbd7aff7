"""Boxes and labels on the photo, so the player can check what was read."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

import cv2
import numpy as np

from vision.dedupe import Detection
from vision.table import LaidTable

#: A card read at least this sure is drawn green and never flagged for checking. Under
#: 0.7 lie nearly all wrong cards of synthetic validation hands (both decks, 2016x1512 and
#: 1024x768: Phase 10 all 88, standard 80 of 85) but only 11-30 % of the right ones; the 0.8
#: before also caught the rest of the wrong ones but flagged 31-64 % of the right cards
#: (`bench/unsure.py`; models/README.md, "Unsure flags").
SURE: Final = 0.7
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels
# (lowest confidence, BGR colour): sure reads green, doubtful ones amber, guesses red.
CONFIDENCE_COLOURS: Final = ((SURE, (60, 180, 60)), (0.5, (0, 170, 255)), (0.0, (40, 40, 220)))


def confidence_colour(confidence: float) -> tuple[int, int, int]:
    """The BGR colour a detection of this confidence is drawn in."""
    return next(colour for low, colour in CONFIDENCE_COLOURS if confidence >= low)


def label_ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on a label box of ``fill`` (BGR): white on
    the amber and green boxes was under 3:1 (WCAG asks 4.5:1).

    >>> [label_ink(colour) for _, colour in CONFIDENCE_COLOURS]
    [(0, 0, 0), (0, 0, 0), (255, 255, 255)]
    """
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    blue, green, red = fill
    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    # Contrast with white (1.05 / (L + 0.05)) against black ((L + 0.05) / 0.05).
    return (0, 0, 0) if (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) else (255, 255, 255)


def draw_reading(image: np.ndarray, detections: Sequence[Detection], scale: float = 1.0,
                 laid: LaidTable | None = None) -> np.ndarray:
    """``draw_detections`` for detections read at another size (their boxes times ``scale``
    fit ``image``), and with ``laid`` (a table photo) its written groups and those left out
    outlined, as the page and ``vision read --draw`` show them."""
    groups = () if laid is None else laid.written
    left_out = () if laid is None else laid.left_out
    return draw_detections(image, scaled(detections, scale),
                           [scaled(g.detections, scale) for g in groups],
                           [scaled(g.detections, scale) for g in left_out])


def draw_detections(image: np.ndarray, detections: Sequence[Detection],
                    groups: Sequence[Sequence[Detection]] = (),
                    left_out: Sequence[Sequence[Detection]] = ()) -> np.ndarray:
    """A copy of ``image`` (BGR, the photo the detections came from) with each card's box, token
    and confidence; line widths and text scale with the photo so both stay legible. With
    ``groups`` and ``left_out`` (``draw_groups``) these are outlined beneath the cards' boxes,
    their tags kept off the cards' labels."""
    unit = _unit(image)
    font_scale = 0.5 * unit
    labels = [f"{det.card} {det.confidence:.0%}" for det in detections]
    measured = [cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, font_scale, unit)
                for label in labels]
    sizes = [(tw, th + base) for (tw, th), base in measured]
    spots = label_spots([det.box for det in detections], sizes, image.shape[:2], 2 * unit)
    taken = [det.box for det in detections] + [
        (x, y, x + w, y + h) for (x, y), (w, h) in zip(spots, sizes, strict=True)]
    out = draw_groups(image, groups, left_out, taken)
    for det in detections:
        x0, y0, x1, y1 = det.box
        cv2.rectangle(out, (x0, y0), (x1, y1), confidence_colour(det.confidence), 2 * unit)
    # Labels after every box, so that no box is drawn over a label.
    for det, label, ((tw, th), base), (lx, ly) in zip(detections, labels, measured, spots,
                                                      strict=True):
        colour = confidence_colour(det.confidence)
        cv2.rectangle(out, (lx, ly), (lx + tw, ly + th + base), colour, cv2.FILLED)
        cv2.putText(out, label, (lx, ly + th), cv2.FONT_HERSHEY_SIMPLEX, font_scale,
                    label_ink(colour), unit, cv2.LINE_AA)
    return out


def _unit(image: np.ndarray) -> int:
    """The photo's line width: one pixel per 600 of its longer side."""
    return max(1, round(int(max(image.shape[:2])) / 600))


#: BGR. Magenta is none of the cards' confidence colours and stands out on green felt and
#: brown wood alike; a black edge under every outline keeps it seen on pale tables too.
GROUP_COLOUR: Final = (255, 0, 255)
LEFT_OUT_COLOUR: Final = (200, 200, 200)
LEFT_OUT_TAG: Final = "?"


def draw_groups(image: np.ndarray, groups: Sequence[Sequence[Detection]],
                left_out: Sequence[Sequence[Detection]] = (),
                taken: Sequence[Box] = ()) -> np.ndarray:
    """A copy of ``image`` (BGR) with each of ``groups`` outlined around its cards' boxes and
    tagged with its number from 1, as the lines written from them are numbered, and each of
    ``left_out`` (no kind, a lone card) outlined dashed and grey, tagged ``?``: the player sees
    which line is which group and which cards are still to type. The tags sit on an outline's
    corner, off ``taken`` (the cards' boxes and labels) where they can.

    >>> from solver import parse_card
    >>> photo = np.zeros((200, 300, 3), np.uint8)
    >>> group = [Detection(parse_card("R7"), (40, 60, 90, 140), 0.9)]
    >>> drawn = draw_groups(photo, [group])
    >>> drawn[100, 36].tolist(), bool(draw_groups(photo, []).any())
    ([255, 0, 255], False)
    """
    out = image.copy()
    if not groups and not left_out:
        return out
    unit = _unit(image)
    height, width = image.shape[:2]
    # Clear of the cards' own box lines (2 units wide), so both are seen.
    pad = 4 * unit
    outlines = [(max(0, min(d.box[0] for d in group) - pad),
                 max(0, min(d.box[1] for d in group) - pad),
                 min(width - 1, max(d.box[2] for d in group) + pad),
                 min(height - 1, max(d.box[3] for d in group) + pad))
                for group in (*groups, *left_out)]
    colours = [GROUP_COLOUR] * len(groups) + [LEFT_OUT_COLOUR] * len(left_out)
    tags = [str(number) for number in range(1, len(groups) + 1)] + \
        [LEFT_OUT_TAG] * len(left_out)
    dashed = [False] * len(groups) + [True] * len(left_out)
    for outline, colour, dash in zip(outlines, colours, dashed, strict=True):
        _outline(out, outline, colour, 3 * unit, dash)
    # Over twice a card label's size: a 1280 px picture is shown 360 px wide on a phone, and
    # the numbers are what the player looks for first.
    font_scale, thick = 1.2 * unit, 2 * unit
    measured = [cv2.getTextSize(tag, cv2.FONT_HERSHEY_SIMPLEX, font_scale, thick)
                for tag in tags]
    margin = 3 * unit
    sizes = [(tw + 2 * margin, th + base + 2 * margin) for (tw, th), base in measured]
    spots = label_spots(outlines, sizes, (height, width), 0, taken)
    for tag, colour, ((_, th), _), (w, h), (x, y) in zip(tags, colours, measured, sizes, spots,
                                                         strict=True):
        cv2.rectangle(out, (x, y), (x + w - 1, y + h - 1), (0, 0, 0), cv2.FILLED)
        cv2.rectangle(out, (x + unit, y + unit), (x + w - 1 - unit, y + h - 1 - unit), colour,
                      cv2.FILLED)
        cv2.putText(out, tag, (x + margin, y + margin + th), cv2.FONT_HERSHEY_SIMPLEX,
                    font_scale, label_ink(colour), thick, cv2.LINE_AA)
    return out


def _outline(image: np.ndarray, box: Box, colour: tuple[int, int, int], thickness: int,
             dashed: bool) -> None:
    """A rectangle on ``image`` in ``colour`` over a black edge (seen on any table), dashed
    with dashes of five line widths."""
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    dash = 5 * thickness
    segments = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = max(abs(bx - ax), abs(by - ay), 1)
        for start in range(0, length, 2 * dash) if dashed else (0,):
            end = min(start + dash, length) if dashed else length
            segments.append(((ax + (bx - ax) * start // length, ay + (by - ay) * start // length),
                             (ax + (bx - ax) * end // length, ay + (by - ay) * end // length)))
    for ink, width in (((0, 0, 0), thickness + 2 * max(1, thickness // 3)), (colour, thickness)):
        for start_point, end_point in segments:
            cv2.line(image, start_point, end_point, ink, width)


def label_spots(boxes: Sequence[Box], sizes: Sequence[tuple[int, int]], shape: tuple[int, int],
                gap: int = 2, taken: Sequence[Box] = ()) -> list[tuple[int, int]]:
    """Top-left corners for each box's label of ``sizes`` (width, height): above the box's left
    end, else below it, else at its right end above or below, whichever first overlaps no
    label placed before nor ``taken`` and stays in the picture (``shape``: height, width); else
    the one overlapping least. A fan's indices lie close together: labels all above their boxes hid
    each other ("9D 87%" under "8S 77%", usability audit, session 54).

    >>> label_spots([(10, 50, 40, 90), (30, 52, 60, 92)], [(40, 12), (40, 12)], (200, 200))
    [(10, 36), (30, 94)]
    """
    height, width = shape
    placed = list(taken)
    spots = []
    for (x0, y0, x1, y1), (w, h) in zip(boxes, sizes, strict=True):
        candidates = [(x, y) for x in (x0, x1 - w) for y in (y0 - gap - h, y1 + gap)]
        inside = [(max(0, min(x, width - w)), max(0, min(y, height - h)))
                  for x, y in candidates]

        def crowding(spot: tuple[int, int], w: int = w, h: int = h) -> int:
            x, y = spot
            return sum(max(0, min(x + w, b[2]) - max(x, b[0])) *
                       max(0, min(y + h, b[3]) - max(y, b[1])) for b in placed)

        kept = [spot for spot, wanted in zip(inside, candidates, strict=True)
                if spot == wanted and crowding(spot) == 0]
        spot = kept[0] if kept else min(inside, key=crowding)
        spots.append(spot)
        placed.append((spot[0], spot[1], spot[0] + w, spot[1] + h))
    return spots


def scaled(detections: Sequence[Detection], factor: float) -> tuple[Detection, ...]:
    """``detections`` with their boxes scaled by ``factor`` (onto a shrunk copy of the photo).

    >>> from solver import parse_card
    >>> scaled([Detection(parse_card("AS"), (100, 50, 301, 151), 0.9)], 0.5)[0].box
    (50, 25, 150, 76)
    """
    def scale(box: Box) -> Box:
        x0, y0, x1, y1 = (round(v * factor) for v in box)
        return x0, y0, x1, y1

    return tuple(dataclasses.replace(d, box=scale(d.box)) for d in detections)
