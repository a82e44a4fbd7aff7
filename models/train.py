"""Train the corner-index detector on synthetic scenes and export it to ONNX (Contract 2).

    python -m models.train --run-dir runs/main --minutes 70          # a real run (background it)
    python -m models.train --run-dir runs/main --resume              # continue from last.pt
    python -m models.train --dry-run                                 # 2 tiny steps + export, ~20 s
    python -m models.train --export-only runs/main/best.pt --out models/phase10.onnx
    python -m models.train --run-dir runs/std --deck standard --init-from runs/v3/best.pt
                                                    # standard cards, starting from Phase 10 weights
    python -m models.train --run-dir runs/ft --deck standard --init-from models/standard.onnx
                                  # a fresh checkout: fine-tune the committed file's own weights

Data: every training view is a random crop of a scene from ``models.synth.make_scene`` with a
seed >= ``Config.train_seeds_from`` (validation uses seeds ``0 .. val_scenes-1``; the benchmark
uses its own range), rescaled so that cards have the pixel size they will have once the runtime
letterboxes a photo into the model input, with a wider scale range (and some close-ups) around it.
The learning-rate schedule follows the *time* budget, because the two shared cores give an
unpredictable number of steps per minute and the run must end on time.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import datetime as dt
import hashlib
import json
import logging
import math
import shlex
import sys
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np
import torch
from torch.nn import functional as F
from torch.utils.data import DataLoader, IterableDataset, get_worker_info
from tqdm import tqdm

from models.labels import DECK_LABELS, DEFAULT_DECK, DeckLabels, labels_for
from models.net import (
    OUTPUT_NAMES,
    SIZE_UNIT,
    Detector,
    Exported,
    NetShape,
    count_parameters,
    fuse_batchnorm,
    set_training,
    split_heads,
)
from models.recover import DETECTOR, RecoverError, onnx_deck, recovered_state

if TYPE_CHECKING:  # the renderer loads inside the functions that draw scenes
    from models.synth import Edition

MODEL_VERSION = "1"
LOG = logging.getLogger("models.train")


@dataclass(frozen=True)
class Config:
    """Everything that defines a run; saved in every checkpoint and in the run's log."""

    seed: int = 0
    deck: str = DEFAULT_DECK  # whose cards: the scenes, the labels and so the class heads
    # Fine-tuning: a checkpoint whose weights of matching name and shape start a fresh run
    # (see ``load_matching``); recorded so that a run's log names where its weights came from.
    init_from: str | None = None
    # BatchNorm stays in eval mode: set when ``init_from`` is an exported .onnx file, whose
    # folded weights carry no batch statistics (see ``models.recover``).
    frozen_norm: bool = False
    # Model input (H, W), fixed in the ONNX graph. Square, so landscape and portrait photos
    # letterbox to the same resolution (768 x 576 of content either way): a card 12 % of the photo
    # wide keeps a ~14 px corner index, about the least that still shows its numeral.
    input_hw: tuple[int, int] = (768, 768)
    shape: NetShape = NetShape(blocks=(0, 1, 2, 2, 2), head=32, class_width=64)
    # Training views.
    crop: int = 256  # training views; cost per step grows with crop^2
    batch: int = 12
    scene_size: tuple[int, int] = (1024, 768)  # (W, H) asked of make_scene; portrait swaps it
    portrait_share: float = 0.3
    scale_jitter: tuple[float, float] = (0.75, 1.6)  # x the deployment scale, log-uniform
    closeup_share: float = 0.15  # views zoomed in further, like a photo of one or two cards
    closeup_zoom: tuple[float, float] = (1.5, 4.0)
    # Scenes of 2-4 hands dealt on a table (``models.synth.TABLE``): up to 52 cards, indices far
    # smaller than in one hand, which a detector trained on hands alone does not find.
    table_share: float = 0.0
    # Scenes of a deck dealt out and squared up (``models.synth.DEAL``): tight fans, cascades
    # and rows of up to 13, where each card shows little more than its corner index. A share
    # of the scenes that are not already scans or tables.
    deal_share: float = 0.0
    # Single-card scans (``models.synth.make_scan``): one card filling the photo, corner indices
    # far larger than a hand's. Trained on hands alone, the detector finds their corners but
    # points each one's card centre away from the card (models/README.md, "Zoomed-out pass").
    scan_share: float = 0.0
    # Scenes under harsh light (``make_scene(harsh_light=True)``): hard-edged shadows and bright
    # streaks across the cards, as in phone photos under one lamp; the soft light of the other
    # scenes never cuts an index in two. Training scenes only (not scans), so validation stays
    # comparable.
    harsh_share: float = 0.0
    # Scenes through a phone camera's own processing (``make_scene(phone_look=True)``): noise
    # reduction, sharpening halos around every glyph, colour fringes, a contrast curve, which
    # the renderer's plain lens and sensor never draw. Training scenes only, like harsh light.
    phone_share: float = 0.0
    # Scenes of a deck dealt out but left loose, photographed from near (``models.synth.LOOSE``):
    # open fans and rows of large cards, hands overlapping a little. A share of the scenes that
    # are not already scans, tables or squared-up deals.
    loose_share: float = 0.0
    # Standard scenes whose courts are filled with busy printed artwork (``Edition(
    # ornate_courts=True)``), as on Bicycle-like decks, right beside the corner index; the plain
    # figure leaves the frame mostly empty. Training scenes only, like harsh light.
    ornate_share: float = 0.0
    # Standard scenes of the printed editions the crop reader learnt from since (sessions
    # 24-30; ``Edition``): corners crowded by pips and court frames, Bicycle-like swash Qs, a
    # deck's own pips, thin condensed indices. Training scenes only, like ornate courts.
    crowded_share: float = 0.0
    swash_q_share: float = 0.0
    pip_shapes_share: float = 0.0
    narrow_share: float = 0.0
    # Standard scenes whose corner indices are printed in one of a print shop's typefaces
    # (``Edition(typefaces=True)``, session 34). Training scenes only.
    typefaces_share: float = 0.0
    focus_share: float = 0.85  # views centred near a labelled index, so positives are not rare
    focus_jitter: float = 0.4  # how far (x the view side) a focused view strays from its index
    min_index_px: float = 7.0  # smaller indices cannot be read: neither positive nor negative
    min_visible: float = 0.6  # share of an index box that must lie inside the view
    pool_scenes: int = 24  # rendered scenes kept and re-cropped, so rendering is not the bottleneck
    views_per_scene: int = 6  # views taken per newly rendered scene (on average)
    workers: int = 1
    train_seeds_from: int = 1_000_000
    # Optimisation.
    lr: float = 2e-3
    weight_decay: float = 1e-4
    warmup_steps: int = 100
    minutes: float = 70.0
    max_steps: int = 1_000_000
    # Loss weights.
    w_size: float = 1.0
    w_offset: float = 1.0
    w_centre: float = 0.2  # targets are several index sizes long; keep them from dominating
    w_rank: float = 1.0
    w_colour: float = 1.0
    # Bookkeeping.
    val_scenes: int = 60
    val_every_minutes: float = 12.0
    ckpt_every_minutes: float = 4.0
    log_every: int = 20
    # Measured on the shared 2-core box while other jobs ran: one torch thread trains a step in
    # ~1.6 s, two threads in ~4.5 s (OpenMP threads wait on each other whenever one is preempted).
    threads: int = 1
    # Where the network trains ("cpu", "cuda"): scenes are rendered on the CPU either way, so
    # a GPU pays off only with many data ``workers`` (a lent GPU machine has 16 cores).
    device: str = "cpu"

    def __post_init__(self) -> None:
        check_train_seeds(self.train_seeds_from, (0, self.val_scenes))
        # The deck fixes the class heads' widths; ``shape`` only chooses the network's own.
        labels = self.labels
        object.__setattr__(self, "shape", dataclasses.replace(
            self.shape, n_ranks=len(labels.ranks), n_colours=len(labels.colours)))

    @property
    def labels(self) -> DeckLabels:
        return labels_for(self.deck)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Config:
        fields = dict(data)
        shape: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                 for k, v in fields["shape"].items()}
        fields["shape"] = NetShape(**shape)
        for name in ("input_hw", "scene_size", "scale_jitter", "closeup_zoom"):
            fields[name] = tuple(fields[name])
        return Config(**fields)


def dry_run_config(seed: int, deck: str = DEFAULT_DECK, init_from: str | None = None,
                   frozen_norm: bool = False) -> Config:
    return Config(
        seed=seed, deck=deck, init_from=init_from, frozen_norm=frozen_norm,
        input_hw=(256, 256), crop=128, batch=2, scene_size=(512, 384), pool_scenes=2,
        views_per_scene=1, workers=0, minutes=1.0, max_steps=2, warmup_steps=1, val_scenes=2,
        log_every=1,
    )


# --------------------------------------------------------------------------------------------
# Labels and targets


@dataclass(frozen=True)
class IndexTarget:
    """One readable corner index in view coordinates (pixels of the network input)."""

    box: tuple[float, float, float, float]
    card_centre: tuple[float, float]
    rank: int
    colour: int


@dataclass(frozen=True)
class Targets:
    """Dense training targets on the stride grid (numpy, one view)."""

    heatmap: np.ndarray  # [1,h,w] gaussian peaks, exactly 1 at the index-centre cell
    weight: np.ndarray  # [1,h,w] 0 inside ignored (unreadable / cut) indices
    log_size: np.ndarray  # [2,h,w]
    offset: np.ndarray  # [2,h,w]
    centre: np.ndarray  # [2,h,w] card-centre vector / index box size
    rank: np.ndarray  # [h,w] int64 class, -1 where no supervision
    colour: np.ndarray  # [h,w]
    reg_weight: np.ndarray  # [h,w] where size/centre/class are supervised (near a centre)
    offset_mask: np.ndarray  # [h,w] 1 at the centre cells only


def encode_targets(
    indices: Sequence[IndexTarget],
    ignore: Sequence[tuple[float, float, float, float]],
    grid_hw: tuple[int, int],
    stride: int,
) -> Targets:
    h, w = grid_hw
    heatmap = np.zeros((1, h, w), np.float32)
    weight = np.ones((1, h, w), np.float32)
    log_size = np.zeros((2, h, w), np.float32)
    offset = np.zeros((2, h, w), np.float32)
    centre = np.zeros((2, h, w), np.float32)
    rank = np.full((h, w), -1, np.int64)
    colour = np.full((h, w), -1, np.int64)
    reg_weight = np.zeros((h, w), np.float32)
    offset_mask = np.zeros((h, w), np.float32)
    for x0, y0, x1, y1 in ignore:
        gx0, gy0 = max(0, int(x0 // stride)), max(0, int(y0 // stride))
        gx1, gy1 = min(w, int(math.ceil(x1 / stride))), min(h, int(math.ceil(y1 / stride)))
        weight[0, gy0:gy1, gx0:gx1] = 0.0
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    for index in indices:
        x0, y0, x1, y1 = index.box
        bw, bh = max(1.0, x1 - x0), max(1.0, y1 - y0)  # log() and the centre ratio need > 0
        cx, cy = (x0 + x1) / 2 / stride, (y0 + y1) / 2 / stride
        ix, iy = int(cx), int(cy)
        if not (0 <= ix < w and 0 <= iy < h):
            continue
        # Spread grows with the index so large indices get a proportionally wide peak.
        sigma = max(0.5, math.sqrt(bw * bh) / stride / 6.0)
        r = int(math.ceil(3 * sigma))
        sl = (slice(max(0, iy - r), min(h, iy + r + 1)), slice(max(0, ix - r), min(w, ix + r + 1)))
        g = np.exp(-((xs[sl] - ix) ** 2 + (ys[sl] - iy) ** 2) / (2 * sigma**2))
        # Where two indices overlap, each cell belongs to the index whose peak is higher there.
        owns = g > heatmap[0][sl]
        heatmap[0][sl] = np.maximum(heatmap[0][sl], g)
        # Size, centre and class are taught on a 3x3..5x5 patch around the peak (within the
        # index), not just the peak: many more examples per image for the slow-to-learn rank,
        # and a peak found one cell off still reads right.
        rx = min(2, max(1, int(bw / stride / 2)))
        ry = min(2, max(1, int(bh / stride / 2)))
        near = owns & (np.abs(xs[sl] - ix) <= rx) & (np.abs(ys[sl] - iy) <= ry)
        reg_weight[sl][near] = 1.0
        log_size[0][sl][near] = math.log(bw / SIZE_UNIT)
        log_size[1][sl][near] = math.log(bh / SIZE_UNIT)
        centre[0][sl][near] = (index.card_centre[0] - (x0 + x1) / 2) / bw
        centre[1][sl][near] = (index.card_centre[1] - (y0 + y1) / 2) / bh
        rank[sl][near] = index.rank
        colour[sl][near] = index.colour
        offset[:, iy, ix] = (cx - ix, cy - iy)
        offset_mask[iy, ix] = 1.0
        heatmap[0, iy, ix] = 1.0
    weight = np.maximum(weight, (heatmap > 0).astype(np.float32))
    return Targets(heatmap, weight, log_size, offset, centre, rank, colour, reg_weight,
                   offset_mask)


# --------------------------------------------------------------------------------------------
# Views: scene -> network-input crop with its targets


def deployment_scale(scene_hw: tuple[int, int], input_hw: tuple[int, int]) -> float:
    """The factor by which the runtime's letterbox shrinks an image of this size."""
    return min(input_hw[0] / scene_hw[0], input_hw[1] / scene_hw[1])


def view_indices(
    scene: Any, origin: tuple[float, float], scale: float, view: int, cfg: Config
) -> tuple[list[IndexTarget], list[tuple[float, float, float, float]]]:
    """Map a scene's labels into a view; split them into readable targets and ignored boxes."""
    ox, oy = origin
    targets: list[IndexTarget] = []
    ignore: list[tuple[float, float, float, float]] = []
    for card in scene.cards:
        rank, colour = cfg.labels.parse(card.card)
        centre = ((card.centre[0] - ox) * scale, (card.centre[1] - oy) * scale)
        for bx0, by0, bx1, by1 in card.indices:
            box = ((bx0 - ox) * scale, (by0 - oy) * scale, (bx1 - ox) * scale, (by1 - oy) * scale)
            area = max(1e-6, (box[2] - box[0]) * (box[3] - box[1]))
            cut = (max(0.0, min(box[2], view) - max(box[0], 0.0))
                   * max(0.0, min(box[3], view) - max(box[1], 0.0)))
            if cut <= 0:
                continue
            readable = max(box[2] - box[0], box[3] - box[1]) >= cfg.min_index_px
            if readable and cut / area >= cfg.min_visible:
                targets.append(IndexTarget(box, centre, rank, colour))
            else:
                ignore.append(box)
    return targets, ignore


def crop_scaled(image: np.ndarray, origin: tuple[float, float], scale: float, view: int
                ) -> np.ndarray:
    """The view x view window of ``image`` resized by ``scale`` starting at ``origin`` (image px),
    padded with the runtime's letterbox grey where it leaves the image."""
    affine = np.array([[scale, 0, -origin[0] * scale], [0, scale, -origin[1] * scale]], np.float32)
    src = image
    if scale < 0.8:
        # Resample like the runtime's downscale would (area-averaged), not by point sampling.
        src = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        affine = np.array([[1, 0, -origin[0] * scale], [0, 1, -origin[1] * scale]], np.float32)
    return cv2.warpAffine(src, affine, (view, view), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(128, 128, 128))


def photometric(rgb: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Exposure/contrast/gamma/white-balance jitter, small enough never to move a hue across
    colour classes (the renderer already spans each colour's real hue range)."""
    x: np.ndarray = rgb.astype(np.float32) / 255.0
    x = x * rng.uniform(0.96, 1.04, size=3).astype(np.float32)
    mean = float(x.mean())
    x = (x - mean) * rng.uniform(0.8, 1.2) + mean * rng.uniform(0.85, 1.15)
    x = np.clip(x, 0.0, 1.0) ** rng.uniform(0.8, 1.25)
    return x.astype(np.float32)


def make_view(scene: Any, rng: np.random.Generator, cfg: Config
              ) -> tuple[np.ndarray, Targets]:
    """One training crop (RGB float [3,crop,crop]) and its targets."""
    scene_hw = scene.image.shape[:2]
    scale = deployment_scale(scene_hw, cfg.input_hw)
    scale *= math.exp(rng.uniform(*np.log(cfg.scale_jitter)))
    if rng.random() < cfg.closeup_share:
        scale *= rng.uniform(*cfg.closeup_zoom)
    window = cfg.crop / scale  # view side in scene pixels
    boxes = [b for card in scene.cards for b in card.indices]
    if boxes and rng.random() < cfg.focus_share:
        x0, y0, x1, y1 = boxes[int(rng.integers(len(boxes)))]
        fx, fy = (x0 + x1) / 2, (y0 + y1) / 2
        fx += rng.uniform(-cfg.focus_jitter, cfg.focus_jitter) * window
        fy += rng.uniform(-cfg.focus_jitter, cfg.focus_jitter) * window
    else:
        fx, fy = rng.uniform(0, scene_hw[1]), rng.uniform(0, scene_hw[0])
    origin = (fx - window / 2, fy - window / 2)
    bgr = crop_scaled(scene.image, origin, scale, cfg.crop)
    image = photometric(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB), rng).transpose(2, 0, 1)
    targets, ignore = view_indices(scene, origin, scale, cfg.crop, cfg)
    grid = cfg.crop // cfg.shape.stride
    return np.ascontiguousarray(image), encode_targets(targets, ignore, (grid, grid),
                                                       cfg.shape.stride)


# Each kind of training scene a seed may be drawn as has its own random stream ([seed, stream]),
# so a share of 0 leaves every other scene of a seed as it always was. Both trainers use them.
# The renderer draws content from [seed, n] too (harsh light 7, crowding 11, pips 12, narrow
# indices 13, phone look 14): a choice here that shares its number reads that content's first
# draw, so the two are correlated (CROWDED_STREAM with harsh light; PHONE_LOOK_STREAM with
# crowding: crowded scenes with a phone look draw their pip gap from the lowest share of its
# range). Kept for the recorded runs; a new kind should take a number from 21 on.
TABLE_STREAM, SCAN_STREAM, DEAL_STREAM, HARSH_STREAM, LOOSE_STREAM, ORNATE_STREAM = range(1, 7)
CROWDED_STREAM, SWASH_Q_STREAM, PIP_SHAPES_STREAM, NARROW_STREAM, PHONE_LOOK_STREAM = range(7, 12)
TYPEFACES_STREAM = 21


def drawn(seed: int, stream: int, share: float) -> bool:
    """Whether training scene ``seed`` is of the kind drawn from ``stream`` with ``share``.

    >>> drawn(5, DEAL_STREAM, 0.0), drawn(5, DEAL_STREAM, 1.0)
    (False, True)
    """
    return share > 0 and bool(np.random.default_rng([seed, stream]).random() < share)


#: Each ``Edition`` option (a field), its kind in both trainers' configs and flags (the
#: detector's ``{kind}_share`` and ``--{kind}-share``, the reader's ``{kind}_scene_share``) and
#: the stream its scenes are drawn from: one row per option, so the three cannot drift apart.
EDITION_TABLE = (("ornate_courts", "ornate", ORNATE_STREAM),
                 ("crowded_corners", "crowded", CROWDED_STREAM),
                 ("swash_q", "swash_q", SWASH_Q_STREAM),
                 ("pip_shapes", "pip_shapes", PIP_SHAPES_STREAM),
                 ("narrow_indices", "narrow", NARROW_STREAM),
                 ("typefaces", "typefaces", TYPEFACES_STREAM))
EDITION_KINDS = {option: kind for option, kind, _ in EDITION_TABLE}
EDITION_STREAMS = {option: stream for option, _, stream in EDITION_TABLE}
#: The kinds as the share flags spell them ("swash-q").
EDITION_FLAG_KINDS = tuple(kind.replace("_", "-") for kind in EDITION_KINDS.values())


def edition_shares(cfg: Any, suffix: str) -> dict[str, float]:
    """Each ``Edition`` option's share in a trainer's ``cfg``: its field ``{kind}{suffix}``.

    >>> edition_shares(Config(narrow_share=0.5), "_share")["narrow_indices"]
    0.5
    """
    return {option: getattr(cfg, f"{kind}{suffix}") for option, kind in EDITION_KINDS.items()}


def drawn_edition(seed: int, **shares: float) -> Edition:
    """The ``Edition`` training scene ``seed`` is printed in: each option named in ``shares``
    (an ``Edition`` field) drawn from its own stream with its share, as both trainers draw it.

    >>> drawn_edition(5, narrow_indices=1.0, swash_q=0.0).asked()
    ('narrow_indices',)
    """
    from models.synth import Edition

    return Edition(**{option: drawn(seed, EDITION_STREAMS[option], option_share)
                      for option, option_share in shares.items()})


def render_scene(seed: int, cfg: Config, layout: str | None = None,
                 family: str | None = None) -> Any:
    from models.synth import DEAL, LOOSE, PLAIN, TABLE, make_scan, make_scene

    rng = np.random.default_rng(seed)
    w, h = cfg.scene_size
    size = (h, w) if rng.random() < cfg.portrait_share else (w, h)
    # Validation names its layouts; training scenes draw theirs, their light and edition.
    training = layout is None
    edition = drawn_edition(seed, **edition_shares(cfg, "_share")) if training else PLAIN
    if training and drawn(seed, SCAN_STREAM, cfg.scan_share):
        return make_scan(seed, family=family, deck=cfg.deck, edition=edition)
    for kind, stream, kind_share in ((TABLE, TABLE_STREAM, cfg.table_share),
                                     (DEAL, DEAL_STREAM, cfg.deal_share),
                                     (LOOSE, LOOSE_STREAM, cfg.loose_share)):
        if layout is None and drawn(seed, stream, kind_share):
            layout = kind
    harsh = training and drawn(seed, HARSH_STREAM, cfg.harsh_share)
    phone = training and drawn(seed, PHONE_LOOK_STREAM, cfg.phone_share)
    return make_scene(seed, layout=layout, family=family, size=size, deck=cfg.deck,
                      harsh_light=harsh, edition=edition, phone_look=phone)


class SceneViews(IterableDataset[tuple[np.ndarray, Targets]]):
    """Endless training views; seeds ``first_seed, first_seed + 1, ...`` split over workers.

    A pool of recent scenes is re-cropped between renders: rendering a scene costs about as much
    CPU as several training views, and fresh crops at new scales of a scene are still new data.
    """

    def __init__(self, cfg: Config, first_seed: int) -> None:
        self.cfg = cfg
        self.first_seed = first_seed

    def __iter__(self) -> Iterator[tuple[np.ndarray, Targets]]:
        info = get_worker_info()
        worker, n_workers = (info.id, info.num_workers) if info else (0, 1)
        cv2.setNumThreads(1)
        rng = np.random.default_rng([self.cfg.seed, self.first_seed, worker])
        pool: list[Any] = []
        seed = self.first_seed + worker
        while True:
            if len(pool) < self.cfg.pool_scenes or rng.random() < 1 / self.cfg.views_per_scene:
                scene = render_scene(seed, self.cfg)
                seed += n_workers
                if len(pool) >= self.cfg.pool_scenes:
                    pool.pop(int(rng.integers(len(pool))))
                pool.append(scene)
            yield make_view(pool[int(rng.integers(len(pool)))], rng, self.cfg)


def collate(batch: list[tuple[np.ndarray, Targets]]) -> dict[str, torch.Tensor]:
    out = {"image": torch.from_numpy(np.stack([image for image, _ in batch]))}
    for field in dataclasses.fields(Targets):
        out[field.name] = torch.from_numpy(np.stack([getattr(t, field.name) for _, t in batch]))
    return out


# --------------------------------------------------------------------------------------------
# Loss


def focal_loss(logits: torch.Tensor, target: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    """CenterNet's penalty-reduced focal loss, normalised by the number of index centres."""
    pos = (target >= 1.0).float()
    log_p = F.logsigmoid(logits)
    log_not_p = F.logsigmoid(-logits)
    p = log_p.exp()
    pos_loss = pos * (1 - p) ** 2 * log_p
    neg_loss = (1 - pos) * (1 - target) ** 4 * p**2 * log_not_p * weight
    return -(pos_loss.sum() + neg_loss.sum()) / pos.sum().clamp(min=1.0)


def detection_loss(raw: torch.Tensor, batch: dict[str, torch.Tensor], cfg: Config
                   ) -> dict[str, torch.Tensor]:
    heads = split_heads(raw, cfg.shape)
    reg_w = batch["reg_weight"].unsqueeze(1)
    reg_norm = reg_w.sum().clamp(min=1.0)
    off_w = batch["offset_mask"].unsqueeze(1)
    parts = {
        "heatmap": focal_loss(heads.heatmap, batch["heatmap"], batch["weight"]),
        "size": ((heads.log_size - batch["log_size"]).abs() * reg_w).sum() / reg_norm,
        "offset": ((torch.sigmoid(heads.offset) - batch["offset"]).abs() * off_w).sum()
        / off_w.sum().clamp(min=1.0),
        "centre": ((heads.centre - batch["centre"]).abs() * reg_w).sum() / reg_norm,
        "rank": (F.cross_entropy(heads.rank, batch["rank"], ignore_index=-1, reduction="none")
                 * batch["reg_weight"]).sum() / reg_norm,
        "colour": (F.cross_entropy(heads.colour, batch["colour"], ignore_index=-1,
                                   reduction="none") * batch["reg_weight"]).sum() / reg_norm,
    }
    weights = {"heatmap": 1.0, "size": cfg.w_size, "offset": cfg.w_offset,
               "centre": cfg.w_centre, "rank": cfg.w_rank, "colour": cfg.w_colour}
    parts["total"] = sum((weights[k] * v for k, v in parts.items()), raw.new_zeros(()))
    return parts


# --------------------------------------------------------------------------------------------
# Validation: whole scenes, letterboxed exactly like the runtime does


@dataclass(frozen=True)
class ValScene:
    image: np.ndarray  # [3,H,W] float RGB, letterboxed network input
    cards: tuple[tuple[str, tuple[tuple[float, float, float, float], ...]], ...]  # input px
    layout: str
    family: str


@dataclass(frozen=True)
class Found:
    """A decoded index (input px) with its predicted token and card centre."""

    box: tuple[float, float, float, float]
    card_centre: tuple[float, float]
    token: str
    score: float


def letterbox(bgr: np.ndarray, input_hw: tuple[int, int]) -> tuple[np.ndarray, float,
                                                                      tuple[int, int]]:
    """Resize keeping aspect ratio into ``input_hw`` and pad with grey, centred."""
    scale = deployment_scale(bgr.shape[:2], input_hw)
    h, w = round(bgr.shape[0] * scale), round(bgr.shape[1] * scale)
    resized = cv2.resize(bgr, (w, h), interpolation=cv2.INTER_AREA)
    top, left = (input_hw[0] - h) // 2, (input_hw[1] - w) // 2
    canvas = np.full((*input_hw, 3), 128, np.uint8)
    canvas[top:top + h, left:left + w] = resized
    rgb = cv2.cvtColor(canvas, cv2.COLOR_BGR2RGB).astype(np.float32) / 255.0
    return rgb.transpose(2, 0, 1).copy(), scale, (left, top)


def build_val_set(cfg: Config) -> list[ValScene]:
    from models.synth import LAYOUTS
    from models.synth.scene import DECK_KITS

    families = DECK_KITS[cfg.deck].families
    scenes = []
    for seed in range(cfg.val_scenes):
        layout = LAYOUTS[seed % len(LAYOUTS)]
        family = families[(seed // len(LAYOUTS)) % len(families)]
        scene = render_scene(seed, cfg, layout=layout, family=family)
        image, scale, (left, top) = letterbox(scene.image, cfg.input_hw)
        cards = tuple(
            (card.card, tuple((x0 * scale + left, y0 * scale + top, x1 * scale + left,
                               y1 * scale + top) for x0, y0, x1, y1 in card.indices))
            for card in scene.cards
        )
        scenes.append(ValScene(image, cards, scene.layout, scene.family))
    return scenes


def decode(outputs: Sequence[np.ndarray], stride: int, threshold: float, labels: DeckLabels
           ) -> list[Found]:
    """Contract-2 outputs of one image -> indices above ``threshold`` (3x3 local maxima)."""
    heatmap, size, offset, centre, rank, colour = (o[0] for o in outputs)
    pooled = F.max_pool2d(torch.from_numpy(heatmap)[None], 3, 1, 1)[0].numpy()
    peaks = np.argwhere((heatmap[0] >= threshold) & (heatmap[0] == pooled[0]))
    found = []
    for gy, gx in peaks:
        cx = (gx + offset[0, gy, gx]) * stride
        cy = (gy + offset[1, gy, gx]) * stride
        bw, bh = size[0, gy, gx], size[1, gy, gx]
        r, c = int(rank[:, gy, gx].argmax()), int(colour[:, gy, gx].argmax())
        score = float(heatmap[0, gy, gx] * rank[r, gy, gx]
                      * (1.0 if labels.is_colourless(r) else colour[c, gy, gx]))
        found.append(Found((cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2),
                           (cx + centre[0, gy, gx], cy + centre[1, gy, gx]),
                           labels.token(r, c), score))
    return sorted(found, key=lambda f: -f.score)


def group_cards(found: Sequence[Found]) -> list[list[Found]]:
    """Indices of one card point at one card centre: same token + nearby centre -> one card."""
    cards: list[list[Found]] = []
    for f in found:  # highest score first
        side = max(f.box[2] - f.box[0], f.box[3] - f.box[1])
        for members in cards:
            head = members[0]
            if (head.token == f.token and math.dist(head.card_centre, f.card_centre)
                    <= 0.5 * side):
                members.append(f)
                break
        else:
            cards.append([f])
    return cards


@dataclass
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    hands: int = 0
    exact: int = 0

    def f1(self) -> float:
        return 2 * self.tp / max(1, 2 * self.tp + self.fp + self.fn)

    def summary(self) -> dict[str, float]:
        return {"precision": round(self.tp / max(1, self.tp + self.fp), 4),
                "recall": round(self.tp / max(1, self.tp + self.fn), 4),
                "f1": round(self.f1(), 4),
                "hand_exact": round(self.exact / max(1, self.hands), 4), "hands": self.hands}


def score_scene(scene: ValScene, found: Sequence[Found], confusion: Counter[tuple[str, str]]
                ) -> tuple[int, int, int]:
    """Card-level TP/FP/FN: a predicted card is right if one of its indices lies on an index of
    an unclaimed true card with the same token."""
    truth = [(token, box) for token, boxes in scene.cards for box in boxes]
    owner = [i for i, (_, boxes) in enumerate(scene.cards) for _ in boxes]
    claimed: set[int] = set()
    tp = fp = 0
    for members in group_cards(found):
        hit = None
        for f in members:
            fx, fy = (f.box[0] + f.box[2]) / 2, (f.box[1] + f.box[3]) / 2
            for k, (token, (x0, y0, x1, y1)) in enumerate(truth):
                tol = 0.5 * max(x1 - x0, y1 - y0)
                if math.dist((fx, fy), ((x0 + x1) / 2, (y0 + y1) / 2)) <= tol:
                    if token != f.token:
                        confusion[(token, f.token)] += 1
                    elif owner[k] not in claimed:
                        hit = owner[k]
            if hit is not None:
                break
        if hit is None:
            fp += 1
        else:
            claimed.add(hit)
            tp += 1
    return tp, fp, len(scene.cards) - len(claimed)


def evaluate(run_model: Any, scenes: Sequence[ValScene], stride: int, labels: DeckLabels,
             thresholds: Sequence[float] = (0.2, 0.3, 0.4, 0.5)) -> dict[str, Any]:
    """Card P/R/F1 and whole-hand exact rate, per threshold, layout and family."""
    outputs = [run_model(scene.image[None]) for scene in scenes]
    results: dict[str, Any] = {}
    best = (-1.0, thresholds[0])
    for threshold in thresholds:
        tallies: dict[str, Tally] = {}
        confusion: Counter[tuple[str, str]] = Counter()
        for scene, out in zip(scenes, outputs, strict=True):
            tp, fp, fn = score_scene(scene, decode(out, stride, threshold, labels),
                                         confusion)
            for key in ("all", f"layout={scene.layout}", f"family={scene.family}"):
                t = tallies.setdefault(key, Tally())
                t.tp, t.fp, t.fn, t.hands = t.tp + tp, t.fp + fp, t.fn + fn, t.hands + 1
                t.exact += int(fp == 0 and fn == 0)
        results[f"{threshold:.2f}"] = {
            "cards": {k: v.summary() for k, v in sorted(tallies.items())},
            "confusions": [f"{a}->{b}: {n}" for (a, b), n in confusion.most_common(12)],
        }
        best = max(best, (tallies["all"].f1(), threshold))
    results["best_threshold"] = best[1]
    results["best_f1"] = best[0]
    return results


def torch_runner(model: Detector) -> Any:
    exported = Exported(model).eval()
    device = next(model.parameters()).device

    def run(image: np.ndarray) -> list[np.ndarray]:
        with torch.no_grad():
            return [o.cpu().numpy() for o in exported(torch.from_numpy(image).to(device))]

    return run


# --------------------------------------------------------------------------------------------
# Export


def save_verified_onnx(fused: torch.nn.Module, reference: torch.nn.Module, dummy: torch.Tensor,
                       path: Path, input_name: str, output_names: Sequence[str],
                       meta: dict[str, str], tolerance: float,
                       dynamic_axes: dict[str, dict[int, str]] | None = None) -> Path:
    """Export ``fused`` to ``path`` with ``meta`` as metadata_props, check the graph, and make
    sure onnxruntime reproduces ``reference`` (the unfused model) on ``dummy`` within
    ``tolerance``. Shared by the detector and the crop reader."""
    import onnx
    import onnxruntime as ort

    path.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        # The TorchScript exporter is deprecated, but the dynamo one needs onnxscript, which is
        # not installed; these graphs (convs, resize, activations) suit the old one best.
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(fused, (dummy,), str(path), input_names=[input_name],
                          output_names=list(output_names), opset_version=17, dynamo=False,
                          dynamic_axes=dynamic_axes)
    graph = onnx.load(str(path))
    for key, value in meta.items():
        entry = graph.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.checker.check_model(graph)
    onnx.save(graph, str(path))
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    with torch.no_grad():
        expected = [o.numpy() for o in reference.eval()(dummy)]
    got = session.run(None, {input_name: dummy.numpy()})
    worst = max(float(np.abs(a - b).max()) for a, b in zip(expected, got, strict=True))
    if worst > tolerance:
        raise RuntimeError(f"ONNX export disagrees with torch by {worst:.3g}")
    return path


def export_onnx(model: Detector, cfg: Config, path: Path, threshold: float, trained: str,
                metrics: dict[str, Any] | None = None) -> Path:
    """Write the Contract-2 ONNX file (BatchNorm folded, fixed input size, labels as metadata)
    and check that onnxruntime reproduces torch's outputs on a random input."""
    fused = Exported(fuse_batchnorm(copy.deepcopy(model).eval())).eval()
    dummy = torch.rand(1, 3, *cfg.input_hw)
    meta = {
        "stride": str(cfg.shape.stride),
        "ranks": json.dumps(list(cfg.labels.ranks)),
        "colours": json.dumps(list(cfg.labels.colours)),
        "deck": cfg.deck,
        "version": MODEL_VERSION,
        "trained": trained,
        "threshold": f"{threshold:.2f}",
        "index": "corner index; centre = index centre, size in input px, letterbox grey 0.5",
    }
    if metrics is not None:
        meta["validation"] = json.dumps(metrics)
    return save_verified_onnx(fused, Exported(model.eval()), dummy, path, "image", OUTPUT_NAMES,
                              meta, tolerance=1e-2)


# --------------------------------------------------------------------------------------------
# Training loop


def learning_rate(cfg: Config, step: int, progress: float) -> float:
    """Linear warm-up, then cosine decay over the run's progress (time or steps, whichever
    is further along) down to 2 % of the peak."""
    if step < cfg.warmup_steps:
        return cfg.lr * (step + 1) / cfg.warmup_steps
    return cfg.lr * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * min(1.0, progress))))


def save_checkpoint(path: Path, state: dict[str, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    torch.save(state, tmp)
    tmp.replace(path)  # atomic: a kill mid-save never leaves a broken checkpoint


#: The detector's layer that outputs the rank and colour classes (``Detector.classify``'s last
#: conv). Without a class branch the classes share ``predict`` with the geometry: kept whole.
CLASS_LAYERS = ("classify.2.",)


def load_matching(model: torch.nn.Module, checkpoint: str | Path, deck: str,
                  class_layers: Sequence[str], half: str = DETECTOR,
                  widen_seed: int | None = None) -> tuple[int, int]:
    """Start ``model`` from ``checkpoint``: every tensor whose name and shape match is copied,
    the others keep their fresh initialisation. Returns (loaded, kept fresh) tensor counts.

    ``checkpoint`` may also be an exported ``.onnx`` file (a committed model): its ``half``
    (detector or reader) is mapped back onto the network by ``models.recover``, and the run
    must then keep its BatchNorm frozen (``frozen_norm``). With ``widen_seed``, a reader wider
    than the file's grows from it (``models.widen``).

    ``class_layers`` (name prefixes) stay fresh too when the checkpoint learnt another deck:
    both decks have 14 ranks and 5 colours, so the shapes agree, but every class there means
    another card."""
    if Path(checkpoint).suffix == ".onnx":
        weights = recovered_state(model, Path(checkpoint), half, widen_seed)
        source_deck = onnx_deck(Path(checkpoint))
    else:
        state = torch.load(checkpoint, weights_only=False, map_location="cpu")
        weights, source_deck = state["model"], state["config"].get("deck", DEFAULT_DECK)
    fresh = tuple(class_layers) if source_deck != deck else ()
    own = model.state_dict()
    matching = {name: tensor for name, tensor in weights.items()
                if name in own and tensor.shape == own[name].shape
                and not name.startswith(fresh)}
    model.load_state_dict(matching, strict=False)
    kept = sorted(set(own) - set(matching))
    LOG.info("init from %s (deck %s): loaded %d tensors, kept %d fresh%s", checkpoint,
             source_deck, len(matching), len(kept), f" ({', '.join(kept)})" if kept else "")
    return len(matching), len(kept)



class Every:
    """A timer on the run's own clock (seconds of training, which a resumed run carries on):
    ``due(elapsed)`` is true once each ``seconds``. Validation and checkpoints use it.

    >>> timer = Every(60, elapsed=0)
    >>> [timer.due(t) for t in (30, 61, 90, 125)]
    [False, True, False, True]
    """

    def __init__(self, seconds: float, elapsed: float) -> None:
        self.seconds = seconds
        self.next = elapsed + seconds

    def due(self, elapsed: float) -> bool:
        if elapsed < self.next:
            return False
        self.next = elapsed + self.seconds
        return True


def start_weights(model: torch.nn.Module, cfg: Any, state_in: dict[str, Any] | None,
                  class_layers: tuple[str, ...], command: str, log: logging.Logger,
                  half: str = DETECTOR) -> torch.optim.Optimizer:
    """The run's optimiser, with model and optimiser state from the checkpoint being resumed,
    or else the matching weights of ``cfg.init_from``; logs what the run starts from (both
    training scripts start this way)."""
    optimiser = torch.optim.AdamW(model.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    if state_in is not None:
        model.load_state_dict(state_in["model"])
        optimiser.load_state_dict(state_in["optimiser"])
        log.info("resumed at step %d (%.1f min)", state_in["step"], state_in["elapsed"] / 60)
    elif cfg.init_from is not None:
        load_matching(model, cfg.init_from, cfg.deck, class_layers, half, widen_seed=cfg.seed)
    log.info("command: %s", command)
    log.info("config: %s", json.dumps(cfg.to_json()))
    log.info("parameters: %d", count_parameters(model))
    return optimiser


def resumed_best(state_in: dict[str, Any], key: str, validation: str,
                 log: logging.Logger) -> float:
    """The score a resumed run's ``best.pt`` has to beat: the checkpoint's ``key``, unless it
    was measured on other validation data (``validation`` names the data now used; a newer
    labelling rule renders other labels from the same seeds). Then the next validation sets
    the bar, so that ``best.pt`` is chosen on the data now used. Checkpoints from before the
    name was recorded count as other data.

    >>> quiet = logging.getLogger("doctest")
    >>> resumed_best({"best": 0.8, "validation": "v1"}, "best", "v1", quiet)
    0.8
    >>> resumed_best({"best": 0.8, "validation": "v1"}, "best", "v2", quiet)
    -1.0
    """
    if state_in.get("validation") == validation:
        return float(state_in[key])
    log.info("validation data differ from the checkpoint's (%s, now %s): its best %s %.4f no "
             "longer compares; the next validation sets the bar", state_in.get("validation"),
             validation, key, state_in[key])
    return -1.0


def validation_name(cfg: Config) -> str:
    """Names the detector's validation scenes and labels (what ``best_f1`` was measured on)."""
    from models.synth import MIN_MARK_VISIBLE

    recipe = {"deck": cfg.deck, "val_scenes": cfg.val_scenes, "scene_size": cfg.scene_size,
              "portrait_share": cfg.portrait_share, "input_hw": cfg.input_hw,
              "min_mark_visible": MIN_MARK_VISIBLE}
    digest = hashlib.sha1(json.dumps(recipe, sort_keys=True).encode()).hexdigest()[:10]
    return f"scenes-{digest}"


def training_device(name: str) -> torch.device:
    """The torch device a run trains on; a SystemExit says why ``name`` cannot be used (a run
    resumed on a machine without the GPU it started on names ``--device cpu``).

    >>> training_device("cpu")
    device(type='cpu')
    >>> training_device("gpu")
    Traceback (most recent call last):
    SystemExit: error: --device 'gpu' is not a torch device (e.g. cpu, cuda, cuda:1)
    """
    try:
        device = torch.device(name)
    except RuntimeError:
        raise SystemExit(f"error: --device {name!r} is not a torch device (e.g. cpu, cuda, "
                         "cuda:1)") from None
    if device.type == "cuda" and not torch.cuda.is_available():
        raise SystemExit(f"error: --device {name!r}: this machine has no CUDA GPU that torch "
                         "can use (resume with --device cpu)")
    return device


def train(cfg: Config, run_dir: Path, resume: bool, command: str, show_progress: bool = True,
          budget_overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """Train until the time or step budget is spent. ``budget_overrides`` (budget, threads and
    the view settings given on the command line) also apply to a resumed run, whose other
    settings come from its checkpoint."""
    torch.manual_seed(cfg.seed)
    torch.set_num_threads(cfg.threads)
    # OpenCV's thread pool does not survive the fork into the data worker (it deadlocks there),
    # and the worker only renders: one OpenCV thread per process.
    cv2.setNumThreads(1)
    run_dir.mkdir(parents=True, exist_ok=True)
    step, elapsed, seen, best_f1 = 0, 0.0, 0, -1.0
    last = run_dir / "last.pt"
    state_in = None
    if resume:
        state_in = torch.load(last, weights_only=False, map_location="cpu")
        cfg = dataclasses.replace(Config.from_json(state_in["config"]),
                                  **(budget_overrides or {}))
        step, elapsed, seen = state_in["step"], state_in["elapsed"], state_in["seen"]
        # The model card must name every command that shaped the weights, not just the last.
        command = f"{state_in['command']} && {command}"
    validation = validation_name(cfg)
    if state_in is not None:
        best_f1 = resumed_best(state_in, "best_f1", validation, LOG)
    # Built from the run's own config: a resumed run's deck and shape come from its checkpoint.
    device = training_device(cfg.device)
    # On the device before the optimiser exists: its state then lives there too.
    model = Detector(cfg.shape).to(device)
    optimiser = start_weights(model, cfg, state_in, CLASS_LAYERS, command, LOG)
    val_set = build_val_set(cfg)
    LOG.info("validation: %d scenes (seeds 0..%d)", len(val_set), cfg.val_scenes - 1)
    # Seeds of a resumed run continue where the old stream could at most have reached.
    data = SceneViews(cfg, cfg.train_seeds_from + step * cfg.batch)
    loader = DataLoader(data, batch_size=cfg.batch, num_workers=cfg.workers, collate_fn=collate,
                        persistent_workers=cfg.workers > 0, pin_memory=device.type == "cuda")
    budget = cfg.minutes * 60
    started = time.monotonic() - elapsed
    checkpoint_timer = Every(cfg.ckpt_every_minutes * 60, elapsed)
    validation_timer = Every(cfg.val_every_minutes * 60, elapsed)
    history: dict[str, float] = {}
    report: dict[str, Any] = {}
    bar = tqdm(total=int(budget), unit="s", disable=not show_progress, mininterval=5,
               initial=int(elapsed), desc="train")

    def state() -> dict[str, Any]:
        return {"config": cfg.to_json(), "model": model.state_dict(),
                "optimiser": optimiser.state_dict(), "step": step, "elapsed": elapsed,
                "seen": seen, "best_f1": best_f1, "validation": validation,
                "command": command}

    def validate() -> None:
        nonlocal best_f1, report
        model.eval()
        t0 = time.monotonic()
        report = evaluate(torch_runner(model), val_set, cfg.shape.stride, cfg.labels)
        set_training(model, cfg.frozen_norm)
        top = report[f"{report['best_threshold']:.2f}"]
        LOG.info("val step %d: best threshold %.2f, cards %s (%.0f s)", step,
                 report["best_threshold"], json.dumps(top["cards"]), time.monotonic() - t0)
        LOG.info("val confusions: %s", "; ".join(top["confusions"]) or "none")
        if report["best_f1"] > best_f1:
            best_f1 = report["best_f1"]
            save_checkpoint(run_dir / "best.pt", {**state(), "val": report})
            LOG.info("new best F1 %.4f -> best.pt", best_f1)

    set_training(model, cfg.frozen_norm)
    for batch in loader:
        elapsed = time.monotonic() - started
        if step >= cfg.max_steps or elapsed >= budget:
            break
        lr = learning_rate(cfg, step, max(elapsed / budget, step / cfg.max_steps))
        for group in optimiser.param_groups:
            group["lr"] = lr
        batch = {name: tensor.to(device, non_blocking=True) for name, tensor in batch.items()}
        parts = detection_loss(model(batch["image"]), batch, cfg)
        optimiser.zero_grad(set_to_none=True)
        parts["total"].backward()  # type: ignore[no-untyped-call]
        torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
        optimiser.step()
        step += 1
        seen += cfg.batch
        for k, v in parts.items():
            value = v.item()
            history[k] = 0.9 * history.get(k, value) + 0.1 * value
        bar.update(int(elapsed) - bar.n)
        bar.set_postfix(step=step, loss=f"{history['total']:.3f}")
        if step % cfg.log_every == 0:
            LOG.info("step %d  %.1f min  lr %.2e  views %d  %s", step, elapsed / 60, lr, seen,
                     "  ".join(f"{k} {v:.3f}" for k, v in history.items()))
        if validation_timer.due(elapsed):
            validate()
        if checkpoint_timer.due(elapsed):
            save_checkpoint(last, state())
    bar.close()
    elapsed = time.monotonic() - started
    validate()
    save_checkpoint(last, state())
    LOG.info("finished: %d steps, %d views, %.1f min, best F1 %.4f", step, seen, elapsed / 60,
             best_f1)
    return {"steps": step, "views": seen, "minutes": elapsed / 60, "best_f1": best_f1}


def export_checkpoint(checkpoint: Path, out: Path) -> Path:
    state = torch.load(checkpoint, weights_only=False, map_location="cpu")
    cfg = Config.from_json(state["config"])
    model = Detector(cfg.shape)
    model.load_state_dict(state["model"])
    model.eval()
    val = state.get("val")
    threshold = val["best_threshold"] if val else 0.3
    metrics = val[f"{threshold:.2f}"]["cards"] if val else None
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    trained = (f"{when}; {state['step']} steps, {state['seen']} views, "
               f"{state['elapsed'] / 60:.0f} min; {state['command']}")
    return export_onnx(model, cfg, out, threshold, trained, metrics)


# --------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m models.train",
        description="Train the corner-index detector on synthetic scenes; export ONNX.")
    parser.add_argument("--seed", type=int, default=0, help="torch/numpy seed (default 0)")
    parser.add_argument("--run-dir", type=Path, default=Path("runs/main"),
                        help="checkpoints and train.log go here (default runs/main)")
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
    parser.add_argument("--threads", type=int,
                        help=f"torch threads (default {Config.threads})")
    add_machine_arguments(parser, Config)
    parser.add_argument("--crop", type=int,
                        help=f"training view side in px (default {Config.crop})")
    parser.add_argument("--batch", type=int, help=f"views per step (default {Config.batch})")
    parser.add_argument("--focus-jitter", type=float,
                        help="how far focused views stray from their index, x view side")
    for kind in ("table", "deal", "loose", *EDITION_FLAG_KINDS, "scan", "harsh", "phone"):
        add_share_argument(parser, f"--{kind}-share", kind, Config)
    add_train_seeds_argument(parser, Config)
    parser.add_argument("--w-centre", type=positive,
                        help=f"weight of the card-centre loss (default {Config.w_centre:g}; may "
                             "change on --resume to fine-tune where sightings point)")
    add_schedule_arguments(parser, Config)
    add_fresh_run_arguments(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser.parse_args(argv)


# What each kind of training scene is, for both trainers' share flags.
SCENE_KINDS = {
    "closeup": "that are close-ups of 1-3 cards",
    "table": "that are hands dealt on a table",
    "deal": "that are a deck dealt out into tight fans, cascades and rows",
    "loose": "that are a deck dealt out loose and shot from near: open fans and rows of large "
             "cards",
    "ornate": "whose court cards carry busy printed artwork",
    "crowded": "whose pips and court frames sit right beside the corner index, dealt hands "
               "squared up to strips barely wider than it",
    "swash-q": "whose Q is printed as Bicycle-like decks print it, a swash tail under a narrow "
               "bowl",
    "pip-shapes": "whose suit pips are drawn as a deck of its own draws them (spade leaf, club "
                  "lobes, stem, ink bleed) instead of a stock variant",
    "narrow": "whose corner indices are printed in thin condensed fonts, as real Bicycle-like "
              "decks print them",
    "typefaces": "whose corner indices are printed in one of a print shop's typefaces (book "
                 "serifs, grotesques, geometric sans) instead of the stock fonts",
    "scan": "that are single-card scans",
    "harsh": "under harsh light: hard-edged shadows, bright streaks",
    "phone": "through a phone camera's own processing: noise reduction, sharpening halos, "
             "colour fringes, a contrast curve",
}


def check_train_seeds(train_seeds_from: int, val_seeds: tuple[int, int]) -> None:
    """Refuse training scenes that start inside the validation seeds (first seed, count).

    >>> check_train_seeds(5, (0, 60))
    Traceback (most recent call last):
    ...
    ValueError: training scenes from seed 5 would be the validation scenes (seeds 0..59)
    """
    first, count = val_seeds
    if first <= train_seeds_from < first + count:
        raise ValueError(f"training scenes from seed {train_seeds_from} would be the "
                         f"validation scenes (seeds {first}..{first + count - 1})")


def _default(defaults: object, field: str) -> str:
    """A Config field's default as the help shows it (``defaults``: the script's Config)."""
    value = getattr(defaults, field)
    return f"{value:g}" if isinstance(value, float) else str(value)


def add_train_seeds_argument(parser: argparse.ArgumentParser, defaults: object) -> None:
    """``--train-seeds-from`` (shared with models.reader)."""
    parser.add_argument("--train-seeds-from", type=int, metavar="SEED",
                        help="first training scene seed (default "
                             f"{_default(defaults, 'train_seeds_from')}); a fine-tune from "
                             "another run's weights sees fresh scenes with its own")


def add_share_argument(parser: argparse.ArgumentParser, flag: str, kind: str,
                       defaults: object, resumable: bool = False) -> None:
    """``flag``: the share of training scenes of ``kind`` (a key of ``SCENE_KINDS``); its
    default is the field of ``defaults`` (the script's Config) the flag names."""
    field = flag.removeprefix("--").replace("-", "_")
    note = "; may change on --resume" if resumable else ""
    parser.add_argument(flag, type=share, metavar="SHARE",
                        help=f"share of training scenes {SCENE_KINDS[kind]} (default "
                             f"{_default(defaults, field)}{note})")


def share(text: str) -> float:
    """A command-line share: a number from 0 to 1.

    >>> share("0.1")
    0.1
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be a number from 0 to 1, not {text!r}")
    return value


def worker_count(text: str) -> int:
    """A command-line count of data workers: a whole number from 0.

    >>> worker_count("14")
    14
    >>> worker_count("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be a whole number from 0, not '-1'
    """
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"must be a whole number from 0, not {text!r}")
    return int(text)


def positive(text: str) -> float:
    """A command-line number above zero.

    >>> positive("1e-3")
    0.001
    >>> positive("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be a number above 0, not '0'
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0.0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text!r}")
    return value


def add_schedule_arguments(parser: argparse.ArgumentParser, defaults: object) -> None:
    """``--lr`` (shared with models.reader), which may change on ``--resume``."""
    parser.add_argument("--lr", type=positive,
                        help=f"peak learning rate (default {_default(defaults, 'lr')}). The "
                             "cosine follows the "
                             "share of --minutes spent, so resuming with more minutes climbs "
                             "back up it; a lower peak there keeps the restart gentle")


def add_machine_arguments(parser: argparse.ArgumentParser, defaults: object) -> None:
    """``--workers`` and ``--device`` (shared with models.reader), which may change on
    ``--resume``: a run started on one machine can go on on another."""
    parser.add_argument("--workers", type=worker_count,
                        help="data worker processes rendering scenes, 0 to render in the "
                             f"training process (default {_default(defaults, 'workers')})")
    parser.add_argument("--device", help="torch device to train on, e.g. cuda (default: cpu)")


def add_fresh_run_arguments(parser: argparse.ArgumentParser) -> None:
    """``--deck`` and ``--init-from``, which set up a fresh run (shared with models.reader)."""
    parser.add_argument("--deck", choices=tuple(DECK_LABELS),
                        help=f"whose cards to learn (default {DEFAULT_DECK}; not with --resume)")
    parser.add_argument("--init-from", type=Path, metavar="CHECKPOINT",
                        help="start from CHECKPOINT's weights of matching name and shape; its "
                             "class layers too if it learnt the same deck (not with --resume). "
                             "An exported .onnx file (e.g. models/standard.onnx) works too: its "
                             "weights are recovered and BatchNorm stays frozen")


def fresh_run_fields(args: argparse.Namespace, fresh_only: Sequence[str] = ()) -> dict[str, Any]:
    """The Config fields ``--deck``/``--init-from`` give, and those of the script's own flags
    named in ``fresh_only`` that were given; a ValueError says why they cannot be used. A
    resumed run takes them all from its checkpoint, so giving them there is a mistake."""
    if args.resume and (args.deck is not None or args.init_from is not None):
        raise ValueError("--deck and --init-from set up a fresh run; --resume takes both from "
                         "the checkpoint")
    given = {name: getattr(args, name) for name in fresh_only if getattr(args, name) is not None}
    if args.resume and given:
        flag = "--" + next(iter(given)).replace("_", "-")
        raise ValueError(f"{flag} sets up a fresh run; --resume keeps the checkpoint's")
    if args.init_from is not None and not args.init_from.is_file():
        raise ValueError(f"no checkpoint at {args.init_from}")
    return {"deck": args.deck or DEFAULT_DECK,
            "init_from": None if args.init_from is None else str(args.init_from),
            "frozen_norm": args.init_from is not None and args.init_from.suffix == ".onnx",
            **given}


def setup_logging(log_file: Path | None) -> None:
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.FileHandler(log_file))
    logging.basicConfig(level=logging.INFO, handlers=handlers, force=True,
                        format="%(asctime)s %(levelname)s %(message)s")


# The flags a dry run leaves at its own small values: how long, how many, how big.
DRY_RUN_SIZE = ("minutes", "max_steps", "workers", "crop", "batch")


def run_script(args: argparse.Namespace, command: str, *, config: Callable[..., Any],
               dry_run_config: Callable[..., Any], train: Callable[..., dict[str, Any]],
               export: Callable[[Path, Path], Path], overrides: Sequence[str],
               dry_run_name: str, fresh_only: Sequence[str] = ()) -> int:
    """What both training scripts do with their parsed command line: ``--export-only``,
    ``--dry-run`` (in a temporary folder), or a fresh or resumed run in ``--run-dir`` whose
    budget fields named in ``overrides`` come from the flags, then the export to ``--out``.
    The fields named in ``fresh_only`` come from their flags on fresh runs and dry runs, and
    are refused with ``--resume``."""
    if args.export_only is not None:
        if args.out is None:
            print("error: --export-only needs --out", file=sys.stderr)
            return 2
        if not args.export_only.is_file():
            return _missing(args.export_only, "checkpoint")
        print(export(args.export_only, args.out))
        return 0
    try:
        fresh = fresh_run_fields(args, fresh_only)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    budget = {name: getattr(args, name) for name in overrides
              if getattr(args, name) is not None}
    if args.dry_run:
        # What to train on and how (shares, rate, seeds, device) comes from the flags as a long
        # run would take them, so a dry run checks that run's command (it once left them all
        # out: --train-seeds-from inside the validation seeds went unsaid); its size stays small.
        given = {name: value for name, value in budget.items() if name not in DRY_RUN_SIZE}
        try:
            cfg = dataclasses.replace(dry_run_config(args.seed, **fresh), **given)
        except ValueError as error:  # a flag the config refuses
            print(f"error: {error}", file=sys.stderr)
            return 2
        with tempfile.TemporaryDirectory(prefix=f"phaselens-{dry_run_name}-dry-") as tmp:
            run_dir = Path(tmp)
            setup_logging(run_dir / "train.log")
            summary = _trained(train, cfg, run_dir, False, command,
                               show_progress=not args.no_progress)
            if summary is None:
                return 2
            onnx_path = export(run_dir / "best.pt", run_dir / f"{dry_run_name}.onnx")
            print(json.dumps({**summary, "onnx_bytes": onnx_path.stat().st_size}))
        return 0
    if args.resume and not (args.run_dir / "last.pt").is_file():
        return _missing(args.run_dir / "last.pt", "checkpoint to resume")
    try:
        cfg = dataclasses.replace(config(seed=args.seed, **fresh), **budget)
    except ValueError as error:  # a flag the config refuses
        print(f"error: {error}", file=sys.stderr)
        return 2
    setup_logging(args.run_dir / "train.log")
    summary = _trained(train, cfg, args.run_dir, args.resume, command,
                       show_progress=not args.no_progress, budget_overrides=budget)
    if summary is None:
        return 2
    if args.out is not None:
        export(args.run_dir / "best.pt", args.out)
        summary["onnx"] = str(args.out)
    print(json.dumps(summary))
    return 0


def _trained(train: Callable[..., dict[str, Any]], *args: Any,
             **kwargs: Any) -> dict[str, Any] | None:
    """``train``'s summary, or ``None`` after saying why an ``--init-from`` file's weights do
    not fit the network (another architecture, a reader narrower than the file's)."""
    try:
        return train(*args, **kwargs)
    except RecoverError as error:
        print(f"error: {error}", file=sys.stderr)
        return None


def _missing(path: Path, what: str) -> int:
    print(f"error: no {what} at {path}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    command = "python -m models.train " + shlex.join(sys.argv[1:] if argv is None else argv)
    return run_script(
        args, command, config=Config, dry_run_config=dry_run_config, train=train,
        export=export_checkpoint, dry_run_name="detector",
        overrides=("minutes", "max_steps", "threads", "workers", "device", "crop", "batch",
                   "focus_jitter", "lr", "w_centre", "table_share", "deal_share",
                   "scan_share", "harsh_share", "phone_share", "loose_share",
                   *(f"{kind}_share" for kind in EDITION_KINDS.values()), "train_seeds_from"),
    )


if __name__ == "__main__":
    raise SystemExit(main())
