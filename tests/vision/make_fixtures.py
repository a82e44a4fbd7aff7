"""Renders the reader's test photos with our own renderer (never real photos).

    .venv/bin/python -m tests.vision.make_fixtures

Writes fixtures/spread.jpg, copies.jpg, standard_spread.jpg (standard playing cards), table.jpg
and labels.json (the true cards of each). The
scenes are the first of a fixed seed range that fit each test's purpose; seeds 900_000.. are
neither training (>= 1_000_000), validation (0..999) nor benchmark (500_000..) scenes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from models.synth import FAMILIES, STANDARD_FAMILIES, Scene, make_scene
from models.synth.backgrounds import make_background

FIXTURES = Path(__file__).parent / "fixtures"
FIRST_SEED = 900_000
SIZE = (640, 480)
QUALITY = 90
MIN_INDEX_PX = 20  # a generous, clean photo: index boxes at least this wide


def _first_scene(layout: str, wanted: Callable[[Scene], bool], deck: str = "phase10") -> Scene:
    families = STANDARD_FAMILIES if deck == "standard" else FAMILIES
    for seed in range(FIRST_SEED, FIRST_SEED + 1000):
        family = families[seed % len(families)]
        scene = make_scene(
            seed, layout=layout, family=family, size=SIZE, distractors=False, deck=deck
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


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    labels: dict[str, list[dict[str, object]]] = {}
    scenes = {
        "spread.jpg": _first_scene("spread", lambda s: _all_corners_show(s) and not _has_copies(s)),
        "copies.jpg": _first_scene("spread", lambda s: _has_copies(s) and _all_corners_show(s)),
        "standard_spread.jpg": _first_scene(
            "spread", lambda s: _all_corners_show(s) and not _has_copies(s), deck="standard"
        ),
    }
    for name, scene in scenes.items():
        cv2.imwrite(str(FIXTURES / name), scene.image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
        labels[name] = [
            {"card": c.card, "indices": [[round(v, 1) for v in box] for box in c.indices]}
            for c in scene.cards
        ]
    table = make_background(np.random.default_rng(FIRST_SEED), SIZE)
    cv2.imwrite(str(FIXTURES / "table.jpg"), table, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
    labels["table.jpg"] = []
    (FIXTURES / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")


if __name__ == "__main__":
    main()
