"""Runs the real page: `streamlit run app.py` on 127.0.0.1 and Debian's chromium via Playwright.

Used by the browser test and by bench/app.py. Never downloads a browser (`playwright install`):
it drives /usr/bin/chromium, which .ci/run installs with apt-get.
"""

from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scoresheet import Store

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 412, "height": 915}  # a common Android phone viewport


def missing_browser() -> str | None:
    """Why the page cannot be driven in a browser here, or None: the benchmarks say it before
    minutes of server-side timing (without playwright they ended in a traceback after them)."""
    if not CHROMIUM.exists():
        return f"Debian's chromium ({CHROMIUM}) is not installed: apt-get install chromium"
    if importlib.util.find_spec("playwright") is None:
        return ("Python's playwright is not installed: pip install -r requirements-dev.txt "
                "(it drives Debian's chromium; no playwright install)")
    return None
SERVER_START_S = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def streamlit_server(db_path: Path, log_path: Path) -> Iterator[str]:
    """The app served on a free local port with its own score file; yields its URL."""
    port = free_port()
    Store(db_path)  # named in $PHASELENS_DB, so it has to be there (or the page asks)
    env = {**os.environ, "PHASELENS_DB": str(db_path), "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
        "--server.headless", "true", "--server.port", str(port),
        "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
    ]
    with log_path.open("w") as log:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                  stderr=subprocess.STDOUT)
        try:
            url = f"http://127.0.0.1:{port}"
            _wait_healthy(url, server, log_path)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _wait_healthy(url: str, server: subprocess.Popen[Any], log_path: Path) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"streamlit exited early:\n{log_path.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.read().strip() == b"ok":
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"streamlit did not answer within {SERVER_START_S} s")


@contextmanager
def phone_page(failure_shot: Path | None = None,
               viewport: dict[str, int] = PHONE) -> Iterator[Any]:
    """A headless chromium page with a phone-sized viewport; if the block fails, the page as
    it was is saved to `failure_shot` for the CI artifacts."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = phone_context(browser, viewport).new_page()
            try:
                yield page
            except BaseException:
                if failure_shot is not None:
                    screenshot(page, failure_shot)
                raise
        finally:
            browser.close()


def phone_context(browser: Any, viewport: dict[str, int] = PHONE) -> Any:
    """A phone of its own (cookies, session) in ``browser``: a second player at the table."""
    return browser.new_context(viewport=viewport, device_scale_factor=2, is_mobile=True,
                               has_touch=True)


def upload_photo(page: Any, photo: Path, attempts: int = 3) -> None:
    """Puts `photo` into the hand tab's uploader, as a tap on "Browse files" would.

    Right after the page appears its uploader may not be wired to the server session yet, and a
    file handed over then is silently dropped; so the file name must show up in the uploader,
    else the hand-over is repeated."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    uploader = page.locator('[data-testid="stFileUploader"]').first
    field = uploader.locator('input[type="file"]')
    for attempt in range(1, attempts + 1):
        field.wait_for(state="attached", timeout=30_000)
        field.set_input_files(str(photo))
        try:
            uploader.get_by_text(photo.name).wait_for(state="visible", timeout=5_000)
            return
        except PlaywrightTimeout:
            if attempt == attempts:
                raise


ALERTS = '[data-testid="stAlert"], [data-testid="stAlertContainer"]'
PLAY_SHOWN = re.compile(r"Phase \d+ is (not )?complete|Your phase is down")
ANSWER_SHOWN = re.compile(PLAY_SHOWN.pattern + "|No advice for this hand")


def wait_for_advice(page: Any, timeout_ms: int, accept_refusal: bool = False) -> None:
    """Waits until the read hand (its chips) and the advice panel are both on screen.

    `accept_refusal`: a solver refusal ("No advice for this hand: ...") also counts as the
    panel having answered (the benchmark times the page, whatever the model read)."""
    page.locator(".chips .chip").first.wait_for(state="visible", timeout=timeout_ms)
    page.locator('[data-testid="stHeading"]:has-text("Advice")').wait_for(
        state="visible", timeout=timeout_ms
    )
    answer = ANSWER_SHOWN if accept_refusal else PLAY_SHOWN
    page.locator(ALERTS).filter(has_text=answer).first.wait_for(
        state="visible", timeout=timeout_ms
    )


def settled(page: Any, timeout_ms: int = 60_000) -> None:
    """Waits until the script has finished its rerun: a field filled while one is under way
    may be drawn anew, empty, when it ends."""
    page.wait_for_timeout(300)  # a click's rerun starts a moment after the click
    # The app's own run state, as Streamlit's end-to-end tests wait for it: the status widget's
    # "Running" shows only after a delay, so a short rerun could pass for settled.
    page.wait_for_function(
        "() => document.querySelector('[data-testid=\"stApp\"]')"
        "?.getAttribute('data-test-script-state') === 'notRunning'", timeout=timeout_ms)


def skipped_heading_levels(page: Any) -> list[str]:
    """Headings more than one level below the heading before them: a screen reader's list of
    headings then skips a level (the page's sections were h3 straight under the h1 title)."""
    return list(page.evaluate("""() => {
        const levels = [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')]
            .filter(h => h.offsetParent !== null)
            .map(h => [Number(h.tagName[1]), h.innerText.trim()]);
        return levels.filter(([level], i) => level > (i ? levels[i - 1][0] : 0) + 1)
            .map(([level, said]) => `h${level} ${said}`);
    }"""))


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of a #rrggbb colour."""
    channels = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def screenshot(page: Any, path: Path) -> None:
    """The whole page as one picture. Streamlit scrolls an inner container, not the document,
    so the viewport is stretched to the content's height for the shot and then restored."""
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('[data-testid=\"stMain\"] *')]"
        ".slice(0, 1).map(e => e.scrollHeight), document.body.scrollHeight)"
    )
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], int(height))})
    page.wait_for_timeout(500)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
