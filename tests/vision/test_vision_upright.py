"""Crops read upright: each crop turned by quarter turns so its card centre lies below and right
of its index (``Decoding.upright_crops``), so cards lying sideways read as upright ones."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest
from tests_vision_helpers import FIXTURES, tokens

from vision import DecodeParams, Decoding, Reader
from vision.crops import UPRIGHT_BEARING, turned, upright_turns, view_crops
from vision.model import model_path


def _clockwise(box: tuple[float, ...], height: int) -> tuple[float, ...]:
    x0, y0, x1, y1 = box
    return (height - y1, x0, height - y0, x1)


def test_an_upright_cards_crops_are_not_turned() -> None:
    boxes = np.array([[100.0, 100.0, 120.0, 130.0]] * 3)
    # The card centre down and right of the index, up to 40 degrees either way of upright.
    bearings = np.radians([UPRIGHT_BEARING - 40, UPRIGHT_BEARING, UPRIGHT_BEARING + 40])
    centres = np.column_stack([110 + 80 * np.cos(bearings), 115 + 80 * np.sin(bearings)])
    assert upright_turns(boxes, centres).tolist() == [0, 0, 0]


def test_turns_are_taken_from_the_middle_of_each_box() -> None:
    box = [100.0, 20.0, 110.0, 36.0]  # a tall box away from the diagonal: its middle (105, 28)
    centres = np.array([[125.0, 58.0], [85.0, 58.0], [85.0, 0.0], [125.0, 0.0]])
    assert upright_turns(np.array([box] * 4), centres).tolist() == [0, 1, 2, 3]


def test_each_view_of_a_box_turns_by_that_boxs_turns() -> None:
    crops = np.random.default_rng(0).random((4, 3, 5, 5))  # two views of two boxes
    out = turned(crops, np.array([1, 2]))
    for i, k in enumerate([1, 2, 1, 2]):
        np.testing.assert_array_equal(out[i], np.rot90(crops[i], k, axes=(1, 2)))
    assert turned(crops[:0], np.array([], np.int64)).shape == (0, 3, 5, 5)


def test_no_views_cut_no_crops() -> None:
    image = np.zeros((40, 40, 3), np.uint8)
    crops = view_crops(image, np.array([[5.0, 5.0, 15.0, 15.0]]), 8, 1.5, ())
    assert crops.shape == (0, 3, 8, 8) and crops.dtype == np.float32


@pytest.mark.parametrize("quarters", [1, 2, 3])
def test_a_crop_of_a_turned_photo_read_upright_is_the_upright_crop(quarters: int) -> None:
    # A smooth picture with no symmetry: a one-pixel difference in where a turned crop is cut
    # changes it a little, a wrong turn a lot.
    yy, xx = np.mgrid[0:120, 0:160].astype(np.float64)
    image = np.stack([xx * 1.5, yy * 2.0, (xx + 2 * yy) * 0.5], axis=2).clip(0, 255)
    image = image.astype(np.uint8)
    box, centre = (40.0, 30.0, 60.0, 58.0), (90.0, 85.0)
    want = view_crops(image, np.array([box]), 24, 1.5)
    photo = image
    for _ in range(quarters):
        height = photo.shape[0]
        box = _clockwise(box, height)
        centre = (height - centre[1], centre[0])
        photo = cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE)
    turns = upright_turns(np.array([box]), np.array([centre]))
    assert turns.tolist() == [quarters]  # counter-clockwise undoes clockwise
    as_lies = view_crops(photo, np.array([box]), 24, 1.5)
    upright = turned(as_lies, turns)
    assert np.abs(upright - want).mean() < 0.02 < np.abs(as_lies - want).mean()


def test_the_setting_is_stored_in_the_model_file_and_checked(tmp_path: Path) -> None:
    from models.stamp import main as stamp

    assert Decoding().upright_crops == 0  # files from before the setting read crops as they lie
    copy = tmp_path / "upright.onnx"
    copy.write_bytes(model_path("standard").read_bytes())
    base = [str(copy), "--threshold", "0.4", "--merge", "3", "--conflict", "0", "--how", "test"]
    assert stamp([*base, "--upright-crops", "2"]) == 2
    assert stamp([*base, "--upright-crops", "1"]) == 0
    assert Reader.from_file(copy).decoding.upright_crops == 1
    for bad in (2, True):
        with pytest.raises(ValueError, match="upright_crops is 0 .off. or 1 .on."):
            Decoding(upright_crops=bad)


def test_a_spread_turned_sideways_reads_as_it_does_upright(fixture_labels: dict) -> None:
    # Judged against the true cards, not against the upright reading: a turned photo that reads
    # a card right which the upright one misread is no worse.
    truth = Counter(card["card"] for card in fixture_labels["standard_spread.jpg"])
    upright = Reader.from_file(deck="standard", params=DecodeParams(upright_crops=1))
    photo = cv2.imread(str(FIXTURES / "standard_spread.jpg"))
    as_taken = tokens(upright.read(photo))
    for rotation in (cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE):
        turned_photo = tokens(upright.read(cv2.rotate(photo, rotation)))
        assert sum((turned_photo & truth).values()) >= sum((as_taken & truth).values()) - 1
        assert sum((turned_photo - truth).values()) <= sum((as_taken - truth).values()) + 1


def _mis_stamped(path: Path) -> Path:
    """The standard file at ``path``, its reader marked as trained on upright crops alone but
    its decoding stamped to read crops as they lie."""
    import onnx

    model = onnx.load(str(model_path("standard")))
    meta = {p.key: p.value for p in model.metadata_props}
    onnx.helper.set_model_props(model, {**meta, "crop_upright": "1", "upright_crops": "0"})
    onnx.save(model, str(path))
    return path


def test_a_reader_trained_upright_is_never_read_as_crops_lie(tmp_path: Path) -> None:
    path = _mis_stamped(tmp_path / "upright_reader.onnx")
    with pytest.raises(ValueError, match="learnt upright crops alone .crop_upright.; read it with"):
        Reader.from_file(path)
    assert Reader.from_file(path, params=DecodeParams(upright_crops=1)).info.crops.upright


def test_the_cli_names_a_file_that_cannot_be_read_as_stamped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from vision.cli import main

    path = _mis_stamped(tmp_path / "mis_stamped.onnx")
    image = str(FIXTURES / "standard_spread.jpg")
    assert main(["read", image, "--deck", "standard", "--model", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "learnt upright crops alone" in err and '"error"' in out


@pytest.mark.parametrize("quarters", [1, 2])
def test_the_reader_shows_the_crops_it_reads_turned_upright(
    quarters: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    from vision.errors import ModelError
    from vision.find import IndexHit
    from vision.load import Photo

    reader = Reader.from_file(deck="standard")  # its file reads crops upright
    yy, xx = np.mgrid[0:180, 0:240].astype(np.float64)
    image = np.stack([xx, yy * 1.4, (xx + yy) * 0.6], axis=2).clip(0, 255).astype(np.uint8)
    box, centre = (60.0, 50.0, 84.0, 84.0), (130.0, 120.0)

    def crops(pixels: np.ndarray, box: tuple[float, ...], centre: tuple[float, float]
              ) -> np.ndarray:
        hit = IndexHit("AS", (box[0], box[1], box[2], box[3]), centre, 1.0, 1.0)
        photo = Photo(pixels, (pixels.shape[1], pixels.shape[0]))
        return reader.crops_as_read(photo, [hit])

    upright = crops(image, box, centre)
    assert reader.info.crops is not None
    side = reader.info.crops.size
    assert upright.shape == (len(reader.views), 3, side, side)
    photo = image
    for _ in range(quarters):
        height = photo.shape[0]
        box, centre = _clockwise(box, height), (height - centre[1], centre[0])
        photo = cv2.rotate(photo, cv2.ROTATE_90_CLOCKWISE)
    # The plain view of the turned card's index is the upright card's.
    assert np.abs(crops(photo, box, centre)[0] - upright[0]).mean() < 0.02
    monkeypatch.setattr(reader, "info", dataclasses.replace(reader.info, crops=None))
    with pytest.raises(ModelError, match="has no crop reader"):
        crops(image, box, centre)


def test_a_reader_not_set_to_read_upright_reads_each_crop_as_it_lies() -> None:
    # The Phase 10 file is stamped to read its crops as they lie (upright_crops 0): what its
    # reader is shown must not hang on where the card's centre was guessed. Set to read
    # upright, the same box's crop turns with that guess.
    from vision.find import IndexHit
    from vision.load import Photo

    yy, xx = np.mgrid[0:180, 0:240].astype(np.float64)
    image = np.stack([xx, yy * 1.4, (xx + yy) * 0.6], axis=2).clip(0, 255).astype(np.uint8)
    photo = Photo(image, (240, 180))
    box = (100.0, 60.0, 124.0, 94.0)
    below_right = IndexHit("R7", box, (170.0, 150.0), 1.0, 1.0)
    above_left = IndexHit("R7", box, (50.0, 10.0), 1.0, 1.0)  # the card upside down
    as_they_lie = Reader.from_file()
    assert not as_they_lie.decoding.upright_crops
    np.testing.assert_array_equal(
        as_they_lie.crops_as_read(photo, [above_left]),
        as_they_lie.crops_as_read(photo, [below_right]),
    )
    upright = as_they_lie.with_params(DecodeParams(upright_crops=1))
    assert not np.array_equal(
        upright.crops_as_read(photo, [above_left]), upright.crops_as_read(photo, [below_right])
    )
