"""Benchmark: points counted from a photo of the cards left at the end of a hand.

    .venv/bin/python bench/count.py [--ruleset mattel] [--ruleset zehn-phasen] [--size 2016x1512]
                                    [--per-cell 3] [--most-left 10] [--first-seed 560000]
                                    [--layouts closeup,spread,overlap,fan]

At the end of a hand each player photographs the cards left in their hand and the score
sheet's count box turns them into points. This renders held-out synthetic hands of 1 to 10
cards (spread, overlap, fan; close-ups of 1 to 3; every face family of the ruleset's deck),
reads each as the page
does (a phone's JPEG through ``ui.reading.read_photo``, the game's copies of each face, the
other deck's reader behind it) and counts the cards read by the ruleset's points. Per ruleset,
layout and number of cards left it prints:

- exact: the share of hands whose points came out right (every card in the hand counts,
  readable in the photo or not);
- off: the mean of |points read - points held|;
- count: the share with as many cards read as held (the photo's caption says how many were read,
  to hold against the cards in front of the player);
- hidden: the share of hands with a card that shows no readable index in the photo (covered by
  the others): missed by any reader, it is the player's to spread the cards;
- flagged: the share of right totals with a card flagged "unsure" all the same (a needless look);
- silent: the share of hands whose points came out wrong with nothing to warn of it: as many
  cards read as held, none flagged, not refused. These are the errors that reach the score sheet
  unless the player checks every card.

Seeds from 560_000: held out like ``bench/vision.py``'s ranges (training uses >= 1_000_000,
validation 0..999); no threshold was chosen on them.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.args import non_negative, positive  # noqa: E402
from bench.vision import families, scene_size  # noqa: E402
from models.synth import CLOSEUP, make_scene  # noqa: E402
from models.synth import LAYOUTS as HAND_LAYOUTS  # noqa: E402
from solver import Ruleset, SolverError, points, ruleset  # noqa: E402
from ui.reading import Reading, read_photo  # noqa: E402
from vision import OTHER_DECK, DecodeParams, Reader  # noqa: E402

COUNT_SEED = 560_000
MOST_LEFT = 10  # a player who never laid their phase down still holds the ten dealt
# The number of cards left, grouped as a table reads them: a phase just laid leaves few.
BUCKETS = ((1, 3), (4, 6), (7, MOST_LEFT))
# A player left with a card or three may photograph them from near: close-ups hold 1-3 cards,
# the hand layouts (spread, overlap, fan) any number.
LAYOUTS = (CLOSEUP, *HAND_LAYOUTS)
MOST_IN_CLOSEUP = 3


@dataclass(frozen=True)
class Counted:
    """One photographed hand: the points it holds and what the page made of it."""

    held: int
    read: int
    cards_held: int
    cards_read: int
    hidden: bool  # some card shows no readable index in the photo
    flagged: bool  # some card read under the "unsure, please check" line
    # Said on the page instead of points: the other deck's cards, or more copies of a card
    # than the game's decks hold (the page refuses such a hand).
    refused: bool

    @property
    def right(self) -> bool:
        return self.read == self.held and not self.refused

    @property
    def silent(self) -> bool:
        """Wrong, with nothing on the page to make the player look twice."""
        return (not self.right and not self.flagged and not self.refused
                and self.cards_read == self.cards_held)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", choices=("mattel", "zehn-phasen", "classic"),
                        help="repeatable; default: mattel and zehn-phasen (one per deck)")
    parser.add_argument("--size", type=scene_size, default=(2016, 1512), help="WIDTHxHEIGHT")
    parser.add_argument("--per-cell", type=positive, default=3,
                        help="hands per layout, face family and number of cards left")
    parser.add_argument("--most-left", type=positive, default=MOST_LEFT,
                        choices=range(1, MOST_LEFT + 1), metavar=f"1..{MOST_LEFT}",
                        help="hands of 1 to this many cards (a hand left holds at most "
                        f"{MOST_LEFT}; default %(default)s)")
    parser.add_argument("--layouts", type=layout_list, default=LAYOUTS,
                        help="comma-separated, among " + ", ".join(LAYOUTS))
    parser.add_argument("--first-seed", type=non_negative, default=COUNT_SEED)
    args = parser.parse_args(argv)
    names = args.ruleset or ["mattel", "zehn-phasen"]
    readers: dict[tuple[str, int], Reader] = {}
    for name in names:
        rules = ruleset(name)
        results = count_all(rules, args.size, args.per_cell, args.first_seed, readers,
                            args.layouts, args.most_left)
        print(report(rules, args.size, results))


def layout_list(text: str) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in text.split(","))
    if not set(chosen) <= set(LAYOUTS):
        raise argparse.ArgumentTypeError(f"layouts are among {', '.join(LAYOUTS)}, not {text!r}")
    return chosen


def count_all(rules: Ruleset, size: tuple[int, int], per_cell: int, first_seed: int,
              readers: dict[tuple[str, int], Reader], layouts: Sequence[str] = LAYOUTS,
              most_left: int = MOST_LEFT) -> dict[tuple[str, int], list[Counted]]:
    """Each layout's and number of cards' hands, counted. Seeds go one per hand from
    ``first_seed`` in cell order, so a hand keeps its seed only in a run of the same cells."""
    def reader(deck: str) -> Reader:
        # As the page's card_reader: one loaded model per deck, decoding for the game's copies.
        if (deck, rules.copies) not in readers:
            loaded = Reader.from_file(deck=deck)
            readers[(deck, rules.copies)] = loaded.with_params(DecodeParams(copies=rules.copies))
        return readers[(deck, rules.copies)]

    deck = rules.deck.value
    results: dict[tuple[str, int], list[Counted]] = defaultdict(list)
    seed = first_seed
    for layout in layouts:
        for family in families(deck):
            for left in range(1, (MOST_IN_CLOSEUP if layout == CLOSEUP else most_left) + 1):
                for _ in range(per_cell):
                    scene = make_scene(seed, layout, family, size, n_cards=left, deck=deck,
                                       copies=rules.copies)
                    seed += 1
                    found = read_photo(reader(deck), jpeg(scene.image),
                                       lambda: reader(OTHER_DECK[deck]))
                    hidden = len(scene.cards) < len(scene.hand)
                    results[(layout, left)].append(counted(scene.hand, found, rules, hidden))
    return results


def jpeg(image: np.ndarray) -> bytes:
    """The scene as a phone sends it."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return bytes(data)


def counted(held: Sequence[str], found: Reading, rules: Ruleset, hidden: bool) -> Counted:
    try:
        read, refused = points(found.tokens, rules), found.other_deck
    except SolverError:
        read, refused = 0, True
    return Counted(held=points(held, rules), read=read, cards_held=len(held),
                   cards_read=len(found.tokens), hidden=hidden, flagged=bool(found.unsure),
                   refused=refused)


def summary(hands: Iterable[Counted]) -> str:
    hands = list(hands)
    n = len(hands)
    right = [h for h in hands if h.right]

    def share(count: int, of: int) -> str:
        return f"{count / of:.3f}" if of else "-"

    off = sum(abs(h.read - h.held) for h in hands) / n
    return (f"{n:6d}  {share(len(right), n):>5}  {off:5.1f}"
            f"  {share(sum(h.cards_read == h.cards_held for h in hands), n):>5}"
            f"  {share(sum(h.hidden for h in hands), n):>6}"
            f"  {share(sum(h.flagged for h in right), len(right)):>7}"
            f"  {share(sum(h.silent for h in hands), n):>6}")


def report(rules: Ruleset, size: tuple[int, int],
           results: dict[tuple[str, int], list[Counted]]) -> str:
    lines = [f"{rules.name} ({rules.deck.value} deck, {rules.copies} of each face) at "
             f"{size[0]}x{size[1]}",
             f"  {'hands':<18}{'n':>6}  exact    off  count  hidden  flagged  silent"]
    # A cell is named by the numbers of cards it holds (a run asked for fewer has fewer).
    for layout in dict.fromkeys(layout for layout, _ in results):
        for low, high in BUCKETS:
            cell = [h for (lay, left), hs in results.items() if lay == layout
                    and low <= left <= high for h in hs]
            lefts = [left for (lay, left) in results if lay == layout and low <= left <= high]
            if lefts:
                name = f"{layout}, {min(lefts)}-{max(lefts)} cards"
                lines.append(f"  {name:<18}{summary(cell)}")
    every = [h for hs in results.values() for h in hs]
    lines.append(f"  {'all':<18}{summary(every)}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
