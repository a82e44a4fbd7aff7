"""The annotated photo for the app."""

from __future__ import annotations

import numpy as np
import pytest

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


def _group(*boxes: tuple[int, int, int, int]) -> list[Detection]:
    return [Detection(parse_card("R7"), box, 0.9) for box in boxes]


def _colour_near(drawn: np.ndarray, box: tuple[int, int, int, int], colour, reach: int) -> int:
    """Pixels of ``colour`` in the band up to ``reach`` outside ``box`` (not inside it)."""
    x0, y0, x1, y1 = box
    band = drawn[max(0, y0 - reach):y1 + reach, max(0, x0 - reach):x1 + reach].copy()
    inner_x, inner_y = x0 - max(0, x0 - reach), y0 - max(0, y0 - reach)
    band[inner_y:inner_y + y1 - y0, inner_x:inner_x + x1 - x0] = 0
    return int((band == colour).all(axis=2).sum())


@pytest.mark.parametrize("scale", [0.25, 0.5, 1, 2, 4])
def test_each_group_is_outlined_and_numbered_at_every_photo_size(scale: float) -> None:
    from vision.draw import GROUP_COLOUR, LEFT_OUT_COLOUR, draw_groups

    def at(x0: int, y0: int, x1: int, y1: int) -> tuple[int, int, int, int]:
        return round(x0 * scale), round(y0 * scale), round(x1 * scale), round(y1 * scale)

    photo = np.full((round(600 * scale), round(800 * scale), 3), (30, 110, 40), np.uint8)
    first = _group(at(100, 200, 130, 350), at(140, 200, 240, 350))
    second = _group(at(450, 220, 480, 370), at(490, 220, 590, 370))
    lone = _group(at(300, 420, 400, 570))
    drawn = draw_groups(photo, [first, second], [lone])
    reach = max(8, round(20 * scale))
    for group in (first, second):
        hull = (min(d.box[0] for d in group), min(d.box[1] for d in group),
                max(d.box[2] for d in group), max(d.box[3] for d in group))
        assert _colour_near(drawn, hull, GROUP_COLOUR, reach) > 4 * (hull[2] - hull[0])
    assert _colour_near(drawn, lone[0].box, LEFT_OUT_COLOUR, reach) > hull[2] - hull[0]
    # The cards themselves are left to be seen.
    for d in (*first, *second, *lone):
        x0, y0, x1, y1 = d.box
        assert (drawn[y0 + reach:y1 - reach, x0 + reach:x1 - reach] == (30, 110, 40)).all()
    # Each number's tag on its outline's top left corner, nothing there to keep off: filled
    # with GROUP_COLOUR around a dark digit.
    unit = max(1, round(max(photo.shape[:2]) / 600))
    for group in (first, second):
        x0, y0 = min(d.box[0] for d in group), min(d.box[1] for d in group)
        tag = drawn[max(0, y0 - 30 * unit):y0 - 5 * unit, x0 - 4 * unit:x0 + 10 * unit]
        assert (tag == GROUP_COLOUR).all(axis=2).sum() > (5 * unit) ** 2
        assert (tag.max(axis=2) < 60).sum() > (2 * unit) ** 2
    assert (drawn == LEFT_OUT_COLOUR).all(axis=2).sum() > 0


def test_no_group_draws_nothing_and_the_input_is_left_alone() -> None:
    from vision.draw import draw_groups

    photo = np.zeros((300, 400, 3), np.uint8)
    assert not draw_groups(photo, [], []).any()
    draw_groups(photo, [_group((10, 10, 60, 90))])
    assert not photo.any()


def test_a_group_at_the_photos_edge_is_drawn_inside_it() -> None:
    from vision.draw import GROUP_COLOUR, draw_groups

    photo = np.zeros((200, 300, 3), np.uint8)
    corner = _group((0, 0, 40, 120), (30, 0, 300, 200))  # over every edge
    drawn = draw_groups(photo, [corner], [_group((250, 150, 300, 200))])
    assert drawn.shape == photo.shape
    assert (drawn == GROUP_COLOUR).all(axis=2).any()


def test_group_tags_keep_off_the_card_labels() -> None:
    # The first corner tried (above the outline's left end) holds a card's label: the tag
    # goes to the next, so the label drawn over it later hides no number.
    photo = np.zeros((400, 400, 3), np.uint8)
    card = Detection(parse_card("R7"), (100, 150, 200, 300), 0.95)
    drawn = draw_detections(photo, [card], [[card]])
    from vision.draw import GROUP_COLOUR

    above = (drawn[60:140, 60:200] == GROUP_COLOUR).all(axis=2).sum()
    below = (drawn[300:400, 60:200] == GROUP_COLOUR).all(axis=2).sum()
    assert below > 4 * above
