"""Command line for the score file: list games, show standings, export and import CSV.

    python -m scoresheet [--db PATH] list
    python -m scoresheet [--db PATH] [--lang de] show GAME_ID
    python -m scoresheet [--db PATH] export GAME_ID > game.csv
    python -m scoresheet [--db PATH] import game.csv   # makes the score file if missing

It prints the page's words in the page's languages, so it lives with them in ui;
scoresheet/__main__.py only runs it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scoresheet import (
    MOST_CSV_BYTES,
    Game,
    ScoreError,
    Store,
    default_db_path,
    score_path,
    to_csv,
)
from solver import SolverError, explain_error
from ui.advice import imported_game, phase_worded
from ui.sheet import game_label, standings_rows, status_lines, taken_back_lines
from ui.strings import LANGUAGES, error_text, text


def _game_id(typed: str) -> int | None:
    """A game number as ``list`` prints it (SQLite ids fit 63 bits), None if it is none."""
    if not (typed.isascii() and typed.isdigit()) or not 0 < int(typed) < 2**63:  # "²" isdigit
        return None
    return int(typed)


class _Unreadable(Exception):
    """The CSV file named could not be read (the system's reason as its text)."""


def _csv_game(path: Path) -> Game:
    """The game in the CSV file at `path`, checked as the page checks an upload."""
    try:
        if path.exists() and not path.is_file():  # /dev/zero, a pipe: endless
            raise ScoreError("csv_not_file", path=str(path))
        with path.open("rb") as file:
            data = file.read(MOST_CSV_BYTES + 1)
    except OSError as error:
        raise _Unreadable(error.strerror or str(error)) from error
    return imported_game(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoresheet",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--db", type=Path, default=None,
                        help=f"score file (default: {default_db_path()})")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en", help="language of output")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the games")
    show = commands.add_parser("show", help="standings of one game")
    show.add_argument("game_id")
    export = commands.add_parser("export", help="write one game as CSV to stdout")
    export.add_argument("game_id")
    load = commands.add_parser("import", help="add a game from a CSV file; prints its id")
    load.add_argument("csv", type=Path)
    args = parser.parse_args(argv)
    if "game_id" in args:  # checked here, where the language is known, not by argparse
        number = _game_id(args.game_id)
        if number is None:
            commands.choices[args.command].error(
                error_text(args.lang, "no_game_number", {"typed": args.game_id}))
        args.game_id = number
    try:
        path = score_path(args.db if args.db else default_db_path())
        if args.command != "import" and not path.exists():  # a typo must not make an empty file
            raise ScoreError("db_missing", path=str(path))
        # An import reads its file first: a bad one leaves no empty score file behind.
        game = _csv_game(args.csv) if args.command == "import" else None
        fresh = not path.exists()
        store = Store(path)
        if game is not None:
            print(store.create_game(game))
            if fresh:  # a mistyped --db would otherwise hide the game in a file nobody opens
                print(text(args.lang, "cli_db_new", path=str(path)), file=sys.stderr)
        elif args.command == "list":
            for summary in store.list_games():
                print(summary.id, game_label(summary.name, summary.players, summary.id,
                                             hands=summary.hands))
        elif args.command == "show":
            game = store.load_game(args.game_id)
            for line in status_lines(args.lang, game, markdown=False):
                print(line)
            # seed 003: why a tick booked none
            for _, line in taken_back_lines(args.lang, game, markdown=False):
                print(line)
            for row in standings_rows(args.lang, game):
                # A blank table cell (no phase done yet) read "Done: " with nothing after it.
                print("  ".join(f"{key}: {'–' if value == '' else value}"
                                for key, value in row.items()))
        else:
            sys.stdout.write(to_csv(store.load_game(args.game_id)))
    except _Unreadable as error:
        print(f"error: {text(args.lang, 'cli_cannot_read', path=args.csv, reason=error)}",
              file=sys.stderr)
        return 1
    except ScoreError as error:
        print(f"error: {error_text(args.lang, error.code, error.params)}", file=sys.stderr)
        return 1
    except SolverError as error:  # a ruleset or phase list no page could play
        print(f"error: {explain_error(phase_worded(error, args.lang), args.lang)}",
              file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (| head): nothing left to say
        return 1
    except OSError as error:  # stdout full or gone
        reason = error.strerror or error
        print(f"error: {text(args.lang, 'cli_cannot_write', reason=reason)}", file=sys.stderr)
        return 1
    return 0
