"""Throughput of :mod:`paipu.shanten`: calls/s of ``waits`` on 13-tile hands and of
``shanten`` on 14-tile hands, in a fresh process (cold: the per-suit tables are built as
the hands need them) and again in the same process (warm: tables kept; a per-hand cache of
waits, which older versions kept as ``_WAITS``, emptied first).

Usage: ``python benchmarks/bench_shanten.py [CORPORA]`` (default ``../shared/corpora``).
The hands:

- ``deals``: every 13-tile deal (配牌, ``qipai``) of ``tenhou-as-majiang/``, mostly not ready;
- ``ready``: every winning hand of ``tenhou-as-majiang/`` without its winning tile (1, 4,
  7, 10 or 13 concealed tiles), all ready, as at riichi, ron and exhaustive draw;
- ``fourteen``: the 40,000 14-tile hands of ``shanten-cases/xiangting_*.json.gz``.

Each measurement runs in its own child process, so every cold figure starts from empty
tables; times are the process's CPU time, less disturbed by other work on the machine
than wall time. Prints one line per measurement.
"""

from __future__ import annotations

import gzip
import platform
import subprocess
import sys
import time
from pathlib import Path

import orjson

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
MEASUREMENTS = {"deals": "waits", "ready": "waits", "fourteen": "shanten"}


def _read(path: Path):
    data = path.read_bytes()
    return orjson.loads(gzip.decompress(data) if path.name.endswith(".gz") else data)


def _games(root: Path):
    for path in sorted(root.rglob("*")):
        if path.name.endswith((".json", ".json.gz")):
            data = _read(path)
            for game in data if isinstance(data, list) else [data]:
                if len(game["player"]) == 4:
                    yield game


def hands(corpora: Path, name: str) -> list[tuple[int, ...]]:
    """The hands of one measurement, as 34 counts per kind, in corpus order."""
    from paipu.tiles import counts, parse_hand

    found: list[tuple[int, ...]] = []
    if name == "fourteen":
        for path in sorted((corpora / "shanten-cases").glob("xiangting_*.json.gz")):
            found += [tuple(counts(case["q"])) for case in _read(path)]
        return found
    for game in _games(corpora / "tenhou-as-majiang"):
        for events in game["log"]:
            for event in events:
                if name == "deals" and "qipai" in event:
                    found += [tuple(parse_hand(s).counts()) for s in event["qipai"]["shoupai"]]
                elif name == "ready" and "hule" in event:
                    found.append(tuple(counts(parse_hand(event["hule"]["shoupai"]).concealed)))
    return found


def child(corpora: Path, name: str) -> None:
    """Time one measurement cold and warm in this (fresh) process; print the figures."""
    data = hands(corpora, name)
    from paipu import shanten as module

    function = getattr(module, MEASUREMENTS[name])
    figures = []
    for _ in ("cold", "warm"):
        getattr(module, "_WAITS", {}).clear()
        start = time.process_time()
        for hand in data:
            function(hand)
        figures.append(time.process_time() - start)
    cold, warm = figures
    print(f"{MEASUREMENTS[name]:>8} {name:>9}: {len(data):6d} hands; "
          f"cold {cold:6.3f} s = {len(data) / cold:9.0f} calls/s; "
          f"warm {warm:6.3f} s = {len(data) / warm:9.0f} calls/s", flush=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        child(Path(argv[1]), argv[2])
        return 0
    corpora = Path(argv[0]) if argv else CORPORA
    if not (corpora / "tenhou-as-majiang").is_dir():
        print(f"not found: {corpora / 'tenhou-as-majiang'}", file=sys.stderr)
        return 2
    print(f"paipu.shanten benchmark, Python {platform.python_version()}, {platform.machine()}")
    for name in MEASUREMENTS:
        subprocess.run([sys.executable, __file__, "--child", str(corpora), name], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
