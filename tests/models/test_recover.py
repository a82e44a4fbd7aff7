"""Training weights recovered from the committed ONNX files (``models.recover``), and runs that
start from them: ``--init-from models/standard.onnx`` with BatchNorm frozen, and the share of
table scenes a fine-tune may mix in."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip(
    "torch", reason="training tests need torch (pip install -r requirements-train.txt)"
)

import onnx  # noqa: E402
import onnxruntime as ort  # noqa: E402
import torch  # noqa: E402

from models import reader  # noqa: E402
from models.merge import detector_half  # noqa: E402
from models.net import Detector, Exported, NetShape, set_training  # noqa: E402
from models.recover import (  # noqa: E402
    DETECTOR,
    READER,
    RecoverError,
    onnx_crop_size,
    onnx_deck,
    recovered_state,
)
from models.synth import DEAL, LOOSE, SCAN, TABLE, make_scene  # noqa: E402
from models.train import (  # noqa: E402
    CLASS_LAYERS,
    Config,
    dry_run_config,
    fresh_run_fields,
    load_matching,
    make_view,
    parse_args,
    render_scene,
)

MODELS = Path(__file__).resolve().parents[2] / "models"
DECKS = ("phase10", "standard")


def committed(deck: str) -> Path:
    return MODELS / f"{deck}.onnx"


def committed_crop(deck: str) -> int:
    """The side of the crops the committed file's reader reads (standard: 48 since session 19)."""
    size = onnx_crop_size(committed(deck))
    assert size is not None
    return size


def recovered_detector(deck: str) -> Detector:
    model = Detector(Config(deck=deck).shape)
    model.load_state_dict(recovered_state(model, committed(deck), DETECTOR))
    return model.eval()


@pytest.mark.parametrize("deck", DECKS)
def test_recovered_detector_computes_what_the_committed_file_computes(deck: str) -> None:
    session = ort.InferenceSession(str(committed(deck)), providers=["CPUExecutionProvider"])
    image = torch.rand(1, 3, 768, 768, generator=torch.Generator().manual_seed(1))
    crop = committed_crop(deck)
    got = session.run(None, {"image": image.numpy(),
                             "crops": np.zeros((1, 3, crop, crop), np.float32)})
    with torch.no_grad():
        expected = Exported(recovered_detector(deck))(image)
    for want, have in zip(expected, got, strict=False):  # the file's last two: the reader's
        np.testing.assert_allclose(have, want.numpy(), rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("deck", DECKS)
def test_recovered_reader_computes_what_the_committed_file_computes(deck: str) -> None:
    crop = committed_crop(deck)
    model = reader.new_model(reader.Config(deck=deck, crop_size=crop))
    model.load_state_dict(recovered_state(model, committed(deck), READER))
    crops = torch.rand(6, 3, crop, crop, generator=torch.Generator().manual_seed(2))
    session = ort.InferenceSession(str(committed(deck)), providers=["CPUExecutionProvider"])
    got = session.run(["crop_rank", "crop_colour"],
                      {"image": np.zeros((1, 3, 768, 768), np.float32), "crops": crops.numpy()})
    with torch.no_grad():
        expected = reader.ReaderExported(model.eval())(crops)
    for want, have in zip(expected, got, strict=True):
        np.testing.assert_allclose(have, want.numpy(), atol=1e-5)


@pytest.mark.parametrize("half", [DETECTOR, READER])
def test_a_network_already_on_its_training_device_is_recovered(half: str) -> None:
    """A GPU run moves the network to the GPU before loading the file's weights; the "meta"
    device stands in for the GPU CI lacks (the layer-order probe once fed it a CPU tensor)."""
    model = (Detector(Config().shape) if half == DETECTOR else reader.new_model(reader.Config()))
    expected = {name: tuple(t.shape) for name, t in model.state_dict().items()}
    state = recovered_state(model.to("meta"), committed("phase10"), half)
    assert {name: tuple(t.shape) for name, t in state.items()} == expected


def test_a_file_without_the_asked_half_or_of_another_network_is_refused(tmp_path: Path) -> None:
    alone = tmp_path / "detector.onnx"
    onnx.save(detector_half(onnx.load(str(committed("phase10")))), str(alone))
    assert onnx_deck(alone) == "phase10"
    model = Detector(Config().shape)
    assert len(recovered_state(model, alone, DETECTOR)) == len(model.state_dict())
    with pytest.raises(RecoverError, match="holds no crop reader"):
        recovered_state(reader.new_model(reader.Config()), alone, READER)
    narrow = Detector(dataclasses.replace(Config().shape, head=16))
    with pytest.raises(RecoverError, match="the file's kernel is"):
        recovered_state(narrow, alone, DETECTOR)
    deeper = Detector(dataclasses.replace(Config().shape, blocks=(0, 1, 2, 2, 3)))
    with pytest.raises(RecoverError, match="another architecture"):
        recovered_state(deeper, alone, DETECTOR)
    with pytest.raises(RecoverError, match="unknown half"):
        recovered_state(model, alone, "both")
    garbage = tmp_path / "garbage.onnx"
    garbage.write_bytes(b"not a model")
    with pytest.raises(RecoverError, match="is not an ONNX file"):
        onnx_deck(garbage)
    with pytest.raises(RecoverError, match="no model file"):
        recovered_state(model, tmp_path / "missing.onnx", DETECTOR)


def test_frozen_norm_keeps_the_running_statistics_while_training() -> None:
    model = Detector(NetShape(head=16, class_width=16))
    before = {k: v.clone() for k, v in model.state_dict().items() if "running" in k}
    image = torch.rand(2, 3, 64, 64)
    set_training(model, frozen_norm=True)(image)
    assert model.training and all(torch.equal(model.state_dict()[k], v) for k, v in before.items())
    set_training(model, frozen_norm=False)(image)
    assert not torch.equal(model.state_dict()["stages.0.0.1.running_mean"],
                           before["stages.0.0.1.running_mean"])


def test_init_from_a_committed_file_loads_every_tensor_and_other_decks_classes_stay_fresh(
) -> None:
    model = Detector(Config(deck="standard").shape)
    n = len(model.state_dict())
    assert load_matching(model, committed("standard"), "standard", CLASS_LAYERS) == (n, 0)
    assert load_matching(model, committed("phase10"), "standard", CLASS_LAYERS) == (n - 2, 2)
    crop_reader = reader.new_model(reader.Config(deck="standard"))
    assert load_matching(crop_reader, committed("standard"), "standard", reader.CLASS_LAYERS,
                         READER) == (len(crop_reader.state_dict()), 0)


def test_a_run_from_an_onnx_file_freezes_its_norm_and_one_from_a_checkpoint_does_not(
        tmp_path: Path) -> None:
    from_file = fresh_run_fields(parse_args(["--init-from", str(committed("standard"))]))
    assert from_file["frozen_norm"] and from_file["init_from"].endswith("standard.onnx")
    checkpoint = tmp_path / "best.pt"
    checkpoint.write_bytes(b"")
    assert not fresh_run_fields(parse_args(["--init-from", str(checkpoint)]))["frozen_norm"]
    assert not fresh_run_fields(parse_args([]))["frozen_norm"]


def test_table_share_deals_tables_and_a_share_of_zero_changes_no_scene() -> None:
    cfg = dry_run_config(0)
    assert render_scene(5, dataclasses.replace(cfg, table_share=1.0)).layout == TABLE
    plain = render_scene(5, cfg)
    size = plain.image.shape[1::-1]
    again = make_scene(5, size=size, deck=cfg.deck)
    assert plain.layout == again.layout != TABLE
    assert np.array_equal(plain.image, again.image)


def test_deal_share_deals_out_decks_and_a_share_of_zero_changes_no_scene() -> None:
    cfg = dry_run_config(0)
    assert render_scene(5, dataclasses.replace(cfg, deal_share=1.0)).layout == DEAL
    assert render_scene(5, dataclasses.replace(cfg, deal_share=0.0)).layout != DEAL
    assert parse_args(["--deal-share", "0.3"]).deal_share == 0.3


@pytest.mark.parametrize("look", ["harsh", "phone"])
def test_harsh_and_phone_shares_change_training_scenes_only(look: str) -> None:
    cfg = dry_run_config(0)
    asked = dataclasses.replace(cfg, **{f"{look}_share": 1.0})
    changed, plain = render_scene(5, asked), render_scene(5, cfg)
    assert changed.cards == plain.cards and not np.array_equal(changed.image, plain.image)
    # Validation names its layout: never lit harshly nor reprocessed, so runs with and without
    # compare.
    validation = render_scene(5, asked, layout=TABLE)
    assert np.array_equal(validation.image, render_scene(5, cfg, layout=TABLE).image)
    assert getattr(parse_args([f"--{look}-share", "0.3"]), f"{look}_share") == 0.3


def test_scan_share_deals_scans_and_a_share_of_zero_changes_no_scene() -> None:
    cfg = dry_run_config(0)
    scans = dataclasses.replace(cfg, scan_share=1.0)
    assert render_scene(5, scans).layout == SCAN
    assert render_scene(5, scans, layout=TABLE).layout == TABLE  # asked for by name: no scan
    plain = render_scene(5, cfg)
    assert plain.layout != SCAN
    again = make_scene(5, size=plain.image.shape[1::-1], deck=cfg.deck)
    assert np.array_equal(plain.image, again.image)
    assert parse_args(["--scan-share", "0.1"]).scan_share == 0.1
    # A training view of a scan, focused on an index, holds it as a target.
    scan = render_scene(5, scans)
    rng = np.random.default_rng(0)
    focused = dataclasses.replace(scans, focus_share=1.0, focus_jitter=0.0, closeup_share=0.0)
    views = [make_view(scan, rng, focused)[1] for _ in range(4)]
    assert all(view.reg_weight.sum() > 0 for view in views)


def test_loose_share_deals_loose_decks_for_training_only() -> None:
    cfg = dry_run_config(0)
    loose = dataclasses.replace(cfg, loose_share=1.0)
    assert render_scene(5, loose).layout == LOOSE
    assert render_scene(5, loose, layout=TABLE).layout == TABLE  # validation names its layout
    assert render_scene(5, cfg).layout != LOOSE
    assert parse_args(["--loose-share", "0.25"]).loose_share == 0.25


def test_ornate_share_redraws_the_courts_of_training_scenes_only() -> None:
    cfg = dry_run_config(0, deck="standard")
    ornate = dataclasses.replace(cfg, ornate_share=1.0)
    courts = next(seed for seed in range(5, 50) if any(
        c.card[:-1] in ("J", "Q", "K") for c in render_scene(seed, cfg).cards))
    busy, plain = render_scene(courts, ornate), render_scene(courts, cfg)
    assert busy.cards == plain.cards and not np.array_equal(busy.image, plain.image)
    validation = render_scene(courts, ornate, layout=TABLE)
    assert np.array_equal(validation.image, render_scene(courts, cfg, layout=TABLE).image)
    assert parse_args(["--ornate-share", "0.5"]).ornate_share == 0.5


@pytest.mark.parametrize(("field", "flag"), [
    ("crowded_share", "--crowded-share"), ("swash_q_share", "--swash-q-share"),
    ("pip_shapes_share", "--pip-shapes-share"), ("narrow_share", "--narrow-share"),
    ("typefaces_share", "--typefaces-share")])
def test_edition_shares_reprint_training_scenes_only(field: str, flag: str) -> None:
    # The editions the crop reader learnt from reach the detector's training scenes too, the
    # cards unchanged, and never its validation scenes.
    cfg = dry_run_config(0, deck="standard")
    reprinted = dataclasses.replace(cfg, **{field: 1.0})
    seed = next(s for s in range(5, 60) if any(
        c.card[:-1] == "Q" for c in render_scene(s, cfg).cards))
    new, plain = render_scene(seed, reprinted), render_scene(seed, cfg)
    assert [c.card for c in new.cards] == [c.card for c in plain.cards]
    assert not np.array_equal(new.image, plain.image)
    validation = render_scene(seed, reprinted, layout=TABLE)
    assert np.array_equal(validation.image, render_scene(seed, cfg, layout=TABLE).image)
    assert getattr(parse_args([flag, "0.5"]), field) == 0.5


def test_a_detector_fine_tune_may_start_its_training_scenes_elsewhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from models import train

    assert parse_args(["--train-seeds-from", "60000000"]).train_seeds_from == 60_000_000
    cfg = dataclasses.replace(dry_run_config(0), train_seeds_from=60_000_000)
    assert cfg.train_seeds_from == 60_000_000
    with pytest.raises(ValueError, match="would be the validation scenes"):
        dataclasses.replace(cfg, train_seeds_from=cfg.val_scenes - 1)
    assert train.main(["--run-dir", str(tmp_path), "--train-seeds-from", "5"]) == 2
    assert "would be the validation scenes" in capsys.readouterr().err
    assert not (tmp_path / "train.log").exists()


def test_ornate_share_reaches_training_scans_too() -> None:
    scans = dataclasses.replace(dry_run_config(0, deck="standard"), scan_share=1.0)
    seed = next(s for s in range(60)
                if render_scene(s, scans).cards[0].card[:-1] in ("J", "Q", "K"))
    ornate = dataclasses.replace(scans, ornate_share=1.0)
    assert render_scene(seed, ornate).layout == SCAN
    assert not np.array_equal(render_scene(seed, ornate).image, render_scene(seed, scans).image)


@pytest.mark.parametrize(
    "flag", ["--table-share", "--scan-share", "--harsh-share", "--phone-share", "--loose-share",
             "--ornate-share", "--crowded-share", "--swash-q-share", "--pip-shapes-share",
             "--narrow-share"]
)
@pytest.mark.parametrize("value", ["-0.1", "1.5", "half"])
def test_scene_shares_must_be_shares(
    flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        parse_args([flag, value])
    assert "must be a number from 0 to 1" in capsys.readouterr().err


@pytest.mark.parametrize(("script", "deck"), [("detector", "standard"), ("reader", "phase10")])
def test_a_dry_run_trains_from_a_committed_file_with_its_norm_frozen(
        script: str, deck: str, capsys: pytest.CaptureFixture[str]) -> None:
    from models import train

    run = {"detector": train.main, "reader": reader.main}[script]
    argv = ["--dry-run", "--no-progress", "--deck", deck, "--init-from", str(committed(deck))]
    assert run(argv) == 0
    err = capsys.readouterr().err
    assert f"init from {committed(deck)} (deck {deck}): loaded" in err and "kept 0 fresh" in err
    assert '"frozen_norm": true' in err  # the logged config
