"""The command line, run as a subprocess exactly as the outside checks do."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "solver", *args], input=stdin, capture_output=True, text=True,
        cwd=ROOT, timeout=120,
    )


def test_help_for_every_command() -> None:
    for args in (["--help"], ["advise", "--help"], ["points", "--help"], ["batch", "--help"]):
        result = run(*args)
        assert result.returncode == 0 and "usage" in result.stdout


def test_advise_text_for_a_complete_hand() -> None:
    result = run("advise", "--ruleset", "mattel", "--phase", "1",
                 "--hand", "R7 B7 G7 Y7 R7 W G2 G9 B4 Y11 S")
    assert result.returncode == 0, result.stderr
    assert "You can lay your phase" in result.stdout
    assert "Discard S." in result.stdout and "25 points" in result.stdout


def test_advise_text_for_an_incomplete_hand_and_json() -> None:
    hand = "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12 S"
    text = run("advise", "--phase", "1", "--hand", hand)
    assert "any 7, or a wild" in text.stdout and "Discard S." in text.stdout
    data = json.loads(run("advise", "--phase", "1", "--hand", hand, "--json").stdout)
    assert data["complete"] is False and data["discard"] == "S"


def test_advise_on_a_hand_too_small_for_the_phase() -> None:
    text = run("advise", "--phase", "1", "--hand", "R9 R4 R8 R5")
    said = "Not complete: phase 1 needs a hand of at least 6 cards; this one holds 4."
    assert said in text.stdout
    assert "None" not in text.stdout
    data = json.loads(run("advise", "--phase", "1", "--hand", "R9 R4 R8 R5", "--json").stdout)
    assert data["distance"] is None and data["hand_needed"] == 6


def test_advise_with_table_groups_and_wild_numbers() -> None:
    result = run("advise", "--phase", "2", "--hand", "R1 B2 G3 Y3 R3 B9 G6 Y10 R11 B12 S",
                 "--table", '[{"kind": "run", "cards": ["W", "R4", "R5"]}]', "--json")
    data = json.loads(result.stdout)
    assert data["complete"] and data["remaining"] == [] and data["discard"] == "S"
    assert {h["card"] for h in data["hits"]} == {"R1", "B2", "G6"}


def test_advise_draw_and_free_choice() -> None:
    result = run("advise", "--hand", "R7 B7 G8 Y8 R8 B2 G4 Y10 R11 B12", "--top", "S")
    assert "may never be taken" in result.stdout
    free = run("advise", "--free", "--done", "1,2,3", "--hand", "R3 B4 G5 Y6 R7 B8 G9 W B12 Y1 S",
               "--json")
    assert json.loads(free.stdout)["phase"] in (4, 5)


def test_advise_bad_input_is_one_clear_line() -> None:
    result = run("advise", "--phase", "1", "--hand", "R7 R7 R7")
    assert result.returncode == 2
    assert result.stderr == "error: 3 × R7 in hand but the mattel deck has 2\n"
    result = run("advise", "--phase", "11", "--hand", "R7")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_points() -> None:
    assert run("points", "--hand", "W S R10 G2").stdout == "55\n"
    assert run("points", "--ruleset", "zehn-phasen", "--hand", "3♠ J♦").stdout == "15\n"
    bad = run("points", "--hand", "R7 Q9")
    assert bad.returncode == 2 and "'Q9' is not a card" in bad.stderr


def test_batch_goes_on_after_a_bad_line() -> None:
    lines = [
        {"ruleset": "mattel", "phase": 1,
         "hand": ["R7", "B7", "G7", "Y7", "R7", "W", "G2", "G9", "B4", "Y11", "S"]},
        "this is not JSON",
        {"ruleset": "zehn-phasen", "phase": 1,
         "hand": ["7C", "7H", "8D", "8S", "8C", "2H", "4S", "10D", "JC", "QH", "X"]},
        {"ruleset": "mattel", "phase": 11, "hand": ["R1"]},
        {"ruleset": "mattel", "phase": 3, "hand": ["B5", "W", "R1"], "down": True,
         "table": [{"kind": "run", "cards": ["G6", "B7", "R8", "Y9"]}]},
    ]
    stdin = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    result = run("batch", stdin=stdin)
    assert result.returncode == 0
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 5
    assert out[0]["complete"] and out[0]["remaining_points"] == 25
    assert set(out[0]) >= {"complete", "laydown", "hits", "discard", "remaining",
                           "remaining_points"}
    assert out[1] == {"error": "not JSON: Expecting value at column 1"}
    assert out[2]["complete"] is False and out[2]["discard"] == "X"
    assert {d["card"] for d in out[2]["discards"]} == {"7C", "7H", "8D", "8S", "8C", "2H", "4S",
                                                       "10D", "JC", "QH", "X"}
    assert out[3]["error"].startswith("phase 11 is not defined for mattel")
    assert out[4]["complete"] and out[4]["laydown"] == [] and out[4]["remaining"] == []
    assert out[4]["hits"][0] == {"card": "B5", "group": 0}


def test_batch_free_choice_and_ids() -> None:
    line = {"id": 7, "ruleset": "mattel", "done": [1, 2, 3],
            "hand": ["R3", "B4", "G5", "Y6", "R7", "B8", "G9", "W", "B12", "Y1", "S"]}
    out = json.loads(run("batch", stdin=json.dumps(line) + "\n").stdout)
    assert out["id"] == 7 and out["complete"] and out["phase"] in (4, 5)
    bad = json.loads(run("batch", stdin='{"id": "x", "hand": 5}\n').stdout)
    assert bad == {"error": "hand must be a list of cards", "id": "x"}
