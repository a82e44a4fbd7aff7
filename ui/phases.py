"""Phases in words, in the player's language.

>>> from solver.phases import parse_phase
>>> phase_text("de", parse_phase("set 3 + run 4"))
'Satz aus 3 + Folge aus 4'
>>> phase_text("en", parse_phase("colour 7"))
'7 of one colour'
"""

from __future__ import annotations

import re

from solver.phases import Kind, Phase
from solver.rules import Ruleset
from ui.strings import LANGUAGES, text


def phase_text(lang: str, phase: Phase) -> str:
    return " + ".join(
        text(lang, f"kind_{req.kind.value}", size=req.size) for req in phase.requirements
    )


def phase_label(lang: str, rules: Ruleset, number: int) -> str:
    """How a phase is offered for choice: "Phase 2: 7 of one colour"."""
    return text(lang, "phase_n", number=number, text=phase_text(lang, rules.phase(number)))


def _worded(kind: Kind, lang: str) -> re.Pattern[str]:
    """The page's words for a group of ``kind`` ("7 einer Farbe"), any size, as a pattern."""
    before, _, after = text(lang, f"kind_{kind.value}", size="\0").partition("\0")
    return re.compile(rf"{re.escape(before.lower())}(\d+){re.escape(after.lower())}")


_WORDED = [(kind, _worded(kind, lang)) for kind in Kind for lang in LANGUAGES]


def solver_phase(written: str) -> str:
    """A phase as the page words it, in any of its languages, in the solver's own words; other
    parts (the solver's "set 3", "2 Sätze aus 3") are left to the solver to read.

    >>> solver_phase("7 einer Farbe"), solver_phase("Set of 3 + 2 sets of 4")
    ('colour 7', 'set 3 + 2 sets of 4')
    >>> solver_phase("5 in Rot oder Schwarz + 3 rode of zwarte")
    'redblack 5 + redblack 3'
    """
    parts = []
    for part in written.split("+"):
        words = " ".join(part.lower().split())
        found = next(((kind, m) for kind, pattern in _WORDED
                      if (m := pattern.fullmatch(words))), None)
        parts.append(f"{found[0].value} {found[1].group(1)}" if found else part.strip())
    return " + ".join(parts)
