"""Single-card scans: one card face filling the image, from sprite to flatbed-scan size.

Hands and close-ups put cards on a table; scans (and card sprites cut from photos) are only the
card, with a thin paper margin or none. Their corner indices are larger in the frame than any
hand's, which is what the runtime's zoomed-out pass is for (``vision.reader.Reader.zoom_out``).
Only asked for by name, like close-ups, so random scenes stay the three hand layouts.
"""

from __future__ import annotations

import math

import numpy as np

from .deck import draw_hand
from .degrade import jpeg, light, sensor_noise
from .edition import PLAIN, Edition
from .scene import DECK_KITS, CardLabel, Scene, check_deck_and_family, clip_box

SCAN = "scan"
SCAN_WIDTHS = (120.0, 1200.0)  # card width in px, drawn log-uniform: sprites to 300 dpi scans
SCAN_MARGIN = (0.0, 0.12)  # paper round the card, as a share of its width


def make_scan(
    seed: int,
    family: str | None = None,
    deck: str = "phase10",
    edition: Edition = PLAIN,
) -> Scene:
    """One card of ``deck`` (``family``, or one drawn) scanned: the same arguments always give
    the same image. Every corner index of the face is labelled readable; ``edition`` as in
    ``make_scene`` (crowded corners crowd the face; there is no hand to square up).

    >>> scan = make_scan(3, family="mattel")
    >>> scan.layout, len(scan.cards), scan.cards[0].indices[0][:2] >= (0.0, 0.0)
    ('scan', 1, True)
    """
    check_deck_and_family(deck, family)
    kit = DECK_KITS[deck]
    rng = np.random.default_rng(seed)
    family = family or str(rng.choice(kit.families))
    (token,) = draw_hand(rng, 1, kit.counts)
    style = kit.edition(rng, family, seed, edition)
    width = round(math.exp(rng.uniform(*np.log(SCAN_WIDTHS))))
    face = kit.render_face(token, style, width)
    margin = round(float(rng.uniform(*SCAN_MARGIN)) * width)
    height = face.image.shape[0]
    paper = np.clip(rng.normal(243, 6) + rng.normal(0, 3, 3), 200, 255)
    canvas = np.empty((height + 2 * margin, width + 2 * margin, 3), np.float32)
    canvas[:] = paper
    alpha = face.image[..., 3:].astype(np.float32) / 255
    inner = canvas[margin : margin + height, margin : margin + width]
    inner[:] = face.image[..., :3] * alpha + inner * (1 - alpha)
    image = jpeg(sensor_noise(light(canvas.astype(np.uint8), rng), rng), rng)
    corners = ((0, 0), (width, 0), (width, height), (0, height))
    label = CardLabel(
        token,
        tuple((float(x + margin), float(y + margin)) for x, y in corners),
        (margin + width / 2, margin + height / 2),
        tuple(clip_box(np.array(quad, np.float64) + margin, canvas.shape) for quad in face.indices),
    )
    return Scene(image, (label,), SCAN, family, (), deck, (label.card,))

