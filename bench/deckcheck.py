"""How often a photo is said to show the other deck's cards (``vision.shows_other_deck``).

    python bench/deckcheck.py                      # synthetic validation scenes, seeds 40..
    python bench/deckcheck.py --size 1024x768
    python bench/deckcheck.py --skip-synthetic --realworld ../shared/realworld  # evaluation only

Each photo is read as the ruleset a player chose would read it: with its own deck's reader
(right) and with the other deck's (wrong). Per deck it prints the photos, how many right readings
were doubtful enough to ask the other deck's reader too (that costs a second read), how many of
them were wrongly said to show the other deck, and how many wrong readings were rightly said to.
A photo of fewer than three cards is never said to show the other deck (``MIN_SURE_CARDS``).
Synthetic scenes: ``--per-cell`` per hand layout x face family of each deck, from seed ``--from``
(seeds 0..39 were looked at while the rule was written; the default starts after them).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repository's `vision`, not this folder's vision.py

import argparse  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import numpy as np  # noqa: E402

from bench.args import non_negative, positive  # noqa: E402
from bench.vision import SCENE_SIZE, _images, realworld_folders, scene_size  # noqa: E402
from bench.vision_errors import Scenes  # noqa: E402
from vision import OTHER_DECK, ImageError, Reader, load_image, shows_other_deck  # noqa: E402
from vision.deckcheck import doubtful  # noqa: E402

#: The real folders of each deck's cards.
REAL_DECKS = {"phase10-faces": "phase10", "standard-fans": "standard",
              "standard-singles": "standard", "standard-ranks": "standard"}
FIRST_UNSEEN_SEED = 40


@dataclass
class Tally:
    photos: int = 0
    second_read: int = 0
    false_hint: int = 0
    caught: int = 0

    def add(self, image: np.ndarray, deck: str, readers: dict[str, Reader]) -> None:
        own, other = readers[deck], readers[OTHER_DECK[deck]]
        right = own.read(image)
        self.photos += 1
        self.second_read += doubtful(right)
        self.false_hint += shows_other_deck(image, right, lambda: other)
        try:
            wrong = other.read(image)
        except ImageError:  # a black-and-white photo read as Phase 10 cards is refused anyway
            return
        self.caught += shows_other_deck(image, wrong, lambda: own)

    def row(self, name: str) -> str:
        return (f"  {name:<22}{self.photos:>7}{self.second_read:>13}{self.false_hint:>12}"
                f"{self.caught:>8} ({self.caught / max(1, self.photos):.0%})")


HEADER = f"  {'photos of':<22}{'read':>7}{'second read':>13}{'false hint':>12}{'hinted':>8}"


def synthetic(readers: dict[str, Reader], per_cell: int, first_seed: int,
              size: tuple[int, int]) -> list[str]:
    lines = [f"synthetic validation scenes from seed {first_seed}, {per_cell} per cell, "
             f"{size[0]}x{size[1]}", HEADER]
    for deck in OTHER_DECK:
        tally = Tally()
        for _, (image, _, _) in Scenes(per_cell, deck, first_seed, size).rendered():
            tally.add(image, deck, readers)
        lines.append(tally.row(f"{deck} (hand layouts)"))
    return lines


def real(readers: dict[str, Reader], root: Path) -> list[str]:
    lines = [f"real photos under {root} (evaluation only)", HEADER]
    for folder, kind in realworld_folders(root):
        if kind not in REAL_DECKS:
            continue
        tally = Tally()
        for path in _images(folder):
            try:
                tally.add(load_image(str(path)), REAL_DECKS[kind], readers)
            except ImageError:
                continue
        lines.append(tally.row(kind))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-cell", type=positive, default=2,
                        help="scenes per layout x face family (default 2)")
    parser.add_argument("--from", dest="first_seed", type=non_negative, default=FIRST_UNSEEN_SEED,
                        metavar="SEED", help=f"first validation seed (default {FIRST_UNSEEN_SEED})")
    parser.add_argument("--size", type=scene_size, default=SCENE_SIZE, metavar="WxH",
                        help="scene size (default 2016x1512)")
    parser.add_argument("--skip-synthetic", action="store_true")
    parser.add_argument("--realworld", type=Path, metavar="DIR",
                        help="also the real evaluation photos in DIR (never tuned on)")
    args = parser.parse_args(argv)
    if args.realworld is not None and not args.realworld.is_dir():
        parser.error(f"--realworld: no folder at {args.realworld}")
    readers = {deck: Reader.from_file(deck=deck) for deck in OTHER_DECK}
    if not args.skip_synthetic:
        print("\n".join(synthetic(readers, args.per_cell, args.first_seed, args.size)),
              flush=True)
    if args.realworld is not None:
        print("\n".join(real(readers, args.realworld)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
