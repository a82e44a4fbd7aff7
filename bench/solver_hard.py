"""Benchmark of the solver's hard cases: the inputs session 44's speed and adversarial audits
found slowest (runs on the table with wilds in hand, free phase choice, custom phases mixing
colour groups with sets or runs) and session 48's options audit added (two naturals a group),
each timed as the page would ask it.

    python bench/solver_hard.py              # every case, best of 3 runs each
    python bench/solver_hard.py --runs 1
    python bench/solver_hard.py --draw-hands 40   # and the free-choice draw question's spread

`bench/solver.py` times ordinary 11-card hands with no table; these are the few inputs where
the search grows with what lies on the table or with a custom phase. The page should answer
each within about a second or two; the table prints the best of ``--runs`` wall times.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this folder would otherwise shadow the packages

import argparse  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

from bench.args import non_negative, positive  # noqa: E402
from solver import analyse, best_phase, draw_advice, ruleset  # noqa: E402
from solver.analysis import best_draw  # noqa: E402
from solver.engine import forget_flows  # noqa: E402

DRAW_SEED = 7

RUNS_ON_TABLE = [("run", run.split()) for run in (
    "R3 R4 R5 R6", "B5 B6 B7 B8", "G6 G7 G8 G9", "Y4 Y5 Y6 Y7", "R7 R8 R9 R10", "B2 B3 B4 B5")]

# Session 65's speed audit: a late table of 10 runs, 3 sets and 2 colour groups.
LATE_TABLE = [("run", run.split()) for run in (
    "R1 R2 R3 R4", "B5 B6 B7 B8", "G6 G7 G8 G9", "Y4 Y5 Y6 Y7", "R7 R8 R9 R10", "B2 B3 B4",
    "G1 G2 G3", "Y9 Y10 Y11", "R5 R6 W", "W B9 B10")] + [
    ("set", group.split()) for group in ("R11 B11 G11", "R12 B12 W", "Y1 B1 W")] + [
    ("colour", group.split()) for group in ("G4 G5 G10 G12", "Y3 Y8 Y12")]


def _cases() -> list[tuple[str, Callable[[], object]]]:
    mattel = ruleset("mattel")
    return [
        ("draw question, phase in hand, 5 runs on the table, 3 wilds",
         lambda: draw_advice("W W W R1 B1 G1 Y12 G12 Y2 R2", "B2", mattel, 1,
                             table=RUNS_ON_TABLE[:5])),
        ("draw question, down, 6 runs on the table (no set), 6 wilds",
         lambda: draw_advice("W W W W W W R1 B12 G1 Y12", "G2", mattel, 2,
                             table=RUNS_ON_TABLE, down=True)),
        ("free phase choice, 5 runs on the table, 4 wilds",
         lambda: best_phase("W W W W R1 B12 G1 Y12 G11 Y2 R12", mattel,
                            table=RUNS_ON_TABLE[:5])),
        ("custom 'run 4 + colour 3', 11 cards",
         lambda: analyse("R1 B4 G7 Y10 S S R12 B2 G3 Y6 B9",
                         ruleset("mattel", phases=["run 4 + colour 3"]), 1)),
        ("custom 'set 3 + run 4 + colour 3', 4 wilds",
         lambda: analyse("W W W W R1 B4 G7 Y10 S S R12",
                         ruleset("mattel", phases=["set 3 + run 4 + colour 3"]), 1)),
        # Session 65's speed audit: dealt hands far from most of the phase's combos, and eight
        # wilds with two naturals (20 s and 14 s before that session).
        ("custom 'run 4 + colour 2 + set 3', 11 cards, 2 wilds",
         lambda: analyse("W W S R3 B7 G9 Y11 R12 B1 G5 Y6",
                         ruleset("mattel", phases=["run 4 + colour 2 + set 3"]), 1)),
        ("custom 'set 3 + run 4 + colour 3', 8 wilds",
         lambda: analyse("W W W W W W W W S Y9 G5",
                         ruleset("mattel", phases=["set 3 + run 4 + colour 3"]), 1)),
        ("custom '3 runs of 2', 8 wilds",
         lambda: analyse("W W W W W W W W R1 B4 S",
                         ruleset("mattel", phases=["3 runs of 2"]), 1)),
        ("20 cards, 8 wilds, run of 9 with wrap",
         lambda: analyse("W W W W W W W W B1 G2 R3 Y4 B5 G6 R7 Y8 B9 G10 R11 Y12",
                         ruleset("mattel", wrap=True), 6)),
        # Two naturals a group let a run be longer than asked (session 48's options audit:
        # 126 s and 8 GB, then 9.4 s).
        ("2 naturals, wrap, custom 'run 4 + run 3 + run 2'",
         lambda: analyse("R1 R1 B6 B6 G10 G10 S S W Y12 Y12",
                         ruleset("mattel", naturals=2, wrap=True,
                                 phases=["run 4 + run 3 + run 2"]), 1)),
        ("2 naturals, custom 'run 2 + colour 2', 6 cards, 3 wilds",
         lambda: analyse("R5 B4 W W R5 W", ruleset("mattel", naturals=2,
                                                   phases=["run 2 + colour 2"]), 1)),
        # Session 65's speed audit, many groups on the table (session 66: over a minute and
        # 8.6 s before the walk over the laid runs stopped where no way on could do better).
        ("draw question, down, 15 groups on the table, 17 cards and 2 skips",
         lambda: draw_advice("W W W W R1 B12 G1 Y12 R5 B6 G7 Y8 R9 B10 G11 Y2 R2 S S", "B3",
                             mattel, 2, table=LATE_TABLE, down=True)),
        ("free phase choice before the draw, 8 runs on the table, 2 wilds",
         lambda: best_draw("W W R1 B12 G1 Y12 R5 B6 G7 Y8", "B3", mattel,
                           table=LATE_TABLE[:8])),
    ]


def draw_question_times(hands: int, seed: int = DRAW_SEED) -> list[float]:
    """Wall times of the free-choice draw question (``best_draw``: every open phase asked, the
    discard after taking weighed by its two-draw chance) on random mattel hands of 10 and a
    top card: the figure README's "Speed" gives for session 62's change."""
    rules = ruleset("mattel")
    deck = sorted(rules.deck_counts().elements())
    rng = random.Random(seed)
    times = []
    for _ in range(hands):
        *hand, top = rng.sample(deck, 11)
        start = time.perf_counter()
        best_draw(hand, top, rules)
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=positive, default=3, help="timings per case (default 3)")
    parser.add_argument("--draw-hands", type=non_negative, default=40,
                        help="random hands for the free-choice draw question, 0 to skip "
                        f"(default %(default)s, seed {DRAW_SEED})")
    args = parser.parse_args(argv)
    print("solver hard cases: best of", args.runs, "wall times")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    for name, case in _cases():
        times = []
        for _ in range(args.runs):
            forget_flows()  # a page asks each question once; its reruns would find them
            start = time.perf_counter()
            case()
            times.append(time.perf_counter() - start)
        print(f"  {min(times):7.2f} s  {name}")
    if args.draw_hands:
        ms = [t * 1000 for t in draw_question_times(args.draw_hands)]
        print(f"free-choice draw question (best_draw), {len(ms)} random mattel hands of 10 and "
              f"a top card, seed {DRAW_SEED}: p50 {statistics.median(ms):.0f} ms, max "
              f"{max(ms):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
