"""Instructions executed to load and to validate some games, counted by valgrind's
callgrind: the same count on every run, however busy the machine is.

Usage: ``python benchmarks/bench_instructions.py [PATH] [--games N] [--rule R]`` (default:
the first 40 files, in the loader's order, of the real Tenhou games converted to 電脳麻将 JSON in
``../shared/corpora/tenhou-as-majiang/agony5757-mahjong-paipuxmls/``, rule ``tenhou``).

Timings on a shared virtual machine move by half from one minute to the next; a count of
instructions does not (string hashing is seeded the same in every run, and numpy given one
thread, for that). Run this before and after a change to see what the change did
(instructions are not time: a change can save memory traffic that they do not show, so
confirm a gain that matters with ``bench_replay.py``). Python runs three times under
callgrind, about 50 times slower than alone: to start and import paipu only, to load the
games too, to load and validate them, to validate them with one more observer that
overrides no hook (what an observer costs that needs nothing), and to load them into the
statistics' tables (:func:`paipu.stats.tables`, a walk over the events); the differences
from loading alone are what each costs. Start-up includes compiling any module without an up-to-date ``.pyc``
(an editable install under ``PYTHONDONTWRITEBYTECODE`` compiles them all, every time).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "tenhou-as-majiang" / "agony5757-mahjong-paipuxmls"
STEPS = ("import", "load", "validate", "observed", "import-stats", "stats")


def _measure(step: str, rule_name: str, files: list[str]) -> None:
    """The work counted: run in the process callgrind watches."""
    import paipu
    from paipu.rules import Rule
    from paipu.validation import Checker

    rule = Rule.get(rule_name)
    if step == "import":
        return
    if step == "import-stats":
        import paipu.stats  # noqa: F401  (pandas: counted apart from what the statistics do)

        return
    if step == "stats":  # pandas is imported (and counted) only here
        import paipu.stats

        paipu.stats.tables(paipu.load(*files, errors="collect"))
        return
    games = paipu.load(*files, errors="collect")
    for game in games:
        if step == "validate":
            paipu.Replay(game, rule).run(Checker())
        elif step == "observed":  # with an observer that overrides no hook
            paipu.Replay(game, rule).run(Checker(), paipu.Observer())


def _count(step: str, rule_name: str, files: list[str]) -> int:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               __file__, "--step", step, "--rule", rule_name, *files]
    # One hash seed for every run: string hashing is randomised per process, and with it
    # where dict entries go and how often they collide (about 1 M instructions in 360 M).
    # One OpenBLAS thread, as ``paipu`` runs (cli.main): numpy's other threads spin for as
    # long as the scheduler lets them, a count that moved the statistics' line by millions.
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind failed ({step}):\n{done.stderr[-2000:]}")
    return int(found[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="*", default=[str(DEFAULT)])
    parser.add_argument("--games", type=int, default=40, metavar="N", help="files to read, the first in the loader's order (40)")
    parser.add_argument("--rule", default="tenhou")
    parser.add_argument("--step", choices=STEPS, help=argparse.SUPPRESS)  # the run under callgrind
    args = parser.parse_args()
    if args.step:
        _measure(args.step, args.rule, args.path)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    import paipu

    files = [str(path) for path, _ in paipu.load(*args.path).paths()][:args.games]  # as the loader walks
    if not files:
        print(f"no files to read in {' '.join(args.path)}", file=sys.stderr)
        return 2
    games = sum(1 for _ in paipu.load(*files, errors="collect"))
    # Each step run once uncounted first: a module imported for the first time since its
    # source changed is compiled and its bytecode written in the step that imports it,
    # which would count that once (in a fresh checkout, hundreds of millions) in one step.
    for step in STEPS:
        subprocess.run([sys.executable, __file__, "--step", step, "--rule", args.rule, *files],
                       capture_output=True, check=False)
    counts = dict(zip(STEPS, (_count(step, args.rule, files) for step in STEPS)))
    load = counts["load"] - counts["import"]
    validate = counts["validate"] - counts["load"]
    print(f"paipu {paipu.__version__}, Python {sys.version.split()[0]}: {len(files)} files, {games} games, "
          f"rule {args.rule}")
    observed = counts["observed"] - counts["load"]
    stats = counts["stats"] - counts["import-stats"] - load
    for label, count in (("start-up", counts["import"]), ("load", load), ("validate", validate),
                         ("load + validate", load + validate),
                         ("validate + observer", observed), ("statistics", stats)):
        per_game = f" = {count / games / 1e6:8.2f} M per game" if label != "start-up" and games else ""
        print(f"{label:>16}: {count / 1e6:10.2f} M instructions{per_game}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
