"""Fixtures for the app tests: a fresh score file per test and a started page."""

from __future__ import annotations

import pytest
from pagekit import start_page

from scoresheet import Store


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    path = tmp_path / "scores.sqlite3"
    monkeypatch.setenv("PHASELENS_DB", str(path))
    Store(path)  # a score file named in $PHASELENS_DB is there (a missing one is asked about)
    return path


@pytest.fixture
def page(db_path):
    """A started page on an empty score file."""
    return start_page()
