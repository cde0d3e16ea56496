"""The benchmark scripts still run: on the sample logs, as a user would start them.

Nothing here is timed (the scripts print their own rates); a script that no longer runs
after a change elsewhere is what these tests catch.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HAND_MADE

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = str(ROOT / "sample_logs")


def _run(script: str, *args: str) -> str:
    # the sources under test, not an installed copy the scripts would import from elsewhere
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                          capture_output=True, text=True, cwd=ROOT / "benchmarks", timeout=900, env=env)  # valgrind on a busy host is slow
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_load_counts_the_sample_games():
    out = _run("bench_load.py", "--repeat", "1", SAMPLES)
    assert "sample_logs:      5 games" in out and "peak memory" in out


def test_bench_stats_runs_on_the_samples():
    out = _run("bench_stats.py", SAMPLES, "--times", "2")
    assert "sample_logs:     5 games" in out and "all x 2:    10 games" in out


def test_bench_replay_runs_on_the_samples():
    out = _run("bench_replay.py", SAMPLES, "--rule", "majiang", "--mjlog", str(ROOT / "no-such-dir"), "--repeat", "2")
    for what in ("load only", "replay only", "load + full validation", "findings:",
                 "paipu validate --jobs 1: 5 games", "paipu validate --jobs 2: 5 games", "cores)",
                 "--jobs 1, 2 runs:", "--jobs 2, 2 runs:"):
        assert what in out
    # the anchor of issue 27 beside it, or the reason it did not run (no Node, no module)
    assert re.search(r"Board, 2 runs: .* paipu validate --jobs 1 / Board = [\d.]+x", out) or "Board anchor: not run: " in out


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed (bench_instructions runs under it)")
def test_bench_instructions_counts_loading_and_validating_the_samples():
    # the three short hand-made games: the simulated ones would make valgrind's six runs slow
    out = _run("bench_instructions.py", *map(str, HAND_MADE), "--rule", "majiang")
    assert "3 files, 3 games" in out
    counts = {label: float(count) for label, count in re.findall(r"([\w +-]+): +([\d.]+) M instructions", out)}
    labels = {label.strip(): count for label, count in counts.items()}
    assert labels["load + validate"] == pytest.approx(labels["load"] + labels["validate"], abs=0.2)
    assert labels["load"] > 0 and labels["validate"] > 0 and labels["start-up"] > labels["load + validate"]
    # an observer that overrides no hook costs next to nothing; the statistics are counted too
    assert labels["validate"] <= labels["validate + observer"] < 1.05 * labels["validate"]
    assert labels["statistics"] > 0


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs git and a checkout (git archive)")
def test_check_defence_compares_with_a_revision_on_the_samples():
    out = _run("check_defence.py", "--against", "HEAD", "--repeat", "1", SAMPLES)
    assert "sample_logs:     5 games," in out and "tables identical" in out and "(HEAD: replay" in out


def test_bench_mjai_runs_on_the_samples():
    out = _run("bench_mjai.py", "--repeat", "1", SAMPLES)
    assert "5 games" in out and "mjai read:" in out and "peak memory" in out
    # issue 27's anchor beside it, or the reason it did not run (riichienv not installed)
    assert re.search(r"paipu\.load / RiichiEnv = [\d.]+x", out) or "RiichiEnv: not run: " in out


def test_bench_targets_prints_every_target_on_the_samples():
    if not (ROOT.parent / "shared" / "corpora" / "hule-cases").is_dir():
        pytest.skip("needs ../shared/corpora/hule-cases (the scoring target's hands)")
    out = _run("bench_targets.py", "--replayed", SAMPLES, "--rule", "majiang", "--generated", SAMPLES,
               "--repeat", "1", "--passes", "1", "--hands", "200")
    table = out.split("issue 27's targets", 1)[1]
    for work in ("validate --jobs 1 / Board replay", "validate peak memory", "stats --jobs 1 / majiang-analog",
                 "load mjai / RiichiEnv", "scoring from hand strings", "scoring from parsed hands"):
        line = next(line for line in table.splitlines() if work in line)
        assert re.search(r"(\bmet|NOT MET|not measured)", line), line
