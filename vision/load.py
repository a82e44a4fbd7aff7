"""Stage 1, load: bytes, a path or an array -> an upright BGR photo, decoded no larger than needed.

Photos from phones are big (4032x3024) while the detector sees a few hundred pixels and the crop
reader a few thousand, so JPEGs are decoded at a reduced DCT scale (Pillow's ``draft``) just large
enough for the caller's ``fit`` before anything else happens. Every refusal is
an ``ImageError`` whose message says what is wrong with the file, never a traceback.
"""

from __future__ import annotations

import functools
import io
import math
import os
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from vision.crops import PAD_VALUE
from vision.errors import ImageError

# Decompression bombs: a few bytes of header can announce gigapixels. Refuse before decoding.
MAX_PIXELS: Final = 100_000_000
# A JPEG read at a reduced size decodes at a quarter or an eighth of its sides (DCT scaling), so
# a phone's 108 MP mode costs little; Pillow itself refuses twice its own limit (179 MP) anyway.
MAX_REDUCED_JPEG_PIXELS: Final = 160_000_000
# Phone photos are a few MB; anything far bigger is not a photo of a hand.
MAX_FILE_BYTES: Final = 200 * 1024 * 1024
# Below this a corner index cannot be legible, so there is nothing to read.
MIN_SIDE: Final = 32
# The most two channels of a pixel of a black-and-white photo differ by. Saved as JPEG or
# HEIC its colour planes stay flat and its channels agree exactly; a level or two is left for
# an app's processing. At 8, a colour photo of spades and clubs alone on a grey table (a
# synthetic scene: 6 at the 99.9th percentile) was refused as black-and-white (vision audit,
# session 64).
COLOURLESS_SPREAD: Final = 4
# The most levels the pixels of a blank photo spread over (JPEG rounding). A covered lens
# with sensor noise spreads further and is told by the other checks; a photo of cards at 5 %
# of full light, which still shows a card or two, spreads over 12.
BLANK_SPREAD: Final = 8
# Transparent sprites are composited on neutral grey, the same grey the letterbox pads with.
ALPHA_BACKGROUND: Final = (PAD_VALUE,) * 3

_BASE_FORMATS: Final = ("JPEG", "PNG", "WEBP")
_DRAFTABLE: Final = frozenset({"JPEG", "MPO"})  # Pillow opens many phone JPEGs as MPO
_REDUCIBLE_MODES: Final = frozenset({"L", "LA", "RGB", "RGBA", "CMYK"})
# Grey with more than 8 bits (16-bit PNGs): Pillow's own conversion clips them to white.
_WIDE_GREY_MODES: Final = frozenset({"I", "I;16", "I;16B", "I;16L", "I;16N"})
_HEIF_BRANDS: Final = frozenset(
    {b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1", b"msf1"}
)
_EXIF_ORIENTATION: Final = 0x0112
_ORIENTATIONS_SWAPPING_AXES: Final = frozenset({5, 6, 7, 8})



@dataclass(frozen=True, eq=False)
class Photo:
    """An upright photo as decoded, plus the size of the original it stands for.

    ``pixels`` may be smaller than ``original_size`` (reduced JPEG decoding); ``scale`` maps pixel
    coordinates in ``pixels`` back to the original photo.
    """

    pixels: np.ndarray  # H x W x 3 uint8, BGR (OpenCV order)
    original_size: tuple[int, int]  # (width, height) of the upright original

    @property
    def scale(self) -> float:
        return self.original_size[0] / int(self.pixels.shape[1])


# A path, file bytes, a BGR array, or a Photo decoded already.
Source = str | os.PathLike[str] | bytes | np.ndarray | Photo


@functools.cache
def _heif_available() -> bool:
    try:
        import pillow_heif
    except ImportError:
        return False
    pillow_heif.register_heif_opener()
    return True


def _allowed_formats() -> tuple[str, ...]:
    return (*_BASE_FORMATS, "HEIF") if _heif_available() else _BASE_FORMATS


def _looks_like_heif(data: bytes) -> bool:
    return data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS


def _read_bytes(path: str | os.PathLike[str]) -> bytes:
    if not os.fspath(path):  # Path("") is ".": an empty argument was said to be a folder
        raise ImageError("no file name given (an empty argument)")
    p = Path(path)
    too_big = ImageError(f"photos over {MAX_FILE_BYTES // 2**20} MB are refused")
    try:  # a name too long for the system fails already here
        if not p.exists():
            if p.is_symlink():  # the link is there, so "no such file" would puzzle
                raise ImageError(f"{p} is a link to nothing: its target is gone or links back")
            raise ImageError(f"no such file: {p}")
        if p.is_dir():
            raise ImageError(f"{p} is a folder, not an image file")
        if not p.is_file():  # a device or a pipe: no size to check before reading (/dev/zero)
            raise ImageError(f"{p} is not a regular file")
        if p.stat().st_size > MAX_FILE_BYTES:
            raise too_big
        with p.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)  # the file may have grown since
        if len(data) > MAX_FILE_BYTES:
            raise too_big
        return data
    except OSError as exc:
        raise ImageError(f"cannot read the file: {exc.strerror or exc}") from exc


# catch_warnings() swaps the process's one list of warning filters: two photos read at once (the
# page serves every player from one process) restored each other's lists and left "ignore"
# behind for the whole app. One at a time, then.
_WARNING_FILTERS = threading.RLock()


@contextmanager
def _ignoring(*categories: type[Warning]) -> Iterator[None]:
    with _WARNING_FILTERS, warnings.catch_warnings():
        for category in categories:
            warnings.simplefilter("ignore", category)
        yield


def _open(data: bytes, reduced: bool = False) -> Image.Image:
    """The image, its header checked; ``reduced``: it will be decoded at a reduced size."""
    if not data:
        raise ImageError("the file is empty", "image_empty")
    formats = _allowed_formats()
    try:
        # Pillow only warns between its own limit and twice that; MAX_PIXELS decides instead.
        # A JPEG's corrupt EXIF block warns here already (its resolution is read on opening),
        # on stderr without a file name: the photo is read all the same.
        with _ignoring(Image.DecompressionBombWarning, UserWarning):
            image = Image.open(io.BytesIO(data), formats=formats)
    except Image.DecompressionBombError as exc:
        raise _bomb() from exc
    except UnidentifiedImageError as exc:
        if _looks_like_heif(data) and "HEIF" not in formats:
            raise ImageError(
                "this is a HEIC/HEIF photo; install the optional package pillow-heif to read it "
                "(pip install pillow-heif), or export the photo as JPEG",
                "image_heic",
            ) from exc
        if _looks_like_heif(data):  # a HEIC the decoder cannot open: not "not an image"
            raise ImageError("the HEIC/HEIF photo is damaged or of a kind that cannot be "
                             "decoded: export it as JPEG", "image_heic_damaged") from exc
        other = _other_format(data)
        if other is not None:
            raise ImageError(
                f"this image is in {other} format; photos are read as JPEG, PNG, WebP or HEIC: "
                "save it as one of those",
                "image_format", format=other,
            ) from exc
        raise ImageError("not a readable image (expected JPEG, PNG, WebP or HEIC)",
                         "image_unreadable") from exc
    except (OSError, SyntaxError, ValueError) as exc:
        raise ImageError(f"corrupt image header: {exc}", "image_corrupt") from exc
    width, height = image.size
    limit = MAX_REDUCED_JPEG_PIXELS if reduced and image.format in _DRAFTABLE else MAX_PIXELS
    if width * height > limit:
        raise ImageError(
            f"image is {width}x{height} px ({width * height / 1e6:.0f} MP); images over "
            f"{limit // 1_000_000} MP are refused as a possible decompression bomb",
            "image_huge", width=width, height=height, mp=round(width * height / 1e6),
            limit=limit // 1_000_000,
        )
    _check_not_small(width, height)
    return image


def _check_not_small(width: int, height: int) -> None:
    if min(width, height) < MIN_SIDE:
        raise ImageError(
            f"image is only {width}x{height} px; a card needs at least {MIN_SIDE} px on each side",
            "image_small", width=width, height=height, least=MIN_SIDE,
        )


def _orientation(image: Image.Image) -> int:
    try:
        with _ignoring(UserWarning):  # "Corrupt EXIF data": the photo is read all the same
            value = image.getexif().get(_EXIF_ORIENTATION, 1)
    except Exception:  # noqa: BLE001 - a broken EXIF block must not cost the photo itself
        return 1
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def _draft_size(
    stored: tuple[int, int], upright: tuple[int, int], fit: tuple[int, int]
) -> tuple[int, int]:
    """The smallest decode size (in stored orientation) that still fills ``fit`` once upright."""
    scale = min(1.0, fit[0] / upright[0], fit[1] / upright[1])
    return (math.ceil(stored[0] * scale), math.ceil(stored[1] * scale))


def _eight_bit(image: Image.Image) -> Image.Image:
    """The decoded image in a mode box-shrinking takes (palette and 1-bit images were read at
    full size: a 12 KB PNG of 100 MP cost 1.3 GB), 16-bit grey scaled to 8 bits."""
    if image.mode in _WIDE_GREY_MODES:
        wide = np.array(image)  # uint16, or int32 for mode I; shifted in place
        np.clip(wide, 0, 65535, out=wide)
        np.right_shift(wide, 8, out=wide)
        grey = Image.fromarray(wide.astype(np.uint8), "L")
        grey.info = image.info.copy()  # the EXIF orientation, applied later
        if isinstance(grey.info.get("transparency"), int):  # a 16-bit level, as the pixels
            grey.info["transparency"] >>= 8
        return grey
    if image.mode == "1":
        return image.convert("L")
    if image.mode in ("P", "PA"):
        return image.convert("RGBA" if image.mode == "PA" or "transparency" in image.info
                             else "RGB")
    return image


def _reduced(image: Image.Image, swapped: bool, fit: tuple[int, int]) -> Image.Image:
    """Box-shrink by the largest whole factor that still fills ``fit``, before any conversion
    copies the pixels: a 50 MP PNG then costs its decode and little more."""
    size = image.size
    need = _draft_size(size, (size[1], size[0]) if swapped else size, fit)
    factor = min(size[0] // need[0], size[1] // need[1])
    if factor < 2 or image.mode not in _REDUCIBLE_MODES:
        return image
    return image.reduce(factor)


def _to_bgr(image: Image.Image) -> np.ndarray:
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (*ALPHA_BACKGROUND, 255))
        rgb = Image.alpha_composite(background, rgba).convert("RGB")
    else:
        rgb = image.convert("RGB")
    return np.ascontiguousarray(np.asarray(rgb)[:, :, ::-1])


def _from_array(array: np.ndarray) -> Photo:
    if array.dtype != np.uint8:
        raise ImageError(f"image array must be uint8, got {array.dtype}")
    if array.ndim == 2:
        array = np.repeat(array[:, :, None], 3, axis=2)
    if array.ndim != 3 or array.shape[2] not in (3, 4):
        raise ImageError(f"image array must be HxW, HxWx3 or HxWx4, got shape {array.shape}")
    height, width = array.shape[:2]
    _check_not_small(width, height)
    if array.shape[2] == 4:  # BGRA (cv2.IMREAD_UNCHANGED): on grey, as a file's transparency is
        alpha = array[:, :, 3:].astype(np.float32) / 255
        grey = np.array(ALPHA_BACKGROUND[::-1], np.float32)
        array = np.rint(array[:, :, :3] * alpha + grey * (1 - alpha)).astype(np.uint8)
    return Photo(np.ascontiguousarray(array), (width, height))


def _bomb() -> ImageError:
    """Pillow refuses a header announcing far more pixels than MAX_PIXELS before our own check
    can size it up; the same limit is named either way."""
    limit = MAX_PIXELS // 1_000_000
    return ImageError(
        f"the image announces more than {limit} MP; images over {limit} MP are refused as a "
        "possible decompression bomb",
        "image_pixels", limit=limit,
    )


def _other_format(data: bytes) -> str | None:
    """The format of an image Pillow can tell but the reader does not take (BMP, TIFF, GIF,
    ...), from its header alone; None when it is no image Pillow knows."""
    try:
        with _ignoring(Image.DecompressionBombWarning), \
                Image.open(io.BytesIO(data)) as image:  # reads the header, decodes nothing
            return image.format
    except Exception:  # noqa: BLE001 - any failure only means no better name for the file
        return None


def load_photo(source: Source, fit: tuple[int, int] | None = None) -> Photo:
    """Decode ``source`` upright (EXIF orientation applied), as BGR.

    ``fit`` = (width, height): the result may be reduced as long as it still covers a
    ``fit``-sized box at the photo's aspect ratio (a JPEG while it is decoded; other formats
    decode in full and are shrunk by a whole factor right after, before any conversion).
    Arrays are taken as BGR (OpenCV order) and never resized.
    """
    if isinstance(source, Photo):  # decoded already (the page keeps it to show the photo)
        return source
    if isinstance(source, np.ndarray):
        return _from_array(source)
    data = source if isinstance(source, bytes) else _read_bytes(source)
    image = _open(data, reduced=fit is not None)
    try:
        if image.format not in _DRAFTABLE:
            # Decoded in full anyway, and first: a PNG's EXIF may follow its pixels, so reading
            # it decoded them, and a damaged one passed as a broken EXIF block, read black
            # from the damage down (CLI fuzz audit, session 66).
            image.load()
        orientation = _orientation(image)
        stored = image.size
        upright = (stored[1], stored[0]) if orientation in _ORIENTATIONS_SWAPPING_AXES else stored
        if fit is not None and image.format in _DRAFTABLE:
            image.draft("RGB", _draft_size(stored, upright, fit))
        image.load()
        image = _eight_bit(image)
        if fit is not None:
            image = _reduced(image, upright != stored, fit)
        if orientation != 1:
            with _ignoring(UserWarning):  # the EXIF read again: passed over once already
                image = ImageOps.exif_transpose(image)
        pixels = _to_bgr(image)
    except Image.DecompressionBombError as exc:
        raise _bomb() from exc
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        # One line: a decoder's message may hold line breaks (pillow-heif's does).
        raise ImageError(f"the image data is truncated or corrupt ({' '.join(str(exc).split())})",
                         "image_corrupt") from exc
    return Photo(pixels, upright)


def is_colourless(pixels: np.ndarray) -> bool:
    """Whether a BGR photo has no colour at all (saved black-and-white): its channels agree
    nearly everywhere. A colour photo of cards has coloured print, or at least a camera's
    tint and noise, on far more than the 0.1 % of pixels left over.

    >>> grey = np.full((64, 64, 3), 128, np.uint8)
    >>> red = grey.copy()
    >>> red[..., 2] += 60
    >>> is_colourless(grey), is_colourless(red)
    (True, False)
    """
    sample = pixels[::4, ::4].astype(np.int16)
    spread = sample.max(axis=2) - sample.min(axis=2)
    return float(np.percentile(spread, 99.9)) <= COLOURLESS_SPREAD


def is_blank(pixels: np.ndarray) -> bool:
    """Whether a BGR photo is one flat colour (an empty or fully transparent image, a lens
    covered in the dark without sensor noise): nearly all its pixels within a few levels of
    each other. Cards are white paper with dark print, so a photo of one is never near this.

    >>> flat = np.full((64, 64, 3), 20, np.uint8)
    >>> card = flat.copy()
    >>> card[16:48, 16:48] = 240
    >>> is_blank(flat), is_blank(card)
    (True, False)
    """
    sample = pixels[::8, ::8].reshape(-1, 3)  # every photo is read through here: kept cheap
    low, high = np.percentile(sample, [0.5, 99.5], axis=0)
    return float((high - low).max()) <= BLANK_SPREAD


def load_image(source: Source) -> np.ndarray:
    """The full-resolution upright photo as a BGR uint8 array (for display and drawing)."""
    return load_photo(source).pixels
