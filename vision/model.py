"""The card model: which file serves which deck, and what its metadata says (models/README.md).

Labels, stride and input size all come from the ONNX file, so a standard-deck model can reuse the
whole runtime by adding one ``DeckSpec`` row.
"""

from __future__ import annotations

import dataclasses
import json
import numbers
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import onnxruntime as ort

from solver import NotationError, parse_card
from vision.crops import READ_VIEWS
from vision.errors import ModelError

MODELS_DIR: Final = Path(__file__).resolve().parent.parent / "models"
NO_COLOUR: Final = "-"  # the colour label of cards that have none (Wild, Skip, joker)
NO_INDEX: Final = "-"  # the crop reader's rank label for "this box holds no index at all"
CROP_INPUT: Final = "crops"
CROP_OUTPUTS: Final = ("crop_rank", "crop_colour")
OUTPUTS: Final = ("heatmap", "size", "offset", "centre", "rank", "colour")
THREADS_VARIABLE: Final = "PHASELENS_THREADS"
DEFAULT_THREADS: Final = 2


@dataclass(frozen=True)
class Decoding:
    """How found corner indices become cards (``vision.find`` and ``vision.dedupe``): chosen on
    synthetic validation scenes only (``python bench/vision.py --tune``), stored in the model
    file (``python -m models.stamp``), overridable per ``Reader`` (``DecodeParams``).

    The defaults serve a file that states none of them: files from before a setting existed
    decode as they did then (no reading agreement, no least confidence).

    >>> stored = Decoding.from_metadata({"threshold": "0.55", "merge_distance": "3.00"})
    >>> stored.threshold, stored.merge_distance, stored.min_confidence
    (0.55, 3.0, 0.0)
    >>> Decoding(min_confidence=0.3).metadata()["min_confidence"]
    '0.300'
    >>> Decoding(reading_agreement=1.5)
    Traceback (most recent call last):
    ValueError: reading_agreement is a probability from 0 (off) to 1, not 1.5
    """

    threshold: float = 0.3  # heatmap peak that counts as an index
    merge_distance: float = 4.0  # same-token card centres this many index sizes apart: one card
    conflict_distance: float = 0.0  # ... any tokens this near (0: never)
    # ... or within the merge distance when their readings agree this much (0: never).
    reading_agreement: float = 0.0
    min_confidence: float = 0.0  # cards read less surely (peak x token probability) are left out
    # Sightings of the same corner whose indices lie closer than this x their distance to the
    # card centre are two neighbouring cards, however near their centres (0: never asked).
    neighbour_span: float = 0.0
    # A card's centre numeral is read in a square this many index sizes wide and may settle
    # between the two likeliest tokens of its corners (0: not read).
    centre_span: float = 0.0
    # The crop reader's readings of a box are averaged over the first this many of
    # ``vision.crops.READ_VIEWS`` (six: all there were before session 16).
    read_views: int = 6
    # Peaks from ``confirm_floor`` up to ``threshold`` count as indices too when the crop reader
    # gives their token at least ``confirm_reading`` (0: only ``threshold`` counts). A card
    # mostly hidden in a row or a fan leaves a faint peak that the reader still reads surely.
    confirm_floor: float = 0.0
    confirm_reading: float = 0.0
    # 1: each crop is read turned by quarter turns so that its card centre (the detector's)
    # lies below and right of its index, as on an upright card (``vision.crops.upright_turns``):
    # the reader, which learnt mostly upright cards, then reads cards lying sideways or upside
    # down as well. 0: crops as they lie in the photo.
    upright_crops: int = 0
    # 1: two sightings of the same corner whose centre guesses lie apart as their indices do are
    # two cards laid side by side, never merged (``vision.dedupe._shifted_copy``): copies of a
    # card a strip apart in a laid set or a sorted hand of playing cards, whose jumbo indices
    # guess centres within the merge distance of each other. 0: not asked (Phase 10 close-ups
    # read a card twice with it: a corner guessing astray looks like such a copy).
    copies_beside: int = 0

    def __post_init__(self) -> None:
        if not 0.0 < self.threshold < 1.0:
            raise ValueError(f"threshold is a heatmap peak between 0 and 1, not {self.threshold}")
        if not 0.0 <= self.confirm_floor < self.threshold:
            raise ValueError(
                "confirm_floor is a heatmap peak from 0 (off) up to the threshold "
                f"{self.threshold}, not {self.confirm_floor}"
            )
        for name in ("merge_distance", "conflict_distance", "centre_span"):
            if not getattr(self, name) >= 0.0:
                raise ValueError(f"{name} counts index sizes, 0 or more, not {getattr(self, name)}")
        if not self.neighbour_span >= 0.0:
            raise ValueError(
                "neighbour_span is a share of the index-to-centre distance, 0 (off) or more, "
                f"not {self.neighbour_span}"
            )
        for name in ("reading_agreement", "min_confidence", "confirm_reading"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(
                    f"{name} is a probability from 0 (off) to 1, not {getattr(self, name)}"
                )
        # 6.0 is "in" range(1, 12) and 1.0 "in" (0, 1), yet a float count cannot slice the
        # views and is stored as "6.0", which from_metadata refuses: whole numbers by type.
        for name in ("upright_crops", "copies_beside"):
            if not _is_whole(getattr(self, name)) or getattr(self, name) not in (0, 1):
                raise ValueError(f"{name} is 0 (off) or 1 (on), not {getattr(self, name)!r}")
        if not _is_whole(self.read_views) or self.read_views not in range(
            1, len(READ_VIEWS) + 1
        ):
            raise ValueError(
                f"read_views counts crop views, 1 to {len(READ_VIEWS)}, not {self.read_views!r}"
            )

    @property
    def peak_floor(self) -> float:
        """The lowest heatmap peak read at all: ``confirm_floor`` when set, else ``threshold``.

        >>> Decoding(threshold=0.5).peak_floor, Decoding(0.5, confirm_floor=0.3).peak_floor
        (0.5, 0.3)
        """
        return self.confirm_floor if self.confirm_floor > 0 else self.threshold

    def metadata(self) -> dict[str, str]:
        """The model-file metadata entries (one per field, under the field's name)."""
        return {
            field.name: (
                str(getattr(self, field.name))
                if _is_count(field)
                else f"{getattr(self, field.name):.3f}"
            )
            for field in dataclasses.fields(self)
        }

    @classmethod
    def from_metadata(cls, meta: Mapping[str, str]) -> Decoding:
        """The settings ``meta`` states, the defaults for the rest; a ValueError names a bad one.

        >>> Decoding.from_metadata({"read_views": "11"}).read_views
        11
        >>> Decoding.from_metadata({"read_views": "2.5"})
        Traceback (most recent call last):
        ValueError: read_views must be a whole number, not '2.5'
        """
        stated: dict[str, float | int] = {}
        for field in dataclasses.fields(cls):
            if field.name in meta:
                text = meta[field.name]
                whole = _is_count(field)
                try:
                    stated[field.name] = int(text) if whole else float(text)
                except ValueError:
                    kind = "a whole number" if whole else "a number"
                    raise ValueError(f"{field.name} must be {kind}, not {text!r}") from None
        return cls(**stated)  # type: ignore[arg-type]


def _is_whole(value: object) -> bool:
    """Whether ``value`` is an integer (numpy's too), not a bool or a float."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_count(field: dataclasses.Field[object]) -> bool:
    """Whether a ``Decoding`` field holds a whole number (the annotations are strings here)."""
    return field.type == "int"


@dataclass(frozen=True)
class DeckSpec:
    """How one deck's model is found and how its labels become card tokens (INTERFACES.md)."""

    name: str
    model_file: str  # inside models/
    colour_first: bool  # Phase 10 writes "R7" (colour, rank); standard decks "7H" (rank, suit)
    colourless_ranks: frozenset[str]  # ranks whose token is the rank alone
    # Copies of a face in one game's deck (RULES.md): 2 of every face unless listed here (the
    # listed ones beside those 2; a deck of other copies holds them in proportion).
    special_copies: tuple[tuple[str, int], ...] = ()
    # The refusal's code (``GREY_REFUSALS``) for a photo without colour, where colour
    # tells these cards apart: a red 7 from a blue 7, and also hearts and diamonds from spades
    # and clubs, whose shapes differ but the standard model reads every red suit of a
    # black-and-white photo as a black one, some surely (odd-inputs audit, session 63).
    grey_refusal: str | None = None

    def copies(self, token: str, face_copies: int = 2) -> int:
        """How many cards showing ``token`` a game's deck holds when it has ``face_copies`` of
        each face (RULES.md: 2, or a classic game's number of 52-card decks); Wilds, Skips and
        jokers come in proportion (classic: two jokers per deck).

        >>> DECKS["phase10"].copies("W"), DECKS["phase10"].copies("R7")
        (8, 2)
        >>> DECKS["standard"].copies("X", face_copies=1), DECKS["standard"].copies("QH", 3)
        (2, 3)
        """
        special = dict(self.special_copies).get(token)
        return face_copies if special is None else special * face_copies // 2

    def token(self, rank: str, colour: str) -> str:
        if colour == NO_COLOUR:
            return rank
        return colour + rank if self.colour_first else rank + colour

    def token_table(
        self, ranks: tuple[str, ...], colours: tuple[str, ...]
    ) -> tuple[tuple[int, int, str], ...]:
        """Every valid (rank index, colour index, token) of these label lists: coloured ranks
        never pair with "-", colourless ones only with it; the rank "-" (no index) makes none."""
        return tuple(
            (r, c, self.token(rank, colour))
            for r, rank in enumerate(ranks)
            for c, colour in enumerate(colours)
            if rank != NO_INDEX and (colour == NO_COLOUR) == (rank in self.colourless_ranks)
        )


#: What a photo without colour is told, by the deck's ``grey_refusal`` (the page words each
#: code in the player's language, ``ui/strings.py``).
GREY_REFUSALS: Final = {
    "image_grey": "the photo has no colours, and Phase 10 cards are told apart by their "
                  "colour: take it in colour",
    "image_grey_suits": "the photo has no colours, and hearts and diamonds are told from "
                        "spades and clubs by their colour: take it in colour",
}

DECKS: Final = {
    "phase10": DeckSpec(
        "phase10", "phase10.onnx", True, frozenset({"W", "S"}), (("W", 8), ("S", 4)),
        grey_refusal="image_grey",
    ),
    "standard": DeckSpec(
        "standard", "standard.onnx", False, frozenset({"X"}), (("X", 4),),
        grey_refusal="image_grey_suits",
    ),
}


@dataclass(frozen=True)
class CropSpec:
    """The optional second stage: a reader that names each found index from a square crop of
    the photo (``vision.crops.extract_crops``), and can reject it as no index at all."""

    size: int
    context: float
    ranks: tuple[str, ...]  # with NO_INDEX
    colours: tuple[str, ...]
    # Trained on upright crops alone (``models.reader --upright``, metadata ``crop_upright``):
    # it must be read with ``Decoding.upright_crops``.
    upright: bool = False


@dataclass(frozen=True)
class ModelInfo:
    """What the runtime needs to know about a loaded model, all read from the file itself."""

    input_name: str
    input_size: tuple[int, int]  # (width, height) the graph is fixed to
    stride: int
    ranks: tuple[str, ...]
    colours: tuple[str, ...]
    deck: DeckSpec
    version: str
    decoding: Decoding = Decoding()  # as stored in the file
    crops: CropSpec | None = None  # None: the detector's own rank and colour name the card
    # Faces the table's deck lacks (``DecodeParams.without``, not the file's): no sighting is
    # read as one; its probabilities are shared out over the faces there are.
    without: frozenset[str] = frozenset()

    def token_table(self) -> tuple[tuple[int, int, str], ...]:
        """Every valid (rank index, colour index, token) of the detector's labels."""
        return self._present(self.deck.token_table(self.ranks, self.colours))

    def crop_token_table(self) -> tuple[tuple[int, int, str], ...]:
        """Every valid (rank index, colour index, token) of the crop reader's labels."""
        if self.crops is None:
            raise ValueError("this model has no crop reader")
        return self._present(self.deck.token_table(self.crops.ranks, self.crops.colours))

    def _present(
        self, table: tuple[tuple[int, int, str], ...]
    ) -> tuple[tuple[int, int, str], ...]:
        return tuple(row for row in table if row[2] not in self.without)


def model_path(deck: str) -> Path:
    """The committed model file for ``deck``; a clear ``ModelError`` if there is none yet."""
    if deck not in DECKS:
        raise ModelError(f"unknown deck {deck!r}; known decks: {', '.join(DECKS)}")
    path = MODELS_DIR / DECKS[deck].model_file
    if not path.is_file():
        raise ModelError(f"no {deck}-deck model yet ({path} is missing)")
    return path


def _metadata_list(meta: dict[str, str], key: str, path: Path) -> tuple[str, ...]:
    try:
        value = json.loads(meta[key])
    except (KeyError, json.JSONDecodeError) as exc:
        raise ModelError(f"{path}: metadata {key!r} must be a JSON list of labels") from exc
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ModelError(f"{path}: metadata {key!r} must be a non-empty JSON list of strings")
    return tuple(value)


def _crop_spec(meta: dict[str, str], path: Path) -> CropSpec:
    try:
        size, context = int(meta["crop_size"]), float(meta["crop_context"])
    except (KeyError, ValueError) as exc:
        raise ModelError(
            f"{path}: metadata 'crop_size' and 'crop_context' must be numbers"
        ) from exc
    spec = CropSpec(
        size,
        context,
        _metadata_list(meta, "crop_ranks", path),
        _metadata_list(meta, "crop_colours", path),
        meta.get("crop_upright", "0") == "1",
    )
    if NO_INDEX not in spec.ranks:
        raise ModelError(f"{path}: metadata 'crop_ranks' lacks {NO_INDEX!r} (no index)")
    return spec


def read_info(session: ort.InferenceSession, path: Path, has_reader: bool = False) -> ModelInfo:
    """Check ``session`` (the detector) against the model contract and collect its labels and
    geometry; ``has_reader``: the file also holds the crop reader, whose labels are read too."""
    meta = session.get_modelmeta().custom_metadata_map
    deck_name = meta.get("deck", "")
    if deck_name not in DECKS:
        raise ModelError(f"{path}: metadata 'deck' is {deck_name!r}, expected one of {list(DECKS)}")
    image_input = session.get_inputs()[0]
    shape = image_input.shape
    if len(shape) != 4 or not all(isinstance(d, int) for d in shape[2:]):
        raise ModelError(f"{path}: input must be [1, 3, H, W] with fixed H and W, got {shape}")
    missing = set(OUTPUTS) - {o.name for o in session.get_outputs()}
    if missing:
        raise ModelError(f"{path}: outputs {sorted(missing)} are missing")
    try:
        stride = int(meta["stride"])
    except (KeyError, ValueError) as exc:
        raise ModelError(f"{path}: metadata 'stride' must be a whole number") from exc
    try:
        decoding = Decoding.from_metadata(meta)
    except ValueError as exc:
        raise ModelError(f"{path}: metadata: {exc}") from exc
    info = ModelInfo(
        input_name=image_input.name,
        input_size=(int(shape[3]), int(shape[2])),
        stride=stride,
        ranks=_metadata_list(meta, "ranks", path),
        colours=_metadata_list(meta, "colours", path),
        deck=DECKS[deck_name],
        version=meta.get("version", "?"),
        decoding=decoding,
        crops=_crop_spec(meta, path) if has_reader else None,
    )
    if any(rank in info.deck.colourless_ranks for rank in info.ranks) and (
        NO_COLOUR not in info.colours
    ):
        raise ModelError(f"{path}: colourless ranks need the colour label {NO_COLOUR!r}")
    crops = info.crops
    crop_tokens = () if crops is None else info.deck.token_table(crops.ranks, crops.colours)
    for _, _, token in (*info.token_table(), *crop_tokens):
        try:
            parse_card(token)
        except NotationError as exc:
            raise ModelError(f"{path}: its labels make a card the notation lacks: {exc}") from exc
    return info


def threads_per_worker(workers: int, cores: int) -> int:
    """Each of ``workers`` processes' share of ``cores`` for its models: never none.

    >>> threads_per_worker(2, 2), threads_per_worker(2, 16), threads_per_worker(4, 2)
    (1, 8, 1)
    """
    return max(1, cores // workers)


def session_threads(environ: Mapping[str, str] = os.environ) -> int:
    """onnxruntime's threads per model: ``$PHASELENS_THREADS``, else 2. Set it lower where
    several readers share the cores (test workers, a server per table), or each one's threads
    wait on the others': on two cores, two pytest workers read three vision test files in
    123 s with two threads each, in 75 s with one (one worker alone, two threads: 115 s).

    >>> session_threads({}), session_threads({"PHASELENS_THREADS": " 1 "})
    (2, 1)
    >>> session_threads({"PHASELENS_THREADS": "two"})
    Traceback (most recent call last):
    ...
    vision.errors.ModelError: PHASELENS_THREADS is a whole number of threads from 1, not 'two'
    """
    said = environ.get(THREADS_VARIABLE, "").strip()
    if not said:
        return DEFAULT_THREADS
    if not said.isdecimal() or int(said) < 1:
        raise ModelError(f"{THREADS_VARIABLE} is a whole number of threads from 1, not {said!r}")
    return int(said)


def _session(model: str | bytes, threads: int) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3  # onnxruntime's warnings are for us, not for the player
    return ort.InferenceSession(model, sess_options=options, providers=["CPUExecutionProvider"])


def open_sessions(
    path: Path, threads: int | None = None
) -> tuple[ort.InferenceSession, ort.InferenceSession | None]:
    """The detector session, and the crop reader's when the file holds one, each on
    ``threads`` threads (default: ``session_threads()``).

    onnxruntime runs every node of a graph on every call, so a file holding both stages
    (``models/merge.py``) is cut into its two halves once here; otherwise reading the crops
    would run the detector a second time.
    """
    if not path.is_file():  # else onnxruntime's "[ONNXRuntimeError] : 3 : NO_SUCHFILE : ..."
        what = "a folder, not a model file" if path.is_dir() else "no such file"
        raise ModelError(f"{path}: {what}")
    if threads is None:
        threads = session_threads()
    try:
        # Read by Python: onnxruntime takes a path only as UTF-8 text, and one that is not
        # ('m\xe9.onnx') got a dump of its constructor's signatures as the message.
        data = path.read_bytes()
        whole = _session(data, threads)
        if CROP_INPUT not in {i.name for i in whole.get_inputs()}:
            return whole, None
        import onnx

        from models.merge import split

        detector, reader = split(onnx.load_model_from_string(data))
        return (
            _session(detector.SerializeToString(), threads),
            _session(reader.SerializeToString(), threads),
        )
    except ImportError as exc:
        raise ModelError(f"{path}: a two-stage model needs the onnx package ({exc})") from exc
    except Exception as exc:  # noqa: BLE001 - onnxruntime and onnx raise their own errors
        raise ModelError(f"{path}: cannot load the model ({exc})") from exc
