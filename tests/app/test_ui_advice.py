"""The rules the page advises with: what the open score-sheet game fixes for the table, what a
phone may still choose, and how many decks classic is played with."""

from __future__ import annotations

import pytest

from scoresheet import EndRule, Game, GameRules, Hand, PhaseOrder, add_hand, new_game
from solver import GoingOut, Role, SolverError, ruleset
from ui.advice import (
    PhaseChoice,
    TableForm,
    advise,
    best_choice,
    imported_game,
    link_phases,
    new_sheet_game,
    read_table_form,
    ruleset_for,
    share_link,
    sheet_phases,
    solver_problem,
)
from ui.sheet import parse_phase_list


def zehn_phasen_game(skips: bool | int = True, going_out: str = "either") -> Game:
    return new_sheet_game("", ["Anna", "Ben"], "zehn-phasen", EndRule.FEWEST_POINTS,
                          PhaseOrder.IN_ORDER, [], skips=skips, going_out=going_out)


@pytest.mark.parametrize(("game", "phone", "skips", "out"), [
    # Started with all four jokers: a phone may still play without them.
    ({}, {"skips": False}, 0, GoingOut.EITHER),
    # Started with two, or none: the table's count, whatever the phone says.
    ({"skips": 2}, {"skips": True}, 2, GoingOut.EITHER),
    ({"skips": False}, {"skips": True}, 0, GoingOut.EITHER),
    # Going out: the game's "only by discarding" holds; its "either way" leaves the phone's.
    ({"going_out": "discard"}, {"going_out": "either"}, 4, GoingOut.DISCARD),
    ({}, {"going_out": "discard"}, 4, GoingOut.DISCARD),
])
def test_advice_rules_take_what_the_game_fixes_and_the_phones_choice_elsewhere(
        game: dict[str, object], phone: dict[str, object], skips: int, out: GoingOut) -> None:
    rules = ruleset_for("zehn-phasen", zehn_phasen_game(**game), **phone)
    assert (rules.cards_playing(Role.SKIP), rules.going_out) == (skips, out)


@pytest.mark.parametrize(("players", "decks"), [(2, 2), (3, 4), (4, 4), (5, 6)])
def test_advice_classic_game_is_played_with_two_decks_per_two_players(
        players: int, decks: int) -> None:
    # Seed 000: the score sheet's count photo and its phase words use the game's decks; the
    # page's own deck box passes its count, which wins.
    game = new_game([f"P{n}" for n in range(players)], GameRules("classic"))
    assert ruleset_for("classic", game).copies == decks
    assert ruleset_for("classic", game, decks=1).copies == 1


OWN_PHASES = ("run 10", "set 4 + set 4", "colour 8")


@pytest.mark.parametrize(("order", "numbers", "free"), [
    (PhaseOrder.IN_ORDER, (1, 2, 3), False), (PhaseOrder.EVEN, (2,), False),
    (PhaseOrder.ODD, (1, 3), False), (PhaseOrder.FREE, (1, 2, 3), True)])
def test_advice_rules_play_the_games_own_phases_in_its_order(
        order: PhaseOrder, numbers: tuple[int, ...], free: bool) -> None:
    game = new_game(["Anna", "Ben"], GameRules(order=order, phases=OWN_PHASES))
    rules = ruleset_for("mattel", game)
    assert [str(phase) for phase in rules.phases] == list(OWN_PHASES)
    assert (rules.phase_numbers(), rules.free_choice) == (numbers, free)


def test_advice_rules_take_nothing_from_a_game_of_another_ruleset() -> None:
    game = new_game(["Anna", "Ben"], GameRules("classic", order=PhaseOrder.EVEN,
                                              phases=OWN_PHASES, going_out="discard"))
    rules = ruleset_for("mattel", game)
    assert rules.phase_numbers() == tuple(range(1, 11)) and not rules.free_choice
    assert rules.going_out is GoingOut.EITHER


@pytest.mark.parametrize(("lang", "typed", "ruleset_name", "said"), [
    # The phase quoted in the page's words, not the solver's "run 13" (audits, session 67).
    ("de", "Folge aus 13", "mattel",
     "Phase 1 (Folge aus 13): eine Folge ist höchstens 12 Karten lang"),
    ("nl", "reeks van 14", "classic",
     "fase 1 (reeks van 14): een reeks is hoogstens 13 kaarten lang"),
    ("da", "redblack 4", "mattel",
     "fase 1 (4 røde eller sorte): grupper »røde eller sorte« kræver almindelige kort"),
    ("de", "redblack 2 + redblack 2 + redblack 2", "classic",
     "Phase 1 (2 rot oder schwarz + 2 × 2 der anderen): höchstens zwei Gruppen „rot oder "
     "schwarz“ können verschiedene Farben haben"),
    ("en", "run 13", "mattel", "phase 1 (run of 13): a run cannot be longer than 12"),
    # ... in the ruleset's words: classic's colour groups are red or black (review, s67).
    ("da", "4 røde eller sorte + stræk af 14", "classic",
     "fase 1 (4 røde eller sorte + stræk af 14): et stræk er højst 13 kort langt"),
])
def test_advice_new_game_refuses_an_unplayable_phase_in_the_players_language(
        lang: str, typed: str, ruleset_name: str, said: str) -> None:
    # The new-game form's own phase list: these refusals came in English on every page.
    with pytest.raises(SolverError) as refused:
        new_sheet_game("", ["Anna", "Ben"], ruleset_name, EndRule.FEWEST_POINTS,
                       PhaseOrder.IN_ORDER, parse_phase_list(typed))
    assert solver_problem(lang, refused.value) == said


def test_advice_share_link_without_a_table_or_an_address() -> None:
    rules = ruleset("mattel")
    assert share_link("http://host:8501/", ("R7",), rules, 1, "nl") == \
        "http://host:8501/?hand=R7&rules=mattel&phase=1&lang=nl"
    assert share_link(None, ("R7",), rules, 1, "nl") is None


def test_advice_free_choice_picks_the_phase_the_hand_is_closest_to_when_none_is_made() -> None:
    # Six greens: one card from phase 8 (7 of one colour), four from phase 1 (two sets of 3).
    hand = ["G1", "G3", "G5", "G7", "G9", "G11", "R2", "B4", "Y6", "S"]
    assert best_choice(hand, ruleset_for("mattel", None), (1, 8), TableForm()) == \
        PhaseChoice(phase=8, others=(1,), best=8)
    # Dealt, an 11-card phase one card short is the one (it came out as "0 of 98" behind a
    # phase two short: the draw went uncounted; odds audit, session 65).
    custom = ruleset_for("mattel", None, phases=("set 5 + set 6", "set 3 + run 4"))
    dealt = ["R7", "B7", "G7", "Y7", "R7", "R5", "B5", "G5", "Y5", "R5"]
    assert best_choice(dealt, custom, (1, 2), TableForm()).best == 1


def test_advice_sheet_phases_are_each_players_own_and_the_last_again_in_a_playoff() -> None:
    game = new_game(["Anna", "Ben", "Cleo"], GameRules(phases=("set 3 + set 3", "run 7", "run 8")))
    game = add_hand(game, Hand((0, 10, 50), (True, True, False)))
    assert [sheet_phases(game, name) for name in ("Anna", "Cleo", "Nobody")] == [
        (2, 3), (1, 2, 3), ()]
    game = add_hand(game, Hand((10, 0, 50), (True, True, False)))
    game = add_hand(game, Hand((5, 5, 0), (True, True, True)))
    # Anna and Ben level on 15 after all three phases: both play phase 3 again; Cleo is
    # not in the play-off and plays no phase in it (orders audit, session 67).
    assert [sheet_phases(game, name) for name in ("Anna", "Ben", "Cleo")] == [
        (3,), (3,), ()]


@pytest.mark.parametrize(("typed", "after", "phases"), [
    ((), False, ()), ((), True, ()),  # the ruleset's own ten
    (("run 10",), False, ("run 10",)),  # a list of its own replaces them
    (("run 10",), True, tuple(str(p) for p in ruleset("mattel").phases) + ("run 10",)),
])
def test_advice_new_game_keeps_the_rulesets_phases_unless_a_list_replaces_or_extends_them(
        typed: tuple[str, ...], after: bool, phases: tuple[str, ...]) -> None:
    game = new_sheet_game("", ["Anna", "Ben"], "mattel", EndRule.FEWEST_POINTS,
                          PhaseOrder.IN_ORDER, typed, after_ruleset=after)
    assert game.rules.phases == phases
    assert ruleset_for("mattel", game).cards_playing(Role.SKIP) == 4  # the deck's skips


@pytest.mark.parametrize(("lang", "line", "said"), [
    ("en", "pair R1 B1", "line 3 “pair R1 B1”: start with set, run or colour, then the cards"),
    ("de", "set", "Zeile 3 „set“: beginne mit Satz, Folge oder Farbe, dann die Karten"),
])
def test_advice_table_box_names_the_line_it_cannot_read_counting_blank_lines(
        lang: str, line: str, said: str) -> None:
    # An unknown kind, or a kind without cards.
    with pytest.raises(SolverError) as refused:
        read_table_form(f"set R5 B5 W\n\n{line}", "", "", False)
    assert solver_problem(lang, refused.value) == said


def test_advice_chart_heads_with_the_discard_advised_then_the_best_odds_first() -> None:
    hand = ["R1", "B1", "G1", "Y4", "R5", "B6", "G8", "Y9", "R11", "B12", "G3"]
    odds = advise(hand, ruleset_for("mattel", None), 1, TableForm())
    later = [row.p2 for row in odds.discards[1:]]
    assert odds.discards[0].card == odds.discard and later == sorted(later, reverse=True)
    assert later[0] > later[-1]  # odds that differ, or the order would say nothing


def test_advice_link_with_a_phase_list_the_rules_cannot_play_is_refused() -> None:
    # A hand-edited link: refused when read, not when the page first advises with it.
    with pytest.raises(SolverError) as refused:
        link_phases("run 10; run 13", "mattel")
    assert solver_problem("de", refused.value) == \
        "Phase 2 (Folge aus 13): eine Folge ist höchstens 12 Karten lang"


def test_a_games_own_phases_are_kept_and_exported_in_the_solvers_words() -> None:
    # A rule sheet's "1 Satz aus 3 und 1 Folge aus 4" was stored and exported as typed; the
    # README promises the solver's words (custom audit, session 66).
    from scoresheet import to_csv

    typed = ("1 Satz aus 3 und 1 Folge aus 4", "7 Karten einer Farbe", "2 sæt af 3 kort")
    game = new_sheet_game("", ["A", "B"], "mattel", EndRule.FEWEST_POINTS,
                          PhaseOrder.IN_ORDER, list(typed))
    assert game.rules.phases == ("set 3 + run 4", "colour 7", "set 3 + set 3")
    imported = imported_game(to_csv(new_game(["A", "B"], GameRules(phases=typed))).encode())
    assert imported.rules.phases == game.rules.phases
    assert "phase,colour 7" in to_csv(imported)
