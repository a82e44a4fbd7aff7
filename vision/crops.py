"""Square crops around corner-index boxes, cut from the full-resolution photo.

The second-stage index reader (``models/reader.py``) classifies these crops. Training and the
runtime both call :func:`extract_crops`, so the reader never sees a crop made differently from the
ones it learnt on. Torch-free: numpy and OpenCV only.

>>> import numpy as np
>>> photo = np.zeros((100, 200, 3), np.uint8)
>>> extract_crops(photo, [(10, 10, 30, 40)], size=32, context=1.5).shape
(1, 3, 32, 32)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

#: What lies outside the photo: the detector's letterbox grey, so both stages see the same
#: "nothing here" value at an image edge.
PAD_VALUE = 128


@dataclass(frozen=True)
class CropView:
    """One way of looking at a found index: the crop's context scaled by ``scale`` and its
    centre moved by (``dx``, ``dy``) box sizes, the way the detector's own boxes miss."""

    scale: float = 1.0
    dx: float = 0.0
    dy: float = 0.0


#: The views whose readings are averaged at run time; a model file states how many of them it
#: is read with (``Decoding.read_views``). The reader was trained on boxes jittered this much,
#: and averaging the first six read held-out synthetic hands ~5 F1 points better than one crop.
#: The last five (session 16) add a wider view, which shows more of the card around the index,
#: and four diagonal shifts: on three blocks of Phase 10 validation hands (seeds 200..559) they
#: read as many whole hands exactly or more in every block and size, and card F1 rose on four of
#: six; the standard reader tied (models/README.md, "More views"). Each view costs one more
#: crop per box.
READ_VIEWS: tuple[CropView, ...] = (
    CropView(),
    CropView(scale=1.3 / 1.5),
    CropView(dx=0.08),
    CropView(dx=-0.08),
    CropView(dy=0.08),
    CropView(dy=-0.08),
    CropView(scale=1.7 / 1.5),
    CropView(dx=0.06, dy=0.06),
    CropView(dx=-0.06, dy=-0.06),
    CropView(dx=0.06, dy=-0.06),
    CropView(dx=-0.06, dy=0.06),
)


def view_crops(
    image_bgr: np.ndarray,
    boxes: np.ndarray,
    size: int,
    context: float,
    views: Sequence[CropView] = READ_VIEWS,
) -> np.ndarray:
    """``extract_crops`` for every view, view after view: ``[len(views) * N, 3, size, size]``.

    >>> img = np.zeros((60, 60, 3), np.uint8)
    >>> view_crops(img, np.array([[20.0, 20.0, 30.0, 30.0]]), 8, 1.5).shape
    (11, 3, 8, 8)
    >>> view_crops(img, np.array([[20.0, 20.0, 30.0, 30.0]]), 8, 1.5, READ_VIEWS[:6]).shape
    (6, 3, 8, 8)
    """
    wh = boxes[:, 2:] - boxes[:, :2]
    parts = [
        extract_crops(
            image_bgr,
            boxes + np.tile(wh * (view.dx, view.dy), 2),
            size,
            context * view.scale,
        )
        for view in views
    ]
    return np.concatenate(parts) if parts else np.empty((0, 3, size, size), np.float32)


#: Where an upright card's centre lies from its top-left corner index: down and to the right,
#: this many degrees clockwise from the image's x axis (y points down). The other corner's index
#: is printed upside down and its centre lies 180 degrees on, so the same turn serves both.
UPRIGHT_BEARING = 55.0


def upright_turns(boxes: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Counter-clockwise quarter turns (``np.rot90``'s ``k``) that bring each box's card centre
    ``[N, 2]`` nearest to ``UPRIGHT_BEARING`` from the box: a crop turned so shows the index of
    a card lying sideways or upside down the way an upright card shows it.

    >>> boxes = np.array([[0.0, 0.0, 10.0, 10.0]] * 4)
    >>> upright_turns(boxes, np.array([[20.0, 25.0], [-15.0, 20.0], [-10.0, -15.0], [25.0, -10.0]]))
    array([0, 1, 2, 3])
    """
    offset = centres - (boxes[:, :2] + boxes[:, 2:]) / 2
    bearing = np.degrees(np.arctan2(offset[:, 1], offset[:, 0]))
    turns: np.ndarray = np.round((bearing - UPRIGHT_BEARING) / 90.0).astype(np.int64) % 4
    return turns


def turned(crops: np.ndarray, turns: np.ndarray) -> np.ndarray:
    """``[M, 3, S, S]`` crops, each turned counter-clockwise by its ``turns`` quarter turns
    (``turns`` per box; M is a whole number of views of them, view after view as
    ``view_crops`` gives them).

    >>> crop = np.arange(4.0).reshape(1, 1, 2, 2).repeat(3, axis=1)
    >>> turned(np.concatenate([crop, crop]), np.array([1]))[:, 0].tolist()
    [[[1.0, 3.0], [0.0, 2.0]], [[1.0, 3.0], [0.0, 2.0]]]
    """
    each = np.tile(turns, len(crops) // max(len(turns), 1))
    out = crops.copy()
    for k in (1, 2, 3):
        chosen = each == k
        if chosen.any():
            out[chosen] = np.rot90(crops[chosen], k, axes=(2, 3))
    return out


def crop_squares(boxes: np.ndarray, context: float) -> np.ndarray:
    """Integer squares ``[N, 4]`` (x0, y0, side, side) around each box's centre, ``context``
    times the box's longer side, so rotated numerals (tall or wide boxes) keep their shape.

    >>> crop_squares(np.array([[10.0, 10.0, 30.0, 40.0]]), 1.5)  # centre (20, 25), side 45
    array([[-2,  3, 45, 45]])
    """
    centre = (boxes[:, :2] + boxes[:, 2:]) / 2
    side = np.maximum(np.floor(np.max(boxes[:, 2:] - boxes[:, :2], axis=1) * context + 0.5), 2.0)
    x0y0 = np.floor(centre - side[:, None] / 2 + 0.5)  # round half up, never to even
    return np.concatenate([x0y0, side[:, None], side[:, None]], axis=1).astype(np.int64)


def extract_crops(
    image_bgr: np.ndarray,
    boxes: Sequence[Sequence[float]] | np.ndarray,
    size: int,
    context: float,
) -> np.ndarray:
    """Float32 ``[N, 3, size, size]`` RGB crops in 0..1, one per box (x0, y0, x1, y1) in
    image pixels; a crop reaching past the image edge is filled with grey.

    A crop is cut on whole pixels and then resized (area-averaged when shrinking, so a 200 px
    index photographed close up does not alias; bilinear when enlarging).

    >>> img = np.full((40, 40, 3), (255, 0, 0), np.uint8)  # pure blue in BGR
    >>> crops = extract_crops(img, [(10, 10, 20, 20)], size=8, context=1.0)
    >>> crops[0, :, 4, 4].tolist()  # RGB
    [0.0, 0.0, 1.0]
    >>> extract_crops(img, [(5, 5, 5, 9)], size=8, context=1.0)
    Traceback (most recent call last):
    ...
    ValueError: box 0 (5.0, 5.0, 5.0, 9.0) is empty: x1 must exceed x0 and y1 exceed y0
    """
    _check_image(image_bgr)
    if size < 4:
        raise ValueError(f"crop size must be at least 4 px, not {size}")
    if not context > 0:
        raise ValueError(f"context must be a positive factor, not {context}")
    box_array = _check_boxes(boxes)
    out = np.empty((len(box_array), 3, size, size), np.float32)
    if len(box_array) == 0:
        return out
    height, width = image_bgr.shape[:2]
    for i, (x0, y0, side, _) in enumerate(crop_squares(box_array, context)):
        # Copy the part inside the image into a grey square: no border arithmetic in OpenCV.
        square = np.full((side, side, 3), PAD_VALUE, np.uint8)
        ix0, iy0 = max(x0, 0), max(y0, 0)
        ix1, iy1 = min(x0 + side, width), min(y0 + side, height)
        if ix1 > ix0 and iy1 > iy0:
            square[iy0 - y0 : iy1 - y0, ix0 - x0 : ix1 - x0] = image_bgr[iy0:iy1, ix0:ix1]
        shrink = side > size
        resized = cv2.resize(
            square,
            (size, size),
            interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR,
        )
        # BGR to RGB on the small crop, not the whole photo: resizing treats each channel
        # alone, so the order of the two steps changes no value.
        out[i] = resized[:, :, ::-1].transpose(2, 0, 1)
    out *= 1.0 / 255.0
    return out


def _check_image(image_bgr: np.ndarray) -> None:
    if not isinstance(image_bgr, np.ndarray):
        raise TypeError(f"image must be a numpy array, not {type(image_bgr).__name__}")
    if image_bgr.ndim != 3 or image_bgr.shape[2] != 3 or image_bgr.dtype != np.uint8:
        raise ValueError(
            f"image must be H x W x 3 uint8 BGR, not {image_bgr.dtype} of shape {image_bgr.shape}"
        )
    if min(image_bgr.shape[:2]) < 1:
        raise ValueError(f"image is empty (shape {image_bgr.shape})")


def _check_boxes(boxes: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
    array = np.asarray(boxes, dtype=np.float64)
    if array.size == 0:
        return np.zeros((0, 4), np.float64)
    if array.ndim != 2 or array.shape[1] != 4:
        raise ValueError(f"boxes must be N x 4 (x0, y0, x1, y1), not shape {array.shape}")
    if not np.isfinite(array).all():
        raise ValueError("boxes must be finite numbers (found NaN or infinity)")
    empty = np.flatnonzero((array[:, 2] <= array[:, 0]) | (array[:, 3] <= array[:, 1]))
    if len(empty):
        i = int(empty[0])
        raise ValueError(
            f"box {i} {tuple(float(v) for v in array[i])} is empty: "
            "x1 must exceed x0 and y1 exceed y0"
        )
    return array
