"""The decision table of real games written as Parquet in one command: its size, rows per
second and peak memory, and that the peak stays flat in the number of games.

Usage: ``python benchmarks/bench_decisions.py [PATH] [--jobs N] [--first N]`` (default: the
1,046 real four-player Tenhou games of ``../shared/corpora/tenhou-as-majiang/``, converted
to 電脳麻将 JSON, one game a file). ``paipu decisions PATH -o OUT.parquet --jobs N`` runs
as a user runs it, twice: on the first ``--first`` files (default 100), then on them all;
each run prints its wall and CPU time (the command's and its worker processes'), the rows
of both tables, their size on disk, rows per second of wall time, and the largest resident
set of any of its processes (max RSS): with the tables written a batch of files at a
time, it does not grow with the games. On a shared machine the wall time moves with the
other work; the CPU time much less.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "corpora" / "tenhou-as-majiang"


def _files(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*") if p.is_file() and p.name.endswith((".json", ".json.gz")))


def run(paths: list[Path], jobs: int, out: Path) -> dict[str, float]:
    """One ``paipu decisions`` run over ``paths`` in a child process; what it measured."""
    import pyarrow.parquet as pq

    folder = out.parent / "logs"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for number, path in enumerate(paths):  # the chosen files, linked into one folder
        os.symlink(path, folder / f"{number:05d}-{path.name}")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "paipu", "decisions", str(folder), "-o", str(out),
                           "--jobs", str(jobs)], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 2):
        raise SystemExit(f"paipu decisions exited {done.returncode}: {done.stderr}")
    discards = out.with_name(out.stem + ".discards.parquet")
    rows = pq.ParquetFile(out).metadata.num_rows
    discard_rows = pq.ParquetFile(discards).metadata.num_rows
    return {
        "games": len(paths), "wall": wall, "cpu": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
        "rows": rows, "discard_rows": discard_rows, "size": (out.stat().st_size + discards.stat().st_size) / 2**20,
        "peak": after.ru_maxrss / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first", type=int, default=100)
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="write the tables of the whole run into FOLDER (kept), not a temporary folder")
    args = parser.parse_args()
    files = _files(args.path)
    print(f"{len(files)} files under {args.path}, --jobs {args.jobs}")
    with tempfile.TemporaryDirectory() as temporary:
        for paths in (files[:args.first], files):
            folder = args.keep if args.keep is not None and paths is files else Path(temporary)
            folder.mkdir(parents=True, exist_ok=True)
            measured = run(paths, args.jobs, folder / "decisions.parquet")
            print(f"{measured['games']:>5} files: {measured['wall']:.0f} s wall, {measured['cpu']:.0f} s CPU; "
                  f"{measured['rows']:,} decisions + {measured['discard_rows']:,} discard options, "
                  f"{measured['size']:.1f} MiB; {measured['rows'] / measured['wall']:,.0f} decisions/s; "
                  f"peak memory (largest process so far) {measured['peak']:.0f} MiB")


if __name__ == "__main__":
    main()
