"""Statistics throughput and peak memory: games/s of ``paipu.stats.summary``.

Usage: ``python benchmarks/bench_stats.py [--times N] [--engine] [--danger] [PATH ...]``
(default: the corpora of ``bench_load.py``). Per path, loading alone is timed
(``bench_load.measure``), then ``summary`` with its loading, so the cost of the statistics
themselves is the difference; then the event statistics alone, on games already loaded
(all players: what majiang-analog's summary does for one). ``--engine`` also times the
statistics of the replay (``engine=True``) and the defence analysis (``paipu.defence``)
on the loaded games, beside ``paipu.replay`` with no observer: they run at replay speed.
``--danger`` prints the danger table (``paipu.defence.danger_table``) of all the paths'
four-player games, as the README gives it. ``--times N`` then summarises all the paths N
times over in one call, to show a run of 10,000 games and more. Peak memory is the
process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import platform
import resource
import sys
import time
from pathlib import Path

import paipu
from paipu import defence, stats
from paipu.observe import Observer

from bench_load import DEFAULT, measure


def summary_seconds(paths: list[Path]) -> float:
    start = time.perf_counter()
    stats.summary(paipu.load(*paths, errors="collect"))
    return time.perf_counter() - start


def rate(games: list, run) -> float:
    """Games/s of ``run(games)``."""
    start = time.perf_counter()
    run(games)
    return len(games) / (time.perf_counter() - start)


def danger(paths: list[Path]) -> None:
    games = [game for game in paipu.load(*paths, errors="collect") if len(game.players) == 4]
    start = time.perf_counter()
    result = defence.defence(games)
    seconds = time.perf_counter() - start
    print(f"danger table of {len(games)} four-player games ({result.discards.shape[0]} discards facing riichi, "
          f"{result.threats.shape[0]} rated against one riichi player each), {seconds:.0f} s:")
    print(defence.danger_table(result.threats).to_string())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--times", type=int, default=0, metavar="N", help="also summarise all paths N times over")
    parser.add_argument("--engine", action="store_true", help="also time the replay's statistics and the defence")
    parser.add_argument("--danger", action="store_true", help="print the danger table of the paths' games")
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
        games_ = list(paipu.load(path, errors="collect"))
        print(f"{'':>20}  event statistics of the loaded games, all players: "
              f"{rate(games_, stats.summary):5.0f} games/s")
        if args.engine:
            print(f"{'':>20}  replay alone {rate(games_, lambda g: paipu.replay(g, Observer())):4.0f} games/s; "
                  f"engine=True statistics {rate(games_, lambda g: stats.summary(g, engine=True)):4.0f} games/s; "
                  f"defence {rate(games_, defence.defence):4.0f} games/s")
    if args.times:
        seconds = summary_seconds(args.paths * args.times)
        games = all_games * args.times
        print(f"{f'all x {args.times}':>20}: {games:5d} games: summary in {seconds:6.2f} s = {games / seconds:4.0f} games/s")
    if args.danger:
        danger(args.paths)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
