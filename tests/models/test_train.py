"""The training script: target maths, validation scoring, dry runs for both decks, the exported
labels, and starting from another run's weights (labels themselves: test_labels.py).

Needs torch (requirements-train.txt, which the README's test command and CI install); without it
the module is skipped with the reason shown.
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip(
    "torch", reason="training tests need torch (pip install -r requirements-train.txt)"
)

import torch  # noqa: E402

from models.labels import DeckLabels, labels_for  # noqa: E402
from models.net import SIZE_UNIT, Detector  # noqa: E402
from models.synth.standard import LABEL_COLOURS, LABEL_RANKS  # noqa: E402
from models.train import (  # noqa: E402
    CLASS_LAYERS,
    Config,
    IndexTarget,
    ValScene,
    dry_run_config,
    encode_targets,
    evaluate,
    export_onnx,
    load_matching,
    main,
    parse_args,
    train,
)

STRIDE = 4
PHASE10 = labels_for("phase10")
STANDARD = labels_for("standard")
Box = tuple[float, float, float, float]


def test_encode_targets_places_one_peak_with_its_geometry() -> None:
    box = (41.0, 22.0, 61.0, 46.0)  # 20 x 24 px, centre (51, 34) -> cell (12, 8) + (0.75, 0.5)
    index = IndexTarget(box, card_centre=(91.0, 94.0), rank=6, colour=PHASE10.colours.index("G"))
    t = encode_targets([index], ignore=[(0.0, 0.0, 16.0, 16.0)], grid_hw=(32, 32), stride=STRIDE)
    assert t.heatmap.max() == 1.0
    assert tuple(np.argwhere(t.heatmap[0] == 1.0)[0]) == (8, 12)
    assert t.offset[:, 8, 12] == pytest.approx([0.75, 0.5])
    assert np.exp(t.log_size[:, 8, 12]) * SIZE_UNIT == pytest.approx([20.0, 24.0], rel=1e-5)
    # Centre vector in units of the index box: (91-51)/20, (94-34)/24.
    assert t.centre[:, 8, 12] == pytest.approx([2.0, 2.5])
    assert (t.rank[8, 12], t.colour[8, 12]) == (6, PHASE10.colours.index("G"))
    assert t.offset_mask.sum() == 1.0
    assert t.weight[0, 0:4, 0:4].max() == 0.0  # the ignored, unreadable index
    assert t.weight[0, 20:, 20:].min() == 1.0
    assert (t.rank >= 0).sum() == (t.reg_weight > 0).sum()


def perfect_outputs(cards: list[tuple[str, list[Box]]], centres: list[tuple[float, float]],
                    size: int, labels: DeckLabels = PHASE10) -> list[np.ndarray]:
    """Contract-2 outputs a flawless model would give for these cards."""
    indices = []
    for (token, boxes), centre in zip(cards, centres, strict=True):
        rank, colour = labels.parse(token)
        indices += [IndexTarget(box, centre, rank, colour) for box in boxes]
    grid = size // STRIDE
    t = encode_targets(indices, [], (grid, grid), STRIDE)
    px = np.exp(t.log_size) * SIZE_UNIT
    rank = np.eye(len(labels.ranks), dtype=np.float32)[np.maximum(t.rank, 0)].transpose(2, 0, 1)
    colour = np.eye(len(labels.colours), dtype=np.float32)[np.maximum(t.colour, 0)]
    return [a[None] for a in (t.heatmap, px, t.offset, t.centre * px, rank,
                              colour.transpose(2, 0, 1))]


def scene_of(cards: list[tuple[str, list[Box]]]) -> ValScene:
    return ValScene(np.zeros((3, 8, 8), np.float32),
                    tuple((token, tuple(boxes)) for token, boxes in cards), "spread", "test")


CARDS = [
    ("R7", [(20.0, 20.0, 36.0, 36.0), (84.0, 124.0, 100.0, 140.0)]),  # both corners visible
    ("R7", [(140.0, 20.0, 156.0, 36.0)]),  # a second physical R7
    ("W", [(20.0, 160.0, 36.0, 176.0)]),
]
CENTRES = [(60.0, 80.0), (180.0, 80.0), (60.0, 220.0)]
# The same layout with standard cards: rank before suit, and the colourless joker.
STANDARD_CARDS = [("10H", CARDS[0][1]), ("10H", CARDS[1][1]), ("X", CARDS[2][1])]


@pytest.mark.parametrize(("cards", "labels"), [(CARDS, PHASE10), (STANDARD_CARDS, STANDARD)],
                         ids=["phase10", "standard"])
def test_evaluate_scores_a_perfect_model_as_perfect_and_dedupes_two_corners(
        cards: list[tuple[str, list[Box]]], labels: DeckLabels) -> None:
    outputs = perfect_outputs(cards, CENTRES, 256, labels)
    report = evaluate(lambda image: outputs, [scene_of(cards)], STRIDE, labels)
    tally = report["0.30"]["cards"]["all"]
    assert (tally["precision"], tally["recall"], tally["hand_exact"]) == (1.0, 1.0, 1.0)


def test_evaluate_counts_a_misread_card_as_miss_plus_false_alarm() -> None:
    read = [("R1" if token == "W" else token, boxes) for token, boxes in CARDS]
    outputs = perfect_outputs(read, CENTRES, 256)
    report = evaluate(lambda image: outputs, [scene_of(CARDS)], STRIDE, PHASE10)
    cards = report["0.30"]["cards"]["all"]
    assert cards["precision"] == pytest.approx(2 / 3, abs=1e-3)
    assert cards["recall"] == pytest.approx(2 / 3, abs=1e-3)
    assert cards["hand_exact"] == 0.0
    assert report["0.30"]["confusions"] == ["W->R1: 1"]
    assert not math.isnan(report["best_f1"])


def test_dry_run_trains_and_exports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--dry-run", "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["steps"] == 2
    assert 0 < summary["onnx_bytes"] <= 10_000_000


def test_resume_continues_from_the_checkpoint(tmp_path) -> None:  # type: ignore[no-untyped-def]
    first = train(dry_run_config(0), tmp_path, False, "first", show_progress=False)
    again = train(dry_run_config(0), tmp_path, True, "again", show_progress=False,
                  budget_overrides={"max_steps": 3})
    assert (first["steps"], again["steps"]) == (2, 3)
    state = torch.load(tmp_path / "last.pt", weights_only=False)
    assert state["command"] == "first && again"


def test_resume_may_lower_the_peak_rate_and_reweigh_the_centre(tmp_path: Path) -> None:
    train(dry_run_config(0), tmp_path, False, "first", show_progress=False)
    args = parse_args(["--resume", "--run-dir", str(tmp_path), "--lr", "1e-4", "--w-centre", "0.6"])
    train(dry_run_config(0), tmp_path, True, "again", show_progress=False,
          budget_overrides={"max_steps": 3, "lr": args.lr, "w_centre": args.w_centre})
    config = torch.load(tmp_path / "last.pt", weights_only=False)["config"]
    assert (config["lr"], config["w_centre"]) == (1e-4, 0.6)


@pytest.mark.parametrize("relabelled", [False, True])
def test_a_resumed_run_keeps_its_best_only_on_the_same_validation_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, relabelled: bool
) -> None:
    train(dry_run_config(0), tmp_path, False, "first", show_progress=False)
    state = torch.load(tmp_path / "last.pt", weights_only=False)
    torch.save({**state, "best_f1": 2.0}, tmp_path / "last.pt")  # unbeatable on the same data
    if relabelled:
        monkeypatch.setattr("models.synth.MIN_MARK_VISIBLE", 0.25)
    summary = train(dry_run_config(0), tmp_path, True, "again", show_progress=False,
                    budget_overrides={"max_steps": 3})
    assert (summary["best_f1"] == 2.0) is not relabelled
    assert (torch.load(tmp_path / "best.pt", weights_only=False)["step"] == 3) is relabelled


@pytest.mark.parametrize("flag", ["--lr", "--w-centre"])
def test_rates_and_weights_must_be_positive(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args([flag, "-1"])
    assert "must be a number above 0, not '-1'" in capsys.readouterr().err


def test_resume_without_checkpoint_is_a_clear_error(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--run-dir", str(tmp_path), "--resume"]) == 2
    assert "no checkpoint" in capsys.readouterr().err


def test_export_only_needs_an_output(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--export-only", str(tmp_path / "x.pt")]) == 2
    assert "needs --out" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------
# Decks and starting from another run's weights


def save_tiny_checkpoint(path: Path, cfg: Config) -> dict[str, torch.Tensor]:
    """A checkpoint of an untrained detector, as ``train`` writes them (config + model)."""
    torch.manual_seed(1)
    weights = Detector(cfg.shape).state_dict()
    torch.save({"config": cfg.to_json(), "model": weights}, path)
    return weights


def test_config_sizes_the_class_heads_from_its_deck() -> None:
    assert Config(deck="standard").labels == STANDARD
    assert (Config(deck="standard").shape.n_ranks, Config().shape.n_colours) == (14, 5)
    with pytest.raises(ValueError, match="unknown deck 'uno'"):
        Config(deck="uno")


def test_config_of_a_checkpoint_from_before_decks_reads_phase10() -> None:
    old = {k: v for k, v in Config().to_json().items() if k not in ("deck", "init_from")}
    cfg = Config.from_json(json.loads(json.dumps(old)))  # lists, as from a JSON log
    assert (cfg.deck, cfg.init_from, cfg.labels) == ("phase10", None, PHASE10)


def test_dry_run_of_a_standard_deck_starts_from_a_phase10_checkpoint(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = tmp_path / "phase10.pt"
    save_tiny_checkpoint(checkpoint, dry_run_config(0))
    argv = ["--dry-run", "--no-progress", "--deck", "standard", "--init-from", str(checkpoint)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out.strip().splitlines()[-1])["steps"] == 2
    assert "init from" in err and "kept 2 fresh (classify.2.bias, classify.2.weight)" in err
    assert '"deck": "standard"' in err  # the logged config


def test_exported_standard_detector_carries_the_standard_labels(tmp_path: Path) -> None:
    ort = pytest.importorskip("onnxruntime")
    from vision.model import read_info

    cfg = dry_run_config(0, deck="standard")
    path = export_onnx(Detector(cfg.shape), cfg, tmp_path / "standard.onnx", 0.4, "test")
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    meta = session.get_modelmeta().custom_metadata_map
    assert meta["deck"] == "standard"
    assert json.loads(meta["ranks"]) == list(LABEL_RANKS)
    assert json.loads(meta["colours"]) == list(LABEL_COLOURS)
    info = read_info(session, path)  # the runtime accepts it and makes standard tokens
    assert info.deck.name == "standard" and (13, 4, "X") in info.token_table()


def test_init_from_loads_matching_tensors_and_keeps_other_decks_class_layers_fresh(
        tmp_path: Path) -> None:
    cfg = dry_run_config(0)
    checkpoint = tmp_path / "phase10.pt"
    source = save_tiny_checkpoint(checkpoint, cfg)
    torch.manual_seed(2)
    model = Detector(dataclasses.replace(cfg, deck="standard").shape)
    loaded, fresh = load_matching(model, checkpoint, "standard", CLASS_LAYERS)
    got = model.state_dict()
    assert (loaded, fresh) == (len(source) - 2, 2)
    assert not torch.equal(got["classify.2.weight"], source["classify.2.weight"])
    assert all(torch.equal(got[k], v) for k, v in source.items() if not k.startswith("classify.2"))
    # The same deck: the class layers mean the same cards, so everything loads.
    assert load_matching(model, checkpoint, "phase10", CLASS_LAYERS) == (len(source), 0)


def test_init_from_skips_tensors_of_another_shape(tmp_path: Path) -> None:
    cfg = dry_run_config(0)
    checkpoint = tmp_path / "narrow.pt"
    source = save_tiny_checkpoint(checkpoint, cfg)
    model = Detector(dataclasses.replace(cfg.shape, head=16))
    loaded, fresh = load_matching(model, checkpoint, "phase10", CLASS_LAYERS)
    assert loaded + fresh == len(model.state_dict()) and 0 < loaded < len(source)
    assert torch.equal(model.state_dict()["stages.0.0.0.weight"], source["stages.0.0.0.weight"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--resume", "--deck", "standard"], "set up a fresh run"),
     (["--resume", "--init-from", "x.pt"], "set up a fresh run"),
     (["--dry-run", "--init-from", "missing.pt"], "no checkpoint at missing.pt")],
)
def test_fresh_run_options_are_checked(argv: list[str], message: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "last.pt").touch()
    assert main([*argv, "--run-dir", str(tmp_path)]) == 2
    assert message in capsys.readouterr().err


def test_a_run_started_on_a_gpu_resumes_on_a_cpu_when_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    train(dry_run_config(0), tmp_path, False, "first", show_progress=False)
    state = torch.load(tmp_path / "last.pt", weights_only=False)
    torch.save({**state, "config": {**state["config"], "device": "cuda"}}, tmp_path / "last.pt")
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    with pytest.raises(SystemExit, match="no CUDA GPU.*--device cpu"):
        train(dry_run_config(0), tmp_path, True, "again", show_progress=False)
    flags = ["--resume", "--run-dir", str(tmp_path), "--device", "cpu", "--workers", "0",
             "--max-steps", "3", "--no-progress"]
    assert main(flags) == 0
    config = torch.load(tmp_path / "last.pt", weights_only=False)["config"]
    assert (config["device"], config["workers"]) == ("cpu", 0)


def test_an_unknown_device_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match="'tpu' is not a torch device"):
        main(["--dry-run", "--no-progress", "--device", "tpu"])


@pytest.mark.parametrize("workers", ["-1", "two", "1.5"])
def test_worker_counts_must_be_whole_numbers(workers: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--workers", workers])
    assert "whole number from 0" in capsys.readouterr().err


def test_every_edition_option_has_a_stream_and_a_share_in_both_trainers() -> None:
    # A new Edition option is drawn in training only once both trainers know it.
    from models import reader
    from models.synth import Edition
    from models.train import EDITION_KINDS, EDITION_STREAMS, Config, edition_shares

    options = {field.name for field in dataclasses.fields(Edition)}
    assert set(EDITION_KINDS) == set(EDITION_STREAMS) == options
    assert len(set(EDITION_STREAMS.values())) == len(EDITION_STREAMS)
    detector = edition_shares(Config(typefaces_share=0.25), "_share")
    crops = edition_shares(reader.Config(typefaces_scene_share=0.75), "_scene_share")
    assert set(detector) == set(crops) == options
    assert detector["typefaces"] == 0.25 and crops["typefaces"] == 0.75


@pytest.mark.parametrize("module", ["models.train", "models.reader"])
def test_help_shows_the_defaults_not_the_config_field_names(module: str) -> None:
    import subprocess
    import sys

    shown = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True,
                           text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert shown.returncode == 0 and "(default" in shown.stdout
    assert "Config." not in shown.stdout  # "(default: Config.workers)" told nobody anything
