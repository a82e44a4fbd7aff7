"""Where the card reader's errors come from, on synthetic validation scenes (never real photos).

    python bench/vision_errors.py                      # Phase 10, seeds 0.., 3 scenes per cell
    python bench/vision_errors.py --deck standard --per-cell 5 --model runs/std.onnx

Prints, per layout, how the read cards split into right ones, extra sightings of a card already
found (a second corner not merged), misreads (a sighting on a real index, wrong token),
sightings on a partly hidden index (not scored), junk (on no labelled index) and missed cards;
then how far apart the predicted card centres of two sightings of one card lie (in index sizes)
against sightings of two different cards, which is what bounds dedupe.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repository's `vision`, not this folder's vision.py

import argparse  # noqa: E402
import math  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from collections.abc import Sequence  # noqa: E402

from bench.vision import VALIDATION_SEEDS, Truth, cases, on_index, render  # noqa: E402
from vision import Reader, load_photo  # noqa: E402
from vision.find import IndexHit  # noqa: E402


def owner(box: Sequence[float], truths: Sequence[Truth]) -> int | None:
    """The labelled card one of whose index boxes ``box`` marks."""
    for k, truth in enumerate(truths):
        if any(on_index(box, index) for index in truth.indices):
            return k
    return None


def split_errors(reader: Reader, per_cell: int, deck: str) -> dict[str, Counter[str]]:
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for case in cases(VALIDATION_SEEDS.start, per_cell, deck):
        image, truths, ambiguous = render(case)
        used: set[int] = set()
        for det in sorted(reader.read(image), key=lambda d: -d.confidence):
            k = owner(det.box, truths)
            if k is None and any(on_index(det.box, box) for box in ambiguous):
                found[case.layout]["ambiguous"] += 1  # bench/vision.py counts these neither way
            elif k is None:
                found[case.layout]["junk"] += 1
            elif truths[k].token != str(det.card):
                found[case.layout]["misread"] += 1
            elif k in used:
                found[case.layout]["extra sighting"] += 1
            else:
                used.add(k)
                found[case.layout]["right"] += 1
        found[case.layout]["missed"] += len(truths) - len(used)
    return found


def centre_gaps(reader: Reader, per_cell: int, deck: str) -> tuple[list[float], list[float]]:
    """Predicted-centre distances (index sizes) of sighting pairs: same card, different cards."""
    same: list[float] = []
    other: list[float] = []
    for case in cases(VALIDATION_SEEDS.start, per_cell, deck):
        image, truths, _ = render(case)
        hits: list[IndexHit] = list(reader.find(load_photo(image), reader.decoding.threshold))
        owners = [owner(hit.box, truths) for hit in hits]
        for i, a in enumerate(hits):
            for j in range(i + 1, len(hits)):
                if owners[i] is None or owners[j] is None:
                    continue
                b = hits[j]
                gap = math.dist(a.card_centre, b.card_centre) / max(a.size, b.size)
                (same if owners[i] == owners[j] else other).append(gap)
    return same, other


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", help="ONNX model (default: the deck's committed file)")
    parser.add_argument("--deck", choices=("phase10", "standard"), default="phase10")
    parser.add_argument("--per-cell", type=int, default=3, help="scenes per layout x family")
    args = parser.parse_args(argv)
    reader = Reader.from_file(args.model, deck=args.deck)
    print(f"validation scenes from seed {VALIDATION_SEEDS.start}, {args.per_cell} per cell")
    kinds = ("right", "extra sighting", "misread", "ambiguous", "junk", "missed")
    print(f"  {'layout':<10}" + "".join(f"{k:>16}" for k in kinds))
    for layout, counts in split_errors(reader, args.per_cell, args.deck).items():
        print(f"  {layout:<10}" + "".join(f"{counts[k]:>16}" for k in kinds))
    same, other = centre_gaps(reader, args.per_cell, args.deck)
    print("predicted card centres of two sightings, in index sizes (share within the limit)")
    for limit in (0.5, 1.0, 2.0, 3.0, 4.0):
        share_same = sum(g <= limit for g in same) / max(1, len(same))
        share_other = sum(g <= limit for g in other) / max(1, len(other))
        print(f"  <= {limit:3.1f}: same card {share_same:.3f} ({len(same)} pairs), "
              f"different cards {share_other:.3f} ({len(other)} pairs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
