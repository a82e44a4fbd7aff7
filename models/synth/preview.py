"""Drawing a scene's labels on its image, and turning labels into JSON, for eyeballing."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from .scene import CardLabel, Scene


def label_to_json(label: CardLabel) -> dict[str, Any]:
    return {
        "card": label.card,
        "quad": [[round(x, 2), round(y, 2)] for x, y in label.quad],
        "centre": [round(label.centre[0], 2), round(label.centre[1], 2)],
        "indices": [[round(v, 2) for v in box] for box in label.indices],
    }


def scene_to_json(scene: Scene, image_name: str) -> dict[str, Any]:
    return {
        "image": image_name,
        "layout": scene.layout,
        "family": scene.family,
        "size": [scene.image.shape[1], scene.image.shape[0]],
        "cards": [label_to_json(label) for label in scene.cards],
        "partial": [[round(v, 2) for v in box] for box in scene.partial],
    }


def draw_labels(scene: Scene) -> np.ndarray:
    """A copy of the image with card outlines (yellow), index boxes (green) and tokens;
    partly hidden (ambiguous) indices in orange."""
    image = scene.image.copy()
    for x0, y0, x1, y1 in scene.partial:
        cv2.rectangle(image, (round(x0), round(y0)), (round(x1), round(y1)), (0, 140, 255), 1)
    for label in scene.cards:
        quad = np.round(np.array(label.quad)).astype(np.int32)
        cv2.polylines(image, [quad], True, (0, 220, 255), 1, cv2.LINE_AA)
        cx, cy = (round(v) for v in label.centre)
        cv2.drawMarker(image, (cx, cy), (0, 220, 255), cv2.MARKER_CROSS, 8, 1)
        for x0, y0, x1, y1 in label.indices:
            cv2.rectangle(image, (round(x0), round(y0)), (round(x1), round(y1)), (0, 255, 0), 1)
            cv2.line(image, (round((x0 + x1) / 2), round((y0 + y1) / 2)), (cx, cy), (0, 160, 0), 1)
            origin = (round(x0), max(10, round(y0) - 3))
            cv2.putText(
                image, label.card, origin, cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 3, cv2.LINE_AA
            )
            cv2.putText(
                image,
                label.card,
                origin,
                cv2.FONT_HERSHEY_SIMPLEX,
                0.45,
                (0, 255, 0),
                1,
                cv2.LINE_AA,
            )
    return image
