"""A fixed bank of Gaussian noise, cropped at random offsets.

Drawing millions of normals per scene costs more than the whole rest of the render; a crop of a
precomputed bank is statistically just as good for sensor noise and paper grain, and the crop
offset comes from the scene's generator, so scenes stay deterministic per seed.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

BANK_SHAPE = (1024, 1536)  # rows, columns: covers a 1024×768 scene in either orientation
BANK_SCALE = 32.0  # uint8 storage: (value - 128) / 32 is a unit normal sample, clipped at ~4 sigma
BANK_ZERO = 128  # offset binary, because OpenCV's uint8+uint8 paths are several times faster
_CHROMA = 0.35  # channel-independent share of the noise; the rest is shared (luminance)


@lru_cache(maxsize=1)
def _bank() -> np.ndarray:
    gen = np.random.default_rng(20261129)
    luma = gen.standard_normal((*BANK_SHAPE, 1), np.float32)
    chroma = gen.standard_normal((*BANK_SHAPE, 3), np.float32)
    unit = (luma + _CHROMA * chroma) / np.hypot(1.0, _CHROMA)
    bank: np.ndarray = np.clip(unit * BANK_SCALE + BANK_ZERO, 0, 255).astype(np.uint8)
    bank.setflags(write=False)
    return bank


def noise_crop(rng: np.random.Generator, height: int, width: int) -> np.ndarray:
    """A uint8 H×W×3 crop of the bank; (crop - BANK_ZERO) * sigma / BANK_SCALE is N(0, sigma²)."""
    bank = _bank()
    bank_h, bank_w = BANK_SHAPE
    if height <= bank_h and width <= bank_w:
        y = int(rng.integers(bank_h - height + 1))
        x = int(rng.integers(bank_w - width + 1))
        return bank[y : y + height, x : x + width]
    rows = (np.arange(height) + int(rng.integers(bank_h))) % bank_h
    cols = (np.arange(width) + int(rng.integers(bank_w))) % bank_w
    return bank[np.ix_(rows, cols)]


def add_noise(image: np.ndarray, rng: np.random.Generator, sigma: float) -> np.ndarray:
    """``image`` (uint8 H×W×3) plus Gaussian noise of ``sigma`` grey levels, saturated."""
    h, w = image.shape[:2]
    gain = sigma / BANK_SCALE
    crop = noise_crop(rng, h, w)
    return cv2.addWeighted(image, 1.0, crop, gain, -gain * BANK_ZERO, dtype=cv2.CV_8U)
