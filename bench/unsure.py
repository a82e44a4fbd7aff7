"""Benchmark: how well the reader's confidence picks out its wrong cards (synthetic hands).

    .venv/bin/python bench/unsure.py [--deck phase10|standard] [--size 2016x1512]
                                     [--first-seed 200] [--per-family 10]

Reads validation hands (spread, overlap, fan; every face family) and prints, for each
threshold, the share of right and of wrong cards read less surely than it: what the page's
"unsure, please check" flag (`ui.reading.UNSURE_BELOW`) would mark. A wrong card is one that
names no labelled card at the index it marks (a reading of a partly hidden index counts as
wrong here). models/README.md, "Unsure flags".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.args import non_negative, positive  # noqa: E402
from bench.vision import Case, families, names_and_marks, render, scene_size  # noqa: E402
from vision import Reader  # noqa: E402

THRESHOLDS = (0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="phase10", choices=("phase10", "standard"))
    parser.add_argument("--size", type=scene_size, default=(2016, 1512), help="WIDTHxHEIGHT")
    parser.add_argument("--first-seed", type=non_negative, default=200,
                        help="validation seeds from here")
    parser.add_argument("--per-family", type=positive, default=10,
                        help="hands per family and layout")
    args = parser.parse_args(argv)
    reader = Reader.from_file(deck=args.deck)
    right: list[float] = []
    wrong: list[float] = []
    for layout in ("spread", "overlap", "fan"):
        for family in families(args.deck):
            for seed in range(args.first_seed, args.first_seed + args.per_family):
                image, truths, _ = render(Case(seed, layout, family, args.deck), args.size)
                for det in reader.read(image):
                    good = any(names_and_marks(det, truth) for truth in truths)
                    (right if good else wrong).append(det.confidence)
    print(f"{args.deck} at {args.size[0]}x{args.size[1]}, seeds {args.first_seed}.."
          f"{args.first_seed + args.per_family - 1}: {len(right)} right, {len(wrong)} wrong")
    for threshold in THRESHOLDS:
        print(f"  below {threshold:.2f}: right {share(right, threshold):.3f}, "
              f"wrong {share(wrong, threshold):.3f}")


def share(confidences: list[float], threshold: float) -> float:
    return sum(c < threshold for c in confidences) / max(1, len(confidences))


if __name__ == "__main__":
    main()
