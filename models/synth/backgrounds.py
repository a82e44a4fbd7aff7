"""Procedural table surfaces: wood, cloth/felt, gingham, plain gradients, blotchy noise.

Everything is synthesised at a low resolution and upscaled, which is both cheap and realistic
(real tables are smooth at the scale of a card index; fine grain comes from sensor noise later).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from .palette import hsv_to_bgr

Size = tuple[int, int]  # (width, height)


def _smooth_noise(rng: np.random.Generator, size: Size, cells: int) -> np.ndarray:
    """Value noise in [0, 1]: a coarse random grid bicubically upscaled."""
    w, h = size
    coarse = rng.random((max(2, cells * h // max(w, 1)), cells)).astype(np.float32)
    return np.clip(cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC), 0, 1)


def _two_tone(field: np.ndarray, dark: tuple[int, ...], light: tuple[int, ...]) -> np.ndarray:
    d = np.array(dark, np.float32)
    l_ = np.array(light, np.float32)
    toned: np.ndarray = d + (l_ - d) * field[..., None]
    return toned


def _wood(rng: np.random.Generator, size: Size) -> np.ndarray:
    w, h = size
    hue = float(rng.uniform(18, 38))
    dark = hsv_to_bgr(hue, float(rng.uniform(0.5, 0.8)), float(rng.uniform(0.2, 0.45)))
    light = hsv_to_bgr(hue, float(rng.uniform(0.35, 0.65)), float(rng.uniform(0.55, 0.85)))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = _smooth_noise(rng, size, 6) * float(rng.uniform(20, 60))
    freq = float(rng.uniform(0.04, 0.12))
    grain = 0.5 + 0.5 * np.sin((ys + warp) * freq + _smooth_noise(rng, size, 3) * 6)
    streaks = _smooth_noise(rng, (w // 8 + 2, h), 40)
    streaks = cv2.resize(streaks, (w, h))
    field = np.clip(0.6 * grain**2 + 0.4 * streaks, 0, 1)
    image = _two_tone(field, dark, light)
    if rng.random() < 0.5:
        image = cv2.rotate(cv2.resize(image, (h, w)), cv2.ROTATE_90_CLOCKWISE)
    # Plank seams.
    for y in range(int(rng.integers(40, 200)), h, int(rng.integers(120, 400))):
        image[y : y + 2] *= 0.6
    return image


def _cloth(rng: np.random.Generator, size: Size) -> np.ndarray:
    w, h = size
    base = hsv_to_bgr(
        float(rng.uniform(0, 360)), float(rng.uniform(0.1, 0.9)), float(rng.uniform(0.15, 0.85))
    )
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    period = float(rng.uniform(2.5, 6))
    weave = 0.5 + 0.25 * (np.sin(xs * 2 * np.pi / period) * np.sin(ys * 2 * np.pi / period))
    folds = _smooth_noise(rng, size, 4)
    field = np.clip(0.75 + 0.15 * (weave - 0.5) + 0.35 * (folds - 0.5), 0, 1.3)
    cloth: np.ndarray = np.array(base, np.float32) * field[..., None]
    return cloth


def _gingham(rng: np.random.Generator, size: Size) -> np.ndarray:
    w, h = size
    colour = np.array(
        hsv_to_bgr(
            float(rng.uniform(0, 360)), float(rng.uniform(0.4, 0.9)), float(rng.uniform(0.4, 0.85))
        ),
        np.float32,
    )
    white = np.array((235, 238, 240), np.float32)
    period = int(rng.integers(20, 90))
    ys, xs = np.mgrid[0:h, 0:w]
    stripes = ((xs // period) % 2).astype(np.float32) + ((ys // period) % 2).astype(np.float32)
    mix = stripes[..., None] / 2.0
    checks: np.ndarray = white + (colour - white) * mix
    return checks


def _gradient(rng: np.random.Generator, size: Size) -> np.ndarray:
    w, h = size
    a = np.array(
        hsv_to_bgr(
            float(rng.uniform(0, 360)), float(rng.uniform(0, 0.7)), float(rng.uniform(0.2, 0.95))
        ),
        np.float32,
    )
    b = np.array(
        hsv_to_bgr(
            float(rng.uniform(0, 360)), float(rng.uniform(0, 0.7)), float(rng.uniform(0.2, 0.95))
        ),
        np.float32,
    )
    angle = rng.uniform(0, 2 * np.pi)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    t = xs * np.cos(angle) / w + ys * np.sin(angle) / h
    t = (t - t.min()) / max(float(np.ptp(t)), 1e-6)
    gradient: np.ndarray = a + (b - a) * t[..., None]
    return gradient


def _blotches(rng: np.random.Generator, size: Size) -> np.ndarray:
    a = hsv_to_bgr(
        float(rng.uniform(0, 360)), float(rng.uniform(0, 0.8)), float(rng.uniform(0.1, 0.6))
    )
    b = hsv_to_bgr(
        float(rng.uniform(0, 360)), float(rng.uniform(0, 0.8)), float(rng.uniform(0.4, 1.0))
    )
    field = 0.6 * _smooth_noise(rng, size, 8) + 0.4 * _smooth_noise(rng, size, 32)
    return _two_tone(field, a, b)


def _plain(rng: np.random.Generator, size: Size) -> np.ndarray:
    """A nearly uniform surface: white, grey or black (white cards on white tables are hard)."""
    w, h = size
    level = float(rng.choice([rng.uniform(200, 250), rng.uniform(90, 170), rng.uniform(10, 50)]))
    tint = rng.uniform(-8, 8, 3)
    base = np.clip(level + tint, 0, 255).astype(np.float32)
    return base * (0.92 + 0.08 * _smooth_noise(rng, size, 5))[..., None]


BACKGROUNDS: dict[str, Callable[[np.random.Generator, Size], np.ndarray]] = {
    "plain": _plain,
    "wood": _wood,
    "cloth": _cloth,
    "gingham": _gingham,
    "gradient": _gradient,
    "blotches": _blotches,
}


def make_background(rng: np.random.Generator, size: Size) -> np.ndarray:
    """A BGR uint8 table surface of ``size`` (width, height)."""
    w, h = size
    kind = str(rng.choice(list(BACKGROUNDS)))
    # Synthesise at a quarter resolution; the upscale blur reads as out-of-focus table.
    small = (max(8, w // 4), max(8, h // 4))
    texture = BACKGROUNDS[kind](rng, small)
    image: np.ndarray = cv2.resize(
        np.clip(texture, 0, 255).astype(np.uint8), (w, h), interpolation=cv2.INTER_LINEAR
    )
    return image
