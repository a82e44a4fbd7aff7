"""Validation of the laid-group linking (``vision.groups``): what its reaches were chosen on.

    .venv/bin/python bench/laid_validation.py [--scenes 200] [--size 1024x768]
        [--deck phase10 --deck standard --deck classic] [--link 0.05,0.2 --link 0.1,0.1 ...]
        [--read 120]

Renders the validation photos of ``models.synth.laid`` (seeds from 0; the benchmark
``bench/table_groups.py`` holds out seeds from 570000, 580000 and 590000, never looked at here)
and prints, for each deck (a key of ``LAID_DECKS``, all by default: "classic" is standard cards
as classic lays them) and each linking ``REACH,FAR`` (``laid_groups(reach=, far=)``; equal
values are one reach for every box, the linking before 0.05,0.2), how many of the groups laid
come out as one group of exactly their cards from the true index boxes (geometry, as the
benchmark's), how many of those missed were split and how many merged with a neighbour;
``--read N`` also reads the first N photos with the deck's committed model as the page does
(a JPEG through ``ui.reading.read_photo``, about a second a photo) and counts the groups whose
cards, as read, come out as one group (the benchmark's "grouped").
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.args import non_negative, positive  # noqa: E402
from bench.table_groups import QUALITY, true_detections  # noqa: E402
from bench.vision import scene_size  # noqa: E402
from models.synth.laid import LAID_DECKS, LaidScene, make_laid_scene  # noqa: E402
from ui.reading import read_photo  # noqa: E402
from vision import Detection, Reader, laid_groups  # noqa: E402
from vision.groups import FAR, REACH  # noqa: E402

Link = tuple[float, float]


def link(text: str) -> Link:
    reach, far = (float(v) for v in text.split(","))
    return reach, far


def geometry(laid: LaidScene, how: Link) -> tuple[int, int, int, int]:
    """Groups laid (with a card showing), come out whole (the benchmark's geometry: a group
    found holds exactly those cards), split (into several groups found), merged (otherwise)."""
    detections, owners = true_detections(laid)
    groups = laid_groups(detections, *how)
    found = [sorted(str(d.card) for d in group) for group in groups]
    total = whole = split = 0
    for i in range(len(laid.groups)):
        cards = [d for d, owner in zip(detections, owners, strict=True) if owner == i]
        if not cards:
            continue
        total += 1
        if sorted(str(d.card) for d in cards) in found:
            whole += 1
        else:
            split += sum(any(d in group for d in cards) for group in groups) > 1
    return total, whole, split, total - whole - split


def grouped(laid: LaidScene, read: Sequence[Detection], how: Link) -> int:
    """Groups whose cards come out, as read, as one group of exactly those cards."""
    found = [sorted(str(d.card) for d in group) for group in laid_groups(read, *how)]
    return sum(sorted(group.cards) in found for group in laid.groups)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=positive, default=200, help="photos (seeds from 0)")
    parser.add_argument("--size", type=scene_size, default=(1024, 768))
    parser.add_argument("--deck", action="append", choices=tuple(LAID_DECKS))
    parser.add_argument("--link", action="append", type=link,
                        help=f"REACH,FAR (repeatable; default {REACH},{FAR} and 0.1,0.1)")
    parser.add_argument("--read", type=non_negative, default=0,
                        help="also read the first N photos with the committed model")
    args = parser.parse_args(argv)
    links: list[Link] = args.link or [(REACH, FAR), (0.1, 0.1)]
    for deck in args.deck or list(LAID_DECKS):
        reader = Reader.from_file(deck=LAID_DECKS[deck].kit) if args.read else None
        tallies = {how: [0, 0, 0, 0, 0] for how in links}
        reads = 0
        for seed in range(args.scenes):
            laid = make_laid_scene(seed, size=args.size, deck=deck)
            read: Sequence[Detection] = ()
            if reader is not None and seed < args.read:
                photo = cv2.imencode(".jpg", laid.scene.image,
                                     [cv2.IMWRITE_JPEG_QUALITY, QUALITY])[1]
                read = read_photo(reader, photo.tobytes()).detections
                reads += len(laid.groups)
            for how in links:
                counts = geometry(laid, how)
                right = grouped(laid, read, how) if read else 0
                tallies[how] = [a + b for a, b in zip(tallies[how], (*counts, right),
                                                      strict=True)]
        print(f"{deck}: {args.scenes} validation photos ({args.size[0]}x{args.size[1]})"
              + (f", the first {min(args.read, args.scenes)} read ({reads} groups)"
                 if args.read else ""))
        for how, (total, whole, split, merged, right) in tallies.items():
            line = (f"  reach {how[0]:.3g} far {how[1]:.3g}: geometry {whole}/{total} "
                    f"{whole / max(total, 1):.1%} (split {split}, merged {merged})")
            if args.read:
                line += f"; read, grouped {right}/{reads} {right / max(reads, 1):.1%}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
