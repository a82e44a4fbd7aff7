"""Properties of the scene synthesizer (Contract 1 of the vision plan)."""

from __future__ import annotations

import itertools
from collections import Counter

import cv2
import numpy as np
import pytest

from models.synth import (
    CLOSEUP,
    DEAL,
    DECK_COUNTS,
    FAMILIES,
    LAYOUTS,
    LOOSE,
    SCENE_LAYOUTS,
    TABLE,
    Edition,
    Scene,
    make_scene,
    render_face,
    sample_style,
)
from models.synth.degrade import harsh_light, light, phone_processing
from models.synth.layouts import (
    DEAL_CASCADE_STEPS,
    DEAL_HAND,
    _cascade,
    arrange,
    crowded_steps,
    rotate,
)
from models.synth.scene import label_card

SMALL = (512, 384)


def test_same_seed_same_scene() -> None:
    a = make_scene(11, size=SMALL)
    make_scene(12, size=SMALL)  # caches warmed by another scene must not change the result
    b = make_scene(11, size=SMALL)
    assert np.array_equal(a.image, b.image)
    assert a.cards == b.cards and (a.layout, a.family) == (b.layout, b.family)


def test_different_seeds_differ() -> None:
    a = make_scene(1, size=SMALL)
    b = make_scene(2, size=SMALL)
    assert not np.array_equal(a.image, b.image)


@pytest.mark.parametrize(("layout", "family"), list(itertools.product(LAYOUTS, FAMILIES)))
def test_every_layout_and_family_yields_readable_cards(layout: str, family: str) -> None:
    scene = make_scene(3, layout=layout, family=family, size=SMALL)
    assert scene.layout == layout and scene.family == family
    assert scene.image.shape == (SMALL[1], SMALL[0], 3) and scene.image.dtype == np.uint8
    assert len(scene.cards) >= 1
    assert all(card.indices for card in scene.cards)


def test_hands_respect_the_deck() -> None:
    for seed in range(16):
        scene = make_scene(seed, size=(320, 240), n_cards=11, distractors=False)
        counts = Counter(card.card for card in scene.cards)
        assert all(n <= DECK_COUNTS[token] for token, n in counts.items()), counts
        assert counts["W"] <= 8 and counts["S"] <= 4


def test_a_one_deck_table_deals_one_of_each_card() -> None:
    # A classic game of one 52-card deck: a dealt deck never shows a card twice, two jokers.
    for seed in range(3):
        scene = make_scene(seed, layout=DEAL, deck="standard", size=(640, 480), copies=1)
        counts = Counter(card.card for card in scene.cards)
        assert len(scene.cards) >= 20 and counts["X"] <= 2
        assert max(n for token, n in counts.items() if token != "X") == 1, counts
    assert make_scene(4, size=SMALL).cards == make_scene(4, size=SMALL, copies=None).cards


def test_a_deck_without_skips_deals_none() -> None:
    # Seed 001's "fewer jokers" down to none, and Phase 10 without skips.
    for deck, skip in (("standard", "X"), ("phase10", "S")):
        dealt = [make_scene(seed, layout=DEAL, deck=deck, size=SMALL) for seed in range(2)]
        assert any(card.card == skip for scene in dealt for card in scene.cards)
        for seed in range(2):
            scene = make_scene(seed, layout=DEAL, deck=deck, size=SMALL,
                               without=frozenset({skip}))
            assert scene.cards and skip not in {card.card for card in scene.cards}
    assert make_scene(4, size=SMALL).cards == make_scene(4, size=SMALL,
                                                         without=frozenset()).cards


def test_hand_size_is_eight_to_eleven_by_default() -> None:
    sizes = {
        len(make_scene(seed, layout="spread", size=SMALL, distractors=False).cards)
        for seed in range(6)
    }
    assert min(sizes) >= 1 and max(sizes) <= 11


@pytest.mark.parametrize("layout", LAYOUTS)
def test_labels_lie_in_the_image_and_indices_in_their_card(layout: str) -> None:
    width, height = SMALL
    for seed in range(4):
        scene = make_scene(seed, layout=layout, size=SMALL)
        for card in scene.cards:
            quad = np.array(card.quad, np.float32)
            assert quad.shape == (4, 2)
            assert (quad >= -0.5).all() and (quad[:, 0] <= width + 0.5).all()
            assert (quad[:, 1] <= height + 0.5).all()
            assert cv2.pointPolygonTest(quad, card.centre, False) > 0
            lo, hi = quad.min(0) - 1.0, quad.max(0) + 1.0
            for x0, y0, x1, y1 in card.indices:
                assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
                assert lo[0] <= x0 and x1 <= hi[0] and lo[1] <= y0 and y1 <= hi[1]
                centre = ((x0 + x1) / 2, (y0 + y1) / 2)
                assert cv2.pointPolygonTest(quad, centre, False) > 0


@pytest.mark.parametrize("layout", LAYOUTS)
def test_card_width_is_a_plausible_share_of_the_image(layout: str) -> None:
    widths = []
    for seed in range(6):
        scene = make_scene(seed, layout=layout, size=(640, 480), distractors=False)
        for card in scene.cards:
            (x0, y0), (x1, y1) = card.quad[0], card.quad[1]
            widths.append(np.hypot(x1 - x0, y1 - y0) / 640)
    # ~5-25 % of the image width; the camera tilt foreshortens the far side a little.
    assert min(widths) >= 0.035 and max(widths) <= 0.26


def test_an_occluded_index_is_not_labelled() -> None:
    style = sample_style(np.random.default_rng(0), "mattel")
    face = render_face("R7", style)
    fw, fh = face.size
    ids = np.full((fh + 20, fw + 20), -1, np.int16)
    ids[10 : 10 + fh, 10 : 10 + fw] = 0
    shift = np.array([[1, 0, 10], [0, 1, 10], [0, 0, 1]], np.float64)
    visible = label_card("R7", face, shift, ids, 0)
    assert visible is not None and len(visible.indices) == len(face.indices) == 2

    (tl_x0, tl_y0), _, (tl_x1, tl_y1), _ = face.indices[0]
    covered = ids.copy()
    # Another card (id 1) over most of the top-left index only.
    covered[10 + int(tl_y0) : 10 + int(tl_y1 * 0.8), 10 : 10 + int(tl_x1) + 5] = 1
    label = label_card("R7", face, shift, covered, 0)
    assert label is not None and len(label.indices) == 1
    assert label.indices[0][1] > fh / 2  # the bottom-right index remains

    covered[:, :] = -2  # a hand over the whole card: nothing readable, no label
    assert label_card("R7", face, shift, covered, 0) is None


def test_an_index_whose_second_digit_is_hidden_is_not_labelled() -> None:
    # Most of the box in view, but the 2 of the 12 under the next card: a 1, 10, 11 or 12.
    face = render_face("R12", sample_style(np.random.default_rng(0), "vintage"))
    fw, fh = face.size
    ids = np.full((fh + 20, fw + 20), -1, np.int16)
    ids[10 : 10 + fh, 10 : 10 + fw] = 0
    shift = np.array([[1, 0, 10], [0, 1, 10], [0, 0, 1]], np.float64)
    (first, second) = face.marks[0]
    (x0, y0), _, (x1, y1), _ = face.indices[0]
    assert x0 <= first[0][0] < second[0][0] < x1  # the digits, left to right
    edge = second[0][0] + 0.4 * (second[1][0] - second[0][0])  # 60 % of the 2 hidden
    covered = ids.copy()
    covered[:, 10 + round(edge) :] = 1  # the next card, over the 2 and rightwards
    assert (edge - x0) / (x1 - x0) >= 0.6  # the box alone would still count as readable
    label = label_card("R12", face, shift, covered, 0)
    assert label is None or all(box[0] > fw / 2 for box in label.indices)


def test_every_mark_of_an_index_is_known() -> None:
    style = sample_style(np.random.default_rng(0), "mattel")
    assert [len(m) for m in render_face("R12", style).marks] == [2, 2]
    assert [len(m) for m in render_face("R7", style).marks] == [1, 1]


def test_overlapping_rows_hide_some_indices() -> None:
    hidden = 0
    for seed in range(4):
        scene = make_scene(
            seed, layout="overlap", family="mattel", size=SMALL, n_cards=10, distractors=False
        )
        hidden += 2 * 10 - sum(len(card.indices) for card in scene.cards)
    assert hidden >= 4 * 5  # roughly one index per covered card is hidden


def test_a_scene_keeps_its_whole_hand_readable_or_not() -> None:
    # bench/count.py counts a hand's points by every card in it, hidden indices or not.
    from collections import Counter

    for seed in range(6):
        scene = make_scene(seed, layout="overlap", family="mattel", size=SMALL, n_cards=10)
        assert len(scene.hand) == 10
        assert not Counter(card.card for card in scene.cards) - Counter(scene.hand)
    assert any(len(make_scene(seed, layout="overlap", family="mattel", size=SMALL,
                              n_cards=10).cards) < 10 for seed in range(6))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"layout": "pile"}, "unknown layout"),
        ({"family": "uno"}, "unknown family"),
        ({"size": (10, 10)}, "size"),
        ({"n_cards": 0}, "n_cards"),
        ({"n_cards": 61}, "n_cards must be 1..60"),
    ],
)
def test_bad_arguments_get_clear_messages(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_scene(0, **kwargs)  # type: ignore[arg-type]


def test_partly_hidden_indices_are_reported_apart_from_labels() -> None:
    width, height = SMALL
    partial_total = 0
    for seed in range(4):
        scene = make_scene(seed, layout="fan", size=SMALL)
        labelled = {box for card in scene.cards for box in card.indices}
        assert not labelled & set(scene.partial)
        for x0, y0, x1, y1 in scene.partial:
            assert 0 <= x0 <= x1 <= width and 0 <= y0 <= y1 <= height
        partial_total += len(scene.partial)
    assert partial_total > 0  # fanned cards do half-cover each other's indices


def test_fans_of_two_cornered_faces_always_show_the_left_strips() -> None:
    # Only faces with a top-right index may be fanned or overlapped from the other side: a hand
    # held so that no index shows is not one a player photographs.
    def turns_left(arrangement: object) -> bool:
        cards = arrangement.cards  # type: ignore[attr-defined]
        return bool(cards[-1].angle < cards[0].angle)

    both = [arrange("fan", 9, 1.5, np.random.default_rng(s)) for s in range(200)]
    left_only = [arrange("fan", 9, 1.5, np.random.default_rng(s), right_strips_readable=False)
                 for s in range(200)]
    assert any(turns_left(a) for a in both)
    assert not any(turns_left(a) for a in left_only)


def test_fanned_hands_show_most_of_their_cards() -> None:
    # Fans too tight (8-17 degrees per card) hid the index of most covered cards.
    shown = [len(make_scene(seed, layout="fan", size=(320, 240)).cards)
             for seed in range(910_000, 910_030)]
    assert sum(n <= 2 for n in shown) <= 3
    assert sum(shown) / len(shown) >= 7.5


def _card_widths(scene: Scene) -> list[float]:
    """Each readable card's top edge in pixels: its width, foreshortened a little by the tilt."""
    return [float(np.hypot(*np.subtract(card.quad[1], card.quad[0]))) for card in scene.cards]


@pytest.mark.parametrize("deck", ["phase10", "standard"])
def test_closeups_show_one_to_three_big_cards(deck: str) -> None:
    widths, counts = [], []
    for seed in range(8):
        scene = make_scene(seed, layout=CLOSEUP, size=(640, 480), deck=deck, distractors=False)
        assert scene.layout == CLOSEUP
        counts.append(len(scene.cards))
        widths += [w / 480 for w in _card_widths(scene)]
    assert min(counts) >= 1 and max(counts) <= 3
    # A fifth of the frame's shorter side and up (three in a row), half of it for one card: the
    # hand layouts draw cards 5-25 % of the frame's longer side wide.
    assert min(widths) >= 0.2 and max(widths) > 0.5


def test_random_scenes_are_never_closeups_tables_or_deals() -> None:
    # Asked for by name only: every seed's random scene stays what it was.
    named = {CLOSEUP, TABLE, DEAL, LOOSE}
    layouts = {make_scene(seed, size=(128, 96)).layout for seed in range(24)}
    assert not named & layouts
    assert named <= set(SCENE_LAYOUTS) and not named & set(LAYOUTS)


@pytest.mark.parametrize("deck", ["phase10", "standard"])
def test_tables_deal_hands_of_many_small_cards(deck: str) -> None:
    shown, widths = [], []
    for seed in range(6):
        scene = make_scene(seed, layout=TABLE, size=(1024, 768), deck=deck, distractors=False)
        assert scene.layout == TABLE
        shown.append(len(scene.cards))
        widths += [w / 1024 for w in _card_widths(scene)]
        arrangement = arrange(TABLE, 40, 1.5, np.random.default_rng(seed))
        assert len(arrangement.cards) == 40 and not arrangement.occluders  # no hand holds them
    # 16-52 cards dealt; tight fans of 13 hide some indices, as they do at a real table.
    assert max(shown) >= 25 and sum(shown) / len(shown) >= 15
    assert max(widths) <= 0.21  # small: 5-20 % of the frame's width


def test_a_dealt_deck_lies_in_hands_of_at_most_thirteen() -> None:
    for n, hands in ((26, 2), (39, 3), (52, 4), (40, 4)):
        arrangement = arrange(DEAL, n, 1.4, np.random.default_rng(n))
        assert len(arrangement.cards) == n and not arrangement.occluders
        assert -(-n // DEAL_HAND) == hands


def test_a_cascade_shows_each_cards_top_strip() -> None:
    aspect = 1.4
    for seed in range(5):
        cards = _cascade(13, aspect, np.random.default_rng(seed)).cards
        for before, after in itertools.pairwise(cards):
            # How far the next card lies down the earlier one's long side (its own frame).
            step = rotate(np.subtract(after.centre, before.centre)[None, :], -before.angle)[0]
            low, high = DEAL_CASCADE_STEPS
            assert low * aspect * 0.9 < step[1] < high * aspect * 1.1
            assert abs(step[0]) < 0.25  # pushed down, not along


@pytest.mark.parametrize("deck", ["phase10", "standard"])
def test_dealt_decks_show_many_readable_cards(deck: str) -> None:
    shown = []
    for seed in range(4):
        scene = make_scene(seed, layout=DEAL, size=(1600, 1200), deck=deck, distractors=False)
        assert scene.layout == DEAL
        shown.append(len(scene.cards))
    # 26-52 cards, packed as close as an index allows: some indices hide, most show.
    assert max(shown) >= 25 and sum(shown) / len(shown) >= 18


@pytest.mark.parametrize("deck", ["phase10", "standard"])
def test_loose_decks_show_larger_cards_than_squared_up_ones(deck: str) -> None:
    shown, loose_widths, tight_widths = [], [], []
    for seed in range(4):
        scene = make_scene(seed, layout=LOOSE, size=(1600, 1200), deck=deck, distractors=False)
        assert scene.layout == LOOSE
        shown.append(len(scene.cards))
        loose_widths += [w / 1600 for w in _card_widths(scene)]
        tight = make_scene(seed, layout=DEAL, size=(1600, 1200), deck=deck, distractors=False)
        tight_widths += [w / 1600 for w in _card_widths(tight)]
        arrangement = arrange(LOOSE, 52, 1.4, np.random.default_rng(seed))
        assert len(arrangement.cards) == 52 and not arrangement.occluders  # no hand holds them
    # 26-52 cards in open fans and rows: most indices show, and the cards are larger.
    assert max(shown) >= 25 and sum(shown) / len(shown) >= 20
    assert np.median(loose_widths) > np.median(tight_widths)
    assert max(loose_widths) <= 0.31


def test_ornate_courts_redraw_the_court_cards_and_nothing_else() -> None:
    ornate = Edition(ornate_courts=True)

    def courts(seed: int, **kwargs: object) -> bool:
        scene = make_scene(seed, layout="spread", deck="standard", size=SMALL, **kwargs)
        return any(card.card[:-1] in ("J", "Q", "K") for card in scene.cards)

    with_courts = [seed for seed in range(8) if courts(seed)]
    without = next(seed for seed in range(40) if not courts(seed, n_cards=3))
    assert with_courts
    for seed in with_courts[:3]:  # cards laid apart: every court's artwork shows
        plain = make_scene(seed, layout="spread", deck="standard", size=SMALL)
        busy = make_scene(seed, layout="spread", deck="standard", size=SMALL, edition=ornate)
        assert busy.cards == plain.cards and busy.partial == plain.partial
        assert not np.array_equal(busy.image, plain.image)
    for deck, seed, n in (("standard", without, 3), ("phase10", with_courts[0], None)):
        # No court cards (or no courts in the deck at all): the very same picture.
        plain = make_scene(seed, layout="spread", deck=deck, size=SMALL, n_cards=n)
        busy = make_scene(seed, layout="spread", deck=deck, size=SMALL, n_cards=n, edition=ornate)
        assert np.array_equal(busy.image, plain.image)


def test_crowded_corners_redraw_the_faces_and_square_dealt_hands_up() -> None:
    plain = make_scene(4, layout="spread", deck="standard", size=SMALL)
    crowded = make_scene(4, layout="spread", deck="standard", size=SMALL,
                         edition=Edition(crowded_corners=True))
    # Cards laid apart: the same cards in the same places, their pips printed elsewhere.
    assert crowded.cards == plain.cards and crowded.partial == plain.partial
    assert not np.array_equal(crowded.image, plain.image)
    crowded_shown, roomy_shown = [], []
    for seed in range(4):
        for shown, crowd in ((crowded_shown, True), (roomy_shown, False)):
            scene = make_scene(seed, layout=DEAL, size=(1600, 1200), deck="standard",
                               distractors=False, edition=Edition(crowded_corners=crowd))
            shown.append(len(scene.cards))
    # Strips fitted to the index (a margin to a third of an index width past it) show it,
    # where the roomy deal's strips, blind to the index, hide some under the next card.
    assert min(crowded_shown) >= 25 and sum(crowded_shown) > sum(roomy_shown)


def test_crowded_strips_are_fitted_to_the_index() -> None:
    rows, fans = crowded_steps(0.2)
    assert rows == pytest.approx((0.2, 0.27))
    # A fan turns each card by the same strip measured at the index, ~1.1 widths out.
    assert fans == pytest.approx(tuple(np.degrees(np.array(rows) / 1.1)))
    for layout in (DEAL, LOOSE):
        crowded = arrange(layout, 52, 1.4, np.random.default_rng(3), crowded_reach=0.2)
        roomy = arrange(layout, 52, 1.4, np.random.default_rng(3))
        assert len(crowded.cards) == len(roomy.cards) == 52 and crowded.cards != roomy.cards
    # Other layouts have no dealt hands to square up: the same draws, the same places.
    held = arrange("fan", 9, 1.4, np.random.default_rng(3), crowded_reach=0.2)
    assert held.cards == arrange("fan", 9, 1.4, np.random.default_rng(3)).cards


def test_a_swash_q_changes_only_scenes_with_a_queen() -> None:
    anglo = {"layout": "spread", "deck": "standard", "size": SMALL, "family": "anglo"}

    def queens(seed: int) -> bool:  # Bicycle-like decks print a queen's Q (others D or V)
        return any(card.card.startswith("Q") for card in make_scene(seed, **anglo).cards)

    with_queen = next(seed for seed in range(40) if queens(seed))
    without = next(seed for seed in range(40) if not queens(seed))
    for seed, changed in ((with_queen, True), (without, False)):
        plain = make_scene(seed, **anglo)
        curly = make_scene(seed, **anglo, edition=Edition(swash_q=True))
        # The same cards in the same places; a queen's index box fits its new Q.
        assert [(c.card, c.quad) for c in curly.cards] == [(c.card, c.quad) for c in plain.cards]
        assert [c for c in curly.cards if c.card[0] != "Q"] == [
            c for c in plain.cards if c.card[0] != "Q"]
        assert np.array_equal(curly.image, plain.image) is not changed


@pytest.mark.parametrize("option", ["pip_shapes", "narrow_indices", "typefaces"])
def test_edition_options_redraw_a_standard_scene_and_leave_phase10_as_it_was(
    option: str,
) -> None:
    anglo = {"layout": "fan", "deck": "standard", "size": SMALL, "family": "anglo"}
    edition = Edition(**{option: True})
    plain, drawn = make_scene(4, **anglo), make_scene(4, **anglo, edition=edition)
    # The same cards in the same places; the pips or the index font (and so each index box)
    # are the edition's own.
    assert [(c.card, c.quad) for c in drawn.cards] == [(c.card, c.quad) for c in plain.cards]
    assert not np.array_equal(drawn.image, plain.image)
    assert np.array_equal(make_scene(4, **anglo).image, plain.image)  # nothing else drawn
    mattel = {"layout": "fan", "size": SMALL, "family": "mattel"}
    assert np.array_equal(make_scene(4, **mattel, edition=edition).image,
                          make_scene(4, **mattel).image)


@pytest.mark.parametrize("look", ["harsh_light", "phone_look"])
def test_harsh_light_and_a_phone_look_keep_the_scene_and_redo_its_image(look: str) -> None:
    plain = make_scene(3, layout="fan", deck="standard", size=SMALL)
    changed = make_scene(3, layout="fan", deck="standard", size=SMALL, **{look: True})
    assert changed.cards == plain.cards and changed.partial == plain.partial
    assert not np.array_equal(changed.image, plain.image)
    # The plain scene's own random draws are untouched by asking for either elsewhere.
    assert np.array_equal(make_scene(3, layout="fan", deck="standard", size=SMALL).image,
                          plain.image)
    both = make_scene(3, layout="fan", deck="standard", size=SMALL, harsh_light=True,
                      phone_look=True)
    assert both.cards == plain.cards and not np.array_equal(both.image, changed.image)


def test_phone_processing_rims_dark_strokes_with_halos_and_colour_fringes() -> None:
    """A dark bar on grey paper: sharpening overshoots, so the paper beside the bar comes out
    lighter than the paper itself, and near the frame's edge red and blue part."""
    paper = np.full((400, 600, 3), 180, np.uint8)
    paper[:, 20:26] = 40  # a stroke near the left edge, where fringes are widest
    paper[:, 300:306] = 40
    beside = np.s_[150:250, 307:309]  # the paper just right of the middle stroke
    halos = fringes = 0
    for seed in range(20):
        out = phone_processing(paper, np.random.default_rng(seed))
        assert out.shape == paper.shape and out.dtype == np.uint8
        assert np.array_equal(out, phone_processing(paper, np.random.default_rng(seed)))
        halos += int(out[beside].mean() > out[150:250, 400:500].mean() + 3)
        edge = out[100:300, 15:31].astype(int)
        fringes += int(np.abs(edge[..., 0] - edge[..., 2]).max() > 10)
    # Most phones sharpen (85 % of draws), half fringe; a contrast curve alone makes neither.
    assert halos >= 12 and 4 <= fringes <= 16


def test_harsh_light_casts_shadows_with_sharp_edges() -> None:
    """On an even grey table, the steepest step between two pixels 4 px apart: the soft light's
    is a few grey levels, a hard shadow's edge (or a streak's) several times that."""
    grey = np.full((768, 1024, 3), 150, np.uint8)

    def steepest(image: np.ndarray) -> float:
        luma = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
        return float(max(np.abs(luma[:, 4:] - luma[:, :-4]).max(),
                         np.abs(luma[4:] - luma[:-4]).max()))

    soft = [steepest(light(grey, np.random.default_rng(seed))) for seed in range(20)]
    hard = [steepest(harsh_light(grey, np.random.default_rng(seed))) for seed in range(20)]
    median = len(soft) // 2
    assert sorted(hard)[median] > 4 * sorted(soft)[median]
    assert min(hard) > sorted(soft)[median]
    # Shadows darken a good part of the frame, never all of it to black.
    for seed in range(20):
        shaded = cv2.cvtColor(harsh_light(grey, np.random.default_rng(seed)), cv2.COLOR_BGR2GRAY)
        assert 0.02 < float(np.mean(shaded < 130)) < 0.95 and shaded.min() > 10
