"""Cards and the card notation of ``INTERFACES.md``.

Phase 10 deck: colour letter + number (``R7``), ``W`` wild, ``S`` skip.
Standard deck: rank + suit (``AS``, ``10H``, ``QD``), ``X`` joker; ``♣♦♥♠`` are accepted on input.

>>> parse_hand("r7, b7 W s")
(Card('R7'), Card('B7'), Card('W'), Card('S'))
>>> format_hand(parse_hand("10♥ as x"))
'10H AS X'
>>> sorted(parse_hand("G3 R12 W R3"))
[Card('R3'), Card('G3'), Card('R12'), Card('W')]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from solver.errors import NotationError


class Deck(Enum):
    """The physical deck a card belongs to."""

    PHASE10 = "phase10"
    STANDARD = "standard"


PHASE10_COLOURS = ("R", "B", "G", "Y")
SUITS = ("C", "D", "H", "S")
RED_SUITS = frozenset({"D", "H"})
STANDARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
                 "❤": "H"}
_PHASE10_SPECIALS = ("W", "S")
_STANDARD_SPECIALS = ("X",)
#: Each suit letter's sign, as cards print it.
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# Sorting puts numbers first, then specials; the order inside each block is the printed order.
_SPECIAL_ORDER = {"W": 100, "S": 101, "X": 102}


@dataclass(frozen=True)
class Card:
    """One physical card. ``rank`` is 1..12 (Phase 10) or 1..13 (A..K); 0 for W, S and X.

    ``suit`` is the colour letter (R B G Y) or the suit (C D H S); ``special`` is ``W``, ``S``
    or ``X`` for the cards without a rank. The ruleset decides what a card *does*.
    """

    deck: Deck
    rank: int = 0
    suit: str = ""
    special: str = ""

    def __str__(self) -> str:
        if self.special:
            return self.special
        if self.deck is Deck.PHASE10:
            return f"{self.suit}{self.rank}"
        return f"{rank_text(self.deck, self.rank)}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def signed(self) -> str:
        """The card as players write it: an ordinary card with its suit's sign.

        >>> parse_card("10h").signed, parse_card("r7").signed, parse_card("x").signed
        ('10♥', 'R7', 'X')
        """
        if self.deck is Deck.STANDARD and not self.special:
            return rank_text(self.deck, self.rank) + SUIT_SIGNS[self.suit]
        return str(self)

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Deck, then rank (specials last), then suit in the notation's order."""
        deck = 0 if self.deck is Deck.PHASE10 else 1
        if self.special:
            return (deck, _SPECIAL_ORDER[self.special], 0)
        suits = PHASE10_COLOURS if self.deck is Deck.PHASE10 else SUITS
        return (deck, self.rank, suits.index(self.suit))

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    def __le__(self, other: Card) -> bool:
        return self.sort_key <= other.sort_key

    def __gt__(self, other: Card) -> bool:
        return self.sort_key > other.sort_key

    def __ge__(self, other: Card) -> bool:
        return self.sort_key >= other.sort_key


def rank_text(deck: Deck, rank: int) -> str:
    """A rank as the deck prints it: 12 on Phase 10 cards, Q on standard ones (A, J, Q, K for
    1, 11, 12, 13).

    >>> rank_text(Deck.STANDARD, 12), rank_text(Deck.PHASE10, 12), rank_text(Deck.STANDARD, 7)
    ('Q', '12', '7')
    """
    return STANDARD_RANKS[rank - 1] if deck is Deck.STANDARD else str(rank)


def all_faces(deck: Deck) -> tuple[Card, ...]:
    """Every distinct face of a deck, in sorted order.

    >>> len(all_faces(Deck.PHASE10)), len(all_faces(Deck.STANDARD))
    (50, 53)
    """
    if deck is Deck.PHASE10:
        numbers = [Card(deck, r, c) for r in range(1, 13) for c in PHASE10_COLOURS]
        return (*numbers, *(Card(deck, special=s) for s in _PHASE10_SPECIALS))
    ranked = [Card(deck, r, s) for r in range(1, 14) for s in SUITS]
    return (*ranked, *(Card(deck, special=s) for s in _STANDARD_SPECIALS))


_PHASE10_RE = re.compile(r"^([RBGY])(\d{1,2})$")
_STANDARD_RE = re.compile(r"^(10|[A2-9JQK])([CDHS])$")
# Court cards as German, Dutch and Danish decks print them, with a suit sign as the German seed
# writes them ("D♥", "B♦"): Bube, boer, bonde; Dame; heer; knægt. With a suit letter instead,
# "BS" is a typo of the blue 5 before it is a jack; V is left out, a queen in Dutch decks but a
# jack (valet) in French ones.
_COURT_LETTERS = {"B": "J", "KN": "J", "D": "Q", "H": "K"}
_COURT_RE = re.compile(r"^(KN|[BDH])([CDHS])$")


def parse_card(token: str) -> Card:
    """Read one card token (case-insensitive).

    >>> parse_card("r7"), parse_card("10h"), parse_card("Q♦"), parse_card("w")
    (Card('R7'), Card('10H'), Card('QD'), Card('W'))
    >>> parse_card("D♥"), parse_card("B♦"), parse_card("h♣"), parse_card("Kn♠")
    (Card('QH'), Card('JD'), Card('KC'), Card('JS'))
    >>> parse_card("R13")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: 'R13': Phase 10 numbers go from 1 to 12
    """
    raw = _shown(token)
    # Full-width digits and letters (a phone's Asian keyboard) read as plain ones; invisible
    # characters pasted along are dropped.
    text = "".join(ch for ch in unicodedata.normalize("NFKC", token)
                   if unicodedata.category(ch) != "Cf" and ch not in _EMOJI_STYLE).strip().upper()
    signed = text[-1:] in _SUIT_SYMBOLS
    for symbol, letter in _SUIT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    if not text:
        raise NotationError("empty card token", "card_empty")
    if text in _PHASE10_SPECIALS:
        return Card(Deck.PHASE10, special=text)
    if text in _STANDARD_SPECIALS:
        return Card(Deck.STANDARD, special=text)
    match = _PHASE10_RE.match(text)
    if match:
        number = int(match.group(2))
        if not 1 <= number <= 12:
            raise NotationError(f"{raw!r}: Phase 10 numbers go from 1 to 12", "card_range",
                                token=raw)
        return Card(Deck.PHASE10, number, match.group(1))
    match = _STANDARD_RE.match(text)
    if match:
        return Card(Deck.STANDARD, STANDARD_RANKS.index(match.group(1)) + 1, match.group(2))
    match = _COURT_RE.match(text) if signed else None
    if match:
        rank = _COURT_LETTERS[match.group(1)]
        return Card(Deck.STANDARD, STANDARD_RANKS.index(rank) + 1, match.group(2))
    foreign = next((ch for ch in text if ch.isalpha()
                    and not unicodedata.name(ch, "LATIN").startswith("LATIN")), None)
    if foreign is not None:  # a Cyrillic В looks like a B and reads as no card at all
        raise NotationError(
            f"{raw!r} is not a card: its {foreign!r} is not a Latin letter "
            f"({unicodedata.name(foreign, 'unknown').lower()})",
            "card_letter", token=raw, letter=foreign,
        )
    raise NotationError(f"{raw!r} is not a card: {_NOTATION}", "card_unknown", token=raw)


# How either deck's cards are written, said (in English) to a token that is no card.
_NOTATION = ("use R1..R12, B, G, Y likewise, W or S for Phase 10 cards, or rank + suit "
             "(AS, 10H, QD) and X for standard cards")


# A phone's emoji keyboard types ♥ as "♥\ufe0f" (the emoji style of the sign).
_EMOJI_STYLE = frozenset("\ufe0e\ufe0f")
_SEPARATORS = re.compile(r"[\s,;\u200b\u2060\ufeff]+")  # zero-width spaces and joiners too
MOST_SHOWN = 12
MOST_NAMED = 6  # bad tokens named in one message


def _shown(token: str) -> str:
    """A token as a message quotes it: a paste of thousands of characters is cut short."""
    return token if len(token) <= MOST_SHOWN else token[:MOST_SHOWN] + "…"


def parse_hand(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read a hand: tokens separated by spaces and/or commas (or an iterable of tokens).

    >>> parse_hand(["R7", "b7"])
    (Card('R7'), Card('B7'))
    >>> parse_hand("R7 AS")
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: the hand mixes Phase 10 cards (R7) and standard cards (AS)
    """
    cards = tuple(_parse_all(split_tokens(text)))
    decks = {c.deck for c in cards}
    if len(decks) > 1:
        p10 = next(c for c in cards if c.deck is Deck.PHASE10)
        std = next(c for c in cards if c.deck is Deck.STANDARD)
        raise NotationError(
            f"the hand mixes Phase 10 cards ({p10}) and standard cards ({std})",
            "hand_mixed", phase10=str(p10), standard=str(std),
        )
    return cards


def split_tokens(text: str | Iterable[str]) -> list[str]:
    """A hand's tokens: split at spaces and/or commas (an iterable of tokens kept as it is).

    >>> split_tokens("R7, b7  w")
    ['R7', 'b7', 'w']
    """
    return [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)


def parse_rank(token: str, deck: Deck) -> int | None:
    """The rank a token names without suit or colour ("K", "10", "7"), or None for any other
    token. Points left in hand go by rank alone, so an end-of-hand count may skip the suits.

    >>> parse_rank("k", Deck.STANDARD), parse_rank("12", Deck.PHASE10)
    (13, 12)
    >>> parse_rank("12", Deck.STANDARD), parse_rank("Q", Deck.PHASE10)
    (None, None)
    >>> parse_rank("KH", Deck.STANDARD), parse_rank("S", Deck.PHASE10)
    (None, None)
    """
    text = unicodedata.normalize("NFKC", token).strip().upper()
    ranks = STANDARD_RANKS if deck is Deck.STANDARD else tuple(str(n) for n in range(1, 13))
    return ranks.index(text) + 1 if text in ranks else None


def _parse_all(tokens: list[str]) -> list[Card]:
    """Every token read; of several that are no card at all, all are named at once: "X9" said
    alone sent the player back to find "Q" next (usability audit, session 54).

    >>> _parse_all(["R7", "X9", "Q"])
    Traceback (most recent call last):
    ...
    solver.errors.NotationError: 'X9', 'Q' are not cards: use R1..R12, B, G, Y likewise, W or S \
for Phase 10 cards, or rank + suit (AS, 10H, QD) and X for standard cards
    """
    cards, unknown = [], []
    for token in tokens:
        try:
            cards.append(parse_card(token))
        except NotationError as error:
            if error.code != "card_unknown":  # an empty token, a 13, a Cyrillic letter
                raise
            unknown.append(error)
    if len(unknown) == 1:
        raise unknown[0]
    if unknown:
        # A pasted paragraph would fill the screen: the first few, and the rest once fixed.
        named = tuple(str(error.params["token"]) for error in unknown[:MOST_NAMED])
        raise NotationError(f"{', '.join(map(repr, named))} are not cards: {_NOTATION}",
                            "cards_unknown", tokens=named)
    return cards


def format_hand(cards: Iterable[Card]) -> str:
    """Canonical notation of some cards, in the given order.

    >>> format_hand(parse_hand("y12 w"))
    'Y12 W'
    """
    return " ".join(str(c) for c in cards)
