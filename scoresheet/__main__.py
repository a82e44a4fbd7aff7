"""`python -m scoresheet`: the score file's command line, which lives in `ui.sheet_cli`."""

from solver.cli import exit_with
from ui.sheet_cli import main

if __name__ == "__main__":
    exit_with(main)
