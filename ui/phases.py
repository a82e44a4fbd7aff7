"""Phases in words, in the player's language.

>>> from solver import parse_phase
>>> phase_text("de", parse_phase("set 3 + run 4"))
'Satz aus 3 + Folge aus 4'
>>> phase_text("en", parse_phase("colour 7"))
'7 of one colour'

With standard cards a colour group is a suit or red/black, as the ruleset says, and the second
of two red/black groups must be the other colour:

>>> from solver import ruleset
>>> phase_text("en", parse_phase("colour 7"), ruleset("zehn-phasen"))
'7 of one suit'
>>> phase_text("de", ruleset("classic").phase(9), ruleset("classic"))
'5 rot oder schwarz + 3 der anderen'
"""

from __future__ import annotations

import re
from itertools import groupby

from solver import RULESETS, Attr, Deck, Kind, Phase, Requirement, Ruleset, ruleset
from ui.strings import LANGUAGES, TEXT, text


def phase_text(lang: str, phase: Phase, rules: Ruleset | None = None) -> str:
    """A phase in words; ``rules`` words its colour groups for the ruleset's cards. Groups
    alike in a row are counted:

    >>> from solver import parse_phase, ruleset
    >>> phase_text("en", parse_phase("set 3 + set 3"))
    '2 sets of 3'
    >>> phase_text("de", ruleset("classic").phase(8), ruleset("classic"))
    '2 × 4 mit demselben Symbol'
    """
    worded = [(_wording(req, phase.requirements[:index], rules), req.size)
              for index, req in enumerate(phase.requirements)]
    # Counted, not repeated: on a 360 px phone the phase box cut "Phase 8: 4 mit demselben
    # Symbol + 4 mit demselben Symbol" (and the Dutch) in its box and in its list.
    return " + ".join(_counted(lang, key, size, len(list(alike)))
                      for (key, size), alike in groupby(worded))


def _counted(lang: str, key: str, size: int, count: int) -> str:
    if count == 1:
        return text(lang, key, size=size)
    if f"{key}_many" in TEXT:
        return text(lang, f"{key}_many", count=count, size=size)
    return text(lang, "kind_many", count=count, group=text(lang, key, size=size))


# A colour group of ordinary cards is one suit (zehn-phasen) or red/black (classic); "of one
# colour" would let an English player take red hearts and diamonds for one group.
_STANDARD_COLOUR = {Attr.SUIT: "kind_colour_suit", Attr.REDBLACK: "kind_redblack"}


def _wording(req: Requirement, before: tuple[Requirement, ...], rules: Ruleset | None) -> str:
    kind = req.kind
    # Where a colour group is one suit, a suit group is a colour group and is worded so: Phase
    # 10 cards have no suits, and a Zehn Phasen player's "Farbe" is no "Symbol".
    if kind is Kind.SUIT and rules is not None and rules.colour_attr is Attr.SUIT:
        kind = Kind.COLOUR
    if kind is Kind.COLOUR and rules is not None and rules.deck is Deck.STANDARD:
        return _STANDARD_COLOUR[rules.colour_attr]
    if kind is Kind.REDBLACK and any(r.kind is Kind.REDBLACK for r in before):
        return "kind_redblack_other"  # the solver holds two red/black groups to differ
    return f"kind_{kind.value}"


def phase_label(lang: str, rules: Ruleset, number: int) -> str:
    """How a phase is offered for choice: "Phase 2: 7 of one colour"."""
    return text(lang, "phase_n", number=number,
                text=phase_text(lang, rules.phase(number), rules))


def _worded(key: str, lang: str) -> re.Pattern[str]:
    """The page's words for a group ("7 einer Farbe"), any size, as a pattern."""
    before, _, after = text(lang, key, size="\0").partition("\0")
    return re.compile(rf"{re.escape(before.lower())}(\d+){re.escape(after.lower())}")


_KEYS = [(kind, f"kind_{kind.value}") for kind in Kind] + [
    (Kind.COLOUR, "kind_colour_suit"), (Kind.REDBLACK, "kind_redblack_other")]
# Labels the page showed before, still read from lists typed or kept in those words: before
# session 49's glossary (Dutch "van één soort" the solver reads itself), and the red/black
# groups' longer words before session 53 (a phone cut "Phase 10: 5 in Rot oder Schwarz + 4 in
# der anderen Farbe").
# So are the words of the red/black labels before session 53's (audit, session 66: "3
# andersfarbig", "5 rood of zwart + 3 van de andere kleur", "3 in de andere kleur").
_FORMER_OTHER = [re.compile(rf"(\d+) {words}") for words in (
    "of the other colour", "in der anderen farbe", "van de andere kleur", "i den anden farve",
    "andersfarbig", "in de andere kleur")]
_FORMER = [(Kind.SUIT, re.compile(r"(\d+) desselben symbols")),
           (Kind.REDBLACK, re.compile(r"(\d+) in rot oder schwarz")),
           (Kind.REDBLACK, re.compile(r"(\d+) rood of zwart")),
           *((Kind.REDBLACK, pattern) for pattern in _FORMER_OTHER)]
_WORDED = [(kind, _worded(key, lang)) for kind, key in _KEYS for lang in LANGUAGES] + _FORMER


def solver_phase(written: str, ruleset_name: str | None = None) -> str:
    """A phase as the page words it, in any of its languages, in the solver's own words; other
    parts (the solver's "set 3", "2 Sätze aus 3") are left to the solver to read.
    ``ruleset_name``: the ruleset the list is for, where one group's words mean another kind
    there (classic's colour group is red or black).

    >>> solver_phase("7 einer Farbe"), solver_phase("Set of 3 + 2 sets of 4")
    ('colour 7', 'set 3 + 2 sets of 4')
    >>> solver_phase("5 rot oder schwarz + 3 rode of zwarte")
    'redblack 5 + redblack 3'
    >>> solver_phase("4 desselben Symbols")  # the German label before session 49
    'suit 4'
    >>> solver_phase("Phase 8: 2 × 4 mit demselben Symbol")
    '2 x suit 4'

    A label copied from the page reads too, and "of the other colour" makes the group before
    it a red/black group as well (the two must then differ), no other:

    >>> solver_phase("Phase 9: 5 of one color + 3 of the other color")
    'redblack 5 + redblack 3'
    >>> solver_phase("5 rot oder schwarz + 4 der anderen + 3 einer Farbe")
    'redblack 5 + redblack 4 + colour 3'

    Classic words its colour groups "red or black" too; unpaired they are its colour groups,
    which may be of one colour (as red/black groups, two had to differ):

    >>> solver_phase("Phase 1: 2 × 4 red or black", "classic")
    '2 x colour 4'
    >>> solver_phase("4 red or black + 4 of the other + 3 red or black", "classic")
    'redblack 4 + redblack 4 + colour 3'

    So does a line of a printed rule sheet's list, for the solver to read:

    >>> solver_phase("• Phase 2 – 1 Satz aus 3 und 1 Folge aus 4")
    '1 Satz aus 3 und 1 Folge aus 4'
    """
    parts: list[tuple[Kind | None, str, str]] = []
    others: list[bool] = []
    for part in _LABEL.sub("", written).split("+"):
        words = " ".join(part.lower().replace("color", "colour").split())
        counted = _COUNTED.fullmatch(words)
        count, group = (f"{counted[1]} x ", counted[2]) if counted else ("", words)
        found = next(((kind, m) for kind, pattern in _WORDED
                      if (m := pattern.fullmatch(group))), None)
        parts.append((found[0], count, found[1].group(1)) if found else (None, "", part.strip()))
        others.append(bool(_OTHER.fullmatch(group)))
    kinds = [kind for kind, _, _ in parts]
    paired = set()
    for index, other in enumerate(others):
        if other:  # "… of the other": it and the colour-like group just before it
            before = next((i for i in range(index - 1, -1, -1)
                           if kinds[i] in (Kind.COLOUR, Kind.REDBLACK)), None)
            paired |= {index} if before is None else {index, before}
    colour_is_redblack = (ruleset_name in RULESETS
                          and ruleset(ruleset_name).colour_attr is Attr.REDBLACK)
    for index, kind in enumerate(kinds):
        if index in paired:
            kinds[index] = Kind.REDBLACK
        elif kind is Kind.REDBLACK and colour_is_redblack:
            kinds[index] = Kind.COLOUR
    return " + ".join(text if kind is None else f"{count}{kind.value} {text}"
                      for kind, (_, count, text) in zip(kinds, parts, strict=True))


# "Phase 2: …" as the page labels it; "• Phase 2 – …" as the seeds' lists do.
_LABEL = re.compile(r"^\s*(?:[•*–-]\s*)?(?:phase|fase)\s*\d+\s*[:–—-]\s*", re.IGNORECASE)
# "2 × 4 of one suit": a group the page counts (phase_text).
_COUNTED = re.compile(r"(\d+) ?[×x] ?(.+)")
_OTHER = re.compile("|".join([_worded("kind_redblack_other", lang).pattern for lang in LANGUAGES]
                              + [pattern.pattern for pattern in _FORMER_OTHER]))
