"""The training script: label encoding, target maths, validation scoring and a dry run.

Needs torch (requirements-train.txt); CI installs only requirements-dev.txt, so the module is
skipped there with the reason shown.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

pytest.importorskip(
    "torch", reason="training tests need torch (pip install -r requirements-train.txt)"
)

from models.net import SIZE_UNIT  # noqa: E402
from models.train import (  # noqa: E402
    COLOURS,
    RANKS,
    IndexTarget,
    ValScene,
    dry_run_config,
    encode_targets,
    evaluate,
    main,
    parse_token,
    token_of,
    train,
)

STRIDE = 4


@pytest.mark.parametrize("token", ["R1", "B12", "G6", "Y9", "W", "S"])
def test_token_round_trip(token: str) -> None:
    assert token_of(*parse_token(token)) == token


@pytest.mark.parametrize("bad", ["R13", "P5", "", "X", "R"])
def test_parse_token_rejects_non_phase10(bad: str) -> None:
    with pytest.raises(ValueError, match="not a Phase 10 card token"):
        parse_token(bad)


def test_encode_targets_places_one_peak_with_its_geometry() -> None:
    box = (41.0, 22.0, 61.0, 46.0)  # 20 x 24 px, centre (51, 34) -> cell (12, 8) + (0.75, 0.5)
    index = IndexTarget(box, card_centre=(91.0, 94.0), rank=6, colour=COLOURS.index("G"))
    t = encode_targets([index], ignore=[(0.0, 0.0, 16.0, 16.0)], grid_hw=(32, 32), stride=STRIDE)
    assert t.heatmap.max() == 1.0
    assert tuple(np.argwhere(t.heatmap[0] == 1.0)[0]) == (8, 12)
    assert t.offset[:, 8, 12] == pytest.approx([0.75, 0.5])
    assert np.exp(t.log_size[:, 8, 12]) * SIZE_UNIT == pytest.approx([20.0, 24.0], rel=1e-5)
    # Centre vector in units of the index box: (91-51)/20, (94-34)/24.
    assert t.centre[:, 8, 12] == pytest.approx([2.0, 2.5])
    assert (t.rank[8, 12], t.colour[8, 12]) == (6, COLOURS.index("G"))
    assert t.offset_mask.sum() == 1.0
    assert t.weight[0, 0:4, 0:4].max() == 0.0  # the ignored, unreadable index
    assert t.weight[0, 20:, 20:].min() == 1.0
    assert (t.rank >= 0).sum() == (t.reg_weight > 0).sum()


def perfect_outputs(cards: list[tuple[str, list[tuple[float, float, float, float]]]],
                    centres: list[tuple[float, float]], size: int) -> list[np.ndarray]:
    """Contract-2 outputs a flawless model would give for these cards."""
    indices = []
    for (token, boxes), centre in zip(cards, centres, strict=True):
        rank, colour = parse_token(token)
        indices += [IndexTarget(box, centre, rank, colour) for box in boxes]
    grid = size // STRIDE
    t = encode_targets(indices, [], (grid, grid), STRIDE)
    px = np.exp(t.log_size) * SIZE_UNIT
    rank = np.eye(len(RANKS), dtype=np.float32)[np.maximum(t.rank, 0)].transpose(2, 0, 1)
    colour = np.eye(len(COLOURS), dtype=np.float32)[np.maximum(t.colour, 0)].transpose(2, 0, 1)
    return [a[None] for a in (t.heatmap, px, t.offset, t.centre * px, rank, colour)]


def scene_of(cards: list[tuple[str, list[tuple[float, float, float, float]]]]) -> ValScene:
    return ValScene(np.zeros((3, 8, 8), np.float32),
                    tuple((token, tuple(boxes)) for token, boxes in cards), "spread", "test")


CARDS = [
    ("R7", [(20.0, 20.0, 36.0, 36.0), (84.0, 124.0, 100.0, 140.0)]),  # both corners visible
    ("R7", [(140.0, 20.0, 156.0, 36.0)]),  # a second physical R7
    ("W", [(20.0, 160.0, 36.0, 176.0)]),
]
CENTRES = [(60.0, 80.0), (180.0, 80.0), (60.0, 220.0)]


def test_evaluate_scores_a_perfect_model_as_perfect_and_dedupes_two_corners() -> None:
    outputs = perfect_outputs(CARDS, CENTRES, 256)
    report = evaluate(lambda image: outputs, [scene_of(CARDS)], STRIDE)
    cards = report["0.30"]["cards"]["all"]
    assert (cards["precision"], cards["recall"], cards["hand_exact"]) == (1.0, 1.0, 1.0)


def test_evaluate_counts_a_misread_card_as_miss_plus_false_alarm() -> None:
    read = [("R1" if token == "W" else token, boxes) for token, boxes in CARDS]
    outputs = perfect_outputs(read, CENTRES, 256)
    report = evaluate(lambda image: outputs, [scene_of(CARDS)], STRIDE)
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
    import torch

    state = torch.load(tmp_path / "last.pt", weights_only=False)
    assert state["command"] == "first && again"


def test_resume_without_checkpoint_is_a_clear_error(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--run-dir", str(tmp_path), "--resume"]) == 2
    assert "no checkpoint" in capsys.readouterr().err


def test_export_only_needs_an_output(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--export-only", str(tmp_path / "x.pt")]) == 2
    assert "needs --out" in capsys.readouterr().err
