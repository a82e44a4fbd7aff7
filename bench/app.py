"""Benchmark: photo upload -> advice visible in the browser (target <= 3 s on this machine).

    .venv/bin/python bench/app.py [--runs 5] [--photo tests/app/fixtures/hand11.jpg]

Serves app.py with `streamlit run` on 127.0.0.1, drives Debian's chromium (phone viewport) and
times, for each run in a fresh browser session, from handing the photo to the uploader until the
read hand and the advice panel are on screen. It also times the server-side stages in-process
(decode, card reading, analysis) so a slow run can be pinned on a stage. Prints figures only;
the target is checked here, never in a unit test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "app")]

from browserkit import (  # noqa: E402
    missing_browser,
    phone_page,
    streamlit_server,
    upload_photo,
    wait_for_advice,
)

from bench.args import existing_file, positive  # noqa: E402

TARGET_S = 3.0
DEFAULT_PHOTO = ROOT / "tests" / "app" / "fixtures" / "hand11.jpg"


def browser_times(photo: Path, runs: int) -> list[float]:
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with streamlit_server(folder / "scores.sqlite3", folder / "streamlit.log") as url, \
                phone_page() as page:
            for run in range(runs + 1):  # run 0 warms up the model cache and is not counted
                page.goto(url)
                page.get_by_text("Photo of your hand").wait_for(timeout=60_000)
                start = time.perf_counter()
                upload_photo(page, photo)
                wait_for_advice(page, timeout_ms=60_000, accept_refusal=True)
                elapsed = time.perf_counter() - start
                if run:
                    times.append(elapsed)
                print(f"  run {run}{' (warm-up)' if not run else ''}: {elapsed:.2f} s")
    return times


def stage_times(photo: Path, runs: int) -> dict[str, float]:
    """Median seconds per server-side stage, measured in this process."""
    from solver import SolverError
    from ui import advice, reading
    from vision import Reader

    data = photo.read_bytes()
    reader = Reader.from_file(deck="phase10")
    rules = advice.ruleset_for("mattel", None)
    stages: dict[str, list[float]] = {"decode": [], "read": [], "analyse": []}
    refusals: set[str] = set()
    for _ in range(runs):
        t0 = time.perf_counter()
        decoded = reading.decode(reader, data)
        t1 = time.perf_counter()
        found = reading.read_pixels(reader, decoded)
        t2 = time.perf_counter()
        try:
            advice.advise(found.tokens, rules, 1, advice.TableForm())
        except SolverError as error:  # a misread hand still times the attempt
            refusals.add(str(error))
        t3 = time.perf_counter()
        for name, seconds in zip(stages, (t1 - t0, t2 - t1, t3 - t2), strict=True):
            stages[name].append(seconds)
    print(f"  {len(found.tokens)} cards read: {' '.join(found.tokens)}")
    for refusal in sorted(refusals):
        print(f"  (the solver refused the read hand: {refusal})")
    return {name: statistics.median(values) for name, values in stages.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=positive, default=5,
                        help="timed runs (after one warm-up)")
    parser.add_argument("--photo", type=existing_file, default=DEFAULT_PHOTO,
                        help="photo to upload")
    args = parser.parse_args(argv)
    if missing := missing_browser():  # said before minutes of server-side timing
        parser.error(missing)
    from vision import ImageError, load_photo

    try:  # a file that is no photo was a traceback from the first timed stage
        load_photo(args.photo.read_bytes())
    except ImageError as error:
        parser.error(f"--photo {args.photo}: {error}")
    print(f"photo: {args.photo} ({args.photo.stat().st_size / 1024:.0f} KiB)")
    print("server-side stages (median, in-process):")
    for name, seconds in stage_times(args.photo, args.runs).items():
        print(f"  {name:8s} {seconds * 1000:7.0f} ms")
    print("browser: upload -> read hand and advice visible")
    times = browser_times(args.photo, args.runs)
    median, worst = statistics.median(times), max(times)
    print(f"median {median:.2f} s ({'meets' if median <= TARGET_S else 'MISSES'} the "
          f"{TARGET_S:.0f} s target), worst {worst:.2f} s "
          f"({'within' if worst <= TARGET_S else 'over'} it) over {len(times)} runs")


if __name__ == "__main__":
    main()
