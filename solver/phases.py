"""Phase requirements as data, and the small text syntax for custom phases.

A phase is a tuple of requirements joined by ``+``: ``set N``, ``run N``, ``colour N``,
``suit N``, ``redblack N``; a count prefix repeats one (``2 sets of 3``, ``2 x set 3``).

>>> parse_phase("set 3 + run 4")
Phase('set 3 + run 4')
>>> parse_phase("2 sets of 4").requirements
(Requirement(kind=<Kind.SET: 'set'>, size=4), Requirement(kind=<Kind.SET: 'set'>, size=4))
>>> parse_phase("color 7")
Phase('colour 7')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import NoReturn

from solver.errors import SolverError


class Kind(Enum):
    """What a group must have in common."""

    SET = "set"  # one number
    RUN = "run"  # consecutive numbers
    COLOUR = "colour"  # one colour of the ruleset's colour scheme
    SUIT = "suit"  # one suit (a colour on the Phase 10 deck)
    REDBLACK = "redblack"  # one of red/black; the redblack groups of one phase differ


_KIND_WORDS = {
    "set": Kind.SET, "sets": Kind.SET, "run": Kind.RUN, "runs": Kind.RUN,
    "colour": Kind.COLOUR, "colours": Kind.COLOUR, "color": Kind.COLOUR, "colors": Kind.COLOUR,
    "suit": Kind.SUIT, "suits": Kind.SUIT, "redblack": Kind.REDBLACK, "redblacks": Kind.REDBLACK,
    # The page's words for them in German, Dutch and Danish (ui/strings.py, kind_*): a phase
    # list typed in the player's language ("Satz 3 + Folge 4", "2 sets van 3", "farve 7").
    "satz": Kind.SET, "sätze": Kind.SET, "folge": Kind.RUN, "folgen": Kind.RUN,
    "farbe": Kind.COLOUR, "farben": Kind.COLOUR, "symbol": Kind.SUIT, "symbole": Kind.SUIT,
    "reeks": Kind.RUN, "reeksen": Kind.RUN, "kleur": Kind.COLOUR, "kleuren": Kind.COLOUR,
    # Dutch "soort", the page's word for a suit group before "symbool", is still read (links).
    "symbool": Kind.SUIT, "symbolen": Kind.SUIT, "soort": Kind.SUIT, "soorten": Kind.SUIT,
    "sæt": Kind.SET, "stræk": Kind.RUN, "farve": Kind.COLOUR, "farver": Kind.COLOUR,
    "kulør": Kind.SUIT, "kulører": Kind.SUIT,
    # A table photo's red/black groups, as the page writes them (ui/strings.py, table_word_*).
    "rotschwarz": Kind.REDBLACK, "roodzwart": Kind.REDBLACK, "rødsort": Kind.REDBLACK,
}


def kind_named(word: str) -> Kind | None:
    """The group kind a word names, in any of the page's languages, or None.

    >>> kind_named("Folge"), kind_named("colors"), kind_named("pair")
    (<Kind.RUN: 'run'>, <Kind.COLOUR: 'colour'>, None)
    >>> kind_named("symbool"), kind_named("soort")  # Dutch suit group, and its older word
    (<Kind.SUIT: 'suit'>, <Kind.SUIT: 'suit'>)
    """
    return _KIND_WORDS.get(word.strip().lower())


@dataclass(frozen=True)
class Requirement:
    """One group of a phase: its kind and minimum size."""

    kind: Kind
    size: int

    def __str__(self) -> str:
        return f"{self.kind.value} {self.size}"


@dataclass(frozen=True)
class Phase:
    """The groups a player must lay down together."""

    requirements: tuple[Requirement, ...]

    def __str__(self) -> str:
        return " + ".join(str(r) for r in self.requirements)

    def __repr__(self) -> str:
        return f"Phase({str(self)!r})"

    @property
    def cards_needed(self) -> int:
        """The fewest cards that lay this phase.

        >>> parse_phase("set 5 + set 2").cards_needed
        7
        """
        return sum(r.size for r in self.requirements)


_PART = re.compile(
    r"^(?:(?P<count>\d+)\s*(?:x|×|\*)?\s*)?(?P<kind>[^\W\d_]+)\s*(?:(?:of|aus|van|af)\s*)?"
    r"(?P<size>\d+)$"
)
# How the seeds and printed rule sheets write a phase, beside the solver's own "set 3 + run 4":
# groups joined by a word ("1 Satz aus 3 und 1 Folge aus 4", "1 set van 3 en 1 reeks van 4"),
# sizes counted in cards ("2 sæt af 3 kort"), a colour group worded the other way round ("7
# Karten einer Farbe", "7 kaarten van dezelfde kleur", "7 kort i samme farve"), a remark in
# brackets ("8 Karten einer Farbe (rot oder schwarz)": the ruleset decides what colour means),
# or the phase itself in brackets beside a pattern ("AAA + BBB (2 sets van 3)"). A joining word
# only joins before what starts a group: Danish "i en farve" is "in one colour".
_JOINER = re.compile(r"\+|\s(?:and|und|en|og|&)\s(?=\d|[^\W\d_]+\s(?:\S+\s)?\d)",
                     re.IGNORECASE)
_REMARK = re.compile(r"\(([^()]*)\)")
_RED_OR_BLACK = re.compile(r"\s*(?:red or black|rot oder schwarz|rood of zwart|rød eller sort)\s*",
                           re.IGNORECASE)
_CARDS = re.compile(r"\s(?:cards?|karten|kaarten|kort)$")
_SAME_KIND = re.compile(
    r"^(?P<size>\d+)\s(?:(?:cards?|karten|kaarten|kort)\s)?(?:of\sone|of\sthe\ssame|in\sone|"
    r"einer|in\seiner|derselben|mit\sdemselben|met\shetzelfde|van\sdezelfde|van\séén|i\ssamme|"
    r"i\sén|i\sen|af\ssamme)\s(?P<kind>[^\W\d_]+)$"
)
# Seed 000's classic phase 8, "2 Folgen aus 4 Karten mit demselben Symbol": its example
# ("4,5,6,9 Herz & 2,6,10,B Pik") shows one-suit groups, not runs (RULES.md). Runs of one colour
# written otherwise stay refused: the solver has no such group.
_SEED_SUIT_GROUPS = re.compile(
    r"^(?P<count>\d+)\sfolgen\saus\s(?P<size>\d+)\skarten\smit\sdemselben\ssymbol$")
# "3 einer anderen Farbe" (seed 000): the other colour of two red/black groups.
_OTHER_COLOUR = re.compile(
    r"^(?P<size>\d+)\s(?:(?:cards?|karten|kaarten|kort)\s)?(?:of\sthe\sother|of\sanother|"
    r"einer\sanderen|der\sanderen|in\sder\sanderen|van\sde\sandere|van\seen\sandere|"
    r"i\sden\sanden|i\sen\sanden)\s(?:colou?r|farbe|kleur|farve)$"
)
# Seed 000's "Dreiergruppe": a set of three.
_NAMED_SET = re.compile(r"^(?:(?P<count>\d+)\s)?(?P<size>zweier|dreier|vierer|fünfer)gruppen?$")
_NAMED_SIZES = {"zweier": 2, "dreier": 3, "vierer": 4, "fünfer": 5}
# A remark that only shows an example ("(Beispiel: 4,5,6,9 Herz & 2,6,10,B Pik)").
_EXAMPLE = re.compile(r"\s*(?:e\.\s?g\.|for example|example|beispiel|z\.\s?b\.|bijvoorbeeld|"
                      r"voorbeeld|bv\.|eksempel|f\.\s?eks\.)\b.*", re.IGNORECASE | re.DOTALL)


def _trimmed(part: str) -> str:
    """A group without its full stop and a closing "cards" ("2 sæt af 3 kort.")."""
    return _CARDS.sub("", part.rstrip(". "))


def _as_written(part: str) -> str:
    """A group as a rule sheet may write it, in the form ``_PART`` reads.

    >>> _as_written("7 kaarten van dezelfde kleur"), _as_written("2 sæt af 3 kort")
    ('kleur 7', '2 sæt af 3')
    """
    words = _trimmed(part)
    if named := _NAMED_SET.match(words):
        return f"{named.group('count') or 1} set {_NAMED_SIZES[named.group('size')]}"
    if other := _OTHER_COLOUR.match(words):
        return f"redblack {other.group('size')}"
    if suits := _SEED_SUIT_GROUPS.match(words):
        return f"{suits.group('count')} suits of {suits.group('size')}"
    same = _SAME_KIND.match(words)
    if same is None or kind_named(same.group("kind")) not in _COLOUR_KINDS:
        return words
    return f"{same.group('kind')} {same.group('size')}"


_COLOUR_KINDS = (Kind.COLOUR, Kind.SUIT, Kind.REDBLACK)


def parse_phase(text: str) -> Phase:
    """Read a phase written as requirements joined by ``+``.

    >>> parse_phase("redblack 5 + redblack 3")
    Phase('redblack 5 + redblack 3')
    >>> parse_phase("2 Sätze aus 3"), parse_phase("reeks 4 + kleur 4"), parse_phase("sæt af 5")
    (Phase('set 3 + set 3'), Phase('run 4 + colour 4'), Phase('set 5'))

    As rule sheets write them (the seeds' own lists):

    >>> parse_phase("1 Satz aus 3 und 1 Folge aus 4"), parse_phase("7 Karten einer Farbe")
    (Phase('set 3 + run 4'), Phase('colour 7'))
    >>> parse_phase("1 sæt af 3 kort + 1 stræk af 4 kort"), parse_phase("2 sets van 3")
    (Phase('set 3 + run 4'), Phase('set 3 + set 3'))
    >>> parse_phase("set three")
    Traceback (most recent call last):
    ...
    solver.errors.SolverError: phase 'set three': 'set three' is not a requirement; write e.g. \
'set 3', 'run 4', 'colour 7', 'suit 4', 'redblack 5' or '2 sets of 3'
    """
    remarks = _REMARK.findall(text)
    unclear = [remark.strip() for remark in remarks
               if not (_RED_OR_BLACK.fullmatch(remark) or _EXAMPLE.fullmatch(remark))]
    if unclear:
        # A remark could change the phase ("(x2)", "(in einer Farbe)"): read only as the phase
        # itself, the one in brackets beside a pattern ("AAA + BBB (2 sets van 3)").
        if len(remarks) == 1:
            try:
                return _read_plain(remarks[0])
            except SolverError:
                pass
        # The one named is one it cannot tell: "(x2) (rot oder schwarz)" named the colour.
        raise SolverError(
            f"phase {text.strip()!r}: cannot tell what {unclear[-1]!r} in brackets does "
            "to the phase; write the phase without it, e.g. 'set 3 + run 4'",
            "phase_remark", text=text.strip(), remark=unclear[-1])
    return _read_plain(_REMARK.sub(" ", text), text)


def _read_plain(text: str, as_typed: str | None = None) -> Phase:
    shown = (as_typed or text).strip()
    requirements: list[Requirement] = []
    other_colour = False
    for part in _JOINER.split(text):
        trimmed = _trimmed(" ".join(part.strip().lower().split()))
        other_colour = other_colour or bool(_OTHER_COLOUR.match(trimmed))
        words = _as_written(trimmed)
        match = _PART.match(words)
        kind = kind_named(match.group("kind")) if match else None
        if match is None or kind is None:
            raise SolverError(
                f"phase {shown!r}: {part.strip()!r} is not a requirement; write e.g. "
                "'set 3', 'run 4', 'colour 7', 'suit 4', 'redblack 5' or '2 sets of 3'",
                "phase_syntax", text=shown, part=part.strip(),
            )
        if len(match.group("size")) > 6 or len(match.group("count") or "") > 6:
            _too_big(shown)  # before int(), which refuses 4,300 digits with a traceback
        size = int(match.group("size"))
        count = int(match.group("count") or 1)
        if size < 1 or count < 1:
            raise SolverError(f"phase {shown!r}: group sizes and counts must be at least 1",
                              "phase_sizes", text=shown)
        if count > MOST_GROUPS or size > MOST_CARDS:  # before "999999999 sets" is built
            _too_big(shown)
        requirements.extend([Requirement(kind, size)] * count)
    if other_colour:
        # "5 of one colour + 3 of the other": both are red/black groups, which must differ.
        requirements = [Requirement(Kind.REDBLACK, r.size) if r.kind is Kind.COLOUR else r
                        for r in requirements]
    if len(requirements) > MOST_GROUPS or sum(r.size for r in requirements) > MOST_CARDS:
        _too_big(shown)
    return Phase(tuple(requirements))


# A phase is laid from one hand (at most 20 cards), and the solver weighs every way of laying
# it: four groups or more multiply those ways past what a page can wait for.
MOST_GROUPS = 3
MOST_CARDS = 20


def _too_big(text: str) -> NoReturn:
    raise SolverError(
        f"phase {text.strip()!r}: a phase has at most {MOST_GROUPS} groups and {MOST_CARDS} cards",
        "phase_too_big", text=text.strip(), groups=MOST_GROUPS, cards=MOST_CARDS,
    )
