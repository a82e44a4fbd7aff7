"""Two copies of one playing card laid side by side stay two cards (``Decoding.copies_beside``,
stamped into the standard file; bench/copies.py measures how often a copy was lost)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import cv2

from vision import DecodeParams, Reader
from vision.model import model_path


def _laid_photo(seed: int) -> tuple[bytes, Counter[str]]:
    """Validation laid scene ``seed`` of zehn-phasen groups as a JPEG, and its cards."""
    from models.synth.laid import make_laid_scene

    scene = make_laid_scene(seed, deck="standard").scene
    jpeg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1]
    return jpeg.tobytes(), Counter(label.card for label in scene.cards)


def _read(reader: Reader, data: bytes) -> Counter[str]:
    return Counter(str(d.card) for d in reader.read(reader.load(data)))


def test_copies_in_a_laid_set_of_playing_cards_are_both_read() -> None:
    # Validation laid seed 5: a set of fives holding two 5 of clubs and two 5 of diamonds, each
    # copy a strip beside the other; their jumbo indices guess centres within the merge
    # distance, and without the rule each pair was read as one card.
    data, truth = _laid_photo(5)
    assert truth["5C"] == truth["5D"] == 2
    committed = Reader.from_file(deck="standard")
    assert committed.decoding.copies_beside == 1
    read = _read(committed, data)
    assert read["5C"] == read["5D"] == 2
    without = _read(committed.with_params(DecodeParams(copies_beside=0)), data)
    assert without["5C"] == without["5D"] == 1
    # Nothing read that the photo lacks, with the rule or without.
    assert not read - truth and not without - truth


def test_the_phase10_file_does_not_ask_the_rule() -> None:
    # On Phase 10 close-ups a corner guessing its centre astray looks like a copy beside the card
    # and was read twice (bench/README.md, bench/copies.py).
    assert Reader.from_file(deck="phase10").decoding.copies_beside == 0


def test_the_setting_is_stamped_into_a_model_file(tmp_path: Path) -> None:
    from models.stamp import main as stamp

    copy = tmp_path / "beside.onnx"
    copy.write_bytes(model_path("phase10").read_bytes())
    base = [str(copy), "--threshold", "0.6", "--merge", "2", "--conflict", "0", "--how", "test"]
    assert stamp([*base, "--copies-beside", "2"]) == 2
    assert Reader.from_file(copy).decoding.copies_beside == 0
    assert stamp([*base, "--copies-beside", "1"]) == 0
    assert Reader.from_file(copy).decoding.copies_beside == 1
