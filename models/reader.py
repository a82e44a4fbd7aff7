"""Second stage: read the rank and colour of one corner index from a full-resolution crop.

    python -m models.reader --minutes 40                 # a real run (background it, nohup)
    python -m models.reader --resume                     # continue from runs/reader/last.pt
    python -m models.reader --dry-run                    # 2 tiny steps + export, ~30 s
    python -m models.reader --export-only runs/reader/best.pt --out runs/reader/reader.onnx
    python -m models.reader --evaluate runs/reader/reader.onnx   # validation report via ORT
    python -m models.reader --run-dir runs/reader_std --deck standard \
        --init-from runs/reader/best.pt                  # standard cards, from Phase 10 weights
    python -m models.reader --run-dir runs/reader_ft --init-from models/phase10.onnx
                                                         # the committed file's reader, refined

The detector finds index boxes in a 768 x 768 letterboxed photo; this reader looks at each box
again in the original photo (``vision.crops.extract_crops``, the same function the runtime uses)
and names it: a rank from ``crop_ranks`` (the deck's ranks and ``"-"``: not an index at all, so
false detections can be rejected) and a colour from the deck's colours (``"-"`` for colourless
cards such as W, S or the joker, and for non-indices). ``Config.deck`` picks the deck.

Data: crops from ``models.synth.make_scene`` scenes with seeds >= ``Config.train_seeds_from``
rendered at random sizes between 640 x 480 and 1600 x 1200; each labelled index box is jittered
the way the detector errs (centre +-15 % of the box, side x0.8..1.25), turned a few degrees more,
and mixed with "none" crops (table, card bodies, backs, hands and partly hidden indices).
``--hard-negative-model F`` adds "none" crops where the detector in ``F`` fires away from every
index (score-sheet numerals, big centre numerals): the false cards the runtime actually reports.
Validation uses the fixed seeds ``Config.val_seeds`` with fixed jitter. Rendering is the costly
part, so a pool of recent scenes is re-cropped with fresh jitter between renders.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import datetime as dt
import functools
import hashlib
import json
import logging
import math
import shlex
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import torch
from torch import nn
from torch.nn import functional as F
from torch.utils.data import DataLoader, IterableDataset, get_worker_info
from tqdm import tqdm

from models.labels import DEFAULT_DECK, DeckLabels, labels_for
from models.net import conv_bn, fuse_batchnorm, set_training
from models.recover import READER, onnx_crop_size
from models.train import (
    DEAL_STREAM,
    EDITION_FLAG_KINDS,
    EDITION_KINDS,
    HARSH_STREAM,
    LOOSE_STREAM,
    PHONE_LOOK_STREAM,
    Every,
    add_fresh_run_arguments,
    add_machine_arguments,
    add_schedule_arguments,
    add_share_argument,
    add_train_seeds_argument,
    check_train_seeds,
    drawn,
    drawn_edition,
    edition_shares,
    positive,
    resumed_best,
    run_script,
    save_checkpoint,
    save_verified_onnx,
    share,
    start_weights,
    training_device,
)
from vision.crops import extract_crops, turned, upright_turns

#: The rank of a crop whose box holds no readable index (``vision.model.NO_INDEX``).
NO_INDEX = "-"
#: Per deck, the pairs whose mix-ups matter most (similar shapes, or the same shape upside down).
CONFUSABLE: dict[str, tuple[tuple[str, str], ...]] = {
    "phase10": (("6", "9"), ("1", "7"), ("11", "12"), ("W", "S")),
    "standard": (("6", "9"), ("A", "4"), ("Q", "K"), ("K", "X")),
}
#: The layers whose outputs are the classes: fresh when starting from another deck's reader.
CLASS_LAYERS = ("rank.", "colour.")
OUTPUT_NAMES = ("crop_rank", "crop_colour")
# The network halves its input three times: below 16 px its last stage sees under 2x2 pixels;
# above 96 a crop costs 9x the 32 px one on the CPU for glyphs no photo of a hand carries.
MIN_CROP_SIZE, MAX_CROP_SIZE = 16, 96
LOG = logging.getLogger("models.reader")
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Config:
    """Everything that defines a run; saved in every checkpoint and in the run's log."""

    seed: int = 0
    deck: str = DEFAULT_DECK  # whose cards: the scenes and the labels
    # Fine-tuning: a checkpoint whose weights of matching name and shape start a fresh run.
    init_from: str | None = None
    frozen_norm: bool = False  # BatchNorm in eval mode (weights recovered from an .onnx file)
    # A 32 px crop of 1.5x the box: the numeral spans ~21 px (enough to tell 11 from 12), and a
    # box the detector placed 15 % off centre or 20 % too small still holds the whole index.
    # 40 px and widths (24, 48, 96, 160) learnt 3x slower per second on one shared core.
    # A standard index box holds the rank over its pip, so at 32 px the rank itself is only
    # ~11 px high: ``--crop-size`` trains a larger input (the network pools globally, so weights
    # learnt at 32 px start it).
    crop_size: int = 32
    context: float = 1.5
    widths: tuple[int, int, int, int] = (16, 32, 64, 128)
    dropout: float = 0.1
    # Scenes.
    scene_sizes: tuple[tuple[int, int], tuple[int, int]] = ((640, 480), (1600, 1200))
    portrait_share: float = 0.3
    downscale_share: float = 0.25  # scenes shrunk further (0.5..1x): blurrier, smaller indices
    min_index_px: float = 6.0  # longer side below this: unreadable, not trained on
    # Training scenes that are close-ups of 1-3 cards (scans, a phone held near a card): big
    # indices, and big centre numerals the reader must call "none". Validation scenes are never
    # close-ups, so runs with and without them compare on the same crops.
    closeup_scene_share: float = 0.0
    # Training scenes of a deck dealt out and squared up (``models.synth.DEAL``): tight fans,
    # cascades and rows, where a neighbour's edge runs right past each index. Training only;
    # a share of the scenes that are not already close-ups.
    deal_scene_share: float = 0.0
    # Training scenes shrunk to 0.35..0.7x: small indices (under ~24 px) are where the spread
    # hands' misreadings are. Training only, like close-ups, so validation stays comparable.
    small_scene_share: float = 0.0
    small_scene_factor: tuple[float, float] = (0.35, 0.7)
    # Training scenes under harsh light (``make_scene(harsh_light=True)``): hard-edged shadows
    # and bright streaks across indices. Training only, like close-ups.
    harsh_scene_share: float = 0.0
    # Training scenes through a phone camera's own processing (``make_scene(phone_look=True)``):
    # noise reduction, sharpening halos around every glyph, colour fringes, a contrast curve.
    # Training only, like harsh light.
    phone_scene_share: float = 0.0
    # Training scenes of a deck dealt out loose and shot from near (``models.synth.LOOSE``):
    # large cards in open fans and rows, their court artwork beside the indices. Training only;
    # a share of the scenes that are not already close-ups or squared-up deals.
    loose_scene_share: float = 0.0
    # Training scenes whose courts carry busy printed artwork (``Edition(ornate_courts=
    # True)``): crops of a court index hold far more ink beside it. Training only.
    ornate_scene_share: float = 0.0
    # Training scenes whose corners are crowded (``Edition(crowded_corners=True)``): big pips
    # or a neighbour's index within half an index width of an index, inside its crop, as on
    # real dealt Bicycle-like decks. Training only.
    crowded_scene_share: float = 0.0
    # Training scenes whose Q is Bicycle-like (``Edition(swash_q=True)``): a swash tail
    # under a narrow bowl, which at 15-25 px looks like an 8 or a 9. Training only.
    swash_q_scene_share: float = 0.0
    # Training scenes whose pips are a deck's own (``Edition(pip_shapes=True)``): spade
    # leaves narrow or wide, curving in near the tip or not, club lobes large or small, ink
    # bleeding into the paper, so a reader tells spades from clubs by more than three stock
    # outlines. Training only.
    pip_shapes_scene_share: float = 0.0
    # Training scenes whose corner indices are thin condensed fonts
    # (``Edition(narrow_indices=True)``): tall narrow serif letters, numerals in the same
    # serif or a narrow grotesque, a 10 printed "I0", as real Bicycle-like decks print them
    # and the stock fonts (mostly bold) do not. Training only.
    narrow_scene_share: float = 0.0
    # Training scenes whose corner indices are printed in one of a print shop's typefaces
    # (``Edition(typefaces=True)``: book serifs, grotesques regular and condensed, geometric
    # sans), where the stock fonts are nearly all DejaVu. Training only.
    typefaces_scene_share: float = 0.0
    # Crops turned by quarter turns so each card centre lies below and right of its index
    # (``vision.crops.upright_turns``), as the runtime reads them when the model file says
    # ``upright_crops``: the reader then learns upright indices alone. "None" crops take a
    # random quarter turn, since the runtime turns them by wherever the detector guessed a
    # centre. Training and validation alike.
    upright: bool = False
    # Detector-like box errors and extra rotation.
    centre_jitter: float = 0.15
    size_jitter: tuple[float, float] = (0.8, 1.25)
    aspect_jitter: float = 0.1
    rotate_share: float = 0.5
    max_rotation: float = 10.0  # degrees, on top of the scenes' own fans and camera turns
    none_share: float = 0.3  # share of each batch that is "none" crops
    # Hard "none" crops, training only: the boxes a trained detector (an ONNX detector or merged
    # file) finds in each training scene away from every index. Random boxes seldom land on a
    # score sheet's numerals or a card's big centre numeral, yet on validation scenes those are
    # most of the cards the runtime reports that are not there.
    hard_negative_model: str | None = None
    hard_negative_share: float = 0.5  # of a scene's "none" crops, when it has such boxes
    hard_negative_peak: float = 0.3  # heatmap peaks from here up are mined (runtime: ~0.4-0.65)
    # Data stream.
    batch: int = 128
    pool_scenes: int = 48
    batches_per_scene: int = 2  # batches cut from the pool after each newly rendered scene
    workers: int = 1
    train_seeds_from: int = 2_000_000
    val_seeds: tuple[int, int] = (3_000_000, 200)  # first seed, count
    val_jitters: int = 2  # jittered crops per validation index box
    # Optimisation.
    lr: float = 3e-3
    weight_decay: float = 5e-4
    label_smoothing: float = 0.05
    warmup_steps: int = 100
    minutes: float = 40.0
    max_steps: int = 1_000_000
    # Bookkeeping.
    val_every_minutes: float = 10.0
    ckpt_every_minutes: float = 3.0
    log_every: int = 50
    threads: int = 1  # the detector's training has priority on the shared cores
    device: str = "cpu"  # where the network trains (see models.train.Config.device)

    def __post_init__(self) -> None:
        labels_for(self.deck)  # an unknown deck fails here, not minutes into a run
        if not MIN_CROP_SIZE <= self.crop_size <= MAX_CROP_SIZE:
            raise ValueError(f"crop size must be {MIN_CROP_SIZE}..{MAX_CROP_SIZE} px, "
                             f"not {self.crop_size}")
        check_train_seeds(self.train_seeds_from, self.val_seeds)

    @property
    def labels(self) -> DeckLabels:
        return labels_for(self.deck)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Config:
        fields = dict(data)
        for name, value in fields.items():
            if isinstance(value, list):
                fields[name] = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        return Config(**fields)


def dry_run_config(seed: int, deck: str = DEFAULT_DECK, init_from: str | None = None,
                   frozen_norm: bool = False, crop_size: int = Config.crop_size,
                   upright: bool = False,
                   widths: tuple[int, int, int, int] = Config.widths) -> Config:
    return Config(
        seed=seed, deck=deck, init_from=init_from, frozen_norm=frozen_norm, crop_size=crop_size,
        upright=upright, widths=widths, batch=16,
        pool_scenes=2, batches_per_scene=1, workers=0, minutes=1.0, max_steps=2, warmup_steps=1,
        val_seeds=(3_000_000, 2), val_jitters=1, log_every=1,
        scene_sizes=((640, 480), (800, 600)),
    )


def crop_ranks(labels: DeckLabels) -> tuple[str, ...]:
    """The reader's rank classes: the deck's ranks, then ``"-"`` (no readable index).

    >>> crop_ranks(labels_for("standard"))[-3:], no_rank(labels_for("standard"))
    (('K', 'X', '-'), 14)
    """
    return (*labels.ranks, NO_INDEX)


def no_rank(labels: DeckLabels) -> int:
    """Index of ``"-"`` among :func:`crop_ranks`."""
    return crop_ranks(labels).index(NO_INDEX)


# --------------------------------------------------------------------------------------------
# Network


class IndexReader(nn.Module):
    """Four conv stages (a 32 px crop: 32 -> 16 -> 8 -> 4 px) with BatchNorm, global average
    pooling (so any crop size from ``MIN_CROP_SIZE`` up takes the same weights) and two
    linear heads. Returns raw logits ``(rank [N, n_ranks], colour [N, n_colours])``."""

    def __init__(self, widths: tuple[int, int, int, int] = (16, 32, 64, 128),
                 dropout: float = 0.1, *, n_ranks: int, n_colours: int) -> None:
        super().__init__()
        w1, w2, w3, w4 = widths
        self.features = nn.Sequential(
            # One conv at full resolution: strokes are 2-4 px wide, more would cost ~25 % of
            # the compute for little gain.
            conv_bn(3, w1),
            conv_bn(w1, w2, stride=2), conv_bn(w2, w2),
            conv_bn(w2, w3, stride=2), conv_bn(w3, w3),
            # The last conv widens the receptive field over the whole crop (a "6" with its
            # underline, both digits of "12") before the spatial average.
            conv_bn(w3, w4, stride=2), conv_bn(w4, w4),
        )
        self.dropout = nn.Dropout(dropout)
        self.rank = nn.Linear(w4, n_ranks)
        self.colour = nn.Linear(w4, n_colours)

    def forward(self, crops: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        pooled = self.dropout(self.features(crops).mean(dim=(2, 3)))
        return self.rank(pooled), self.colour(pooled)


def new_model(cfg: Config) -> IndexReader:
    """An untrained reader with an output per crop rank and per colour of the config's deck."""
    return IndexReader(cfg.widths, cfg.dropout, n_ranks=len(crop_ranks(cfg.labels)),
                       n_colours=len(cfg.labels.colours))


class ReaderExported(nn.Module):
    """What the ONNX file computes: softmax probabilities instead of logits."""

    def __init__(self, reader: IndexReader) -> None:
        super().__init__()
        self.reader = reader

    def forward(self, crops: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        rank, colour = self.reader(crops)
        return F.softmax(rank, dim=1), F.softmax(colour, dim=1)


# --------------------------------------------------------------------------------------------
# Crops: scene -> labelled boxes -> jittered boxes -> crops


@dataclass(frozen=True)
class SceneBoxes:
    """A rendered scene reduced to what the reader trains on."""

    image: np.ndarray  # H x W x 3 uint8 BGR
    boxes: np.ndarray  # [K, 4] readable index boxes
    ranks: np.ndarray  # [K] int64
    colours: np.ndarray  # [K] int64
    avoid: np.ndarray  # [M, 4] every index box, readable or partial: "none" crops keep off
    partial: np.ndarray  # [P, 4] partly hidden index boxes: "none" examples
    cards: tuple[np.ndarray, ...]  # card face quads [4, 2], for card-body "none" crops
    # [K, 2] the card centre of each readable index box (``Config.upright`` turns by it).
    centres: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros((0, 2)))
    # [D, 4] boxes the hard-negative detector found off every index (empty when not mining).
    decoys: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros((0, 4)))


def scene_size(rng: np.random.Generator, cfg: Config) -> tuple[int, int]:
    """Random (W, H): 4:3 between the configured sizes, portrait in ``portrait_share``."""
    (w0, _), (w1, _) = cfg.scene_sizes
    width = int(round(math.exp(rng.uniform(math.log(w0), math.log(w1))) / 4)) * 4
    height = width * 3 // 4
    return (height, width) if rng.random() < cfg.portrait_share else (width, height)


def render(seed: int, cfg: Config, training: bool = False) -> SceneBoxes:
    from models.synth import CLOSEUP, DEAL, LOOSE, PLAIN, make_scene

    rng = np.random.default_rng(seed)
    size = scene_size(rng, cfg)
    # Drawn only when asked for, so every other scene stays as it was.
    closeup = training and cfg.closeup_scene_share > 0 and rng.random() < cfg.closeup_scene_share
    layout = CLOSEUP if closeup else None
    # Their own streams (models.train.drawn), as the detector draws them.
    for kind, stream, kind_share in ((DEAL, DEAL_STREAM, cfg.deal_scene_share),
                                     (LOOSE, LOOSE_STREAM, cfg.loose_scene_share)):
        if training and layout is None and drawn(seed, stream, kind_share):
            layout = kind
    harsh = training and drawn(seed, HARSH_STREAM, cfg.harsh_scene_share)
    phone = training and drawn(seed, PHONE_LOOK_STREAM, cfg.phone_scene_share)
    edition = drawn_edition(seed, **edition_shares(cfg, "_scene_share")) if training else PLAIN
    scene = make_scene(seed, layout=layout, size=size, deck=cfg.deck, harsh_light=harsh,
                       edition=edition, phone_look=phone)
    image, factor = scene.image, 1.0
    if rng.random() < cfg.downscale_share:
        factor = float(rng.uniform(0.5, 1.0))
    # Drawn only when asked for, as above.
    if training and cfg.small_scene_share > 0 and rng.random() < cfg.small_scene_share:
        factor = float(rng.uniform(*cfg.small_scene_factor))
    if factor != 1.0:
        image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    labelled = [(np.array(box) * factor, *cfg.labels.parse(card.card),
                 np.array(card.centre) * factor)
                for card in scene.cards for box in card.indices]
    partial = np.array(scene.partial, np.float64).reshape(-1, 4) * factor
    readable = [item for item in labelled
                if max(item[0][2] - item[0][0], item[0][3] - item[0][1]) >= cfg.min_index_px]
    centres = np.array([centre for *_, centre in readable], np.float64).reshape(-1, 2)
    # Tiny labelled indices are neither trained as readable nor as "none": kept only in `avoid`.
    boxes = np.array([b for b, *_ in readable], np.float64).reshape(-1, 4)
    every = np.concatenate([np.array([b for b, *_ in labelled]).reshape(-1, 4), partial])
    decoys = np.zeros((0, 4))
    if training and cfg.hard_negative_model is not None:
        found = detector_boxes(image, cfg.hard_negative_model, cfg.hard_negative_peak)
        decoys = np.array([b for b in found if not _shows_index(b, every, cfg.context)]
                          ).reshape(-1, 4)
    return SceneBoxes(
        image=image,
        boxes=boxes,
        ranks=np.array([r for _, r, _, _ in readable], np.int64),
        colours=np.array([c for _, _, c, _ in readable], np.int64),
        avoid=every,
        partial=partial,
        cards=tuple(np.array(card.quad) * factor for card in scene.cards),
        decoys=decoys,
        centres=centres,
    )


@functools.lru_cache(maxsize=2)
def _runtime(path: str) -> Any:
    """One runtime ``vision.Reader`` per file and process (the data workers each open their own)."""
    from vision import Reader

    return Reader(Path(path), threads=1)


def detector_boxes(image: np.ndarray, model: str, peak: float) -> np.ndarray:
    """[N, 4] index boxes (image pixels) that the detector in ``model`` finds in ``image`` with
    a heatmap peak of at least ``peak``, exactly as the runtime finds them (``Reader.detect``)."""
    from vision.load import Photo

    height, width = image.shape[:2]
    hits = _runtime(model).detect(Photo(image, (width, height)), peak)
    return np.array([hit.box for hit in hits], np.float64).reshape(-1, 4)


def jitter_boxes(boxes: np.ndarray, rng: np.random.Generator, cfg: Config) -> np.ndarray:
    """Boxes moved and resized the way the detector's boxes miss the truth."""
    n = len(boxes)
    wh = boxes[:, 2:] - boxes[:, :2]
    centre = (boxes[:, :2] + boxes[:, 2:]) / 2
    centre = centre + rng.uniform(-cfg.centre_jitter, cfg.centre_jitter, (n, 2)) * wh
    lo, hi = np.log(cfg.size_jitter)
    scale = np.exp(rng.uniform(lo, hi, (n, 1)))
    aspect = np.exp(rng.uniform(-cfg.aspect_jitter, cfg.aspect_jitter, (n, 1)))
    wh = wh * scale * np.concatenate([aspect, 1 / aspect], axis=1)
    return np.concatenate([centre - wh / 2, centre + wh / 2], axis=1)


def none_boxes(scene: SceneBoxes, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` boxes of index size that hold no readable index: partly hidden indices, card
    bodies and anywhere else in the photo (table, backs, hands), kept off every index."""
    h, w = scene.image.shape[:2]
    sizes = scene.boxes[:, 2:] - scene.boxes[:, :2] if len(scene.boxes) else np.array([[16., 20.]])
    found: list[np.ndarray] = []
    for _ in range(n * 4):
        if len(found) >= n:
            break
        kind = rng.random()
        if kind < 0.2 and len(scene.partial):
            found.append(scene.partial[rng.integers(len(scene.partial))])
            continue
        box_wh = sizes[rng.integers(len(sizes))] * rng.uniform(0.6, 1.6)
        if kind < 0.55 and scene.cards:
            quad = scene.cards[rng.integers(len(scene.cards))]
            weights = rng.dirichlet(np.ones(4))
            centre = weights @ quad
        else:
            centre = rng.uniform([0, 0], [w, h])
        box = np.concatenate([centre - box_wh / 2, centre + box_wh / 2])
        if not _near_index(box, scene.avoid):
            found.append(box)
    return np.array(found, np.float64).reshape(-1, 4)


def _near_index(box: np.ndarray, indices: np.ndarray) -> bool:
    """Whether ``box`` is centred close enough to an index that it would show it readably
    (within 0.6 of the index's size on both axes, i.e. outside the jitter of a positive)."""
    if not len(indices):
        return False
    centre = (box[:2] + box[2:]) / 2
    centres = (indices[:, :2] + indices[:, 2:]) / 2
    sizes = np.maximum(indices[:, 2:] - indices[:, :2], 1.0)
    return bool((np.abs(centres - centre) < 0.6 * sizes).all(axis=1).any())


def _shows_index(box: np.ndarray, indices: np.ndarray, context: float) -> bool:
    """Whether the crop of ``box`` (``context`` x its size) holds the centre of any of
    ``indices``: stricter than ``_near_index``, because a mined box slightly off a readable index
    still shows it, and must not teach the reader to call that index "none"."""
    if not len(indices):
        return False
    centre = (box[:2] + box[2:]) / 2
    half = (box[2:] - box[:2]) * context / 2
    centres = (indices[:, :2] + indices[:, 2:]) / 2
    return bool((np.abs(centres - centre) <= half).all(axis=1).any())


def rotated_crops(image: np.ndarray, boxes: np.ndarray, degrees: np.ndarray, cfg: Config
                  ) -> np.ndarray:
    """Crops of ``boxes`` after turning the photo about each box's centre by ``degrees``.

    Only a patch around the box is turned, then cut with the same ``extract_crops`` as always,
    so rotation adds no second cropping path."""
    out = np.empty((len(boxes), 3, cfg.crop_size, cfg.crop_size), np.float32)
    for i, (box, angle) in enumerate(zip(boxes, degrees, strict=True)):
        centre = (box[:2] + box[2:]) / 2
        half = float(np.max(box[2:] - box[:2])) * cfg.context  # patch twice the crop side
        origin = centre - half
        side = max(4, int(math.ceil(2 * half)))
        turn = cv2.getRotationMatrix2D((half, half), float(angle), 1.0)
        turn[:, 2] -= turn[:, :2] @ origin  # photo px -> patch px, then turn about the centre
        patch = cv2.warpAffine(image, turn, (side, side), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=(128, 128, 128))
        local = np.concatenate([box[:2] - origin, box[2:] - origin])
        out[i] = extract_crops(patch, local[None], cfg.crop_size, cfg.context)[0]
    return out


def labelled_crops(scene: SceneBoxes, n: int, rng: np.random.Generator, cfg: Config
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n`` training crops (float [n,3,S,S]) with rank and colour labels from one scene."""
    n_none = int(round(n * cfg.none_share)) if len(scene.boxes) else n
    pick = rng.integers(max(len(scene.boxes), 1), size=n - n_none)  # size 0 when no boxes
    positives = jitter_boxes(scene.boxes[pick], rng, cfg)
    n_hard = int(rng.binomial(n_none, cfg.hard_negative_share)) if len(scene.decoys) else 0
    hard = jitter_boxes(scene.decoys[rng.integers(len(scene.decoys), size=n_hard)], rng, cfg)
    negatives = np.concatenate([hard, none_boxes(scene, n_none - n_hard, rng)])
    boxes = np.concatenate([positives, negatives])
    ranks = np.concatenate([scene.ranks[pick], np.full(len(negatives), no_rank(cfg.labels))])
    colours = np.concatenate([scene.colours[pick],
                              np.full(len(negatives), cfg.labels.no_colour)])
    turn = rng.random(len(boxes)) < cfg.rotate_share
    crops = np.empty((len(boxes), 3, cfg.crop_size, cfg.crop_size), np.float32)
    crops[~turn] = extract_crops(scene.image, boxes[~turn], cfg.crop_size, cfg.context)
    angles = rng.uniform(-cfg.max_rotation, cfg.max_rotation, int(turn.sum()))
    crops[turn] = rotated_crops(scene.image, boxes[turn], angles, cfg)
    if cfg.upright:
        # Drawn last, so a run without it draws as before.
        turns = np.concatenate([upright_turns(positives, scene.centres[pick]),
                                rng.integers(4, size=len(negatives))])
        crops = turned(crops, turns)
    return crops, ranks.astype(np.int64), colours.astype(np.int64)


def photometric(crops: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per-crop exposure, contrast, gamma and white-balance jitter, small enough never to move
    a hue across colour classes (the renderer already spans each colour's hue range)."""
    n = len(crops)
    x = crops * rng.uniform(0.96, 1.04, (n, 3, 1, 1)).astype(np.float32)
    mean = x.mean(axis=(1, 2, 3), keepdims=True)
    contrast = rng.uniform(0.8, 1.2, (n, 1, 1, 1)).astype(np.float32)
    exposure = rng.uniform(0.85, 1.15, (n, 1, 1, 1)).astype(np.float32)
    x = (x - mean) * contrast + mean * exposure
    gamma = rng.uniform(0.8, 1.25, (n, 1, 1, 1)).astype(np.float32)
    return np.asarray(np.clip(x, 0.0, 1.0) ** gamma, np.float32)


class CropStream(IterableDataset[tuple[np.ndarray, np.ndarray, np.ndarray]]):
    """Endless batches (uint8 crops, ranks, colours) from a pool of recent scenes.

    After each newly rendered scene ``batches_per_scene`` batches are cut, each crop from a
    random pooled scene with fresh jitter: a scene costs ~0.3 s to render, a crop ~0.5 ms.
    """

    def __init__(self, cfg: Config, first_seed: int) -> None:
        self.cfg = cfg
        self.first_seed = first_seed

    def __iter__(self) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        cfg = self.cfg
        info = get_worker_info()
        worker, n_workers = (info.id, info.num_workers) if info is not None else (0, 1)
        rng = np.random.default_rng([cfg.seed, self.first_seed, worker])
        pool: list[SceneBoxes] = []
        seed = self.first_seed + worker
        while True:
            pool.append(render(seed, cfg, training=True))
            seed += n_workers
            pool = pool[-cfg.pool_scenes:]
            for _ in range(cfg.batches_per_scene):
                per_scene = Counter(rng.integers(len(pool), size=cfg.batch).tolist())
                parts = [labelled_crops(pool[i], k, rng, cfg) for i, k in per_scene.items()]
                crops = np.concatenate([p[0] for p in parts])
                # uint8 across the worker pipe: 4x less to copy than float32.
                yield ((crops * 255 + 0.5).astype(np.uint8), np.concatenate([p[1] for p in parts]),
                       np.concatenate([p[2] for p in parts]))


# --------------------------------------------------------------------------------------------
# Validation


@dataclass(frozen=True)
class ValSet:
    crops: np.ndarray  # [N,3,S,S] uint8
    ranks: np.ndarray  # indices into crop_ranks(labels)
    colours: np.ndarray  # indices into labels.colours
    labels: DeckLabels


def val_cache_name(cfg: Config) -> str:
    """The validation crops' cache file: named by every setting that changes them."""
    keys: tuple[str, ...] = (
        "crop_size", "context", "scene_sizes", "portrait_share", "downscale_share",
        "min_index_px", "centre_jitter", "size_jitter", "aspect_jitter", "none_share",
        "val_seeds", "val_jitters")
    # Phase 10 recipes leave the deck out, so they hash as before it existed and the caches
    # already rendered stay valid.
    keys += ("deck",) if cfg.deck != DEFAULT_DECK else ()
    keys += ("upright",) if cfg.upright else ()
    from models.synth import MIN_MARK_VISIBLE

    recipe_fields: dict[str, Any] = {k: getattr(cfg, k) for k in keys}
    # The labelling rule decides which crops name a card: a cache from an older rule is stale.
    recipe_fields["min_mark_visible"] = MIN_MARK_VISIBLE
    recipe = json.dumps(recipe_fields, sort_keys=True)
    return f"val-{hashlib.sha1(recipe.encode()).hexdigest()[:10]}.npz"


def build_val_set(cfg: Config, cache_dir: Path | None) -> ValSet:
    """Crops of the validation scenes with fixed jitter (cached: rendering takes minutes)."""
    cache = cache_dir / val_cache_name(cfg) if cache_dir is not None else None
    if cache is not None and cache.is_file():
        with np.load(cache) as data:
            return ValSet(data["crops"], data["ranks"], data["colours"], cfg.labels)
    first, count = cfg.val_seeds
    parts = []
    for seed in range(first, first + count):
        scene = render(seed, cfg)
        rng = np.random.default_rng(seed)
        n = len(scene.boxes) * cfg.val_jitters
        # Validation: no extra rotation (the scenes' own turns remain), no photometric jitter.
        plain = dataclasses.replace(cfg, rotate_share=0.0)
        n_total = int(round(n / (1 - cfg.none_share))) if n else 8
        parts.append(labelled_crops(scene, n_total, rng, plain))
    crops = (np.concatenate([p[0] for p in parts]) * 255 + 0.5).astype(np.uint8)
    val = ValSet(crops, np.concatenate([p[1] for p in parts]),
                 np.concatenate([p[2] for p in parts]), cfg.labels)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(cache, crops=val.crops, ranks=val.ranks, colours=val.colours)
    return val


def score(rank_prob: np.ndarray, colour_prob: np.ndarray, val: ValSet) -> dict[str, Any]:
    """Accuracy overall, per true rank and per true colour; the confusable pairs; how often a
    real index is called "none" and a "none" crop is called an index; whole-token accuracy."""
    labels, ranks = val.labels, crop_ranks(val.labels)
    none = no_rank(labels)
    rank_hat, colour_hat = rank_prob.argmax(1), colour_prob.argmax(1)
    real = val.ranks != none
    per_rank = {ranks[r]: _accuracy(rank_hat, val.ranks, r) for r in range(len(ranks))}
    per_colour = {labels.colours[c]: _accuracy(colour_hat, val.colours, c, real)
                  for c in range(len(labels.colours))}
    pairs = {}
    for a, b in CONFUSABLE[labels.name]:
        ia, ib = ranks.index(a), ranks.index(b)
        pairs[f"{a}->{b}"] = int(((val.ranks == ia) & (rank_hat == ib)).sum())
        pairs[f"{b}->{a}"] = int(((val.ranks == ib) & (rank_hat == ia)).sum())
    colourless = np.isin(val.ranks, [r for r in range(len(labels.ranks))
                                     if labels.is_colourless(r)])
    token_ok = (rank_hat == val.ranks) & ((colour_hat == val.colours) | colourless)
    return {
        "crops": int(len(val.ranks)),
        "indices": int(real.sum()),
        "rank_accuracy": float((rank_hat == val.ranks).mean()),
        "colour_accuracy": float((colour_hat[real] == val.colours[real]).mean()),
        "token_accuracy": float(token_ok[real].mean()),
        "index_called_none": float((rank_hat[real] == none).mean()),
        "none_called_index": float((rank_hat[~real] != none).mean()) if (~real).any() else 0.0,
        "per_rank": per_rank,
        "per_colour": per_colour,
        "confusions": pairs,
        "top_confusions": _top_confusions(rank_hat, val.ranks, ranks),
    }


def _accuracy(predicted: np.ndarray, truth: np.ndarray, label: int,
              among: np.ndarray | None = None) -> dict[str, float]:
    mask = truth == label if among is None else (truth == label) & among
    n = int(mask.sum())
    return {"n": n, "accuracy": float((predicted[mask] == label).mean()) if n else float("nan")}


def _top_confusions(predicted: np.ndarray, truth: np.ndarray, names: Sequence[str],
                    k: int = 8) -> list[str]:
    wrong = Counter((names[t], names[p]) for t, p in zip(truth, predicted, strict=True) if t != p)
    return [f"{t}->{p} x{n}" for (t, p), n in wrong.most_common(k)]


def predict(model: nn.Module, crops: np.ndarray, batch: int = 512
            ) -> tuple[np.ndarray, np.ndarray]:
    """Softmax probabilities for uint8 crops, in eval mode, batch by batch."""
    exported = ReaderExported(model).eval()  # type: ignore[arg-type]
    device = next(model.parameters()).device
    ranks, colours = [], []
    with torch.no_grad():
        for i in range(0, len(crops), batch):
            x = torch.from_numpy(crops[i:i + batch].astype(np.float32) / 255.0)
            r, c = exported(x.to(device))
            ranks.append(r.cpu().numpy())
            colours.append(c.cpu().numpy())
    return np.concatenate(ranks), np.concatenate(colours)


# --------------------------------------------------------------------------------------------
# Export


def export_onnx(model: IndexReader, cfg: Config, path: Path, trained: str,
                metrics: dict[str, Any] | None = None) -> Path:
    """Write the reader's ONNX file (input ``crops`` [N,3,S,S] with dynamic N, outputs
    ``crop_rank``/``crop_colour`` probabilities, BatchNorm folded, labels as metadata) and check
    that onnxruntime reproduces torch's outputs."""
    fused = ReaderExported(fuse_batchnorm(copy.deepcopy(model).eval())).eval()
    dummy = torch.rand(3, 3, cfg.crop_size, cfg.crop_size)
    meta = {
        "crop_size": str(cfg.crop_size),
        "crop_context": str(cfg.context),
        "deck": cfg.deck,
        "crop_ranks": json.dumps(list(crop_ranks(cfg.labels))),
        "crop_colours": json.dumps(list(cfg.labels.colours)),
        "crop_trained": trained,
        "crop_input": "vision.crops.extract_crops(image_bgr, boxes, crop_size, crop_context)",
    }
    if metrics is not None:
        meta["crop_validation"] = json.dumps(metrics)
    if cfg.upright:
        # The runtime refuses to read this reader's crops as they lie (vision.model.CropSpec).
        meta["crop_upright"] = "1"
    return save_verified_onnx(
        fused, ReaderExported(model.eval()), dummy, path, "crops", OUTPUT_NAMES, meta,
        tolerance=1e-3,
        dynamic_axes={"crops": {0: "n"}, "crop_rank": {0: "n"}, "crop_colour": {0: "n"}},
    )


def export_checkpoint(checkpoint: Path, out: Path) -> Path:
    state = torch.load(checkpoint, weights_only=False, map_location="cpu")
    cfg = Config.from_json(state["config"])
    model = new_model(cfg)
    model.load_state_dict(state["model"])
    val = state.get("val")
    metrics = None
    if val is not None:
        metrics = {k: val[k] for k in ("rank_accuracy", "colour_accuracy", "token_accuracy",
                                       "index_called_none", "none_called_index", "crops")}
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    trained = (f"{when}; {state['step']} steps, {state['seen']} crops, "
               f"{state['elapsed'] / 60:.0f} min; {state['command']}")
    return export_onnx(model, cfg, out, trained, metrics)


# --------------------------------------------------------------------------------------------
# Training loop


def learning_rate(cfg: Config, step: int, progress: float) -> float:
    """Linear warm-up, then cosine decay over the run's progress down to 2 % of the peak."""
    if step < cfg.warmup_steps:
        return cfg.lr * (step + 1) / cfg.warmup_steps
    return cfg.lr * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * min(1.0, progress))))


def train(cfg: Config, run_dir: Path, resume: bool, command: str, show_progress: bool = True,
          budget_overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """Train until the time or step budget is spent; keeps ``best.pt`` (by token accuracy on
    the validation crops) and ``last.pt`` in ``run_dir``."""
    torch.set_num_threads(cfg.threads)
    cv2.setNumThreads(1)  # OpenCV's pool deadlocks after the fork into the data worker
    run_dir.mkdir(parents=True, exist_ok=True)
    step, elapsed, seen, best = 0, 0.0, 0, -1.0
    last = run_dir / "last.pt"
    state_in = None
    if resume:
        state_in = torch.load(last, weights_only=False, map_location="cpu")
        cfg = dataclasses.replace(Config.from_json(state_in["config"]),
                                  **(budget_overrides or {}))
        step, elapsed, seen = state_in["step"], state_in["elapsed"], state_in["seen"]
    validation = val_cache_name(cfg)
    if state_in is not None:
        best = resumed_best(state_in, "best", validation, LOG)
    torch.manual_seed(cfg.seed + step)
    device = training_device(cfg.device)
    model = new_model(cfg).to(device)  # before the optimiser, whose state then lives there too
    optimiser = start_weights(model, cfg, state_in, CLASS_LAYERS, command, LOG, READER)
    t0 = time.monotonic()
    val = build_val_set(cfg, run_dir)
    LOG.info("validation: %d crops (%d indices) from seeds %d.., %.0f s", len(val.ranks),
             int((val.ranks != no_rank(cfg.labels)).sum()), cfg.val_seeds[0],
             time.monotonic() - t0)
    # A resumed run continues with scenes its old stream cannot have reached.
    data = CropStream(cfg, cfg.train_seeds_from + step * cfg.batch)
    loader = DataLoader(data, batch_size=None, num_workers=cfg.workers,
                        persistent_workers=cfg.workers > 0, pin_memory=device.type == "cuda")
    rng = np.random.default_rng([cfg.seed, step])
    budget = cfg.minutes * 60
    started = time.monotonic() - elapsed
    checkpoint_timer = Every(cfg.ckpt_every_minutes * 60, elapsed)
    validation_timer = Every(cfg.val_every_minutes * 60, elapsed)
    history: dict[str, float] = {}
    bar = tqdm(total=int(budget), unit="s", disable=not show_progress, mininterval=5,
               initial=int(elapsed), desc="reader")

    def state() -> dict[str, Any]:
        return {"config": cfg.to_json(), "model": model.state_dict(),
                "optimiser": optimiser.state_dict(), "step": step, "elapsed": elapsed,
                "seen": seen, "best": best, "validation": validation,
                "command": command}

    def validate() -> dict[str, Any]:
        nonlocal best
        model.eval()
        report = score(*predict(model, val.crops), val)
        set_training(model, cfg.frozen_norm)
        LOG.info("val step %d: rank %.4f colour %.4f token %.4f index->none %.4f "
                 "none->index %.4f", step, report["rank_accuracy"], report["colour_accuracy"],
                 report["token_accuracy"], report["index_called_none"],
                 report["none_called_index"])
        LOG.info("val confusions: %s; top: %s", json.dumps(report["confusions"]),
                 ", ".join(report["top_confusions"]) or "none")
        if report["token_accuracy"] > best:
            best = report["token_accuracy"]
            save_checkpoint(run_dir / "best.pt", {**state(), "val": report})
            LOG.info("new best token accuracy %.4f -> best.pt", best)
        return report

    set_training(model, cfg.frozen_norm)
    for crops_u8, ranks, colours in loader:
        elapsed = time.monotonic() - started
        if step >= cfg.max_steps or elapsed >= budget:
            break
        lr = learning_rate(cfg, step, max(elapsed / budget, step / cfg.max_steps))
        for group in optimiser.param_groups:
            group["lr"] = lr
        crops = photometric(crops_u8.numpy().astype(np.float32) / 255.0, rng)
        rank_logits, colour_logits = model(torch.from_numpy(crops).to(device))
        ranks, colours = ranks.to(device), colours.to(device)
        rank_loss = F.cross_entropy(rank_logits, ranks, label_smoothing=cfg.label_smoothing)
        colour_loss = F.cross_entropy(colour_logits, colours,
                                      label_smoothing=cfg.label_smoothing)
        loss = rank_loss + colour_loss
        optimiser.zero_grad(set_to_none=True)
        loss.backward()  # type: ignore[no-untyped-call]
        optimiser.step()
        step += 1
        seen += len(ranks)
        for name, value in (("rank", rank_loss.item()), ("colour", colour_loss.item())):
            history[name] = 0.95 * history.get(name, value) + 0.05 * value
        bar.update(int(elapsed) - bar.n)
        bar.set_postfix(step=step, rank=f"{history['rank']:.3f}")
        if step % cfg.log_every == 0:
            LOG.info("step %d  %.1f min  lr %.2e  crops %d  %s", step, elapsed / 60, lr, seen,
                     "  ".join(f"{k} {v:.3f}" for k, v in history.items()))
        if validation_timer.due(elapsed):
            validate()
        if checkpoint_timer.due(elapsed):
            save_checkpoint(last, state())
    bar.close()
    elapsed = time.monotonic() - started
    report = validate()
    save_checkpoint(last, state())
    LOG.info("finished: %d steps, %d crops, %.1f min, best token accuracy %.4f", step, seen,
             elapsed / 60, best)
    return {"steps": step, "crops": seen, "minutes": round(elapsed / 60, 2),
            "best_token_accuracy": best, "last_token_accuracy": report["token_accuracy"]}


# --------------------------------------------------------------------------------------------
# Evaluation of an exported file


def evaluate_onnx(path: Path, cfg: Config, cache_dir: Path | None) -> dict[str, Any]:
    """Validation report of an ONNX file (reader alone or merged: its reader half) through
    onnxruntime, plus the time to read 12 crops (median of 50 runs, one thread)."""
    import onnx
    import onnxruntime as ort

    from models.merge import DETECTOR_INPUT, split

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    model = onnx.load(str(path))
    if any(item.name == DETECTOR_INPUT for item in model.graph.input):
        # The reader half alone, as the runtime runs it: run whole, a merged file ran its
        # detector on a blank image with every batch, and 12 crops "took" 198 ms, not 9
        # (training audit, session 66).
        model = split(model)[1]
    session = ort.InferenceSession(model.SerializeToString(), options,
                                   providers=["CPUExecutionProvider"])
    meta = session.get_modelmeta().custom_metadata_map
    size, context = int(meta["crop_size"]), float(meta["crop_context"])
    # Files from before other decks have no "deck": they read Phase 10 cards. A reader
    # trained on upright crops alone is scored on upright crops, as the runtime reads it.
    cfg = dataclasses.replace(cfg, crop_size=size, context=context,
                              deck=meta.get("deck", DEFAULT_DECK),
                              upright=meta.get("crop_upright") == "1")
    if json.loads(meta["crop_ranks"]) != list(crop_ranks(cfg.labels)):
        raise ValueError(f"{path}: its crop_ranks are not those of a {cfg.deck} reader")
    val = build_val_set(cfg, cache_dir)
    feeds = _feeds(session)
    ranks, colours = [], []
    for i in range(0, len(val.crops), 512):
        feeds["crops"] = val.crops[i:i + 512].astype(np.float32) / 255.0
        r, c = session.run(list(OUTPUT_NAMES), feeds)
        ranks.append(r)
        colours.append(c)
    report = score(np.concatenate(ranks), np.concatenate(colours), val)
    feeds["crops"] = val.crops[:12].astype(np.float32) / 255.0
    times = []
    for _ in range(50):
        t = time.perf_counter()
        session.run(list(OUTPUT_NAMES), feeds)
        times.append(time.perf_counter() - t)
    report["ms_per_12_crops"] = round(1000 * float(np.median(times)), 3)
    return report


def _feeds(session: Any) -> dict[str, np.ndarray]:
    """Inputs other than ``crops`` (a merged file's ``image``) get zeros, in case onnxruntime
    insists on every input even when only the crop outputs are asked for."""
    feeds: dict[str, np.ndarray] = {}
    for item in session.get_inputs():
        if item.name != "crops":
            shape = [d if isinstance(d, int) else 1 for d in item.shape]
            feeds[item.name] = np.zeros(shape, np.float32)
    return feeds


# --------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m models.reader",
        description="Train the corner-index reader (crop classifier) on synthetic scenes; "
                    "export or evaluate its ONNX file.")
    parser.add_argument("--seed", type=int, default=0, help="torch/numpy seed (default 0)")
    parser.add_argument("--run-dir", type=Path, default=Path("runs/reader"),
                        help="checkpoints, validation cache and train.log (default runs/reader)")
    parser.add_argument("--minutes", type=positive,
                        help=f"time budget in minutes (default {Config.minutes:g})")
    parser.add_argument("--max-steps", type=int, help="step budget (default: unbounded)")
    parser.add_argument("--resume", action="store_true", help="continue from RUN_DIR/last.pt")
    parser.add_argument("--dry-run", action="store_true",
                        help="2 tiny steps on 2 scenes with the other flags given (not "
                        "--minutes, --max-steps, --workers, --crop, --batch), then export to a "
                        "temporary folder")
    parser.add_argument("--out", type=Path, help="write the best model's ONNX here at the end")
    parser.add_argument("--export-only", type=Path, metavar="CHECKPOINT",
                        help="only export CHECKPOINT to --out (no training)")
    parser.add_argument("--evaluate", type=Path, metavar="ONNX",
                        help="print the validation report of ONNX (reader or merged file)")
    parser.add_argument("--threads", type=int,
                        help=f"torch threads (default {Config.threads})")
    add_machine_arguments(parser, Config)
    for kind in ("closeup", "deal", "loose", *EDITION_FLAG_KINDS):
        add_share_argument(parser, f"--{kind}-scene-share", kind, Config, resumable=True)
    parser.add_argument("--small-scene-share", type=share, metavar="SHARE",
                        help="share of training scenes shrunk to {}-{}x for small indices "
                             f"(default {Config.small_scene_share:g}; may change on --resume)"
                        .format(*Config.small_scene_factor))
    add_share_argument(parser, "--harsh-scene-share", "harsh", Config, resumable=True)
    add_share_argument(parser, "--phone-scene-share", "phone", Config, resumable=True)
    parser.add_argument("--hard-negative-model", metavar="ONNX",
                        help="mine hard 'none' crops: the boxes this detector (or merged file) "
                             "finds off every index of each training scene (may change on "
                             "--resume)")
    parser.add_argument("--hard-negative-share", type=share, metavar="SHARE",
                        help="share of a scene's 'none' crops taken from those boxes (default "
                             f"{Config.hard_negative_share:g})")
    add_train_seeds_argument(parser, Config)
    add_schedule_arguments(parser, Config)
    add_fresh_run_arguments(parser)
    parser.add_argument("--crop-size", type=int, metavar="PX",
                        help=f"side of the square crops the reader reads, {MIN_CROP_SIZE}.."
                             f"{MAX_CROP_SIZE} (default: an --init-from model file's, else "
                             f"{Config.crop_size}; not with --resume)")
    parser.add_argument("--upright", action="store_const", const=True,
                        help="train on crops turned upright by their card centres, as the "
                             "runtime reads them when the model file says upright_crops (not "
                             "with --resume)")
    parser.add_argument("--widths", type=int, nargs=4, metavar=("W1", "W2", "W3", "W4"),
                        help=f"channels of the four conv stages (default {Config.widths}; not "
                             "with --resume). Wider than an --init-from model file's reader, "
                             "its weights grow into them (models.widen)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.widths is not None:
        args.widths = tuple(args.widths)
    return args


def fresh_crop_size(args: argparse.Namespace) -> int | None:
    """``--crop-size``, or else for a fine-tune from a model file the size its reader reads, so
    its weights meet the crops they learnt on (``None``: ``Config``'s default).

    >>> fresh_crop_size(parse_args(["--init-from", "models/standard.onnx"]))
    48
    >>> fresh_crop_size(parse_args(["--init-from", "models/standard.onnx", "--crop-size", "40"]))
    40
    """
    if args.crop_size is not None or args.init_from is None:
        return args.crop_size  # type: ignore[no-any-return]
    if args.init_from.suffix != ".onnx" or not args.init_from.is_file():
        return None
    return onnx_crop_size(args.init_from)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    command = "python -m models.reader " + shlex.join(sys.argv[1:] if argv is None else argv)
    if args.hard_negative_model is not None and not Path(args.hard_negative_model).is_file():
        print(f"error: no ONNX file at {args.hard_negative_model}", file=sys.stderr)
        return 2
    if args.evaluate is not None:
        if not args.evaluate.is_file():
            print(f"error: no ONNX file at {args.evaluate}", file=sys.stderr)
            return 2
        report = evaluate_onnx(args.evaluate, Config(seed=args.seed), args.run_dir)
        print(json.dumps(report, indent=1))
        return 0
    args.crop_size = fresh_crop_size(args)
    return run_script(
        args, command, config=Config, dry_run_config=dry_run_config, train=train,
        export=export_checkpoint, dry_run_name="reader",
        overrides=("minutes", "max_steps", "threads", "workers", "device", "closeup_scene_share",
                   "deal_scene_share", "small_scene_share", "harsh_scene_share",
                   "phone_scene_share", "loose_scene_share",
                   *(f"{kind}_scene_share" for kind in EDITION_KINDS.values()), "lr",
                   "hard_negative_model", "hard_negative_share", "train_seeds_from"),
        fresh_only=("crop_size", "upright", "widths"),
    )


if __name__ == "__main__":
    raise SystemExit(main())
