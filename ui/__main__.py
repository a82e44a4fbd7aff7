"""Command line for translators: list the page's strings in one language, or check them all.

    python -m ui list --lang de     # every key and its German text
    python -m ui check              # exit 1 if a translation is empty or its blanks differ
"""

from __future__ import annotations

import argparse
import sys

from solver.cli import exit_with
from ui.strings import LANGUAGES, TEXT, placeholders, text


def problems() -> list[str]:
    found = []
    for key, entry in TEXT.items():
        if any(not value.strip() for value in entry):
            found.append(f"{key}: an empty translation")
        if len({placeholders(value) for value in entry}) != 1:
            found.append(f"{key}: the languages fill in different blanks")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="every key and its text in one language")
    listing.add_argument("--lang", choices=list(LANGUAGES), default="en")
    commands.add_parser("check", help="check all four languages")
    args = parser.parse_args(argv)
    if args.command == "list":
        for key in sorted(TEXT):
            print(f"{key}\t{text(args.lang, key)}")
        return 0
    issues = problems()
    for issue in issues:
        print(issue, file=sys.stderr)
    print(f"{len(TEXT)} strings x {len(LANGUAGES)} languages: "
          f"{'OK' if not issues else f'{len(issues)} problems'}")
    return 1 if issues else 0


if __name__ == "__main__":
    exit_with(main)
