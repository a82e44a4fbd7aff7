"""Every command line's --help, and each subcommand's, prints its usage (the brief: a CLI with
``--help`` for every package). A broken help text (a bare ``%`` in an option's help) crashed
only its own screen, which no other test opened (tests audit, session 63)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["solver", "vision", "scoresheet", "ui", "models", "models.train", "models.reader",
           "models.merge", "models.stamp", "models.synth", "models.synth.standard"]
SCRIPTS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bench").glob("*.py")
                 if "__main__" in p.read_text(encoding="utf-8"))


def _help(command: list[str]) -> str:
    result = subprocess.run([sys.executable, *command, "--help"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0 and "usage:" in result.stdout, (command, result.stderr)
    return result.stdout


@pytest.mark.parametrize("command", [["-m", m] for m in MODULES] + [[s] for s in SCRIPTS],
                         ids=lambda c: c[-1])
def test_every_command_and_subcommand_has_help(command: list[str]) -> None:
    shown = _help(command)
    # argparse ends the usage with "{a,b,c} ..." where a command has subcommands.
    usage = shown.split("\n\n", 1)[0]
    subcommands = re.search(r"\{([\w,-]+)\} \.\.\.", usage)
    for sub in subcommands.group(1).split(",") if subcommands else ():
        _help([*command, sub])


def test_every_package_with_a_command_line_is_listed() -> None:
    packages = {".".join(p.relative_to(ROOT).parent.parts) for p in ROOT.glob("**/__main__.py")
                if ".venv" not in p.parts and "tests" not in p.parts}
    assert packages <= set(MODULES), packages - set(MODULES)
    assert len(SCRIPTS) >= 10  # bench/'s scripts were found


@pytest.mark.parametrize(("script", "flag"), [
    ("bench/count.py", "--first-seed"), ("bench/deckcheck.py", "--from"),
    ("bench/read_size.py", "--first-seed"), ("bench/unsure.py", "--first-seed"),
    ("bench/table_groups.py", "--first-seed"), ("bench/copies.py", "--laid"),
    ("bench/laid_validation.py", "--read"),
])
def test_a_negative_seed_or_count_is_a_usage_error(script: str, flag: str) -> None:
    # numpy refused a negative seed with a traceback once rendering; a negative count printed
    # "seeds 0..-2" (bench audit, session 63).
    result = subprocess.run([sys.executable, script, flag, "-1"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"argument {flag}: must be a whole number of at least 0, not '-1'" in result.stderr
