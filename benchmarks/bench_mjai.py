"""mjai read and write throughput beside the 電脳麻将 reader's, in games/s, and peak memory.

Usage: ``python benchmarks/bench_mjai.py [--repeat N] [--limit G] [PATH ...]`` (default: the
four-player games of ``../shared/corpora/generated`` and ``tenhou-as-majiang``). The games
are loaded once and written in memory, each as 電脳麻将 JSON and as mjai JSON lines; then
timed from bytes in memory (no disk): the 電脳麻将 reader (parse and read), the same
read the quick way ``paipu.load`` reads such a file (the draws and discards cut out of the
text, :func:`paipu.formats.majiang.compact`), the mjai writer, the mjai reader (parse and
read). Each figure is the least CPU time of ``N`` runs
(3 by default); peak memory is the process's maximum resident set size. The first line
says which build runs (:func:`paipu.build.kind`) and whether the mjai module is compiled.

Then issue 27's anchor: the mjai files written to a temporary folder (untimed), one
``.jsonl`` per game, and read from there, in the same loop, alternating, by ``paipu.load``
(every file read, parsed and built into its :class:`~paipu.events.Game`) and by RiichiEnv's
``MjaiReplay.from_jsonl`` (Rust: every file read line by line, each line deserialized and
the rounds built as Rust structs), and the ratio of their least CPU times printed; or one
line saying why RiichiEnv was not run (``pip install riichienv``).
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from datetime import date
from pathlib import Path

import orjson

import paipu
from paipu.build import kind
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
    reader = "interpreted" if (mjai.__file__ or "").endswith(".py") else "compiled"
    print(f"paipu {paipu.__version__} ({kind()}, the mjai reader {reader}) mjai benchmark, {date.today()}, Python {platform.python_version()}, "
          f"{platform.machine()}; {len(games)} games ({size:.0f} KiB of mjai each); least CPU time of {repeat} runs")
    for name, seconds in rates.items():
        print(f"{name:>14}: {len(games) / seconds:7.0f} games/s ({seconds:6.2f} s)")
    print(against_riichienv(mjai_files, repeat))
    print_peak_memory()
    return 0


def riichienv_seconds(mjai_files: list[bytes], repeat: int) -> tuple[float, float] | str:
    """The least CPU seconds of ``paipu.load`` and of RiichiEnv's ``MjaiReplay.from_jsonl``
    over the files ``mjai_files`` (written to a temporary folder first), alternating; or why
    RiichiEnv did not run."""
    try:
        from riichienv import MjaiReplay
    except ImportError as error:
        return f"riichienv cannot be imported ({error}; pip install riichienv)"
    with tempfile.TemporaryDirectory(prefix="bench_mjai") as folder:
        paths = [Path(folder) / f"{index:06d}.jsonl" for index in range(len(mjai_files))]
        for path, data in zip(paths, mjai_files):
            path.write_bytes(data)
        names = list(map(str, paths))
        try:
            MjaiReplay.from_jsonl(names[0])
        except Exception as error:  # noqa: BLE001 - its reason, on the line said instead
            return f"MjaiReplay.from_jsonl refused {names[0]} ({error})"
        ours = theirs = float("inf")
        for _ in range(repeat):  # alternating, so that both see the same load of the host
            ours = min(ours, least_cpu_seconds(lambda: list(paipu.load(folder, errors="raise"))))
            theirs = min(theirs, least_cpu_seconds(lambda: [MjaiReplay.from_jsonl(name) for name in names]))
    return ours, theirs


def against_riichienv(mjai_files: list[bytes], repeat: int) -> str:
    """The line of :func:`riichienv_seconds`, or why it did not run."""
    seconds = riichienv_seconds(mjai_files, repeat)
    if isinstance(seconds, str):
        return f"RiichiEnv: not run: {seconds}"
    ours, theirs = seconds
    games = len(mjai_files)
    return (f"mjai files, {repeat} runs: paipu.load {games / ours:.0f} games/s ({ours:.2f} s), RiichiEnv "
            f"from_jsonl {games / theirs:.0f} games/s ({theirs:.2f} s); paipu.load / RiichiEnv = {theirs / ours:.2f}x")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
