"""Card faces: every family renders every token, indices sit in the corners."""

from __future__ import annotations

import numpy as np
import pytest

from models.synth import FAMILIES, full_deck, render_back, render_face, sample_style
from models.synth.deck import draw_hand


@pytest.mark.parametrize("family", FAMILIES)
def test_every_token_renders_with_corner_indices(family: str) -> None:
    style = sample_style(np.random.default_rng(4), family)
    for token in sorted(set(full_deck())):
        face = render_face(token, style)
        width, height = face.size
        assert face.image.shape == (height, width, 4)
        assert len(face.indices) >= 2
        for quad in face.indices:
            xs = [x for x, _ in quad]
            ys = [y for _, y in quad]
            assert 0 <= min(xs) < max(xs) <= width and 0 <= min(ys) < max(ys) <= height
            # An index is a corner mark: its centre lies in an outer third of the card.
            cx, cy = sum(xs) / 4, sum(ys) / 4
            assert min(cx, width - cx) < width / 3 and min(cy, height - cy) < height / 3


def test_european_indices_in_all_four_corners() -> None:
    style = sample_style(np.random.default_rng(0), "european")
    assert len(render_face("G4", style).indices) == 4


def test_faces_differ_by_token_and_rounded_corners_are_transparent() -> None:
    style = sample_style(np.random.default_rng(1), "mattel")
    a, b = render_face("R3", style).image, render_face("R8", style).image
    assert not np.array_equal(a, b)
    assert a[0, 0, 3] < 128 and a[a.shape[0] // 2, a.shape[1] // 2, 3] == 255


def test_card_back_has_an_outline() -> None:
    back = render_back(np.random.default_rng(0), 1.5, 0.08)
    assert back.shape[2] == 4 and back[0, 0, 3] < 128


def test_draw_hand_refuses_impossible_sizes() -> None:
    with pytest.raises(ValueError, match="1..108"):
        draw_hand(np.random.default_rng(0), 109)


def test_table_clutter_is_shaped_not_rectangular() -> None:
    from models.synth.distractors import render_coin, render_pen, render_score_sheet

    rng = np.random.default_rng(2)
    coin, pen, sheet = render_coin(rng, 40), render_pen(rng, 200), render_score_sheet(rng, 150)
    assert coin.shape == (40, 40, 4) and coin[0, 0, 3] == 0 and coin[20, 20, 3] == 255
    assert pen.shape[1] == 200 and pen[0, -1, 3] == 0 and pen[pen.shape[0] // 2, 50, 3] == 255
    # The score sheet is paper with ink on it: opaque, and not one flat colour.
    assert (sheet[..., 3] == 255).all() and sheet[..., :3].std() > 5


@pytest.mark.parametrize("painted", [(3.0, 2.0, 17.0, 13.0), (-4.5, -3.2, 12.7, 9.1),
                                     (10.0, 5.0, 40.0, 30.0)])
def test_ink_box_within_the_painted_box_is_the_whole_comparison(
    painted: tuple[float, float, float, float]
) -> None:
    """Limiting the comparison to the box the paint went into (a speed-up: the whole face was
    compared for every index) finds the same ink, wherever that box lies on the canvas."""
    from models.synth.faces import ink_box, solid_bgra

    rng = np.random.default_rng(3)
    before = solid_bgra(24, 32, (200, 210, 220))
    after = before.copy()
    x0, y0 = max(0, int(painted[0])), max(0, int(painted[1]))
    x1, y1 = min(32, int(painted[2])), min(24, int(painted[3]))
    after[y0:y1, x0:x1, :3] = rng.integers(0, 256, (y1 - y0, x1 - x0, 3), dtype=np.uint8)
    assert ink_box(before, after, painted) == ink_box(before, after)
    assert ink_box(before, before, painted) is None
    assert ink_box(before, after, (40.0, 30.0, 50.0, 40.0)) is None  # off the canvas
