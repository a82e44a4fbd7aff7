"""Helpers for driving the page with streamlit.testing (imported by the page tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parents[2] / "app.py"
TIMEOUT_S = 60


def start_page(query: dict[str, str] | None = None) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S)
    for key, value in (query or {}).items():
        app.query_params[key] = value
    app.run()
    assert not app.exception, app.exception
    return app


def create_game(app: AppTest, players: str, name: str = "", phases: str = "",
                **choices: object) -> AppTest:
    """Fills in and submits the new-game form; `choices` set its select boxes and radios by
    key suffix."""
    app.text_input(key="new_name").input(name)
    app.text_area(key="new_players").input(players)
    app.text_area(key="new_phases").input(phases)
    for key, value in choices.items():
        chosen = [widget for kind in (app.selectbox, app.radio) for widget in kind
                  if widget.key == f"new_{key}"]
        assert len(chosen) == 1, f"the form has no choice new_{key}"
        chosen[0].set_value(value)
    return click(app, "create")


def click(app: AppTest, key: str) -> AppTest:
    """Clicks the button with this key and runs the page; the page must not crash."""
    app.button(key=key).click().run()
    assert not app.exception, app.exception
    return app


def texts(app: AppTest) -> str:
    """Every string the page shows (markdown, captions, messages, labels), joined."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title",
                 "header", "subheader", "text"):
        parts += [str(e.value) for e in app.get(kind)]
    return "\n".join(parts)


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _nodes(child)


def tab_container(app: AppTest) -> Any:
    """The page's tab container (its ``proto.tab_container.default_tab_index`` is the tab
    open)."""
    return next(node for node in _nodes(app._tree) if getattr(node, "type", "") == "tab_container")


def open_tab(app: AppTest, label: str) -> AppTest:
    """Clicks the tab of these words and runs the page. streamlit.testing cannot click a tab,
    so this run sends what the browser sends: the tab container's new value, by its label
    (which runs the container's ``on_change``)."""
    states = app._tree.get_widget_states()
    states.widgets.append(WidgetState(id=tab_container(app).proto.tab_container.id,
                                      string_value=label))
    app._run(states)
    assert not app.exception, app.exception
    return app
