"""``python -m models [MODEL]``: print what an exported detector promises (no torch needed).

Shows the input size, the outputs with their shapes and the metadata (labels, stride, how and
when it was trained), so a model file can be checked against Contract 2 without the runtime.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from models import DEFAULT_MODEL


def describe(path: Path) -> dict[str, Any]:
    """Inputs, outputs and metadata of the ONNX file at ``path``."""
    import onnxruntime as ort

    # Bytes, not the path: onnxruntime takes a path only as UTF-8 text.
    session = ort.InferenceSession(path.read_bytes(), providers=["CPUExecutionProvider"])
    meta = session.get_modelmeta().custom_metadata_map
    return {
        "model": str(path),
        "bytes": path.stat().st_size,
        "inputs": {i.name: {"shape": i.shape, "type": i.type} for i in session.get_inputs()},
        "outputs": {o.name: o.shape for o in session.get_outputs()},
        "metadata": dict(sorted(meta.items())),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m models",
        description="Describe a committed card-reader file (detector and crop reader: inputs, "
        "outputs, metadata) as JSON. "
        "Training: python -m models.train --help; data: python -m models.synth --help.")
    parser.add_argument("model", nargs="?", type=Path, default=DEFAULT_MODEL,
                        help=f"ONNX file (default: {DEFAULT_MODEL.name} next to this package)")
    args = parser.parse_args(argv)
    if not args.model.is_file():
        print(f"error: no model file at {args.model}", file=sys.stderr)
        return 2
    try:
        info = describe(args.model)
    except Exception as error:  # onnxruntime raises its own types for corrupt/foreign files
        print(f"error: {args.model} is not a loadable ONNX model: {error}", file=sys.stderr)
        return 2
    print(json.dumps(info, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
