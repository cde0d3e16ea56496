"""The compiled build gives what the interpreted one gives: findings, statistics, accounts and
viewer frames of a sample of every corpus, made once by the modules loaded here and once
with ``PAIPU_PURE=1`` (the ``.py`` files), in two processes. Runs where paipu is installed
compiled (``pip install .`` with a C compiler: ``paipu --version`` says ``compiled``);
skipped where it runs interpreted, as from a checkout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

import paipu
from paipu import build

from conftest import CORPORA, SAMPLE_LOGS

# What each process writes: for each file, its games' findings, accounts, statistics
# tables (engine facts included) and every viewer frame, as JSON on stdout.
DIGEST = """
import sys, orjson, paipu
from paipu import build, stats
digest = {"build": build.kind()}
for path in sys.argv[1:]:
    games = list(paipu.load(path))[:10]
    tables = stats.tables(games, engine=True)
    digest[path] = {
        "findings": [repr(finding) for finding in paipu.validate(games)],
        "accounts": [str(game) for game in games],
        "stats": [getattr(tables, name).to_csv() for name in ("rounds", "games", "turns")],
        "frames": [list(paipu.view(game).frames) for game in games[:2]],
    }
sys.stdout.buffer.write(orjson.dumps(digest))
"""


def _sample() -> list[str]:
    """The first file (sorted) of every folder of every corpus holding games, and the
    sample logs."""
    found = [str(path) for path in sorted(SAMPLE_LOGS.glob("*.json"))]
    for folder in sorted({path.parent for path in CORPORA.rglob("*") if path.is_file()}):
        if any(part in ("hule-cases", "shanten-cases") for part in folder.parts):
            continue  # hands, not games
        found += [str(path) for path in sorted(folder.iterdir()) if path.is_file()
                  and path.name.endswith((".json", ".gz", ".mjlog"))][:1]
    return found


def _digest(paths: list[str], pure: bool) -> dict[str, object]:
    environment = {**os.environ, build.PURE_VARIABLE: "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", DIGEST, *paths], env=environment, capture_output=True,
                          timeout=1200, cwd=Path(paipu.__file__).parents[1])
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    result: dict[str, object] = orjson.loads(done.stdout)
    return result


def test_the_variable_loads_the_sources() -> None:
    done = subprocess.run([sys.executable, "-m", "paipu", "--version"], capture_output=True, text=True,
                          env={**os.environ, build.PURE_VARIABLE: "1"}, cwd=Path(paipu.__file__).parents[1])
    assert done.stdout.strip() == f"paipu {paipu.__version__} (interpreted)"


def test_compiled_and_interpreted_agree_on_every_corpus() -> None:
    if build.kind() != "compiled":
        pytest.skip("paipu runs interpreted here (installed without a C compiler, or from a checkout)")
    paths = _sample()
    compiled, interpreted = _digest(paths, pure=False), _digest(paths, pure=True)
    assert (compiled.pop("build"), interpreted.pop("build")) == ("compiled", "interpreted")
    assert compiled.keys() == interpreted.keys()
    for path in compiled:
        assert compiled[path] == interpreted[path], path


def test_loaded_games_leave_the_collector_nothing_to_walk() -> None:
    """Compiled, a round and everything in it (events, hands, melds, yaku) are records the
    cyclic collector does not track (``mypyc_attr(acyclic=True)``), and a round's tuple of
    events is untracked at the first collection: games kept in a list cost the collector
    nothing however many there are. (Interpreted, dataclass instances are always tracked.)"""
    if build.kind() != "compiled":
        pytest.skip("paipu runs interpreted here (installed without a C compiler, or from a checkout)")
    import gc

    games = list(paipu.load(SAMPLE_LOGS))
    gc.collect()
    records: list[object] = []
    for game in games:
        for round_ in game.rounds:
            assert not gc.is_tracked(round_.events), round_.label
            records += [round_, *round_.events]
            for event in round_.events:
                records += [getattr(event, name) for name in ("meld", "hand") if hasattr(event, name)]
                records += [*getattr(event, "hands", ()), *getattr(event, "yaku", ())]
    kinds = {type(record).__name__ for record in records if record is not None}
    assert {"Round", "Deal", "Draw", "Discard", "Call", "Win", "HandNotation", "Meld", "Yaku"} <= kinds
    assert [record for record in records if gc.is_tracked(record)] == []
