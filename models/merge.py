"""Merge the corner-index detector and the index reader into ONE ONNX file, and split it again.

    python -m models.merge models/phase10.onnx runs/reader/reader.onnx --out merged.onnx
    python -m models.merge --check merged.onnx          # run both halves, print the timings
    python -m models.merge runs/det/det.onnx models/standard.onnx --replace-detector --out m.onnx
    python -m models.merge --average-readers models/standard.onnx b.onnx --out reader.onnx
    python -m models.merge --average-detectors models/standard.onnx b.onnx --out detector.onnx

The merged graph is the two graphs side by side: the detector's input ``image`` and its outputs
unchanged, plus the reader's input ``crops`` ``[N, 3, S, S]`` (N dynamic) and its outputs
``crop_rank`` ``[N, R]`` and ``crop_colour`` ``[N, C]`` (softmax probabilities). The detector's
metadata is kept and extended with the reader's (``crop_size``, ``crop_context``,
``crop_ranks``, ``crop_colours`` as JSON lists, ...).

Measured with onnxruntime 1.32 (``tests/models/test_reader.py`` checks the first point):
onnxruntime demands EVERY graph input on every call, and runs every node whatever outputs were
asked for. So a merged file alone costs a second detector pass when the crops are read. The
runtime should therefore either feed a ``1 x 3 x S x S`` zero crop (or ``0 x 3 x S x S``) with the
image and take the detector outputs, then call again with the crops (detector runs twice), or —
better — cut the file back into its two graphs once at load time with :func:`split` (needs the
``onnx`` package) and keep one session per half.

An averaged reader or detector (``--average-readers`` / ``--average-detectors``) is one graph
running several members on the same input, each output the mean of theirs: it has the plain
interface, so it merges, splits and reads like any other half.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import onnx
from onnx import ModelProto, compose, version_converter

from models.stamp import stamp
from vision.model import Decoding

#: The reader's interface, and the metadata keys the runtime needs from it.
READER_INPUT = "crops"
READER_OUTPUTS = ("crop_rank", "crop_colour")
DETECTOR_INPUT = "image"
CROP_KEYS = ("crop_size", "crop_context", "crop_ranks", "crop_colours")
#: Metadata that decides how crops are cut and read, and how a detector's outputs are read:
#: models averaged together must agree on it.
READING_KEYS = (*CROP_KEYS, "crop_input", "crop_upright", "deck")
DETECTING_KEYS = ("stride", "ranks", "colours", "index", "deck")
#: Internal tensor and node names of the reader get this prefix, so they cannot collide with the
#: detector's (both come from the same exporter, which names tensors "/features/0/Conv_output_0").
READER_PREFIX = "reader/"


class MergeError(ValueError):
    """The two files cannot be merged (wrong interface, metadata or operator set)."""


def merge(detector: ModelProto, reader: ModelProto) -> ModelProto:
    """One model computing both graphs; the detector's names and metadata unchanged."""
    _check_interface(detector, reader)
    reader = _same_opset(reader, _default_opset(detector))
    reader = _prefix_internal(reader, READER_PREFIX, keep={READER_INPUT, *READER_OUTPUTS})
    # The merged file carries the detector's IR version: the reader uses nothing newer than the
    # same exporter's detector graph does.
    reader.ir_version = detector.ir_version
    merged = compose.merge_models(
        detector,
        reader,
        io_map=[],
        name=detector.graph.name or "detector",
        producer_name=detector.producer_name,
        producer_version=detector.producer_version,
    )
    onnx.checker.check_model(merged)
    return merged


def average_readers(readers: Sequence[ModelProto]) -> ModelProto:
    """One reader whose outputs are the mean of the given readers' (softmax probabilities, so
    the mean is a distribution again): an ensemble that the runtime reads like any reader.

    It pays only where the members err on different crops; each costs its own forward pass.
    (Readers of one lineage barely do: session 38's pairs moved validation by +0.0002,
    models/HISTORY.md, "Averaged readers and detectors".) They must cut and read crops the same way
    (``READING_KEYS``); the first one's metadata is kept, with ``crop_trained`` and
    ``crop_validation`` listing every member's and ``crop_members`` their number."""
    for reader in readers:
        _check_reader(reader)
    return _averaged(readers, "reader", READER_INPUT, READING_KEYS, "crop_")


def average_detectors(detectors: Sequence[ModelProto]) -> ModelProto:
    """One detector whose every output (heatmap, sizes, offsets, centres, rank and colour
    probabilities: all after their activations) is the mean of the given detectors' — one
    input, the same outputs, so the runtime reads it like any detector. They must agree on
    what they detect and how (``DETECTING_KEYS``, the input shape and the output names); the
    first one's metadata (its decoding settings among it) is kept, with ``trained`` and
    ``validation`` listing every member's and ``members`` their number."""
    for detector in detectors:
        _check_one_input(detector, DETECTOR_INPUT, "detector")
    shapes = {_fixed_shape(d, DETECTOR_INPUT) for d in detectors}
    if len(shapes) > 1:
        raise MergeError(f"the detectors take inputs of different shapes: {sorted(shapes)}")
    return _averaged(detectors, "detector", DETECTOR_INPUT, DETECTING_KEYS, "")


def _averaged(models: Sequence[ModelProto], kind: str, input_name: str,
              agreed_keys: tuple[str, ...], meta_prefix: str) -> ModelProto:
    """The members side by side on one input, each output the ONNX ``Mean`` of theirs."""
    if len(models) < 2:
        raise MergeError(f"average at least two {kind}s")
    first = models[0]
    outputs = [o.name for o in first.graph.output]
    opset = _default_opset(first)
    members = []
    for number, model in enumerate(models):
        _same_metadata(first, model, number, kind, agreed_keys)
        if [o.name for o in model.graph.output] != outputs:
            raise MergeError(f"{kind} {number + 1} has the outputs "
                             f"{[o.name for o in model.graph.output]}, {kind} 1 {outputs}")
        model = _same_opset(model, opset)
        members.append(_prefix_internal(model, f"member{number}/", keep={input_name}))
    means = [onnx.helper.make_node("Mean", [f"member{n}/{output}" for n in range(len(members))],
                                   [output], name=f"mean_{output}")
             for output in outputs]
    graph = onnx.helper.make_graph(
        [node for member in members for node in member.graph.node] + means,
        f"averaged_{kind}",
        [next(i for i in first.graph.input if i.name == input_name)],
        list(first.graph.output),
        initializer=[init for member in members for init in member.graph.initializer],
        value_info=[value for member in members for value in member.graph.value_info],
    )
    averaged = onnx.helper.make_model(graph, opset_imports=list(first.opset_import),
                                      producer_name="models.merge --average")
    averaged.ir_version = max(model.ir_version for model in models)
    metas = [{p.key: p.value for p in model.metadata_props} for model in models]
    kept = dict(metas[0])
    kept[f"{meta_prefix}members"] = str(len(models))
    kept[f"{meta_prefix}trained"] = f"mean of {len(models)} {kind}s' outputs: " + " || ".join(
        meta.get(f"{meta_prefix}trained", "?") for meta in metas)
    kept[f"{meta_prefix}validation"] = json.dumps(
        [json.loads(meta[f"{meta_prefix}validation"])
         if f"{meta_prefix}validation" in meta else None for meta in metas])
    onnx.helper.set_model_props(averaged, kept)
    onnx.checker.check_model(averaged)
    return averaged


def split(merged: ModelProto) -> tuple[ModelProto, ModelProto]:
    """The detector and the reader as two models again (metadata on both), so that each call
    runs only its own half. Only input/output names are needed, not how the file was made."""
    _require_merged(merged)
    detector_outputs = [o.name for o in merged.graph.output if o.name not in READER_OUTPUTS]
    halves = (
        onnx.utils.Extractor(merged).extract_model([DETECTOR_INPUT], detector_outputs),
        onnx.utils.Extractor(merged).extract_model([READER_INPUT], list(READER_OUTPUTS)),
    )
    for half in halves:
        half.ir_version = merged.ir_version
        del half.opset_import[:]
        half.opset_import.extend(merged.opset_import)
        onnx.helper.set_model_props(half, {p.key: p.value for p in merged.metadata_props})
    return halves


def detector_half(merged: ModelProto) -> ModelProto:
    """The detector of a merged file, with the reader's metadata (``crop_*``) dropped, so a
    newly trained reader can replace the old one without re-exporting the detector."""
    detector, _ = split(merged)
    kept = {p.key: p.value for p in detector.metadata_props if not p.key.startswith("crop_")}
    del detector.metadata_props[:]
    onnx.helper.set_model_props(detector, kept)
    return detector


def reader_half(merged: ModelProto) -> ModelProto:
    """The reader of a merged file with only the metadata a reader's own export carries
    (``crop_*`` and ``deck``), so a newly trained detector can replace the old one."""
    _, reader = split(merged)
    kept = {p.key: p.value for p in reader.metadata_props
            if p.key.startswith("crop_") or p.key == "deck"}
    del reader.metadata_props[:]
    onnx.helper.set_model_props(reader, kept)
    return reader


def merge_files(detector_path: Path, reader_path: Path, out: Path,
                replace_reader: bool = False, replace_detector: bool = False) -> Path:
    """Merge two files; ``replace_reader``: the detector file is a merged one whose reader is
    swapped out, its decoding settings kept (``detector_half`` keeps all but ``crop_*``);
    ``replace_detector``: the reader file is a merged one whose detector is swapped
    out, its decoding settings kept."""
    if replace_reader and replace_detector:
        raise MergeError("swap the reader or the detector, not both")
    detector = load_onnx(detector_path, "detector")
    reader = load_onnx(reader_path, "reader")
    if replace_reader:
        detector = detector_half(detector)
    kept_decoding = _stamped_decoding(reader) if replace_detector else None
    if replace_detector:
        reader = reader_half(reader)
    merged = merge(detector, reader)
    if kept_decoding is not None:
        # A detector's own export states the peak threshold of its validation, which would
        # otherwise stand in for the one tuned for the merged file.
        merged = stamp(merged, *kept_decoding)
    out.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(merged, str(out))
    return out


def check(path: Path, repeats: int = 10) -> dict[str, Any]:
    """Run the merged file through onnxruntime: detector outputs (zero crop fed), crop outputs
    for 12 crops (zero image fed), and the same two from the split halves; median ms each."""
    import onnxruntime as ort

    model = load_onnx(path, "merged model")
    _require_merged(model)
    meta = {p.key: p.value for p in model.metadata_props}
    size = int(meta["crop_size"])
    image_shape = _fixed_shape(model, DETECTOR_INPUT)
    image = np.random.default_rng(0).random(image_shape, dtype=np.float32)
    crops = np.random.default_rng(1).random((12, 3, size, size), dtype=np.float32)
    zero_crop = np.zeros((1, 3, size, size), np.float32)
    detector_outputs = [o.name for o in model.graph.output if o.name not in READER_OUTPUTS]
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    merged = ort.InferenceSession(model.SerializeToString(), options,
                                  providers=["CPUExecutionProvider"])
    halves = [ort.InferenceSession(h.SerializeToString(), options,
                                   providers=["CPUExecutionProvider"]) for h in split(model)]
    detector_feed = {DETECTOR_INPUT: image, READER_INPUT: zero_crop}
    crop_feed = {DETECTOR_INPUT: np.zeros_like(image), READER_INPUT: crops}
    runs: dict[str, Callable[[], object]] = {
        "merged_detector_ms": lambda: merged.run(detector_outputs, detector_feed),
        "merged_crops_ms": lambda: merged.run(list(READER_OUTPUTS), crop_feed),
        "split_detector_ms": lambda: halves[0].run(detector_outputs, {DETECTOR_INPUT: image}),
        "split_crops_ms": lambda: halves[1].run(list(READER_OUTPUTS), {READER_INPUT: crops}),
    }
    report: dict[str, Any] = {"inputs": [i.name for i in merged.get_inputs()],
                              "outputs": [o.name for o in merged.get_outputs()],
                              "crop_size": size, "crop_context": float(meta["crop_context"])}
    for name, call in runs.items():
        times = []
        for _ in range(repeats):
            t = time.perf_counter()
            call()
            times.append(time.perf_counter() - t)
        report[name] = round(1000 * float(np.median(times)), 2)
    probs = halves[1].run(list(READER_OUTPUTS), {READER_INPUT: crops})
    same = merged.run(list(READER_OUTPUTS), crop_feed)
    report["split_equals_merged"] = all(
        np.allclose(a, b, atol=1e-5) for a, b in zip(probs, same, strict=True))
    return report


# --------------------------------------------------------------------------------------------


def _stamped_decoding(merged: ModelProto) -> tuple[Decoding, str] | None:
    """The decoding settings stamped in a merged file, and how they were chosen (None: never
    stamped)."""
    _require_merged(merged)
    meta = {p.key: p.value for p in merged.metadata_props}
    if "decode_tuned" not in meta:
        return None
    return Decoding.from_metadata(meta), meta["decode_tuned"]


def load_onnx(path: Path, what: str) -> ModelProto:
    """The ONNX file at ``path``, or a ``MergeError`` that names ``what`` was missing or broken
    (also used by ``models.recover``)."""
    if not path.is_file():
        raise MergeError(f"no {what} file at {path}")
    try:
        return onnx.load(str(path))
    except Exception as error:  # protobuf raises its own DecodeError and others
        raise MergeError(f"{path} is not an ONNX file ({error})") from error


def _half_of(path: Path, kind: str) -> ModelProto:
    """The ``kind`` ("reader" or "detector") in its own file or in a merged file (a detector
    keeps the merged file's decoding settings)."""
    model = load_onnx(path, kind)
    if not {DETECTOR_INPUT, READER_INPUT} <= {i.name for i in model.graph.input}:
        return model  # not a merged file
    return reader_half(model) if kind == "reader" else detector_half(model)


def _require_merged(model: ModelProto) -> None:
    names = {o.name for o in model.graph.output} | {i.name for i in model.graph.input}
    missing = {DETECTOR_INPUT, READER_INPUT, *READER_OUTPUTS} - names
    missing |= {k for k in CROP_KEYS if k not in {p.key for p in model.metadata_props}}
    if missing:
        raise MergeError(f"not a merged detector + reader file: no {', '.join(sorted(missing))}")


def _check_interface(detector: ModelProto, reader: ModelProto) -> None:
    det_names = {o.name for o in detector.graph.output} | {i.name for i in detector.graph.input}
    det_meta = {p.key for p in detector.metadata_props}
    if det_names & {READER_INPUT, *READER_OUTPUTS} or det_meta & set(CROP_KEYS):
        raise MergeError("the detector file already holds a reader (crop outputs or metadata)")
    _check_one_input(detector, DETECTOR_INPUT, "detector")
    _check_reader(reader)
    rdr_meta = {p.key: p.value for p in reader.metadata_props}
    # Readers name their deck since models learnt standard cards; older ones read Phase 10 cards
    # like every detector of their time, so only two stated decks can disagree.
    det_deck = next((p.value for p in detector.metadata_props if p.key == "deck"), None)
    rdr_deck = rdr_meta.get("deck")
    if det_deck is not None and rdr_deck is not None and det_deck != rdr_deck:
        raise MergeError(f"the detector reads {det_deck} cards but the reader {rdr_deck} cards")


def _check_one_input(model: ModelProto, name: str, what: str) -> None:
    inputs = [i.name for i in model.graph.input if not _is_initializer(model, i.name)]
    if inputs != [name]:
        raise MergeError(f"the {what} must have the one input {name!r}, not {inputs}")


def _check_reader(reader: ModelProto) -> None:
    _check_one_input(reader, READER_INPUT, "reader")
    rdr_outputs = tuple(o.name for o in reader.graph.output)
    if rdr_outputs != READER_OUTPUTS:
        raise MergeError(f"the reader's outputs must be {list(READER_OUTPUTS)}, not "
                         f"{list(rdr_outputs)}")
    rdr_meta = {p.key: p.value for p in reader.metadata_props}
    absent = [k for k in CROP_KEYS if k not in rdr_meta]
    if absent:
        raise MergeError(f"the reader's metadata lacks {', '.join(absent)}")
    for key in ("crop_ranks", "crop_colours"):
        labels = json.loads(rdr_meta[key])
        if not isinstance(labels, list) or not labels:
            raise MergeError(f"the reader's {key} must be a JSON list, not {rdr_meta[key]!r}")


def _same_metadata(first: ModelProto, other: ModelProto, number: int, kind: str,
                   keys: tuple[str, ...]) -> None:
    metas = [{p.key: p.value for p in m.metadata_props} for m in (first, other)]
    differing = [key for key in keys if metas[0].get(key) != metas[1].get(key)]
    if differing:
        raise MergeError(f"{kind} {number + 1} reads its input otherwise than {kind} 1: "
                         f"{', '.join(differing)} {'differs' if len(differing) == 1 else 'differ'}")


def _is_initializer(model: ModelProto, name: str) -> bool:
    return any(init.name == name for init in model.graph.initializer)


def _default_opset(model: ModelProto) -> int:
    return int(next(o.version for o in model.opset_import if o.domain in ("", "ai.onnx")))


def _same_opset(reader: ModelProto, opset: int) -> ModelProto:
    if _default_opset(reader) == opset:
        return reader
    try:
        return version_converter.convert_version(reader, opset)
    except Exception as error:  # the converter raises plain RuntimeErrors with C++ messages
        raise MergeError(f"cannot bring the reader from opset {_default_opset(reader)} to the "
                         f"detector's opset {opset}: {error}") from error


def _prefix_internal(model: ModelProto, prefix: str, keep: set[str]) -> ModelProto:
    """A copy with every tensor, initializer and node name prefixed, except those in ``keep``."""
    out = ModelProto()
    out.CopyFrom(model)
    graph = out.graph

    def renamed(name: str) -> str:
        return name if not name or name in keep else prefix + name

    for node in graph.node:
        node.name = renamed(node.name) if node.name else node.name
        node.input[:] = [renamed(n) for n in node.input]
        node.output[:] = [renamed(n) for n in node.output]
    for collection in (graph.input, graph.output, graph.value_info):
        for value in collection:
            value.name = renamed(value.name)
    for init in graph.initializer:
        init.name = renamed(init.name)
    return out


def _fixed_shape(model: ModelProto, name: str) -> tuple[int, ...]:
    value = next(i for i in model.graph.input if i.name == name)
    dims = value.type.tensor_type.shape.dim
    return tuple(d.dim_value if d.dim_value > 0 else 1 for d in dims)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m models.merge",
        description="Merge a detector ONNX and a reader ONNX into one file, average several "
                    "readers or detectors into one, or --check a merged file.")
    parser.add_argument("detector", type=Path, nargs="?", help="detector ONNX (input 'image')")
    parser.add_argument("reader", type=Path, nargs="?", help="reader ONNX (input 'crops')")
    parser.add_argument("--out", type=Path, help="where to write the merged file")
    parser.add_argument("--replace-reader", action="store_true",
                        help="DETECTOR is a merged file: keep its detector and its decoding "
                             "settings, swap in READER")
    parser.add_argument("--replace-detector", action="store_true",
                        help="READER is a merged file: keep its reader and its decoding "
                             "settings, swap in DETECTOR")
    parser.add_argument("--average-readers", type=Path, nargs="+", metavar="READER",
                        help="write to --out one reader whose outputs are the mean of these "
                             "readers' (each a reader file or a merged file's reader half)")
    parser.add_argument("--average-detectors", type=Path, nargs="+", metavar="DETECTOR",
                        help="write to --out one detector whose outputs are the mean of these "
                             "detectors' (each a detector file or a merged file's detector "
                             "half, the first one's decoding settings kept)")
    parser.add_argument("--check", type=Path, metavar="MERGED",
                        help="run MERGED with onnxruntime and print the timings as JSON")
    args = parser.parse_args(argv)
    try:
        if args.check is not None:
            print(json.dumps(check(args.check), indent=1))
            return 0
        for paths, kind, average in (
                (args.average_readers, "reader", average_readers),
                (args.average_detectors, "detector", average_detectors)):
            if paths is None:
                continue
            if args.out is None:
                parser.error(f"give --average-{kind}s FILE FILE... --out FILE")
            averaged = average([_half_of(path, kind) for path in paths])
            args.out.parent.mkdir(parents=True, exist_ok=True)
            onnx.save(averaged, str(args.out))
            print(f"{args.out}: mean of {len(paths)} {kind}s")
            return 0
        if args.detector is None or args.reader is None or args.out is None:
            parser.error("give DETECTOR READER --out MERGED, or --check MERGED")
        out = merge_files(args.detector, args.reader, args.out, args.replace_reader,
                          args.replace_detector)
        print(json.dumps(check(out), indent=1))
        return 0
    except MergeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
