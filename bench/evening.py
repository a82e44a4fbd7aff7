"""Benchmark: a long evening at the table, shrunk: the server's memory as hands go by.

    .venv/bin/python bench/evening.py [--hands 8] [--phones 2]

Serves app.py with `streamlit run` on 127.0.0.1 and opens, in Debian's chromium, ``--phones``
phones on the Hand tab and one scorer on the score sheet, all on one game of four. Each hand
every phone reads a new photo of its hand, and the scorer counts a player's leftover cards
from a photo and saves the hand. Prints, per hand, the server's resident memory, Streamlit's
store of uploaded files, and the seconds a photo read and a save took; then the growth per
hand over the second half of the evening. Prints figures only; the target (the upload store
keeps no earlier hand's photo: each phone's current one at most) is checked here, never in a
unit test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "app")]

from browserkit import (  # noqa: E402
    missing_browser,
    phone_context,
    phone_page,
    settled,
    streamlit_server,
    upload_photo,
)

from bench.args import positive  # noqa: E402
from ui import text  # noqa: E402

PHOTO = ROOT / "tests" / "app" / "fixtures" / "hand11.jpg"
PLAYERS = ("Anna", "Ben", "Cleo", "Dan")
COUNT_BOX = text("en", "count_photo")
# Of the upload store's growth per hand, what one hand's photos may leave behind (a phone photo
# is megabytes: anything near that is a photo kept).
TARGET_MB_PER_HAND = 0.1


def photos(folder: Path, count: int) -> list[Path]:
    """``count`` different JPEGs of the fixture (cropped by a pixel more each, at 2x), so that
    each upload is a new photo to read, of about a phone photo's megabyte or two."""
    import cv2

    image = cv2.imread(str(PHOTO))
    assert image is not None, f"cannot read {PHOTO}"
    paths = []
    for i in range(count):
        crop = image[i % 20:, (i // 20) % 20:]
        path = folder / f"photo{i:03d}.jpg"
        cv2.imwrite(str(path), cv2.resize(crop, None, fx=2, fy=2), [cv2.IMWRITE_JPEG_QUALITY, 95])
        paths.append(path)
    return paths


def server_pid(url: str) -> int:
    """The `streamlit run` process serving ``url`` (browserkit keeps its handle to itself)."""
    port = url.rsplit(":", 1)[1]
    for proc in Path("/proc").iterdir():
        try:
            words = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in b" ".join(words) and port.encode() in words:
            return int(proc.name)
    raise RuntimeError(f"no streamlit process serves {url}")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def upload_store_mb(url: str) -> float:
    """Streamlit's own figure for the uploaded files it holds (its metrics endpoint)."""
    with urllib.request.urlopen(f"{url}/_stcore/metrics", timeout=10) as reply:
        for line in reply.read().decode().splitlines():
            if line.startswith("cache_memory_bytes") and "UploadedFileManager" in line:
                return float(line.split()[-1]) / 2**20
    return 0.0


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def record_hand(scorer: Any, number: int, photo: Path) -> tuple[float, float]:
    """The scorer counts a photo of leftover cards and saves hand ``number``: (seconds to read
    the photo, seconds to save)."""
    sheet = scorer.get_by_role("tabpanel")
    sheet.get_by_text(text("en", "record_hand", number=number)).wait_for(timeout=60_000)
    box = sheet.locator('[data-testid="stExpander"]').filter(has_text=COUNT_BOX)
    uploader = box.locator('[data-testid="stFileUploader"]')
    if not uploader.is_visible():
        sheet.get_by_text(COUNT_BOX).click()
        settled(scorer)

    def count() -> None:
        uploader.locator('input[type="file"]').set_input_files(str(photo))
        uploader.get_by_text(photo.name).wait_for(timeout=30_000)
        settled(scorer)

    counted = timed(count)
    out = number % len(PLAYERS)  # goes out with the phase, on 0; the others keep points
    fields = sheet.locator('[data-testid="stNumberInput"] input')
    for i in range(len(PLAYERS)):
        fields.nth(i).fill("0" if i == out else str(5 + (number * 5 + i * 10) % 50))
    fields.nth(len(PLAYERS) - 1).press("Tab")
    sheet.get_by_text(f"{text('en', 'made')} · {PLAYERS[out]}").first.click()
    settled(scorer)

    def save() -> None:
        scorer.get_by_role("button", name=text("en", "save_hand")).click()
        sheet.get_by_text(text("en", "record_hand", number=number + 1)).wait_for(timeout=60_000)
        settled(scorer)

    return counted, timed(save)


def evening(hands: int, phones: int) -> None:
    from scoresheet import Game, Store

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shots = photos(folder, hands * (phones + 1))
        db = folder / "scores.sqlite3"
        game = Store(db).create_game(Game(players=PLAYERS, name="Evening"))
        with streamlit_server(db, folder / "streamlit.log") as url, \
                phone_page() as scorer:
            pid = server_pid(url)
            browser = scorer.context.browser
            hand_phones = []
            for _ in range(phones):
                hand_phones.append(phone_context(browser).new_page())
            for page, tab in [(p, "tab_hand") for p in hand_phones] + [(scorer, "tab_scores")]:
                page.goto(f"{url}/?game={game}&tab={tab}")
                settled(page)
            print(f"{phones} phones and a scorer open: {rss_mb(pid):.0f} MB resident")
            print(" hand  resident MB  uploads MB  photo s  count s  save s")
            figures = []
            shot = iter(shots)

            def read(page: Any) -> None:
                upload_photo(page, next(shot))
                settled(page)

            for number in range(1, hands + 1):
                reads = [timed(partial(read, page)) for page in hand_phones]
                counted, saved = record_hand(scorer, number, next(shot))
                figures.append((rss_mb(pid), upload_store_mb(url)))
                print(f" {number:4d}  {figures[-1][0]:11.0f}  {figures[-1][1]:10.1f}  "
                      f"{max(reads):7.2f}  {counted:7.2f}  {saved:6.2f}")
    half = figures[len(figures) // 2:]
    steps = max(1, len(half) - 1)
    growth = [(last - first) / steps for first, last in zip(half[0], half[-1], strict=True)]
    print(f"growth per hand over hands {hands - len(half) + 1}-{hands}: resident "
          f"{growth[0]:+.1f} MB, uploads {growth[1]:+.2f} MB "
          f"({'meets' if growth[1] <= TARGET_MB_PER_HAND else 'MISSES'} the "
          f"{TARGET_MB_PER_HAND} MB target: no earlier hand's photo kept)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive, default=8, help="hands to record")
    parser.add_argument("--phones", type=positive, default=2,
                        help="phones reading a photo on the Hand tab each hand")
    args = parser.parse_args(argv)
    if missing := missing_browser():
        parser.error(missing)
    evening(args.hands, args.phones)


if __name__ == "__main__":
    main()
