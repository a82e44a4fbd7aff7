"""The table's laid groups from a photo's detections (vision.groups), on fabricated boxes.

A card is 100 x 150 px here; a covered card shows a strip (its two left indices, 20 px wide,
the card's height), the group's top card its whole face.
"""

from __future__ import annotations

import math

import pytest
from make_fixtures import LAID, STANDARD_LAID
from tests_vision_helpers import CARD_H, CARD_W, FIXTURES, INDEX, row

from solver import likely_kinds, parse_card, ruleset
from vision import Detection, Reader, laid_groups
from vision.groups import FAR, REACH, card_size


def column(tokens: str, x: int, y: int, step: int = 30) -> list[Detection]:
    """A group laid downwards (a row turned a quarter): strips 20 px high, the whole top card."""
    cards = tokens.split()
    return [Detection(parse_card(token), (x, y + i * step, x + CARD_H,
                                          y + i * step + (CARD_W if i == len(cards) - 1
                                                          else INDEX)), 0.9)
            for i, token in enumerate(cards)]


def read(groups: tuple[tuple[Detection, ...], ...]) -> list[str]:
    return [" ".join(str(d.card) for d in group) for group in groups]


def test_groups_in_a_row_apart_by_a_gap_are_read_left_to_right() -> None:
    first = row("R7 B7 W", 0, 0)  # ends at 160
    second = row("G1 G5 G9 G3", 220, 10)  # 60 px (0.4 card heights) of table between
    third = row("W R4 R5 R6", 520, 0)
    assert read(laid_groups(third + second + first)) == [
        "R7 B7 W", "G1 G5 G9 G3", "W R4 R5 R6"]


def test_two_rows_of_groups_are_read_row_by_row() -> None:
    top = row("R7 B7 W", 300, 0) + row("G1 G5 G9", 0, 20)
    bottom = row("Y2 Y3 Y4", 40, 230) + row("B9 B9 R9", 320, 210)  # 60 px below the top row
    assert read(laid_groups(bottom + top)) == ["G1 G5 G9", "R7 B7 W", "Y2 Y3 Y4", "B9 B9 R9"]


def test_a_column_is_read_top_to_bottom_and_a_row_laid_leftwards_from_its_top_card() -> None:
    down = column("R3 R4 R5", 0, 0)
    assert read(laid_groups(down)) == ["R3 R4 R5"]
    # A row photographed from across the table: the whole top card lies at the left.
    across = [Detection(d.card, (400 - d.box[2], d.box[1], 400 - d.box[0], d.box[3]), 0.9)
              for d in row("G4 G5 G6 G7", 0, 0)]
    assert read(laid_groups(across)) == ["G4 G5 G6 G7"]


def test_a_slight_fan_is_read_along_its_arc() -> None:
    # Five cards fanned about a point far below: strips rise to the middle and fall again,
    # each a little wider than upright, the top card whole at the right.
    fan = [Detection(parse_card(token), (x, y, x + width, y + CARD_H), 0.9)
           for token, x, y, width in (("B3", 0, 12, 26), ("R4", 28, 4, 26), ("G5", 56, 0, 26),
                                      ("Y6", 84, 4, 26), ("W", 112, 12, CARD_W + 10))]
    assert read(laid_groups(fan + row("R9 R9 B9", 400, 0))) == ["B3 R4 G5 Y6 W", "R9 R9 B9"]


def test_a_lone_card_is_a_group_of_its_own_and_nothing_is_no_group() -> None:
    lone = row("Y9", 700, 400)
    assert read(laid_groups(row("R7 B7 W", 0, 0) + lone)) == ["R7 B7 W", "Y9"]
    assert laid_groups([]) == ()


def test_groups_closer_than_their_own_spacing_are_one_group_farther_ones_stay_apart() -> None:
    # The limit, measured: each box grows by the gap to its nearest box, at least REACH x the
    # card's height, so groups link across their facing boxes' gaps added up: strips 10 px
    # apart across 20 px of table, touching strips across 2 x REACH x 150 = 15 px.
    for step, link in ((30, 20.0), (INDEX, 2 * REACH * CARD_H)):
        end = 2 * step + CARD_W
        close = row("R7 B7 W", 0, 0, step) + row("G1 G5 G9", end + int(link) - 2, 0, step)
        assert read(laid_groups(close)) == ["R7 B7 W G1 G5 G9"]
        apart = row("R7 B7 W", 0, 0, step) + row("G1 G5 G9", end + int(link) + 2, 0, step)
        assert read(laid_groups(apart)) == ["R7 B7 W", "G1 G5 G9"]


def test_a_lone_box_reaches_at_most_far_x_the_card() -> None:
    group = row("R7 B7 W", 0, 0)  # its top card grows 10 px (its gap to the strip before)
    for gap, joined in ((10 + FAR * CARD_H - 2, True), (10 + FAR * CARD_H + 2, False)):
        lone = Detection(parse_card("Y9"), (160 + round(gap), 40, 180 + round(gap), 70), 0.9)
        assert (len(laid_groups([*group, lone])) == 1) is joined


def test_one_index_boxes_with_wide_strips_between_stay_one_group() -> None:
    # Playing cards whose indices stand in two corners only: a covered card shows one index
    # (12 x 30 px, 4 px in from its card's left edge), laid 45 px apart, so 33 px of card lie
    # between two index boxes, more than the 30 px one reach of 0.1 x the card linked; the
    # top card's box spans its corners. The next group lies 70 px (0.7 card widths) on.
    def standard(tokens: str, x: int) -> list[Detection]:
        cards = tokens.split()
        found = [Detection(parse_card(t), (x + 45 * i + 4, 6, x + 45 * i + 16, 36), 0.9)
                 for i, t in enumerate(cards[:-1])]
        last = x + 45 * (len(cards) - 1)
        return [*found, Detection(parse_card(cards[-1]), (last + 4, 6, last + 96, 144), 0.9)]

    first = standard("7H 7S KD 7C", 0)  # its top card's edge at 235
    second = standard("2D 3D 4D 5D 6D", 235 + 70)
    assert read(laid_groups(second + first)) == ["7H 7S KD 7C", "2D 3D 4D 5D 6D"]


def test_spread_cards_of_one_group_farther_apart_than_the_reach_fall_apart() -> None:
    spread = row("R7 B7 G7", 0, 0, step=CARD_W + 50)  # cards laid side by side, not overlapped
    assert len(laid_groups(spread)) == 3  # a limit, said in vision/groups.py


@pytest.mark.parametrize("scale", [0.25, 1.0, 4.0])
def test_grouping_is_the_same_at_any_photo_size(scale: float) -> None:
    cards = row("R7 B7 W", 0, 0, scale=scale) + row("G1 G5 G9", 220, 0, scale=scale)
    assert read(laid_groups(cards)) == ["R7 B7 W", "G1 G5 G9"]


def test_one_stray_detection_neither_merges_groups_nor_moves_the_card_size() -> None:
    cards = row("R7 B7 W", 0, 0) + row("G1 G5 G9", 220, 0)
    # Two sightings of far corners merged into one box twice a card's size, or a false index.
    for stray in ((0, 600, 200, 900), (600, 60, 620, 84)):
        found = [*cards, Detection(parse_card("S"), stray, 0.3)]
        assert card_size(found) == card_size(cards) == CARD_H
        assert read(laid_groups(found)) == ["R7 B7 W", "G1 G5 G9", "S"]


def test_cards_read_by_one_index_each_still_group_by_the_index_size() -> None:
    # Small cards whose other corners went unread: every box is one index (20 x 24 px here).
    def indices(tokens: str, x: int) -> list[Detection]:
        return [Detection(parse_card(t), (x + 24 * i, 0, x + 24 * i + 20, 24), 0.9)
                for i, t in enumerate(tokens.split())]

    assert card_size(indices("R7 B7 W", 0)) == 80  # 4 x the index width
    assert read(laid_groups(indices("R7 B7 W", 0) + indices("G1 G5 G9", 150))) == [
        "R7 B7 W", "G1 G5 G9"]


def test_a_rendered_photo_of_laid_groups_comes_out_group_by_group_with_its_kinds(
        reader: Reader) -> None:
    """The committed model on a photo of three laid groups (tests/vision/make_fixtures.py:
    laid.jpg), then the grouping and the solver's kinds: the table box's very lines."""
    groups = laid_groups(reader.read(FIXTURES / "laid.jpg"))
    mattel = ruleset("mattel")
    lines = [" ".join([likely_kinds(mattel, [d.card for d in group])[0].value,
                       *(str(d.card) for d in group)]) for group in groups]
    assert lines == list(LAID)


def test_a_rendered_photo_of_playing_cards_comes_out_as_zehn_phasen_groups(
        fixture_labels: dict[str, list[dict[str, object]]]) -> None:
    """The committed standard model on a photo of three groups of playing cards
    (standard_laid.jpg, the first of make_fixtures' seeds that it reads line for line), the
    grouping and zehn-phasen's kinds: its Kings are wild, so the set and the run only come out
    as such when the solver lets a King stand in (as an A-K deck's 13 the run is no run)."""
    from vision import laid_table

    found = Reader.from_file(deck="standard").read(FIXTURES / "standard_laid.jpg")
    groups = laid_groups(found)
    zehn = ruleset("zehn-phasen")
    lines = [" ".join([likely_kinds(zehn, [d.card for d in group])[0].value,
                       *(str(d.card) for d in group)]) for group in groups]
    assert lines == list(STANDARD_LAID)
    laid = sorted(card for line in STANDARD_LAID for card in line.split()[1:])
    assert sorted(str(card["card"]) for card in fixture_labels["standard_laid.jpg"]) == laid
    # The table box's own lines, no guess among kinds, nothing left out.
    table = laid_table(zehn, found)
    assert table.text == "\n".join(STANDARD_LAID)
    assert not table.guessed and not table.left_out and not table.lone
    # Under classic a King is a 13 (its jokers are wild): the groups holding one are none.
    classic = laid_table(ruleset("classic"), found)
    assert [group.kinds[:1] for group in classic.groups] == [(), (), ("suit",)]


def test_cards_read_by_one_index_each_give_the_same_card_size_turned_and_anywhere() -> None:
    # An index's narrow side is its width upright and its height turned a quarter: a card is
    # four of it wherever the group lies in the photo.
    for x, y, width, height in ((0, 0, 20, 24), (300, 200, 20, 24), (300, 200, 24, 20)):
        found = [Detection(parse_card("R7"), (x + 30 * i, y, x + 30 * i + width, y + height), 0.9)
                 for i in range(3)]
        assert card_size(found) == 80


def test_boxes_that_just_touch_once_grown_are_linked_whichever_is_read_first() -> None:
    # Each box grown by the 10 px to its nearest (the strips' own spacing): 20 px of table
    # between two groups, and they touch.
    gap = 20
    left, right = row("R7 B7 W", 0, 0), row("G1 G5 G9", 160 + gap, 0)
    assert read(laid_groups(left + right)) == read(laid_groups(right + left)) == [
        "R7 B7 W G1 G5 G9"]
    below = row("Y2 Y3 Y4", 0, CARD_H + gap)
    assert len(laid_groups(left + below)) == len(laid_groups(below + left)) == 1
    below = row("Y2 Y3 Y4", 0, CARD_H + gap + 1)
    assert len(laid_groups(left + below)) == len(laid_groups(below + left)) == 2


def test_a_group_is_turned_only_by_an_end_box_more_than_half_again_the_other_ends_area() -> None:
    # Covered cards' strips differ by a few pixels; only a box over TOP_CARD (1.5) times the
    # other end's is the top card, laid last.
    def strips(first_width: int) -> list[Detection]:
        return [Detection(parse_card(token), (30 * i, 0, 30 * i + (first_width if i == 0 else 20),
                                              CARD_H), 0.9)
                for i, token in enumerate(("G4", "G5", "G6"))]

    assert read(laid_groups(strips(21))) == ["G4 G5 G6"]
    assert read(laid_groups(strips(30))) == ["G4 G5 G6"]  # exactly 1.5 times: not yet
    assert read(laid_groups(strips(31))) == ["G6 G5 G4"]


def fanned(tokens: str, x: int, y: int, degrees: float, bow: float) -> list[Detection]:
    """Small cards read by one index each (20 x 24 px, no top card told by its size), laid from
    (x, y) towards ``degrees`` (clockwise from rightwards, as y grows downwards), bowed
    sideways by ``bow`` x the square of each card's place from the middle."""
    cards = tokens.split()
    ux, uy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    middle = (len(cards) - 1) / 2
    found = []
    for i, token in enumerate(cards):
        side = bow * (i - middle) ** 2
        cx, cy = x + 22 * i * ux - side * uy, y + 22 * i * uy + side * ux
        found.append(Detection(parse_card(token), (round(cx - 10), round(cy - 12),
                                                   round(cx + 10), round(cy + 12)), 0.9))
    return found


@pytest.mark.parametrize("bow", [0, 5, -5])
@pytest.mark.parametrize("degrees", [-40, -30, 20, 60, 75, 105, 120, 125])
def test_a_slanting_group_of_like_boxes_is_read_rightwards_or_down_its_own_axis(
        degrees: float, bow: float) -> None:
    # A photo turned a little, or a fan: a row (within 45 degrees of level) is read from the
    # left, a column from the top, along the group's own main axis even where its cards bow off
    # it, whatever order the reader gave them in.
    group = fanned("R1 R2 R3 R4 R5", 300, 300, degrees, bow)
    for shuffled in (group, group[::-1], group[2:] + group[:2]):
        assert read(laid_groups(shuffled)) == ["R1 R2 R3 R4 R5"]


def test_like_boxes_are_alike_wherever_they_lie_and_a_diagonal_bowed_group_keeps_its_order(
) -> None:
    # A group rising from near the photo's top edge: its boxes are alike (area is their size,
    # not where they lie), so none is taken for the top card.
    assert read(laid_groups(fanned("R1 R2 R3 R4 R5", 300, 70, -30, 0))) == ["R1 R2 R3 R4 R5"]
    # Diagonal and bowed hard: read along its own slant, not across it.
    for bow in (8, -8):
        assert read(laid_groups(fanned("R1 R2 R3 R4 R5", 300, 300, 45, bow))) == [
            "R1 R2 R3 R4 R5"]


def shifted(found: list[Detection], dx: int, dy: int) -> list[Detection]:
    return [Detection(d.card, (d.box[0] + dx, d.box[1] + dy, d.box[2] + dx, d.box[3] + dy),
                      d.confidence) for d in found]


@pytest.mark.parametrize(("dx", "dy"), [(0, 0), (250, 400), (40, 1500)])
def test_rows_of_groups_are_told_apart_wherever_they_lie_in_the_photo(dx: int, dy: int) -> None:
    top = row("R7 B7 W", 300, 0) + column("G1 G5 G9", 0, 20)
    bottom = row("Y2 Y3 Y4", 40, 230) + row("B9 B9 R9", 320, 210)
    assert read(laid_groups(shifted(bottom + top, dx, dy))) == [
        "G1 G5 G9", "R7 B7 W", "Y2 Y3 Y4", "B9 B9 R9"]


def test_a_column_beside_a_row_is_in_that_row_while_its_middle_is_within_the_rows_height(
) -> None:
    # The row's first group is the one whose middle is highest; a group whose middle lies
    # within that group's height, its bottom edge included, is in the row, read from the left.
    column_ = column("R1 R2 R3 R4 R5 R6", 0, 0, step=40)  # 300 px tall: its middle at 150
    assert read(laid_groups(row("G1 G2 G3", 300, 0) + column_)) == [
        "R1 R2 R3 R4 R5 R6", "G1 G2 G3"]
    assert read(laid_groups(row("G1 G2 G3", 0, 0) + shifted(column_, 300, 0))) == [
        "G1 G2 G3", "R1 R2 R3 R4 R5 R6"]
    # A column 400 px tall beside a row is in it, the row below that row still a row of its
    # own: the row's height is its first group's (the highest middle), not the column's.
    tall = column("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11", 400, 0)
    assert read(laid_groups(tall + row("Y1 Y2 Y3", 0, 290) + row("G1 G2 G3", 0, 100))) == [
        "G1 G2 G3", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11", "Y1 Y2 Y3"]
    # With the column first (its middle highest), both rows beside it are in its row.
    lower = row("G1 G2 G3", 420, 220) + row("Y1 Y2 Y3", 0, 320)
    assert read(laid_groups(lower + shifted(tall, -180, 0))) == [
        "Y1 Y2 Y3", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11", "G1 G2 G3"]


def test_a_row_is_read_from_the_left_by_where_each_group_starts() -> None:
    # A group slanting down to the right (a photo turned diagonally) and a short group under
    # its left half, in the same row: the slanting one starts further left.
    slanting = [Detection(parse_card(f"R{i + 1}"), (40 * i, 30 * i, 40 * i + 20, 30 * i + CARD_H),
                          0.9) for i in range(10)]
    slanting.append(Detection(parse_card("W"), (400, 300, 400 + CARD_W, 300 + CARD_H), 0.9))
    under = row("Y1 Y2", 100, 370)
    assert [group[0].card for group in laid_groups(under + slanting)] == [
        parse_card("R1"), parse_card("Y1")]


def test_the_validation_script_counts_each_linking_on_every_deck(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench import laid_validation

    laid_validation.main(["--scenes", "2", "--size", "640x480", "--link", "0.05,0.2",
                          "--link", "0.1,0.1"])
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out] == [
        "phase10", "  reach 0.05 far 0.2", "  reach 0.1 far 0.1",
        "standard", "  reach 0.05 far 0.2", "  reach 0.1 far 0.1",
        "classic", "  reach 0.05 far 0.2", "  reach 0.1 far 0.1"]
    assert "2 validation photos (640x480)" in out[0] and "geometry " in out[1]
    # Classic's groups are standard cards: read with the standard model.
    laid_validation.main(["--deck", "classic", "--scenes", "1", "--size", "640x480",
                          "--link", "0.05,0.2", "--read", "1"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("classic: 1 validation photos (640x480), the first 1 read")
    assert "; read, grouped " in out[1]
