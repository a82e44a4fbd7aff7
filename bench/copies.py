"""Two copies of one card: how often a photo reads the card once instead of twice.

    .venv/bin/python bench/copies.py [--laid 120] [--hands 120] [--deck phase10 --deck classic
        --deck standard] [--pairs 2] [--size 1024x768] [--show]

Games played with two decks hold two copies of many cards, and players put them side by side:
a laid set holds both copies of a card, a strip apart, and a sorted hand holds them next to each
other in the fan. Reads, as the page does (a JPEG, quality 90, through the deck's committed
model, ``Reader.read``), synthetic VALIDATION photos only (seeds 0..999; held-out benchmark
seeds are never used here):

- laid: ``models.synth.laid.make_laid_scene(seed, deck=...)`` on seeds 0..N-1 (2-4 groups laid
  on a table, as ``bench/laid_validation.py`` renders them), for each deck of ``LAID_DECKS``
  asked ("phase10", "standard" as zehn-phasen lays it, "classic");
- hands: hands drawn as ``models.synth.make_scene`` draws a hand (its layouts spread, overlap
  and fan, its framing, families and deal) on seeds 0..N-1, but with ``--pairs`` (default 2)
  of its cards' second copies dealt right beside them, left to right as the hand is held
  (``hand_with_copies``), for the phase10 and standard kits (the synthetic hand benchmarks deal
  in random order, where copies side by side are rare).

For every card of which two copies show a readable index (the scene's labels), prints how
often it was read twice (kept), once (a copy lost) or not at all, and how many of those lost
had both copies seen as the card (a sighting read as it on an index of each: the dedupe merged
them; else the detector or the reader missed a copy); and for the other cards of
those photos, how many were missed and how many false cards read (the photo's other cards).
``--show`` prints each lost copy's photo: seed, token, layout.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.args import non_negative, positive  # noqa: E402
from bench.table_groups import QUALITY  # noqa: E402
from bench.vision import VALIDATION_SEEDS, scene_size  # noqa: E402
from models.synth.laid import LAID_DECKS, make_laid_scene  # noqa: E402
from models.synth.layouts import LAYOUTS  # noqa: E402
from models.synth.scene import DECK_KITS, Scene, make_scene  # noqa: E402
from vision import DecodeParams, Detection, Reader  # noqa: E402
from vision.dedupe import box_centre  # noqa: E402
from vision.find import IndexHit  # noqa: E402

HAND_DECKS = ("phase10", "standard")


def hand_with_copies(seed: int, deck: str = "phase10", pairs: int = 2,
                     size: tuple[int, int] = (1024, 768)) -> Scene:
    """The hand ``make_scene(seed, deck=deck)`` draws (layout, family, cards and deal from the
    seed), but with ``pairs`` of its cards, each a number card held once, followed by their
    second copy, in place of the card there (the hand held left to right as dealt otherwise):
    a sorted hand's copies side by side.

    >>> scene = hand_with_copies(3, size=(320, 240))
    >>> pairs = [a for a, b in zip(scene.hand, scene.hand[1:]) if a == b]
    >>> len(pairs), scene.layout in LAYOUTS
    (2, True)
    """
    counts = DECK_KITS[deck].counts

    def copies_beside(dealt: tuple[str, ...]) -> tuple[str, ...]:
        hand = list(dealt)
        picks = np.random.default_rng([seed, 56])  # apart from the scene's own draws
        taken: set[int] = set()
        for _ in range(pairs):
            # A number card (two copies in the deck) held once, with a neighbour to its right
            # that is no copy already placed.
            choices = [i for i in range(len(hand) - 1) if counts[hand[i]] == 2
                       and hand.count(hand[i]) == 1 and not {i, i + 1} & taken]
            if not choices:
                break
            i = int(picks.choice(choices))
            hand[i + 1] = hand[i]
            taken |= {i, i + 1}
        return tuple(hand)

    return make_scene(seed, size=size, deck=deck, retouch=copies_beside)


def read(reader: Reader, scene: Scene) -> tuple[list[str], tuple[IndexHit, ...]]:
    """The cards read from the scene's photo as a JPEG, as the page reads them, and the
    sightings of its widest dedupe (the zoomed pass's adds to the whole photo's)."""
    jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])[1]
    merged: list[Sequence[IndexHit]] = []
    merge = reader.merge_sightings

    def kept(hits: Sequence[IndexHit], *args: Any, **kwargs: Any) -> tuple[Detection, ...]:
        merged.append(hits)
        return merge(hits, *args, **kwargs)

    reader.merge_sightings = kept  # type: ignore[method-assign]  # this reader's alone, undone below
    try:
        cards = [str(d.card) for d in reader.read(reader.load(jpeg.tobytes()))]
    finally:
        del reader.merge_sightings
    # The widest dedupe's sightings: a second one may take the clear peaks alone.
    widest: Sequence[IndexHit] = max(merged, key=len) if merged else ()
    return cards, tuple(widest)


def copies_seen(scene: Scene, token: str, hits: Sequence[IndexHit]) -> int:
    """How many of the scene's cards showing ``token`` have a sighting read as ``token`` on
    one of their visible index boxes (its box's centre within the index box)."""
    def on(box: tuple[float, ...], hit: IndexHit) -> bool:
        x, y = box_centre(hit.box)
        return bool(box[0] <= x <= box[2] and box[1] <= y <= box[3])

    return sum(any(hit.token == token and on(box, hit) for box in label.indices for hit in hits)
               for label in scene.cards if label.card == token)


@dataclass
class Tally:
    pairs: int = 0  # cards of which two copies show
    kept: int = 0  # ... read twice
    lost: int = 0  # ... read once
    gone: int = 0  # ... read not at all
    merged: int = 0  # lost or gone though both copies were seen as the card: dedupe merged them
    others: int = 0  # the photos' other readable cards
    missed: int = 0  # ... not read
    false: int = 0  # cards read beyond the photos' own (of other tokens)
    photos: int = 0

    def add(self, scene: Scene, found: tuple[list[str], Sequence[IndexHit]]) -> list[str]:
        """Counts one photo (its readable cards, those read and the sightings merged); the
        tokens of which two copies show and one or both were lost."""
        truth, got = Counter(label.card for label in scene.cards), Counter(found[0])
        self.photos += 1
        lost = []
        for token, count in truth.items():
            if count >= 2:
                self.pairs += 1
                read_times = min(got[token], 2)
                self.kept += read_times == 2
                self.lost += read_times == 1
                self.gone += read_times == 0
                if read_times < 2:
                    lost.append(token)
                    self.merged += copies_seen(scene, token, found[1]) >= 2
            else:
                self.others += count
                self.missed += max(count - got[token], 0)
        self.false += sum(max(got[t] - truth[t], 0) for t in got)
        return lost

    def line(self) -> str:
        share = (self.lost + self.gone) / max(self.pairs, 1)
        return (f"{self.pairs} cards with two copies showing: read twice {self.kept}, once "
                f"{self.lost}, never {self.gone} (a copy lost {share:.1%}; of those, both "
                f"copies seen and merged {self.merged}); other cards "
                f"{self.others}: missed {self.missed} ({self.missed / max(self.others, 1):.1%}),"
                f" false cards {self.false} in {self.photos} photos")


def laid_tally(reader: Reader, deck: str, seeds: Sequence[int], size: tuple[int, int],
               show: bool) -> Tally:
    """Laid groups' cards of which two copies show (a set's, mostly)."""
    tally = Tally()
    for seed in seeds:
        scene = make_laid_scene(seed, size=size, deck=deck).scene
        lost = tally.add(scene, read(reader, scene))
        if show and lost:
            print(f"    laid {deck} seed {seed}: lost {' '.join(lost)}", flush=True)
    return tally


def hand_tally(reader: Reader, deck: str, seeds: Sequence[int], size: tuple[int, int],
               pairs: int, show: bool) -> dict[str, Tally]:
    """Hands with copies side by side, per layout."""
    tallies = {layout: Tally() for layout in LAYOUTS}
    for seed in seeds:
        scene = hand_with_copies(seed, deck, pairs, size)
        lost = tallies[scene.layout].add(scene, read(reader, scene))
        if show and lost:
            print(f"    hand {deck} seed {seed} ({scene.layout}): lost {' '.join(lost)}",
                  flush=True)
    return tallies


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--laid", type=non_negative, default=120,
                        help="laid photos per deck (seeds 0..), 0 to skip")
    parser.add_argument("--hands", type=non_negative, default=120,
                        help="hands per deck (seeds 0..), 0 to skip")
    parser.add_argument("--deck", action="append", choices=tuple(LAID_DECKS),
                        help="decks (laid: all three; hands: phase10 and standard)")
    parser.add_argument("--pairs", type=positive, default=2, help="copies side by side a hand")
    parser.add_argument("--size", type=scene_size, default=(1024, 768))
    parser.add_argument("--show", action="store_true", help="name each photo with a lost copy")
    parser.add_argument("--copies-beside", type=int, choices=(0, 1),
                        help="1: read with the rule that keeps the same corner of two cards side "
                        "by side apart, 0: without (default: each model file's own)")
    args = parser.parse_args(argv)
    for count in (args.laid, args.hands):
        if count > len(VALIDATION_SEEDS):
            parser.error(f"validation seeds are 0..{len(VALIDATION_SEEDS) - 1}")
    decks = args.deck or list(LAID_DECKS)
    # "--deck classic --laid 0" printed nothing at all: classic has no hands to count.
    if not (args.laid or (args.hands and any(d in HAND_DECKS for d in decks))):
        parser.error("nothing to count: give --laid, or --hands with a deck of hands ("
                     + ", ".join(HAND_DECKS) + ")")
    params = DecodeParams(copies_beside=args.copies_beside)
    readers = {kit: Reader.from_file(deck=kit, params=params) for kit in HAND_DECKS}
    size = f"{args.size[0]}x{args.size[1]}"
    for deck in decks:
        if args.laid:
            tally = laid_tally(readers[LAID_DECKS[deck].kit], deck, range(args.laid), args.size,
                               args.show)
            print(f"laid {deck}, validation seeds 0..{args.laid - 1} ({size}): {tally.line()}",
                  flush=True)
    for deck in (d for d in decks if d in HAND_DECKS):
        if args.hands:
            tallies = hand_tally(readers[deck], deck, range(args.hands), args.size, args.pairs,
                                 args.show)
            total = Tally()
            for layout, tally in tallies.items():
                print(f"hands {deck} {layout}: {tally.line()}", flush=True)
                total = Tally(*(a + b for a, b in zip(vars(total).values(), vars(tally).values(),
                                                      strict=True)))
            print(f"hands {deck}, {args.pairs} pairs side by side, validation seeds "
                  f"0..{args.hands - 1} ({size}): {total.line()}", flush=True)


if __name__ == "__main__":
    main()
