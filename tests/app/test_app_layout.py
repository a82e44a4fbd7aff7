"""Static checks of app.py and its packages that the page tests cannot see."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
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


def _heading(node: ast.AST) -> tuple[str, bool] | None:
    """What heading a call draws, and whether Streamlit puts its "Link to heading" beside it."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return None
    if node.func.attr in ("title", "header", "subheader"):
        return node.func.attr, not any(
            k.arg == "anchor" and isinstance(k.value, ast.Constant) and k.value.value is False
            for k in node.keywords)
    first = node.args[0] if node.args else None
    text = first.values[0] if isinstance(first, ast.JoinedStr) and first.values else first
    if node.func.attr == "markdown" and isinstance(text, ast.Constant) \
            and str(text.value).startswith("#"):
        return "markdown", True
    return None


def test_headings_are_no_tab_stops():
    # Each heading's "Link to heading" copies an address and nothing else, yet it is a Tab stop:
    # a keyboard player passed three before reaching the hand field (a11y audit).
    headings = {f"{path.name}:{node.lineno}": _heading(node) for path in PAGE_FILES
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if _heading(node) is not None}
    assert [where for where, (_, linked) in headings.items() if linked] == []
    assert len(headings) >= 7


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


def test_the_page_still_loads_when_streamlit_moves_its_upload_store():
    # Count photos are given back through Streamlit's internals (ui.page_common.release_uploads):
    # a release that moves them must cost the memory they held, not the page.
    code = ("import sys, streamlit\n"
            "sys.modules['streamlit.runtime.memory_uploaded_file_manager'] = None\n"
            "import ui.page_common as page; page.release_uploads(['a-file-id']); print('loaded')")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.stdout.strip() == "loaded", done.stderr[-2000:]


def test_uploads_are_given_back_only_from_streamlits_own_memory_store(monkeypatch):
    # Outside a script run there is no session to give files back for, and another upload
    # store (a server configured otherwise) keeps its files its own way: either one gave a
    # traceback, or removed files another store still served (mutation audit, session 57).
    from types import SimpleNamespace

    from ui import page_common

    page_common.release_uploads(["a-file-id"])  # no script run: nothing to give back
    removed: list[str] = []

    class OtherStore:
        def remove_file(self, session_id: str, file_id: str) -> None:
            removed.append(file_id)

    monkeypatch.setattr(page_common, "get_script_run_ctx", lambda: SimpleNamespace(
        uploaded_file_mgr=OtherStore(), session_id="a-session"))
    page_common.release_uploads(["a-file-id"])
    assert removed == []
