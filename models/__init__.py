"""The card readers: their training data (``models.synth``), training scripts and ONNX files.

Kept import-light on purpose: ``models.synth`` is used by torch-free code (tests, the benchmark),
so nothing here may import torch. Training lives in ``models.train`` (needs requirements-train.txt).
"""

from pathlib import Path

#: The committed Phase 10 file, as ``python -m models`` and the contract tests look at it
#: (``vision`` finds each deck's file through ``vision.model.DECKS``).
DEFAULT_MODEL: Path = Path(__file__).with_name("phase10.onnx")

__all__ = ["DEFAULT_MODEL"]
