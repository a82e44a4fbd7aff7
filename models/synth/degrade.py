"""Camera and lighting degradations applied to a composed scene (uint8 BGR in, uint8 BGR out).

Order follows the physics: light falls on the table (gradient, shadows, glare, and on request
harsh light: hard-edged shadows and bright streaks), the lens blurs, the sensor adds noise, on
request the phone's own processing runs (``phone_processing``: noise reduction, sharpening with
its halos, colour fringes, a contrast curve), the phone compresses.
"""

from __future__ import annotations

import cv2
import numpy as np

from .noise import add_noise


def _light_gain(rng: np.random.Generator, grid: tuple[int, int]) -> np.ndarray:
    """Coarse gain (float32 gh×gw×3): gradient × soft shadows × brightness × colour cast."""
    gw, gh = grid
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    ramp = (xs / gw - 0.5) * np.cos(angle) + (ys / gh - 0.5) * np.sin(angle)
    gain = 1.0 + ramp * float(rng.uniform(0.0, 0.7))
    for _ in range(int(rng.integers(0, 3))):
        # A soft shadow (the phone, the player's arm): a dark blob with blurred edges.
        mask: np.ndarray = np.zeros((gh, gw), np.float32)
        centre = (int(rng.integers(0, gw)), int(rng.integers(0, gh)))
        axes = (int(rng.integers(4, 16)), int(rng.integers(3, 12)))
        cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        mask = cv2.GaussianBlur(mask, (0, 0), float(rng.uniform(1.0, 3.0)))
        gain *= 1.0 - mask * float(rng.uniform(0.15, 0.5))
    if rng.random() < 0.5:
        # Lens vignetting: corners darker than the centre.
        radius2 = ((xs / gw - 0.5) ** 2 + (ys / gh - 0.5) ** 2) * 2.0
        gain *= 1.0 - float(rng.uniform(0.1, 0.45)) * radius2
    gain *= float(rng.uniform(0.65, 1.2))
    cast = np.array(rng.uniform(0.87, 1.13, 3), np.float32)
    lit: np.ndarray = gain[..., None] * cast
    return lit


def _glare(rng: np.random.Generator, grid: tuple[int, int]) -> np.ndarray:
    """Specular highlights (float32 gh×gw in 0..1): soft spots that wash colours out."""
    gw, gh = grid
    spots = np.zeros((gh, gw), np.float32)
    for _ in range(int(rng.integers(0, 3))):
        spot: np.ndarray = np.zeros((gh, gw), np.float32)
        centre = (int(rng.integers(0, gw)), int(rng.integers(0, gh)))
        axes = (int(rng.integers(1, max(2, gw // 5))), int(rng.integers(1, max(2, gh // 5))))
        cv2.ellipse(spot, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        spot = cv2.GaussianBlur(spot, (0, 0), float(rng.uniform(0.7, 2.5)))
        spots = np.maximum(spots, spot * float(rng.uniform(0.2, 0.65)))
    return spots


_GAIN_ONE = 128.0  # fixed point: gains are stored as uint8 multiples of 1/128 (max ~2)


def light(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """out = image · gain · (1 − glare) + 255 · glare, with the fields built on a coarse grid.

    The fields are smooth, so they are upscaled and applied as uint8 fixed point (fast SIMD
    paths in OpenCV); the 1/128 quantisation is far below the sensor noise added later.
    """
    grid = (64, 48)
    return _lit(image, _light_gain(rng, grid), _glare(rng, grid))


def _lit(image: np.ndarray, gain: np.ndarray, glare: np.ndarray) -> np.ndarray:
    """image · gain · (1 − glare) + 255 · glare for a coarse gain (gh×gw×3) and glare (gh×gw),
    upscaled to the image and applied as uint8 fixed point."""
    h, w = image.shape[:2]
    glare = glare[..., None]
    scale: np.ndarray = np.clip(gain * (1.0 - glare) * _GAIN_ONE, 0, 255).astype(np.uint8)
    offset: np.ndarray = np.clip(np.repeat(glare, 3, axis=2) * 255.0, 0, 255).astype(np.uint8)
    scale = cv2.resize(scale, (w, h), interpolation=cv2.INTER_LINEAR)
    offset = cv2.resize(offset, (w, h), interpolation=cv2.INTER_LINEAR)
    return cv2.add(cv2.multiply(image, scale, scale=1.0 / _GAIN_ONE), offset)


def blur(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    roll = rng.random()
    if roll < 0.15:
        length = int(rng.integers(3, 10))
        streak = np.zeros((length, length), np.float32)
        streak[length // 2] = 1.0 / length
        centre = ((length - 1) / 2, (length - 1) / 2)
        rot = cv2.getRotationMatrix2D(centre, float(rng.uniform(0, 180)), 1.0)
        # float32 in, float32 out: asarray only tells the type checker so (no copy).
        kernel = np.asarray(cv2.warpAffine(streak, rot, (length, length)), np.float32)
        return cv2.filter2D(image, -1, kernel / max(float(kernel.sum()), 1e-6))
    if roll < 0.8:
        return cv2.GaussianBlur(image, (0, 0), float(rng.uniform(0.3, 1.3)))
    return image


def sensor_noise(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return add_noise(image, rng, float(rng.uniform(1.0, 9.0)))


def jpeg(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    quality = int(rng.integers(35, 96))
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    if decoded is None:
        raise RuntimeError("OpenCV could not JPEG round-trip the synthetic scene")
    return decoded


def saturation(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Washed-out or punchy colours (camera processing): blend with the grey image."""
    if rng.random() >= 0.35:
        return image
    factor = float(rng.uniform(0.55, 1.3))
    grey = cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    return cv2.addWeighted(image, factor, grey, 1.0 - factor, 0.0)


def _across(grid: tuple[int, int], angle: float, origin: tuple[float, float]) -> np.ndarray:
    """Signed distance (float32 gh×gw, grid cells) of each cell from the line through ``origin``
    perpendicular to the direction ``angle``."""
    gw, gh = grid
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float32)
    distance: np.ndarray = (xs - origin[0]) * np.cos(angle) + (ys - origin[1]) * np.sin(angle)
    return distance


def _hard_shadow(rng: np.random.Generator, grid: tuple[int, int]) -> np.ndarray:
    """Gain (float32 gh×gw) of one shadow with a sharp edge: the phone or an arm between a lamp
    and the table reaching in from a side, or a straight edge across the frame (a shelf, the
    player's head), with a penumbra under 1.5 % of the frame's shorter side rather than the soft
    blobs of ``_light_gain``.
    """
    gw, gh = grid
    side = min(gw, gh)
    if rng.random() < 0.5:
        # A bar from one edge inwards, its far end rounded: a phone held over the table.
        mask: np.ndarray = np.zeros((gh, gw), np.float32)
        angle = float(rng.uniform(0, 2 * np.pi))
        direction = np.array([np.cos(angle), np.sin(angle)])
        start = np.array([gw / 2, gh / 2]) - direction * np.hypot(gw, gh) / 2
        end = start + direction * np.hypot(gw, gh) * float(rng.uniform(0.35, 0.8))
        thickness = max(1, round(side * float(rng.uniform(0.15, 0.5))))
        p0, p1 = tuple(int(v) for v in start.round()), tuple(int(v) for v in end.round())
        cv2.line(mask, p0, p1, 1.0, thickness, cv2.LINE_AA)
        cv2.circle(mask, p1, thickness // 2, 1.0, -1, cv2.LINE_AA)
    else:
        # A straight edge across the frame: everything on one side is in shadow.
        along = _across(grid, float(rng.uniform(0, 2 * np.pi)), (gw / 2, gh / 2))
        mask = (along > side * float(rng.uniform(-0.3, 0.4))).astype(np.float32)
    penumbra = side * float(rng.uniform(0.002, 0.015))
    if penumbra > 0.3:
        mask = cv2.GaussianBlur(mask, (0, 0), penumbra)
    return 1.0 - mask * float(rng.uniform(0.35, 0.7))


def _streak(rng: np.random.Generator, grid: tuple[int, int]) -> np.ndarray:
    """A bright band (float32 gh×gw in 0..1) across the frame: a window or a strip light
    mirrored in glossy cards, washing out every index it crosses."""
    gw, gh = grid
    angle = float(rng.uniform(0, np.pi))
    origin = (gw * float(rng.uniform(0.2, 0.8)), gh * float(rng.uniform(0.2, 0.8)))
    across = _across(grid, angle, origin)
    half_width = min(gw, gh) * float(rng.uniform(0.02, 0.08))
    band = np.exp(-((across / half_width) ** 4))  # flat middle, quick edges
    return band.astype(np.float32) * float(rng.uniform(0.35, 0.75))


def harsh_light(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One or two hard-edged shadows and, half the time, a bright streak, built on a grid of a
    quarter of the image's size so the edges stay sharp (a phone photo under a single lamp)."""
    h, w = image.shape[:2]
    grid = (max(2, w // 4), max(2, h // 4))
    gain = np.ones((grid[1], grid[0]), np.float32)
    for _ in range(int(rng.integers(1, 3))):
        gain *= _hard_shadow(rng, grid)
    # Shadows are lit by the sky or the room rather than the lamp: a little bluer.
    cast = np.array([rng.uniform(1.0, 1.12), 1.0, rng.uniform(0.9, 1.0)], np.float32)
    gain3 = gain[..., None] * (1.0 + (1.0 - gain[..., None]) * (cast - 1.0))
    streak = _streak(rng, grid) if rng.random() < 0.5 else np.zeros_like(gain)
    return _lit(image, gain3, streak)


def _fringed(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Lateral chromatic aberration: red and blue imaged at slightly other scales about the
    frame's centre, so dark glyphs near the edges get a coloured rim on one side."""
    h, w = image.shape[:2]
    # Up to ~3 px of fringe at the corners of a 2000-px frame, as cheap phone lenses show.
    spread = float(rng.uniform(0.0004, 0.002))
    channels = list(cv2.split(image))
    for channel, scale in ((0, 1.0 - spread), (2, 1.0 + spread)):
        matrix = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), 0.0, scale)
        channels[channel] = cv2.warpAffine(
            channels[channel], matrix, (w, h), flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
    return cv2.merge(channels)


def _contrast_curve(rng: np.random.Generator) -> np.ndarray:
    """A 256-entry uint8 tone curve: the S-curve and lifted or crushed blacks of a phone's
    rendering, so printed ink is darker or greyer than the flat ink the faces draw."""
    x = np.arange(256, dtype=np.float32) / 255.0
    strength = float(rng.uniform(-0.15, 0.45))  # negative: a flat, low-contrast rendering
    s_curve = x + strength * (x - 0.5) * (1.0 - np.abs(2.0 * x - 1.0))
    black = float(rng.uniform(-0.04, 0.06))  # lifted (>0) or crushed (<0) shadows
    curve = black + (1.0 - black) * np.clip(s_curve, 0.0, 1.0)
    table: np.ndarray = np.clip(curve * 255.0 + 0.5, 0, 255).astype(np.uint8)
    return table


def phone_processing(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """What a phone's camera software does to the sensor's image before it is saved: noise
    reduction that smears fine texture and thin strokes, an unsharp mask whose halos rim every
    glyph (a light ring on the card, a dark core), lateral colour fringes, a contrast curve.

    At 15-25 px a corner index is a few strokes wide, and these change its look more than
    the lens does: the glyphs the renderer draws are otherwise only blurred and noisy.
    """
    out = image
    if rng.random() < 0.7:
        # Edge-preserving noise reduction: flat paper goes smooth, strokes stay, thin ones fade.
        out = cv2.bilateralFilter(out, 5, float(rng.uniform(12, 40)), float(rng.uniform(1.5, 4)))
    if rng.random() < 0.85:
        radius = float(rng.uniform(0.7, 2.2))
        amount = float(rng.uniform(0.4, 1.8))
        soft = cv2.GaussianBlur(out, (0, 0), radius)
        out = cv2.addWeighted(out, 1.0 + amount, soft, -amount, 0.0)
    if rng.random() < 0.5:
        out = _fringed(out, rng)
    if rng.random() < 0.7:
        out = cv2.LUT(out, _contrast_curve(rng))
    return out


def degrade(
    image: np.ndarray,
    rng: np.random.Generator,
    harsh: np.random.Generator | None = None,
    phone: np.random.Generator | None = None,
) -> np.ndarray:
    """The camera's view of a composed scene; ``harsh``, when given, adds ``harsh_light`` from
    its own stream, so ``rng`` draws the same whether or not a scene is lit harshly; ``phone``
    likewise adds ``phone_processing`` before the compression."""
    h, w = image.shape[:2]
    lit = light(image, rng)
    if harsh is not None:
        lit = harsh_light(lit, harsh)
    out = blur(saturation(lit, rng), rng)
    out = sensor_noise(out, rng)
    if rng.random() < 0.2:
        # A lower-resolution camera (or digital zoom): lose detail, keep the size.
        factor = float(rng.uniform(0.5, 0.8))
        small = cv2.resize(
            out,
            (max(1, round(w * factor)), max(1, round(h * factor))),
            interpolation=cv2.INTER_AREA,
        )
        out = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    if phone is not None:
        out = phone_processing(out, phone)
    return jpeg(out, rng)
