from solver.cli import exit_with
from vision.cli import main

exit_with(main)
