"""The standard file's validation cells: run them for a model, compare two models' cells, judge.

    python bench/cells.py run models/standard.onnx runs/cells/committed   # every group
    python bench/cells.py run runs/cand.onnx runs/cells/cand --groups n200 p200
    python bench/cells.py compare runs/cells/committed runs/cells/cand
    python bench/cells.py judge runs/cells/committed runs/cells/cand

Each group is one ``bench/vision.py --deck standard --validation`` command (``GROUPS``); ``run``
saves its report as DIR/GROUP.txt. ``compare`` reads the "all" row of each cell (a kind of
scene at one size) in both folders and prints card F1 side by side with the change, and the
mean change per group; ``judge`` applies the standing adoption rule's cell criteria (``RULE``,
sessions 37-39) and says which hold. These are the cells the model card's adoption rules for
``standard.onnx`` name (sessions 26-28); a rule may pick others, written before training.
Run the groups under the OpenCV release the baselines were measured with (the model card:
5.0.0.93, e.g. ``PYTHONPATH=<a --target install of it>``): faces drawn with Hershey fonts
differ between releases. Synthetic validation scenes only; never real photos.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the repository's `vision`, not this folder's vision.py

import argparse  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402

HANDS_200 = "--validation-from 200 --per-cell 10 --tables 0 --deals 5"
#: Group name -> bench/vision.py arguments (besides --deck standard --validation --model).
GROUPS = {
    "h200": HANDS_200,  # hands 200..319, dealt decks 320..339
    "h320": "--validation-from 320 --per-cell 10 --tables 0 --deals 5",
    "t200": "--validation-from 200 --per-cell 1 --tables 8 --deals 0",  # tables 212..243
    "t320": "--validation-from 320 --per-cell 1 --tables 8 --deals 0",
    "q1": HANDS_200 + " --quarter-turns 1",
    "q2": HANDS_200 + " --quarter-turns 2",
    "p200": HANDS_200 + " --scans 10 --pip-shapes",
    "n200": HANDS_200 + " --scans 10 --narrow-indices",
    "f200": HANDS_200 + " --phone-look",  # as h200, through a phone camera's processing
    "y200": HANDS_200 + " --scans 10 --typefaces",  # as p200, in a print shop's typefaces
    "d600": "--validation-from 600 --per-cell 1 --tables 0 --deals 20",  # 80 dealt decks
}
#: Groups that run a few hands only to reach their seeds: only this kind of cell counts.
ONLY = {"t200": "tables", "t320": "tables", "d600": "dealt decks"}

_TITLE = re.compile(r"^validation (.+?) \(standard deck\).*? at (\d+x\d+)", re.M)
_SCAN_TITLE = re.compile(r"^validation (single-card scans) \(standard deck\)", re.M)
_ALL = re.compile(r"^  all\s+\d+\s+\d+\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)", re.M)


@dataclass(frozen=True)
class Cell:
    kind: str  # "synthetic scenes", "dealt decks", "tables", "single-card scans", ...
    size: str  # "2016x1512", or "-" for scans (as large as their card)
    f1: float
    exact: float


def parse(report: str, only: str | None = None) -> tuple[Cell, ...]:
    """The cells of one bench/vision.py report, in its order (``only``: that kind alone).

    >>> text = ("validation tables (standard deck) at 1024x768 (2-4 hands): 32, seeds 212..243\\n"
    ...         "per layout\\n  all                      32    900  0.9  0.8  0.8500   0.250\\n")
    >>> parse(text)
    (Cell(kind='tables', size='1024x768', f1=0.85, exact=0.25),)
    >>> parse(text, only="dealt decks")
    ()
    """
    cells = []
    blocks = re.split(r"\n(?=validation )", "\n" + report)
    for block in blocks:
        title = _TITLE.match(block) or _SCAN_TITLE.match(block)
        row = _ALL.search(block)
        if title is None or row is None:
            continue
        size = title.group(2) if title.re is _TITLE else "-"
        cell = Cell(title.group(1), size, float(row.group(1)), float(row.group(2)))
        if only is None or cell.kind == only:
            cells.append(cell)
    return tuple(cells)


def read_group(folder: Path, group: str) -> tuple[Cell, ...]:
    """The cells of ``group`` as ``run`` saved them in ``folder``."""
    return parse((folder / f"{group}.txt").read_text(), ONLY.get(group))


def run(model: Path, folder: Path, groups: Sequence[str]) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    for group in groups:
        command = [sys.executable, str(ROOT / "bench" / "vision.py"), "--deck", "standard",
                   "--model", str(model), "--validation", "--latency-runs", "0",
                   *GROUPS[group].split()]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        (folder / f"{group}.txt").write_text(done.stdout + done.stderr)
        if done.returncode != 0:
            print(f"error: {group} failed; its output is in {folder / group}.txt",
                  file=sys.stderr)
            return 1
        print(f"{group}: " + ", ".join(f"{c.kind} {c.size} {c.f1:.4f}"
                                       for c in read_group(folder, group)))
    return 0


def compare(before: Path, after: Path) -> str:
    """Card F1 of each cell both folders hold, side by side, and each group's mean change."""
    lines = [f"{'group':<6} {'cell':<32} {before.name:>12} {after.name:>12}  change"]
    changes: list[float] = []
    for group in GROUPS:
        if not ((before / f"{group}.txt").is_file() and (after / f"{group}.txt").is_file()):
            continue
        old, new = read_group(before, group), read_group(after, group)
        if [(c.kind, c.size) for c in old] != [(c.kind, c.size) for c in new]:
            lines.append(f"{group:<6} (the two reports hold different cells; not compared)")
            continue
        for a, b in zip(old, new, strict=True):
            lines.append(f"{group:<6} {a.kind + ' ' + a.size:<32} {a.f1:>12.4f} {b.f1:>12.4f}"
                         f"  {b.f1 - a.f1:+.4f}")
        group_changes = [b.f1 - a.f1 for a, b in zip(old, new, strict=True)]
        changes += group_changes
        lines.append(f"{group:<6} {'mean change':<32} {'':>12} {'':>12}  "
                     f"{sum(group_changes) / max(1, len(group_changes)):+.4f}")
    if not changes:
        return f"no group is in both {before} and {after}"
    lines.append(f"all {len(changes)} cells: mean change {sum(changes) / len(changes):+.4f}, "
                 f"up in {sum(c > 0 for c in changes)}, down in {sum(c < 0 for c in changes)}, "
                 f"worst {min(changes):+.4f}")
    return "\n".join(lines)


#: The groups of the "old" cells (every group but y200, which came in session 34).
OLD_GROUPS = ("h200", "h320", "t200", "t320", "q1", "q2", "p200", "n200", "f200", "d600")
#: Groups whose cells other than dealt decks no candidate may lose much on.
GUARDED_GROUPS = ("h200", "h320", "t200", "t320")


@dataclass(frozen=True)
class Rule:
    """The cell criteria of the standard file's adoption rule since session 37
    (models/HISTORY.md, "Reader resumed on Z2's schedule"): the fixture and speed checks are
    separate."""

    old_gain: float = 0.001  # (a) the mean of the old cells must rise at least this much
    dealt_loss: float = 0.0005  # (b) the dealt-deck cells' mean may fall at most this much
    guarded_loss: float = 0.01  # (c) no guarded non-deal cell may fall more than this
    d600_loss: float = 0.005  # (c) nor either d600 cell more than this
    typefaces_loss: float = 0.001  # (e) the y200 mean may fall at most this much


RULE = Rule()
#: A cell across folders: (group, kind of scene, size).
CellKey = tuple[str, str, str]


def _cells(folder: Path, groups: Sequence[str]) -> dict[CellKey, float]:
    return {(group, c.kind, c.size): c.f1 for group in groups
            if (folder / f"{group}.txt").is_file() for c in read_group(folder, group)}


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def judge(before: Path, after: Path, rule: Rule = RULE) -> str:
    """The rule's cell criteria for ``after`` against the baseline ``before``, one line each,
    then the verdict. Both folders must hold every group (``run`` without ``--groups``)."""
    groups = (*OLD_GROUPS, "y200")
    old, new = _cells(before, groups), _cells(after, groups)
    def cells_of(cells: dict[CellKey, float], group: str) -> set[CellKey]:
        return {k for k in cells if k[0] == group}

    missing = [g for g in groups if not cells_of(old, g) or cells_of(old, g) != cells_of(new, g)]
    if missing:
        return f"cannot judge: cells missing or different in {', '.join(missing)}"
    lines: list[str] = []
    passed = True

    def check(name: str, keep: Callable[[CellKey], bool], least: float) -> None:
        nonlocal passed
        a = _mean([f1 for k, f1 in old.items() if keep(k)])
        b = _mean([f1 for k, f1 in new.items() if keep(k)])
        ok = b - a >= least - 1e-9
        passed &= ok
        lines.append(f"{name:<28} {a:.5f} -> {b:.5f} ({b - a:+.5f}) "
                     f"{'holds' if ok else 'FAILS'}")

    def is_old(k: CellKey) -> bool:
        return k[0] in OLD_GROUPS

    def is_dealt(k: CellKey) -> bool:
        return is_old(k) and k[1] == "dealt decks"

    check(f"(a) the {sum(map(is_old, old))} old cells", is_old, rule.old_gain)
    check(f"(b) the {sum(map(is_dealt, old))} dealt-deck cells", is_dealt, -rule.dealt_loss)
    guarded = {k: new[k] - old[k] for k in old
               if k[0] in GUARDED_GROUPS and k[1] != "dealt decks"}
    worst = min(guarded, key=guarded.__getitem__)
    d600 = [new[k] - old[k] for k in old if k[0] == "d600"]
    ok = guarded[worst] >= -rule.guarded_loss - 1e-9 and min(d600) >= -rule.d600_loss - 1e-9
    passed &= ok
    lines.append(f"{'(c) worst guarded cell':<28} {' '.join(worst)} {guarded[worst]:+.4f}; d600 "
                 f"{' / '.join(f'{c:+.4f}' for c in d600)} {'holds' if ok else 'FAILS'}")
    check("(e) y200", lambda k: k[0] == "y200", -rule.typefaces_loss)
    changes = [new[k] - old[k] for k in old]
    lines.append(f"all {len(changes)} cells: mean change {_mean(changes):+.5f}, up in "
                 f"{sum(c > 0 for c in changes)}, down in {sum(c < 0 for c in changes)}")
    lines.append("cell criteria: " + ("all hold" if passed else "not all hold"))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="run the groups on MODEL, saving DIR/GROUP.txt")
    run_parser.add_argument("model", type=Path, help="standard ONNX model file")
    run_parser.add_argument("folder", type=Path, metavar="DIR", help="where the reports go")
    run_parser.add_argument("--groups", nargs="+", choices=GROUPS, default=list(GROUPS),
                            help="which groups (default: all: " + ", ".join(GROUPS) + ")")
    compare_parser = commands.add_parser("compare", help="compare two folders' cells")
    compare_parser.add_argument("before", type=Path, metavar="DIR")
    compare_parser.add_argument("after", type=Path, metavar="DIR")
    judge_parser = commands.add_parser(
        "judge", help="the adoption rule's cell criteria for DIR against BASELINE")
    judge_parser.add_argument("before", type=Path, metavar="BASELINE")
    judge_parser.add_argument("after", type=Path, metavar="DIR")
    args = parser.parse_args(argv)
    if args.command == "run":
        if not args.model.is_file():
            parser.error(f"no model file at {args.model}")
        return run(args.model, args.folder, args.groups)
    for folder in (args.before, args.after):
        if not folder.is_dir():
            parser.error(f"no folder at {folder}")
    report = (judge if args.command == "judge" else compare)(args.before, args.after)
    print(report)
    # A judgement that could not be made is no verdict: scripts must not read it as one.
    return 1 if report.startswith(("cannot judge", "no group is in both")) else 0


if __name__ == "__main__":
    raise SystemExit(main())
