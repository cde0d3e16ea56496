"""Games/s and peak memory validating Tenhou logs from a database, as from loose files.

Usage: ``python benchmarks/bench_containers.py [--logs DIR] [--games N] [--rows N | --size SIZE]
[--load-only] [--keep DIR]``.

Builds, in a temporary folder (or ``--keep DIR``), a phoenix-logs database (gzip-compressed
mjlog, as phoenix-logs writes since May 2023) of the first ``N`` logs of ``--logs``
(default: ``../shared/corpora/tenhou-mjlog/agony5757-mahjong-paipuxmls``, 200 logs), and a
larger one of those logs again and again under new ids, of ``--rows`` rows (default 4
times as many) or of ``--size`` bytes (``2G`` builds a 2 GiB database: some 200,000 rows,
and takes long to validate; ``--load-only`` only reads them). Each of the three is
validated (or only loaded) in a process of its own, which prints its games/s and its
peak memory (max RSS): the loose files, the small database, the large one. Memory flat
means the large database's peak is the small one's, whatever its size.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DEFAULT_LOGS = CORPORA / "tenhou-mjlog" / "agony5757-mahjong-paipuxmls"
SIZE = re.compile(r"(\d+)\s*([KMG]?)", re.IGNORECASE)


def size_arg(text: str) -> int:
    match = SIZE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (e.g. 500M, 2G)")
    return int(match[1]) << (10 * " KMG".index(match[2].upper() or " "))


def xml_of(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def build(database: Path, logs: list[Path], rows: int | None, size: int | None) -> int:
    """A phoenix-logs database of ``logs``, again and again under new ids, up to ``rows``
    rows or ``size`` bytes; the number of rows."""
    connection = sqlite3.connect(database)
    connection.execute("CREATE TABLE logs(log_id text primary key, date text, is_tonpusen int, is_sanma int, "
                       "is_processed int, was_error int, log_content text)")
    connection.execute("CREATE TABLE last_downloads(name text, date int)")
    packed = [(path.name.removesuffix(".mjlog"), gzip.compress(xml_of(path))) for path in logs]
    written = stored = 0
    while (rows is None or written < rows) and (size is None or stored < size):
        batch = []
        for name, data in packed:
            # a copy under a new id of the same day: its row number as the id's last part
            log_id = f"{name[:-8]}{written:08x}" if written >= len(packed) else name
            batch.append((log_id, f"{name[:4]}-{name[4:6]}-{name[6:8]} 00:00", 0, 0, 1, 0, data))
            written += 1
            stored += len(data)
            if rows is not None and written >= rows:
                break
        connection.executemany("INSERT OR IGNORE INTO logs VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
        connection.commit()
    connection.close()
    return written


def child(paths: list[str], load_only: bool) -> None:
    """In a process of its own: validate (or load) the games of ``paths``; print games,
    seconds and peak memory as JSON."""
    import resource

    import paipu
    from paipu.validation import validate_game

    start = time.perf_counter()
    games = 0
    reader = paipu.load(*paths, errors="collect")
    for game in reader:
        if not load_only:
            validate_game(game)
        games += 1
    seconds = time.perf_counter() - start
    print(json.dumps({"games": games, "seconds": seconds, "errors": len(reader.errors),
                      "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def measure(label: str, paths: list[str], load_only: bool) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, __file__, *(["--load-only"] if load_only else []), "--child", *paths],
                          capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"{label}: the measuring process failed:\n{done.stderr}")
    result = json.loads(done.stdout)
    print(f"{label:>28}: {result['games']:7d} games in {result['seconds']:7.2f} s = "
          f"{result['games'] / result['seconds']:6.0f} games/s; peak memory (max RSS) {result['peak']:5.0f} MiB"
          + (f"; {result['errors']} load errors" if result["errors"] else ""))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=Path, default=DEFAULT_LOGS, help="a folder of .mjlog files")
    parser.add_argument("--games", type=int, default=200, metavar="N", help="the loose logs, and the small database")
    bound = parser.add_mutually_exclusive_group()
    bound.add_argument("--rows", type=int, metavar="N", help="rows of the large database (default: 4 x --games)")
    bound.add_argument("--size", type=size_arg, metavar="SIZE", help="bytes of log in the large database (2G: 2 GiB)")
    parser.add_argument("--load-only", action="store_true", help="only load the games, do not validate them")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="build the databases in DIR and keep them")
    parser.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        child(args.child, args.load_only)
        return 0
    logs = sorted(args.logs.glob("*.mjlog"))[:args.games]
    if not logs:
        print(f"no .mjlog files in {args.logs}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        small, large = folder / "small.db", folder / "large.db"
        for database in (small, large):
            database.unlink(missing_ok=True)
        build(small, logs, len(logs), None)
        rows = build(large, logs, None if args.size else args.rows or 4 * len(logs), args.size)
        what = "loaded" if args.load_only else "validated"
        print(f"{len(logs)} logs of {args.logs.name}, {what}; the large database {rows} rows, "
              f"{large.stat().st_size / (1 << 20):.0f} MiB")
        measure("loose files", [str(path) for path in logs], args.load_only)
        measure(f"database of {len(logs)} rows", [str(small)], args.load_only)
        measure(f"database of {rows} rows", [str(large)], args.load_only)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
