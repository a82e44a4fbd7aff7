"""Stage 1: decoding photos, and a clear ImageError for everything that is not one."""

from __future__ import annotations

import dataclasses
import io
import os
import pathlib
import struct
import sys
import tracemalloc
import warnings
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from tests_vision_helpers import png_header

import vision.load
from vision import ImageError, load_image, load_photo


def _encode(image: Image.Image, fmt: str, **params: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format=fmt, **params)
    return buffer.getvalue()


def _quadrants(width: int = 400, height: int = 300) -> Image.Image:
    """Red top-left quadrant on white, so orientation can be checked by where red ends up."""
    pixels = np.full((height, width, 3), 255, np.uint8)
    pixels[: height // 2, : width // 2] = (255, 0, 0)
    return Image.fromarray(pixels)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
def test_formats_decode_to_bgr(fmt: str) -> None:
    photo = load_photo(_encode(_quadrants(), fmt))
    assert photo.pixels.shape == (300, 400, 3)
    assert photo.original_size == (400, 300)
    blue, green, red = photo.pixels[20, 20].astype(int)
    assert red > 200 and green < 60 and blue < 60


def test_exif_orientation_is_applied() -> None:
    exif = Image.Exif()
    exif[0x0112] = 6  # stored sideways; display rotated 90 degrees clockwise
    photo = load_photo(_encode(_quadrants(), "JPEG", exif=exif), fit=(100, 100))
    assert photo.original_size == (300, 400)
    height, width = photo.pixels.shape[:2]
    assert height > width
    # Rotating clockwise moves the top-left red quadrant to the top-right.
    assert photo.pixels[10, width - 10, 2] > 200 and photo.pixels[10, 10, 2] > 200
    assert photo.pixels[10, 10, 0] > 200  # top-left is white now (blue channel high too)
    assert photo.pixels[10, width - 10, 0] < 60


def test_large_jpeg_decodes_reduced_but_reports_original_size() -> None:
    data = _encode(_quadrants(4032, 3024), "JPEG", quality=90)
    photo = load_photo(data, fit=(512, 384))
    assert photo.original_size == (4032, 3024)
    assert 512 <= photo.pixels.shape[1] < 4032
    assert photo.scale == pytest.approx(4032 / photo.pixels.shape[1])


def test_a_108_mp_phone_jpeg_is_read_reduced_but_never_decoded_in_full() -> None:
    # Phones' 108 MP modes (12000x9000) were refused by the 100 MP bomb limit; read at a
    # reduced size the JPEG decodes at an eighth of its sides and costs little.
    data = _encode(_quadrants(12000, 9000), "JPEG", quality=50)
    tracemalloc.start()
    photo = load_photo(data, fit=(2016, 1512))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert photo.original_size == (12000, 9000) and 2016 <= photo.pixels.shape[1] <= 3000
    assert peak < 100 * 2**20  # in full it would be 324 MB
    with pytest.raises(ImageError, match=r"12000x9000 px \(108 MP\); images over 100 MP"):
        load_image(data)  # a full decode keeps the 100 MP limit
    png = png_header(12000, 9000)
    with pytest.raises(ImageError, match="over 100 MP"):
        load_photo(png, fit=(2016, 1512))  # a PNG cannot be decoded reduced


def test_large_png_is_shrunk_right_after_decoding() -> None:
    photo = load_photo(_encode(_quadrants(4000, 3000), "PNG"), fit=(768, 768))
    assert photo.original_size == (4000, 3000)
    height, width = photo.pixels.shape[:2]
    assert 768 <= width < 4000 and 576 <= height < 3000
    assert photo.pixels[10, 10, 2] > 200 and photo.pixels[-10, -10, 2] > 200  # red TL, white BR
    assert photo.pixels[10, 10, 0] < 60 and photo.pixels[-10, -10, 0] > 200


def test_transparent_sprite_lands_on_grey() -> None:
    sprite = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    photo = load_photo(_encode(sprite, "PNG"))
    assert photo.pixels[0, 0].tolist() == [128, 128, 128]


def test_a_transparent_array_lands_on_grey_as_a_file_does() -> None:
    # A BGRA array (cv2.IMREAD_UNCHANGED) kept its colour under the transparency: black here,
    # the grey of the same picture read as a file (vision review, session 47).
    bgra = np.zeros((64, 64, 4), np.uint8)
    bgra[16:48, 16:48] = (0, 0, 255, 255)  # an opaque red square
    from_file = load_photo(_encode(Image.fromarray(bgra[:, :, [2, 1, 0, 3]], "RGBA"), "PNG"))
    np.testing.assert_array_equal(load_photo(bgra).pixels, from_file.pixels)
    assert load_photo(bgra).pixels[0, 0].tolist() == [128, 128, 128]


def test_bgr_array_passes_through() -> None:
    array = np.zeros((40, 50, 3), np.uint8)
    assert load_image(array).shape == (40, 50, 3)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "empty"),
        (b"this is a text file, not a photo\n" * 10, "not a readable image"),
        (png_header(30000, 30000), "more than 100 MP; images over 100 MP are refused"),
        (png_header(12000, 9000), "decompression bomb"),
        (png_header(1, 1), "only 1x1 px"),
    ],
    ids=["empty", "text", "bomb-900MP", "bomb-108MP", "1x1"],
)
def test_bad_bytes_give_a_clear_message(data: bytes, message: str) -> None:
    with pytest.raises(ImageError, match=message):
        load_photo(data)


def test_the_pixel_and_side_limits_are_exact() -> None:
    # One pixel over 100 MP is a bomb; 100 MP exactly is decoded (and this header's data is
    # missing); a 32 px side is read, 31 is too small.
    with pytest.raises(ImageError, match="5882353x17 px .* refused as a possible decompression"):
        load_photo(png_header(5882353, 17))
    with pytest.raises(ImageError, match="truncated or corrupt"):
        load_photo(png_header(10000, 10000))
    assert load_photo(_encode(Image.new("RGB", (32, 40)), "PNG")).pixels.shape == (40, 32, 3)
    with pytest.raises(ImageError, match="only 31x40 px"):
        load_photo(_encode(Image.new("RGB", (31, 40)), "PNG"))


def test_an_image_format_the_reader_does_not_take_is_named() -> None:
    with pytest.raises(ImageError, match="this image is in BMP format; photos are read as JPEG"):
        load_photo(_encode(Image.new("RGB", (64, 64)), "BMP"))


def test_a_device_is_refused_without_reading_it() -> None:
    with pytest.raises(ImageError, match="is not a regular file"):
        load_photo("/dev/zero")  # would read until memory runs out


def test_bomb_is_refused_on_the_header_alone() -> None:
    tracemalloc.start()
    with pytest.raises(ImageError):
        load_photo(png_header(30000, 30000), fit=(512, 384))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 10 * 2**20  # decoding would need 2.7 GB


HEIC_HEADER = b"\0\0\0\x18ftypheic" + b"\0" * 64


def test_heic_without_pillow_heif_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vision.load, "_heif_available", lambda: False)
    with pytest.raises(ImageError, match="pip install pillow-heif"):
        load_photo(HEIC_HEADER)


def test_heic_photo_is_read_with_pillow_heif() -> None:
    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    photo = load_photo(_encode(_quadrants(), "HEIF", quality=90))
    assert photo.original_size == (400, 300)
    assert photo.pixels[20, 20, 2] > 200  # red top-left survives, in BGR order
    with pytest.raises(ImageError, match="HEIC/HEIF photo is damaged"):
        load_photo(HEIC_HEADER)  # a HEIC header with no picture behind it


def test_a_heic_the_decoder_cannot_open_is_said_to_be_damaged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With pillow-heif at hand it was "not a readable image (expected JPEG, PNG, WebP or
    # HEIC)": odd, for the HEIC photo just taken (odd-inputs audit).
    monkeypatch.setattr(vision.load, "_heif_available", lambda: True)
    with pytest.raises(ImageError, match="HEIC/HEIF photo is damaged") as caught:
        load_photo(HEIC_HEADER)
    assert caught.value.code == "image_heic_damaged"


def test_a_name_too_long_for_the_system_is_no_such_file(tmp_path: object) -> None:
    # The system's own error came through the command line's catch-all, with its class name.
    with pytest.raises(ImageError, match="cannot read the file: File name too long"):
        load_photo(f"{tmp_path}/{'a' * 300}.jpg")


def test_truncated_jpeg() -> None:
    data = _encode(_quadrants(), "JPEG")
    with pytest.raises(ImageError, match="truncated or corrupt"):
        load_photo(data[: len(data) // 2])


@pytest.mark.parametrize("fit", [None, (1024, 768)])
def test_a_png_damaged_inside_its_pixels_is_refused_not_read_black(fit: object) -> None:
    # Reading its EXIF decoded the pixels, and the error passed as a broken EXIF block: the
    # photo was read black from the damage down, with no word (CLI fuzz audit, session 66).
    rng = np.random.default_rng(0)
    noisy = Image.fromarray(rng.integers(0, 255, (300, 400, 3), dtype=np.uint8))
    data = bytearray(_encode(noisy, "PNG"))
    data[len(data) // 3] ^= 255
    with pytest.raises(ImageError, match="truncated or corrupt") as caught:
        load_photo(bytes(data), fit=fit)  # type: ignore[arg-type]
    assert caught.value.code == "image_corrupt"


def test_missing_file_and_folder(tmp_path: object) -> None:
    with pytest.raises(ImageError, match="no such file"):
        load_photo("/nonexistent/hand.jpg")
    with pytest.raises(ImageError, match="is a folder, not an image file"):  # not the path's
        load_photo(str(tmp_path))  # own "..._and_folder0"


def test_an_empty_name_and_a_broken_link_are_said_as_such(tmp_path: Path) -> None:
    # vision read "" was told ". is a folder"; a link to nothing "no such file" beside it.
    with pytest.raises(ImageError, match=r"^no file name given \(an empty argument\)$"):
        load_photo("")
    (tmp_path / "gone.jpg").symlink_to(tmp_path / "deleted.jpg")
    (tmp_path / "a.jpg").symlink_to(tmp_path / "b.jpg")
    (tmp_path / "b.jpg").symlink_to(tmp_path / "a.jpg")
    for name in ("gone.jpg", "a.jpg"):
        with pytest.raises(ImageError, match="is a link to nothing: its target is gone"):
            load_photo(tmp_path / name)


def test_bad_arrays() -> None:
    with pytest.raises(ImageError, match="uint8"):
        load_photo(np.zeros((40, 40, 3), np.float32))
    with pytest.raises(ImageError, match="shape"):
        load_photo(np.zeros((40, 40, 2), np.uint8))
    with pytest.raises(ImageError, match="only 1x1"):
        load_photo(np.zeros((1, 1, 3), np.uint8))


def test_16_bit_grey_reads_as_its_8_bit_self() -> None:
    # Pillow's own conversion clipped every 16-bit level to white: a blank picture, 0 cards
    # and no word (odd-inputs audit).
    grey = np.asarray(_quadrants().convert("L"))
    wide = Image.fromarray(grey.astype(np.uint16) * 257)
    photo = load_photo(_encode(wide, "PNG"))
    assert np.abs(photo.pixels[:, :, 0].astype(int) - grey).max() <= 1


def test_16_bit_grey_keeps_its_transparent_level() -> None:
    # Its 16-bit tRNS level was applied to the 8-bit pixels: the wrong grey went transparent
    # (review).
    levels = np.full((40, 40), 76 * 256 + 3, np.uint16)
    levels[:, 20:] = 200 * 256
    buffer = io.BytesIO()
    Image.fromarray(levels).save(buffer, format="PNG", transparency=76 * 256 + 3)
    photo = load_photo(buffer.getvalue())
    assert photo.pixels[5, 5].tolist() == [128, 128, 128]  # transparent: on the grey
    assert photo.pixels[5, 30].tolist() == [200, 200, 200]


@pytest.mark.parametrize(("mode", "most_mb"), [("P", 12), ("1", 12), ("I;16", 52)])
def test_every_png_mode_is_shrunk_right_after_decoding(mode: str, most_mb: int) -> None:
    # Palette, 1-bit and 16-bit grey PNGs were read at full size: a 12 KB file of 100 MP cost
    # 1.3 GB and 16 s, against 0.6 GB for an RGB one (odd-inputs audit).
    image = _quadrants(4000, 3000)
    image = image.convert("L").convert("1") if mode == "1" else (
        Image.fromarray(np.asarray(image.convert("L")).astype(np.uint16) * 257)
        if mode == "I;16" else image.convert("P"))
    data = _encode(image, "PNG")
    tracemalloc.start()
    try:
        photo = load_photo(data, fit=(768, 768))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert photo.original_size == (4000, 3000)
    assert photo.pixels.shape[1] < 4000
    # Not the 12 MP image in RGB (36 MB; P and 1 now about 3 MB); 16-bit grey: copied twice.
    assert peak < most_mb * 2**20, peak / 2**20
    if mode == "P":
        assert photo.pixels[10, 10, 2] > 200 and photo.pixels[10, 10, 0] < 60  # still red


def test_photos_read_at_once_leave_the_warning_filters_as_they_were() -> None:
    # The page reads several players' photos at once in one process; catch_warnings() around
    # each read restored the others' filter lists and left "ignore UserWarning" behind for the
    # whole app (vision review, session 47). 4 x 1000 reads, about 0.6 s: 4 x 300 leaked in
    # 6 runs of 7 without the lock.
    import threading
    import warnings

    buffer = io.BytesIO()
    Image.fromarray(np.zeros((40, 40, 3), np.uint8)).save(buffer, "PNG")
    data = buffer.getvalue()
    before = list(warnings.filters)

    def read_many() -> None:
        for _ in range(1000):
            load_photo(data)

    threads = [threading.Thread(target=read_many) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert warnings.filters == before


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path) -> None:
    big = tmp_path / "big.jpg"
    with big.open("wb") as file:  # sparse: no 200 MB written
        file.truncate(vision.load.MAX_FILE_BYTES + 1)
    with pytest.raises(ImageError, match="photos over 200 MB are refused"):
        load_photo(big)


# Mutation audit of vision/load.py (session 55): limits and thresholds at their exact values,
# every EXIF orientation, and files that only look like a HEIC.


def _jpeg_header(width: int, height: int) -> bytes:
    """A small JPEG whose header announces width x height."""
    data = _encode(Image.new("RGB", (64, 64), (200, 10, 10)), "JPEG")
    frame = data.index(b"\xff\xc0") + 5  # SOF0: length, precision, then height and width
    return data[:frame] + struct.pack(">HH", height, width) + data[frame + 4:]


def test_a_jpeg_read_reduced_may_announce_160_mp_but_no_pixel_more() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Pillow's own bomb warning (over 89 MP) is kept quiet
        photo = load_photo(_jpeg_header(16000, 10000), fit=(2016, 1512))
    assert photo.original_size == (16000, 10000)
    huge = r"10171x15731 px \(160 MP\); images over 160 MP"
    with pytest.raises(ImageError, match=huge) as caught:
        load_photo(_jpeg_header(10171, 15731), fit=(2016, 1512))  # 160,000,001 pixels
    assert (caught.value.code, caught.value.params) == (
        "image_huge", {"width": 10171, "height": 15731, "mp": 160, "limit": 160})


def test_a_file_of_200_mb_and_one_byte_is_refused_unread(tmp_path) -> None:
    big = tmp_path / "big.jpg"
    with big.open("wb") as file:  # sparse: no 200 MB written
        file.truncate(200 * 2**20 + 1)
    tracemalloc.start()
    try:
        with pytest.raises(ImageError, match="photos over 200 MB are refused"):
            load_photo(big)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * 2**20
    with big.open("wb") as file:  # 200 MB exactly is read (and is no image)
        file.truncate(200 * 2**20)
    with pytest.raises(ImageError, match="not a readable image"):
        load_photo(big)


def test_a_file_grown_past_200_mb_since_its_size_was_checked_is_refused(
    tmp_path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    big = tmp_path / "big.jpg"
    with big.open("wb") as file:
        file.truncate(200 * 2**20 + 1)
    real_stat = pathlib.Path.stat

    def stat_when_checked(path: pathlib.Path, **kwargs: object) -> os.stat_result:
        result = real_stat(path, **kwargs)  # type: ignore[arg-type]
        if path != big:
            return result
        fields = list(result)
        fields[6] = 1000  # st_size: the photo it was when looked at
        return os.stat_result(fields)

    monkeypatch.setattr(pathlib.Path, "stat", stat_when_checked)
    with pytest.raises(ImageError, match="photos over 200 MB are refused"):
        load_photo(big)


@pytest.mark.parametrize("orientation", range(1, 9))
def test_every_exif_orientation_turning_the_photo_swaps_its_sides(orientation: int) -> None:
    exif = Image.Exif()
    exif[0x0112] = orientation
    photo = load_photo(_encode(_quadrants(), "JPEG", exif=exif), fit=(100, 100))
    upright = (300, 400) if orientation >= 5 else (400, 300)  # 5 to 8 turn by a quarter
    assert photo.original_size == upright
    assert photo.pixels.shape[1] / photo.pixels.shape[0] == pytest.approx(
        upright[0] / upright[1], rel=0.02)
    # The red top-left quadrant as stored, where the orientation shows it (mirrored or turned).
    top, left = {1: (1, 1), 2: (1, 0), 3: (0, 0), 4: (0, 1), 5: (1, 1), 6: (1, 0), 7: (0, 0),
                 8: (0, 1)}[orientation]
    corner = photo.pixels[5 if top else -5, 5 if left else -5]
    assert corner[2] > 200 and corner[0] < 60, corner  # red, in BGR


@pytest.mark.parametrize(("spread", "colourless"), [(0, True), (4, True), (5, False),
                                                  (6, False)])
def test_colourless_allows_4_levels_and_no_more(spread: int, colourless: bool) -> None:
    # A black-and-white JPEG's channels agree exactly; a colour photo of black cards alone on
    # a grey table (synthetic) spread 6 at the 99.9th percentile, and was refused at 8.
    pixels = np.full((64, 64, 3), 100, np.uint8)
    pixels[..., 2] += spread
    assert vision.load.is_colourless(pixels) is colourless


@pytest.mark.parametrize(("spread", "blank"), [(8, True), (9, False)])
def test_blank_allows_jpeg_rounding_of_8_levels_and_no_more(spread: int, blank: bool) -> None:
    pixels = np.full((64, 64, 3), 100, np.uint8)
    pixels[:, 32:] += np.uint8(spread)
    assert vision.load.is_blank(pixels) is blank


def test_a_photo_of_one_flat_colour_is_blank_whatever_the_colour() -> None:
    assert vision.load.is_blank(np.full((64, 64, 3), (10, 200, 30), np.uint8))


def test_a_photo_is_kept_as_decoded_and_compared_by_identity() -> None:
    # The page keeps a Photo between requests and hands it to every stage: no stage may
    # swap its pixels, and comparing two must not compare their arrays (an ambiguous truth).
    data = _encode(_quadrants(), "PNG")
    photo, again = load_photo(data), load_photo(data)
    with pytest.raises(dataclasses.FrozenInstanceError):
        photo.pixels = again.pixels  # type: ignore[misc]
    assert photo != again and photo == photo and len({photo, again}) == 2


def test_heic_without_pillow_heif_installed_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pillow_heif", None)  # import pillow_heif fails
    vision.load._heif_available.cache_clear()
    try:
        with pytest.raises(ImageError, match="pip install pillow-heif"):
            load_photo(HEIC_HEADER)
    finally:
        vision.load._heif_available.cache_clear()


@pytest.mark.parametrize("header", [b"\0\0\0\x18ftypisom", b"\0\0\0\x18ftypavif",
                                    b"\0\0\0\x18mdatheic"], ids=["mp4", "avif", "no-ftyp"])
def test_only_a_heic_brand_in_an_ftyp_box_is_called_heic(header: bytes) -> None:
    with pytest.raises(ImageError, match="not a readable image") as caught:
        load_photo(header + b"\0" * 64)
    assert caught.value.code == "image_unreadable"


@pytest.mark.parametrize(("data", "code"), [
    (b"", "image_empty"),
    (png_header(64, 64)[:20], "image_corrupt"),
    (png_header(1, 1), "image_small"),
    (png_header(30000, 30000), "image_pixels"),
], ids=["empty", "cut-header", "1x1", "bomb"])
def test_bad_bytes_carry_the_code_the_page_words_them_by(data: bytes, code: str) -> None:
    with pytest.raises(ImageError) as caught:
        load_photo(data)
    assert caught.value.code == code and not str(caught.value).startswith("image_")
    if code == "image_corrupt":
        assert str(caught.value).startswith("corrupt image header: ")


def test_without_pillow_heif_only_a_heic_is_told_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(vision.load, "_heif_available", lambda: False)
    with pytest.raises(ImageError, match="not a readable image"):
        load_photo(b"this is a text file, not a photo\n" * 10)


@pytest.mark.parametrize("value", [b"6\0\0\0", b"x\0\0\0"], ids=["6", "x"])
def test_an_exif_orientation_written_as_text_is_passed_over(value: bytes) -> None:
    # EXIF made by hand (a tag of the wrong type): the photo is read as stored, no traceback.
    tiff = (b"II" + struct.pack("<HIH", 42, 8, 1)
            + struct.pack("<HHI4s", 0x0112, 2, 2, value) + struct.pack("<I", 0))
    data = _encode(_quadrants(), "JPEG", exif=b"Exif\0\0" + tiff)
    assert load_photo(data).original_size == (400, 300)


def test_a_corrupt_exif_block_warns_nothing(recwarn: pytest.WarningsRecorder) -> None:
    # Pillow's "Corrupt EXIF data" reached stderr naming no file, from opening the JPEG: only
    # the orientation's read was quiet (odd-inputs audit, session 63).
    data = _encode(_quadrants(), "JPEG")
    broken = data[:2] + b"\xff\xe1\x00\x10Exif\x00\x00MM\x00\x2a\xff\xff\xff\xff" + data[2:]
    assert load_photo(broken, fit=(100, 100)).original_size == (400, 300)
    assert not [str(w.message) for w in recwarn]


def _turned(orientation: int) -> Image.Exif:
    exif = Image.Exif()
    exif[0x0112] = orientation
    return exif


@pytest.mark.parametrize(("fmt", "orientation", "fit", "decoded"), [
    # 4000x3000 to cover 768x400 at 4:3 needs 534x400: shrunk by 7 (by 8 it would be 500x375).
    ("PNG", 1, (768, 400), (572, 429)),
    ("PNG", 1, (400, 768), (400, 300)),  # needs 400x300: by 10 exactly
    ("PNG", 1, (2000, 2000), (2000, 1500)),  # by 2, the least factor that shrinks
    ("PNG", 1, (2001, 2000), (4000, 3000)),  # by 1: decoded as it is
    ("PNG", 1, (50, 1000), (52, 39)),  # needs 50x38: by 78, the height's factor (not 80)
    ("PNG", 1, (1000, 40), (55, 41)),  # needs 54x40: by 74, the width's factor (not 75)
    ("PNG", 6, (400, 768), (429, 572)),  # upright 3000x4000 needs 400x534
    ("PNG", 6, (768, 400), (300, 400)),
    # JPEGs: DCT scaling by 1/4 or 1/8, whichever still covers, then no further factor fits.
    ("JPEG", 1, (512, 384), (1008, 756)),  # by 8 it would be 504 wide
    ("JPEG", 1, (300, 600), (504, 378)),
    ("JPEG", 6, (300, 600), (378, 504)),  # upright 3024x4032 needs 300x400
    ("JPEG", 6, (600, 300), (378, 504)),  # needs 225x300 upright: stored 300x225, by 8
])
def test_a_photo_is_decoded_reduced_by_the_most_that_still_covers_fit(
    fmt: str, orientation: int, fit: tuple[int, int], decoded: tuple[int, int],
) -> None:
    size = (4000, 3000) if fmt == "PNG" else (4032, 3024)
    data = _encode(_quadrants(*size), fmt, exif=_turned(orientation))
    photo = load_photo(data, fit=fit)
    assert photo.pixels.shape[1::-1] == decoded
    assert photo.original_size == (size if orientation == 1 else size[::-1])


def test_a_palette_png_puts_only_its_transparent_entry_on_grey() -> None:
    # Entries 0 and 2 are both red, 0 transparent: read as RGB with red as the transparent
    # colour, entry 2's half would go grey too.
    palette = Image.new("P", (64, 64), 0)
    palette.putpalette([255, 0, 0, 0, 0, 255, 255, 0, 0] + [0] * 759)
    palette.paste(2, (32, 0, 64, 64))
    photo = load_photo(_encode(palette, "PNG", transparency=0))
    assert photo.pixels[5, 5].tolist() == [128, 128, 128]
    assert photo.pixels[5, 40].tolist() == [0, 0, 255]  # red, in BGR


def test_a_half_transparent_array_is_blended_on_grey_as_a_file_is() -> None:
    bgra = np.zeros((64, 64, 4), np.uint8)
    bgra[...] = (0, 0, 255, 128)  # red, half covering
    from_file = load_photo(_encode(Image.fromarray(bgra[:, :, [2, 1, 0, 3]], "RGBA"), "PNG"))
    blended = load_photo(bgra).pixels
    assert np.abs(blended.astype(int) - from_file.pixels).max() <= 1
    assert np.abs(blended[0, 0].astype(int) - [64, 64, 192]).max() <= 1  # 128 * 127/255 + ...


def test_a_grey_array_is_read_as_three_equal_channels() -> None:
    grey = np.arange(40 * 50, dtype=np.uint16).reshape(40, 50).astype(np.uint8)
    pixels = load_photo(grey).pixels
    assert pixels.shape == (40, 50, 3)
    assert all((pixels[:, :, c] == grey).all() for c in range(3))


def test_arrays_of_other_shapes_are_refused_and_sides_named_width_first() -> None:
    with pytest.raises(ImageError, match="shape"):
        load_photo(np.zeros((40, 40, 3, 1), np.uint8))
    with pytest.raises(ImageError, match="only 31x40 px"):
        load_photo(np.zeros((40, 31, 3), np.uint8))


def test_a_photo_decoded_already_is_taken_as_it_is() -> None:
    photo = load_photo(_encode(_quadrants(), "PNG"), fit=(100, 100))
    assert load_photo(photo) is photo and load_image(photo) is photo.pixels
