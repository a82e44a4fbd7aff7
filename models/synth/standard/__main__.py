"""``python -m models.synth.standard OUT.png``: every card of one sampled deck on one sheet."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

from ..edition import PLAIN, Edition, add_edition_arguments
from .deck import STANDARD_COUNTS
from .faces import STANDARD_FAMILIES, render_standard_face, restyled, sample_standard_style


def contact_sheet(
    family: str, seed: int, width: int, boxes: bool, edition: Edition = PLAIN
) -> np.ndarray:
    """All 53 faces of one edition in rows of 13 (suits C, D, H, S, then the joker), BGR."""
    style = sample_standard_style(np.random.default_rng(seed), family)
    style = restyled(style, seed, edition)  # as make_scene redraws an edition
    tiles = []
    for token in STANDARD_COUNTS:
        face = render_standard_face(token, style, width)
        tile = face.image[..., :3].copy()
        tile[face.image[..., 3] < 128] = (90, 90, 90)  # outside the rounded corners
        if boxes:
            for (x0, y0), _, (x1, y1), _ in face.indices:
                cv2.rectangle(tile, (round(x0), round(y0)), (round(x1), round(y1)), (0, 190, 0))
        tiles.append(cv2.copyMakeBorder(tile, 3, 3, 3, 3, cv2.BORDER_CONSTANT, value=(90, 90, 90)))
    blank = np.full_like(tiles[0], 90)
    tiles += [blank] * (-len(tiles) % 13)
    return np.vstack([np.hstack(tiles[i : i + 13]) for i in range(0, len(tiles), 13)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m models.synth.standard",
        description="Draw every card of one synthetic standard deck (2-10, J/Q/K, A in four "
        "suits, and its joker) on one image, to check how an edition looks.",
    )
    parser.add_argument("out", type=Path, help="image file to write (.png)")
    parser.add_argument(
        "--family", choices=STANDARD_FAMILIES, default="anglo", help="deck family (default anglo)"
    )
    parser.add_argument("--seed", type=int, default=0, help="which edition (default 0)")
    parser.add_argument("--width", type=int, default=120, help="card width in px (default 120)")
    parser.add_argument("--boxes", action="store_true", help="outline the labelled indices")
    add_edition_arguments(parser)  # as make_scene(edition=...) draws them
    args = parser.parse_args(argv)
    if not 16 <= args.width <= 1000:
        print(f"error: --width must be 16..1000, not {args.width}", file=sys.stderr)
        return 2
    sheet = contact_sheet(
        args.family,
        args.seed,
        args.width,
        args.boxes,
        Edition.from_args(args),
    )
    # Encoded by OpenCV, written by Python: cv2.imwrite crashed the process (a segmentation
    # fault) on a path that is not UTF-8.
    try:
        written, data = cv2.imencode(Path(args.out).suffix or ".png", sheet)
        if written:
            Path(args.out).write_bytes(data.tobytes())
    except (cv2.error, OSError):
        written = False
    if not written:
        print(
            f"error: could not write {args.out} (a .png path in an existing folder?)",
            file=sys.stderr,
        )
        return 1
    print(f"wrote {args.out}: the {args.family} deck of seed {args.seed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
