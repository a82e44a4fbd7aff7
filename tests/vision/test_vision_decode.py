"""Stages 2-4 on hand-made model outputs: letterbox geometry, peak decoding, tokens, dedupe."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from vision.dedupe import dedupe
from vision.find import (
    IndexHit,
    Letterbox,
    confirmed,
    crop_readings,
    decode,
    find_peaks,
    letterbox,
    reread,
    top_readings,
)
from vision.model import DECKS, CropSpec, ModelInfo

RANKS = tuple(str(i) for i in range(1, 13)) + ("W", "S")
COLOURS = ("R", "B", "G", "Y", "-")
INFO = ModelInfo("image", (64, 48), 4, RANKS, COLOURS, DECKS["phase10"], "test", 0.3)


def _outputs(peaks: list[tuple[int, int, str, str]]) -> dict[str, np.ndarray]:
    """Model outputs on a 16x12 grid with a sure index at each (row, col, rank, colour)."""
    h, w = 12, 16
    maps = {
        "heatmap": np.zeros((1, 1, h, w), np.float32),
        "size": np.full((1, 2, h, w), 8.0, np.float32),
        "offset": np.full((1, 2, h, w), 0.5, np.float32),
        "centre": np.zeros((1, 2, h, w), np.float32),
        "rank": np.full((1, len(RANKS), h, w), 1 / len(RANKS), np.float32),
        "colour": np.full((1, len(COLOURS), h, w), 1 / len(COLOURS), np.float32),
    }
    for row, col, rank, colour in peaks:
        maps["heatmap"][0, 0, row, col] = 0.9
        maps["heatmap"][0, 0, row, col + 1] = 0.6  # a shoulder, not a second peak
        maps["rank"][0, :, row, col] = 0.0
        maps["rank"][0, RANKS.index(rank), row, col] = 1.0
        maps["colour"][0, :, row, col] = 0.0
        maps["colour"][0, COLOURS.index(colour), row, col] = 1.0
    return maps


def test_letterbox_centres_and_maps_back() -> None:
    photo = np.zeros((100, 400, 3), np.uint8)
    tensor, box = letterbox(photo, (64, 48))
    assert tensor.shape == (1, 3, 48, 64) and tensor.dtype == np.float32
    assert box.scale == pytest.approx(64 / 400)
    assert (box.pad_x, box.pad_y) == (0, 16)  # 400x100 -> 64x16, centred in 48 rows
    assert tensor[0, :, 0, 0].tolist() == [0.5, 0.5, 0.5]  # grey padding
    assert tensor[0, :, 24, 32].tolist() == [0.0, 0.0, 0.0]  # the (black) photo
    x, y = box.to_photo(np.array([32.0]), np.array([24.0]))
    assert (x[0], y[0]) == pytest.approx((200, 50))


def test_letterbox_accounts_for_reduced_decoding() -> None:
    _, box = letterbox(np.zeros((100, 400, 3), np.uint8), (64, 48), original_per_pixel=4.0)
    x, _ = box.to_photo(np.array([64.0]), np.array([0.0]))
    assert x[0] == pytest.approx(1600)


@pytest.mark.parametrize(("shape", "tall"), [((2, 1000, 3), False), ((1000, 2, 3), True)])
def test_a_sliver_of_a_photo_keeps_one_pixel_of_the_input(
    shape: tuple[int, int, int], tall: bool
) -> None:
    # A photo past 1536:1 (32 x 50000 px loads: each side >= 32, well under 100 MP) scales
    # its short side to under half a pixel; resizing to 0 px would raise in OpenCV.
    tensor, box = letterbox(np.zeros(shape, np.uint8), (64, 48))
    photo = tensor[0, 0] == 0
    across = np.flatnonzero(photo.any(axis=0) if tall else photo.any(axis=1))
    assert across.tolist() == ([box.pad_x] if tall else [box.pad_y]) == ([31] if tall else [23])


def test_letterbox_averages_when_shrinking_and_blends_when_enlarging() -> None:
    stripes = np.zeros((300, 400, 3), np.uint8)
    stripes[:, ::2] = 255  # 1 px numeral strokes: point sampling at 0.16x keeps or drops each
    shrunk, _ = letterbox(stripes, (64, 48))
    assert shrunk.std() < 0.05  # grey; bilinear shrinking gives 0.28
    halves = np.zeros((30, 40, 3), np.uint8)
    halves[:, 20:] = 255  # enlarged 1.6x to fill the input: no grey padding
    grown, _ = letterbox(halves, (64, 48))
    # Bilinear, like the warp of training views (models/train.py): the edge blends through
    # grey; area interpolation enlarges like nearest neighbour, black and white only.
    assert np.unique(grown).size > 2


def test_find_peaks_keeps_local_maxima_only() -> None:
    heat = np.zeros((5, 5), np.float32)
    heat[2, 2], heat[2, 3], heat[0, 0] = 0.9, 0.8, 0.2
    rows, cols = find_peaks(heat, 0.5, 10)
    assert list(zip(rows.tolist(), cols.tolist(), strict=True)) == [(2, 2)]
    assert find_peaks(heat, 0.1, 1)[0].tolist() == [2]  # capped to the strongest


def test_a_peak_is_the_highest_of_its_3x3_neighbourhood_at_or_above_the_threshold() -> None:
    heat = np.zeros((8, 8), np.float32)
    heat[2:5, 2:5] = 0.65  # a ring around the peak, over the threshold, none of it a peak
    heat[3, 3] = 0.9
    heat[3, 5], heat[5, 3], heat[6, 6] = 0.75, 0.7, 0.625  # two cells away: peaks of their own
    rows, cols = find_peaks(heat, 0.625, 10)
    assert sorted(zip(rows.tolist(), cols.tolist(), strict=True)) == [
        (3, 3), (3, 5), (5, 3), (6, 6)]
    # (6, 6) stands exactly at the threshold. The cap keeps the strongest.
    assert sorted(find_peaks(heat, 0.7, 2)[1].tolist()) == [3, 5]


def test_the_letterbox_maps_white_to_one() -> None:
    tensor, _ = letterbox(np.full((48, 64, 3), 255, np.uint8), (64, 48))
    assert tensor.min() == pytest.approx(1.0, abs=1e-6)
    assert tensor.max() == pytest.approx(1.0, abs=1e-6)


def test_decode_keeps_the_200_strongest_peaks() -> None:
    maps = _outputs([])
    maps = {k: np.tile(v, (1, 1, 3, 3)) for k, v in maps.items()}  # a 48 x 36 grid
    heat = maps["heatmap"][0, 0]
    strengths = np.linspace(0.99, 0.5, 18 * 24)  # one peak on every other cell, all different
    heat[::2, ::2] = strengths.reshape(18, 24)
    hits = decode(maps, INFO, Letterbox(1.0, 0, 0), threshold=0.3)
    assert sorted(h.peak for h in hits) == pytest.approx(sorted(strengths[:200]))


def test_decode_reads_tokens_boxes_and_confidence() -> None:
    maps = _outputs([(2, 3, "7", "R"), (8, 10, "W", "-")])
    hits = decode(maps, INFO, Letterbox(1.0, 0, 0), threshold=0.5)
    assert sorted(h.token for h in hits) == ["R7", "W"]
    r7 = next(h for h in hits if h.token == "R7")
    assert r7.box == pytest.approx((10.0, 6.0, 18.0, 14.0))  # centre (3.5*4, 2.5*4), size 8
    assert r7.confidence == pytest.approx(0.9)


def test_decode_takes_x_and_y_each_from_its_own_channel() -> None:
    maps = _outputs([(2, 3, "7", "R")])
    maps["offset"][0, :, 2, 3] = (0.25, 0.75)
    maps["size"][0, :, 2, 3] = (8.0, 12.0)
    maps["centre"][0, :, 2, 3] = (20.0, -30.0)
    (hit,) = decode(maps, INFO, Letterbox(0.5, 2, 6), threshold=0.5)
    # Input (13, 11) centre, an 8 x 12 box: photo = (input - pad) / 0.5.
    assert hit.box == pytest.approx((14.0, -2.0, 30.0, 22.0))
    assert hit.card_centre == pytest.approx((62.0, -50.0))


def test_decode_never_makes_a_colourless_number() -> None:
    maps = _outputs([(2, 3, "7", "-")])
    maps["colour"][0, :, 2, 3] = [0.1, 0.3, 0.05, 0.05, 0.5]  # "-" wins alone, blue among colours
    (hit,) = decode(maps, INFO, Letterbox(1.0, 0, 0), threshold=0.5)
    assert hit.token == "B7"
    assert hit.confidence == pytest.approx(0.9 * 0.3)


def test_a_rank_and_colour_that_make_no_card_are_no_index() -> None:
    # A sure "W" with a sure red: every valid token's probability was 0, and the sighting came
    # out as the table's first token, R1, which dedupe then took for certain (vision review).
    maps = _outputs([(2, 3, "W", "R"), (8, 10, "7", "B")])
    assert [h.token for h in decode(maps, INFO, Letterbox(1.0, 0, 0), threshold=0.5)] == ["B7"]
    crop_ranks = (*RANKS, "-")
    info = replace(INFO, crops=CropSpec(32, 1.5, crop_ranks, COLOURS))
    rank = np.zeros((1, len(crop_ranks)), np.float32)
    colour = np.zeros((1, len(COLOURS)), np.float32)
    rank[0, crop_ranks.index("W")], colour[0, COLOURS.index("R")] = 1.0, 1.0
    assert reread([_hit("R9", 0, (60.0, 90.0))], rank, colour, info) == ()


def test_a_face_the_tables_deck_lacks_is_never_read() -> None:
    # A game played without skips has none in its deck: a sighting that looks most like one
    # is its next likeliest face, the readings shared out over the faces there are, and the
    # confidence still the reader's own for that face.
    crop_ranks = (*RANKS, "-")
    info = replace(INFO, crops=CropSpec(32, 1.5, crop_ranks, COLOURS), without=frozenset({"S"}))
    rank = np.zeros((1, len(crop_ranks)), np.float32)
    colour = np.zeros((1, len(COLOURS)), np.float32)
    rank[0, crop_ranks.index("S")], rank[0, crop_ranks.index("5")] = 0.6, 0.4
    colour[0, COLOURS.index("-")], colour[0, COLOURS.index("B")] = 0.5, 0.5
    (hit,) = reread([_hit("S", 0, (60.0, 90.0))], rank, colour, info)
    assert hit.token == "B5" and hit.confidence == pytest.approx(0.9 * 0.4 * 0.5)
    assert hit.readings[0] == ("B5", pytest.approx(1.0))
    assert "S" not in dict(hit.readings)
    assert crop_readings(rank, colour, info) == (hit.readings,)
    assert [h.token for h in reread([_hit("S", 0, (60.0, 90.0))], rank, colour,
                                    replace(info, without=frozenset()))] == ["S"]
    # The detector's own reading, where no crop reader names the card, as well.
    maps = _outputs([(2, 3, "S", "-")])
    maps["rank"][0, :, 2, 3] = 0.0
    maps["rank"][0, RANKS.index("S"), 2, 3], maps["rank"][0, RANKS.index("W"), 2, 3] = 0.7, 0.3
    assert [h.token for h in decode(maps, INFO, Letterbox(1.0, 0, 0), threshold=0.5)] == ["S"]
    (hit,) = decode(maps, replace(INFO, without=frozenset({"S"})), Letterbox(1.0, 0, 0),
                    threshold=0.5)
    assert hit.token == "W" and hit.readings[0] == ("W", pytest.approx(1.0))


def test_decode_below_threshold_is_empty() -> None:
    assert decode(_outputs([(2, 3, "7", "R")]), INFO, Letterbox(1.0, 0, 0), threshold=0.95) == ()


def _hit(token: str, x: float, centre: tuple[float, float], confidence: float = 0.9) -> IndexHit:
    return IndexHit(token, (x, 10.0, x + 20.0, 40.0), centre, confidence, confidence)


def test_dedupe_merges_the_two_corners_of_one_card() -> None:
    top_left = _hit("R7", 0, (60.0, 90.0), 0.95)
    bottom_right = _hit("R7", 100, (64.0, 86.0), 0.80)
    (card,) = dedupe([bottom_right, top_left], merge_distance=1.0, image_size=(500, 500))
    assert str(card.card) == "R7"
    assert card.box == (0, 10, 120, 40)  # the union of both index boxes
    assert card.confidence == pytest.approx(0.95)


def test_a_card_seen_wholly_outside_the_photo_is_no_card() -> None:
    # Clipped to the photo, its box had no width: (1024, 100, 1024, 130) (vision review).
    inside, outside = _hit("R7", 100, (110.0, 60.0)), _hit("B3", 1030, (1040.0, 60.0))
    (card,) = dedupe([inside, outside], merge_distance=1.0, image_size=(1024, 768))
    assert str(card.card) == "R7"


def test_dedupe_keeps_two_physical_copies() -> None:
    first, second = _hit("R7", 0, (60.0, 90.0)), _hit("R7", 150, (210.0, 90.0))
    assert len(dedupe([first, second], merge_distance=1.0, image_size=(500, 500))) == 2


def test_dedupe_keeps_copies_side_by_side_in_a_fan() -> None:
    # Two R7s held next to each other in a fan: both top-left indices show, a few pixels apart,
    # and the pivot puts both predicted card centres on the same spot. Their corners point the
    # same way, so they are two cards, however close the centres.
    first = _hit("R7", 0, (60.0, 90.0))
    second = IndexHit("R7", (24.0, 12.0, 44.0, 42.0), (64.0, 92.0), 0.9, 0.9)
    fan = {"merge_distance": 2.0, "image_size": (500, 500), "neighbour_span": 0.8}
    assert len(dedupe([first, second], **fan)) == 2
    # The same index found twice still counts once.
    again = IndexHit("R7", (3.0, 11.0, 23.0, 41.0), (61.0, 91.0), 0.8, 0.8)
    assert len(dedupe([first, again], **fan)) == 1
    # Without the rule (neighbour span 0, as files stamped before it decode) the centres decide.
    assert len(dedupe([first, second], **{**fan, "neighbour_span": 0.0})) == 1
    # The top-right corner of the first card, pointing at the same centre, is the same card.
    top_right = IndexHit("R7", (100.0, 10.0, 120.0, 40.0), (62.0, 88.0), 0.8, 0.8)
    assert len(dedupe([first, top_right], **fan)) == 1


def test_copies_laid_side_by_side_a_strip_apart_stay_two_cards() -> None:
    # Two 5 of clubs laid next to each other in a set (validation laid seed 5, zehn-phasen): each
    # shows its jumbo top-left index alone, a strip of 1.3 index-to-centre lengths apart (wider
    # than a fan's neighbours), and each guesses its own centre, 1.4 index sizes from the
    # other's: inside the merge distance, and read as one card before.
    first = IndexHit("5C", (578.0, 501.0, 626.0, 541.0), (637.0, 556.0), 0.85, 0.89)
    second = IndexHit("5C", (645.0, 482.0, 693.0, 519.0), (701.0, 545.0), 0.87, 0.96)
    laid = {"merge_distance": 3.0, "image_size": (1024, 768), "neighbour_span": 0.6,
            "copies_beside": True}
    assert len(dedupe([first, second], **laid)) == 2
    # Files stamped without the rule (Phase 10's; every file before session 57) merge them.
    assert len(dedupe([first, second], **{**laid, "copies_beside": False})) == 1
    # The rule stands on its own, neighbour span or not.
    assert len(dedupe([first, second], **{**laid, "neighbour_span": 0.0})) == 2
    # Another corner of the first card guessing the same centre is the same card.
    bottom_right = IndexHit("5C", (648.0, 571.0, 696.0, 611.0), (640.0, 560.0), 0.8, 0.8)
    assert len(dedupe([first, bottom_right], **laid)) == 1


def _fan_corner(token: str, degrees: float) -> IndexHit:
    """The top-left index of a 100 x 150 card held in a fan turned ``degrees`` about a pivot
    60 px below its centre, pointing at its own centre."""
    turn = np.radians(degrees)
    cos, sin = float(np.cos(turn)), float(np.sin(turn))
    centre = (200.0 + 60.0 * sin, 400.0 - 60.0 * cos)
    x, y = centre[0] - 38.0 * cos + 57.0 * sin, centre[1] - 38.0 * sin - 57.0 * cos
    return IndexHit(token, (x - 10.0, y - 15.0, x + 10.0, y + 15.0), centre, 0.9, 0.9)


def test_copies_at_both_ends_of_a_fan_stay_two_cards() -> None:
    # Two R7s at the ends of a five-card fan: 80 degrees apart, so their corners do not point
    # the same way, and their centres lie 2.6 index sizes apart, inside the merge distance. The
    # three cards between them link corner to corner, which no two corners of one card do.
    fan = [
        _fan_corner(token, 20.0 * i - 40.0)
        for i, token in enumerate(["R7", "B3", "G5", "Y2", "R7"])
    ]
    settings = {"merge_distance": 3.0, "image_size": (500, 500), "neighbour_span": 0.8}
    assert [str(c.card) for c in dedupe(fan, **settings)] == ["R7", "B3", "G5", "Y2", "R7"]
    # Alone, the two ends are indistinguishable from two corners of one card.
    assert len(dedupe([fan[0], fan[-1]], **settings)) == 1


def _four_corner(corner: str, guess: tuple[float, float], confidence: float) -> IndexHit:
    """An R7 index (20 x 30) at ``corner`` of a four-cornered 100 x 150 card centred at
    (200, 300), guessing the card's centre at ``guess``."""
    x = 240.0 if corner in ("TR", "BR") else 160.0
    y = 357.0 if corner in ("BL", "BR") else 243.0
    return IndexHit("R7", (x - 10, y - 15, x + 10, y + 15), guess, confidence, confidence)


def test_a_stray_corner_of_a_card_seen_twice_joins_it() -> None:
    # A four-cornered card whose top-right index guesses the centre straight below itself, as
    # if it were a top-left index: far beyond the merge distance from the others' guesses.
    card = [
        _four_corner("TL", (198.0, 302.0), 0.9),
        _four_corner("BR", (203.0, 297.0), 0.9),
        _four_corner("TR", (245.0, 420.0), 0.8),
    ]
    settings = {"merge_distance": 2.0, "image_size": (500, 500)}
    (one,) = dedupe(card, **settings)
    assert one.box == (150, 228, 250, 372)
    # A copy beside it shows two corners of its own and stays a card of its own; so does a
    # lone sighting whose index lies where no corner of the card can (its centre numeral's
    # place is another rule's).
    copy = [replace(h, box=(h.box[0] + 130, h.box[1], h.box[2] + 130, h.box[3]),
                    card_centre=(h.card_centre[0] + 130, h.card_centre[1])) for h in card[:2]]
    assert len(dedupe(card + copy, **settings)) == 2
    beyond = IndexHit("R7", (390.0, 285.0, 410.0, 315.0), (460.0, 360.0), 0.8, 0.8)
    assert len(dedupe(card[:2] + [beyond], **settings)) == 2


def test_small_artwork_on_the_face_of_a_card_seen_twice_is_no_card() -> None:
    # The four-cornered R7 (indices 20 x 30) seen at two corners; its centre picture holds a
    # small 4 (an index of 8 x 12) read once.
    card = [_four_corner("TL", (198.0, 302.0), 0.9), _four_corner("BR", (203.0, 297.0), 0.9)]
    settings = {"merge_distance": 2.0, "image_size": (500, 500)}
    picture = IndexHit("B4", (196.0, 294.0, 204.0, 306.0), (210.0, 320.0), 0.7, 0.7)
    (one,) = dedupe([*card, picture], **settings)
    assert str(one.card) == "R7"
    # A card lying on its face shows an index of the same size: a card of its own; so does the
    # small index when the big card is seen at one corner only (it may be a lone big index
    # of a close-up beside a card photographed from afar).
    lying_on = IndexHit("B4", (190.0, 285.0, 210.0, 315.0), (230.0, 350.0), 0.7, 0.7)
    assert len(dedupe([*card, lying_on], **settings)) == 2
    assert len(dedupe([card[0], picture], **settings)) == 2


def test_a_cards_centre_numeral_or_an_index_found_twice_is_still_one_card() -> None:
    # The spread fixture's R1: its two corners point at (443, 80); a weak peak on the big
    # centre numeral there reads R1 too but guesses a centre far off, and looked, from the top
    # left corner, like the same corner of a neighbour.
    top_left = IndexHit("R1", (403.0, 19.0, 426.0, 43.0), (443.0, 80.0), 0.82, 0.88)
    bottom_right = IndexHit("R1", (452.0, 104.0, 473.0, 127.0), (437.0, 70.0), 0.71, 0.75)
    numeral = IndexHit("R1", (410.0, 35.0, 473.0, 108.0), (546.0, 184.0), 0.28, 0.54)
    settings = {"merge_distance": 2.0, "image_size": (640, 480), "neighbour_span": 0.8}
    (card,) = dedupe([top_left, bottom_right, numeral], **settings)
    assert str(card.card) == "R1"
    # Another token there is another matter (a card lying on this one's centre).
    other = IndexHit("G5", (410.0, 35.0, 473.0, 108.0), (546.0, 184.0), 0.6, 0.6)
    assert len(dedupe([top_left, bottom_right, other], **settings)) == 2
    # A second peak on one index whose centre guess strays past the merge distance.
    again = IndexHit("R1", (405.0, 22.0, 428.0, 46.0), (520.0, 200.0), 0.5, 0.5)
    assert len(dedupe([top_left, again], **settings)) == 1
    # ... but a copy held beside it in a fan, half an index over, stays a card of its own.
    beside = IndexHit("R1", (417.0, 20.0, 440.0, 44.0), (457.0, 82.0), 0.5, 0.5)
    assert len(dedupe([top_left, beside], **settings)) == 2


def test_dedupe_keeps_different_tokens_apart_unless_asked() -> None:
    hits = [_hit("R6", 0, (60.0, 90.0), 0.9), _hit("R9", 100, (62.0, 90.0), 0.5)]
    assert len(dedupe(hits, merge_distance=1.0, image_size=(500, 500))) == 2
    (card,) = dedupe(hits, merge_distance=1.0, image_size=(500, 500), conflict_distance=0.5)
    assert str(card.card) == "R6" and card.box == (0, 10, 120, 40)
    far = [hits[0], _hit("R9", 100, (90.0, 90.0), 0.5)]  # 1.5 index sizes away: another card
    assert len(dedupe(far, merge_distance=1.0, image_size=(500, 500), conflict_distance=0.5)) == 2


def test_dedupe_never_reports_more_copies_than_the_deck_holds() -> None:
    # Three R7 sightings whose centres all lie apart: without a bound, three R7s; the deck has
    # two, so the two closest centres (x 60 and 150) are one card seen twice.
    hits = [
        _hit("R7", 0, (60.0, 90.0), 0.9),
        _hit("R7", 100, (150.0, 90.0), 0.8),
        _hit("R7", 300, (360.0, 90.0), 0.7),
    ]
    assert len(dedupe(hits, merge_distance=1.0, image_size=(500, 500))) == 3
    copies = DECKS["phase10"].copies
    first, second = dedupe(hits, merge_distance=1.0, image_size=(500, 500), max_copies=copies)
    assert first.box == (0, 10, 120, 40) and first.confidence == pytest.approx(0.9)
    assert second.box == (300, 10, 320, 40)
    wilds = [_hit("W", 100 * i, (100.0 * i + 60, 90.0)) for i in range(5)]
    assert len(dedupe(wilds, merge_distance=1.0, image_size=(900, 500), max_copies=copies)) == 5
    assert DECKS["phase10"].copies("S") == 4 and DECKS["standard"].copies("KH", face_copies=4) == 4


def test_dedupe_orders_left_to_right_and_clips_to_the_photo() -> None:
    hits = [_hit("B3", 490, (500.0, 50.0)), _hit("W", -5, (20.0, 50.0))]
    cards = dedupe(hits, merge_distance=1.0, image_size=(500, 500))
    assert [str(c.card) for c in cards] == ["W", "B3"]
    assert cards[0].box[0] == 0 and cards[1].box[2] == 500


def test_token_table_for_both_decks() -> None:
    tokens = {t for _, _, t in INFO.token_table()}
    assert len(tokens) == 4 * 12 + 2 and {"R1", "Y12", "W", "S"} <= tokens
    standard = ModelInfo(
        "image", (64, 48), 4, ("A", "10", "X"), ("H", "S", "-"), DECKS["standard"], "test", 0.3
    )
    assert {t for _, _, t in standard.token_table()} == {"AH", "AS", "10H", "10S", "X"}


def test_reread_renames_and_drops_what_is_no_index() -> None:
    crop_ranks = (*RANKS, "-")
    info = replace(INFO, crops=CropSpec(32, 1.5, crop_ranks, COLOURS))
    hits = [_hit("R9", 0, (60.0, 90.0), 0.9), _hit("B2", 100, (160.0, 90.0), 0.8)]
    rank = np.zeros((2, len(crop_ranks)), np.float32)
    colour = np.zeros((2, len(COLOURS)), np.float32)
    rank[0, crop_ranks.index("6")], colour[0, COLOURS.index("R")] = 0.8, 1.0  # an upright 6
    rank[1, crop_ranks.index("-")], colour[1, COLOURS.index("-")] = 0.9, 1.0  # table, no index
    rank[1, crop_ranks.index("2")] = 0.1
    (hit,) = reread(hits, rank, colour, info)
    assert hit.token == "R6" and hit.box == hits[0].box
    assert hit.confidence == pytest.approx(0.9 * 0.8)  # the peak times the reader's belief
    # The reader's readings replace the detector's: R6 alone carries probability here.
    assert hit.readings[0] == ("R6", pytest.approx(1.0))


def test_a_crop_read_as_no_card_or_no_index_has_no_readings() -> None:
    # An index whose rank and colour make no card (a sure red Wild): dividing by its total of 0
    # would make the readings NaN.
    crop_ranks = (*RANKS, "-")
    info = replace(INFO, crops=CropSpec(32, 1.5, crop_ranks, COLOURS))
    rank = np.zeros((3, len(crop_ranks)), np.float32)
    colour = np.zeros((3, len(COLOURS)), np.float32)
    rank[:2, crop_ranks.index("W")], colour[0, COLOURS.index("R")] = 1.0, 1.0
    colour[1, COLOURS.index("-")] = 1.0
    # The reader takes the third crop for no index at all, though a red 7 has some chance.
    rank[2, crop_ranks.index("-")], rank[2, crop_ranks.index("7")] = 0.9, 0.1
    colour[2, COLOURS.index("R")] = 1.0
    red_wild, wild, no_index = crop_readings(rank, colour, info)
    assert red_wild == () == no_index and wild[0] == ("W", pytest.approx(1.0))
    assert top_readings(np.zeros(3), ((0, 0, "R1"), (1, 0, "R2"), (2, 1, "W"))) == ()


def test_reread_takes_one_reading_per_hit() -> None:
    crop_ranks = (*RANKS, "-")
    info = replace(INFO, crops=CropSpec(32, 1.5, crop_ranks, COLOURS))
    rank = np.full((1, len(crop_ranks)), 1 / len(crop_ranks), np.float32)
    colour = np.full((1, len(COLOURS)), 1 / len(COLOURS), np.float32)
    hits = [_hit("R9", 0, (60.0, 90.0)), _hit("B2", 100, (160.0, 90.0))]
    with pytest.raises(ValueError):
        reread(hits, rank, colour, info)


def test_crop_readings_need_a_model_with_a_crop_reader() -> None:
    rank = np.ones((1, len(RANKS) + 1), np.float32)
    colour = np.ones((1, len(COLOURS)), np.float32)
    with pytest.raises(ValueError, match="no crop reader"):
        crop_readings(rank, colour, INFO)
    with pytest.raises(ValueError, match="no crop reader"):
        reread([_hit("R9", 0, (60.0, 90.0))], rank, colour, INFO)


def test_confirmed_keeps_sure_peaks_however_read_and_faint_ones_read_surely() -> None:
    sure = IndexHit("R7", (0, 0, 9, 9), (5, 30), confidence=0.0625, peak=0.5)
    faint = IndexHit("R7", (0, 0, 9, 9), (5, 30), confidence=0.125, peak=0.25)
    # Both exactly at their bounds: a peak at the threshold, a faint one read at 0.5.
    assert confirmed([sure, faint], 0.5, 0.5) == (sure, faint)
    assert confirmed([sure, faint], 0.5, 0.75) == (sure,)


def test_views_are_cut_view_after_view_around_moved_boxes() -> None:
    from vision.crops import CropView, extract_crops, view_crops

    rng = np.random.default_rng(0)
    image = rng.integers(0, 255, (80, 80, 3), dtype=np.uint8)
    boxes = np.array([[20.0, 20.0, 30.0, 30.0], [40.0, 30.0, 50.0, 44.0]])
    views = (CropView(), CropView(scale=0.5), CropView(dx=0.2, dy=-0.1))
    crops = view_crops(image, boxes, 8, 1.5, views)
    assert crops.shape == (6, 3, 8, 8)
    np.testing.assert_array_equal(crops[:2], extract_crops(image, boxes, 8, 1.5))
    np.testing.assert_array_equal(crops[2:4], extract_crops(image, boxes, 8, 0.75))
    moved = boxes + np.array([[2.0, -1.0, 2.0, -1.0], [2.0, -1.4, 2.0, -1.4]])
    np.testing.assert_array_equal(crops[4:], extract_crops(image, moved, 8, 1.5))


def _read(token: str, x: float, centre: tuple[float, float], readings: dict[str, float],
          peak: float = 0.9) -> IndexHit:
    return IndexHit(token, (x, 10.0, x + 20.0, 40.0), centre, peak * readings[token], peak,
                    tuple(readings.items()))


def test_corners_whose_readings_agree_are_one_card_read_from_both() -> None:
    # One G11 seen twice: one corner unsure between 11 and 12, the other fairly sure of 11.
    unsure = _read("G12", 0, (60.0, 90.0), {"G12": 0.55, "G11": 0.45}, peak=0.95)
    sure = _read("G11", 100, (64.0, 120.0), {"G11": 0.8, "G12": 0.2})
    apart = dedupe([unsure, sure], merge_distance=2.0, image_size=(500, 500))
    assert sorted(str(d.card) for d in apart) == ["G11", "G12"]  # agreement off: two cards
    (card,) = dedupe([unsure, sure], merge_distance=2.0, image_size=(500, 500),
                     reading_agreement=0.2)
    # Both corners together: 0.45 x 0.8 for G11 against 0.55 x 0.2 for G12.
    assert str(card.card) == "G11" and card.box == (0, 10, 120, 40)
    # The surer sighting (0.9 x 0.8) anchors the card: its peak times the geometric mean of the
    # probabilities the two corners gave G11.
    assert card.confidence == pytest.approx(0.9 * (0.45 * 0.8) ** 0.5)


def test_confident_different_readings_stay_two_cards() -> None:
    # Neighbours in an overlapped row: centres close, each read with certainty.
    r6 = _read("R6", 0, (60.0, 90.0), {"R6": 0.97, "R9": 0.03})
    b2 = _read("B2", 30, (70.0, 90.0), {"B2": 0.96, "R2": 0.04})
    assert len(dedupe([r6, b2], merge_distance=2.0, image_size=(500, 500),
                      reading_agreement=0.05)) == 2
    # ... and readings that agree but whose centres lie past the merge distance stay apart too.
    far = _read("R9", 200, (260.0, 90.0), {"R9": 0.5, "R6": 0.5})
    assert len(dedupe([r6, far], merge_distance=2.0, image_size=(500, 500),
                      reading_agreement=0.05)) == 2


def test_a_misread_sighting_does_not_outvote_a_card_seen_often() -> None:
    # Four sure sightings of B2 (each of its two corners found twice), then a sure W on one of
    # those corners: the card stays B2 (a token unlisted by a sighting counts as unlikely for
    # each of them).
    b2s = [_read("B2", x, (60.0, 90.0), {"B2": 0.96, "R2": 0.04}) for x in (0, 4, 100, 104)]
    wild = _read("W", 2, (61.0, 90.0), {"W": 1.0}, peak=0.5)
    (card,) = dedupe([*b2s, wild], merge_distance=2.0, image_size=(500, 500),
                     conflict_distance=0.5)
    assert str(card.card) == "B2"


def test_cards_read_less_surely_than_asked_are_not_reported() -> None:
    sure = _read("R6", 0, (60.0, 90.0), {"R6": 0.9, "R9": 0.1})
    unsure = _read("S", 200, (260.0, 90.0), {"S": 0.13, "B10": 0.09}, peak=0.52)
    both = dedupe([sure, unsure], merge_distance=2.0, image_size=(500, 500))
    assert sorted(str(d.card) for d in both) == ["R6", "S"]
    (card,) = dedupe([sure, unsure], merge_distance=2.0, image_size=(500, 500),
                     min_confidence=0.2)
    assert str(card.card) == "R6"


def test_decode_keeps_the_likeliest_readings_for_dedupe() -> None:
    maps = _outputs([(2, 3, "11", "G")])
    maps["rank"][0, :, 2, 3] = 0.0
    maps["rank"][0, RANKS.index("11"), 2, 3] = 0.6
    maps["rank"][0, RANKS.index("12"), 2, 3] = 0.4
    (hit,) = decode(maps, INFO, Letterbox(1.0, 0, 0), threshold=0.5)
    assert hit.token == "G11"
    assert [t for t, _ in hit.readings[:2]] == ["G11", "G12"]
    assert [p for _, p in hit.readings[:2]] == pytest.approx([0.6, 0.4])
    assert len(hit.readings) == 4 and sum(p for _, p in hit.readings) <= 1 + 1e-6


class _CentreSpy:
    """Stands in for the crop reader on card centres: one fixed reading, every square kept."""

    def __init__(self, readings: tuple[tuple[str, float], ...]) -> None:
        self.readings = readings
        self.squares: list[tuple[float, float, float, float]] = []

    def __call__(self, boxes):  # type: ignore[no-untyped-def]
        self.squares += boxes
        return [self.readings for _ in boxes]


# One G11 seen in two corners (index boxes 20 x 30 px) that both lean a little to G12.
_CLOSE_CALL = [
    _read("G12", 0, (60.0, 90.0), {"G12": 0.55, "G11": 0.45}),
    _read("G12", 100, (64.0, 94.0), {"G12": 0.52, "G11": 0.48}),
]
_CENTRE = {"merge_distance": 2.0, "image_size": (500, 500), "centre_span": 3.5}


def test_a_centre_numeral_settles_a_close_call() -> None:
    (corners_only,) = dedupe(_CLOSE_CALL, **{**_CENTRE, "centre_span": 0.0},
                             read_centres=_CentreSpy((("G11", 0.9),)))
    assert str(corners_only.card) == "G12"
    spy = _CentreSpy((("G11", 0.9), ("G12", 0.1)))
    (card,) = dedupe(_CLOSE_CALL, **_CENTRE, read_centres=spy)
    assert str(card.card) == "G11"
    # The centre reading counts as a third sighting: the anchor's peak times the geometric
    # mean of the three probabilities of G11.
    assert card.confidence == pytest.approx(0.9 * (0.45 * 0.48 * 0.9) ** (1 / 3))
    # Read once, on a square 3.5 index sizes (30 px) wide around the mean centre guess.
    assert spy.squares == [pytest.approx((62 - 52.5, 92 - 52.5, 62 + 52.5, 92 + 52.5))]


def test_a_centre_reading_of_another_card_renames_nothing() -> None:
    # In a fan the centre lies under the cards on top: their faces name neither likely token.
    (card,) = dedupe(_CLOSE_CALL, **_CENTRE, read_centres=_CentreSpy((("B3", 0.99),)))
    assert str(card.card) == "G12"
    assert card.confidence == pytest.approx(0.9 * (0.55 * 0.52) ** 0.5)
    # ... and a centre the reader sees no number on changes nothing either.
    (card,) = dedupe(_CLOSE_CALL, **_CENTRE, read_centres=_CentreSpy(()))
    assert str(card.card) == "G12"


def test_a_legible_centre_keeps_a_card_whose_corners_were_unsure() -> None:
    # A small card: its one corner read is barely legible, its big centre numeral clearly.
    lone = _read("Y7", 0, (60.0, 90.0), {"Y7": 0.3, "Y1": 0.28}, peak=0.6)
    assert dedupe([lone], **_CENTRE, min_confidence=0.2) == ()
    (card,) = dedupe([lone], **_CENTRE, min_confidence=0.2,
                     read_centres=_CentreSpy((("Y7", 0.9),)))
    assert str(card.card) == "Y7" and card.confidence == pytest.approx(0.6 * (0.3 * 0.9) ** 0.5)


def test_centres_are_not_read_when_off_or_without_cards() -> None:
    spy = _CentreSpy((("G11", 0.9),))
    dedupe(_CLOSE_CALL, **{**_CENTRE, "centre_span": 0.0}, read_centres=spy)
    dedupe([], **_CENTRE, read_centres=spy)
    assert spy.squares == []


def test_a_centre_reading_the_corners_rule_out_leaves_the_card_as_read() -> None:
    # A european face's "PHASE 10" logo read as a 12 on a G11 its corners read surely: G12 is
    # the runner-up, but the corners left it no real chance, so the card keeps its confidence
    # (counted, that reading would sink it below min_confidence).
    sure = [
        _read("G11", 0, (60.0, 90.0), {"G11": 0.95, "G12": 0.001}),
        _read("G11", 100, (64.0, 94.0), {"G11": 0.9, "G12": 0.001}),
    ]
    logo = _CentreSpy((("G12", 0.99),))
    (card,) = dedupe(sure, **_CENTRE, min_confidence=0.2, read_centres=logo)
    assert str(card.card) == "G11"
    assert card.confidence == pytest.approx(0.9 * (0.95 * 0.9) ** 0.5)
    # A reading that confirms the card's token still counts.
    (card,) = dedupe(sure, **_CENTRE, read_centres=_CentreSpy((("G11", 0.5),)))
    assert card.confidence == pytest.approx(0.9 * (0.95 * 0.9 * 0.5) ** (1 / 3))


def test_a_jokers_two_opposite_corners_are_one_card_and_two_jokers_stay_two() -> None:
    # Synthetic standard spread seed 501 (counting audit): a joker's two crown indices, each
    # guessing the centre short of the middle (3.2 index sizes apart), were two jokers: +15
    # points in zehn-phasen. The sightings as the reader found them:
    top_left = IndexHit("X", (802, 574, 868, 638), (875, 736), 0.86, 0.79)
    bottom_right = IndexHit("X", (999, 964, 1066, 1024), (1034, 872), 0.73, 0.65)
    (joker,) = dedupe([top_left, bottom_right], merge_distance=3.0, image_size=(2016, 1512))
    assert joker.box == (802, 574, 1066, 1024)
    # Two jokers side by side, the same corner up: their guesses point the same way.
    beside = IndexHit("X", (1002, 574, 1068, 638), (1075, 736), 0.84, 0.78)
    assert len(dedupe([top_left, beside], merge_distance=3.0, image_size=(2016, 1512))) == 2
    # Two jokers laid head to foot far apart: the indices lie farther than a card's diagonal.
    far = IndexHit("X", (1602, 1374, 1668, 1438), (1630, 1300), 0.8, 0.7)
    assert len(dedupe([top_left, far], merge_distance=3.0, image_size=(2016, 1512))) == 2


def test_a_rendered_joker_showing_both_corners_is_read_once() -> None:
    import cv2

    from models.synth import make_scene
    from vision import Reader

    scene = make_scene(501, layout="spread", deck="standard", size=(2016, 1512), n_cards=3)
    data = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    read = sorted(str(d.card) for d in Reader.from_file(deck="standard").read(data))
    assert sorted(c.card for c in scene.cards) == ["9H", "JD", "X"] and read.count("X") == 1


@pytest.mark.parametrize(
    ("image", "boxes", "size", "context", "error", "message"),
    [
        ([[0]], [(1, 1, 2, 2)], 8, 1.5, TypeError, "image must be a numpy array, not list"),
        (np.zeros((8, 8), np.uint8), [(1, 1, 2, 2)], 8, 1.5, ValueError, "H x W x 3 uint8 BGR"),
        (np.zeros((0, 8, 3), np.uint8), [(1, 1, 2, 2)], 8, 1.5, ValueError, "image is empty"),
        (np.zeros((8, 8, 3), np.uint8), [(1, 1, 2, 2)], 3, 1.5, ValueError, "at least 4 px"),
        (np.zeros((8, 8, 3), np.uint8), [(1, 1, 2, 2)], 8, 0.0, ValueError, "positive factor"),
        (np.zeros((8, 8, 3), np.uint8), [(1, 1, 2)], 8, 1.5, ValueError, "boxes must be N x 4"),
        (np.zeros((8, 8, 3), np.uint8), [(1, 1, 2, float("nan"))], 8, 1.5, ValueError,
         "boxes must be finite numbers"),
    ],
)
def test_crops_of_a_bad_image_or_box_are_refused(image: object, boxes: object, size: int,
                                                 context: float, error: type[Exception],
                                                 message: str) -> None:
    from vision.crops import extract_crops

    with pytest.raises(error, match=message):
        extract_crops(image, boxes, size, context)  # type: ignore[arg-type]
    assert extract_crops(np.zeros((8, 8, 3), np.uint8), [], 8, 1.5).shape == (0, 3, 8, 8)


def test_a_centre_reading_counts_only_for_the_corners_two_likeliest_tokens() -> None:
    # Corners torn four ways (G12, then G11, Y12, B12): the centre may settle G12 against G11,
    # never name the third or fourth, however clearly, nor count by a token it lists last.
    torn = {"G12": 0.4, "G11": 0.3, "Y12": 0.2, "B12": 0.1}
    corners = [_read("G12", 0, (60.0, 90.0), torn), _read("G12", 100, (64.0, 94.0), torn)]
    (card,) = dedupe(corners, **_CENTRE, read_centres=_CentreSpy((("G11", 0.9),)))
    assert str(card.card) == "G11"
    for centre in ((("Y12", 0.99),), (("B12", 0.99),), (("B3", 0.9), ("G12", 0.05))):
        (card,) = dedupe(corners, **_CENTRE, read_centres=_CentreSpy(centre))
        assert str(card.card) == "G12" and card.confidence == pytest.approx(0.9 * 0.4)


def test_readings_agree_by_the_chance_both_show_one_token_bounds_included() -> None:
    # An R6 torn between R6 and R9, beside a B2 with a 0.3 chance of R9: they agree 0.5 x 0.3.
    torn = _read("R6", 0, (60.0, 90.0), {"R6": 0.5, "R9": 0.5})
    b2 = _read("B2", 100, (64.0, 90.0), {"B2": 0.7, "R9": 0.3}, peak=0.8)
    settings = {"merge_distance": 2.0, "image_size": (500, 500)}
    assert len(dedupe([torn, b2], **settings, reading_agreement=0.3)) == 2
    assert len(dedupe([torn, b2], **settings, reading_agreement=0.15)) == 1
    # The merge and conflict distances are inclusive too (index size 30 px).
    r6, r9 = _hit("R6", 0, (60.0, 90.0), 0.9), _hit("R9", 100, (75.0, 90.0), 0.5)
    assert len(dedupe([r6, r9], merge_distance=1.0, image_size=(500, 500),
                      conflict_distance=0.5)) == 1
    r7s = [_hit("R7", 0, (60.0, 90.0), 0.9), _hit("R7", 100, (60.0, 120.0), 0.5)]
    assert len(dedupe(r7s, merge_distance=1.0, image_size=(500, 500))) == 1
    # ... as is the least confidence asked: a sure lone sighting keeps its peak.
    assert len(dedupe(r7s[:1], merge_distance=1.0, image_size=(500, 500),
                      min_confidence=0.9)) == 1


def test_a_card_seen_twice_keeps_out_a_neighbour_of_either_corner_and_takes_either_again() -> None:
    top_left = _four_corner("TL", (198.0, 302.0), 0.9)
    bottom_right = _four_corner("BR", (203.0, 297.0), 0.9)
    settings = {"merge_distance": 2.0, "image_size": (500, 500), "neighbour_span": 0.8}
    # A copy's top-left index beside this card's, in a fan: the same corner as the top left
    # (not the bottom right), guessing a centre within the merge distance.
    copy = IndexHit("R7", (175.0, 233.0, 195.0, 263.0), (226.0, 303.0), 0.8, 0.8)
    assert len(dedupe([top_left, bottom_right, copy], **settings)) == 2
    # The top-left index found again (not the bottom right), its guess far astray.
    again = IndexHit("R7", (151.0, 229.0, 171.0, 259.0), (330.0, 480.0), 0.5, 0.5)
    assert len(dedupe([top_left, bottom_right, again], **settings)) == 1


def test_surplus_copies_merge_by_the_closest_centres_in_both_directions() -> None:
    # Three R7s in a row, then in a column: the two last centres (300 and 400 along) are the
    # closest pair, not the surest two.
    copies = DECKS["phase10"].copies
    for along in (lambda v: (v, 90.0), lambda v: (60.0, v)):
        line = [
            _hit("R7", 0, along(60.0), 0.9),
            _hit("R7", 100, along(400.0), 0.8),
            _hit("R7", 300, along(300.0), 0.7),
        ]
        first, second = dedupe(line, merge_distance=1.0, image_size=(500, 500),
                               max_copies=copies)
        assert first.box == (0, 10, 20, 40) and second.box == (100, 10, 320, 40)
    # A bound of one, or of none (a token the deck lacks, as read), still leaves the card.
    for bound in (1, 0):
        (card,) = dedupe(line, merge_distance=1.0, image_size=(500, 500),
                         max_copies=lambda token, bound=bound: bound)
        assert card.box == (0, 10, 320, 40)


def test_a_stray_corner_joins_only_its_own_card_wherever_it_lies() -> None:
    card = [_four_corner("TL", (198.0, 302.0), 0.9), _four_corner("BR", (203.0, 297.0), 0.9)]
    settings = {"merge_distance": 2.0, "image_size": (500, 500)}
    stray = _four_corner("TR", (245.0, 420.0), 0.8)
    # Another token at that corner is another card.
    assert len(dedupe([*card, replace(stray, token="B7")], **settings)) == 2
    # A copy's index beside the top-left one lies in a direction the card's corners take.
    beside = IndexHit("R7", (175.0, 228.0, 195.0, 258.0), (215.0, 360.0), 0.8, 0.8)
    assert len(dedupe([*card, beside], **settings)) == 2
    # Seen at its two top corners, its bottom left is the stray.
    top = [card[0], _four_corner("TR", (202.0, 298.0), 0.9)]
    assert len(dedupe([*top, _four_corner("BL", (100.0, 420.0), 0.8)], **settings)) == 1

    # Seen at an angle, the near corner lies farther out (x 1.2) and so may the stray (x 1.5);
    # the farthest corner sets the reach.
    def out(corner: str, factor: float, guess: tuple[float, float]) -> IndexHit:
        x = 200.5 + (240.0 - 200.5) * factor
        y = 299.5 + ((243.0 if corner == "TR" else 357.0) - 299.5) * factor
        return IndexHit("R7", (x - 10, y - 15, x + 10, y + 15), guess, 0.8, 0.8)

    near = out("BR", 1.2, (203.0, 297.0))
    assert len(dedupe([card[0], near, out("TR", 1.5, (265.0, 420.0))], **settings)) == 1
    assert len(dedupe([*card, out("TR", 1.2, (253.0, 420.0))], **settings)) == 1


def test_only_small_lone_sightings_on_a_face_are_its_artwork() -> None:
    card = [_four_corner("TL", (198.0, 302.0), 0.9), _four_corner("BR", (203.0, 297.0), 0.9)]
    settings = {"merge_distance": 2.0, "image_size": (500, 500)}

    def small(x0: float, y0: float, guess: tuple[float, float] = (300.0, 100.0),
              confidence: float = 0.7) -> IndexHit:
        return IndexHit("B4", (x0, y0, x0 + 8, y0 + 12), guess, confidence, confidence)

    # Artwork near the face's left edge, low or high, is artwork too.
    for picture in (small(155, 355), small(152, 262)):
        (one,) = dedupe([*card, picture], **settings)
        assert str(one.card) == "R7"
    # Beside the face, or below it, a small index is a far card's.
    assert len(dedupe([*card, small(262, 300)], **settings)) == 2
    assert len(dedupe([*card, small(196, 380)], **settings)) == 2
    # A small card seen at two corners is a card, wherever it lies.
    twice = [small(180, 290, (190.0, 300.0)), small(200, 300, (191.0, 301.0), 0.6)]
    assert len(dedupe([*card, *twice], **settings)) == 2
    # A close-up's lone big index: no face to hold artwork.
    close_up = IndexHit("R7", (180.0, 280.0, 240.0, 340.0), (260.0, 420.0), 0.9, 0.9)
    assert len(dedupe([close_up, small(196, 294)], **settings)) == 2


def test_boxes_clip_to_the_photo_top_and_bottom_and_tie_on_x_by_height() -> None:
    top = IndexHit("R7", (0.0, -5.0, 20.0, 25.0), (60.0, 60.0), 0.8, 0.8)
    bottom = IndexHit("B3", (0.0, 480.0, 20.0, 510.0), (60.0, 420.0), 0.9, 0.9)
    below = IndexHit("G5", (200.0, 520.0, 220.0, 550.0), (260.0, 600.0), 0.7, 0.7)
    cards = dedupe([bottom, below, top], merge_distance=1.0, image_size=(500, 500))
    assert [(str(c.card), c.box) for c in cards] == [
        ("R7", (0, 0, 20, 25)), ("B3", (0, 480, 20, 500))]


def test_centres_are_read_once_for_all_cards_at_any_span() -> None:
    calls: list[int] = []

    def reader(boxes):  # type: ignore[no-untyped-def]
        calls.append(len(boxes))
        return [(("G11", 0.9),) for _ in boxes]

    dedupe([], **_CENTRE, read_centres=reader)
    assert calls == []  # the crop reader is never run on nothing
    dedupe(_CLOSE_CALL, **{**_CENTRE, "centre_span": 1.0}, read_centres=reader)
    assert calls == [1]
    with pytest.raises(ValueError, match="zip"):  # a reader that lost a square is a bug
        dedupe(_CLOSE_CALL, **_CENTRE, read_centres=lambda boxes: [])


def _aimed(x: float, y: float, aim: float, reach: float = 60.0, confidence: float = 0.8
           ) -> IndexHit:
    """A 40 px index at (x, y) guessing its card's centre ``reach`` px away at ``aim``
    degrees (short of the middle, as a joker's artwork leaves it)."""
    turn = np.radians(aim)
    guess = (x + reach * float(np.cos(turn)), y + reach * float(np.sin(turn)))
    return IndexHit("X", (x - 20, y - 20, x + 20, y + 20), guess, confidence, confidence)


@pytest.mark.parametrize(
    ("first", "second", "cards"),
    [
        ((100, 100, 45), (300, 300, 225), 1),
        ((100, 100, 85), (300, 300, 230), 2),  # the first aims 40 degrees off the other
        ((100, 100, 50), (300, 300, 265), 2),  # the second does
        ((100, 100, 75), (300, 300, 195), 2),  # each a little off, toward the same side
        ((100, 100, 75, 100), (170, 170, 255, 100), 2),  # 2.5 index sizes apart: two cards
        ((100, 100, 45), (420, 420, 225), 2),  # 11 apart: farther than a card's diagonal
        ((400, 100, 179), (100, 96, -1), 1),  # lying sideways: aims either side of 180
    ],
)
def test_opposite_corners_aim_at_each_other_a_diagonal_apart(
    first: tuple[float, ...], second: tuple[float, ...], cards: int
) -> None:
    # The guesses land more than the merge distance apart, or the centres alone would decide.
    hits = [_aimed(*first, confidence=0.8), _aimed(*second, confidence=0.7)]
    assert len(dedupe(hits, merge_distance=3.0, image_size=(800, 800))) == cards
    # A card read surer than both, ahead of them, leaves them paired as they were.
    lone = IndexHit("R7", (600.0, 600.0, 620.0, 630.0), (660.0, 680.0), 0.95, 0.95)
    assert len(dedupe([lone, *hits], merge_distance=3.0, image_size=(800, 800))) == cards + 1
    # Another token at the other corner is another card.
    other = [hits[0], replace(hits[1], token="W")]
    assert len(dedupe(other, merge_distance=3.0, image_size=(800, 800))) == 2


def test_opposite_corners_box_both_whichever_is_surer() -> None:
    top_left = IndexHit("X", (802, 574, 868, 638), (875, 736), 0.6, 0.6)
    bottom_right = IndexHit("X", (999, 964, 1066, 1024), (1034, 872), 0.73, 0.65)
    (joker,) = dedupe([top_left, bottom_right], merge_distance=3.0, image_size=(2016, 1512))
    assert joker.box == (802, 574, 1066, 1024)
