"""The annotated photo for the app."""

from __future__ import annotations

import numpy as np

from solver import parse_card
from vision import Detection, draw_detections
from vision.draw import confidence_colour


def test_draw_marks_boxes_and_leaves_the_input_alone() -> None:
    photo = np.zeros((300, 400, 3), np.uint8)
    drawn = draw_detections(photo, [Detection(parse_card("R7"), (100, 100, 150, 170), 0.95)])
    assert photo.max() == 0
    assert drawn.shape == photo.shape
    assert tuple(drawn[130, 100]) == confidence_colour(0.95)  # left edge of the box
    assert drawn[85:100, 100:150].any()  # the label above the box
    assert not drawn[250:, :].any()


def test_confidence_colours_are_ordered() -> None:
    assert len({confidence_colour(c) for c in (0.95, 0.6, 0.1)}) == 3


def test_labels_of_a_tight_fan_do_not_hide_each_other() -> None:
    # Indices 20 px apart: labels all above their boxes, 40 px wide, hid each other
    # (usability audit, session 54); above and below in turn, each is seen whole.
    from vision.draw import label_spots

    boxes = [(20 + 20 * i, 60, 50 + 20 * i, 110) for i in range(4)]
    spots = label_spots(boxes, [(40, 12)] * len(boxes), (300, 300))
    rects = [(x, y, x + 40, y + 12) for x, y in spots]
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1])
    # Crowded past that, each still lies in the picture, where it overlaps least.
    crowded = label_spots(boxes * 3, [(40, 12)] * 12, (300, 300))
    assert all(0 <= x <= 260 and 0 <= y <= 288 for x, y in crowded)
    # At the picture's edge a label is kept inside it.
    assert label_spots([(0, 0, 30, 290)], [(40, 12)], (300, 300)) == [(0, 0)]


def test_a_label_is_drawn_over_a_neighbours_box() -> None:
    photo = np.zeros((300, 400, 3), np.uint8)
    near = [Detection(parse_card("R7"), (100, 100, 150, 170), 0.95),
            Detection(parse_card("B7"), (60, 80, 200, 95), 0.3)]  # its box under R7's label
    drawn = draw_detections(photo, near)
    label = drawn[84:98, 100:140].reshape(-1, 3)
    assert (label == confidence_colour(0.95)).all(axis=1).sum() > 0.5 * len(label)
