"""The class labels a card model predicts for each deck, and how they make card tokens.

A model has a rank head and a colour head; a card token joins one label of each (Phase 10
``"R7"``: colour then rank; standard ``"10H"``: rank then suit), except for colourless ranks
(Phase 10 ``W``/``S``, the standard joker ``X``), whose token is the rank alone and whose colour
label is ``"-"``. The same conventions are what ``vision/model.py`` reads back from a model's
metadata, so training and runtime agree on every token.

>>> labels_for("standard").token(*labels_for("standard").parse("10H"))
'10H'
"""

from __future__ import annotations

from dataclasses import dataclass

from models.synth.deck import COLOURS as PHASE10_COLOURS
from models.synth.deck import RANKS as PHASE10_NUMBERS
from models.synth.deck import SKIP, WILD
from models.synth.standard import JOKER, LABEL_COLOURS, LABEL_RANKS

#: The colour label of colourless cards (and, in a crop reader, of crops holding no index).
NO_COLOUR = "-"
#: The deck of every checkpoint written before models learnt other decks.
DEFAULT_DECK = "phase10"


@dataclass(frozen=True)
class DeckLabels:
    """One deck's rank and colour classes, in the order of the model's outputs."""

    name: str
    ranks: tuple[str, ...]
    colours: tuple[str, ...]  # holds NO_COLOUR
    colourless: frozenset[str]  # ranks whose token is the rank alone
    colour_first: bool  # token order: Phase 10 "R7", standard "7H"

    @property
    def no_colour(self) -> int:
        """Index of the ``"-"`` colour.

        >>> DECK_LABELS["phase10"].no_colour, DECK_LABELS["standard"].no_colour
        (4, 4)
        """
        return self.colours.index(NO_COLOUR)

    def is_colourless(self, rank: int) -> bool:
        """Whether rank index ``rank`` makes a token without colour.

        >>> [DECK_LABELS["standard"].is_colourless(i) for i in (0, 13)]
        [False, True]
        """
        return self.ranks[rank] in self.colourless

    def parse(self, token: str) -> tuple[int, int]:
        """Token -> (rank index, colour index); colourless ranks get the ``"-"`` colour.

        >>> DECK_LABELS["phase10"].parse("R7"), DECK_LABELS["phase10"].parse("W")
        ((6, 0), (12, 4))
        >>> DECK_LABELS["standard"].parse("10H"), DECK_LABELS["standard"].parse("X")
        ((9, 2), (13, 4))
        >>> DECK_LABELS["standard"].parse("R7")
        Traceback (most recent call last):
        ...
        ValueError: not a standard card token: 'R7' (e.g. 'AC')
        """
        clean = token.strip().upper()
        if clean in self.colourless:
            return self.ranks.index(clean), self.no_colour
        cut = 1 if self.colour_first else len(clean) - 1
        head, tail = clean[:cut], clean[cut:]
        colour, rank = (head, tail) if self.colour_first else (tail, head)
        coloured = rank in self.ranks and rank not in self.colourless
        if not coloured or colour not in self.colours or colour == NO_COLOUR:
            raise ValueError(f"not a {self.name} card token: {token!r} "
                             f"(e.g. {self.token(0, 0)!r})")
        return self.ranks.index(rank), self.colours.index(colour)

    def token(self, rank: int, colour: int) -> str:
        """Inverse of :meth:`parse`. A colourless rank ignores ``colour``; a coloured rank with
        the ``"-"`` colour (a model may predict that pair) gives a token no card has.

        >>> DECK_LABELS["phase10"].token(11, 1), DECK_LABELS["phase10"].token(13, 0)
        ('B12', 'S')
        >>> DECK_LABELS["standard"].token(0, 3), DECK_LABELS["standard"].token(13, 4)
        ('AS', 'X')
        """
        name = self.ranks[rank]
        if name in self.colourless:
            return name
        return self.colours[colour] + name if self.colour_first else name + self.colours[colour]


DECK_LABELS: dict[str, DeckLabels] = {
    "phase10": DeckLabels(
        "phase10",
        ranks=(*(str(n) for n in PHASE10_NUMBERS), WILD, SKIP),
        colours=(*PHASE10_COLOURS, NO_COLOUR),
        colourless=frozenset({WILD, SKIP}),
        colour_first=True,
    ),
    "standard": DeckLabels(
        "standard",
        ranks=LABEL_RANKS,
        colours=LABEL_COLOURS,
        colourless=frozenset({JOKER}),
        colour_first=False,
    ),
}


def labels_for(deck: str) -> DeckLabels:
    """The labels of ``deck``; a ValueError naming the known decks otherwise.

    >>> labels_for("phase10").ranks[-3:], labels_for("standard").colours
    (('12', 'W', 'S'), ('C', 'D', 'H', 'S', '-'))
    >>> labels_for("uno")
    Traceback (most recent call last):
    ...
    ValueError: unknown deck 'uno'; known decks: phase10, standard
    """
    try:
        return DECK_LABELS[deck]
    except KeyError:
        raise ValueError(f"unknown deck {deck!r}; known decks: {', '.join(DECK_LABELS)}") from None
