"""The defence tables of this checkout against those of another revision, and both rates.

Usage: ``python benchmarks/check_defence.py [--against REV] [--repeat N] [PATH ...]``
(default: ``main``, and the corpora of ``bench_load.py``). Per path, the four-player games
are rated by :func:`paipu.defence.defence` here and by the code of ``REV`` (its ``paipu/``
taken with ``git archive`` into a temporary folder, run in a child process), and both
tables are compared with ``pandas.testing.assert_frame_equal`` on the columns ``REV``
has (those added since are named); then, here, the games/s
per CPU second (the least of ``N`` runs, 3) of the defence beside ``paipu.replay`` with
no observer, and the same of ``REV``'s defence. A change meant to make the defence faster
must leave the tables as they were: this says whether it did.
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

import pandas.testing

from bench_load import DEFAULT
from measure import least_cpu_seconds

ROOT = Path(__file__).resolve().parents[1]

RATE = """
import pickle, sys
sys.path.insert(0, {benchmarks!r})
import paipu
from paipu import defence
from paipu.observe import Observer
from measure import least_cpu_seconds
games = [game for game in paipu.load({path!r}, errors="collect") if len(game.players) == 4]
replay = len(games) / least_cpu_seconds(lambda: paipu.replay(games, Observer()), {repeat})
rated = len(games) / least_cpu_seconds(lambda: defence.defence(games), {repeat})
sys.stdout.buffer.write(pickle.dumps((len(games), replay, rated, defence.defence(games))))
"""
"""What runs in each checkout: the games/s of the bare replay and of the defence, and the tables."""


def rates(source: Path, path: Path, repeat: int) -> tuple[int, float, float, object]:
    """Games, replay and defence games/s, and the tables, of the paipu in ``source``."""
    code = RATE.format(benchmarks=str(ROOT / "benchmarks"), path=str(path), repeat=repeat)
    done = subprocess.run([sys.executable, "-c", code], cwd=source, capture_output=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the defence failed in {source}:\n{done.stderr.decode()[-2000:]}")
    return pickle.loads(done.stdout)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--against", default="main", metavar="REV", help="the revision to compare with (main)")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="least CPU time of N runs (3)")
    args = parser.parse_args(argv)
    archive = subprocess.run(["git", "archive", args.against, "paipu"], cwd=ROOT, capture_output=True, check=False)
    if archive.returncode != 0:
        parser.error(f"git archive {args.against}: {archive.stderr.decode().strip()}")
    different = 0
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")
        for path in args.paths:
            games, replay, rated, here = rates(ROOT, path, args.repeat)
            _, replay_then, rated_then, there = rates(Path(folder), path, args.repeat)
            added: list[str] = []
            try:
                for table in ("threats", "discards"):
                    mine, theirs = getattr(here, table), getattr(there, table)
                    shared = [column for column in theirs.columns if column in mine.columns]
                    added += [f"{table}.{column}" for column in mine.columns if column not in shared]
                    pandas.testing.assert_frame_equal(mine[shared], theirs[shared])
                verdict = "identical" + (f" (columns only here: {', '.join(added)})" if added else "")
            except AssertionError as error:
                different += 1
                verdict = f"DIFFERENT: {error}"
            print(f"{path.name:>20}: {games:5d} games, {len(here.discards):6d} discards facing riichi: tables {verdict}; "
                  f"games/s per CPU second: replay {replay:4.0f}, defence {rated:4.0f} "
                  f"({args.against}: replay {replay_then:4.0f}, defence {rated_then:4.0f})")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
