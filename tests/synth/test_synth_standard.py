"""Standard playing cards in the scene synthesizer (issue 5 groundwork)."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from models.synth import LAYOUTS, Edition, make_scene
from models.synth.__main__ import main
from models.synth.standard import (
    JOKER,
    LABEL_COLOURS,
    LABEL_RANKS,
    NARROW_INDEX_STREAM,
    STANDARD_COUNTS,
    STANDARD_FAMILIES,
    STANDARD_FONTS,
    TYPEFACE_FONTS,
    TYPEFACE_STREAM,
    PipShape,
    StandardStyle,
    draw_standard_hand,
    pip_mask,
    printed_rank,
    rank_and_colour,
    render_standard_face,
    restyled,
    sample_pip_shape,
    sample_standard_style,
    with_crowded_corners,
    with_narrow_indices,
    with_ornate_courts,
    with_pip_shapes,
    with_swash_q,
    with_typefaces,
)
from models.synth.standard.__main__ import main as standard_main
from models.synth.standard.faces import NARROW_SANS_FONTS, NARROW_SERIF_FONTS
from models.synth.text import glyph_mask
from solver import Deck, all_faces, parse_card
from vision.model import DECKS as VISION_DECKS
from vision.model import NO_COLOUR

SMALL = (512, 384)


def _label_digest(scene: object) -> str:
    labels = (scene.cards, scene.partial, scene.layout, scene.family)  # type: ignore[attr-defined]
    return hashlib.sha256(repr(_rounded(labels)).encode()).hexdigest()[:16]


def _rounded(value: object) -> object:
    """``value`` with every float rounded to 1e-6 px: OpenCV's perspective maths, dispatched
    by CPU (AVX-512 or AVX2 alone), can move a coordinate's last bit, and that moves no card."""
    if isinstance(value, float):
        return round(value, 6)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(_rounded(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, tuple | list):
        return tuple(_rounded(item) for item in value)
    return value


def _image_digest(scene: object) -> str:
    return hashlib.sha256(scene.image.tobytes()).hexdigest()[:16]  # type: ignore[attr-defined]


# Digests of make_scene(seed, size=(320, 240)): adding a deck must not move a Phase 10 card or
# pixel. The labels (every card's quad, index boxes, the partly hidden ones, rounded to 1e-6 px)
# hold on any machine. (Until session 27 they were digested unrounded; on a CPU without
# AVX-512 two seeds' coordinates differed in their last bit. These rounded digests were taken
# where the recorded OpenCV 5.0 image digests below still match to the pixel.) The pixels
# depend on the OpenCV release (some kernels round differently; OpenCV 5.0 against 4.12 moves
# 9-18 % of the pixels, on seed 2 a whole patch) and on its thread count, so they are recorded
# per release, with OpenCV on one thread as in the training workers. (A new release: record its
# digests here, and retrain knowingly if it moves many.)
PHASE10_LABEL_DIGESTS = {
    0: "4a58f64085c54efe",
    1: "84bd38dbfce4f6f9",
    2: "4a67b81bdee2fb2f",
    3: "fbb4cf6f48a0d5f2",
    4: "375798a89d35f1d7",
    5: "60a5091f39a377f1",
}
PHASE10_IMAGE_DIGESTS = {
    "4.12": ("ba657613a9d44abb", "77c46532dabd5c30", "0906fe33dedc42a1", "5870dbedffb3f3a4",
             "932efa23f773f2ac", "73165b02cfdbdc4e"),
    "5.0": ("55ac97f9a57424a1", "cceb473b2dc15b63", "69ea8f528bfbd099", "477ff468494c9dcb",
            "d41a56503ac40bd6", "e902ba9e7da104ba"),
    # Recorded in session 47, when a fresh install got 5.1 and this check had gone quiet: the
    # renderer unchanged since 5.0's digests, three seeds' pixels moved by the release alone.
    "5.1": ("55ac97f9a57424a1", "cceb473b2dc15b63", "88edf2aaa1bc180d", "477ff468494c9dcb",
            "a11a9464c69bc031", "75e0520dff2272b1"),
}


@pytest.fixture
def single_threaded_opencv() -> object:
    before = cv2.getNumThreads()
    cv2.setNumThreads(1)
    yield
    cv2.setNumThreads(before)


@pytest.mark.usefixtures("single_threaded_opencv")
@pytest.mark.parametrize("seed", sorted(PHASE10_LABEL_DIGESTS))
def test_phase10_scenes_are_unchanged(seed: int) -> None:
    scene = make_scene(seed, size=(320, 240))
    asked_for = make_scene(seed, size=(320, 240), deck="phase10")
    assert scene.deck == "phase10"
    assert _label_digest(scene) == _label_digest(asked_for) == PHASE10_LABEL_DIGESTS[seed]
    assert _image_digest(scene) == _image_digest(asked_for)
    release = ".".join(cv2.__version__.split(".")[:2])
    if release not in PHASE10_IMAGE_DIGESTS:  # said, not passed over (5.1 was, unseen)
        pytest.skip(f"labels checked; no image digests recorded for OpenCV {release}")
    assert _image_digest(scene) == PHASE10_IMAGE_DIGESTS[release][seed]


def test_same_seed_same_standard_scene() -> None:
    a = make_scene(21, size=SMALL, deck="standard")
    make_scene(22, size=SMALL, deck="standard")  # warmed caches must not change the result
    b = make_scene(21, size=SMALL, deck="standard")
    assert np.array_equal(a.image, b.image)
    assert a.cards == b.cards and a.partial == b.partial and a.family == b.family
    assert a.deck == "standard" and a.family in STANDARD_FAMILIES


def test_the_deck_is_two_decks_and_four_jokers() -> None:
    assert sum(STANDARD_COUNTS.values()) == 108
    assert STANDARD_COUNTS[JOKER] == 4
    assert {n for token, n in STANDARD_COUNTS.items() if token != JOKER} == {2}
    assert set(STANDARD_COUNTS) == {str(card) for card in all_faces(Deck.STANDARD)}


@pytest.mark.parametrize("token", sorted(STANDARD_COUNTS))
def test_tokens_round_trip_through_the_solver_and_the_runtime_labels(token: str) -> None:
    card = parse_card(token)
    assert card.deck is Deck.STANDARD and str(card) == token
    # A detector trained on (rank, colour) labels gives the token back through vision's decoder.
    rank, colour = rank_and_colour(token)
    assert rank in LABEL_RANKS and colour in LABEL_COLOURS
    assert VISION_DECKS["standard"].token(rank, colour) == token


def test_label_classes_match_the_runtime_conventions() -> None:
    assert LABEL_COLOURS[-1] == NO_COLOUR and JOKER in VISION_DECKS["standard"].colourless_ranks
    assert len(set(LABEL_RANKS)) == len(LABEL_RANKS) == 14
    with pytest.raises(ValueError, match="not a standard card"):
        rank_and_colour("R7")


def test_hands_respect_the_deck_limits() -> None:
    rng = np.random.default_rng(5)
    for _ in range(200):
        hand = draw_standard_hand(rng, 11)
        assert all(n <= STANDARD_COUNTS[t] for t, n in Counter(hand).items())
    for seed in range(8):
        scene = make_scene(seed, size=(320, 240), n_cards=11, distractors=False, deck="standard")
        counts = Counter(card.card for card in scene.cards)
        assert all(n <= STANDARD_COUNTS[t] for t, n in counts.items()), counts


@pytest.mark.parametrize(("layout", "family"), list(itertools.product(LAYOUTS, STANDARD_FAMILIES)))
def test_every_family_and_layout_yields_readable_labels_inside_cards(
    layout: str, family: str
) -> None:
    width, height = SMALL
    scene = make_scene(4, layout=layout, family=family, size=SMALL, deck="standard")
    assert (scene.layout, scene.family, scene.deck) == (layout, family, "standard")
    assert scene.cards, "no readable card"
    for card in scene.cards:
        assert card.card in STANDARD_COUNTS
        quad = np.array(card.quad, np.float32)
        assert cv2.pointPolygonTest(quad, card.centre, False) > 0
        for x0, y0, x1, y1 in card.indices:
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
            centre = ((x0 + x1) / 2, (y0 + y1) / 2)
            assert cv2.pointPolygonTest(quad, centre, False) > 0


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_every_face_renders_with_corner_indices(family: str) -> None:
    for seed in range(3):
        style = sample_standard_style(np.random.default_rng(seed), family)
        for token in STANDARD_COUNTS:
            face = render_standard_face(token, style, 96)
            fw, fh = face.size
            assert face.image.shape == (round(96 * style.aspect), 96, 4)
            assert len(face.indices) == (4 if style.four_corners else 2)
            for quad in face.indices:
                (x0, y0), _, (x1, y1), _ = quad
                assert 0 <= x0 < x1 <= fw and 0 <= y0 < y1 <= fh
                # An index is a corner mark, not half the card.
                assert (x1 - x0) < 0.6 * fw and (y1 - y0) < 0.6 * fh


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_the_index_box_holds_all_the_corner_ink(family: str) -> None:
    """Rank and pip both lie inside the labelled box (the deuce's middle pips,
    or one big pip, stay right of 0.3 of the width)."""
    for seed in range(4):
        style = sample_standard_style(np.random.default_rng(seed), family)
        face = render_standard_face("2H", style, 160)
        fw, fh = face.size
        ink = np.abs(face.image[..., :3].astype(int) - style.paper).max(-1) > 60
        ink[:, round(fw * 0.3) :] = False
        ink[fh // 2 :] = False
        inside = np.zeros_like(ink)
        for (x0, y0), _, (x1, y1), _ in face.indices:
            inside[int(y0) : int(np.ceil(y1)) + 1, int(x0) : int(np.ceil(x1)) + 1] = True
        assert ink.sum() > 20 and not (ink & ~inside).any()


def test_red_suits_print_red_and_black_suits_dark() -> None:
    style = sample_standard_style(np.random.default_rng(3), "anglo")
    for token, red in (("5H", True), ("5D", True), ("5S", False), ("5C", False)):
        face = render_standard_face(token, style, 160)
        (x0, y0), _, (x1, y1), _ = face.indices[0]
        patch = face.image[int(y0) : int(y1), int(x0) : int(x1), :3].astype(int)
        inked = patch[np.abs(patch - style.paper).max(-1) > 80]
        b, g, r = inked.mean(0)
        assert (r > g + 60 and r > b + 60) == red, (token, (b, g, r))


def test_decks_differ_in_what_the_corners_say() -> None:
    seen: dict[str, set[str]] = {family: set() for family in STANDARD_FAMILIES}
    for family, seed in itertools.product(STANDARD_FAMILIES, range(40)):
        style = sample_standard_style(np.random.default_rng(seed), family)
        seen[family] |= {printed_rank(style, t) for t in ("JS", "QS", "KS", "10S")}
    assert {"B", "D", "K", "10"} == seen["continental"]
    assert {"J", "Q", "K", "T", "10"} <= seen["jumbo"]
    assert {"V", "D", "R", "J", "Q"} <= seen["french"]


def test_fonts_have_every_glyph_a_corner_needs() -> None:
    for font in STANDARD_FONTS:
        try:  # a private-use character: whatever the font draws for a glyph it lacks
            missing: np.ndarray | None = glyph_mask("\ue000", font)
        except ValueError:  # ...nothing at all, so a missing glyph fails glyph_mask below
            missing = None
        for char in "0123456789AJQKTBDVRXOE":
            mask = glyph_mask(char, font)
            assert missing is None or not np.array_equal(mask, missing), (font, char)


def test_pips_have_distinct_silhouettes() -> None:
    masks = {s: cv2.resize(pip_mask(s, 40), (32, 40)).astype(float) for s in "CDHS"}
    for a, b in itertools.combinations("CDHS", 2):
        assert np.abs(masks[a] - masks[b]).mean() > 15, (a, b)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: make_scene(0, deck="uno"), "unknown deck"),
        (lambda: make_scene(0, family="mattel", deck="standard"), "unknown family"),
        (lambda: make_scene(0, family="anglo"), "unknown family"),
        (
            lambda: render_standard_face(
                "11H", sample_standard_style(np.random.default_rng(0), "anglo")
            ),
            "not a standard",
        ),
        (lambda: sample_standard_style(np.random.default_rng(0), "uno"), "uno"),
        (lambda: pip_mask("R", 20), "unknown suit"),
        (lambda: PipShape(ink_spread=-0.01), "no negative sizes"),
        (lambda: PipShape(spade_ogee=1.5), "spade_ogee 0..1"),
        (lambda: PipShape(ink_spread=0.3), "ink_spread up to 0.25"),
    ],
)
def test_bad_arguments_get_clear_messages(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_cli_writes_standard_scenes(tmp_path: Path) -> None:
    out = tmp_path / "standard"
    assert main([str(out), "-n", "2", "--size", "320x240", "--deck", "standard"]) == 0
    records = json.loads((out / "labels.json").read_text())
    assert [r["deck"] for r in records] == ["standard", "standard"]
    assert all(r["family"] in STANDARD_FAMILIES for r in records)
    for card in (c for r in records for c in r["cards"]):
        assert parse_card(card["card"]).deck is Deck.STANDARD


def test_cli_explains_a_family_of_another_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(tmp_path), "-n", "1", "--deck", "standard", "--family", "mattel"]) == 2
    assert "unknown family 'mattel' for the standard deck" in capsys.readouterr().err


def test_contact_sheet_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deck.png"
    assert standard_main([str(out), "--family", "continental", "--width", "48", "--boxes"]) == 0
    sheet = cv2.imread(str(out))
    assert sheet is not None and sheet.shape[0] > 4 * 48 and sheet.shape[1] == 13 * (48 + 6)
    assert standard_main([str(tmp_path / "missing" / "deck.png")]) == 1
    assert "could not write" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        standard_main(["--help"])
    assert "every card of one synthetic standard deck" in capsys.readouterr().out
    plain = tmp_path / "plain.png"
    assert standard_main([str(plain), "--family", "continental", "--width", "48"]) == 0
    # Only the court tiles (columns J, Q, K of the four suit rows) change.
    assert _changed_tiles(tmp_path, plain, "continental", "--ornate-courts") == {
        (row, col) for row in range(4) for col in (10, 11, 12)}
    # The pips of 2-10 and the court frames move; aces (one middle pip) and the joker do not.
    assert _changed_tiles(tmp_path, plain, "continental", "--crowded-corners") == {
        (row, col) for row in range(4) for col in range(1, 13)}
    assert standard_main([str(plain), "--family", "anglo", "--width", "48"]) == 0
    # The four queens alone.
    assert _changed_tiles(tmp_path, plain, "anglo", "--swash-q") == {(row, 11) for row in range(4)}
    # Every suited card prints pips (courts in their frames); the joker none.
    changed = _changed_tiles(tmp_path, plain, "anglo", "--pip-shapes")
    assert {row for row, _ in changed} == {0, 1, 2, 3} and len(changed) >= 4 * 12
    # Every card prints its index in another font, the joker its JOKER too.
    assert _changed_tiles(tmp_path, plain, "anglo", "--narrow-indices") == {
        (row, col) for row in range(4) for col in range(13)} | {(4, 0)}
    assert _changed_tiles(tmp_path, plain, "anglo", "--typefaces") == {
        (row, col) for row in range(4) for col in range(13)} | {(4, 0)}


def _changed_tiles(folder: Path, plain: Path, family: str, option: str) -> set[tuple[int, int]]:
    """The (row, column) tiles of the contact sheet that ``option`` redraws."""
    drawn = folder / f"{option.removeprefix('--')}.png"
    assert standard_main([str(drawn), "--family", family, "--width", "48", option]) == 0
    diff = np.abs(cv2.imread(str(drawn)).astype(int) - cv2.imread(str(plain)).astype(int))
    row_height, tile_width = diff.shape[0] // 5, 48 + 6  # four suits and the joker's row
    return {(y // row_height, x // tile_width)
            for y, x in zip(*np.nonzero(diff.sum(2)), strict=True)}


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_ornate_courts_fill_the_frame_and_keep_the_indices(family: str) -> None:
    style = sample_standard_style(np.random.default_rng(4), family)
    busy_style = with_ornate_courts(style)
    for token in ("7H", "AS", "X"):  # no court: the same face
        assert np.array_equal(render_standard_face(token, busy_style, 120).image,
                              render_standard_face(token, style, 120).image)
    for token in ("JC", "QD", "KS"):
        plain, busy = (render_standard_face(token, s, 120) for s in (style, busy_style))
        assert busy.indices == plain.indices
        for (x0, y0), _, (x1, y1), _ in busy.indices:  # the corner indices print as before
            # (inside a 2-px margin: the frame's anti-aliased edge may touch a tight box)
            box = np.s_[round(y0) + 2:round(y1) - 2, round(x0) + 2:round(x1) - 2]
            assert np.array_equal(busy.image[box], plain.image[box])

        def covered(face: np.ndarray) -> float:
            # Share of the card's middle printed over: the plain figure leaves paper around it.
            h, w = face.shape[:2]
            middle = face[h // 4: 3 * h // 4, w // 4: 3 * w // 4, :3].astype(int)
            return float((np.abs(middle - np.array(style.paper)).sum(2) > 60).mean())

        assert covered(busy.image) > covered(plain.image) + 0.1, token


def _ink_right_of_index(face: object, paper: tuple[int, int, int]) -> float:
    """How far right of the top-left index box (in index widths) the first ink outside every
    index box lies, within the index's rows, less one pixel: where an anti-aliased edge lands
    to the pixel is the rasteriser's call (opencv 5.1 puts one of these pips a pixel further
    right than 5.0 does)."""
    image = face.image  # type: ignore[attr-defined]
    quads = [np.asarray(q) for q in face.indices]  # type: ignore[attr-defined]
    ink = (np.abs(image[..., :3].astype(int) - np.array(paper)).sum(2) > 60) & (image[..., 3] > 128)
    for quad in quads:
        (x0, y0), (x1, y1) = np.floor(quad.min(0)).astype(int), np.ceil(quad.max(0)).astype(int)
        ink[max(y0, 0):y1, max(x0, 0):x1] = False
    top_left = min(quads, key=lambda quad: float(quad.mean(0).sum()))
    (x0, y0), (x1, y1) = top_left.min(0), top_left.max(0)
    columns = np.nonzero(ink[int(y0):int(np.ceil(y1)), int(np.ceil(x1)):].any(0))[0]
    return float(max(columns[0] - 1, 0)) / (x1 - x0) if len(columns) else float("inf")


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_crowded_corners_print_pips_beside_the_index_and_never_over_it(family: str) -> None:
    gaps: list[tuple[float, float]] = []
    for seed in range(4):
        style = sample_standard_style(np.random.default_rng(seed), family)
        crowded_style = with_crowded_corners(style, np.random.default_rng([seed, 11]))
        for token in ("10H", "9S", "4D", "KD", "AS", "X"):
            plain, crowded = (render_standard_face(token, s, 160) for s in (style, crowded_style))
            assert crowded.indices == plain.indices and crowded.marks == plain.marks
            for marks in crowded.marks:  # every rank character and pip prints untouched
                for mark in marks:
                    (x0, y0), (x1, y1) = np.asarray(mark).min(0), np.asarray(mark).max(0)
                    box = np.s_[int(np.ceil(y0)):int(y1), int(np.ceil(x0)):int(x1)]
                    assert np.array_equal(crowded.image[box], plain.image[box]), (seed, token)
        if style.single_pip or style.pip_beside:
            continue  # one big middle pip, or a pip beside the rank: nothing to move closer
        for token in ("9S", "4D"):
            gaps.append(tuple(  # type: ignore[arg-type]
                _ink_right_of_index(render_standard_face(token, s, 160), style.paper)
                for s in (style, crowded_style)
            ))
    if gaps:
        # Bicycle-like: the top pips within half an index width of the index (a deck aligns
        # them to its widest index, its 10, so a 9's may stay where a roomy deck prints them).
        assert all(crowded <= 0.5 for _, crowded in gaps), gaps
        assert np.mean([crowded for _, crowded in gaps]) < np.mean([plain for plain, _ in gaps])


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_a_swash_q_redraws_the_q_and_nothing_else(family: str) -> None:
    for seed in range(3):
        style = sample_standard_style(np.random.default_rng(seed), family)
        swash = with_swash_q(style)
        for token in ("8S", "9D", "KH", "JC", "AS", "X"):
            assert np.array_equal(render_standard_face(token, swash, 120).image,
                                  render_standard_face(token, style, 120).image)
        plain, curly = (render_standard_face("QH", s, 120) for s in (style, swash))
        if printed_rank(style, "QH") != "Q":  # a French D or a German D: no Q to redraw
            assert np.array_equal(curly.image, plain.image)
            continue
        # The rank and its pip stay two marks; the rank's ink is another shape.
        assert len(curly.marks[0]) == len(plain.marks[0]) == 2
        assert not np.array_equal(curly.image, plain.image)
        rank = np.asarray(curly.marks[0][0])
        # Its swash hangs below the bowl: the rank is taller than wide, as the mask is.
        (x0, y0), (x1, y1) = rank.min(0), rank.max(0)
        assert y1 - y0 > x1 - x0


def test_a_pip_shape_left_at_its_defaults_is_stock_variant_1() -> None:
    for suit in "CDHS":
        for height in (7, 12, 40):
            stock = pip_mask(suit, height, 1)
            assert np.array_equal(pip_mask(suit, height, shape=PipShape()), stock)


def _width_at(mask: np.ndarray, share: float) -> int:
    """How many columns hold ink ``share`` of the way down the mask."""
    return int((mask[round(share * (mask.shape[0] - 1))] > 127).sum())


def test_pip_shapes_change_what_tells_a_spade_from_a_club() -> None:
    stock = PipShape()
    # An ogee spade curves in towards its tip: narrower there, as wide from halfway down.
    ogee, spades = PipShape(spade_ogee=1.0), {}
    for share in (0.1, 0.45):
        spades[share] = [_width_at(pip_mask("S", 200, shape=s), share) for s in (ogee, stock)]
    assert spades[0.1][0] < spades[0.1][1] * 0.8 and spades[0.45][0] == spades[0.45][1]
    # Larger lobes spread wider make a wider club; a slim leaf a narrower spade.
    big = PipShape(club_lobe=0.26, club_spread=0.28)
    assert pip_mask("C", 200, shape=big).shape[1] > pip_mask("C", 200, shape=stock).shape[1]
    slim = PipShape(spade_fat=0.75)
    assert pip_mask("S", 200, shape=slim).shape[1] < pip_mask("S", 200, shape=stock).shape[1]
    # Ink bled into the paper fills the notches between a club's lobes.
    bled = PipShape(ink_spread=0.08)
    notch = (slice(60, 80), slice(20, 45))  # between the top and the left lobe
    assert pip_mask("C", 200, shape=bled)[notch].mean() > pip_mask("C", 200, shape=stock)[
        notch].mean()


@pytest.mark.parametrize(
    ("trait", "value", "suits"),
    [
        ("heart_fat", 1.1, "H"),
        ("diamond_half", 0.3, "D"),
        ("spade_fat", 0.8, "S"),
        ("spade_ogee", 0.7, "S"),
        ("spade_leaf", 0.75, "S"),
        ("club_lobe", 0.25, "C"),
        ("club_spread", 0.21, "C"),
        ("club_lobe_y", 0.5, "C"),
        ("stem_flare", 0.5, "CS"),
        ("stem_width", 1.4, "CS"),
        ("ink_spread", 0.05, "CDHS"),
    ],
)
def test_each_pip_trait_draws_its_own_suits_and_no_other(trait: str, value: float,
                                                         suits: str) -> None:
    changed = PipShape(**{trait: value})
    for suit in "CDHS":
        same = np.array_equal(pip_mask(suit, 60, shape=changed), pip_mask(suit, 60, 1))
        assert same is (suit not in suits), (trait, suit)


def test_sampled_pip_shapes_stay_pips() -> None:
    """Every drawn deck's pips fill their box as one solid shape, and the four suits still
    look apart at 40 px (as the stock variants do)."""
    for seed in range(40):
        shape = sample_pip_shape(np.random.default_rng(seed))
        masks = {}
        for suit in "CDHS":
            mask = pip_mask(suit, 40, shape=shape)
            assert mask.shape[0] == 40 and 20 <= mask.shape[1] <= 50, (seed, suit, mask.shape)
            ink = (mask > 127).astype(np.uint8)
            assert cv2.connectedComponents(ink)[0] == 2, (seed, suit)  # background + one shape
            masks[suit] = cv2.resize(mask, (32, 40)).astype(float)
        for a, b in itertools.combinations("CDHS", 2):
            assert np.abs(masks[a] - masks[b]).mean() > 10, (seed, a, b)


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_own_pips_redraw_the_suited_cards_and_not_the_joker(family: str) -> None:
    style = sample_standard_style(np.random.default_rng(5), family)
    own = with_pip_shapes(style, np.random.default_rng(0))
    assert np.array_equal(render_standard_face("X", own, 120).image,
                          render_standard_face("X", style, 120).image)
    for token in ("AS", "7C", "10H", "QD", "KS"):
        plain, drawn = (render_standard_face(token, s, 120) for s in (style, own))
        assert not np.array_equal(drawn.image, plain.image), token
        assert len(drawn.marks[0]) == len(plain.marks[0])  # rank characters and one pip


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_narrow_indices_redraw_the_index_font_and_nothing_else(family: str) -> None:
    style = sample_standard_style(np.random.default_rng(5), family)
    narrow = with_narrow_indices(style, np.random.default_rng([5, NARROW_INDEX_STREAM]))
    assert narrow.font in NARROW_SERIF_FONTS and narrow.weight == 0 and narrow.slant == 0.0
    assert narrow.numeral_font in (None, *NARROW_SANS_FONTS)
    _assert_only_the_index_font_changed(style, narrow)


def _assert_only_the_index_font_changed(style: StandardStyle, reprinted: StandardStyle) -> None:
    for field in ("aspect", "paper", "inks", "court_letters", "index_height", "pip_variant",
                  "pip_ratio", "four_corners"):
        assert getattr(reprinted, field) == getattr(style, field), field
    for token in ("AS", "7C", "10H", "QD", "KS"):
        plain, drawn = (render_standard_face(token, s, 160) for s in (style, reprinted))
        assert not np.array_equal(drawn.image, plain.image), token
        assert len(drawn.marks[0]) == len(plain.marks[0])  # rank characters and one pip
        # The rank is as tall as the plain edition's: only its font changed.
        assert _height(drawn.marks[0][0]) == pytest.approx(_height(plain.marks[0][0]), abs=2)


@pytest.mark.parametrize("family", STANDARD_FAMILIES)
def test_typefaces_redraw_the_index_font_and_nothing_else(family: str) -> None:
    style = sample_standard_style(np.random.default_rng(5), family)
    other = with_typefaces(style, np.random.default_rng([5, TYPEFACE_STREAM]))
    assert other.font in TYPEFACE_FONTS and other.numeral_font is None
    assert other.weight == 0 and other.slant == 0.0 and other.ten == style.ten
    _assert_only_the_index_font_changed(style, other)


def test_every_typeface_prints_every_index_text_and_editions_draw_them_all() -> None:
    # Each subset holds every glyph an index prints (a missing one would draw a box or
    # nothing), and 120 editions reach every typeface but a few.
    texts = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "I0", "T", "J", "Q", "K", "B",
             "D", "V", "R", *"JOKER")
    for font in TYPEFACE_FONTS:
        shapes = {text: glyph_mask(text, font).shape for text in texts}
        assert all(h >= 40 and w >= 8 for h, w in shapes.values()), (font, shapes)
        assert len({glyph_mask(text, font).tobytes() for text in texts[:19]}) == 19, font
    drawn = {with_typefaces(sample_standard_style(np.random.default_rng(seed), "anglo"),
                            np.random.default_rng([seed, TYPEFACE_STREAM])).font
             for seed in range(120)}
    assert len(drawn) >= len(TYPEFACE_FONTS) - 2


def test_typefaces_asked_with_narrow_indices_print_in_the_typeface() -> None:
    plain = sample_standard_style(np.random.default_rng(3), "anglo")
    both = restyled(plain, 3, Edition(narrow_indices=True, typefaces=True))
    narrow = restyled(plain, 3, Edition(narrow_indices=True))
    assert both.font in TYPEFACE_FONTS and both.numeral_font is None and both.ten == narrow.ten


def _height(quad: tuple[tuple[float, float], ...]) -> float:
    return max(y for _, y in quad) - min(y for _, y in quad)


def test_narrow_editions_print_some_tens_with_a_serifed_i_and_some_numerals_sans() -> None:
    editions = [with_narrow_indices(sample_standard_style(np.random.default_rng(seed), "anglo"),
                                    np.random.default_rng([seed, NARROW_INDEX_STREAM]))
                for seed in range(40)]
    assert {"10", "I0"} <= {printed_rank(e, "10S") for e in editions}
    assert {e.numeral_font for e in editions} == {None, *NARROW_SANS_FONTS}
    assert {e.font for e in editions} == set(NARROW_SERIF_FONTS)
    # Letters stay in the serif; numerals in the numeral font, where the edition has one.
    sans = next(e for e in editions if e.numeral_font is not None)
    seven = render_standard_face("7C", sans, 160).image
    serif_seven = render_standard_face("7C", dataclasses.replace(sans, numeral_font=None),
                                       160).image
    assert not np.array_equal(seven, serif_seven)
    king = render_standard_face("KC", sans, 160).image
    assert np.array_equal(king, render_standard_face(
        "KC", dataclasses.replace(sans, numeral_font=None), 160).image)
    # A T-printing edition keeps its T.
    t_deck = next(s for s in range(200) if sample_standard_style(
        np.random.default_rng(s), "jumbo").ten == "T")
    jumbo = sample_standard_style(np.random.default_rng(t_deck), "jumbo")
    assert with_narrow_indices(jumbo, np.random.default_rng(0)).ten == "T"


def test_a_standard_index_has_a_mark_per_rank_character_and_pip() -> None:
    style = sample_standard_style(np.random.default_rng(1), "anglo")
    assert [len(m) for m in render_standard_face("10H", style, 120).marks] == [3, 3]
    assert [len(m) for m in render_standard_face("AS", style, 120).marks] == [2, 2]


def test_bicycle_like_decks_print_every_serif_weight() -> None:
    """Bicycle-like indices are a condensed serif: anglo editions draw the regular and the
    condensed-bold serif too, not only the bold one."""
    from models.synth.standard.faces import SERIF_FONTS, sample_standard_style

    fonts = {sample_standard_style(np.random.default_rng(seed), "anglo").font
             for seed in range(200)}
    assert set(SERIF_FONTS) <= fonts


def test_contact_sheet_at_a_path_that_is_not_utf_8(tmp_path: Path) -> None:
    # cv2.imwrite crashed there (a segmentation fault): run apart, as the old code's crash
    # would end the session.
    import os
    import subprocess
    import sys

    out = tmp_path / os.fsdecode(b"deck\xe9.png")
    result = subprocess.run(
        [sys.executable, "-m", "models.synth.standard", str(out), "--width", "48"],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True,
        errors="replace", timeout=300)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"\x89PNG")
