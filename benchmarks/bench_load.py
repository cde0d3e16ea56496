"""Loading throughput and peak memory: games/s and events/s read by ``paipu.load``.

Usage: ``python benchmarks/bench_load.py [PATH ...]`` (default: the 電脳麻将 corpora in
``../shared/corpora``: generated/, tenhou-as-majiang/, majiang/). Prints one line per
path and a total; peak memory is the process's maximum resident set size.
"""

from __future__ import annotations

import platform
import resource
import sys
import time
from datetime import date
from pathlib import Path

import paipu

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DEFAULT = [CORPORA / "generated", CORPORA / "tenhou-as-majiang", CORPORA / "majiang"]


def measure(path: Path) -> tuple[int, int, int, float]:
    start = time.perf_counter()
    games = rounds = events = 0
    reader = paipu.load(path, errors="collect")
    for game in reader:
        games += 1
        rounds += len(game.rounds)
        events += sum(len(r.events) for r in game.rounds)
    return games, rounds, events, time.perf_counter() - start


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or DEFAULT
    missing = [p for p in paths if not p.exists()]
    if missing:
        print(f"not found: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    print(f"paipu {paipu.__version__} load benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}, {platform.processor() or 'cpu'}")
    total = [0, 0, 0, 0.0]
    for path in paths:
        games, rounds, events, seconds = measure(path)
        total = [total[0] + games, total[1] + rounds, total[2] + events, total[3] + seconds]
        print(f"{path.name:>20}: {games:6d} games {rounds:7d} rounds in {seconds:6.2f} s = "
              f"{games / seconds:7.0f} games/s, {events / seconds:9.0f} events/s")
    games, rounds, events, seconds = total
    print(f"{'total':>20}: {games:6d} games {rounds:7d} rounds in {seconds:6.2f} s = "
          f"{games / seconds:7.0f} games/s, {events / seconds:9.0f} events/s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
