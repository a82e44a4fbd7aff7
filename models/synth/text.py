"""Glyph masks from bundled TrueType fonts (Pillow) and OpenCV's Hershey fonts.

Masks are rendered once per (font, text) at a reference height and cached; callers resize,
slant and colour them. That keeps per-card rendering to cheap numpy/OpenCV work.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
TTF_FONTS = (
    "DejaVuSans-Bold.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerif-Bold.ttf",
    "LiberationSans-Bold.ttf",
)
HERSHEY_FONTS = {
    "hershey-duplex": cv2.FONT_HERSHEY_DUPLEX,
    "hershey-triplex": cv2.FONT_HERSHEY_TRIPLEX,
    "hershey-complex": cv2.FONT_HERSHEY_COMPLEX,
    "hershey-simplex": cv2.FONT_HERSHEY_SIMPLEX,
}
FONTS = TTF_FONTS + tuple(HERSHEY_FONTS)
REFERENCE_HEIGHT = 96


@lru_cache(maxsize=512)
def glyph_mask(text: str, font: str, weight: int = 0) -> np.ndarray:
    """A tight uint8 mask (255 = ink) of ``text`` about REFERENCE_HEIGHT px tall.

    ``weight`` thickens strokes (extra stroke px for TTF, extra thickness for Hershey).
    ``font`` is a Hershey name, a bundled TTF name, or the path of another ``.ttf`` or ``.otf``
    file (the standard-deck faces bring their own font subsets).
    The result is read-only so a cached mask is never modified by a caller.
    """
    if font in HERSHEY_FONTS:
        mask = _hershey_mask(text, HERSHEY_FONTS[font], weight)
    elif font in TTF_FONTS or font.endswith((".ttf", ".otf")):
        mask = _ttf_mask(text, font, weight)
    else:
        raise ValueError(f"unknown font {font!r}; choose one of {', '.join(FONTS)}")
    ys, xs = np.nonzero(mask)
    tight = np.ascontiguousarray(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])
    tight.setflags(write=False)
    return tight


def _ttf_mask(text: str, font: str, weight: int) -> np.ndarray:
    face = _ttf(font)
    left, top, right, bottom = (int(v) for v in face.getbbox(text, stroke_width=weight))
    pad = 4
    image = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(image).text(
        (pad - left, pad - top), text, font=face, fill=255, stroke_width=weight, stroke_fill=255
    )
    return np.asarray(image, dtype=np.uint8)


@lru_cache(maxsize=16)
def _ttf(font: str) -> ImageFont.FreeTypeFont:
    # FONT_DIR / an absolute path is that path: other folders' fonts load the same way.
    return ImageFont.truetype(str(FONT_DIR / font), size=REFERENCE_HEIGHT)


def _hershey_mask(text: str, face: int, weight: int) -> np.ndarray:
    scale = REFERENCE_HEIGHT / 22.0
    thickness = 5 + 3 * weight
    (width, height), baseline = cv2.getTextSize(text, face, scale, thickness)
    pad = thickness + 4
    mask = np.zeros((height + baseline + 2 * pad, width + 2 * pad), np.uint8)
    cv2.putText(mask, text, (pad, pad + height), face, scale, 255, thickness, cv2.LINE_AA)
    return mask


def fit_mask(
    mask: np.ndarray, height: float, width_scale: float = 1.0, slant: float = 0.0
) -> np.ndarray:
    """Resize a glyph mask to ``height`` px, stretch its width, and shear it (italic slant)."""
    h, w = mask.shape
    new_h = max(2, round(height))
    new_w = max(2, round(w * new_h / h * width_scale))
    scaled = cv2.resize(mask, (new_w, new_h), interpolation=cv2.INTER_AREA)
    if abs(slant) < 1e-3:
        return scaled
    extra = round(abs(slant) * new_h)
    # x' = x + slant * (bottom - y): the top leans right for a positive slant, the baseline stays.
    shift = slant * (new_h - 1) if slant > 0 else 0.0
    matrix = np.array([[1.0, -slant, shift], [0.0, 1.0, 0.0]])
    return cv2.warpAffine(scaled, matrix, (new_w + extra, new_h), flags=cv2.INTER_LINEAR)
