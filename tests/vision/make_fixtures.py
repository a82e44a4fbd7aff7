"""Renders the reader's test photos with our own renderer (never real photos).

    .venv/bin/python -m tests.vision.make_fixtures [NAME...]

Writes fixtures/spread.jpg, copies.jpg, standard_spread.jpg (standard playing cards), table.jpg,
faint.jpg, laid.jpg (three groups laid on a table), standard_laid.jpg (three groups of playing
cards as zehn-phasen lays them), labels.json (the true cards of each) and ambiguous.json (their
partly hidden index boxes). The scenes are the first of a fixed seed range that fit each test's
purpose; seeds 900_000.. are neither training (>= 1_000_000), validation (0..999) nor benchmark
(500_000..) scenes. faint.jpg and laid.jpg are chosen with the committed Phase 10 model:
faint.jpg is the first fanned hand it reads exactly only because the crop reader confirms a
peak under the threshold (``confirm_floor``), laid.jpg the first photo of the groups ``LAID``
whose lines the table photo reads exactly (from seed 920_000); standard_laid.jpg likewise with
the committed standard model, the groups ``STANDARD_LAID`` under zehn-phasen (from seed
930_000), so a new model file may need new ones. The renderer has changed since spread.jpg,
copies.jpg and table.jpg were made: written again they come out as other photos, which the
tests were not written against, so name the fixtures to write.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from models.synth import FAMILIES, STANDARD_FAMILIES, Scene, make_scene
from models.synth.backgrounds import make_background

FIXTURES = Path(__file__).parent / "fixtures"
FIRST_SEED = 900_000
SIZE = (640, 480)
QUALITY = 90
MIN_INDEX_PX = 20  # a generous, clean photo: index boxes at least this wide
FAINT_SIZE = (1024, 768)  # a fan held at arm's length: its faint peaks come from small indices


def _first_scene(
    layout: str,
    wanted: Callable[[Scene], bool],
    deck: str = "phase10",
    size: tuple[int, int] = SIZE,
) -> Scene:
    families = STANDARD_FAMILIES if deck == "standard" else FAMILIES
    for seed in range(FIRST_SEED, FIRST_SEED + 1000):
        family = families[seed % len(families)]
        scene = make_scene(
            seed, layout=layout, family=family, size=size, distractors=False, deck=deck
        )
        if wanted(scene):
            print(f"{layout}: seed {seed}, family {family}, {len(scene.cards)} cards")
            return scene
    raise RuntimeError(f"no {layout} scene fits")


def _all_corners_show(scene: Scene) -> bool:
    """Every card shows two or more corners, each index big enough to read without squinting."""
    return all(
        len(card.indices) >= 2 and min(x1 - x0 for x0, _, x1, _ in card.indices) >= MIN_INDEX_PX
        for card in scene.cards
    )


def _has_copies(scene: Scene) -> bool:
    counts = Counter(card.card for card in scene.cards)
    return any(n == 2 for n in counts.values())


def _read_exactly_only_with_faint_peaks(scene: Scene) -> bool:
    """The committed Phase 10 model reads the saved JPEG exactly, and without its confirmed
    faint peaks it misses a card."""
    from bench.vision import Truth, score_hand
    from vision import DecodeParams, Reader

    ok, encoded = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
    assert ok
    truths = tuple(Truth(card.card, card.indices) for card in scene.cards)

    def exact(params: DecodeParams) -> bool:
        found = Reader.from_file(params=params).read(encoded.tobytes())
        return score_hand(found, truths, scene.partial).exact_hands == 1

    return exact(DecodeParams()) and not exact(DecodeParams(confirm_floor=0.0))


# The groups of laid.jpg, as the table box writes them: one of each kind, none also another.
LAID = ("set R7 B7 W", "run Y3 R4 B5 G6", "colour G1 G9 G5 G11")
LAID_SEED = 920_000
LAID_SIZE = (1024, 768)
# The groups of standard_laid.jpg under zehn-phasen: a King (wild) in the set and in the run,
# a suit group (the ruleset's colour group) out of run order; none also another kind.
STANDARD_LAID = ("set 7H 7S KD", "run 3D 4S KC 6H 7C", "colour AH 9H 5H JH")
STANDARD_LAID_SEED = 930_000


def _laid_read_exactly(lines: Sequence[str] = LAID, deck: str = "phase10",
                       first_seed: int = LAID_SEED) -> Scene:
    """The first photo of the groups ``lines`` that the deck's committed model and the table
    photo's grouping read line for line (under mattel, or zehn-phasen for standard cards)."""
    from models.synth.laid import LaidGroup, make_laid_scene
    from models.synth.scene import DECK_KITS
    from solver import ruleset
    from vision import Reader, laid_table

    groups = [LaidGroup(line.split()[0], tuple(line.split()[1:])) for line in lines]
    rules = ruleset("zehn-phasen" if deck == "standard" else "mattel")
    families = DECK_KITS[deck].families
    reader = Reader.from_file(deck=deck)
    for seed in range(first_seed, first_seed + 100):
        family = families[seed % len(families)]
        scene = make_laid_scene(seed, groups, family, LAID_SIZE, distractors=False,
                                deck=deck).scene
        ok, encoded = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
        assert ok
        read = laid_table(rules, reader.read(encoded.tobytes()))
        if read.text == "\n".join(lines) and not read.guessed:
            print(f"laid: seed {seed}, family {family}")
            return scene
    raise RuntimeError("no laid scene fits")


# Each fixture: how to find its scene (the table photo has none, only a background).
CHOICES: dict[str, Callable[[], Scene | None]] = {
    "spread.jpg": lambda: _first_scene(
        "spread", lambda s: _all_corners_show(s) and not _has_copies(s)
    ),
    "copies.jpg": lambda: _first_scene("spread", lambda s: _has_copies(s) and _all_corners_show(s)),
    "standard_spread.jpg": lambda: _first_scene(
        "spread", lambda s: _all_corners_show(s) and not _has_copies(s), deck="standard"
    ),
    "table.jpg": lambda: None,
    "faint.jpg": lambda: _first_scene("fan", _read_exactly_only_with_faint_peaks, size=FAINT_SIZE),
    "laid.jpg": _laid_read_exactly,
    "standard_laid.jpg": lambda: _laid_read_exactly(
        STANDARD_LAID, "standard", STANDARD_LAID_SEED
    ),
}


def _read_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.exists() else {}  # type: ignore[no-any-return]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=f"fixtures to write again, of {', '.join(CHOICES)} (default: all); the others and "
        "their labels stay as they are",
    )
    names = parser.parse_args(argv).names or list(CHOICES)
    unknown = sorted(set(names) - set(CHOICES))
    if unknown:
        parser.error(f"no fixture named {', '.join(unknown)}; choose from {', '.join(CHOICES)}")
    FIXTURES.mkdir(exist_ok=True)
    labels = _read_json(FIXTURES / "labels.json")
    # Partly hidden index boxes, where a reading counts neither way (bench/vision.py).
    ambiguous = _read_json(FIXTURES / "ambiguous.json")
    for name in names:
        scene = CHOICES[name]()
        if scene is None:
            image = make_background(np.random.default_rng(FIRST_SEED), SIZE)
            labels[name], ambiguous[name] = [], []
        else:
            image = scene.image
            labels[name] = [
                {"card": c.card, "indices": [[round(v, 1) for v in box] for box in c.indices]}
                for c in scene.cards
            ]
            ambiguous[name] = [[round(v, 1) for v in box] for box in scene.partial]
        cv2.imwrite(str(FIXTURES / name), image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
    (FIXTURES / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")
    (FIXTURES / "ambiguous.json").write_text(json.dumps(ambiguous, indent=1) + "\n")


if __name__ == "__main__":
    main()
