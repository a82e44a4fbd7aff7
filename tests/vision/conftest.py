"""The committed model, loaded once for the whole vision test module set."""

from __future__ import annotations

import json

import pytest
from tests_vision_helpers import FIXTURES

from vision import Reader


@pytest.fixture(scope="session")
def reader() -> Reader:
    return Reader.from_file()  # models/phase10.onnx, the committed model


@pytest.fixture(scope="session")
def fixture_labels() -> dict[str, list[dict[str, object]]]:
    """Each fixture image's true cards: ``{"spread.jpg": [{"card": "R7", "indices": [...]}]}``."""
    return json.loads((FIXTURES / "labels.json").read_text())  # type: ignore[no-any-return]
