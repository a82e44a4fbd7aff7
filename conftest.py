"""Shares the machine's cores among pytest-xdist's workers (``scripts/test`` runs ``-n auto``).

Each worker's models, and the bench scripts and servers it starts, would otherwise take
onnxruntime's two threads each, and wait on each other (figures: ``vision.model.session_threads``).
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from vision.model import THREADS_VARIABLE, threads_per_worker

_ROOT = os.path.dirname(os.path.abspath(__file__))


def pytest_configure(config: pytest.Config) -> None:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1 and THREADS_VARIABLE not in os.environ:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
            os.cpu_count() or 1)
        os.environ[THREADS_VARIABLE] = str(threads_per_worker(workers, cores))


def pytest_ignore_collect(collection_path: os.PathLike[str], config: pytest.Config) -> bool | None:
    # --doctest-modules would import each test folder's conftest.py again as a module named
    # "conftest"; two folders named on one command line then clash ("import file mismatch").
    # They hold no doctests, and pytest loads them as conftests all the same.
    path = os.fspath(collection_path)
    if os.path.basename(path) == "conftest.py" and os.path.dirname(path) != _ROOT:
        return True
    # The training modules' doctests need requirements-train.txt, which the tests do not:
    # without torch their import failed the whole collection, and the tests' own
    # importorskip never came to say why (quality audit, session 64).
    if path in _TRAINING_MODULES and _training_missing():
        return True
    return None


_TRAINING_MODULES = frozenset(os.path.join(_ROOT, "models", name)
                              for name in ("net.py", "reader.py", "recover.py", "train.py"))


def _training_missing() -> bool:
    return any(importlib.util.find_spec(name) is None for name in ("torch", "tqdm"))
