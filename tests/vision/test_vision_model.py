"""Model files: the deck table, and clear errors for a missing or broken model."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import DECKS, ModelError, Reader
from vision.model import model_path


def test_every_deck_names_its_model_file() -> None:
    assert {name: spec.model_file for name, spec in DECKS.items()} == {
        "phase10": "phase10.onnx",
        "standard": "standard.onnx",
    }


def test_unknown_deck() -> None:
    with pytest.raises(ModelError, match="unknown deck 'uno'"):
        model_path("uno")


def test_a_file_that_is_not_a_model(tmp_path: Path) -> None:
    broken = tmp_path / "phase10.onnx"
    broken.write_bytes(b"not a protobuf")
    with pytest.raises(ModelError, match="cannot load the model"):
        Reader.from_file(broken)


def test_the_committed_model_follows_the_contract(reader: Reader) -> None:
    info = reader.info
    assert info.deck.name == "phase10" and info.stride >= 1
    assert {"W", "S"} <= set(info.ranks) and "-" in info.colours
    assert len({token for _, _, token in info.token_table()}) == 50  # 4 x 12 numbers, W, S
    assert 0.0 < reader.threshold < 1.0
    assert reader.path.stat().st_size <= 10 * 2**20
