"""Benchmark: the table's laid groups read from a photo (the Hand tab's table photo).

    .venv/bin/python bench/table_groups.py [--scenes 40] [--first-seed 570000] [--size 1024x768]
        [--deck phase10|standard] [--ruleset mattel|zehn-phasen|classic]

Renders held-out synthetic photos of 2-4 groups laid on a table (``models.synth.laid``: sets,
runs and colour groups of 3-6 cards, classic's suit groups too, each a row of overlapping cards
or a slight fan, every face family of the deck), reads each as the page does (a JPEG through
``ui.reading.read_photo`` with the deck's committed model, then ``vision.laid_table``:
``vision.laid_groups`` and ``solver.likely_kinds`` under the ruleset) and prints, over all
groups laid:

- grouped: the share of groups whose cards came out as one group, exactly those cards (as
  read: a misread card fails it);
- in order: ... and in the order laid (what a run needs);
- kind: the share whose line names the kind laid (the generator lays no group that is also
  another kind, so a guess among several counts as wrong unless its first is right; a classic
  suit group is also one of red or black, which ``likely_kinds`` names second);
- line: the share whose line in the box is exactly the group laid (kind and cards in order);
- same group: the share whose line is the group laid to the solver: the right kind and cards,
  a run's in the order laid (a set's or a colour group's order changes nothing);
- geometry alone: grouped again, with the true cards and their visible index boxes in place of
  the reader's (the clustering's own share, reading errors aside).

Rulesets (``RULESETS``; ``--deck`` alone reads its deck's own): the Phase 10 deck's groups
under mattel, seeds from 570_000; standard playing cards' groups as zehn-phasen lays them (a
suit group is its colour group, Kings are wild), seeds from 580_000; standard playing cards'
groups as classic lays them (``--ruleset classic``: A-K are 1-13, jokers wild, suit groups and
colour groups of red or black cards mixing suits, which its lines call "suit" and "colour"),
seeds from 590_000. All held out like ``bench/vision.py``'s ranges (training uses
>= 1_000_000, validation 0..999); the clustering's reach was not chosen on them.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.args import non_negative, positive  # noqa: E402
from bench.vision import scene_size  # noqa: E402
from models.synth.laid import LAID_DECKS, LaidScene, make_laid_scene  # noqa: E402
from solver import parse_card, ruleset  # noqa: E402
from ui.reading import read_photo  # noqa: E402
from vision import Detection, LaidTable, Reader, laid_groups, laid_table  # noqa: E402

LAID_SEED = 570_000
STANDARD_LAID_SEED = 580_000
CLASSIC_LAID_SEED = 590_000
# Each ruleset's groups (a key of ``LAID_DECKS``: the cards and the kinds they are laid as) and
# first held-out seed; each deck's own ruleset, read when only ``--deck`` is given.
RULESETS = {"mattel": ("phase10", LAID_SEED), "zehn-phasen": ("standard", STANDARD_LAID_SEED),
            "classic": ("classic", CLASSIC_LAID_SEED)}
DECK_RULESETS = {"phase10": "mattel", "standard": "zehn-phasen"}
QUALITY = 90  # a phone's JPEG


@dataclass(frozen=True)
class Tally:
    groups: int = 0
    grouped: int = 0
    in_order: int = 0
    kind: int = 0
    line: int = 0
    same_group: int = 0
    geometry: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(a + b for a, b in zip(self.__dict__.values(), other.__dict__.values(),
                                              strict=True)))


def true_detections(laid: LaidScene) -> tuple[tuple[Detection, ...], tuple[int, ...]]:
    """The scene's readable cards as a perfect reader would give them (token, the union of
    their visible index boxes), and each one's group; labels come in the order cards were laid."""
    owner = [i for i, group in enumerate(laid.groups) for _ in group.cards]
    found, groups = [], []
    at = 0
    for label in laid.scene.cards:
        while laid.scene.hand[at] != label.card:  # skips the cards no index of which shows
            at += 1
        boxes = label.indices
        box = (round(min(b[0] for b in boxes)), round(min(b[1] for b in boxes)),
               round(max(b[2] for b in boxes)), round(max(b[3] for b in boxes)))
        found.append(Detection(parse_card(label.card), box, 1.0))
        groups.append(owner[at])
        at += 1
    return tuple(found), tuple(groups)


def tally(laid: LaidScene, table: LaidTable) -> Tally:
    """How the groups read from one photo match the groups laid in it."""
    read = {tuple(sorted(group.cards)): group for group in table.groups}
    detections, owners = true_detections(laid)
    true_parts = sorted(sorted(str(d.card) for d, o in zip(detections, owners, strict=True)
                               if o == i) for i in range(len(laid.groups)))
    found_parts = sorted(sorted(str(d.card) for d in group) for group in laid_groups(detections))
    geometry = sum(part in found_parts for part in true_parts if part)
    total = Tally(geometry=geometry)
    for group in laid.groups:
        match = read.get(tuple(sorted(group.cards)))
        if match is None:
            total += Tally(groups=1)
            continue
        right_kind = bool(match.kinds) and match.kinds[0] == group.kind
        in_order = match.cards == group.cards
        total += Tally(1, 1, int(in_order), int(right_kind), int(right_kind and in_order),
                       int(right_kind and (in_order or group.kind != "run")))
    return total


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=positive, default=40, help="photos to render")
    parser.add_argument("--first-seed", type=non_negative, default=None,
                        help=f"first seed (default {LAID_SEED}, standard {STANDARD_LAID_SEED}, "
                        f"classic {CLASSIC_LAID_SEED})")
    parser.add_argument("--size", type=scene_size, default=(1024, 768),
                        help="photo size WIDTHxHEIGHT (default 1024x768)")
    parser.add_argument("--deck", choices=tuple(DECK_RULESETS), default=None,
                        help="the deck laid and read: phase10 (read under mattel, the default) "
                        "or standard (playing cards, read under zehn-phasen unless --ruleset)")
    parser.add_argument("--ruleset", choices=tuple(RULESETS), default=None,
                        help="the ruleset the groups are laid and read under (default: the "
                        "deck's own); classic lays standard playing cards")
    args = parser.parse_args(argv)
    name = args.ruleset or DECK_RULESETS[args.deck or "phase10"]
    laid_deck, first_seed = RULESETS[name]
    deck = LAID_DECKS[laid_deck].kit
    if args.deck is not None and args.deck != deck:
        parser.error(f"{name} is played with the {deck} deck, not {args.deck}")
    if args.first_seed is not None:
        first_seed = args.first_seed
    rules = ruleset(name)
    reader = Reader.from_file(deck=deck)
    total = Tally()
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + args.scenes):
        laid = make_laid_scene(seed, size=args.size, deck=laid_deck)
        photo = cv2.imencode(".jpg", laid.scene.image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])[1]
        table = laid_table(rules, read_photo(reader, photo.tobytes()).detections)
        total += tally(laid, table)
    took = time.perf_counter() - started
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}")
    print(f"command: python {' '.join(sys.argv)}")
    print(f"{args.scenes} photos ({args.size[0]}x{args.size[1]}, seeds {first_seed}..) of the "
          f"{deck} deck under {name}, {total.groups} groups laid, "
          f"{took / args.scenes:.2f} s a photo")
    for name in ("grouped", "in_order", "kind", "line", "same_group", "geometry"):
        share = getattr(total, name) / max(total.groups, 1)
        print(f"  {name.replace('_', ' '):10} {share:6.1%}  ({getattr(total, name)})")


if __name__ == "__main__":
    main()
