"""Store the tuned decoding settings in a model file, so every caller decodes it the same way.

    python bench/vision.py --model F.onnx --tune            # prints the settings chosen by the rule
    python -m models.stamp F.onnx --threshold 0.6 --merge 4 --conflict 0.25 --agreement 0.05 \\
        --min-confidence 0.1 --how "bench/vision.py --tune --per-cell 5, seeds 0..59"

The runtime (``vision.model.read_info``) reads ``threshold``, ``merge_distance``,
``conflict_distance``, ``reading_agreement`` and ``min_confidence`` from the metadata;
``decode_tuned`` records how they were chosen. Only synthetic validation scenes may choose
them, never the real photos in ../shared/realworld.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import onnx

DECODE_KEYS = (
    "threshold", "merge_distance", "conflict_distance", "reading_agreement", "min_confidence",
    "decode_tuned",
)


def stamp(model: onnx.ModelProto, threshold: float, merge: float, conflict: float, how: str,
          agreement: float = 0.0, min_confidence: float = 0.0) -> onnx.ModelProto:
    """``model`` with the decoding settings in its metadata (other keys unchanged).

    >>> m = onnx.helper.make_model(onnx.helper.make_graph([], "g", [], []))
    >>> meta = {p.key: p.value for p in stamp(m, 0.6, 4, 0.25, "test", 0.05).metadata_props}
    >>> meta["threshold"], meta["merge_distance"], meta["conflict_distance"]
    ('0.60', '4.00', '0.25')
    >>> meta["reading_agreement"], meta["min_confidence"]
    ('0.050', '0.000')
    """
    if not 0.0 < threshold < 1.0:
        raise ValueError(f"the peak threshold must lie between 0 and 1, not {threshold}")
    if merge < 0 or conflict < 0:
        raise ValueError("merge distances are index sizes and cannot be negative")
    if not 0.0 <= agreement <= 1.0:
        raise ValueError(f"the reading agreement is a probability (0: off), not {agreement}")
    if not 0.0 <= min_confidence < 1.0:
        raise ValueError(f"the least confidence lies from 0 (off) to below 1, not {min_confidence}")
    values = {
        "threshold": f"{threshold:.2f}",
        "merge_distance": f"{merge:.2f}",
        "conflict_distance": f"{conflict:.2f}",
        "reading_agreement": f"{agreement:.3f}",
        "min_confidence": f"{min_confidence:.3f}",
        "decode_tuned": how,
    }
    kept = {p.key: p.value for p in model.metadata_props if p.key not in values}
    onnx.helper.set_model_props(model, {**kept, **values})
    return model


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.stamp", description=__doc__.split(
        "\n")[0])
    parser.add_argument("model", type=Path, help="ONNX file, rewritten in place")
    parser.add_argument("--threshold", type=float, required=True, help="heatmap peak threshold")
    parser.add_argument("--merge", type=float, required=True,
                        help="same-token merge distance, in index sizes")
    parser.add_argument("--conflict", type=float, required=True,
                        help="any-token merge distance, in index sizes (0: never)")
    parser.add_argument("--agreement", type=float, default=0.0,
                        help="merge sightings within the merge distance whose readings agree "
                             "this much (a probability; default 0: never)")
    parser.add_argument("--min-confidence", type=float, default=0.0,
                        help="report no card read less surely than this (peak x token "
                             "probability; default 0: all)")
    parser.add_argument("--how", required=True, help="how the settings were chosen (a command)")
    args = parser.parse_args(argv)
    if not args.model.is_file():
        print(f"error: no model file at {args.model}", file=sys.stderr)
        return 2
    try:
        model = stamp(onnx.load(str(args.model)), args.threshold, args.merge, args.conflict,
                      args.how, args.agreement, args.min_confidence)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    onnx.save(model, str(args.model))
    print(f"{args.model}: threshold {args.threshold}, merge {args.merge}, conflict "
          f"{args.conflict}, agreement {args.agreement}, min confidence {args.min_confidence}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
