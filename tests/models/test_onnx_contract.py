"""The committed model honours Contract 2 (what ``vision/`` relies on): the detector half, and
the crop-reader half that the same file carries (``models/merge.py``)."""

from __future__ import annotations

import json

import numpy as np
import onnxruntime as ort
import pytest

from models import DEFAULT_MODEL
from models.__main__ import main as describe_main
from vision.model import open_sessions

OUTPUTS = ("heatmap", "size", "offset", "centre", "rank", "colour")


@pytest.fixture(scope="module")
def halves() -> tuple[ort.InferenceSession, ort.InferenceSession | None]:
    assert DEFAULT_MODEL.is_file(), f"the model must be committed at {DEFAULT_MODEL}"
    return open_sessions(DEFAULT_MODEL)


@pytest.fixture(scope="module")
def session(halves: tuple[ort.InferenceSession, ort.InferenceSession | None]
            ) -> ort.InferenceSession:
    return halves[0]


def test_crop_reader_half_names_crops(
    halves: tuple[ort.InferenceSession, ort.InferenceSession | None],
) -> None:
    reader = halves[1]
    assert reader is not None, "the committed file carries the crop reader"
    meta = reader.get_modelmeta().custom_metadata_map
    size = int(meta["crop_size"])
    crops = np.full((3, 3, size, size), 0.5, np.float32)
    rank, colour = reader.run(["crop_rank", "crop_colour"], {"crops": crops})
    assert rank.shape == (3, len(json.loads(meta["crop_ranks"])))
    assert colour.shape == (3, len(json.loads(meta["crop_colours"])))
    assert np.allclose(rank.sum(axis=1), 1.0, atol=1e-4)


def test_model_file_is_small_enough() -> None:
    assert DEFAULT_MODEL.stat().st_size <= 10 * 1024 * 1024


def test_input_is_one_fixed_size_rgb_image(session: ort.InferenceSession) -> None:
    (image,) = session.get_inputs()
    assert image.name == "image" and image.type == "tensor(float)"
    n, c, h, w = image.shape
    assert (n, c) == (1, 3)
    assert isinstance(h, int) and isinstance(w, int), "H and W must be fixed in the graph"


def test_metadata_carries_labels_and_stride(session: ort.InferenceSession) -> None:
    meta = session.get_modelmeta().custom_metadata_map
    for key in ("stride", "ranks", "colours", "deck", "version", "trained"):
        assert meta.get(key), f"metadata {key!r} missing"
    assert meta["deck"] == "phase10"
    assert json.loads(meta["ranks"]) == [str(n) for n in range(1, 13)] + ["W", "S"]
    assert json.loads(meta["colours"]) == ["R", "B", "G", "Y", "-"]
    assert 0.0 < float(meta["threshold"]) < 1.0


def test_outputs_have_contract_names_shapes_and_ranges(session: ort.InferenceSession) -> None:
    meta = session.get_modelmeta().custom_metadata_map
    stride = int(meta["stride"])
    _, _, h, w = session.get_inputs()[0].shape
    grey = np.full((1, 3, h, w), 0.5, np.float32)
    got = dict(zip([o.name for o in session.get_outputs()], session.run(None, {"image": grey}),
                   strict=True))
    assert tuple(got) == OUTPUTS
    channels = {"heatmap": 1, "size": 2, "offset": 2, "centre": 2,
                "rank": len(json.loads(meta["ranks"])), "colour": len(json.loads(meta["colours"]))}
    for name, k in channels.items():
        assert got[name].shape == (1, k, h // stride, w // stride), name
    for name in ("heatmap", "offset"):
        assert got[name].min() >= 0.0 and got[name].max() <= 1.0, f"{name} is not in 0..1"
    assert got["size"].min() > 0.0
    for name in ("rank", "colour"):
        assert np.allclose(got[name].sum(axis=1), 1.0, atol=1e-4), f"{name} is not a softmax"
    # A plain grey frame holds no card: nothing should be confidently found.
    assert got["heatmap"].max() < float(meta["threshold"])


def test_describe_cli_prints_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    assert describe_main([]) == 0
    info = json.loads(capsys.readouterr().out)
    assert list(info["outputs"])[: len(OUTPUTS)] == list(OUTPUTS)
    assert info["metadata"]["deck"] == "phase10"


def test_describe_cli_rejects_a_missing_or_foreign_file(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert describe_main([str(tmp_path / "none.onnx")]) == 2
    assert "no model file" in capsys.readouterr().err
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"not a model")
    assert describe_main([str(junk)]) == 2
    assert "not a loadable ONNX model" in capsys.readouterr().err


def test_describe_cli_opens_a_file_whose_path_is_not_utf_8(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    # onnxruntime takes a path only as UTF-8 text (a dump of its signatures was said)
    import os

    path = tmp_path / os.fsdecode(b"m\xe9.onnx")
    path.write_bytes(DEFAULT_MODEL.read_bytes())
    assert describe_main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["metadata"]["deck"] == "phase10"
