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


def test_each_confidence_colour_starts_at_its_own_bound() -> None:
    # SURE and 0.5 themselves are the better colour: a card read at least this sure.
    from vision.draw import CONFIDENCE_COLOURS, SURE

    green, amber, red = (colour for _, colour in CONFIDENCE_COLOURS)
    assert [confidence_colour(c) for c in (1.0, SURE, 0.69, 0.5, 0.49, 0.0)] == [
        green, green, amber, amber, red, red]


def _contrast(ink: tuple[int, int, int], fill: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio of two BGR colours, from its definition."""
    def luminance(bgr: tuple[int, int, int]) -> float:
        def linear(channel: int) -> float:
            c = channel / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        blue, green, red = (linear(channel) for channel in bgr)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    lighter, darker = sorted((luminance(ink), luminance(fill)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_label_ink_is_whichever_of_black_and_white_contrasts_more_with_any_fill() -> None:
    from vision.draw import label_ink

    steps = range(0, 256, 15)
    fills = [(b, g, r) for b in steps for g in steps for r in steps]
    fills += [(v, v, v) for v in range(256)]  # greys: white up to 117, black from 118
    for fill in fills:
        other = (255, 255, 255) if label_ink(fill) == (0, 0, 0) else (0, 0, 0)
        assert _contrast(label_ink(fill), fill) >= _contrast(other, fill), fill
    assert label_ink((117, 117, 117)) == label_ink((255, 0, 0)) == (255, 255, 255)  # blue
    assert label_ink((118, 118, 118)) == label_ink((0, 0, 255)) == (0, 0, 0)  # red


def _label_rows(drawn: np.ndarray, box: tuple[int, int, int, int], colour) -> np.ndarray:
    """Rows above ``box``'s line where its label's fill shows at the label's left end."""
    x0, y0 = box[:2]
    rows = np.flatnonzero((drawn[:, x0] == colour).all(axis=1))
    return rows[rows < y0 - max(1, round(max(drawn.shape[:2]) / 600))]


@pytest.mark.parametrize("side", [600, 1200, 2400])
def test_a_label_holds_its_whole_text_just_above_its_box_clear_of_the_line(side: int) -> None:
    # On a grey photo the black text, the green fill and the photo are told apart.
    unit = side // 600
    photo = np.full((side, side, 3), 128, np.uint8)
    box = (side // 3, side // 3, side // 2, side // 2)
    drawn = draw_detections(photo, [Detection(parse_card("R7"), box, 0.95)])
    green = confidence_colour(0.95)
    rows = _label_rows(drawn, box, green)
    top, bottom = rows.min(), rows.max()
    assert len(rows) == bottom - top + 1  # one filled box
    # Clear of the box's line (it reaches a unit above the box's edge), 2 units above the box.
    assert bottom == box[1] - 2 * unit
    ink = np.flatnonzero((drawn[:, box[0]:box[2]] < 60).all(axis=2).any(axis=1))
    assert len(ink) > 0 and top <= ink.min() and ink.max() <= bottom
    assert 12 * unit <= bottom - top + 1 <= 20 * unit  # the text scales with the photo


@pytest.mark.parametrize(("shape", "unit"), [
    ((400, 600), 1), ((600, 899), 1), ((600, 901), 2), ((1799, 300), 3), ((300, 2400), 4)])
def test_box_lines_are_two_units_wide_a_unit_a_600_px_of_the_longer_side(
        shape: tuple[int, int], unit: int) -> None:
    photo = np.zeros((*shape, 3), np.uint8)
    box = (100, 100, 250, 250)
    drawn = draw_detections(photo, [Detection(parse_card("R7"), box, 0.95)])
    # cv2 draws a line of width 2 units as 2 units and the edge's own pixel.
    line = np.flatnonzero((drawn[175, :200] == confidence_colour(0.95)).all(axis=1))
    assert line.tolist() == list(range(100 - unit, 100 + unit + 1))


def test_a_group_tag_near_the_photos_left_edge_keeps_off_the_cards_label() -> None:
    # As above, with the card at the left edge: the label's place kept off is the label's own
    # (its corner and size), wherever it lies.
    from vision.draw import GROUP_COLOUR

    photo = np.zeros((400, 400, 3), np.uint8)
    card = Detection(parse_card("R7"), (10, 150, 110, 300), 0.95)
    drawn = draw_detections(photo, [card], [[card]])
    above = (drawn[60:140, :200] == GROUP_COLOUR).all(axis=2).sum()
    below = (drawn[310:400, :200] == GROUP_COLOUR).all(axis=2).sum()
    assert below > 4 * above


def _band_middles(line: np.ndarray) -> tuple[float, float]:
    """The middles of the first and the last run of True in ``line`` (an outline's two sides)."""
    where = np.flatnonzero(line)
    breaks = np.flatnonzero(np.diff(where) > 1)
    first, last = where[:breaks[0] + 1], where[breaks[-1] + 1:]
    return (first[0] + first[-1]) / 2, (last[0] + last[-1]) / 2


@pytest.mark.parametrize("unit", [1, 2, 4])
def test_a_groups_outline_runs_four_units_outside_all_its_cards_boxes(unit: int) -> None:
    # Clear of the cards' box lines (a unit each side of the box's edge) and close around the
    # group; its boxes start and end at different places, each side the outermost box's.
    from vision.draw import GROUP_COLOUR, draw_groups

    photo = np.full((600 * unit, 600 * unit, 3), (30, 110, 40), np.uint8)
    group = _group(*((x0 * unit, y0 * unit, x1 * unit, y1 * unit)
                     for x0, y0, x1, y1 in ((140, 200, 240, 350), (100, 220, 130, 370))))
    magenta = (draw_groups(photo, [group]) == GROUP_COLOUR).all(axis=2)
    pad = 4 * unit
    assert _band_middles(magenta[300 * unit]) == (100 * unit - pad, 240 * unit + pad)
    assert _band_middles(magenta[:, 170 * unit]) == (200 * unit - pad, 370 * unit + pad)
    # The line is 3 units wide (cv2 adds a pixel or two).
    (_, width), *_ = _runs(magenta[300 * unit])
    assert 3 * unit + 1 <= width <= 3 * unit + 2


def test_a_group_over_the_whole_photo_is_outlined_alike_on_its_four_edges() -> None:
    # Its outline is pulled in onto the photo's edge pixels, the same on every side.
    from vision.draw import GROUP_COLOUR, draw_groups

    for shape in ((300, 400), (1200, 1600)):
        photo = np.zeros((*shape, 3), np.uint8)
        height, width = shape
        whole = _group((0, 0, width // 2, height), (width // 2, 0, width, height))
        drawn = draw_groups(photo, [whole])
        magenta = (drawn == GROUP_COLOUR).all(axis=2)
        rows, cols = slice(height // 2 - 10, height // 2 + 10), slice(width // 2 - 10,
                                                                      width // 2 + 10)
        edge = 20
        assert magenta[rows, :edge].any()
        assert (magenta[rows, :edge] == magenta[rows, ::-1][:, :edge]).all()  # left, right
        assert (magenta[:edge, cols] == magenta[::-1][:edge, cols]).all()  # top, bottom
        assert (drawn[rows, :edge] == drawn[rows, ::-1][:, :edge]).all()  # the black edge too


def test_cards_left_out_are_outlined_with_no_group_written() -> None:
    # A photo whose only groups fit no kind: each is still marked for the player to type.
    from vision.draw import LEFT_OUT_COLOUR, draw_groups

    photo = np.zeros((300, 400, 3), np.uint8)
    lone = _group((100, 100, 200, 250))
    drawn = draw_groups(photo, [], [lone])
    assert _colour_near(drawn, lone[0].box, LEFT_OUT_COLOUR, 10) > 100


def _runs(line: np.ndarray) -> list[tuple[int, int]]:
    """Where each run of True in ``line`` starts, and its length."""
    edges = np.flatnonzero(np.diff(np.concatenate(([0], line.astype(int), [0]))))
    return list(zip(edges[::2].tolist(), (edges[1::2] - edges[::2]).tolist(), strict=True))


@pytest.mark.parametrize("unit", [1, 2])
def test_a_groups_outline_is_solid_and_a_left_out_ones_dashed_five_line_widths_on_and_off(
        unit: int) -> None:
    from vision.draw import GROUP_COLOUR, LEFT_OUT_COLOUR, draw_groups

    photo = np.full((600 * unit, 600 * unit, 3), (30, 110, 40), np.uint8)
    group = _group((100 * unit, 100 * unit, 300 * unit, 250 * unit))
    lone = _group((100 * unit, 400 * unit, 400 * unit, 550 * unit))
    drawn = draw_groups(photo, [group], [lone])
    # Along each outline's bottom side, past the tags on its top corners.
    solid = (drawn[250 * unit + 4 * unit] == GROUP_COLOUR).all(axis=1)
    (_, length), = _runs(solid)
    assert length > 208 * unit  # corner to corner, unbroken
    dashes = _runs((drawn[550 * unit + 4 * unit] == LEFT_OUT_COLOUR).all(axis=1))
    # A dash of five widths of the 3-unit line (its round ends beyond), as long a gap.
    dash = 5 * 3 * unit
    starts = [start for start, _ in dashes[1:-1]]
    assert len(starts) >= 5
    assert all(abs(b - a - 2 * dash) <= 1 for a, b in zip(starts, starts[1:], strict=False))
    assert all(dash <= length < 2 * dash for _, length in dashes[1:-1])


def _kinds(pixels: np.ndarray) -> list[tuple[str, int]]:
    """``pixels`` (a line of BGR) as runs of black, magenta and anything else ('.')."""
    from vision.draw import GROUP_COLOUR

    kinds = ["k" if (p == 0).all() else "m" if (p == GROUP_COLOUR).all() else "." for p in pixels]
    runs: list[tuple[str, int]] = []
    for kind in kinds:
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + 1)
        else:
            runs.append((kind, 1))
    return runs


@pytest.mark.parametrize("unit", [1, 2, 4])
def test_a_group_tag_is_a_black_edged_box_of_its_colour_on_the_outlines_corner_holding_its_number(
        unit: int) -> None:
    from vision.draw import draw_groups

    photo = np.full((600 * unit, 600 * unit, 3), 128, np.uint8)
    group = _group((200 * unit, 300 * unit, 300 * unit, 450 * unit))
    drawn = draw_groups(photo, [group])
    left, top = 196 * unit, 296 * unit  # the outline's corner, 4 units out
    # Up the tag's left end, from just above the outline: a black edge a unit thick, the fill,
    # the edge again, then the photo; the box sits on the outline, at its left end.
    up = _kinds(drawn[top - 1::-1, left + 2 * unit])
    (edge, e1), (fill, height), (edge2, e2), (photo_, _) = up[:4]
    assert (edge, e1, fill, edge2, e2, photo_) == ("k", unit, "m", "k", unit, ".")
    across = _kinds(drawn[top - 1 - unit - height // 2, left - 2 * unit:])
    assert across[:3] == [(".", 2 * unit), ("k", unit), ("m", across[2][1])]
    assert across[2][1] >= 2 * unit  # the number kept off the edge by a margin
    assert any(kind == "k" and n > unit for kind, n in across[3:-2])  # the number's strokes
    assert 2 * unit <= [n for kind, n in across if kind == "m"][-1]
    # Over twice a card label's height (about 16 px at 600 px).
    assert height + 2 * unit > 2 * 16 * unit
