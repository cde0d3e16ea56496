"""Loading throughput and peak memory: games/s and events/s read by ``paipu.load``.

Usage: ``python benchmarks/bench_load.py [--repeat N] [PATH ...]`` (default: the 電脳麻将
corpora in ``../shared/corpora``: generated/, tenhou-as-majiang/, majiang/). Prints one
line per path and a total, by wall time and by CPU time, each the least of ``N`` runs (3 by
default: compare CPU times, the least of several, on a shared machine); peak memory is
the process's maximum resident set size. The first line says whether paipu's core runs
compiled or interpreted (``PAIPU_PURE=1``).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from datetime import date
from pathlib import Path

import paipu
from paipu.build import kind

from measure import print_peak_memory

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DEFAULT = [CORPORA / "generated", CORPORA / "tenhou-as-majiang", CORPORA / "majiang"]


def measure(path: Path) -> tuple[int, int, int, float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    games = rounds = events = 0
    reader = paipu.load(path, errors="collect")
    for game in reader:
        games += 1
        rounds += len(game.rounds)
        events += sum(len(r.events) for r in game.rounds)
    return games, rounds, events, time.perf_counter() - start, time.process_time() - cpu


def line(name: str, games: int, rounds: int, events: int, seconds: float, cpu: float) -> str:
    return (f"{name:>20}: {games:6d} games {rounds:7d} rounds in {seconds:6.2f} s = "
            f"{games / seconds:7.0f} games/s, {events / seconds:9.0f} events/s; CPU {cpu:6.2f} s = "
            f"{games / cpu:7.0f} games/s")


def best_of(path: Path, repeat: int) -> tuple[int, int, int, float, float]:
    """:func:`measure` ``repeat`` times: the counts, the least wall time, the least CPU time."""
    runs = [measure(path) for _ in range(repeat)]
    return (*runs[0][:3], min(run[3] for run in runs), min(run[4] for run in runs))  # type: ignore[return-value]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="files or directories (default: the corpora)")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="runs per path; the least time counts")
    args = parser.parse_args(argv)
    repeat, paths = max(1, args.repeat), args.paths or DEFAULT
    missing = [p for p in paths if not p.exists()]
    if missing:
        print(f"not found: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    print(f"paipu {paipu.__version__} ({kind()}) load benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}, {platform.processor() or 'cpu'}; least of {repeat} runs")
    total = [0, 0, 0, 0.0, 0.0]
    for path in paths:
        measured = best_of(path, repeat)
        total = [a + b for a, b in zip(total, measured)]
        print(line(path.name, *measured))
    print(line("total", *total))  # type: ignore[arg-type]
    print_peak_memory()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
