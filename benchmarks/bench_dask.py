"""Validation and statistics on a Dask cluster: games/s of ``paipu validate`` with 1 and 2
Dask workers beside ``--jobs 1`` and ``--jobs 2``, of ``paipu stats`` in one process and
on 1 and 2 workers, and the time one million games would take at each rate.

Usage: ``python benchmarks/bench_dask.py [PATH ...] [--repeat N] [--rule R]`` (default:
the 1,000 real Tenhou Phoenix logs of
``../shared/corpora/tenhou-mjlog/agony5757-mahjong-paipuxmls/``, gzip mjlog, one game a
file as Tenhou's archive holds them; its 278 sanma games are refused, quickly, as load
errors). Needs ``paipu[dask]``.

Each command runs as a user runs it (the ``paipu`` console script, output to
``/dev/null``), ``--repeat`` times in turn, each after the host check of
``bench_replay.py`` (the machine's speed just then). The Dask clusters — a
``LocalCluster`` of one, then of two single-threaded worker processes — are started
once, before their runs (their start-up is printed apart), and each command connects
to them with ``--scheduler``: as on a cluster that is already running. Peak memory:
the largest resident set of a command (the client) and of a worker.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import paipu
import paipu.dask

from bench_replay import CORPORA, host_check

DEFAULT = CORPORA / "tenhou-mjlog" / "agony5757-mahjong-paipuxmls"
MILLION = 1_000_000


def _worker_peak() -> int:
    """The largest resident set of this process so far, in KiB (run on each worker)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(DEFAULT)])
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="runs of each command (3)")
    parser.add_argument("--rule", default=None, help="--rule for paipu validate (default: each game's own)")
    args = parser.parse_args(argv)
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    script = Path(sys.executable).with_name("paipu")
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "paipu"]
    rule = [] if args.rule is None else ["--rule", args.rule]
    print(f"paipu {paipu.__version__} Dask benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores; {' '.join(args.paths)}")

    done = subprocess.run([*command, "validate", "--json", *rule, *args.paths], capture_output=True, text=True)
    games = json.loads(done.stdout.splitlines()[-1])["summary"]["games"]
    print(f"{'games':>28}: {games}")

    command_peaks: list[int] = []

    def run(label: str, what: list[str], rates: dict[str, list[float]]) -> None:
        loop, cores = host_check()
        start = time.perf_counter()
        process = subprocess.Popen([*command, *what, *args.paths], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)  # the command's own peak memory with its exit
        process.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        command_peaks.append(usage.ru_maxrss)
        rates.setdefault(label, []).append(games / seconds)
        print(f"{label:>28}: {seconds:6.2f} s = {games / seconds:6.1f} games/s "
              f"(host: loop {loop:.2f} s, {cores:.1f} cores)")

    rates: dict[str, list[float]] = {}
    worker_peaks: list[int] = []
    for _ in range(args.repeat):
        for jobs in (1, 2):
            run(f"validate --jobs {jobs}", ["validate", "--jobs", str(jobs), *rule], rates)
        run("stats, one process", ["stats"], rates)
    for workers in (1, 2):
        start = time.perf_counter()
        with paipu.dask.cluster(workers=workers) as client:
            print(f"{f'cluster of {workers} started':>28}: {time.perf_counter() - start:6.2f} s")
            address = client.scheduler.address
            for _ in range(args.repeat):
                run(f"validate, {workers} Dask worker{'s' if workers > 1 else ''}",
                    ["validate", "--scheduler", address, *rule], rates)
                run(f"stats, {workers} Dask worker{'s' if workers > 1 else ''}", ["stats", "--scheduler", address],
                    rates)
            worker_peaks += client.run(_worker_peak).values()

    print(f"\n{'median of ' + str(args.repeat) + ' runs':>28}  games/s   one million games")
    for label, values in rates.items():
        values.sort()
        median = values[len(values) // 2]
        print(f"{label:>28}: {median:8.1f}   {MILLION / median / 3600:5.2f} h ({values[0]:.1f} to {values[-1]:.1f} games/s)")
    print(f"{'peak memory (max RSS)':>28}: a command {max(command_peaks) / 1024:.0f} MiB, "
          f"a Dask worker {max(worker_peaks) / 1024:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
