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
