"""Benchmark of the card reader: accuracy on held-out synthetic hands, speed, memory, real faces.

    python bench/vision.py                      # accuracy tables + latency + peak RSS
    python bench/vision.py --per-cell 40        # more scenes per layout x family
    python bench/vision.py --tune               # choose thresholds on validation seeds 0..999
    python bench/vision.py --realworld ../shared/realworld/phase10-faces   # evaluation only
    python bench/vision.py --deck standard --realworld ../shared/realworld # playing cards
    python bench/vision.py --deck standard --validation --harsh-light     # under one harsh lamp
    python bench/vision.py --deck standard --validation --phone-look      # a phone's processing
    python bench/vision.py --deck standard --ornate-courts --loose 3      # busy courts, loose deals
    python bench/vision.py --deck standard --crowded-corners --deals 5    # pips beside the indices
    python bench/vision.py --deck standard --swash-q                      # Bicycle-like queens
    python bench/vision.py --deck standard --pip-shapes                   # each deck's own pips
    python bench/vision.py --deck standard --narrow-indices               # thin condensed indices
    python bench/vision.py --deck standard --typefaces                    # a print shop's typefaces
    python bench/vision.py --deck standard --validation --quarter-turns 1 # cards lying sideways

Seeds: validation scenes are 0..999 (only ``--tune`` and ``--validation`` use them), training
uses >= 1_000_000, this benchmark's held-out scenes start at 500_000 (close-ups at 510_000,
tables of dealt hands at 520_000, scans at 530_000, decks dealt out into tight hands at 540_000,
loose ones at 550_000); the same ranges for both decks. Real photos are never used to choose
anything.

``--realworld`` takes the folder of real photos or any folder of it and tells each folder's kind
from what it holds: Phase 10 faces (folders of single cards named ``red seven.png``), standard
singles (one card per image, named by token: ``10c.jpg``), standard fans (``dealN*.jpg``: each a
full 52-card deck dealt into hands) and standard ranks (images with Pascal-VOC ``.xml`` boxes
named by rank word). A folder of the other deck is skipped with a note.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its own name would shadow the
# ``vision`` package; the repository root must win.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import argparse  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from collections.abc import Callable, Iterable, Sequence  # noqa: E402
from dataclasses import dataclass, fields, replace  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from models.synth.edition import PLAIN, Edition, add_edition_arguments  # noqa: E402
from solver.cards import Deck, all_faces, parse_card  # noqa: E402
from solver.errors import NotationError  # noqa: E402
from vision import (  # noqa: E402
    DEFAULT_PARAMS,
    DecodeParams,
    Detection,
    ModelError,
    Reader,
    load_photo,
)
from vision.cli import faces_arg  # noqa: E402
from vision.dedupe import CentreReader, dedupe  # noqa: E402
from vision.find import Box, IndexHit, confirmed  # noqa: E402

HELD_OUT_SEED = 500_000
# Close-ups of 1-3 cards (scans, a phone held near a card) have their own held-out seeds; they
# are reported apart from the hand layouts that the targets are about.
CLOSEUP_SEED = 510_000
# Tables of 2-4 dealt hands (16-52 small cards in one photo) likewise; with --validation they
# take the validation seeds right after the hand scenes.
TABLE_SEED = 520_000
# Single-card scans and sprites (a card filling the image, sized by itself) likewise.
SCAN_SEED = 530_000
# Whole decks dealt out into tight fans, cascades and rows (``models.synth.DEAL``: what a table
# photographs to count a round, like the real ``standard-fans``) likewise; with --validation
# after the scans.
DEAL_SEED = 540_000
# Whole decks dealt out loose and shot from near (``models.synth.LOOSE``: open fans and rows of
# large cards, hands overlapping a little) likewise; with --validation after the tight ones.
LOOSE_SEED = 550_000
# Close-ups and scans per face family on a held-out run (on a validation run: when asked).
HELD_OUT_EXTRAS = 10
# ... and dealt decks, tight and loose (26-52 cards each, as slow to read as tables).
HELD_OUT_DEALS = 3
HELD_OUT_LOOSE = 3
# Tables and scans are timed too (they take the zoomed and zoomed-out passes), on at most this
# many photos each.
TABLE_LATENCY_RUNS = 5
VALIDATION_SEEDS = range(0, 1000)
# Held-out and validation photos come at two sizes. 2016x1512 is what the reader decodes a 12 MP
# phone JPEG to (vision.reader.READ_RESOLUTION: half size); 1024x768, the only size until
# 2026-11-30, stands for photos that reach the app shrunk (messengers, screenshots), where a
# spread hand's indices are 5-10 px glyphs. Decoding is tuned for both at once.
SCENE_SIZE = (2016, 1512)
SCENE_SIZES = (SCENE_SIZE, (1024, 768))
PHOTO_SIZE = (4032, 3024)
JPEG_QUALITY = 90
# Tune scores this close to the best are a tie: the current settings then stay, unless the
# best reads more whole hands exactly. (Until session 9 the rule was the smallest merge distance
# within 0.01 of the best, while copies side by side had only the merge distance to keep them
# apart; the neighbour rule and fan chains do that now, and the old rule kept settings that read
# fewer cards and hands right on larger validation sets.)
TUNE_TIE = 0.002


# ---------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Truth:
    token: str
    indices: tuple[Box, ...]


@dataclass(frozen=True)
class Score:
    """Counts for one hand; they add up over many."""

    true_pos: int = 0
    false_pos: int = 0
    false_neg: int = 0
    hands: int = 0
    exact_hands: int = 0

    def __add__(self, other: Score) -> Score:
        return Score(*(a + b for a, b in zip(_fields(self), _fields(other), strict=True)))

    @property
    def precision(self) -> float:
        return self.true_pos / max(1, self.true_pos + self.false_pos)

    @property
    def recall(self) -> float:
        return self.true_pos / max(1, self.true_pos + self.false_neg)

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def exact_rate(self) -> float:
        return self.exact_hands / max(1, self.hands)


def _fields(score: Score) -> tuple[int, ...]:
    return (score.true_pos, score.false_pos, score.false_neg, score.hands, score.exact_hands)


def on_index(box: Sequence[float], index: Sequence[float]) -> bool:
    """A detection box marks a labelled index box when it holds the index's centre (a box
    spanning both corners of a card) or its own centre lies on the index (a box drawn a bit
    small or large still marks the right index)."""

    def inside(point: tuple[float, float], b: Sequence[float]) -> bool:
        return b[0] <= point[0] <= b[2] and b[1] <= point[1] <= b[3]

    def centre(b: Sequence[float]) -> tuple[float, float]:
        return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2

    return inside(centre(index), box) or inside(centre(box), index)


def names_and_marks(det: Detection, truth: Truth) -> bool:
    """``det`` is right for ``truth``: it names that card and marks one of its index boxes.

    >>> r7 = Truth("R7", ((0, 0, 10, 10), (90, 140, 100, 150)))
    >>> names_and_marks(Detection(parse_card("R7"), (0, 0, 100, 150), 0.9), r7)
    True
    """
    return truth.token == str(det.card) and any(on_index(det.box, i) for i in truth.indices)


def score_hand(
    detections: Sequence[Detection], truths: Sequence[Truth], ambiguous: Sequence[Box] = ()
) -> Score:
    """A detection is right when it names a labelled card and marks one of its index boxes;
    each labelled card can be found once. A wrong one that marks only an ``ambiguous`` index
    (the scene's partly hidden ones: neither clearly readable nor clearly absent) counts
    neither way, like the ignore regions of public detection benchmarks. The hand is exact
    when nothing is missed or extra.

    >>> hidden = Truth("R7", ((0, 0, 10, 10),))
    >>> guess = Detection(parse_card("G1"), (40, 0, 50, 10), 0.9)
    >>> score_hand([guess], [hidden]).false_pos, score_hand([guess], [hidden], [(38, 0, 48, 10)])
    (1, Score(true_pos=0, false_pos=0, false_neg=1, hands=1, exact_hands=0))
    """
    unmatched = list(truths)
    readable = [index for truth in truths for index in truth.indices]
    true_pos = false_pos = 0
    for det in sorted(detections, key=lambda d: -d.confidence):
        match = next((t for t in unmatched if names_and_marks(det, t)), None)
        if match is not None:
            unmatched.remove(match)
            true_pos += 1
        elif any(on_index(det.box, i) for i in readable) or not any(
            on_index(det.box, box) for box in ambiguous
        ):
            false_pos += 1
    false_neg = len(unmatched)
    exact = int(false_pos == 0 and false_neg == 0)
    return Score(true_pos, false_pos, false_neg, 1, exact)


# ---------------------------------------------------------------- synthetic scenes


@dataclass(frozen=True)
class Case:
    seed: int
    layout: str
    family: str
    deck: str = "phase10"
    # The same scene under one lamp (``make_scene(harsh_light=True)``): hard-edged shadows and
    # a bright streak, which training may see but the targets' scenes never show.
    harsh: bool = False
    # The same scene through a phone camera's own processing (``make_scene(phone_look=True)``):
    # noise reduction, sharpening halos, colour fringes, a contrast curve.
    phone: bool = False
    # Parts of its printed edition redrawn (``make_scene(edition=...)``; standard deck).
    edition: Edition = PLAIN
    # The photo turned clockwise this many quarter turns: cards lying sideways or upside down,
    # as a hand laid down across the table or a photo taken from the side.
    quarter_turns: int = 0
    # Dealt from a deck holding this many copies of each face (``make_scene(copies=...)``; a
    # one-deck classic table: 1), None: the game's own deck (2).
    copies: int | None = None
    # ... and from a deck lacking these faces (``make_scene(without=...)``; a game played
    # without skips: {"X"}).
    without: frozenset[str] = frozenset()


def families(deck: str) -> tuple[str, ...]:
    """The face families ``make_scene`` draws for ``deck``."""
    from models.synth import FAMILIES, STANDARD_FAMILIES

    return {"phase10": FAMILIES, "standard": STANDARD_FAMILIES}[deck]


def cases(
    first_seed: int, per_cell: int, deck: str = "phase10", layouts: Sequence[str] | None = None
) -> tuple[Case, ...]:
    """``per_cell`` scenes per layout x face family; ``layouts`` defaults to the hand layouts.

    >>> [(c.seed, c.layout, c.family) for c in cases(10, 1, layouts=["closeup"])][:2]
    [(10, 'closeup', 'mattel'), (11, 'closeup', 'european')]
    """
    from models.synth import LAYOUTS

    # Both decks walk the same seed ranges: a standard scene never reuses a training seed.
    cells = itertools.product(layouts or LAYOUTS, families(deck), range(per_cell))
    return tuple(Case(first_seed + i, lay, fam, deck) for i, (lay, fam, _) in enumerate(cells))


def table_cases(first_seed: int, per_family: int, deck: str = "phase10") -> tuple[Case, ...]:
    """``per_family`` scenes of hands dealt on a table per face family.

    >>> [(c.seed, c.layout) for c in table_cases(700, 2)][:3]
    [(700, 'table'), (701, 'table'), (702, 'table')]
    """
    from models.synth import TABLE

    return cases(first_seed, per_family, deck, [TABLE])


@dataclass(frozen=True)
class SceneSets:
    """The synthetic scenes of one run, by kind."""

    hands: tuple[Case, ...]
    tables: tuple[Case, ...]
    closeups: tuple[Case, ...]
    scans: tuple[Case, ...]
    deals: tuple[Case, ...]
    loose: tuple[Case, ...] = ()

    def all(self) -> tuple[Case, ...]:
        return self.hands + self.tables + self.closeups + self.scans + self.deals + self.loose


def render(
    case: Case, size: tuple[int, int] = SCENE_SIZE
) -> tuple[np.ndarray, tuple[Truth, ...], tuple[Box, ...]]:
    """The scene's photo, its readable cards and its ambiguous (partly hidden) index boxes; a
    scan is as large as its card, whatever ``size``."""
    from models.synth import SCAN, make_scan, make_scene

    if case.layout == SCAN:
        scene = make_scan(case.seed, case.family, case.deck, case.edition)
    else:
        scene = make_scene(
            case.seed,
            case.layout,
            case.family,
            size,
            deck=case.deck,
            harsh_light=case.harsh,
            phone_look=case.phone,
            edition=case.edition,
            copies=case.copies,
            without=case.without,
        )
    truths = tuple(Truth(c.card, c.indices) for c in scene.cards)
    return quarter_turned(scene.image, truths, scene.partial, case.quarter_turns)


def quarter_turned(
    image: np.ndarray, truths: tuple[Truth, ...], partial: tuple[Box, ...], turns: int
) -> tuple[np.ndarray, tuple[Truth, ...], tuple[Box, ...]]:
    """The photo turned clockwise ``turns`` quarter turns, with its labelled boxes.

    >>> image = np.zeros((20, 30, 3), np.uint8)
    >>> turned, (truth,), partial = quarter_turned(image, (Truth("R7", ((1, 2, 5, 6),)),), (), 1)
    >>> turned.shape, truth.indices
    ((30, 20, 3), ((14, 1, 18, 5),))
    """
    for _ in range(turns % 4):
        height = image.shape[0]
        image = cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
        truths = tuple(
            Truth(t.token, tuple(_clockwise(b, height) for b in t.indices)) for t in truths
        )
        partial = tuple(_clockwise(b, height) for b in partial)
    return image, truths, partial


def _clockwise(box: Box, height: int) -> Box:
    """``box`` in a photo ``height`` px high, once the photo is turned a quarter clockwise."""
    x0, y0, x1, y1 = box
    return (height - y1, x0, height - y0, x1)


def scene_sets(args: argparse.Namespace, validation: bool) -> SceneSets:
    """The hands, tables, close-ups, scans and dealt decks asked for: held-out ones each from
    its own seed, or validation ones on consecutive validation seeds from ``--validation-from``
    (dealt decks last, tight then loose, so the others keep the seeds they had before there
    were any)."""
    from models.synth import CLOSEUP, DEAL, LOOSE, SCAN

    def start(held_out: int, before: Sequence[Case]) -> int:
        return before[-1].seed + 1 if validation else held_out

    hands = cases(args.validation_from if validation else HELD_OUT_SEED, args.per_cell, args.deck)
    tables = table_cases(start(TABLE_SEED, hands), args.tables, args.deck)
    closeups = cases(start(CLOSEUP_SEED, hands + tables), args.closeups, args.deck, [CLOSEUP])
    scans = cases(start(SCAN_SEED, hands + tables + closeups), args.scans, args.deck, [SCAN])
    deals = cases(
        start(DEAL_SEED, hands + tables + closeups + scans), args.deals, args.deck, [DEAL]
    )
    loose = cases(
        start(LOOSE_SEED, hands + tables + closeups + scans + deals),
        args.loose,
        args.deck,
        [LOOSE],
    )
    edition = Edition.from_args(args)
    turns = args.quarter_turns
    photo = {"harsh": args.harsh_light, "phone": args.phone_look, "edition": edition,
             "quarter_turns": turns, "copies": args.copies, "without": args.without}
    # Scans are plain flatbed images of one card: no lamp to cast a shadow, no neighbours.
    scan = {"edition": replace(edition, crowded_corners=False), "quarter_turns": turns}
    return SceneSets(
        *(
            tuple(replace(case, **(scan if kind is scans else photo)) for case in kind)
            for kind in (hands, tables, closeups, scans, deals, loose)
        )
    )


def _table(title: str, rows: dict[str, Score]) -> str:
    lines = [
        title,
        f"  {'':<20} {'hands':>6} {'cards':>6} {'prec':>7} {'recall':>7} {'F1':>7} {'exact':>7}",
    ]
    for name, s in rows.items():
        lines.append(
            f"  {name:<20} {s.hands:>6} {s.true_pos + s.false_neg:>6} {s.precision:>7.4f} "
            f"{s.recall:>7.4f} {s.f1:>7.4f} {s.exact_rate:>7.3f}"
        )
    return "\n".join(lines)


def accuracy(
    reader: Reader,
    all_cases: Sequence[Case],
    title: str = "per layout",
    size: tuple[int, int] = SCENE_SIZE,
) -> str:
    by_layout: dict[str, Score] = defaultdict(Score)
    by_family: dict[str, Score] = defaultdict(Score)
    total = Score()
    for case in all_cases:
        image, truths, ambiguous = render(case, size)
        score = score_hand(reader.read(image), truths, ambiguous)
        by_layout[case.layout] += score
        by_family[case.family] += score
        total += score
    worst = min(by_layout, key=lambda layout: by_layout[layout].f1)
    return "\n".join(
        [
            _table(title, dict(by_layout) | {"all": total}),
            _table("per face family", dict(by_family)),
            f"  worst layout: {worst} {by_layout[worst].f1:.4f}",
        ]
    )


def _oracle_token(hit: IndexHit, truths: Sequence[Truth], deck: str = "phase10") -> IndexHit:
    """``hit`` named after the labelled index it covers (else a card not in the hand, so it
    stays a false detection): isolates how sightings merge from how well they are read."""
    absent = next(str(c) for c in all_faces(Deck(deck)) if str(c) not in {t.token for t in truths})
    token = next((t.token for t in truths if any(on_index(hit.box, i) for i in t.indices)), absent)
    return replace(hit, token=token)


# The decoding settings --tune searches, one axis per setting, in ``Decoding``'s order.
TuneGrid = tuple[
    tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]
]
TUNE_GRID: TuneGrid = (
    (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7),  # peak threshold
    (2.0, 3.0, 4.0, 5.0, 6.0),  # merge distance, same token
    (0.0, 0.25, 0.5, 1.0),  # merge distance, different tokens
    (0.0, 0.02, 0.05, 0.1, 0.2),  # merge readings that agree this much (0: never)
    (0.0, 0.1, 0.2, 0.3),  # least confidence of a card reported
)


def tune(
    reader: Reader,
    per_cell: int,
    oracle: bool = False,
    deck: str = "phase10",
    sizes: Sequence[tuple[int, int]] = SCENE_SIZES,
    first_seed: int = VALIDATION_SEEDS.start,
    grid: TuneGrid | None = None,
) -> str:
    """Grid-search the decoding thresholds (``grid``, default ``TUNE_GRID``) on validation
    scenes (seeds 0..999 only, from ``first_seed``), each rendered at every one of ``sizes``.
    The score is each size's worst-layout F1, averaged over the sizes: the worst layout, as
    before, but a phone photo and a shrunk one count alike."""
    grid = grid or TUNE_GRID
    all_cases = cases(first_seed, per_cell, deck)
    assert {all_cases[0].seed, all_cases[-1].seed} <= set(VALIDATION_SEEDS), "not validation seeds"
    floor = 0.05
    # The rules for neighbours in fans and rows and for centre numerals are the model's, not
    # searched: they are chosen by comparing settings with --validation.
    span, centre_span = reader.decoding.neighbour_span, reader.decoding.centre_span
    beside = bool(reader.decoding.copies_beside)
    # ... and so is the crop reader's confirming of fainter peaks (1: the model confirms none).
    lowest = reader.decoding.confirm_floor if reader.peak_floor < reader.decoding.threshold else 1.0
    confirm_reading = reader.decoding.confirm_reading
    # Per scene: its score cell (size, layout), every sighting above the floor, the photo size,
    # truths, ignore boxes, its centre-numeral reader (None when the model reads none).
    Cell = tuple[tuple[int, int], str]
    found: list[
        tuple[
            Cell,
            list[IndexHit],
            tuple[int, int],
            tuple[Truth, ...],
            tuple[Box, ...],
            CentreReader | None,
        ]
    ]
    found = []
    for case, size in itertools.product(all_cases, sizes):
        image, truths, ambiguous = render(case, size)
        photo = load_photo(image)
        hits = list(reader.find(photo, floor))
        if oracle:
            hits = [_oracle_token(h, truths, deck) for h in hits]
        # The centre reader keeps the photo while the grid runs (about 11 MB a scene at both
        # sizes); the grid asks for the same squares again and again.
        centres = reader.centre_reader(photo) if centre_span > 0 else None
        found.append(((size, case.layout), hits, photo.original_size, truths, ambiguous, centres))

    def evaluate(
        threshold: float, merge: float, conflict: float, agreement: float, least: float
    ) -> tuple[float, float, tuple[float, ...]]:
        per_cell: dict[Cell, Score] = defaultdict(Score)
        faintest = min(threshold, lowest)
        for cell, hits, size, truths, ambiguous, centres in found:
            kept = confirmed([h for h in hits if h.peak >= faintest], threshold, confirm_reading)
            cards = dedupe(
                kept,
                merge,
                size,
                conflict,
                reader.max_copies,
                agreement,
                least,
                span,
                centre_span,
                centres,
                beside,
            )
            per_cell[cell] += score_hand(cards, truths, ambiguous)
        total = sum(per_cell.values(), Score())
        worst = tuple(min(s.f1 for (at, _), s in per_cell.items() if at == size) for size in sizes)
        return statistics.mean(worst), total.exact_rate, worst

    results = sorted(((*evaluate(*p), *p) for p in itertools.product(*grid)), reverse=True)
    stored = reader.decoding
    current = (
        stored.threshold,
        stored.merge_distance,
        stored.conflict_distance,
        stored.reading_agreement,
        stored.min_confidence,
    )
    current_row = (*evaluate(*current), *current)
    rows = [*results[:10], current_row]
    lines = [
        f"validation scenes: {len(all_cases)} (seeds {all_cases[0].seed}..{all_cases[-1].seed}) "
        f"at {sizes_text(sizes)}, neighbour span {span:g} and centre span {centre_span:g} "
        "(the model's)",
        "  worst-layout F1  exact  threshold  merge  conflict  agreement  least conf.  per size",
    ]
    lines += [_tune_row(*row) for row in rows]
    lines[-1] += "   <- current settings"
    lines.append(_tune_row(*tuned_choice(results[0], current_row)) + "   <- chosen by the rule")
    return "\n".join(lines)


TuneRow = tuple[float, float, tuple[float, ...], float, float, float, float, float]


def tuned_choice(best: TuneRow, current: TuneRow) -> TuneRow:
    """A change must pay: the best row (score, exact-hand rate, ...), unless the current
    settings score within ``TUNE_TIE`` of it and read at least as many whole hands exactly.

    >>> best = (0.9087, 0.658, (), 0.5, 3.0, 0.0, 0.05, 0.2)
    >>> tuned_choice(best, (0.9076, 0.635, (), 0.5, 2.0, 0.0, 0.05, 0.2))[4]  # fewer hands
    3.0
    >>> tuned_choice(best, (0.9076, 0.700, (), 0.5, 2.0, 0.0, 0.05, 0.2))[4]  # a tie: stays
    2.0
    >>> tuned_choice(best, (0.9000, 0.700, (), 0.5, 2.0, 0.0, 0.05, 0.2))[4]  # beyond the tie
    3.0
    """
    tied = best[0] - current[0] <= TUNE_TIE and current[1] >= best[1]
    return current if tied else best


def _tune_row(f1: float, exact: float, per_size: tuple[float, ...], *settings: float) -> str:
    threshold, merge, conflict, agreement, least = settings
    return (
        f"  {f1:15.4f} {exact:6.3f} {threshold:10.2f} {merge:6.2f} {conflict:9.2f} "
        f"{agreement:10.2f} {least:12.2f}  {' '.join(f'{v:.4f}' for v in per_size)}"
    )


# ---------------------------------------------------------------- speed and memory


def params_json(params: DecodeParams) -> str:
    """``params`` as the timing worker is handed them: it timed the model file's own decoding
    whatever was asked (bench audit, session 63).

    >>> asked = DecodeParams(read_views=1, without=frozenset({"X"}), at_most=frozenset({("X", 2)}))
    >>> params_from_json(params_json(asked)) == asked
    True
    """
    return json.dumps({f.name: sorted(value) if isinstance(value := getattr(params, f.name),
                                                           frozenset) else value
                       for f in fields(params)})


def params_from_json(text: str) -> DecodeParams:
    values: dict[str, Any] = {
        name: frozenset(tuple(v) if isinstance(v, list) else v for v in value)
        if isinstance(value, list) else value for name, value in json.loads(text).items()}
    return DecodeParams(**values)


def _latency_worker(model: str | None, paths: Sequence[str], deck: str = "phase10",
                    params: DecodeParams = DEFAULT_PARAMS) -> None:
    """Runs in its own process so that ru_maxrss is the reader's alone."""
    reader = Reader.from_file(model, deck=deck, params=params)
    reader.read(paths[0])  # the first run pays onnxruntime's one-off allocations
    times, cpu_times = [], []
    for path in paths:
        start, cpu_start = time.perf_counter(), time.process_time()
        reader.read(path)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
    print(json.dumps({"times": times, "cpu": cpu_times, "peak_rss_mb": _peak_rss_kb() / 1024}))


def _peak_rss_kb() -> int:
    """This process's peak resident memory. Linux's VmHWM starts afresh at exec; ru_maxrss
    carries over the RSS of the parent it was forked from, which would count the renderer."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]


def latency(
    model: str | None,
    runs: int,
    deck: str = "phase10",
    layouts: Sequence[str] | None = None,
    size: tuple[int, int] = PHOTO_SIZE,
    params: DecodeParams = DEFAULT_PARAMS,
) -> str:
    """End-to-end figures for ``runs`` photos of ``layouts`` (default: the hand layouts, the
    targets' case; tables and dealt decks pay for the zoomed pass, scans for the zoomed-out one)
    at ``size`` (default a 12 MP phone photo; a messenger sends about 1600x1200)."""
    from models.synth import LAYOUTS, SCAN

    faces, layouts = families(deck), layouts or LAYOUTS
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i in range(runs):
            # Rendered at full size: its sensor-like noise makes a JPEG as heavy as a phone's.
            layout, family = layouts[i % len(layouts)], faces[i % len(faces)]
            case = Case(HELD_OUT_SEED - 1 - i, layout, family, deck)
            image, _, _ = render(case, size)
            path = Path(tmp) / f"photo{i}.jpg"
            cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
            paths.append(str(path))
        command = [sys.executable, __file__, "--latency-worker", "--deck", deck,
                   "--latency-params", params_json(params), *paths]
        if model:
            command[2:2] = ["--model", model]
        result = json.loads(
            subprocess.run(command, check=True, capture_output=True, text=True).stdout
        )
    ms = sorted(t * 1000 for t in result["times"])
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    # A scan is as large as its card, whatever the photo size.
    shown = "single-card" if SCAN in layouts else f"{size[0]}x{size[1]}"
    return (
        f"end to end, {shown} JPEG q{JPEG_QUALITY}, {len(ms)} reads "
        f"from file: p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms; "
        f"peak RSS {result['peak_rss_mb']:.0f} MB; CPU time per read (all threads) p50 "
        f"{statistics.median(result['cpu']) * 1000:.0f} ms "
        # Other work on the same cores slows every figure above; say how busy they were.
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)"
    )


# ---------------------------------------------------------------- real card faces (evaluation only)

COLOUR_WORDS = {
    "R": ("red", "rot", "rood"),
    "B": ("blue", "blau", "purple", "lila", "paars", "blauw"),  # purple plays blue (RULES.md)
    "G": ("green", "grun", "gruen", "groen"),
    "Y": ("yellow", "gelb", "geel"),
}
NUMBER_WORDS = (
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
SPECIAL_WORDS = {"W": ("wild", "joker"), "S": ("skip", "break", "aussetzen")}
BACK_WORDS = ("back", "cardback")
# sprites-c names its black cards by number; its source README shows black13 as the Wild card
# and black14 as the Skip card.
NAME_OVERRIDES = {"black13": "W", "black14": "S"}


def label_from_name(stem: str) -> str | None:
    """The card a file shows, from its name: ``red seven`` / ``Red7`` / ``BlueEightCard`` ->
    colour + number, ``BlauJoker`` -> W; None for a card back; ValueError if unknown."""
    if stem.lower() in NAME_OVERRIDES:
        return NAME_OVERRIDES[stem.lower()]
    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|\d+", stem)]
    if any(w in BACK_WORDS for w in words):
        return None
    for token, names in SPECIAL_WORDS.items():
        if any(w in names for w in words):
            return token
    colour = next((c for c, names in COLOUR_WORDS.items() if any(w in names for w in words)), None)
    number = next(
        (
            str(int(w)) if w.isdigit() else str(NUMBER_WORDS.index(w) + 1)
            for w in words
            if w.isdigit() or w in NUMBER_WORDS
        ),
        None,
    )
    if colour is None or number is None or not 1 <= int(number) <= 12:
        raise ValueError(f"cannot tell the card from the name {stem!r}")
    return colour + number


IMAGE_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp"}


def _images(folder: Path) -> Iterable[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES)


DIGITS = "0123456789"


def _confusion_line(confusions: Counter[tuple[str, str]]) -> list[str]:
    """The twelve commonest misreadings (true -> read), as a line of a report, or none.

    >>> _confusion_line(Counter({("6", "9"): 2, ("A", "4"): 1})), _confusion_line(Counter())
    (['  most common confusions: 6->9 x2, A->4 x1'], [])
    """
    if not confusions:
        return []
    common = ", ".join(f"{a}->{b} x{n}" for (a, b), n in confusions.most_common(12))
    return [f"  most common confusions: {common}"]


def realworld(reader: Reader, root: Path, sources: Sequence[Path] | None = None) -> str:
    """Per source folder (default: each folder in ``root``): how often the single card in each
    image is read right."""
    lines = [
        f"real card faces in {root} (one card per image; evaluation only)",
        f"  {'source':<12} {'cards':>5} {'top-1':>7} {'colour':>7} {'exactly':>8} "
        f"{'nothing':>8} {'backs':>5} {'back FP':>7}",
    ]
    confusions: Counter[tuple[str, str]] = Counter()
    if sources is None:
        sources = sorted(p for p in root.iterdir() if p.is_dir())
    for source in sources:
        cards = top1 = colour = exact = nothing = backs = back_fp = 0
        for path in _images(source):
            label = label_from_name(path.stem)
            detections = reader.read(str(path))
            if label is None:
                backs += 1
                back_fp += len(detections)
                continue
            cards += 1
            tokens = [str(d.card) for d in detections]
            best = str(max(detections, key=lambda d: d.confidence).card) if detections else None
            top1 += best == label
            colour += best is not None and best.rstrip(DIGITS) == label.rstrip(DIGITS)
            exact += tokens == [label]
            nothing += not detections
            if best is not None and best != label:
                confusions[(label, best)] += 1
        lines.append(
            f"  {source.name:<12} {cards:>5} {top1 / max(1, cards):>7.3f} "
            f"{colour / max(1, cards):>7.3f} {exact / max(1, cards):>8.3f} {nothing:>8} "
            f"{backs:>5} {back_fp:>7}"
        )
    lines.append(
        "  top-1: the most confident card is right; colour: its colour is (W/S: it is W/S);"
        " exactly: one card, the right one"
    )
    return "\n".join([*lines, *_confusion_line(confusions)])


# ------------------------------------------------ real standard cards (evaluation only)

JOKER_WORDS = ("x", "joker", "jk")
RANK_WORDS = {
    "ace": "A",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
}
FULL_DECK = 52  # a fan photo's truth: every card of one deck without jokers, once


def standard_label(stem: str) -> str:
    """The standard card a single-card file shows, from its name: ``10c`` -> 10C, ``Ah`` -> AH,
    ``joker`` -> X; ValueError if the name is no standard card."""
    if stem.lower() in JOKER_WORDS:
        return "X"
    try:
        card = parse_card(stem)
    except NotationError as error:
        raise ValueError(f"cannot tell the card from the name {stem!r}") from error
    if card.deck is not Deck.STANDARD:  # "w", "r7": Phase 10 notation
        raise ValueError(f"{stem!r} names a Phase 10 card, not a standard one")
    return str(card)


def rank_of(token: str) -> str:
    """``10H`` -> 10, ``AS`` -> A; the joker has no rank and stays X."""
    return token if token == "X" else token[:-1]


def suit_of(token: str) -> str:
    return "" if token == "X" else token[-1]


def rank_from_word(name: str) -> str:
    """A VOC object name (``ace``, ``Ten``, ``10``) -> the rank in card notation."""
    word = name.strip().lower()
    if word in RANK_WORDS:
        return RANK_WORDS[word]
    if word.upper() in RANK_WORDS.values():
        return word.upper()
    raise ValueError(f"cannot tell the rank from the label {name!r}")


@dataclass(frozen=True)
class VocLabels:
    size: tuple[int, int]  # (width, height) the boxes were drawn on
    objects: tuple[tuple[str, Box], ...]  # (rank, box x0, y0, x1, y1)


def read_voc(path: Path) -> VocLabels:
    """The rank-labelled boxes of a Pascal-VOC annotation file."""
    root = ET.parse(path).getroot()
    size = (int(root.findtext("size/width", "0")), int(root.findtext("size/height", "0")))
    objects: list[tuple[str, Box]] = []
    for obj in root.iter("object"):
        b = obj.find("bndbox")
        if b is None:
            raise ValueError(f"{path}: an object without a bndbox")
        x0, y0, x1, y1 = (float(b.findtext(k, "nan")) for k in ("xmin", "ymin", "xmax", "ymax"))
        objects.append((rank_from_word(obj.findtext("name", "")), (x0, y0, x1, y1)))
    return VocLabels(size, tuple(objects))


@dataclass(frozen=True)
class FanCount:
    """What a reader found in a photo of one whole 52-card deck; read = distinct + duplicates +
    jokers, since the truth is every card exactly once and no joker."""

    read: int
    distinct: int
    duplicates: int  # a card read n > 1 times adds n - 1
    jokers: int


def score_fan(detections: Sequence[Detection]) -> FanCount:
    counts = Counter(str(d.card) for d in detections)
    jokers = counts.pop("X", 0)
    return FanCount(
        sum(counts.values()) + jokers,
        len(counts),
        sum(n - 1 for n in counts.values()),
        jokers,
    )


@dataclass(frozen=True)
class AnchorCount:
    """Our reading where another detector saw a corner index (``anchor-predictions/``: the
    published detector trained on that very deck; its sightings, not truth, but sure ones)."""

    right: int = 0  # one of our cards whose box holds the sighting names it
    other: int = 0  # our cards there name others
    none: int = 0  # no card of ours has a box there

    def __add__(self, other: AnchorCount) -> AnchorCount:
        return AnchorCount(
            self.right + other.right, self.other + other.other, self.none + other.none
        )


def score_anchors(
    detections: Sequence[Detection], anchors: Sequence[tuple[str, float, float]]
) -> AnchorCount:
    """``anchors``: (token, x, y) of each sighting, photo pixels.

    >>> ours = [Detection(parse_card("3S"), (10, 10, 30, 40), 0.9)]
    >>> score_anchors(ours, [("3S", 20, 20), ("4S", 25, 35), ("5S", 80, 80)])
    AnchorCount(right=1, other=1, none=1)
    """
    count = AnchorCount()
    for token, x, y in anchors:
        there = [str(d.card) for d in detections if _box_holds(d.box, (x, y))]
        count += AnchorCount(
            right=int(token in there), other=int(bool(there) and token not in there),
            none=int(not there),
        )
    return count


#: Where a sighting of the published detector's that none of our cards holds was lost: the first
#: stage of ``Reader.read`` that has nothing there any more. Dedupe loses a sighting two ways:
#: merged into another card or dropped as artwork, or kept as a card read less surely than the
#: decoding's ``min_confidence`` (then the reader, not dedupe, was unsure).
LOST_AT = (
    "no peak over the floor",
    "crop reader: no index",
    "faint peak not confirmed",
    "dedupe: merged or artwork",
    "read under min_confidence",
)


def lost_at(
    point: tuple[float, float],
    found: Sequence[IndexHit],
    named: Sequence[IndexHit],
    kept: Sequence[IndexHit],
    unsure: Sequence[Detection],
) -> str:
    """One of ``LOST_AT`` for a ``point`` (photo pixels) in none of our cards: ``found`` are the
    detector's peaks over the floor, ``named`` those the crop reader kept, ``kept`` those left
    after the faint ones were confirmed, ``unsure`` the cards dedupe makes of them with no
    ``min_confidence``.

    >>> hit = IndexHit("3S", (0, 0, 10, 10), (30, 30), 0.9, 0.9)
    >>> card = Detection(parse_card("3S"), (0, 0, 10, 10), 0.1)
    >>> lost_at((5, 5), [hit], [hit], [], []), lost_at((50, 50), [hit], [hit], [hit], [])
    ('faint peak not confirmed', 'no peak over the floor')
    >>> lost_at((5, 5), [hit], [hit], [hit], []), lost_at((5, 5), [hit], [hit], [hit], [card])
    ('dedupe: merged or artwork', 'read under min_confidence')
    """
    stages: tuple[Sequence[IndexHit | Detection], ...] = (found, named, kept, unsure)
    for stage, hits in zip(LOST_AT, stages, strict=False):
        if not any(_box_holds(hit.box, point) for hit in hits):
            return stage
    return LOST_AT[-1]  # a card there, but under the floor


def _box_holds(box: Sequence[float], point: tuple[float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def stage_sightings(
    reader: Reader, source: str
) -> tuple[
    tuple[IndexHit, ...], tuple[IndexHit, ...], tuple[IndexHit, ...], tuple[Detection, ...]
]:
    """The photo's sightings after each stage, as ``lost_at`` takes them: the detector's peaks
    over the floor (the whole photo's and the zoomed pass's), those the crop reader names,
    those left once the faint ones are confirmed, and the cards dedupe makes of those with no
    ``min_confidence``. The zoomed pass is counted whether or not ``read`` ran it (it does for
    photos of more than a hand: all the fans)."""
    photo = reader.load(source)
    detected = reader.detect(photo, reader.peak_floor)
    found = (*detected, *reader.zoom(photo, reader.peak_floor, detected))
    named = reader.read_crops(photo, found)
    decoding = reader.decoding
    kept = confirmed(named, decoding.threshold, decoding.confirm_reading)
    unsure = reader.merge_sightings(
        kept, photo.original_size, reader.centre_reader(photo), min_confidence=0.0
    )
    return found, named, kept, unsure


def read_anchors(path: Path, size: tuple[int, int]) -> tuple[tuple[str, float, float], ...]:
    """The published detector's sightings (``[{"name": "10h", "relative_coordinates":
    {"center_x", "center_y", ...}}, ...]``) as (token, x, y) in a ``size`` photo."""
    return tuple(
        (
            item["name"].upper(),
            item["relative_coordinates"]["center_x"] * size[0],
            item["relative_coordinates"]["center_y"] * size[1],
        )
        for item in json.loads(path.read_text())
    )


@dataclass(frozen=True)
class RankScore:
    """Counts over labelled card boxes (suit ignored); they add up over many images."""

    objects: int = 0
    right: int = 0  # a detection of the right rank has its centre in the box
    with_any: int = 0  # some detection has its centre in the box
    outside: int = 0  # detections whose centre is in no labelled box

    def __add__(self, other: RankScore) -> RankScore:
        return RankScore(
            self.objects + other.objects,
            self.right + other.right,
            self.with_any + other.with_any,
            self.outside + other.outside,
        )

    @property
    def nothing_inside(self) -> int:
        return self.objects - self.with_any


def _centre_in(box: Sequence[float], area: Sequence[float]) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return area[0] <= x <= area[2] and area[1] <= y <= area[3]


def score_ranks(
    detections: Sequence[Detection], objects: Sequence[tuple[str, Box]]
) -> tuple[RankScore, list[tuple[str, str]]]:
    """Each labelled card box against the detections centred in it; also (label, read) for the
    boxes that hold detections but none of the right rank (read: the most confident one)."""
    right = with_any = 0
    confusions = []
    for rank, area in objects:
        inside = sorted(
            (d for d in detections if _centre_in(d.box, area)), key=lambda d: -d.confidence
        )
        with_any += bool(inside)
        if any(rank_of(str(d.card)) == rank for d in inside):
            right += 1
        elif inside:
            confusions.append((rank, rank_of(str(inside[0].card))))
    outside = sum(not any(_centre_in(d.box, area) for _, area in objects) for d in detections)
    return RankScore(len(objects), right, with_any, outside), confusions


def standard_singles(reader: Reader, folder: Path) -> str:
    """One real card per image, named by its token: how often it is read right."""
    cards = top1 = suit = rank = exact = nothing = 0
    confusions: Counter[tuple[str, str]] = Counter()
    for path in _images(folder):
        label = standard_label(path.stem)
        detections = reader.read(str(path))
        tokens = [str(d.card) for d in detections]
        best = str(max(detections, key=lambda d: d.confidence).card) if detections else None
        cards += 1
        top1 += best == label
        suit += best is not None and suit_of(best) == suit_of(label)
        rank += best is not None and rank_of(best) == rank_of(label)
        exact += tokens == [label]
        nothing += not detections
        if best is not None and best != label:
            confusions[(label, best)] += 1
    n = max(1, cards)
    return "\n".join(
        [
            f"real standard cards in {folder} (one card per image; evaluation only)",
            f"  {'cards':>5} {'top-1':>7} {'suit':>7} {'rank':>7} {'exactly':>8} {'nothing':>8}",
            f"  {cards:>5} {top1 / n:>7.3f} {suit / n:>7.3f} {rank / n:>7.3f} "
            f"{exact / n:>8.3f} {nothing:>8}",
            "  top-1: the most confident card is right; suit, rank: its suit, its rank is"
            " (joker: it is the joker); exactly: one card, the right one",
            *_confusion_line(confusions),
        ]
    )


def standard_fans(reader: Reader, folder: Path) -> str:
    """Photos of one whole deck dealt into fanned hands: how much of the deck is read, once;
    and, where ``anchor-predictions/`` holds another detector's sightings of a photo, whether
    we read a card there (not found) and the same one (misread)."""
    lines = [
        f"real standard fans in {folder} (each photo: all {FULL_DECK} cards once, no joker; "
        "evaluation only)",
        f"  {'photo':<20} {'read':>5} {'distinct':>9} {'dupes':>6} {'jokers':>7}"
        f" {'their sightings: same':>22} {'other':>6} {'none':>5}",
    ]
    distinct = []
    anchored = AnchorCount()
    lost: Counter[str] = Counter()
    # Only the photos: anchor-predictions/ holds another detector's labels, no truth of ours.
    for path in sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES):
        cards = reader.read(str(path))
        count = score_fan(cards)
        distinct.append(count.distinct)
        line = (
            f"  {path.stem:<20} {count.read:>5} {count.distinct:>6}/{FULL_DECK} "
            f"{count.duplicates:>6} {count.jokers:>7}"
        )
        anchor_files = sorted((folder / "anchor-predictions").glob(f"{path.stem}-*.json"))
        if anchor_files:
            size = load_photo(str(path)).original_size
            anchors = read_anchors(anchor_files[0], size)
            seen = score_anchors(cards, anchors)
            anchored += seen
            # Asking the stages reruns them; a stand-in that only reads has none to ask.
            if seen.none and isinstance(reader, Reader):
                stages = stage_sightings(reader, str(path))
                lost.update(
                    lost_at((x, y), *stages)
                    for _, x, y in anchors
                    if not any(_box_holds(d.box, (x, y)) for d in cards)
                )
            line += f" {seen.right:>22} {seen.other:>6} {seen.none:>5}"
        lines.append(line)
    mean = statistics.fmean(distinct) if distinct else 0.0
    lines.append(f"  mean distinct {mean:.1f} of {FULL_DECK} over {len(distinct)} photos")
    lines.append(
        "  read = distinct + dupes + jokers; dupes: a card read n times adds n - 1; any joker"
        " is wrong"
    )
    if anchored != AnchorCount():
        sightings = anchored.right + anchored.other + anchored.none
        lines.append(
            f"  the published detector's index sightings ({sightings}): {anchored.right} inside"
            f" a box of ours naming the same card, {anchored.other} inside boxes naming others,"
            f" {anchored.none} in none of ours"
        )
    if lost:
        lines.append(
            "  where those in none of ours were lost (the first stage with nothing there): "
            + ", ".join(f"{stage} {lost[stage]}" for stage in LOST_AT)
        )
    return "\n".join(lines)


def _label_scale(labels: VocLabels, path: Path) -> tuple[float, float]:
    """From the annotation's pixel grid to the photo's (1, 1 unless it was resized since)."""
    photo = load_photo(str(path)).original_size
    if not labels.size[0] or not labels.size[1]:
        return 1.0, 1.0
    return photo[0] / labels.size[0], photo[1] / labels.size[1]


def standard_ranks(reader: Reader, folder: Path) -> str:
    """Images with rank-labelled card boxes (VOC): is a card of the right rank read inside?"""
    total = RankScore()
    confusions: Counter[tuple[str, str]] = Counter()
    images = 0
    for path in _images(folder):
        xml = path.with_suffix(".xml")
        if not xml.is_file():
            continue
        labels = read_voc(xml)
        sx, sy = _label_scale(labels, path)
        objects = [(r, (b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy)) for r, b in labels.objects]
        score, confused = score_ranks(reader.read(str(path)), objects)
        total += score
        confusions.update(confused)
        images += 1
    lines = [
        f"real standard cards in {folder} ({images} images, boxes labelled by rank; suit "
        "ignored; evaluation only)",
        f"  {'objects':>7} {'right':>7} {'acc|any':>8} {'nothing':>8} {'outside':>8}",
        f"  {total.objects:>7} {total.right / max(1, total.objects):>7.3f} "
        f"{total.right / max(1, total.with_any):>8.3f} {total.nothing_inside:>8} "
        f"{total.outside:>8}",
        "  right: a card of the right rank is centred in the box; acc|any: the same among boxes"
        " with any card centred in them; nothing: boxes with none; outside: cards read"
        " centred in no box",
        *_confusion_line(confusions),
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------- which folder is which

FAN_STEM = re.compile(r"deal\d+", re.IGNORECASE)
# Each kind of real-photo folder: the deck it holds and how it is evaluated.
FOLDER_DECKS = {
    "phase10-faces": "phase10",
    "phase10-source": "phase10",
    "standard-singles": "standard",
    "standard-fans": "standard",
    "standard-ranks": "standard",
}


def _parses(parse: Callable[[str], object], stem: str) -> bool:
    try:
        parse(stem)
    except ValueError:
        return False
    return True


def folder_kind(folder: Path) -> str | None:
    """Which kind of real-photo folder this is, from the images directly in it (their names,
    annotation files next to them) or, for the Phase 10 faces, in its subfolders."""
    images = [p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES]
    stems = [p.stem for p in images]
    if images and any(p.with_suffix(".xml").is_file() for p in images):
        return "standard-ranks"
    if images and all(_parses(standard_label, s) for s in stems):
        return "standard-singles"
    if images and all(FAN_STEM.match(s) for s in stems):
        return "standard-fans"
    if images and all(_parses(label_from_name, s) for s in stems):
        return "phase10-source"  # one source folder of Phase 10 faces
    # Sources may sort their cards into folders of their own (sprites-c: one per colour).
    nested = [p.stem for p in _images(folder)]
    if not images and nested and all(_parses(label_from_name, s) for s in nested):
        return "phase10-faces"
    return None


def realworld_folders(root: Path) -> list[tuple[Path, str]]:
    """``root`` itself when it is a known kind, else its folders that are."""
    kind = folder_kind(root)
    if kind is not None:
        return [(root, kind)]
    subfolders = sorted(p for p in root.iterdir() if p.is_dir())
    return [(p, k) for p in subfolders if (k := folder_kind(p)) is not None]


def realworld_all(reader: Reader, root: Path, deck: str) -> str:
    """Every known real-photo folder in or at ``root`` that holds ``deck``'s cards."""
    reports = {
        "phase10-faces": lambda folder: realworld(reader, folder),
        "phase10-source": lambda folder: realworld(reader, folder.parent, [folder]),
        "standard-singles": lambda folder: standard_singles(reader, folder),
        "standard-fans": lambda folder: standard_fans(reader, folder),
        "standard-ranks": lambda folder: standard_ranks(reader, folder),
    }
    found = realworld_folders(root)
    if not found:
        return f"no real-photo folder recognised in {root}"
    out = []
    for folder, kind in found:
        if FOLDER_DECKS[kind] != deck:
            out.append(f"skipped {folder}: {kind} photos need --deck {FOLDER_DECKS[kind]}")
        else:
            out.append(reports[kind](folder))
    return "\n".join(out)


# ---------------------------------------------------------------- main


def sizes_text(sizes: Sequence[tuple[int, int]]) -> str:
    """Scene sizes as the command line writes them.

    >>> sizes_text(SCENE_SIZES)
    '2016x1512, 1024x768'
    """
    return ", ".join(f"{width}x{height}" for width, height in sizes)


def scene_size(text: str) -> tuple[int, int]:
    """``--scene-size``: "WIDTHxHEIGHT" in pixels.

    >>> scene_size("1024x768")
    (1024, 768)
    """
    match = re.fullmatch(r"(\d+)x(\d+)", text.strip().lower())
    if match is None or min(int(match[1]), int(match[2])) < 64:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT of at least 64x64, not {text!r}")
    return int(match[1]), int(match[2])


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    _add_workload_arguments(parser)
    _add_decoding_arguments(parser)
    _add_mode_arguments(parser)
    _add_variant_arguments(parser)
    _add_validation_arguments(parser)
    # --copies redeals the scenes like the variants above, but --help has always listed it here.
    parser.add_argument(
        "--copies",
        type=int,
        metavar="N",
        help="the accuracy tables' synthetic scenes (not scans) dealt from a deck holding N "
        "copies of each face (1: one 52-card deck, as a one-deck classic table), and read with "
        "that bound (the runtime's --copies; default: the game's own deck, 2; not with --tune)",
    )
    parser.add_argument(
        "--without",
        type=faces_arg,
        default=frozenset(),
        metavar="TOKENS",
        help="the accuracy tables' synthetic scenes (not scans) dealt from a deck lacking these "
        "faces (comma-separated: X, a zehn-phasen game without skips; S, Phase 10 without), "
        "and read knowing it (the runtime's DecodeParams.without; not with --tune)",
    )
    parser.add_argument(
        "--read-every-face",
        action="store_true",
        help="with --without: read those scenes as if the deck had every face (what the "
        "reader told of the missing faces is weighed against)",
    )
    parser.add_argument("--latency-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--latency-params", default=params_json(DEFAULT_PARAMS),
                        help=argparse.SUPPRESS)
    return parser


def _add_workload_arguments(parser: argparse.ArgumentParser) -> None:
    """Whose cards, how many scenes of each kind, how many timed photos, and at what sizes."""
    parser.add_argument(
        "--deck",
        choices=("phase10", "standard"),
        default="phase10",
        help="whose cards: scenes, default model and real photos (default %(default)s)",
    )
    parser.add_argument("--model", help="ONNX model (default: the deck's, models/DECK.onnx)")
    parser.add_argument(
        "--per-cell",
        type=int,
        default=25,
        help="held-out scenes per layout x family (default %(default)s)",
    )
    parser.add_argument(
        "--closeups",
        type=int,
        metavar="N",
        help=f"close-up scenes per face family, 0 to skip (default {HELD_OUT_EXTRAS}; with "
        "--validation 0)",
    )
    parser.add_argument(
        "--scans",
        type=int,
        metavar="N",
        help=f"single-card scans per face family, 0 to skip (default {HELD_OUT_EXTRAS}; with "
        "--validation 0)",
    )
    parser.add_argument(
        "--tables",
        type=int,
        default=3,
        metavar="N",
        help="scenes per face family of 2-4 hands dealt on a table, 0 to skip (default "
        "%(default)s)",
    )
    parser.add_argument(
        "--deals",
        type=int,
        metavar="N",
        help="scenes per face family of a whole deck dealt out into tight fans, cascades and "
        f"rows, 0 to skip (default {HELD_OUT_DEALS}; with --validation 0)",
    )
    parser.add_argument(
        "--loose",
        type=int,
        metavar="N",
        help="scenes per face family of a whole deck dealt out loose and shot from near: open "
        f"fans and rows of large cards, 0 to skip (default {HELD_OUT_LOOSE}; with --validation 0)",
    )
    parser.add_argument(
        "--latency-runs",
        type=int,
        default=20,
        help="JPEGs to time, 0 to skip (default %(default)s)",
    )
    parser.add_argument(
        "--latency-size",
        type=scene_size,
        default=PHOTO_SIZE,
        metavar="WxH",
        help=f"size of the timed JPEGs (default {PHOTO_SIZE[0]}x{PHOTO_SIZE[1]}, a 12 MP phone "
        "photo; a messenger sends about 1600x1200)",
    )
    parser.add_argument(
        "--scene-size",
        type=scene_size,
        action="append",
        metavar="WxH",
        help="size of the synthetic held-out and validation photos; repeat for several "
        f"(default: {sizes_text(SCENE_SIZES)})",
    )


def _add_decoding_arguments(parser: argparse.ArgumentParser) -> None:
    """The reader's decoding settings (``DecodeParams``), each defaulting to the model's."""
    parser.add_argument("--threshold", type=float, help="peak threshold (default: the model's)")
    parser.add_argument("--merge", type=float, default=DEFAULT_PARAMS.merge_distance)
    parser.add_argument("--conflict", type=float, default=DEFAULT_PARAMS.conflict_distance)
    parser.add_argument(
        "--agreement",
        type=float,
        default=DEFAULT_PARAMS.reading_agreement,
        help="reading agreement that merges sightings (default: the model's)",
    )
    parser.add_argument(
        "--min-confidence",
        type=float,
        default=DEFAULT_PARAMS.min_confidence,
        help="least confidence of a reported card (default: the model's)",
    )
    parser.add_argument(
        "--neighbour-span",
        type=float,
        default=DEFAULT_PARAMS.neighbour_span,
        help="same-corner sightings this near (x their distance to the card centre) are two "
        "cards, 0 never (default: the model's)",
    )
    parser.add_argument(
        "--centre-span",
        type=float,
        default=DEFAULT_PARAMS.centre_span,
        help="read each card's centre numeral in a square this many index sizes wide, 0 never "
        "(default: the model's)",
    )
    parser.add_argument(
        "--read-views",
        type=int,
        default=DEFAULT_PARAMS.read_views,
        metavar="N",
        help="average the crop reader over the first N crop views (vision.crops.READ_VIEWS; "
        "default: the model's)",
    )
    parser.add_argument(
        "--confirm-floor",
        type=float,
        default=DEFAULT_PARAMS.confirm_floor,
        metavar="PEAK",
        help="peaks from PEAK up to the threshold count when the crop reader confirms them, 0 "
        "never (default: the model's)",
    )
    parser.add_argument(
        "--confirm-reading",
        type=float,
        default=DEFAULT_PARAMS.confirm_reading,
        metavar="P",
        help="the token probability that confirms a peak below the threshold (default: the "
        "model's)",
    )
    parser.add_argument(
        "--upright-crops",
        type=int,
        choices=(0, 1),
        default=DEFAULT_PARAMS.upright_crops,
        help="1: read each crop turned upright by its card centre, 0: as it lies (default: the "
        "model's; a reader trained on upright crops alone, as standard.onnx's, refuses 0)",
    )
    parser.add_argument(
        "--copies-beside",
        type=int,
        choices=(0, 1),
        default=DEFAULT_PARAMS.copies_beside,
        help="1: the same corner of two cards whose centre guesses lie apart as their indices "
        "do is two cards side by side, never merged; 0: not asked (default: the model's)",
    )


def _add_mode_arguments(parser: argparse.ArgumentParser) -> None:
    """Tuning instead of the report, real photos besides it, the synthetic tables left out."""
    parser.add_argument(
        "--tune",
        action="store_true",
        help="only grid-search the thresholds on validation seeds (from --validation-from)",
    )
    parser.add_argument(
        "--realworld",
        type=Path,
        metavar="DIR",
        help="also evaluate on real photos: the real-photo folder or one of its folders (labels "
        "from file names or VOC files; folders of the other deck are skipped)",
    )
    parser.add_argument("--skip-synthetic", action="store_true", help="no held-out accuracy")


def _add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """How the accuracy tables' synthetic scenes differ from the plain ones."""
    parser.add_argument(
        "--harsh-light",
        action="store_true",
        help="the accuracy tables' synthetic scenes (not scans) under harsh light: hard-edged "
        "shadows and a bright streak, as training's --harsh-share draws them (not with --tune; "
        "latency scenes stay unlit)",
    )
    parser.add_argument(
        "--phone-look",
        action="store_true",
        help="the accuracy tables' synthetic scenes (not scans) through a phone camera's own "
        "processing: noise reduction, sharpening halos, colour fringes, a contrast curve, as "
        "training's --phone-share draws them (not with --tune; latency scenes stay plain)",
    )
    parser.add_argument(
        "--quarter-turns",
        type=int,
        choices=(0, 1, 2, 3),
        default=0,
        help="the accuracy tables' synthetic scenes turned clockwise this many quarter turns: "
        "cards lying sideways (1, 3) or upside down (2), as a hand laid across the table or a "
        "photo taken from the side (not with --tune)",
    )
    add_edition_arguments(
        parser,
        lead="the accuracy tables' synthetic scenes with ",
        tail=" (standard deck, scans not crowded; not with --tune)",
    )


def _add_validation_arguments(parser: argparse.ArgumentParser) -> None:
    """Scoring on validation seeds instead of held-out ones, and how --tune reads them."""
    parser.add_argument(
        "--validation",
        action="store_true",
        help="score the validation seeds (from --validation-from; tables, close-ups and scans "
        "on the seeds after the hands) instead of the held-out ones: for choosing between "
        "candidates",
    )
    parser.add_argument(
        "--validation-from",
        type=int,
        default=VALIDATION_SEEDS.start,
        metavar="SEED",
        help="first validation seed of --validation and --tune (default %(default)s); the "
        f"scenes must end below {VALIDATION_SEEDS.stop}",
    )
    parser.add_argument(
        "--oracle-tokens",
        action="store_true",
        help="with --tune: name every sighting after the labelled index under it (tunes the "
        "merging alone, whatever the reading)",
    )


def settle_counts(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Fills in the scene counts left unset and refuses impossible ones."""
    held_out = {
        "closeups": HELD_OUT_EXTRAS,
        "scans": HELD_OUT_EXTRAS,
        "deals": HELD_OUT_DEALS,
        "loose": HELD_OUT_LOOSE,
    }
    for name, count in held_out.items():  # on a validation run only when asked for
        if getattr(args, name) is None:
            setattr(args, name, 0 if args.validation else count)
    if min(args.closeups, args.tables, args.scans, args.deals, args.loose) < 0:
        parser.error("--closeups, --scans, --tables, --deals and --loose must be 0 or more")
    if args.per_cell < 1:
        parser.error("--per-cell must be 1 or more")
    if args.latency_runs < 0:  # the timing worker failed only after the accuracy tables
        parser.error("--latency-runs must be 0 or more")


def refuse_conflicts(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Options that cannot go together, found before any scene is read."""
    if args.realworld is not None and not args.realworld.is_dir():
        # Found before the synthetic tables, not after minutes of them.
        parser.error(f"--realworld: no folder at {args.realworld}")
    # The search reads its own plain scenes; silently ignoring a variant would mislead.
    for asked, flag, verb, plain in (
        (args.harsh_light, "--harsh-light", "relights", "unlit"),
        (args.phone_look, "--phone-look", "reprocesses", "plain"),
        (args.quarter_turns, "--quarter-turns", "turns", "upright"),
    ):
        if asked and args.tune:
            parser.error(f"{flag} {verb} the accuracy tables; --tune searches {plain} scenes")
    if args.copies is not None and (args.tune or args.copies < 1):
        parser.error("--copies deals the accuracy tables from a deck of 1 or more copies of each "
                     "face (not with --tune)")
    if (args.without or args.read_every_face) and (args.tune or not args.without):
        parser.error("--without deals the accuracy tables from a deck lacking those faces, and "
                     "--read-every-face reads them as if it did not (not with --tune)")
    if unknown := sorted(args.without - {str(face) for face in all_faces(Deck(args.deck))}):
        parser.error(f"--without {', '.join(unknown)}: no face of the {args.deck} deck")
    edition = Edition.from_args(args)
    if edition.flags() and (args.tune or args.deck != "standard"):
        parser.error(
            f"{edition.flags()[0]} redraws the standard deck's accuracy tables (not --tune)"
        )


def check_validation_seeds(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--validation and --tune scenes must keep to the validation seeds (see the module's
    docstring for every range)."""
    if args.validation or args.tune:
        asked = scene_sets(args, validation=True).all()
        if not {asked[0].seed, asked[-1].seed} <= set(VALIDATION_SEEDS):
            parser.error(
                f"validation scenes {asked[0].seed}..{asked[-1].seed} leave the validation "
                f"seeds {VALIDATION_SEEDS.start}..{VALIDATION_SEEDS.stop - 1}"
            )


def decode_params(args: argparse.Namespace) -> DecodeParams:
    return replace(
        DEFAULT_PARAMS,
        threshold=args.threshold,
        merge_distance=args.merge,
        conflict_distance=args.conflict,
        reading_agreement=args.agreement,
        min_confidence=args.min_confidence,
        neighbour_span=args.neighbour_span,
        centre_span=args.centre_span,
        read_views=args.read_views,
        confirm_floor=args.confirm_floor,
        confirm_reading=args.confirm_reading,
        upright_crops=args.upright_crops,
        copies_beside=args.copies_beside,
        copies=DEFAULT_PARAMS.copies if args.copies is None else args.copies,
        without=frozenset() if args.read_every_face else args.without,
    )


def open_reader(parser: argparse.ArgumentParser, model: str | None, deck: str,
                params: DecodeParams = DEFAULT_PARAMS) -> Reader:
    """The model asked for with the decoding asked for; a bad one is a usage error."""
    try:
        reader = Reader.from_file(model, deck=deck, params=params)
    except (ModelError, ValueError) as error:
        parser.error(str(error))
    if reader.info.deck.name != deck:
        # Its tokens would never match the scenes' labels: every table would read 0.
        parser.error(
            f"{reader.path} reads {reader.info.deck.name} cards; pass --deck "
            f"{reader.info.deck.name} or a {deck} model"
        )
    return reader


def model_line(reader: Reader) -> str:
    lacking = sorted(reader.info.without)
    return (
        f"model {reader.path.name} version {reader.info.version}, input "
        f"{reader.info.input_size[0]}x{reader.info.input_size[1]}, {reader.decoding}"
        + (f", read as a deck without {', '.join(lacking)}" if lacking else "")
    )


def print_tuning(
    reader: Reader, args: argparse.Namespace, sizes: Sequence[tuple[int, int]]
) -> None:
    print(tune(reader, args.per_cell, args.oracle_tokens, args.deck, sizes, args.validation_from))


def scene_note(args: argparse.Namespace) -> str:
    """What the accuracy tables' titles say about scenes that are not plain Phase 10 ones."""
    note = "" if args.deck == "phase10" else f" ({args.deck} deck)"
    if args.harsh_light:
        note += " under harsh light"
    if args.phone_look:
        note += " through a phone's processing"
    note += Edition.from_args(args).note()
    if args.quarter_turns:
        note += f" turned {90 * args.quarter_turns} degrees clockwise"
    if args.copies is not None:
        note += f" dealt from {args.copies} of each face"
    if args.without:
        note += f" dealt without {', '.join(sorted(args.without))}"
        note += ", read as if with every face" if args.read_every_face else ""
    return note


def print_accuracy_tables(
    reader: Reader, args: argparse.Namespace, sizes: Sequence[tuple[int, int]]
) -> None:
    """Hands and the extra kinds at every scene size, then the scans once: a scan is as large
    as its card, whatever the size."""
    from models.synth.scan import SCAN_WIDTHS

    split = "validation" if args.validation else "held-out"
    sets = scene_sets(args, args.validation)
    note = scene_note(args)
    extras = {
        "close-ups": ("1-3 cards filling much of the frame", sets.closeups),
        "tables": ("2-4 hands dealt on a table, 16-52 cards", sets.tables),
        "dealt decks": ("26-52 cards in 2-4 tight fans, cascades or rows", sets.deals),
        "loose decks": ("26-52 large cards in 2-4 open fans or rows", sets.loose),
    }
    for width, height in sizes:
        at = f"{note} at {width}x{height}"
        _print_accuracy(reader, f"{split} synthetic scenes{at}", sets.hands, size=(width, height))
        for title, (what, extra) in extras.items():
            if extra:
                heading = f"{split} {title}{at} ({what}; apart from the targets)"
                _print_accuracy(reader, heading, extra, title, (width, height))
    if sets.scans:
        _print_accuracy(
            reader,
            f"{split} single-card scans{note} (one card filling the image, "
            f"{SCAN_WIDTHS[0]:.0f}-{SCAN_WIDTHS[1]:.0f} px wide; apart from the targets; "
            "exact: that card and no other)",
            sets.scans,
            "scans",
        )


def _print_accuracy(
    reader: Reader,
    heading: str,
    scenes: Sequence[Case],
    title: str = "per layout",
    size: tuple[int, int] = SCENE_SIZE,
) -> None:
    # The heading goes out first: the scenes behind it can take minutes to read.
    print(f"{heading}: {len(scenes)}, seeds {scenes[0].seed}..{scenes[-1].seed}")
    print(accuracy(reader, scenes, title, size))


def print_latency(args: argparse.Namespace) -> None:
    """Hand photos, then each slow kind asked for in the accuracy tables."""
    from models.synth import DEAL, SCAN, TABLE

    size, params = args.latency_size, decode_params(args)
    print(latency(args.model, args.latency_runs, args.deck, size=size, params=params))
    # Fewer of the slow kinds: each pays for extra detector passes.
    runs = min(args.latency_runs, TABLE_LATENCY_RUNS)
    for wanted, layout, title in ((args.tables, TABLE, "tables of dealt hands"),
                                  (args.deals, DEAL, "dealt decks"),
                                  (args.scans, SCAN, "single-card scans")):
        if wanted:
            print(f"{title}: {latency(args.model, runs, args.deck, [layout], size, params)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    # Not parse_args: latency() runs this script again as its worker, photo paths after the flags.
    args, rest = parser.parse_known_args(argv)
    if args.latency_worker:
        _latency_worker(args.model, rest, args.deck, params_from_json(args.latency_params))
        return 0
    if rest:
        parser.error(f"unrecognised arguments: {' '.join(rest)}")
    settle_counts(parser, args)
    refuse_conflicts(parser, args)
    check_validation_seeds(parser, args)
    reader = open_reader(parser, args.model, args.deck, decode_params(args))
    print(model_line(reader))
    sizes = args.scene_size or SCENE_SIZES
    if args.tune:
        print_tuning(reader, args, sizes)
        return 0
    if not args.skip_synthetic:
        print_accuracy_tables(reader, args, sizes)
    if args.latency_runs:
        print_latency(args)
    if args.realworld:
        print(realworld_all(reader, args.realworld, args.deck))
    return 0


if __name__ == "__main__":
    sys.exit(main())
