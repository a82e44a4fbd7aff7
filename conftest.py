"""Shares the machine's cores among pytest-xdist's workers (``scripts/test`` runs ``-n auto``).

Each worker's models, and the bench scripts and servers it starts, would otherwise take
onnxruntime's two threads each, and wait on each other (figures: ``vision.model.session_threads``).
"""

from __future__ import annotations

import os

import pytest

from vision.model import THREADS_VARIABLE


def pytest_configure(config: pytest.Config) -> None:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1 and THREADS_VARIABLE not in os.environ:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
            os.cpu_count() or 1)
        os.environ[THREADS_VARIABLE] = str(max(1, cores // workers))
