"""The bench scripts' doctests: bench/ is outside pytest's doctest paths (its scripts run
long and start servers), so the examples in its helpers ran nowhere (quality audit, session 64)."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["bench.args", "bench.copies", "bench.vision_errors"])
def test_the_bench_helpers_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0, result
