"""Benchmark of the card reader: accuracy on held-out synthetic hands, speed, memory, real faces.

    python bench/vision.py                      # accuracy tables + latency + peak RSS
    python bench/vision.py --per-cell 40        # more scenes per layout x family
    python bench/vision.py --tune               # choose thresholds on validation seeds 0..999
    python bench/vision.py --realworld ../shared/realworld/phase10-faces   # evaluation only

Seeds: validation scenes are 0..999 (only ``--tune`` uses them), training uses >= 1_000_000, this
benchmark's held-out scenes start at 500_000. Real photos are never used to choose anything.
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
from collections import Counter, defaultdict  # noqa: E402
from collections.abc import Iterable, Sequence  # noqa: E402
from dataclasses import dataclass, replace  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from solver.cards import Deck, all_faces  # noqa: E402
from vision import DEFAULT_PARAMS, Detection, Reader, load_photo  # noqa: E402
from vision.dedupe import dedupe  # noqa: E402
from vision.find import IndexHit  # noqa: E402

HELD_OUT_SEED = 500_000
VALIDATION_SEEDS = range(0, 1000)
SCENE_SIZE = (1024, 768)
PHOTO_SIZE = (4032, 3024)
JPEG_QUALITY = 90


# ---------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Truth:
    token: str
    indices: tuple[tuple[float, float, float, float], ...]


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


def score_hand(detections: Sequence[Detection], truths: Sequence[Truth]) -> Score:
    """A detection is right when it names a labelled card and marks one of its index boxes;
    each labelled card can be found once. The hand is exact when nothing is missed or extra."""
    unmatched = list(truths)
    true_pos = 0
    for det in sorted(detections, key=lambda d: -d.confidence):
        match = next(
            (
                t
                for t in unmatched
                if t.token == str(det.card) and any(on_index(det.box, i) for i in t.indices)
            ),
            None,
        )
        if match is not None:
            unmatched.remove(match)
            true_pos += 1
    false_pos, false_neg = len(detections) - true_pos, len(unmatched)
    exact = int(false_pos == 0 and false_neg == 0)
    return Score(true_pos, false_pos, false_neg, 1, exact)


# ---------------------------------------------------------------- synthetic scenes


@dataclass(frozen=True)
class Case:
    seed: int
    layout: str
    family: str


def cases(first_seed: int, per_cell: int) -> tuple[Case, ...]:
    from models.synth import FAMILIES, LAYOUTS

    cells = itertools.product(LAYOUTS, FAMILIES, range(per_cell))
    return tuple(Case(first_seed + i, lay, fam) for i, (lay, fam, _) in enumerate(cells))


def render(case: Case, size: tuple[int, int] = SCENE_SIZE) -> tuple[np.ndarray, tuple[Truth, ...]]:
    from models.synth import make_scene

    scene = make_scene(case.seed, layout=case.layout, family=case.family, size=size)
    return scene.image, tuple(Truth(c.card, c.indices) for c in scene.cards)


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


def accuracy(reader: Reader, all_cases: Sequence[Case]) -> str:
    by_layout: dict[str, Score] = defaultdict(Score)
    by_family: dict[str, Score] = defaultdict(Score)
    total = Score()
    for case in all_cases:
        image, truths = render(case)
        score = score_hand(reader.read(image), truths)
        by_layout[case.layout] += score
        by_family[case.family] += score
        total += score
    return "\n".join(
        [
            _table("per layout", dict(by_layout) | {"all": total}),
            _table("per face family", dict(by_family)),
        ]
    )


def _oracle_token(hit: IndexHit, truths: Sequence[Truth]) -> IndexHit:
    """``hit`` named after the labelled index it covers (else a card not in the hand, so it
    stays a false detection): isolates how sightings merge from how well they are read."""
    absent = next(
        str(c) for c in all_faces(Deck.PHASE10) if str(c) not in {t.token for t in truths}
    )
    token = next((t.token for t in truths if any(on_index(hit.box, i) for i in t.indices)), absent)
    return replace(hit, token=token)


def tune(reader: Reader, per_cell: int, oracle: bool = False) -> str:
    """Grid-search the decoding thresholds on validation scenes (seeds 0..999 only)."""
    all_cases = cases(VALIDATION_SEEDS.start, per_cell)
    assert all_cases[-1].seed < VALIDATION_SEEDS.stop, "validation seeds exhausted"
    floor = 0.05
    found: list[tuple[Case, list[IndexHit], tuple[int, int], tuple[Truth, ...]]] = []
    for case in all_cases:
        image, truths = render(case)
        photo = load_photo(image)
        hits = list(reader.find(photo, floor))
        if oracle:
            hits = [_oracle_token(h, truths) for h in hits]
        found.append((case, hits, photo.original_size, truths))

    def evaluate(threshold: float, merge: float, conflict: float) -> tuple[float, float]:
        per_layout: dict[str, Score] = defaultdict(Score)
        for case, hits, size, truths in found:
            kept = [h for h in hits if h.peak >= threshold]
            per_layout[case.layout] += score_hand(dedupe(kept, merge, size, conflict), truths)
        total = sum(per_layout.values(), Score())
        return min(s.f1 for s in per_layout.values()), total.exact_rate

    grid = itertools.product(
        (0.2, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8),  # peak threshold
        (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0),  # merge distance, same token
        (0.0, 0.25, 0.5),  # merge distance, different tokens
    )
    results = sorted(((*evaluate(*p), *p) for p in grid), reverse=True)
    current = (reader.threshold, reader.merge_distance, reader.conflict_distance)
    rows = [*results[:10], (*evaluate(*current), *current)]
    lines = [
        f"validation scenes: {len(all_cases)} (seeds {all_cases[0].seed}..{all_cases[-1].seed})",
        "  worst-layout F1  exact  threshold  merge  conflict",
    ]
    lines += [f"  {f:15.4f} {e:6.3f} {t:10.2f} {m:6.2f} {c:9.2f}" for f, e, t, m, c in rows]
    lines[-1] += "   <- current settings"
    # A wide merge distance risks fusing two copies of a card that lie side by side, so the
    # rule is: the smallest merge distance within 0.01 of the best F1, then its best settings.
    best_f1 = results[0][0]
    f, e, t, m, c = min(
        (r for r in results if r[0] >= best_f1 - 0.01), key=lambda r: (r[3], -r[0], -r[1])
    )
    lines.append(f"  {f:15.4f} {e:6.3f} {t:10.2f} {m:6.2f} {c:9.2f}   <- chosen by the rule")
    return "\n".join(lines)


# ---------------------------------------------------------------- speed and memory


def _latency_worker(model: str | None, paths: Sequence[str]) -> None:
    """Runs in its own process so that ru_maxrss is the reader's alone."""
    reader = Reader.from_file(model)
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


def latency(model: str | None, runs: int) -> str:
    from models.synth import FAMILIES, LAYOUTS

    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i in range(runs):
            # Rendered at full size: its sensor-like noise makes a JPEG as heavy as a phone's.
            layout, family = LAYOUTS[i % len(LAYOUTS)], FAMILIES[i % len(FAMILIES)]
            case = Case(HELD_OUT_SEED - 1 - i, layout, family)
            image, _ = render(case, PHOTO_SIZE)
            path = Path(tmp) / f"photo{i}.jpg"
            cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
            paths.append(str(path))
        command = [sys.executable, __file__, "--latency-worker", *paths]
        if model:
            command[2:2] = ["--model", model]
        result = json.loads(
            subprocess.run(command, check=True, capture_output=True, text=True).stdout
        )
    ms = sorted(t * 1000 for t in result["times"])
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (
        f"end to end, {PHOTO_SIZE[0]}x{PHOTO_SIZE[1]} JPEG q{JPEG_QUALITY}, {len(ms)} reads "
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


def _images(folder: Path) -> Iterable[Path]:
    suffixes = {".jpg", ".jpeg", ".png", ".webp"}
    return sorted(p for p in folder.rglob("*") if p.suffix.lower() in suffixes)


DIGITS = "0123456789"


def realworld(reader: Reader, root: Path) -> str:
    """Per source folder: how often the single card in each image is read right."""
    lines = [
        f"real card faces in {root} (one card per image; evaluation only)",
        f"  {'source':<12} {'cards':>5} {'top-1':>7} {'colour':>7} {'exactly':>8} "
        f"{'nothing':>8} {'backs':>5} {'back FP':>7}",
    ]
    confusions: Counter[tuple[str, str]] = Counter()
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
    if confusions:
        common = ", ".join(f"{a}->{b} x{n}" for (a, b), n in confusions.most_common(12))
        lines.append(f"  most common confusions: {common}")
    return "\n".join(lines)


# ---------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", help="ONNX model (default: models/phase10.onnx)")
    parser.add_argument(
        "--per-cell",
        type=int,
        default=25,
        help="held-out scenes per layout x family (default %(default)s)",
    )
    parser.add_argument(
        "--latency-runs",
        type=int,
        default=20,
        help="4032x3024 JPEGs to time, 0 to skip (default %(default)s)",
    )
    parser.add_argument("--threshold", type=float, help="peak threshold (default: DecodeParams')")
    parser.add_argument("--merge", type=float, default=DEFAULT_PARAMS.merge_distance)
    parser.add_argument("--conflict", type=float, default=DEFAULT_PARAMS.conflict_distance)
    parser.add_argument(
        "--tune",
        action="store_true",
        help="only grid-search the thresholds on validation seeds 0..999",
    )
    parser.add_argument(
        "--realworld",
        type=Path,
        metavar="DIR",
        help="also evaluate on real single-card images (labels from file names)",
    )
    parser.add_argument("--skip-synthetic", action="store_true", help="no held-out accuracy")
    parser.add_argument(
        "--oracle-tokens",
        action="store_true",
        help="with --tune: name every sighting after the labelled index under it (tunes the "
        "merging alone, whatever the reading)",
    )
    parser.add_argument("--latency-worker", action="store_true", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args(argv)
    if args.latency_worker:
        _latency_worker(args.model, rest)
        return 0
    if rest:
        parser.error(f"unrecognised arguments: {' '.join(rest)}")
    params = replace(
        DEFAULT_PARAMS,
        peak_threshold=DEFAULT_PARAMS.peak_threshold if args.threshold is None else args.threshold,
        merge_distance=args.merge,
        conflict_distance=args.conflict,
    )
    reader = Reader.from_file(args.model, params=params)
    print(
        f"model {reader.path.name} version {reader.info.version}, input "
        f"{reader.info.input_size[0]}x{reader.info.input_size[1]}, peak threshold "
        f"{reader.threshold}, merge distance {reader.merge_distance}, conflict distance "
        f"{reader.conflict_distance}"
    )
    if args.tune:
        print(tune(reader, args.per_cell, args.oracle_tokens))
        return 0
    if not args.skip_synthetic:
        held_out = cases(HELD_OUT_SEED, args.per_cell)
        print(
            f"held-out synthetic scenes: {len(held_out)}, seeds {held_out[0].seed}.."
            f"{held_out[-1].seed}, {SCENE_SIZE[0]}x{SCENE_SIZE[1]}"
        )
        print(accuracy(reader, held_out))
    if args.latency_runs:
        print(latency(args.model, args.latency_runs))
    if args.realworld:
        print(realworld(reader, args.realworld))
    return 0


if __name__ == "__main__":
    sys.exit(main())
