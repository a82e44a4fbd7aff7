"""Shared fixtures for the solver tests."""

from __future__ import annotations

import pytest

from solver import Ruleset, ruleset


@pytest.fixture
def mattel() -> Ruleset:
    return ruleset("mattel")


@pytest.fixture
def zehn() -> Ruleset:
    return ruleset("zehn-phasen")


@pytest.fixture
def classic() -> Ruleset:
    return ruleset("classic")
