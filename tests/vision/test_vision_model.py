"""Model files: the deck table, and clear errors for a missing or broken model."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision import DECKS, DecodeParams, ModelError, Reader
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


def test_decoding_settings_come_from_the_model_file_unless_given(tmp_path: Path) -> None:
    from models.stamp import main as stamp

    copy = tmp_path / "stamped.onnx"
    copy.write_bytes(model_path("phase10").read_bytes())
    assert stamp([str(copy), "--threshold", "0.42", "--merge", "2.5", "--conflict", "0.1",
                  "--agreement", "0.07", "--how", "test"]) == 0
    stored = Reader.from_file(copy)
    assert (stored.threshold, stored.merge_distance, stored.conflict_distance) == (0.42, 2.5, 0.1)
    assert stored.reading_agreement == 0.07
    given = Reader.from_file(copy, params=DecodeParams(peak_threshold=0.7, merge_distance=1.0,
                                                       reading_agreement=0.0))
    assert (given.threshold, given.merge_distance, given.conflict_distance) == (0.7, 1.0, 0.1)
    assert given.reading_agreement == 0.0
    assert stamp([str(copy), "--threshold", "1.5", "--merge", "1", "--conflict", "0",
                  "--how", "test"]) == 2
    assert stamp([str(copy), "--threshold", "0.5", "--merge", "1", "--conflict", "0",
                  "--agreement", "2", "--how", "test"]) == 2


@pytest.mark.parametrize("field", ["reading_agreement", "min_confidence"])
def test_decoding_shares_outside_0_to_1_are_refused(field: str) -> None:
    with pytest.raises(ValueError, match=f"{field} is a probability from 0"):
        Reader.from_file(params=DecodeParams(**{field: 1.5}))


def test_negative_deck_sets_are_refused() -> None:
    with pytest.raises(ValueError, match="deck_sets must be 0"):
        Reader.from_file(params=DecodeParams(deck_sets=-1))
