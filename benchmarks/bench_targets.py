"""Issue 27's speed targets in one run, each beside its anchor on the same machine.

Usage: ``python benchmarks/bench_targets.py [--repeat N] [--passes N] [--replayed DIR] [--generated DIR]
[--hands N]`` (the options other than the counts are for trying the script on other logs:
the targets are set on the defaults)

Each line is paipu against a program a user would compare it with, run in turn in the same
loop (so that the host's load falls on both alike), and the ratio against the target:

- ``paipu validate --jobs 1 --rule tenhou`` of the 722 real hanchan and tonpuu of
  ``tenhou-as-majiang/agony5757-mahjong-paipuxmls`` (the whole command, start-up included)
  against 電脳麻将's ``Majiang.Board`` replaying the same files with no checks
  (``bench_replay.board_ready``): at least 1.5×, by the medians of wall time.
- ``paipu stats --jobs 1`` of ``generated/`` (2,020 games; the whole command, all players,
  loading included) against majiang-analog's ``summary.js`` for one player, the most
  frequent (``bench_stats.analog_ready``): at least 1.0×, by the medians of wall time.
- ``paipu.load`` of the same 2,020 games written as mjai against RiichiEnv's
  ``MjaiReplay.from_jsonl`` (``bench_mjai.riichienv_seconds``): at least 1.0×, least CPU time.
- ``paipu.scoring.score`` on every hand of ``hule-cases/`` (``bench_scoring.load_cases``),
  from hand strings and from parsed hands: at least 150,000 hands/s, best pass.
- Peak memory (the process's maximum resident set) of ``paipu validate --jobs 1`` on the
  first tenth of those files and on all of them: flat when the larger is within 10% (plus
  4 MiB) of the smaller.

paipu's interpreted modules are compiled to bytecode first, as an install leaves them (a
checkout under ``PYTHONDONTWRITEBYTECODE`` would compile them again in every command).
An anchor that cannot run here is skipped with its reason (its line says why). The first
line says whether paipu's core runs compiled or interpreted (``PAIPU_PURE=1`` for the
interpreted one).
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import date
from pathlib import Path
from statistics import median

import paipu
from paipu.build import kind
from paipu.formats import mjai

from bench_replay import BOARD_MODULES, DEFAULT as TENHOU_GAMES, board_ready, host_check
from bench_stats import analog_ready
from bench_scoring import load_cases, paipu_runs, race
from bench_mjai import riichienv_seconds

GENERATED = TENHOU_GAMES.parents[1] / "generated"


class Run:
    """One run of a command: wall and CPU seconds (its own and its children's, reaped by
    it), its peak resident memory in MiB (``wait4``'s rusage: its own, or its largest
    child's), its exit status and output."""

    def __init__(self, command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            start = time.perf_counter()
            process = subprocess.Popen(command, stdout=out, stderr=err, cwd=cwd, env=env)
            _, status, usage = os.wait4(process.pid, 0)
            self.wall = time.perf_counter() - start
            process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
            out.seek(0)
            err.seek(0)
            self.out, self.err = out.read().decode(errors="replace"), err.read().decode(errors="replace")
        self.returncode = process.returncode
        self.cpu = usage.ru_utime + usage.ru_stime
        self.peak_mib = usage.ru_maxrss / 1024

    def failed(self) -> str:
        """Why the run is no measurement (empty when it exited with 0, or with 1: paipu
        validate found disagreements, and did its whole work)."""
        if self.returncode in (0, 1):
            return ""
        last = (self.err.strip().splitlines() or ["no message"])[-1]
        return f"exited with {self.returncode}: {last}"


class Result:
    """One target: what was measured, paipu's figure (a ratio to the anchor, a rate), the
    target, and whether it is met (``None`` when it could not be measured here, with the
    reason in ``note``)."""

    def __init__(self, work: str, figure: str, target: str, met: bool | None, note: str) -> None:
        self.work, self.figure, self.target, self.met, self.note = work, figure, target, met, note

    def line(self) -> str:
        verdict = {True: "met", False: "NOT MET", None: "not measured"}[self.met]
        return f"{self.work:<42} {self.figure:>10}  target {self.target:<12} {verdict:<12} {self.note}"


def race_commands(commands: dict[str, tuple[list[str], Path | None, dict[str, str] | None]], repeat: int
         ) -> dict[str, list[Run]] | str:
    """Run each command ``repeat`` times, in turn; their runs by label, or why one failed."""
    runs: dict[str, list[Run]] = {label: [] for label in commands}
    for _ in range(repeat):
        for label, (command, cwd, env) in commands.items():
            run = Run(command, cwd, env)
            if run.failed():
                return f"{label} {run.failed()}"
            runs[label].append(run)
    return runs


def paipu_command() -> list[str]:
    """The command line as a user runs it: the console script installed beside this Python."""
    script = Path(sys.executable).with_name("paipu")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "paipu"]


def byte_compiled() -> None:
    """paipu's interpreted modules compiled to bytecode beforehand, as ``pip install``
    leaves them: where ``.pyc`` files are missing (a checkout run with ``PYTHONPATH``, or
    ``PYTHONDONTWRITEBYTECODE`` set, as on some hosts), every command would compile them
    from source again (about 60 ms of each ``paipu validate``), which no user's run does."""
    compileall.compile_dir(Path(paipu.__file__).parent, quiet=2)  # where it cannot write, as before


def rates(games: int, runs: list[Run]) -> str:
    walls = sorted(run.wall for run in runs)
    return (f"{games / median(walls):6.0f} games/s (median of {len(runs)}: {median(walls):.2f} s wall, "
            f"{median(run.cpu for run in runs):.2f} s CPU)")


def against_board(folder: Path, rule: str, repeat: int) -> list[Result]:
    """``paipu validate --jobs 1`` against the Board anchor, and the command's peak memory on
    a tenth of the files and on all of them."""
    work = "validate --jobs 1 / Board replay (Node)"
    files = sorted(str(path) for path in folder.iterdir() if path.is_file() and path.suffix in (".json", ".gz"))
    validate = [*paipu_command(), "validate", "--json", "--rule", rule, "--jobs", "1"]
    commands = {"paipu validate": (validate + files, None, None)}
    board = board_ready()
    if not isinstance(board, str):
        commands["Board"] = ([*board, *files], None, {**os.environ, "NODE_PATH": str(BOARD_MODULES)})
    runs = race_commands(commands, repeat)
    if isinstance(runs, str):
        return [Result(work, "", "1.5x", None, runs), Result("validate peak memory", "", "flat", None, runs)]
    print(f"  paipu validate --jobs 1: {rates(len(files), runs['paipu validate'])}")
    results = []
    if isinstance(board, str):
        results.append(Result(work, "", "1.5x", None, f"Board not run: {board}"))
    else:
        print(f"  Board replay, no checks:  {rates(len(files), runs['Board'])}")
        ratio = median(run.wall for run in runs["Board"]) / median(run.wall for run in runs["paipu validate"])
        results.append(Result(work, f"{ratio:.2f}x", "1.5x", ratio >= 1.5, f"{len(files)} games, medians of wall time"))
    few = Run(validate + files[:max(1, len(files) // 10)])
    peak_all, peak_few = max(run.peak_mib for run in runs["paipu validate"]), few.peak_mib
    print(f"  peak memory of paipu validate --jobs 1: {peak_few:.0f} MiB on {len(files) // 10} files, "
          f"{peak_all:.0f} MiB on {len(files)}")
    flat = peak_all <= peak_few * 1.1 + 4
    results.append(Result("validate peak memory, all files / a tenth", f"{peak_all / peak_few:.2f}x", "flat", flat,
                          f"{peak_few:.0f} and {peak_all:.0f} MiB"))
    return results


def against_analog(folder: Path, repeat: int) -> Result:
    """``paipu stats --jobs 1`` (all players) against majiang-analog's summary of one player."""
    work = "stats --jobs 1 / majiang-analog summary"
    script = analog_ready()
    if isinstance(script, str):
        return Result(work, "", "1.0x", None, f"majiang-analog not run: {script}")
    names: Counter[str] = Counter()
    count = 0
    for game in paipu.load(folder):  # analog follows a name at its first seat in a game
        count += 1
        names.update({name.split("\n", 1)[0] for name in game.players})
    player = min(names.items(), key=lambda item: (-item[1], item[0]))[0]
    runs = race_commands({"paipu stats": ([*paipu_command(), "stats", "--jobs", "1", str(folder)], None, None),
                 "analog": (["node", str(script), "-r", "-s", "-p", player, str(folder.resolve())], script.parents[1], None)},
                repeat)
    if isinstance(runs, str):
        return Result(work, "", "1.0x", None, runs)
    print(f"  paipu stats --jobs 1, all players: {rates(count, runs['paipu stats'])}")
    print(f"  majiang-analog summary.js, {player}: {rates(count, runs['analog'])}")
    ratio = median(run.wall for run in runs["analog"]) / median(run.wall for run in runs["paipu stats"])
    return Result(work, f"{ratio:.2f}x", "1.0x", ratio >= 1.0, f"{count} games, medians of wall time")


def against_riichienv(folder: Path, repeat: int) -> Result:
    """``paipu.load`` of the generated games written as mjai, against RiichiEnv's parse."""
    work = "load mjai / RiichiEnv MjaiReplay.from_jsonl"
    files = [mjai.dumps(game) for game in paipu.load(folder) if len(game.players) == 4]
    seconds = riichienv_seconds(files, repeat)
    if isinstance(seconds, str):
        return Result(work, "", "1.0x", None, f"RiichiEnv not run: {seconds}")
    ours, theirs = seconds
    print(f"  paipu.load of {len(files)} mjai files: {len(files) / ours:.0f} games/s (least CPU of {repeat})")
    print(f"  RiichiEnv MjaiReplay.from_jsonl of them: {len(files) / theirs:.0f} games/s")
    return Result(work, f"{theirs / ours:.2f}x", "1.0x", theirs >= ours, f"{len(files)} games, least CPU time")


def scoring(passes: int, hands: int) -> list[Result]:
    """``paipu.scoring.score`` on the hands of hule-cases, from strings and parsed, timed as
    ``bench_scoring.py`` times them."""
    cases = [case for group in load_cases().values() for case in group][:hands or None]
    results = []
    for label, (rate, _) in race(paipu_runs(cases), passes).items():
        label = {"strings": "hand strings", "parsed": "parsed hands"}[label]
        print(f"  paipu.scoring.score from {label}: {rate:,.0f} hands/s (best of {passes} passes, CPU)")
        results.append(Result(f"scoring from {label}", f"{rate / 1000:.0f}k/s", "150k hands/s", rate >= 150_000,
                              f"{len(cases):,} hands of hule-cases"))
    return results


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, metavar="N", help="runs of each command (5); medians count")
    parser.add_argument("--passes", type=int, default=5, metavar="N", help="passes of in-process work (5); the best counts")
    parser.add_argument("--replayed", type=Path, default=TENHOU_GAMES, metavar="DIR",
                        help="the 電脳麻将 JSON files validated beside the Board (the 722 Tenhou games)")
    parser.add_argument("--rule", default="tenhou", help="their rule (tenhou)")
    parser.add_argument("--generated", type=Path, default=GENERATED, metavar="DIR",
                        help="the games of the statistics and of the mjai files (generated/)")
    parser.add_argument("--hands", type=int, default=0, metavar="N", help="score only the first N hands (0: all)")
    args = parser.parse_args(argv)
    for folder in (args.replayed, args.generated, TENHOU_GAMES.parents[1] / "hule-cases"):
        if not folder.is_dir():
            print(f"not found: {folder} (the shared corpora, or a folder given)", file=sys.stderr)
            return 2
    byte_compiled()
    loop, cores = host_check()
    print(f"paipu {paipu.__version__} ({kind()}) against its anchors, {date.today()}, Python "
          f"{platform.python_version()}, {os.cpu_count()} cores (host: loop {loop:.2f} s, {cores:.1f} cores)")
    results = against_board(args.replayed, args.rule, args.repeat)
    results.append(against_analog(args.generated, args.repeat))
    results.append(against_riichienv(args.generated, args.passes))
    results += scoring(args.passes, args.hands)
    loop, cores = host_check()
    print(f"\nissue 27's targets (host after: loop {loop:.2f} s, {cores:.1f} cores):")
    for result in results:
        print("  " + result.line())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
