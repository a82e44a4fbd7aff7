"""The second-stage index reader: the shared crop function, the training data, a dry run, and
merging/splitting detector + reader ONNX files (on tiny graphs made here).

Crop tests need only numpy and OpenCV; training tests need torch and merge tests onnx
(requirements-train.txt) and are skipped with the reason shown where those are missing.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections import Counter
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from vision.crops import PAD_VALUE, READ_VIEWS, CropView, extract_crops
from vision.find import PAD_VALUE as FIND_PAD_VALUE

# --------------------------------------------------------------------------------------------
# vision.crops.extract_crops


def _stripes(height: int = 120, width: int = 160) -> np.ndarray:
    """A BGR image whose every pixel is distinct enough to tell crops apart."""
    ys, xs = np.mgrid[0:height, 0:width]
    return np.stack([xs % 256, ys % 256, (xs * 7 + ys * 3) % 256], -1).astype(np.uint8)


def test_crop_shape_type_and_range() -> None:
    crops = extract_crops(_stripes(), [(10, 10, 30, 40), (50.5, 60.2, 70.1, 75.9)], 32, 1.5)
    assert crops.shape == (2, 3, 32, 32)
    assert crops.dtype == np.float32
    assert crops.min() >= 0.0 and crops.max() <= 1.0


def test_crop_is_rgb_and_centred_on_the_box() -> None:
    image = np.zeros((100, 100, 3), np.uint8)
    image[40:60, 20:40] = (0, 0, 255)  # a red patch (BGR) under the box
    crops = extract_crops(image, [(20, 40, 40, 60)], size=16, context=1.5)
    centre = crops[0, :, 6:10, 6:10]
    assert centre[0].min() == 1.0 and centre[1:].max() == 0.0  # red, in RGB order
    assert crops[0, 0, 0, 0] == 0.0  # the corner lies outside the patch (context 1.5)


def test_crop_follows_the_box_when_the_photo_moves() -> None:
    image = _stripes()
    shifted = np.roll(image, (7, 11), axis=(0, 1))
    box = np.array([[30.0, 25.0, 52.0, 55.0]])
    moved = box + [11, 7, 11, 7]
    np.testing.assert_array_equal(extract_crops(image, box, 24, 1.4),
                                  extract_crops(shifted, moved, 24, 1.4))


def test_crop_past_the_edge_is_letterbox_grey() -> None:
    image = np.full((50, 50, 3), 255, np.uint8)
    crops = extract_crops(image, [(-40, -40, -20, -20), (40, 40, 60, 60)], 8, 1.0)
    assert np.all(crops[0] == np.float32(PAD_VALUE / 255))
    assert crops[1, :, 0, 0].tolist() == [1.0, 1.0, 1.0]  # inside
    assert crops[1, :, -1, -1].tolist() == pytest.approx([PAD_VALUE / 255] * 3)  # outside


def test_shrinking_averages_instead_of_aliasing() -> None:
    checker = ((np.indices((400, 400)).sum(0) % 2) * 255).astype(np.uint8)
    image = np.repeat(checker[..., None], 3, axis=2)
    # Shrunk 9.5x: at a whole factor bilinear samples fall midway between pixels and average
    # as well; here they give 0.12.
    crops = extract_crops(image, [(100, 100, 290, 290)], size=20, context=1.0)
    assert crops.mean() == pytest.approx(0.5, abs=0.01)
    assert crops.std() < 0.02  # point sampling would give pure 0/1 pixels


def test_enlarging_blends() -> None:
    image = np.zeros((40, 40, 3), np.uint8)
    image[:, 20:] = 255
    crops = extract_crops(image, [(10, 10, 30, 30)], size=32, context=1.0)
    # Bilinear: the edge goes through grey; area interpolation enlarges like nearest neighbour.
    assert np.unique(crops).size > 2


def test_a_crop_past_the_left_and_top_edges_keeps_the_edge_pixels() -> None:
    image = np.full((50, 50, 3), 255, np.uint8)
    # 10 px squares, read at 10 px: no resizing. The first box's square starts at (-5, -5).
    crops = extract_crops(image, [(-5, -5, 5, 5), (-30, 20, -20, 30), (20, -30, 30, -20)], 10, 1.0)
    grey = np.float32(PAD_VALUE / 255)
    assert (crops[0, :, 5:, 5:] == 1.0).all()  # the photo's row 0 and column 0 included
    assert (crops[0, :, :5, :] == grey).all() and (crops[0, :, :, :5] == grey).all()
    # Wholly left of the photo though level with it, and wholly above it: grey.
    assert (crops[1:] == grey).all()


def test_a_one_pixel_photo_is_cropped() -> None:
    one = np.full((1, 1, 3), 255, np.uint8)
    assert extract_crops(one, [(0, 0, 1, 1)], 4, 1.0).shape == (1, 3, 4, 4)


def test_the_smallest_crop_is_4_px() -> None:
    assert extract_crops(_stripes(), [(10, 10, 30, 40)], 4, 1.5).shape == (1, 3, 4, 4)


def test_the_crop_grey_is_the_detectors_to_the_level_the_readers_learnt() -> None:
    # 0.5 lies between two uint8 levels; the committed readers were trained on 128.
    assert PAD_VALUE == 128 and abs(PAD_VALUE / 255 - FIND_PAD_VALUE) < 1 / 255


def test_read_views_come_in_mirrored_pairs_around_the_box() -> None:
    # Averaged readings then lean no way: the detector's boxes miss in every direction alike.
    # Files read with the first six views (before session 16) or all eleven.
    for views in (READ_VIEWS[:6], READ_VIEWS):
        shifts = Counter((view.dx, view.dy) for view in views if (view.dx, view.dy) != (0, 0))
        assert shifts and shifts == Counter((-dx, -dy) for dx, dy in shifts.elements())
    assert READ_VIEWS[0] == CropView()  # a one-view file reads the box as found


def test_no_boxes_gives_an_empty_batch() -> None:
    assert extract_crops(_stripes(), [], 32, 1.5).shape == (0, 3, 32, 32)
    assert extract_crops(_stripes(), np.zeros((0, 4)), 32, 1.5).shape == (0, 3, 32, 32)


@pytest.mark.parametrize(
    ("image", "boxes", "size", "context", "message"),
    [
        (np.zeros((10, 10), np.uint8), [(0, 0, 5, 5)], 8, 1.0, "H x W x 3 uint8"),
        (np.zeros((10, 10, 3), np.float32), [(0, 0, 5, 5)], 8, 1.0, "H x W x 3 uint8"),
        (np.zeros((10, 10, 3), np.uint8), [(0, 0, 5)], 8, 1.0, "N x 4"),
        (np.zeros((10, 10, 3), np.uint8), [(0, 0, float("nan"), 5)], 8, 1.0, "finite"),
        (np.zeros((10, 10, 3), np.uint8), [(0, 0, 5, 5), (6, 6, 2, 9)], 8, 1.0, "box 1"),
        (np.zeros((10, 10, 3), np.uint8), [(0, 0, 5, 5)], 2, 1.0, "at least 4"),
        (np.zeros((10, 10, 3), np.uint8), [(0, 0, 5, 5)], 8, 0.0, "positive"),
        (np.zeros((10, 10, 4), np.uint8), [(0, 0, 5, 5)], 8, 1.0, "H x W x 3 uint8"),
        (np.zeros((5, 0, 3), np.uint8), [(0, 0, 5, 5)], 8, 1.0, "empty"),
        (np.zeros((0, 5, 3), np.uint8), [(0, 0, 5, 5)], 8, 1.0, "empty"),
        (np.zeros((10, 10, 3), np.uint8), (0, 0, 5, 5), 8, 1.0, "N x 4"),  # one box, unlisted
        # The first empty box is named; box 1 has no height.
        (np.zeros((10, 10, 3), np.uint8), [(0, 0, 5, 5), (5, 5, 9, 5), (6, 6, 2, 9)], 8, 1.0,
         r"box 1 \(5.0, 5.0, 9.0, 5.0\)"),
    ],
)
def test_bad_crop_arguments_are_named(
    image: np.ndarray, boxes: Any, size: int, context: float, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        extract_crops(image, boxes, size, context)


# --------------------------------------------------------------------------------------------
# models.reader (torch)


@pytest.fixture(scope="module")
def reader() -> ModuleType:
    pytest.importorskip("torch", reason="training tests need torch (requirements-train.txt)")
    import models.reader

    return models.reader


@pytest.mark.parametrize("deck", ["phase10", "standard"])
def test_labels_extend_the_detector_with_none(reader: ModuleType, deck: str) -> None:
    from models import train

    labels = reader.Config(deck=deck).labels
    assert labels == train.Config(deck=deck).labels
    assert reader.crop_ranks(labels) == (*labels.ranks, "-")
    assert reader.no_rank(labels) == len(labels.ranks)
    assert all(a in labels.ranks and b in labels.ranks for a, b in reader.CONFUSABLE[deck])


def test_jitter_stays_within_the_detector_error_model(reader: ModuleType) -> None:
    cfg = reader.Config()
    boxes = np.array([[100.0, 50.0, 120.0, 76.0]] * 2000)
    out = reader.jitter_boxes(boxes, np.random.default_rng(0), cfg)
    wh, wh_out = boxes[:, 2:] - boxes[:, :2], out[:, 2:] - out[:, :2]
    shift = ((out[:, :2] + out[:, 2:]) - (boxes[:, :2] + boxes[:, 2:])) / 2 / wh
    assert np.abs(shift).max() <= cfg.centre_jitter + 1e-9
    assert np.abs(shift).max() > 0.8 * cfg.centre_jitter  # it does jitter
    ratio = wh_out / wh
    bound = np.exp(cfg.aspect_jitter)
    assert ratio.min() >= cfg.size_jitter[0] / bound - 1e-9
    assert ratio.max() <= cfg.size_jitter[1] * bound + 1e-9


def test_read_views_stay_within_the_jitter_the_reader_learnt(reader: ModuleType) -> None:
    cfg = reader.Config()
    for view in READ_VIEWS:
        assert max(abs(view.dx), abs(view.dy)) <= cfg.centre_jitter
        assert cfg.size_jitter[0] <= view.scale <= cfg.size_jitter[1]


def test_none_crops_keep_off_every_index(reader: ModuleType) -> None:
    cfg = reader.Config(scene_sizes=((640, 480), (800, 600)))
    scene = reader.render(2_000_123, cfg)
    assert len(scene.boxes) > 0
    boxes = reader.none_boxes(scene, 300, np.random.default_rng(1))
    assert len(boxes) > 100
    partial = {tuple(b) for b in scene.partial}
    for box in boxes:
        assert tuple(box) in partial or not reader._near_index(box, scene.avoid)


def test_mined_none_crops_come_from_the_detector_and_show_no_index(
    reader: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vision.model import model_path

    cfg = reader.Config(scene_sizes=((640, 480), (800, 600)),
                        hard_negative_model=str(model_path("phase10")), hard_negative_share=1.0)
    scenes = [reader.render(seed, cfg, training=True) for seed in range(2_000_000, 2_000_006)]
    mined = [s for s in scenes if len(s.decoys)]
    assert mined, "the committed detector finds nothing off the indices of six scenes"
    for scene in scenes:
        found = reader.detector_boxes(scene.image, cfg.hard_negative_model, cfg.hard_negative_peak)
        kept = {tuple(b) for b in found}
        for box in scene.decoys:
            assert tuple(box) in kept
            assert not reader._shows_index(box, scene.avoid, cfg.context)
    unmined = dataclasses.replace(cfg, hard_negative_model=None)
    assert not len(reader.render(2_000_000, unmined, training=True).decoys)
    # Validation scenes are never mined, so runs with and without it compare on the same crops.
    assert not len(reader.render(2_000_000, cfg).decoys)
    # With a share of 1 every "none" crop of a mined scene is a mined box, none a random one.
    def no_random_boxes(scene: Any, n: int, rng: np.random.Generator) -> np.ndarray:
        assert n == 0
        return np.zeros((0, 4))

    monkeypatch.setattr(reader, "none_boxes", no_random_boxes)
    _, ranks, _ = reader.labelled_crops(mined[0], 200, np.random.default_rng(3), cfg)
    assert int((ranks == reader.no_rank(cfg.labels)).sum()) == round(200 * cfg.none_share)


def test_shows_index_looks_as_far_as_the_crop_reaches(reader: ModuleType) -> None:
    index = np.array([[100.0, 100.0, 120.0, 130.0]])
    assert reader._shows_index(np.array([112.0, 110.0, 132.0, 140.0]), index, 1.5)
    assert not reader._shows_index(np.array([140.0, 100.0, 160.0, 130.0]), index, 1.5)
    assert not reader._shows_index(np.array([0.0, 0.0, 10.0, 10.0]), np.zeros((0, 4)), 1.5)


@pytest.mark.parametrize("deck", ["phase10", "standard"])
def test_labelled_crops_mix_indices_and_none(reader: ModuleType, deck: str) -> None:
    cfg = reader.Config(deck=deck, scene_sizes=((640, 480), (800, 600)))
    scene = reader.render(2_000_007, cfg)
    crops, ranks, colours = reader.labelled_crops(scene, 50, np.random.default_rng(2), cfg)
    assert crops.shape == (50, 3, cfg.crop_size, cfg.crop_size)
    none = ranks == reader.no_rank(cfg.labels)
    assert 5 <= none.sum() <= 25
    assert np.all(colours[none] == cfg.labels.no_colour)
    assert set(ranks[~none].tolist()) <= set(scene.ranks.tolist())


def _val_set(reader: ModuleType, deck: str, ranks: tuple[str, ...], colours: tuple[str, ...]
             ) -> Any:
    labels = reader.Config(deck=deck).labels
    names = reader.crop_ranks(labels)
    return reader.ValSet(np.zeros((len(ranks), 3, 4, 4), np.uint8),
                         np.array([names.index(r) for r in ranks]),
                         np.array([labels.colours.index(c) for c in colours]), labels)


def test_score_counts_the_confusable_pairs(reader: ModuleType) -> None:
    val = _val_set(reader, "phase10", ("6", "9", "11", "W", "-"), ("R", "B", "G", "-", "-"))
    ranks = val.ranks
    rank_prob = np.eye(15)[[ranks[0], ranks[0], ranks[2], ranks[3], ranks[4]]]
    report = reader.score(rank_prob, np.eye(5)[val.colours], val)
    assert report["confusions"]["9->6"] == 1 and report["confusions"]["6->9"] == 0
    assert report["rank_accuracy"] == pytest.approx(0.8)
    assert report["token_accuracy"] == pytest.approx(0.75)
    assert report["per_rank"]["9"] == {"n": 1, "accuracy": 0.0}


def test_score_of_standard_crops_knows_the_joker_and_its_pairs(reader: ModuleType) -> None:
    val = _val_set(reader, "standard", ("K", "X", "A", "10", "-"), ("H", "-", "S", "D", "-"))
    said_ranks = val.ranks[[1, 1, 2, 3, 4]]  # the king read as a joker
    said_colours = val.colours.copy()
    said_colours[3] = 0  # the ten of diamonds read as clubs
    report = reader.score(np.eye(15)[said_ranks], np.eye(5)[said_colours], val)
    assert report["confusions"]["K->X"] == 1 and report["confusions"]["Q->K"] == 0
    assert report["token_accuracy"] == pytest.approx(0.5)  # the joker and the ace
    assert report["per_colour"]["D"] == {"n": 1, "accuracy": 0.0}
    assert report["top_confusions"] == ["K->X x1"]


def test_dry_run_trains_and_exports(reader: ModuleType, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    assert reader.main(["--dry-run", "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["steps"] == 2 and summary["onnx_bytes"] > 100_000


def test_resume_without_checkpoint_is_a_clear_error(reader: ModuleType, tmp_path: Any,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert reader.main(["--resume", "--run-dir", str(tmp_path)]) == 2
    assert "no checkpoint to resume" in capsys.readouterr().err


def test_exported_reader_matches_torch_and_takes_any_batch(reader: ModuleType, tmp_path: Any
                                                           ) -> None:
    ort = pytest.importorskip("onnxruntime")
    import torch

    torch.manual_seed(0)
    cfg = reader.Config()
    path = reader.export_onnx(reader.new_model(cfg), cfg, tmp_path / "r.onnx", "test")
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    meta = session.get_modelmeta().custom_metadata_map
    assert meta["deck"] == "phase10"
    assert json.loads(meta["crop_ranks"]) == [*map(str, range(1, 13)), "W", "S", "-"]
    assert json.loads(meta["crop_colours"]) == ["R", "B", "G", "Y", "-"]
    assert int(meta["crop_size"]) == cfg.crop_size
    for n in (1, 12):
        crops = np.random.default_rng(n).random((n, 3, cfg.crop_size, cfg.crop_size),
                                                dtype=np.float32)
        rank, colour = session.run(None, {"crops": crops})
        assert rank.shape == (n, 15) and colour.shape == (n, 5)
        np.testing.assert_allclose(rank.sum(1), 1.0, atol=1e-5)


def test_exported_standard_reader_carries_the_standard_labels(reader: ModuleType, tmp_path: Any
                                                              ) -> None:
    ort = pytest.importorskip("onnxruntime")
    from models.synth.standard import LABEL_COLOURS, LABEL_RANKS

    cfg = reader.Config(deck="standard")
    path = reader.export_onnx(reader.new_model(cfg), cfg, tmp_path / "std.onnx", "test")
    meta = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]
                                ).get_modelmeta().custom_metadata_map
    assert meta["deck"] == "standard"
    assert json.loads(meta["crop_ranks"]) == [*LABEL_RANKS, "-"]
    assert json.loads(meta["crop_colours"]) == list(LABEL_COLOURS)


def _save_tiny_checkpoint(reader: ModuleType, path: Any, cfg: Any) -> dict[str, Any]:
    """A checkpoint of an untrained reader, as ``train`` writes them (config + model)."""
    import torch

    torch.manual_seed(1)
    weights = reader.new_model(cfg).state_dict()
    torch.save({"config": cfg.to_json(), "model": weights}, path)
    return dict(weights)


def test_dry_run_of_a_standard_deck_starts_from_a_phase10_checkpoint(
        reader: ModuleType, tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = tmp_path / "phase10.pt"
    _save_tiny_checkpoint(reader, checkpoint, reader.dry_run_config(0))
    argv = ["--dry-run", "--no-progress", "--deck", "standard", "--init-from", str(checkpoint)]
    assert reader.main(argv) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["steps"] == 2 and summary["onnx_bytes"] > 100_000
    assert "kept 4 fresh (colour.bias, colour.weight, rank.bias, rank.weight)" in err


def test_init_from_loads_the_body_and_keeps_other_decks_heads_fresh(reader: ModuleType,
                                                                    tmp_path: Any) -> None:
    import torch

    from models.train import load_matching

    checkpoint = tmp_path / "phase10.pt"
    source = _save_tiny_checkpoint(reader, checkpoint, reader.Config())
    torch.manual_seed(2)
    model = reader.new_model(reader.Config(deck="standard"))
    assert load_matching(model, checkpoint, "standard", reader.CLASS_LAYERS) == (
        len(source) - 4, 4)
    got = model.state_dict()
    assert not torch.equal(got["rank.weight"], source["rank.weight"])
    assert all(torch.equal(got[k], v) for k, v in source.items()
               if not k.startswith(reader.CLASS_LAYERS))


def test_resume_refuses_fresh_run_options(reader: ModuleType, tmp_path: Any,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert reader.main(["--resume", "--deck", "standard", "--run-dir", str(tmp_path)]) == 2
    assert "set up a fresh run" in capsys.readouterr().err


def test_a_larger_crop_starts_from_a_32_px_reader_and_exports_its_size(
        reader: ModuleType, tmp_path: Any) -> None:
    ort = pytest.importorskip("onnxruntime")
    from models.train import load_matching

    checkpoint = tmp_path / "r32.pt"
    source = _save_tiny_checkpoint(reader, checkpoint, reader.Config(deck="standard"))
    cfg = reader.Config(deck="standard", crop_size=48)
    model = reader.new_model(cfg)
    # The network pools globally: every weight of the 32 px reader fits the 48 px one.
    assert load_matching(model, checkpoint, "standard", reader.CLASS_LAYERS) == (len(source), 0)
    path = reader.export_onnx(model, cfg, tmp_path / "r48.onnx", "test")
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    assert session.get_inputs()[0].shape[1:] == [3, 48, 48]
    assert session.get_modelmeta().custom_metadata_map["crop_size"] == "48"
    rank, _ = session.run(None, {"crops": np.zeros((2, 3, 48, 48), np.float32)})
    assert rank.shape == (2, 15)


@pytest.mark.parametrize("argv, message", [
    (["--crop-size", "8"], "crop size must be 16..96 px, not 8"),
    (["--crop-size", "48", "--resume"], "--crop-size sets up a fresh run"),
])
def test_a_crop_size_the_reader_cannot_train_is_a_message(
        reader: ModuleType, tmp_path: Any, capsys: pytest.CaptureFixture[str],
        argv: list[str], message: str) -> None:
    assert reader.main([*argv, "--run-dir", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "train.log").exists()


def test_a_crop_size_reaches_fresh_runs_and_dry_runs(reader: ModuleType) -> None:
    from models.train import fresh_run_fields

    fields = fresh_run_fields(reader.parse_args(["--crop-size", "40"]), ("crop_size",))
    assert reader.Config(**fields).crop_size == 40
    assert reader.dry_run_config(0, **fields).crop_size == 40
    assert "crop_size" not in fresh_run_fields(reader.parse_args([]), ("crop_size",))


def test_closeup_scenes_are_trained_on_but_never_validated(reader: ModuleType) -> None:
    cfg = reader.Config(scene_sizes=((640, 480), (800, 600)), closeup_scene_share=1.0)
    seed = 2_000_011
    closeup = reader.render(seed, cfg, training=True)
    plain = reader.render(seed, cfg)
    assert 1 <= len(closeup.cards) <= 3 and len(plain.cards) >= 3
    # Big indices: a card fills a good part of the frame.
    assert (closeup.boxes[:, 3] - closeup.boxes[:, 1]).min() > (plain.boxes[:, 3]
                                                                - plain.boxes[:, 1]).max()
    # Without close-ups a training scene is exactly the scene it always was.
    same = reader.render(seed, dataclasses.replace(cfg, closeup_scene_share=0.0), training=True)
    assert np.array_equal(same.image, plain.image)


def test_dealt_decks_are_trained_on_but_never_validated(reader: ModuleType) -> None:
    cfg = reader.Config(scene_sizes=((640, 480), (800, 600)), deal_scene_share=1.0)
    seed = 2_000_011
    dealt = reader.render(seed, cfg, training=True)
    plain = reader.render(seed, cfg)
    assert len(dealt.cards) > 11 >= len(plain.cards)  # a deck dealt out, not one hand
    same = reader.render(seed, dataclasses.replace(cfg, deal_scene_share=0.0), training=True)
    assert np.array_equal(same.image, plain.image)
    assert reader.parse_args(["--deal-scene-share", "0.3"]).deal_scene_share == 0.3


def test_small_scenes_shrink_training_scenes_only(reader: ModuleType) -> None:
    cfg = reader.Config(scene_sizes=((640, 480), (800, 600)), downscale_share=0.0,
                        small_scene_share=1.0)
    seed = 2_000_011
    small = reader.render(seed, cfg, training=True)
    plain = reader.render(seed, cfg)
    lo, hi = cfg.small_scene_factor
    ratio = small.image.shape[1] / plain.image.shape[1]
    assert lo - 0.01 <= ratio <= hi + 0.01
    assert np.allclose(small.cards[0], plain.cards[0] * ratio, atol=1.5)
    # Without the share a training scene is exactly the scene it always was.
    same = reader.render(seed, dataclasses.replace(cfg, small_scene_share=0.0), training=True)
    assert np.array_equal(same.image, plain.image)
    assert reader.parse_args(["--small-scene-share", "0.3"]).small_scene_share == 0.3


@pytest.mark.parametrize("look", ["harsh", "phone"])
def test_harsh_light_and_phone_look_fall_on_training_scenes_only(
        reader: ModuleType, look: str) -> None:
    share = f"{look}_scene_share"
    cfg = reader.Config(scene_sizes=((640, 480), (800, 600)), **{share: 1.0})
    seed = 2_000_011
    changed = reader.render(seed, cfg, training=True)
    plain = reader.render(seed, cfg)
    assert np.array_equal(changed.boxes, plain.boxes)  # the same scene, another camera or light
    assert not np.array_equal(changed.image, plain.image)
    same = reader.render(seed, dataclasses.replace(cfg, **{share: 0.0}), training=True)
    assert np.array_equal(same.image, plain.image)
    assert getattr(reader.parse_args([f"--{look}-scene-share", "0.3"]), share) == 0.3


def test_loose_ornate_and_crowded_scenes_are_drawn_for_training_only(reader: ModuleType) -> None:
    from models.synth.standard import LABEL_RANKS

    cfg = reader.Config(deck="standard", scene_sizes=((640, 480), (800, 600)))
    seed = 2_000_011
    loose = dataclasses.replace(cfg, loose_scene_share=1.0)
    # A deck dealt out loose holds 26-52 cards; the hands of the other scenes hold 8-11.
    dealt, hand = reader.render(seed, loose, training=True), reader.render(seed, cfg)
    assert len(dealt.boxes) > len(hand.boxes)
    assert np.array_equal(reader.render(seed, loose).image, reader.render(seed, cfg).image)
    courts = {LABEL_RANKS.index(rank) for rank in ("J", "Q", "K")}
    seed = next(s for s in range(seed, seed + 40)
                if courts & set(reader.render(s, cfg, training=True).ranks.tolist()))
    ornate = dataclasses.replace(cfg, ornate_scene_share=1.0)
    busy, plain = reader.render(seed, ornate, training=True), reader.render(seed, cfg, True)
    assert np.array_equal(busy.boxes, plain.boxes) and not np.array_equal(busy.image, plain.image)
    assert np.array_equal(reader.render(seed, ornate).image, reader.render(seed, cfg).image)
    crowded = dataclasses.replace(cfg, crowded_scene_share=1.0)
    tight, plain = reader.render(seed, crowded, training=True), reader.render(seed, cfg, True)
    assert not np.array_equal(tight.image, plain.image)
    assert np.array_equal(reader.render(seed, crowded).image, reader.render(seed, cfg).image)
    queens = {LABEL_RANKS.index("Q")}
    seed = next(s for s in range(seed, seed + 60)
                if queens & set(reader.render(s, cfg, training=True).ranks.tolist()))
    swash = dataclasses.replace(cfg, swash_q_scene_share=1.0)
    curly, plain = reader.render(seed, swash, training=True), reader.render(seed, cfg, True)
    assert np.array_equal(curly.ranks, plain.ranks) and not np.array_equal(curly.image,
                                                                          plain.image)
    assert np.array_equal(reader.render(seed, swash).image, reader.render(seed, cfg).image)
    own = dataclasses.replace(cfg, pip_shapes_scene_share=1.0)
    drawn, plain = reader.render(seed, own, training=True), reader.render(seed, cfg, True)
    assert np.array_equal(drawn.ranks, plain.ranks) and not np.array_equal(drawn.image,
                                                                          plain.image)
    assert np.array_equal(reader.render(seed, own).image, reader.render(seed, cfg).image)
    narrow = dataclasses.replace(cfg, narrow_scene_share=1.0)
    drawn, plain = reader.render(seed, narrow, training=True), reader.render(seed, cfg, True)
    assert np.array_equal(drawn.ranks, plain.ranks) and not np.array_equal(drawn.image,
                                                                          plain.image)
    assert np.array_equal(reader.render(seed, narrow).image, reader.render(seed, cfg).image)
    typefaces = dataclasses.replace(cfg, typefaces_scene_share=1.0)
    drawn, plain = reader.render(seed, typefaces, training=True), reader.render(seed, cfg, True)
    assert np.array_equal(drawn.ranks, plain.ranks) and not np.array_equal(drawn.image,
                                                                          plain.image)
    assert np.array_equal(reader.render(seed, typefaces).image, reader.render(seed, cfg).image)
    args = reader.parse_args(["--loose-scene-share", "0.25", "--ornate-scene-share", "0.5",
                              "--crowded-scene-share", "0.3", "--swash-q-scene-share", "0.4",
                              "--pip-shapes-scene-share", "0.6", "--narrow-scene-share", "0.7",
                              "--typefaces-scene-share", "0.8"])
    assert (args.loose_scene_share, args.ornate_scene_share, args.crowded_scene_share,
            args.swash_q_scene_share, args.pip_shapes_scene_share, args.narrow_scene_share,
            args.typefaces_scene_share) == (0.25, 0.5, 0.3, 0.4, 0.6, 0.7, 0.8)


def test_a_fine_tune_may_start_its_training_scenes_elsewhere(reader: ModuleType) -> None:
    cfg = reader.Config(**{"train_seeds_from": reader.parse_args(
        ["--train-seeds-from", "40000000"]).train_seeds_from})
    assert cfg.train_seeds_from == 40_000_000
    first = reader.Config.val_seeds[0]
    with pytest.raises(ValueError, match="would be the validation scenes"):
        reader.Config(train_seeds_from=first + 5)


def test_a_refused_training_flag_is_a_message(reader: ModuleType, tmp_path: Any,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    first = reader.Config.val_seeds[0]
    assert reader.main(["--run-dir", str(tmp_path), "--train-seeds-from", str(first)]) == 2
    assert "would be the validation scenes" in capsys.readouterr().err
    assert not (tmp_path / "train.log").exists()


def test_closeup_share_must_be_a_share(reader: ModuleType, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    with pytest.raises(SystemExit):
        reader.parse_args(["--closeup-scene-share", "1.5"])
    assert "from 0 to 1" in capsys.readouterr().err
    assert reader.parse_args(["--closeup-scene-share", "0.1"]).closeup_scene_share == 0.1


def test_hard_negative_options_refuse_bad_values(
    reader: ModuleType, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nothing.onnx"
    assert reader.main(["--dry-run", "--hard-negative-model", str(missing)]) == 2
    assert f"no ONNX file at {missing}" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        reader.parse_args(["--hard-negative-share", "1.5"])
    assert "from 0 to 1" in capsys.readouterr().err


def test_a_resumed_reader_may_take_a_lower_peak_rate(reader: ModuleType, tmp_path: Any) -> None:
    reader.train(reader.dry_run_config(0), tmp_path, False, "first", show_progress=False)
    args = reader.parse_args(["--resume", "--lr", "2e-4"])
    reader.train(reader.dry_run_config(0), tmp_path, True, "again", show_progress=False,
                 budget_overrides={"max_steps": 3, "lr": args.lr})
    import torch

    assert torch.load(tmp_path / "last.pt", weights_only=False)["config"]["lr"] == 2e-4


def test_a_resumed_reader_may_move_to_another_machine(reader: ModuleType, tmp_path: Any) -> None:
    import torch

    reader.train(reader.dry_run_config(0), tmp_path, False, "first", show_progress=False)
    state = torch.load(tmp_path / "last.pt", weights_only=False)
    moved = {**state["config"], "device": "cuda:3", "workers": 14}  # as a GPU machine left it
    torch.save({**state, "config": moved}, tmp_path / "last.pt")
    args = reader.parse_args(["--resume", "--device", "cpu", "--workers", "0"])
    reader.train(reader.dry_run_config(0), tmp_path, True, "again", show_progress=False,
                 budget_overrides={"max_steps": 3, "device": args.device,
                                   "workers": args.workers})
    config = torch.load(tmp_path / "last.pt", weights_only=False)["config"]
    assert (config["device"], config["workers"]) == ("cpu", 0)


@pytest.mark.parametrize("relabelled", [False, True])
def test_a_resumed_reader_keeps_its_best_only_on_the_same_validation_crops(
    reader: ModuleType, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, relabelled: bool
) -> None:
    import torch

    reader.train(reader.dry_run_config(0), tmp_path, False, "first", show_progress=False)
    state = torch.load(tmp_path / "last.pt", weights_only=False)
    torch.save({**state, "best": 2.0}, tmp_path / "last.pt")  # unbeatable on the same crops
    if relabelled:
        monkeypatch.setattr("models.synth.MIN_MARK_VISIBLE", 0.25)
    summary = reader.train(reader.dry_run_config(0), tmp_path, True, "again",
                           show_progress=False, budget_overrides={"max_steps": 3})
    assert (summary["best_token_accuracy"] == 2.0) is not relabelled
    assert (torch.load(tmp_path / "best.pt", weights_only=False)["step"] == 3) is relabelled


def test_validation_cache_is_named_per_deck_and_labelling_rule(
    reader: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = {deck: reader.val_cache_name(reader.Config(deck=deck))
             for deck in ("phase10", "standard")}
    assert names["phase10"] != names["standard"]
    # Crops labelled by another rule (which indices count as readable) are stale.
    monkeypatch.setattr("models.synth.MIN_MARK_VISIBLE", 0.25)
    assert reader.val_cache_name(reader.Config()) != names["phase10"]


# --------------------------------------------------------------------------------------------
# models.merge on tiny graphs


@pytest.fixture(scope="module")
def onnx_kit() -> tuple[ModuleType, ModuleType, ModuleType]:
    onnx = pytest.importorskip("onnx", reason="merging needs onnx (requirements-train.txt)")
    ort = pytest.importorskip("onnxruntime")
    import models.merge

    return onnx, ort, models.merge


def _tiny_detector(onnx: ModuleType) -> Any:
    from onnx import TensorProto, helper, numpy_helper

    scale = numpy_helper.from_array(np.full((1,), 2.0, np.float32), "w")
    nodes = [helper.make_node("Mul", ["image", "w"], ["t"], name="n0"),
             helper.make_node("Relu", ["t"], ["heatmap"], name="n1"),
             helper.make_node("ReduceMax", ["t"], ["rank"], keepdims=0, name="n2")]
    graph = helper.make_graph(
        nodes, "detector",
        [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 3, 8, 8])],
        [helper.make_tensor_value_info("heatmap", TensorProto.FLOAT, [1, 3, 8, 8]),
         helper.make_tensor_value_info("rank", TensorProto.FLOAT, [])],
        initializer=[scale])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    helper.set_model_props(model, {"stride": "4", "ranks": '["1", "2"]'})
    return model


def _tiny_reader(onnx: ModuleType, opset: int = 17, meta: dict[str, str] | None = None) -> Any:
    from onnx import TensorProto, helper, numpy_helper

    # Same internal names ("w", "t", "n0") as the detector: the merge must keep them apart.
    weights = numpy_helper.from_array(np.arange(9, dtype=np.float32).reshape(3, 3) / 10, "w")
    colour_w = numpy_helper.from_array(np.ones((3, 2), np.float32), "wc")
    nodes = [helper.make_node("GlobalAveragePool", ["crops"], ["pooled"], name="n0"),
             helper.make_node("Flatten", ["pooled"], ["t"], name="n1"),
             helper.make_node("MatMul", ["t", "w"], ["logits"], name="n2"),
             helper.make_node("Softmax", ["logits"], ["crop_rank"], axis=1, name="n3"),
             helper.make_node("MatMul", ["t", "wc"], ["logits_c"], name="n4"),
             helper.make_node("Softmax", ["logits_c"], ["crop_colour"], axis=1, name="n5")]
    graph = helper.make_graph(
        nodes, "reader",
        [helper.make_tensor_value_info("crops", TensorProto.FLOAT, ["n", 3, 4, 4])],
        [helper.make_tensor_value_info("crop_rank", TensorProto.FLOAT, ["n", 3]),
         helper.make_tensor_value_info("crop_colour", TensorProto.FLOAT, ["n", 2])],
        initializer=[weights, colour_w])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    default = {"crop_size": "4", "crop_context": "1.5", "crop_ranks": '["1", "2", "-"]',
               "crop_colours": '["R", "-"]'}
    helper.set_model_props(model, default if meta is None else meta)
    return model


def _session(ort: ModuleType, model: Any) -> Any:
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])


def test_merged_file_keeps_both_interfaces_and_metadata(onnx_kit: Any) -> None:
    onnx, ort, merge = onnx_kit
    detector, reader = _tiny_detector(onnx), _tiny_reader(onnx)
    merged = merge.merge(detector, reader)
    session = _session(ort, merged)
    assert [i.name for i in session.get_inputs()] == ["image", "crops"]
    assert [o.name for o in session.get_outputs()] == ["heatmap", "rank", "crop_rank",
                                                       "crop_colour"]
    assert session.get_inputs()[1].shape[0] == "n"
    meta = session.get_modelmeta().custom_metadata_map
    assert meta["stride"] == "4" and json.loads(meta["crop_ranks"]) == ["1", "2", "-"]
    assert json.loads(meta["crop_colours"]) == ["R", "-"] and meta["crop_size"] == "4"

    image = np.random.default_rng(0).random((1, 3, 8, 8), dtype=np.float32) - 0.5
    crops = np.random.default_rng(1).random((5, 3, 4, 4), dtype=np.float32)
    got = session.run(None, {"image": image, "crops": crops})
    alone = (_session(ort, detector).run(None, {"image": image})
             + _session(ort, reader).run(None, {"crops": crops}))
    for a, b in zip(got, alone, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_a_new_reader_replaces_the_old_one_in_a_merged_file(onnx_kit: Any) -> None:
    onnx, ort, merge = onnx_kit
    merged = merge.merge(_tiny_detector(onnx), _tiny_reader(onnx))
    with pytest.raises(merge.MergeError, match="already holds a reader"):
        merge.merge(merged, _tiny_reader(onnx))
    newer_meta = {"crop_size": "4", "crop_context": "1.2", "crop_ranks": '["1", "2", "-"]',
                  "crop_colours": '["R", "-"]'}
    remade = merge.merge(merge.detector_half(merged), _tiny_reader(onnx, meta=newer_meta))
    meta = _session(ort, remade).get_modelmeta().custom_metadata_map
    assert meta["crop_context"] == "1.2" and meta["stride"] == "4"


def test_a_new_detector_replaces_the_old_one_keeping_the_reader_and_its_decoding(
        onnx_kit: Any, tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from onnx import numpy_helper

    from models.stamp import stamp
    from vision.model import Decoding

    onnx, ort, merge = onnx_kit
    tuned = Decoding(0.4, 3.0, 0.0, reading_agreement=0.2)
    committed = stamp(merge.merge(_tiny_detector(onnx), _tiny_reader(onnx)), tuned, "cells")
    onnx.save(committed, tmp_path / "committed.onnx")
    # A detector's own export states its validation threshold, not the merged file's.
    retrained = _tiny_detector(onnx)
    retrained.graph.initializer[0].CopyFrom(
        numpy_helper.from_array(np.full((1,), 3.0, np.float32), "w"))
    onnx.helper.set_model_props(retrained, {"stride": "8", "threshold": "0.5"})
    onnx.save(retrained, tmp_path / "detector.onnx")

    assert merge.main([str(tmp_path / "detector.onnx"), str(tmp_path / "committed.onnx"),
                       "--replace-detector", "--out", str(tmp_path / "new.onnx")]) == 0
    capsys.readouterr()
    session = _session(ort, onnx.load(tmp_path / "new.onnx"))
    meta = session.get_modelmeta().custom_metadata_map
    assert meta["stride"] == "8" and meta["crop_context"] == "1.5"
    assert Decoding.from_metadata(meta) == tuned and meta["decode_tuned"] == "cells"
    image = np.random.default_rng(3).random((1, 3, 8, 8), dtype=np.float32)
    crops = np.random.default_rng(4).random((2, 3, 4, 4), dtype=np.float32)
    got = session.run(None, {"image": image, "crops": crops})
    alone = (_session(ort, retrained).run(None, {"image": image})
             + _session(ort, _tiny_reader(onnx)).run(None, {"crops": crops}))
    for a, b in zip(got, alone, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6)

    # A new reader keeps the merged file's decoding settings too.
    onnx.save(_tiny_reader(onnx), tmp_path / "reader.onnx")
    assert merge.main([str(tmp_path / "committed.onnx"), str(tmp_path / "reader.onnx"),
                       "--replace-reader", "--out", str(tmp_path / "reread.onnx")]) == 0
    capsys.readouterr()
    meta = _session(ort, onnx.load(tmp_path / "reread.onnx")).get_modelmeta().custom_metadata_map
    assert Decoding.from_metadata(meta) == tuned and meta["decode_tuned"] == "cells"

    assert merge.main([str(tmp_path / "detector.onnx"), str(tmp_path / "detector.onnx"),
                       "--replace-detector", "--out", str(tmp_path / "x.onnx")]) == 2
    assert "not a merged detector + reader file" in capsys.readouterr().err
    assert merge.main([str(tmp_path / "committed.onnx"), str(tmp_path / "committed.onnx"),
                       "--replace-detector", "--replace-reader",
                       "--out", str(tmp_path / "x.onnx")]) == 2
    assert "not both" in capsys.readouterr().err


def test_onnxruntime_demands_every_input_of_a_merged_file(onnx_kit: Any) -> None:
    """What the module docstring tells the runtime: feed a zero crop with the image."""
    onnx, ort, merge = onnx_kit
    session = _session(ort, merge.merge(_tiny_detector(onnx), _tiny_reader(onnx)))
    image = np.ones((1, 3, 8, 8), np.float32)
    with pytest.raises(Exception, match="crops"):
        session.run(["heatmap"], {"image": image})
    (heatmap,) = session.run(["heatmap"], {"image": image,
                                           "crops": np.zeros((1, 3, 4, 4), np.float32)})
    assert heatmap.shape == (1, 3, 8, 8)


def test_split_gives_back_two_independent_models(onnx_kit: Any) -> None:
    onnx, ort, merge = onnx_kit
    detector, reader = _tiny_detector(onnx), _tiny_reader(onnx)
    det_half, rdr_half = merge.split(merge.merge(detector, reader))
    det_session, rdr_session = _session(ort, det_half), _session(ort, rdr_half)
    assert [i.name for i in det_session.get_inputs()] == ["image"]
    assert [i.name for i in rdr_session.get_inputs()] == ["crops"]
    crops = np.random.default_rng(2).random((3, 3, 4, 4), dtype=np.float32)
    np.testing.assert_allclose(rdr_session.run(None, {"crops": crops})[0],
                               _session(ort, reader).run(None, {"crops": crops})[0], rtol=1e-6)
    assert rdr_session.get_modelmeta().custom_metadata_map["crop_context"] == "1.5"


def test_reader_of_another_opset_is_converted(onnx_kit: Any) -> None:
    onnx, ort, merge = onnx_kit
    merged = merge.merge(_tiny_detector(onnx), _tiny_reader(onnx, opset=13))
    assert {o.version for o in merged.opset_import if o.domain == ""} == {17}
    crops = np.ones((2, 3, 4, 4), np.float32)
    rank = _session(ort, merged).run(["crop_rank"], {"image": np.ones((1, 3, 8, 8), np.float32),
                                                     "crops": crops})[0]
    assert rank.shape == (2, 3)


def test_merge_refuses_bad_files_with_a_reason(onnx_kit: Any, tmp_path: Any,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    onnx, _, merge = onnx_kit
    detector = _tiny_detector(onnx)
    with pytest.raises(merge.MergeError, match="lacks crop_size"):
        merge.merge(detector, _tiny_reader(onnx, meta={"crop_context": "1.5"}))
    with pytest.raises(merge.MergeError, match="already holds a reader"):
        merge.merge(merge.merge(detector, _tiny_reader(onnx)), _tiny_reader(onnx))
    with pytest.raises(merge.MergeError, match="the reader must have the one input 'crops'"):
        merge.merge(detector, detector)
    with pytest.raises(merge.MergeError, match="not a merged detector . reader file: no image"):
        merge.split(_tiny_reader(onnx))
    not_onnx = tmp_path / "x.onnx"
    not_onnx.write_text("hello")
    assert merge.main([str(not_onnx), str(not_onnx), "--out", str(tmp_path / "m.onnx")]) == 2
    assert "not an ONNX file" in capsys.readouterr().err
    assert merge.main([str(tmp_path / "none.onnx"), str(not_onnx), "--out", "m.onnx"]) == 2
    assert "no detector file" in capsys.readouterr().err


def test_merge_refuses_a_reader_of_another_deck(onnx_kit: Any) -> None:
    onnx, _, merge = onnx_kit
    from onnx import helper

    detector = _tiny_detector(onnx)
    helper.set_model_props(detector, {"stride": "4", "ranks": '["1", "2"]', "deck": "phase10"})
    meta = {"crop_size": "4", "crop_context": "1.5", "crop_ranks": '["1", "2", "-"]',
            "crop_colours": '["R", "-"]'}
    with pytest.raises(merge.MergeError, match="reads phase10 cards but the reader standard"):
        merge.merge(detector, _tiny_reader(onnx, meta={**meta, "deck": "standard"}))
    merged = merge.merge(detector, _tiny_reader(onnx, meta={**meta, "deck": "phase10"}))
    assert {p.key: p.value for p in merged.metadata_props}["deck"] == "phase10"


def _retrained(onnx: ModuleType, reader: Any, seed: int) -> Any:
    """``reader`` with other weights, as a second training run would leave it."""
    from onnx import numpy_helper

    copy = onnx.ModelProto()
    copy.CopyFrom(reader)
    rng = np.random.default_rng(seed)
    for init in copy.graph.initializer:
        shape = numpy_helper.to_array(init).shape
        init.CopyFrom(numpy_helper.from_array(rng.normal(size=shape).astype(np.float32),
                                              init.name))
    return copy


def test_averaged_readers_read_the_mean_of_their_members(onnx_kit: Any, tmp_path: Any,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    onnx, ort, merge = onnx_kit
    members = [_tiny_reader(onnx), _retrained(onnx, _tiny_reader(onnx), 1),
               _retrained(onnx, _tiny_reader(onnx, opset=13), 2)]
    averaged = merge.average_readers(members)
    crops = np.random.default_rng(3).random((5, 3, 4, 4), dtype=np.float32)
    alone = [_session(ort, m).run(None, {"crops": crops}) for m in members]
    got = _session(ort, averaged).run(None, {"crops": crops})
    for output, name in enumerate(("crop_rank", "crop_colour")):
        np.testing.assert_allclose(got[output], np.mean([a[output] for a in alone], axis=0),
                                   rtol=1e-5, err_msg=name)
        np.testing.assert_allclose(got[output].sum(axis=1), 1.0, rtol=1e-5)
    # The members disagree, or the mean would prove nothing.
    assert not np.allclose(alone[0][0], alone[1][0], atol=1e-3)
    meta = {p.key: p.value for p in averaged.metadata_props}
    assert meta["crop_members"] == "3" and meta["crop_size"] == "4"
    assert json.loads(meta["crop_validation"]) == [None, None, None]

    # It merges, splits and replaces a reader like any other.
    merged = merge.merge(_tiny_detector(onnx), averaged)
    _, half = merge.split(merged)
    np.testing.assert_allclose(_session(ort, half).run(None, {"crops": crops})[0], got[0],
                               rtol=1e-6)

    # The command line takes reader files and merged files alike.
    onnx.save(merge.merge(_tiny_detector(onnx), members[0]), tmp_path / "merged.onnx")
    onnx.save(members[1], tmp_path / "other.onnx")
    assert merge.main(["--average-readers", str(tmp_path / "merged.onnx"),
                       str(tmp_path / "other.onnx"), "--out", str(tmp_path / "mean.onnx")]) == 0
    assert "mean of 2 readers" in capsys.readouterr().out
    pair = _session(ort, onnx.load(tmp_path / "mean.onnx")).run(None, {"crops": crops})
    np.testing.assert_allclose(pair[1], (alone[0][1] + alone[1][1]) / 2, rtol=1e-5)


def test_averaging_refuses_readers_that_read_crops_otherwise(onnx_kit: Any, tmp_path: Any,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    onnx, _, merge = onnx_kit
    meta = {"crop_size": "4", "crop_context": "1.5", "crop_ranks": '["1", "2", "-"]',
            "crop_colours": '["R", "-"]'}
    with pytest.raises(merge.MergeError, match="at least two"):
        merge.average_readers([_tiny_reader(onnx)])
    with pytest.raises(merge.MergeError, match="reader 2 reads its input otherwise than reader "
                                               "1: crop_context, crop_upright differ"):
        merge.average_readers([_tiny_reader(onnx, meta=meta), _tiny_reader(
            onnx, meta={**meta, "crop_context": "1.2", "crop_upright": "1"})])
    with pytest.raises(merge.MergeError, match="lacks crop_size"):
        merge.average_readers([_tiny_reader(onnx), _tiny_reader(onnx, meta={})])
    onnx.save(_tiny_reader(onnx), tmp_path / "r.onnx")
    with pytest.raises(SystemExit):
        merge.main(["--average-readers", str(tmp_path / "r.onnx"), str(tmp_path / "r.onnx")])
    assert "--out" in capsys.readouterr().err
    assert merge.main(["--average-readers", str(tmp_path / "r.onnx"), str(tmp_path / "none.onnx"),
                       "--out", str(tmp_path / "m.onnx")]) == 2
    assert "no reader file" in capsys.readouterr().err


def test_averaged_detectors_output_the_mean_of_their_members(onnx_kit: Any, tmp_path: Any,
                                                             capsys: pytest.CaptureFixture[str]
                                                             ) -> None:
    from models.stamp import stamp
    from vision.model import Decoding

    onnx, ort, merge = onnx_kit
    tuned = Decoding(0.4, 3.0, 0.0, reading_agreement=0.2)
    committed = stamp(merge.merge(_tiny_detector(onnx), _tiny_reader(onnx)), tuned, "cells")
    other = _retrained(onnx, _tiny_detector(onnx), 4)
    image = np.random.default_rng(5).random((1, 3, 8, 8), dtype=np.float32) - 0.5
    alone = [_session(ort, m).run(None, {"image": image})
             for m in (merge.detector_half(committed), other)]
    assert not np.allclose(alone[0][0], alone[1][0], atol=1e-3)

    onnx.save(committed, tmp_path / "committed.onnx")
    onnx.save(other, tmp_path / "other.onnx")
    assert merge.main(["--average-detectors", str(tmp_path / "committed.onnx"),
                       str(tmp_path / "other.onnx"), "--out", str(tmp_path / "det.onnx")]) == 0
    assert "mean of 2 detectors" in capsys.readouterr().out
    averaged = onnx.load(tmp_path / "det.onnx")
    got = _session(ort, averaged).run(None, {"image": image})
    for mine, a, b in zip(got, *alone, strict=True):
        np.testing.assert_allclose(mine, (a + b) / 2, rtol=1e-5)
    # The first member's decoding settings travel with it; both members are named.
    meta = {p.key: p.value for p in averaged.metadata_props}
    assert Decoding.from_metadata(meta) == tuned and meta["members"] == "2"
    assert "crop_size" not in meta and meta["trained"].startswith("mean of 2 detectors")

    with pytest.raises(merge.MergeError, match="at least two detectors"):
        merge.average_detectors([other])
    with pytest.raises(merge.MergeError, match="detector 2 reads its input otherwise than "
                                               "detector 1: stride differs"):
        changed = _retrained(onnx, other, 6)
        onnx.helper.set_model_props(changed, {"stride": "8", "ranks": '["1", "2"]'})
        merge.average_detectors([other, changed])
    with pytest.raises(merge.MergeError, match="the one input 'image'"):
        merge.average_detectors([other, _tiny_reader(onnx)])
    bigger = _retrained(onnx, other, 7)
    bigger.graph.input[0].type.tensor_type.shape.dim[2].dim_value = 16
    with pytest.raises(merge.MergeError, match="inputs of different shapes"):
        merge.average_detectors([other, bigger])
    fewer = _retrained(onnx, other, 8)
    del fewer.graph.output[1]
    with pytest.raises(merge.MergeError, match=r"detector 2 has the outputs \['heatmap'\]"):
        merge.average_detectors([other, fewer])


def test_evaluate_reports_accuracy_and_timing_of_an_onnx_file(reader: ModuleType, tmp_path: Any
                                                              ) -> None:
    pytest.importorskip("onnxruntime")
    cfg = reader.Config(val_seeds=(3_000_000, 2), val_jitters=1,
                        scene_sizes=((640, 480), (800, 600)))
    path = reader.export_onnx(reader.new_model(cfg), cfg, tmp_path / "r.onnx", "test")
    report = reader.evaluate_onnx(path, cfg, tmp_path)
    assert report["crops"] > 10 and 0.0 <= report["token_accuracy"] <= 1.0
    assert report["ms_per_12_crops"] > 0
    assert list(tmp_path.glob("val-*.npz"))  # the crops are cached for the next evaluation


def test_evaluate_runs_a_merged_files_reader_half_alone(reader: ModuleType, tmp_path: Any,
                                                       monkeypatch: Any) -> None:
    """Run whole, a merged file ran its detector on a blank image with every batch: 12 crops
    "took" 198 ms, not 9 (training audit, session 66)."""
    from pathlib import Path

    ort = pytest.importorskip("onnxruntime")
    inputs: list[list[str]] = []
    real = ort.InferenceSession

    def spy(*args: Any, **kwargs: Any) -> Any:
        session = real(*args, **kwargs)
        inputs.append([item.name for item in session.get_inputs()])
        return session

    monkeypatch.setattr(ort, "InferenceSession", spy)
    small = dict(val_seeds=(3_000_000, 1), val_jitters=1, scene_sizes=((640, 480), (640, 480)))
    merged = Path(__file__).resolve().parents[2] / "models" / "phase10.onnx"
    report = reader.evaluate_onnx(merged, reader.Config(**small), tmp_path)
    assert inputs == [["crops"]] and report["crops"] > 0


def test_evaluate_scores_a_file_on_the_crops_it_was_trained_for(reader: ModuleType,
                                                                 tmp_path: Any) -> None:
    """Deck, crop size and upright crops come from the file, whatever the config says."""
    pytest.importorskip("onnxruntime")
    small = dict(val_seeds=(3_000_000, 1), val_jitters=1, scene_sizes=((640, 480), (640, 480)))
    trained = reader.Config(deck="standard", crop_size=40, upright=True, **small)
    path = reader.export_onnx(reader.new_model(trained), trained, tmp_path / "r.onnx", "test")
    reader.evaluate_onnx(path, reader.Config(**small), tmp_path)
    assert [p.name for p in tmp_path.glob("val-*.npz")] == [reader.val_cache_name(trained)]


def test_upright_training_turns_each_index_crop_by_its_card_centre(reader: ModuleType) -> None:
    from vision.crops import turned

    yy, xx = np.mgrid[0:120, 0:160]
    image = np.stack([xx, yy, xx + yy], axis=2).astype(np.uint8)
    # One index of a card lying sideways: its centre to the lower left of the index, so a
    # counter-clockwise quarter turn shows it upright.
    scene = reader.SceneBoxes(
        image=image, boxes=np.array([[80.0, 30.0, 100.0, 50.0]]), ranks=np.array([3]),
        colours=np.array([1]), avoid=np.array([[80.0, 30.0, 100.0, 50.0]]),
        partial=np.zeros((0, 4)), cards=(), centres=np.array([[40.0, 70.0]]))
    plain = reader.Config(deck="standard", none_share=0.0, rotate_share=0.0)
    upright = dataclasses.replace(plain, upright=True)
    as_lies, ranks, _ = reader.labelled_crops(scene, 4, np.random.default_rng(5), plain)
    crops, same_ranks, _ = reader.labelled_crops(scene, 4, np.random.default_rng(5), upright)
    np.testing.assert_array_equal(crops, turned(as_lies, np.ones(4, np.int64)))
    assert ranks.tolist() == same_ranks.tolist() == [3] * 4


def test_upright_training_turns_none_crops_every_way_and_keeps_its_own_validation(
        reader: ModuleType) -> None:
    cfg = reader.Config(deck="standard", scene_sizes=((640, 480), (800, 600)), upright=True)
    scene = reader.render(2_000_007, cfg)
    assert scene.centres.shape == (len(scene.boxes), 2)
    plain = dataclasses.replace(cfg, upright=False)
    crops, ranks, _ = reader.labelled_crops(scene, 60, np.random.default_rng(3), cfg)
    as_lies, _, _ = reader.labelled_crops(scene, 60, np.random.default_rng(3), plain)
    none = ranks == reader.no_rank(cfg.labels)
    same = [bool(np.array_equal(a, b)) for a, b in zip(crops[none], as_lies[none], strict=True)]
    assert 0 < sum(same) < len(same)  # some "none" crops turned, some not
    assert reader.val_cache_name(cfg) != reader.val_cache_name(plain)
    # Runs without it keep the validation caches already rendered (session 21's standard run).
    assert reader.val_cache_name(reader.Config(deck="standard", crop_size=48)) == (
        "val-c26960feab.npz")
    from models.train import fresh_run_fields

    fields = fresh_run_fields(reader.parse_args(["--upright"]), ("crop_size", "upright"))
    assert reader.Config(**fields).upright and reader.dry_run_config(0, **fields).upright
    assert "upright" not in fresh_run_fields(reader.parse_args([]), ("crop_size", "upright"))


def test_an_upright_reader_says_so_in_its_file(reader: ModuleType, tmp_path: Any) -> None:
    ort = pytest.importorskip("onnxruntime")
    for upright in (False, True):
        cfg = reader.Config(deck="standard", upright=upright)
        path = reader.export_onnx(reader.new_model(cfg), cfg, tmp_path / f"{upright}.onnx", "test")
        meta = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]
                                    ).get_modelmeta().custom_metadata_map
        assert meta.get("crop_upright") == ("1" if upright else None)


@pytest.mark.parametrize("script", ["reader", "train"])
def test_a_dry_run_checks_the_flags_of_the_run_it_stands_for(
    script: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # A dry run took none of the flags a long run would (shares, rate, training seeds): one
    # whose training scenes were its validation scenes passed as if all was well.
    pytest.importorskip("torch", reason="training tests need torch (requirements-train.txt)")
    module = importlib.import_module(f"models.{script}")
    overlapping = str(module.dry_run_config(0).val_seeds[0] if script == "reader" else 0)
    assert module.main(["--dry-run", "--no-progress", "--train-seeds-from", overlapping]) == 2
    assert "would be the" in capsys.readouterr().err
