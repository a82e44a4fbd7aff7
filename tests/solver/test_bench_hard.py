"""bench/solver_hard.py runs and prints a line per hard case (its figures are the README's)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_hard_cases_benchmark_runs() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "solver_hard.py"), "--runs", "1",
                             "--draw-hands", "3"],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    timed = [line for line in result.stdout.splitlines() if line.strip()[:1].isdigit()]
    from bench.solver_hard import _cases

    assert len(timed) == len(_cases()) and all(" s  " in line for line in timed)
    # The free-choice draw question's figure in README's "Speed" came from no script (bench
    # audit, session 63).
    assert "free-choice draw question (best_draw), 3 random mattel hands" in result.stdout
