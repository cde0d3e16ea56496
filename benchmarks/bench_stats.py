"""Statistics throughput and peak memory: games/s of ``paipu.stats.summary``.

Usage: ``python benchmarks/bench_stats.py [--times N] [--engine] [--danger] [--repeat N] [--jobs N] [--no-analog]
[PATH ...]``
(default: the corpora of ``bench_load.py``). Per path, loading alone is timed
(``bench_load.measure``), then ``summary`` with its loading, so the cost of the statistics
themselves is the difference; then the event statistics alone, on games already loaded
(all players: what majiang-analog's summary does for one), and with their loading. ``--engine`` also times the
engine-aware statistics (``summary(engine=True)``, and ``tables(engine=True)`` with the
shanten after every discard) and the defence analysis (``paipu.defence``) on the loaded
games, beside ``paipu.replay`` with no observer.
``--danger`` prints the danger table (``paipu.defence.danger_table``) of all the paths'
four-player games, as docs/stats.md gives it. ``--times N`` then summarises all the paths N
times over in one call, to show a run of 10,000 games and more. Peak memory is the
process's maximum resident set size.

Beside paipu, per path, 電脳麻将's own analysis tool majiang-analog runs its summary
(``examples/summary.js -r -s -p NAME PATH``) for one player, the path's most frequent
name, when Node and npm are there: its games/s over the whole run (Node's start-up,
reading and parsing every file, analysing the player's games), and over a run for a name
no game has (the same reading, nothing analysed). The rates of both sides are per CPU
second, the least of ``--repeat`` runs (3), so that a busy host moves them less.
``--jobs N`` also times the command ``paipu stats PATH`` with ``--jobs 1`` and ``--jobs N``
(and with ``--engine``), by wall clock and per CPU second of all its processes.
majiang-analog is not on the npm registry: ``PAIPU_ANALOG`` (default
``~/.cache/paipu-analog``) must hold a checkout of https://github.com/kobalab/majiang-analog
as ``majiang-analog/``; its dependencies (``@kobalab/majiang-core``, ``yargs``) are
installed there with npm the first time. Nothing of it is in the project.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import paipu
from paipu import defence, stats
from paipu.observe import Observer

from bench_load import DEFAULT, measure
from measure import least_cpu_seconds, print_peak_memory


def summary_seconds(paths: list[Path]) -> float:
    start = time.perf_counter()
    stats.summary(paipu.load(*paths, errors="collect"))
    return time.perf_counter() - start


def rate(games: list, run, repeat: int = 1) -> float:
    """Games per CPU second of ``run(games)``, the least time of ``repeat`` runs."""
    return len(games) / least_cpu_seconds(lambda: run(games), repeat)


ANALOG = Path(os.environ.get("PAIPU_ANALOG", Path.home() / ".cache" / "paipu-analog"))
"""Where majiang-analog is run from: its checkout as ``majiang-analog/``, its
dependencies installed beside it (``node_modules/``)."""
ANALOG_DEPENDENCIES = ("@kobalab/majiang-core@^1.3.4", "yargs@^17.7.2")  # as its package.json asks


def analog_ready() -> Path | str:
    """The summary script of majiang-analog, its dependencies installed; or why not."""
    script = ANALOG / "majiang-analog" / "examples" / "summary.js"
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return "needs Node and npm"
    if not script.exists():
        return (f"needs a checkout of https://github.com/kobalab/majiang-analog in {script.parents[1]} "
                "(not on the npm registry; PAIPU_ANALOG sets the folder)")
    if not (ANALOG / "node_modules" / "@kobalab" / "majiang-core").exists() or not (ANALOG / "node_modules" / "yargs").exists():
        if not (ANALOG / "package.json").exists():
            (ANALOG / "package.json").write_text('{"private": true}', encoding="utf-8")
        done = subprocess.run([npm, "install", "--no-audit", "--no-fund", *ANALOG_DEPENDENCIES], cwd=ANALOG,
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            return f"npm could not install {' '.join(ANALOG_DEPENDENCIES)}: {done.stderr[-300:]}"
    return script


def command_seconds(command: list[str], repeat: int, check: bool = False, **options) -> tuple[float, float, str]:
    """The least CPU time (user + system, of the command and the processes it starts) and
    the least wall-clock time of ``repeat`` runs of ``command``, and the last run's output;
    with ``check``, a run that fails stops the benchmark (a failure is no rate)."""
    cpu, wall, out = math.inf, math.inf, ""
    for _ in range(repeat):
        before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, **options)
        if check and done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} exited with {done.returncode}: {done.stderr[-300:]}")
        out = done.stdout
        after, wall = resource.getrusage(resource.RUSAGE_CHILDREN), min(wall, time.perf_counter() - start)
        cpu = min(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return cpu, wall, out


def analog_seconds(script: Path, path: Path, player: str, repeat: int) -> tuple[float, str]:
    """The least CPU time (user + system) of ``repeat`` runs of analog's summary for
    ``player`` over ``path``, and the last run's output."""
    # a name no game has ends in a TypeError after the reading (no ranks to print)
    cpu, _, out = command_seconds(["node", str(script), "-r", "-s", "-p", player, str(path.resolve())], repeat,
                                  cwd=script.parents[1])
    return cpu, out


def jobs_seconds(path: Path, games: int, jobs: int, engine: bool, repeat: int, analog: float | None) -> None:
    """``paipu stats PATH --jobs 1`` beside ``--jobs N`` (with ``--engine``): games/s by
    the least wall-clock time, and per CPU second of all their processes; and the rate of
    ``--jobs 1`` per CPU second over ``analog``'s (majiang-analog's summary for one player,
    per CPU second), the ratio issue 27 asks to be 1.0 or more."""
    line = []
    for count in dict.fromkeys((1, jobs)):  # --jobs 1 once when N is 1
        cpu, wall, _ = command_seconds([sys.executable, "-m", "paipu", "stats", str(path), "--jobs", str(count),
                                        *["--engine"] * engine], repeat, check=True)
        line.append(f"--jobs {count} {games / wall:4.0f} games/s ({wall:5.2f} s), {games / cpu:4.0f} per CPU s")
        if count == 1 and analog is not None and not engine:
            line[-1] += f" = {games / cpu / analog:.2f}x majiang-analog"
    print(f"{'':>20}  paipu stats{' --engine' * engine}: " + "; ".join(line))


def beside_analog(path: Path, games: list, repeat: int) -> float | None:
    """analog's summary for the path's most frequent player, beside paipu's statistics of
    every player (both per CPU second, the least of ``repeat`` runs): its games per CPU
    second over the whole run, or ``None`` when it did not run."""
    script = analog_ready()
    if isinstance(script, str):
        print(f"{'':>20}  majiang-analog not run: {script}")
        return None
    # analog follows a name at its first seat in a game (a self-played game may seat it twice)
    names = Counter(name for game in games for name in {name.split("\n", 1)[0] for name in game.players})
    if not names:
        print(f"{'':>20}  majiang-analog not run: no games")
        return None
    player, played = min(names.items(), key=lambda item: (-item[1], item[0]))  # the first name of the most frequent
    whole, out = analog_seconds(script, path, player, repeat)
    if f"対局数: {played} " not in out:
        print(f"{'':>20}  majiang-analog did not summarise {player}'s {played} games: {out[-300:]!r}")
        return None
    reading, _ = analog_seconds(script, path, "\t(nobody)", repeat)
    print(f"{'':>20}  majiang-analog summary for one player ({player}, {played} games): "
          f"{len(games) / whole:5.0f} games/s over the whole run; reading alone {len(games) / reading:5.0f} games/s")
    return len(games) / whole


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
    parser.add_argument("--engine", action="store_true", help="also time the engine-aware statistics and the defence")
    parser.add_argument("--danger", action="store_true", help="print the danger table of the paths' games")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="least CPU time of N runs (3)")
    parser.add_argument("--jobs", type=int, default=0, metavar="N",
                        help="also time the command paipu stats with --jobs 1 and --jobs N")
    parser.add_argument("--no-analog", dest="analog", action="store_false", help="do not run majiang-analog beside")
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
              f"{rate(games_, stats.summary, args.repeat):5.0f} games/s; loading and statistics "
              f"{len(games_) / least_cpu_seconds(lambda: stats.summary(paipu.load(path, errors='collect')), args.repeat):5.0f} "
              "games/s (per CPU second)")
        analog = beside_analog(path, games_, args.repeat) if args.analog else None
        for engine in (False, True)[:1 + args.engine] if args.jobs else ():
            jobs_seconds(path, games, args.jobs, engine, args.repeat, analog)
        if args.engine:
            print(f"{'':>20}  replay alone {rate(games_, lambda g: paipu.replay(g, Observer()), args.repeat):4.0f} "
                  f"games/s; engine=True summary {rate(games_, lambda g: stats.summary(g, engine=True), args.repeat):4.0f} "
                  f"games/s, tables {rate(games_, lambda g: stats.tables(g, engine=True), args.repeat):4.0f} "
                  f"games/s; defence {rate(games_, defence.defence, args.repeat):4.0f} games/s (per CPU second)")
    if args.times:
        seconds = summary_seconds(args.paths * args.times)
        games = all_games * args.times
        print(f"{f'all x {args.times}':>20}: {games:5d} games: summary in {seconds:6.2f} s = {games / seconds:4.0f} games/s")
    if args.danger:
        danger(args.paths)
    print_peak_memory()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
