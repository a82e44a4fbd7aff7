"""`python -m scoresheet` and `python -m ui`: help, round trip through CSV, clear errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoresheet import Hand, Store, new_game

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_export_import_show(tmp_path):
    db = tmp_path / "s.db"
    store = Store(db)
    game_id = store.create_game(new_game(["Anna", "Ben"], name="Trip"))
    store.add_hand(game_id, Hand((0, 20), (True, False)))
    exported = run("scoresheet", "--db", str(db), "export", str(game_id))
    assert exported.returncode == 0
    csv_file = tmp_path / "trip.csv"
    csv_file.write_text(exported.stdout)
    imported = run("scoresheet", "--db", str(db), "import", str(csv_file))
    assert imported.returncode == 0
    assert store.load_game(int(imported.stdout)) == store.load_game(game_id)
    shown = run("scoresheet", "--db", str(db), "--lang", "de", "show", str(game_id))
    assert "Ben gibt als Nächstes." in shown.stdout
    assert "Spieler: Ben  Punkte: 20  Phase: 1  Fertig: –" in shown.stdout  # none done yet
    listed = run("scoresheet", "--db", str(db), "list")
    assert listed.stdout.count("Trip") == 2


def test_show_says_a_last_phase_that_did_not_count(tmp_path):
    # Seed 003's end: Anna laid the last phase, Ben went out; her tick counts for nothing,
    # which `show`, like the page, says (usability audit).
    from scoresheet import EndRule, GameRules

    db = tmp_path / "s.db"
    store = Store(db)
    rules = GameRules(end=EndRule.GO_OUT, phases=("2 sets of 3", "1 run of 7"))
    game_id = store.create_game(new_game(["Anna", "Ben"], rules))
    store.add_hand(game_id, Hand((0, 20), (True, False)))
    store.add_hand(game_id, Hand((10, 0), (True, True)))
    shown = run("scoresheet", "--db", str(db), "show", str(game_id))
    assert ("Hand 2: Anna laid phase 2 but did not go out. In this game that counts only "
            "together with going out: Anna plays phase 2 again.") in shown.stdout


def test_errors_are_sentences(tmp_path):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"garbage" * 100)
    result = run("scoresheet", "--db", str(bad), "list")
    assert result.returncode == 1
    assert "damaged or not a score file" in result.stderr and "Traceback" not in result.stderr
    missing = run("scoresheet", "--db", str(tmp_path / "ok.db"), "import", "nope.csv")
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    # /dev/zero was read until memory ran out; a cell past the csv module's limit (an unclosed
    # quote in a big file) was a traceback (adversarial audit).
    endless = run("scoresheet", "--db", str(tmp_path / "ok.db"), "import", "/dev/zero")
    assert endless.returncode == 1 and "/dev/zero is not a file." in endless.stderr
    quote = tmp_path / "quote.csv"
    quote.write_text('phaselens score sheet,1\nname,"' + "x" * 200_000 + "\n")
    broken = run("scoresheet", "--db", str(tmp_path / "ok.db"), "import", str(quote))
    assert broken.returncode == 1 and "Traceback" not in broken.stderr
    assert "Line 2: a cell is far too long" in broken.stderr
    huge = tmp_path / "huge.csv"
    huge.write_text("phaselens score sheet,1\n" + "name,x\n" * 200_000)
    assert "larger than 1000 KB" in run("scoresheet", "--db", str(tmp_path / "ok.db"), "import",
                                        str(huge)).stderr


def test_ui_check_and_list():
    assert run("ui", "check").returncode == 0
    assert "Punkte" in run("ui", "list", "--lang", "de").stdout


def test_import_refuses_what_the_page_could_not_play_and_reads_semicolons(tmp_path):
    db = tmp_path / "s.db"
    good = ("phaselens score sheet,1\nname,Trip\nruleset,Zehn-Phasen\nplayer,Anna\nplayer,Ben\n"
            "\nhand,player,points,made,went_out,phase\n1,Anna,0,yes,yes,\n1,Ben,25,no,no,\n")
    for name, text, said in [
        ("bogus.csv", good.replace("Zehn-Phasen", "bogus"), "unknown ruleset “bogus”"),
        ("phases.csv", good.replace("ruleset,Zehn-Phasen\n", "phase,gibberish words\n"),
         "“gibberish words”"),
    ]:
        (tmp_path / name).write_text(text)
        result = run("scoresheet", "--db", str(db), "import", str(tmp_path / name))
        assert result.returncode == 1 and said in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert not db.exists()  # nothing half-imported, not even an empty score file
    # In the language asked for, as every other refusal (it came in English alone).
    said = run("scoresheet", "--db", str(db), "--lang", "de", "import", str(tmp_path / "bogus.csv"))
    assert "unbekanntes Regelwerk „bogus“" in said.stderr, said.stderr
    (tmp_path / "semi.csv").write_text(  # a German spreadsheet's save, the page's own words
        good.replace(",", ";").replace("ruleset;", "phase;7 einer Farbe\nruleset;"))
    result = run("scoresheet", "--db", str(db), "import", str(tmp_path / "semi.csv"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == f"note: made a new score file at {db}\n"  # a typo would hide it
    again = run("scoresheet", "--db", str(db), "import", str(tmp_path / "semi.csv"))
    assert again.returncode == 0 and again.stderr == ""
    game = Store(db).load_game(int(result.stdout))
    assert game.rules.ruleset == "zehn-phasen" and game.hands[0].points == (0, 25)
    assert game.rules.phases == ("colour 7",)


def test_a_game_number_too_big_or_a_full_output_is_one_line(tmp_path):
    db = tmp_path / "s.db"
    game_id = Store(db).create_game(new_game(["Anna", "Ben"]))
    huge = run("scoresheet", "--db", str(db), "show", "9" * 23)
    assert huge.returncode == 2 and "is no game number" in huge.stderr
    squared = run("scoresheet", "--db", str(db), "show", "²")  # argparse named _game_id
    assert squared.returncode == 2 and "is no game number" in squared.stderr
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "scoresheet", "--db", str(db), "export",
                                 str(game_id)], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=60)
    assert result.returncode == 1 and "cannot write the output" in result.stderr
    # and in the language asked for (Danish audit, session 67)
    danish = run("scoresheet", "--db", str(db), "--lang", "da", "show", "0")
    assert danish.returncode == 2 and "»0« er ikke et spilnummer" in danish.stderr
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "scoresheet", "--db", str(db), "--lang",
                                 "nl", "export", str(game_id)], cwd=ROOT, stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=60)
    assert "de uitvoer kan niet worden geschreven" in result.stderr
    missing = run("scoresheet", "--db", str(db), "--lang", "de", "import", "/nope.csv")
    assert missing.returncode == 1 and "/nope.csv ist nicht lesbar" in missing.stderr
    assert "Traceback" not in result.stderr


def test_a_reader_that_goes_away_ends_every_command_line_quietly(tmp_path):
    # `python -m ui list | head -1` and the like ended in a BrokenPipeError traceback.
    db = tmp_path / "s.db"
    Store(db).create_game(new_game(["Anna", "Ben"], name="Trip"))
    batch_line = '{"ruleset": "mattel", "phase": 1, "hand": ["R7"]}\n'
    for args, stdin in [
        (("ui", "list", "--lang", "de"), ""),
        (("solver", "batch"), batch_line * 5000),
        (("scoresheet", "--db", str(db), "export", "1"), ""),
    ]:
        # Buffered as a pipe is by default: unbuffered (PYTHONUNBUFFERED, set on some
        # machines), every write meets the closed pipe at once, and a lost final flush or a
        # traceback on the way out went unseen (mutation audit, session 55).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        reader_gone = subprocess.Popen(
            [sys.executable, "-m", *args], cwd=ROOT, stdin=subprocess.PIPE, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        reader_gone.stdout.close()  # before the command writes a line
        _, errors = reader_gone.communicate(stdin, timeout=60)
        assert reader_gone.returncode == 1, (args, errors)  # as Unix tools end: not "done"
        assert "Traceback" not in errors and "BrokenPipe" not in errors, (args, errors)


def test_reading_commands_never_make_a_score_file_at_a_mistyped_path(tmp_path):
    typo = tmp_path / "typo" / "s.db"
    for command in (["list"], ["show", "1"], ["export", "1"]):
        result = run("scoresheet", "--db", str(typo), *command)
        assert result.returncode == 1
        assert result.stderr == f"error: there is no score file at {typo}\n"
    assert not typo.parent.exists()


def test_a_path_no_file_can_have_is_said_not_a_traceback(tmp_path):
    # A home folder of no such user and a name over 255 bytes ended in tracebacks, from
    # --db, $PHASELENS_DB and an import's CSV alike (security audit, session 64).
    long = str(tmp_path / ("x" * 300))
    result = run("scoresheet", "--db", "~nobody-at-all/s.db", "list")
    assert result.returncode == 1
    assert result.stderr == ("error: ~nobody-at-all/s.db starts in the home folder of "
                             "“nobody-at-all”, and this computer has no user of that name\n")
    result = run("scoresheet", "--db", long, "list")
    assert (result.returncode, result.stderr) == (
        1, f"error: {long} cannot be a score file's path: File name too long\n")
    env = {**os.environ, "PHASELENS_DB": "~nobody-at-all/s.db"}
    result = subprocess.run([sys.executable, "-m", "scoresheet", "--lang", "de", "list"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 1
    assert result.stderr.startswith("error: ~nobody-at-all/s.db beginnt im Home-Ordner")
    result = run("scoresheet", "--db", str(tmp_path / "s.db"), "import", long)
    assert (result.returncode, result.stderr) == (
        1, f"error: cannot read {long}: File name too long\n")


def test_show_prints_names_as_typed(tmp_path):
    # The page's Markdown escapes reached the terminal: "Cy \\[2\\] deals next."
    db = tmp_path / "s.db"
    store = Store(db)
    game_id = store.create_game(new_game(["Ann_B", "Cy [2]"]))
    store.add_hand(game_id, Hand((0, 20), (True, False)))
    shown = run("scoresheet", "--db", str(db), "show", str(game_id))
    assert "Cy [2] deals next." in shown.stdout
    assert "\\" not in shown.stdout


@pytest.mark.parametrize(("name", "args"), [("app", ["--runs", "1"]),
                                           ("evening", ["--hands", "1"])])
def test_the_browser_benches_say_plainly_that_chromium_is_missing(monkeypatch, capsys, name,
                                                                  args):
    # It ran its server-side timings and then ended in Playwright's traceback (README audit).
    import importlib

    import browserkit

    bench_app = importlib.import_module(f"bench.{name}")
    monkeypatch.setattr(browserkit, "CHROMIUM", Path("/nonexistent/chromium"))
    with pytest.raises(SystemExit) as exit_info:
        bench_app.main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "chromium (/nonexistent/chromium) is not installed" in err and "Traceback" not in err


@pytest.mark.parametrize("script", ["run", "test"])
def test_the_two_commands_say_plainly_that_python_is_too_old(tmp_path, script):
    # A fresh Ubuntu 22.04 has Python 3.10: pip's refusal read as a broken package.
    import shutil

    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "scripts", tmp_path / "scripts")
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python3").write_text(  # Python 3.10 as far as the scripts can tell
        "#!/bin/sh\n[ \"$1\" = --version ] && echo 'Python 3.10.12' && exit 0\n"
        "[ \"$1\" = -c ] && exit 1\ntouch made-a-venv; exit 0\n")
    (fake / "python3").chmod(0o755)
    result = subprocess.run(["bash", f"scripts/{script}"], cwd=tmp_path, capture_output=True,
                            text=True, env={"PATH": f"{fake}:/usr/bin:/bin"}, timeout=60)
    assert result.returncode == 1
    assert "phaselens needs Python 3.11 or newer; python3 here is Python 3.10.12" in result.stderr
    assert not (tmp_path / "made-a-venv").exists() and not (tmp_path / ".venv").exists()


def test_score_file_commands_say_their_purpose_and_need_a_command(tmp_path):
    helped = run("scoresheet", "--help")
    assert "Command line for the score file: list games, show standings" in helped.stdout
    bare = run("scoresheet", "--db", str(tmp_path / "s.db"))
    assert bare.returncode == 2 and "the following arguments are required" in bare.stderr
    assert "Traceback" not in bare.stderr


def test_game_numbers_run_from_1_to_sqlites_largest(tmp_path):
    db = tmp_path / "s.db"
    Store(db).create_game(new_game(["Anna", "Ben"]))
    for typed in ("0", "abc", str(2**63)):  # "abc" is ASCII but no number
        refused = run("scoresheet", "--db", str(db), "show", typed)
        assert refused.returncode == 2 and "is no game number" in refused.stderr, typed
        assert "Traceback" not in refused.stderr
    largest = run("scoresheet", "--db", str(db), "show", str(2**63 - 1))
    assert largest.returncode == 1 and "is no game number" not in largest.stderr
    assert run("scoresheet", "--db", str(db), "show", "1").returncode == 0


def test_the_score_file_defaults_to_phaselens_db_and_list_puts_the_number_first(tmp_path):
    db = tmp_path / "s.db"
    game_id = Store(db).create_game(new_game(["Anna", "Ben"], name="Trip"))
    listed = subprocess.run([sys.executable, "-m", "scoresheet", "list"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PHASELENS_DB": str(db)})
    assert listed.returncode == 0
    assert listed.stdout == f"{game_id} Trip — Anna, Ben (0)\n"


def test_a_file_that_cannot_be_read_or_written_is_named_with_the_systems_reason(tmp_path):
    db = tmp_path / "s.db"
    missing = run("scoresheet", "--db", str(db), "import", "nope.csv")
    assert missing.stderr == "error: cannot read nope.csv: No such file or directory\n"
    game_id = Store(db).create_game(new_game(["Anna", "Ben"]))
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "scoresheet", "--db", str(db), "export",
                                 str(game_id)], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=60)
    assert result.stderr == "error: cannot write the output: No space left on device\n"


def test_a_reader_gone_while_a_long_list_is_written_ends_it_with_status_1(tmp_path):
    # Longer than the output's buffer: the closed pipe is met inside the command, not at exit.
    db = tmp_path / "s.db"
    store = Store(db)
    for number in range(400):
        store.create_game(new_game(["Anna", "Ben"], name=f"Evening {number}"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    reader_gone = subprocess.Popen([sys.executable, "-m", "scoresheet", "--db", str(db), "list"],
                                   cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
    reader_gone.stdout.close()
    _, errors = reader_gone.communicate(timeout=60)
    assert reader_gone.returncode == 1 and errors == "", errors


def test_the_browser_benchmarks_say_what_is_missing_before_timing(monkeypatch, capsys):
    # Without playwright, bench/app.py and bench/evening.py ended in a traceback after minutes
    # of server-side timing; bench/app.py took a --photo that is no photo as far (bench audit,
    # session 63).
    import importlib.util

    import browserkit

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name == "playwright" else real(name, *rest))
    assert "playwright is not installed" in browserkit.missing_browser()
    result = subprocess.run([sys.executable, "bench/app.py", "--photo", "README.md", "--runs",
                             "1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--photo README.md: not a readable image" in result.stderr
