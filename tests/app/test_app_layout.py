"""Static checks of app.py that the page tests cannot see."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


PAGE_FILES = [ROOT / "app.py", *sorted((ROOT / "ui").glob("page_*.py"))]


def test_no_bare_expressions_that_streamlit_magic_would_print():
    """`a() if c else b()` on its own line is shown on the page by Streamlit's "magic"."""
    bare = [
        f"{path.name}:{node.lineno}"
        for path in PAGE_FILES
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Expr) and not isinstance(node.value, ast.Call | ast.Constant)
    ]
    assert len(PAGE_FILES) == 4 and bare == []


def test_page_config_keeps_magic_off_and_uploads_bounded():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["magicEnabled"] is False
    assert config["server"]["maxUploadSize"] <= 50
    assert config["browser"]["gatherUsageStats"] is False
