"""mjai read and write throughput beside the 電脳麻将 reader's, in games/s, and peak memory.

Usage: ``python benchmarks/bench_mjai.py [--repeat N] [--limit G] [PATH ...]`` (default: the
four-player games of ``../shared/corpora/generated`` and ``tenhou-as-majiang``). The games
are loaded once and written in memory, each as 電脳麻将 JSON and as mjai JSON lines; then
timed from bytes in memory (no disk): the 電脳麻将 reader (parse and read), the same
read the quick way ``paipu.load`` reads such a file (the draws and discards cut out of the
text, :func:`paipu.formats.majiang.compact`), the mjai writer, the mjai reader (parse and
read). Each figure is the least CPU time of ``N`` runs
(3 by default); peak memory is the process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import platform
import sys
from datetime import date
from pathlib import Path

import orjson

import paipu
from paipu.formats import mjai
from paipu.formats.majiang import compact, game_from_json, game_to_json, games_from_compact

from measure import least_cpu_seconds, print_peak_memory

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
DEFAULT = [CORPORA / "generated", CORPORA / "tenhou-as-majiang"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="files or directories (default: the corpora)")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="runs of each; the least CPU time counts")
    parser.add_argument("--limit", type=int, default=0, metavar="G", help="at most G games (0: all)")
    args = parser.parse_args(argv)
    paths = args.paths or DEFAULT
    missing = [p for p in paths if not p.exists()]
    if missing:
        print(f"not found: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    games = [g for g in paipu.load(*paths, errors="collect") if len(g.players) == 4]
    if args.limit:
        games = games[:args.limit]
    if not games:
        print("no four-player game", file=sys.stderr)
        return 2
    majiang_files = [orjson.dumps(game_to_json(g)) for g in games]
    mjai_files = [mjai.dumps(g) for g in games]
    repeat = max(1, args.repeat)
    def quick_read(data: bytes) -> list[paipu.Game] | None:
        text, runs = compact(data)  # type: ignore[misc]
        return games_from_compact(orjson.loads(text), runs, "")

    if not all(quick_read(d) for d in majiang_files):
        print("a paipu written by paipu is not read the quick way", file=sys.stderr)
        return 1
    rates = {
        "電脳麻将 read": least_cpu_seconds(lambda: [game_from_json(orjson.loads(d)) for d in majiang_files], repeat),
        "電脳麻将 quick": least_cpu_seconds(lambda: [quick_read(d) for d in majiang_files], repeat),
        "mjai write": least_cpu_seconds(lambda: [mjai.dumps(g) for g in games], repeat),
        "mjai read": least_cpu_seconds(lambda: [mjai.game_from_mjai(mjai.parse(d)) for d in mjai_files], repeat),
    }
    size = sum(map(len, mjai_files)) / len(mjai_files) / 1024
    print(f"paipu {paipu.__version__} mjai benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}; {len(games)} games ({size:.0f} KiB of mjai each); least CPU time of {repeat} runs")
    for name, seconds in rates.items():
        print(f"{name:>14}: {len(games) / seconds:7.0f} games/s ({seconds:6.2f} s)")
    print_peak_memory()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
