"""The viewer's page of a hanchan: its size and the time to build it, against the budget of
issue 15 (at most 400 KB, built in at most 2 s).

Usage: ``python benchmarks/bench_view.py [--games N] [PATH ...]`` (default: the Tenhou
mjlog corpus of ``../shared/corpora``). Of the first N games of the paths (default 50),
the one with the most events (the longest hanchan) is measured as a whole: ``paipu.view``
(the replay, a frame per step, validation's findings) and the page (``Viewer.html``, the
frames compressed), each the best of three runs; then every other game's page size, for
the spread. Peak memory is the process's maximum resident set size.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import paipu

from measure import print_peak_memory

DEFAULT = [Path(__file__).resolve().parents[2] / "shared" / "corpora" / "tenhou-mjlog"]
BUDGET_BYTES, BUDGET_SECONDS = 400_000, 2.0


def build(game: paipu.Game) -> tuple[float, float, int, int]:
    """Seconds to view the game and to write its page (best of three), the page's bytes
    and the number of steps."""
    view_times, page_times = [], []
    for _ in range(3):
        start = time.perf_counter()
        viewer = paipu.view(game)
        middle = time.perf_counter()
        page = viewer.html(standalone=True).encode()
        view_times.append(middle - start)
        page_times.append(time.perf_counter() - middle)
    return min(view_times), min(page_times), len(page), len(viewer)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--games", type=int, default=50, metavar="N", help="look at the first N games (default 50)")
    args = parser.parse_args(argv)
    print(f"paipu {paipu.__version__} viewer benchmark, Python {platform.python_version()}, {platform.machine()}")
    games = []
    for game in paipu.load(*args.paths, errors="collect"):
        games.append(game)
        if len(games) == args.games:
            break
    if not games:
        parser.error("no games in " + ", ".join(map(str, args.paths)))
    longest = max(games, key=lambda game: sum(len(round_.events) for round_ in game.rounds))
    events = sum(len(round_.events) for round_ in longest.rounds)
    view_seconds, page_seconds, size, steps = build(longest)
    seconds = view_seconds + page_seconds
    print(f"longest game: {longest.source}: {len(longest.rounds)} rounds, {events} events")
    print(f"  view {view_seconds:.2f} s + page {page_seconds:.2f} s = {seconds:.2f} s "
          f"({steps / seconds:,.0f} frames/s; budget {BUDGET_SECONDS:.0f} s: {'ok' if seconds <= BUDGET_SECONDS else 'OVER'})")
    print(f"  page {size / 1000:,.0f} KB ({size / steps:,.0f} bytes a frame; budget {BUDGET_BYTES // 1000} KB: "
          f"{'ok' if size <= BUDGET_BYTES else 'OVER'})")
    sizes = sorted(len(paipu.view(game).html(standalone=True).encode()) for game in games)
    print(f"pages of {len(games)} games: median {sizes[len(sizes) // 2] / 1000:,.0f} KB, largest {sizes[-1] / 1000:,.0f} KB")
    print_peak_memory()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
