"""What a card chip shows: its face's colours, its rank and suit sign, the colour's letter, and
which chip is flagged for checking."""

from __future__ import annotations

import pytest

from ui.chips import card_chip_html, card_markdown, chips_html

RED, WHITE, INK, RED_INK = "#d32f2f", "#ffffff", "#1b1b1b", "#c62828"


@pytest.mark.parametrize(("token", "background", "colour", "shown", "markdown"), [
    ("R7", RED, WHITE, '<span class="tag" aria-hidden="true">R</span>7', ":red-background[**R7**]"),
    ("Y12", "#f2b705", INK, '<span class="tag" aria-hidden="true">Y</span>12',
     ":yellow-background[**Y12**]"),
    ("10H", WHITE, RED_INK, "10♥", ":red[**10♥**]"),  # two digits: not "1♥"
    ("QS", WHITE, INK, "Q♠", "**Q♠**"),  # black suits: no colour directive
    ("S", "#263238", WHITE, "S", ":gray-background[**S**]"),
    ("X", "linear-gradient(135deg,#6a1b9a,#ad1457)", WHITE, "X", ":violet[**X**]"),
])
def test_chips_show_each_cards_colours_rank_and_sign(
        token: str, background: str, colour: str, shown: str, markdown: str) -> None:
    chip = card_chip_html("en", token)
    assert chip.endswith(f'style="background:{background};color:{colour}">{shown}</span>')
    assert card_markdown(token) == markdown


def test_chips_flag_the_unsure_position_alone() -> None:
    row = chips_html("en", ["R7", "G2", "B7"], unsure=[1])
    assert [chip.split('"')[1] for chip in row.split("<span class=")[1:] if "chip" in chip] == [
        "chip", "chip unsure", "chip"]
