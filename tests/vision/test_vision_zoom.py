"""The zoomed passes: photos whose indices come out small are detected again in quarters, and
photos of a card or three with indices too large for the detector again shrunk."""

from __future__ import annotations

import numpy as np
import pytest

import vision.reader
from bench.vision import Score, Truth, on_index, score_hand
from models.synth import TABLE, Scene, make_scan, make_scene
from vision import DecodeParams, Photo, Reader
from vision.find import IndexHit, from_tile, near_edge, shifted, tiles, with_zoomed
from vision.load import load_photo
from vision.reader import decode_size, input_per_original, is_small, zoom_tiles


def _hit(box: tuple[float, float, float, float], peak: float = 0.9) -> IndexHit:
    return IndexHit("R7", box, (box[0], box[3] + 50), peak, peak)


def test_quarters_cover_the_photo_and_overlap() -> None:
    quarters = tiles((2016, 1512))
    covered = np.zeros((1512, 2016), bool)
    for x0, y0, x1, y1 in quarters:
        covered[y0:y1, x0:x1] = True
        assert x1 - x0 < 2016 * 0.6 and y1 - y0 < 1512 * 0.6  # each one zooms in
    assert covered.all()
    (_, _, left_x1, _), (right_x0, *_) = quarters[:2]
    assert left_x1 - right_x0 >= 200  # a 60 px index cut by one quarter lies whole in the other


def test_a_zoomed_hit_moves_into_the_photos_frame() -> None:
    moved = shifted(_hit((0, 0, 10, 10)), 100, 50)
    assert moved.box == (100, 50, 110, 60) and moved.card_centre == (100, 110)


def test_only_inner_tile_edges_cut_indices() -> None:
    inner = (-np.inf, -np.inf, 500.0, 400.0)  # the top-left quarter
    assert not near_edge((0, 0, 20, 20), inner, 5)  # on the photo's own corner
    assert near_edge((490, 100, 498, 120), inner, 5)  # cut by the quarter's right edge
    # The bottom-right quarter of a photo decoded at half size: its hits come in original
    # pixels relative to the quarter; one on the photo's corner stays, one on the quarter's
    # top edge goes.
    corner, cut = _hit((180, 130, 198, 148)), _hit((50, 0, 68, 12))
    placed = from_tile([corner, cut], (100, 50, 200, 125), (200, 125), 2.0, 0.25)
    assert [h.box for h in placed] == [(380, 230, 398, 248)]


def test_a_tile_inside_the_photo_cuts_within_the_margin_on_all_four_sides() -> None:
    # A tile of decoded pixels (100, 50)-(200, 125) at half size: 200 x 150 original pixels,
    # placed at (200, 100). Its 20 px hits may come 5 px (0.25 x 20) near an edge, no nearer.
    at_margin = [_hit((5, 60, 25, 80)), _hit((90, 5, 110, 25)), _hit((175, 60, 195, 80)),
                 _hit((90, 125, 110, 145))]
    too_near = [_hit((4, 60, 24, 80)), _hit((90, 4, 110, 24)), _hit((176, 60, 196, 80)),
                _hit((90, 126, 110, 146))]
    placed = from_tile(at_margin + too_near, (100, 50, 200, 125), (400, 250), 2.0, 0.25)
    assert [h.box for h in placed] == [(205, 160, 225, 180), (290, 105, 310, 125),
                                       (375, 160, 395, 180), (290, 225, 310, 245)]


def test_a_tile_cuts_nothing_at_the_photos_own_edges_but_does_one_pixel_in() -> None:
    corners = [_hit((0, 0, 20, 20)), _hit((380, 230, 400, 250))]
    assert from_tile(corners, (0, 0, 200, 125), (200, 125), 2.0, 0.25) == tuple(corners)
    # One decoded pixel in from the photo's edge, a tile's edge is an inner one.
    for tile in ((1, 0, 200, 125), (0, 1, 200, 125)):
        assert from_tile(corners[:1], tile, (200, 125), 2.0, 0.25) == ()


def test_zoomed_hits_add_only_unseen_indices_once() -> None:
    whole = [_hit((0, 0, 10, 10))]
    zoomed = [_hit((2, 2, 11, 11), 0.99), _hit((100, 0, 110, 10), 0.6), _hit((101, 1, 111, 11))]
    merged = with_zoomed(whole, zoomed)
    assert [h.box for h in merged] == [(0, 0, 10, 10), (101, 1, 111, 11)]


def test_a_zoomed_hit_is_seen_when_either_centre_lies_in_the_others_box_edges_included() -> None:
    big, small, wide = _hit((0, 0, 10, 10)), _hit((101, 1, 103, 3)), _hit((200, 0, 260, 10))
    seen = [
        _hit((8, 6, 12, 8)), _hit((-2, 6, 2, 8)), _hit((6, -2, 8, 2)),  # centres on big's edges
        _hit((6, 8, 8, 12)),
        _hit((1, 1, 3, 3)),  # its centre in big's box, big's centre not in its box
        _hit((100, 0, 120, 20)),  # the other way round: small's centre in its box
    ]
    # Cards of their own: under big, in its column, and under wide, within its x range.
    below, under_wide = _hit((0, 12, 10, 16)), _hit((220, 30, 230, 40))
    assert with_zoomed([big, small, wide], [*seen, below, under_wide]) == (
        big, small, wide, below, under_wide)


def _photo(width: int, height: int) -> Photo:
    return Photo(np.zeros((height, width, 3), np.uint8), (width * 2, height * 2))


def test_only_quarters_holding_small_indices_of_a_large_photo_are_zoomed() -> None:
    photo = _photo(2016, 1512)  # decoded at half size: boxes are in original (4032) pixels
    # 4032 px -> 768 input: a 60 px box is 11 input px, a 200 px one 38.
    big, small_top_left = _hit((0, 0, 200, 200)), _hit((100, 100, 160, 160))
    small_bottom_right = _hit((3900, 2900, 3960, 2960))
    assert zoom_tiles([big, small_top_left], photo, (768, 768)) == (tiles((2016, 1512))[0],)
    assert zoom_tiles([small_bottom_right], photo, (768, 768)) == (tiles((2016, 1512))[3],)
    assert zoom_tiles([big], photo, (768, 768)) == ()
    assert zoom_tiles([], photo, (768, 768)) == ()
    # A 1024x768 photo has no pixels to gain, but its quarters, upsampled, lift indices over
    # the smallest the detector finds; a photo smaller than the input is left alone.
    messenger_photo = _photo(1024, 768)
    assert zoom_tiles([_hit((0, 0, 30, 30))], messenger_photo, (768, 768)) == (
        tiles((1024, 768))[0],)
    assert zoom_tiles([_hit((0, 0, 30, 30))], _photo(700, 525), (768, 768)) == ()


def test_a_quarter_is_zoomed_when_it_holds_a_small_indexs_centre_its_far_edges_excluded() -> None:
    # Quarters of 2016x1512 decoded pixels: x 0-1129 and 887-2016, y 0-847 and 665-1512. An
    # index centred at (1500, 1015) lies in the bottom-right quarter alone; one centred right
    # on the top-left quarter's far corner (1129, 847) belongs to the bottom-right one only.
    photo = _photo(2016, 1512)
    quarters = tiles((2016, 1512))
    assert quarters[0][2:] == (1129, 847)
    assert zoom_tiles([_hit((2970, 2000, 3030, 2060))], photo, (768, 768)) == (quarters[3],)
    assert zoom_tiles([_hit((2228, 1664, 2288, 1724))], photo, (768, 768)) == (quarters[3],)


def test_an_index_centred_on_a_quarters_near_edge_is_zoomed_in_that_quarter_too() -> None:
    # Each quarter holds its near edges: an index centred right on the right-hand quarters'
    # left edge (x 887 of 2016 decoded pixels) or on the bottom quarters' top edge (y 665) is
    # detected again in both quarters it touches, not only in the one it lies deeper inside.
    photo = _photo(2016, 1512)
    quarters = tiles((2016, 1512))
    assert quarters[1][0] == 887 and quarters[2][1] == 665
    assert zoom_tiles([_hit((1744, 170, 1804, 230))], photo, (768, 768)) == quarters[:2]
    assert zoom_tiles([_hit((170, 1300, 230, 1360))], photo, (768, 768)) == (
        quarters[0], quarters[2])


def test_input_pixels_per_original_pixel_follow_the_side_that_fits_the_input() -> None:
    # A photo is letterboxed by its longer side, landscape or portrait, and a photo decoded at
    # half size still counts its original pixels: 4032 of them across 768 input pixels.
    assert input_per_original(_photo(2016, 1512), (768, 768)) == 768 / 4032
    assert input_per_original(_photo(1512, 2016), (768, 768)) == 768 / 4032
    assert input_per_original(_photo(2016, 1512), (1024, 576)) == 576 / 3024  # a wide input


def test_a_photo_decoded_at_just_the_detectors_input_is_still_zoomed() -> None:
    # ZOOM_MIN_GAIN is a floor the decoded photo may meet: 768 px wide for a 768 px input is
    # 1.0x, at least 1.0, so its quarters holding a small index are detected again.
    assert vision.reader.ZOOM_MIN_GAIN == 1.0
    assert zoom_tiles([_hit((0, 0, 30, 30))], _photo(768, 576), (768, 768)) == (
        tiles((768, 576))[0],)


def test_an_index_of_just_zoom_below_px_in_the_input_is_not_small() -> None:
    # "Under ZOOM_BELOW_PX": one that size the whole photo's pass already sees well enough, so
    # it neither calls for the zoomed pass nor is kept from it.
    to_input = 0.25  # a 4 original px per input px photo
    side = vision.reader.ZOOM_BELOW_PX / to_input
    assert not is_small(_hit((0, 0, side, side / 2)), to_input)
    assert is_small(_hit((0, 0, side - 1, side / 2)), to_input)


def test_the_zoomed_pass_adds_only_new_small_indices(
    reader: Reader, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Zoomed in, a big centre numeral looks like an index of an ordinary size: what the
    # quarter shows larger than ZOOM_BELOW_PX in the whole photo's pass is dropped, and so is
    # what that pass saw already.
    photo = _photo(2016, 1512)  # 4032 original px -> 768 input: 60 px is 11 input px
    seen = _hit((100, 100, 160, 160))
    new, numeral = _hit((400, 400, 460, 460)), _hit((1000, 1000, 1400, 1400))
    quarters: list[tuple[int, ...]] = []

    def detect_in(pixels: np.ndarray, per_pixel: float, threshold: float) -> tuple[IndexHit, ...]:
        quarters.append(pixels.shape)
        return (seen, new, numeral)  # the top-left quarter's own pixels are the photo's

    monkeypatch.setattr(reader, "_detect_in", detect_in)
    assert reader.zoom(photo, 0.5, [seen]) == (new,)
    assert quarters == [(847, 1129, 3)]


@pytest.mark.parametrize(
    ("deck", "size"),
    [("phase10", (2016, 1512)), ("standard", (2016, 1512)), ("standard", (1024, 768))],
)
def test_hands_dealt_on_a_table_read_better_with_the_zoomed_pass(
    deck: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A whole deck dealt: small cards. Seeds 900_000.. are neither training, validation nor
    # benchmark scenes.
    scenes = [
        make_scene(seed, layout=TABLE, size=size, deck=deck, n_cards=52)
        for seed in (900_103, 900_104)
    ]
    # Without faint peaks, which since session 17 find some of the same small indices: this
    # measures the zoomed pass alone.
    reader = Reader.from_file(deck=deck, params=DecodeParams(confirm_floor=0.0))

    def score() -> Score:
        scores = [
            score_hand(
                reader.read(scene.image),
                [Truth(c.card, c.indices) for c in scene.cards],
                scene.partial,
            )
            for scene in scenes
        ]
        return sum(scores, Score())

    zoomed = score()
    monkeypatch.setattr(vision.reader, "ZOOM_BELOW_PX", 0.0)
    whole_only = score()
    # Since session 11 the standard detector has learnt tables and finds most small indices on
    # its own (on these two photos the pass adds one card; Phase 10's still adds several).
    assert zoomed.true_pos > whole_only.true_pos and zoomed.f1 > whole_only.f1


def test_a_single_hand_is_never_zoomed(reader: Reader, monkeypatch: pytest.MonkeyPatch) -> None:
    # Eleven small cards: quarters hold small indices, but no hand holds more cards than that,
    # and on hands the zoomed quarters added more false cards than missed ones.
    hand = make_scene(900_200, layout="spread", size=(2016, 1512), n_cards=11)
    photo = load_photo(hand.image, fit=decode_size(reader.info.input_size))
    detected = reader.detect(photo, reader.decoding.threshold)
    assert zoom_tiles(detected, photo, reader.info.input_size)
    calls: list[int] = []
    zoom = reader.zoom
    monkeypatch.setattr(reader, "zoom", lambda *args: calls.append(1) or zoom(*args))
    assert len(reader.read(hand.image)) <= vision.reader.ZOOM_ABOVE_CARDS
    assert not calls
    table = make_scene(900_103, layout=TABLE, size=(2016, 1512), n_cards=52)
    reader.read(table.image)
    assert calls


def _scan_truths(scan: Scene) -> list[Truth]:
    return [Truth(card.card, card.indices) for card in scan.cards]


def test_a_card_filling_the_frame_is_found_zoomed_out_and_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Single-card scans 170-1130 px wide: on a third of them the corner indices are larger than
    # any the detector learnt, and only the pass over the shrunk photo finds them; on most of
    # the rest the whole photo's pass points the corners away from each other and reports two
    # cards. Measured: zoomed out 12 found, 11 scans exact; without it 8 found, 2 exact.
    scans = [make_scan(seed) for seed in range(900_300, 900_312)]
    # The pass alone: with it off, faint peaks (session 17) would find some of the big
    # indices too, each corner as a card of its own.
    reader = Reader.from_file(params=DecodeParams(confirm_floor=0.0))

    def score() -> Score:
        return sum(
            (score_hand(reader.read(s.image), _scan_truths(s)) for s in scans), start=Score()
        )

    zoomed_out = score()
    monkeypatch.setattr(vision.reader, "ZOOM_OUT_UP_TO_CARDS", -1)
    whole_only = score()
    assert zoomed_out.true_pos >= 11 and whole_only.true_pos < zoomed_out.true_pos
    assert zoomed_out.exact_hands >= 10 and whole_only.exact_hands < zoomed_out.exact_hands


def test_zoomed_out_hits_land_on_the_cards_indices(reader: Reader) -> None:
    scan = make_scan(900_302)  # a 1132 px card: the whole photo's pass finds none of it
    photo = load_photo(scan.image, fit=decode_size(reader.info.input_size))
    detected = reader.detect(photo, reader.decoding.threshold)
    assert not any(on_index(h.box, i) for h in detected for i in scan.cards[0].indices)
    out = reader.zoom_out(photo, reader.decoding.threshold)
    assert out and all(any(on_index(h.box, i) for i in scan.cards[0].indices) for h in out)


@pytest.mark.parametrize(("shape", "framed_shape"), [((2000, 1000), (768, 384)),
                                                     ((1000, 2000), (384, 768))])
def test_a_photo_is_zoomed_out_inside_the_input_and_its_hits_placed_back(
    reader: Reader,
    monkeypatch: pytest.MonkeyPatch,
    shape: tuple[int, int],
    framed_shape: tuple[int, int],
) -> None:
    # The photo shrinks to fit the input by its longer side (a portrait photo's height, a
    # landscape one's width), then ZOOM_OUT_FACTOR times more, in the middle of a grey frame
    # of the input's size; what the detector sees there comes back in the photo's own pixels.
    assert reader.info.input_size == (768, 768) and vision.reader.ZOOM_OUT_FACTOR == 3.0
    height, width = shape
    photo = Photo(np.full((height, width, 3), 200, np.uint8), (2 * width, 2 * height))
    framed: list[tuple[tuple[int, ...], float]] = []

    def detect_in(pixels: np.ndarray, per_pixel: float, threshold: float) -> tuple[IndexHit, ...]:
        framed.append((pixels.shape, per_pixel))
        # 2000 px -> 768 / 3 = 256: a 128 x 256 photo a third in from the frame's sides. Its
        # pixel (13, 26) is the original's (13, 26) x 15.625 (4000 / 256); 12 px there is
        # 187.5 original px, 36 input px in the whole photo's pass: not small.
        x = (pixels.shape[1] / 3 + 13) * per_pixel
        y = (pixels.shape[0] / 3 + 26) * per_pixel
        return (IndexHit("R7", (x, y, x + 12 * per_pixel, y + 12 * per_pixel),
                         (x + 30 * per_pixel, y), 0.9, 0.9),)

    monkeypatch.setattr(reader, "_detect_in", detect_in)
    (hit,) = reader.zoom_out(photo, reader.decoding.threshold)
    assert framed == [((*framed_shape, 3), 15.625)]
    assert hit.box == pytest.approx((203.125, 406.25, 390.625, 593.75))
    assert hit.card_centre == pytest.approx((671.875, 406.25))


def test_the_zoomed_out_pass_keeps_only_indices_large_in_the_whole_photos_pass(
    reader: Reader, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Shrunk three times more, an index small in the whole photo's pass is a few pixels and
    # read worse than that pass read it: zoom_out leaves it out, so that with_zoomed keeps the
    # whole photo's hit on it. A 4000 px wide photo in a 768 px input: 32 input px is 166.7
    # original px, so a 170 px index is large and a 160 px one small.
    photo = Photo(np.full((1000, 2000, 3), 200, np.uint8), (4000, 2000))

    def detect_in(pixels: np.ndarray, per_pixel: float, threshold: float) -> tuple[IndexHit, ...]:
        # The shrunk photo lies a third in from the frame's sides: its top-left corner.
        x, y = pixels.shape[1] / 3 * per_pixel, pixels.shape[0] / 3 * per_pixel
        return (
            IndexHit("R7", (x, y, x + 170, y + 170), (x + 300, y + 300), 0.9, 0.9),
            IndexHit("B2", (x + 1000, y, x + 1160, y + 160), (x + 1300, y + 300), 0.9, 0.9),
        )

    monkeypatch.setattr(reader, "_detect_in", detect_in)
    (hit,) = reader.zoom_out(photo, reader.decoding.threshold)
    assert hit.token == "R7" and hit.box == pytest.approx((0, 0, 170, 170))


def test_a_hand_is_never_zoomed_out(reader: Reader, monkeypatch: pytest.MonkeyPatch) -> None:
    hand = make_scene(900_200, layout="spread", size=(2016, 1512), n_cards=11)
    monkeypatch.setattr(reader, "zoom_out", lambda *args: pytest.fail("a hand was zoomed out"))
    assert len(reader.read(hand.image)) > vision.reader.ZOOM_OUT_UP_TO_CARDS
