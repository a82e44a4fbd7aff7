"""The page as a player with low vision or a screen reader meets it (a11y audit): the card
chips' contrast and names, the theme's faded text."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from browserkit import contrast

from ui.chips import CHIP_CSS, LOOKS, Face, card_chip_html, chips_html, groups_html

ROOT = Path(__file__).resolve().parents[2]
THEMES = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["theme"]
THEME = THEMES["light"]  # the dark one is measured in the browser (test_app_browser)
PAGE = THEME.get("backgroundColor", "#ffffff")
HEX = re.compile(r"#[0-9a-fA-F]{6}\b")
AA_TEXT = 4.5  # WCAG AA for text under 18.7 px bold: chip labels are 1.05rem, corner tags smaller


def blend(one: str, other: str, share: float) -> str:
    mixed = (int(one[i:i + 2], 16) * (1 - share) + int(other[i:i + 2], 16) * share
             for i in (1, 3, 5))
    return "#" + "".join(f"{round(channel):02x}" for channel in mixed)


def shades(background: str) -> list[str]:
    """Every colour a label may sit on: the one colour, or a gradient's stops and the blends
    the browser draws between them."""
    stops = HEX.findall(background)
    assert stops, background
    return [blend(a, b, step / 10) for a, b in zip(stops, stops[1:] or stops, strict=False)
            for step in range(11)]


def test_the_contrast_sums_match_wcag():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert shades("linear-gradient(90deg,#000000,#ffffff)")[5] == "#808080"


@pytest.mark.parametrize("face", list(Face))
def test_every_chip_label_is_readable_wherever_it_sits_on_the_chip(face):
    # The Wild's white W on its gradient's yellow read at 3:1 (a11y audit).
    look = LOOKS[face]
    worst = min(shades(look.background), key=lambda shade: contrast(look.text, shade))
    assert contrast(look.text, worst) >= AA_TEXT, f"{face.name}: {look.text} on {worst}"


def test_nothing_on_a_chip_is_faded():
    # The sums above hold only for full-strength text: the colour letter in the corner, the
    # colour-blind player's cue, was drawn at 90 % and fell to 4.3:1 on red.
    assert "opacity" not in CHIP_CSS


@pytest.mark.parametrize(("lang", "token", "said"), [
    ("en", "R7", "red 7"), ("de", "Y12", "gelbe 12"), ("nl", "G3", "groene 3"),
    ("da", "B10", "blå 10"), ("de", "W", "Joker"), ("nl", "S", "pestkaart"),
    ("en", "QS", "queen of spades"), ("de", "10H", "Herz 10"), ("da", "AD", "ruder es"),
    ("nl", "X", "joker"),
])
def test_a_chip_is_named_in_the_players_language(lang, token, said):
    # A screen reader spelt out "R7" and was left to name the ♥ of "10♥" (a11y audit).
    chip = card_chip_html(lang, token)
    assert f'role="img" aria-label="{said}"' in chip and f'title="{said}"' in chip


def test_a_doubtful_chip_says_so_to_a_screen_reader():
    # Its "?" is drawn by CSS, inside an image the reader names only by its label.
    assert 'aria-label="rote 7, unsicher"' in card_chip_html("de", "R7", unsure=True)
    assert chips_html("da", ["R7", "G2"], unsure=[1]).count("usikker") == 2  # label and title
    assert 'aria-label="7 of hearts"' in groups_html("en", [["7H"], ["X"]])


def test_a_white_chip_and_a_laid_group_have_visible_edges():
    # On the white page a 10♥'s edge, and the frame that tells one laid group from the next,
    # are lines only: 2.7:1 and 1.9:1, under the 3:1 WCAG asks of such shapes (a11y audit).
    edges = re.findall(r"\.(chip|group)\{[^}]*border:1px \w+ (#[0-9a-f]{6})", CHIP_CSS)
    assert [name for name, _ in edges] == ["chip", "group"]
    assert all(contrast(colour, PAGE) >= 3 for _, colour in edges), edges


def test_captions_are_readable():
    # Streamlit draws st.caption in the theme's text colour at 60 %: by default 3.9:1 on white,
    # for whose deal it is, the hands played, the phase chosen and the chart's figures in words.
    faded = blend(THEME.get("textColor", "#2f2d2b"), PAGE, 0.4)
    assert contrast(faded, PAGE) >= AA_TEXT


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_a_buttons_words_are_readable_on_the_primary_colour(mode):
    # "Save hand" and "Start game" are white on the primary colour; the dark page's first
    # blue, light enough for its dark background, left them at 2.2:1 (visual audit).
    assert contrast("#ffffff", THEMES[mode]["primaryColor"]) >= AA_TEXT
