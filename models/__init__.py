"""The card detector: its training data (``models.synth``), training script and ONNX file.

Kept import-light on purpose: ``models.synth`` is used by torch-free code (tests, the benchmark),
so nothing here may import torch. Training lives in ``models.train`` (needs requirements-train.txt).
"""

from pathlib import Path

#: The committed detector (Contract 2 of the vision plan), read by ``vision/`` at run time.
DEFAULT_MODEL: Path = Path(__file__).with_name("phase10.onnx")

__all__ = ["DEFAULT_MODEL"]
