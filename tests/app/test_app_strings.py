"""Every visible string exists in English, German, Dutch and Danish, with the same blanks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ui.strings import LANGUAGES, TEXT, error_text, placeholders, text

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "app.py", *sorted((ROOT / "ui").glob("*.py")),
           *sorted((ROOT / "scoresheet").glob("*.py"))]


@pytest.mark.parametrize("key", sorted(TEXT))
def test_every_key_has_four_non_empty_translations_with_the_same_placeholders(key):
    entry = TEXT[key]
    assert len(entry) == len(LANGUAGES) == 4
    assert all(value.strip() for value in entry)
    assert len({placeholders(value) for value in entry}) == 1, entry


def test_translations_are_not_copies_of_english():
    copied = [k for k, (en, de, nl, da) in TEXT.items()
              if en == de == nl == da and len(en) > 12 and "{" not in en]
    # Only brand names may read the same everywhere.
    assert copied == ["ruleset_mattel"]


def used_keys() -> set[str]:
    found: set[str] = set()
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'\bt\("([a-z_0-9.-]+)"', source))
        found |= set(re.findall(r'text\(\s*(?:lang|state\.lang|"[a-z]{2}"),\s*"([a-z_0-9.-]+)"',
                                source))
        found |= {f"error.{c}" for c in re.findall(r'(?:Score|Store)Error\(\s*"([a-z_]+)"',
                                                   source)}
    return found


def test_every_photo_problem_has_its_words():
    source = (ROOT / "vision" / "load.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'"(image_[a-z_]+)"', source))
    assert len(codes) >= 6
    assert sorted(c for c in codes if f"error.{c}" not in TEXT) == []


def test_every_key_the_code_uses_exists():
    missing = sorted(k for k in used_keys() if k not in TEXT)
    assert missing == []
    assert len(used_keys()) > 100  # the scan itself works


def test_prefixed_keys_for_every_option():
    from scoresheet import EndRule, PhaseOrder
    from solver.phases import Kind
    from ui.advice import RULESET_NAMES

    wanted = ([f"end_{e.value}" for e in EndRule] + [f"order_{o.value}" for o in PhaseOrder]
              + [f"kind_{k.value}" for k in Kind] + [f"ruleset_{r}" for r in RULESET_NAMES]
              + ["opt_go_out_either", "opt_go_out_discard"])
    assert [k for k in wanted if k not in TEXT] == []


def test_fallbacks():
    assert text("fr", "tab_hand") == text("en", "tab_hand")
    assert error_text("de", "no_such_code", {}) == "no_such_code"
    assert error_text("da", "game_missing", {"game": 3}).startswith("Spil 3")
