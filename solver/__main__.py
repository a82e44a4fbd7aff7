"""``python -m solver``: see ``solver.cli``."""

from solver.cli import exit_with, main

exit_with(main)
