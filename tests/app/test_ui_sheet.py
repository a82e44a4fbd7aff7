"""The score sheet's tables as players read them: standings in and after a play-off, and who
dealt each hand, in the page's four languages."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from scoresheet import (
    EndRule,
    Game,
    GameRules,
    Hand,
    PhaseOrder,
    add_hand,
    hand_for_playoff,
    new_game,
)
from ui.sheet import game_label, history_rows, standings_rows, status_lines, win_reason

TWO_PHASES = ("set 3 + set 3", "run 7")

PLAYOFF = {"en": "10 (play-off)", "de": "10 (Stechen)", "nl": "10 (opnieuw)", "da": "10 (omspil)"}
FINISHED = {"en": "finished", "de": "fertig", "nl": "klaar", "da": "færdig"}
PHASE = {"en": "Phase", "de": "Phase", "nl": "Fase", "da": "Fase"}
PLAYER = {"en": "Player", "de": "Spieler", "nl": "Speler", "da": "Spiller"}


def tied_after_ten_phases() -> Game:
    """Anna and Ben make all ten phases level on points; Cleo makes none: a play-off of two."""
    game = new_game(["Anna", "Ben", "Cleo"])
    for number in range(10):
        first, second = (0, 5) if number % 2 else (5, 0)
        game = add_hand(game, Hand((first, second, 50), (True, True, False)))
    return game


def phase_column(lang: str, game: Game) -> dict[str, object]:
    return {str(row[PLAYER[lang]]): row[PHASE[lang]] for row in standings_rows(lang, game)}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "da"])
def test_sheet_playoff_column_names_the_last_phase_for_the_tied_alone(lang: str) -> None:
    # A ten-phase game: the play-off is phase 10, not the schedule's second phase; Cleo,
    # not tied, still plays her own phase 1.
    assert phase_column(lang, tied_after_ten_phases()) == {
        "Anna": PLAYOFF[lang], "Ben": PLAYOFF[lang], "Cleo": "1"}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "da"])
def test_sheet_after_the_playoff_the_winner_is_finished_not_in_a_playoff(lang: str) -> None:
    game = tied_after_ten_phases()
    game = add_hand(game, hand_for_playoff(game, "Ben"))
    column = phase_column(lang, game)
    assert column["Ben"] == FINISHED[lang] and column["Cleo"] == "1"


@pytest.mark.parametrize(("ruleset", "tie", "said"), [
    ("mattel", ((0, 10, 30), (10, 0, 30)), "Ben laid the last phase first in the play-off."),
    # Classic makes a phase by going out: its play-off was asked as "went out with it first"
    # and then said to be won by laying it (Danish audit, session 67).
    ("classic", ((0, 0, 30),), "Ben went out with the last phase first in the play-off."),
])
def test_sheet_a_play_offs_winner_is_told_by_the_rulesets_way_to_win_it(
        ruleset: str, tie: tuple[tuple[int, ...], ...], said: str) -> None:
    from scoresheet import ScoreError

    game = new_game(["Anna", "Ben", "Cleo"],
                    GameRules(ruleset=ruleset, phases=("set 3", "run 4")[:len(tie)]))
    for points in tie:
        game = add_hand(game, Hand(points, (True, True, False)))
    with pytest.raises(ScoreError) as info:
        add_hand(game, Hand((0, 10, 0), (True, False, False)))
    assert info.value.code == ("playoff_points_out" if ruleset == "classic"
                               else "playoff_points")
    assert win_reason("en", add_hand(game, hand_for_playoff(game, "Ben"))) == said


def test_sheet_a_tick_in_the_extra_hand_of_a_player_done_with_every_phase_is_bracketed() -> None:
    # It booked nothing, yet showed as a plain tick (orders audit, session 67).
    game = new_game(["Ann", "Bo"], GameRules(end=EndRule.EXTRA_HAND, phases=("set 3",)))
    game = add_hand(game, Hand((0, 50), (True, False)))
    game = add_hand(game, Hand((0, 30), (True, True)))
    assert [(row["Ann"], row["Bo"]) for row in history_rows("en", game)] == [
        ("0 ✓", "50"), ("0 (✓)", "30 ✓")]


def test_sheet_history_names_each_hands_dealer_clockwise_from_the_first() -> None:
    # Three players, so the deal coming round is not mistaken for the hand after next.
    game = new_game(["Anna", "Ben", "Cleo"], first_dealer=1)
    for _ in range(4):
        game = add_hand(game, Hand((0, 10, 20), (True, False, False)))
    assert [(row["Hand"], row["Dealer"]) for row in history_rows("en", game)] == [
        (1, "Ben"), (2, "Cleo"), (3, "Anna"), (4, "Ben")]


def test_sheet_history_shows_the_phase_laid_only_where_the_player_chose_it() -> None:
    # Free order: the last phase left is not chosen (no choice), and an in-order game's
    # stored choice is not what the score counted: neither may show as a phase laid.
    free = new_game(["Anna", "Ben"], GameRules(order=PhaseOrder.FREE, phases=TWO_PHASES))
    free = add_hand(free, Hand((0, 35), (True, False), chosen=(2, None)))
    free = add_hand(free, Hand((30, 0), (True, True), chosen=(None, 1)))
    in_order = add_hand(new_game(["Anna", "Ben"]), Hand((0, 35), (True, False), chosen=(7, None)))
    assert [(row["Anna"], row["Ben"]) for row in history_rows("en", free)] == [
        ("0 ✓2", "35"), ("30 ✓", "0 ✓1")]
    assert history_rows("en", in_order)[0]["Anna"] == "0 ✓"


STATUS = {
    "en": (["Last hand: everybody plays one more.", "Anna deals next.", "Hands played: 2"],
           ["🏆 Shared win: Anna & \\*Bo\\*",
            "After the extra hand, the fewest points: Anna 20, \\*Bo\\* 20.", "Hands played: 3"],
           ["🏆 Anna wins!", "After the extra hand, the fewest points: Anna 0, \\*Bo\\* 50.",
            "Hands played: 3"]),
    "de": (["Letzte Runde: alle spielen noch einmal.", "Anna gibt als Nächstes.",
            "Gespielte Runden: 2"],
           ["🏆 Geteilter Sieg: Anna & \\*Bo\\*",
            "Nach der Extrarunde die wenigsten Punkte: Anna 20, \\*Bo\\* 20.",
            "Gespielte Runden: 3"],
           ["🏆 Anna gewinnt!", "Nach der Extrarunde die wenigsten Punkte: Anna 0, \\*Bo\\* 50.",
            "Gespielte Runden: 3"]),
    "nl": (["Laatste ronde: iedereen speelt nog één keer.", "Anna geeft hierna.",
            "Gespeelde rondes: 2"],
           ["🏆 Gedeelde winst: Anna & \\*Bo\\*",
            "Na de extra ronde de minste punten: Anna 20, \\*Bo\\* 20.", "Gespeelde rondes: 3"],
           ["🏆 Anna wint!", "Na de extra ronde de minste punten: Anna 0, \\*Bo\\* 50.",
            "Gespeelde rondes: 3"]),
    "da": (["Sidste runde: alle spiller én gang til.", "Anna giver næste gang.",
            "Spillede runder: 2"],
           ["🏆 Delt sejr: Anna & \\*Bo\\*",
            "Efter ekstrarunden færrest point: Anna 20, \\*Bo\\* 20.", "Spillede runder: 3"],
           ["🏆 Anna vinder!", "Efter ekstrarunden færrest point: Anna 0, \\*Bo\\* 50.",
            "Spillede runder: 3"]),
}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "da"])
def test_sheet_status_says_last_hand_then_a_shared_or_single_win(lang: str) -> None:
    # Seed 000's extra hand: a tie on points after it is shared, not played off; a name is
    # shown as typed, not as Markdown.
    game = new_game(["Anna", "*Bo*"], GameRules(end=EndRule.EXTRA_HAND, phases=TWO_PHASES))
    game = add_hand(game, Hand((0, 10), (True, True)))
    game = add_hand(game, Hand((0, 10), (True, False)))
    last, shared, single = STATUS[lang]
    assert status_lines(lang, game) == last
    assert status_lines(lang, add_hand(game, Hand((20, 0), (False, True)))) == shared
    assert status_lines(lang, add_hand(game, Hand((0, 30), (False, False)))) == single


def test_a_finished_game_says_why_it_went_to_its_winner() -> None:
    # "🏆 Ben wins!" though Anna went out in the last hand, with no word why (usability audit,
    # session 54): both completed the last phase, and Ben has fewer points.
    game = new_game(["Anna", "Ben", "Cy"], GameRules(phases=TWO_PHASES))
    game = add_hand(game, Hand((90, 0, 40), (True, True, False)))
    won = add_hand(game, Hand((0, 25, 40), (True, True, False)))
    assert status_lines("en", won)[:2] == [
        "🏆 Ben wins!", "Anna & Ben completed the last phase; the fewest points: Ben 25, Anna 90."]
    # A tie on points went to a play-off: its winner laid the phase first.
    tied = add_hand(game, Hand((0, 90, 40), (True, True, False)))
    played_off = add_hand(tied, hand_for_playoff(tied, "Ben"))
    assert win_reason("de", played_off) == (
        "Ben hat im Stechen die letzte Phase zuerst ausgelegt.")
    # Seed 003: the one who went out completed it alone.
    go_out = new_game(["Anna", "Ben"], GameRules(end=EndRule.GO_OUT, phases=TWO_PHASES))
    go_out = add_hand(go_out, Hand((0, 20), (True, True)))
    assert win_reason("en", add_hand(go_out, Hand((10, 0), (False, True)))) == (
        "Only Ben completed the last phase.")


def test_sheet_chooser_numbers_a_named_game_and_an_unnamed_one_once() -> None:
    # An unnamed game is known by its number already: "#3 — Anna, Ben (#3)" said it twice.
    assert [game_label(name, ("Anna", "Ben"), 3, numbered=True) for name in ("Friday", "")] == [
        "Friday (#3) — Anna, Ben", "#3 — Anna, Ben"]


@pytest.fixture
def local_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The computer's time zone as the test sets it (TZ), put back afterwards."""
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(("zone", "stamp"), [("America/New_York", "0001-01-01T00:00:00+00:00"),
                                             ("Asia/Tokyo", "9999-12-31T23:59:59+00:00")])
def test_sheet_chooser_lists_a_game_whose_start_is_past_the_calendars_end(
        monkeypatch: pytest.MonkeyPatch, local_zone: None, zone: str, stamp: str) -> None:
    # A damaged store's start time, a day off the calendar in the local zone: the game
    # chooser raised OverflowError and the score sheet tab showed no game at all.
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    assert game_label("Friday", ("Anna", "Ben"), 3, started=stamp) == "Friday — Anna, Ben"


@pytest.mark.parametrize(("name", "shown"), [
    ("Anne-Zoe\u0308y", "Anne-Zoe\u0308y"),  # nine letters: the diaeresis takes no room
    ("Anne-Zoe\u0308ys", "Anne-Zoe\u0308…"),  # the diaeresis typed on its own stays on its e
    ("Großmam\U0001F475\U0001F3FCx", "Großmam…"),  # no emoji without its skin tone
    ("Familie \U0001F468\u200D\U0001F469\u200D\U0001F467", "Familie…"),  # no half family
    ("\U0001F43B" * 5, "\U0001F43B" * 4 + "…"),  # an emoji is as wide as two letters
    ("佐藤健太郎", "佐藤健太…"),  # so is a Japanese character
    ("Ole \U0001F43B\U0001F43B", "Ole \U0001F43B\U0001F43B"),  # nine letters' room
    ("Dänemark \U0001F1E9\U0001F1F0", "Dänemark…"),
    ("Team \U0001F1E9\U0001F1F0\U0001F1F3\U0001F1F1\U0001F1E9\U0001F1EA",
     "Team \U0001F1E9\U0001F1F0…"),  # three flags: the cut keeps the pairs
    ("Bartholomäus", "Bartholo…"),
    ("Christian", "Christian"),
    ("\u200D".join(f"{person}\U0001F3FD" for person in "\U0001F468\U0001F469\U0001F467"
                   "\U0001F466"),) * 2,  # one character of 11 code points: shown whole
])
def test_a_long_name_is_cut_between_the_characters_the_eye_sees(name: str, shown: str) -> None:
    # Cut by code points, "Familie 👨‍👩‍👧" showed a man and a woman, and a decomposed "ë" an e.
    from ui.sheet import TABLE_NAME, _characters, _width, table_name

    assert table_name(name) == shown
    assert sum(map(_width, _characters(shown))) <= TABLE_NAME

