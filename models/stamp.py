"""Store the tuned decoding settings in a model file, so every caller decodes it the same way.

    python bench/vision.py --model F.onnx --tune            # prints the settings chosen by the rule
    python -m models.stamp F.onnx --threshold 0.6 --merge 4 --conflict 0.25 --agreement 0.05 \\
        --min-confidence 0.1 --how "bench/vision.py --tune --per-cell 5, seeds 0..59"

The runtime reads them back as a ``vision.model.Decoding`` (one metadata entry per field);
``decode_tuned`` records how they were chosen. Only synthetic validation scenes may choose
them, never the real photos in ../shared/realworld.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path

import onnx

from vision.model import Decoding


def stamp(model: onnx.ModelProto, decoding: Decoding, how: str) -> onnx.ModelProto:
    """``model`` with the decoding settings in its metadata (other keys unchanged).

    >>> m = onnx.helper.make_model(onnx.helper.make_graph([], "g", [], []))
    >>> settings = Decoding(0.6, 4, 0.25, reading_agreement=0.05)
    >>> meta = {p.key: p.value for p in stamp(m, settings, "test").metadata_props}
    >>> meta["threshold"], meta["merge_distance"], meta["reading_agreement"], meta["decode_tuned"]
    ('0.600', '4.000', '0.050', 'test')
    >>> Decoding.from_metadata(meta) == settings
    True
    """
    values = {**decoding.metadata(), "decode_tuned": how}
    kept = {p.key: p.value for p in model.metadata_props if p.key not in values}
    onnx.helper.set_model_props(model, {**kept, **values})
    return model


# The settings a stamp may leave out: flag, ``Decoding`` field (its default is the flag's),
# what it does.
OPTIONAL_SETTINGS: tuple[tuple[str, str, str], ...] = (
    ("--agreement", "reading_agreement",
     "merge sightings within the merge distance whose readings agree this much (a probability; "
     "0: never)"),
    ("--min-confidence", "min_confidence",
     "report no card read less surely than this (peak x token probability; 0: all)"),
    ("--neighbour-span", "neighbour_span",
     "two sightings of the same corner closer than this x their distance to the card centre "
     "are two cards (0: never)"),
    ("--centre-span", "centre_span",
     "read each card's centre numeral in a square this many index sizes wide, to settle "
     "between its two likeliest tokens (0: never)"),
    ("--read-views", "read_views",
     "average the crop reader over the first this many of vision.crops.READ_VIEWS"),
    ("--confirm-floor", "confirm_floor",
     "peaks from this up to the threshold count too when the crop reader confirms them "
     "(0: never)"),
    ("--confirm-reading", "confirm_reading",
     "the token probability that confirms a peak below the threshold"),
    ("--upright-crops", "upright_crops",
     "1: read each crop turned by quarter turns so its card centre lies below and right of its "
     "index, as on an upright card (0: crops as they lie)"),
    ("--copies-beside", "copies_beside",
     "1: two sightings of the same corner whose centre guesses lie apart as their indices do "
     "are two cards side by side, never merged (0: not asked)"),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.stamp", description=__doc__.split(
        "\n")[0])
    parser.add_argument("model", type=Path, help="ONNX file, rewritten in place")
    parser.add_argument("--threshold", type=float, required=True, help="heatmap peak threshold")
    parser.add_argument("--merge", type=float, required=True,
                        help="same-token merge distance, in index sizes")
    parser.add_argument("--conflict", type=float, required=True,
                        help="any-token merge distance, in index sizes (0: never)")
    defaults = {field.name: field.default for field in dataclasses.fields(Decoding)}
    for flag, name, help_text in OPTIONAL_SETTINGS:
        parser.add_argument(flag, dest=name, type=type(defaults[name]), default=defaults[name],
                            help=f"{help_text} (default %(default)s)")
    parser.add_argument("--how", required=True, help="how the settings were chosen (a command)")
    args = parser.parse_args(argv)
    if not args.model.is_file():
        print(f"error: no model file at {args.model}", file=sys.stderr)
        return 2
    try:
        decoding = Decoding(args.threshold, args.merge, args.conflict,
                            **{name: getattr(args, name) for _, name, _ in OPTIONAL_SETTINGS})
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    onnx.save(stamp(onnx.load(str(args.model)), decoding, args.how), str(args.model))
    print(f"{args.model}: {decoding}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
