"""The committed model on hands rendered by our own renderer (fixtures/, see make_fixtures.py)."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence

import cv2
import numpy as np
from PIL import Image
from tests_vision_helpers import FIXTURES, covers, tokens

from vision import Detection, Reader


def test_spread_hand_is_read_exactly(reader: Reader, fixture_labels: dict) -> None:
    truth = fixture_labels["spread.jpg"]
    detections = reader.read(FIXTURES / "spread.jpg")
    assert tokens(detections) == Counter(card["card"] for card in truth)
    for det in detections:  # and each card is found where it lies
        assert any(
            covers(det.box, index)
            for card in truth
            if card["card"] == str(det.card)
            for index in card["indices"]
        )
    assert all(0.0 < det.confidence <= 1.0 for det in detections)


def test_card_showing_both_corners_counts_once(reader: Reader, fixture_labels: dict) -> None:
    truth = fixture_labels["spread.jpg"]
    two_cornered = [card for card in truth if len(card["indices"]) >= 2]
    assert two_cornered, "the fixture must hold a card with both corners visible"
    found = tokens(reader.read(FIXTURES / "spread.jpg"))
    for card in two_cornered:
        assert found[card["card"]] == sum(c["card"] == card["card"] for c in truth)


def test_two_physical_copies_count_twice(reader: Reader, fixture_labels: dict) -> None:
    truth = Counter(card["card"] for card in fixture_labels["copies.jpg"])
    doubled = [token for token, n in truth.items() if n == 2]
    assert doubled, "the fixture must hold two copies of one card"
    found = tokens(reader.read(FIXTURES / "copies.jpg"))
    assert all(found[token] == 2 for token in doubled)


def test_photo_without_cards_reads_as_empty(reader: Reader) -> None:
    assert reader.read(FIXTURES / "table.jpg") == ()


def _boxes(detections: Sequence[Detection]) -> dict[str, list[np.ndarray]]:
    by_token: dict[str, list[np.ndarray]] = {}
    for det in detections:
        by_token.setdefault(str(det.card), []).append(np.array(det.box, float))
    return by_token


def test_boxes_are_in_original_photo_pixels(reader: Reader) -> None:
    """A 4x bigger JPEG is decoded reduced; its boxes must still come out 4x bigger."""
    small = cv2.imread(str(FIXTURES / "spread.jpg"))
    big = cv2.resize(small, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)
    ok, encoded = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    expected, scaled = _boxes(reader.read(small)), _boxes(reader.read(encoded.tobytes()))
    assert expected.keys() == scaled.keys()
    for token, boxes in expected.items():
        for box, big_box in zip(
            sorted(boxes, key=list), sorted(scaled[token], key=list), strict=True
        ):
            assert np.abs(big_box - 4 * box).max() <= 0.05 * big.shape[1]


def test_exif_orientation_is_honoured(reader: Reader) -> None:
    """A phone stores the photo sideways and says so in EXIF; the reading must not change."""
    upright = Image.open(FIXTURES / "spread.jpg")
    exif = Image.Exif()
    exif[0x0112] = 6  # viewers rotate the stored pixels 90 degrees clockwise
    buffer = io.BytesIO()
    upright.transpose(Image.Transpose.ROTATE_90).save(buffer, "JPEG", quality=92, exif=exif)
    expected = _boxes(reader.read(FIXTURES / "spread.jpg"))
    rotated = _boxes(reader.read(buffer.getvalue()))
    assert rotated.keys() == expected.keys()
    tolerance = 0.03 * upright.width
    for token, boxes in expected.items():
        for box in boxes:
            assert min(np.abs(other - box).max() for other in rotated[token]) <= tolerance
