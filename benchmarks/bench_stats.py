"""Statistics throughput and peak memory: games/s of ``paipu.stats.summary``.

Usage: ``python benchmarks/bench_stats.py [--times N] [PATH ...]`` (default: the corpora
of ``bench_load.py``). Per path, loading alone is timed (``bench_load.measure``), then
``summary`` with its loading, so the cost of the statistics themselves is the difference.
``--times N`` then summarises all the paths N times over in one call, to show a run of
10,000 games and more. Peak memory is the process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import platform
import resource
import sys
import time
from pathlib import Path

import paipu
from paipu import stats

from bench_load import DEFAULT, measure


def summary_seconds(paths: list[Path]) -> float:
    start = time.perf_counter()
    stats.summary(paipu.load(*paths, errors="collect"))
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--times", type=int, default=0, metavar="N", help="also summarise all paths N times over")
    args = parser.parse_args(argv)
    for path in args.paths:
        if not path.exists():
            parser.error(f"not found: {path}")
    print(f"paipu {paipu.__version__} stats benchmark, Python {platform.python_version()}, {platform.machine()}")
    all_games = 0
    for path in args.paths:
        games, rounds, _, loading, _cpu = measure(path)
        seconds = summary_seconds([path])
        all_games += games
        print(f"{path.name:>20}: {games:5d} games {rounds:6d} rounds: summary in {seconds:6.2f} s = "
              f"{games / seconds:4.0f} games/s; loading alone {games / loading:4.0f} games/s, "
              f"so stats take {100 * max(seconds - loading, 0) / seconds:2.0f}% of the time")
    if args.times:
        seconds = summary_seconds(args.paths * args.times)
        games = all_games * args.times
        print(f"{f'all x {args.times}':>20}: {games:5d} games: summary in {seconds:6.2f} s = {games / seconds:4.0f} games/s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
