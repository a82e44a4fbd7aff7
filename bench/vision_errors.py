"""Where the card reader's errors come from, on synthetic validation scenes (never real photos).

    python bench/vision_errors.py                      # Phase 10, seeds 0.., 3 scenes per cell
    python bench/vision_errors.py --deck standard --per-cell 5 --model runs/std.onnx

Prints, per layout, how the read cards split into right ones, extra sightings of a card already
found (a second corner not merged), misreads (a sighting on a real index, wrong token),
sightings on a partly hidden index (not scored), junk (on no labelled index) and missed cards;
then why each missed card was missed: no sighting on any of its indices (the detector; in a tight
row, a sighting that also marks the next card's index and reads that card is that card's), only
sightings read as other cards (the crop reader), or a sighting read right that dedupe lost
(merged into another card, or dropped as unsure); then which cards the sightings read as which
others most often, and whether the suit, the rank or both were wrong; then how far apart the
predicted card centres of two sightings of one card lie (in index sizes) against sightings of
two different cards, which is what bounds dedupe. ``--sheet FILE.png`` also draws the misread
sightings: each crop as the reader read it, beside its wider surroundings, labelled card -> read.

    python bench/vision_errors.py --from 200 --per-cell 20 --size 1024x768  # seeds 200..439
    python bench/vision_errors.py --deck standard --layout deal --from 320 --per-cell 5 \
        --size 1024x768   # the dealt decks bench/vision.py --validation-from 200 --deals 5 reads
    python bench/vision_errors.py --deck standard --layout deal --from 612 --per-cell 5 \
        --size 1200x1200 --sheet runs/misread.png   # look at what was misread
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repository's `vision`, not this folder's vision.py

import argparse  # noqa: E402
import math  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from bench.args import png_path, positive  # noqa: E402
from bench.vision import (  # noqa: E402
    SCENE_SIZE,
    VALIDATION_SEEDS,
    Case,
    Truth,
    cases,
    names_and_marks,
    on_index,
    open_reader,
    render,
    scene_size,
)
from models.synth import SCENE_LAYOUTS  # noqa: E402
from solver import parse_card  # noqa: E402
from vision import Reader  # noqa: E402
from vision.crops import extract_crops  # noqa: E402
from vision.find import Box, IndexHit  # noqa: E402
from vision.load import Photo as LoadedPhoto  # noqa: E402

#: Why a labelled card was missed, in the order they are told apart.
MISSED_WHY = ("never found", "read as others", "lost in dedupe")


Photo = tuple[np.ndarray, tuple[Truth, ...], tuple[Box, ...]]


@dataclass(frozen=True)
class Scenes:
    """Which validation scenes to score: ``per_cell`` per layout x face family of ``deck``
    from ``first_seed``, drawn at ``size``; ``layouts`` defaults to the hand layouts."""

    per_cell: int
    deck: str = "phase10"
    first_seed: int = VALIDATION_SEEDS.start
    size: tuple[int, int] = SCENE_SIZE
    layouts: Sequence[str] | None = None

    def cases(self) -> tuple[Case, ...]:
        return cases(self.first_seed, self.per_cell, self.deck, self.layouts)

    def rendered(self) -> Iterator[tuple[Case, Photo]]:
        """Each case with its photo, labelled cards and partly hidden index boxes."""
        for case in self.cases():
            yield case, render(case, self.size)


def _marked(box: Sequence[float], truths: Sequence[Truth]) -> list[int]:
    """The labelled cards one of whose index boxes ``box`` marks."""
    return [k for k, truth in enumerate(truths)
            if any(on_index(box, index) for index in truth.indices)]


def owner(box: Sequence[float], truths: Sequence[Truth], token: str | None = None) -> int | None:
    """The labelled card one of whose index boxes ``box`` marks; where a box marks indices of
    several cards (tight dealt rows), the one whose token is ``token`` if there is one."""
    marked = _marked(box, truths)
    return next((k for k in marked if truths[k].token == token), marked[0] if marked else None)


def why_missed(truth: Truth, sightings: Sequence[IndexHit], truths: Sequence[Truth] = ()) -> str:
    """One of ``MISSED_WHY`` for a card nothing was reported for, from the read sightings; a
    sighting that also marks another of ``truths`` and reads that card is that card's."""
    on_card = [h for h in sightings if any(on_index(h.box, index) for index in truth.indices)
               and not any(truths[k].token == h.token != truth.token
                           for k in _marked(h.box, truths))]
    if not on_card:
        return MISSED_WHY[0]
    return MISSED_WHY[2] if any(h.token == truth.token for h in on_card) else MISSED_WHY[1]


def split_errors(reader: Reader, scenes: Scenes) -> dict[str, Counter[str]]:
    """Per layout, how the read cards and the labelled ones split (see the module's text). A
    card is right as ``bench/vision.py`` scores it: its token, its box marking one of that
    card's indices. A card's box spans every corner it was seen at, so in a row it may hold
    other cards' indices too: only cards that are not right are put down to an owner."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for case, (image, truths, ambiguous) in scenes.rendered():
        used: set[int] = set()
        for det in sorted(reader.read(image), key=lambda d: -d.confidence):
            unmatched = (k for k in range(len(truths)) if k not in used)
            right = next((k for k in unmatched if names_and_marks(det, truths[k])), None)
            if right is not None:
                used.add(right)
                found[case.layout]["right"] += 1
                continue
            k = owner(det.box, truths, str(det.card))
            if k is None and any(on_index(det.box, box) for box in ambiguous):
                found[case.layout]["ambiguous"] += 1  # bench/vision.py counts these neither way
            elif k is None:
                found[case.layout]["junk"] += 1
            elif truths[k].token != str(det.card):
                found[case.layout]["misread"] += 1
            else:
                found[case.layout]["extra sighting"] += 1
        found[case.layout]["missed"] += len(truths) - len(used)
        if len(used) < len(truths):
            sightings = reader.sightings(reader.load(image))
            for k in set(range(len(truths))) - used:
                found[case.layout][why_missed(truths[k], sightings, truths)] += 1
    return found


def centre_gaps(reader: Reader, scenes: Scenes) -> tuple[list[float], list[float]]:
    """Predicted-centre distances (index sizes) of sighting pairs: same card, different cards."""
    same: list[float] = []
    other: list[float] = []
    for _, (image, truths, _) in scenes.rendered():
        hits: list[IndexHit] = list(reader.sightings(reader.load(image)))
        owners = [owner(hit.box, truths, hit.token) for hit in hits]
        for i, a in enumerate(hits):
            for j in range(i + 1, len(hits)):
                if owners[i] is None or owners[j] is None:
                    continue
                b = hits[j]
                gap = math.dist(a.card_centre, b.card_centre) / max(a.size, b.size)
                (same if owners[i] == owners[j] else other).append(gap)
    return same, other


@dataclass(frozen=True)
class Misreading:
    """A sighting on a labelled index (before dedupe) that read another card: the card's
    token, and the scene and photo it lies in."""

    case: Case
    card: str
    hit: IndexHit
    photo: LoadedPhoto


def misread_sightings(reader: Reader, scenes: Scenes) -> Iterator[Misreading]:
    """Every sighting that read another card than the one whose index it marks; one that also
    marks the index of the card it read is no misreading."""
    for case, (image, truths, _) in scenes.rendered():
        photo = reader.load(image)
        for hit in reader.sightings(photo):
            k = owner(hit.box, truths, hit.token)
            if k is not None and hit.token != truths[k].token:
                yield Misreading(case, truths[k].token, hit, photo)


def misreadings(
    reader: Reader, scenes: Scenes, each: Callable[[Misreading], object] | None = None
) -> Counter[tuple[str, str]]:
    """How often a sighting read another card: (the card's token, the token read); ``each``
    is shown every misreading as it is counted (``--sheet`` draws them in the same pass)."""
    confused: Counter[tuple[str, str]] = Counter()
    for misreading in misread_sightings(reader, scenes):
        confused[misreading.card, misreading.hit.token] += 1
        if each is not None:
            each(misreading)
    return confused


#: Side of each picture on a ``--sheet``, px; the surroundings span this many index sizes.
SHEET_PX = 144
SHEET_SURROUNDINGS = 5.0
#: The most misread sightings one ``--sheet`` draws (the first ones, in seed order).
SHEET_MOST = 64


def _bgr(crop: np.ndarray) -> np.ndarray:
    """One ``extract_crops`` crop (3 x S x S RGB floats) as a BGR picture ``SHEET_PX`` wide."""
    pixels = np.ascontiguousarray((crop.transpose(1, 2, 0)[:, :, ::-1] * 255).round())
    return cv2.resize(pixels.astype(np.uint8), (SHEET_PX, SHEET_PX),
                      interpolation=cv2.INTER_NEAREST)


def sheet_tile(reader: Reader, misreading: Misreading) -> np.ndarray:
    """The misread crop as the reader read it (its first view, turned upright when the model
    reads upright crops), enlarged, beside the index's surroundings; labelled "card->read",
    the index's size in the decoded photo's pixels and the scene's seed."""
    hit, photo = misreading.hit, misreading.photo
    box = np.array([hit.box]) / photo.scale
    around = _bgr(extract_crops(photo.pixels, box, SHEET_PX, SHEET_SURROUNDINGS)[0])
    pictures = [around]
    if reader.info.crops is not None:
        pictures.insert(0, _bgr(reader.crops_as_read(photo, [hit])[0]))
    tile = cv2.copyMakeBorder(np.hstack(pictures), 16, 2, 0, 2, cv2.BORDER_CONSTANT,
                              value=(255, 255, 255))
    label = (f"{misreading.card}->{hit.token} {hit.size / photo.scale:.0f}px "
             f"s{misreading.case.seed}")
    cv2.putText(tile, label, (2, 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 200), 1,
                cv2.LINE_AA)
    return tile


def contact_sheet(tiles: Sequence[np.ndarray], columns: int = 4) -> np.ndarray:
    """``tiles`` (all one shape) in rows of ``columns``, the last row filled with white.

    >>> contact_sheet([np.zeros((2, 3, 3), np.uint8)] * 5, columns=2).shape
    (6, 6, 3)
    """
    blank = np.full_like(tiles[0], 255)
    padded = [*tiles, *[blank] * (-len(tiles) % columns)]
    return np.vstack([np.hstack(padded[i : i + columns])
                      for i in range(0, len(padded), columns)])


def misreading_kinds(confused: Counter[tuple[str, str]]) -> Counter[str]:
    """What the misreadings got wrong: the suit (or colour) alone, the rank alone, both, or a
    Wild, Skip or joker on either side; which one tells the reader's suit head from its rank
    head.

    >>> misreading_kinds(Counter({("3S", "3C"): 2, ("9D", "8D"): 1, ("6D", "9H"): 1,
    ...                           ("X", "KD"): 1}))
    Counter({'suit only': 2, 'rank only': 1, 'rank and suit': 1, 'special': 1})
    """
    kinds: Counter[str] = Counter()
    for (card_token, read_token), n in confused.items():
        card, read = parse_card(card_token), parse_card(read_token)
        if card.special or read.special:
            kinds["special"] += n
        elif card.rank == read.rank:
            kinds["suit only"] += n
        elif card.suit == read.suit:
            kinds["rank only"] += n
        else:
            kinds["rank and suit"] += n
    return kinds


def write_sheet(tiles: Sequence[np.ndarray], path: Path) -> None:
    """Draw ``sheet_tile`` pictures into the PNG ``path``."""
    if not tiles:
        print(f"  no misread sighting to draw; {path} not written")
        return
    try:
        written = cv2.imwrite(str(path), contact_sheet(tiles))
    except OSError as error:
        raise SystemExit(f"error: could not write {path}: {error.strerror}") from None
    if not written:
        raise SystemExit(f"error: could not write {path}")
    print(f"  drew {len(tiles)} misread sightings into {path}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", help="ONNX model (default: the deck's committed file)")
    parser.add_argument("--deck", choices=("phase10", "standard"), default="phase10")
    parser.add_argument("--per-cell", type=positive, default=3, help="scenes per layout x family")
    parser.add_argument(
        "--from", dest="first_seed", type=int, default=VALIDATION_SEEDS.start, metavar="SEED",
        help=f"first validation seed (default {VALIDATION_SEEDS.start})",
    )
    parser.add_argument(
        "--layout", choices=SCENE_LAYOUTS, action="append", dest="layouts",
        help="score scenes of this layout (repeat for more; default: the hand layouts), e.g. "
        "deal for dealt decks",
    )
    parser.add_argument(
        "--size", type=scene_size, default=SCENE_SIZE, metavar="WxH",
        help="scene size (default 2016x1512)",
    )
    parser.add_argument(
        "--sheet", type=png_path, metavar="PNG",
        help=f"also draw up to {SHEET_MOST} misread sightings into this PNG (crop as read, "
        "surroundings)",
    )
    args = parser.parse_args(argv)
    scenes = Scenes(args.per_cell, args.deck, args.first_seed, args.size, args.layouts)
    last = scenes.cases()[-1].seed
    if args.first_seed < VALIDATION_SEEDS.start or last >= VALIDATION_SEEDS.stop:
        parser.error(f"seeds {args.first_seed}..{last} leave the validation seeds "
                     f"{VALIDATION_SEEDS.start}..{VALIDATION_SEEDS.stop - 1}")
    # Another deck's model scored 0 right without a word; a missing one was a traceback.
    reader = open_reader(parser, args.model, args.deck)
    width, height = args.size
    print(f"validation scenes from seed {args.first_seed}, {args.per_cell} per cell, "
          f"{width}x{height}")
    kinds = ("right", "extra sighting", "misread", "ambiguous", "junk", "missed")
    print(f"  {'layout':<10}" + "".join(f"{k:>16}" for k in kinds))
    split = split_errors(reader, scenes)
    for layout, counts in split.items():
        print(f"  {layout:<10}" + "".join(f"{counts[k]:>16}" for k in kinds))
    print("missed cards, why")
    print(f"  {'layout':<10}" + "".join(f"{k:>16}" for k in MISSED_WHY))
    for layout, counts in split.items():
        print(f"  {layout:<10}" + "".join(f"{counts[k]:>16}" for k in MISSED_WHY))
    tiles: list[np.ndarray] = []

    def draw(misreading: Misreading) -> None:
        if len(tiles) < SHEET_MOST:
            tiles.append(sheet_tile(reader, misreading))

    confused = misreadings(reader, scenes, draw if args.sheet is not None else None)
    print(f"sightings read as another card: {confused.total()}; most often (card -> read)")
    print("  " + ", ".join(f"{card}->{read} x{n}" for (card, read), n in confused.most_common(16)))
    wrong = misreading_kinds(confused)
    print("  wrong: " + (", ".join(f"{kind} {n}" for kind, n in wrong.items()) or "nothing"))
    if args.sheet is not None:
        write_sheet(tiles, args.sheet)
    same, other = centre_gaps(reader, scenes)
    print("predicted card centres of two sightings, in index sizes (share within the limit)")
    for limit in (0.5, 1.0, 2.0, 3.0, 4.0):
        share_same = sum(g <= limit for g in same) / max(1, len(same))
        share_other = sum(g <= limit for g in other) / max(1, len(other))
        print(f"  <= {limit:3.1f}: same card {share_same:.3f} ({len(same)} pairs), "
              f"different cards {share_other:.3f} ({len(other)} pairs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
