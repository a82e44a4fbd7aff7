"""Phases in words, in the player's language.

>>> from solver.phases import parse_phase
>>> phase_text("de", parse_phase("set 3 + run 4"))
'Satz aus 3 + Folge aus 4'
>>> phase_text("en", parse_phase("colour 7"))
'7 of one colour'
"""

from __future__ import annotations

from solver.phases import Phase
from ui.strings import text


def phase_text(lang: str, phase: Phase) -> str:
    return " + ".join(
        text(lang, f"kind_{req.kind.value}", size=req.size) for req in phase.requirements
    )
