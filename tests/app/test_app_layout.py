"""Static checks of app.py and its packages that the page tests cannot see."""

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


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.level == 0:
        return [node.module or ""]
    return []


def test_the_score_sheet_never_imports_the_page():
    """`ui` builds on `scoresheet`, never the other way: the score sheet stays usable (and
    testable) without the page's words. Only `python -m scoresheet`, whose output is the page's
    words, hands over to ui; nothing imports it."""
    package = ROOT / "scoresheet"
    files = sorted(set(package.rglob("*.py")) - {package / "__main__.py"})
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in files
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))  # late imports too
        if any(name.split(".")[0] == "ui" for name in _imported(node))
    ]
    assert len(files) >= 6 and found == []
