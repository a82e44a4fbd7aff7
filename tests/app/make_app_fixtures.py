"""Renders the app's test photo with our own renderer (never a real photo).

    .venv/bin/python tests/app/make_app_fixtures.py

Writes fixtures/hand11.jpg (an 11-card spread, phone-sized, the hand after the draw) and
fixtures/labels.json (its true cards). Seeds 910_000.. belong to no training, validation or
benchmark range (see tests/vision/make_fixtures.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from models.synth import make_scene  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"
SEED = 910_000
SIZE = (1280, 960)
QUALITY = 88


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    scene = make_scene(SEED, layout="spread", family="mattel", size=SIZE, n_cards=11,
                       distractors=False)
    cv2.imwrite(str(FIXTURES / "hand11.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
    labels = {"hand11.jpg": sorted(card.card for card in scene.cards)}
    (FIXTURES / "labels.json").write_text(json.dumps(labels, indent=1) + "\n")
    print(labels)


if __name__ == "__main__":
    main()
