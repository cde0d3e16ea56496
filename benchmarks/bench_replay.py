"""Replay and validation throughput: games/s and rounds/s for load only, replay only and
full validation, in one process and with ``--jobs 2``; the same games read from Tenhou
mjlog and validated; peak memory.

Usage: ``python benchmarks/bench_replay.py [PATH] [--rule R] [--mjlog DIR] [--repeat N]`` (default: the
722 real Tenhou hanchan and tonpuu converted to 電脳麻将 JSON in
``../shared/corpora/tenhou-as-majiang/agony5757-mahjong-paipuxmls/``, rule ``tenhou``, and
their gzip mjlog originals in ``../shared/corpora/tenhou-mjlog/agony5757-mahjong-paipuxmls/``,
the files of the same names only).

Beside ``paipu validate --jobs 1`` of the JSON files, in the same loop, the anchor of issue
27: 電脳麻将's ``Majiang.Board`` replaying the same files with no checks at all
(``../shared/tools/anchors/board_replay.js``, Node; ``@kobalab/majiang-core`` found through
``PAIPU_BOARD_MODULES``, default ``~/.cache/paipu-oracle/node_modules``, where the oracle
installs it), and the ratio of the medians; skipped with the reason when Node or the module
is missing. The first line says whether paipu's core runs compiled or interpreted.

Each line gives the rate by wall time and by CPU time (this process's, or the command's
and its workers').

The commands are timed ``--repeat`` times each, ``--jobs 1`` and ``--jobs 2`` in turn,
each after a host check that says how fast the machine is just then: it times a fixed
loop in one process ("loop 0.15 s"), then in two at once ("2.0 cores": two processes do
twice the work of one). On a virtual machine both move with the host's other work, CPU
time as well as wall time: the same loop can take almost twice as long a minute later,
and two processes can get 1.1 cores when the host runs the VM's two cores as the two
threads of one physical core. No program is faster then; compare runs made at the same
loop time and cores, or count instructions with ``bench_instructions.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import paipu
from paipu.build import kind
from paipu.engine import Replay
from paipu.rules import Rule
from paipu.validation import validate_game

from measure import print_peak_memory

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DEFAULT = CORPORA / "tenhou-as-majiang" / "agony5757-mahjong-paipuxmls"
MJLOG = CORPORA / "tenhou-mjlog" / "agony5757-mahjong-paipuxmls"
BOARD = CORPORA.parent / "tools" / "anchors" / "board_replay.js"
BOARD_MODULES = Path(os.environ.get("PAIPU_BOARD_MODULES", Path.home() / ".cache" / "paipu-oracle" / "node_modules"))


def board_ready() -> list[str] | str:
    """The command that runs the Board anchor (its paths to come), or why it cannot run."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not BOARD.is_file():
        return f"{BOARD} is absent (../shared)"
    if not (BOARD_MODULES / "@kobalab" / "majiang-core").is_dir():
        return (f"@kobalab/majiang-core@1.4.1 is not in {BOARD_MODULES} (npm install it there, or set "
                "PAIPU_BOARD_MODULES)")
    return ["node", str(BOARD)]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(label: str, games: int, rounds: int, seconds: float, cpu: float, note: str = "") -> None:
    print(f"{label:>32}: {games} games, {rounds} rounds in {seconds:6.2f} s = "
          f"{games / seconds:7.1f} games/s, {rounds / seconds:8.0f} rounds/s; "
          f"CPU {cpu:6.2f} s = {games / cpu:7.1f} games/s{note}")


# The host check's fixed work: about 0.2 s of plain interpreter work, timed inside the
# process (start-up left out), printed in seconds.
_SPIN = """
import time
start = time.perf_counter()
total = 0
for i in range(2_000_000):
    total += i & 7
print(time.perf_counter() - start)
"""


def host_check() -> tuple[float, float]:
    """How fast the machine is now: the time of the fixed work in one process, and how
    many cores two busy processes get (twice that time over their mean time when two do
    it at once: 2.0 on two free cores)."""

    def spin(count: int) -> list[float]:
        processes = [subprocess.Popen([sys.executable, "-c", _SPIN], stdout=subprocess.PIPE, text=True)
                     for _ in range(count)]
        return [float(p.communicate()[0]) for p in processes]

    alone = spin(1)[0]
    together = spin(2)
    return alone, 2 * alone / (sum(together) / 2)


def _stem(path: Path) -> str:
    return path.name.split(".")[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--rule", default="tenhou")
    parser.add_argument("--mjlog", default=str(MJLOG), help="directory of the same games as mjlog (skipped if absent)")
    parser.add_argument("--repeat", type=int, default=5, metavar="N", help="runs of each paipu validate command (5)")
    args = parser.parse_args()
    if not Path(args.path).exists():
        print(f"not found: {args.path}", file=sys.stderr)
        return 2
    rule = Rule.get(args.rule)
    print(f"paipu {paipu.__version__} ({kind()}) replay benchmark, {date.today()}, Python "
          f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores; {args.path} under {args.rule}")

    start, cpu = time.perf_counter(), time.process_time()
    games = list(paipu.load(args.path))
    count, rounds = len(games), sum(len(g.rounds) for g in games)
    timed("load only (all kept)", count, rounds, time.perf_counter() - start, time.process_time() - cpu)

    start, cpu = time.perf_counter(), time.process_time()
    for game in games:
        for _step in Replay(game, rule):
            pass
    timed("replay only (loaded games)", count, rounds, time.perf_counter() - start, time.process_time() - cpu)
    del games  # the runs below hold one game at a time, as paipu validate does

    start, cpu = time.perf_counter(), time.process_time()
    findings = 0
    for game in paipu.load(args.path):
        findings += len(validate_game(game, rule))
    timed("load + full validation", count, rounds, time.perf_counter() - start, time.process_time() - cpu)
    print(f"{'findings':>32}: {findings}")

    runs = [("", [args.path], count, rounds)]
    mjlogs: list[str] = []
    if Path(args.mjlog).is_dir():
        stems = {_stem(p) for p in Path(args.path).rglob("*") if p.is_file()}
        mjlogs = sorted(str(p) for p in Path(args.mjlog).rglob("*") if p.is_file() and _stem(p) in stems)
    if mjlogs:
        start, cpu = time.perf_counter(), time.process_time()
        findings = mjlog_games = mjlog_rounds = 0
        for game in paipu.load(*mjlogs):
            mjlog_games += 1
            mjlog_rounds += len(game.rounds)
            findings += len(validate_game(game, rule))
        timed("mjlog load + full validation", mjlog_games, mjlog_rounds, time.perf_counter() - start,
              time.process_time() - cpu)
        print(f"{'findings':>32}: {findings}")
        runs.append(("mjlog: ", mjlogs, mjlog_games, mjlog_rounds))
    print_peak_memory(f"{'peak memory (max RSS)':>32}")

    # The command as a user runs it: the console script installed beside this Python.
    script = Path(sys.executable).with_name("paipu")
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "paipu"]
    print(f"{'command timed':>32}: {' '.join(command)}")
    board = board_ready()
    if isinstance(board, str):
        print(f"{'Board anchor':>32}: not run: {board}")
    loops: list[float] = []
    for label, paths, run_games, run_rounds in runs:
        rates: dict[int, list[float]] = {1: [], 2: []}
        anchor: list[float] = []
        for _ in range(args.repeat):
            if not label and not isinstance(board, str):  # the anchor replays the JSON files, as paipu reads them
                start, cpu = time.perf_counter(), _children_cpu()
                done = subprocess.run([*board, *paths], capture_output=True, text=True, check=False,
                                      env={**os.environ, "NODE_PATH": str(BOARD_MODULES)})
                seconds = time.perf_counter() - start
                if done.returncode != 0:  # it reads 電脳麻将 JSON only
                    board = f"it failed on these files: {done.stderr.strip().splitlines()[-1:]}"
                    print(f"{'Board anchor':>32}: not run: {board}")
                    anchor = []
                else:
                    anchor.append(run_games / seconds)
                    timed("Board replay, no checks (Node)", run_games, run_rounds, seconds, _children_cpu() - cpu)
            for jobs in (1, 2):
                loop, cores = host_check()
                loops.append(loop)
                start, cpu = time.perf_counter(), _children_cpu()
                subprocess.run([*command, "validate", "--json", "--rule", args.rule,
                                "--jobs", str(jobs), *paths], stdout=subprocess.DEVNULL, check=False)
                seconds = time.perf_counter() - start
                rates[jobs].append(run_games / seconds)
                timed(f"{label}paipu validate --jobs {jobs}", run_games, run_rounds, seconds,
                      _children_cpu() - cpu, f" (host: loop {loop:.2f} s, {cores:.1f} cores)")
        for jobs, values in rates.items():
            values.sort()
            print(f"{f'{label}--jobs {jobs}, {len(values)} runs':>32}: {values[0]:7.1f} to {values[-1]:7.1f} "
                  f"games/s, median {values[len(values) // 2]:7.1f}")
        if anchor:
            anchor.sort()
            paipu_median, anchor_median = sorted(rates[1])[len(rates[1]) // 2], anchor[len(anchor) // 2]
            print(f"{f'Board, {len(anchor)} runs':>32}: {anchor[0]:7.1f} to {anchor[-1]:7.1f} games/s, median "
                  f"{anchor_median:7.1f}; paipu validate --jobs 1 / Board = {paipu_median / anchor_median:.2f}x "
                  "(issue 27 asks 1.5x)")
    if loops:
        print(f"{'host check loop':>32}: {min(loops):.2f} to {max(loops):.2f} s over these runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
