"""Command line for the score file: list games, show standings, export and import CSV.

    python -m scoresheet [--db PATH] list
    python -m scoresheet [--db PATH] show GAME_ID [--lang de]
    python -m scoresheet [--db PATH] export GAME_ID > game.csv
    python -m scoresheet [--db PATH] import game.csv
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scoresheet import ScoreError, Store, default_db_path, from_csv, to_csv
from ui.sheet import game_label, standings_rows, status_lines
from ui.strings import LANGUAGES, error_text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoresheet",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--db", type=Path, default=None,
                        help=f"score file (default: {default_db_path()})")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en", help="language of output")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the games")
    show = commands.add_parser("show", help="standings of one game")
    show.add_argument("game_id", type=int)
    export = commands.add_parser("export", help="write one game as CSV to stdout")
    export.add_argument("game_id", type=int)
    load = commands.add_parser("import", help="add a game from a CSV file; prints its id")
    load.add_argument("csv", type=Path)
    args = parser.parse_args(argv)
    try:
        store = Store(args.db)
        if args.command == "list":
            for summary in store.list_games():
                print(summary.id, game_label(summary.name, summary.players, summary.id,
                                             hands=summary.hands))
        elif args.command == "show":
            game = store.load_game(args.game_id)
            for line in status_lines(args.lang, game):
                print(line)
            for row in standings_rows(args.lang, game):
                print("  ".join(f"{key}: {value}" for key, value in row.items()))
        elif args.command == "export":
            sys.stdout.write(to_csv(store.load_game(args.game_id)))
        else:
            try:
                data = args.csv.read_bytes()
            except OSError as error:
                print(f"error: cannot read {args.csv}: {error.strerror}", file=sys.stderr)
                return 1
            print(store.create_game(from_csv(data)))
    except ScoreError as error:
        print(f"error: {error_text(args.lang, error.code, error.params)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
