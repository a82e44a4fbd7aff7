"""``python -m solver``: see ``solver.cli``."""

import sys

from solver.cli import main

sys.exit(main())
