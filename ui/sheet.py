"""Score-sheet views: standings, history and status as plain rows and sentences for the page.

>>> from scoresheet import Hand, add_hand, new_game
>>> game = add_hand(new_game(("Anna", "Ben")), Hand((0, 35), (True, False)))
>>> standings_rows("de", game)[0]
{'Platz': 1, 'Spieler': 'Anna', 'Punkte': 0, 'Phase': '2', 'Fertig': '1'}
>>> status_lines("en", game)
['Ben deals next.', 'Hands played: 1']
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from scoresheet import (
    EndRule,
    Game,
    PhaseOrder,
    PlayerStanding,
    Stage,
    dealer_of,
    out_moves_on,
    standings,
    to_csv,
)
from solver import RULESETS, ruleset
from ui.phases import solver_phase
from ui.strings import plain, text

CHECK = "✓"


def phase_numbers(numbers: Iterable[int]) -> str:
    """Phase numbers as a player reads them, three or more in a row as a range: a free game's
    "any of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10" ran off a phone's standings table.

    >>> phase_numbers([1, 2, 3, 4, 6, 8, 9]), phase_numbers([2, 4, 6]), phase_numbers([])
    ('1–4, 6, 8, 9', '2, 4, 6', '')
    """
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run))
                     for run in runs)


def phase_cell(lang: str, game: Game, player: PlayerStanding) -> str:
    """What a player plays next: a number, a choice (free order) or 'finished'.

    >>> from dataclasses import replace
    >>> from scoresheet import GameRules, PhaseOrder, new_game
    >>> free = new_game(["Anna", "Ben"], GameRules(order=PhaseOrder.FREE, phases=("a", "b")))
    >>> anna = standings(free).players[0]
    >>> phase_cell("en", free, anna), phase_cell("en", free, replace(anna, remaining=(2,)))
    ('any of 1, 2', '2')
    """
    if not player.remaining:
        return text(lang, "finished")
    if _chooses(game, player):
        return text(lang, "free_phases", phases=phase_numbers(player.remaining))
    return str(player.remaining[0])


def _chooses(game: Game, player: PlayerStanding) -> bool:
    """Whether the player picks the next phase: free order, and more than one left to pick."""
    return game.rules.order is PhaseOrder.FREE and len(player.remaining) > 1


def phase_heading(lang: str, game: Game, player: PlayerStanding) -> str:
    """What a player plays next, said beside their name on the hand's form.

    >>> from scoresheet import GameRules, PhaseOrder, new_game
    >>> free = new_game(["Anna", "Ben"], GameRules(order=PhaseOrder.FREE))
    >>> phase_heading("de", free, standings(free).players[0])
    'eine beliebige Phase von 1–10'
    >>> in_order = new_game(["Anna", "Ben"])
    >>> phase_heading("en", in_order, standings(in_order).players[1])
    'Phase 1'
    """
    if not player.remaining:  # "Phase finished" read as if this hand's phase were done
        return text(lang, "all_phases_done")
    if _chooses(game, player):  # "Phase any of 1–10" read awkwardly (audit, session 49)
        return text(lang, "free_phases_heading", phases=phase_numbers(player.remaining))
    return f"{text(lang, 'col_phase')} {phase_cell(lang, game, player)}"


def phase_choice_index(open_phases: Sequence[int], known: int | None) -> int | None:
    """Where a free game's "Which phase" box starts: on the phase known (declared on the Hand
    tab, or booked by the hand corrected), on the only one open, else on none, so that a tick
    of "Phase made" never books a phase nobody chose.

    >>> phase_choice_index((1, 4, 7), 7), phase_choice_index((1, 4, 7), None)
    (2, None)
    >>> phase_choice_index((9,), None), phase_choice_index((1, 4), 3)
    (0, None)
    """
    if known is not None and known in open_phases:
        return list(open_phases).index(known)
    return 0 if len(open_phases) == 1 else None


def standings_rows(lang: str, game: Game) -> list[dict[str, object]]:
    """One row per player, leader first (ties keep seating order)."""
    result = standings(game)
    ordered = sorted(result.players, key=lambda p: p.rank)
    return [
        {
            text(lang, "col_rank"): p.rank,
            text(lang, "col_player"): p.name,
            text(lang, "col_total"): p.total,
            # Tied players replay the last phase: not "finished" yet (RULES.md, ties).
            text(lang, "col_phase"): text(lang, "playoff_cell", phase=game.rules.schedule[-1])
            if result.stage is Stage.PLAYOFF and p.name in result.winners
            else phase_cell(lang, game, p),
            text(lang, "col_done"): phase_numbers(p.done),
        }
        for p in ordered
    ]


def history_rows(lang: str, game: Game) -> list[dict[str, object]]:
    """One row per hand: number, dealer, then each player's points with a tick if made (and,
    under free phase order, the phase laid: which one a player booked could not be checked).

    A player named like a column ("Hand", "Dealer") gets a column of their own:

    >>> from scoresheet import GameRules, Hand, PhaseOrder, add_hand, new_game
    >>> game = add_hand(new_game(["Dealer", "Hand"]), Hand((0, 35), (True, False)))
    >>> history_rows("en", game)
    [{'Hand': 1, 'Dealer': 'Dealer', 'Dealer ': '0 ✓', 'Hand ': '35'}]
    >>> free = new_game(["Anna", "Ben"], GameRules(order=PhaseOrder.FREE))
    >>> history_rows("en", add_hand(free, Hand((0, 35), (True, False), chosen=(7, None))))
    [{'Hand': 1, 'Dealer': 'Anna', 'Anna': '0 ✓7', 'Ben': '35'}]
    """
    headers = (text(lang, "col_hand"), text(lang, "col_dealer"))
    columns = _player_columns(lang, game)
    free = game.rules.order is PhaseOrder.FREE
    # A tick that booked nothing (laid the last phase, not out: seed 003) is bracketed, as the
    # note under the standings says why; a plain tick there read as the phase done.
    void = {(taken.number, name) for taken in standings(game).taken_back
            for name in taken.players}
    # So is one in the extra hand of a player who had made every phase (orders audit, s67).
    before = standings(replace(game, hands=game.hands[:-1])) if game.hands else None
    if before is not None and before.stage is Stage.LAST_HAND:
        void |= {(len(game.hands), p.name) for p in before.players if not p.remaining}
    rows: list[dict[str, object]] = []
    for number, hand in enumerate(game.hands, start=1):
        row: dict[str, object] = dict(zip(
            headers, (number, table_name(dealer_of(game, number - 1))), strict=True))
        chosen = hand.chosen or (None,) * len(columns)
        for name, column, points, made, phase in zip(game.players, columns, hand.points,
                                                     hand.made, chosen, strict=True):
            laid = str(phase) if free and phase is not None else ""
            tick = f"({CHECK}{laid})" if (number, name) in void else f"{CHECK}{laid}"
            row[column] = f"{points} {tick}" if made else str(points)
        rows.append(row)
    return rows


# Letters of a name the hands table shows: the hand's number, the dealer and two players'
# columns then fit a 360 px phone side by side; a longer name ends in "…" there. A wide
# character (an emoji, a flag, a Chinese or Japanese one) takes the room of two.
TABLE_NAME = 9


def table_name(name: str) -> str:
    """A name as the hands table shows it, in one line of its own column: cut between
    characters as the eye sees them, never inside one built of several code points, and
    a wide one counted twice.

    >>> table_name("Alexandra"), table_name("Bartholomäus-Maximilian")
    ('Alexandra', 'Bartholo…')
    >>> table_name("Marie \U0001F469\U0001F3FD\u200D\U0001F9B3 Curie").endswith("\U0001F9B3…")
    True
    >>> table_name("\U0001F43B" * 5), table_name("佐藤健太郎")  # as wide as ten letters
    ('🐻🐻🐻🐻…', '佐藤健太…')
    """
    characters = _characters(name)
    if sum(map(_width, characters)) <= TABLE_NAME:
        return name
    shown, room = "", TABLE_NAME - 1
    for character in characters:
        room -= _width(character)
        if room < 0:
            break
        shown += character
    return shown.rstrip() + "…"


def _characters(text: str) -> list[str]:
    """``text`` in the characters the eye sees (``_joins_the_one_before``).

    >>> [len(seen) for seen in _characters("Zoe\u0308 \U0001F1E9\U0001F1F0")]
    [1, 1, 2, 1, 2]
    """
    characters: list[str] = []
    for at, char in enumerate(text):
        if characters and _joins_the_one_before(text, at):
            characters[-1] += char
        else:
            characters.append(char)
    return characters


def _width(character: str) -> int:
    """Letters' room one seen character takes: two for a wide one (East Asian width W or F,
    which most emoji are) and a flag.

    >>> [_width(c) for c in ("a", "ß", "\U0001F43B", "佐", "\U0001F1E9\U0001F1F0")]
    [1, 1, 2, 2, 2]
    """
    if _is_regional(character[0]):
        return 2
    return 2 if any(unicodedata.east_asian_width(c) in "WF" for c in character) else 1


_ZERO_WIDTH_JOINER = "\u200d"


def _joins_the_one_before(text: str, at: int) -> bool:
    """Whether ``text[at]`` is part of the character the eye sees ending before it: an accent
    typed on its own (e + U+0308), an emoji's skin tone or style, either side of a joiner
    (a family, a woman with white hair), a tag or the second half of a flag.

    >>> [_joins_the_one_before("Zoe\u0308", 3), _joins_the_one_before("Zoë", 2)]
    [True, False]
    """
    this, before = ord(text[at]), text[at - 1]
    if unicodedata.combining(text[at]) or _ZERO_WIDTH_JOINER in (text[at], before):
        return True
    if 0xFE00 <= this <= 0xFE0F or 0x1F3FB <= this <= 0x1F3FF or 0xE0020 <= this <= 0xE007F:
        return True
    # Flags are pairs of regional indicators: an odd count before this one means a pair open.
    flags = 0
    while at - flags - 1 >= 0 and _is_regional(text[at - flags - 1]):
        flags += 1
    return _is_regional(text[at]) and flags % 2 == 1


def _is_regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def history_headings(lang: str, game: Game) -> dict[str, str]:
    """The hands table's player columns (as `history_rows` names them) whose heading is cut,
    and the heading shown.

    >>> from scoresheet import new_game
    >>> history_headings("en", new_game(["Ann", "Bartholomäus-Maximilian"]))
    {'Bartholomäus-Maximilian': 'Bartholo…'}
    """
    return {column: table_name(name) for name, column in zip(
        game.players, _player_columns(lang, game), strict=True) if table_name(name) != name}


def _player_columns(lang: str, game: Game) -> list[str]:
    """Each player's column in the hands table: a player named like a column ("Hand",
    "Dealer") gets a column of their own."""
    headers = (text(lang, "col_hand"), text(lang, "col_dealer"))
    return [name + " " if name in headers else name for name in game.players]


def status_lines(lang: str, game: Game, *, markdown: bool = True) -> list[str]:
    """The sentences above the sheet (Markdown, names escaped; else as typed, for a
    terminal): result or stage, who deals, how many hands, and a table larger than the rules
    are for."""
    result = standings(game)
    shown = plain if markdown else str
    names = " & ".join(shown(name) for name in result.winners)
    lines: list[str] = []
    if result.stage is Stage.OVER:
        key = "winner" if len(result.winners) == 1 else "shared_win"
        lines.append(text(lang, key, players=names))
        lines.append(win_reason(lang, game, markdown=markdown))
    elif result.stage is Stage.PLAYOFF:
        # Classic makes a phase by going out: who does so first wins (seed 000).
        lines.append(text(lang, "playoff_out" if out_moves_on(game.rules) else "playoff",
                          players=names))
    elif result.stage is Stage.LAST_HAND:
        lines.append(text(lang, "last_hand"))
    if not result.over:
        lines.append(text(lang, "dealer_next", player=shown(result.dealer)))
    lines.append(text(lang, "hands_played", count=result.hands_played))
    most = ruleset(game.rules.ruleset).most_players if game.rules.ruleset in RULESETS else None
    if most is not None and len(game.players) > most:
        lines.append(text(lang, "players_over", most=most, count=len(game.players)))
    return lines


def win_reason(lang: str, game: Game, *, markdown: bool = True) -> str:
    """Why a finished game went to its winner(s) (Markdown, names escaped unless not
    ``markdown``): "🏆 Ben wins!" beside Anna, who went out in the last hand, looked wrong
    (usability audit, session 54).

    >>> from scoresheet import GameRules, Hand, add_hand, new_game
    >>> game = new_game(["Anna", "Ben", "Cy"], GameRules(phases=("set 3",)))
    >>> win_reason("en", add_hand(game, Hand((0, 35, 40), (True, True, False))))
    'Anna & Ben completed the last phase; the fewest points: Anna 0, Ben 35.'
    >>> win_reason("de", add_hand(game, Hand((5, 0, 40), (False, True, False))))
    'Nur Ben hat die letzte Phase geschafft.'
    """
    result = standings(game)
    shown = plain if markdown else str
    names = " & ".join(shown(name) for name in result.winners)
    if standings(replace(game, hands=game.hands[:-1])).stage is Stage.PLAYOFF:
        # Classic's play-off goes to who goes out with the phase first (seed 000: "wer sie
        # beendet"), not who lays it (Danish audit, session 67).
        return text(lang, "won_playoff_out" if out_moves_on(game.rules) else "won_playoff",
                    players=names)
    # Fewest points first, the winners among them.
    if game.rules.end is EndRule.EXTRA_HAND:
        weighed = list(result.players)
    else:  # those the last hand finished: the others still have a phase to play
        weighed = [p for p in result.players if not p.remaining]
        if len(weighed) == 1:
            return text(lang, "won_alone", players=names)
    points = ", ".join(f"{shown(p.name)} {p.total}"
                       for p in sorted(weighed, key=lambda p: p.total))
    if game.rules.end is EndRule.EXTRA_HAND:
        return text(lang, "won_extra_hand", points=points)
    return text(lang, "won_fewest", finished=" & ".join(shown(p.name) for p in weighed),
                points=points)


def taken_back_lines(lang: str, game: Game, *, markdown: bool = True
                     ) -> list[tuple[int, str]]:
    """Hand number and sentence (Markdown, names escaped unless not ``markdown``) for each
    hand whose last phase laid without going out was taken back (seed 003's end rule): the
    hands table shows the tick, the standings the phase still to play, and nothing said why.

    >>> from scoresheet import EndRule, GameRules, Hand, add_hand, new_game
    >>> rules = GameRules(end=EndRule.GO_OUT, phases=("set 3", "run 4"))
    >>> game = new_game(["Ann", "Bo", "Cy"], rules)
    >>> game = add_hand(game, Hand((0, 10, 20), (True, True, False)))
    >>> taken_back_lines("en", game)
    []
    >>> game = add_hand(game, Hand((20, 15, 0), (True, True, True)))  # Cy went out
    >>> taken_back_lines("en", game)  # doctest: +NORMALIZE_WHITESPACE
    [(2, 'Hand 2: Ann & Bo laid phase 2 but did not go out. In this game that counts only
      together with going out: they play phase 2 again.')]
    >>> history_rows("en", game)[1]  # their ticks booked nothing
    {'Hand': 2, 'Dealer': 'Bo', 'Ann': '20 (✓)', 'Bo': '15 (✓)', 'Cy': '0 ✓'}
    """
    shown = plain if markdown else str
    return [(entry.number, text(lang, "taken_back_one" if len(entry.players) == 1
                                else "taken_back_many", number=entry.number,
                                players=" & ".join(shown(p) for p in entry.players),
                                phase=entry.phase))
            for entry in standings(game).taken_back]


def game_label(name: str, players: tuple[str, ...], game_id: int, hands: int | None = None,
               *, numbered: bool = False, started: str = "") -> str:
    """How a game is listed: on the page without its hand count, which changes with every
    saved hand while the browser keeps showing the label it had (streamlit/streamlit#13788),
    so the chooser would lose the game; and ``numbered``, since the browser sends the chosen
    game back by its label: two Sunday games of the same players would be one. ``started``:
    when it was (ISO 8601), its day told: a club's weekly games of the same players differed
    by their number alone.

    >>> game_label("Friday", ("Anna", "Ben"), 3), game_label("", ("Anna", "Ben"), 3, hands=2)
    ('Friday — Anna, Ben', '#3 — Anna, Ben (2)')
    >>> game_label("Friday", ("Anna", "Ben"), 3, numbered=True,
    ...            started="2026-12-04T18:30:00+00:00")  # doctest: +ELLIPSIS
    'Friday · 2026-12-0... (#3) — Anna, Ben'
    """
    title = name or f"#{game_id}"
    day = day_of(started)
    when = f" · {day}" if day else ""
    number = f" (#{game_id})" if numbered and name else ""
    count = "" if hands is None else f" ({hands})"
    # What tells games apart first: a phone's chooser shows one line of the game chosen, and
    # four players' names cut off the day and number after them (visual audit, 360 px).
    return f"{title}{when}{number} — {', '.join(players)}{count}"


def day_of(stamp: str) -> str:
    """The local day of an ISO 8601 time (the store writes UTC), or "" for none or a damaged one.

    >>> day_of(""), day_of("yesterday")
    ('', '')
    """
    try:
        return datetime.fromisoformat(stamp).astimezone().date().isoformat()
    except (ValueError, OverflowError):  # Overflow: year 1 or 9999, moved off the calendar
        return ""


def parse_players(raw: str) -> list[str]:
    """Players from a text area: one per line (commas also separate), blanks ignored.

    >>> parse_players("Anna\\n Ben , Cleo\\n\\n")
    ['Anna', 'Ben', 'Cleo']
    """
    return [name.strip() for line in raw.splitlines() for name in line.split(",") if name.strip()]


def parse_phase_list(raw: str, ruleset_name: str | None = None) -> tuple[str, ...]:
    """A custom phase list for ``ruleset_name``: one phase per non-empty line, the page's own
    words for a phase ("7 einer Farbe") read as the solver's ("colour 7").

    >>> parse_phase_list(" Satz aus 3 + Folge aus 4 ")
    ('set 3 + run 4',)
    >>> parse_phase_list("7 i samme farve")
    ('colour 7',)
    """
    return tuple(solver_phase(line.strip(), ruleset_name)
                 for line in raw.splitlines() if line.strip())


# The list separator spreadsheets expect in each language's countries: theirs is ";", as the
# comma is their decimal mark (a comma file opened as one column in Dutch or Danish Excel).
_CSV_DELIMITER = {"de": ";", "nl": ";", "da": ";"}


def csv_download(lang: str, game: Game) -> bytes:
    """The game's CSV as the page offers it: with the separator of the language's spreadsheets
    and a byte-order mark, without which Excel shows "Jørgen" as "JÃ¸rgen". Imports read it.

    >>> from scoresheet import from_csv, new_game
    >>> game = new_game(("Jørgen", "Ben"))
    >>> data = csv_download("da", game)
    >>> data.startswith(codecs.BOM_UTF8), data.decode("utf-8-sig").splitlines()[0]
    (True, 'phaselens score sheet;1')
    >>> from_csv(data) == game == from_csv(csv_download("en", game))
    True
    """
    return codecs.BOM_UTF8 + to_csv(game, _CSV_DELIMITER.get(lang, ",")).encode()


def csv_file_name(game_name: str) -> str:
    """The download's file name: the game's name without the characters a file system
    refuses (a "/" made a folder of it).

    >>> csv_file_name("Fri/Sat: *final*"), csv_file_name("")
    ('Fri-Sat- -final-.csv', 'game.csv')
    """
    return re.sub(r'[\\/:*?"<>|]+', "-", game_name).strip() + ".csv" if game_name.strip() \
        else "game.csv"


# What the count box keeps in a tab's session per photo: the reading (its picture, megabytes),
# the uploaded file's id, to give the file back (``ui.page_common.release_uploads``), and the
# cards it read.
COUNT_FILE = "count_file_"
COUNT_READ = "count_read_"  # the cards the last photo put in the box, to tell a typed fix
COUNT_KEPT = ("read_count_", COUNT_FILE, COUNT_READ)


def earlier_count_keys(keys: Iterable[object], form_key: str) -> list[str]:
    """The session keys of count-box photos not of the hand whose form is ``form_key``: those
    of hands saved before, and of another game's open hand (its box, not drawn, has lost its
    photo, so the reading would never be shown again).

    >>> earlier_count_keys(["read_count_1_1_0", "read_count_1_2_1", "count_file_11_2_0",
    ...                     "count_file_1_2_0", "pts_1_1_0"], "1_2")
    ['read_count_1_1_0', 'count_file_11_2_0']
    """
    return [str(key) for key in keys if str(key).startswith(COUNT_KEPT)
            and not str(key).startswith(tuple(f"{kept}{form_key}_" for kept in COUNT_KEPT))]
