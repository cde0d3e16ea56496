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
to them with ``--scheduler``: as on a cluster that is already running.

Each run prints its rate by wall time and by CPU time (the command's, its worker
processes' and the Dask workers' during the run): on a shared machine the wall time moves
with the other work, the CPU time much less. The summary gives, per command, the median
rates, the wall time of one million games at that rate, and the core-hours one million
games take by CPU time (a cluster of N free cores needs about that over N hours). Peak
memory: the largest resident set of a command (the client) and of a Dask worker.
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


def _usage() -> tuple[float, int]:
    """The CPU time of this process so far, in seconds, and its largest resident set, in
    KiB (run on each worker)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


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
    worker_peaks: list[int] = []
    rates: dict[str, list[tuple[float, float]]] = {}  # per command: (games/s by wall time, by CPU time)

    codes: dict[str, int] = {}  # each command's exit code in one process: the same on the cluster

    def run(label: str, what: list[str], client=None) -> None:
        loop, cores = host_check()
        before = sum(cpu for cpu, _ in client.run(_usage).values()) if client else 0.0
        start = time.perf_counter()
        process = subprocess.Popen([*command, *what, *args.paths], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)
        error = process.stderr.read()  # type: ignore[union-attr]
        _, status, usage = os.wait4(process.pid, 0)  # the command's own CPU time and peak memory
        process.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        if codes.setdefault(what[0], process.returncode) != process.returncode:
            raise SystemExit(f"{label}: exit code {process.returncode}, not {codes[what[0]]} as in one process:\n"
                             + error.decode(errors="replace")[-2000:])
        cpu = usage.ru_utime + usage.ru_stime
        command_peaks.append(usage.ru_maxrss)
        workers = ""
        if client:
            after = client.run(_usage).values()
            on_workers = sum(cpu for cpu, _ in after) - before
            cpu += on_workers
            worker_peaks.extend(peak for _, peak in after)
            workers = f", the workers' {on_workers:.2f} s"
        rates.setdefault(label, []).append((games / seconds, games / cpu))
        print(f"{label:>28}: {seconds:6.2f} s = {games / seconds:6.1f} games/s; CPU {cpu:6.2f} s = "
              f"{games / cpu:6.1f} games/s{workers} (host: loop {loop:.2f} s, {cores:.1f} cores)")

    for _ in range(args.repeat):
        for jobs in (1, 2):
            run(f"validate --jobs {jobs}", ["validate", "--jobs", str(jobs), *rule])
        run("stats, one process", ["stats"])
    for workers in (1, 2):
        start = time.perf_counter()
        with paipu.dask.cluster(workers=workers) as client:
            print(f"{f'cluster of {workers} started':>28}: {time.perf_counter() - start:6.2f} s")
            address = client.scheduler.address
            for _ in range(args.repeat):
                run(f"validate, {workers} Dask worker{'s' if workers > 1 else ''}",
                    ["validate", "--scheduler", address, *rule], client)
                run(f"stats, {workers} Dask worker{'s' if workers > 1 else ''}", ["stats", "--scheduler", address],
                    client)

    print(f"\n{f'median of {args.repeat} runs':>28}: {'games/s':>8} {'1M games':>9}   "
          f"{'CPU games/s':>11} {'core-hours per 1M games':>24}")
    for label, values in rates.items():
        wall = sorted(rate for rate, _ in values)[len(values) // 2]
        cpu = sorted(rate for _, rate in values)[len(values) // 2]
        print(f"{label:>28}: {wall:8.1f} {MILLION / wall / 3600:7.2f} h   {cpu:11.1f} {MILLION / cpu / 3600:24.2f}")
    print(f"{'peak memory (max RSS)':>28}: a command {max(command_peaks) / 1024:.0f} MiB, "
          f"a Dask worker {max(worker_peaks) / 1024:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
