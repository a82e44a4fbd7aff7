"""The table's laid groups from a photo's detections (vision.groups), on fabricated boxes.

A card is 100 x 150 px here; a covered card shows a strip (its two left indices, 20 px wide,
the card's height), the group's top card its whole face.
"""

from __future__ import annotations

import pytest
from make_fixtures import LAID, STANDARD_LAID
from tests_vision_helpers import FIXTURES

from solver import likely_kinds, parse_card, ruleset
from vision import Detection, Reader, laid_groups
from vision.groups import REACH, card_size

CARD_W, CARD_H, INDEX = 100, 150, 20


def row(tokens: str, x: int, y: int, step: int = 30, scale: float = 1.0) -> list[Detection]:
    """A group laid left to right from (x, y): strips, then the whole top card."""
    cards = tokens.split()
    found = []
    for i, token in enumerate(cards):
        width = CARD_W if i == len(cards) - 1 else INDEX
        box = (x + i * step, y, x + i * step + width, y + CARD_H)
        found.append(Detection(parse_card(token), tuple(round(v * scale) for v in box), 0.9))
    return found


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


def test_groups_closer_than_the_reach_are_one_group_farther_ones_stay_apart() -> None:
    # The limit, measured: the boxes link across 2 x REACH x the card's height (36 px here).
    link = 2 * REACH * CARD_H
    close = row("R7 B7 W", 0, 0) + row("G1 G5 G9", 160 + int(link) - 2, 0)
    assert read(laid_groups(close)) == ["R7 B7 W G1 G5 G9"]
    apart = row("R7 B7 W", 0, 0) + row("G1 G5 G9", 160 + int(link) + 2, 0)
    assert read(laid_groups(apart)) == ["R7 B7 W", "G1 G5 G9"]


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
    from ui.reading import laid_table

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
