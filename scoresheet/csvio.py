"""CSV export and import of one game, readable in any spreadsheet and round-tripping exactly.

The file has a settings block (`key,value` rows), a blank row, then one row per player per hand;
`went_out` is yes for the player who went out, the one marked or else the only player on 0
(several on 0 and none marked, as classic allows: no for all):

>>> from scoresheet.game import add_hand
>>> game = new_game(("Anna", "Ben"), name="Friday")
>>> game = add_hand(game, Hand(points=(0, 35), made=(True, False)))
>>> print(to_csv(game), end="")
phaselens score sheet,1
name,Friday
ruleset,mattel
end,fewest-points
order,in-order
first_dealer,Anna
player,Anna
player,Ben
<BLANKLINE>
hand,player,points,made,went_out,phase
1,Anna,0,yes,yes,
1,Ben,35,no,no,
>>> from_csv(to_csv(game)) == game
True
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field, replace

from scoresheet.errors import ScoreError
from scoresheet.game import (
    GOING_OUT,
    MAX_GAME_NAME_LENGTH,
    MAX_NAME_LENGTH,
    MOST_SKIP_CARDS,
    EndRule,
    Game,
    GameRules,
    Hand,
    PhaseOrder,
    new_game,
    out_moves_on,
    restored_name,
    standings,
    who_went_out,
)

MAGIC = "phaselens score sheet"
FORMAT_VERSION = "1"
HAND_HEADER = ("hand", "player", "points", "made", "went_out", "phase")
_TRUE = {"yes", "y", "true", "1", "x", "ja", "j"}
_FALSE = {"no", "n", "false", "0", "", "nein", "nee", "nej"}


# A cell a spreadsheet would run as a formula (a player named "=1+2") is written with a
# leading apostrophe, which spreadsheets take as "this is text", and read back without it; a
# name that starts with an apostrophe of its own gets one more, so every name round-trips.
_QUOTED_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")


def _as_text(value: str) -> str:
    return "'" + value if value.startswith(_QUOTED_STARTS) else value


def _from_text(value: str) -> str:
    """A cell as `_as_text` wrote it, read back; an apostrophe before nothing it guards is
    the name's own: a hand-written "'t Hart" lost it (security audit, session 64).

    >>> _from_text("'=1+2"), _from_text("''t Hart"), _from_text("'t Hart")
    ('=1+2', "'t Hart", "'t Hart")
    """
    guarded = value.startswith("'") and value[1:].startswith(_QUOTED_STARTS)
    return value[1:] if guarded else value


def to_csv(game: Game, delimiter: str = ",") -> str:
    """The game as CSV; `delimiter` ";" for spreadsheets whose decimal mark is a comma (both
    read back)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow([MAGIC, FORMAT_VERSION])
    writer.writerow(["name", _as_text(game.name)])
    writer.writerow(["ruleset", game.rules.ruleset])
    writer.writerow(["end", game.rules.end.value])
    writer.writerow(["order", game.rules.order.value])
    # Said only when not all: files written before it read as with the deck's skips.
    if not game.rules.skips or game.rules.skip_count is not None:
        writer.writerow(["skips", game.rules.skip_count or "no"])
    if game.rules.going_out != GOING_OUT[0]:  # likewise
        writer.writerow(["going_out", game.rules.going_out])
    writer.writerow(["first_dealer", _as_text(game.players[game.first_dealer])])
    for phase in game.rules.phases:
        writer.writerow(["phase", _as_text(phase)])
    for player in game.players:
        writer.writerow(["player", _as_text(player)])
    writer.writerow([])
    writer.writerow(HAND_HEADER)
    for number, hand in enumerate(game.hands, start=1):
        # The page's "(the player on 0)" is None: written as that player, not as nobody out.
        # Read back, a mark on the only player on 0 is None again (`Hand`), so it round-trips.
        went = who_went_out(hand)
        for index, player in enumerate(game.players):
            chosen = hand.chosen[index] if hand.chosen else None
            writer.writerow([
                number,
                _as_text(player),
                hand.points[index],
                "yes" if hand.made[index] else "no",
                "yes" if went == index else "no",
                "" if chosen is None else chosen,
            ])
    return out.getvalue()


@dataclass
class _Settings:
    """Scratch state while reading the settings block; never leaves this module."""

    values: dict[str, str] = field(default_factory=dict)
    phases: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    lines: dict[str, int] = field(default_factory=dict)  # where each setting was read


# A game's sheet is a few kilobytes; a file far larger is not one (and is not read whole).
MOST_CSV_BYTES = 1_000_000


def from_csv(text: str | bytes) -> Game:
    """The game in `text`; raises ScoreError naming the line of the first problem."""
    if len(text) > MOST_CSV_BYTES:
        raise ScoreError("csv_too_big", most=MOST_CSV_BYTES // 1000)
    if isinstance(text, bytes):
        text = _decoded(text)
    text = text.lstrip("\ufeff")
    # Spreadsheets set to German, Dutch or Danish save with semicolons (their decimal comma
    # takes the comma), and "Text (tab-separated)" with tabs: the first line, the magic word
    # and nothing else, tells which. Lines may end in CR alone (Excel for Mac's "Macintosh"
    # CSV), which was refused as a quotation mark left open (security audit, session 64).
    first_line = (text.splitlines() or [""])[0]
    delimiter = next((mark for mark in (";", "\t") if mark in first_line and "," not in
                      first_line), ",")
    # Strict: a quotation mark left open swallowed every line after it into one cell, and the
    # file was refused for what was missing then ("needs 2 to 10 players"), not for the quote.
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=delimiter, strict=True)
    rows: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as error:
        started = rows[-1][0] + 1 if rows else 1  # the row's first line, where the quote is
        # The csv module's own words tell a cell past its limit from a quote left open.
        code = "csv_cell" if "field limit" in str(error) else "csv_quote"
        raise ScoreError(code, line=started) from error
    if not any(any(cell.strip() for cell in row) for _, row in rows):
        raise ScoreError("csv_empty")
    line, first = rows[0]
    if not first or first[0].strip() != MAGIC:
        raise ScoreError("csv_magic", line=line, magic=MAGIC)
    version = first[1].strip() if len(first) > 1 else ""
    if version not in {"", FORMAT_VERSION}:  # a later format, read as this one, could misread
        raise ScoreError("csv_version", line=line, version=version[:12], known=FORMAT_VERSION)
    settings = _Settings()
    position = 1
    while position < len(rows) and any(c.strip() for c in rows[position][1]):
        _read_setting(settings, *rows[position])
        position += 1
    blank = rows[position][0] if position < len(rows) else 0
    while position < len(rows) and not any(c.strip() for c in rows[position][1]):
        position += 1
    if position < len(rows) and rows[position][1][0].strip().lower() in _SETTING_KEYS:
        # A blank row among the settings ended them there: "the first dealer is not a
        # player" was said of the players below it (audit).
        raise ScoreError("csv_settings_gap", line=blank, next=rows[position][0])
    game = _game_from_settings(settings)
    if position < len(rows):
        line, header = rows[position]
        if tuple(c.strip().lower() for c in header) != HAND_HEADER:
            raise ScoreError("csv_header", line=line, header=",".join(HAND_HEADER))
        game = _read_hands(game, rows[position + 1 :])
    return game


def _decoded(data: bytes) -> str:
    """UTF-8, else Windows-1252: Excel set to German, Dutch or Danish saves "CSV" in the
    latter, and a sheet opened there and saved again was refused for its "ä" (audit).

    >>> _decoded("Jürgen".encode("cp1252")), _decoded("Jürgen".encode())
    ('Jürgen', 'Jürgen')
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise ScoreError("csv_not_text") from error
        # Control characters: UTF-16, an image, a zip, not a text a spreadsheet saved.
        if any(char < " " and char not in "\t\n\r" for char in text):
            raise ScoreError("csv_not_text") from error
        return text


_VALUE_KEYS = frozenset({"ruleset", "end", "order", "skips", "going_out"})
_SETTING_KEYS = _VALUE_KEYS | {"phase", "player", "name", "first_dealer"}


def _read_setting(settings: _Settings, line: int, row: list[str]) -> None:
    key = row[0].strip().lower()
    value = _from_text(row[1].strip()) if len(row) > 1 else ""
    if key == "phase":
        settings.phases.append(value)
    elif key == "player":
        settings.players.append(_restored_player(value))
    elif key in {"name", "first_dealer"}:
        # A backup made before today's checks on names has to come back.
        settings.values[key] = (restored_name(value, MAX_GAME_NAME_LENGTH) if key == "name"
                                else _restored_player(value))
        settings.lines[key] = line
    elif key in _VALUE_KEYS:
        settings.values[key] = value
        settings.lines[key] = line
    else:
        raise ScoreError("csv_setting", line=line, key=_shown(row[0]))


def _game_from_settings(settings: _Settings) -> Game:
    """The game the settings describe. Only a setting the file gives can be wrong (the default
    of one it leaves out is not), so each problem is put on its own line."""
    values, at = settings.values, settings.lines
    # Words in any case, as yes and no are: a spreadsheet may capitalise a cell.
    end_text = (values.get("end") or EndRule.FEWEST_POINTS.value).lower()
    order_text = (values.get("order") or PhaseOrder.IN_ORDER.value).lower()
    if end_text not in {e.value for e in EndRule}:
        raise ScoreError("csv_value", line=at["end"], value=_shown(values["end"]))
    if order_text not in {o.value for o in PhaseOrder}:
        raise ScoreError("csv_value", line=at["order"], value=_shown(values["order"]))
    going_out = (values.get("going_out") or GOING_OUT[0]).lower()
    if going_out not in GOING_OUT:
        raise ScoreError("csv_value", line=at["going_out"], value=_shown(values["going_out"]))
    end, order = EndRule(end_text), PhaseOrder(order_text)
    skips, skip_count = _skips(values["skips"], at["skips"]) if "skips" in values else (True, None)
    rules = GameRules(
        # In any case, as the other setting words: "Classic" read the hands as Phase 10's,
        # one player out of each (fuzz audit, session 65).
        ruleset=(values.get("ruleset") or "mattel").lower(),
        end=end,
        order=order,
        phases=tuple(settings.phases),
        skips=skips,
        going_out=going_out,
        skip_count=skip_count,
    )
    dealer = values.get("first_dealer", "")
    players = settings.players
    if dealer and dealer not in players:
        raise ScoreError("csv_dealer", line=at["first_dealer"], name=_shown(dealer))
    first_dealer = players.index(dealer) if dealer else 0
    return new_game(players, rules, first_dealer=first_dealer, name=values.get("name", ""))


def _read_hands(game: Game, rows: list[tuple[int, list[str]]]) -> Game:
    count = len(game.players)
    data = [(line, row) for line, row in rows if any(c.strip() for c in row)]
    if len(data) % count:
        raise ScoreError("csv_rows", line=data[-1][0], count=count)
    hands = tuple(
        _hand_from_rows(game, data[start : start + count], number=start // count + 1)
        for start in range(0, len(data), count)
    )
    # Replayed once as stored hands, not as ones typed today (an export from before today's
    # checks is a backup that has to come back); hand by hand, a 1 MB sheet took a minute.
    game = replace(game, hands=hands)
    standings(game)
    return game


def _hand_from_rows(game: Game, block: list[tuple[int, list[str]]], number: int) -> Hand:
    points: list[int] = []
    made: list[bool] = []
    chosen: list[int | None] = []
    marked: list[int] = []
    for index, (line, row) in enumerate(block):
        cells = [c.strip() for c in row] + [""] * (len(HAND_HEADER) - len(row))
        if cells[0] != str(number):
            raise ScoreError("csv_hand", line=line, number=number, found=_shown(cells[0]))
        cells[1] = _restored_player(_from_text(cells[1]))
        if cells[1] != game.players[index]:
            raise ScoreError("csv_player", line=line, name=game.players[index],
                             found=_shown(cells[1]))
        points.append(_integer(cells[2], line))
        made.append(_flag(cells[3], line))
        if _flag(cells[4], line):
            marked.append(index)
            # Only one player goes out of a hand, but in classic everyone on 0 did: there a
            # mark beside points is the fault, not a second mark (classic audit, session 66).
            wrong = next((i for i in marked if points[i]), None)
            if len(marked) > 1 and out_moves_on(game.rules) and wrong is not None:
                raise ScoreError("csv_went_out_points", line=line, number=number,
                                 name=game.players[wrong], points=points[wrong])
            if len(marked) > 1 and not out_moves_on(game.rules):
                raise ScoreError("csv_went_out_twice", line=line, number=number,
                                 name=game.players[index], first=game.players[marked[0]])
        chosen.append(_integer(cells[5], line) if cells[5] else None)
    return Hand(
        points=tuple(points),
        made=tuple(made),
        went_out=marked[0] if len(marked) == 1 else None,
        chosen=tuple(chosen) if any(c is not None for c in chosen) else (),
    )


def _shown(cell: str) -> str:
    """A cell as an error message quotes it: at most 20 characters (a cell may hold 100 KB).

    >>> _shown("x" * 30)
    'xxxxxxxxxxxxxxxxxxx…'
    """
    return cell if len(cell) <= 20 else cell[:19] + "…"


_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,18}")


def _restored_player(name: str) -> str:
    return restored_name(name, MAX_NAME_LENGTH)


def _integer(cell: str, line: int) -> int:
    # ASCII digits only: int() also reads "3_5" and Arabic-Indic digits as 35 (and refuses
    # over 4300 digits).
    if _WHOLE_NUMBER.fullmatch(cell):
        return int(cell)
    raise ScoreError("csv_number", line=line, value=_shown(cell))


def _skips(cell: str, line: int) -> tuple[bool, int | None]:
    """yes, no or a count of skip cards (seed 001's "fewer jokers"; 0 is none): with skips or
    not, and how many when told."""
    if not _WHOLE_NUMBER.fullmatch(cell):
        return _flag(cell, line), None
    if int(cell) < 0:
        raise ScoreError("csv_value", line=line, value=_shown(cell))
    # More than any deck holds is all of them, as README says (the page holds a count to the
    # deck's own: `ui.advice.imported_game`).
    return int(cell) > 0, int(cell) if 0 < int(cell) <= MOST_SKIP_CARDS else None


def _flag(cell: str, line: int) -> bool:
    lowered = cell.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ScoreError("csv_flag", line=line, value=_shown(cell))
