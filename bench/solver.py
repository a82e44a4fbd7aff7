"""Benchmark of the solver: time per hand of ``analyse`` on near-complete 11-card hands.

    python bench/solver.py                       # 1,000 mattel hands, phases 1-10
    python bench/solver.py --ruleset zehn-phasen --hands 500 --brute 10

Each hand is a legal laydown of a random phase (1-10) with 0-2 of its cards swapped for random
ones, topped up to 11 cards from the rest of the deck. ``analyse`` gives the best play for
complete hands and the exact outs/p1/p2 for every distinct discard otherwise; both are timed
separately. The speed-up is measured on a sample against the brute force of
``tests/solver/reference.py`` (every assignment of cards to groups): complete hands against its
best play; incomplete hands against its outs for every discard (its p2 enumerates both draws
card by card and takes hours per 11-card hand, so the p2 figure is the brute force's count of
layability checks times its measured time per check, labelled as an estimate).
Targets (the issue): complete p95 <= 10 ms; incomplete p95 <= 100 ms, wall clock. The machine
is shared, so the CPU time of this process is printed too, with the load average: when other
jobs compete for the cores, wall clock exceeds CPU time by roughly the factor the load implies.
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
from collections import Counter  # noqa: E402

from bench.args import positive  # noqa: E402
from solver import Card, Ruleset, analyse, ruleset  # noqa: E402
from solver.odds import phase_model  # noqa: E402
from solver.rules import RULESETS  # noqa: E402
from tests.solver.hands import near_complete_hand  # noqa: E402
from tests.solver.reference import best_remaining, can_lay  # noqa: E402

#: Per outcome (complete or not): the phase, the hand and its time in ms.
Samples = dict[bool, list[tuple[int, list[Card], float]]]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _row(name: str, ms: list[float], cpu: list[float]) -> str:
    if not ms:
        return f"{name:<28}{0:>6}" + f"{'-':>9}" * 6
    return (f"{name:<28}{len(ms):>6}{statistics.median(ms):>9.2f}{_pct(ms, 0.95):>9.2f}"
            f"{max(ms):>9.2f}{statistics.median(cpu):>9.2f}{_pct(cpu, 0.95):>9.2f}"
            f"{max(cpu):>9.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="mattel", choices=RULESETS,
                        help="ruleset (default %(default)s)")
    parser.add_argument("--hands", type=positive, default=1000,
                        help="hands timed (default %(default)s)")
    parser.add_argument("--seed", type=int, default=2026,
                        help="seed the hands are dealt from (default %(default)s)")
    parser.add_argument("--brute", type=int, default=5,
                        help="incomplete hands timed against the brute force (complete hands: "
                             "10 times as many; 0: skip; default %(default)s)")
    args = parser.parse_args(argv)
    if args.brute < 0:
        parser.error(f"--brute counts hands, 0 or more, not {args.brute}")
    rules = ruleset(args.ruleset)
    rng = random.Random(args.seed)
    for number in range(1, 11):
        phase_model(rules, rules.phase(number))  # compile once, as a server would
    hands = []
    for _ in range(args.hands):
        number = rng.randint(1, 10)
        hand = near_complete_hand(rules, rules.phase(number), rng, 11, rng.choice([0, 1, 2]))
        hands.append((number, hand))
    timings: dict[bool, list[float]] = {True: [], False: []}
    cpu: dict[bool, list[float]] = {True: [], False: []}
    samples: Samples = {True: [], False: []}
    load_before = os.getloadavg()[0]
    for number, hand in hands:
        start, start_cpu = time.perf_counter(), time.process_time()
        result = analyse(hand, rules, number)
        elapsed = (time.perf_counter() - start) * 1000
        cpu[result.complete].append((time.process_time() - start_cpu) * 1000)
        timings[result.complete].append(elapsed)
        samples[result.complete].append((number, hand, elapsed))
    load_after = os.getloadavg()[0]

    print(f"solver benchmark: {args.ruleset}, {args.hands} near-complete 11-card hands, "
          f"phases 1-10, seed {args.seed}")
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {load_before:.1f} -> "
          f"{load_after:.1f}")
    print(f"{'ms per hand':<28}{'hands':>6}{'wall p50':>9}{'p95':>9}{'max':>9}"
          f"{'cpu p50':>9}{'p95':>9}{'max':>9}")
    print(_row("complete (best play)", timings[True], cpu[True]))
    print(_row("incomplete (outs, p1, p2)", timings[False], cpu[False]))
    print(f"targets: complete p95 <= 10 ms -> "
          f"{'met' if timings[True] and _pct(timings[True], .95) <= 10 else 'NOT met'}; "
          f"incomplete p95 <= 100 ms -> "
          f"{'met' if timings[False] and _pct(timings[False], .95) <= 100 else 'NOT met'}")
    if args.brute:
        _speedups(rules, samples, args.brute)


def _speedups(rules: Ruleset, samples: Samples, count: int) -> None:
    fast_total = brute_total = 0.0
    complete = samples[True][: 10 * count]
    for number, hand, elapsed in complete:
        start = time.perf_counter()
        best_remaining(rules, rules.phase(number), hand, [])
        brute_total += time.perf_counter() - start
        fast_total += elapsed / 1000
    if fast_total:
        print(f"speed-up, complete hands (brute-force best play, {len(complete)} hands): "
              f"{brute_total / fast_total:,.0f}x  "
              f"(brute {brute_total / len(complete) * 1000:,.0f} ms/hand)")
    fast_total = brute_total = 0.0
    checks = 0
    hands = samples[False][:count]
    for number, hand, elapsed in hands:
        phase = rules.phase(number)
        pool = rules.deck_counts() - Counter(hand)
        start = time.perf_counter()
        for discard in sorted(set(hand)):
            kept = list(hand)
            kept.remove(discard)
            for card in pool:
                if pool[card]:
                    can_lay(rules, phase, [*kept, card])
                    checks += 1
        brute_total += time.perf_counter() - start
        fast_total += elapsed / 1000
    if hands and fast_total:
        per_check = brute_total / checks
        distinct = sum(len(set(h)) for _, h, _ in hands) / len(hands)
        faces = sum(1 for c, n in rules.deck_counts().items() if n)
        p2_checks = distinct * faces * (1 + 11 * faces)
        print(f"speed-up, incomplete hands (brute-force outs only, {len(hands)} hands): "
              f"{brute_total / fast_total:,.0f}x  (brute {brute_total / len(hands):,.1f} s/hand "
              f"for outs alone)")
        hours = p2_checks * per_check / 3600
        print(f"estimate for brute-force p2: ~{p2_checks:,.0f} checks x {per_check * 1000:.1f} ms "
              f"= ~{hours:,.1f} h/hand vs {fast_total / len(hands) * 1000:.0f} ms measured")


if __name__ == "__main__":
    main()
