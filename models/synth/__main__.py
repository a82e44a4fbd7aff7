"""``python -m models.synth OUT_DIR``: write sample scenes and their labels for inspection."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from .edition import PLAIN, Edition, add_edition_arguments
from .faces import FAMILIES
from .layouts import SCENE_LAYOUTS
from .preview import draw_labels, scene_to_json
from .scene import DECKS, MAX_CARDS, make_scene
from .standard import STANDARD_FAMILIES


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1024x768, not {text!r}") from None
    if min(width, height) < 64:
        raise argparse.ArgumentTypeError(f"size must be at least 64x64, not {text!r}")
    return width, height


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m models.synth",
        description="Synthesize labelled photos of Phase 10 hands (training data for the "
        "card-index detector). Writes scene_NNNNN.png files and labels.json to OUT_DIR. "
        "--deck standard draws hands of ordinary playing cards (AS, 10H, X) instead.",
    )
    parser.add_argument("out_dir", type=Path, help="folder to write into (created if missing)")
    parser.add_argument("-n", "--count", type=int, default=8, help="number of scenes (default 8)")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the first scene; scene i uses seed + i (default 0)",
    )
    parser.add_argument(
        "--layout",
        choices=SCENE_LAYOUTS,
        help="fix the layout (default: a random hand layout; closeup, table, deal and loose only "
        "when asked for)",
    )
    parser.add_argument(
        "--deck", choices=DECKS, default="phase10", help="kind of deck (default phase10)"
    )
    parser.add_argument(
        "--family",
        choices=FAMILIES + STANDARD_FAMILIES,
        help=f"fix the face family (default: random); phase10: {', '.join(FAMILIES)}; "
        f"standard: {', '.join(STANDARD_FAMILIES)}",
    )
    parser.add_argument(
        "--size", type=_size, default=(1024, 768), help="WIDTHxHEIGHT (default 1024x768)"
    )
    parser.add_argument("--cards", type=int, help="cards per hand (default: random 8..11)")
    parser.add_argument("--no-distractors", action="store_true", help="no card backs")
    parser.add_argument(
        "--harsh-light",
        action="store_true",
        help="add hard-edged shadows and a bright streak (a phone photo under one lamp)",
    )
    parser.add_argument(
        "--phone-look",
        action="store_true",
        help="add a phone camera's own processing: noise reduction, sharpening halos, colour "
        "fringes, a contrast curve",
    )
    add_edition_arguments(parser, tail=" (standard deck)")
    parser.add_argument(
        "--draw",
        action="store_true",
        help="also write scene_NNNNN_labels.png with the labels drawn on top",
    )
    parser.add_argument("--time", action="store_true", help="print the mean time per scene")
    return parser


def _write_png(path: Path, image: np.ndarray) -> bool:
    """Encoded by OpenCV, written by Python: cv2.imwrite crashed the process (a segmentation
    fault) on a folder whose name is not UTF-8."""
    encoded, data = cv2.imencode(".png", image)
    if not encoded:
        return False
    try:
        path.write_bytes(data.tobytes())
    except OSError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.count < 1:
        print("error: --count must be at least 1", file=sys.stderr)
        return 2
    if args.deck != "standard" and Edition.from_args(args) != PLAIN:
        # Silently drawing plain Phase 10 faces would pass for what was asked.
        print("error: the edition flags (--swash-q, --narrow, ...) draw standard cards: add "
              "--deck standard", file=sys.stderr)
        return 2
    if args.cards is not None and not 1 <= args.cards <= MAX_CARDS:
        print(f"error: --cards must be 1 to {MAX_CARDS}, not {args.cards}", file=sys.stderr)
        return 2
    try:
        args.out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"error: cannot create {args.out_dir}: {error.strerror}", file=sys.stderr)
        return 2
    records = []
    elapsed = 0.0
    for i in range(args.count):
        start = time.perf_counter()
        try:
            scene = make_scene(
                args.seed + i,
                layout=args.layout,
                family=args.family,
                size=args.size,
                n_cards=args.cards,
                distractors=not args.no_distractors,
                deck=args.deck,
                harsh_light=args.harsh_light,
                edition=Edition.from_args(args),
                phone_look=args.phone_look,
            )
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        elapsed += time.perf_counter() - start
        name = f"scene_{args.seed + i:05d}.png"
        outputs = [(name, scene.image)]
        if args.draw:
            outputs.append((name.replace(".png", "_labels.png"), draw_labels(scene)))
        for file_name, image in outputs:
            if not _write_png(args.out_dir / file_name, image):
                print(f"error: could not write {args.out_dir / file_name}", file=sys.stderr)
                return 1
        records.append({"seed": args.seed + i, "deck": scene.deck, **scene_to_json(scene, name)})
    (args.out_dir / "labels.json").write_text(json.dumps(records, indent=1))
    scenes = "1 scene" if args.count == 1 else f"{args.count} scenes"
    print(f"wrote {scenes} and labels.json to {args.out_dir}")
    if args.time:
        print(
            f"mean make_scene time: {elapsed / args.count * 1000:.1f} ms "
            f"at {args.size[0]}x{args.size[1]}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
