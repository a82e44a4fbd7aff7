"""Cards drawn as coloured chips: HTML for the at-a-glance row, short labels for tap targets.

Works on canonical card tokens (INTERFACES.md): Phase 10 `R7`, `W`, `S`; standard `10H`, `X`.

>>> card_text("R7"), card_text("W"), card_text("10H"), card_text("QS")
('R7', 'W', '10♥', 'Q♠')
>>> card_markdown("R7"), card_markdown("10H"), card_markdown("W")
(':red-background[**R7**]', ':red[**10♥**]', ':rainbow[**W**]')
>>> 'class="chip unsure"' in card_chip_html("en", "B12", unsure=True)
True
>>> '<span class="tag" aria-hidden="true">B</span>12</span>' in card_chip_html("en", "B12")
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from solver import SUIT_SIGNS, Deck, face_name, parse_card, parse_rank
from ui.strings import DEFAULT_LANGUAGE, text


class Face(Enum):
    """How a card looks on the page (not what it does: the ruleset decides roles)."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"
    WILD = "W"
    SKIP = "S"
    JOKER = "X"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    SPADES = "S♠"


@dataclass(frozen=True)
class Look:
    background: str  # CSS, for the HTML chips
    text: str  # CSS colour of the label
    markdown: str  # Streamlit colour directive for widget labels, where HTML is not allowed
    symbol: str = ""  # the suit sign printed after a standard card's rank


LOOKS: dict[Face, Look] = {
    Face.RED: Look("#d32f2f", "#ffffff", ":red-background"),
    Face.BLUE: Look("#1565c0", "#ffffff", ":blue-background"),
    Face.GREEN: Look("#2e7d32", "#ffffff", ":green-background"),
    Face.YELLOW: Look("#f2b705", "#1b1b1b", ":yellow-background"),
    # A darker gold than the yellow chip's: the white W sits mid-gradient, and on that yellow
    # it read at 3:1.
    Face.WILD: Look("linear-gradient(135deg,#d32f2f,#9a6700,#2e7d32,#1565c0)", "#ffffff",
                    ":rainbow"),
    Face.SKIP: Look("#263238", "#ffffff", ":gray-background"),
    Face.JOKER: Look("linear-gradient(135deg,#6a1b9a,#ad1457)", "#ffffff", ":violet"),
    Face.HEARTS: Look("#ffffff", "#c62828", ":red", SUIT_SIGNS["H"]),
    Face.DIAMONDS: Look("#ffffff", "#c62828", ":red", SUIT_SIGNS["D"]),
    Face.CLUBS: Look("#ffffff", "#1b1b1b", "", SUIT_SIGNS["C"]),
    Face.SPADES: Look("#ffffff", "#1b1b1b", "", SUIT_SIGNS["S"]),
}
_SUITS = {"H": Face.HEARTS, "D": Face.DIAMONDS, "C": Face.CLUBS, "S": Face.SPADES}
_COLOURS = {"R": Face.RED, "B": Face.BLUE, "G": Face.GREEN, "Y": Face.YELLOW}
_SINGLE = {"W": Face.WILD, "S": Face.SKIP, "X": Face.JOKER}

def input_hint_css(lang: str, limited: Sequence[str] = ()) -> str:
    """Streamlit's "Press Enter to apply" under a box being typed in, in the page's language:
    Streamlit words it in English only (German, Dutch and Danish phones showed it under every
    name, card and points box; browser audit, session 62). The hint comes first, where there is
    one; the characters counted follow in the boxes ``limited`` (their keys, or the keys'
    beginnings). Those show the count alone until typed in, which was hidden for a false
    "press Enter" (accessibility audit, session 64). English keeps Streamlit's own (⌘ on a Mac).

    >>> "Mit Enter übernehmen" in input_hint_css("de"), input_hint_css("en")
    (True, '')
    """
    if lang == DEFAULT_LANGUAGE:
        return ""
    hint = '[data-testid="InputInstructions"]'
    # Streamlit marks a box with a limit in no other way the page's CSS can see.
    counted = ",".join(f'[class*="st-key-{key}"]' for key in limited)
    free = f"{hint}:not(:is({counted}) *)" if counted else hint
    area = '[data-testid="stTextArea"]'
    # Where the hint is: the first of two parts, or the only part of a box without a limit.
    english = f"{hint}>span:first-child:not(:only-child),{free}>span:only-child"
    said = f"{hint}:has(>span:nth-child(2))::before,{free}:has(>span)::before"
    said_in_area = (f"{area} {hint}:has(>span:nth-child(2))::before,"
                    f"{area} {free}:has(>span)::before")
    return (f"<style>{english}{{display:none}}"
            f"{said}{{content:{_css_text(text(lang, 'input_hint_enter'))}}}"
            f"{said_in_area}{{content:{_css_text(text(lang, 'input_hint_ctrl_enter'))}}}"
            "</style>")


def uploader_css(lang: str, limit_mb: int) -> str:
    """Streamlit's English in every file box, in the page's language: its "Upload" button and
    its "50MB per file • JPG, PNG, ..." line (browser audit, session 63). The line keeps the
    size limit alone: each box's label names what it takes. Streamlit draws both at 14 px.

    >>> "Hochladen" in uploader_css("de", 50), "höchstens 50 MB je Datei" in uploader_css("de", 50)
    (True, True)
    >>> uploader_css("en", 50)
    ''
    """
    if lang == DEFAULT_LANGUAGE:
        return ""
    # Hidden, not shrunk, and said by their parents: a screen reader heard the words shrunk
    # to nothing as well ("Upload Hochladen").
    button = '[data-testid="stFileUploaderDropzone"] button [data-testid="stMarkdownContainer"]'
    line = '[data-testid="stFileUploaderDropzoneInstructions"]>div'
    return (f"<style>{button} p,{line}>span{{display:none}}"
            f"{button}::after{{font-size:.875rem;content:{_css_text(text(lang, 'photo_upload'))}}}"
            f"{line}::after{{font-size:.875rem;opacity:.7;"
            f"content:{_css_text(text(lang, 'upload_limit', mb=limit_mb))}}}</style>")


def _css_text(words: str) -> str:
    r"""A CSS string of ``words``.

    >>> print(_css_text('a "b" \\ c'))
    "a \"b\" \\ c"
    """
    return '"' + words.replace("\\", "\\\\").replace('"', '\\"') + '"'


# The gaps leave room for an unsure chip's dashed outline (4 px out) and its "?" (about 7 px
# out): at 6 px, two unsure neighbours' outlines ran into one and a "?" sat on the chip above.
CHIP_CSS = """
<style>
.chips{display:flex;flex-wrap:wrap;gap:12px 10px;margin:8px 0 10px 0}
.chip{display:inline-flex;align-items:center;justify-content:center;min-width:2.6em;
 height:3.2em;padding:0 .45em;border-radius:.45em;font-weight:700;font-size:1.05rem;
 border:1px solid #8a8a8a;box-shadow:0 1px 2px rgba(0,0,0,.25);position:relative}
.chip.unsure{outline:3px dashed #ff9800;outline-offset:1px}
.chip.unsure::after{content:"?";position:absolute;top:-.55em;right:-.45em;background:#ff9800;
 color:#000;border-radius:50%;width:1.2em;height:1.2em;font-size:.75rem;line-height:1.2em;
 text-align:center}
.chip .tag{position:absolute;top:.2em;left:.35em;font-size:.62rem;font-weight:600}
.chip .as{position:absolute;bottom:.2em;right:.35em;font-size:.62rem;font-weight:600}
.chips .arrow{align-self:center;font-size:1.3rem;color:#757575}
.group{display:inline-flex;flex-wrap:wrap;gap:4px;padding:4px;border:1px dashed #8a8a8a;
 border-radius:.5em;max-width:100%;box-sizing:border-box}
/* the standings: a long name wraps in its column, never pushes the table sideways */
[data-testid="stTable"] td:nth-child(2) p{overflow-wrap:anywhere}
/* a button's words wrap: on a phone "Zu „Zehn Phasen (normale Karten, Könige wild)“ …" lost
   the verb that says what it does */
:is([data-testid="stButton"],[data-testid="stDownloadButton"])
 :is([data-testid="stMarkdownContainer"],[data-testid="stMarkdownContainer"] p){white-space:normal}
/* a widget's label wraps: at 360 px "Phase geschafft · <a long name>" beside its tick box
   ended in "…" and lost whose it was (visual audit) */
[data-testid="stWidgetLabel"]
 :is([data-testid="stMarkdownContainer"],[data-testid="stMarkdownContainer"] p){
 white-space:normal;overflow-wrap:anywhere}
/* Streamlit leaves 96 px above the page for a toolbar this page hides (toolbarMode minimal):
   on a phone that was an eighth of the screen, blank, above the language switch */
[data-testid="stMainBlockContainer"]{padding-top:2.5rem}
/* a select box shows one line: what does not fit ends in "…", and its list wraps each choice
   whole (a game of four players lost its day and number at 360 px, visual audit) */
[data-testid="stSelectbox"] input{text-overflow:ellipsis}
[role="listbox"] [role="option"]{height:auto;min-height:40px}
[role="listbox"] [role="option"] > div{height:auto;white-space:normal;overflow-wrap:anywhere}
/* the score sheet's framed forms on a phone: 15 px inside the frame on either side cut
   their select boxes' choices ("Phase 10: 5 red or black + 4 of the other" in the
   free-order form); the frames are keyed containers (ui.page_sheet), not st.form */
@media (max-width:640px){:is(.st-key-new_game,[class*="st-key-form_"]){padding:.5rem}}
</style>
"""


def face_of(token: str) -> Face:
    """The look of a canonical token."""
    if token in _SINGLE:
        return _SINGLE[token]
    if token[:1] in _COLOURS and token[1:].isdigit():
        return _COLOURS[token[0]]
    return _SUITS.get(token[-1:], Face.JOKER)


def _rank(token: str, face: Face) -> str:
    if face in (Face.WILD, Face.SKIP, Face.JOKER):
        return token
    return token[1:] if face in _COLOURS.values() else token[:-1]


def card_text(token: str) -> str:
    """Plain text for places without colour (select boxes, chart axes): suits as symbols; a
    card counted by its rank alone as it is ("K").

    >>> card_text("KH"), card_text("K"), card_text("12")
    ('K♥', 'K', '12')
    """
    if any(parse_rank(token, deck) is not None for deck in Deck):
        return token
    return parse_card(token).signed


def cards_text(tokens: Iterable[str]) -> str:
    """Cards named in a sentence, as the chips show them.

    >>> cards_text(["QH", "R7"])
    'Q♥, R7'
    """
    return ", ".join(card_text(token) for token in tokens)


def spoken_name(lang: str, token: str) -> str:
    """The card's face in words, for screen readers and a long press.

    >>> [spoken_name(lang, token) for lang, token in (("de", "R7"), ("da", "10H"), ("en", "W"))]
    ['rote 7', 'hjerter 10', 'Wild']
    """
    return face_name(parse_card(token), lang)


def card_markdown(token: str) -> str:
    """The card in Streamlit markdown, coloured like the card (for pills and headings), and
    named as typed (R7, 10♥): a pale tint alone does not tell a yellow 1 from a green one,
    to a colour-blind player or a screen reader."""
    label = f"**{card_text(token)}**"
    look = LOOKS[face_of(token)]
    return f"{look.markdown}[{label}]" if look.markdown else label


def card_chip_html(lang: str, token: str, unsure: bool = False, stands_for: str = "") -> str:
    """A card as a chip; ``stands_for``: what a laid wild stands for, shown in its corner.

    >>> chip = card_chip_html("de", "KC", False, "10")
    >>> 'aria-label="Kreuz König, steht für 10"' in chip, '>=10</span>K♣' in chip
    (True, True)
    """
    face = face_of(token)
    look = LOOKS[face]
    classes = "chip unsure" if unsure else "chip"
    label = html.escape(_rank(token, face) + look.symbol)
    # The colour's letter in a corner: a red and a green chip look alike to a colour-blind
    # player (about one man in twelve).
    tag = f'<span class="tag" aria-hidden="true">{token[0]}</span>' \
        if face in _COLOURS.values() else ""
    name = spoken_name(lang, token)
    if stands_for:
        name = text(lang, "card_as", card=name, rank=stands_for)
        tag += f'<span class="as" aria-hidden="true">={html.escape(stands_for)}</span>'
    named = html.escape(text(lang, "card_unsure", card=name) if unsure else name)
    return (
        f'<span class="{classes}" title="{named}" role="img" aria-label="{named}" '
        f'style="background:{look.background};color:{look.text}">{tag}{label}</span>'
    )


def chips_html(lang: str, tokens: Iterable[str], unsure: Iterable[int] = ()) -> str:
    """A wrapping row of chips; positions in `unsure` are flagged for checking."""
    flagged = set(unsure)
    chips = "".join(card_chip_html(lang, t, i in flagged) for i, t in enumerate(tokens))
    return f'<div class="chips">{chips}</div>'


def groups_html(lang: str, groups: Sequence[Sequence[str]],
                stands_for: Sequence[Sequence[str]] = ()) -> str:
    """Several card groups side by side, each framed (a laydown or the table); ``stands_for``,
    per group and card, what a wild stands for ("" for the others), where known."""
    framed = ""
    for k, group in enumerate(groups):
        marks = stands_for[k] if k < len(stands_for) else ()
        chips = "".join(card_chip_html(lang, token, False, marks[i] if i < len(marks) else "")
                        for i, token in enumerate(group))
        framed += f'<span class="group">{chips}</span>'
    return f'<div class="chips">{framed}</div>'
