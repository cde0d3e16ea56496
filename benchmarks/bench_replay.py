"""Replay and validation throughput: games/s and rounds/s for load only, replay only and
full validation, in one process and with ``--jobs 2``; peak memory.

Usage: ``python benchmarks/bench_replay.py [PATH] [--rule R]`` (default: the 722 real
Tenhou hanchan and tonpuu converted to 電脳麻将 JSON in
``../shared/corpora/tenhou-as-majiang/agony5757-mahjong-paipuxmls/``, rule ``tenhou``).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import paipu
from paipu.replay import Replay
from paipu.rules import Rule
from paipu.validation import validate_game

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DEFAULT = CORPORA / "tenhou-as-majiang" / "agony5757-mahjong-paipuxmls"


def timed(label: str, games: int, rounds: int, seconds: float) -> None:
    print(f"{label:>28}: {games} games, {rounds} rounds in {seconds:6.2f} s = "
          f"{games / seconds:7.1f} games/s, {rounds / seconds:8.0f} rounds/s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--rule", default="tenhou")
    args = parser.parse_args()
    if not Path(args.path).exists():
        print(f"not found: {args.path}", file=sys.stderr)
        return 2
    rule = Rule.get(args.rule)
    print(f"paipu {paipu.__version__} replay benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores; {args.path} under {args.rule}")

    start = time.perf_counter()
    games = list(paipu.load(args.path))
    rounds = sum(len(g.rounds) for g in games)
    timed("load only", len(games), rounds, time.perf_counter() - start)

    start = time.perf_counter()
    for game in games:
        for _step in Replay(game, rule):
            pass
    timed("replay only (loaded games)", len(games), rounds, time.perf_counter() - start)

    start = time.perf_counter()
    findings = 0
    for game in paipu.load(args.path):
        findings += len(validate_game(game, rule))
    timed("load + full validation", len(games), rounds, time.perf_counter() - start)
    print(f"{'findings':>28}: {findings}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'peak memory (max RSS)':>28}: {peak:.0f} MiB")

    for jobs in (1, 2):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "paipu", "validate", "--json", "--rule", args.rule,
                        "--jobs", str(jobs), args.path], stdout=subprocess.DEVNULL, check=False)
        timed(f"paipu validate --jobs {jobs}", len(games), rounds, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
