"""The root conftest.py as pytest runs it: a copy in a throwaway project of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from vision.model import THREADS_VARIABLE, threads_per_worker

ROOT = Path(__file__).resolve().parents[1]


def run_pytest(project: Path, *args: str, **env_set: str) -> subprocess.CompletedProcess[str]:
    shutil.copy(ROOT / "conftest.py", project / "conftest.py")
    env = {key: value for key, value in os.environ.items()
           if key != THREADS_VARIABLE and not key.startswith("PYTEST_")}
    env.update(env_set, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--rootdir", str(project),
         *args], cwd=project, env=env, capture_output=True, text=True, timeout=120)


def test_each_worker_gets_its_share_of_the_cores_unless_the_environment_sets_one(tmp_path):
    (tmp_path / "test_threads.py").write_text(
        "import os\n"
        "def test_threads():\n"
        f"    assert os.environ.get({THREADS_VARIABLE!r}, 'unset') == os.environ['EXPECTED']\n")
    share = str(threads_per_worker(2, len(os.sched_getaffinity(0))))
    runs = {
        "two workers": run_pytest(tmp_path, "-n", "2", EXPECTED=share),
        "set by hand": run_pytest(tmp_path, "-n", "2", EXPECTED="3", **{THREADS_VARIABLE: "3"}),
        # One process keeps the models' own default.
        "one process": run_pytest(tmp_path, EXPECTED="unset"),
    }
    for name, run in runs.items():
        assert run.returncode == 0, f"{name}:\n{run.stdout[-2000:]}{run.stderr[-2000:]}"


def test_two_test_folders_with_conftests_run_together_with_doctests(tmp_path):
    for folder in ("app", "vision"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "conftest.py").write_text("import pytest\n")
        (tmp_path / folder / f"test_{folder}.py").write_text(
            "def twice(n):\n    '''\n    >>> twice(2)\n    4\n    '''\n    return 2 * n\n\n"
            "def test_twice():\n    assert twice(3) == 6\n")
    run = run_pytest(tmp_path, "--doctest-modules", "app", "vision")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "4 passed" in run.stdout


def test_the_tests_are_collected_without_the_training_requirements(tmp_path):
    # requirements-train.txt is "never needed to run the app or the tests", yet without torch
    # the training modules' doctests failed the whole collection (quality audit, session 64).
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "train.py").write_text(
        "import torch\n\ndef f():\n    '''\n    >>> 1\n    1\n    '''\n")
    (tmp_path / "models" / "labels.py").write_text("def g():\n    '''\n    >>> 2\n    2\n    '''\n")
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env["PYTHONPATH"] = str(ROOT)
    blocked = ("import sys; sys.modules['torch'] = None; import pytest; "
               "sys.exit(pytest.main(['-p', 'no:cacheprovider', '--rootdir', '.', "
               "'--doctest-modules', 'models']))")
    run = subprocess.run([sys.executable, "-c", blocked], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout
