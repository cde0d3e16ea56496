"""Benchmark: wins scored per second, against the PyPI ``mahjong`` package, and shanten.

    python benchmarks/bench_scoring.py [--passes N]

Hands: every case of the three hule-cases files of the shared corpora: ``hule`` (10,000
scored hands), ``edge`` (177, each under its own rule) and ``waits`` (10,000 ready hands,
each completed by every one of its waits as a tsumo). paipu scores them from their
strings with :func:`paipu.scoring.score`; ``mahjong``'s ``HandCalculator`` gets the same
hands converted to its tile ids beforehand (conversion not timed), under the nearest of
its options. paipu keeps no whole-hand cache, so every hand is new to it in every pass, as
in a replay; its per-suit caches stay warm, as they do in a replay.

Shanten: :func:`paipu.shanten.shanten` over the hands of ``shanten-cases`` and
``waits`` (tile counts made beforehand).

``mahjong`` is not a dependency of paipu: ``pip install mahjong`` to compare.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import gzip
import os
import platform
import resource
import sys
import time
import tracemalloc
from importlib import metadata
from pathlib import Path
from typing import Any, Callable

import orjson

from paipu.build import kind as build_kind
from paipu.rules import MAJIANG, Rule
from paipu.scoring import Situation, score
from paipu.shanten import shanten
from paipu.tiles import HandNotation, NotationError, counts, is_red, kind, parse_hand

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
TARGET = 150_000
"""Hands/s that issue 27 asks of ``paipu.scoring.score`` on ``hule-cases/``."""

Case = tuple[str, "str | None", Situation, Rule]


def read(*parts: str) -> Any:
    return orjson.loads(gzip.decompress((CORPORA.joinpath(*parts)).read_bytes()))


def load_cases() -> dict[str, list[Case]]:
    """The hands of the three hule-cases files as arguments of score()."""
    cases: dict[str, list[Case]] = {"hule": [], "edge": [], "waits": []}
    for name in ("hule", "edge"):
        for case in read("hule-cases", f"{name}.json.gz"):
            given, param = case["in"], case["in"]["param"]
            rule = Rule.from_json(param["rule"]) if "rule" in param else MAJIANG
            cases[name].append(
                (given["shoupai"], given.get("rongpai"), Situation.from_json(param), rule)
            )
    for number, case in enumerate(read("hule-cases", "waits.json.gz")):
        hand = parse_hand(case["shoupai"])
        for wait in case["t"]:
            won = str(HandNotation(hand.concealed, wait, hand.riichi, hand.melds))
            try:
                parse_hand(won)
            except NotationError:  # a wait on a fifth copy of a melded tile
                continue
            cases["waits"].append((won, None, Situation(seat_wind=number % 4), MAJIANG))
    return cases


def paipu_runs(cases: list[Case]) -> dict[str, tuple[Callable[[], object], int]]:
    """paipu's two timed runs over ``cases``, as :func:`race` takes them: scoring from the
    hand strings, and from the hands parsed beforehand (as a replay passes them)."""
    hands = [(parse_hand(text), ron, situation, rule) for text, ron, situation, rule in cases]

    def paipu_strings() -> None:
        for text, ron, situation, rule in cases:
            score(text, ron, situation, rule)

    def paipu_parsed() -> None:
        for hand, ron, situation, rule in hands:
            score(hand, ron, situation, rule)

    return {"strings": (paipu_strings, len(cases)), "parsed": (paipu_parsed, len(cases))}


def race(
    runs: dict[str, tuple[Callable[[], object], int]], passes: int
) -> dict[str, tuple[float, float]]:
    """Time each ``run`` (doing ``count`` things) once per pass, in turn, so that the
    machine's load falls on all alike; CPU time of this process. Returns, by label, the
    things per second of the fastest pass and of the first."""
    times: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(passes):
        for label, (run, _) in runs.items():
            gc.collect()
            start = time.process_time()
            run()
            times[label].append(time.process_time() - start)
    return {
        label: (count / min(times[label]), count / times[label][0])
        for label, (_, count) in runs.items()
    }


def peak_mib(run: Callable[[], object]) -> float:
    """Peak of memory allocated by Python while ``run`` runs (tracemalloc), MiB."""
    gc.collect()
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


# -- the mahjong package ---------------------------------------------------------------


def mahjong_adapter(cases: list[Case]) -> tuple[Callable[[], list], int] | None:
    """A function scoring ``cases`` with mahjong's HandCalculator (inputs converted
    here, untimed), and how many cases it covers; None if mahjong is not installed."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
        from mahjong.meld import Meld as MahjongMeld
    except ImportError:
        return None
    meld_types = {
        "chi": MahjongMeld.CHI,
        "pon": MahjongMeld.PON,
        "daiminkan": MahjongMeld.KAN,
        "ankan": MahjongMeld.KAN,
        "kakan": MahjongMeld.SHOUMINKAN,
    }

    def ids(tiles: tuple[str, ...] | list[str], used: set[int]) -> list[int]:
        # 136-tile ids: kind * 4 + copy; the red five is copy 0 of its five.
        found = []
        for tile in tiles:
            k = kind(tile)
            if is_red(tile):
                tile_id = 4 * k
            else:
                tile_id = 4 * k + (1 if k in (4, 13, 22) else 0)
                while tile_id in used:
                    tile_id += 1
            used.add(tile_id)
            found.append(tile_id)
        return found

    calls = []
    for text, ron, situation, rule in cases:
        hand = parse_hand(text)
        concealed = list(hand.concealed) + [ron[:2] if ron else hand.drawn]
        if None in concealed or len(concealed) + 3 * len(hand.melds) != 14:
            continue  # not a hand mahjong can take (the empty hand of edge.json)
        used: set[int] = set()
        melds, meld_ids = [], []
        for meld in hand.melds:
            tile_ids = ids(meld.tiles, used)
            melds.append(
                MahjongMeld(
                    meld_types[meld.type],
                    tile_ids,
                    opened=meld.type != "ankan",
                    called_tile=tile_ids[0],
                )
            )
            meld_ids += tile_ids
        hand_ids = ids(concealed, used)
        options = OptionalRules(
            has_open_tanyao=rule.open_tanyao,
            has_aka_dora=True,
            has_double_yakuman=rule.double_yakuman,
            kazoe_limit=(
                HandConstants.KAZOE_LIMITED if rule.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN
            ),
            kiriage=rule.kiriage_mangan,
        )
        config = HandConfig(
            is_tsumo=ron is None,
            is_riichi=situation.riichi > 0 or hand.riichi,
            is_daburu_riichi=situation.riichi == 2,
            is_ippatsu=situation.ippatsu,
            is_rinshan=situation.rinshan,
            is_chankan=situation.chankan,
            is_haitei=situation.haitei == 1,
            is_houtei=situation.haitei == 2,
            is_tenhou=situation.tenhou == 1,
            is_chiihou=situation.tenhou == 2,
            player_wind=27 + situation.seat_wind,
            round_wind=27 + situation.round_wind,
            tsumi_number=situation.honba,
            kyoutaku_number=situation.riichi_sticks,
            options=options,
        )
        calls.append(
            (
                hand_ids + meld_ids,
                hand_ids[-1],
                melds,
                ids(situation.dora_indicators, set()),
                config,
                ids(situation.ura_indicators or (), set()),
            )
        )
    estimate = HandCalculator.estimate_hand_value

    def run() -> list:
        return [
            estimate(
                tiles,
                win,
                melds=melds,
                dora_indicators=dora,
                config=config,
                ura_dora_indicators=ura,
            )
            for tiles, win, melds, dora, config, ura in calls
        ]

    return run, len(calls)


# -- report ----------------------------------------------------------------------------


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next(
                line.split(":", 1)[1].strip() for line in info if line.startswith("model name")
            )
    except (OSError, StopIteration):
        pass
    load = ", load average %.2f %.2f %.2f" % os.getloadavg() if hasattr(os, "getloadavg") else ""
    return (
        f"{platform.platform()}; {cpu}; {os.cpu_count()} CPUs{load}\n"
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--passes", type=int, default=5, help="timed passes; the best counts (default 5)"
    )
    args = parser.parse_args()
    if not CORPORA.exists():
        sys.exit(f"needs the shared corpora at {CORPORA}")

    print(f"paipu scoring benchmark ({build_kind()} build), {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
    print(machine())
    groups = load_cases()
    cases = [case for group in groups.values() for case in group]
    print(
        "hands: "
        + ", ".join(f"{name} {len(group):,}" for name, group in groups.items())
        + f" = {len(cases):,} (waits: each ready hand completed by each of its waits, tsumo)"
    )
    wins = sum(bool(score(*case)) for case in cases)
    runs = paipu_runs(cases)
    paipu_strings = runs["strings"][0]
    adapter = mahjong_adapter(cases)
    if adapter is not None:
        runs["mahjong"] = adapter
    rates = race(runs, args.passes)
    print(f"\nscoring, best of {args.passes} passes, CPU time ({wins:,} of the hands win):")
    ours, parsed = rates["strings"][0], rates["parsed"][0]
    row(
        "paipu.scoring.score, hand strings",
        ours,
        f"hands/s  (first pass {rates['strings'][1]:,.0f})",
    )
    row("paipu.scoring.score, HandNotation", parsed, "hands/s")
    for label, rate in (("from hand strings", ours), ("from HandNotation", parsed)):
        verdict = "meets" if rate >= TARGET else "BELOW"
        print(f"  target {TARGET:,} hands/s (issue 27), {label}: {rate / TARGET:.2f}x, {verdict} it")
    if adapter is None:
        print("  mahjong: NOT INSTALLED (pip install mahjong): no comparison")
    else:
        theirs, theirs_first = rates["mahjong"]
        answered = sum(response.error is None for response in adapter[0]())
        row(
            f"mahjong {metadata.version('mahjong')} HandCalculator",
            theirs,
            f"hands/s  (first pass {theirs_first:,.0f}; {adapter[1]:,} hands, {answered:,} wins)",
        )
        print(f"  paipu / mahjong: {ours / theirs:.2f}x from hand strings, ", end="")
        print(f"{parsed / theirs:.2f}x from HandNotation (mahjong's input is converted untimed)")

    tiles = [
        case["q"] for part in "1234" for case in read("shanten-cases", f"xiangting_{part}.json.gz")
    ]
    tiles += [parse_hand(case["shoupai"]).tiles for case in read("hule-cases", "waits.json.gz")]
    hand_counts = [counts(hand) for hand in tiles]

    def run_shanten() -> None:
        for hand in hand_counts:
            shanten(hand)

    rate, first = race({"shanten": (run_shanten, len(hand_counts))}, args.passes)["shanten"]
    print(f"\nshanten, {len(hand_counts):,} hands (shanten-cases and waits):")
    row("paipu.shanten.shanten", rate, f"calls/s  (first pass {first:,.0f})")

    print("\nmemory, peak allocated during one scoring pass (tracemalloc):")
    print(f"  paipu {peak_mib(paipu_strings):.1f} MiB", end="")
    print(f", mahjong {peak_mib(adapter[0]):.1f} MiB" if adapter else "")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  process peak RSS (all hands of both libraries loaded): {rss:.0f} MiB")


def row(label: str, rate: float, note: str) -> None:
    print(f"  {label:<38} {rate:10,.0f} {note}")


if __name__ == "__main__":
    main()
