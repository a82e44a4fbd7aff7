"""Benchmark: what reading a photo smaller than the runtime's decode costs (synthetic scenes).

    .venv/bin/python bench/read_size.py [--deck standard] [--layouts deal,table] [--per-family 10]
                                        [--smaller 1280] [--scene-size 2016x1512]

Renders validation scenes at 2016x1512 (what the runtime decodes a 12 MP phone photo to) and
reads each twice: as rendered, and first shrunk to ``--smaller`` px on the long side (what the
Streamlit page read until session 41, its display size), the boxes scaled back to be scored.
Prints card F1 and exact hands per layout; models/README.md, "The page reads at the runtime's
size".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.args import non_negative, positive  # noqa: E402
from bench.vision import Case, Score, families, render, scene_size, score_hand  # noqa: E402
from models.synth import SCENE_LAYOUTS  # noqa: E402
from vision import Reader  # noqa: E402
from vision.draw import scaled  # noqa: E402


def layout_list(text: str) -> list[str]:
    """``--layouts deal,table`` -> ["deal", "table"], each a layout the renderer draws."""
    layouts = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [layout for layout in layouts if layout not in SCENE_LAYOUTS]
    if unknown or not layouts:
        raise argparse.ArgumentTypeError(
            f"{text!r}: layouts are among {', '.join(SCENE_LAYOUTS)}"
        )
    return layouts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="standard", choices=("phase10", "standard"),
                        help="deck (default %(default)s)")
    parser.add_argument("--layouts", type=layout_list, default="deal,table",
                        help=f"comma-separated, of {', '.join(SCENE_LAYOUTS)}")
    parser.add_argument("--per-family", type=positive, default=10, help="scenes per face family")
    parser.add_argument("--first-seed", type=non_negative, default=200,
                        help="validation seeds from here")
    parser.add_argument("--smaller", type=positive, default=1280,
                        help="long side of the shrunk read (under the scene's)")
    parser.add_argument("--scene-size", type=scene_size, default=(2016, 1512), metavar="WxH",
                        help="size the scenes are rendered at")
    args = parser.parse_args(argv)
    scene = args.scene_size
    if args.smaller >= max(scene):
        parser.error(f"--smaller {args.smaller} does not shrink {scene[0]}x{scene[1]} scenes")
    reader = Reader.from_file(deck=args.deck)
    factor = args.smaller / max(scene)
    small_size = (round(scene[0] * factor), round(scene[1] * factor))
    print(f"{args.deck}: scenes at {scene[0]}x{scene[1]} read as they are / shrunk to "
          f"{small_size[0]}x{small_size[1]}, {args.per_family} per family from seed "
          f"{args.first_seed}")
    for layout in args.layouts:
        full = small = Score(0, 0, 0, 0, 0)
        for family in families(args.deck):
            for seed in range(args.first_seed, args.first_seed + args.per_family):
                image, truths, ambiguous = render(Case(seed, layout, family, args.deck), scene)
                full += score_hand(reader.read(image), truths, ambiguous)
                shrunk = cv2.resize(image, small_size, interpolation=cv2.INTER_AREA)
                small += score_hand(scaled(reader.read(shrunk), 1 / factor), truths, ambiguous)
        print(f"  {layout:8s} {scene[0]}: F1 {full.f1:.4f} exact {full.exact_rate:.2f}   "
              f"{small_size[0]}: F1 {small.f1:.4f} exact {small.exact_rate:.2f}", flush=True)


if __name__ == "__main__":
    main()
