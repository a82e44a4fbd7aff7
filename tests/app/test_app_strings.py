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


def test_the_page_and_the_solver_speak_the_same_languages_in_the_same_order():
    # Each keeps its own list (the solver has no page); a language added to one only is caught.
    import solver

    assert tuple(LANGUAGES) == solver.LANGUAGES


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
    from solver import RULESETS
    from solver.phases import Kind

    wanted = ([f"end_{e.value}" for e in EndRule] + [f"order_{o.value}" for o in PhaseOrder]
              + [f"kind_{k.value}" for k in Kind] + [f"ruleset_{r}" for r in RULESETS]
              + ["opt_go_out_either", "opt_go_out_discard"])
    assert [k for k in wanted if k not in TEXT] == []


def test_fallbacks():
    assert text("fr", "tab_hand") == text("en", "tab_hand")
    assert error_text("de", "no_such_code", {}) == "no_such_code"
    assert error_text("da", "game_missing", {"game": 3}).startswith("Spil 3")


def test_standard_colour_groups_are_worded_as_the_ruleset_plays_them():
    from solver.rules import ruleset
    from ui.phases import phase_label

    zehn, classic = ruleset("zehn-phasen"), ruleset("classic")
    # zehn-phasen's phase 8 is one suit: seven red cards of two suits do not make it.
    assert phase_label("en", zehn, 8) == "Phase 8: 7 of one suit"
    assert phase_label("de", zehn, 8) == "Phase 8: 7 einer Farbe"  # seed 001's own words
    assert phase_label("da", zehn, 8) == "Fase 8: 7 i samme kulør"
    # classic's colour is red or black, and phase 9's second group is the other one.
    assert phase_label("de", classic, 7) == "Phase 7: 8 rot oder schwarz"
    assert phase_label("en", classic, 9) == "Phase 9: 5 red or black + 3 of the other"
    assert phase_label("en", ruleset("mattel"), 8) == "Phase 8: 7 of one colour"


def test_every_phase_label_reads_back_as_the_same_phase():
    from solver.phases import parse_phase
    from solver.rules import RULESETS, ruleset
    from ui.phases import phase_text, solver_phase

    def meaning(rules, phase):
        return sorted((req.size, req.kind.value if rules.kind_attr(req.kind) is None
                       else rules.kind_attr(req.kind).value) for req in phase.requirements)

    for name in RULESETS:
        rules = ruleset(name)
        for phase in rules.phases:
            for lang in ("en", "de", "nl", "da"):
                back = parse_phase(solver_phase(phase_text(lang, phase, rules)))
                assert meaning(rules, back) == meaning(rules, phase), (name, lang, phase)


def test_how_to_play_is_told_in_every_language_for_every_ruleset():
    from solver.rules import RULESETS, ruleset
    from ui.howto import how_to_play

    for name in RULESETS:
        for options in ({}, {"wrap": True, "naturals": 2, "going_out": "discard"}):
            english = how_to_play("en", ruleset(name, **options))
            for lang in ("de", "nl", "da"):
                lines = how_to_play(lang, ruleset(name, **options))
                assert len(lines) == len(english)
                assert all("{" not in line for line in lines)
                assert sum(a == b for a, b in zip(lines, english, strict=True)) == 0, lang
    assert "from A up to Q at most" in " ".join(how_to_play("en", ruleset("zehn-phasen")))
    assert "may go on from 12 to 1" in " ".join(how_to_play("en", ruleset("mattel", wrap=True)))
    assert "at least 2 natural cards" in " ".join(how_to_play("en", ruleset("mattel", naturals=2)))
    assert "made of wilds alone" in " ".join(how_to_play("en", ruleset("mattel", naturals=0)))
    # The points list names cards as a list does (Danish "joker: 25", not "jokeren: 25").
    danish = " ".join(how_to_play("da", ruleset("classic")))
    assert "joker: 25" in danish and "jokeren:" not in danish


def test_how_to_play_tells_the_open_games_end_rule():
    # It said "the game ends after the hand in which someone makes phase 10" under the
    # extra-hand and go-out rules too, where the sheet plays on (variants audit, session 47).
    from scoresheet import EndRule
    from solver import ruleset
    from ui.howto import how_to_play

    for end in EndRule:
        for free in (False, True):
            lines = {lang: how_to_play(lang, ruleset(free_choice=free), end.value)[-1]
                     for lang in ("en", "de", "nl", "da")}
            assert all("{" not in line for line in lines.values())
            assert len(set(lines.values())) == 4, lines
            assert ("the last of their phases" if free else "phase 10") in lines["en"]
    assert "one more hand" in how_to_play("en", ruleset(), "extra-hand")[-1]
    assert "makes phase 10 and goes out" in how_to_play("en", ruleset(), "go-out")[-1]


def test_how_to_play_tells_what_the_how_to_play_audit_found_missing_or_wrong():
    # Session 48's audit of How to play against the seeds, in all four languages.
    from solver import ruleset
    from ui.howto import how_to_play

    def said(rules, lang="en", end=None) -> str:
        return " ".join(how_to_play(lang, rules, end))

    mattel, zehn = ruleset("mattel"), ruleset("zehn-phasen")
    assert "Each player is dealt 10 cards" in said(mattel)  # no deal was told
    assert "not one who already has a Skip waiting" in said(mattel)  # seed 002
    assert "with two players it means you play again" in said(zehn)  # seed 001
    assert "a discarded joker does nothing" in said(zehn)
    # Ordinary decks have no "skip cards" to leave out: their jokers are.
    assert "The jokers are taken out" in said(ruleset("zehn-phasen", skips=False))
    assert "Die Joker kommen aus dem Spiel" in said(ruleset("zehn-phasen", skips=0), "de")
    assert "without skip cards" in said(ruleset("classic"))  # its jokers are wild
    # Points over all hands, not the hand's own (the player out has 0 of those).
    for lang, total in (("en", "fewest total points"), ("de", "insgesamt die wenigsten"),
                        ("nl", "in totaal de minste"), ("da", "færrest point i alt")):
        for end in (None, "fewest-points", "go-out", "extra-hand"):
            assert total in said(mattel, lang, end), (lang, end)
    assert "first to lay it down wins" in said(mattel, end="fewest-points")
    # Classic makes a phase by going out: its play-off is won so (seed 000: "wer sie beendet,
    # gewinnt"; classic audit, session 66).
    classic = ruleset("classic")
    assert "the first to make it, going out, wins" in said(classic, end="go-out")
    assert "wer sie zuerst schafft, also damit ausgeht" in said(classic, "de", "fewest-points")
    assert "lay it down wins" not in said(classic)
    assert "whoever made it plays it again" in said(mattel, end="go-out")
    # Without a game the ruleset's own end, never a claim that fails under another.
    assert "may be played to another end" in said(mattel)
    assert "another end" not in said(mattel, end="extra-hand")
    free = said(ruleset(free_choice=True), end="fewest-points")
    assert "makes the last of their phases" in free and "every phase" not in free
    # Singular counts.
    assert "The cards: one ordinary deck;" in said(ruleset("classic", decks=1))
    assert "Only phase 2 is played." in said(ruleset(phases=["set 3", "run 4"], parity="even"))
    # Only classic's "one colour and the other" phases need two colours; its own phase 7 and a
    # list of two colour groups (which the solver lets be one colour) do not.
    assert "must be of different colours" in said(ruleset("classic"))
    two_reds = ruleset("classic", phases=["colour 4 + colour 4"])
    assert "must be of different colours" not in said(two_reds)
    # Court cards by name beside their letters: German decks print B and D.
    assert "Q (Dame) = 12" in said(zehn, "de") and "J (knægt) = 11" in said(zehn, "da")


def test_how_to_play_tells_a_phase_may_go_down_with_more_cards_but_no_more_groups():
    # The advice lays a run of 5 for phase 2's "run of 4" (seed 001: "Zusätzliche Karten
    # dürfen dabei sein, wenn sie passen"; seed 000: "Die Phasen geben die Mindestanforderungen
    # an"; RULES.md: "but no additional groups"); How to play never said a phase may be more.
    from solver import RULESETS, ruleset
    from ui.howto import how_to_play

    told = {"en": ("more cards that fit its groups", "no extra group"),
            "de": ("zusätzlichen Karten, die zu ihren Gruppen passen", "ohne weitere Gruppe"),
            "nl": ("extra kaarten die in de groepen ervan passen", "zonder extra groep"),
            "da": ("ekstra kort, der passer i dens grupper", "uden ekstra gruppe")}
    for name in RULESETS:
        for lang, phrases in told.items():
            said = " ".join(how_to_play(lang, ruleset(name)))
            assert all(phrase in said for phrase in phrases), (name, lang)


def test_a_custom_suit_group_is_named_as_the_decks_colour_group_where_it_is_one():
    # A custom "suit 4" (classic's phase 8 copied) read "4 of one suit" / "4 mit demselben
    # Symbol" for Phase 10 cards, which have colours, and "Symbol" beside Zehn Phasen's own
    # "7 einer Farbe" (seed 001: "Eine Farbe besteht aus Karten derselben Farbe"), where the
    # solver plays it as the colour group it is. Classic, whose colours are red and black,
    # keeps its suit words.
    from solver import ruleset
    from solver.phases import parse_phase
    from ui.howto import how_to_play
    from ui.phases import phase_text, solver_phase

    suit = parse_phase("suit 4 + set 2")
    for name, lang, said in (("mattel", "en", "4 of one colour + set of 2"),
                             ("mattel", "de", "4 einer Farbe + Satz aus 2"),
                             ("mattel", "da", "4 i samme farve + sæt af 2"),
                             ("zehn-phasen", "en", "4 of one suit + set of 2"),
                             ("zehn-phasen", "de", "4 einer Farbe + Satz aus 2"),
                             ("zehn-phasen", "nl", "4 van één kleur + set van 2"),
                             ("classic", "de", "4 mit demselben Symbol + Satz aus 2")):
        rules = ruleset(name, phases=[suit])
        assert phase_text(lang, suit, rules) == said, (name, lang)
        back = parse_phase(solver_phase(said))
        assert [rules.kind_attr(r.kind) for r in back.requirements] == [
            rules.kind_attr(r.kind) for r in suit.requirements]
    assert "A colour group is cards of one colour" in " ".join(
        how_to_play("en", ruleset("mattel", phases=[suit])))


def test_how_to_play_lists_the_phases_played():
    # A newcomer met the phases only in the phase box's list (How to play audit, session 48).
    from solver import ruleset
    from ui.howto import how_to_play

    said = " ".join(how_to_play("en", ruleset("classic", parity="even")))
    assert "The phases, in order: 2. set of 3 + run of 4; 4. run of 6;" in said
    assert "1. set of 3" not in said
    free = " ".join(how_to_play("de", ruleset(free_choice=True, extra_phases=["run 10"])))
    assert "Die Phasen, in beliebiger Reihenfolge: 1. " in free and "; 11. Folge aus 10" in free


def test_how_to_play_and_the_sheet_tell_how_many_players_the_rules_are_for():
    # Seeds 000, 001 and 003: "2 bis 6 Spieler"; classic grows its decks with the players.
    from scoresheet import GameRules, new_game
    from solver import ruleset
    from ui.howto import how_to_play
    from ui.sheet import status_lines

    assert "For 2 to 6 players." in how_to_play("en", ruleset("mattel"))
    assert "Für 2 bis 6 Spieler." in how_to_play("de", ruleset("zehn-phasen"))
    # Beside "The cards: 2 ordinary decks", which the decks option sets, a count of its own
    # read as another deck count for four (browser audit, session 62).
    assert ("The table takes two decks per two players: two players play with 2 decks, four "
            "with 4.") in how_to_play("en", ruleset("classic"))
    seven = [f"P{n}" for n in range(7)]
    assert status_lines("en", new_game(seven))[-1] == (
        "The rules are for 2 to 6 players; this game has 7.")
    assert not any("rules are for" in line for games in (
        new_game(seven[:6]), new_game(seven, GameRules(ruleset="classic")))
        for line in status_lines("en", games))


def test_no_sentence_names_a_ruleset_by_its_code():
    # The English new-game box said "zehn-phasen" where every other sentence says "Zehn
    # Phasen" (audit, session 49); the codes are for links and the CLI.
    from solver import RULESETS

    coded = [(key, lang) for key, entry in TEXT.items()
             for lang, said in zip(LANGUAGES, entry, strict=True)
             for name in RULESETS if "-" in name and name in said]
    assert coded == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_fields_help_names_only_the_cards_the_game_plays(lang):
    # It told "S a Skip" and "a joker is the skip card" of games played without skip cards,
    # whose hand field then refuses S and X.
    from solver import Deck, parse_card
    from solver.rules import RULESETS, ruleset
    from ui.howto import hand_help

    for name in RULESETS:
        for skips in (True, False):
            rules = ruleset(name, skips=skips)
            help_text = hand_help(lang, rules)
            codes = set(re.findall(r"\b[A-Z]\b", help_text))
            # S also names spades among ordinary cards; there the letter of a card is X.
            role_cards = {"W", "S"} if rules.deck is Deck.PHASE10 else {"X"}
            played = {face for face in role_cards
                      if rules.deck_counts().get(parse_card(face), 0)}
            assert codes & role_cards == played, (name, skips, help_text)
            assert text(lang, f"hand_help_wild_{rules.wild_face}") in help_text
